"""Statistics that lost their schema number (or say 1 while holding buckets) lose no history.

A schema-2 statistics file whose ``"schema"`` key was removed, or set to 1, used to be read as
schema 1: its ``buckets``, ``streak`` and ``daily`` keys were ignored, it loaded as empty and
the next save wrote over 40 hands with 1. Now such a file is read as what it holds, the
original is kept as a set-aside copy, and the player is told.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.storage.persistence import Persistence
from game.storage.stats import Bucket, Stats
from tests.storage.helpers import Place

BUCKET = Bucket("standard", "2", "hard")


@pytest.fixture(params=["disk", "browser"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Place:
    return Place(request.param, tmp_path / "data")


def forty_hands() -> Stats:
    stats = Stats()
    for number in range(40):
        stats.record_hand(BUCKET, number % 3 != 0, "knock", 12, 4)
    stats.record_match(BUCKET, True, 120)
    stats.record_daily("2026-03-01", True, 20, 14)
    return stats


def unmarked(stats: Stats, schema: Any) -> dict[str, Any]:
    data = stats.to_dict()
    if schema is None:
        del data["schema"]
    else:
        data["schema"] = schema
    return data


@pytest.mark.parametrize("schema", [None, 1], ids=["no-schema", "schema-1"])
def test_statistics_that_lost_their_schema_number_keep_every_count(place: Place, schema: Any) -> None:
    raw = json.dumps(unmarked(forty_hands(), schema)).encode()
    place.put("statistics", raw)
    persistence = Persistence(storage=place.storage())
    stats = persistence.load_stats()
    assert stats.to_dict() == forty_hands().to_dict()
    [notice] = persistence.take_notices()
    wrong = "had lost its version number" if schema is None else "had a wrong version number (1)"
    assert notice.startswith(f"Your statistics file {wrong}: they were read in full (nothing was lost)")
    assert "the file as it was is kept as " in notice
    assert place.backups("statistics") == [raw]  # the file as it was, kept
    # The next save writes the history back, marked: nothing of the 40 hands is gone.
    stats.record_hand(BUCKET, True, "gin", 30, 0)
    assert persistence.save_stats(stats)
    again = Persistence(storage=place.storage())
    assert again.load_stats().hands == 41 and again.take_notices() == []


@pytest.mark.parametrize("schema", [None, 1], ids=["no-schema", "schema-1"])
def test_unmarked_statistics_that_do_not_read_are_set_aside_not_emptied(place: Place, schema: Any) -> None:
    data = unmarked(forty_hands(), schema)
    data["buckets"]["standard/2/hard"]["hands_won"] = 99  # more won than played
    raw = json.dumps(data).encode()
    place.put("statistics", raw)
    persistence = Persistence(storage=place.storage())
    assert persistence.load_stats() == Stats()
    [notice] = persistence.take_notices()
    assert "was damaged: it was set aside as " in notice
    assert place.backups("statistics") == [raw] and place.get("statistics") is None


def test_a_mixture_of_both_schemas_is_set_aside() -> None:
    data = unmarked(forty_hands(), None)
    data["matches"] = 3  # a schema-1 total beside schema-2 buckets: which one is true?
    with pytest.raises(ValueError, match="both"):
        Stats.from_dict(data)


def test_real_schema_1_statistics_still_migrate_silently(place: Place) -> None:
    old = {
        "matches": 2,
        "matches_won": 1,
        "hands": 9,
        "hands_won": 5,
        "gins": 1,
        "formats": {"standard": [2, 1]},
    }
    place.put("statistics", json.dumps(old).encode())
    persistence = Persistence(storage=place.storage())
    assert persistence.load_stats().hands == 9
    assert persistence.take_notices() == [] and place.backups("statistics") == []


def test_statistics_moved_inside_something_are_set_aside_not_emptied(place: Place) -> None:
    raw = json.dumps({"x": forty_hands().to_dict()}).encode()
    place.put("statistics", raw)
    persistence = Persistence(storage=place.storage())
    assert persistence.load_stats() == Stats()
    assert "was damaged" in persistence.take_notices()[0]
    assert place.backups("statistics") == [raw]


def test_an_empty_statistics_object_is_empty_statistics() -> None:
    assert Stats.from_dict({}) == Stats() and Stats.from_dict({"schema": 1}) == Stats()
