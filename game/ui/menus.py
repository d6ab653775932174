"""Menus: a list of choices driven by pointer or keyboard; the pause menu and the help screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.column import Column, row_height
from game.ui.richtext import render_rich
from game.ui.scene import Scene
from game.ui.text import blit_text, wrap
from game.ui.widgets import FOCUS, Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.table import TableScene

INK = (245, 242, 230)
DIM = (190, 215, 195)
GOLD = (255, 212, 90)
ROW_FILL = (30, 85, 55)
ROW_HOVER = (45, 110, 72)
SCRIM = (0, 0, 0, 160)
TAP_SLOP = 10
"""Logical pixels a finger may move and still tap (more is a scroll)."""


@dataclass
class MenuItem:
    """One row: a label, what it shows on the right, and what pressing it does.

    `change(step)` handles Left/Right (-1/+1) for settings with several values; `press`
    handles Enter or a click.
    """

    label: str
    press: Callable[[], None] | None = None
    value: Callable[[], str] | None = None
    change: Callable[[int], None] | None = None


class Menu:
    """A vertical list of items with a keyboard focus, drawn in `rect`, scrolling if long.

    A tap or click activates a row when released without moving; dragging scrolls, as does
    the mouse wheel. On a setting, a press on its left third steps back, elsewhere forward.
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
        self._press: tuple[int, int] | None = None
        self._press_scroll = 0
        self._dragged = False

    @property
    def content_height(self) -> int:
        """Pixels all the rows take."""
        return len(self.items) * self.row_height

    @property
    def max_scroll(self) -> int:
        """How far the list can scroll."""
        return max(0, self.content_height - self.rect.height)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row `index` is now (it may be scrolled out of the menu's rect)."""
        return pygame.Rect(
            self.rect.x,
            self.rect.y + index * self.row_height - self.scroll,
            self.rect.width,
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

    def _follow_focus(self) -> None:
        rect = self.row_rect(self.focus)
        if rect.top < self.rect.top:
            self.scroll -= self.rect.top - rect.top
        elif rect.bottom > self.rect.bottom:
            self.scroll += rect.bottom - self.rect.bottom + self.gap
        self.scroll = max(0, min(self.max_scroll, self.scroll))

    def activate(self, index: int, step: int = 1, pos: tuple[int, int] | None = None) -> None:
        """Press row `index` (on a setting, a press on its left third steps back)."""
        item = self.items[index]
        self.focus = index
        if item.change is not None:
            row = self.row_rect(index)
            if pos is not None and pos[0] < row.x + row.width // 3:
                step = -1
            item.change(step)
        elif item.press is not None:
            item.press()

    def handle(self, event: pygame.event.Event) -> bool:
        """Pointer, wheel and arrows/Enter; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            if self._press is not None and (event.buttons[0] if hasattr(event, "buttons") else True):
                dy = event.pos[1] - self._press[1]
                if abs(dy) > self.row_height // 4:
                    self._dragged = True
                if self._dragged:
                    self.scroll = max(0, min(self.max_scroll, self._press_scroll - dy))
            self.hover = None if getattr(event, "touch", False) else self.index_at(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.row_height))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.index_at(event.pos) is None:
                return False
            self._press, self._press_scroll, self._dragged = event.pos, self.scroll, False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._press = self._press, None
            if pressed is None or self._dragged:
                return pressed is not None
            index = self.index_at(event.pos)
            if index is not None and index == self.index_at(pressed):
                self.activate(index, pos=event.pos)
                return True
            return False
        if event.type != pygame.KEYDOWN or not self.items:
            return False
        if event.key in (pygame.K_UP, pygame.K_w):
            self.focus = (self.focus - 1) % len(self.items)
        elif event.key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % len(self.items)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            item = self.items[self.focus]
            if item.change is not None:
                item.change(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.activate(self.focus)
        else:
            return False
        self._follow_focus()
        return True

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """(label, rect) of every row wholly in view (the ones a pointer can press)."""
        return [(self.items[i].label, self.row_rect(i)) for i in self.visible_rows()]

    def draw(self, surface: pygame.Surface) -> list[tuple[str, pygame.Rect]]:
        """Draw the rows that fit; returns (text, rect) of each drawn row for tests."""
        drawn = []
        clip = surface.get_clip()
        surface.set_clip(
            self.rect.inflate(self.row_height // 8, self.row_height // 8).clip(clip) if clip else self.rect
        )
        radius = max(4, self.row_height // 5)
        size = self.font_size
        for index, item in enumerate(self.items):
            rect = self.row_rect(index)
            if rect.bottom < self.rect.top or rect.top > self.rect.bottom:
                continue
            fill = ROW_HOVER if index == self.hover else ROW_FILL
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            if index == self.focus:
                pygame.draw.rect(
                    surface, FOCUS, rect, width=max(2, self.row_height // 16), border_radius=radius
                )
            pad = max(8, self.row_height // 3)
            blit_text(surface, item.label, size, INK, "midleft", (rect.x + pad, rect.centery))
            text = item.label
            if item.value is not None:
                value = item.value()
                shown = f"<  {value}  >" if item.change is not None else value
                blit_text(
                    surface,
                    shown,
                    size - max(1, size // 14),
                    GOLD,
                    "midright",
                    (rect.right - pad, rect.centery),
                )
                text += f": {value}"
            if self.rect.contains(rect):
                drawn.append((text, rect))
        surface.set_clip(clip)
        if self.max_scroll:
            _scroll_bar(surface, self.rect, self.scroll, self.content_height)
        return drawn


def _scroll_bar(surface: pygame.Surface, rect: pygame.Rect, scroll: int, content: int) -> None:
    """A thin bar at the right edge showing where the list is scrolled."""
    track = pygame.Rect(rect.right + 3, rect.y, 4, rect.height)
    length = max(12, rect.height * rect.height // max(1, content))
    top = track.y + (rect.height - length) * scroll // max(1, content - rect.height)
    pygame.draw.rect(surface, (70, 120, 90), track, border_radius=2)
    pygame.draw.rect(surface, GOLD, (track.x, top, track.width, length), border_radius=2)


def cycle(options: tuple[str, ...], current: str, step: int) -> str:
    """The option `step` places after `current`, wrapping.

    >>> cycle(("a", "b", "c"), "c", 1), cycle(("a", "b", "c"), "a", -1)
    ('a', 'c')
    """
    index = options.index(current) if current in options else 0
    return options[(index + step) % len(options)]


def scrim(surface: pygame.Surface, colour: tuple[int, int, int, int] = SCRIM) -> None:
    """Dim whatever is underneath a modal screen."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill(colour)
    surface.blit(shade, (0, 0))


def panel(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """The dark rounded panel modal screens sit on."""
    radius = max(8, round(18 * scale))
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (16, 44, 31, 250), shade.get_rect(), border_radius=radius)
    pygame.draw.rect(
        shade, (255, 212, 90, 210), shade.get_rect(), width=max(2, round(3 * scale)), border_radius=radius
    )
    surface.blit(shade, rect)


class PauseScene(Scene):
    """Over the table: resume, change the speed or colours, or leave the match."""

    modal = True
    name = "pause"

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        settings = app.settings
        from game.ui.settings import SPEEDS

        def set_speed(step: int) -> None:
            settings.speed = cycle(tuple(SPEEDS), settings.speed, step)
            app.save_settings()

        def set_sound(step: int) -> None:
            settings.sound = not settings.sound
            app.save_settings()

        def set_colours(step: int) -> None:
            settings.four_colour = not settings.four_colour
            app.save_settings()

        self.items = [
            MenuItem("Resume", press=self.resume),
            MenuItem("Speed", value=lambda: settings.speed, change=set_speed),
            MenuItem(
                "Four-colour deck", value=lambda: "on" if settings.four_colour else "off", change=set_colours
            ),
            MenuItem("Sound", value=lambda: "on" if settings.sound else "off", change=set_sound),
            MenuItem("Leave to the title screen", press=self.leave),
        ]
        self.menu = Menu(self.items, pygame.Rect(0, 0, 1, 1))
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.drawn: list[tuple[str, pygame.Rect]] = []

    def setup(self) -> None:
        """Lay out for the window."""
        self.resized()

    def resized(self) -> None:
        """A column in the middle of the window."""
        view = self.app.viewport
        column = Column(view, width=520, top=max(16.0, view.design_size[1] * 0.18))
        self.title_rect = column.take(64, gap=16)
        rows = row_height(view, 52, 52)
        focus, scroll = self.menu.focus, self.menu.scroll
        area = column.take(min(rows * 8 / 7 * len(self.items) + 2, column.units_left))
        self.menu = Menu(
            self.items, area, row_height=view.px(rows), font_size=view.font(26 if not view.portrait else 20)
        )
        self.menu.focus, self.menu.scroll = focus, min(scroll, self.menu.max_scroll)

    def resume(self) -> None:
        """Back to the game."""
        if self.app.stack.top is self:
            self.app.stack.pop()

    def leave(self) -> None:
        """Abandon the table (the match stays saved) and go to the title screen."""
        from game.ui.title import TitleScene

        self.app.stack.replace_all(TitleScene(self.app))

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The menu's rows."""
        return self.menu.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Esc resumes; the rest goes to the menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """A dimmed table with the menu over it."""
        scrim(surface)
        view = self.app.viewport
        blit_text(
            surface,
            "Paused",
            view.font(56 if not view.portrait else 40),
            GOLD,
            "center",
            self.title_rect.center,
        )
        self.drawn = self.menu.draw(surface)


HELP_LINES = (
    ("Goal", "Meld your cards into sets (3-4 of a rank) and runs (3+ in a suit, ace low)."),
    ("Turn", "Draw from the stock or take the top discard, then discard one card."),
    ("Knock", "With deadwood at or below the knock limit you may knock; with none, it is gin."),
    ("Layoffs", "After a knock the defender adds cards to the knocker's melds (not after gin)."),
    ("Score", "The lower count wins the difference; a tie or a lower defender is an undercut."),
    ("Players", "Three: the dealer sits out. Four: two teams, two games a round, to 125."),
    ("Mouse", "Click the stock or discard to draw; click a card twice or drag it to discard."),
    ("Touch", "Tap to draw; tap a card twice or drag it to the pile; press and hold to explain."),
    ("", "Drag cards within your hand to reorder them; drag a card onto a meld to lay off."),
    ("Keys", "S stock, D take discard, T/P take or pass, arrows select, Enter/Space discard."),
    ("", "K knock, G gin, R/U/M sort by rank, suit or melds, L lay off best, H hint."),
    ("", "Shift+arrows move the selected card; Esc menu; F1 this help."),
    ("Pace", "Click or press a key to skip an animation; change the speed in the menu."),
)


class HelpScene(Scene):
    """How to play and every control, over whatever is underneath; scrolls on a small screen."""

    modal = True
    name = "help"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.scroll = 0
        self._press: tuple[int, int] | None = None
        self._press_scroll = 0
        self._moved = False
        self.box = pygame.Rect(0, 0, 1, 1)
        self.body = pygame.Rect(0, 0, 1, 1)
        self.close = Button("Close", pygame.Rect(0, 0, 1, 1), self.leave, key="Esc", accent=(250, 200, 90))
        self.buttons = ButtonRow([self.close])
        self.lines: list[tuple[str, str]] = []

    def setup(self) -> None:
        """Lay out for the window."""
        self.resized()

    def resized(self) -> None:
        """A panel filling most of the window; the text wraps to its width."""
        view = self.app.viewport
        column = Column(view, width=1040, top=12 if view.portrait else 50, bottom=12 if view.portrait else 50)
        self.box = column.remaining()
        inner = Column(
            view, width=column.width - 32, top=column.y + 12, bottom=view.design_size[1] - column.floor + 12
        )
        inner.take(52 if not view.portrait else 40)
        self.close.rect = inner.take_bottom(row_height(view, 46), gap=8)
        self.close.size = view.font(24 if not view.portrait else 20)
        self.close.show_key = not view.portrait
        self.body = inner.remaining()
        self.lines = []
        size = self.font_size
        title_w = view.px(130) if not view.portrait else 0
        for title, line in HELP_LINES:
            if view.portrait and title:
                self.lines.append((title, ""))
            for index, part in enumerate(wrap(line, size, self.body.width - title_w)):
                self.lines.append((title if index == 0 and not view.portrait else "", part))
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def font_size(self) -> int:
        """The body text size."""
        view = self.app.viewport
        return view.font(24 if not view.portrait else 16)

    @property
    def line_height(self) -> int:
        """Pixels per line of text."""
        return round(self.font_size * 1.3)

    @property
    def max_scroll(self) -> int:
        """How far the text can scroll."""
        return max(0, len(self.lines) * self.line_height - self.body.height)

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The close button."""
        return self.buttons.targets()

    def leave(self) -> None:
        """Close the help."""
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> None:
        """Esc, Enter or the button closes it; a drag or the wheel scrolls; any other key too."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll = min(self.max_scroll, self.scroll + self.line_height * 3)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - self.line_height * 3)
            else:
                self.leave()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.line_height * 2))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.buttons.click(event.pos):
                return
            self._press, self._press_scroll, self._moved = event.pos, self.scroll, False
        elif event.type == pygame.MOUSEMOTION:
            self.buttons.hover(event.pos)
            if self._press is not None:
                dy = event.pos[1] - self._press[1]
                if abs(dy) > self.app.viewport.px(TAP_SLOP):
                    self._moved = True
                if self._moved:
                    self.scroll = max(0, min(self.max_scroll, self._press_scroll - dy))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._press = self._press, None
            if pressed is not None and not self._moved and not self.box.collidepoint(pressed):
                self.leave()  # a tap outside the panel closes it

    def draw(self, surface: pygame.Surface) -> None:
        """A dark panel with the rules in brief and the controls."""
        view = self.app.viewport
        scrim(surface, (0, 0, 0, 170))
        panel(surface, self.box, view.scale)
        blit_text(surface, "How to play", view.font(44 if not view.portrait else 30), GOLD, "midtop",
                  (self.box.centerx, self.box.y + view.px(14)))  # fmt: skip
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.body.y - self.scroll
        title_x = self.body.x
        text_x = self.body.x + (view.px(130) if not view.portrait else 0)
        for title, line in self.lines:
            if title:
                blit_text(surface, title, self.font_size, GOLD, "topleft", (title_x, y))
            if line:
                surface.blit(render_rich(line, self.font_size, INK), (text_x, y))
            y += self.line_height
        surface.set_clip(clip)
        if self.max_scroll:
            _scroll_bar(surface, self.body, self.scroll, len(self.lines) * self.line_height)
        self.buttons.draw(surface)
