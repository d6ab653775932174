"""The flow of a match at the table: whose turn it is, what the AI is doing, what comes next.

No drawing and no pygame here. :class:`TableFlow` owns the match, the hand on the table, the
AI seats that think a slice per frame, the AI-only hands of three- and four-player matches,
the pacing (a short pause before each AI move and before the result), statistics and the
saved match. The scene that shows it listens through :class:`FlowListener`: it hears about
every applied action, refusals, deals and the end of a hand, and animates them.

A practice table (a one-hand game, the tutorial) says how it differs with
:class:`FlowOptions`: how its hands are dealt (from a given deck), who plays the computer's
seats, and that nothing is recorded (no statistics, no saved match).

Every change to a hand goes through :meth:`TableFlow.submit`, which applies an engine action
for a seat, or reports the engine's reason for refusing it, and changes nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.rules import (
    Action,
    Card,
    Defence,
    Hand,
    IllegalAction,
    Knock,
    Match,
    Phase,
    PlayerView,
    best_defence,
    best_melds,
    fingerprint,
)
from game.storage.settings import MatchSetup, Settings
from game.storage.stats import Bucket
from game.ui.core.scene import GameApp
from game.ui.core.seating import YOU, Seating, person_seats
from game.ui.table.background import BackgroundGame
from game.ui.table.seats import HINT_LEVEL, ThinkingSeat, make_ai

AI_PAUSE = 0.55
"""Seconds an AI waits before acting, so a person can follow its moves."""
RESULT_PAUSE = 1.1
"""Seconds to look at the laid-out hands before the result panel opens."""


def new_match(settings: Settings, rng: random.Random) -> Match:
    """A match with the rules and first dealer the settings describe (2, 3 or 4 players)."""
    match: Match = settings.new_match(rng)
    return match


def default_setup(settings: Settings, match: Match) -> MatchSetup:
    """Who plays each seat of `match` when nobody said: the settings' seats for a match of
    the settings' size, else a person at player 0 and the computer everywhere else."""
    players = match.rules.players
    setup: MatchSetup = settings.match_setup()
    if len(setup.seats) == players:
        return setup
    return MatchSetup(("person",) + ("ai",) * (players - 1), settings.ai_level)


def sentence(text: str) -> str:
    """An engine message as a sentence: capital first letter, full stop at the end.

    >>> sentence("draw first")
    'Draw first.'
    """
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def shuffled(match: Match) -> Hand:
    """How a match deals its hands unless told otherwise: shuffled with its generator."""
    return match.new_hand()


@dataclass(frozen=True)
class FlowOptions:
    """How a table's flow differs from a match's: for one-hand games and the tutorial.

    `deal` deals the match's next hand (from a given deck: ``match.deal_from(...)``);
    `players` replaces the computer players of some seats (a given AI, a scripted
    opponent); `records` False keeps no statistics and never saves the match; `checks_deal`
    False shows no deal check (a prepared deal is not a fair shuffle, and says so).
    """

    deal: Callable[[Match], Hand] = shuffled
    players: Mapping[int, Any] = field(default_factory=dict)
    records: bool = True
    checks_deal: bool = True
    keep: Callable[[Hand], None] | None = None
    """Where a game that is not a saved match keeps its hand in progress (the daily deal),
    told whenever a match would be saved: after the person's moves, at the end, on leaving."""


class FlowListener(Protocol):
    """What the scene showing a flow is told."""

    def on_action(self, seat: int, action: Action, insert_at: int | None) -> None:
        """`action` was applied for `seat` (animate it)."""

    def on_refused(self, reason: str) -> None:
        """The human's action was refused; `reason` is a sentence for the player."""

    def on_hand_over(self) -> None:
        """The hand on the table just ended and was scored."""

    def on_scores(self) -> None:
        """The match's scores changed (count them up)."""

    def on_away(self) -> None:
        """An AI-only hand of the match is being played: show it."""


