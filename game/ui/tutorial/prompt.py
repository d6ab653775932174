"""The tutorial's prompt box and its pointer: where the box goes, how it looks, what it rings.

The box must never cover what it talks about. The table offers a few places for it, in
order of preference (:func:`prompt_areas`): in landscape the middle of the table while no
melds are laid out, else the idle piles, else the side panel (on a phone held sideways,
the side panel); in portrait the band over the score strip and the opponent's row.
:meth:`Prompt.arrange` picks the first place where the box, sized to its text, touches
none of the protected rectangles (the things pointed at, and a result panel if one is
open) and its words fit; failing that, the place that covers least.

The pointer is a ring round each thing to press and an arrow at the first, drawn in a
colour the table uses for nothing else. Both pulse for a moment when a prompt appears, then
rest, so an idle tutorial draws nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.core import theme
from game.ui.core.column import row_height
from game.ui.core.richtext import render_rich
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.viewport import Viewport
from game.ui.core.widgets import Button, ButtonRow
from game.ui.table.layout import TableLayout

PULSE_S = 2.4
"""Seconds the pointer pulses after a prompt appears; then it rests."""
TOP, CENTRE, FILL = "top", "centre", "fill"


@dataclass(frozen=True)
class Area:
    """A place the box may go: its bounds and how the box sits in them."""

    name: str
    rect: pygame.Rect
    align: str = CENTRE


def prompt_areas(layout: TableLayout, laid_out: bool) -> list[Area]:
    """Where the box may go on this table, best first (real pixels)."""
    view = layout.view
    px = view.px
    if layout.portrait:
        # Over the score strip (and its Menu button: the box has Leave) and the opponent's row.
        band = pygame.Rect(px(4), px(4), view.width - 2 * px(4), layout.meld_area.top - px(10))
        middle = layout.meld_area.inflate(-px(4), -px(4))
        return [Area("top band", band, FILL), Area("middle", middle, CENTRE)]
    areas = []
    if not laid_out and not layout.compact:
        # Beside the piles in the middle of the table: the right of them, then the left.
        top, bottom = layout.stock.top, layout.status.top - px(6)
        inner = (layout.hand_span[0], layout.hand_span[1])
        right = pygame.Rect(
            layout.discard.right + px(24), top, inner[1] - layout.discard.right - px(24), bottom - top
        )
        left = pygame.Rect(inner[0], top, layout.stock.left - px(24) - inner[0], bottom - top)
        areas += [Area("beside the piles", right, CENTRE), Area("left of the piles", left, CENTRE)]
    elif not laid_out:
        areas.append(Area("middle", layout.meld_area.copy(), CENTRE))
    if layout.compact:
        # A phone held sideways: the side panel, over the scores (its tools stay free), or all of it.
        side = layout.panel
        tools = min(rect.top for name, rect in layout.buttons.items() if rect.left >= side.left)
        upper = pygame.Rect(
            side.x + px(4), side.y + px(4), side.width - px(8), tools - px(6) - side.y - px(4)
        )
        areas.append(Area("panel", upper, FILL))
        areas.append(Area("whole panel", side.inflate(-px(8), -px(8)), FILL))
        return areas
    pile_top = layout.opp_y + layout.opp_card[1] // 2 + px(20)
    # Over the idle piles, down to their bottom edge: their labels stay whole below it.
    pile_bottom = min(layout.status.top - px(4), layout.stock.bottom + px(2))
    piles = pygame.Rect(px(14), pile_top, layout.meld_area.left - px(26), pile_bottom - pile_top)
    areas.append(Area("piles", piles, FILL))
    side = layout.panel
    # Below the scores, over the sort buttons, down to Help and Menu.
    top = layout.panel_room.top if layout.panel_room is not None else layout.buttons["rank"].top - px(8)
    bottom = layout.buttons["help"].top - px(8)
    areas.append(Area("panel", pygame.Rect(side.x + px(8), top, side.width - px(16), bottom - top), FILL))
    return areas


@dataclass
class PromptGeometry:
    """The box for one prompt on one window: where it is and what it shows."""

    box: pygame.Rect
    area: str
    size: int
    lines: list[str]
    line_height: int
    pad: int
    progress: str
    fits: bool = True
    """False when even the smallest text overflows the place it was given."""
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)


class Prompt:
    """The box with the prompt's words, its progress and its buttons."""

    def __init__(
        self,
        on_next: Callable[[], None],
        on_skip: Callable[[], None],
        on_leave: Callable[[], None],
        on_rules: Callable[[], None],
    ) -> None:
        nowhere = pygame.Rect(-100, -100, 1, 1)
        self.next = Button("Next", nowhere.copy(), on_next, key="Enter", accent=theme.ACCENT)
        self.skip = Button("Skip", nowhere.copy(), on_skip, key="Tab")
        self.rules = Button("Rules", nowhere.copy(), on_rules)
        self.leave = Button("Leave", nowhere.copy(), on_leave)
        self.row = ButtonRow([self.leave, self.rules, self.skip, self.next])
        self.geometry: PromptGeometry | None = None
        self._key: object = None

    def show_buttons(self, kind: str) -> None:
        """Which buttons a prompt of `kind` has (see game.ui.tutorial.lessons)."""
        self.next.visible = kind in ("read", "finish")
        self.next.text = "Finish" if kind == "finish" else "Next"
        self.skip.visible = kind == "do"
        self.rules.visible = kind == "finish"
        self.leave.visible = kind != "finish"

    def arrange(
        self,
        view: Viewport,
        areas: Sequence[Area],
        protected: Sequence[pygame.Rect],
        text: str,
        kind: str,
        progress: str,
    ) -> PromptGeometry:
        """Size the box to `text` and put it in the first area where it covers nothing protected."""
        key = (
            view,
            tuple(a.rect.topleft + a.rect.size for a in areas),
            tuple(map(tuple, protected)),
            text,
            kind,
        )
        if key == self._key and self.geometry is not None:
            return self.geometry
        self.show_buttons(kind)
        # The first place where it covers nothing and its words fit; else covering nothing;
        # else covering least.
        fitted = [self._fit(view, area, text, progress) for area in areas]
        ranked = sorted(
            range(len(fitted)),
            key=lambda i: (sum(_overlap(fitted[i].box, rect) for rect in protected), not fitted[i].fits, i),
        )
        best = fitted[ranked[0]]
        self._place_buttons(view, best)
        self.geometry, self._key = best, key
        return best

    def _fit(self, view: Viewport, area: Area, text: str, progress: str) -> PromptGeometry:
        portrait = view.portrait
        pad = view.px(9 if portrait else 12)
        button_h = view.px(row_height(view, 36, 44))
        width = min(area.rect.width, view.px(640))
        narrow = width < view.px(300)
        usual: tuple[float, ...] = (
            (20, 19, 18, 17, 16, 15, 14)
            if portrait
            else ((19, 18, 17, 16) if narrow else (22, 21, 20, 18, 16))
        )
        # With bigger text, smaller steps on down to the usual smallest, if the box needs them.
        sizes = usual + tuple(usual[-1] / view.text_zoom ** (k / 4) for k in range(1, 5))
        # At the smallest readable size, a tighter margin before the words give up fitting.
        trials = [(units, pad) for units in sizes] + [(sizes[-1], max(3, pad * 2 // 3)), (sizes[-1], 3)]
        for units, pad in trials:
            size = view.font(units)
            # A little slack: suit symbols are drawn a shade wider than the font's glyphs.
            lines = wrap(text, size, int((width - 2 * pad) * 0.96))
            line_h = font(size).get_linesize()
            height = pad + len(lines) * line_h + pad + button_h + pad
            if height <= area.rect.height:
                break
        fits = height <= area.rect.height
        box = pygame.Rect(0, 0, width, min(height, area.rect.height))
        if area.align == FILL:
            box.height = area.rect.height  # cover all of it: no half-hidden buttons below
        if area.align in (TOP, FILL):
            box.midtop = area.rect.midtop
        else:
            box.center = area.rect.center
        return PromptGeometry(box, area.name, size, lines, line_h, pad, progress, fits)

    def _place_buttons(self, view: Viewport, geometry: PromptGeometry) -> None:
        """The buttons in a row along the box's bottom right, shrunk to fit a narrow box."""
        portrait = view.portrait
        box, pad = geometry.box, geometry.pad
        height = view.px(row_height(view, 36, 44))
        size = view.font(19 if portrait else 20)
        gap = view.px(8)
        shown = [b for b in self.row.buttons if b.visible]
        room = box.width - 2 * pad - gap * max(0, len(shown) - 1)
        widths: list[int] = []
        for keys in (not portrait, False):
            widths = [self._button_width(view, b, size, keys) for b in shown]
            if sum(widths) <= room:
                break
        if sum(widths) > room:
            widths = [w * room // sum(widths) for w in widths]
        right = box.right - pad
        for button in self.row.buttons:
            if not button.visible:
                button.rect = pygame.Rect(-100, -100, 1, 1)
        for button, width in reversed(list(zip(shown, widths, strict=True))):
            button.size = size
            button.rect = pygame.Rect(right - width, box.bottom - pad - height, width, height)
            right -= width + gap
        geometry.buttons = {b.text: b.rect for b in shown}

    def _button_width(self, view: Viewport, button: Button, size: int, keys: bool) -> int:
        button.show_key = keys
        label = f"{button.text}  ({button.key})" if keys and button.key else button.text
        return max(view.px(84 if view.portrait else 96), font(size).size(label)[0] + view.px(26))

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """The live buttons (for the layout tests)."""
        return [(f"prompt {name}", rect) for name, rect in self.row.targets()]

    def draw(self, surface: pygame.Surface, view: Viewport) -> None:
        """The box, its words and buttons (after :meth:`arrange`)."""
        geometry = self.geometry
        if geometry is None:
            return
        box = geometry.box
        radius = max(8, view.px(14))
        pygame.draw.rect(surface, (0, 0, 0), box.move(0, view.px(3)), border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_BORDER, box, width=max(2, view.px(3)), border_radius=radius)
        y = box.y + geometry.pad
        for line in geometry.lines:
            image = render_rich(line, geometry.size, theme.INK)
            surface.blit(image, (box.x + geometry.pad, y))
            y += geometry.line_height
        buttons = [b.rect for b in self.row.buttons if b.visible]
        if buttons:
            left = min(r.left for r in buttons)
            room = left - box.x - geometry.pad
            label_size = view.font(15 if view.portrait else 17)
            if font(label_size).size(geometry.progress)[0] < room:
                blit_text(surface, geometry.progress, label_size, theme.DIM, "midleft",
                          (box.x + geometry.pad, buttons[0].centery))  # fmt: skip
        self.row.draw(surface)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def draw_pointer(
    surface: pygame.Surface,
    view: Viewport,
    rings: Sequence[pygame.Rect],
    box: pygame.Rect | None,
    age: float,
    avoid: Sequence[pygame.Rect] = (),
) -> None:
    """A ring round each of `rings` and an arrow at the first, coming from the box's side
    when there is room there (else from another side that covers nothing in `avoid`).
    Without a `box` there is no arrow."""
    if not rings:
        return
    pulse = 0.5 + 0.5 * math.sin(age * math.tau * 1.2) if age < PULSE_S else 0.0
    width = max(3, view.px(4))
    pad = view.px(5) + round(pulse * view.px(4))
    for rect in rings:
        outer = rect.inflate(2 * pad, 2 * pad)
        radius = max(6, min(rect.width, rect.height) // 9)
        pygame.draw.rect(
            surface, theme.POINTER_EDGE, outer.inflate(4, 4), width=width + 2, border_radius=radius + 2
        )
        pygame.draw.rect(surface, theme.POINTER, outer, width=width, border_radius=radius)
    if box is None:
        return  # rings only, no arrow
    target = rings[0].inflate(2 * pad, 2 * pad)
    path = arrow_path(view, target, box, pulse, [*avoid, box], surface.get_rect())
    if path is not None:
        _paint_arrow(surface, view, *path)


Point = tuple[float, float]


def arrow_path(
    view: Viewport,
    target: pygame.Rect,
    box: pygame.Rect | None,
    pulse: float,
    avoid: Sequence[pygame.Rect],
    bounds: pygame.Rect,
) -> tuple[Point, Point, Point] | None:
    """(tip, tail, direction) of a short arrow just outside `target`, or None when no side
    has room. It comes from the box's direction first, then from above, left, right, below."""
    tx, ty = target.center
    directions: list[Point] = []
    if box is not None:
        away_x, away_y = box.centerx - tx, box.centery - ty
        length = math.hypot(away_x, away_y)
        if length >= 1:
            directions.append((away_x / length, away_y / length))
    directions += [(0.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (0.0, 1.0)]
    size, head = view.px(30), view.px(13)
    gap = view.px(4) + pulse * view.px(6)
    for dx, dy in directions:
        reach = min(
            (target.width / 2) / abs(dx) if abs(dx) > 1e-6 else 1e9,
            (target.height / 2) / abs(dy) if abs(dy) > 1e-6 else 1e9,
        )
        tip = (tx + dx * (reach + gap), ty + dy * (reach + gap))
        tail = (tip[0] + dx * size, tip[1] + dy * size)
        span = pygame.Rect(round(min(tip[0], tail[0])), round(min(tip[1], tail[1])), 1, 1)
        span.width = max(1, round(abs(tail[0] - tip[0])))
        span.height = max(1, round(abs(tail[1] - tip[1])))
        span = span.inflate(head, head)
        if bounds.contains(span) and not any(span.colliderect(a) for a in avoid):
            return tip, tail, (dx, dy)
    return None


def _paint_arrow(surface: pygame.Surface, view: Viewport, tip: Point, tail: Point, direction: Point) -> None:
    dx, dy = direction
    head = view.px(13)
    nx, ny = -dy, dx
    base = (tip[0] + dx * head, tip[1] + dy * head)
    wing = head * 0.7
    triangle = [tip, (base[0] + nx * wing, base[1] + ny * wing), (base[0] - nx * wing, base[1] - ny * wing)]
    width = max(3, view.px(6))
    pygame.draw.line(surface, theme.POINTER_EDGE, base, tail, width + 3)
    pygame.draw.polygon(surface, theme.POINTER_EDGE, [(x + dx * -1.5, y + dy * -1.5) for x, y in triangle])
    pygame.draw.line(surface, theme.POINTER, base, tail, width)
    pygame.draw.polygon(surface, theme.POINTER, [(tip[0] + dx * 2, tip[1] + dy * 2), *triangle[1:]])
