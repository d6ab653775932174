"""The online table: the table scene, driven by the server's messages (`RemoteFlow`).

Everything a local table does (drawing, input, animation, the result panel, the deal check)
is the table scene's own; this scene only gives it a flow fed by the server and adds what
online play has and a local table has not: the move timer, who is away or played by the
computer for now, the connection coming and going, and preset quick messages (the Hint
button becomes "Say": there are no hints at a table of people). A spectator (or a player
sitting out a hand of three or four) sees the table with both hands face down.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from typing import Any

import pygame

from game.online.mirror import RemoteMatch
from game.online.protocol import PHRASES
from game.online.session import TableEvent
from game.rules import Card
from game.ui.core import theme
from game.ui.core.text import blit_text, font, wrap
from game.ui.online.flow import RemoteFlow
from game.ui.online.link import OnlineLink
from game.ui.table.flow import TableFlow
from game.ui.table.outcome import controls_of, outcome_of
from game.ui.table.protocols import TableApp
from game.ui.table.scene import TableScene

SAID_S = 5.0
"""How long another player's quick message stays on the table."""
NOTE_S = 5.0
"""How long the table says it is connected again."""
NOTICE_S = 8.0
"""How long a notice from the server stays (it comes as the table opens: the deal is still in the air)."""
BACK_NOTE = "Connected again: the table is as the server has it."


def clock_text(seconds: float) -> str:
    """A move timer as a player reads it.

    >>> clock_text(125.2), clock_text(9.01), clock_text(-3)
    ('2:06', '0:10', '0:00')
    """
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def next_second(seconds: float) -> float | None:
    """How soon a move timer with `seconds` left shows another number (None at 0:00, where
    it stays until the server says what happens next).

    >>> [round(next_second(left), 2) for left in (5.0, 4.5, 4.001)], next_second(0.0)
    ([1.01, 0.51, 0.01], None)
    >>> clock_text(4.5), clock_text(4.5 - next_second(4.5))
    ('0:05', '0:04')
    """
    if seconds <= 0:
        return None
    return (seconds - 0.001) % 1.0 + 0.01  # clock_text shows whole seconds, rounded up


