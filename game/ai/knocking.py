"""Knock now or play on: both valued under the rules being played, from sampled opponent hands.

For a knock that keeps ``kept`` (deadwood above 0), each sampled opponent hand gives

* **now**: the hand scored as the rules score it (:func:`~game.rules.score_hand`: the
  undercut bonus, Oklahoma's spade doubling) once the opponent has laid off on our melds;
* **on**: what one more turn brings instead. We throw the same card face up; the opponent
  takes it if it melds, or draws from the rest of the unseen cards, and then goes gin, or
  knocks if it is the kind that knocks when it can (or still in its first turns); if the
  stock is spent the hand is void; otherwise we draw, going gin (the gin bonus) when the
  card completes us, else knocking with what we then hold against its improved hand (or,
  when that knock would lose, holding on: :data:`HOLD_SHARE` of its loss).

Points become points at the start of a match through the score (:class:`MatchStakes`): a
gin that would win the match is worth its full weight, a knock that cannot change anything
little. Samples alternate between the two kinds of opponent (:mod:`game.ai.opponent`); each
kind's results are weighted by how well its hands fit the opponent's play, and the kinds
are mixed by how likely each is. One more turn is a lower bound on playing on (we could
wait again), so a level knocks when knocking now is worth at least that much.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass

from game.ai.cardmath import TOUCHING, VALUE, indices
from game.ai.evaluate import Evaluator
from game.ai.inference import Belief, feeding
from game.ai.opponent import (
    EARLY_TURNS,
    KNOCKER_STEPS,
    WAITER_STEPS,
    evidence,
    keep_best,
    last_thrown,
    opponent_stock_draws,
    opponent_turns,
    sample_hand,
    waiting_prior,
)
from game.ai.stakes import MatchStakes
from game.ai.tracking import Tracker
from game.rules import Card, PlayerView, best_defence, best_melds, score_hand

VOID_STOCK = 2  # the hand is void when a discard leaves this many stock cards
#: A knock that would lose after one more turn need not be made then: holding on keeps the
#: hand open for another turn, which this share of the knock's loss stands for.
HOLD_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class KnockJudgement:
    """What the samples showed for one knock (values in points at the start of a match)."""

    now: float  # knocking now
    on: float  # playing on for one more turn instead
    undercut: float  # chance that knocking now is undercut
    opponent_ready: float  # chance the opponent could already knock itself
    opponent_deadwood: float  # the opponent's mean deadwood before layoffs
    waiting: float  # chance the opponent waits for gin rather than knocking when it can


class KnockReader:
    """Judges the knocks of one decision (it caches what the decision's knocks share)."""

    def __init__(
        self,
        view: PlayerView,
        evaluator: Evaluator,
        tracker: Tracker,
        belief: Belief | None,
        rng: random.Random,
        stakes: MatchStakes | None = None,
    ) -> None:
        self.view = view
        self.evaluator = evaluator
        self.tracker = tracker
        self.belief = belief
        self.rng = rng
        self.rules = view.rules
        self.limit = view.knock_limit
        mine, theirs = view.scores[view.player], view.scores[1 - view.player]
        self.stakes = stakes or MatchStakes(view.rules, mine, theirs)
        self.spade = view.upcard is not None and view.upcard.suit.char == "S"  # Oklahoma doubles it
        self.prior = waiting_prior(view)
        self.turns = opponent_turns(view)
        self.draws = opponent_stock_draws(view)
        self.thrown = last_thrown(view)

    def points(
        self, knocker_is_me: bool, knocker_count: int, defender_count: int, gin: bool, big_gin: bool = False
    ) -> float:
        """A finished hand's points to us, as the rules score it, in start-of-match points."""
        result = score_hand(
            self.rules,
            knocker=0 if knocker_is_me else 1,
            knocker_count=knocker_count,
            defender_count=defender_count,
            gin=gin and not big_gin,
            big_gin=big_gin,
            spade_upcard=self.spade,
        )
        return self.stakes.value(result.points if result.winner == 0 else -result.points)

    def judge(
        self, kept: int, thrown: int | None, samples: int, play_on: bool = True
    ) -> Generator[None, None, KnockJudgement]:
        """Knocking with ``kept`` (discarding card index ``thrown``) against playing on, in slices."""
        melds = best_melds(kept).melds
        mine = self.evaluator.deadwood(kept)
        later = self.my_draws(kept, mine) if play_on else {}
        totals = {kind: [0.0] * 6 for kind in (False, True)}  # weight, now, on, undercut, ready, deadwood
        counts = {False: 0, True: 0}
        for n in range(samples):
            waits = n % 2 == 1
            steps = min(WAITER_STEPS if waits else KNOCKER_STEPS, self.draws)
            hand = sample_hand(self.belief, self.tracker, self.evaluator, self.rng, steps)
            weight = evidence(self.view, hand, waits, self.evaluator, self.thrown)
            held = self.evaluator.deadwood(hand)
            count = best_defence(hand, melds).deadwood_value
            now = self.points(True, mine, count, False)
            on = self.play_on(kept, mine, melds, hand, thrown, waits, later) if play_on else 0.0
            row = totals[waits]
            counts[waits] += 1
            for k, x in enumerate(
                (1.0, now, on, float(count <= mine), float(held <= self.limit), float(held))
            ):
                row[k] += weight * x
            yield
        waiting = self.mix(totals, counts)

        def mean(k: int) -> float:
            parts = [(waiting if kind else 1.0 - waiting, totals[kind]) for kind in (False, True)]
            return sum(share * row[k] / row[0] for share, row in parts if row[0] > 0)

        return KnockJudgement(mean(1), mean(2), mean(3), mean(4), mean(5), waiting)

    def mix(self, totals: dict[bool, list[float]], counts: dict[bool, int]) -> float:
        """The chance the opponent waits for gin, after the evidence of both kinds' samples.

        A kind's evidence is the mean weight of its samples (how well such hands fit the
        opponent's play), which scales the prior.
        """
        fit = {kind: totals[kind][0] / counts[kind] if counts[kind] else 0.0 for kind in (False, True)}
        waiter = self.prior * fit[True]
        knocker = (1.0 - self.prior) * fit[False]
        if waiter + knocker <= 0:
            return self.prior
        return waiter / (waiter + knocker)

    def my_draws(self, kept: int, mine: int) -> dict[int, int]:
        """Our least deadwood after drawing each unseen card next turn (at most ``mine``)."""
        ev = self.evaluator
        loners = [i for i in indices(kept) if not kept & TOUCHING[i]]
        # a card that touches nothing can only replace our worst card that touches nothing
        worst = max((VALUE[i] for i in loners), default=0)
        out: dict[int, int] = {}
        for c in indices(self.tracker.unseen):
            if kept & TOUCHING[c]:
                bigger = kept | 1 << c
                best = min(ev.deadwood(bigger & ~(1 << j)) for j in indices(bigger))
            else:
                best = mine - worst + VALUE[c] if worst > VALUE[c] else mine
            out[c] = min(mine, best)
        return out

    def play_on(
        self,
        kept: int,
        mine: int,
        melds: Sequence[Sequence[Card]],
        hand: int,
        thrown: int | None,
        waits: bool,
        later: dict[int, int],
    ) -> float:
        """One more turn against the opponent ``hand``: its draw and reply, then our draw."""
        ev = self.evaluator
        stock = self.view.stock_size
        if stock <= VOID_STOCK:
            return 0.0  # our discard spends the stock: void
        pool = [c for c in later if not hand >> c & 1]
        drawn: int | None = None
        if thrown is not None and feeding(hand) >> thrown & 1:
            after = keep_best(hand, thrown, ev, self.tracker.opponent_known)  # it takes our discard
        elif pool:
            drawn = pool[self.rng.randrange(len(pool))]
            after = keep_best(hand, drawn, ev, self.tracker.opponent_known)
            stock -= 1
        else:
            return 0.0
        theirs = ev.deadwood(after)
        if theirs == 0:
            return self.points(False, 0, mine, True)
        knocks = not waits or self.turns + 1 <= EARLY_TURNS
        if knocks and self.limit > 0 and theirs <= self.limit:
            defended = best_defence(kept, best_melds(after).melds).deadwood_value
            return self.points(False, theirs, defended, False)
        if stock <= VOID_STOCK:
            return 0.0  # its discard spends the stock: void
        count = best_defence(after, melds).deadwood_value
        values: dict[int, float] = {}
        total = 0.0
        n = 0
        for c in pool:
            if c == drawn:
                continue
            mine_next = later[c]
            value = values.get(mine_next)
            if value is None:
                gin = mine_next == 0
                value = self.points(True, mine_next, theirs if gin else count, gin)
                if value < 0:  # a losing knock can wait: another turn may mend part of it
                    value *= HOLD_SHARE
                values[mine_next] = value
            total += value
            n += 1
        return total / n if n else 0.0
