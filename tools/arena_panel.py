"""The arena panel: every level against every opponent style, under each table of rules.

    python tools/arena_panel.py [--levels easy,medium,hard,expert] [--opponents random,simple,early,waiter]
                                [--tables competition,standard,association,oklahoma,simple]
                                [--pairs 50] [--seed 1] [--jobs 2] [--baseline COMMIT]
                                [--out results.jsonl] [--json]
    python tools/arena_panel.py --cells expert:simple:standard,expert:waiter:competition --pairs 300
    python tools/arena_panel.py --show results.jsonl [more.jsonl ...]

Each cell plays ``--pairs`` mirrored pairs of whole matches (``game.arena``: the same deals
twice with the seats swapped) and gives the level's game win rate with its 95% interval over
the pairs, and its points per hand. ``--baseline COMMIT`` also plays that commit's levels
(``base:expert`` and so on, loaded by ``tools/frozen_ai.py``) on the very same deals and
seeds, so old and new are measured side by side in one run.

``--out FILE`` appends each finished cell to FILE as one JSON line, and a run given the same
FILE skips the cells already there (same players, rules, seed and number of games), so a
long run that is stopped can be resumed. ``--show FILE [FILE ...]`` prints the tables of saved
runs, a cell played with several seeds pooled into one (:func:`pooled`), and for each level
played beside its baseline the change, after minus before, with its 95% interval.

Tables (``game.arena.RULE_TABLES``): competition (gin 25, undercut 25, no boxes or game bonus,
to 100), standard (the default: classic bonuses), association, oklahoma, simple (Simple Gin).

A benchmark that prints numbers; it is not a test, and the game never imports it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import PLAYERS
from game.arena import MAX_JOBS, RULE_TABLES, GameRecord, count, play_game, summarise
from game.flags import seed as seed_number
from tools import frozen_ai

DEFAULT_LEVELS = ("easy", "medium", "hard", "expert")
DEFAULT_OPPONENTS = ("random", "simple", "early", "waiter")
DEFAULT_TABLES = ("competition", "standard", "association", "oklahoma", "simple")
#: Rough cost of one game per level, to start the slow cells first (so the pool ends together).
COST = {"expert": 30, "hard": 15, "medium": 2, "easy": 1}

PROGRESS = 100  # games between two progress lines on stderr
Z95 = 1.96  # a 95% interval is this many standard errors either side
Cell = tuple[str, str, str]  # (player A, player B, table)


def cell_key(cell: Cell, seed: int, games: int) -> str:
    """The identity of a cell's result in the ``--out`` file."""
    a, b, table = cell
    return f"{a}|{b}|{table}|{seed}|{games}"


def play_task(task: tuple[str, str, str, int, int, str | None]) -> tuple[str, str, str, GameRecord]:
    """One game of a cell (run in a worker process)."""
    a, b, table, seed, game, baseline = task
    if baseline is not None:
        frozen_ai.use_baseline(baseline)
    record = play_game(a, b, RULE_TABLES[table], seed, game, frozen_ai.make_named)  # type: ignore[arg-type]
    record.a_ms.clear()  # decision times are the bench's business; keep the pipe small
    record.b_ms.clear()
    return a, b, table, record


def load_results(path: Path | None) -> dict[str, dict[str, Any]]:
    """Cells already in an ``--out`` file, by key (a damaged line is reported and skipped)."""
    done: dict[str, dict[str, Any]] = {}
    if path is None or not path.exists():
        return done
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            done[entry["key"]] = entry
        except (ValueError, KeyError, TypeError):
            print(f"{path}:{number}: not a panel result, skipped", file=sys.stderr)
    return done


def run_panel(
    cells: Sequence[Cell],
    pairs: int,
    seed: int,
    jobs: int,
    baseline: str | None,
    out: Path | None,
) -> Iterator[dict[str, Any]]:
    """Play the cells not yet in ``out``; yield each cell's summary as it finishes."""
    games = 2 * pairs
    done = load_results(out)
    todo = [c for c in cells if cell_key(c, seed, games) not in done]
    for c in cells:
        if cell_key(c, seed, games) in done:
            yield done[cell_key(c, seed, games)]
    order = sorted(todo, key=lambda c: -max(COST.get(p.removeprefix(frozen_ai.PREFIX), 0) for p in c[:2]))
    tasks = [(a, b, t, seed, g, baseline) for a, b, t in order for g in range(games)]
    pending: dict[Cell, list[GameRecord]] = defaultdict(list)

    def finished(cell: Cell, records: list[GameRecord]) -> dict[str, Any]:
        a, b, table = cell
        summary = summarise(a, b, RULE_TABLES[table], sorted(records, key=lambda r: r.game), table)
        summary.pop("decision_ms")
        summary["key"] = cell_key(cell, seed, games)
        summary["seed"] = seed
        if out is not None:
            with out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(summary) + "\n")
        return summary

    def played() -> Iterator[tuple[str, str, str, GameRecord]]:
        if jobs > 1:
            import multiprocessing  # a desktop developer tool: several processes are fine here

            with multiprocessing.Pool(jobs) as pool:
                yield from pool.imap_unordered(play_task, tasks, chunksize=1)
        else:
            yield from map(play_task, tasks)

    for done, (a, b, t, record) in enumerate(played(), 1):
        if done % PROGRESS == 0:
            print(f"  {done} of {len(tasks)} games played", file=sys.stderr, flush=True)
        pending[(a, b, t)].append(record)
        if len(pending[(a, b, t)]) == games:
            yield finished((a, b, t), pending.pop((a, b, t)))