class OnlineTableScene(TableScene):
    """A table whose moves come from the game server (see the module docstring)."""

    name = "online_table"

    def __init__(self, app: TableApp, link: OnlineLink) -> None:
        state = link.state
        assert state is not None and state.setup is not None
        match = RemoteMatch(state.setup.rules)
        match.follow(state.played, state.scores, state.boxes)
        super().__init__(app, match)
        self.remote_match = match
        self.link = link
        self.said: list[tuple[str, float]] = []
        """Quick messages from the others: (text, seconds left)."""
        self.connection = ""
        """"" while connected; else what the connection is doing ("reconnecting", "lost")."""
        self.clock_seen: tuple[dict[str, Any] | None, float] = (None, 0.0)
        """The server's move clock and when it came (the seconds left count down from then)."""
        self.back_note: tuple[str, float] = ("", 0.0)
        """The connection came back: what to say, and for how many seconds more."""
        self.notice: tuple[str, float] = ("", 0.0)
        """The server's last notice (the computer took a seat...), and for how many seconds more:
        shown as a toast that comes back after the moves that clear a toast (it arrives with
        the deal still in the air, and the first move follows at once)."""
        self.leaving = False
        self.controls.buttons["hint"].text = "Say"

    # --- the flow ----------------------------------------------------------------------------

    def make_flow(self) -> TableFlow:
        """A flow fed by the server."""
        return RemoteFlow(self.app, self.link, self, self.remote_match)

    @property
    def remote(self) -> RemoteFlow:
        """The flow, as the remote flow it is."""
        assert isinstance(self.flow, RemoteFlow)
        return self.flow

    @property
    def watching(self) -> bool:
        """Watching: a spectator, or a player sitting out this hand."""
        return isinstance(self.flow, RemoteFlow) and self.flow.watching

    def seat_player(self, seat: int) -> object | None:
        """Who sat in `seat` of the finished hand, as the server's export says."""
        return self.remote.seat_player(seat) if isinstance(self.flow, RemoteFlow) else None

    # --- what the flow tells the table ----------------------------------------------------------

    def rename_cards(self, mapping: Mapping[Card, Card]) -> None:
        """Face-down cards are relabelled: the same sprites, in the same places, new names."""
        moved = {old: self.sprites.pop(old) for old in mapping if old in self.sprites}
        for old, sprite in moved.items():
            new = mapping[old]
            sprite.card = new
            self.sprites[new] = sprite
        self.opp_order = [mapping.get(card, card) for card in self.opp_order]
        self.order.cards = [mapping.get(card, card) for card in self.order.cards]

    def begin_hand(self) -> None:
        """The hand the table waited for has been dealt: deal it."""
        if self.hand is None:
            self.start_hand()

    def show_again(self) -> None:
        """The hand was rebuilt from the server's copy: lay it out as it is."""
        self.animator.finish_all()
        self.dealing = False
        self.ghosts = []
        if self.hand is not None:
            self.place_instantly()

    def on_online(self, event: TableEvent) -> None:
        """Messages, notices and the connection, shown on the table."""
        kind, data = event.kind, event.data
        if kind == "said":
            state = self.link.state
            player = data.get("player")
            who = self.player_name(player) if isinstance(player, int) and state is not None else "Someone"
            if state is None or player != state.player:
                self.said = [*self.said[-1:], (f"{who}: {data.get('text', '')}", SAID_S)]
        elif kind == "notice":
            self.notice = (str(data.get("text", "")), NOTICE_S)
        elif kind == "reconnecting":
            self.connection = "reconnecting"
        elif kind == "reconnected":
            self.connection = "resuming"  # connected; the seat's table is on its way
        elif kind in ("joined", "table") and self.connection == "resuming":
            self.connection = ""
            # A line of its own, not a toast: the next move shown would clear a toast at once.
            self.back_note = (BACK_NOTE, NOTE_S)
        elif kind == "lost":
            self.connection = "lost"
        elif kind == "closed":
            self.connection = "closed"
        elif kind == "error" and data.get("code") not in ("stale", "not_your_turn", "illegal", "not_now"):
            message = str(data.get("message", ""))
            if message:
                self.toast.show(message[:1].upper() + message[1:], seconds=4.0)
        self.invalidate()

    # --- the frame ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Take in the server's news, then the table's own frame."""
        if isinstance(self.flow, RemoteFlow):
            self.flow.pump()
            if self.flow.problem:
                self.toast.show(self.flow.problem, seconds=5.0)
                self.flow.problem = ""
        state = self.link.state
        if state is not None and state.clock is not self.clock_seen[0]:
            self.clock_seen = (state.clock, time.monotonic())  # a new clock with each update
        self.said = [(text, left - dt) for text, left in self.said if left - dt > 0]
        text, left = self.back_note
        self.back_note = (text, left - dt) if left - dt > 0 else ("", 0.0)
        text, left = self.notice
        self.notice = (text, left - dt) if left - dt > 0 else ("", 0.0)
        if self.notice[0] and self.toast.remaining <= 0:
            self.toast.show(*self.notice)
        super().update(dt)

    def update_buttons(self) -> None:
        """The table's buttons; "Say" is there for every player, sorting only for your own cards."""
        super().update_buttons()
        buttons = self.controls.buttons
        buttons["hint"].enabled = (
            not self.watching and self.link.state is not None and self.link.state.player is not None
        )
        for name in ("rank", "suit", "melds"):
            buttons[name].enabled = buttons[name].enabled and not self.watching

    def _visual_key(self) -> tuple[object, ...]:
        """The table's own, plus the timer's second and the messages shown."""
        return (*super()._visual_key(), self.timer_line(), len(self.said), self.connection, self.seat_line(),
                self.back_note[0])  # fmt: skip

    def next_change(self) -> float | None:
        """The table's own, and the move timer's next second (it counts down at rest too)."""
        due = super().next_change()
        clock, seen = self.clock_seen
        if not clock or "seconds_left" not in clock or not isinstance(clock.get("player"), int):
            return due
        tick = next_second(float(clock["seconds_left"]) - (time.monotonic() - seen))
        return tick if due is None or tick is None else min(due, tick)

    def working(self) -> bool:
        """Frames while a message is up (it fades), as well as the table's own reasons."""
        return super().working() or bool(self.said) or bool(self.back_note[0])

    # --- what the table says -------------------------------------------------------------------

    def status_note(self) -> str:
        """The connection first; when watching, whose turn it is."""
        if self.connection == "reconnecting":
            return "Connection lost: reconnecting..."
        if self.connection == "resuming":
            return "Connected: taking the seat back..."
        if self.connection == "lost":
            return "No server answers. Your seat is kept for a while: Menu, then Back to title."
        if self.connection == "closed":
            return "The table has closed."
        hand = self.hand
        if hand is None:
            state = self.link.state
            if state is not None and state.stage == "over":
                return "The match is over."
            return "Waiting for the next deal..."
        if not self.watching or self.dealing:
            return ""
        if hand.is_over:
            return "The hand is over."
        if hand.to_act is None:
            return ""
        return f"{self.player_name(self.pairing[hand.to_act])} to play (you are watching)."

    def timer_line(self) -> str:
        """ "Your move: 0:42", "Player 2: 0:17", or "" without a timer."""
        clock, seen = self.clock_seen
        if not clock or "seconds_left" not in clock:
            return ""
        left = float(clock["seconds_left"]) - (time.monotonic() - seen)
        player = clock.get("player")
        state = self.link.state
        if not isinstance(player, int):
            return ""
        who = "Your move" if state is not None and player == state.player else self.player_name(player)
        return f"{who}: {clock_text(left)}"

    def seat_line(self) -> str:
        """Who is away, or played by the computer for now ("" when everybody is here)."""
        state = self.link.state
        if state is None:
            return ""
        parts = []
        for seat in state.seats:
            player, status = seat.get("player"), seat.get("status")
            if not isinstance(player, int) or player == state.player:
                continue
            name = self.player_name(player)
            if status == "away":
                parts.append(f"{name} is away (the seat is kept)")
            elif status == "standing_in":
                parts.append(f"the computer plays for {name}")
        return "; ".join(parts)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the online lines: the timer, the seats, the messages."""
        super().draw(surface)
        lines: list[tuple[str, str, tuple[int, int, int]]] = []
        timer = self.timer_line()
        if timer:
            mine = timer.startswith("Your move")
            lines.append(("timer", timer, theme.GOLD if mine else theme.INK))
        seats = self.seat_line()
        if seats:
            lines.append(("seats", seats[:1].upper() + seats[1:], theme.DIM))
        if self.watching and self.hand is not None:
            lines.append(("watching", f"Bottom: {self.player_name(self.pairing[self.me])}", theme.DIM))
        if self.back_note[0]:
            lines.append(("connection", self.back_note[0], theme.GOOD))
        for text, _ in self.said:
            lines.append(("said", text, theme.SHINE))
        self._draw_lines(surface, lines)

    def _draw_lines(
        self, surface: pygame.Surface, lines: list[tuple[str, str, tuple[int, int, int]]]
    ) -> None:
        """The online lines, newest at the bottom: in the side panel above its tools
        (landscape), or just above the status line, under the piles' notes (a phone)."""
        layout = self.layout
        size = layout.font(18 if not (layout.portrait or layout.compact) else 14)
        step = font(size).get_linesize()
        room = 4 if not layout.portrait else 3
        if layout.portrait or layout.compact:
            width = layout.view.width - layout.px(16)
            centre, bottom, anchor = layout.view.width // 2, layout.status.top - layout.px(4), "midtop"
            if layout.portrait:  # (the facts under the status line are the table's own)
                notes = [
                    r.bottom
                    for kind, _, r, _ in self.draw_list
                    if kind in ("label", "fingerprint", "warning")
                ]
                room = min(room, max(1, (bottom - max(notes, default=0)) // step))
        else:
            panel = layout.panel
            width = panel.width - layout.px(28)
            centre, anchor = panel.x + layout.px(14), "topleft"
            bottom = layout.buttons["rank"].top - layout.px(10)
        wrapped = [(kind, part, colour) for kind, text, colour in lines for part in wrap(text, size, width)]
        wrapped = wrapped[-room:]
        y = bottom - step * len(wrapped)
        for kind, part, colour in wrapped:
            rect = blit_text(surface, part, size, colour, anchor, (centre, y))
            self.draw_list.append((kind, part, rect, None))
            y += step

    # --- after the hand, the menu, leaving ------------------------------------------------------------

    def next_label(self) -> str:
        """The result panel's way on."""
        state = self.link.state
        if (
            state is not None
            and state.match_over is not None
            and self.match is not None
            and self.match.finished
        ):
            return "See the match result"
        return "Next hand"

    def open_result(self) -> None:
        """The result panel, with the hand as the server recorded it (its export's seats)."""
        outcome = outcome_of(self)
        seats = self.remote.export_seats()
        if seats is not None:
            outcome = dataclasses.replace(outcome, played=dataclasses.replace(outcome.played, seats=seats))
        self.app.screens.show("hand_result", outcome, controls_of(self), self.app.after_hand.offered(outcome))

    def next_hand(self) -> None:
        """Ready for the next hand (or the match's result)."""
        self.app.hand_finished()
        state = self.link.state
        if state is not None and state.match_over is not None and self.match is not None:
            self.link.forget_seat()
            online = self.app.screens

            def again() -> None:
                online.replace("online")

            online.replace(
                "match_result", self.match, seating=self.seating, again=("Play online again", again)
            )
            return
        if state is not None and state.player is not None:
            self.link.send(lambda session: session.next_hand())
        self.start_hand()

    def open_menu(self) -> None:
        """The online table's menu: resume, the score sheet, leave the seat or the table."""
        self.app.screens.show("online_pause", self)

    def open_sheet(self) -> None:
        """The score sheet, with the online names."""
        if self.match is not None:
            self.app.screens.show("score_sheet", self.match, seating=self.seating)

    def say(self, phrase: str) -> None:
        """Send a preset quick message."""
        if phrase in PHRASES:
            self.link.send(lambda session: session.say(phrase))
            self.toast.show(f"You: {PHRASES[phrase]}", seconds=2.5)

    def show_hint(self) -> None:
        """The Say button (in the Hint button's place): the preset messages."""
        if not self.watching:
            self.app.screens.show("quick_messages", self.say)

    def leave_seat(self) -> None:
        """Give the seat to the computer (the token still brings you back), and go."""
        self.link.send(lambda session: session.leave())
        self.back_to_title()

    def back_to_title(self) -> None:
        """Leave the table: the seat is kept for a while (Continue online match takes it back)."""
        self.leaving = True
        self.app.screens.replace("title")

    def teardown(self) -> None:
        """Close the connection (the server keeps the seat for its grace period)."""
        self.link.close()
