"""The small menus over an online table: its menu (leave the seat, or the table) and the
preset quick messages. Neither pauses anything: the match goes on at the server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.online.protocol import PHRASES
from game.rules import Match
from game.ui.core import theme
from game.ui.core.column import Column, panel_view, row_height
from game.ui.core.drawing import panel, scrim
from game.ui.core.keys import codes
from game.ui.core.menu import Menu, MenuItem
from game.ui.core.scene import GameApp, Scene
from game.ui.core.seating import Seating
from game.ui.core.text import blit_text, wrap


class PanelMenu:
    """A titled menu on a panel in the middle of the window (laid out, handled, drawn);
    `columns` side by side for short choices, so that every row fits without scrolling."""

    def __init__(self, title: str, items: list[MenuItem], note: str = "", columns: int = 1) -> None:
        self.title = title
        self.items = items
        self.note = note
        self.columns = columns
        self.menu = Menu(items, pygame.Rect(0, 0, 1, 1))
        self.box = pygame.Rect(0, 0, 1, 1)
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.note_rect = pygame.Rect(0, 0, 1, 1)

    def place(self, app: GameApp) -> None:
        """Lay the panel out for the window."""
        view = panel_view(app.viewport)
        tight = view.portrait or view.design is not None
        design_h = view.design_size[1]
        rows = row_height(view, 48 if not tight else 44, 46)
        title_h, pad = (52.0, 16.0) if not tight else (42.0, 12.0)
        note_h = 46.0 if self.note else 0.0
        menu_h = rows * 8 / 7 * -(-len(self.items) // self.columns) + 2
        total = min(design_h - 24, pad + title_h + note_h + menu_h + pad)
        width = 480 if self.columns == 1 else 600
        column = Column(view, width=width, top=max(12.0, (design_h - total) / 2), margin=16)
        top = column.y
        column.skip(pad)
        self.title_rect = column.take(title_h, gap=0)
        self.note_rect = column.take(note_h, gap=0) if self.note else pygame.Rect(0, 0, 0, 0)
        area = column.take(min(menu_h, design_h - 12 - pad - column.y), gap=0)
        column.skip(pad)
        self.box = view.rect(column.x - pad, top, column.width + 2 * pad, column.y - top)
        focus = self.menu.focus
        self.menu = Menu(
            self.items, area, row_height=view.px(rows), font_size=view.font(24 if not tight else 19)
        )
        self.menu.density = view.density
        self.menu.columns = self.columns
        self.menu.focus = focus

    def draw(self, app: GameApp, surface: pygame.Surface) -> list[tuple[str, str]]:
        """The dimmed table, the panel, the title, the note and the rows; what was said."""
        view = panel_view(app.viewport)
        tight = view.portrait or view.design is not None
        scrim(surface)
        panel(surface, self.box, view.scale)
        size = view.font(38 if not tight else 28)
        blit_text(surface, self.title, size, theme.GOLD, "center", self.title_rect.center)
        drawn = [("title", self.title)]
        if self.note:
            small = view.font(20 if not tight else 17)
            y = self.note_rect.y
            for line in wrap(self.note, small, self.note_rect.width)[:2]:
                rect = blit_text(surface, line, small, theme.DIM, "midtop", (self.note_rect.centerx, y))
                drawn.append(("note", line))
                y = rect.bottom
        self.menu.draw(surface)
        return drawn


class OnlineTable(Protocol):
    """What the online table's menu calls on the table under it."""

    @property
    def match(self) -> Match | None: ...

    @property
    def seating(self) -> Seating: ...

    @property
    def watching(self) -> bool: ...

    def leave_seat(self) -> None: ...

    def back_to_title(self) -> None: ...

    def open_help(self) -> None: ...

    def open_sheet(self) -> None: ...


class OnlinePauseScene(Scene):
    """The online table's menu: the match goes on meanwhile."""

    modal = True
    name = "online_pause"

    def __init__(self, app: GameApp, table: OnlineTable) -> None:
        super().__init__(app)
        self.table = table
        items = [
            MenuItem("Back to the table", press=self.resume, name="resume"),
            MenuItem("Score sheet", press=self.sheet, name="score_sheet"),
            MenuItem("Help", press=table.open_help, name="help"),
        ]
        if table.watching:
            items.append(MenuItem("Stop watching", press=table.back_to_title, name="title"))
            note = "The match goes on while this menu is open."
        else:
            items.append(MenuItem("Leave: the computer plays for me", press=self.ask_leave, name="leave"))
            items.append(MenuItem("Back to title (keep my seat)", press=table.back_to_title, name="title"))
            note = "The match goes on while this menu is open. Your seat waits for you for two minutes."
        self.panel = PanelMenu("Online table", items, note)
        self.draw_list: list[tuple[str, str]] = []

    def resized(self) -> None:
        """The panel in the middle of the window."""
        self.panel.place(self.app)

    def resume(self) -> None:
        """Back to the table."""
        self.app.screens.close(self)

    def sheet(self) -> None:
        """The score sheet over the table."""
        self.app.screens.close(self)
        self.table.open_sheet()

    def ask_leave(self) -> None:
        """Ask first: leaving hands the seat to the computer for the rest of the match."""
        self.app.screens.show(
            "confirm",
            "Leave the table?",
            "The computer plays your seat from now on. Continue online match on the title takes it back.",
            yes=("Leave", self.table.leave_seat),
            no="Stay",
        )

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows."""
        return self.panel.menu.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Esc goes back to the table; F1 the help; the rest to the rows."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return
        if event.type == pygame.KEYDOWN and event.key in codes("help"):
            self.table.open_help()
            return
        self.panel.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The menu on its panel."""
        self.draw_list = self.panel.draw(self.app, surface)


class QuickMessagesScene(Scene):
    """The preset quick messages (there is no free text): one tap sends one."""

    modal = True
    name = "quick_messages"

    def __init__(self, app: GameApp, say: Callable[[str], None]) -> None:
        super().__init__(app)
        self.say = say
        items = [MenuItem(text, press=self._sender(key), name=key) for key, text in PHRASES.items()]
        items.append(MenuItem("Back", press=self.back, name="back"))
        self.panel = PanelMenu("Say", items, columns=2)
        self.draw_list: list[tuple[str, str]] = []

    def _sender(self, phrase: str) -> Callable[[], None]:
        def send() -> None:
            self.app.screens.close(self)
            self.say(phrase)

        return send

    def back(self) -> None:
        """Say nothing."""
        self.app.screens.close(self)

    def resized(self) -> None:
        """The panel in the middle of the window."""
        self.panel.place(self.app)

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows."""
        return self.panel.menu.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Esc says nothing; the rest to the rows."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.panel.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The messages on their panel."""
        self.draw_list = self.panel.draw(self.app, surface)
