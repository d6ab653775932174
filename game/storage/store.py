"""Settings, statistics and saved matches, kept as JSON in the browser or on disk.

In the browser (pygbag, ``sys.platform == "emscripten"``) files vanish on reload, so
entries live in ``window.localStorage`` as JSON strings. On the desktop each entry is a
file ``<key>.json`` in the user's data folder (``GIN_RUMMY_DATA_DIR`` overrides it),
written atomically so a crash mid-write never leaves half a file.

A corrupt entry is never silently lost: it is set aside (``<key>.json.corrupt-<time>`` on
disk, ``gin-rummy:<key>.corrupt-<time>`` in the browser), logged, and recorded in
``Storage.problems``; ``load`` then returns the default. This module knows JSON only: what a
settings, statistics or saved-match record must hold is checked by `game.storage.persistence`,
which calls `Storage.read_entry` and `Storage.set_aside`. docs/storage.md describes the
formats.

>>> import tempfile
>>> storage = Storage(DiskBackend(Path(tempfile.mkdtemp())))
>>> storage.load("settings", {"sound": True})
{'sound': True}
>>> storage.save("settings", {"sound": False})
>>> storage.load("settings", {})
{'sound': False}
>>> storage.delete("settings")
>>> storage.load("settings", None) is None
True
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

__all__ = [
    "DAILY_HAND_KEY",
    "SAVED_MATCH_KEY",
    "SETTINGS_KEY",
    "STATISTICS_KEY",
    "BrowserBackend",
    "CorruptEntry",
    "DamagedRecordError",
    "DiskBackend",
    "Entry",
    "EntryStatus",
    "NewerRecordError",
    "Storage",
    "StorageError",
    "StoredRecordError",
    "default_data_dir",
    "schema_of",
]

LOG = logging.getLogger(__name__)

SETTINGS_KEY = "settings"
STATISTICS_KEY = "statistics"
SAVED_MATCH_KEY = "saved-match"
DAILY_HAND_KEY = "daily-hand"

APP_DIR_NAME = "gin-rummy"
DATA_DIR_ENV = "GIN_RUMMY_DATA_DIR"
# itch.io serves every game from one origin, so localStorage keys carry the game's name.
BROWSER_PREFIX = "gin-rummy:"
_KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")
# What `tempfile.mkstemp(prefix=".<key>.", suffix=".tmp")` names its files: 8 random
# characters from lowercase letters, digits and "_" (CPython's _RandomNameSequence).
_TEMPORARY_PATTERN = re.compile(r"^\.[a-z0-9][a-z0-9_.-]{0,63}\.[a-z0-9_]{8}\.tmp$")


class StorageError(OSError):
    """An entry could not be written or removed (disk full, quota exceeded, bad value)."""


class StoredRecordError(ValueError):
    """A stored record (settings, statistics, saved match) that this version cannot use."""


class DamagedRecordError(StoredRecordError):
    """A record that fails a check: shape, types, ranges, checksum or an unknown old version."""


class NewerRecordError(StoredRecordError):
    """A record written by a newer version of the game: keep it untouched for that version."""


def schema_of(data: object, current: int, what: str) -> int:
    """The schema number of a stored settings or statistics object (1 when it has none).

    Schema 1 files were written before records carried a number; later ones say
    ``"schema": N`` at the top.

    >>> schema_of({"sound": True}, 2, "settings"), schema_of({"schema": 2}, 2, "settings")
    (1, 2)
    >>> schema_of({"schema": 7}, 2, "settings")
    Traceback (most recent call last):
    ...
    game.storage.store.NewerRecordError: settings schema 7 is newer than this version's 2
    """
    if not isinstance(data, dict):
        raise DamagedRecordError(f"{what} must be a JSON object, not {type(data).__name__}")
    if "schema" not in data:
        return 1
    schema = data["schema"]
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise DamagedRecordError(f"{what} schema must be a positive whole number, not {schema!r:.40}")
    if schema > current:
        raise NewerRecordError(f"{what} schema {schema} is newer than this version's {current}")
    return schema


@dataclass(frozen=True)
class CorruptEntry:
    """A stored entry that could not be read back, and where its raw text was set aside.

    `moved` is False when setting it aside failed: the entry is then still in place (and
    must not be written over), and `backup` says why it could not be moved.
    """

    key: str
    reason: str
    backup: str
    moved: bool = True


class EntryStatus(Enum):
    """What reading an entry found."""

    ABSENT = "absent"
    LOADED = "loaded"
    CORRUPT = "corrupt"  # not JSON (or not UTF-8): already set aside, see `Entry.problem`
    UNREADABLE = "unreadable"  # could not be read at all (permissions, a folder in the way)


@dataclass(frozen=True)
class Entry:
    """The outcome of `Storage.read_entry`: a value, or why there is none."""

    status: EntryStatus
    value: Any = None
    problem: CorruptEntry | None = None
    error: str = ""
    exception: BaseException | None = None


class Backend(Protocol):
    """Raw text storage under validated keys; JSON is handled by `Storage`."""

    def read(self, key: str) -> str | None:
        """The stored text, or None when the key is absent."""

    def write(self, key: str, text: str) -> None:
        """Store `text` under `key`, replacing any previous value in one step."""

    def remove(self, key: str) -> None:
        """Forget `key`; absent keys are fine."""

    def set_aside(self, key: str, stamp: str) -> str:
        """Move the entry out of the way under a backup name, and return that name."""


# Backends may also offer `describe() -> str` (where entries live, in a player's words),
# `check()` (raise when the storage place is unusable) and `clean_temporaries()`; `Storage`
# calls them when present.


def default_data_dir() -> Path:
    """The desktop folder for the game's data: env override, then the platform's habit."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    home = Path.home()
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_DIR_NAME


