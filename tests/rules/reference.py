"""Slow, obviously-correct reference implementations to check the engine against.

Nothing here uses the engine's meld code: melds are listed straight from the definitions in
RULES.md, and every collection of disjoint melds is enumerated.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import combinations

from game.rules import Card

Meld = frozenset[Card]


def value(card: Card) -> int:
    """A = 1, 2..10 face value, J Q K = 10."""
    return min(int(card.rank), 10)


def total(cards: Iterable[Card]) -> int:
    return sum(value(c) for c in cards)


def is_meld_by_definition(group: Sequence[Card]) -> bool:
    """A set (3 or 4 of one rank) or a run (3+ of one suit, consecutive, ace low, no wrap)."""
    if len(group) < 3 or len(set(group)) != len(group):
        return False
    ranks = sorted(int(c.rank) for c in group)
    if len({c.rank for c in group}) == 1:
        return len(group) <= 4
    if len({c.suit for c in group}) != 1:
        return False
    return ranks == list(range(ranks[0], ranks[0] + len(group)))


def all_melds_by_subsets(hand: Sequence[Card]) -> set[Meld]:
    """Every meld in a hand, by testing every subset (slow; used to check :func:`all_melds`)."""
    return {
        frozenset(group)
        for size in range(3, len(hand) + 1)
        for group in combinations(hand, size)
        if is_meld_by_definition(group)
    }


def all_melds(hand: Iterable[Card]) -> list[Meld]:
    """Every meld in a hand: each 3- and 4-card set, and each run of every length."""
    held = set(hand)
    melds: set[Meld] = set()
    by_rank: dict[int, list[Card]] = {}
    for card in held:
        by_rank.setdefault(int(card.rank), []).append(card)
    for group in by_rank.values():
        for size in (3, 4):
            melds.update(frozenset(c) for c in combinations(group, size))
    for card in held:
        run = [card]
        while True:
            nxt = next(
                (c for c in held if c.suit == card.suit and c.rank == run[-1].rank + 1),
                None,
            )
            if nxt is None:
                break
            run.append(nxt)
            if len(run) >= 3:
                melds.add(frozenset(run))
    return sorted(melds, key=lambda m: sorted(m))


def packings(hand: Iterable[Card]) -> Iterator[tuple[Meld, ...]]:
    """Every collection of pairwise disjoint melds of the hand (including none)."""
    melds = all_melds(hand)

    def walk(start: int, used: frozenset[Card], chosen: tuple[Meld, ...]) -> Iterator[tuple[Meld, ...]]:
        yield chosen
        for i in range(start, len(melds)):
            if not melds[i] & used:
                yield from walk(i + 1, used | melds[i], (*chosen, melds[i]))

    yield from walk(0, frozenset(), ())


def brute_deadwood(hand: Iterable[Card]) -> int:
    """The lowest deadwood over every packing."""
    cards = frozenset(hand)
    return min(total(cards - frozenset().union(*p)) for p in packings(cards))


def brute_arrangements(hand: Iterable[Card], knock_limit: int) -> set[frozenset[Meld]]:
    """Every packing whose deadwood is at most the knock limit."""
    cards = frozenset(hand)
    return {frozenset(p) for p in packings(cards) if total(cards - frozenset().union(*p)) <= knock_limit}


def extends(card: Card, meld: frozenset[Card]) -> bool:
    """Whether ``card`` can be laid off on ``meld``: a 3-card set's 4th, or a run's either end."""
    return card not in meld and is_meld_by_definition([*meld, card])


def brute_defence(defender: Iterable[Card], knocker_melds: Sequence[Iterable[Card]]) -> int:
    """The defender's lowest count: every subset of cards that can all be laid off (in some
    order, chains allowed) onto the knocker's melds, with the best melds of the rest."""
    hand = frozenset(defender)
    melds = tuple(frozenset(m) for m in knocker_melds)

    @cache
    def can_lay_off_all(pending: frozenset[Card], table: tuple[frozenset[Card], ...]) -> bool:
        if not pending:
            return True
        for card in pending:
            for i, meld in enumerate(table):
                if extends(card, meld):
                    grown = (*table[:i], meld | {card}, *table[i + 1 :])
                    if can_lay_off_all(pending - {card}, grown):
                        return True
        return False

    best = brute_deadwood(hand)
    for size in range(1, len(hand) + 1):
        for laid in combinations(sorted(hand), size):
            if can_lay_off_all(frozenset(laid), melds):
                best = min(best, brute_deadwood(hand - frozenset(laid)))
    return best
