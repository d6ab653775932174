"""The arena: play whole matches between two AI levels and report how they did.

A developer tool for the desktop (it may use several processes), never imported by the
game itself::

    python -m game.arena --a hard --b simple --games 200 --seed 1 [--rules standard|oklahoma|simple]
                         [--jobs 2] [--json]

Seats alternate between games (level A is player 0 in even games, player 1 in odd ones).
Every match is dealt from its own seeded generator, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai import LEVELS, make_player
from game.flags import MAX_COUNT, MAX_SEED, seed, whole_number
from game.rules import Match, RuleSet

MAX_HANDS = 400  # a safety net: void hands could in principle repeat for ever


@dataclass
class GameRecord:
    """One match from level A's point of view."""

    a_won: bool
    hands: int = 0
    a_hand_wins: int = 0
    b_hand_wins: int = 0
    a_points: int = 0  # points A scored minus points B scored, over all hands
    ends: Counter[str] = field(default_factory=Counter)
    a_ms: list[float] = field(default_factory=list)
    b_ms: list[float] = field(default_factory=list)


def play_game(a: str, b: str, rules: RuleSet, seed: int, game: int) -> GameRecord:
    """Play one match of ``a`` against ``b``; A is player ``game % 2``."""
    a_player = game % 2
    players = {
        a_player: make_player(a, seed * 7919 + game * 2),
        1 - a_player: make_player(b, seed * 7919 + game * 2 + 1),
    }
    if rules.players != 2:
        raise ValueError("the arena plays two-player matches")
    match = Match(rules, random.Random(f"arena|{seed}|{game}"))
    record = GameRecord(a_won=False)
    while not match.finished and record.hands < MAX_HANDS:
        hand = match.new_hand()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            who = match.seats[seat]
            view = hand.view(seat)
            started = time.perf_counter()
            action = players[who].choose(view)
            elapsed = (time.perf_counter() - started) * 1000.0
            (record.a_ms if who == a_player else record.b_ms).append(elapsed)
            hand.apply(action)
        played = match.record_hand(hand)
        record.hands += 1
        result = played.result
        record.ends[result.kind.value] += 1
        if played.winner is not None:
            if played.winner == a_player:
                record.a_hand_wins += 1
                record.a_points += result.points
            else:
                record.b_hand_wins += 1
                record.a_points -= result.points
    record.a_won = match.winner == a_player
    return record


def _play(args: tuple[str, str, dict[str, Any], int, int]) -> GameRecord:
    a, b, rules_data, seed, game = args
    return play_game(a, b, RuleSet.from_dict(rules_data), seed, game)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def wilson(wins: int, games: int) -> tuple[float, float]:
    """95% Wilson confidence interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise(a: str, b: str, rules: RuleSet, records: Iterable[GameRecord]) -> dict[str, Any]:
    """Totals over matches, as the JSON report."""
    games = list(records)
    hands = sum(r.hands for r in games)
    ends: Counter[str] = Counter()
    for r in games:
        ends.update(r.ends)
    a_wins = sum(r.a_won for r in games)
    low, high = wilson(a_wins, len(games))
    a_ms = [t for r in games for t in r.a_ms]
    b_ms = [t for r in games for t in r.b_ms]

    def timing(values: list[float]) -> dict[str, float]:
        return {
            "p50": round(percentile(values, 0.5), 3),
            "p95": round(percentile(values, 0.95), 3),
            "max": round(max(values, default=0.0), 3),
            "decisions": len(values),
        }

    return {
        "a": a,
        "b": b,
        "rules": rules.variant.value,
        "games": len(games),
        "a_game_wins": a_wins,
        "b_game_wins": len(games) - a_wins,
        "a_win_rate": round(a_wins / len(games), 4) if games else 0.0,
        "a_win_rate_ci95": [round(low, 4), round(high, 4)],
        "hands": hands,
        "a_hand_wins": sum(r.a_hand_wins for r in games),
        "b_hand_wins": sum(r.b_hand_wins for r in games),
        "a_points_per_hand": round(sum(r.a_points for r in games) / hands, 3) if hands else 0.0,
        "ends": dict(sorted(ends.items())),
        "decision_ms": {"a": timing(a_ms), "b": timing(b_ms)},
    }


def run(a: str, b: str, games: int, seed: int, rules: RuleSet, jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` matches and summarise them."""
    tasks = [(a, b, rules.to_dict(), seed, g) for g in range(games)]
    if jobs > 1:
        import multiprocessing  # a desktop developer tool: several processes are fine here

        with multiprocessing.Pool(jobs) as pool:
            records = pool.map(_play, tasks, chunksize=max(1, games // (jobs * 8)))
    else:
        records = [_play(t) for t in tasks]
    return summarise(a, b, rules, records)


def report(summary: dict[str, Any]) -> str:
    """The summary as readable text."""
    s = summary
    low, high = s["a_win_rate_ci95"]
    lines = [
        f"{s['a']} vs {s['b']} ({s['rules']}): {s['games']} games",
        f"  game wins: {s['a']} {s['a_game_wins']} ({100 * s['a_win_rate']:.1f}%, "
        f"95% CI {100 * low:.1f}-{100 * high:.1f}%), {s['b']} {s['b_game_wins']}",
        f"  hands: {s['hands']}; hand wins {s['a']} {s['a_hand_wins']}, {s['b']} {s['b_hand_wins']}; "
        f"{s['a']} points per hand {s['a_points_per_hand']:+.2f}",
        "  hands ended by: " + ", ".join(f"{k} {v}" for k, v in s["ends"].items()),
    ]
    for side in ("a", "b"):
        t = s["decision_ms"][side]
        lines.append(
            f"  {s[side]} decision ms: p50 {t['p50']:.2f}, p95 {t['p95']:.2f}, max {t['max']:.2f} "
            f"({t['decisions']} decisions)"
        )
    return "\n".join(lines)


#: More worker processes than any desktop has cores is a typo, not a plan.
MAX_JOBS = 64


def count(minimum: int = 1, maximum: int = MAX_COUNT) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``minimum`` to ``maximum``.

    Out of range or not a number, argparse prints the reason and exits with status 2.

    >>> count()("3")
    3
    >>> count(2)("1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 2 to 1000000, not '1'
    """
    return whole_number(minimum, maximum)


def add_pairing_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every AI-against-AI tool shares: the two levels, seed, rules, jobs, JSON."""
    parser.add_argument("--a", choices=LEVELS, default="hard")
    parser.add_argument("--b", choices=LEVELS, default="simple")
    parser.add_argument(
        "--seed",
        type=seed,
        default=1,
        help=f"a whole number within {MAX_SEED}; the same seed replays the run",
    )
    parser.add_argument("--rules", choices=("standard", "oklahoma", "simple"), default="standard")
    parser.add_argument("--jobs", type=count(1, MAX_JOBS), default=1, help=f"processes, 1 to {MAX_JOBS}")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.splitlines()[0])
    add_pairing_arguments(parser)
    parser.add_argument("--games", type=count(), default=100, help=f"matches to play, 1 to {MAX_COUNT}")
    options = parser.parse_args(argv)
    rules = RuleSet.preset(options.rules)
    summary = run(options.a, options.b, options.games, options.seed, rules, options.jobs)
    print(json.dumps(summary) if options.json else report(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
