"""The coach: review times (native and WebAssembly), and how well its costs predict real points.

    python tools/bench_coach.py [--hands 20] [--level medium] [--seed 1] [--no-wasm] [--json]
    python tools/bench_coach.py --validate 300 [--jobs 2] [--seed 1]
    python tools/bench_coach.py --noise 12
    python tools/bench_coach.py --flags expert,medium,random --hands 20

Timing (the default): hands are played with seat 0 at ``--level`` (a stand-in for a person)
against the expert, and seat 0's play is reviewed in slices (tests/web/wasm_coach.py), here
and then under Pyodide in Node (tests/web/run_pyodide.mjs, as tools/bench_wasm.py does). It
prints the review time per hand (mean, p95), the slices per review and the longest slice.

``--validate``: the coach's costs against what really happened. At positions from hands of
hard against expert, each seat's decision is appraised by the coach's expert, then played
out twice from the true deal, once with the expert's choice and once with another legal
choice, both continued by the expert in both seats. Over many positions, the points really
lost by the other choice are regressed on the evaluator cost the coach predicted: the slopes
for draws and for discards are :data:`game.ai.coach.DRAW_POINTS_PER_UNIT` and
:data:`~game.ai.coach.DISCARD_POINTS_PER_UNIT`. At the first and the last position of each
seat where a knock was legal, knocking (the best knock) and playing on (the best discard)
are both played out: the sampled knock value is compared with the knock's real result, and
the points knocking really gained over playing on are fitted against the knock's sampled
undercut chance (:data:`~game.ai.coach.KNOCK_EDGE`, :data:`~game.ai.coach.UNDERCUT_SWING`).

``--flags``: how often the coach flags the play of each level (seat 0, against the expert):
its decisions, the share played as the coach's expert would, the share flagged and the
largest cost.

``--noise``: how much one view's judgement depends on the coach's seed, at the expert's 300
sampled opponent hands and at the coach's :data:`~game.ai.coach.COACH_BELIEF_SAMPLES`.

A benchmark that prints numbers; it is not a test, and the game never imports it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WEB_TESTS = ROOT / "tests" / "web"
sys.path.insert(0, str(ROOT))

from game.ai import LEVELS, make_player  # noqa: E402 - needs the repository root on sys.path
from game.ai.base import finish  # noqa: E402
from game.ai.coach import (  # noqa: E402
    COACH_BELIEF_SAMPLES,
    COACH_KNOCK_SAMPLES,
    DEFAULT_THRESHOLD,
    Review,
    coach_expert,
    points_lost,
    replay,
)
from game.ai.levels import CONFIGS  # noqa: E402
from game.ai.search import SearchPlayer  # noqa: E402
from game.flags import names, seed, whole_number, whole_numbers  # noqa: E402
from game.rules import Action, Discard, Hand, Knock, Phase, RuleSet  # noqa: E402
from tests.web import wasm_coach  # noqa: E402

TIMEOUT_S = 1800


# --- timing ------------------------------------------------------------------------------------


def records(hands: int, seed: int, level: str) -> list[dict[str, Any]]:
    """Hand records of ``level`` (seat 0) against the expert."""
    return [wasm_coach.play_record(seed * 1000 + n, level) for n in range(hands)]


def wasm_times(hand_records: list[dict[str, Any]]) -> dict[str, Any]:
    """Review the records inside Pyodide; its timing figures."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not installed")
    if not (WEB_TESTS / "node_modules" / "pyodide").is_dir():
        npm = shutil.which("npm") or "npm"
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB_TESTS, check=True)
    with tempfile.TemporaryDirectory() as folder:
        module = Path(folder) / "coach_records.py"
        module.write_text(f"RECORDS = {hand_records!r}\n", encoding="utf-8")
        code = "import wasm_coach, coach_records\nRESULT = wasm_coach.review_times(coach_records.RECORDS)"
        command = [node, str(WEB_TESTS / "run_pyodide.mjs"), "--root", str(ROOT)]
        command += ["--module", str(WEB_TESTS / "wasm_coach.py"), "--module", str(module), "--code", code]
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the Pyodide run failed:\n{done.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result: dict[str, Any] = report["result"]
    result["python"] = report["python"]
    return result


def print_times(label: str, numbers: dict[str, Any]) -> None:
    """One line of timing figures."""
    print(
        f"{label:8} {numbers['python']:>8} {numbers['mean_ms']:9.0f} {numbers['p95_ms']:8.0f} "
        f"{numbers['max_ms']:8.0f} {numbers['slices_mean']:8.0f} {numbers['slice_max_ms']:11.1f} "
        f"{numbers['slice_mean_ms']:10.2f}"
    )


def timing(options: argparse.Namespace) -> int:
    """Review times natively and under WebAssembly."""
    hand_records = records(options.hands, options.seed, options.level)
    native = wasm_coach.review_times(hand_records)
    native["python"] = sys.version.split()[0]
    numbers: dict[str, Any] = {"native": native}
    if not options.no_wasm:
        try:
            numbers["wasm"] = wasm_times(hand_records)
        except (RuntimeError, subprocess.SubprocessError, OSError) as error:
            numbers["wasm_error"] = str(error)
    if options.json:
        print(json.dumps(numbers, indent=2))
        return 0
    print(f"{options.hands} hands of {options.level} (seat 0) against expert, reviewed for seat 0")
    print(
        f"{'':8} {'python':>8} {'mean ms':>9} {'p95 ms':>8} {'max ms':>8} {'slices':>8} {'longest ms':>11} {'slice ms':>10}"
    )
    print_times("native", native)
    if "wasm" in numbers:
        print_times("wasm", numbers["wasm"])
        print(f"wasm/native mean: {numbers['wasm']['mean_ms'] / native['mean_ms']:.2f}x")
    elif "wasm_error" in numbers:
        print(f"WebAssembly run not possible: {numbers['wasm_error']}")
    return 0


# --- validation --------------------------------------------------------------------------------


def outcome_for(hand: Hand, seat: int) -> int:
    """Points ``seat`` won (negative: lost) in a finished hand."""
    result = hand.result
    assert result is not None
    if result.winner is None:
        return 0
    return result.points if result.winner == seat else -result.points


def play_out(hand: Hand, index: int, first: Action, seed: int) -> int:
    """Points for the seat to act after ``index`` actions, playing ``first`` then the expert."""
    state = replay(hand, index)
    seat = state.to_act
    assert seat is not None
    state.apply(first)
    players = [make_player("expert", seed), make_player("expert", seed + 1)]
    while not state.is_over:
        mover = state.to_act
        assert mover is not None
        state.apply(players[mover].choose(state.view(mover)))
    return outcome_for(state, seat)


def choice_positions(hand: Hand) -> dict[int, tuple[list[int], list[int]]]:
    """Per seat: indices of draw and discard decisions, and of discards where a knock is legal."""
    state = replay(hand, 0)
    found: dict[int, tuple[list[int], list[int]]] = {0: ([], []), 1: ([], [])}
    for index, (seat, action) in enumerate(hand.actions):
        legal = state.legal_actions()
        if state.phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD) and len(legal) > 1:
            knocks = [a for a in legal if isinstance(a, Knock)]
            discards = [a for a in legal if isinstance(a, Discard)]
            if knocks and discards:
                found[seat][1].append(index)
            elif not knocks:
                found[seat][0].append(index)
        state.apply(action)
    return found


