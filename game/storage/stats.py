"""The player's record: per variant, format and opponent, with totals and the daily deal.

Statistics are kept in *buckets*, one per variant ("standard", "oklahoma", "simple"),
format ("2", "3" players or "4" in partnerships) and opponent (an AI level, or "people"
when every other seat is a person). Everything is counted from player 0's side ("you").

- A *hand* counts once it has a winner; void hands are not counted.
- *Undercuts given* are hands you won by undercutting; *suffered*, hands you lost so.
- The *streak* is the number of matches won in a row (a lost match ends it); each bucket
  has its own, and the totals have one over every match in the order they were played.
- The *daily streak* is the number of consecutive calendar days with a daily deal played,
  won or lost; it is still current the day after the last one played (today may not be
  played yet) and ends after a day without one. Only a day's first result is kept.

Statistics saved before buckets existed (schema 1) are migrated without losing a count:
matches per variant and format go to that variant and format with the AI level "unknown",
and everything that cannot be placed (hand counts, best margin, matches from before the
per-format counts) goes to one "earlier records" bucket (all three parts "unknown"). The
totals over all buckets equal the old totals.

>>> stats = Stats()
>>> bucket = Bucket("standard", "2", "hard")
>>> stats.record_hand(bucket, won=True, kind="gin", points_for=31, points_against=0)
>>> stats.record_match(bucket, won=True, margin=140)
>>> summary = stats.summary(bucket)
>>> summary.gins, summary.best_margin, summary.current_streak, summary.average_points_for
(1, 140, 1, 31.0)
>>> bucket.label
'Standard Gin, two players, against Hard'
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field, fields, replace
from typing import Any, overload

from game.rules import RuleSet
from game.storage.settings import AI_LEVELS, LEVEL_NAMES, PLAYER_COUNTS, VARIANT_NAMES, VARIANTS, MatchSetup
from game.storage.store import DamagedRecordError, RecoveredRecordError, schema_of

__all__ = [
    "MAX_COUNT",
    "MAX_POINTS",
    "PEOPLE",
    "SCHEMA",
    "UNKNOWN",
    "Bucket",
    "DailyResult",
    "DailySummary",
    "Record",
    "Stats",
    "Summary",
    "percent",
]

SCHEMA = 2
"""Statistics schema: 1 = flat totals (no ``schema`` key), 2 = buckets, streaks and daily."""
MAX_COUNT = 10**9
"""No count can honestly reach this; a stored count above it is damage."""
MAX_POINTS = 10**12
"""The same for points (sums of hand scores)."""
UNKNOWN = "unknown"
PEOPLE = "people"
HAND_KINDS = ("knock", "gin", "big_gin", "undercut", "void")

_LEVELS = (*AI_LEVELS, PEOPLE, UNKNOWN)
_FORMAT_WORDS = {"2": "two players", "3": "three players", "4": "partners"}
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def percent(part: int, whole: int) -> str:
    """`part` of `whole` as a whole percentage, or a dash when there is none.

    >>> percent(1, 3), percent(0, 0)
    ('33%', '-')
    """
    return "-" if whole == 0 else f"{round(100 * part / whole)}%"


@dataclass(frozen=True, order=True)
class Bucket:
    """Which statistics a match goes to: variant, format ("2", "3", "4") and opponent.

    >>> Bucket.from_key("oklahoma/4/people").label
    'Oklahoma Gin, partners, against people'
    """

    variant: str
    players: str
    level: str

    def __post_init__(self) -> None:
        if self.variant not in (*VARIANTS, UNKNOWN):
            raise ValueError(f"unknown variant {self.variant!r:.40}")
        if self.players not in (*PLAYER_COUNTS, UNKNOWN):
            raise ValueError(f"unknown format {self.players!r:.40}")
        if self.level not in _LEVELS:
            raise ValueError(f"unknown opponent {self.level!r:.40}")

    @classmethod
    def for_match(cls, rules: RuleSet, setup: MatchSetup) -> Bucket | None:
        """The bucket of a match played with `rules` and `setup`; None when the computer
        plays your seat (then nothing is recorded)."""
        if setup.seats[0] != "person":
            return None
        return cls(rules.variant.value, str(rules.players), setup.opponent_level)

    @property
    def key(self) -> str:
        """The bucket's name in the saved file, ``variant/players/level``."""
        return f"{self.variant}/{self.players}/{self.level}"

    @classmethod
    def from_key(cls, key: object) -> Bucket:
        """Read :attr:`key`; ValueError for anything else."""
        if not isinstance(key, str) or key.count("/") != 2:
            raise ValueError(f"not a statistics bucket: {key!r:.60}")
        variant, players, level = key.split("/")
        return cls(variant, players, level)

    @property
    def label(self) -> str:
        """The bucket in plain words."""
        if self.variant == UNKNOWN:
            return "Earlier records (before statistics per game)"
        game = VARIANT_NAMES[self.variant].split(" (")[0]
        form = _FORMAT_WORDS.get(self.players, "format not recorded")
        if self.level == PEOPLE:
            against = "against people"
        elif self.level == UNKNOWN:
            against = "computer level not recorded"
        else:
            against = f"against {LEVEL_NAMES[self.level]}"
        return f"{game}, {form}, {against}"


