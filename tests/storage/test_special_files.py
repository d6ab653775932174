"""What the game finds in place of a stored file: only regular files of a sane size are read.

A named pipe (or a link to one) used to hang the game before its window opened; a link to
/dev/zero was read until memory ran out. Anything that is not a regular file is set aside
with a notice, unread; so is a file larger than any record; the game starts at once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.storage.persistence import Persistence
from game.storage.settings import Settings
from game.storage.store import MAX_ENTRY_BYTES, DiskBackend, Storage, read_regular_file

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX named pipes")


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to_fifo(path: Path) -> None:
    fifo = path.with_name("elsewhere.fifo")
    os.mkfifo(fifo)
    path.symlink_to(fifo)


def link_to_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def link_to_null(path: Path) -> None:
    path.symlink_to("/dev/null")


TRICKS = {
    "fifo": (make_fifo, "a named pipe"),
    "link-to-fifo": (link_to_fifo, "a named pipe"),
    "link-to-dev-zero": (link_to_zero, "a device"),
    "link-to-dev-null": (link_to_null, "a device"),
}


@pytest.mark.parametrize("trick", list(TRICKS))
@pytest.mark.parametrize("key", ["settings", "statistics", "saved-match"])
def test_something_other_than_a_file_is_set_aside_unread(tmp_path: Path, trick: str, key: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    place = data / f"{key}.json"
    make, words = TRICKS[trick]
    make(place)
    persistence = Persistence(storage=Storage(DiskBackend(data)))
    started = time.monotonic()
    persistence.load_settings(), persistence.load_stats(), persistence.has_saved_match()
    assert time.monotonic() - started < 5
    [notice] = persistence.take_notices()
    assert f"was not an ordinary file ({words})" in notice and "set aside as" in notice
    assert not os.path.lexists(place)
    [backup] = data.glob(f"{key}.json.corrupt-*")
    assert backup.is_symlink() == trick.startswith("link")  # moved as it was, not followed
    # The game saves a real file in its place.
    assert persistence.save_settings(Settings(speed="fast")) or key != "settings"


def test_a_file_larger_than_any_record_is_set_aside_unread(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    with (data / "statistics.json").open("wb") as file:
        file.truncate(MAX_ENTRY_BYTES + 1)  # sparse: costs no disk
    persistence = Persistence(storage=Storage(DiskBackend(data)))
    assert persistence.load_stats().hands == 0
    [notice] = persistence.take_notices()
    assert "was too large to be real (larger than 16 MB): it was set aside as" in notice
    assert len(list(data.glob("statistics.json.corrupt-*"))) == 1


def test_a_dangling_link_in_place_of_a_record_is_set_aside(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").symlink_to(tmp_path / "gone.json")
    persistence = Persistence(storage=Storage(DiskBackend(data)))
    assert persistence.load_settings() == Settings()
    [notice] = persistence.take_notices()
    assert "was not an ordinary file (a link to something that does not exist)" in notice


def test_a_link_to_a_regular_file_is_read_as_that_file(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    real = tmp_path / "synced-settings.json"
    real.write_text(json.dumps(Settings(speed="slow").to_dict()))
    (data / "settings.json").symlink_to(real)
    persistence = Persistence(storage=Storage(DiskBackend(data)))
    assert persistence.load_settings().speed == "slow" and persistence.take_notices() == []


def test_read_regular_file_refuses_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="a named pipe"):
        read_regular_file(fifo, 1000)
    with pytest.raises(OSError, match="a device"):
        read_regular_file(Path("/dev/zero"), 1000)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 1001)
    with pytest.raises(OSError, match="larger than"):
        read_regular_file(big, 1000)
    with pytest.raises(FileNotFoundError):
        read_regular_file(tmp_path / "absent", 1000)
    assert read_regular_file(big, 1001) == b"x" * 1001


def test_the_game_starts_at_once_with_a_fifo_for_its_settings(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "settings.json")
    environment = {**os.environ, "GIN_RUMMY_DATA_DIR": str(data), "PYTHONPATH": str(ROOT),
                   "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}  # fmt: skip
    result = subprocess.run(
        [sys.executable, "-c", "from game.storage.persistence import Persistence; p = Persistence(); "
         "p.load_settings(); print(p.take_notices())"],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "not an ordinary file (a named pipe)" in result.stdout


def test_a_dangling_link_as_the_data_folder_is_named_as_such(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.symlink_to(tmp_path / "unplugged-drive" / "gin-rummy")
    persistence = Persistence(storage=Storage(DiskBackend(data)))
    assert not persistence.available
    [notice] = persistence.take_notices()
    assert "a file" not in notice
    assert "the game's data folder is a link to a folder that does not exist" in notice


def test_a_file_above_the_data_folder_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "share"
    blocker.write_text("a file where a folder should be")
    persistence = Persistence(storage=Storage(DiskBackend(blocker / "gin-rummy")))
    assert not persistence.available
    assert persistence.take_notices() == [
        "Nothing can be saved in this session: a file is where the game's data folder should be."
    ]