class TableFlow:
    """One match as the people at the table see it: a hand at a time, AI seats, pacing,
    results, and passing the device between people.

    `me` is the seat shown at the bottom of the table: the person who holds the device (the
    viewer). With one person in a hand it is theirs; with two (pass and play) it follows the
    turn, and each change waits in `handover` until the scene has hidden the table and the
    next person says they are ready (`take_device`).
    """

    def __init__(
        self,
        app: GameApp,
        match: Match | None,
        listener: FlowListener,
        setup: MatchSetup | None = None,
        options: FlowOptions | None = None,
    ) -> None:
        self.app = app
        self.listener = listener
        self.options = options if options is not None else FlowOptions()
        self.match = match if match is not None else new_match(app.settings, app.match_rng())
        chosen = setup if setup is not None else default_setup(app.settings, self.match)
        # The AI's seed goes with the match (a saved one is kept), so that after a restart the
        # AI plays on as itself and an exported hand verifies.
        self.setup: MatchSetup = chosen.with_ai_seed(app.seed) if chosen.has_ai else chosen
        self.hand: Hand | None = None
        self.me = 0
        """The seat shown at the bottom of the table (the person holding the device)."""
        self.opp = 1
        self.pairing: tuple[int, int] = (0, 1)
        """The players in seats 0 and 1 of the hand on the table (the match may have dealt on)."""
        self.viewer: int | None = None
        """The player who last took the device (pass and play); None before anyone has."""
        self.handover: int | None = None
        """The seat the device must be passed to before play goes on (None: nobody waits)."""
        players = self.match.rules.players
        level = self.setup.ai_level
        given = self.options.players
        self.ai_players: dict[int, ThinkingSeat] = {
            p: ThinkingSeat(
                given[p] if p in given else make_ai(level, seed=self.ai_seed + (p if players == 2 else 1 + p))
            )
            for p in range(players)
            if not self.seating.is_person(p)
        }
        """Each computer player's thinking seat, by player number."""
        self.human_ai: ThinkingSeat | None = None
        """Self-play: the AI playing player 0's seat in the person's place."""
        if app.selfplay:
            self.human_ai = ThinkingSeat(make_ai(level, seed=self.ai_seed + 2))
        self.seats: dict[int, ThinkingSeat] = {}
        """Thinking seats of the hand on the table, by seat (tests may put scripts here)."""
        self._seats_for: tuple[int, int] | None = None
        self._build_seats()
        records = self.options.records and not app.selfplay
        self.bucket = Bucket.for_match(self.match.rules, self.setup) if records else None
        """Where statistics go; None when they are not kept (the computer plays player 0)."""
        self.background: BackgroundGame | None = None
        """A hand of the match played AI against AI, away from the table."""
        self.next_dealt: Hand | None = None
        """Three or four players: the next hand at the table, dealt once the previous one ended."""
        self.hand_number = 1
        self.ai_wait = 0.0
        self.result_wait = RESULT_PAUSE
        self.recorded = False
        self._match_counted = False
        self._facts_key: tuple[int, int] | None = None
        self._facts: tuple[list[Action], list[Card], list[Card]] = ([], [], [])
        self._defence_key: tuple[int, int] | None = None
        self._defence: Defence | None = None
        self.hint_seat: ThinkingSeat | None = None
        self.hint_for: tuple[PlayerView, int] | None = None
        self.shown_commitment: str | None = None
        """The commitment of the hand on the table as the table showed it before play."""

    # --- who is who ---------------------------------------------------------------------------

    @property
    def seating(self) -> Seating:
        """Who plays each player and their names (the settings' names, as they are now)."""
        return Seating.of(self.match, self.setup, self.app.settings.names)

    @property
    def ai_seed(self) -> int:
        """The seed this match's computer players' seeds are made from (kept with the match)."""
        return self.setup.ai_seed if self.setup.ai_seed is not None else self.app.seed

    @property
    def multi(self) -> bool:
        """True for three or four players."""
        return self.match.rules.players > 2

    def player_name(self, player: int) -> str:
        """A player's name at this match ("You", "AI", "AI West", "West")."""
        return self.seating.name(player)

    @property
    def viewer_player(self) -> int:
        """The player shown at the bottom of the table."""
        return self.pairing[self.me]

    @property
    def opp_name(self) -> str:
        """The opponent at the table ("AI" with two players and one person)."""
        return self.player_name(self.pairing[self.opp])

    @property
    def opp_the(self) -> str:
        """The opponent as the subject of a sentence ("The AI", "AI West", "North")."""
        return self.seating.subject(self.pairing[self.opp])

    @property
    def opp_is_person(self) -> bool:
        """Whether a person plays the opponent's seat (pass and play)."""
        return self.seating.is_person(self.pairing[self.opp])

    def _build_seats(self) -> None:
        """The thinking seats of the pairing dealt (kept while the pairing stays the same)."""
        pairing = self.match.seats
        if pairing == self._seats_for:
            return
        self._seats_for = pairing
        self.seats = {seat: self.ai_players[p] for seat, p in enumerate(pairing) if p in self.ai_players}
        if self.human_ai is not None and YOU in pairing:
            self.seats[pairing.index(YOU)] = self.human_ai

    def _seat_players(self) -> None:
        """Who sits where in the hand just dealt or resumed, and whose cards show."""
        assert self.hand is not None
        self.pairing = self.match.seats
        self._build_seats()
        people = person_seats(self.match, self.seating)
        if len(people) == 2 and self.hand.to_act is not None:
            self.me = self.hand.to_act
        else:
            self.me = people[0] if people else 0
        self.opp = 1 - self.me
        self._ask_for_device(self.me)

    def _ask_for_device(self, seat: int) -> None:
        """Pass and play: the device must go to `seat`'s person unless they hold it already."""
        player = self.pairing[seat]
        if self.seating.shared and self.seating.is_person(player) and player != self.viewer:
            self.handover = seat
        else:
            self.handover = None
            if self.seating.is_person(player):
                self.viewer = player

    def take_device(self) -> None:
        """The person the device was passed to is ready: their cards go to the bottom."""
        if self.handover is None:
            return
        self.me, self.opp = self.handover, 1 - self.handover
        self.viewer = self.pairing[self.me]
        self.handover = None
        self._facts_key = self._defence_key = None

    # --- starting and resuming ----------------------------------------------------------------

    def resume(self) -> bool:
        """Pick up a saved match's hand in progress; False when a new hand must be dealt."""
        current = self.match.current
        if current is None or current.is_over:
            return False
        if not person_seats(self.match, self.seating) and self.multi:
            self._play_away(current)  # resumed while the AIs play a hand without a person
            return True
        self.hand = current
        self._seat_players()
        self.hand_number = len(self.match.played) + 1
        self.shown_commitment = current.commitment
        return True

    def deal(self) -> Hand | None:
        """Deal the next hand at the table (None while the AIs first play one without a person)."""
        for seat in self.seats.values():
            seat.cancel()
        self.recorded = False
        self.result_wait = RESULT_PAUSE
        if self.multi:
            hand = self.next_dealt or self._deal_for_table(show=True)
            self.next_dealt = None
            self.hand = hand
            if hand is None:
                return None
        else:
            self.hand = self.options.deal(self.match)
        self._seat_players()
        self.hand_number = len(self.match.played) + 1
        self.shown_commitment = self.hand.commitment if self.hand is not None else None
        return self.hand

    def _deal_for_table(self, show: bool) -> Hand | None:
        """Deal the match's next hand: one a person plays, or one the AIs play away from the table."""
        hand = self.options.deal(self.match)
        if person_seats(self.match, self.seating):
            return hand
        self._play_away(hand, show)
        return None

    def _play_away(self, hand: Hand, show: bool = True) -> None:
        """Start a hand no person plays, and show it being played."""
        level = self.setup.ai_level
        seed = self.ai_seed + 10 * len(self.match.played)

        def make(player: int) -> Any:
            return make_ai(level, seed=seed + player)

        self.background = BackgroundGame(self.match, hand, make, self.seating)
        if show:
            self.listener.on_away()

    def clear_table(self) -> None:
        """Take the finished hand off the table (the AIs play one without a person now)."""
        if self.hand is not None and self.hand.is_over:
            self.hand = None

    def deal_check(self) -> tuple[bool, str] | None:
        """After the hand: (whether the revealed terms of the deal give the commitment shown
        before it, that commitment's fingerprint); None for a hand dealt without a commitment."""
        hand = self.hand
        shown = self.shown_commitment
        if hand is None or not hand.is_over or shown is None or not self.options.checks_deal:
            return None
        return hand.commitment_matches(shown), fingerprint(shown)

    def finish_away(self) -> None:
        """The AI-only hand is over: score it (once)."""
        game = self.background
        assert game is not None
        if self.match.current is game.hand:
            self.match.record_hand(game.hand)
            self.listener.on_scores()
            self._count_match()
            self.save_match()

    # --- the viewer's options now -------------------------------------------------------------

    def view(self) -> PlayerView:
        """The viewer's view of the hand."""
        assert self.hand is not None
        return self.hand.view(self.me)

    def human_turn(self) -> bool:
        """True when the person at the bottom of the table is to act (and holds the device)."""
        hand = self.hand
        return hand is not None and hand.to_act == self.me and not hand.is_over and self.handover is None

    def _turn_facts(self) -> tuple[list[Action], list[Card], list[Card]]:
        """Legal actions, knock discards and gin discards, computed once per engine state.

        The buttons ask every frame; the engine's answer only changes when an action is
        applied, so it is cached against the number of actions taken.
        """
        hand = self.hand
        if hand is None or not self.human_turn():
            return [], [], []
        key = (id(hand), len(hand.actions))
        if self._facts_key != key:
            legal = hand.legal_actions()
            knocks = [a.card for a in legal if isinstance(a, Knock) and a.card is not None]
            held = hand.hands[self.me]
            gins = [c for c in knocks if best_melds([h for h in held if h != c]).deadwood_value == 0]
            self._facts = (legal, knocks, gins)
            self._facts_key = key
        return self._facts

    def legal(self) -> list[Action]:
        """The viewer's legal actions now (empty when it is not their turn)."""
        return self._turn_facts()[0]

    def knock_cards(self) -> list[Card]:
        """Cards the viewer may discard face down to knock."""
        return self._turn_facts()[1]

    def gin_cards(self) -> list[Card]:
        """Knock discards that leave no deadwood (gin)."""
        return self._turn_facts()[2]

    def suggested_defence(self) -> Defence | None:
        """The engine's best layoffs for the viewer as defender now (cached per engine state)."""
        hand = self.hand
        if (
            hand is None
            or hand.phase is not Phase.LAYOFF
            or hand.to_act != self.me
            or self.handover is not None
        ):
            return None
        key = (id(hand), len(hand.actions))
        if self._defence_key != key:
            self._defence = best_defence(hand.hands[self.me], hand.knocker_melds)
            self._defence_key = key
        return self._defence

    # --- changing the hand --------------------------------------------------------------------

    def submit(self, action: Action, insert_at: int | None = None, seat: int | None = None) -> bool:
        """Apply `action` for `seat` (the viewer's by default); on refusal say why.

        The engine applies an action for whoever is to act, so a click during another
        player's turn must be stopped here, or the viewer would move for them.
        """
        hand = self.hand
        if seat is None:
            seat = self.me
        if hand is None or hand.is_over:
            return False
        if hand.to_act != seat or (seat == self.me and self.handover is not None):
            if seat == self.me:
                waiting = hand.to_act if hand.to_act is not None else self.opp
                who = self.seating.subject(self.pairing[waiting])
                who = "the AI" if who == "The AI" else who
                self.listener.on_refused(f"Wait: it is {who}'s turn.")
            return False
        try:
            hand.apply(action)
        except IllegalAction as refusal:
            self.listener.on_refused(sentence(str(refusal)))
            return False
        self.ai_wait = AI_PAUSE
        to_act = hand.to_act
        if not hand.is_over and to_act is not None and to_act != self.me:
            self._ask_for_device(to_act)  # pass and play: the other person's turn
        self.listener.on_action(seat, action, insert_at)
        if hand.is_over:
            self._hand_over()
        elif self.seating.is_person(self.pairing[seat]):
            self.save_match()  # a reload in the browser resumes at the person's last move
        elif self.options.keep is not None and not self.app.selfplay:
            self.options.keep(hand)  # a kept hand (the daily deal) resumes after the AI's move too
        return True

    def _hand_over(self) -> None:
        hand = self.hand
        assert hand is not None
        if self.recorded:
            return
        self.recorded = True
        self.result_wait = RESULT_PAUSE
        self.match.record_hand(hand)
        self._count_hand(hand)
        self._count_match()
        if self.multi and not self.match.finished:
            self.next_dealt = self._deal_for_table(show=False)
        self.save_match()
        self.listener.on_hand_over()
        self.listener.on_scores()

    def _count_hand(self, hand: Hand) -> None:
        """Statistics for a hand player 0 played (never for anyone else's seat)."""
        result = hand.result
        if self.bucket is None or result is None or result.winner is None or YOU not in self.pairing:
            return
        won = result.winner == self.pairing.index(YOU)
        points = result.points
        self.app.stats.record_hand(
            self.bucket, won, result.kind.value, points if won else 0, 0 if won else points
        )
        self.app.persistence.save_stats(self.app.stats)

    def _count_match(self) -> None:
        """Statistics once the match is over (player 0's side)."""
        match = self.match
        if not match.finished or self.bucket is None or self._match_counted:
            return
        self._match_counted = True
        won = match.winner == match.side_of(YOU)
        self.app.stats.record_match(self.bucket, won, match.margin)
        self.app.persistence.save_stats(self.app.stats)

    def save_match(self) -> None:
        """Keep the match and its seats so it can be continued (dropped once it is over)."""
        keep = self.options.keep
        if keep is not None and self.hand is not None and not self.app.selfplay:
            keep(self.hand)
        if self.app.selfplay or not self.options.records or not self.app.persistence.available:
            return
        self.app.persistence.save_match(self.match, self.setup)

    def cancel(self) -> None:
        """Stop every thinking seat (leaving the table)."""
        for seat in self.seats.values():
            seat.cancel()
        if self.background is not None:
            self.background.cancel()
        if self.hint_seat is not None:
            self.hint_seat.cancel()
            self.hint_seat = None

    # --- hints ----------------------------------------------------------------------------------

    def ask_hint(self) -> bool:
        """Start thinking about a hint for the viewer (False when it is not their turn)."""
        if not self.human_turn():
            return False
        assert self.hand is not None
        # The hint comes from the same cooperative search as the AI's moves, a slice per
        # frame, so asking for one never stalls the table.
        self.hint_seat = ThinkingSeat(make_ai(HINT_LEVEL, seed=self.app.seed + 3))
        self.hint_for = (self.view(), len(self.hand.actions))
        self.hint_seat.start(self.hint_for[0])
        return True

    def think_hint(self) -> tuple[PlayerView, Action] | None:
        """Advance the hint's thinking; (the view asked about, the advice) once it is ready."""
        seat, asked = self.hint_seat, self.hint_for
        if seat is None or asked is None or self.hand is None:
            return None
        if len(self.hand.actions) != asked[1]:
            seat.cancel()  # the moment passed
            self.hint_seat = None
            return None
        action = seat.step()
        if action is None:
            return None
        self.hint_seat = None
        return asked[0], action

    # --- the frame --------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while something will happen at the table without anyone doing anything."""
        hand = self.hand
        if self.hint_seat is not None:
            return True
        if hand is None or self.handover is not None:
            return False
        if hand.is_over:
            return not self.recorded or self.result_wait > 0
        return hand.to_act in self.seats

    def update(self, dt: float, speed: float, may_act: bool) -> tuple[int, Action] | None:
        """Advance the AI by a frame; the (seat, action) an AI decided on, if any.

        `may_act` is False while cards still move or something covers the table; the AI then
        waits (its thinking, already started, goes on).
        """
        hand = self.hand
        if hand is None or hand.is_over or not may_act or self.handover is not None:
            return None
        seat_index = hand.to_act
        seat = self.seats.get(seat_index) if seat_index is not None else None
        if seat is None or seat_index is None:
            return None
        if not seat.thinking:
            self.ai_wait -= dt * (speed if speed > 0 else 1e9)
            if self.ai_wait > 0:
                return None
            seat.start(hand.view(seat_index))
        action = seat.step()
        if action is None:
            return None
        return seat_index, action

    def result_due(self, dt: float, speed: float) -> bool:
        """Count down the pause after a hand; True once the result should open."""
        hand = self.hand
        if hand is None or not hand.is_over:
            return False
        self.result_wait -= dt * (speed if speed > 0 else 1e9)
        return self.result_wait <= 0

    def play_background(self, dt: float = 0.0, speed: float = 1.0, watched: bool = False) -> None:
        """Advance the AI-only hand while it is watched (scored once it ends).

        It waits while not on screen, so the person can watch it from its first move.
        """
        game = self.background
        if game is None:
            return
        if not game.done and watched:
            game.advance(dt, speed, game.paced)
        if game.done and self.match.current is game.hand:
            self.finish_away()


def meld_ordered(cards: list[Card], melds: Sequence[Sequence[Card]]) -> list[Card]:
    """`cards` with the given melds first (in meld order), then the rest by rank."""
    held = set(cards)
    ordered = [c for meld in melds for c in meld if c in held]
    rest = sorted((c for c in cards if c not in set(ordered)), key=lambda c: (c.rank, c.suit))
    return ordered + rest


def meld_breaks(cards: list[Card], melds: Sequence[Sequence[Card]]) -> list[int]:
    """Indices of `cards` (ordered by :func:`meld_ordered`) where a new meld or the deadwood starts."""
    starts, index = [], 0
    for meld in melds:
        starts.append(index)
        index += len(meld)
    starts.append(index)
    return [s for s in starts if 0 < s < len(cards)]
