"""The one place the screens load and save settings, statistics and the match in progress.

Every record is checked in full when it is loaded: JSON, shape, types, ranges, the saved
match's checksum and replay, and the schema version. What fails a check is set aside
(never written over) and reported; a record written by a newer version of the game is
left exactly where it is and nothing is saved over it. The player hears of each problem
once, through :meth:`Persistence.take_notices`. docs/storage.md describes the formats.

>>> import tempfile
>>> from pathlib import Path
>>> from game.storage.store import DiskBackend, Storage
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "statistics.json").write_text('{"schema": 2, "buckets": 5}')
>>> persistence = Persistence(storage=Storage(DiskBackend(folder)))
>>> persistence.load_stats().matches
0
>>> print(persistence.take_notices()[0][:53])
Your statistics file was damaged: it was set aside as
>>> persistence.take_notices()
[]
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import game.rules
from game.rules import Hand, Match, RecordError, RuleSet, daily_deck, daily_salt
from game.rules.daily import DAILY_DEALER, daily_date
from game.rules.match import RECORD_VERSION as MATCH_RECORD_VERSION
from game.storage.settings import VARIANT_NAMES, MatchSetup, Settings, seat_names
from game.storage.stats import Stats
from game.storage.store import (
    DAILY_HAND_KEY,
    SAVED_MATCH_KEY,
    SETTINGS_KEY,
    STATISTICS_KEY,
    CorruptEntry,
    DamagedRecordError,
    EntryStatus,
    NewerRecordError,
    RecoveredRecordError,
    Storage,
    StorageError,
    UnusableFileError,
    schema_of,
)

__all__ = ["DAILY_SCHEMA", "MATCH_SCHEMA", "Notice", "Persistence", "SavedMatch"]

LOG = logging.getLogger(__name__)

MATCH_SCHEMA = 3
"""Saved-match schema: 1 = the bare match record, 2 = ``{"schema", "match", "setup"}``, 3 = the
same with the AI's seed in the setup (and match records whose deals bind every term)."""

DAILY_SCHEMA = 1
"""The daily deal in progress: ``{"schema", "day", "hand"}``, the hand as `Hand.to_dict` writes it."""

T = TypeVar("T")


@dataclass(frozen=True)
class _Name:
    """How a record is named to the player, with the grammar that goes with it."""

    subject: str  # "Your statistics"
    thing: str  # "statistics file", what was set aside
    plural: bool

    @property
    def were(self) -> str:
        return "were" if self.plural else "was"

    @property
    def are(self) -> str:
        return "are" if self.plural else "is"

    @property
    def they(self) -> str:
        return "they" if self.plural else "it"

    @property
    def them(self) -> str:
        return "them" if self.plural else "it"


_NAMES = {
    SETTINGS_KEY: _Name("Your settings", "settings file", plural=True),
    STATISTICS_KEY: _Name("Your statistics", "statistics file", plural=True),
    SAVED_MATCH_KEY: _Name("Your saved match", "saved match", plural=False),
    DAILY_HAND_KEY: _Name("Your daily deal in progress", "daily deal in progress", plural=False),
}


def _name(key: str) -> _Name:
    return _NAMES.get(key) or _Name(f"The entry {key}", f"entry {key}", plural=False)


_FRESH = {
    SETTINGS_KEY: "the usual settings are back",
    STATISTICS_KEY: "a fresh one started",
    SAVED_MATCH_KEY: "it cannot be continued",
    DAILY_HAND_KEY: "it cannot be continued (the day still counts as played)",
}


@dataclass(frozen=True)
class Notice:
    """Something the player should be told once: `text` is a short sentence for a screen.

    `kind` is one of "damaged", "recovered" (damaged, yet read in full; the original kept
    aside), "newer", "unreadable", "stuck" (damaged but could not be set aside),
    "save-failed" and "unavailable".
    """

    key: str
    kind: str
    text: str


