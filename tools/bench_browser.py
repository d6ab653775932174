"""The game measured in headless Chromium, everything served from 127.0.0.1: numbers, not a test.

    python tools/bench_browser.py                 # everything (about two minutes)
    python tools/bench_browser.py --only idle     # one part: load, frames, expert, review, idle, bytes
    nice -n 10 python tools/bench_browser.py --runs 5
    python tools/bench_browser.py --only idle --before main --repeats 3   # idle: main against this tree

It plays the build exactly as the browser test does (tests/web/chromium/: the loader page with
Pyodide 0.27.7 and pygbag's pygame-ce wheel, real mouse and touch input) and prints:

- **load**: milliseconds from navigation to the first frame the game presents (the title),
  on the published path (the test probe off), and where that time goes;
- **frames**: the game's own work per drawn frame (events, update, draw, present; the
  `App.drawn_ms` it records) while the deal flies and while sorted cards slide, at 390x844
  with devicePixelRatio 3 and at 1920x1080: p50, p99, max;
- **expert** and **review**: the longest main-thread task (Chromium's trace, every task) while
  a hand is played against the expert and while the coach reviews it, and how many exceed
  50 ms (the target is none);
- **idle**: CPU of the tab (Chromium's ProcessTime and TaskDuration metrics) over 10 s while
  the table waits for the player (the target is at most 2 % of one core); `--profile` traces
  a further 10 s and says what the main thread's time went on; `--before REV` builds that
  git revision as well (with its own build script and page script) and measures both, in
  turn, `--repeats` times, in the same browser;
- **bytes**: what a first visit downloads from our side (index.html, favicon.png,
  gin-rummy.apk), next to what the runtime costs from pygbag's CDN in the real page.

Needs what the browser test needs (see tests/web/chromium/harness.py). Timings depend on the
machine and its load: it prints the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import build_web  # noqa: E402

from tests.web.chromium import harness, player  # noqa: E402
from tests.web.chromium.harness import GamePage  # noqa: E402
from tests.web.chromium.play import play_hand, start_match  # noqa: E402

PARTS = ("load", "frames", "expert", "review", "idle", "bytes")
EXPERT_SEED = 4
IDLE_SECONDS = 10.0
LONG_TASK_MS = 50.0
TRACE_CATEGORIES = ["toplevel", "disabled-by-default-devtools.timeline"]
PROFILE_CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]
"""The idle profile also wants the timers (TimerInstall, TimerFire) and what each task ran."""


def percentile(values: list[float], fraction: float) -> float:
    """The `fraction` percentile (nearest rank) of `values`; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def python(game: GamePage, code: str) -> Any:
    """Evaluate a Python expression in the page's game and return its JSON value."""
    source = json.dumps(f"import json, game.ui.probe as _p\njson.dumps({code})")
    return json.loads(game.read(f"gin_pyodide.runPython({source})"))


# Times every step of the AI's and the coach's thinking generators (the indivisible slices)
# and every frame's worth of thinking, inside the page.
_TIME_SLICES = """
import time
import game.ui.probe as _p
from game.ui.coach import review as _review
from game.ui.table import seats as _seats

_p.slices = {"ai_step": [], "ai_frame": [], "coach_step": [], "coach_frame": []}


def _timed(work, kind):
    while True:
        began = time.perf_counter()
        try:
            next(work)
        except StopIteration as done:
            _p.slices[kind].append((time.perf_counter() - began) * 1000)
            return done.value
        _p.slices[kind].append((time.perf_counter() - began) * 1000)
        yield


_start, _step = _seats.ThinkingSeat.start, _seats.ThinkingSeat.step


def start(self, view):
    _start(self, view)
    self._thought = _timed(self._thought, "ai_step")


def step(self, *budget):
    began = time.perf_counter()
    try:
        return _step(self, *budget)
    finally:
        _p.slices["ai_frame"].append((time.perf_counter() - began) * 1000)


_think = _review.ReviewScene.think


def think(self, *budget):
    if self._work is not None and not getattr(self, "_timed", False):
        self._work, self._timed = _timed(self._work, "coach_step"), True
    began = time.perf_counter()
    try:
        return _think(self, *budget)
    finally:
        if getattr(self, "_timed", False):
            _p.slices["coach_frame"].append((time.perf_counter() - began) * 1000)


_seats.ThinkingSeat.start, _seats.ThinkingSeat.step, _review.ReviewScene.think = start, step, think
"""


