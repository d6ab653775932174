"""The game measured in headless Chromium, everything served from 127.0.0.1: numbers, not a test.

    python tools/bench_browser.py                 # everything (about two minutes)
    python tools/bench_browser.py --only idle     # one part: load, frames, expert, review, idle, bytes
    nice -n 10 python tools/bench_browser.py --runs 5

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
  the table waits for the player (the target is at most 2 % of one core);
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
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


def reset_frame_times(game: GamePage) -> None:
    """Forget the frame times the app recorded so far."""
    python(game, "[_p._app.drawn_ms.clear(), _p._app.frame_ms.clear()]")


def frame_times(game: GamePage) -> list[float]:
    """Work (ms) of each frame drawn since the last reset."""
    values: list[float] = python(game, "_p._app.drawn_ms")
    return values


@contextmanager
def traced(browser: Any, game: GamePage) -> Iterator[list[float]]:
    """Record every main-thread task of the page meanwhile; yields their durations (ms) after."""
    tasks: list[float] = []
    browser.start_tracing(page=game.page, categories=TRACE_CATEGORIES)
    try:
        yield tasks
    finally:
        raw = json.loads(browser.stop_tracing())
        events = raw["traceEvents"] if isinstance(raw, dict) else raw
        main = {
            (event["pid"], event["tid"])
            for event in events
            if event.get("ph") == "M"
            and event.get("name") == "thread_name"
            and event.get("args", {}).get("name") == "CrRendererMain"
        }
        tasks.extend(
            event["dur"] / 1000.0
            for event in events
            if event.get("name") == "RunTask" and "dur" in event and (event["pid"], event["tid"]) in main
        )


def describe_tasks(tasks: list[float]) -> str:
    """One line about a list of task durations."""
    over = sum(task > LONG_TASK_MS for task in tasks)
    return (
        f"{len(tasks)} tasks, longest {max(tasks, default=0):.1f} ms, p99 {percentile(tasks, 0.99):.1f} ms, "
        f"{over} over {LONG_TASK_MS:.0f} ms"
    )


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

    @contextmanager
    def page(self, phone: bool = False, **context: Any) -> Iterator[GamePage]:
        with harness.game_page(self.browser, self.site, self.shots, phone=phone, **context) as game:
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
        for label, phone, size in (("390x844x3", True, None), ("1920x1080", False, (1920, 1080))):
            extra = {"viewport": {"width": size[0], "height": size[1]}} if size else {}
            with self.page(phone=phone, **extra) as game:
                game.open("--seed", "13")
                game.settle(timeout=10)
                reset_frame_times(game)
                dealt = start_match(game)
                deal = frame_times(game)
                reset_frame_times(game)
                for sort in ("Suit", "Rank", "Melds", "Suit"):
                    game.press(sort, dealt)
                    dealt = game.wait(lambda s: not s["animating"], "the cards to settle")
                slide = frame_times(game)
                game.assert_clean()
            print(f"  {label:>10} dealing: {describe_frames(deal)}")
            print(f"  {label:>10} sorting: {describe_frames(slide)}")

    def expert_and_review(self, review: bool) -> None:
        print("expert: main-thread tasks (Chromium trace) during a hand against the expert, 1280x720")
        with self.page() as game:
            game.open("--seed", str(EXPERT_SEED), "--level", "expert")
            start_match(game)
            with traced(self.browser, game) as tasks:
                played = play_hand(game, reorder=False)
            print(f"  hand ({len(played.actions)} moves of the player): {describe_tasks(tasks)}")
            thinking = python(game, "_p._app.frame_ms")
            print(
                f"  the game's own work per pass of its loop meanwhile: max {max(thinking, default=0):.1f} ms"
            )
            if not review:
                return
            assert played.result is not None
            with traced(self.browser, game) as tasks:
                game.press("Review", played.result)
                game.wait(lambda s: s.top == "review" and not s["working"], "the review", timeout=120)
            print(f"  coach's review: {describe_tasks(tasks)}")
            game.shot("review")
            game.assert_clean()

    def idle(self) -> None:
        print(f"idle: CPU of the tab over {IDLE_SECONDS:.0f} s while the table waits for the player")
        for label, phone in (("1280x720", False), ("390x844x3", True)):
            with self.page(phone=phone) as game:
                game.open("--seed", "13")
                start_match(game)
                game.wait(lambda s: player.my_turn(s.state) and not s["animating"], "the table to rest")
                game.page.wait_for_timeout(1500)  # the last movement's settling frame
                game.cdp.send("Performance.enable")
                before = self.metrics(game)
                drawn_before = python(game, "_p._app.frames_drawn")
                game.page.wait_for_timeout(IDLE_SECONDS * 1000)
                after = self.metrics(game)
                drawn = python(game, "_p._app.frames_drawn") - drawn_before
                wall = after["Timestamp"] - before["Timestamp"]
                process = 100 * (after["ProcessTime"] - before["ProcessTime"]) / wall
                tasks = 100 * (after["TaskDuration"] - before["TaskDuration"]) / wall
                game.assert_clean()
            print(
                f"  {label:>10}: renderer process {process:.1f} % of a core, main-thread tasks {tasks:.1f} %, "
                f"{drawn} frames drawn in {wall:.1f} s"
            )

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
        with harness.LocalSite(built, wheel, pyodide) as site, sync_playwright() as playwright:
            browser = harness.launch(playwright)
            print(f"Chromium {browser.version}")
            bench = Bench(browser, site, built, args.shots)
            steps: dict[str, Callable[[], None]] = {
                "load": lambda: bench.load(args.runs),
                "frames": bench.frames,
                "expert": lambda: bench.expert_and_review("review" in parts),
                "idle": bench.idle,
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