@dataclass(frozen=True)
class SavedMatch:
    """A match to continue, and who sat where (None for saves made before seats were kept)."""

    match: Match
    setup: MatchSetup | None

    @property
    def summary(self) -> str:
        """The match in a few words for a Continue button: "Standard Gin, 45 to 30" for two
        sides (two players, or two teams), each player's score named with three
        ("Standard Gin, three players: you 12, West 30, East 0")."""
        game_name = VARIANT_NAMES[self.match.rules.variant.value].split(" (")[0]
        scores = self.match.scores
        if len(scores) != 3:
            return f"{game_name}, {scores[0]} to {scores[1]}"
        names = [name if name != "You" else "you" for name in seat_names(3)]
        if self.setup is not None and len(self.setup.people) >= 2:
            names = ["South", "West", "East"]  # people passing the device are named by place
        listed = ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))
        return f"{game_name}, three players: {listed}"


class _Unchecked:
    pass


_UNCHECKED = _Unchecked()


class Persistence:
    """Loads and saves the game's records, and tells the player what went wrong, once.

    `enabled=False` (self-play, ``--no-storage``) keeps everything in memory. `storage`
    injects a `Storage` (tests); by default the platform's is used. At start, temporary
    files left by a save that was killed midway are removed.
    """

    def __init__(self, enabled: bool = True, storage: Storage | None = None) -> None:
        self._storage: Storage | None = None
        self._pending: list[Notice] = []
        self.history: list[Notice] = []
        self._blocked: dict[str, str] = {}  # key -> the kind of notice that explains why
        self._failing: set[str] = set()
        self._saved: SavedMatch | _Unchecked | None = _UNCHECKED
        if not enabled:
            return
        try:
            self._storage = storage if storage is not None else Storage()
            self._storage.check()
        except Exception as error:
            self._storage = None
            self._notify("", "unavailable", f"Nothing can be saved in this session: {_plain(error)}.")
            return
        self._storage.clean_temporaries()

    # --- state -------------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """True when there is somewhere to save to."""
        return self._storage is not None

    @property
    def location(self) -> str:
        """Where records are kept, for the player ("" when nowhere)."""
        return self._storage.describe() if self._storage is not None else ""

    def notices(self) -> list[str]:
        """The sentences not yet shown to the player (they stay pending)."""
        return [notice.text for notice in self._pending]

    def take_notices(self) -> list[str]:
        """The sentences not yet shown, which now count as shown."""
        texts = self.notices()
        self._pending.clear()
        return texts

    def blocked(self, key: str) -> bool:
        """Whether nothing is written to `key` this session (a newer, unreadable or stuck record)."""
        return key in self._blocked

    # --- settings and statistics -------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults (anything refused is set aside and reported)."""
        return self._load(SETTINGS_KEY, _read_settings) or Settings()

    def save_settings(self, settings: Settings) -> bool:
        """Save `settings`; False when it was not saved (reported once, the game goes on)."""
        return self._write(SETTINGS_KEY, settings.to_dict())

    def load_stats(self) -> Stats:
        """The saved statistics, or empty ones (anything refused is set aside and reported)."""
        return self._load(STATISTICS_KEY, _read_stats) or Stats()

    def save_stats(self, stats: Stats) -> bool:
        """Save `stats`; False when they were not saved (reported once, the game goes on)."""
        return self._write(STATISTICS_KEY, stats.to_dict())

    # --- the match in progress ---------------------------------------------------------------

    def has_saved_match(self) -> bool:
        """Whether a match can be continued; it is checked in full once, then kept for the load."""
        return self.peek_saved_match() is not None

    def peek_saved_match(self) -> SavedMatch | None:
        """The saved match, checked by replaying it (once: later calls reuse the result)."""
        if isinstance(self._saved, _Unchecked):
            self._saved = self._load(SAVED_MATCH_KEY, _read_saved_match)
        return self._saved

    def take_saved_match(self) -> SavedMatch | None:
        """The saved match and its seats, handed over to be played (the next peek reads it again)."""
        saved = self.peek_saved_match()
        self._saved = _UNCHECKED
        return saved

    def load_saved_match(self) -> Match | None:
        """The saved match to continue, fully checked, or None."""
        saved = self.take_saved_match()
        return saved.match if saved is not None else None

    def save_match(self, match: Match, setup: MatchSetup | None = None) -> bool:
        """Keep the match in progress (a finished match is dropped instead)."""
        self._saved = _UNCHECKED
        if match.finished:
            return self.discard_saved_match()
        record = {"schema": MATCH_SCHEMA, "match": match.to_dict(), "setup": _setup_dict(setup)}
        return self._write(SAVED_MATCH_KEY, record)

    def discard_saved_match(self) -> bool:
        """Forget the match in progress (not one kept for a newer version)."""
        self._saved = _UNCHECKED
        if self._storage is None or SAVED_MATCH_KEY in self._blocked:
            return False
        try:
            self._storage.delete(SAVED_MATCH_KEY)
        except StorageError as error:
            self._save_failed(SAVED_MATCH_KEY, error)
            return False
        self._failing.discard(SAVED_MATCH_KEY)
        return True

    # --- the daily deal in progress ---------------------------------------------------------

    def save_daily_hand(self, day: str, hand: Hand) -> bool:
        """Keep the day's hand in progress, to resume exactly where it was left (a finished
        hand is dropped instead: the day's result is in the statistics)."""
        if hand.is_over:
            return self.discard_daily_hand()
        return self._write(DAILY_HAND_KEY, {"schema": DAILY_SCHEMA, "day": day, "hand": hand.to_dict()})

    def load_daily_hand(self, day: str) -> Hand | None:
        """The hand of `day`'s deal left unfinished, checked in full (the deal must be that
        day's, every move legal); None when there is none, or it is another day's."""
        kept = self._load(DAILY_HAND_KEY, _read_daily_hand)
        if kept is None or kept[0] != day:
            return None
        return kept[1]

    def discard_daily_hand(self) -> bool:
        """Forget the daily deal in progress (it was finished or given up)."""
        if self._storage is None or DAILY_HAND_KEY in self._blocked:
            return False
        try:
            self._storage.delete(DAILY_HAND_KEY)
        except StorageError as error:
            self._save_failed(DAILY_HAND_KEY, error)
            return False
        return True

    # --- the calls of the screens written before this module ---------------------------------

    def load(self, key: str) -> Any:
        """The checked JSON value of a record (None when there is none), for older call sites."""
        if key == SETTINGS_KEY:
            settings = self._load(SETTINGS_KEY, _read_settings)
            return settings.to_dict() if settings is not None else None
        if key == STATISTICS_KEY:
            stats = self._load(STATISTICS_KEY, _read_stats)
            return stats.to_dict() if stats is not None else None
        if key == SAVED_MATCH_KEY:
            saved = self.take_saved_match()
            return saved.match.to_dict() if saved is not None else None
        if self._storage is None:
            return None
        try:
            return self._storage.load(key)
        except StorageError:
            return None

    def save(self, key: str, value: Any) -> None:
        """Save a JSON value under `key`, for older call sites (None drops a saved match)."""
        if key == SAVED_MATCH_KEY:
            self._saved = _UNCHECKED
            if value is None:
                self.discard_saved_match()
            else:
                self._write(key, {"schema": MATCH_SCHEMA, "match": value, "setup": None})
            return
        self._write(key, value)

    # --- the work ----------------------------------------------------------------------------

    def _load(self, key: str, parse: Callable[[object], T]) -> T | None:
        storage = self._storage
        if storage is None:
            return None
        entry = storage.read_entry(key)
        if entry.status is EntryStatus.ABSENT:
            return None
        if entry.status is EntryStatus.UNREADABLE:
            n = _name(key)
            self._block(
                key,
                "unreadable",
                f"{n.subject} could not be read ({_plain(entry.exception, entry.error)}); "
                f"{n.they} {n.are} left as {n.they} {n.are} and nothing is saved over {n.them} this session.",
            )
            return None
        if entry.status is EntryStatus.CORRUPT:
            assert entry.problem is not None
            self._damaged(entry.problem)
            return None
        try:
            return parse(entry.value)
        except NewerRecordError:
            self._newer(key)
        except RecoveredRecordError as error:  # read in full all the same: keep the original aside
            self._recovered(
                storage.set_aside(key, f"{type(error).__name__}: {str(error)[:200]}"), error.plain
            )
            return error.value  # type: ignore[no-any-return]
        except Exception as error:  # any check that fails, however deep it went
            if _is_future(error):
                self._newer(key)
            else:
                self._damaged(storage.set_aside(key, f"{type(error).__name__}: {str(error)[:200]}"))
        return None

    def _write(self, key: str, value: Any) -> bool:
        if self._storage is None or key in self._blocked:
            return False
        try:
            self._storage.save(key, value)
        except StorageError as error:
            self._save_failed(key, error)
            return False
        self._failing.discard(key)
        return True

    def _save_failed(self, key: str, error: StorageError) -> None:
        LOG.warning("could not save %r: %s", key, error)
        if key in self._failing:
            return  # already told; told again only after a save has worked in between
        self._failing.add(key)
        n = _name(key)
        self._notify(
            key,
            "save-failed",
            f"{n.subject} could not be saved ({_plain(error)}); the game goes on without saving {n.them}.",
        )

    def _damaged(self, problem: CorruptEntry) -> None:
        n = _name(problem.key)
        if not problem.moved:
            self._block(
                problem.key,
                "stuck",
                f"{n.subject} {n.are} damaged and could not be set aside; {n.they} {n.are} left as "
                f"{n.they} {n.are} and nothing is saved over {n.them} this session.",
            )
            return
        backup = _file_name(problem.backup)
        self._notify(
            problem.key,
            "damaged",
            f"Your {n.thing} was {problem.plain or 'damaged'}: it was set aside as {backup} and "
            f"{_FRESH.get(problem.key, 'it was not used')}.",
        )

    def _recovered(self, problem: CorruptEntry, plain: str) -> None:
        n = _name(problem.key)
        kept = (
            f"the file as it was is kept as {_file_name(problem.backup)}"
            if problem.moved
            else f"the file as it was could not be kept aside ({problem.backup})"
        )
        self._notify(
            problem.key,
            "recovered",
            f"Your {n.thing} {plain}: {n.they} {n.were} read in full (nothing was lost), and {kept}.",
        )

    def _newer(self, key: str) -> None:
        n = _name(key)
        self._block(
            key,
            "newer",
            f"{n.subject} {n.were} made by a newer version of the game; {n.they} {n.are} kept "
            f"untouched for it, and nothing is saved over {n.them} until you play that version again.",
        )

    def _block(self, key: str, kind: str, text: str) -> None:
        if key in self._blocked:
            return
        self._blocked[key] = kind
        self._notify(key, kind, text)

    def _notify(self, key: str, kind: str, text: str) -> None:
        notice = Notice(key, kind, text)
        # game.storage.store has already warned of a damaged record, with the technical reason.
        LOG.log(logging.INFO if kind == "damaged" else logging.WARNING, "%s", notice.text)
        self._pending.append(notice)
        self.history.append(notice)


