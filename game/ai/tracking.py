"""Card tracking from what a player has seen: unseen cards and a guess at the opponent's hand.

Everything here is computed from a :class:`~game.rules.PlayerView` alone: the player's own
cards, the discard pile, the cards the opponent took from the pile and still holds, and the
public history (what the opponent took, passed and threw away).

>>> import random
>>> from game.rules import Hand, RuleSet
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(1))
>>> track = Tracker.from_view(hand.view(1))
>>> bin(track.unseen).count("1"), track.hidden, round(sum(track.in_opponent), 6)
(41, 10, 10.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.ai.cardmath import ALL_CARDS_MASK, RELATED, SAME_RANK, TOUCHING, indices
from game.rules import Card, Phase, PlayerView, cards_to_mask

# How much one observation scales the chance that the opponent holds a related card.
TOOK_NEAR, TOOK_FAR = 3.0, 1.8  # took a discard: it wants cards that meld with it
DISCARDED_NEAR, DISCARDED_FAR = 0.45, 0.75  # threw a card away: no use for its neighbours
PASSED_NEAR, PASSED_FAR = 0.65, 0.85  # let a discard go by
MAX_PROBABILITY = 0.97


@dataclass(frozen=True, slots=True)
class Tracker:
    """What one player knows and believes about the hidden cards."""

    hand: int  # my cards
    unseen: int  # cards neither in my hand, nor face up, nor known in the opponent's hand
    opponent_known: int  # cards the opponent holds that I saw it take
    dead: int  # cards out of play for melds: the discard pile and the table
    hidden: int  # how many of the opponent's cards I have not seen
    stock_size: int
    in_opponent: tuple[float, ...]  # per card index: chance the opponent holds it (1 if known)
    took: tuple[Card, ...]  # discards the opponent took, oldest first
    discarded: tuple[Card, ...]  # cards the opponent threw away
    passed: tuple[Card, ...]  # discards the opponent let go by

    @classmethod
    def from_view(cls, view: PlayerView, inference: bool = True, strength: float = 1.0) -> Tracker:
        """Build from a view; without ``inference`` every unseen card is equally likely.

        ``strength`` scales how much each observation moves the weights (as an exponent).
        """
        hand = cards_to_mask(view.hand)
        pile = cards_to_mask(view.discard_pile)
        known = cards_to_mask(view.opponent_known)
        table = cards_to_mask(c for m in view.knocker_melds for c in m) | cards_to_mask(view.knocker_deadwood)
        table |= cards_to_mask(c for c, _ in view.layoffs)
        dead = pile | table
        unseen = ALL_CARDS_MASK & ~hand & ~dead & ~known
        if view.opponent_hand is not None:
            known |= cards_to_mask(view.opponent_hand)
            unseen &= ~known
        hidden = max(0, view.opponent_hand_size - len(view.opponent_known))
        if view.phase is Phase.LAYOFF and view.knocker == view.player:
            hidden = view.opponent_hand_size
        moves = opponent_moves(view)
        took, discarded, passed = (
            [c for k, c in moves if k == kind] for kind in ("took", "discarded", "passed")
        )
        weights = [0.0] * 52
        for i in indices(unseen):
            weights[i] = 1.0
        if inference:
            for card, near, far in (
                *((c, TOOK_NEAR, TOOK_FAR) for c in took),
                *((c, DISCARDED_NEAR, DISCARDED_FAR) for c in discarded),
                *((c, PASSED_NEAR, PASSED_FAR) for c in passed),
            ):
                i = card.index
                for j in indices(RELATED[i] & unseen):
                    weights[j] *= (near if TOUCHING[i] >> j & 1 else far) ** strength
        probabilities = _normalise(weights, hidden)
        for i in indices(known):
            probabilities[i] = 1.0
        return cls(hand, unseen, known, dead, hidden, view.stock_size, tuple(probabilities),
                   tuple(took), tuple(discarded), tuple(passed))  # fmt: skip

    def with_holdings(self, holds: Sequence[float]) -> Tracker:
        """The same knowledge with another guess at the opponent's hand (known cards stay certain)."""
        probabilities = tuple(
            1.0 if self.opponent_known >> i & 1 else (holds[i] if self.unseen >> i & 1 else 0.0)
            for i in range(52)
        )
        return replace(self, in_opponent=probabilities)

    def stock_weights(self) -> list[tuple[int, float]]:
        """Unseen cards with the chance each is the next stock card (summing to 1)."""
        pairs = [(i, 1.0 - self.in_opponent[i]) for i in indices(self.unseen)]
        total = sum(w for _, w in pairs)
        if total <= 0:
            return [(i, 1.0 / len(pairs)) for i, _ in pairs] if pairs else []
        return [(i, w / total) for i, w in pairs]

    def holds(self, i: int) -> float:
        """Chance the opponent holds card index ``i`` (0 for my cards and dead cards)."""
        return self.in_opponent[i]

    def danger(self, i: int) -> float:
        """Chance that card index ``i`` would help the opponent make or extend a meld."""
        p = self.in_opponent
        a, b, c = (p[j] for j in indices(SAME_RANK[i]))
        set_chance = a * b + a * c + b * c - 2 * a * b * c
        rank, base = i % 13, i - i % 13
        near = [p[base + r] if 0 <= r < 13 else 0.0 for r in (rank - 2, rank - 1, rank + 1, rank + 2)]
        miss = (1 - near[0] * near[1]) * (1 - near[1] * near[2]) * (1 - near[2] * near[3])
        return 1 - (1 - set_chance) * miss


def _normalise(weights: list[float], hidden: int) -> list[float]:
    """Scale weights to probabilities summing to ``hidden`` (none above MAX_PROBABILITY)."""
    out = [0.0] * 52
    free = [i for i in range(52) if weights[i] > 0]
    remaining = float(hidden)
    for _ in range(4):
        total = sum(weights[i] for i in free)
        if total <= 0 or remaining <= 0:
            break
        scale = remaining / total
        capped = [i for i in free if weights[i] * scale > MAX_PROBABILITY]
        if not capped:
            for i in free:
                out[i] = weights[i] * scale
            return out
        for i in capped:
            out[i] = MAX_PROBABILITY
            remaining -= MAX_PROBABILITY
        free = [i for i in free if i not in capped]
    total = sum(weights[i] for i in free)
    for i in free:
        out[i] = min(MAX_PROBABILITY, weights[i] * remaining / total) if total > 0 else 0.0
    return out


def opponent_moves(view: PlayerView) -> list[tuple[str, Card]]:
    """Replay the public history: the opponent's moves in order, as ("took" | "discarded" |
    "passed", card), a pass or stock draw naming the discard it let go by."""
    me = view.player
    pile: list[Card] = [] if view.upcard is None else [view.upcard]
    moves: list[tuple[str, Card]] = []
    for event in view.history:
        kind = event.kind
        if kind in ("take_upcard", "draw_discard"):
            card = pile.pop() if pile else event.card
            if event.player != me and card is not None:
                moves.append(("took", card))
        elif kind == "discard" and event.card is not None:
            pile.append(event.card)
            if event.player != me:
                moves.append(("discarded", event.card))
        elif kind in ("draw_stock", "pass") and event.player != me and pile:
            moves.append(("passed", pile[-1]))
    return moves
