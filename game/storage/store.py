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

import errno
import json
import logging
import os
import re
import stat
import sys
import tempfile
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

__all__ = [
    "DAILY_HAND_KEY",
    "MAX_ENTRY_BYTES",
    "SAVED_MATCH_KEY",
    "SETTINGS_KEY",
    "STATISTICS_KEY",
    "TEMPORARY_PATTERN",
    "BrowserBackend",
    "CorruptEntry",
    "DamagedRecordError",
    "DiskBackend",
    "Entry",
    "EntryStatus",
    "NewerRecordError",
    "RecoveredRecordError",
    "Storage",
    "StorageError",
    "StoredRecordError",
    "UnusableFileError",
    "default_data_dir",
    "read_regular_file",
    "schema_of",
    "write_new_file",
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
_NAME_PATTERN = _KEY_PATTERN  # the names of new files (hand exports): the same alphabet
# What `tempfile.mkstemp(prefix=".<name>.", suffix=".tmp")` names its files: 8 random
# characters from lowercase letters, digits and "_" (CPython's _RandomNameSequence).
TEMPORARY_PATTERN = re.compile(r"^\.[a-z0-9][a-z0-9_.-]{0,63}\.[a-z0-9_]{8}\.tmp$")
"""The temporary files that writes make (and a kill may leave behind)."""
MAX_ENTRY_BYTES = 16 * 1024 * 1024
"""No record comes near this (a long saved match is some hundreds of kB); a file larger is
not read at all but set aside, and nothing larger is ever written."""
STALE_SECONDS = 60.0
"""A temporary file this old belongs to no write still running: a write takes milliseconds."""


class StorageError(OSError):
    """An entry could not be written or removed (disk full, quota exceeded, bad value)."""


class StoredRecordError(ValueError):
    """A stored record (settings, statistics, saved match) that this version cannot use."""


class DamagedRecordError(StoredRecordError):
    """A record that fails a check: shape, types, ranges, checksum or an unknown old version."""


class NewerRecordError(StoredRecordError):
    """A record written by a newer version of the game: keep it untouched for that version."""


class RecoveredRecordError(DamagedRecordError):
    """A damaged record whose content could still be read in full: `value` is what it holds.

    The stored original is set aside all the same (so it is kept as it was), `value` is used,
    and the player is told `plain` (what was wrong, in a player's words).
    """

    def __init__(self, message: str, value: Any, plain: str) -> None:
        super().__init__(message)
        self.value = value
        self.plain = plain


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
    plain: str = ""
    """What was wrong in a player's words, when more can be said than "damaged"."""


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


class UnusableFileError(OSError):
    """Something that is not a regular file of a sane size where a file was to be read.

    `plain` says what was found in a player's words ("a named pipe", "a device", "larger
    than 16 MB", ...). Nothing was read from it.
    """

    def __init__(
        self, path: str | os.PathLike[str], plain: str, message: str = "", too_large: bool = False
    ) -> None:
        super().__init__(errno.EINVAL, message or f"not a regular file ({plain})", os.fspath(path))
        self.plain = plain
        self.too_large = too_large

    def __str__(self) -> str:
        return str(self.strerror)


def kind_of(path: str | os.PathLike[str]) -> str:
    """What is at `path`, in a player's words ("a file", "a folder", "a named pipe", ...).

    Links are followed; a link to nothing is "a link to something that does not exist".
    """
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):  # NotADirectory: a file above it in the path
        return _DANGLING if os.path.lexists(path) else "nothing"
    except OSError as error:
        return f"something that cannot be examined ({error.strerror or error})"
    return _kind_of_mode(mode)


_DANGLING = "a link to something that does not exist"


