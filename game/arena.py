"""The arena: play whole matches between two AI levels and report how they did.

A developer tool for the desktop (it may use several processes), never imported by the
game itself::

    python -m game.arena --a hard --b simple --games 200 --seed 1 [--rules TABLE] [--jobs 2] [--json]

Games come in mirrored pairs: games 2k and 2k+1 are dealt from the same seeded generator
with the seats swapped (level A is player 0 in the first, player 1 in the second), so each
side plays the other's cards once and the luck of the deal cancels out of the pair. The
95% interval of the win rate is taken over the pairs. ``--rules`` names one of
:data:`RULE_TABLES` (the variants and bonus presets the panel plays, ``tools/arena_panel.py``).
A run is reproducible from its seed.
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

from game.ai import PLAYERS, Player, make_player
from game.flags import MAX_COUNT, MAX_SEED, seed, whole_number
from game.rules import Match, ResultKind, RuleSet

MAX_HANDS = 400  # a safety net: void hands could in principle repeat for ever

#: The tables the arena and the panel play, by name. "competition" is the rules of the
#: EAAI Gin Rummy challenges: gin 25, undercut 25 (a tie is an undercut, as always here),
#: no boxes and no game bonus, to 100. "standard" is the game's default (classic bonuses).
RULE_TABLES: dict[str, RuleSet] = {
    "standard": RuleSet.preset("standard"),
    "competition": RuleSet.preset(
        "standard", gin_bonus=25, undercut_bonus=25, box_bonus=0, game_bonus=0, shutout_bonus=0
    ),
    "association": RuleSet.preset("standard", bonuses="association"),
    "oklahoma": RuleSet.preset("oklahoma"),
    "simple": RuleSet.preset("simple"),
}

#: Builds a player from a name and a seed (the arena's default: :func:`game.ai.make_player`).
Factory = Callable[[str, int], Player]


@dataclass
class GameRecord:
    """One match from level A's point of view."""

    a_won: bool
    game: int = 0
    hands: int = 0
    a_hand_wins: int = 0
    b_hand_wins: int = 0
    a_points: int = 0  # points A scored minus points B scored, over all hands
    ends: Counter[str] = field(default_factory=Counter)
    knocks: Counter[str] = field(default_factory=Counter)  # "a", "a undercut", "a gin", "b", ...
    a_ms: list[float] = field(default_factory=list)
    b_ms: list[float] = field(default_factory=list)


def play_game(
    a: str, b: str, rules: RuleSet, seed: int, game: int, make: Factory = make_player
) -> GameRecord:
    """Play one match of ``a`` against ``b``; A is player ``game % 2``.

    Games ``2k`` and ``2k + 1`` are dealt from the same generator (the mirrored pair).
    """
    a_player = game % 2
    players = {
        a_player: make(a, seed * 7919 + game * 2),
        1 - a_player: make(b, seed * 7919 + game * 2 + 1),
    }
    if rules.players != 2:
        raise ValueError("the arena plays two-player matches")
    match = Match(rules, random.Random(f"arena|{seed}|{game // 2}"))
    record = GameRecord(a_won=False, game=game)
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
        if result.knocker is not None:
            side = "a" if played.players[result.knocker] == a_player else "b"
            record.knocks[side] += 1
            if result.kind is ResultKind.UNDERCUT:
                record.knocks[f"{side} undercut"] += 1
            elif result.kind in (ResultKind.GIN, ResultKind.BIG_GIN):
                record.knocks[f"{side} gin"] += 1
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


