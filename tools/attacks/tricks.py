"""Special files where files or folders should be: nothing may hang, crash or be read from a device."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from tools.attacks.common import (
    CHILD_ENV,
    DEADLINE_S,
    KEYS,
    ROOT,
    Tally,
    as_a_user,
    run_child,
)

# --- file-system tricks -------------------------------------------------------------------------

TRICK_CHILD = r"""
import json, sys
from pathlib import Path
from game.storage.persistence import Persistence
from game.storage.settings import Settings
from game.storage.stats import Bucket
from game.storage.store import DiskBackend, Storage
persistence = Persistence(storage=Storage(DiskBackend(Path(sys.argv[1]))))
settings, stats = persistence.load_settings(), persistence.load_stats()
saved = persistence.peek_saved_match()
stats.record_hand(Bucket("standard", "2", "easy"), True, "gin", 25, 0)
persistence.save_stats(stats)
persistence.save_settings(Settings(speed="fast"))
print(json.dumps(persistence.take_notices()))
"""

EXPORT_CHILD = r"""
import datetime, json, random, sys
from pathlib import Path
from game.ai import make_player
from game.rules import Hand, RuleSet
from game.verify import AISeat
from game.ui.fairplay.export import export_hand_file
seats = (AISeat("simple", 1), AISeat("random", 2))
players = [make_player(s.level, s.seed) for s in seats]
hand = Hand.deal(RuleSet.preset(), 0, random.Random(1))
while not hand.is_over:
    hand.apply(players[hand.to_act].choose(hand.view(hand.to_act)))
result = export_hand_file(hand, seats, datetime.date(2026, 11, 30), [Path(sys.argv[1])])
print(json.dumps([result.saved, result.message]))
"""


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _link(target: str) -> Callable[[Path], None]:
    return lambda path: path.symlink_to(target)


def _link_to_fifo(path: Path) -> None:
    os.mkfifo(path.parent.parent / f"{path.name}.fifo")
    path.symlink_to(path.parent.parent / f"{path.name}.fifo")


def _link_to_folder(path: Path) -> None:
    (path.parent.parent / "a-folder").mkdir(exist_ok=True)
    path.symlink_to(path.parent.parent / "a-folder")


def _folder(path: Path) -> None:
    path.mkdir()


def _socket(path: Path) -> None:
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(path))
    listener.close()


def _huge(path: Path) -> None:
    with path.open("wb") as file:
        file.truncate(17 * 1024 * 1024)


def _loop(path: Path) -> None:
    path.symlink_to(path)


def _unreadable(path: Path) -> None:
    path.write_text('{"schema": 2}')
    path.chmod(0)


RECORD_TRICKS: dict[str, Callable[[Path], None]] = {
    "a named pipe": _fifo,
    "a link to a named pipe": _link_to_fifo,
    "a link to /dev/zero": _link("/dev/zero"),
    "a link to /dev/null": _link("/dev/null"),
    "a link to /dev/urandom": _link("/dev/urandom"),
    "a link to a folder": _link_to_folder,
    "a dangling link": _link("/nonexistent/gin-rummy/settings.json"),
    "a link to itself": _loop,
    "a folder": _folder,
    "a socket": _socket,
    "a 17 MB file": _huge,
    "an unreadable file": _unreadable,
}


def file_tricks() -> Tally:
    """Special files in place of records, of the data folder, of the exports folder, and as
    the verifier's input, each in its own process."""
    tally = Tally("file-system tricks")
    for key in KEYS:
        for name, make in RECORD_TRICKS.items():
            problem = _record_trick(key, make)
            tally.record(problem is None, f"{key} as {name}: {problem}")
    for name, problem in _folder_tricks():
        tally.record(problem is None, f"{name}: {problem}")
    for name, make in RECORD_TRICKS.items():
        problem = _verifier_trick(make)
        tally.record(problem is None, f"verifier on {name}: {problem}")
    return tally


