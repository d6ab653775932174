"""Menus: a list of choices driven by pointer or keyboard, and a scrolling body of text.

:class:`Menu` is the list every screen around the table uses: rows with a label, a value
that Left/Right (or a tap on its arrows) changes, rows that are greyed with the reason they
do nothing now, keyboard focus, and scrolling by drag, wheel or keys. A row whose label and
value do not fit side by side puts the value on a second line (a phone's narrow rows).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from game.ui.core import theme
from game.ui.core.scrolling import Drag
from game.ui.core.text import blit_text, font

TAP_SLOP = 10
"""Logical pixels a finger may move and still tap (more is a scroll)."""
TOUCH_MIN = 44
"""Logical pixels: the narrowest a zone a finger must hit may be."""


@dataclass
class MenuItem:
    """One row: a label, what it shows on the right, and what pressing it does.

    `change(step)` handles Left/Right (-1/+1) for settings with several values; `press`
    handles Enter or a click. `unavailable()` gives the reason the row does nothing now
    ("" when it works): such a row is drawn greyed with that reason in place of its value,
    and pressing it only focuses it (the screen can then explain).
    """

    label: str
    press: Callable[[], object] | None = None
    value: Callable[[], str] | None = None
    change: Callable[[int], None] | None = None
    unavailable: Callable[[], str] | None = None
    name: str = ""
    """A stable name for the row (what it sets), for screens and tests."""
    header: bool = False
    """A section's heading: drawn as a title, never focused or pressed."""
    labels: Callable[[], list[str]] | None = None
    """Every value the row steps through: its arrows stand as far apart as the widest needs,
    so they do not move under the pointer as the value changes."""

    def reason(self) -> str:
        """Why the row does nothing now, or "" when it works."""
        return self.unavailable() if self.unavailable is not None else ""


def fit_text(text: str, size: int, width: int) -> str:
    """`text`, cut short with an ellipsis if it is wider than `width` pixels at `size`."""
    measure = font(size)
    if measure.size(text)[0] <= width:
        return text
    while text and measure.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


@dataclass(frozen=True)
class RowPlan:
    """Where a row's texts go: one line (label left, value right) or two (value below).

    `value_rect` holds the whole value: for a value with choices to step through, its words
    (`words`) between a back arrow and a forward arrow, each in a zone of its own
    (`arrows`: back, forward) at least a fingertip wide.
    """

    label: str
    label_size: int
    label_at: tuple[str, tuple[int, int]]
    value: str
    value_size: int
    value_rect: pygame.Rect | None
    words: pygame.Rect | None = None
    arrows: tuple[pygame.Rect, pygame.Rect] | None = None