@dataclass
class Record:
    """The counts of one bucket. Every field is a whole number from 0 to its limit."""

    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    gins: int = 0  # big gins included
    knocks: int = 0  # hands won by knocking (neither gin nor undercut)
    undercuts_given: int = 0
    undercuts_suffered: int = 0
    points_for: int = 0
    points_against: int = 0
    best_margin: int = 0
    current_streak: int = 0
    best_streak: int = 0

    def check(self) -> None:
        """Raise DamagedRecordError unless every count is in range and they agree."""
        for f in fields(self):
            value = getattr(self, f.name)
            limit = MAX_POINTS if f.name.startswith("points") or f.name == "best_margin" else MAX_COUNT
            if not _whole(value) or not 0 <= value <= limit:
                raise DamagedRecordError(
                    f"{f.name} must be a whole number from 0 to {limit}, not {value!r:.40}"
                )
        if self.matches_won > self.matches or self.hands_won > self.hands:
            raise DamagedRecordError("more won than played")
        if self.gins + self.knocks + self.undercuts_given > self.hands_won:
            raise DamagedRecordError("more gins, knocks and undercuts than hands won")
        if self.undercuts_suffered > self.hands - self.hands_won:
            raise DamagedRecordError("more undercuts suffered than hands lost")
        if not self.current_streak <= self.best_streak <= self.matches_won:
            raise DamagedRecordError("the streaks do not fit the matches won")

    def to_dict(self) -> dict[str, int]:
        """JSON-compatible form."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: object) -> Record:
        """Read :meth:`to_dict` output strictly (unknown keys are ignored)."""
        if not isinstance(data, dict):
            raise DamagedRecordError(f"a bucket must be an object, not {type(data).__name__}")
        missing = [f.name for f in fields(cls) if f.name not in data]
        if missing:
            raise DamagedRecordError(f"a bucket lacks {', '.join(missing)}")
        record = cls(**{f.name: data[f.name] for f in fields(cls)})
        record.check()
        return record

    def add(self, other: Record) -> None:
        """Add another bucket's counts (for totals); streaks are not additive and stay."""
        for name in _ADDITIVE:
            setattr(self, name, _capped(getattr(self, name) + getattr(other, name), name))
        self.best_margin = max(self.best_margin, other.best_margin)


_ADDITIVE = tuple(
    f.name for f in fields(Record) if f.name not in ("best_margin", "current_streak", "best_streak")
)


