"""An online table before its match starts: the code and link, the rules, the seats.

Everyone at the table sees who is in which seat and who is connected; the host (who opened
it) may give the empty seats to the computer at a level of their choosing, which starts the
match at once. The match also starts by itself when the last seat is taken. Then the lobby
gives way to the table. Quick messages work here too.
"""

from __future__ import annotations

import pygame

from game.ai import LEVELS
from game.online.protocol import PHRASES
from game.online.session import TableState
from game.storage.settings import LEVEL_NAMES
from game.ui.core import browser, theme
from game.ui.core.column import Column, panel_view, row_height
from game.ui.core.drawing import felt, panel
from game.ui.core.keys import codes
from game.ui.core.menu import Menu, MenuItem, fit_text
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.viewport import Viewport
from game.ui.online.link import OnlineLink
from game.ui.online.page import table_link
from game.ui.online.words import rule_lines, seat_words

SAID_S = 6.0
SEAT_H = 84
"""Design units a seat's box takes on a desktop (with the gap under it)."""


class LobbyScene(Scene):
    """The table before the deal (see the module docstring)."""

    name = "online_lobby"

    def __init__(self, app: GameApp, link: OnlineLink) -> None:
        super().__init__(app)
        self.link = link
        self.level = app.settings.ai_level if app.settings.ai_level in LEVELS else "medium"
        self.problem = ""
        self.note = ""
        self.said: list[tuple[str, float]] = []
        self.handed_over = False
        self.items: list[MenuItem] = []
        self.menu = Menu([], pygame.Rect(0, 0, 1, 1))
        self.board = pygame.Rect(0, 0, 1, 1)
        self.info = pygame.Rect(0, 0, 1, 1)
        self.seat_area: pygame.Rect | None = None
        """A desktop's: where the seats are drawn, one box each (None: listed under the rules)."""
        self.draw_list: list[tuple[str, str]] = []

    @property
    def state(self) -> TableState | None:
        """The table as the server last described it."""
        return self.link.state

    @property
    def hosting(self) -> bool:
        """Whether this device opened the table (it may give the empty seats to the computer)."""
        state = self.state
        return state is not None and state.player is not None and state.player == state.host

    def setup(self) -> None:
        """The rows (the host's first)."""
        items = []
        if self.hosting:
            items += [
                MenuItem(
                    "Computer's level",
                    value=lambda: LEVEL_NAMES[self.level],
                    change=self.change_level,
                    name="level",
                ),
                MenuItem(
                    "Start now",
                    press=self.fill,
                    value=lambda: "the computer takes the empty seats",
                    name="fill",
                ),
            ]
        if browser.in_browser():
            items.append(MenuItem("Copy the link", press=self.copy, name="copy"))
        state = self.state
        if state is not None and state.player is not None:
            items.append(MenuItem("Say", press=self.say_menu, value=lambda: "a quick message", name="say"))
        items.append(MenuItem("Leave the table", press=self.leave, name="leave"))
        self.items = items
        self.menu = Menu(items, pygame.Rect(0, 0, 1, 1))
        self.resized()

    def resized(self) -> None:
        """The board: the code and the facts above, the rows below (beside them on a phone
        held sideways, where the window is too short for both). On a desktop the code and
        the rules fill the left half, the seats and the rows the right."""
        view = panel_view(self.app.viewport)
        tight = view.portrait or view.design is not None
        sideways = view.design is not None
        wide = not tight and view.design_size[0] >= 1000
        width = 820 if sideways else 1120 if wide else 680
        column = Column(view, width=width, top=8 if tight else 16, bottom=8 if tight else 16, margin=8)
        self.board = column.remaining()
        inner = column.inside(side=16 if tight else 28, top=8, bottom=8)
        rows = row_height(view, 42 if sideways else 46, 50)
        self.seat_area = None
        if sideways or wide:
            whole = inner.remaining()
            gap = view.px(28 if wide else 16)
            half = (whole.width - gap) // 2
            self.info = pygame.Rect(whole.x, whole.y, half, whole.height)
            area = pygame.Rect(whole.right - half, whole.y, half, whole.height)
            if wide:  # the seats, then the rows under them, the two in the middle of the right half
                rows_h = min(view.px(rows * 8 / 7 * len(self.items) + 2), area.height * 3 // 5)
                seats = len(self.state.seats) if self.state is not None else 2
                seats_h = min(view.px(SEAT_H * seats + 40), area.height - rows_h - view.px(24))
                top = area.y + max(0, (area.height - seats_h - view.px(24) - rows_h) // 2)
                self.seat_area = pygame.Rect(area.x, top, area.width, seats_h)
                self.info = pygame.Rect(self.info.x, top, self.info.width, self.info.bottom - top)
                area = pygame.Rect(area.x, self.seat_area.bottom + view.px(24), area.width, rows_h)
                # The board holds what it shows (a heading over both halves), no empty margin.
                head = view.px(72)
                self.board = pygame.Rect(self.board.x, top - head, self.board.width,
                                         area.bottom + view.px(28) - (top - head))  # fmt: skip
        else:
            menu_h = rows * 8 / 7 * len(self.items) + 2
            area = inner.take_bottom(min(menu_h, inner.units_left * 0.55))
            self.info = inner.remaining()
        focus = self.menu.focus
        self.menu = Menu(
            self.items,
            area,
            row_height=view.px(rows),
            font_size=view.font(22 if view.portrait else 19 if tight else 24),
        )
        self.menu.density = view.density
        self.menu.stacked = view.portrait
        self.menu.focus = min(focus, max(0, len(self.items) - 1))

    # --- the host's choices and the rest ---------------------------------------------------------

    def change_level(self, step: int) -> None:
        """The computer's level for the empty seats."""
        index = LEVELS.index(self.level)
        self.level = LEVELS[(index + step) % len(LEVELS)]

    def fill(self) -> None:
        """Give the empty seats to the computer: the match starts."""
        level = self.level
        self.note = "Starting..."
        self.link.send(lambda session: session.fill(level))

    def copy(self) -> None:
        """Put the table's link (or its code) on the clipboard."""
        state = self.state
        if state is None:
            return
        text = table_link(state.code) or state.code
        self.note = "Link copied: send it to your friends." if browser.copy_text(text) else "Could not copy."

    def say_menu(self) -> None:
        """The preset quick messages."""
        self.app.screens.show("quick_messages", self.say)

    def say(self, phrase: str) -> None:
        """Send one."""
        self.link.send(lambda session: session.say(phrase))
        self.note = f"You: {PHRASES.get(phrase, phrase)}"

    def leave(self) -> None:
        """Leave before the match: the seat is given up."""
        self.link.send(lambda session: session.leave())
        self.link.forget_seat()
        self.link.close()
        self.app.screens.replace("online")

    # --- the frame ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The server's news; the table once the match is under way."""
        for event in self.link.session.poll():
            kind, data = event.kind, event.data
            if kind == "said" and data.get("player") != (self.state.player if self.state else None):
                who = data.get("player")
                name = f"Player {who + 1}" if isinstance(who, int) else "Someone"
                self.said = [*self.said[-2:], (f"{name}: {data.get('text', '')}", SAID_S)]
            elif kind == "notice":
                self.note = str(data.get("text", ""))
            elif kind == "error":
                self.problem = str(data.get("message", ""))[:200]
            elif kind == "reconnecting":
                self.problem = "Connection lost: reconnecting..."
            elif kind == "reconnected":
                self.problem = ""
            elif kind == "lost":
                self.problem = "No server answers. Leave the table and try again later."
            elif kind == "closed":
                self.problem = "The table has closed."
            self.invalidate()
        self.said = [(text, left - dt) for text, left in self.said if left - dt > 0]
        state = self.state
        if state is not None and state.stage != "waiting" and not self.handed_over:
            self.handed_over = True
            self.app.screens.replace("online_table", self.link)

    def teardown(self) -> None:
        """Leaving for anything but the table closes the connection."""
        if not self.handed_over:
            self.link.close()

    def working(self) -> bool:
        """Frames while a message is up."""
        return bool(self.said)

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows."""
        return self.menu.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Rows by pointer or keys; Esc leaves; F1 the help."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        if event.type == pygame.KEYDOWN and event.key in codes("help"):
            self.app.screens.show("help")
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The code, the link, the rules, the seats, messages; the rows."""
        view = panel_view(self.app.viewport)
        tight = view.portrait or view.design is not None
        surface.blit(felt(view.size), (0, 0))
        panel(surface, self.board, view.scale)
        state = self.state
        self.draw_list = []
        if state is None or state.setup is None:
            self.menu.draw(surface)
            return
        info = self.info
        x, width = info.x, info.width
        wide = self.seat_area is not None
        if wide:
            blit_text(surface, "Waiting for players" if any(s.get("status") == "open" for s in state.seats)
                      else "Everyone is here", view.font(38), theme.GOLD, "midtop",
                      (self.board.centerx, self.board.y + view.px(14)))  # fmt: skip
        # The table's own sizes (its status line and names): a lobby is read from arm's length.
        small, body = view.font(20 if not tight else 17), view.font(24 if not tight else 19)
        y = info.y
        blit_text(surface, "Table code", small, theme.DIM, "midtop", (info.centerx, y))
        y += font(small).get_linesize()
        code_size = view.font(96 if wide else 64 if not tight else 48)
        spaced = " ".join(state.code)
        rect = blit_text(surface, spaced, code_size, theme.GOLD, "midtop", (info.centerx, y))
        self.draw_list.append(("code", state.code))
        y = rect.bottom + view.px(2)
        link = table_link(state.code)
        tell = f"Friends join with this code{', or this link:' if link else ' (Play online, Join a table).'}"
        for part in wrap(tell, small, width):
            y = blit_text(surface, part, small, theme.DIM, "midtop", (info.centerx, y)).bottom
        self.draw_list.append(("tell", tell))
        if link:  # one word: cut to the width (Copy the link gives it whole)
            rect = blit_text(
                surface, fit_text(link, small, width), small, theme.DIM, "midtop", (info.centerx, y)
            )
            self.draw_list.append(("link", link))
            y = rect.bottom
        y += view.px(24 if wide else 8)
        if wide:
            pygame.draw.line(surface, theme.RULE, (x, y), (info.right, y), max(1, view.px(1)))
            y += view.px(12)
            blit_text(surface, "Rules", small, theme.GOLD, "topleft", (x, y))
            y += font(small).get_linesize() + view.px(4)
        for line in rule_lines(state.setup.rules, state.setup.move_seconds):
            for part in wrap(line, small, width):
                y = blit_text(surface, part, small, theme.INK, "topleft", (x, y)).bottom
            self.draw_list.append(("rules", line))
        y += view.px(8)
        if self.seat_area is not None:
            self._draw_seat_boxes(surface, view, state, small, body)
            y += view.px(16)
        else:
            for player in range(len(state.seats)):
                name, words = seat_words(state, player)
                colour = theme.GOLD if player == state.player else theme.INK
                text = f"{name}: {words}"
                rect = blit_text(surface, fit_text(text, body, width), body, colour, "topleft", (x, y))
                self.draw_list.append(("seat", text))
                y = rect.bottom + view.px(2)
            y += view.px(6)
        lines = [(text, theme.SHINE, "said") for text, _ in self.said]
        if self.problem:
            lines.append((self.problem, theme.BAD, "problem"))
        elif self.note:
            lines.append((self.note, theme.DIM, "note"))
        elif not self.hosting:
            lines.append(
                ("The match starts when every seat is taken, or when the host starts it.", theme.DIM, "note")
            )
        elif wide:  # what to do next, where the eye is
            lines.append(("Send the code to a friend; the match starts when they sit down. Or Start now:"
                          " the computer takes the empty seats.", theme.DIM, "note"))  # fmt: skip
        if wide and lines:  # what happens next, in a box of its own where the eye ends
            parts = [
                (part, colour) for text, colour, _ in lines for part in wrap(text, small, width - view.px(24))
            ]
            box = pygame.Rect(x, y, width, len(parts) * font(small).get_linesize() + view.px(20))
            pygame.draw.rect(surface, theme.ROW, box, border_radius=view.px(10))
            y = box.y + view.px(10)
            for part, colour in parts:
                y = blit_text(surface, part, small, colour, "topleft", (x + view.px(12), y)).bottom
            self.draw_list += [(kind, text) for text, _, kind in lines]
            lines = []
        for text, colour, kind in lines:
            for part in wrap(text, small, width)[:2]:
                if y + font(small).get_linesize() > info.bottom:
                    break
                rect = blit_text(surface, part, small, colour, "topleft", (x, y))
                y = rect.bottom
            self.draw_list.append((kind, text))
        self.menu.draw(surface)

    def _draw_seat_boxes(
        self, surface: pygame.Surface, view: Viewport, state: TableState, small: int, body: int
    ) -> None:
        """A desktop's seats: a heading, then a box a seat, its name over what it is now, a
        light for who is here (gold: you; green: here; dim: empty or away)."""
        area = self.seat_area
        assert area is not None
        blit_text(surface, "Seats", small, theme.GOLD, "topleft", (area.x, area.y))
        y = area.y + font(small).get_linesize() + view.px(6)
        count = max(1, len(state.seats))
        step = min(view.px(SEAT_H), (area.bottom - y) // count)
        for player in range(count):
            name, words = seat_words(state, player)
            box = pygame.Rect(area.x, y, area.width, step - view.px(8))
            pygame.draw.rect(surface, theme.ROW, box, border_radius=view.px(10))
            status = state.seats[player].get("status")
            kind = state.seats[player].get("kind")
            light = (
                theme.GOLD
                if player == state.player
                else theme.GOOD
                if status == "here" or kind == "ai"
                else theme.DIM
            )
            radius = max(4, view.px(7))
            pygame.draw.circle(surface, light, (box.x + view.px(22), box.centery), radius)
            left = box.x + view.px(40)
            room = box.right - left - view.px(12)
            line_h = font(body).get_linesize() + font(small).get_linesize()
            top = box.centery - line_h // 2
            colour = theme.GOLD if player == state.player else theme.INK
            blit_text(surface, fit_text(name, body, room), body, colour, "topleft", (left, top))
            blit_text(surface, fit_text(words, small, room), small, theme.DIM, "topleft",
                      (left, top + font(body).get_linesize()))  # fmt: skip
            self.draw_list.append(("seat", f"{name}: {words}"))
            y += step
