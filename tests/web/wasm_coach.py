"""Review recorded hands with the coach and time it; the same file runs natively and in Pyodide.

tests/web/test_wasm_coach.py and tools/bench_coach.py import this module natively and also
send its source to Pyodide (tests/web/run_pyodide.mjs). It imports only the standard library
and the game's pure-Python packages.

>>> record = play_record(seed=3, level="random", opponent="simple")
>>> outcome = review_outcome(record)
>>> outcome["decisions"] > 0, len(outcome["costs"]) == outcome["decisions"]
(True, True)
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.ai import make_player
from game.ai.coach import Review
from game.rules import Hand, RuleSet


def play_record(seed: int, level: str, opponent: str = "expert", variant: str = "standard") -> dict[str, Any]:
    """A hand dealt with ``seed``: seat 0 played by ``level``, seat 1 by ``opponent``; its record."""
    hand = Hand.deal(RuleSet.preset(variant), dealer=seed % 2, rng=random.Random(seed))
    players = [make_player(level, seed * 2 + 1), make_player(opponent, seed * 2 + 2)]
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(players[seat].choose(hand.view(seat)))
    return hand.to_dict()


def review_outcome(record: dict[str, Any], player: int = 0) -> dict[str, Any]:
    """The judgements of a review, as plain data (to compare two runs)."""
    report = Review(record, player).run()
    return {
        "decisions": len(report.decisions),
        "indices": [d.index for d in report.decisions],
        "costs": [d.cost for d in report.decisions],
        "expert": [[str(a) for a in d.expert] for d in report.decisions],
        "flagged": [d.flagged for d in report.decisions],
        "summary": report.summary,
    }


def review_times(records: list[dict[str, Any]], player: int = 0) -> dict[str, Any]:
    """Review each record in slices, timing every slice; the figures in milliseconds."""
    totals: list[float] = []
    cpu_totals: list[float] = []
    slices: list[int] = []
    longest: list[float] = []
    for record in records:
        steps = Review(record, player).steps()
        count = 0
        worst = 0.0
        started, cpu_started = time.perf_counter(), time.process_time()
        while True:
            before = time.perf_counter()
            try:
                next(steps)
            except StopIteration:
                break
            worst = max(worst, time.perf_counter() - before)
            count += 1
        totals.append(time.perf_counter() - started)
        cpu_totals.append(time.process_time() - cpu_started)
        slices.append(count)
        longest.append(worst)
    return {
        "reviews": len(records),
        "mean_ms": 1000 * sum(totals) / len(totals),
        "p95_ms": 1000 * quantile(totals, 0.95),
        "max_ms": 1000 * max(totals),
        "cpu_mean_ms": 1000 * sum(cpu_totals) / len(cpu_totals),
        "slices_mean": sum(slices) / len(slices),
        "slice_mean_ms": 1000 * sum(totals) / sum(slices),
        "slice_max_ms": 1000 * max(longest),
        "slice_p95_of_longest_ms": 1000 * quantile(longest, 0.95),
    }


def quantile(values: list[float], q: float) -> float:
    """Nearest-rank quantile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]
