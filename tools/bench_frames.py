"""Frame work while the table animates, at several window sizes side by side (not a test).

    python tools/bench_frames.py [--hands 3] [--size 1280x720 --size 1920x1080 ...]

Runs self-play (the AI in both seats, animation at normal speed, a fixed 1/60 s step) headless
at each size in turn, in one process, and prints for the frames that drew a picture and for
every frame: the median, the 99th percentile and the worst, as wall-clock time and as this
process's CPU time. CPU time is what the game itself spent; on a shared machine the wall clock
also counts time the process waited for a core. The first frame at a new size renders the
card art for that size, so the worst frame is usually that one.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.flags import seed, size_pair, whole_number
from game.ui.app import create_app
from game.ui.core.viewport import MAX_WINDOW, MIN_WINDOW
from game.ui.table.scene import TableScene


def percentile(values: list[float], fraction: float) -> float:
    """The `fraction` percentile of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * (len(ordered) - 1) + 0.5))] if ordered else 0.0


def run(size: tuple[int, int], hands: int, seed: int) -> dict[str, list[float]]:
    """Self-play `hands` hands at `size`; frame times in ms (wall and CPU, drawn and all)."""
    app = create_app(
        ["--selfplay", str(hands), "--speed", "1", "--seed", str(seed), "--window", f"{size[0]}x{size[1]}"]
    )
    app.stack.push(TableScene(app))
    times: dict[str, list[float]] = {"drawn_wall": [], "drawn_cpu": [], "all_wall": [], "all_cpu": []}
    while app.running and app.stack.top is not None:
        wall, cpu = time.perf_counter(), time.process_time()
        if app.stack.top is not None:
            app.stack.top.autopilot()
        drawn = app.frame(1 / 60)
        wall_ms, cpu_ms = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
        times["all_wall"].append(wall_ms)
        times["all_cpu"].append(cpu_ms)
        if drawn:
            times["drawn_wall"].append(wall_ms)
            times["drawn_cpu"].append(cpu_ms)
    pygame.quit()
    return times


def main(argv: list[str] | None = None) -> int:
    """Measure and print a table of figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--size",
        action="append",
        type=size_pair(MIN_WINDOW, MAX_WINDOW, "window size"),
        help="window size (repeatable)",
    )
    parser.add_argument("--hands", type=whole_number(1, 1000), default=3)
    parser.add_argument("--seed", type=seed, default=5)
    options = parser.parse_args(argv)
    sizes = options.size or [(1280, 720), (1920, 1080)]
    print(
        f"{'size':>10} {'frames':>13} | {'drawn: p50':>10} {'p99':>6} {'max':>6} | {'all: p99':>8} (ms, wall / cpu)"
    )
    for size in sizes:
        times = run(size, options.hands, options.seed)
        drawn, every = len(times["drawn_wall"]), len(times["all_wall"])
        parts = []
        for key in ("drawn_wall", "drawn_cpu"):
            values = times[key]
            parts.append(f"{percentile(values, 0.5):5.2f} {percentile(values, 0.99):6.2f} {max(values):6.1f}")
        every_p99 = f"{percentile(times['all_wall'], 0.99):5.2f} / {percentile(times['all_cpu'], 0.99):5.2f}"
        label = f"{size[0]}x{size[1]}"
        print(f"{label:>10} {drawn:>5}/{every:<7} | wall {parts[0]} | cpu {parts[1]} | {every_p99}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
