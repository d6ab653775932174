"""The order in which the human keeps their cards, and how melds group them.

The engine holds a hand as a set of cards; the order on screen is the player's business:
sorted by rank, by suit, by melds (melds together, deadwood last), or dragged by hand.

>>> from game.rules import parse_cards
>>> order = HandOrder()
>>> order.sync(parse_cards("KS 7H 8H 9H 2C"))
>>> order.sort("melds")
>>> [str(c) for c in order.cards]
['7H', '8H', '9H', '2C', 'KS']
>>> order.groups()
[0, 3]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules import Card, MeldResult, best_melds

SORT_MODES = ("rank", "suit", "melds")


class HandOrder:
    """The human's cards in screen order, with the sort mode that keeps them in order."""

    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.mode: str | None = "melds"
        self._melds_for: tuple[Card, ...] | None = None
        self._melds: MeldResult | None = None
        self.arrangement: MeldResult | None = None
        """A forced arrangement (the knocker's chosen one); None means the best melds."""

    def sync(self, held: Iterable[Card], insert_at: int | None = None) -> None:
        """Follow the engine's hand: drop cards that left, add new ones (at `insert_at`)."""
        held_list = list(held)
        held_set = set(held_list)
        kept = [c for c in self.cards if c in held_set]
        new = [c for c in held_list if c not in set(kept)]
        if insert_at is None or self.mode is not None:
            kept.extend(new)
        else:
            index = max(0, min(insert_at, len(kept)))
            kept[index:index] = new
        self.cards = kept
        if self.mode is not None:
            self.sort(self.mode)

    def sort(self, mode: str) -> None:
        """Sort by "rank", "suit" or "melds"; the mode sticks until the player reorders."""
        if mode not in SORT_MODES:
            raise ValueError(f"unknown sort {mode!r}; choose one of {SORT_MODES}")
        self.mode = mode
        if mode == "rank":
            self.cards.sort(key=lambda c: (c.rank, c.suit))
        elif mode == "suit":
            self.cards.sort(key=lambda c: (c.suit, c.rank))
        else:
            arrangement = self.melds()
            ordered = [c for meld in arrangement.melds for c in meld]
            ordered += sorted(arrangement.deadwood, key=lambda c: (c.rank, c.suit))
            self.cards = ordered

    def move(self, card: Card, index: int) -> None:
        """Put `card` at position `index` (0 = leftmost); the order is now the player's own.

        >>> from game.rules import parse_cards
        >>> order = HandOrder()
        >>> order.sync(parse_cards("2C 3C 4C"))
        >>> order.move(order.cards[0], 2)
        >>> [str(c) for c in order.cards], order.mode
        (['3C', '4C', '2C'], None)
        """
        if card not in self.cards:
            return
        self.cards.remove(card)
        self.cards.insert(max(0, min(index, len(self.cards))), card)
        self.mode = None

    def melds(self) -> MeldResult:
        """The arrangement shown: the forced one, else the best melds of the current cards."""
        if self.arrangement is not None:
            return self.arrangement
        key = tuple(sorted(self.cards))
        if self._melds is None or self._melds_for != key:
            self._melds = best_melds(self.cards)
            self._melds_for = key
        return self._melds

    def meld_of(self) -> dict[Card, int]:
        """Meld number of each melded card (deadwood cards are absent)."""
        return {c: i for i, meld in enumerate(self.melds().melds) for c in meld}

    def groups(self) -> list[int]:
        """Indices where a new group starts, when sorted by melds (else no groups)."""
        if self.mode != "melds":
            return []
        meld_of = self.meld_of()
        starts = []
        previous: object = object()
        for index, card in enumerate(self.cards):
            group = meld_of.get(card, -1)
            if group != previous:
                starts.append(index)
                previous = group
        return starts


def best_discard_deadwood(cards: Sequence[Card]) -> int:
    """Lowest deadwood left after discarding one of eleven cards.

    >>> from game.rules import parse_cards
    >>> best_discard_deadwood(parse_cards("AH 2H 3H 5S 5D 5C 9C TC JC KD QS"))
    10
    """
    return min(best_melds([c for c in cards if c != drop]).deadwood_value for drop in cards)
