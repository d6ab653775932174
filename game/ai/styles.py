"""Opponent styles for the arena: two ways of playing that test the levels in other ways.

They are not difficulty levels (the game's menus offer :data:`~game.ai.levels.LEVELS`);
``make_player`` builds them by name for the arena, the lab and the tests.

* ``early`` (:class:`EarlyKnocker`): races to knock. It takes the discard whenever that
  leaves it less deadwood than before, throws its highest unmatched card and knocks at the
  first chance, with the knock that leaves the least deadwood.
* ``waiter`` (:class:`GinWaiter`): waits for gin, in the style of the published policy of
  the EAAI-2021 Gin Rummy challenge winner (MARJJ_Player: Ahmed, Leppo, Lesniewski,
  Patel, Perez and Blum, "A Heuristic Evaluation Function for Hand Strength Estimation in
  Gin Rummy", AAAI-21 EAAI), written here from that description. It takes a discard only
  when the card joins a meld and lowers its deadwood; knocks only in its first three turns
  and otherwise waits for gin; discards by a hand-strength estimate that weighs what a card
  can still become against how useful it looks to the opponent, the latter more as the
  stock runs down; and lays out the spread that leaves the fewest layoffs.

>>> import random
>>> from game.rules import Hand, RuleSet
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(2))
>>> GinWaiter(1).choose(hand.view(1)) in hand.legal_actions()
True
"""

from __future__ import annotations

from game.ai.base import RuleOfThumbPlayer, decision_rng
from game.ai.cardmath import RELATED, TOUCHING, VALUE, indices
from game.ai.evaluate import Evaluator
from game.ai.search import defence_action, layoff_mask
from game.ai.tracking import Tracker
from game.rules import (
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Pass,
    Phase,
    PlayerView,
    best_melds,
    cards_to_mask,
    deadwood_value,
)

#: The gin-waiter knocks only on its first few turns; later it plays for gin.
EARLY_TURNS = 3
#: The gin-waiter's discard estimate: useful draws to come credited to a hand's potential,
#: and points charged per chance the thrown card helps the opponent (half of it early in
#: the hand, all of it and a half more at the end of the stock).
LOOKAHEAD = 1.5
DANGER_WEIGHT = 6.0


def own_turns(view: PlayerView) -> int:
    """How many cards the view's player has drawn this hand (its turns so far)."""
    return sum(
        1
        for e in view.history
        if e.player == view.player and e.kind in ("draw_stock", "draw_discard", "take_upcard")
    )


def take_lowers(view: PlayerView, need_meld: bool) -> bool:
    """Whether taking the top discard leaves less deadwood after the best discard (and, with
    ``need_meld``, whether the card then joins a meld)."""
    hand = cards_to_mask(view.hand)
    top = view.discard_pile[-1]
    bigger = hand | top.bit
    if need_meld and top in best_melds(bigger).deadwood:
        return False
    return min(deadwood_value(bigger & ~(1 << i)) for i in indices(hand)) < deadwood_value(hand)


def best_knock(view: PlayerView, knocks: list[Knock]) -> Knock:
    """The knock leaving the least deadwood (big gin first); ties by the higher card thrown."""
    if Knock(None) in knocks:
        return Knock(None)
    hand = cards_to_mask(view.hand)
    return min(knocks, key=lambda k: (deadwood_value(hand & ~k.card.bit) if k.card else 0, -_index(k)))


def _index(knock: Knock) -> int:
    return knock.card.index if knock.card is not None else -1


class EarlyKnocker(RuleOfThumbPlayer):
    """Takes any discard that lowers its deadwood and knocks at the first chance."""

    level = "early"

    def decide(self, view: PlayerView) -> Action:
        """Rules of thumb: nothing to spread over slices."""
        legal = view.legal_actions
        phase = view.phase
        if phase in (Phase.UPCARD_OFFER, Phase.DRAW):
            other: Action = DrawStock() if DrawStock() in legal else Pass()
            return DrawDiscard() if DrawDiscard() in legal and take_lowers(view, False) else other
        if phase is Phase.LAST_CHANCE:
            return DrawDiscard() if DrawDiscard() in legal else Pass()
        if phase is Phase.ARRANGE:
            return legal[0]  # the engine's default: least deadwood, then fewest unseen layoffs
        if phase is Phase.LAYOFF:
            return defence_action(view)
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            return best_knock(view, knocks)
        hand = cards_to_mask(view.hand)
        rng = decision_rng(self.seed, self.level, view)
        options = [a for a in legal if isinstance(a, Discard)]
        scored = [(deadwood_value(hand & ~a.card.bit), -a.card.value, rng.random(), a) for a in options]
        return min(scored, key=lambda t: t[:3])[3]