def cell_text(s: dict[str, Any]) -> str:
    """One cell: win rate, its interval and the points per hand."""
    low, high = s["a_win_rate_ci95"]
    return f"{100 * s['a_win_rate']:.1f}% ({100 * low:.0f}-{100 * high:.0f}) {s['a_points_per_hand']:+.1f}"


def tables_text(results: Sequence[dict[str, Any]]) -> str:
    """Markdown tables, one per rules table: a row per level, a column per opponent."""
    by_table: dict[str, dict[tuple[str, str], dict[str, Any]]] = defaultdict(dict)
    for s in results:
        by_table[s["rules"]][(s["a"], s["b"])] = s
    lines: list[str] = []
    for table in sorted(by_table, key=lambda t: DEFAULT_TABLES.index(t) if t in DEFAULT_TABLES else 99):
        cells = by_table[table]
        levels = list(dict.fromkeys(a for a, _ in cells))
        opponents = list(dict.fromkeys(b for _, b in cells))
        games = sorted({s["games"] for s in cells.values()})
        lines.append(
            f"\n{table} ({'/'.join(map(str, games))} games a cell: win %, 95% interval, points per hand)\n"
        )
        lines.append("| level | " + " | ".join(opponents) + " |")
        lines.append("|---|" + "---|" * len(opponents))
        for level in levels:
            row = [cell_text(cells[(level, b)]) if (level, b) in cells else "" for b in opponents]
            lines.append(f"| {level} | " + " | ".join(row) + " |")
    return "\n".join(lines)


