"""Where things sit on the logical 1280x720 table: pure geometry, no pygame drawing.

>>> xs = fan_positions(3, centre_x=500)
>>> xs[1] == 500 and xs[0] < xs[1] < xs[2]
True
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

CARD_W, CARD_H = 96, 134
"""Card size on the table (logical pixels)."""

HAND_Y = 606
"""Centre line of the human's hand."""

OPPONENT_Y = 100
"""Centre line of the opponent's hand."""

PILE_Y = 338
STOCK_POS = (118, PILE_Y)
DISCARD_POS = (248, PILE_Y)
MELD_AREA = pygame.Rect(350, PILE_Y - CARD_H // 2 - 8, 660, CARD_H + 16)
"""Where the knocker's melds are laid out after a knock."""

HAND_CENTRE_X = 520
HAND_MAX_WIDTH = 900
HAND_AREA = pygame.Rect(40, HAND_Y - CARD_H // 2 - 40, 960, CARD_H + 70)
"""Dropping a card here puts it in (or moves it within) the human's hand."""

PANEL = pygame.Rect(1030, 12, 238, 696)
"""The score and controls panel on the right."""

STATUS_Y = 484
"""Centre line of the status message and the context buttons above the hand."""

GROUP_GAP = 22
"""Extra space between melds when the hand is grouped."""

MAX_STEP = 78
MIN_STEP = 30


def pile_rect(centre: tuple[int, int]) -> pygame.Rect:
    """The card-sized rectangle of a pile (stock or discard)."""
    rect = pygame.Rect(0, 0, CARD_W, CARD_H)
    rect.center = centre
    return rect


def card_rect(x: float, y: float) -> pygame.Rect:
    """The rectangle of a card centred on (x, y)."""
    rect = pygame.Rect(0, 0, CARD_W, CARD_H)
    rect.center = (round(x), round(y))
    return rect


def fan_positions(
    count: int,
    centre_x: float = HAND_CENTRE_X,
    max_width: float = HAND_MAX_WIDTH,
    group_breaks: Sequence[int] = (),
    max_step: float = MAX_STEP,
) -> list[float]:
    """Centre x of each card of a fanned row of `count` cards.

    `group_breaks` lists indices where a new group starts (an extra gap goes before them).
    The step between cards shrinks so the row never exceeds `max_width`.
    """
    if count <= 0:
        return []
    gaps = GROUP_GAP * len([b for b in group_breaks if 0 < b < count])
    room = max_width - CARD_W - gaps
    step = max_step if count == 1 else max(MIN_STEP, min(max_step, room / (count - 1)))
    width = step * (count - 1) + gaps
    x = centre_x - width / 2
    breaks = set(group_breaks)
    positions = []
    for index in range(count):
        if index in breaks and index > 0:
            x += GROUP_GAP
        positions.append(x)
        x += step
    return positions


def fan_arc(index: int, count: int, depth: float = 10.0) -> float:
    """Vertical offset of card `index` so a hand curves gently like one held in a fan."""
    if count <= 1:
        return 0.0
    t = (index / (count - 1)) * 2 - 1
    return depth * t * t


def meld_row_positions(
    meld_sizes: Sequence[int], area: pygame.Rect = MELD_AREA, overlap: float = 42.0
) -> list[list[float]]:
    """Centre x of each card of melds laid out left to right in `area`, shrinking to fit."""
    gap = 26.0
    total_cards = sum(meld_sizes)
    if total_cards == 0:
        return []
    step = overlap
    while step > 14:
        width = sum(CARD_W + step * (n - 1) for n in meld_sizes) + gap * (len(meld_sizes) - 1)
        if width <= area.width:
            break
        step -= 2
    width = sum(CARD_W + step * (n - 1) for n in meld_sizes) + gap * (len(meld_sizes) - 1)
    x = area.centerx - width / 2 + CARD_W / 2
    rows = []
    for size in meld_sizes:
        rows.append([x + step * i for i in range(size)])
        x += CARD_W + step * (size - 1) + gap
    return rows


def insertion_index(xs: Sequence[float], x: float) -> int:
    """Where a card dropped at `x` goes among cards centred at `xs` (sorted left to right).

    >>> insertion_index([100, 200, 300], 150), insertion_index([100, 200, 300], 999)
    (1, 3)
    """
    for index, centre in enumerate(xs):
        if x < centre:
            return index
    return len(xs)
