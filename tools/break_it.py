"""Break it again: the damage and tampering of issue 17's break-it run, rerun, with counts.

    python tools/break_it.py [--quick] [--seed N] [--only content,tricks,...]

Not a test: it attacks the game's storage, its exports and its verifier the way a break-it
run from a fresh clone did, and prints for each kind of attack how many were tried, how many
held and how many failed (the first failures described), then exits 1 if anything failed.

- content: damaged settings, statistics and saved matches (cut short, bytes flipped, garbage,
  every value replaced by hostile ones, keys dropped, schema numbers lost or wrong). Holds
  when the game starts without a crash, tells the player of what it refuses, keeps the
  refused bytes (in place or set aside) through the saves that follow, and loses no history
  silently (the statistics it reads hold every hand and match the file holds).
- tricks: named pipes, links to devices, folders and nothing, sockets, huge files, link
  loops, folders in place of files, unreadable files and folders, for every record, the data
  folder, the exports folder and the verifier. Holds when nothing hangs (each in its own
  process with a deadline), nothing crashes, the player is told, and nothing is read from a
  device or written through a link.
- kills-saving: a process saving as the table does, SIGKILLed at random, again and again;
  holds when the next start finds every record whole and nothing behind what it saw.
- kills-exporting: a process exporting hands, SIGKILLed at random, and frozen at random
  between kills to look at the folder as a kill would leave it; holds when every export is
  whole.
- kills-playing: the real game (headless) playing matches, exporting every hand and killed
  at random; each start continues the saved match with another session seed. Holds when
  every export verifies, the hands continued after a restart included.
- verifier: thousands of hostile exports (mutated, cut, garbage, deep, huge numbers, hostile
  names). Holds when the verifier answers 0, 1 or 2 without a traceback, prints no control
  characters, and passes only what is the genuine hand (an AI seat relabelled as a person
  passes, as docs/fairness.md says, and is counted apart).
- relabel: every committed field of genuine exports changed to other values, the state and
  checksum recomputed (and the commitment too, or not). Holds when the verifier, given the
  fingerprint the table showed, refuses it.
- engine: mutated hand and match records; holds when only RecordError comes out, or the
  record loads as exactly what it says.
- flags: nonsense for every numeric flag of main.py, game.verify, game.arena and the tools;
  holds when it ends at once with exit status 2 and a short reason.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.flags import names, whole_number
from tools.attacks.common import Tally
from tools.attacks.flags import nonsense_flags
from tools.attacks.kills import kills_exporting, kills_playing, kills_saving
from tools.attacks.storage import content_damage
from tools.attacks.tricks import file_tricks
from tools.attacks.verifier import engine_records, hostile_verifier, relabelled_exports


def report(tallies: list[Tally]) -> str:
    """The counts, one line per kind of attack, then what failed."""
    width = max(len(t.name) for t in tallies)
    lines = [f"{'attack':<{width}}  {'tried':>7} {'held':>7} {'failed':>7}"]
    for tally in tallies:
        lines.append(f"{tally.name:<{width}}  {tally.tried:>7} {tally.held:>7} {tally.failed:>7}")
    total = Tally(
        "all", sum(t.tried for t in tallies), sum(t.held for t in tallies), sum(t.failed for t in tallies)
    )
    lines.append(f"{'all':<{width}}  {total.tried:>7} {total.held:>7} {total.failed:>7}")
    for tally in tallies:
        for note in tally.notes:
            lines.append(f"  {tally.name}: {note}")
        for failure in tally.failures:
            lines.append(f"  FAILED {tally.name}: {failure}")
    return "\n".join(lines)


SECTIONS = (
    "content",
    "tricks",
    "kills-saving",
    "kills-exporting",
    "kills-playing",
    "verifier",
    "relabel",
    "engine",
    "flags",
)


def main(argv: list[str] | None = None) -> int:
    """Run every attack (or those named) and print the counts; exit 1 when anything failed."""
    parser = argparse.ArgumentParser(prog="tools/break_it.py", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="about a tenth of the attacks, for a try")
    parser.add_argument(
        "--seed", type=whole_number(0, 2**31), default=17, help="the same seed, the same attacks"
    )
    parser.add_argument(
        "--only", type=names(SECTIONS), default=list(SECTIONS), help=f"some of: {', '.join(SECTIONS)}"
    )
    options = parser.parse_args(argv)
    logging.getLogger("game").setLevel(logging.ERROR)  # the game's own warnings, by the thousand
    rng = random.Random(options.seed)
    quick = options.quick
    started = time.monotonic()
    tallies: list[Tally] = []
    plan: dict[str, Callable[[], list[Tally]]] = {
        "content": lambda: [content_damage(rng, 1 if quick else 16)],
        "tricks": lambda: [file_tricks()],
        "kills-saving": lambda: [kills_saving(rng, 12 if quick else 120)],
        "kills-exporting": lambda: [kills_exporting(rng, 12 if quick else 120, 10 if quick else 25)],
        "kills-playing": lambda: [kills_playing(rng, 6 if quick else 60)],
        "verifier": lambda: [hostile_verifier(rng, 400 if quick else 4000)],
        "relabel": lambda: list(relabelled_exports()),
        "engine": lambda: [engine_records(rng, 2000 if quick else 30000)],
        "flags": lambda: [nonsense_flags()],
    }
    for name in options.only:
        began = time.monotonic()
        tallies.extend(plan[name]())
        print(f"[{name}: {time.monotonic() - began:.0f} s]", file=sys.stderr, flush=True)
    print(report(tallies))
    print(f"({time.monotonic() - started:.0f} s, seed {options.seed})")
    return 1 if any(t.failed for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(main())
