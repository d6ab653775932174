"""New files (hand exports) appear whole or not at all, and never replace a file.

The export used to open its file first and write into it, so a kill or a full disk left an
empty or cut-short export behind. Now the text goes to a temporary file, is flushed to the
disk, and only then gets the export's name, in one step that fails if the name is taken.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.storage.store import TEMPORARY_PATTERN, write_new_file

ROOT = Path(__file__).resolve().parents[2]


def test_a_new_file_never_replaces_one_and_takes_the_next_number(tmp_path: Path) -> None:
    first = write_new_file(tmp_path, "hand.json", "one")
    second = write_new_file(tmp_path, "hand.json", "two")
    (tmp_path / "hand-3.json").write_text("someone else's")
    fourth = write_new_file(tmp_path, "hand.json", "four")
    assert (first.name, second.name, fourth.name) == ("hand.json", "hand-2.json", "hand-4.json")
    assert [p.read_text() for p in (first, second, fourth)] == ["one", "two", "four"]
    assert (tmp_path / "hand-3.json").read_text() == "someone else's"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "hand-2.json",
        "hand-3.json",
        "hand-4.json",
        "hand.json",
    ]


FULL_DISK = """
import resource, signal, sys
from pathlib import Path
from game.storage.store import write_new_file
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))  # the disk is "full" after 100 bytes
try:
    write_new_file(Path(sys.argv[1]), "hand.json", "x" * 5000)
except OSError as error:
    print("refused:", error.strerror)
"""


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="needs RLIMIT_FSIZE")
def test_a_full_disk_leaves_no_file_behind(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    result = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(folder)],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("refused:")
    assert list(folder.iterdir()) == []  # no empty export, no temporary file


EXPORT_ON_FULL_DISK = """
import datetime, resource, signal, sys
from pathlib import Path
from game.ui.fairplay.export import export_hand_file
from tests.storage.helpers import finished_hands
hand, seats = finished_hands()[0]
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))
folders = [Path(sys.argv[1]) / "hands", Path(sys.argv[1]) / "fallback"]
result = export_hand_file(hand, seats, datetime.date(2026, 11, 30), folders)
print(result.saved, result.message)
"""


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="needs RLIMIT_FSIZE")
def test_an_export_on_a_full_disk_says_so_and_leaves_no_empty_file(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", EXPORT_ON_FULL_DISK, str(tmp_path)],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("False The hand could not be saved")
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_stale_temporaries_are_removed_and_fresh_ones_kept(tmp_path: Path) -> None:
    stale = tmp_path / ".hand.json.abcd1234.tmp"
    fresh = tmp_path / ".hand.json.wxyz5678.tmp"
    other = tmp_path / "notes.tmp"
    for path in (stale, fresh, other):
        path.write_text("half an export")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert TEMPORARY_PATTERN.match(stale.name) and TEMPORARY_PATTERN.match(fresh.name)
    write_new_file(tmp_path, "hand.json", "{}")
    assert not stale.exists() and fresh.exists() and other.exists()


def test_a_name_that_is_not_a_plain_file_name_is_refused(tmp_path: Path) -> None:
    for name in ("../escape.json", "a/b.json", "", ".hidden.json"):
        with pytest.raises(ValueError):
            write_new_file(tmp_path, name, "{}")
    assert list(tmp_path.iterdir()) == []


def test_a_file_in_the_folder_s_place_is_named_as_such(tmp_path: Path) -> None:
    blocker = tmp_path / "hands"
    blocker.write_text("a file")
    with pytest.raises(NotADirectoryError, match="a file is where the folder should be"):
        write_new_file(blocker, "hand.json", "{}")
    assert blocker.read_text() == "a file"
