"""Pure geometry shared by the layouts: fanned rows, meld rows, drop positions.

Everything here works in whatever unit the caller uses (the table passes real pixels) and
draws nothing.

>>> xs = fan_positions(3, centre_x=500, card_w=96)
>>> xs[1] == 500 and xs[0] < xs[1] < xs[2]
True
"""

from __future__ import annotations

from collections.abc import Sequence

CARD_W, CARD_H = 96, 134
"""A card on the landscape table at 1280x720, in design units (the default art size)."""

CARD_RATIO = CARD_H / CARD_W
"""Height over width of every card drawn."""


def card_size(width: float) -> tuple[int, int]:
    """A card `width` pixels wide, with the deck's proportions.

    >>> card_size(96)
    (96, 134)
    """
    width = max(8, round(width))
    return width, round(width * CARD_RATIO)


def fan_positions(
    count: int,
    centre_x: float,
    card_w: float,
    max_width: float = 900.0,
    group_breaks: Sequence[int] = (),
    max_step: float = 78.0,
    min_step: float = 30.0,
    group_gap: float = 22.0,
) -> list[float]:
    """Centre x of each card of a fanned row of `count` cards `card_w` wide.

    `group_breaks` lists indices where a new group starts (an extra gap goes before them).
    The step between cards shrinks so the row never exceeds `max_width` (down to `min_step`).
    """
    if count <= 0:
        return []
    gaps = group_gap * len([b for b in group_breaks if 0 < b < count])
    room = max_width - card_w - gaps
    step = max_step if count == 1 else max(min_step, min(max_step, room / (count - 1)))
    width = step * (count - 1) + gaps
    x = centre_x - width / 2
    breaks = set(group_breaks)
    positions = []
    for index in range(count):
        if index in breaks and index > 0:
            x += group_gap
        positions.append(x)
        x += step
    return positions


def fan_arc(index: int, count: int, depth: float = 10.0) -> float:
    """Vertical offset of card `index` so a hand curves gently like one held in a fan."""
    if count <= 1:
        return 0.0
    t = (index / (count - 1)) * 2 - 1
    return depth * t * t


def meld_rows(
    meld_sizes: Sequence[int],
    width: float,
    card_w: float,
    max_rows: int = 1,
    overlap: float = 0.44,
    gap: float = 0.27,
    readable: float = 0.3,
) -> list[tuple[int, list[float]]]:
    """Lay melds left to right in rows of `width`: (row, x offsets from the row's centre).

    `overlap` is the step between cards of one meld and `gap` the space between melds, both
    as fractions of `card_w`. Melds wrap to a new row (up to `max_rows`) rather than squeeze
    below a `readable` step (one that shows a card's corner index); the last row takes
    whatever is left.

    >>> [row for row, _ in meld_rows([3, 3], 1000, 100)]
    [0, 0]
    >>> [row for row, _ in meld_rows([4, 4, 3], 400, 100, max_rows=2)]
    [0, 1, 1]
    """
    if not meld_sizes:
        return []
    least = card_w * readable

    def span(sizes: Sequence[int], step: float) -> float:
        return sum(card_w + step * (n - 1) for n in sizes) + card_w * gap * (len(sizes) - 1)

    rows: list[list[int]] = [[]]
    for index, size in enumerate(meld_sizes):
        trial = [meld_sizes[i] for i in rows[-1]] + [size]
        if rows[-1] and len(rows) < max_rows and span(trial, least) > width:
            rows.append([])
        rows[-1].append(index)
    placed: list[tuple[int, list[float]]] = [(0, [])] * len(meld_sizes)
    for row_number, members in enumerate(rows):
        sizes = [meld_sizes[i] for i in members]
        step = card_w * overlap
        while step > card_w * 0.15 and span(sizes, step) > width:
            step -= card_w * 0.02
        x = -span(sizes, step) / 2 + card_w / 2
        for index, size in zip(members, sizes, strict=True):
            placed[index] = (row_number, [x + step * i for i in range(size)])
            x += card_w + step * (size - 1) + card_w * gap
    return placed


def insertion_index(xs: Sequence[float], x: float) -> int:
    """Where a card dropped at `x` goes among cards centred at `xs` (sorted left to right).

    >>> insertion_index([100, 200, 300], 150), insertion_index([100, 200, 300], 999)
    (1, 3)
    """
    for index, centre in enumerate(xs):
        if x < centre:
            return index
    return len(xs)