def validate_deal(task: tuple[int, int, bool]) -> list[dict[str, Any]]:
    """Samples from one deal: per seat a played-out pair (unless ``knocks_only``), and a knock
    test at the first and the last position where a knock was legal."""
    seed, number, knocks_only = task
    rng = random.Random(f"{seed}|{number}")
    hand = Hand.deal(
        RuleSet.preset("standard"), dealer=number % 2, rng=random.Random(seed * 100_000 + number)
    )
    players = [make_player("hard", number), make_player("expert", number + 1)]
    while not hand.is_over:
        mover = hand.to_act
        assert mover is not None
        hand.apply(players[mover].choose(hand.view(mover)))
    samples: list[dict[str, Any]] = []
    coach = coach_expert(seed)
    for seat, (plain, knockable) in choice_positions(hand).items():
        if plain and not knocks_only:
            samples.append(pair_sample(hand, rng.choice(plain), coach, rng))
        for index in sorted({knockable[0], knockable[-1]} if knockable else set()):
            samples.append(knock_sample(hand, index, coach, rng))
        del seat
    return samples


def pair_sample(hand: Hand, index: int, coach: SearchPlayer, rng: random.Random) -> dict[str, Any]:
    """The coach's predicted cost of another choice, and the points it really lost."""
    view = replay(hand, index).view(hand.actions[index][0])
    pick = coach.choose(view)
    others = [a for a in view.legal_actions if a != pick and not isinstance(a, Knock)]
    other = rng.choice(others)
    appraisal = finish(coach.appraise(view, also=(other,)))
    seed = rng.randrange(1 << 30)
    best = play_out(hand, index, pick, seed)
    worse = play_out(hand, index, other, seed)
    kind = "discard" if isinstance(other, Discard) else "draw"
    values = appraisal.deeper if other in appraisal.deeper and pick in appraisal.deeper else appraisal.costs
    predicted = values[other] - values[pick]
    return {"type": "pair", "kind": kind, "predicted": predicted, "lost": best - worse}


