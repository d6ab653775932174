"""Settings, statistics and saved matches, kept as JSON in the browser or on disk.

In the browser (pygbag, ``sys.platform == "emscripten"``) files vanish on reload, so
entries live in ``window.localStorage`` as JSON strings. On the desktop each entry is a
file ``<key>.json`` in the user's data folder (``GIN_RUMMY_DATA_DIR`` overrides it),
written atomically so a crash mid-write never leaves half a file.

A corrupt entry is never silently lost: it is set aside (``<key>.json.corrupt-<time>`` on
disk, ``gin-rummy:<key>.corrupt-<time>`` in the browser), logged, and recorded in
``Storage.problems``; ``load`` then returns the default.

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
from pathlib import Path
from typing import Any, Protocol

__all__ = [
    "SAVED_MATCH_KEY",
    "SETTINGS_KEY",
    "STATISTICS_KEY",
    "BrowserBackend",
    "CorruptEntry",
    "DiskBackend",
    "Storage",
    "StorageError",
    "default_data_dir",
]

LOG = logging.getLogger(__name__)

SETTINGS_KEY = "settings"
STATISTICS_KEY = "statistics"
SAVED_MATCH_KEY = "saved-match"

APP_DIR_NAME = "gin-rummy"
DATA_DIR_ENV = "GIN_RUMMY_DATA_DIR"
# itch.io serves every game from one origin, so localStorage keys carry the game's name.
BROWSER_PREFIX = "gin-rummy:"
_KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")


class StorageError(OSError):
    """An entry could not be written or removed (disk full, quota exceeded, bad value)."""


@dataclass(frozen=True)
class CorruptEntry:
    """A stored entry that could not be read back, and where its raw text was set aside."""

    key: str
    reason: str
    backup: str


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
        """Copy the raw text to `gin-rummy:<key>.corrupt-<stamp>` and drop the original."""
        backup = f"{BROWSER_PREFIX}{key}.corrupt-{stamp}"
        raw = self.read(key)
        if raw is not None:
            self.local_storage.setItem(backup, raw)
        self.remove(key)
        return backup


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

    def load(self, key: str, default: Any = None) -> Any:
        """The value saved under `key`, or `default` when absent or corrupt."""
        self._check_key(key)
        try:
            raw = self.backend.read(key)
        except UnicodeDecodeError as error:  # garbage bytes on disk: corrupt, not unreadable
            self._set_aside(key, f"{type(error).__name__}: {error}")
            return default
        except Exception as error:  # permission denied, a JS exception: nothing to set aside
            raise StorageError(f"cannot read {key!r}: {error}") from error
        if raw is None:
            return default
        try:
            return json.loads(raw)
        except ValueError as error:
            self._set_aside(key, f"{type(error).__name__}: {error}")
            return default

    def save(self, key: str, value: Any) -> None:
        """Store `value` (anything JSON can hold) under `key`; StorageError if impossible."""
        self._check_key(key)
        try:
            text = json.dumps(value, ensure_ascii=False, sort_keys=True, indent=1)
        except (TypeError, ValueError) as error:
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

    def _set_aside(self, key: str, reason: str) -> None:
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
        try:
            backup = self.backend.set_aside(key, stamp)
        except Exception as error:  # keep playing even if the backup itself fails
            backup = f"(not set aside: {error})"
        problem = CorruptEntry(key=key, reason=reason, backup=backup)
        self.problems.append(problem)
        LOG.warning("corrupt saved entry %r (%s) moved to %s", key, reason, backup)
