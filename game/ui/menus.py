"""Menus: a list of choices driven by mouse or keyboard, and the pause menu."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.scene import Scene
from game.ui.text import blit_text
from game.ui.widgets import FOCUS

if TYPE_CHECKING:
    from game.ui.table import TableScene

INK = (245, 242, 230)
DIM = (190, 215, 195)
GOLD = (255, 212, 90)
ROW_FILL = (30, 85, 55)
ROW_HOVER = (45, 110, 72)


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
    """A vertical list of items with a keyboard focus, drawn in `rect`."""

    def __init__(self, items: list[MenuItem], rect: pygame.Rect, row_height: int = 52) -> None:
        self.items = items
        self.rect = rect
        self.row_height = row_height
        self.focus = 0
        self.hover: int | None = None

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row `index` is."""
        return pygame.Rect(
            self.rect.x, self.rect.y + index * self.row_height, self.rect.width, self.row_height - 8
        )

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The row under `pos`."""
        for index in range(len(self.items)):
            if self.row_rect(index).collidepoint(pos):
                return index
        return None

    def activate(self, index: int, step: int = 1, pos: tuple[int, int] | None = None) -> None:
        """Press row `index` (a click on the left half of a setting steps it back)."""
        item = self.items[index]
        self.focus = index
        if item.change is not None:
            if pos is not None and pos[0] < self.row_rect(index).centerx:
                step = -1
            item.change(step)
        elif item.press is not None:
            item.press()

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse and arrows/Enter; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None:
                self.activate(index, pos=event.pos)
                return True
            return False
        if event.type != pygame.KEYDOWN:
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
        return True

    def draw(self, surface: pygame.Surface) -> list[tuple[str, pygame.Rect]]:
        """Draw the rows; returns (text, rect) of each for tests."""
        drawn = []
        for index, item in enumerate(self.items):
            rect = self.row_rect(index)
            fill = ROW_HOVER if index == self.hover else ROW_FILL
            pygame.draw.rect(surface, fill, rect, border_radius=10)
            if index == self.focus:
                pygame.draw.rect(surface, FOCUS, rect, width=3, border_radius=10)
            size = min(30, self.row_height - 12)
            blit_text(surface, item.label, size, INK, "midleft", (rect.x + 20, rect.centery))
            text = item.label
            if item.value is not None:
                value = item.value()
                shown = f"<  {value}  >" if item.change is not None else value
                blit_text(surface, shown, size - 2, GOLD, "midright", (rect.right - 20, rect.centery))
                text += f": {value}"
            drawn.append((text, rect))
        return drawn


def cycle(options: tuple[str, ...], current: str, step: int) -> str:
    """The option `step` places after `current`, wrapping.

    >>> cycle(("a", "b", "c"), "c", 1), cycle(("a", "b", "c"), "a", -1)
    ('a', 'c')
    """
    index = options.index(current) if current in options else 0
    return options[(index + step) % len(options)]


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

        self.menu = Menu(
            [
                MenuItem("Resume", press=self.resume),
                MenuItem("Speed", value=lambda: settings.speed, change=set_speed),
                MenuItem(
                    "Four-colour deck",
                    value=lambda: "on" if settings.four_colour else "off",
                    change=set_colours,
                ),
                MenuItem("Sound", value=lambda: "on" if settings.sound else "off", change=set_sound),
                MenuItem("Leave to the title screen", press=self.leave),
            ],
            pygame.Rect(330, 230, 520, 0),
        )
        self.drawn: list[tuple[str, pygame.Rect]] = []

    def resume(self) -> None:
        """Back to the game."""
        if self.app.stack.top is self:
            self.app.stack.pop()

    def leave(self) -> None:
        """Abandon the table (the match stays saved) and go to the title screen."""
        from game.ui.title import TitleScene

        self.app.stack.replace_all(TitleScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        """Esc resumes; the rest goes to the menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """A dimmed table with the menu over it."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        blit_text(surface, "Paused", 56, GOLD, "center", (590, 170))
        self.drawn = self.menu.draw(surface)


HELP_LINES = (
    ("Goal", "Meld your cards into sets (3-4 of a rank) and runs (3+ in a suit, ace low)."),
    ("Turn", "Draw from the stock or take the top discard, then discard one card."),
    ("Knock", "With deadwood at or below the knock limit you may knock; with none, it is gin."),
    ("Layoffs", "After a knock the defender adds cards to the knocker's melds (not after gin)."),
    ("Score", "The lower count wins the difference; a tie or a lower defender is an undercut."),
    ("Players", "Three: the dealer sits out. Four: two teams, two games a round, to 125."),
    ("Mouse", "Click the stock or discard to draw; click a card twice or drag it to discard."),
    ("", "Drag cards within your hand to reorder them; drag a card onto a meld to lay off."),
    ("Keys", "S stock, D take discard, T/P take or pass, arrows select, Enter/Space discard."),
    ("", "K knock, G gin, R/U/M sort by rank, suit or melds, L lay off best, H hint."),
    ("", "Shift+arrows move the selected card; Esc menu; F1 this help."),
    ("Pace", "Click or press a key to skip an animation; change the speed in the menu."),
)


class HelpScene(Scene):
    """How to play and every control, over whatever is underneath."""

    modal = True
    name = "help"

    def handle(self, event: pygame.event.Event) -> None:
        """Any key or click closes it."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.app.stack.top is self:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """A dark panel with the rules in brief and the controls."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        panel = pygame.Rect(120, 70, 1040, 580)
        pygame.draw.rect(surface, (16, 44, 31), panel, border_radius=18)
        pygame.draw.rect(surface, GOLD, panel, width=3, border_radius=18)
        blit_text(surface, "How to play", 48, GOLD, "midtop", (panel.centerx, panel.y + 20))
        y = panel.y + 86
        for title, line in HELP_LINES:
            if title:
                y += 8
                blit_text(surface, title, 26, GOLD, "topleft", (panel.x + 36, y))
            blit_text(surface, line, 26, INK, "topleft", (panel.x + 170, y))
            y += 32
        blit_text(surface, "Press any key or click to close", 22, DIM, "midbottom",
                  (panel.centerx, panel.bottom - 16))  # fmt: skip