@dataclass(frozen=True)
class Summary:
    """Plain values of one bucket, or of everything, ready to draw (see :meth:`rows`)."""

    label: str
    matches: int
    matches_won: int
    hands: int
    hands_won: int
    gins: int
    knocks: int
    undercuts_given: int
    undercuts_suffered: int
    points_for: int
    points_against: int
    best_margin: int
    current_streak: int
    best_streak: int

    @property
    def average_points_for(self) -> float | None:
        """Points you scored per hand played, or None before the first hand."""
        return self.points_for / self.hands if self.hands else None

    @property
    def average_points_against(self) -> float | None:
        """Points scored against you per hand played, or None before the first hand."""
        return self.points_against / self.hands if self.hands else None

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) lines in plain words.

        >>> Stats().summary().rows()[0]
        ('Matches won', '0 of 0 (-)')
        """
        average = self.average_points_for
        against = self.average_points_against
        return [
            (
                "Matches won",
                f"{self.matches_won} of {self.matches} ({percent(self.matches_won, self.matches)})",
            ),
            ("Hands won", f"{self.hands_won} of {self.hands} ({percent(self.hands_won, self.hands)})"),
            ("Gins", str(self.gins)),
            ("Hands won by knocking", str(self.knocks)),
            ("Undercuts given", str(self.undercuts_given)),
            ("Undercuts suffered", str(self.undercuts_suffered)),
            (
                "Points per hand",
                "-" if average is None or against is None else f"{average:.1f} for, {against:.1f} against",
            ),
            ("Best winning margin", str(self.best_margin) if self.best_margin else "-"),
            ("Winning streak", f"{self.current_streak} (best {self.best_streak})"),
        ]


@dataclass(frozen=True)
class DailyResult:
    """How the daily deal of one date went."""

    won: bool
    points: int
    turns: int

    def __post_init__(self) -> None:
        if not isinstance(self.won, bool):
            raise ValueError(f"won must be true or false, not {self.won!r:.40}")
        if not _whole(self.points) or not -MAX_POINTS <= self.points <= MAX_POINTS:
            raise ValueError(f"points must be a whole number within {MAX_POINTS}, not {self.points!r:.40}")
        if not _whole(self.turns) or not 0 <= self.turns <= MAX_COUNT:
            raise ValueError(f"turns must be a whole number from 0 to {MAX_COUNT}, not {self.turns!r:.40}")

    @property
    def unfinished(self) -> bool:
        """True for a deal begun and not played to its end (no turn is ever recorded as 0)."""
        return self.turns == 0 and not self.won and self.points == 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return {"won": self.won, "points": self.points, "turns": self.turns}


@dataclass(frozen=True)
class DailySummary:
    """The daily deal's record as of `today`."""

    played: int
    won: int
    current_streak: int
    best_streak: int
    today: DailyResult | None

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) lines in plain words."""
        return [
            ("Daily deals won", f"{self.won} of {self.played} ({percent(self.won, self.played)})"),
            ("Days in a row", f"{self.current_streak} (best {self.best_streak})"),
        ]


@dataclass
class Stats:
    """Every bucket's record, the overall streak and the daily deals (by ISO date).

    The attributes of the statistics before buckets (`matches`, `gins`, `formats`, ...)
    remain as read-only totals, and `record_hand(won, kind)` / `record_match(won, margin,
    format_key)` still work, filing what they record as "level not recorded".
    """

    records: dict[Bucket, Record] = field(default_factory=dict)
    current_streak: int = 0
    best_streak: int = 0
    daily: dict[str, DailyResult] = field(default_factory=dict)

    # --- recording -----------------------------------------------------------------------

    @overload
    def record_hand(
        self, bucket: Bucket, won: bool, kind: str, points_for: int = 0, points_against: int = 0
    ) -> None: ...
    @overload
    def record_hand(self, bucket: bool, won: str) -> None: ...

    def record_hand(
        self,
        bucket: Bucket | bool,
        won: bool | str,
        kind: str = "",
        points_for: int = 0,
        points_against: int = 0,
    ) -> None:
        """One hand you played: won or lost, how it ended (a `ResultKind` value) and the
        points it scored for you and against you. Void hands are not counted."""
        if isinstance(bucket, bool):  # the table before buckets: record_hand(won, kind)
            self.record_hand(_EARLIER, bucket, str(won))
            return
        if kind not in HAND_KINDS:
            raise ValueError(f"unknown hand result {kind!r:.40}")
        if not isinstance(won, bool):
            raise ValueError(f"won must be true or false, not {won!r:.40}")
        for points in (points_for, points_against):
            if not _whole(points) or not 0 <= points <= MAX_POINTS:
                raise ValueError(f"hand points must be a whole number from 0, not {points!r:.40}")
        if kind == "void":
            return
        record = self.records.setdefault(bucket, Record())
        _bump(record, "hands")
        _bump(record, "points_for", points_for)
        _bump(record, "points_against", points_against)
        if won:
            _bump(record, "hands_won")
            _bump(record, {"gin": "gins", "big_gin": "gins", "knock": "knocks"}.get(kind, "undercuts_given"))
        elif kind == "undercut":
            _bump(record, "undercuts_suffered")

    @overload
    def record_match(self, bucket: Bucket, won: bool, margin: int = 0) -> None: ...
    @overload
    def record_match(self, bucket: bool, won: int, margin: str) -> None: ...

    def record_match(self, bucket: Bucket | bool, won: bool | int, margin: int | str = 0) -> None:
        """A finished match: won or lost, and the margin (counted when won)."""
        if isinstance(bucket, bool):  # the table before buckets: record_match(won, margin, key)
            self.record_match(_bucket_of_format(str(margin)), bucket, int(won))
            return
        if not isinstance(won, bool) or not _whole(margin) or not 0 <= int(margin) <= MAX_POINTS:
            raise ValueError(
                f"a match needs won true or false and a margin from 0, not {won!r}, {margin!r:.40}"
            )
        record = self.records.setdefault(bucket, Record())
        _bump(record, "matches")
        if won:
            _bump(record, "matches_won")
            record.best_margin = max(record.best_margin, int(margin))
            record.current_streak = _capped(record.current_streak + 1, "current_streak")
            record.best_streak = max(record.best_streak, record.current_streak)
            self.current_streak = _capped(self.current_streak + 1, "current_streak")
            self.best_streak = max(self.best_streak, self.current_streak)
        else:
            record.current_streak = self.current_streak = 0

    def record_daily(self, day: datetime.date | str, won: bool, points: int, turns: int) -> bool:
        """The daily deal of `day`; False (and nothing changed) when that day is already recorded.

        A day begun with :meth:`begin_daily` and not finished is recorded over (its hand was
        still being played).

        >>> stats = Stats()
        >>> stats.begin_daily("2026-11-30"), stats.daily_result("2026-11-30")
        (True, DailyResult(won=False, points=0, turns=0))
        >>> stats.record_daily("2026-11-30", True, 31, 9), stats.record_daily("2026-11-30", False, 0, 5)
        (True, False)
        """
        key = _date_key(day)
        earlier = self.daily.get(key)
        if earlier is not None and not earlier.unfinished:
            return False
        self.daily[key] = DailyResult(won, points, turns)
        return True

    def begin_daily(self, day: datetime.date | str) -> bool:
        """The daily deal of `day` was dealt: it counts as played (and lost) until it ends.

        So leaving it midway, or closing the page, does not let the day's cards be played
        again for the record. False when the day is already recorded.
        """
        key = _date_key(day)
        if key in self.daily:
            return False
        self.daily[key] = DailyResult(False, 0, 0)
        return True

    # --- reading ----------------------------------------------------------------------------

    def buckets(self) -> list[Bucket]:
        """The buckets that hold anything, most matches first."""
        return sorted(self.records, key=lambda b: (-self.records[b].matches, -self.records[b].hands, b))

    def summary(self, bucket: Bucket | None = None) -> Summary:
        """One bucket's record, or the totals over every bucket (None)."""
        if bucket is not None:
            record = self.records.get(bucket, Record())
            return _summary(bucket.label, record)
        total = Record()
        for record in self.records.values():
            total.add(record)
        total = replace(total, current_streak=self.current_streak, best_streak=self.best_streak)
        return _summary("All games", total)

    def daily_summary(self, today: datetime.date) -> DailySummary:
        """The daily deals played, won, and the streaks of days as of `today`."""
        days = sorted(datetime.date.fromisoformat(key) for key in self.daily)
        best = run = 0
        previous: datetime.date | None = None
        for day in days:
            run = run + 1 if previous is not None and (day - previous).days == 1 else 1
            best = max(best, run)
            previous = day
        current = run if previous is not None and (today - previous).days in (0, 1) else 0
        return DailySummary(
            played=len(days),
            won=sum(result.won for result in self.daily.values()),
            current_streak=current,
            best_streak=best,
            today=self.daily.get(today.isoformat()),
        )

    def daily_result(self, day: datetime.date | str) -> DailyResult | None:
        """The recorded result of `day`'s deal, if any."""
        return self.daily.get(_date_key(day))

    # --- forgetting -------------------------------------------------------------------------

    def reset(self, bucket: Bucket | None = None) -> None:
        """Forget one bucket, or everything (None): every bucket, the streak and the daily deals.

        Forgetting one bucket leaves the overall streak as it was: it records the order of
        matches across buckets, which the remaining buckets cannot rebuild.
        """
        if bucket is not None:
            self.records.pop(bucket, None)
            return
        self.records.clear()
        self.current_streak = self.best_streak = 0
        self.daily.clear()

    def reset_daily(self) -> None:
        """Forget the daily deals only."""
        self.daily.clear()

    # --- the statistics before buckets, as totals -------------------------------------------

    @property
    def matches(self) -> int:
        """Matches played, in total."""
        return self.summary().matches

    @property
    def matches_won(self) -> int:
        """Matches won, in total."""
        return self.summary().matches_won

    @property
    def hands(self) -> int:
        """Hands played to a result, in total."""
        return self.summary().hands

    @property
    def hands_won(self) -> int:
        """Hands won, in total."""
        return self.summary().hands_won

    @property
    def gins(self) -> int:
        """Gins (big gins included), in total."""
        return self.summary().gins

    @property
    def undercuts(self) -> int:
        """Undercuts given, in total."""
        return self.summary().undercuts_given

    @property
    def knocks(self) -> int:
        """Hands won by knocking, in total."""
        return self.summary().knocks

    @property
    def best_margin(self) -> int:
        """The best winning margin over everything."""
        return self.summary().best_margin

    @property
    def formats(self) -> dict[str, list[int]]:
        """[played, won] per variant and format ("standard", "oklahoma, 3 players", ...)."""
        result: dict[str, list[int]] = {}
        for bucket, record in self.records.items():
            if bucket.variant == UNKNOWN or bucket.players == UNKNOWN or not record.matches:
                continue
            pair = result.setdefault(_format_key(bucket), [0, 0])
            pair[0] += record.matches
            pair[1] += record.matches_won
        return result

    # --- records ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form (schema 2)."""
        return {
            "schema": SCHEMA,
            "buckets": {bucket.key: record.to_dict() for bucket, record in sorted(self.records.items())},
            "streak": {"current": self.current_streak, "best": self.best_streak},
            "daily": {day: result.to_dict() for day, result in sorted(self.daily.items())},
        }

    @classmethod
    def from_dict(cls, data: object) -> Stats:
        """Read saved statistics strictly; DamagedRecordError on any defect.

        None (nothing saved) gives empty statistics; schema 1 is migrated (module
        docstring); a newer schema raises NewerRecordError. Unknown keys are ignored, except
        that schema-2 content (``buckets``, ``streak``, ``daily``) in a record without a
        schema number, or marked 1, is not schema 1 at all: read as schema 2 it raises
        RecoveredRecordError holding the statistics (so that the file is kept aside and
        nothing is lost), and anything else about it is damage.
        """
        if data is None:
            return cls()
        schema = schema_of(data, SCHEMA, "statistics")
        assert isinstance(data, dict)
        if schema == 1 and _SCHEMA_2_PARTS & set(data):
            raise _misnumbered(data)
        if schema == 1 and set(data) - {"schema"} and not (set(_SCHEMA_1_COUNTS) | {"formats"}) & set(data):
            # Not statistics of any version (statistics moved inside something, say): read as
            # schema 1 they would load empty and the next save would write over them.
            raise DamagedRecordError(f"statistics hold none of their counts, only {sorted(data)[:3]!r:.80}")
        if schema == 1:
            return _from_schema_1(data)
        return _from_schema_2(data)


