"""The flow of a match at the table: whose turn it is, what the AI is doing, what comes next.

No drawing and no pygame here. :class:`TableFlow` owns the match, the hand on the table, the
AI seats that think a slice per frame, the AI-only hands of three- and four-player matches,
the pacing (a short pause before each AI move and before the result), statistics and the
saved match. The scene that shows it listens through :class:`FlowListener`: it hears about
every applied action, refusals, deals and the end of a hand, and animates them.

Every change to a hand goes through :meth:`TableFlow.submit`, which applies an engine action
for a seat, or reports the engine's reason for refusing it, and changes nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from game.rules import (
    Action,
    Card,
    Defence,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    IllegalAction,
    Knock,
    LayOff,
    Match,
    Pass,
    Phase,
    PlayerView,
    RuleSet,
    best_defence,
    best_melds,
)
from game.ui.players import BACKGROUND_BUDGET_S, YOU, BackgroundGame, human_seat, player_name
from game.ui.seats import AI, HINT_LEVEL, HUMAN, THINK_BUDGET_S, ThinkingSeat, make_ai

AI_PAUSE = 0.55
"""Seconds an AI waits before acting, so a person can follow its moves."""
RESULT_PAUSE = 1.1
"""Seconds to look at the laid-out hands before the result panel opens."""


def new_match(settings: Any, rng: random.Random) -> Match:
    """A match with the rules the settings describe (2, 3 or 4 players)."""
    rules = RuleSet.preset(settings.variant, bonuses=settings.bonuses, **settings.rule_options())
    return Match(rules, rng)


def sentence(text: str) -> str:
    """An engine message as a sentence: capital first letter, full stop at the end.

    >>> sentence("draw first")
    'Draw first.'
    """
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


class FlowListener(Protocol):
    """What the scene showing a flow is told."""

    def on_dealt(self) -> None:
        """A new hand of the human's is on the table (animate the deal)."""

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
    """One match as the human sees it: a hand at a time, AI seats, pacing, results."""

    def __init__(self, app: Any, match: Match | None, listener: FlowListener) -> None:
        self.app = app
        self.listener = listener
        self.match = match if match is not None else new_match(app.settings, random.Random(app.rng.random()))
        self.hand: Hand | None = None
        self.me = HUMAN
        """The seat shown at the bottom of the table (the human's)."""
        self.opp = AI
        self.pairing: tuple[int, int] = (0, 1)
        """The players in seats 0 and 1 of the hand on the table (the match may have dealt on)."""
        level = app.settings.ai_level
        self.seats: dict[int, ThinkingSeat] = {AI: ThinkingSeat(make_ai(level, seed=app.seed + 1))}
        """Thinking seats of the hand on the table (the AI's; and the human's in self-play)."""
        self.human_ai: ThinkingSeat | None = None
        if app.selfplay:
            self.human_ai = self.seats[HUMAN] = ThinkingSeat(make_ai(level, seed=app.seed + 2))
        self.ai_players: dict[int, ThinkingSeat] = {}
        """Three or four players: each AI player's thinking seat, by player number."""
        if self.multi:
            self.ai_players = {
                p: ThinkingSeat(make_ai(level, seed=app.seed + 1 + p))
                for p in range(1, self.match.rules.players)
            }
        self.background: BackgroundGame | None = None
        """A hand of the match played AI against AI, away from the table."""
        self.next_dealt: Hand | None = None
        """Three or four players: the human's next hand, dealt once the previous one ended."""
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

    # --- who is who ---------------------------------------------------------------------------

    @property
    def multi(self) -> bool:
        """True for three or four players."""
        return self.match.rules.players > 2

    def player_name(self, player: int) -> str:
        """A player's name at this match ("You", "AI", "AI 2", "AI North")."""
        return player_name(self.match, player)

    @property
    def opp_name(self) -> str:
        """The opponent at the table ("AI" with two players)."""
        return self.player_name(self.pairing[self.opp])

    @property
    def opp_the(self) -> str:
        """The opponent as the subject of a sentence ("The AI", "AI West")."""
        return "The AI" if not self.multi else self.opp_name

    def _seat_players(self) -> None:
        """Three or four players: who sits where in the hand just dealt."""
        if not self.multi:
            return
        seat = human_seat(self.match)
        assert seat is not None
        self.pairing = self.match.seats
        self.me, self.opp = seat, 1 - seat
        self.seats = {self.opp: self.ai_players[self.match.seats[self.opp]]}
        if self.human_ai is not None:
            self.seats[self.me] = self.human_ai

    # --- starting and resuming ----------------------------------------------------------------

    def resume(self) -> bool:
        """Pick up a saved match's hand in progress; False when a new hand must be dealt."""
        current = self.match.current
        if current is None or current.is_over:
            return False
        if human_seat(self.match) is None:
            self._play_away(current)  # resumed while the AIs play a hand without the human
            return True
        self.hand = current
        self._seat_players()
        self.hand_number = len(self.match.played) + 1
        return True

    def deal(self) -> Hand | None:
        """Deal the human's next hand (None while the AIs first play one without the human)."""
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
            self._seat_players()
        else:
            self.hand = self.match.new_hand()
        self.hand_number = len(self.match.played) + 1
        return self.hand

    def _deal_for_table(self, show: bool) -> Hand | None:
        """Deal the match's next hand: the human's, or one the AIs play away from the table."""
        hand = self.match.new_hand()
        if human_seat(self.match) is not None:
            return hand
        self._play_away(hand, show)
        return None

    def _play_away(self, hand: Hand, show: bool = True) -> None:
        """Start a hand the human does not play, and show it being played."""
        level = self.app.settings.ai_level
        seed = self.app.seed + 10 * len(self.match.played)

        def make(player: int) -> Any:
            return make_ai(level, seed=seed + player)

        self.background = BackgroundGame(self.match, hand, make)
        if show:
            self.listener.on_away()

    def finish_away(self) -> None:
        """The AI-only hand is over: score it (once)."""
        game = self.background
        assert game is not None
        if self.match.current is game.hand:
            self.match.record_hand(game.hand)
            self.listener.on_scores()
            self._count_match()
            self.save_match()

    # --- the human's options now --------------------------------------------------------------

    def view(self) -> PlayerView:
        """The human's view of the hand."""
        assert self.hand is not None
        return self.hand.view(self.me)

    def human_turn(self) -> bool:
        """True when the human is to act."""
        hand = self.hand
        return hand is not None and hand.to_act == self.me and not hand.is_over

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
        """The human's legal actions now (empty when it is not their turn)."""
        return self._turn_facts()[0]

    def knock_cards(self) -> list[Card]:
        """Cards the human may discard face down to knock."""
        return self._turn_facts()[1]

    def gin_cards(self) -> list[Card]:
        """Knock discards that leave no deadwood (gin)."""
        return self._turn_facts()[2]

    def suggested_defence(self) -> Defence | None:
        """The engine's best layoffs for the human defender now (cached per engine state)."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.LAYOFF or hand.to_act != self.me:
            return None
        key = (id(hand), len(hand.actions))
        if self._defence_key != key:
            self._defence = best_defence(hand.hands[self.me], hand.knocker_melds)
            self._defence_key = key
        return self._defence

    # --- changing the hand --------------------------------------------------------------------

    def submit(self, action: Action, insert_at: int | None = None, seat: int | None = None) -> bool:
        """Apply `action` for `seat` (the human's by default); on refusal say why.

        The engine applies an action for whoever is to act, so a click during the AI's turn
        must be stopped here, or the human would move for the AI.
        """
        hand = self.hand
        if seat is None:
            seat = self.me
        if hand is None or hand.is_over:
            return False
        if hand.to_act != seat:
            if seat == self.me:
                who = "the AI" if not self.multi else self.opp_name
                self.listener.on_refused(f"Wait: it is {who}'s turn.")
            return False
        try:
            hand.apply(action)
        except IllegalAction as refusal:
            self.listener.on_refused(sentence(str(refusal)))
            return False
        self.ai_wait = AI_PAUSE
        self.listener.on_action(seat, action, insert_at)
        if hand.is_over:
            self._hand_over()
        elif seat == self.me:
            self.save_match()  # a reload in the browser resumes at the human's last move
        return True

    def _hand_over(self) -> None:
        hand = self.hand
        assert hand is not None
        if self.recorded:
            return
        self.recorded = True
        self.result_wait = RESULT_PAUSE
        self.match.record_hand(hand)
        result = hand.result
        if result is not None and result.winner is not None and not self.app.selfplay:
            self.app.stats.record_hand(result.winner == self.me, result.kind.value)
            self.app.save_stats()
        self._count_match()
        if self.multi and not self.match.finished:
            self.next_dealt = self._deal_for_table(show=False)
        self.save_match()
        self.listener.on_hand_over()
        self.listener.on_scores()

    def _count_match(self) -> None:
        """Statistics once the match is over (the human's side is side 0)."""
        match = self.match
        if not match.finished or self.app.selfplay or self._match_counted:
            return
        self._match_counted = True
        self.app.stats.record_match(
            match.winner == YOU, match.margin if match.winner == YOU else 0, self.format_key()
        )
        self.app.save_stats()

    def format_key(self) -> str:
        """The variant and format, for statistics ("standard", "oklahoma, 3 players")."""
        rules = self.match.rules
        key = rules.variant.value
        if rules.players == 3:
            key += ", 3 players"
        elif rules.players == 4:
            key += ", partners"
        return key

    def save_match(self) -> None:
        """Keep the match so it can be continued (dropped once it is over)."""
        if self.app.selfplay or not self.app.persistence.available:
            return
        if self.match.finished:
            self.app.persistence.save("saved-match", None)
        else:
            self.app.persistence.save("saved-match", self.match.to_dict())

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
        """Start thinking about a hint for the human (False when it is not their turn)."""
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
        """True while something will happen without the human doing anything."""
        hand = self.hand
        if self.hint_seat is not None:
            return True
        if self.background is not None and not self.background.done:
            return True
        if hand is None:
            return False
        if hand.is_over:
            return not self.recorded or self.result_wait > 0
        return hand.to_act in self.seats

    def update(self, dt: float, speed: float, may_act: bool) -> tuple[int, Action] | None:
        """Advance the AI by a frame; the (seat, action) an AI decided on, if any.

        `may_act` is False while cards still move or something covers the table; the AI then
        waits (its thinking, already started, goes on).
        """
        self.play_background()
        hand = self.hand
        if hand is None or hand.is_over or not may_act:
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

    def play_background(self, watched: bool = False) -> None:
        """Advance the AI-only hand, if one is being played (scored once it ends)."""
        game = self.background
        if game is None:
            return
        if not game.done:
            game.step(BACKGROUND_BUDGET_S if watched else THINK_BUDGET_S)
        if game.done and self.match.current is game.hand:
            self.finish_away()


def meld_ordered(cards: list[Card], melds: Any) -> list[Card]:
    """`cards` with the given melds first (in meld order), then the rest by rank."""
    held = set(cards)
    ordered = [c for meld in melds for c in meld if c in held]
    rest = sorted((c for c in cards if c not in set(ordered)), key=lambda c: (c.rank, c.suit))
    return ordered + rest


def meld_breaks(cards: list[Card], melds: Any) -> list[int]:
    """Indices of `cards` (ordered by :func:`meld_ordered`) where a new meld or the deadwood starts."""
    starts, index = [], 0
    for meld in melds:
        starts.append(index)
        index += len(meld)
    starts.append(index)
    return [s for s in starts if 0 < s < len(cards)]


HUMAN_ACTIONS: dict[type, str] = {
    DrawStock: "draw_stock",
    DrawDiscard: "take_discard",
    Pass: "pass_turn",
    Discard: "discard",
    Knock: "knock",
    LayOff: "lay_off",
    EndLayoff: "finish_layoffs",
}
"""Self-play: the control method that carries out each kind of action for the human seat."""

Controller = Callable[..., Any]