def _kind_of_mode(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something other than a file"


def _size_text(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit} bytes"


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at `path` (links followed), at most `limit` of them.

    Anything else is refused with :class:`UnusableFileError` before a byte is read, and
    without waiting: a named pipe, a device (``/dev/zero`` never ends), a socket, a link to
    nothing, or a file larger than `limit`. A folder raises IsADirectoryError; a missing
    file FileNotFoundError; no permission PermissionError (all OSError).
    """
    try:
        mode = os.stat(path).st_mode  # look before opening: opening a device may do things
    except FileNotFoundError:
        if os.path.lexists(path):
            raise UnusableFileError(path, _DANGLING) from None
        raise
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "Is a directory", os.fspath(path))
    if not stat.S_ISREG(mode):
        raise UnusableFileError(path, _kind_of_mode(mode))
    # O_NONBLOCK: should a pipe take the file's place between the look and the open, the
    # open still returns at once (and fstat below refuses it).
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    )
    descriptor = os.open(path, flags)
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise UnusableFileError(path, "something that changed while it was opened")
        if info.st_size > limit:
            raise _too_large(path, limit)
        chunks: list[bytes] = []
        remaining = limit + 1  # one more than allowed, to notice a file that grew
        while remaining > 0:
            chunk = os.read(descriptor, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    finally:
        os.close(descriptor)
    data = b"".join(chunks)
    if len(data) > limit:
        raise _too_large(path, limit)
    return data


def _too_large(path: str | os.PathLike[str], limit: int) -> UnusableFileError:
    words = f"larger than {_size_text(limit)}"
    return UnusableFileError(path, words, words, too_large=True)


MAX_COPIES = 999
"""How many numbered copies of one name `write_new_file` tries before giving up."""


def write_new_file(folder: Path, name: str, text: str) -> Path:
    """Write `text` to a new file `name` in `folder` (made if needed); never replace a file.

    The file appears whole or not at all (see `DiskBackend.write_new`); when `name` is
    taken, ``stem-2.ext``, ``stem-3.ext``... are tried. Raises OSError when the folder cannot
    be written (nothing is left behind), ValueError for a name that is not a plain file name.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_new_file(folder, "hand.json", "{}").name, write_new_file(folder, "hand.json", "[]").name
    ('hand.json', 'hand-2.json')
    """
    return DiskBackend(folder).write_new(name, text)


_NO_LINKS = {errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOSYS, getattr(errno, "ENOTSUP", -1),
             getattr(errno, "EOPNOTSUPP", -1), errno.EACCES}  # fmt: skip
"""What `os.link` fails with on a file system that has no hard links."""


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
        """Return the file's text, None when missing; undecodable bytes raise ValueError.

        Only a regular file up to `MAX_ENTRY_BYTES` is read: anything else raises
        `UnusableFileError` at once, unread (see `read_regular_file`).
        """
        try:
            return read_regular_file(self._path(key), MAX_ENTRY_BYTES).decode("utf-8")
        except FileNotFoundError:
            return None

    def write(self, key: str, text: str) -> None:
        """Write a temporary file beside the target, then rename it over the target."""
        self.directory.mkdir(parents=True, exist_ok=True)
        temporary = self._write_temporary(key, text)
        try:
            os.replace(temporary, self._path(key))
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def remove(self, key: str) -> None:
        """Delete the key's file if it exists."""
        self._path(key).unlink(missing_ok=True)

    def write_new(self, name: str, text: str) -> Path:
        """Write `text` to a new file `name` in the folder, never replacing one; return its path.

        The text goes to a temporary file, is flushed to the disk, and only then gets its
        name, in one step that fails if the name is taken (a hard link; where the file
        system has none, a rename after a check). So a kill or a full disk leaves no empty
        or cut-short file under the name, at most a temporary file, which a later write
        removes once it is stale. When `name` is taken, ``stem-2.ext``, ``stem-3.ext``...
        are tried.
        """
        if not _NAME_PATTERN.match(name):
            raise ValueError(f"a new file's name must match {_NAME_PATTERN.pattern}, not {name!r:.80}")
        if len(text.encode("utf-8")) > MAX_ENTRY_BYTES:
            raise OSError(errno.EFBIG, f"refusing to write more than {_size_text(MAX_ENTRY_BYTES)}", name)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # something that is not a folder holds its place
            where = self.directory
            raise NotADirectoryError(
                errno.ENOTDIR, f"{kind_of(where)} is where the folder should be", str(where)
            ) from None
        self.remove_stale_temporaries()
        stem, dot, suffix = name.rpartition(".")
        if not dot:
            stem, suffix = name, ""
        temporary = self._write_temporary(name, text)
        try:
            for number in range(1, MAX_COPIES + 1):
                candidate = self.directory / (name if number == 1 else f"{stem}-{number}{dot}{suffix}")
                if self._claim(temporary, candidate):
                    return candidate
            raise FileExistsError(
                errno.EEXIST, f"{MAX_COPIES} files named like {name} already exist", str(self.directory)
            )
        finally:
            Path(temporary).unlink(missing_ok=True)

    def _write_temporary(self, name: str, text: str) -> str:
        """Write `text` to a new temporary file beside `name`, flushed to the disk; return its
        path. On any failure (a full disk) nothing is left behind."""
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return temporary

    @staticmethod
    def _claim(temporary: str, target: Path) -> bool:
        """Give the written temporary file the name `target` unless that name is taken."""
        try:
            os.link(temporary, target)
            return True
        except FileExistsError:
            return False
        except (AttributeError, NotImplementedError):
            pass
        except OSError as error:
            if error.errno not in _NO_LINKS:
                raise
        # A file system without hard links (FAT, some network shares): check, then rename.
        # On Windows the rename itself refuses a taken name; elsewhere the gap is microseconds.
        if os.path.lexists(target):
            return False
        try:
            os.rename(temporary, target)
        except FileExistsError:
            return False
        return True

    def remove_stale_temporaries(self, older_than: float = STALE_SECONDS) -> list[str]:
        """Delete the temporary files that writes killed midway left in the folder, once they
        are `older_than` seconds old (a write still running is never that old); return their
        names. Only regular files named as `write` and `write_new` name them are touched."""
        try:
            paths = sorted(self.directory.iterdir())
        except OSError:
            return []
        removed = []
        now = time.time()
        for path in paths:
            if not TEMPORARY_PATTERN.match(path.name):
                continue
            try:
                info = path.lstat()
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                path.unlink(missing_ok=True)
                removed.append(path.name)
        return removed

    def describe(self) -> str:
        """The folder's path."""
        return str(self.directory)

    def check(self) -> None:
        """Raise when the data folder cannot be used: NotADirectoryError when a file holds its
        place, UnusableFileError when it (or a folder above it) is a link to nothing, or a
        pipe, a device..."""
        path = self.directory
        while True:
            kind = kind_of(path)
            if kind not in ("nothing", "a folder"):
                break
            if kind == "a folder" or path.parent == path:
                return
            path = path.parent  # missing: made at the first save, unless a link above goes nowhere
        where = (
            "the game's data folder" if path == self.directory else f"{path}, above the game's data folder,"
        )
        if kind == "a file":
            raise NotADirectoryError(errno.ENOTDIR, f"{where} is a file, not a folder", str(path))
        if kind == _DANGLING:
            kind = "a link to a folder that does not exist"
        raise UnusableFileError(path, f"{where} is {kind}", f"{where} is {kind}")

    def clean_temporaries(self) -> list[str]:
        """Delete the temporary files that writes killed midway left behind; return their names.

        Only names `write` makes (``.<key>.<8 characters>.tmp``) are touched. A second copy
        of the game saving at this very moment would lose that one save (its rename fails
        and is reported), never a record.
        """
        if not self.directory.is_dir():
            return []
        return self.remove_stale_temporaries(older_than=0.0)

    def set_aside(self, key: str, stamp: str) -> str:
        """Rename the file to `<key>.json.corrupt-<stamp>` (with a counter if taken)."""
        source = self._path(key)
        backup = source.with_name(f"{source.name}.corrupt-{stamp}")
        counter = 1
        while os.path.lexists(backup):  # lexists: a backup may be a link to nothing
            counter += 1
            backup = source.with_name(f"{source.name}.corrupt-{stamp}-{counter}")
        os.replace(source, backup)  # moves a link or a pipe itself, never what it points to
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
        except UnusableFileError as error:  # a pipe, a device, a link to nothing, far too large
            plain = (
                f"too large to be real ({error.plain})"
                if error.too_large
                else (f"not an ordinary file ({error.plain})")
            )
            return Entry(EntryStatus.CORRUPT, problem=self.set_aside(key, _describe(error), plain))
        except Exception as error:  # permission denied, a folder in the way, a JS exception
            return Entry(EntryStatus.UNREADABLE, error=_describe(error), exception=error)
        if raw is None:
            return Entry(EntryStatus.ABSENT)
        if len(raw) > MAX_ENTRY_BYTES:  # the browser's entries (files are capped as they are read)
            plain = f"too large to be real (larger than {_size_text(MAX_ENTRY_BYTES)})"
            return Entry(EntryStatus.CORRUPT, problem=self.set_aside(key, "too large", plain))
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
        if len(text.encode("utf-8")) > MAX_ENTRY_BYTES:  # it would be refused when read back
            raise StorageError(f"cannot save {key!r}: larger than {_size_text(MAX_ENTRY_BYTES)}")
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

    def set_aside(self, key: str, reason: str, plain: str = "") -> CorruptEntry:
        """Move a bad entry out of the way, record it in `problems` and return the record.

        `plain` says what was wrong in a player's words (see `CorruptEntry.plain`). Never
        raises: when the move fails the entry stays put and `moved` is False.
        """
        self._check_key(key)
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
        try:
            backup, moved = self.backend.set_aside(key, stamp), True
        except Exception as error:  # keep playing even if the backup itself fails
            backup, moved = f"not set aside: {_describe(error)}", False
        problem = CorruptEntry(key=key, reason=reason, backup=backup, moved=moved, plain=plain)
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