_SCHEMA_2_PARTS = {"buckets", "streak", "daily"}


def _misnumbered(data: dict[str, Any]) -> DamagedRecordError:
    """Schema-2 statistics whose number was lost (or set to 1): recovered, or damage."""
    number = "no schema number" if "schema" not in data else f"schema {data['schema']}"
    mixed = sorted((set(_SCHEMA_1_COUNTS) | {"formats"}) & set(data))
    if mixed:
        return DamagedRecordError(
            f"statistics with {number} hold both schema-2 parts and schema-1 totals ({', '.join(mixed)})"
        )
    stats = _from_schema_2(data)  # DamagedRecordError when they do not read as schema 2 either
    plain = "had lost its version number" if "schema" not in data else "had a wrong version number (1)"
    return RecoveredRecordError(
        f"statistics with {number} hold schema-2 buckets, streak and daily", stats, plain
    )


def _from_schema_2(data: dict[str, Any]) -> Stats:
    for name in ("buckets", "streak", "daily"):
        if not isinstance(data.get(name), dict):
            raise DamagedRecordError(f"statistics: {name} must be an object")
    stats = Stats()
    for key, value in data["buckets"].items():
        try:
            bucket = Bucket.from_key(key)
        except ValueError as error:
            raise DamagedRecordError(f"statistics: {error}") from None
        stats.records[bucket] = Record.from_dict(value)
    streak = data["streak"]
    current, best = streak.get("current"), streak.get("best")
    if not (_whole(current) and _whole(best) and 0 <= current <= best <= MAX_COUNT):
        raise DamagedRecordError("statistics: the overall streak must be two whole numbers, current <= best")
    stats.current_streak, stats.best_streak = current, best
    for key, value in data["daily"].items():
        if not isinstance(value, dict) or not {"won", "points", "turns"} <= set(value):
            raise DamagedRecordError(f"statistics: daily deal {key!r:.20} needs won, points and turns")
        try:
            stats.daily[_date_key(key)] = DailyResult(value["won"], value["points"], value["turns"])
        except ValueError as error:
            raise DamagedRecordError(f"statistics: daily deal {key!r:.20}: {error}") from None
    return stats


