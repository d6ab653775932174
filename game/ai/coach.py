"""The coach: a review of one hand, each of a player's decisions against the expert's.

``Review(hand, player)`` replays the hand's record. At every decision the player made (take
or pass the upcard, draw from the stock or the discard pile, which card to discard, whether
to knock, which arrangement, which layoffs) it rebuilds the view that player had then, asks
the expert level for its values of the actions open (:meth:`SearchPlayer.appraise`) and
charges the player's choice what it gave up against the expert's, in expected points.
Choices that cost less than ``threshold`` are not flagged.

Only the view at the moment of a decision goes into its judgement: its cost, the expert's
choice and whether it is flagged never depend on the opponent's hidden cards or the stock.
Explanations may tell what happened afterwards (the hand is over, everything is shown), for
example that the opponent took the card and melded it.

The work runs in slices like the AI's thinking (:meth:`Review.steps`, one slice per
``next()``), so a screen can review while it keeps drawing frames. The wording of the
judgements and of the summary lives in :mod:`game.ai.coach_text`.

>>> import random
>>> from game.ai import make_player
>>> from game.rules import Hand, RuleSet
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=1, rng=random.Random(4))
>>> players = [make_player("random", 1), make_player("hard", 2)]
>>> while not hand.is_over:
...     _ = hand.apply(players[hand.to_act].choose(hand.view(hand.to_act)))
>>> review = Review(hand.to_dict(), player=0)
>>> report = review.run()
>>> print(report.summary)
7 decisions cost about 40.7 points; the biggest: drawing from the stock on turn 11 cost about 14.1 points
>>> discard = report.decisions[5]
>>> print(discard.text)
Turn 5: you discarded A♠; the expert would discard 8♣ (about 3.6 points): 8♣ fits none of your other cards; A♠ stays: it goes with 2♠; your A♠ gave the AI its run A♠2♠3♠
>>> discard.index, discard.kind, discard.played, discard.expert, discard.flagged
(11, 'discard', (Discard(card=Card.parse('AS')),), (Discard(card=Card.parse('8C')),), True)

Step back to that moment: the view the player had, and the action played from there. The
whole table is shown only once the hand is over.

>>> position = review.position(discard.index)
>>> position.view.player, position.action == (0, discard.played[0]), position.full is None
(0, True, True)
>>> review.position(review.length).full is not None
True

A screen runs the same review a slice per frame:

>>> work, slices = review.steps(), 0
>>> while True:
...     try:
...         next(work)
...     except StopIteration as done:
...         sliced = done.value
...         break
...     slices += 1
>>> sliced == report, slices > 100
(True, True)
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.ai.base import finish
from game.ai.coach_text import cards_text, consequence, describe_decision, gerund, points_text
from game.ai.levels import CONFIGS
from game.ai.reasons import discard_reason, think_discard_values
from game.ai.search import Appraisal, SearchPlayer
from game.rules import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    Knock,
    LayOff,
    Pass,
    Phase,
    PlayerView,
    best_defence,
    card_symbol,
    cards_to_mask,
    deadwood_value,
    score_hand,
)

COACH_LEVEL = "expert"
#: Opponent hands the coach's expert samples (the level itself samples 300). The reading is
#: the noisy part of the expert's values; four times the samples halves the spread of its
#: judgements of one view across seeds (``tools/bench_coach.py --noise``) for under twice
#: the time, so that a verdict depends on the position, not on the coach's sampling luck.
COACH_BELIEF_SAMPLES = 1200
COACH_KNOCK_SAMPLES = 96  # opponent hands a knock is tested against (the level: 24), likewise
DEFAULT_THRESHOLD = 1.5  # points: a choice costing less is a near-tie, not a mistake
#: Expected points per unit of the hand evaluator's cost (``Appraisal.costs``), for a draw
#: (or upcard) decision and for a discard: the slope of the points a choice really lost,
#: played out from the true deal by the expert, against the cost difference the expert
#: predicted (``tools/bench_coach.py --validate``: 0.87 and 0.54, standard errors 0.08 and
#: 0.06, over 902 and 695 played-out pairs).
DRAW_POINTS_PER_UNIT = 0.85
DISCARD_POINTS_PER_UNIT = 0.55
#: Knocking now against playing on is judged by the expert's own values of both, under the
#: rules and the score being played (:mod:`game.ai.knocking`). Where the appraisal has no
#: value of playing on (the last-discard chance), ``KNOCK_EDGE - UNDERCUT_SWING * u`` stands
#: in, ``u`` being the sampled undercut chance: fitted under the classic bonuses by the same
#: tool over 1,009 positions where a knock was legal, both played out.
KNOCK_EDGE = 4.5
UNDERCUT_SWING = 10.0

KINDS = ("upcard", "draw", "discard", "knock", "last_chance", "arrange", "layoff")


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the player's decisions, judged against the expert's.

    ``index`` is the number of actions played before it: :meth:`Review.position` with it
    shows the table as the player saw it. ``played`` is what the player did and ``expert``
    what the expert would have done (several actions for the layoffs, one otherwise).
    ``cost`` is the expected points the player's choice gave up (0 when it is the expert's
    choice, or when the expert's own values do not rate it lower).
    """

    index: int
    turn: int
    kind: str
    played: tuple[Action, ...]
    expert: tuple[Action, ...]
    cost: float
    flagged: bool
    text: str
    headline: str  # a short phrase for the summary, e.g. "discarding 7♥ on turn 5"


