"""Reading the opponent's hand: weighted samples of the hands it could hold, given its play.

The prior is uniform: any ``hidden`` of the unseen cards, plus the cards it was seen to
take and still holds. Each observed move then reweights a sampled hand by how likely a
sensible player holding it would have made that move:

* it took a discard: the card usually makes a meld with its hand;
* it passed a discard, or threw a card away: that card usually does not;
* its latest discard was its worst card: few unmatched cards above it remain.

The samples give what the search needs: the chance that it holds each card, the chance
that a discard of ours would finish one of its melds, and hands to test a knock against.

>>> import random
>>> from game.rules import Hand, RuleSet
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(1))
>>> view = hand.view(1)
>>> belief = Belief.from_view(view, Tracker.from_view(view), random.Random(0), samples=64)
>>> len(belief.hands), round(sum(belief.holds), 6)
(64, 10.0)
>>> 0.0 <= min(belief.feeds) <= max(belief.feeds) <= 1.0
True
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass

from game.ai.base import finish
from game.ai.cardmath import TOUCHING, VALUE, indices, least_after_discard
from game.ai.tracking import Tracker, opponent_moves
from game.rules import PlayerView, deadwood_value

# How likely a move is when the sampled hand says a sensible player would not make it.
TAKE_WITHOUT_MELD = 0.25  # took a discard that melds with nothing it holds
PASS_A_MELD = 0.12  # let a discard go by that would have finished a meld
THROW_A_MELD = 0.12  # threw away a card that was part of a meld
KEEP_HIGHER = 0.6  # per unmatched card worth more than the card it just threw away
SLICE = 16  # samples drawn between two pauses of the cooperative form
COULD_KNOCK = 0.05  # it discarded without knocking although the hand allowed a knock
WORSE_DISCARD = 0.35  # per point its last discard left above the least deadwood it could keep


_RANKS = 0x1FFF
_ABOVE_1 = sum(1 << (13 * s + r) for s in range(4) for r in range(1, 13))  # rank index >= 1
_ABOVE_2 = sum(1 << (13 * s + r) for s in range(4) for r in range(2, 13))
_BELOW_1 = sum(1 << (13 * s + r) for s in range(4) for r in range(12))  # rank index <= 11
_BELOW_2 = sum(1 << (13 * s + r) for s in range(4) for r in range(11))


def feeding(mask: int) -> int:
    """The cards not in ``mask`` that would make a meld with two or more of its cards.

    >>> from game.rules import cards_to_mask, format_cards, parse_cards
    >>> from game.rules import Card
    >>> mask = feeding(cards_to_mask(parse_cards("7H 8H KS KD")))
    >>> format_cards(sorted(Card.from_index(i) for i in range(52) if mask >> i & 1))
    'KC 6H 9H KH'
    """
    up1 = mask << 1 & _ABOVE_1  # card one rank above a held card
    up2 = mask << 2 & _ABOVE_2
    down1 = mask >> 1 & _BELOW_1
    down2 = mask >> 2 & _BELOW_2
    runs = (up1 & up2) | (up1 & down1) | (down1 & down2)
    s0, s1, s2, s3 = (mask >> (13 * k) & _RANKS for k in range(4))
    pairs = (s0 & (s1 | s2 | s3)) | (s1 & (s2 | s3)) | (s2 & s3)
    sets = pairs | pairs << 13 | pairs << 26 | pairs << 39
    return (runs | sets) & ~mask


def melds_with(i: int, mask: int) -> bool:
    """Whether card ``i`` makes a meld with two or more of the other cards of ``mask``."""
    return bool(feeding(mask & ~(1 << i)) >> i & 1)


def isolated(mask: int) -> list[int]:
    """Cards of ``mask`` that touch no other card of it (certain deadwood)."""
    return [i for i in indices(mask) if not mask & TOUCHING[i]]


@dataclass(frozen=True, slots=True)
class Observation:
    """One public move of the opponent: ``kind`` is "took", "passed" or "discarded"."""

    kind: str
    card: int
    held: bool = False  # a taken card it still holds


def observations(view: PlayerView) -> list[Observation]:
    """The opponent's informative moves, in order (a taken card notes whether it is still held)."""
    known = set(view.opponent_known)
    return [
        Observation(kind, card.index, kind == "took" and card in known) for kind, card in opponent_moves(view)
    ]