_SCHEMA_1_COUNTS = (
    "matches",
    "matches_won",
    "hands",
    "hands_won",
    "gins",
    "undercuts",
    "knocks",
    "best_margin",
)


def _from_schema_1(data: dict[str, Any]) -> Stats:
    """Statistics before buckets: flat totals and [played, won] per format key."""
    old = {name: data.get(name, 0) for name in _SCHEMA_1_COUNTS}
    for name, value in old.items():
        if not _whole(value) or not 0 <= value <= MAX_COUNT:
            raise DamagedRecordError(f"statistics: {name} must be a whole number from 0, not {value!r:.40}")
    formats = data.get("formats", {})
    if not isinstance(formats, dict):
        raise DamagedRecordError("statistics: formats must be an object")
    stats = Stats()
    placed = Record()
    for key, pair in formats.items():
        if not (isinstance(pair, list) and len(pair) == 2 and all(_whole(v) for v in pair)):
            raise DamagedRecordError(f"statistics: format {key!r:.40} must be [played, won]")
        bucket = _bucket_of_format(key)
        record = stats.records.setdefault(bucket, Record())
        record.matches += pair[0]
        record.matches_won += pair[1]
        placed.matches += pair[0]
        placed.matches_won += pair[1]
    earlier = Record(
        matches=old["matches"] - placed.matches,
        matches_won=old["matches_won"] - placed.matches_won,
        hands=old["hands"],
        hands_won=old["hands_won"],
        gins=old["gins"],
        knocks=old["knocks"],
        undercuts_given=old["undercuts"],
        best_margin=old["best_margin"],
    )
    if earlier != Record():
        stats.records[_EARLIER] = earlier
    for record in stats.records.values():
        try:
            record.check()
        except DamagedRecordError as error:
            raise DamagedRecordError(f"statistics do not add up: {error}") from None
    return stats