@dataclass(frozen=True, slots=True)
class Report:
    """The finished review: every decision, and a summary line."""

    player: int
    threshold: float
    decisions: tuple[Decision, ...]
    summary: str

    @property
    def flagged(self) -> tuple[Decision, ...]:
        """The decisions that cost at least the threshold, in the order played."""
        return tuple(d for d in self.decisions if d.flagged)

    @property
    def total_cost(self) -> float:
        """Expected points lost by the flagged decisions together."""
        return sum(d.cost for d in self.flagged)


@dataclass(frozen=True, slots=True)
class Position:
    """The table after ``index`` actions, for stepping through a hand.

    ``view`` is what the reviewed player saw. ``full`` is the whole table (both hands, the
    stock) and is given only once the hand is over, as it was shown at the table.
    ``action`` is the next action played from here, as (seat, action), or None at the end.
    """

    index: int
    view: PlayerView
    action: tuple[int, Action] | None
    full: Hand | None


class Review:
    """A review of ``hand`` (a :class:`Hand` or its record) for seat ``player``.

    A hand still in progress is reviewed up to its last action. ``seed`` seeds the expert
    (its judgements are fixed by the seed and each view). Bad input is refused: a corrupt
    record raises :class:`~game.rules.RecordError`, a seat other than 0 or 1 ``ValueError``.
    """

    def __init__(
        self,
        hand: Hand | Mapping[str, Any],
        player: int = 0,
        threshold: float = DEFAULT_THRESHOLD,
        seed: int = 0,
        opponent: str = "the AI",
    ) -> None:
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"player must be seat 0 or 1, not {player!r}")
        if not threshold >= 0:
            raise ValueError(f"the threshold is points, at least 0, not {threshold!r}")
        self.hand = hand if isinstance(hand, Hand) else Hand.from_dict(dict(hand))
        self.player = player
        self.threshold = float(threshold)
        self.opponent = opponent
        self.expert = coach_expert(seed)
        self.reviewed = 0
        """How many of the hand's actions :meth:`steps` has got through (for a progress bar)."""

    @property
    def length(self) -> int:
        """How many actions the hand has: positions run from 0 (the deal) to this."""
        return len(self.hand.actions)

    def run(self) -> Report:
        """The whole review at once (:meth:`steps` run to its end)."""
        return finish(self.steps())

    def steps(self) -> Generator[None, None, Report]:
        """Review in slices: each ``next()`` does about one slice of the AI's thinking."""
        state = replay(self.hand, 0)
        decisions: list[Decision] = []
        layoff_start: tuple[int, PlayerView] | None = None
        for index, (seat, action) in enumerate(self.hand.actions):
            if seat == self.player:
                view = state.view(seat)
                if view.phase is Phase.LAYOFF:
                    layoff_start = layoff_start or (index, view)
                elif len(view.legal_actions) > 1:
                    decisions.append((yield from self.judge(index, view, action)))
            state.apply(action)
            if layoff_start is not None and state.phase is not Phase.LAYOFF:
                start, view = layoff_start
                played = tuple(a for _, a in self.hand.actions[start : index + 1])
                if len(view.legal_actions) > 1:
                    decisions.append(self.judge_layoffs(start, view, played))
                layoff_start = None
            self.reviewed = index + 1
            yield
        return Report(self.player, self.threshold, tuple(decisions), self.summary(decisions))

    def position(self, index: int) -> Position:
        """The table after the first ``index`` actions (0: as dealt; :attr:`length`: the end)."""
        if not 0 <= index <= self.length:
            raise ValueError(f"position {index} is outside the hand (0 to {self.length})")
        state = replay(self.hand, index)
        after = self.hand.actions[index] if index < self.length else None
        return Position(index, state.view(self.player), after, state if state.is_over else None)

    # --- judging one decision ---------------------------------------------------------------

    def judge(self, index: int, view: PlayerView, played: Action) -> Generator[None, None, Decision]:
        """The expert's values for ``view``, and what ``played`` cost against its pick."""
        appraisal = yield from self.expert.appraise(view, also=(played,))
        kind = decision_kind(view, played, appraisal.pick)
        cost = round(points_lost(appraisal, played), 1)
        flagged = cost >= self.threshold and cost > 0
        text = describe_decision(view, kind, played, appraisal, cost, flagged)
        pick = appraisal.pick
        if kind == "discard" and isinstance(pick, Discard) and isinstance(played, Discard) and pick != played:
            # What set the expert's discard apart from the one played, by its own values.
            values = yield from think_discard_values(view, COACH_LEVEL)
            text += ": " + discard_reason(view, pick.card, values, rival=played.card, danger_note=False)
        if flagged:
            text += self.aftermath(index, played)
        headline = f"{gerund(view, kind, played)} on turn {view.turn + 1}"
        return Decision(
            index, view.turn + 1, kind, (played,), (appraisal.pick,), cost, flagged, text, headline
        )

    def judge_layoffs(self, index: int, view: PlayerView, played: tuple[Action, ...]) -> Decision:
        """The defender's layoffs (``played``) as one decision: points lost against the best defence.

        Exact: the knocker's melds and the defender's cards are all the defender needs.
        """
        best = best_defence(view.hand, view.knocker_melds)
        laid = [a.card for a in played if isinstance(a, LayOff)]
        left = deadwood_value(cards_to_mask(view.hand) & ~cards_to_mask(laid))
        cost = float(defender_points(view, best.deadwood_value) - defender_points(view, left))
        expert: tuple[Action, ...] = (*(LayOff(card, meld) for card, meld in best.layoffs), EndLayoff())
        flagged = cost >= self.threshold and cost > 0
        mine = cards_text(laid) if laid else "nothing"
        text = f"Turn {view.turn + 1}: you laid off {mine}, leaving {left} deadwood"
        if cost > 0:
            best_laid = cards_text([c for c, _ in best.layoffs]) if best.layoffs else "nothing"
            text += (
                f"; the best defence lays off {best_laid} and leaves {best.deadwood_value} "
                f"(about {points_text(cost)})"
            )
        else:
            text += ", the best defence"
        headline = f"laying off {mine} on turn {view.turn + 1}"
        return Decision(index, view.turn + 1, "layoff", played, expert, cost, flagged, text, headline)

    # --- what happened afterwards (the hand is over: everything may be told) -------------------

    def aftermath(self, index: int, played: Action) -> str:
        """What the rest of the hand showed about a costly choice ("" when nothing telling)."""
        words = consequence(self.hand, index, played, self.player, self.opponent)
        if not words:
            return ""
        # After the reason for the expert's card, "it" would be ambiguous: name the card.
        subject = f"your {card_symbol(played.card)}" if isinstance(played, Discard) else "it"
        return f"; {subject} {words}"

    def summary(self, decisions: Sequence[Decision]) -> str:
        """One line: how many decisions cost points, how many, and the biggest with its story."""
        flagged = [d for d in decisions if d.flagged]
        if not flagged:
            return f"No decision cost {points_text(self.threshold)} or more: you played like the expert."
        total = sum(d.cost for d in flagged)
        worst = max(flagged, key=lambda d: d.cost)
        story = consequence(self.hand, worst.index, worst.played[0], self.player, self.opponent)
        if worst.kind == "layoff" or not story:
            story = f"cost about {points_text(worst.cost)}"
        count = f"{len(flagged)} decision{'s' if len(flagged) > 1 else ''}"
        return f"{count} cost about {points_text(total)}; the biggest: {worst.headline} {story}"