@dataclass(frozen=True, slots=True)
class Belief:
    """Weighted samples of the opponent's hand, summarised per card."""

    hands: tuple[int, ...]  # sampled hands (card masks)
    weights: tuple[float, ...]  # their weights, summing to 1
    holds: tuple[float, ...]  # per card index: chance the opponent holds it
    feeds: tuple[float, ...]  # per card index: chance the card would make it a meld

    @classmethod
    def from_view(cls, view: PlayerView, tracker: Tracker, rng: random.Random, samples: int = 200) -> Belief:
        """Sample ``samples`` hands consistent with the view and weight them by its moves."""
        return finish(cls.build(view, tracker, rng, samples))

    @classmethod
    def build(
        cls, view: PlayerView, tracker: Tracker, rng: random.Random, samples: int = 200
    ) -> Generator[None, None, Belief]:
        """Like :meth:`from_view`, in slices: it yields every few samples."""
        pool = indices(tracker.unseen)
        moves = observations(view)
        last_discard = next((m.card for m in reversed(moves) if m.kind == "discarded"), None)
        hidden = min(tracker.hidden, len(pool))
        hands: list[int] = []
        weights: list[float] = []
        feeds: list[int] = []
        for n in range(max(1, samples)):
            if n % SLICE == SLICE - 1:
                yield
            mask = tracker.opponent_known
            for i in rng.sample(pool, hidden):
                mask |= 1 << i
            feed = feeding(mask)
            hands.append(mask)
            feeds.append(feed)
            weight = _likelihood(mask, feed, moves, last_discard)
            if weight > 0 and last_discard is not None and moves[-1].kind == "discarded":
                weight *= _fits_last_discard(mask, last_discard, view.knock_limit)
            weights.append(weight)
        total = sum(weights)
        if total <= 0:  # nothing fits the model: fall back to the plain count
            weights = [1.0] * len(hands)
            total = float(len(hands))
        weights = [w / total for w in weights]
        holds = [0.0] * 52
        feed_chance = [0.0] * 52
        for mask, feed, w in zip(hands, feeds, weights, strict=True):
            for i in indices(mask):
                holds[i] += w
            for i in indices(feed):
                feed_chance[i] += w
        return cls(tuple(hands), tuple(weights), tuple(holds), tuple(feed_chance))

    def next_discards(self) -> dict[int, float]:
        """Chance of each card being the opponent's next discard, if it throws its worst loner."""
        out: dict[int, float] = {}
        for mask, w in zip(self.hands, self.weights, strict=True):
            loners = isolated(mask)
            if not loners:
                continue
            top = max(VALUE[i] for i in loners)
            worst = [i for i in loners if VALUE[i] == top]
            share = w / len(worst)
            for i in worst:
                out[i] = out.get(i, 0.0) + share
        return out

    def effective_samples(self) -> float:
        """How many equally weighted samples the weighted ones are worth."""
        square = sum(w * w for w in self.weights)
        return 1.0 / square if square > 0 else 0.0

    def draw(self, rng: random.Random) -> int:
        """One sampled hand, chosen by weight."""
        return rng.choices(self.hands, self.weights)[0]


def _fits_last_discard(mask: int, thrown: int, limit: int) -> float:
    """How well ``mask`` fits a sensible player having just kept it and thrown ``thrown``.

    Such a player knocks when it can, and throws the card that leaves the least deadwood.
    """
    kept = deadwood_value(mask)
    weight = COULD_KNOCK if kept <= limit else 1.0
    best = least_after_discard(mask | 1 << thrown, deadwood_value)  # throwing ``thrown`` gives ``kept``
    return weight * WORSE_DISCARD ** min(10, kept - best)


def _likelihood(mask: int, feed: int, moves: list[Observation], last_discard: int | None) -> float:
    """How well the opponent's moves fit its holding ``mask`` (``feed``: what would meld)."""
    weight = 1.0
    for move in moves:
        if move.kind == "took":
            if move.held and not melds_with(move.card, mask & ~(1 << move.card)):
                weight *= TAKE_WITHOUT_MELD
        elif feed >> move.card & 1:
            weight *= PASS_A_MELD if move.kind == "passed" else THROW_A_MELD
    if last_discard is not None:
        ceiling = VALUE[last_discard]
        for i in isolated(mask):
            if VALUE[i] > ceiling:
                weight *= KEEP_HIGHER
    return weight