def time_slices(game: GamePage) -> None:
    """Start timing the AI's and the coach's slices in the page (see _TIME_SLICES)."""
    game.read(f"gin_pyodide.runPython({json.dumps(_TIME_SLICES)})")


def slices(game: GamePage, kind: str) -> str:
    """One line about the timed slices of `kind`."""
    values: list[float] = python(game, f"_p.slices[{kind!r}]")
    return f"{len(values)}, longest {max(values, default=0):.1f} ms, p99 {percentile(values, 0.99):.1f} ms"


def reset_frame_times(game: GamePage) -> None:
    """Forget the frame times the app recorded so far."""
    python(game, "[_p._app.drawn_ms.clear(), _p._app.frame_ms.clear()]")


def frame_times(game: GamePage) -> list[float]:
    """Work (ms) of each frame drawn since the last reset."""
    values: list[float] = python(game, "_p._app.drawn_ms")
    return values


@dataclass
class Tasks:
    """The page's main-thread tasks recorded by a trace: wall time and the thread's CPU time (ms)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    """Every event of the trace (the idle profile reads them)."""

    def describe(self) -> str:
        """One line: how many, the longest and p99 (wall and CPU), how many over 50 ms."""
        over = sum(task > LONG_TASK_MS for task in self.wall)
        over_cpu = sum(task > LONG_TASK_MS for task in self.cpu)
        return (
            f"{len(self.wall)} tasks, longest {max(self.wall, default=0):.1f} ms "
            f"(CPU {max(self.cpu, default=0):.1f}), p99 {percentile(self.wall, 0.99):.1f} ms "
            f"(CPU {percentile(self.cpu, 0.99):.1f}), over {LONG_TASK_MS:.0f} ms: {over} (CPU {over_cpu})"
        )


@contextmanager
def traced(browser: Any, game: GamePage, categories: list[str] = TRACE_CATEGORIES) -> Iterator[Tasks]:
    """Record every main-thread task of the page meanwhile (Chromium's trace)."""
    tasks = Tasks()
    browser.start_tracing(page=game.page, categories=categories)
    try:
        yield tasks
    finally:
        raw = json.loads(browser.stop_tracing())
        events = raw["traceEvents"] if isinstance(raw, dict) else raw
        tasks.events = events
        main = {
            (event["pid"], event["tid"])
            for event in events
            if event.get("ph") == "M"
            and event.get("name") == "thread_name"
            and event.get("args", {}).get("name") == "CrRendererMain"
        }
        for event in events:
            if event.get("name") == "RunTask" and "dur" in event and (event["pid"], event["tid"]) in main:
                tasks.wall.append(event["dur"] / 1000.0)
                # Thread time: what the task cost the CPU, whatever else the machine was doing.
                tasks.cpu.append(event.get("tdur", event["dur"]) / 1000.0)


# What a main-thread task ran, by the first of these found inside it.
_TASK_KINDS = ("TimerFire", "FireAnimationFrame", "EventDispatch", "FunctionCall", "v8.callFunction")


def idle_profile(events: list[dict[str, Any]], seconds: float) -> list[str]:
    """Where a quiet page's CPU goes: each renderer thread's tasks, and the main thread's by
    what they ran (a timer, with the delay it was set for; an animation frame; an event)."""
    names = {
        (event["pid"], event["tid"]): event.get("args", {}).get("name", "?")
        for event in events
        if event.get("ph") == "M" and event.get("name") == "thread_name"
    }
    renderer = {key[0] for key, name in names.items() if name == "CrRendererMain"}
    delays = {
        event["args"]["data"].get("timerId"): event["args"]["data"].get("timeout")
        for event in events
        if event.get("name") == "TimerInstall" and "data" in event.get("args", {})
    }
    complete = [event for event in events if event.get("ph") == "X" and event["pid"] in renderer]
    per_thread: dict[str, float] = {}
    kinds: dict[str, list[float]] = {}
    for task in complete:
        if task.get("name") != "RunTask":
            continue
        thread = names.get((task["pid"], task["tid"]), "?")
        cpu = task.get("tdur", task.get("dur", 0)) / 1000.0
        per_thread[thread] = per_thread.get(thread, 0.0) + cpu
        if thread != "CrRendererMain":
            continue
        nested = [
            event
            for event in complete
            if event["tid"] == task["tid"]
            and task["ts"] <= event["ts"] <= task["ts"] + task["dur"]
            and event is not task
        ]
        inside = [event for event in nested if event.get("name") in _TASK_KINDS]
        longest = max(nested, key=lambda event: event.get("dur", 0), default=None)
        kind = f"other ({longest['name']})" if longest is not None else "other"
        for wanted in _TASK_KINDS:
            found = next((event for event in inside if event["name"] == wanted), None)
            if found is None:
                continue
            data = found.get("args", {}).get("data", {})
            if wanted == "TimerFire":
                kind = f"timer set for {delays.get(data.get('timerId'), '?')} ms"
            elif wanted == "EventDispatch":
                kind = f"event {data.get('type', '?')}"
            elif wanted == "FunctionCall":
                kind = f"call {data.get('functionName') or '(anonymous)'}"
            else:
                kind = wanted
            break
        kinds.setdefault(kind, []).append(cpu)
    lines = [
        "renderer threads: "
        + ", ".join(
            f"{name} {100 * total / 1000 / seconds:.2f} %"
            for name, total in sorted(per_thread.items(), key=lambda item: -item[1])
            if total > 0.5
        )
    ]
    for kind, cpu in sorted(kinds.items(), key=lambda item: -sum(item[1]))[:8]:
        lines.append(
            f"main thread, {kind}: {len(cpu) / seconds:.1f} a second, {sum(cpu) / len(cpu):.2f} ms each, "
            f"{100 * sum(cpu) / 1000 / seconds:.2f} % of a core"
        )
    return lines


def describe_frames(times: list[float]) -> str:
    """One line about frame work times."""
    return (
        f"{len(times)} frames drawn, work p50 {percentile(times, 0.5):.1f} ms, "
        f"p99 {percentile(times, 0.99):.1f} ms, max {max(times, default=0):.1f} ms"
    )


class Bench:
    """The shared browser, server and build."""

    def __init__(self, browser: Any, site: harness.LocalSite, built: Path, shots: Path) -> None:
        self.browser = browser
        self.site = site
        self.built = built
        self.shots = shots
        self.profile = False

    @contextmanager
    def page(
        self, phone: bool = False, site: harness.LocalSite | None = None, **context: Any
    ) -> Iterator[GamePage]:
        with harness.game_page(self.browser, site or self.site, self.shots, phone=phone, **context) as game:
            yield game

    # --- the parts ---

    def load(self, runs: int) -> None:
        print("load: navigation to the first frame presented (the title), probe off, everything local")
        for label, phone in (("1280x720", False), ("390x844x3", True)):
            marks: list[dict[str, float]] = []
            for _ in range(runs):
                with self.page(phone=phone) as game:
                    game.open(probe=False)
                    marks.append(game.read("gin_marks"))
                    game.assert_clean()
            first = [mark["first_frame"] for mark in marks]
            steps = {
                name: statistics.median(mark[name] for mark in marks)
                for name in ("python", "pygame", "archive", "main", "first_frame")
            }
            print(
                f"  {label:>10}: median {statistics.median(first):.0f} ms (runs: "
                + ", ".join(f"{value:.0f}" for value in first)
                + f"); Python ready {steps['python']:.0f}, pygame {steps['pygame']:.0f}, "
                f"archive {steps['archive']:.0f}, main.py {steps['main']:.0f}"
            )

    def frames(self) -> None:
        print("frames: the game's work per drawn frame (events, update, draw, present)")
        sizes: tuple[tuple[str, bool, dict[str, Any], float | None], ...] = (
            ("390x844x3", True, {}, None),  # drawn at density 2 (game/ui/core/browser.py, MAX_DENSITY)
            ("... at 3", True, {}, 3.0),  # for comparison: drawn at the phone's full density
            ("1920x1080", False, {"viewport": {"width": 1920, "height": 1080}}, None),
        )
        for label, phone, extra, density in sizes:
            with self.page(phone=phone, **extra) as game:
                game.open("--seed", "13")
                if density is not None:
                    python(
                        game,
                        f"setattr(__import__('game.ui.core.browser').ui.core.browser, 'MAX_DENSITY', {density})",
                    )
                    game.wait(lambda s, d=density: s["viewport"]["density"] == d, "the new density")
                game.settle(timeout=10)
                reset_frame_times(game)
                with traced(self.browser, game) as deal_tasks:
                    dealt = start_match(game)
                deal = frame_times(game)
                reset_frame_times(game)
                with traced(self.browser, game) as slide_tasks:
                    for sort in ("Suit", "Rank", "Suit", "Rank"):
                        order = dealt.table["mine"]
                        game.press(sort, dealt)
                        dealt = game.wait(
                            lambda s, order=order: s.table["mine"] != order and not s["animating"],
                            "the cards to slide",
                        )
                slide = frame_times(game)
                game.assert_clean()
            print(f"  {label:>10} dealing: {describe_frames(deal)}; {deal_tasks.describe()}")
            print(f"  {label:>10} sorting: {describe_frames(slide)}; {slide_tasks.describe()}")

    def expert_and_review(self, review: bool) -> None:
        print("expert: main-thread tasks (Chromium trace) during a hand against the expert, 1280x720")
        with self.page() as game:
            game.open("--seed", str(EXPERT_SEED), "--level", "expert")
            start_match(game)
            reset_frame_times(game)
            time_slices(game)
            with traced(self.browser, game) as tasks:
                played = play_hand(game, reorder=False)
            print(f"  hand ({len(played.actions)} moves of the player): {tasks.describe()}")
            thinking = python(game, "_p._app.frame_ms")
            print(
                f"  the game's own work per pass of its loop meanwhile: max {max(thinking, default=0):.1f} ms"
            )
            print(f"  the AI's generator steps: {slices(game, 'ai_step')}")
            print(f"  the AI's thinking per frame: {slices(game, 'ai_frame')}")
            if not review:
                return
            assert played.result is not None
            with traced(self.browser, game) as tasks:
                game.press("Review", played.result)
                game.wait(lambda s: s.top == "review" and not s["working"], "the review", timeout=120)
            print(f"  coach's review: {tasks.describe()}")
            print(f"  the coach's generator steps: {slices(game, 'coach_step')}")
            print(f"  the coach's work per frame: {slices(game, 'coach_frame')}")
            game.shot("review")
            game.assert_clean()

    def idle(self, builds: list[tuple[str, harness.LocalSite]], repeats: int) -> None:
        print(
            f"idle: CPU of the tab while the table waits for the player, two windows of {IDLE_SECONDS:.0f} s"
        )
        figures: dict[tuple[str, str, str], list[float]] = {}
        for repeat in range(repeats):
            order = builds if repeat % 2 == 0 else builds[::-1]  # neither always goes first
            for name, site in order:
                if len(builds) > 1:
                    print(f"  {name}, run {repeat + 1}:")
                self.idle_once(site, figures, name)
        if len(builds) > 1 or repeats > 1:
            print("  median renderer process CPU, % of a core (each run's figures in brackets):")
            for (name, label, window), values in figures.items():
                runs = ", ".join(f"{value:.2f}" for value in values)
                print(f"    {name:>14} {label:>10} {window:<24} {statistics.median(values):5.2f} ({runs})")

    def idle_once(
        self, site: harness.LocalSite, figures: dict[tuple[str, str, str], list[float]], name: str
    ) -> None:
        """One run of the idle windows on `site`'s build; each figure is added to `figures`."""
        for label, phone in (("1280x720", False), ("390x844x3", True)):
            with self.page(phone=phone, site=site) as game:
                game.open("--seed", "13")
                start_match(game)
                game.wait(lambda s: player.my_turn(s.state) and not s["animating"], "the table to rest")
                game.cdp.send("Performance.enable")
                for window in ("from the player's turn", "the next 10 s"):
                    before = self.metrics(game)
                    drawn_before = python(game, "_p._app.frames_drawn")
                    game.page.wait_for_timeout(IDLE_SECONDS * 1000)
                    after = self.metrics(game)
                    drawn = python(game, "_p._app.frames_drawn") - drawn_before
                    awake = python(game, "_p._app.sounds.awake")
                    wall = after["Timestamp"] - before["Timestamp"]
                    process = 100 * (after["ProcessTime"] - before["ProcessTime"]) / wall
                    tasks = 100 * (after["TaskDuration"] - before["TaskDuration"]) / wall
                    figures.setdefault((name, label, window), []).append(process)
                    print(
                        f"  {label:>10}, {window}: renderer process {process:.1f} % of a core, "
                        f"main-thread tasks {tasks:.1f} %, {drawn} frames drawn, audio "
                        f"{'running' if awake else 'resting'} at the end"
                    )
                if self.profile:
                    began = time.monotonic()
                    with traced(self.browser, game, PROFILE_CATEGORIES) as traced_tasks:
                        game.page.wait_for_timeout(IDLE_SECONDS * 1000)
                    seconds = time.monotonic() - began
                    print(f"  {label:>10}, a further {seconds:.0f} s, traced (tracing adds its own cost):")
                    for line in idle_profile(traced_tasks.events, seconds):
                        print(f"  {'':>10}   {line}")
                game.assert_clean()

    @staticmethod
    def metrics(game: GamePage) -> dict[str, float]:
        return {item["name"]: item["value"] for item in game.cdp.send("Performance.getMetrics")["metrics"]}

    def bytes(self) -> None:
        print("bytes: a first visit, from our side (the published page)")
        total = 0
        for name in ("index.html", "favicon.png", "gin-rummy.apk"):
            size = (self.built / name).stat().st_size
            total += size
            print(f"  {name:<16} {size:>9,} bytes")
        print(f"  {'total':<16} {total:>9,} bytes")
        wheel = self.site.wheel.stat().st_size
        print(
            f"  (from pygbag's CDN in the real page, not ours: its CPython runtime and the pygame-ce wheel, "
            f"{wheel:,} bytes for the wheel alone)"
        )


def build_revision(revision: str, scratch: Path) -> Path:
    """Build git `revision` with its own tools/build_web.py (in `scratch`/before); its site."""
    tree = scratch / "before"
    tree.mkdir()
    exported = subprocess.run(["git", "-C", str(ROOT), "archive", revision], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=exported.stdout, check=True)
    site = scratch / "before-web"
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    subprocess.run(
        [sys.executable, str(tree / "tools" / "build_web.py"), "--out", str(site)],
        cwd=tree,
        env=environment,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    print(f"before: {revision} ({git_commit(revision)}), built with its own tools/build_web.py")
    return site


def git_commit(revision: str) -> str:
    """The short commit `revision` names."""
    named = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", revision], capture_output=True, text=True
    )
    return named.stdout.strip() or "?"


def loadavg() -> str:
    """The machine's load average (the timings depend on it)."""
    try:
        return "load average " + " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "load average unknown"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark parts asked for and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=PARTS, action="append", help="run only these parts")
    parser.add_argument("--runs", type=int, default=3, help="page loads to time (default 3)")
    parser.add_argument(
        "--profile", action="store_true", help="idle: also trace a third window and say where its CPU goes"
    )
    parser.add_argument("--before", metavar="REV", help="idle: also measure this git revision's build")
    parser.add_argument("--repeats", type=int, default=1, help="idle: runs of each build (default 1)")
    parser.add_argument("--shots", type=Path, default=ROOT / "build" / "bench-browser", help="screenshots")
    args = parser.parse_args(argv)
    parts = args.only or list(PARTS)
    try:
        harness.require_playwright()
        harness.chromium_path()
        pyodide = harness.ensure_pyodide()
        wheel = harness.find_wheel()
    except (harness.Unavailable, harness.WheelError) as missing:
        print(f"bench_browser: {missing}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    print(f"bench_browser: Pyodide {harness.PYODIDE_VERSION}, {wheel.name}; {loadavg()}")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="gin-bench-") as scratch:
        built = build_web.build(Path(scratch) / "web").site
        before = build_revision(args.before, Path(scratch)) if args.before else None
        with (
            harness.LocalSite(built, wheel, pyodide) as site,
            harness.LocalSite(before or built, wheel, pyodide) as before_site,
            sync_playwright() as playwright,
        ):
            builds = [("this tree", site)]
            if before is not None:
                # Its own page script too (the loader page, the test's stand-in for pygbag's, is this tree's).
                before_site.routes["/tools/web/"] = Path(scratch) / "before" / "tools" / "web"
                builds.insert(0, (f"before ({args.before})", before_site))
            browser = harness.launch(playwright)
            print(f"Chromium {browser.version}")
            bench = Bench(browser, site, built, args.shots)
            bench.profile = args.profile
            steps: dict[str, Callable[[], None]] = {
                "load": lambda: bench.load(args.runs),
                "frames": bench.frames,
                "expert": lambda: bench.expert_and_review("review" in parts),
                "idle": lambda: bench.idle(builds, max(1, args.repeats)),
                "bytes": bench.bytes,
            }
            if "review" in parts and "expert" not in parts:
                parts.append("expert")
            for part in PARTS:
                if part in parts and part in steps:
                    steps[part]()
            browser.close()
    print(f"done in {time.monotonic() - started:.0f} s; {loadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