def pooled(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cells of several runs (seeds) of the same players and rules, each put together.

    Games and wins add up; each run's win rate counts by its games and its standard error
    (read back from its 95% interval over the pairs) is combined in the same proportion, as
    for independent runs; the points per hand count by hands, their errors likewise. A cell
    of a single run is returned as it was.
    """
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for s in results:
        groups[(s["a"], s["b"], s["rules"])].append(s)
    out: list[dict[str, Any]] = []
    for (a, b, rules), runs in groups.items():
        seeds = sorted({r.get("seed", 0) for r in runs})
        if len(runs) == 1:
            out.append({**runs[0], "seeds": seeds})
            continue
        games = sum(r["games"] for r in runs)
        wins = sum(r["a_game_wins"] for r in runs)
        hands = sum(r["hands"] for r in runs)
        rate = wins / games
        se = math.sqrt(sum((r["games"] / games * win_rate_error(r)) ** 2 for r in runs))
        points = sum(r["hands"] * r["a_points_per_hand"] for r in runs) / hands if hands else 0.0
        points_se = math.sqrt(sum((r["hands"] / hands * r["a_points_per_hand_se"]) ** 2 for r in runs))
        out.append(
            {
                "a": a,
                "b": b,
                "rules": rules,
                "seeds": seeds,
                "games": games,
                "pairs": sum(r["pairs"] for r in runs),
                "a_game_wins": wins,
                "b_game_wins": games - wins,
                "a_win_rate": round(rate, 4),
                "a_win_rate_ci95": [round(max(0.0, rate - Z95 * se), 4), round(min(1.0, rate + Z95 * se), 4)],
                "hands": hands,
                "a_points_per_hand": round(points, 3),
                "a_points_per_hand_se": round(points_se, 3),
            }
        )
    return out


def win_rate_error(s: dict[str, Any]) -> float:
    """A cell's standard error of its win rate, from its 95% interval (its wider side: an
    interval cut off at 0% or 100% keeps its full width on the other)."""
    low, high = s["a_win_rate_ci95"]
    rate = s["a_win_rate"]
    return float(max(high - rate, rate - low)) / Z95


def changes_text(cells: Sequence[dict[str, Any]]) -> str:
    """For each level played beside its baseline (``base:LEVEL``): after minus before.

    The two sides are taken as independent; they play the same deals, so the true interval
    is, if anything, a little narrower.
    """
    by_cell = {(s["a"], s["b"], s["rules"]): s for s in cells}
    lines: list[str] = []
    for (a, b, rules), after in by_cell.items():
        before = by_cell.get((frozen_ai.PREFIX + a, b, rules))
        if a.startswith(frozen_ai.PREFIX) or before is None:
            continue
        change = after["a_win_rate"] - before["a_win_rate"]
        half = Z95 * math.hypot(win_rate_error(after), win_rate_error(before))
        points = after["a_points_per_hand"] - before["a_points_per_hand"]
        points_half = Z95 * math.hypot(after["a_points_per_hand_se"], before["a_points_per_hand_se"])
        seeds = [str(x) for x in after.get("seeds", [after.get("seed", "?")])]
        lines.append(
            f"| {a} vs {b}, {rules} (seed{'s' * (len(seeds) > 1)} {', '.join(seeds)}) | {after['a_game_wins']} of {after['games']} "
            f"against {before['a_game_wins']} of {before['games']} | "
            f"{100 * change:+.1f} ({100 * (change - half):+.1f} to {100 * (change + half):+.1f}) | "
            f"{points:+.2f} ({points - points_half:+.2f} to {points + points_half:+.2f}) |"
        )
    if not lines:
        return ""
    head = [
        "\nafter minus before (95% interval, the two sides taken as independent)\n",
        "| cell | games won, after against before | win % points | points per hand |",
        "|---|---|---|---|",
    ]
    return "\n".join(head + lines)


def names(text: str, allowed: Sequence[str], what: str) -> list[str]:
    """A comma-separated list, each name checked against ``allowed``."""
    items = [t.strip() for t in text.split(",") if t.strip()]
    for item in items:
        if item.removeprefix(frozen_ai.PREFIX) not in allowed:
            raise ValueError(f"unknown {what} {item!r}: choose from {', '.join(allowed)}")
    if not items:
        raise ValueError(f"name at least one {what}")
    return items


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="tools/arena_panel.py", description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(DEFAULT_LEVELS))
    parser.add_argument("--opponents", default=",".join(DEFAULT_OPPONENTS))
    parser.add_argument("--tables", default=",".join(DEFAULT_TABLES))
    parser.add_argument(
        "--cells", default=None, help="instead of the three lists: LEVEL:OPPONENT:TABLE,... (comma-separated)"
    )
    parser.add_argument("--pairs", type=count(1, 100_000), default=50, help="mirrored pairs of games a cell")
    parser.add_argument(
        "--seed", type=seed_number, default=1, help="a whole number; the same seed replays the run"
    )
    parser.add_argument("--jobs", type=count(1, MAX_JOBS), default=1)
    parser.add_argument("--baseline", default=None, help="also play this commit's levels (base:LEVEL)")
    parser.add_argument("--out", type=Path, default=None, help="append results here; resume from it")
    parser.add_argument(
        "--show", type=Path, nargs="+", default=None, help="print the tables of saved runs (pooled) and stop"
    )
    parser.add_argument("--json", action="store_true", help="print the cells as JSON lines")
    args = parser.parse_args(argv)
    if args.show is not None:
        saved: list[dict[str, Any]] = []
        for path in args.show:
            if not path.exists():
                parser.error(f"--show {path}: no such file")
            saved += load_results(path).values()
        cells = pooled(saved)
        print(tables_text(cells))
        changes = changes_text(cells)
        if changes:
            print(changes)
        return 0
    try:
        if args.cells is not None:
            picked = [tuple(c.split(":")) for c in args.cells.split(",") if c.strip()]
            if not picked or any(len(c) != 3 for c in picked):
                raise ValueError("--cells: write each as LEVEL:OPPONENT:TABLE")
            args.levels = ",".join(dict.fromkeys(c[0] for c in picked))
            args.opponents = ",".join(dict.fromkeys(c[1] for c in picked))
            args.tables = ",".join(dict.fromkeys(c[2] for c in picked))
        levels = names(args.levels, PLAYERS, "level")
        opponents = names(args.opponents, PLAYERS, "opponent")
        tables = names(args.tables, tuple(RULE_TABLES), "table")
        if any(level.startswith(frozen_ai.PREFIX) for level in levels) and args.baseline is None:
            raise ValueError("base:LEVEL needs --baseline COMMIT")
        if args.baseline is not None:
            frozen_ai.use_baseline(args.baseline)
            # a plain level is played in both versions; "base:LEVEL" only in the baseline's
            levels = [
                p
                for level in levels
                for p in (
                    (level,) if level.startswith(frozen_ai.PREFIX) else (frozen_ai.PREFIX + level, level)
                )
            ]
    except ValueError as error:
        parser.error(str(error))
    cells = [(a, b, t) for t in tables for a in levels for b in opponents]
    if args.cells is not None:
        # only the cells named (each level also in its baseline version with --baseline)
        wanted = {tuple(c.split(":")) for c in args.cells.split(",") if c.strip()}
        cells = [c for c in cells if (c[0].removeprefix(frozen_ai.PREFIX), c[1], c[2]) in wanted]
    results = []
    for summary in run_panel(cells, args.pairs, args.seed, args.jobs, args.baseline, args.out):
        results.append(summary)
        if args.json:
            print(json.dumps(summary), flush=True)
        else:
            print(
                f"{summary['rules']:12} {summary['a']:14} vs {summary['b']:8} {cell_text(summary)}",
                flush=True,
            )
    if not args.json:
        print(tables_text(results))
        changes = changes_text(results)
        if changes:
            print(changes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
