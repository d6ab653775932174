"""The flow of an online match at the table: the server's messages in place of the local engine.

:class:`RemoteFlow` has the table flow's interface (`game.ui.table.flow.TableFlow`: the
hand on the table, whose turn, `submit`, `update`, `deal`, the result), so the table scene
draws, animates and takes input exactly as at a local match. The difference is where the
moves come from. The hand on the table is a world built from what this seat was sent
(`game.online.mirror.build_world`): the seat's own cards, the piles and every card seen,
the unseen ones filled in face down. Each move the server reports is played on it in turn,
one per animation, through the same listener calls a local move makes; when a card turns
up that the world had filled in differently, the table relabels it first (`rename_cards`),
so nothing jumps.

The person's own moves are checked against the world (which knows exactly what the seat
knows, so its verdict is the engine's) and sent; a move whose outcome is known (a
discard, a knock) is shown at once, a draw from the stock when the server says which card
it was. A refusal from the server (the move timer ran out first, say) puts the table back
as the server has it and says why. When the hand is over, the server's export reveals the
deck and salt and the world is the real hand, which the deal check checks and the export
saves.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from game.online.mirror import (
    Known,
    MirrorError,
    RemoteMatch,
    build_world,
    differences,
    known_of_public,
    known_of_view,
    renames,
    replayable,
)
from game.online.session import TableEvent, TableState
from game.rules import Action, Card, DrawStock, Hand, IllegalAction, PlayerView
from game.storage.settings import MatchSetup
from game.ui.core.scene import GameApp
from game.ui.online.link import OnlineLink
from game.ui.online.seating import OnlineSeating
from game.ui.table.flow import FlowListener, FlowOptions, TableFlow, sentence
from game.verify import AISeat, PersonSeat, Seat, read_export

STOCK_FROM = 21


class RemoteListener(FlowListener, Protocol):
    """What the table showing a remote flow is told beyond a local table's news."""

    def rename_cards(self, mapping: Mapping[Card, Card]) -> None:
        """Face-down cards turn out to be others: relabel their sprites (nothing moves)."""

    def begin_hand(self) -> None:
        """The server dealt the hand the table was waiting for: deal it on screen."""

    def show_again(self) -> None:
        """The hand was rebuilt from the server's state: show it as it is, at once."""

    def on_online(self, event: TableEvent) -> None:
        """Something the server said that is not a move (a notice, a message, the connection)."""