class DiskBackend:
    """Desktop storage: one JSON file per key in `directory`, replaced atomically."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    def _path(self, key: str) -> Path:
        return self.directory / f"{key}.json"

    def read(self, key: str) -> str | None:
        """Return the file's text, None when missing; undecodable bytes raise ValueError."""
        try:
            return self._path(key).read_bytes().decode("utf-8")
        except FileNotFoundError:
            return None

    def write(self, key: str, text: str) -> None:
        """Write a temporary file beside the target, then rename it over the target."""
        self.directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{key}.", suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self._path(key))
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def remove(self, key: str) -> None:
        """Delete the key's file if it exists."""
        self._path(key).unlink(missing_ok=True)

    def describe(self) -> str:
        """The folder's path."""
        return str(self.directory)

    def check(self) -> None:
        """Raise NotADirectoryError when something other than a folder holds the data path."""
        if self.directory.exists() and not self.directory.is_dir():
            raise NotADirectoryError(f"{self.directory} is a file, not a folder")

    def clean_temporaries(self) -> list[str]:
        """Delete the temporary files that writes killed midway left behind; return their names.

        Only names `write` makes (``.<key>.<8 characters>.tmp``) are touched. A second copy
        of the game saving at this very moment would lose that one save (its rename fails
        and is reported), never a record.
        """
        if not self.directory.is_dir():
            return []
        removed = []
        for path in sorted(self.directory.iterdir()):
            if _TEMPORARY_PATTERN.match(path.name) and path.is_file():
                path.unlink(missing_ok=True)
                removed.append(path.name)
        return removed

    def set_aside(self, key: str, stamp: str) -> str:
        """Rename the file to `<key>.json.corrupt-<stamp>` (with a counter if taken)."""
        source = self._path(key)
        backup = source.with_name(f"{source.name}.corrupt-{stamp}")
        counter = 1
        while backup.exists():
            counter += 1
            backup = source.with_name(f"{source.name}.corrupt-{stamp}-{counter}")
        os.replace(source, backup)
        return str(backup)


class BrowserBackend:
    """Browser storage: `window.localStorage` entries named `gin-rummy:<key>`."""

    def __init__(self, local_storage: Any) -> None:
        self.local_storage = local_storage

    def read(self, key: str) -> str | None:
        """The stored string; JS null/undefined arrive as None or non-strings."""
        value = self.local_storage.getItem(BROWSER_PREFIX + key)
        return value if isinstance(value, str) else None

    def write(self, key: str, text: str) -> None:
        """setItem replaces the whole value at once, so no temporary is needed."""
        self.local_storage.setItem(BROWSER_PREFIX + key, text)

    def remove(self, key: str) -> None:
        """removeItem ignores absent keys."""
        self.local_storage.removeItem(BROWSER_PREFIX + key)

    def set_aside(self, key: str, stamp: str) -> str:
        """Copy the raw text to `gin-rummy:<key>.corrupt-<stamp>` and drop the original.

        If the copy fails (quota), the exception leaves the original where it was.
        """
        backup = f"{BROWSER_PREFIX}{key}.corrupt-{stamp}"
        counter = 1
        while isinstance(self.local_storage.getItem(backup), str):
            counter += 1
            backup = f"{BROWSER_PREFIX}{key}.corrupt-{stamp}-{counter}"
        raw = self.read(key)
        if raw is not None:
            self.local_storage.setItem(backup, raw)
        self.remove(key)
        return backup

    def describe(self) -> str:
        """The browser keeps the entries, per site."""
        return "this browser's storage for the site"


def _browser_local_storage() -> Any:
    # In pygbag `platform` is the host bridge; on the desktop it is the standard library
    # module without `window`, which is why this only runs under emscripten.
    import platform

    window = getattr(platform, "window", None)
    if window is None:
        raise StorageError("running under emscripten but platform.window is missing")
    return window.localStorage