class GinWaiter(RuleOfThumbPlayer):
    """Knocks only early, otherwise waits for gin (after the EAAI-2021 winner's description)."""

    level = "waiter"

    def decide(self, view: PlayerView) -> Action:
        """Rules of thumb and one estimate per card: nothing to spread over slices."""
        legal = view.legal_actions
        phase = view.phase
        if phase in (Phase.UPCARD_OFFER, Phase.DRAW):
            other: Action = DrawStock() if DrawStock() in legal else Pass()
            return DrawDiscard() if DrawDiscard() in legal and take_lowers(view, True) else other
        if phase is Phase.LAST_CHANCE:
            # The last discard may be taken only to knock: only for gin once the early turns are over.
            if DrawDiscard() in legal and (own_turns(view) < EARLY_TURNS or self.gins_with_top(view)):
                return DrawDiscard()
            return Pass()
        if phase is Phase.ARRANGE:
            return self.arrange(view)
        if phase is Phase.LAYOFF:
            return defence_action(view)
        knocks = [a for a in legal if isinstance(a, Knock)]
        hand = cards_to_mask(view.hand)
        gins = [k for k in knocks if k.card is None or deadwood_value(hand & ~k.card.bit) == 0]
        if gins:
            return best_knock(view, gins)
        discards = [a for a in legal if isinstance(a, Discard)]
        if knocks and (own_turns(view) <= EARLY_TURNS or not discards):
            return best_knock(view, knocks)
        rng = decision_rng(self.seed, self.level, view)
        track = Tracker.from_view(view)
        limit = view.knock_limit if own_turns(view) < EARLY_TURNS else 0
        evaluator = Evaluator(limit, view.rules.gin_bonus, LOOKAHEAD, track.stock_weights())
        return min(
            discards,
            key=lambda a: (self.discard_score(view, hand, a.card.index, evaluator, track), rng.random()),
        )

    @staticmethod
    def gins_with_top(view: PlayerView) -> bool:
        """Whether taking the top discard would give gin."""
        bigger = cards_to_mask(view.hand) | view.discard_pile[-1].bit
        return any(deadwood_value(bigger & ~(1 << i)) == 0 for i in indices(bigger))

    def discard_score(
        self, view: PlayerView, hand: int, i: int, evaluator: Evaluator, track: Tracker
    ) -> float:
        """Hand-strength estimate of throwing card ``i`` (lower is better).

        The ten cards kept are valued by the hand evaluator (deadwood, and how much the live
        unseen cards are likely to improve it: only gin counts once the early turns are
        over); the card thrown is charged by the chance it helps the opponent (from what it
        took, threw and let go by), more as the stock runs down.
        """
        stage = 1.0 - min(1.0, view.stock_size / 31.0)
        return evaluator.hand_cost(hand & ~(1 << i)) + DANGER_WEIGHT * (0.5 + stage) * track.danger(i)

    @staticmethod
    def usefulness(view: PlayerView, i: int, unseen: int) -> float:
        """A rough chance that the opponent can use card ``i``, from what it took and threw."""
        took = cards_to_mask(view.opponent_known)
        thrown = cards_to_mask(
            e.card
            for e in view.history
            if e.player != view.player and e.kind == "discard" and e.card is not None
        )
        if took & RELATED[i]:
            return 1.0
        if thrown & TOUCHING[i]:
            return 0.1
        return min(1.0, (RELATED[i] & unseen).bit_count() / 12.0)

    @staticmethod
    def arrange(view: PlayerView) -> Action:
        """The legal spread with the fewest unseen layoff cards (then the least deadwood)."""
        hand = cards_to_mask(view.hand)
        seen = hand | cards_to_mask(view.discard_pile)
        options = [a for a in view.legal_actions if isinstance(a, Arrange)]

        def key(option: Arrange) -> tuple[int, int]:
            used = cards_to_mask(c for m in option.melds for c in m)
            exposed = (layoff_mask(option.melds) & ~seen).bit_count()
            return exposed, sum(VALUE[j] for j in indices(hand & ~used))

        return min(options, key=key)
