"""The search player behind the easy, medium, hard and expert levels ("minimax-lite").

Each decision is a small expectimax over what the player controls and what chance decides:

* draw: take the discard (then the best discard) against the expectation over the stock
  card (then the best discard for each card), from the tracker's belief about which unseen
  cards are still in the stock;
* discard: every legal discard, valued by the evaluator on the cards kept plus the risk of
  feeding the opponent's likely melds (the opponent's reply);
* knock: knocking now against playing on, judged by sampling the opponent's likely hands
  and laying off against our arrangement (undercut risk), and by how long the hand has left.

Hard and expert first weigh sampled opponent hands by its play (:mod:`game.ai.inference`):
that sets the stock odds, the feeding risk of each discard and the hands a knock is tested
against, and it lets a hand count the opponent's likely next discard among its chances.

Levels differ only in depth, samples and deliberate slips, never in what they see.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from game.ai.base import Thinking, check_my_turn, decision_rng, finish
from game.ai.cardmath import CARD, TOUCHING, VALUE, indices
from game.ai.evaluate import Evaluator
from game.ai.inference import Belief
from game.ai.knocking import KnockJudgement, KnockReader
from game.ai.opponent import KNOCKER_STEPS, WAITER_PRIOR, opponent_stock_draws, sample_hand, waiting_prior
from game.ai.stakes import MatchStakes, reward_scales
from game.ai.tracking import Tracker
from game.rules import (
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Knock,
    LayOff,
    Pass,
    Phase,
    PlayerView,
    best_defence,
    best_melds,
    cards_to_mask,
)

RERANK_MARGIN = 5.0  # only discards this close to the best are searched deeper
APPRAISAL_SAMPLES = 24  # opponent hands an appraisal samples for a level that knocks without sampling
STOCK_SEARCHES = ("estimate", "helpful", "every")  # how a level values a stock draw: LevelConfig

#: How a level reads the opponent: (view, tracker, rng, samples) -> sliced Belief.
Reader = Callable[[PlayerView, Tracker, random.Random, int], Generator[None, None, Belief]]


@dataclass(frozen=True, slots=True)
class LevelConfig:
    """How hard one level tries."""

    name: str
    lookahead: float  # future useful draws credited to a hand's potential (0: deadwood only)
    inference: bool  # read the opponent's takes, discards and passes
    safety: float  # points charged per unit chance that a discard feeds the opponent
    stock_search: str  # the stock draw: "estimate", "helpful" (search cards that help) or "every"
    knock_samples: int  # opponent hands sampled to judge a knock (0: knock whenever allowed)
    mistake_rate: float  # chance of a human-looking slip on a discard
    meld_only_takes: bool  # take a discard only when it completes a meld
    max_evaluations: int | None = None  # work cap (deadwood evaluations): then the stock estimate is used
    take_bias: float = 0.25  # points a take must beat the stock by (taking shows the opponent a card)
    inference_strength: float = 1.0  # exponent on the tracker's reading of the opponent
    rerank: int = 0  # best discards searched one stock draw deeper (0: none)
    lookahead_end: int = 10  # stock size at which potential stops counting (the hand is ending)
    belief_samples: int = 0  # opponent hands sampled and weighted by its play (0: the tracker's guess)
    fishing: float = 0.0  # weight of the opponent's likely next discards among a hand's chances
    weigh_stakes: bool = False  # value knocks and gin by the bonuses, the score and the opponent's kind

    def __post_init__(self) -> None:
        if self.stock_search not in STOCK_SEARCHES:
            raise ValueError(
                f"{self.stock_search!r} is not a valid stock_search: choose one of {', '.join(STOCK_SEARCHES)}"
            )


@dataclass(frozen=True, slots=True)
class Choice:
    """A decided action with what the explanation needs."""

    action: Action
    kept: int = 0  # mask of the cards held after the action


@dataclass(frozen=True, slots=True)
class Appraisal:
    """A level's own values of the actions of one decision (:meth:`SearchPlayer.appraise`).

    ``pick`` is exactly the action the level chooses. The values are the numbers the level
    compared to choose it, in two units:

    * ``costs``: the hand evaluator's cost of ending the turn that way, lower is better, in
      the evaluator's deadwood-like units (draws, discards). Taking a discard includes the
      level's ``take_bias``, so the pick among costed actions is the cheapest one, except
      that a level searching its best few discards one draw deeper (``rerank``) may pick
      another of those near-best ones; their deeper costs are in ``deeper``.
    * ``points``: expected points won by the hand's result, from sampled opponent hands
      (knocks, gin, the last-discard chance, where passing ends the hand void at 0); for
      arrangements and layoffs, minus the deadwood left after the defender's layoffs, so
      only differences between options count there.

    ``knocks`` gives, per knock valued (and the last-discard take), what its samples showed;
    ``deeper``, the cost one stock draw later of each discard searched deeper (``rerank``).
    """

    pick: Action
    costs: dict[Action, float]
    points: dict[Action, float]
    knocks: dict[Action, KnockOdds]
    deeper: dict[Action, float]


@dataclass(frozen=True, slots=True)
class KnockOdds:
    """What the opponent hands sampled to judge one knock showed."""

    undercut: float  # chance the knock is undercut (0 for gin)
    count: float  # deadwood kept plus the points the defender is expected to lay off on it
    opponent_ready: float  # chance the opponent could already knock itself
    opponent_deadwood: float  # the opponent's mean deadwood before layoffs
    play_on: float | None = None  # points of playing on for one more turn instead (None: not valued)
    waiting: float = 0.0  # chance the opponent waits for gin rather than knocking when it can
    now: float = 0.0  # points of knocking now (as in ``Appraisal.points``)


class ThinkingClock:
    """Time spent inside one decision's slices (not the pauses between them)."""

    def __init__(self) -> None:
        self.spent = 0.0
        self.resumed = time.perf_counter()

    def elapsed_ms(self) -> float:
        """Milliseconds of work so far."""
        return (self.spent + time.perf_counter() - self.resumed) * 1000.0