class RemoteFlow(TableFlow):
    """One online match as this seat sees it (see the module docstring)."""

    def __init__(self, app: GameApp, link: OnlineLink, listener: RemoteListener, match: RemoteMatch) -> None:
        state = link.state
        assert state is not None and state.setup is not None
        self.link = link
        self.remote_listener = listener
        rules = state.setup.rules
        level = next((s.get("level") for s in state.seats if s.get("level")), state.setup.ai_level)
        kinds = tuple("person" if p == state.player else "ai" for p in range(rules.players))
        self.online_seating = self._seating(state)  # before the local flow's set-up asks for it
        super().__init__(app, match, listener, MatchSetup(kinds, str(level)), FlowOptions(records=False))
        self.match: RemoteMatch = match
        self.ai_players, self.seats, self.human_ai = {}, {}, None
        self.finished: dict[int, tuple[Hand, tuple[Seat, Seat]]] = {}
        """The real finished hands by number (from the server's exports), with their seats."""
        self.watching = False
        """True when this seat does not play the hand on the table (a spectator, or sitting out)."""
        self._deck: tuple[Card, ...] | None = None
        self._draws: dict[int, Card] = {}
        self._sent: tuple[Action, int | None] | None = None
        """The person's move sent and shown only once the server says what it did (a draw
        from the stock, a move that ends the hand), with where a drawn card goes."""
        self._waiting_deal = False
        self._last_version: int | None = None
        self.dealt_number = 0
        """The number of the hand on the table (or last on it); 0 before the first."""
        self.problem = ""
        """Why the table could not follow the server just now (shown, and a fresh copy asked for)."""

    # --- who is who -------------------------------------------------------------------------

    @property
    def seating(self) -> OnlineSeating:
        """Who is who at this table (as the server's last word on the seats says)."""
        return self.online_seating

    def _seating(self, state: TableState) -> OnlineSeating:
        computers = [s["player"] for s in state.seats if s.get("kind") == "ai"]
        return OnlineSeating.of_table(len(state.seats), state.player, computers)

    @property
    def opp_is_person(self) -> bool:
        """Whether a person (on another device) plays the opponent's seat."""
        return self.seating.is_remote_person(self.pairing[self.opp])

    @property
    def state(self) -> TableState | None:
        """The table as the server last described it."""
        return self.link.state

    # --- starting -----------------------------------------------------------------------------

    def resume(self) -> bool:
        """Show the hand in progress as it stands (watching, or coming back, mid-match);
        False when the person arrives at a hand just dealt to them: it is dealt on screen."""
        state = self.state
        if state is None or state.hand_players is None or state.stage == "waiting":
            self._waiting_deal = True
            return True
        if self._arriving(state):
            return False
        self._take_hand(state)
        self.hand = self._world(len(state.history))
        self.match.show(self.hand, self.pairing)
        if self.hand is not None and self.hand.is_over:
            self._hand_over()
        return True

    def _arriving(self, state: TableState) -> bool:
        """A seat's first sight of this hand: not a spectator, not a seat taken back, and
        none of the seat's own moves made yet (the others' first moves follow the deal)."""
        if self.link.returning or state.you is None or state.stage != "playing":
            return False
        return not any(event.player == state.you for event in state.history)

    def deal(self) -> Hand | None:
        """The server's newest hand as dealt (its moves follow, one per animation); None
        while the server has not dealt it yet (the table deals it when it comes)."""
        self.recorded = False
        self.result_wait = 0.6
        state = self.state
        if state is None or state.hand_players is None or state.hand_number <= self.dealt_number:
            self._waiting_deal = True
            self.hand = None
            return None
        self._waiting_deal = False
        self._take_hand(state)
        self.hand = self._world(0)
        self.match.show(self.hand, self.pairing)
        return self.hand

    def _take_hand(self, state: TableState) -> None:
        """A (new) hand on the table: who sits where, whose cards show, what was committed."""
        assert state.hand_players is not None
        self.hand_number = self.dealt_number = state.hand_number
        self.pairing = state.hand_players
        self.watching = state.you is None
        self.me = state.you if state.you is not None else 0
        self.opp = 1 - self.me
        self.shown_commitment = state.commitment
        self._deck, self._draws, self._sent = None, {}, None
        self.handover = None

    # --- the world ------------------------------------------------------------------------------

    def _known(self) -> Known | None:
        """What this seat knows of the hand on the table."""
        finished = self.finished.get(self.hand_number)
        if finished is not None:
            real = finished[0]
            view = real.view(self.me)
            return known_of_view(view, real.players)
        state = self.state
        if state is None or state.hand_number != self.hand_number or state.hand_players is None:
            return None
        rules = self.match.rules
        if state.view is not None:
            return known_of_view(state.view, state.hand_players)
        if state.public is not None:
            return known_of_public(state.public, rules, state.hand_players)
        return None

    def _available(self) -> int:
        """How many of the hand's moves the table may show now."""
        finished = self.finished.get(self.hand_number)
        if finished is not None:
            return len(finished[0].actions)
        known = self._known()
        return 0 if known is None else replayable(known)

    def _world(self, upto: int) -> Hand | None:
        """The world after the hand's first `upto` moves (the real hand once it is over)."""
        finished = self.finished.get(self.hand_number)
        if finished is not None:
            world = finished[0].as_dealt()
            for _, action in finished[0].actions[:upto]:
                world.apply(action)
            return world
        known = self._known()
        if known is None:
            return None
        world = build_world(known, draws=self._draws, previous=self._deck, upto=upto)
        self._deck = world.deck
        return world

    # --- the person's moves -----------------------------------------------------------------

    def human_turn(self) -> bool:
        """The person's turn, with the table caught up with the server and no draw in flight."""
        if self.watching or self._sent is not None or self.hand is None:
            return False
        return super().human_turn() and len(self.hand.actions) >= self._available()

    def submit(self, action: Action, insert_at: int | None = None, seat: int | None = None) -> bool:
        """The person's move: checked here, sent, and shown at once when its outcome is known.

        Moves for other seats come from the server only (`update`); asking for one here is refused.
        """
        hand = self.hand
        if seat is not None and seat != self.me:
            return False
        if hand is None or hand.is_over or self.watching:
            return False
        if not self.human_turn():
            if self._sent is not None:
                return False  # the move is on its way
            waiting = hand.to_act if hand.to_act is not None else self.opp
            who = self.seating.subject(self.pairing[waiting])
            self.listener.on_refused(f"Wait: it is {'the AI' if who == 'The AI' else who}'s turn.")
            return False
        try:
            hand.verify(action)
        except IllegalAction as refusal:
            self.listener.on_refused(sentence(str(refusal)))
            return False
        self.link.send(self._sender(action, hand))
        if isinstance(action, DrawStock) or self._ends_hand(hand, action):
            # Its outcome is the server's to say: the card drawn, the other seat's cards.
            self._sent = (action, insert_at)
            return True
        self._apply(self.me, action, insert_at)
        return True

    @staticmethod
    def _ends_hand(hand: Hand, action: Action) -> bool:
        """Whether `action` ends the hand (its result needs the cards this seat cannot see)."""
        trial = hand.as_dealt()
        for _, earlier in hand.actions:
            trial.apply(earlier)
        trial.apply(action)
        return trial.is_over

    def _sender(self, action: Action, hand: Hand) -> Callable[[Any], Awaitable[None]]:
        """The request that sends `action`, at the table version it was chosen at: the
        server's version now, or one on from the person's last move not yet echoed (each
        move moves the table on by one), so that a chain of moves (layoffs, then Done) lands
        whole while a move chosen on a table that changed meanwhile is refused."""
        state = self.state
        server = len(state.history) if state is not None and state.hand_number == self.hand_number else 0
        if len(hand.actions) > server and self._last_version is not None:
            version = self._last_version + 1
        else:
            version = state.version if state is not None else 0
        self._last_version = version

        async def send(session: Any) -> None:
            await session.act(action, version)

        return send

    def _apply(self, seat: int, action: Action, insert_at: int | None = None) -> None:
        """Play `action` for `seat` on the world and tell the table."""
        hand = self.hand
        assert hand is not None
        hand.apply(action)
        self.listener.on_action(seat, action, insert_at)
        if hand.is_over:
            self._hand_over()

    # --- the frame ----------------------------------------------------------------------------------

    def pump(self) -> None:
        """Take in what the server said since the last frame (never waits)."""
        for event in self.link.session.poll():
            self._on_event(event)

    def _on_event(self, event: TableEvent) -> None:
        kind = event.kind

        state = self.state
        if kind == "hand_over" and state is not None:
            self._keep_export(event.data)
        elif kind == "dealt" and self._waiting_deal:
            self.remote_listener.begin_hand()
        elif kind in ("table", "joined") and state is not None:
            self.online_seating = self._seating(state)
            if state.hand_over is not None:
                self._keep_export(state.hand_over)
            self.match.agree(state.scores, state.boxes)
            self._check_caught_up(rebuild=True)
        elif kind == "update" and state is not None:
            self._learn_draw(event.data)
            self.match.agree(state.scores, state.boxes)
            self._check_caught_up(rebuild=False)
        elif kind == "error":
            self._refused(event.data)
        self.remote_listener.on_online(event)

    def _keep_export(self, data: Mapping[str, Any]) -> None:
        """A finished hand's export: the real hand, checked by replaying it, and its seats."""
        number, export = data.get("number"), data.get("export")
        if not isinstance(number, int) or number in self.finished or export is None:
            return
        try:
            record, seats = read_export(export)
            real = Hand.from_dict(record)
        except Exception as error:  # a server's export that does not check out is reported
            self.problem = f"The server's record of hand {number} does not check out: {error}"
            return
        self.finished[number] = (real, seats)
        self._reveal(number)
        if real.result is not None and number not in {p.number for p in self.match.played}:
            players = self.match.rules.players
            out = [p for p in range(players) if p not in real.players]
            dealer = out[0] if players == 3 and out else real.players[real.dealer]
            entry = {"number": number, "players": list(real.players), "dealer": dealer,
                     "result": real.result.to_dict()}  # fmt: skip
            self.match.add(entry)
        state = self.state
        if state is not None:
            self.match.agree(state.scores, state.boxes)

    def _reveal(self, number: int) -> None:
        """The real hand is known: the hand on the table becomes it, at the same move, its
        face-down cards relabelled as what they really were (they turn over as it ends)."""
        hand = self.hand
        if hand is None or number != self.dealt_number or hand.is_over:
            return
        real = self.finished[number][0].as_dealt()
        for _, action in self.finished[number][0].actions[: len(hand.actions)]:
            real.apply(action)
        mapping = renames(hand, real)
        if mapping:
            self.remote_listener.rename_cards(mapping)
        self.hand = real
        self.match.show(real, self.pairing)

    def _learn_draw(self, frame: Mapping[str, Any]) -> None:
        """A draw from the stock for this seat: which card it was (the engine puts a drawn
        card last in the hand, and the update carries the seat's view)."""
        moved, part = frame.get("event"), frame.get("hand")
        if not isinstance(moved, dict) or moved.get("kind") != "draw_stock" or not isinstance(part, dict):
            return
        view, state = part.get("view"), self.state
        if not isinstance(view, dict) or state is None or moved.get("player") != part.get("you"):
            return
        try:
            drawn = Card.parse(str(view["hand"][-1]))
            index = int(view["history_length"]) - 1
        except (KeyError, IndexError, TypeError, ValueError):
            return
        if part.get("number") == self.dealt_number or self.hand is None:
            position = STOCK_FROM + sum(1 for e in state.history[:index] if e.kind == "draw_stock")
            self._draws[position] = drawn

    def _check_caught_up(self, rebuild: bool) -> None:
        """If what the table shows has left the server's path (a move refused or lost), show
        the server's hand as it is now. An update may lag the table by the person's own move
        not yet echoed; a fresh copy of the whole table (`rebuild`) may not."""
        hand, state = self.hand, self.state
        if hand is None or state is None or self.dealt_number != state.hand_number:
            return
        if self.dealt_number in self.finished:
            return
        server, shown = list(state.history), list(hand.history)
        common = min(len(server), len(shown))
        ahead = len(shown) - len(server)
        if shown[:common] != server[:common]:
            self._show_again("The table is back as the server has it.")
        elif ahead > 0 and rebuild:
            self._show_again("Your last move did not reach the server: make it again.")

    def _refused(self, data: Mapping[str, Any]) -> None:
        """The server refused the person's move: say why, and show the table as it has it."""
        code = data.get("code")
        if code in ("stale", "not_your_turn", "illegal", "not_now"):
            self._sent = None
            message = str(data.get("message") or "the server refused the move")
            if code in ("stale", "not_your_turn"):
                message = (
                    "Too late: the table had moved on (the computer plays a move when its time runs out)"
                )
            self._show_again(sentence(message))

    def _show_again(self, why: str) -> None:
        state = self.state
        if state is None or state.hand_number != self.hand_number:
            return
        self._sent = None
        try:
            self.hand = self._world(self._available())
        except MirrorError as error:
            self.problem = f"The table could not follow the server ({error}); asking it again."
            self.link.send(lambda session: session.sync())
            return
        self.match.show(self.hand, self.pairing)
        self.listener.on_refused(why)
        self.remote_listener.show_again()

    @property
    def busy(self) -> bool:
        """True while the server's moves wait to be shown (frames are needed)."""
        hand = self.hand
        if hand is None:
            return False
        if hand.is_over:
            return not self.recorded or self.result_wait > 0
        return len(hand.actions) < self._available()

    def update(self, dt: float, speed: float, may_act: bool) -> tuple[int, Action] | None:
        """Show the next of the server's moves, once the last one's animation is done."""
        hand = self.hand
        if hand is None or hand.is_over or not may_act:
            return None
        shown = len(hand.actions)
        if shown >= self._available():
            return None
        try:
            after = self._world(shown + 1)
        except MirrorError as error:
            self.problem = f"The table could not follow the server ({error}); asking it again."
            self.link.send(lambda session: session.sync())
            return None
        if after is None or len(after.actions) <= shown:
            return None
        seat, action = after.actions[shown]
        before = after.as_dealt()
        for _, earlier in after.actions[:shown]:
            before.apply(earlier)
        mapping = renames(hand, before)
        if mapping:
            self.remote_listener.rename_cards(mapping)
        self.hand = before
        self.match.show(before, self.pairing)
        insert_at = None
        if seat == self.me and self._sent is not None:
            insert_at = self._sent[1] if self._sent[0] == action else None
            self._sent = None
        self._apply(seat, action, insert_at)
        if self.hand is not None and not self.watching and self.state is not None:
            self._check_view()
        return None

    def _check_view(self) -> None:
        """Once caught up, the world must agree with the seat's view (a check worth its cost:
        a disagreement is a bug, and the table then shows the server's copy)."""
        hand, state = self.hand, self.state
        assert hand is not None and state is not None
        if self.hand_number in self.finished or state.hand_number != self.hand_number:
            return
        view: PlayerView | None = state.view
        if view is None or len(hand.actions) != len(state.history):
            return
        wrong = differences(hand, view)
        if wrong:
            self.problem = f"The table and the server disagreed ({', '.join(wrong)}); asking it again."
            self.link.send(lambda session: session.sync())

    def _hand_over(self) -> None:
        """The hand on the table is over (its result waits for the server's record)."""
        if self.recorded:
            return
        self.recorded = True
        self.result_wait = 0.6
        self.listener.on_hand_over()
        self.listener.on_scores()

    def result_due(self, dt: float, speed: float) -> bool:
        """The result opens after a pause, once the server's record of the hand is here."""
        if self.hand_number not in self.finished:
            return False
        return super().result_due(dt, speed)

    def export_seats(self) -> tuple[Seat, Seat] | None:
        """Who sat where in the finished hand on the table, as the server's export says."""
        finished = self.finished.get(self.hand_number)
        return finished[1] if finished is not None else None

    def seat_player(self, seat: int) -> AISeat | PersonSeat | None:
        """The export's description of a seat (an AI's level and seed), for the deal check."""
        seats = self.export_seats()
        return seats[seat] if seats is not None else None

    # --- what the local flow does that an online one does not ------------------------------------

    def ask_hint(self) -> bool:
        """No hints at an online table: the people there play for themselves."""
        return False

    def save_match(self) -> None:
        """The server keeps the match (the seat's token is kept by the link)."""

    def cancel(self) -> None:
        """Nothing thinks here."""
