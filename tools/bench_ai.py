"""Decision-time benchmark of the AI levels (a benchmark, not a test).

    python tools/bench_ai.py [--states 300] [--seed 1] [--levels hard,expert] [--rules standard]

Collects positions from hands played by mixed levels, then times every level's decision
on the same positions and prints the p50, p95 and max in milliseconds: wall-clock time,
and this process's CPU time (close to the wall time on an idle machine, and much less
disturbed when other programs share the cores). The decision is run as the browser runs it,
through ``think()`` a slice per ``next()``, and each slice is timed as well: the ``slice``
rows give the p50, p99 and longest single slice (the browser draws a frame between two).
``--levels`` may name the arena's opponent styles too; ``--rules`` any ``game.arena`` table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import LEVELS, PLAYERS, Player, make_player
from game.arena import RULE_TABLES
from game.flags import names, seed, whole_number
from game.rules import FULL_DECK, Hand, PlayerView, RuleSet
from tools import frozen_ai


def positions(rules: RuleSet, count: int, seed: int) -> list[PlayerView]:
    """Views of the player to act, from hands played by a mix of levels."""
    rng = random.Random(seed)
    movers = [make_player(level, seed) for level in ("simple", "medium", "hard")]
    views: list[PlayerView] = []
    number = 0
    while len(views) < count:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand = Hand.from_deck(rules, number % 2, deck)
        mover = movers[number % len(movers)]
        number += 1
        while not hand.is_over and len(views) < count:
            view = hand.view(hand.to_act or 0)
            views.append(view)
            hand.apply(mover.choose(view))
    return views


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank quantile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def main() -> int:
    """Time each level on the same positions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=whole_number(1, 100_000), default=300)
    parser.add_argument("--seed", type=seed, default=1)
    parser.add_argument(
        "--levels",
        type=names((*PLAYERS, *(frozen_ai.PREFIX + name for name in PLAYERS))),
        default=list(LEVELS),
        help="comma-separated AI levels or styles; base:LEVEL is the --baseline commit's",
    )
    parser.add_argument("--rules", default="standard", choices=tuple(RULE_TABLES))
    parser.add_argument("--baseline", default=None, help="a commit: base:LEVEL then times its level")
    options = parser.parse_args()
    levels: list[str] = options.levels
    if options.baseline is None and any(level.startswith(frozen_ai.PREFIX) for level in levels):
        parser.error("base:LEVEL needs --baseline COMMIT")
    if options.baseline is not None:
        frozen_ai.use_baseline(options.baseline)
    views = positions(RULE_TABLES[options.rules], options.states, options.seed)
    print(f"{len(views)} positions ({options.rules})")
    print(f"{'level':12} {'clock':6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'mean ms':>8}")
    for level in levels:
        player: Player = frozen_ai.make_named(level, options.seed)  # type: ignore[assignment]
        wall: list[float] = []
        cpu: list[float] = []
        slices: list[float] = []
        slices_cpu: list[float] = []
        for view in views:
            started, started_cpu = time.perf_counter(), time.process_time()
            thinking = player.think(view)
            while True:
                slice_start, slice_cpu = time.perf_counter(), time.process_time()
                try:
                    next(thinking)
                except StopIteration:
                    break
                finally:
                    slices.append((time.perf_counter() - slice_start) * 1000.0)
                    slices_cpu.append((time.process_time() - slice_cpu) * 1000.0)
            wall.append((time.perf_counter() - started) * 1000.0)
            cpu.append((time.process_time() - started_cpu) * 1000.0)
        for clock, times in (("wall", wall), ("cpu", cpu)):
            print(
                f"{level:12} {clock:6} {percentile(times, 0.5):8.2f} {percentile(times, 0.95):8.2f} "
                f"{max(times):8.2f} {sum(times) / len(times):8.2f}"
            )
        for clock, times in (("wall", slices), ("cpu", slices_cpu)):
            print(
                f"{level:12} {'slice ' + clock:11} p50 {percentile(times, 0.5):.3f}  p99 "
                f"{percentile(times, 0.99):.3f}  max {max(times):.3f} ({len(times)} slices)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
