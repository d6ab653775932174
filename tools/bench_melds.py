"""Benchmark the meld solver: microseconds per hand for deadwood_value and best_melds.

Not a test. Times random 10- and 11-card hands (a fixed seed) with the engine's solver and
with the brute-force reference of the tests (every collection of disjoint melds), and
prints them side by side with the ratio.

    python tools/bench_melds.py            # 20,000 hands per size
    python tools/bench_melds.py --hands 5000 --seed 3
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.flags import seed, whole_number
from game.rules import FULL_DECK, Card, best_melds, cards_to_mask, deadwood_value
from tests.rules.reference import brute_deadwood


def time_per_hand(solve: Callable[[object], object], hands: Sequence[object], repeat: int) -> float:
    """The best of ``repeat`` runs over all hands, in microseconds per hand."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hand in hands:
            solve(hand)
        best = min(best, time.perf_counter() - start)
    return best / len(hands) * 1e6


def bench(size: int, count: int, seed: int, repeat: int) -> list[tuple[str, float]]:
    rng = random.Random(seed * 100 + size)
    hands: list[list[Card]] = [rng.sample(FULL_DECK, size) for _ in range(count)]
    masks = [cards_to_mask(h) for h in hands]
    for hand in hands[:2000]:  # sanity: the two agree before we time them
        assert best_melds(hand).deadwood_value == brute_deadwood(hand)
    return [
        ("deadwood_value(cards)", time_per_hand(deadwood_value, hands, repeat)),
        ("deadwood_value(mask)", time_per_hand(deadwood_value, masks, repeat)),
        ("best_melds(cards)", time_per_hand(best_melds, hands, repeat)),
        ("brute force reference", time_per_hand(brute_deadwood, hands, 1)),
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hands", type=whole_number(1, 1_000_000), default=20_000, help="hands per size (default 20000)"
    )
    parser.add_argument("--seed", type=seed, default=1)
    parser.add_argument(
        "--repeat", type=whole_number(1, 100), default=3, help="runs per engine timing; the best counts"
    )
    args = parser.parse_args(argv)
    print(f"{args.hands} random hands per size, seed {args.seed}; microseconds per hand")
    print(f"{'cards':>5}  {'function':<24} {'us/hand':>9} {'brute/this':>11}")
    for size in (10, 11):
        rows = bench(size, args.hands, args.seed, args.repeat)
        brute = rows[-1][1]
        for name, micros in rows:
            print(f"{size:>5}  {name:<24} {micros:>9.2f} {brute / micros:>10.1f}x")


if __name__ == "__main__":
    main()
