"""Play online: create a table, join one by its code, a quick match, watch a table, or continue.

The table's rules are the new-match screen's: "Create a table" opens that screen (every
variant, format and option, and which seats a friend takes or the computer plays) with a
"Create table" button; the move timer is chosen here. Joining and watching ask for the
code (`online_code`). Whatever the server answers comes back here: a table to sit at opens
its lobby (or the table itself when the match is under way), a refusal is said in words
and nothing else changes. "Continue online match" takes back the seat kept on this device.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pygame

from game.online.session import Session, TableState
from game.online.tablesetup import MOVE_TIMERS, SetupError, TableSetup
from game.ui.core import theme
from game.ui.core.column import Column, finger_row, panel_view
from game.ui.core.drawing import felt
from game.ui.core.keys import codes
from game.ui.core.menu import Menu, MenuItem, fit_text
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.online.link import OnlineLink
from game.ui.online.page import servers
from game.ui.online.words import rules_summary, timer_name

QUICK_WAIT_S = 90.0
"""How long a quick match may wait for a seat (the server gives it to the computer sooner)."""


class OnlineScene(Scene):
    """The online menu (see the module docstring). `start` "continue" or "join" (with
    `code`, from a ``?table=`` link) begins at once."""

    name = "online"

    def __init__(self, app: GameApp, start: str = "", code: str = "") -> None:
        super().__init__(app)
        self.timer: int | None = None
        self.problem = ""
        self.busy = ""
        self.link: OnlineLink | None = None
        self._start = (start, code)
        self.items: list[MenuItem] = []
        self.menu = Menu([], pygame.Rect(0, 0, 1, 1))
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.note_rect = pygame.Rect(0, 0, 1, 1)
        self.draw_list: list[tuple[str, str]] = []
        self._report: Callable[[str], None] | None = None

    def setup(self) -> None:
        """The rows (Continue first when a seat is kept), then what was asked at the start."""
        self.items = self._items()
        self.menu = Menu(self.items, pygame.Rect(0, 0, 1, 1))
        self.resized()
        start, code = self._start
        self._start = ("", "")
        if start == "continue":
            self.resume()
        elif start == "join" and code:
            kept = self.app.persistence.load_online_seat()
            if kept is not None and kept.code == code:
                self.resume()  # the page reloaded at a table this device has a seat at
                return
            entry = self.ask_code("join", code)  # straight away: the link named the table
            join = getattr(entry, "join", None)
            if callable(join):
                join()

    def _items(self) -> list[MenuItem]:
        items = []
        kept = self.app.persistence.load_online_seat()
        if kept is not None:
            items.append(MenuItem("Continue online match", press=self.resume,
                                  value=lambda: f"table {kept.code}", name="continue"))  # fmt: skip
        items += [
            MenuItem(
                "Create a table",
                press=self.open_rules,
                value=lambda: rules_summary(self.app.settings),
                name="create",
            ),
            MenuItem(
                "Move timer", value=lambda: timer_name(self.timer), change=self.change_timer, name="timer"
            ),
            MenuItem(
                "Join a table", press=lambda: self.ask_code("join"), value=lambda: "by its code", name="join"
            ),
            MenuItem(
                "Quick match", press=self.quick, value=lambda: "anyone waiting, same rules", name="quick"
            ),
            MenuItem(
                "Watch a table",
                press=lambda: self.ask_code("watch"),
                value=lambda: "by its code",
                name="watch",
            ),
            MenuItem(
                "Online server",
                press=lambda: self.app.screens.show("server_entry"),
                value=lambda: ", ".join(servers(self.app.settings)) or "none",
                name="server",
            ),
            MenuItem("Back", press=self.back, name="back"),
        ]
        return items

    def resized(self) -> None:
        """Title, the rows, and the line that says what is happening or what went wrong."""
        view = panel_view(self.app.viewport)  # held sideways: the lobby's scale, rows a fingertip tall
        portrait, short = view.portrait, view.design is not None
        column = Column(view, width=620, top=10 if portrait or short else 24, bottom=10 if portrait else 20)
        self.title_rect = column.take(48 if portrait or short else 70, gap=6)
        self.note_rect = column.take_bottom(70 if portrait else (48 if short else 60), gap=8)
        rows = finger_row(view, 50, 58)
        area = column.remaining()
        focus = self.menu.focus
        self.menu = Menu(
            self.items, area, row_height=view.px(rows), font_size=view.font(24 if not portrait else 19)
        )
        self.menu.density = view.density
        self.menu.stacked = portrait
        self.menu.focus = min(focus, max(0, len(self.items) - 1))

    # --- the rows ------------------------------------------------------------------------------

    def change_timer(self, step: int) -> None:
        """The next (or previous) move timer for a table created from here."""
        index = MOVE_TIMERS.index(self.timer)
        self.timer = MOVE_TIMERS[(index + step) % len(MOVE_TIMERS)]

    def open_rules(self) -> None:
        """The new-match screen, to choose the rules and seats, with "Create table"."""
        self.app.screens.show("new_match", online=self.create)

    def create(self) -> None:
        """Open a table with the new-match screen's choices and the timer chosen here."""
        try:
            setup = TableSetup.from_settings(self.app.settings, move_seconds=self.timer)
        except SetupError as error:
            self.problem = f"These rules cannot be played online: {error}."
            return
        self._enter("Opening a table...", lambda s: s.create(setup))

    def ask_code(self, how: str, code: str = "") -> Scene:
        """The code entry, to join or to watch."""
        title, action = ("Join a table", "Join") if how == "join" else ("Watch a table", "Watch")

        def submit(typed: str, report: Callable[[str], None]) -> None:
            self._report = report
            if how == "join":
                self._enter(f"Joining table {typed}...", lambda s: s.join(typed), typed)
            else:
                self._enter(f"Opening table {typed}...", lambda s: s.spectate(typed), typed)

        return self.app.screens.show("online_code", title, action, submit, code)

    def quick(self) -> None:
        """Wait for a stranger who wants the same rules (the computer sits down otherwise)."""
        rules = self.app.settings.ruleset()
        self._enter("Looking for an opponent (the computer sits down if nobody comes)...",
                    lambda s: s.quick(rules, wait_s=QUICK_WAIT_S), wait=QUICK_WAIT_S + 5)  # fmt: skip

    def resume(self) -> None:
        """Take back the seat kept on this device."""
        kept = self.app.persistence.load_online_seat()
        if kept is None:
            self.problem = "No online seat is kept on this device."
            return
        self._enter(
            f"Back to table {kept.code}...", lambda s: s.resume(kept.token), kept.code, urls=list(kept.urls)
        )
        if self.link is not None:
            self.link.returning = True

    def back(self) -> None:
        """Back to the title."""
        if self.link is not None:
            self.link.close()
            self.link = None
        self.app.screens.replace("title")

    # --- talking to the server ---------------------------------------------------------------------

    def _enter(
        self,
        what: str,
        request: Callable[[Session], Awaitable[TableState]],
        code: str | None = None,
        urls: list[str] | None = None,
        wait: float | None = None,
    ) -> None:
        if self.busy:
            return
        urls = urls or servers(self.app.settings)
        if not urls:
            self._failed(
                "This page is served over https and no wss:// server is set: set one in Online server."
            )
            return
        self.problem = ""
        self.busy = what
        self.link = OnlineLink(self.app, urls)
        self.link.enter(what, request, self._entered, self._failed, code, wait=wait)

    def _entered(self, state: TableState) -> None:
        link = self.link
        assert link is not None
        self.busy = ""
        self.link = None  # the lobby or the table owns it now
        if state.stage == "waiting":
            self.app.screens.replace("online_lobby", link)
        else:
            self.app.screens.replace("online_table", link)

    def _failed(self, why: str) -> None:
        self.busy = ""
        self.link = None
        if why.startswith("The server does not know this seat") or why.startswith("That match is over"):
            self.app.persistence.discard_online_seat()
            self.items = self._items()
            self.resized()
        report, self._report = self._report, None
        if report is not None and self.app.stack.top is not self:
            report(why)
        self.problem = why
        self.invalidate()

    # --- input and drawing ---------------------------------------------------------------------------

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows."""
        return self.menu.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """The rows by pointer or keys; Esc back to the title; F1 the help."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in codes("help"):
            self.app.screens.show("help")
            return
        if self.busy:
            return  # one thing at a time
        self.menu.handle(event)

    def working(self) -> bool:
        """Frames while the server is asked (the answer comes on a later frame)."""
        return bool(self.busy)

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the rows, and what is going on."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait or view.design is not None
        surface.blit(felt(view.size), (0, 0))
        blit_text(surface, "Play online", view.font(56 if not portrait else 36), theme.GOLD, "center",
                  self.title_rect.center)  # fmt: skip
        self.menu.draw(surface)
        self.draw_list = [
            ("row", f"{item.label}: {item.value() if item.value else ''}") for item in self.items
        ]
        size = view.font(20 if not portrait else 15)
        if self.busy:
            text, colour, kind = self.busy, theme.DIM, "busy"
        elif self.problem:
            text, colour, kind = self.problem, theme.BAD, "problem"
        else:
            text = "Friends join with the table's code. The server deals and checks every move."
            colour, kind = theme.DIM, "note"
        y = self.note_rect.y
        for line in wrap(text, size, self.note_rect.width)[:3]:
            blit_text(surface, fit_text(line, size, self.note_rect.width), size, colour, "midtop",
                      (self.note_rect.centerx, y))  # fmt: skip
            y += font(size).get_linesize()
        self.draw_list.append((kind, text))