def _default_backend() -> Backend:
    if sys.platform == "emscripten":
        return BrowserBackend(_browser_local_storage())
    return DiskBackend(default_data_dir())


class Storage:
    """Load and save JSON values by key; corrupt entries are set aside and reported.

    Keys are short lowercase names (letters, digits, ``_ . -``), e.g. ``"settings"``.
    """

    def __init__(self, backend: Backend | None = None) -> None:
        self.backend: Backend = backend if backend is not None else _default_backend()
        self.problems: list[CorruptEntry] = []

    @staticmethod
    def _check_key(key: str) -> None:
        if not _KEY_PATTERN.match(key):
            raise ValueError(f"storage key {key!r} must match {_KEY_PATTERN.pattern}")

    def read_entry(self, key: str) -> Entry:
        """Read and parse `key`, saying what was found; never raises for stored content.

        Text that is not JSON (or not UTF-8, or nested too deep to parse) is set aside at
        once and comes back as CORRUPT with the `CorruptEntry`; an entry that cannot be
        read at all comes back as UNREADABLE and is left where it is.
        """
        self._check_key(key)
        try:
            raw = self.backend.read(key)
        except UnicodeDecodeError as error:  # garbage bytes on disk: corrupt, not unreadable
            return Entry(EntryStatus.CORRUPT, problem=self.set_aside(key, _describe(error)))
        except Exception as error:  # permission denied, a folder in the way, a JS exception
            return Entry(EntryStatus.UNREADABLE, error=_describe(error), exception=error)
        if raw is None:
            return Entry(EntryStatus.ABSENT)
        try:
            value = json.loads(raw)
        except (ValueError, RecursionError) as error:  # RecursionError: nested thousands deep
            return Entry(EntryStatus.CORRUPT, problem=self.set_aside(key, _describe(error)))
        return Entry(EntryStatus.LOADED, value)

    def load(self, key: str, default: Any = None) -> Any:
        """The value saved under `key`, or `default` when absent or corrupt.

        Raises StorageError when the entry exists but cannot be read.
        """
        entry = self.read_entry(key)
        if entry.status is EntryStatus.UNREADABLE:
            raise StorageError(f"cannot read {key!r}: {entry.error}")
        return entry.value if entry.status is EntryStatus.LOADED else default

    def save(self, key: str, value: Any) -> None:
        """Store `value` (anything JSON can hold) under `key`; StorageError if impossible."""
        self._check_key(key)
        try:
            text = json.dumps(value, ensure_ascii=False, sort_keys=True, indent=1, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as error:
            raise StorageError(f"cannot store {key!r} as JSON: {error}") from error
        try:
            self.backend.write(key, text)
        except StorageError:
            raise
        except Exception as error:  # OSError on disk, a JS exception (quota) in the browser
            raise StorageError(f"cannot save {key!r}: {error}") from error

    def delete(self, key: str) -> None:
        """Forget `key` (no error when it was never saved)."""
        self._check_key(key)
        try:
            self.backend.remove(key)
        except Exception as error:
            raise StorageError(f"cannot delete {key!r}: {error}") from error

    def set_aside(self, key: str, reason: str) -> CorruptEntry:
        """Move a bad entry out of the way, record it in `problems` and return the record.

        Never raises: when the move fails the entry stays put and `moved` is False.
        """
        self._check_key(key)
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
        try:
            backup, moved = self.backend.set_aside(key, stamp), True
        except Exception as error:  # keep playing even if the backup itself fails
            backup, moved = f"not set aside: {_describe(error)}", False
        problem = CorruptEntry(key=key, reason=reason, backup=backup, moved=moved)
        self.problems.append(problem)
        LOG.warning("corrupt saved entry %r (%s): %s", key, reason, backup)
        return problem

    def clean_temporaries(self) -> list[str]:
        """Remove what writes killed midway left behind (disk only); return the names removed."""
        clean = getattr(self.backend, "clean_temporaries", None)
        if clean is None:
            return []
        try:
            removed: list[str] = clean()
        except Exception as error:
            LOG.warning("could not clean temporary files: %s", error)
            return []
        if removed:
            LOG.info("removed %d temporary file(s) left by an interrupted save", len(removed))
        return removed

    def check(self) -> None:
        """Raise StorageError when the storage place itself is unusable (a file where the folder goes)."""
        check = getattr(self.backend, "check", None)
        if check is None:
            return
        try:
            check()
        except Exception as error:
            raise StorageError(_describe(error)) from error

    def describe(self) -> str:
        """Where entries are kept, for the player."""
        describe = getattr(self.backend, "describe", None)
        return str(describe()) if describe is not None else "memory"


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"