def paired_interval(records: Sequence[GameRecord]) -> tuple[float, float, float]:
    """(win rate, low, high): A's game win rate with a 95% interval over the mirrored pairs.

    Each pair's mean (0, 1/2 or 1) is one observation, so the deal's luck, shared by the
    pair, drops out of the spread. A game whose twin is missing counts as a pair of one.
    With fewer than two pairs the interval is Wilson's over the games.
    """
    pairs: dict[int, list[float]] = {}
    for r in records:
        pairs.setdefault(r.game // 2, []).append(float(r.a_won))
    means = [sum(v) / len(v) for v in pairs.values()]
    wins = sum(r.a_won for r in records)
    if len(means) < 2:
        low, high = wilson(wins, len(records))
        return (wins / len(records) if records else 0.0), low, high
    mean = sum(means) / len(means)
    spread = math.sqrt(sum((m - mean) ** 2 for m in means) / (len(means) - 1))
    half = 1.96 * spread / math.sqrt(len(means))
    if spread == 0:  # every pair alike: fall back to Wilson's, which is never of zero width
        low, high = wilson(wins, len(records))
        return wins / len(records), low, high
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def points_error(records: Sequence[GameRecord]) -> float:
    """Standard error of A's points per hand (a ratio estimate over the mirrored pairs)."""
    pairs: dict[int, list[int]] = {}
    for r in records:
        unit = pairs.setdefault(r.game // 2, [0, 0])
        unit[0] += r.a_points
        unit[1] += r.hands
    units = list(pairs.values())
    hands = sum(h for _, h in units)
    if len(units) < 2 or hands == 0:
        return 0.0
    ratio = sum(p for p, _ in units) / hands
    mean_hands = hands / len(units)
    residual = sum((p - ratio * h) ** 2 for p, h in units) / (len(units) - 1)
    return math.sqrt(residual / len(units)) / mean_hands


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


def summarise(
    a: str, b: str, rules: RuleSet, records: Iterable[GameRecord], table: str | None = None
) -> dict[str, Any]:
    """Totals over matches, as the JSON report (``table``: the rules' name, if it has one)."""
    games = list(records)
    hands = sum(r.hands for r in games)
    ends: Counter[str] = Counter()
    knocks: Counter[str] = Counter()
    for r in games:
        ends.update(r.ends)
        knocks.update(r.knocks)
    a_wins = sum(r.a_won for r in games)
    _, low, high = paired_interval(games)
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
        "rules": table or rules.variant.value,
        "games": len(games),
        "pairs": len({r.game // 2 for r in games}),
        "a_game_wins": a_wins,
        "b_game_wins": len(games) - a_wins,
        "a_win_rate": round(a_wins / len(games), 4) if games else 0.0,
        "a_win_rate_ci95": [round(low, 4), round(high, 4)],
        "hands": hands,
        "a_hand_wins": sum(r.a_hand_wins for r in games),
        "b_hand_wins": sum(r.b_hand_wins for r in games),
        "a_points_per_hand": round(sum(r.a_points for r in games) / hands, 3) if hands else 0.0,
        "a_points_per_hand_se": round(points_error(games), 3),
        "ends": dict(sorted(ends.items())),
        "knocks": {
            side: {
                "knocks": knocks[side],
                "undercut": knocks[f"{side} undercut"],
                "gin": knocks[f"{side} gin"],
            }
            for side in ("a", "b")
        },
        "decision_ms": {"a": timing(a_ms), "b": timing(b_ms)},
    }


def run(
    a: str, b: str, games: int, seed: int, rules: RuleSet, jobs: int = 1, table: str | None = None
) -> dict[str, Any]:
    """Play ``games`` matches (mirrored pairs: give an even number) and summarise them."""
    tasks = [(a, b, rules.to_dict(), seed, g) for g in range(games)]
    if jobs > 1:
        import multiprocessing  # a desktop developer tool: several processes are fine here

        with multiprocessing.Pool(jobs) as pool:
            records = pool.map(_play, tasks, chunksize=max(1, games // (jobs * 8)))
    else:
        records = [_play(t) for t in tasks]
    return summarise(a, b, rules, records, table)


def report(summary: dict[str, Any]) -> str:
    """The summary as readable text."""
    s = summary
    low, high = s["a_win_rate_ci95"]
    lines = [
        f"{s['a']} vs {s['b']} ({s['rules']}): {s['games']} games ({s['pairs']} mirrored pairs)",
        f"  game wins: {s['a']} {s['a_game_wins']} ({100 * s['a_win_rate']:.1f}%, "
        f"95% CI {100 * low:.1f}-{100 * high:.1f}%), {s['b']} {s['b_game_wins']}",
        f"  hands: {s['hands']}; hand wins {s['a']} {s['a_hand_wins']}, {s['b']} {s['b_hand_wins']}; "
        f"{s['a']} points per hand {s['a_points_per_hand']:+.2f} (se {s['a_points_per_hand_se']:.2f})",
        "  hands ended by: " + ", ".join(f"{k} {v}" for k, v in s["ends"].items()),
    ]
    for side in ("a", "b"):
        k = s["knocks"][side]
        lines.append(f"  {s[side]} knocked {k['knocks']} times: {k['gin']} gin, {k['undercut']} undercut")
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
    parser.add_argument("--a", choices=PLAYERS, default="hard")
    parser.add_argument("--b", choices=PLAYERS, default="simple")
    parser.add_argument(
        "--seed",
        type=seed,
        default=1,
        help=f"a whole number within {MAX_SEED}; the same seed replays the run",
    )
    parser.add_argument("--rules", choices=tuple(RULE_TABLES), default="standard")
    parser.add_argument("--jobs", type=count(1, MAX_JOBS), default=1, help=f"processes, 1 to {MAX_JOBS}")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.splitlines()[0])
    add_pairing_arguments(parser)
    parser.add_argument("--games", type=count(), default=100, help=f"matches to play, 1 to {MAX_COUNT}")
    options = parser.parse_args(argv)
    rules = RULE_TABLES[options.rules]
    summary = run(options.a, options.b, options.games, options.seed, rules, options.jobs, options.rules)
    print(json.dumps(summary) if options.json else report(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
