"""best_melds agrees with the brute force on tens of thousands of seeded random hands.

About 80,000 hands in a few seconds: 20,000 each of 10 and 11 cards from the whole deck,
and as many again from a meld-rich part of it (five ranks, four suits).
"""

from __future__ import annotations

import random

import pytest

from game.rules import FULL_DECK, best_melds, deadwood_value
from tests.rules.reference import brute_deadwood

HANDS_PER_SIZE = 20_000
DENSE = tuple(c for c in FULL_DECK if 4 <= c.rank <= 8)


@pytest.mark.slow
@pytest.mark.parametrize("pool_name", ["deck", "dense"])
@pytest.mark.parametrize("size", [10, 11])
def test_best_melds_agrees_with_brute_force_on_many_hands(size: int, pool_name: str) -> None:
    pool = FULL_DECK if pool_name == "deck" else DENSE
    rng = random.Random(size * 1000 + len(pool))
    for _ in range(HANDS_PER_SIZE):
        hand = rng.sample(pool, size)
        expected = brute_deadwood(hand)
        result = best_melds(hand)
        if result.deadwood_value != expected or deadwood_value(hand) != expected:
            pytest.fail(f"{' '.join(map(str, hand))}: engine {result.deadwood_value}, brute {expected}")