def knock_sample(hand: Hand, index: int, coach: SearchPlayer, rng: random.Random) -> dict[str, Any]:
    """The sampled value of the best knock and the best discard's cost, and both played out."""
    view = replay(hand, index).view(hand.actions[index][0])
    appraisal = finish(coach.appraise(view))
    knocks = {a: p for a, p in appraisal.points.items() if isinstance(a, Knock)}
    knock = max(knocks, key=lambda a: knocks[a])
    discards = {a: c for a, c in appraisal.costs.items() if isinstance(a, Discard)}
    discard = min(discards, key=lambda a: discards[a])
    seed = rng.randrange(1 << 30)
    odds = appraisal.knocks[knock]
    return {
        "type": "knock",
        "undercut": odds.undercut,
        "opponent_ready": odds.opponent_ready,
        "opponent_deadwood": odds.opponent_deadwood,
        "knock_predicted": knocks[knock],
        "knock_real": play_out(hand, index, knock, seed),
        "play_cost": discards[discard],
        "play_real": play_out(hand, index, discard, seed),
        "stock": view.stock_size,
    }


def fit_line(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """Least squares ``y = a + b x``: (a, b, correlation)."""
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mean_x) ** 2 for x in xs)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
    syy = sum((y - mean_y) ** 2 for y in ys)
    slope = sxy / sxx if sxx else 0.0
    r = sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0
    return mean_y - slope * mean_x, slope, r