_EARLIER = Bucket(UNKNOWN, UNKNOWN, UNKNOWN)


def _bucket_of_format(key: object) -> Bucket:
    """The bucket of a format key of schema 1 ("standard", "oklahoma, 3 players", "simple, partners")."""
    if not isinstance(key, str):
        raise DamagedRecordError(f"statistics: format {key!r:.40} is not a name")
    variant, _, rest = key.partition(", ")
    players = {"": "2", "3 players": "3", "partners": "4"}.get(rest)
    if variant not in VARIANTS or players is None:
        raise DamagedRecordError(f"statistics: unknown format {key!r:.40}")
    return Bucket(variant, players, UNKNOWN)


def _format_key(bucket: Bucket) -> str:
    return bucket.variant + {"2": "", "3": ", 3 players", "4": ", partners"}[bucket.players]


def _summary(label: str, record: Record) -> Summary:
    return Summary(label=label, **record.to_dict())


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _capped(value: int, name: str) -> int:
    # Counts stop at their limit instead of growing past what a later load accepts.
    limit = MAX_POINTS if name.startswith("points") or name == "best_margin" else MAX_COUNT
    return min(value, limit)


def _bump(record: Record, name: str, amount: int = 1) -> None:
    setattr(record, name, _capped(getattr(record, name) + amount, name))


def _date_key(day: datetime.date | str) -> str:
    if isinstance(day, datetime.date):
        return day.isoformat()
    if not isinstance(day, str) or not _DATE.match(day):
        raise ValueError(f"a daily deal's date must be YYYY-MM-DD, not {day!r:.40}")
    try:
        return datetime.date.fromisoformat(day).isoformat()
    except ValueError:
        raise ValueError(f"no such date {day!r:.40}") from None