# --- values ----------------------------------------------------------------------------------


def coach_expert(seed: int = 0) -> SearchPlayer:
    """The expert level as the coach runs it: the same evaluation, a sharper reading."""
    config = replace(
        CONFIGS[COACH_LEVEL], belief_samples=COACH_BELIEF_SAMPLES, knock_samples=COACH_KNOCK_SAMPLES
    )
    return SearchPlayer(config, seed)


def points_lost(appraisal: Appraisal, played: Action) -> float:
    """Expected points ``played`` gives up against the expert's pick, by the expert's values.

    Two actions valued by the hand evaluator (draws, discards) differ by
    :func:`points_per_unit` per unit of cost (of the deeper search when the expert searched
    both one draw deeper, as it does its near-best discards); two knocks by their deadwood
    plus expected layoffs, as the level ranks them; two other actions valued in points
    (arrangements, the last-discard chance) by their difference. A knock against playing on
    gains :func:`knock_edge`, plus what the discard played on costs against the best one.
    Never negative: when the values favour the player's choice although the expert picked
    otherwise (a rule of thumb decided, such as its undercut tolerance), it costs nothing.
    """
    pick = appraisal.pick
    if played == pick:
        return 0.0
    costs, points, deeper = appraisal.costs, appraisal.points, appraisal.deeper
    scale = points_per_unit(pick)
    if played in deeper and pick in deeper:  # near-best discards: the deeper search decides
        lost = scale * (deeper[played] - deeper[pick])
    elif played in costs and pick in costs:
        lost = scale * (costs[played] - costs[pick])
    elif isinstance(played, Knock) and isinstance(pick, Knock):  # as the level ranks its knocks
        lost = appraisal.knocks[played].count - appraisal.knocks[pick].count
    elif played in points and pick in points:
        lost = points[pick] - points[played]
    elif pick in points and played in costs:  # the expert knocks, the player plays on
        best = min(costs[a] for a in costs if isinstance(a, Discard))
        lost = knock_edge(appraisal, pick) + scale * (costs[played] - best)
    elif played in points:  # the player knocks, the expert plays on
        lost = -knock_edge(appraisal, played)
    else:
        raise ValueError(f"the appraisal has no value for {played}")
    return max(0.0, lost)


