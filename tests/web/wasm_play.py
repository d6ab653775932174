"""Play whole hands with fixed seeds; the same file runs natively and under WebAssembly.

tests/web/test_wasm.py and tools/bench_wasm.py import this module natively and also
send its source to Pyodide (tests/web/run_pyodide.mjs), then compare the two. It imports
only the standard library and the game's pure-Python packages, never pygame.

Players: when ``game.ai`` offers ``make_player(level, seed)`` its players are used;
until then a seeded greedy chooser picks among the engine's legal actions (knock when it
can, otherwise discard the card that leaves the least deadwood), which plays hands to
knocks and gins rather than to a void stock.

>>> summary = play_hand("standard", seed=3)
>>> summary["variant"], summary["kind"] in {"knock", "gin", "big_gin", "undercut", "void"}
('standard', True)
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

from game import ai
from game.rules import (
    Arrange,
    Discard,
    Hand,
    Knock,
    Phase,
    PlayerView,
    RuleSet,
    deadwood_value,
)

VARIANTS = ("standard", "oklahoma", "simple")
AI_LEVEL = "medium"
MAX_ACTIONS = 2000  # far above any real hand; a loop here is an engine bug

Chooser = Callable[[PlayerView], Any]


def greedy_chooser(seed: int) -> Chooser:
    """A deterministic stand-in for the AI: legal moves only, seeded tie-breaks."""
    rng = random.Random(seed)

    def choose(view: PlayerView) -> Any:
        actions = list(view.legal_actions)
        if view.phase is Phase.DISCARD:
            knocks: list[Any] = [a for a in actions if isinstance(a, Knock)]
            pool = knocks or [a for a in actions if isinstance(a, Discard)]
            return _least_deadwood(view, pool, rng)
        if view.phase is Phase.ARRANGE:
            return next(a for a in actions if isinstance(a, Arrange))  # best arrangement first
        return rng.choice(actions)

    return choose


def _least_deadwood(view: PlayerView, pool: list[Any], rng: random.Random) -> Any:
    def left_after(action: Any) -> int:
        if action.card is None:  # big gin keeps all eleven cards
            return deadwood_value(view.hand)
        return deadwood_value([c for c in view.hand if c != action.card])

    best = min(left_after(a) for a in pool)
    return rng.choice([a for a in pool if left_after(a) == best])


def make_chooser(seed: int, level: str = AI_LEVEL) -> Chooser:
    """The game's AI at `level` when it exists, otherwise the greedy stand-in.

    The default level has no wall-clock budget, so its moves depend on the seed alone and
    native and WebAssembly runs can be compared move for move.
    """
    make_player = getattr(ai, "make_player", None)
    if make_player is None:
        return greedy_chooser(seed)
    player = make_player(level, seed)
    for method in ("choose", "act", "decide"):
        if hasattr(player, method):
            return getattr(player, method)  # type: ignore[no-any-return]
    return player  # type: ignore[no-any-return]


def play_hand(
    variant: str, seed: int, timings: list[float] | None = None, level: str = AI_LEVEL
) -> dict[str, Any]:
    """Deal with `seed`, play to the end, and summarise the hand for comparison.

    With `timings`, the seconds each decision took are appended to it.
    """
    rules = RuleSet.preset(variant)
    hand = Hand.deal(rules, dealer=seed % 2, rng=random.Random(seed))
    choosers = [make_chooser(seed * 2 + 1, level), make_chooser(seed * 2 + 2, level)]
    actions = 0
    while hand.result is None and hand.to_act is not None:
        seat = hand.to_act
        started = time.perf_counter()
        action = choosers[seat](hand.view(seat))
        if timings is not None:
            timings.append(time.perf_counter() - started)
        hand.apply(action)
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"{variant} seed {seed}: no end after {MAX_ACTIONS} actions")
    record = json.dumps(hand.to_dict(), sort_keys=True, separators=(",", ":"))
    result = hand.result.to_dict() if hand.result is not None else None
    return {
        "variant": variant,
        "seed": seed,
        "actions": actions,
        "kind": result["kind"] if result else None,
        "winner": result["winner"] if result else None,
        "points": result["points"] if result else None,
        "result": result,
        "record_sha256": hashlib.sha256(record.encode("utf-8")).hexdigest(),
    }


def play_all(seeds: list[int], variants: tuple[str, ...] = VARIANTS) -> list[dict[str, Any]]:
    """Every variant with every seed, in a fixed order."""
    return [play_hand(variant, seed) for variant in variants for seed in seeds]


def decision_times(
    seeds: list[int], variants: tuple[str, ...] = VARIANTS, level: str = AI_LEVEL
) -> dict[str, Any]:
    """Time each decision over whole hands; returns counts and milliseconds."""
    timings: list[float] = []
    started = time.perf_counter()
    for variant in variants:
        for seed in seeds:
            play_hand(variant, seed, timings, level)
    total = time.perf_counter() - started
    ordered = sorted(timings)
    count = len(ordered)
    return {
        "decisions": count,
        "mean_ms": 1000 * sum(ordered) / count,
        "median_ms": 1000 * ordered[count // 2],
        "p95_ms": 1000 * ordered[min(count - 1, int(0.95 * count))],
        "max_ms": 1000 * ordered[-1],
        "total_s": total,
        "player": f"game.ai {level}" if _has_ai() else "greedy stand-in",
    }


def _has_ai() -> bool:
    return hasattr(ai, "make_player")
