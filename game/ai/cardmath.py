"""Small precomputed tables over card indices (0..51, suit * 13 + rank - 1) for the AI."""

from __future__ import annotations

from collections.abc import Callable

from game.rules import FULL_DECK, Card

ALL_CARDS_MASK = (1 << 52) - 1
VALUE: tuple[int, ...] = tuple(min(i % 13 + 1, 10) for i in range(52))
CARD: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))


def _same_rank(i: int) -> int:
    rank = i % 13
    return sum(1 << (13 * s + rank) for s in range(4)) & ~(1 << i)


def _suit_neighbours(i: int, distance: int) -> int:
    rank, suit = i % 13, i // 13
    mask = 0
    for step in range(1, distance + 1):
        for r in (rank - step, rank + step):
            if 0 <= r < 13:
                mask |= 1 << (13 * suit + r)
    return mask


#: Cards that would make a meld with card ``i`` together with one more card of the hand
#: (same rank, or next to it in its suit): a card with none of them in a hand is isolated.
TOUCHING: tuple[int, ...] = tuple(_same_rank(i) | _suit_neighbours(i, 1) for i in range(52))
#: Cards that could share a meld with card ``i`` (same rank, or within two in its suit).
RELATED: tuple[int, ...] = tuple(_same_rank(i) | _suit_neighbours(i, 2) for i in range(52))
SAME_RANK: tuple[int, ...] = tuple(_same_rank(i) for i in range(52))

assert len(FULL_DECK) == 52


def indices(mask: int) -> list[int]:
    """The card indices set in ``mask``, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def by_value_desc(mask: int) -> list[int]:
    """The card indices of ``mask``, highest value first (ties: higher index first)."""
    return sorted(indices(mask), key=lambda i: (VALUE[i], i), reverse=True)


def least_after_discard(mask: int, deadwood: Callable[[int], int], full: int | None = None) -> int:
    """Lowest ``deadwood`` left after throwing one card of ``mask`` (``full``: its own count).

    Cards are tried highest first: dropping a card lowers the count by at most its value,
    so the search stops once no remaining card can beat the best so far.
    """
    whole = deadwood(mask) if full is None else full
    best = 10**6
    for i in by_value_desc(mask):
        if whole - VALUE[i] >= best:
            break
        left = deadwood(mask & ~(1 << i))
        if left < best:
            best = left
    return best