class SearchPlayer:
    """A level of the search player.

    Its work per decision is capped by the level's ``max_evaluations`` (deterministic). A
    wall-clock ``time_budget_ms`` may be added (counting only time spent thinking, not the
    pauses between slices); it trades exact reproducibility for a guaranteed response time
    on slow machines.

    ``reader`` replaces the fair reading of the opponent (:meth:`Belief.build`). The game
    never passes one; ``tools/ai_lab.py`` does, to measure what knowing the opponent's real
    hand would be worth.
    """

    def __init__(
        self,
        config: LevelConfig,
        seed: int = 0,
        time_budget_ms: float | None = None,
        reader: Reader = Belief.build,
    ) -> None:
        self.config = config
        self.level = config.name
        self.seed = seed
        self.time_budget_ms = time_budget_ms
        self.reader = reader

    def choose(self, view: PlayerView) -> Action:
        """The action for ``view``."""
        return finish(self.think(view))

    def think(self, view: PlayerView) -> Thinking:
        """Decide in slices of a millisecond or so; the action is the return value."""
        clock = ThinkingClock()
        deciding = self.decide(view, clock)
        while True:
            clock.resumed = time.perf_counter()
            try:
                next(deciding)
            except StopIteration as stop:
                choice: Choice = stop.value
                return choice.action
            clock.spent += time.perf_counter() - clock.resumed
            yield

    def decide(self, view: PlayerView, clock: ThinkingClock | None = None) -> Generator[None, None, Choice]:
        """Like :meth:`think`, returning the :class:`Choice` with its explanation data."""
        return (yield from self.context(view, clock).decide())

    def appraise(self, view: PlayerView, also: Sequence[Action] = ()) -> Generator[None, None, Appraisal]:
        """The level's values of the actions open in ``view``, and its pick, in slices.

        It runs the very decision :meth:`choose` makes (same seed, same slices, same pick),
        then values what that decision did not need: every legal discard, the best knock,
        and the actions in ``also`` (say, the knock a human chose). The extra work comes
        after the pick, so it never changes it.

        >>> import random
        >>> from game.rules import Hand, RuleSet
        >>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(5))
        >>> from game.ai.levels import CONFIGS
        >>> expert = SearchPlayer(CONFIGS["expert"], seed=1)
        >>> appraisal = finish(expert.appraise(hand.view(1)))
        >>> appraisal.pick == expert.choose(hand.view(1))
        True
        >>> sorted(str(a) for a in appraisal.costs)
        ['pass', 'take the discard']
        """
        ctx = self.context(view)
        choice = yield from ctx.decide()
        yield from ctx.appraise_rest(also)
        deeper: dict[Action, float] = {Discard(CARD[i]): cost for i, cost in ctx.deeper.items()}
        return Appraisal(choice.action, dict(ctx.costs), dict(ctx.points), dict(ctx.knocks), deeper)

    def context(self, view: PlayerView, clock: ThinkingClock | None = None) -> Context:
        """One decision's working state for ``view`` (refused when it is not the view's turn)."""
        check_my_turn(view)
        rng = decision_rng(self.seed, self.level, view)
        return Context(view, self.config, rng, self.time_budget_ms, clock or ThinkingClock(), self.reader)


