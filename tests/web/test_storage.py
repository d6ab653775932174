"""game.storage.store on the desktop (files in tmp_path) and in the browser (a fake localStorage).

The browser path runs natively: sys.platform is patched to "emscripten" and a fake
`platform` module supplies `window.localStorage`, as pygbag does.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import types
from pathlib import Path

import pytest

import game.storage.store
from game.storage.store import (
    BROWSER_PREFIX,
    BrowserBackend,
    DiskBackend,
    EntryStatus,
    Storage,
    StorageError,
    default_data_dir,
)
from tests.storage.helpers import FakeLocalStorage


@pytest.fixture
def local_storage(monkeypatch: pytest.MonkeyPatch) -> FakeLocalStorage:
    """Pretend to be pygbag: emscripten platform and a `platform.window` bridge."""
    fake = FakeLocalStorage()
    fake_platform = types.ModuleType("platform")
    fake_platform.window = types.SimpleNamespace(localStorage=fake)  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", fake_platform)
    return fake


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("GIN_RUMMY_DATA_DIR", str(folder))
    return folder


# --- the browser path ---------------------------------------------------------------


def test_browser_build_uses_local_storage(local_storage: FakeLocalStorage) -> None:
    storage = Storage()
    assert isinstance(storage.backend, BrowserBackend)
    storage.save("settings", {"sound": False, "variant": "oklahoma"})
    raw = local_storage.items[BROWSER_PREFIX + "settings"]
    assert json.loads(raw) == {"sound": False, "variant": "oklahoma"}
    assert Storage().load("settings", {}) == {"sound": False, "variant": "oklahoma"}


def test_browser_missing_key_gives_default(local_storage: FakeLocalStorage) -> None:
    assert Storage().load("statistics", {"hands": 0}) == {"hands": 0}


def test_browser_delete_forgets_the_entry(local_storage: FakeLocalStorage) -> None:
    storage = Storage()
    storage.save("saved-match", {"scores": [10, 25]})
    storage.delete("saved-match")
    assert storage.load("saved-match") is None
    storage.delete("saved-match")  # deleting twice is harmless


def test_browser_corrupt_entry_is_set_aside_and_reported(
    local_storage: FakeLocalStorage, caplog: pytest.LogCaptureFixture
) -> None:
    local_storage.items[BROWSER_PREFIX + "statistics"] = '{"hands": 3'
    storage = Storage()
    with caplog.at_level(logging.WARNING, logger="game.storage.store"):
        assert storage.load("statistics", {"hands": 0}) == {"hands": 0}
    [problem] = storage.problems
    assert problem.key == "statistics"
    assert "JSONDecodeError" in problem.reason
    assert problem.backup.startswith(BROWSER_PREFIX + "statistics.corrupt-")
    assert local_storage.items[problem.backup] == '{"hands": 3'
    assert BROWSER_PREFIX + "statistics" not in local_storage.items
    assert "corrupt saved entry" in caplog.text


def test_browser_quota_error_is_a_storage_error(local_storage: FakeLocalStorage) -> None:
    local_storage.quota_exceeded = True
    with pytest.raises(StorageError, match="cannot save 'saved-match'"):
        Storage().save("saved-match", {"deck": list(range(52))})


def test_browser_without_window_bridge_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", types.ModuleType("platform"))
    with pytest.raises(StorageError, match=r"platform\.window is missing"):
        Storage()


def test_browser_keys_do_not_clash_with_other_games(local_storage: FakeLocalStorage) -> None:
    local_storage.items["settings"] = "another game's data"
    Storage().save("settings", {"sound": True})
    assert local_storage.items["settings"] == "another game's data"


# --- the desktop path ---------------------------------------------------------------


def test_desktop_uses_the_data_dir_override(data_dir: Path) -> None:
    storage = Storage()
    assert isinstance(storage.backend, DiskBackend)
    storage.save("settings", {"sound": True})
    assert json.loads((data_dir / "settings.json").read_text(encoding="utf-8")) == {"sound": True}
    assert Storage().load("settings") == {"sound": True}


def test_desktop_default_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("GIN_RUMMY_DATA_DIR", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "gin-rummy"


def test_desktop_write_is_atomic(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = Storage()
    storage.save("saved-match", {"hand": 1})

    def crash(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("game.storage.store.os.replace", crash)
    with pytest.raises(StorageError, match="disk full"):
        storage.save("saved-match", {"hand": 2})
    # The old file is intact and no temporary file is left behind.
    assert storage.load("saved-match") == {"hand": 1}
    assert sorted(p.name for p in data_dir.iterdir()) == ["saved-match.json"]


def test_desktop_corrupt_file_is_renamed_not_lost(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "statistics.json").write_text("not json at all", encoding="utf-8")
    storage = Storage()
    assert storage.load("statistics", {"hands": 0}) == {"hands": 0}
    [problem] = storage.problems
    backup = Path(problem.backup)
    assert backup.name.startswith("statistics.json.corrupt-")
    assert backup.read_text(encoding="utf-8") == "not json at all"
    assert not (data_dir / "statistics.json").exists()


def test_desktop_undecodable_bytes_are_corrupt_too(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_bytes(b"\xff\xfe\x00garbage")
    storage = Storage()
    assert storage.load("settings", "default") == "default"
    assert "UnicodeDecodeError" in storage.problems[0].reason


def test_two_corruptions_in_one_second_keep_both_backups(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    storage = Storage()
    for text in ("{", "["):
        (data_dir / "settings.json").write_text(text, encoding="utf-8")
        storage.load("settings")
    backups = sorted(p.read_text() for p in data_dir.glob("settings.json.corrupt-*"))
    assert backups == ["[", "{"]


def test_unreadable_file_is_an_error_not_corruption(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text("{}", encoding="utf-8")

    def denied(path: Path, limit: int) -> bytes:
        raise PermissionError("permission denied")

    monkeypatch.setattr(game.storage.store, "read_regular_file", denied)
    storage = Storage()
    with pytest.raises(StorageError, match="cannot read 'settings'"):
        storage.load("settings")
    assert storage.problems == []
    assert (data_dir / "settings.json").exists()


def test_value_that_is_not_json_is_refused(data_dir: Path) -> None:
    with pytest.raises(StorageError, match="as JSON"):
        Storage().save("settings", {"when": object()})


@pytest.mark.parametrize("key", ["", "../escape", "Settings", "a/b", "x" * 80])
def test_unsafe_keys_are_refused(data_dir: Path, key: str) -> None:
    with pytest.raises(ValueError, match="storage key"):
        Storage().save(key, 1)


def test_browser_two_corruptions_in_one_second_keep_both_backups(local_storage: FakeLocalStorage) -> None:
    storage = Storage()
    for text in ("{", "["):
        local_storage.items[BROWSER_PREFIX + "settings"] = text
        storage.load("settings")
    backups = sorted(v for k, v in local_storage.items.items() if ".corrupt-" in k)
    assert backups == ["[", "{"]


def test_json_nested_too_deep_to_parse_is_corrupt_not_a_crash(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "statistics.json").write_text("[" * 100000 + "]" * 100000, encoding="utf-8")
    storage = Storage()
    entry = storage.read_entry("statistics")
    assert entry.status is EntryStatus.CORRUPT
    assert entry.problem is not None and "RecursionError" in entry.problem.reason
    assert not (data_dir / "statistics.json").exists()


def test_read_entry_says_what_it_found(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = Storage()
    assert storage.read_entry("settings").status is EntryStatus.ABSENT
    storage.save("settings", {"a": 1})
    entry = storage.read_entry("settings")
    assert (entry.status, entry.value) == (EntryStatus.LOADED, {"a": 1})

    def denied(path: Path, limit: int) -> bytes:
        raise PermissionError("permission denied")

    monkeypatch.setattr(game.storage.store, "read_regular_file", denied)
    entry = storage.read_entry("settings")
    assert entry.status is EntryStatus.UNREADABLE and isinstance(entry.exception, PermissionError)


def test_a_set_aside_that_fails_leaves_the_entry_in_place(local_storage: FakeLocalStorage) -> None:
    local_storage.items[BROWSER_PREFIX + "settings"] = "{"
    local_storage.quota_exceeded = True
    problem = Storage().read_entry("settings").problem
    assert problem is not None and not problem.moved and "QuotaExceeded" in problem.backup
    assert local_storage.items[BROWSER_PREFIX + "settings"] == "{"


def test_the_data_folder_being_a_file_is_a_clear_error(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("x")
    with pytest.raises(StorageError, match="is a file"):
        Storage(DiskBackend(data)).check()


# --- under real WebAssembly CPython ---------------------------------------------------


def test_the_data_layer_saves_and_reads_back_through_local_storage_under_webassembly() -> None:
    from tests.web import wasm_storage
    from tests.web.test_wasm import HERE, ROOT, RUN_TIMEOUT_S, ensure_pyodide

    node = ensure_pyodide()
    modules = [str(ROOT / "game" / "storage" / f"{name}.py") for name in wasm_storage.MODULES]
    modules += [str(ROOT / "game" / f"{name}.py") for name in wasm_storage.GAME_MODULES]
    code = "import wasm_storage\nwasm_storage.install('/home/pyodide/project')\nRESULT = wasm_storage.run()\n"
    command = [node, str(HERE / "run_pyodide.mjs"), "--root", str(ROOT), "--code", code]
    for module in [*modules, str(HERE / "wasm_storage.py")]:
        command += ["--module", module]
    done = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])["result"]
    assert report["platform"] == "emscripten" and report["backend"] == "BrowserBackend"
    assert report["saved"] == [True, True, True]
    assert report["settings_back"] and report["stats_back"] and report["match_back"]
    assert report["damaged_stats_empty"]
    [notice] = report["notices"]
    assert notice.startswith(
        "Your statistics file was damaged: it was set aside as gin-rummy:statistics.corrupt-"
    )
    assert len(report["backups"]) == 1
    assert "gin-rummy:settings" in report["keys"] and "gin-rummy:saved-match" in report["keys"]
