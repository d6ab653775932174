"""How much CPU an idle game uses, measured as a player would leave it (not a test).

    python tools/measure_idle.py [--seconds 10] [--window 1280x720]

Starts a virtual X screen (Xvfb, from Debian's xvfb package) unless DISPLAY is set, runs
`python main.py` in a real window on it, and reads the game's CPU time (user + system, from
/proc/PID/stat) over two idle spells: the title screen left alone, then the table waiting
for the player's move (a new match started with the N key, sent by xdotool, after the deal
and any AI move have finished; --shot saves the screen to check). Prints the share of one
core each spell used.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.flags import decimal_number  # noqa: E402  (after the path: run as tools/measure_idle.py)

TICKS = os.sysconf("SC_CLK_TCK")


def window_text(text: str) -> str:
    """The --window value passed on to the game, checked first ('' for the game's default)."""
    if text:
        from game.ui.core.viewport import parse_window

        try:
            parse_window(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return text


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process `pid` so far, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # After the command name: state is field 3, utime field 14, stime field 15 (1-based).
    utime, stime = int(fields[11]), int(fields[12])
    return (utime + stime) / TICKS


def share(pid: int, seconds: float) -> float:
    """The share of one core `pid` used over the next `seconds`."""
    start_cpu, start = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return (cpu_seconds(pid) - start_cpu) / (time.monotonic() - start)


def main(argv: list[str] | None = None) -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=decimal_number(1, 3600), default=10.0, help="length of each idle spell"
    )
    parser.add_argument(
        "--window", type=window_text, default="1280x720", help="window size WxH ('' for the game's default)"
    )
    parser.add_argument(
        "--settle", type=decimal_number(0, 600), default=8.0, help="seconds to wait before each spell"
    )
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose main.py to run (to compare)")
    parser.add_argument("--shot", type=Path, default=None, help="save the screen after the table spell (PNG)")
    options = parser.parse_args(argv)
    env = dict(os.environ)
    xvfb = None
    if "DISPLAY" not in env:
        if shutil.which("Xvfb") is None:
            print("needs Xvfb (apt-get install xvfb) or a DISPLAY", file=sys.stderr)
            return 2
        env["DISPLAY"] = ":57"
        xvfb = subprocess.Popen(["Xvfb", ":57", "-screen", "0", "2560x1600x24"], stderr=subprocess.DEVNULL)
        time.sleep(1.5)
    env.pop("SDL_VIDEODRIVER", None)
    env["SDL_AUDIODRIVER"] = "dummy"
    data = tempfile.mkdtemp(prefix="gin-idle-")
    env["GIN_RUMMY_DATA_DIR"] = data
    game = subprocess.Popen(
        [
            sys.executable,
            "main.py",
            *(["--window", options.window] if options.window else []),
            "--seed",
            "11",
        ],
        cwd=options.root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(options.settle)
        title = share(game.pid, options.seconds)
        print(f"title screen, idle {options.seconds:.0f} s: {100 * title:.2f}% of one core")
        if shutil.which("xdotool"):
            # Found by process (Xvfb has no window manager to ask for the active window).
            window = subprocess.run(
                ["xdotool", "search", "--pid", str(game.pid)],
                env=env,
                capture_output=True,
                text=True,
                timeout=10,
            ).stdout.split()
            if window:
                subprocess.run(["xdotool", "windowfocus", window[-1]], env=env, check=False, timeout=10)
                # N opens the new-match screen and Enter starts the match (older versions
                # started at N; the Enter then only skips the deal's animation).
                subprocess.run(["xdotool", "key", "n"], env=env, check=False, timeout=10)
                time.sleep(1.0)
                subprocess.run(["xdotool", "key", "Return"], env=env, check=False, timeout=10)
            time.sleep(options.settle)
            table = share(game.pid, options.seconds)
            if options.shot and shutil.which("import"):
                subprocess.run(
                    ["import", "-window", "root", str(options.shot)], env=env, check=False, timeout=30
                )
            print(
                f"table waiting for the player, idle {options.seconds:.0f} s: {100 * table:.2f}% of one core"
            )
        else:
            print("xdotool not found: the table was not measured (apt-get install xdotool)")
        print(f"game process {game.pid}, CPU total {cpu_seconds(game.pid):.2f} s")
    finally:
        game.terminate()
        game.wait(timeout=10)
        if xvfb is not None:
            xvfb.terminate()
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
