"""Melds, deadwood, knock arrangements and layoffs, computed on bit masks.

The search is exact and cheap because of how melds can overlap: runs stay inside one suit,
and a set needs three of the four suits. So a hand is solved by choosing, for each rank held
three or four times, which set (if any) to make, and then covering each suit's remaining
cards with runs, which a precomputed 8192-entry table answers per suit. Most hands have no
rank three times and cost four table look-ups.

>>> result = best_melds(parse_cards("7D 7S 7H 8H 9H 2C 3C 4C KS QS"))
>>> result.deadwood_value, format_cards(result.deadwood)
(34, '7D 7S QS KS')
>>> [format_cards(m) for m in result.melds]
['2C 3C 4C', '7H 8H 9H']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise, product

from game.rules.cards import Card, cards_to_mask, format_cards, mask_to_cards

__all__ = [
    "Defence",
    "MeldResult",
    "best_defence",
    "best_melds",
    "can_lay_off",
    "deadwood_value",
    "format_cards",
    "is_meld",
    "is_run",
    "is_set",
    "knock_arrangements",
    "meld_sort_key",
    "melds_in",
]

SUIT_BITS = 0x1FFF
_RANK_VALUE = tuple(min(r + 1, 10) for r in range(13))


def _suit_value(mask: int) -> int:
    return sum(_RANK_VALUE[r] for r in range(13) if mask >> r & 1)


def _build_run_tables() -> tuple[list[int], list[int], list[tuple[int, ...]]]:
    """For every 13-bit suit mask: its card value, the best value runs can meld, and those runs."""
    size = 1 << 13
    value = [_suit_value(m) for m in range(size)]
    best = [0] * size
    cover: list[tuple[int, ...]] = [()] * size
    for mask in range(1, size):
        low = (mask & -mask).bit_length() - 1
        # Either the lowest card is left out of every run...
        best_value = best[mask & (mask - 1)]
        best_cover = cover[mask & (mask - 1)]
        # ...or it starts a run of three or more.
        run = (1 << low) | (1 << (low + 1)) | (1 << (low + 2))
        top = low + 2
        while top < 13 and mask & run == run:
            rest = mask & ~run
            candidate = value[run] + best[rest]
            if candidate > best_value:
                best_value = candidate
                best_cover = (run, *cover[rest])
            top += 1
            run |= 1 << top
        best[mask] = best_value
        cover[mask] = best_cover
    return value, best, cover


SUIT_VALUE, RUN_BEST, RUN_COVER = _build_run_tables()


def _hand_value(mask: int) -> int:
    return (
        SUIT_VALUE[mask & SUIT_BITS]
        + SUIT_VALUE[mask >> 13 & SUIT_BITS]
        + SUIT_VALUE[mask >> 26 & SUIT_BITS]
        + SUIT_VALUE[mask >> 39 & SUIT_BITS]
    )


def _set_choices(mask: int) -> list[list[int]]:
    """Per rank held three or more times: the set masks it could contribute (0 = no set)."""
    s0 = mask & SUIT_BITS
    s1 = mask >> 13 & SUIT_BITS
    s2 = mask >> 26 & SUIT_BITS
    s3 = mask >> 39 & SUIT_BITS
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    choices: list[list[int]] = []
    while triples:
        low = triples & -triples
        triples ^= low
        rank = low.bit_length() - 1
        bits = [low << (13 * s) for s in range(4) if mask >> (13 * s + rank) & 1]
        options = [0]
        if len(bits) == 4:
            options.append(bits[0] | bits[1] | bits[2] | bits[3])
        options.extend(a | b | c for a, b, c in combinations(bits, 3))
        choices.append(options)
    return choices


def _runs_value(mask: int) -> int:
    return (
        RUN_BEST[mask & SUIT_BITS]
        + RUN_BEST[mask >> 13 & SUIT_BITS]
        + RUN_BEST[mask >> 26 & SUIT_BITS]
        + RUN_BEST[mask >> 39 & SUIT_BITS]
    )


def _best_melded(mask: int) -> tuple[int, int]:
    """The highest value that melds can cover in ``mask``, and the set cards of that choice."""
    choices = _set_choices(mask)
    if not choices:
        return _runs_value(mask), 0
    best_value = -1
    best_sets = 0
    for combo in product(*choices):
        sets = 0
        for part in combo:
            sets |= part
        total = _hand_value(sets) + _runs_value(mask & ~sets)
        if total > best_value:
            best_value = total
            best_sets = sets
    return best_value, best_sets


def deadwood_value(cards: Iterable[Card] | int) -> int:
    """The lowest deadwood count of a hand (cards or a bit mask).

    >>> deadwood_value(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC"))
    0
    """
    mask = cards if isinstance(cards, int) else cards_to_mask(cards)
    return _hand_value(mask) - _best_melded(mask)[0]


def _set_melds(sets: int) -> list[int]:
    """Split a mask of set cards into one mask per rank."""
    melds: list[int] = []
    if not sets:
        return melds
    for rank in range(13):
        rank_bits = sets & (1 << rank | 1 << (rank + 13) | 1 << (rank + 26) | 1 << (rank + 39))
        if rank_bits:
            melds.append(rank_bits)
    return melds


def _run_melds(mask: int) -> list[int]:
    melds: list[int] = []
    for suit in range(4):
        shift = 13 * suit
        melds.extend(run << shift for run in RUN_COVER[mask >> shift & SUIT_BITS])
    return melds


def meld_sort_key(meld: Sequence[Card]) -> tuple[int, int]:
    """Order melds for display: sets and runs by their lowest card."""
    low = min(meld)
    return (low.rank, low.suit)


@dataclass(frozen=True, slots=True)
class MeldResult:
    """An arrangement of a hand: melds plus the deadwood left over."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int

    @classmethod
    def from_masks(cls, meld_masks: Iterable[int], hand_mask: int) -> MeldResult:
        """Build the arrangement given meld masks inside ``hand_mask``."""
        used = 0
        melds: list[tuple[Card, ...]] = []
        for meld in meld_masks:
            used |= meld
            melds.append(_meld_cards(meld))
        melds.sort(key=meld_sort_key)
        rest = hand_mask & ~used
        return cls(tuple(melds), mask_to_cards(rest), _hand_value(rest))

    def __str__(self) -> str:
        parts = ["[" + format_cards(m) + "]" for m in self.melds]
        parts.append(f"deadwood {format_cards(self.deadwood) or '-'} = {self.deadwood_value}")
        return " ".join(parts)


def _meld_cards(meld: int) -> tuple[Card, ...]:
    """Cards of a meld mask; mask order is already runs low to high and sets by suit."""
    return mask_to_cards(meld)


def best_melds(cards: Iterable[Card] | int) -> MeldResult:
    """The arrangement of any hand with the lowest deadwood.

    >>> r = best_melds(parse_cards("AH 2H 3H 4H 5H 6S 7S 8S 9S TS"))
    >>> r.deadwood_value, len(r.melds)
    (0, 2)
    """
    mask = cards if isinstance(cards, int) else cards_to_mask(cards)
    _, sets = _best_melded(mask)
    return MeldResult.from_masks(_set_melds(sets) + _run_melds(mask & ~sets), mask)


# --- single melds ---------------------------------------------------------------------------


def is_set(cards: Sequence[Card]) -> bool:
    """Three or four cards of one rank.

    >>> is_set(parse_cards("7C 7D 7H")), is_set(parse_cards("7C 7D"))
    (True, False)
    """
    return 3 <= len(cards) <= 4 and len({c.rank for c in cards}) == 1 and len(set(cards)) == len(cards)


def is_run(cards: Sequence[Card]) -> bool:
    """Three or more cards of one suit in consecutive ranks; the ace is low, runs never wrap.

    >>> is_run(parse_cards("AH 2H 3H")), is_run(parse_cards("QH KH AH"))
    (True, False)
    """
    if len(cards) < 3 or len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    return all(b == a + 1 for a, b in pairwise(ranks))


def is_meld(cards: Sequence[Card]) -> bool:
    """A set or a run."""
    return is_set(cards) or is_run(cards)


def can_lay_off(card: Card, meld: Sequence[Card]) -> bool:
    """Whether ``card`` extends ``meld`` (a 3-card set's 4th card, or either end of a run).

    >>> run = parse_cards("4S 5S 6S")
    >>> can_lay_off(Card.parse("7S"), run), can_lay_off(Card.parse("7H"), run)
    (True, False)
    >>> can_lay_off(Card.parse("9D"), parse_cards("9C 9H 9S")), can_lay_off(
    ...     Card.parse("9D"), parse_cards("9C 9H 9S 9D"))
    (True, False)
    """
    if card in meld:
        return False
    if is_set(meld):
        return len(meld) == 3 and card.rank == meld[0].rank
    if is_run(meld):
        if card.suit != meld[0].suit:
            return False
        ranks = [c.rank for c in meld]
        return card.rank in (min(ranks) - 1, max(ranks) + 1)
    return False


# --- all melds of a hand and knock arrangements ---------------------------------------------


def _all_meld_masks() -> tuple[int, ...]:
    masks: list[int] = []
    for suit in range(4):
        for start in range(13):
            for end in range(start + 3, 14):
                run = ((1 << (end - start)) - 1) << start
                masks.append(run << (13 * suit))
    for rank in range(13):
        bits = [1 << (13 * s + rank) for s in range(4)]
        masks.append(bits[0] | bits[1] | bits[2] | bits[3])
        masks.extend(a | b | c for a, b, c in combinations(bits, 3))
    return tuple(masks)


ALL_MELD_MASKS = _all_meld_masks()


def melds_in(cards: Iterable[Card] | int) -> list[int]:
    """Masks of every meld (runs of every length, 3- and 4-card sets) inside a hand."""
    mask = cards if isinstance(cards, int) else cards_to_mask(cards)
    return [m for m in ALL_MELD_MASKS if m & mask == m]


def _arrangement_masks(mask: int, knock_limit: int) -> Iterator[tuple[int, ...]]:
    candidates = melds_in(mask)
    need = _hand_value(mask) - knock_limit  # the melded value an arrangement must reach
    chosen: list[int] = []

    def walk(start: int, used: int, melded: int) -> Iterator[tuple[int, ...]]:
        if melded >= need:
            yield tuple(chosen)
        # Even melding the best of everything still free cannot reach the limit: stop here.
        if melded + _best_melded(mask & ~used)[0] < need:
            return
        for i in range(start, len(candidates)):
            meld = candidates[i]
            if meld & used:
                continue
            chosen.append(meld)
            yield from walk(i + 1, used | meld, melded + _hand_value(meld))
            chosen.pop()

    yield from walk(0, 0, 0)


def knock_arrangements(cards: Iterable[Card] | int, knock_limit: int) -> list[MeldResult]:
    """Every legal way to lay out a hand with deadwood at most ``knock_limit``, best first.

    Different splits of the same cards (a six-card run as one meld or as two) are different
    arrangements, because they accept different layoffs.

    >>> hand = parse_cards("3C 4C 5C 6C 7C 8C KH KS KD 2D")
    >>> [str(r) for r in knock_arrangements(hand, 2)][:2]
    ['[3C 4C 5C 6C 7C 8C] [KD KH KS] deadwood 2D = 2', '[3C 4C 5C] [6C 7C 8C] [KD KH KS] deadwood 2D = 2']
    >>> knock_arrangements(hand, 1)
    []
    """
    mask = cards if isinstance(cards, int) else cards_to_mask(cards)
    results = [MeldResult.from_masks(m, mask) for m in _arrangement_masks(mask, knock_limit)]
    results.sort(key=lambda r: (r.deadwood_value, len(r.melds), [meld_sort_key(m) for m in r.melds]))
    return results


# --- layoffs --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Defence:
    """The defender's answer to a knock: layoffs onto the knocker's melds, then own melds."""

    layoffs: tuple[tuple[Card, int], ...]
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int


def _layoff_options(meld: Sequence[Card], held: int) -> list[list[Card]]:
    """Each way to extend one knocker meld with held cards, as the cards in play order."""
    options: list[list[Card]] = [[]]
    if is_set(meld):
        if len(meld) == 3:
            suits = {c.suit for c in meld}
            missing = next(s for s in range(4) if s not in suits)
            card = Card(meld[0].rank, missing)
            if held & card.bit:
                options.append([card])
        return options
    suit = meld[0].suit
    ranks = [c.rank for c in meld]
    down: list[Card] = []
    rank = min(ranks) - 1
    while rank >= 1 and held & Card(rank, suit).bit:
        down.append(Card(rank, suit))
        rank -= 1
    up: list[Card] = []
    rank = max(ranks) + 1
    while rank <= 13 and held & Card(rank, suit).bit:
        up.append(Card(rank, suit))
        rank += 1
    return [down[:d] + up[:u] for d in range(len(down) + 1) for u in range(len(up) + 1)]


def best_defence(defender_cards: Iterable[Card] | int, knocker_melds: Sequence[Sequence[Card]]) -> Defence:
    """The layoffs and melds that together leave the defender the lowest count.

    Layoffs chain (a card laid off extends the run for the next one), and the defender's own
    melds are chosen together with the layoffs, not greedily.

    >>> d = best_defence(parse_cards("7S 8S 2D"), [parse_cards("4S 5S 6S")])
    >>> format_cards(c for c, _ in d.layoffs), d.deadwood_value
    ('7S 8S', 2)
    >>> d = best_defence(parse_cards("7H 7D 7C 8S KD"), [parse_cards("4S 5S 6S")])
    >>> format_cards(c for c, _ in d.layoffs), d.deadwood_value
    ('', 18)
    """
    held = defender_cards if isinstance(defender_cards, int) else cards_to_mask(defender_cards)
    per_meld = [_layoff_options(meld, held) for meld in knocker_melds]
    best: Defence | None = None
    for combo in product(*per_meld):
        laid = 0
        ok = True
        for cards in combo:
            bits = cards_to_mask(cards)
            if bits & laid:
                ok = False
                break
            laid |= bits
        if not ok:
            continue
        rest = held & ~laid
        value = deadwood_value(rest)
        count = sum(len(c) for c in combo)
        if best is None or (value, count) < (best.deadwood_value, len(best.layoffs)):
            arrangement = best_melds(rest)
            layoffs = tuple((card, i) for i, cards in enumerate(combo) for card in cards)
            best = Defence(layoffs, arrangement.melds, arrangement.deadwood, value)
    assert best is not None  # the empty combination always exists
    return best


def layoff_exposure(melds: Sequence[Sequence[Card]], seen: Iterable[Card] | int) -> int:
    """How many cards not in ``seen`` could be laid off directly onto these melds.

    The knocker uses this to choose between arrangements of equal deadwood without peeking
    at the defender's hand: only cards the knocker has not seen could be in it.

    >>> run = parse_cards("4S 5S 6S")
    >>> layoff_exposure([run], parse_cards("4S 5S 6S 3S")), layoff_exposure([run], run)
    (1, 2)
    """
    seen_mask = seen if isinstance(seen, int) else cards_to_mask(seen)
    exposed = 0
    for meld in melds:
        if is_set(meld):
            if len(meld) == 3:
                suits = {c.suit for c in meld}
                exposed |= sum(Card(meld[0].rank, s).bit for s in range(4) if s not in suits)
        else:
            ranks = [c.rank for c in meld]
            suit = meld[0].suit
            for rank in (min(ranks) - 1, max(ranks) + 1):
                if 1 <= rank <= 13:
                    exposed |= Card(rank, suit).bit
    return (exposed & ~seen_mask).bit_count()


def default_arrangement(
    cards: Iterable[Card] | int, knock_limit: int, seen: Iterable[Card] | int
) -> MeldResult | None:
    """The knocker's default layout: lowest deadwood, then the fewest unseen layoff cards.

    Returns None when the hand cannot knock under ``knock_limit``.

    >>> hand = parse_cards("3C 4C 5C 6C 7C 8C KH KS KD 2D")
    >>> str(default_arrangement(hand, 10, hand))
    '[3C 4C 5C 6C 7C 8C] [KD KH KS] deadwood 2D = 2'
    """
    arrangements = knock_arrangements(cards, knock_limit)
    if not arrangements:
        return None
    lowest = arrangements[0].deadwood_value
    candidates = [a for a in arrangements if a.deadwood_value == lowest]
    return min(candidates, key=lambda a: layoff_exposure(a.melds, seen))