class Context:
    """One decision's working state: the view, the tracker and the evaluator."""

    def __init__(
        self,
        view: PlayerView,
        config: LevelConfig,
        rng: random.Random,
        budget_ms: float | None = None,
        clock: ThinkingClock | None = None,
        reader: Reader = Belief.build,
    ) -> None:
        self.view = view
        self.reader = reader
        self.config = config
        self.rng = rng
        self.budget_ms = budget_ms
        self.clock = clock or ThinkingClock()
        self.tracker = Tracker.from_view(view, config.inference, config.inference_strength)
        self.belief: Belief | None = None
        self.hand = cards_to_mask(view.hand)
        self.legal = view.legal_actions
        self.limit = view.knock_limit
        self.stakes = MatchStakes(view.rules, view.scores[view.player], view.scores[1 - view.player])
        self.evaluator = self.make_evaluator()
        # What the decision valued, for :meth:`SearchPlayer.appraise` (never read by it).
        self.costs: dict[Action, float] = {}
        self.points: dict[Action, float] = {}
        self.knocks: dict[Action, KnockOdds] = {}
        self.deeper: dict[int, float] = {}
        self._knock_reader: KnockReader | None = None

    def decide(self) -> Generator[None, None, Choice]:
        """The decision for the view's phase, in slices."""
        phase = self.view.phase
        if phase is Phase.LAYOFF:
            return self.layoff()
        yield from self.read_opponent()
        if phase is Phase.ARRANGE:
            return self.arrange()
        if phase in (Phase.UPCARD_OFFER, Phase.DRAW):
            return (yield from self.draw())
        if phase is Phase.LAST_CHANCE:
            return (yield from self.last_chance())
        return (yield from self.discard())

    def make_evaluator(self) -> Evaluator:
        """The hand evaluator for this decision, from what is known of the stock and opponent."""
        config, view = self.config, self.view
        span = max(1.0, 31.0 - config.lookahead_end)
        lookahead = config.lookahead * min(1.0, max(0.0, (view.stock_size - config.lookahead_end) / span))
        fishing = None
        if self.belief is not None and config.fishing > 0:
            fishing = {i: min(1.0, config.fishing * p) for i, p in self.belief.next_discards().items()}
        worth = (1.0, 1.0)
        if config.weigh_stakes:
            worth = reward_scales(view.rules, self.stakes, waiting_prior(view), WAITER_PRIOR)
        return Evaluator(
            self.limit, view.rules.gin_bonus, lookahead, self.tracker.stock_weights(), fishing, worth
        )

    def read_opponent(self) -> Generator[None, None, None]:
        """Weigh sampled opponent hands by its play (levels with ``belief_samples``), in slices."""
        if not self.config.inference or self.config.belief_samples <= 0:
            return
        self.belief = yield from self.reader(self.view, self.tracker, self.rng, self.config.belief_samples)
        self.tracker = self.tracker.with_holdings(self.belief.holds)
        self.evaluator = self.make_evaluator()

    def over_budget(self) -> bool:
        """Whether this decision's work cap (or its optional time budget) is spent."""
        limit = self.config.max_evaluations
        if limit is not None and self.evaluator.calls > limit:
            return True
        return self.budget_ms is not None and self.clock.elapsed_ms() > self.budget_ms

    def danger(self, i: int) -> float:
        """Chance that discarding card index ``i`` gives the opponent a meld."""
        if self.belief is not None:
            return self.belief.feeds[i]
        return self.tracker.danger(i)

    # --- discards -----------------------------------------------------------------------------

    def discard_cost(self, mask: int, i: int) -> float:
        """Cost of ending the turn with ``mask`` minus card ``i`` discarded face up."""
        cost = self.evaluator.hand_cost(mask & ~(1 << i))
        if self.config.safety:
            cost += self.config.safety * self.danger(i)
        return cost

    def ranked_discards(
        self, mask: int, allowed: list[int]
    ) -> Generator[None, None, list[tuple[float, int]]]:
        """Allowed discards from ``mask``, best first, as (cost, card index)."""
        ranked: list[tuple[float, float, int]] = []
        for i in allowed:
            ranked.append((self.discard_cost(mask, i), self.rng.random(), i))
            yield
        ranked.sort()
        return [(cost, i) for cost, _, i in ranked]

    def discard(self) -> Generator[None, None, Choice]:
        """The discard phase: big gin, gin, a knock, or the best discard."""
        knocks = [a for a in self.legal if isinstance(a, Knock)]
        if Knock(None) in knocks and self.view.rules.big_gin_bonus >= self.view.rules.gin_bonus:
            return Choice(Knock(None), self.hand)  # big gin, unless plain gin pays more
        knocks = [a for a in knocks if a.card is not None]
        discards = [a.card.index for a in self.legal if isinstance(a, Discard)]
        if knocks:
            knock = self.best_knock(knocks)
            left = self.evaluator.deadwood(self.hand & ~knock.card.bit) if knock.card else 0
            if left == 0 or not discards:
                return Choice(knock, self.hand & ~(knock.card.bit if knock.card else 0))
            should = yield from self.should_knock(knock)
            if should:
                return Choice(knock, self.hand & ~(knock.card.bit if knock.card else 0))
        ranked = yield from self.ranked_discards(self.hand, discards)
        self.note_discards(ranked)
        if self.config.rerank > 1 and len(ranked) > 1:
            close = [r for r in ranked[: self.config.rerank] if r[0] <= ranked[0][0] + RERANK_MARGIN]
            if len(close) > 1:
                ranked = yield from self.rerank(close)
        pick = ranked[0][1]
        if self.config.mistake_rate and len(ranked) > 1 and self.rng.random() < self.config.mistake_rate:
            pick = ranked[self.rng.randrange(1, min(3, len(ranked)))][1]
        return Choice(Discard(CARD[pick]), self.hand & ~(1 << pick))

    def rerank(self, ranked: list[tuple[float, int]]) -> Generator[None, None, list[tuple[float, int]]]:
        """Look one stock draw further for the best few discards (the next turn's draw)."""
        deeper: list[tuple[float, float, int]] = []
        for cost, i in ranked:
            later = yield from self.stock_expectation(False, self.hand & ~(1 << i))
            if later is None:
                return ranked
            deeper.append((later + self.config.safety * self.danger(i), cost, i))
        self.deeper.update((i, value) for value, _, i in deeper)
        deeper.sort()
        return [(cost, i) for cost, _, i in deeper]

    # --- knocking -----------------------------------------------------------------------------

    def best_knock(self, knocks: list[Knock]) -> Knock:
        """The knock discard leaving the least deadwood and then the fewest layoffs."""
        best: tuple[float, int] | None = None
        pick = knocks[0]
        for knock in knocks:
            if knock.card is None:
                continue
            rest = self.hand & ~knock.card.bit
            dw = self.evaluator.deadwood(rest)
            key = (dw + self.layoff_exposure(best_melds(rest).melds), knock.card.index)
            if best is None or key < best:
                best, pick = key, knock
        return pick

    def layoff_exposure(self, melds: Sequence[Sequence[Card]]) -> float:
        """Expected points the defender lays off on ``melds`` (unseen cards weighted)."""
        total = 0.0
        for i in indices(layoff_mask(melds) & (self.tracker.unseen | self.tracker.opponent_known)):
            total += self.tracker.holds(i) * VALUE[i]
        return total

    def knock_reader(self) -> KnockReader:
        """The knock judge of this decision (made once the opponent has been read)."""
        if self._knock_reader is None:
            self._knock_reader = KnockReader(
                self.view, self.evaluator, self.tracker, self.belief, self.rng, self.stakes
            )
        return self._knock_reader

    def should_knock(self, knock: Knock) -> Generator[None, None, bool]:
        """Knock now, or play on for a lower count or gin? Whichever is worth more, under the
        rules and the score (a level that knocks without sampling knocks whenever allowed)."""
        samples = self.config.knock_samples
        if samples <= 0 or knock.card is None:
            return True
        kept = self.hand & ~knock.card.bit
        judgement = yield from self.knock_reader().judge(kept, knock.card.index, samples)
        self.note_knock(knock, kept, judgement)
        return judgement.now >= judgement.on

    def opponent_draws(self) -> int:
        """How many stock draws a sampled opponent hand is improved by (its draws so far, up to 4)."""
        return min(KNOCKER_STEPS, opponent_stock_draws(self.view))

    def sample_opponent(self, steps: int) -> int:
        """A likely opponent hand, improved by ``steps`` draws from the rest of the unseen cards."""
        return sample_hand(self.belief, self.tracker, self.evaluator, self.rng, steps)

    # --- drawing ------------------------------------------------------------------------------

    def take_plan(self, top: int) -> Generator[None, None, tuple[float, int]]:
        """Best (cost, discard) after taking card index ``top``."""
        bigger = self.hand | 1 << top
        allowed = [i for i in indices(bigger) if i != top]
        ranked = yield from self.ranked_discards(bigger, allowed)
        return ranked[0]

    def stock_estimate(self) -> float:
        """Cost of drawing from the stock, estimated from the hand's potential."""
        ev = self.evaluator
        cost = ev.hand_cost(self.hand, ev.lookahead + 1.0)
        if self.config.safety:
            deadwood = best_melds(self.hand).deadwood
            if deadwood:
                worst = max(deadwood, key=lambda c: (c.value, c.index))
                cost += self.config.safety * self.danger(worst.index)
        return cost

    def stock_expectation(
        self, every_card: bool, hand: int | None = None
    ) -> Generator[None, None, float | None]:
        """Cost of drawing from the stock, averaged over the unseen cards (None: out of time).

        A stock card that cannot lower the deadwood is thrown straight back, leaving the
        hand as it is; so unless ``every_card`` is set, only the cards that help are searched
        and the rest share the current hand's cost.
        """
        ev = self.evaluator
        mask = self.hand if hand is None else hand
        dw = ev.deadwood(mask)
        standing = ev.hand_cost(mask)
        yield
        removal = min(indices(mask), key=lambda j: (ev.deadwood(mask & ~(1 << j)), -VALUE[j], j))
        removal_dw = ev.deadwood(mask & ~(1 << removal))
        total = 0.0
        for i, weight in ev.stock:
            if mask >> i & 1:
                continue
            bigger = mask | 1 << i
            if not mask & TOUCHING[i] and not every_card:
                # A card that melds with nothing can only replace the best card to remove.
                ranked = [removal, i] if removal_dw + VALUE[i] < dw else [i]
            else:
                ranked = sorted(
                    indices(bigger), key=lambda j: (ev.deadwood(bigger & ~(1 << j)), -VALUE[j], j)
                )
            helps = ev.deadwood(bigger & ~(1 << ranked[0])) < dw
            # Throwing the new card straight back leaves the hand as it stands.
            cost = standing + self.config.safety * self.danger(i)
            if helps or every_card:
                for j in ranked[: 3 if every_card else 2]:
                    if j != i:
                        cost = min(cost, self.discard_cost(bigger, j))
                        yield
                if self.over_budget():
                    return None
            elif mask & TOUCHING[i]:
                yield
            total += weight * cost
        return total

    def draw(self) -> Generator[None, None, Choice]:
        """Take the discard (or upcard) or draw from the stock (or pass the upcard)."""
        other: Action = DrawStock() if DrawStock() in self.legal else Pass()
        if DrawDiscard() not in self.legal:
            return Choice(other, self.hand)
        top = self.view.discard_pile[-1].index
        if self.config.meld_only_takes:
            with_top = best_melds(self.hand | 1 << top)
            if CARD[top] not in with_top.deadwood:
                return Choice(DrawDiscard(), self.hand | 1 << top)
            return Choice(other, self.hand)
        take_cost, stock_cost = yield from self.draw_costs(top, other)
        if take_cost < stock_cost - self.config.take_bias:
            return Choice(DrawDiscard(), self.hand | 1 << top)
        return Choice(other, self.hand)

    def draw_costs(self, top: int, other: Action) -> Generator[None, None, tuple[float, float]]:
        """(cost of taking card index ``top`` then the best discard, cost of ``other``)."""
        take_cost, _ = yield from self.take_plan(top)
        stock_cost: float | None = None
        if self.config.stock_search != "estimate":
            stock_cost = yield from self.stock_expectation(self.config.stock_search == "every")
        if stock_cost is None:
            stock_cost = self.stock_estimate()
        self.costs[DrawDiscard()] = take_cost + self.config.take_bias
        self.costs[other] = stock_cost
        return take_cost, stock_cost

    def last_chance(self) -> Generator[None, None, Choice]:
        """The last discard may be taken only to knock: do it when the knock looks good."""
        if DrawDiscard() not in self.legal:
            return Choice(Pass(), self.hand)
        if self.config.knock_samples <= 0:
            return Choice(DrawDiscard(), self.hand)
        top = self.view.discard_pile[-1].index
        bigger = self.hand | 1 << top
        best = min(indices(bigger), key=lambda j: (self.evaluator.deadwood(bigger & ~(1 << j)), j))
        kept = bigger & ~(1 << best)
        if self.evaluator.deadwood(kept) == 0:
            return Choice(DrawDiscard(), bigger)
        # passing ends the hand void, worth nothing either way
        judgement = yield from self.knock_reader().judge(kept, None, self.config.knock_samples, play_on=False)
        self.note_knock(DrawDiscard(), kept, judgement)
        self.points[Pass()] = 0.0
        return Choice(DrawDiscard() if judgement.now > 0 else Pass(), bigger)

    # --- after a knock ------------------------------------------------------------------------

    def arrange(self) -> Choice:
        """Lay out the legal arrangement that loses the fewest points to layoffs."""
        options = [a for a in self.legal if isinstance(a, Arrange)]
        best: tuple[float, int] | None = None
        pick = options[0]
        for n, option in enumerate(options):
            used = cards_to_mask(c for m in option.melds for c in m)
            count = sum(VALUE[i] for i in indices(self.hand & ~used))
            key = (count + self.layoff_exposure(option.melds), n)
            self.points[option] = -key[0]
            if best is None or key < best:
                best, pick = key, option
        return Choice(pick, self.hand)

    def layoff(self) -> Choice:
        """Lay off what the optimal defence lays off, one card at a time."""
        return Choice(defence_action(self.view), self.hand)

    # --- appraisal (after the decision: nothing here changes a pick) ---------------------------

    def note_discards(self, ranked: list[tuple[float, int]]) -> None:
        """Keep the cost of each ranked discard."""
        for cost, i in ranked:
            self.costs[Discard(CARD[i])] = cost

    def appraise_rest(self, also: Sequence[Action]) -> Generator[None, None, None]:
        """Value the actions the decision did not need to, and those in ``also``."""
        self.evaluator.calls = 0  # the work cap counts again from here: the pick is made
        phase = self.view.phase
        if phase in (Phase.UPCARD_OFFER, Phase.DRAW):
            if DrawDiscard() in self.legal and DrawDiscard() not in self.costs:
                other: Action = DrawStock() if DrawStock() in self.legal else Pass()
                yield from self.draw_costs(self.view.discard_pile[-1].index, other)
        elif phase is Phase.DISCARD:
            yield from self.appraise_discards(also)
        elif phase is Phase.LAST_CHANCE:
            if DrawDiscard() in self.legal and DrawDiscard() not in self.points:
                top = self.view.discard_pile[-1].index
                bigger = self.hand | 1 << top
                best = min(indices(bigger), key=lambda j: (self.evaluator.deadwood(bigger & ~(1 << j)), j))
                yield from self.value_knock(DrawDiscard(), bigger & ~(1 << best))
            self.points.setdefault(Pass(), 0.0)
        elif phase is Phase.LAYOFF:
            self.appraise_layoffs()

    def appraise_discards(self, also: Sequence[Action]) -> Generator[None, None, None]:
        """Every legal discard's cost; expected points of the best knock and of knocks in ``also``."""
        discards = [a.card.index for a in self.legal if isinstance(a, Discard)]
        if discards and not any(isinstance(a, Discard) for a in self.costs):
            self.note_discards((yield from self.ranked_discards(self.hand, discards)))
        if self.deeper:
            yield from self.deepen([a.card.index for a in also if isinstance(a, Discard) and a in self.costs])
        knocks = [a for a in self.legal if isinstance(a, Knock)]
        if not knocks:
            return
        wanted = [self.best_knock(knocks), *(a for a in also if a in knocks)]
        if Knock(None) in knocks:
            wanted.append(Knock(None))
        for knock in wanted:
            if knock not in self.points:
                kept = self.hand & ~(knock.card.bit if knock.card else 0)
                yield from self.value_knock(knock, kept)

    def deepen(self, cards: list[int]) -> Generator[None, None, None]:
        """Search these discards one draw deeper too, if they were close enough to be searched."""
        best = min(cost for action, cost in self.costs.items() if isinstance(action, Discard))
        for i in cards:
            if i in self.deeper or self.costs[Discard(CARD[i])] > best + RERANK_MARGIN:
                continue
            later = yield from self.stock_expectation(False, self.hand & ~(1 << i))
            if later is not None:
                self.deeper[i] = later + self.config.safety * self.danger(i)

    def value_knock(self, action: Action, kept: int) -> Generator[None, None, None]:
        """Expected points of knocking with ``kept`` (gin when nothing is left unmelded)."""
        samples = self.config.knock_samples or APPRAISAL_SAMPLES
        reader = self.knock_reader()
        if self.evaluator.deadwood(kept) > 0:
            thrown = action.card.index if isinstance(action, Knock) and action.card is not None else None
            on = self.view.phase is Phase.DISCARD
            judgement = yield from reader.judge(kept, thrown, samples, play_on=on)
            self.note_knock(action, kept, judgement, on)
            return
        big = action == Knock(None)
        steps = self.opponent_draws()
        total = ready = points = 0.0
        for _ in range(samples):
            held = self.evaluator.deadwood(self.sample_opponent(steps))
            total += held
            ready += held <= self.limit
            points += reader.points(True, 0, held, True, big)
            yield
        gin = KnockJudgement(points / samples, 0.0, 0.0, ready / samples, total / samples, reader.prior)
        self.note_knock(action, kept, gin)

    def note_knock(self, action: Action, kept: int, judgement: KnockJudgement, play_on: bool = True) -> None:
        """Keep a knock's sampled value and what its samples showed of the opponent."""
        self.points[action] = judgement.now
        result = best_melds(kept)
        count = result.deadwood_value + (self.layoff_exposure(result.melds) if result.deadwood_value else 0.0)
        on = judgement.on if play_on and result.deadwood_value else None
        self.knocks[action] = KnockOdds(
            judgement.undercut,
            count,
            judgement.opponent_ready,
            judgement.opponent_deadwood,
            on,
            judgement.waiting,
            judgement.now,
        )

    def appraise_layoffs(self) -> None:
        """Each layoff (and finishing) valued by the deadwood the best defence then leaves."""
        melds = [list(m) for m in self.view.knocker_melds]
        for action in self.legal:
            if isinstance(action, LayOff):
                grown = [[*m, action.card] if n == action.meld_index else m for n, m in enumerate(melds)]
                left = best_defence(self.hand & ~action.card.bit, grown).deadwood_value
            else:
                left = self.evaluator.deadwood(self.hand)
            self.points[action] = -float(left)


def layoff_mask(melds: Sequence[Sequence[Card]]) -> int:
    """Cards that could be laid off directly on ``melds`` (a set's fourth card, a run's ends)."""
    mask = 0
    for meld in melds:
        ranks = {c.rank for c in meld}
        if len(ranks) == 1:
            if len(meld) == 3:
                suits = {c.suit for c in meld}
                mask |= sum(1 << (13 * s + meld[0].rank - 1) for s in range(4) if s not in suits)
            continue
        suit = meld[0].suit
        low, high = min(ranks), max(ranks)
        if low > 1:
            mask |= 1 << (13 * suit + low - 2)
        if high < 13:
            mask |= 1 << (13 * suit + high)
    return mask


def defence_action(view: PlayerView) -> Action:
    """The next layoff of the best defence, or the end of laying off."""
    defence = best_defence(view.hand, view.knocker_melds)
    for card, index in defence.layoffs:
        action = LayOff(card, index)
        if action in view.legal_actions:
            return action
    return EndLayoff()