def _read_settings(value: object) -> Settings:
    # A stored null is damage; `Settings.from_dict(None)` means nothing was stored.
    if value is None:
        raise DamagedRecordError("settings must be a JSON object, not null")
    return Settings.from_dict(value)


def _read_stats(value: object) -> Stats:
    if value is None:
        raise DamagedRecordError("statistics must be a JSON object, not null")
    return Stats.from_dict(value)


def _read_saved_match(value: object) -> SavedMatch | None:
    """Check a saved-match value in full; None when there is nothing to continue."""
    if value is None:
        return None  # what versions before schema 2 saved once a match was over
    schema = schema_of(value, MATCH_SCHEMA, "saved match")
    assert isinstance(value, dict)
    if schema == 1:
        return _continuable(SavedMatch(_match_from(value), None))
    if "match" not in value or "setup" not in value:
        raise DamagedRecordError("a saved match needs match and setup")
    match = _match_from(value["match"])
    setup = None if value["setup"] is None else MatchSetup.from_dict(value["setup"])
    if setup is not None and schema == 2 and setup.ai_seed is not None:
        raise DamagedRecordError("a saved match of schema 2 has no AI seed in its setup")
    if setup is not None and len(setup.seats) != match.rules.players:
        raise DamagedRecordError("the saved seats do not fit the match's players")
    return _continuable(SavedMatch(match, setup))