def _record_trick(key: str, make: Callable[[Path], None]) -> str | None:
    base = Path(tempfile.mkdtemp(prefix="break-it-"))
    try:
        base.chmod(0o777)
        data = base / "data"
        data.mkdir()
        data.chmod(0o777)
        place = data / f"{key}.json"
        make(place)
        devices = {p: os.stat(p).st_mode for p in ("/dev/zero", "/dev/null", "/dev/urandom")}
        status, out, err = run_child(TRICK_CHILD, str(data))
        if status is None:
            return "the game hung before its window opened"
        if status != 0:
            return f"the game crashed: {err.strip().splitlines()[-1:]}"
        notices = json.loads(out)
        if not notices:
            return "nothing was said"
        if any(os.stat(p).st_mode != mode for p, mode in devices.items()):
            return "a device was changed"
        return None
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _folder_tricks() -> Iterator[tuple[str, str | None]]:
    """The data folder and the exports folder replaced by tricks."""
    for name, make in {
        "the data folder as a file": lambda p: p.write_text("a file"),
        "the data folder as a dangling link": _link("/nonexistent/unplugged-drive"),
        "the data folder as a named pipe": _fifo,
        "the data folder as a link to /dev/null": _link("/dev/null"),
        "the data folder unwritable": lambda p: (p.mkdir(), p.chmod(0o555)),
    }.items():
        base = Path(tempfile.mkdtemp(prefix="break-it-"))
        base.chmod(0o777)
        try:
            make(base / "data")
            status, out, err = run_child(TRICK_CHILD, str(base / "data"))
            if status is None:
                yield name, "hung"
            elif status != 0:
                yield name, f"crashed: {err.strip().splitlines()[-1:]}"
            elif not json.loads(out):
                yield name, "nothing was said"
            elif "a file" in out and "file" not in name:
                yield name, f"named wrongly: {out.strip()[:120]}"
            else:
                yield name, None
        finally:
            with contextlib.suppress(OSError):
                (base / "data").chmod(0o755)
            shutil.rmtree(base, ignore_errors=True)
    for name, make in {
        "the exports folder as a file": lambda p: p.write_text("a file"),
        "the exports folder as a dangling link": _link("/nonexistent/hands"),
        "the exports folder as a link to /dev/null": _link("/dev/null"),
        "the exports folder as a named pipe": _fifo,
        "the exports folder unwritable": lambda p: (p.mkdir(), p.chmod(0o555)),
    }.items():
        base = Path(tempfile.mkdtemp(prefix="break-it-"))
        base.chmod(0o777)
        try:
            make(base / "hands")
            status, out, err = run_child(EXPORT_CHILD, str(base / "hands"))
            if status is None:
                yield name, "hung"
            elif status != 0:
                yield name, f"crashed: {err.strip().splitlines()[-1:]}"
            else:
                saved, message = json.loads(out)
                leftovers = [
                    p for p in base.rglob("*") if p.is_file() and not p.is_symlink() and p != base / "hands"
                ]
                yield (
                    name,
                    None
                    if not saved and "could not be saved" in message and not leftovers
                    else (f"saved={saved}: {message[:100]}; left {len(leftovers)} files"),
                )
        finally:
            with contextlib.suppress(OSError):
                (base / "hands").chmod(0o755)
            shutil.rmtree(base, ignore_errors=True)


def _verifier_trick(make: Callable[[Path], None]) -> str | None:
    base = Path(tempfile.mkdtemp(prefix="break-it-"))
    try:
        base.chmod(0o777)
        (base / "x").mkdir()
        path = base / "x" / "hand.json"
        make(path)
        started = time.monotonic()
        try:
            done = subprocess.run(
                [*as_a_user(), sys.executable, "-m", "game.verify", str(path)], cwd=ROOT, env=CHILD_ENV,
                capture_output=True, text=True, timeout=DEADLINE_S,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            return "the verifier hung"
        if done.returncode != 2 or "Traceback" in done.stderr or not done.stderr.startswith("error:"):
            return f"exit {done.returncode}: {done.stderr.strip()[:120]}"
        if time.monotonic() - started > 10:
            return "took more than 10 s"
        return None
    finally:
        shutil.rmtree(base, ignore_errors=True)