class Menu:
    """A vertical list of items with a keyboard focus, drawn in `rect`, scrolling if long.

    A tap or click activates a row when released without moving; dragging scrolls, as does
    the mouse wheel. On a row with a value to change, a press on its drawn back arrow steps
    back, anywhere else (the words, the forward arrow, the label) forward.
    """

    def __init__(
        self, items: list[MenuItem], rect: pygame.Rect, row_height: int = 52, font_size: int = 28
    ) -> None:
        self.items = items
        self.rect = rect
        self.gap = max(2, row_height // 7)
        """Pixels between rows (added to each row's pressable height)."""
        self.row_height = row_height + self.gap
        """Pixels from one row to the next."""
        self.font_size = font_size
        self.focus = 0
        self.hover: int | None = None
        self.scroll = 0
        self.density = 1.0
        """Real pixels per logical pixel (for the size of a finger's zone)."""
        self.stacked = False
        """Always put the value under the label (a phone's list of options looks even)."""
        self.columns = 1
        """Rows side by side (short choices in a grid, read left to right)."""
        self._drag = Drag()

    @property
    def content_height(self) -> int:
        """Pixels all the rows take."""
        return -(-len(self.items) // self.columns) * self.row_height

    @property
    def max_scroll(self) -> int:
        """How far the list can scroll."""
        return max(0, self.content_height - self.rect.height)

    @property
    def focused(self) -> MenuItem | None:
        """The item with the keyboard focus."""
        return self.items[self.focus] if 0 <= self.focus < len(self.items) else None

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row `index` is now (it may be scrolled out of the menu's rect)."""
        row, column = divmod(index, self.columns)
        width = (self.rect.width - self.gap * (self.columns - 1)) // self.columns
        return pygame.Rect(
            self.rect.x + column * (width + self.gap),
            self.rect.y + row * self.row_height - self.scroll,
            width,
            self.row_height - self.gap,
        )

    def visible_rows(self) -> list[int]:
        """Indices of the rows wholly inside the menu's rect."""
        return [i for i in range(len(self.items)) if self.rect.contains(self.row_rect(i))]

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The (visible) row under `pos`."""
        if not self.rect.collidepoint(pos):
            return None
        for index in range(len(self.items)):
            if self.row_rect(index).collidepoint(pos):
                return index
        return None

    def settle(self, step: int = 1) -> None:
        """Move the focus off a heading, onwards in the direction of `step` (then back)."""
        count = len(self.items)
        if not count or all(item.header for item in self.items):
            return
        for direction in (step or 1, -(step or 1)):
            index = self.focus
            for _ in range(count):
                if 0 <= index < count and not self.items[index].header:
                    self.focus = index
                    return
                index += direction
                if not 0 <= index < count:
                    break
        self.focus = next(i for i, item in enumerate(self.items) if not item.header)

    def index_of(self, name: str) -> int | None:
        """The row named `name`, if any."""
        return next((i for i, item in enumerate(self.items) if item.name == name), None)

    def follow_focus(self) -> None:
        """Scroll so that the focused row is in view."""
        if not self.items:
            return
        rect = self.row_rect(self.focus)
        if rect.top < self.rect.top:
            self.scroll -= self.rect.top - rect.top
        elif rect.bottom > self.rect.bottom:
            self.scroll += rect.bottom - self.rect.bottom + self.gap
        self.scroll = max(0, min(self.max_scroll, self.scroll))

    # --- what a row shows ----------------------------------------------------------------

    def arrow_zone_width(self, value_size: int) -> int:
        """How wide each arrow's pressable zone is: a fingertip, or more for large text."""
        return max(round(TOUCH_MIN * self.density), round(value_size * 1.6))

    def plan(self, index: int) -> RowPlan:
        """Where row `index`'s label and value go, at its current place."""
        item = self.items[index]
        rect = self.row_rect(index)
        size = self.font_size
        pad = max(8, self.row_height // 3)
        reason = item.reason()
        value = ""
        if reason:
            value = reason
        elif item.value is not None:
            value = item.value()
        stepped = bool(value) and not reason and item.change is not None
        least = min(size, round(theme.MIN_TEXT * self.density))  # nothing under readable
        value_size = max(least, size - max(1, size // 14))
        if not value:
            return RowPlan(item.label, size, ("midleft", (rect.x + pad, rect.centery)), "", value_size, None)
        measure = font(size)
        label_w = measure.size(item.label)[0]
        zone = self.arrow_zone_width(value_size) if stepped else 0
        words_w = font(value_size).size(value)[0]
        if stepped and item.labels is not None:
            words_w = max([words_w, *(font(value_size).size(label)[0] for label in item.labels())])
        value_w = words_w + 2 * zone
        if not self.stacked and label_w + value_w + 3 * pad <= rect.width:
            value_rect = pygame.Rect(0, 0, value_w, font(value_size).get_linesize())
            value_rect.midright = (rect.right - pad + (zone // 3 if stepped else 0), rect.centery)
            return self._with_arrows(
                RowPlan(
                    item.label, size, ("midleft", (rect.x + pad, rect.centery)), value, value_size, value_rect
                ),
                zone,
                rect,
            )
        label_size = max(least, round(size * 0.84))
        if font(label_size).get_linesize() + font(least).get_linesize() > rect.height:
            # No room for two lines (a phone held sideways): one line, the value cut to fit
            # (the label too, when it would leave the value no room).
            label = fit_text(item.label, size, max(rect.width // 3, rect.width - value_w - 3 * pad))
            room = rect.width - font(size).size(label)[0] - 3 * pad - 2 * zone
            value = fit_text(value, value_size, room)
            value_rect = pygame.Rect(
                0, 0, font(value_size).size(value)[0] + 2 * zone, font(value_size).get_linesize()
            )
            value_rect.midright = (rect.right - pad + (zone // 3 if stepped else 0), rect.centery)
            plan = RowPlan(
                label, size, ("midleft", (rect.x + pad, rect.centery)), value, value_size, value_rect
            )
            return self._with_arrows(plan, zone, rect)
        # Two lines: the label above, the value below it (shrunk, then cut, to fit).
        room = rect.width - 2 * pad
        floor = max(least, round(size * 0.7))
        while value_size > floor and font(value_size).size(value)[0] + 2 * zone > room:
            value_size -= 1
        value = fit_text(value, value_size, room - 2 * zone)
        words_w = font(value_size).size(value)[0]
        if stepped and item.labels is not None:
            widest = max(font(value_size).size(label)[0] for label in item.labels())
            words_w = max(words_w, min(widest, room - 2 * zone))
        label_h = font(label_size).get_linesize()
        value_h = font(value_size).get_linesize()
        top = rect.centery - (label_h + value_h) // 2
        left = rect.x + pad - (zone // 3 if stepped else 0)
        value_rect = pygame.Rect(left, top + label_h, words_w + 2 * zone, value_h)
        label = fit_text(item.label, label_size, room)
        plan = RowPlan(label, label_size, ("topleft", (rect.x + pad, top)), value, value_size, value_rect)
        return self._with_arrows(plan, zone, rect)

    @staticmethod
    def _with_arrows(plan: RowPlan, zone: int, row: pygame.Rect) -> RowPlan:
        """The plan with its value's words between two arrow zones (as tall as the row)."""
        box = plan.value_rect
        if box is None or not zone:
            return replace(plan, words=box)
        words = pygame.Rect(box.left + zone, box.top, box.width - 2 * zone, box.height)
        back = pygame.Rect(box.left, row.top, zone, row.height)
        forward = pygame.Rect(words.right, row.top, zone, row.height)
        return replace(plan, words=words, arrows=(back, forward))

    def value_text_rect(self, index: int) -> pygame.Rect:
        """Where row `index`'s value words are drawn (without their arrows)."""
        words = self.plan(index).words
        assert words is not None, f"row {index} shows no value"
        return words

    def arrow_zones(self, index: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The pressable zones of row `index`'s back and forward arrows."""
        arrows = self.plan(index).arrows
        assert arrows is not None, f"row {index} has no value to step through"
        return arrows

    def arrow_shapes(self, index: int) -> list[pygame.Rect]:
        """The bounding boxes of the two drawn arrows of row `index` (none without a value to
        step through)."""
        plan = self.plan(index)
        if plan.arrows is None or plan.words is None:
            return []
        return [
            _triangle_box(zone, plan.words, plan.value_size, back)
            for zone, back in zip(plan.arrows, (True, False), strict=True)
        ]

    def steps_back(self, index: int, pos: tuple[int, int]) -> bool:
        """True when a press at `pos` on row `index` is on its back arrow."""
        item = self.items[index]
        if item.change is None:
            return False
        arrows = self.plan(index).arrows
        return arrows is not None and arrows[0].collidepoint(pos)

    # --- input ---------------------------------------------------------------------------

    def activate(self, index: int, step: int = 1, pos: tuple[int, int] | None = None) -> None:
        """Press row `index` (on a value, a press on its "<" half steps back)."""
        item = self.items[index]
        if item.header:
            return
        self.focus = index
        if item.reason():
            return
        if item.change is not None:
            if pos is not None and self.steps_back(index, pos):
                step = -1
            item.change(step)
        elif item.press is not None:
            item.press()

    def handle(self, event: pygame.event.Event) -> bool:
        """Pointer, wheel and arrows/Enter; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            if event.buttons[0] if hasattr(event, "buttons") else True:
                slop = max(self.row_height // 4, round(TAP_SLOP * self.density))
                offset = self._drag.move(event.pos, slop)
                if offset is not None:
                    self.scroll = max(0, min(self.max_scroll, offset))
            self.hover = None if getattr(event, "touch", False) else self.index_at(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.row_height))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.index_at(event.pos) is None:
                return False
            self._drag.press(event.pos, self.scroll)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed = self._drag.start
            if self._drag.release() or pressed is None:
                return pressed is not None
            index = self.index_at(event.pos)
            if index is not None and index == self.index_at(pressed):
                self.activate(index, pos=event.pos)
                return True
            return False
        if event.type != pygame.KEYDOWN or not self.items:
            return False
        return self._key(event.key)

    def _key(self, key: int) -> bool:
        count = len(self.items)
        page = max(1, self.rect.height // self.row_height - 1)
        if key in (pygame.K_UP, pygame.K_w, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if key in (pygame.K_UP, pygame.K_w) else 1
            index = self.focus
            for _ in range(count):  # the next row that is not a heading, wrapping round
                index = (index + step) % count
                if not self.items[index].header:
                    self.focus = index
                    break
        elif key == pygame.K_PAGEUP:
            self.focus = max(0, self.focus - page)
            self.settle(-1)
        elif key == pygame.K_PAGEDOWN:
            self.focus = min(count - 1, self.focus + page)
            self.settle(1)
        elif key == pygame.K_HOME:
            self.focus = 0
            self.settle(1)
        elif key == pygame.K_END:
            self.focus = count - 1
            self.settle(-1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            item = self.items[self.focus]
            if item.change is not None and not item.reason():
                item.change(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.activate(self.focus)
        else:
            return False
        self.follow_focus()
        return True

    def spoken(self) -> str:
        """The focused row as a screen reader says it: "Speed: Normal, 2 of 14"."""
        item = self.focused
        if item is None:
            return ""
        reason = item.reason()
        value = f": not used: {reason}" if reason else f": {item.value()}" if item.value is not None else ""
        rows = [i for i, row in enumerate(self.items) if not row.header]
        place = f", {rows.index(self.focus) + 1} of {len(rows)}" if self.focus in rows else ""
        return f"{item.label}{value}{place}"

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """(label, rect) of every row wholly in view that a pointer can press (not headings)."""
        return [
            (self.items[i].label, self.row_rect(i)) for i in self.visible_rows() if not self.items[i].header
        ]

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[tuple[str, pygame.Rect]]:
        """Draw the rows that fit; returns (text, rect) of each row wholly in view, for tests.

        The text is "label: value" ("label: not used: reason" for a greyed row).
        """
        drawn = []
        clip = surface.get_clip()
        surface.set_clip(
            self.rect.inflate(self.row_height // 8, self.row_height // 8).clip(clip) if clip else self.rect
        )
        radius = max(4, self.row_height // 5)
        for index, item in enumerate(self.items):
            rect = self.row_rect(index)
            if rect.bottom < self.rect.top or rect.top > self.rect.bottom:
                continue
            if item.header:
                size = max(
                    min(self.font_size, round(theme.MIN_TEXT * self.density)), round(self.font_size * 0.86)
                )
                at = (rect.x + max(4, self.row_height // 8), rect.bottom - max(2, self.row_height // 8))
                blit_text(surface, item.label, size, theme.GOLD, "bottomleft", at)
                pygame.draw.line(
                    surface,
                    theme.RULE,
                    (rect.x, rect.bottom),
                    (rect.right, rect.bottom),
                    max(1, self.gap // 3),
                )
                if self.rect.contains(rect):
                    drawn.append((f"heading: {item.label}", rect))
                continue
            reason = item.reason()
            fill = theme.ROW_UNAVAILABLE if reason else theme.ROW_HOVER if index == self.hover else theme.ROW
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            if theme.high_contrast:  # a row must stand out from the black panel by its edge
                pygame.draw.rect(surface, theme.GREY, rect, width=1, border_radius=radius)
            if index == self.focus:
                pygame.draw.rect(
                    surface, theme.FOCUS, rect, width=max(2, self.row_height // 16), border_radius=radius
                )
            plan = self.plan(index)
            anchor, at = plan.label_at
            blit_text(surface, plan.label, plan.label_size, theme.GREY if reason else theme.INK, anchor, at)
            text = item.label
            if plan.value and plan.value_rect is not None:
                colour = theme.GREY if reason else theme.GOLD
                words = plan.words if plan.words is not None else plan.value_rect
                anchor, at = (
                    ("midtop", words.midtop) if plan.arrows is not None else ("topleft", words.topleft)
                )
                blit_text(surface, plan.value, plan.value_size, colour, anchor, at)
                if plan.arrows is not None:
                    for zone, back in zip(plan.arrows, (True, False), strict=True):
                        _draw_arrow(surface, _triangle_box(zone, words, plan.value_size, back), back)
                text += f": not used: {reason}" if reason else f": {item.value() if item.value else ''}"
            if self.rect.contains(rect):
                drawn.append((text, rect))
        surface.set_clip(clip)
        if self.max_scroll:
            scroll_bar(surface, self.rect, self.scroll, self.content_height)
        return drawn


def _triangle_box(zone: pygame.Rect, words: pygame.Rect, size: int, back: bool) -> pygame.Rect:
    """Where an arrow is drawn in its zone: beside the words, as tall as their capitals."""
    height = max(7, round(size * 0.78))
    width = max(6, round(height * 0.8))
    gap = max(6, round(size * 0.7))
    box = pygame.Rect(0, 0, width, height)
    box.centery = words.centery
    if back:
        box.right = words.left - gap
    else:
        box.left = words.right + gap
    return box.clamp(zone)


def _draw_arrow(surface: pygame.Surface, box: pygame.Rect, back: bool) -> None:
    """A filled triangle pointing left (back) or right (forward), on a dark disc that says
    it can be pressed."""
    radius = round(max(box.width, box.height) * 0.85)
    pygame.draw.circle(
        surface, theme.PANEL, (box.centerx + (1 if back else -1) * box.width // 6, box.centery), radius
    )
    if back:
        points = [(box.left, box.centery), (box.right, box.top), (box.right, box.bottom)]
    else:
        points = [(box.right, box.centery), (box.left, box.top), (box.left, box.bottom)]
    pygame.draw.polygon(surface, theme.GOLD, points)


def scroll_bar(surface: pygame.Surface, rect: pygame.Rect, scroll: int, content: int) -> None:
    """A thin bar at the right edge showing where the list is scrolled."""
    track = pygame.Rect(rect.right + 3, rect.y, 4, rect.height)
    length = max(12, rect.height * rect.height // max(1, content))
    top = track.y + (rect.height - length) * scroll // max(1, content - rect.height)
    pygame.draw.rect(surface, theme.RULE, track, border_radius=2)
    pygame.draw.rect(surface, theme.GOLD, (track.x, top, track.width, length), border_radius=2)


class Scroller:
    """Scrolls a body of text taller than its `rect`: drag (mouse or finger), wheel and keys.

    A press that moves less than a tap's slop is a tap (`release` returns False), more is a
    scroll (`release` returns True).
    """

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.content = 0
        self.offset = 0
        self.slop = TAP_SLOP
        self._drag = Drag()

    @property
    def max_offset(self) -> int:
        """How far the body can scroll."""
        return max(0, self.content - self.rect.height)

    def by(self, pixels: int) -> None:
        """Scroll down by `pixels` (up when negative), kept in range."""
        self.offset = max(0, min(self.max_offset, self.offset + pixels))

    def clamp(self) -> None:
        """Keep the offset in range after the body or its rect changed."""
        self.by(0)

    @property
    def pressing(self) -> bool:
        """True between a press and its release."""
        return self._drag.pressing

    def press(self, pos: tuple[int, int]) -> None:
        """A button or finger went down at `pos`."""
        self._drag.press(pos, self.offset)

    def move(self, pos: tuple[int, int]) -> None:
        """The pointer moved: a drag scrolls once it has moved more than a tap's slop."""
        offset = self._drag.move(pos, self.slop)
        if offset is not None:
            self.offset = max(0, min(self.max_offset, offset))

    def release(self) -> bool:
        """The press ended; True when it was a drag (not a tap)."""
        return self._drag.release()

    def draw_bar(self, surface: pygame.Surface) -> None:
        """The scroll bar, when the body is taller than its rect."""
        if self.max_offset:
            scroll_bar(surface, self.rect, self.offset, self.content)


def cycle(options: tuple[str, ...], current: str, step: int) -> str:
    """The option `step` places after `current`, wrapping.

    >>> cycle(("a", "b", "c"), "c", 1), cycle(("a", "b", "c"), "a", -1)
    ('a', 'c')
    """
    index = options.index(current) if current in options else 0
    return options[(index + step) % len(options)]
