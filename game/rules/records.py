"""Saved records: the checksum seal, the version, and strict checks of what a record holds.

A record arrives from a file or from browser storage, so it may be anything: edited by hand,
cut short, written by a newer game, or crafted to crash the reader. Everything here refuses
what it cannot use with :class:`RecordError` (or :class:`FutureRecordError` for a newer
game's record) and never lets another exception through.

>>> record = seal({"version": 1, "dealer": 0})
>>> open_record(record, "test", {1: {"dealer"}}, current=1)[0]
1
>>> open_record({**record, "dealer": 1}, "test", {1: {"dealer"}}, current=1)
Traceback (most recent call last):
...
game.rules.errors.RecordError: the test record's checksum does not match its content: corrupt or edited
>>> whole_number(2.0, "the dealer", 0, 1)
Traceback (most recent call last):
...
game.rules.errors.RecordError: the dealer must be a whole number from 0 to 1, not 2.0
"""

from __future__ import annotations

import hashlib
import json
import math
import reprlib
from typing import Any

from game.rules.errors import FutureRecordError, RecordError

#: Deeper than any record the game writes (a match's deepest value is 9 levels down).
MAX_DEPTH = 16
#: Larger than any number a record holds (the random generator's words are 32-bit).
MAX_NUMBER = 2**53


def record_checksum(record: dict[str, Any]) -> str:
    """A digest of a record's content (without its own checksum), to catch corruption and edits."""
    body = {key: value for key, value in record.items() if key != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def seal(record: dict[str, Any]) -> dict[str, Any]:
    """Add the checksum to a record."""
    record["checksum"] = record_checksum(record)
    return record


def open_record(
    data: object, what: str, layouts: dict[int, set[str]], current: int
) -> tuple[int, dict[str, Any]]:
    """Check a saved record's version, shape and checksum before anything reads it.

    ``layouts`` gives, for each version this game reads, the record's fields besides
    ``version`` and ``checksum``. Returns the version and the record.
    """
    if not isinstance(data, dict):
        raise RecordError(f"a {what} record must be an object, not {type(data).__name__}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"the {what} record has no valid version number")
    if version > current:
        raise FutureRecordError(
            f"this {what} was saved by a newer version of the game (record version {version}, "
            f"this game reads up to {current}): update the game to open it"
        )
    if version not in layouts:
        raise RecordError(f"unknown {what} record version {version}")
    check_json_shape(data, what)
    expected = layouts[version] | {"version", "checksum"}
    if set(data) != expected:
        raise RecordError(f"a version {version} {what} record needs exactly the keys {sorted(expected)}")
    check_seal(data, what)
    return version, data


def check_seal(record: dict[str, Any], what: str) -> None:
    """Raise :class:`RecordError` if a record's checksum is missing or wrong."""
    if not isinstance(record.get("checksum"), str):
        raise RecordError(f"the {what} record has no checksum")
    if record["checksum"] != record_checksum(record):
        raise RecordError(f"the {what} record's checksum does not match its content: corrupt or edited")


def check_json_shape(data: object, what: str) -> None:
    """Refuse anything JSON could not have held, nested too deeply, or with absurd numbers.

    Walks the data without recursion, so a record nested thousands of levels deep (or one
    that contains itself) is refused instead of exhausting the stack.
    """
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RecordError(f"the {what} record is nested too deeply to be a saved game")
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise RecordError(f"the {what} record has a field named {show(key)}, not text")
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif value is None or isinstance(value, bool | str):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                raise RecordError(f"the {what} record holds a number too large to be real")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise RecordError(f"the {what} record holds {value}, which is not a number")
        else:
            raise RecordError(f"the {what} record holds a {type(value).__name__}, which is not JSON data")


def whole_number(value: object, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number (not a bool, not a float) from ``low`` to ``high``."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise RecordError(f"{what} must be a whole number from {low} to {high}, not {show(value)}")


def whole_numbers(value: object, what: str, count: int, low: int, high: int) -> list[int]:
    """A list of exactly ``count`` whole numbers, each from ``low`` to ``high``."""
    if not isinstance(value, list) or len(value) != count:
        raise RecordError(f"{what} must be a list of {count} whole numbers, not {show(value)}")
    return [whole_number(item, what, low, high) for item in value]


def show(value: object) -> str:
    """A short repr for an error message: a record may hold something enormous or deep."""
    return reprlib.repr(value)