def _read_daily_hand(value: object) -> tuple[str, Hand] | None:
    """Check a daily-hand value in full: (its day, its hand), or None for a finished hand."""
    schema = schema_of(value, DAILY_SCHEMA, "daily deal in progress")
    assert isinstance(value, dict)
    if schema != DAILY_SCHEMA or set(value) != {"schema", "day", "hand"}:
        raise DamagedRecordError("a daily deal in progress needs day and hand")
    try:
        day = daily_date(value["day"])
    except ValueError as error:
        raise DamagedRecordError(f"daily deal in progress: {error}") from None
    try:
        hand = Hand.from_dict(value["hand"])
    except RecordError as error:
        if _is_future(error):
            raise NewerRecordError(str(error)) from None
        raise DamagedRecordError(f"daily deal in progress: {error}") from None
    if (
        hand.deck != daily_deck(day)
        or hand.salt != daily_salt(day)
        or hand.dealer != DAILY_DEALER
        or hand.rules != RuleSet.preset("standard")
        or hand.scores != (0, 0)
    ):
        raise DamagedRecordError(f"the daily deal in progress is not the deal of {day}")
    return None if hand.is_over else (day, hand)


def _continuable(saved: SavedMatch) -> SavedMatch | None:
    # A finished match has nothing left to play; the next save replaces it.
    return None if saved.match.finished else saved