def points_per_unit(pick: Action) -> float:
    """Expected points per unit of evaluator cost, for the decision ``pick`` belongs to."""
    if isinstance(pick, DrawDiscard | DrawStock | Pass):
        return DRAW_POINTS_PER_UNIT
    return DISCARD_POINTS_PER_UNIT


def knock_edge(appraisal: Appraisal, knock: Action) -> float:
    """Expected points a knock gains over playing on (negative: it loses), by the expert's
    values of both under the rules and score being played."""
    odds = appraisal.knocks[knock]
    if odds.play_on is not None:
        return appraisal.points[knock] - odds.play_on
    return KNOCK_EDGE - UNDERCUT_SWING * odds.undercut


def defender_points(view: PlayerView, count: int) -> int:
    """Points the defender of ``view`` wins (negative: loses) when left with ``count``."""
    knocker = view.knocker
    assert knocker is not None
    knocker_count = sum(c.value for c in view.knocker_deadwood)
    result = score_hand(
        view.rules,
        knocker=knocker,
        knocker_count=knocker_count,
        defender_count=count,
        gin=False,
        big_gin=False,
        spade_upcard=view.upcard is not None and view.upcard.suit.char == "S",
    )
    return result.points if result.winner == view.player else -result.points


def decision_kind(view: PlayerView, played: Action, pick: Action) -> str:
    """Which of :data:`KINDS` a decision is."""
    phase = view.phase
    if phase is Phase.UPCARD_OFFER:
        return "upcard"
    if phase is Phase.DRAW:
        return "draw"
    if phase is Phase.LAST_CHANCE:
        return "last_chance"
    if phase is Phase.ARRANGE:
        return "arrange"
    if isinstance(played, Knock) or isinstance(pick, Knock):
        return "knock"
    return "discard"


# --- replaying ----------------------------------------------------------------------------------


def replay(hand: Hand, upto: int) -> Hand:
    """A copy of ``hand`` after its first ``upto`` actions, replayed from its deal."""
    again = Hand.from_deck(hand.rules, hand.dealer, hand.deck, hand.scores)
    for _, action in hand.actions[:upto]:
        again.apply(action)
    return again