def through_origin(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Slope of ``y = k x`` by least squares, and its standard error."""
    sxx = sum(x * x for x in xs)
    k = sum(x * y for x, y in zip(xs, ys, strict=True)) / sxx
    residual = sum((y - k * x) ** 2 for x, y in zip(xs, ys, strict=True)) / max(1, len(xs) - 1)
    return k, math.sqrt(residual / sxx)


def validation(options: argparse.Namespace) -> int:
    """Play positions out and compare the coach's predictions with the points really won."""
    tasks = [(options.seed, n, options.knocks_only) for n in range(options.validate)]
    started = time.perf_counter()
    if options.jobs > 1:
        with multiprocessing.Pool(options.jobs) as pool:
            parts = pool.map(validate_deal, tasks, chunksize=1)
    else:
        parts = [validate_deal(task) for task in tasks]
    samples = [s for part in parts for s in part]
    summary = summarise_validation(samples)
    summary["seconds"] = time.perf_counter() - started
    if options.json:
        print(json.dumps({"summary": summary, "samples": samples}, indent=2))
        return 0
    print_validation(summary)
    return 0


def summarise_validation(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """The fitted figures."""
    out: dict[str, Any] = {}
    pairs = [s for s in samples if s["type"] == "pair"]
    for name, group in (
        ("all", pairs),
        *((k, [s for s in pairs if s["kind"] == k]) for k in ("draw", "discard")),
    ):
        if len(group) < 3:
            continue
        xs, ys = [s["predicted"] for s in group], [float(s["lost"]) for s in group]
        k, error = through_origin(xs, ys)
        _, _, r = fit_line(xs, ys)
        bins = []
        for low, high in ((0, 2), (2, 5), (5, 10), (10, 20), (20, 1000)):
            inside = [s for s in group if low <= s["predicted"] < high]
            if inside:
                bins.append(
                    {
                        "from": low,
                        "to": high,
                        "count": len(inside),
                        "predicted": statistics.fmean(s["predicted"] for s in inside),
                        "lost": statistics.fmean(s["lost"] for s in inside),
                    }
                )
        out[name] = {"count": len(group), "slope": k, "slope_se": error, "r": r, "bins": bins}
    knocks = [s for s in samples if s["type"] == "knock"]
    if len(knocks) >= 3:
        kp, kr = [s["knock_predicted"] for s in knocks], [float(s["knock_real"]) for s in knocks]
        base, slope, r_knock = fit_line(kp, kr)
        chances = [s["undercut"] for s in knocks]
        edge = [float(s["knock_real"] - s["play_real"]) for s in knocks]
        edge_base, edge_slope, r_edge = fit_line(chances, edge)
        bins = []
        for low, high in ((0.0, 0.2), (0.2, 0.4), (0.4, 0.7), (0.7, 1.01)):
            inside = [s for s in knocks if low <= s["undercut"] < high]
            if inside:
                bins.append(
                    {
                        "from": low,
                        "to": high,
                        "count": len(inside),
                        "knock": statistics.fmean(s["knock_real"] for s in inside),
                        "play_on": statistics.fmean(s["play_real"] for s in inside),
                    }
                )
        out["knock"] = {
            "count": len(knocks),
            "predicted_mean": statistics.fmean(kp),
            "real_mean": statistics.fmean(kr),
            "real_base": base,
            "real_slope": slope,
            "r": r_knock,
            "edge": edge_base,
            "undercut_swing": -edge_slope,
            "edge_r": r_edge,
            "bins": bins,
        }
    return out


def print_validation(summary: dict[str, Any]) -> None:
    """The figures as text."""
    for name in ("all", "draw", "discard"):
        if name not in summary:
            continue
        part = summary[name]
        print(
            f"{name:8} {part['count']:4} pairs: points lost per unit of predicted cost "
            f"{part['slope']:.2f} (se {part['slope_se']:.2f}), correlation {part['r']:.2f}"
        )
        for b in part["bins"]:
            print(
                f"         predicted {b['from']:>3}-{b['to']:<4} n={b['count']:4}  mean predicted "
                f"{b['predicted']:6.2f} units  mean lost {b['lost']:6.2f} points"
            )
    if "knock" in summary:
        k = summary["knock"]
        print(
            f"knocks   {k['count']:4} positions: sampled knock value {k['predicted_mean']:.2f} points, "
            f"played {k['real_mean']:.2f}; played = {k['real_base']:.2f} + {k['real_slope']:.2f} x sampled "
            f"(correlation {k['r']:.2f})"
        )
        print(
            f"         knocking minus playing on = {k['edge']:.2f} - {k['undercut_swing']:.2f} x undercut "
            f"chance (correlation {k['edge_r']:.2f})"
        )
        for b in k["bins"]:
            print(
                f"         undercut chance {b['from']:.1f}-{b['to']:.1f} n={b['count']:4}  knocking "
                f"{b['knock']:6.2f}  playing on {b['play_on']:6.2f} points"
            )
    print(f"{summary['seconds']:.0f} s")


# --- flags ------------------------------------------------------------------------------------


def flags(options: argparse.Namespace) -> int:
    """Review hands of each level against the expert; how much of its play gets flagged."""
    print(f"{options.hands} hands per level against expert, seat 0 reviewed, threshold {DEFAULT_THRESHOLD}")
    print(f"{'level':8} {'decisions':>9} {'as expert':>10} {'flagged':>8} {'largest':>8}")
    for level in options.flags:
        costs: list[tuple[float, bool]] = []
        for n in range(options.hands):
            report = Review(wasm_coach.play_record(options.seed * 1000 + n, level), 0).run()
            costs.extend((d.cost, d.played == d.expert) for d in report.decisions)
        flagged = sum(cost >= DEFAULT_THRESHOLD for cost, _ in costs)
        same = sum(agree for _, agree in costs)
        print(
            f"{level:8} {len(costs):9} {same / len(costs):10.1%} {flagged:4} ({flagged / len(costs):.1%}) "
            f"{max(cost for cost, _ in costs):8.1f}"
        )
    return 0


# --- noise -------------------------------------------------------------------------------------


def noise(options: argparse.Namespace) -> int:
    """How much the coach's judgement of one view depends on its seed, per reading size.

    At discard positions of hard against expert: the spread across six seeds of each
    contender's cost (points), and how often the expert level's own pick (its 300 samples,
    another seed) is charged the default threshold or more.
    """
    rules = RuleSet.preset("standard")
    views = []
    number = 0
    while len(views) < options.noise:
        number += 1
        hand = Hand.deal(rules, dealer=number % 2, rng=random.Random(options.seed * 7919 + number))
        players = [make_player("hard", number), make_player("expert", number + 1)]
        stop = random.Random(number).randrange(4, 30)
        while not hand.is_over and len(hand.actions) < stop:
            mover = hand.to_act
            assert mover is not None
            hand.apply(players[mover].choose(hand.view(mover)))
        if hand.phase is Phase.DISCARD:
            views.append(hand.view(hand.to_act or 0))
    picks = [[make_player("expert", 100 + k).choose(view) for k in range(3)] for view in views]
    print(f"{len(views)} discard positions, 6 coach seeds each, 3 expert picks each")
    for samples in options.samples:
        config = dataclasses.replace(
            CONFIGS["expert"], belief_samples=samples, knock_samples=COACH_KNOCK_SAMPLES
        )
        spreads: list[float] = []
        flagged = judged = 0
        started = time.process_time()
        for view, level_picks in zip(views, picks, strict=True):
            discards = [a for a in view.legal_actions if isinstance(a, Discard)]
            runs = [finish(SearchPlayer(config, seed).appraise(view, also=discards)) for seed in range(6)]
            for action in discards:
                costs = [points_lost(run, action) for run in runs]
                if statistics.fmean(costs) < 3:  # the contenders, not the hopeless discards
                    spreads.append(statistics.pstdev(costs))
            for run in runs:
                for pick in level_picks:
                    judged += 1
                    flagged += points_lost(run, pick) >= DEFAULT_THRESHOLD
        per = (time.process_time() - started) / (6 * len(views)) * 1000
        print(
            f"{samples:5} samples: spread (sd) of a contender's cost {statistics.fmean(spreads):.2f} points "
            f"(worst {max(spreads):.2f}); the level's pick flagged {flagged / judged:.1%}; "
            f"{per:.0f} ms CPU per appraisal"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    """Timing by default; ``--validate`` or ``--noise`` for the other measurements."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hands", type=whole_number(1, 10_000), default=20, help="hands to review (default 20)"
    )
    parser.add_argument(
        "--level", default="medium", choices=LEVELS, help="who plays the reviewed seat (default medium)"
    )
    parser.add_argument("--seed", type=seed, default=1)
    parser.add_argument("--no-wasm", action="store_true", help="skip the WebAssembly run")
    parser.add_argument(
        "--validate", type=whole_number(0, 100_000), default=0, metavar="DEALS", help="play positions out"
    )
    parser.add_argument("--knocks-only", action="store_true", help="validate: knock positions only")
    parser.add_argument(
        "--noise",
        type=whole_number(0, 10_000),
        default=0,
        metavar="VIEWS",
        help="judgement spread across seeds",
    )
    parser.add_argument(
        "--flags", type=names(LEVELS), default=[], metavar="LEVELS", help="flag rates of these levels"
    )
    parser.add_argument(
        "--samples",
        type=whole_numbers(1, 100_000),
        default=[300, COACH_BELIEF_SAMPLES],
        help="noise: reading sizes",
    )
    parser.add_argument("--jobs", type=whole_number(1, 64), default=1)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    if options.validate:
        return validation(options)
    if options.noise:
        return noise(options)
    if options.flags:
        return flags(options)
    return timing(options)


if __name__ == "__main__":
    raise SystemExit(main())