def _match_from(record: object) -> Match:
    if isinstance(record, dict):
        version = record.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > MATCH_RECORD_VERSION:
            raise NewerRecordError(f"match record version {version} is newer than {MATCH_RECORD_VERSION}")
    try:
        return Match.from_dict(record)
    except RecordError as error:
        if _is_future(error):
            raise NewerRecordError(str(error)) from None
        raise DamagedRecordError(f"match record: {error}") from None


def _is_future(error: BaseException) -> bool:
    # The engine adds FutureRecordError(RecordError) for records of a newer game version.
    future = getattr(game.rules, "FutureRecordError", None)
    return isinstance(future, type) and isinstance(error, future)


def _file_name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def _setup_dict(setup: MatchSetup | None) -> dict[str, Any] | None:
    return setup.to_dict() if setup is not None else None


def _plain(error: BaseException | None, text: str = "") -> str:
    """Why something failed, in words a player can act on."""
    while isinstance(error, StorageError) and error.__cause__ is not None:
        error = error.__cause__
    if isinstance(error, UnusableFileError):
        return error.plain
    if isinstance(error, OSError):
        if error.errno == errno.ENOSPC:
            return "the disk is full"
        if error.errno == errno.EROFS:
            return "the disk is read-only"
        if isinstance(error, PermissionError):
            return "permission was refused"
        if isinstance(error, NotADirectoryError | FileExistsError):
            return "a file is where the game's data folder should be"
        if isinstance(error, IsADirectoryError):
            return "a folder is where the file should be"
    detail = str(error) if error is not None else text
    if "quota" in detail.lower():
        return "the browser's storage is full"
    return detail[:120] or "an unknown error"
