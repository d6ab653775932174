"""game.storage.persistence: every record checked in full, refused ones set aside and reported once.

Each test runs on the desktop backend (files in a temporary folder) and the browser one (a
fake localStorage), since the game saves through both.
"""

from __future__ import annotations

import errno
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

import game.rules
import game.storage.store
from game.rules import Match, RecordError, RuleSet
from game.rules.match import RECORD_VERSION as MATCH_RECORD_VERSION
from game.rules.records import seal
from game.storage.persistence import MATCH_SCHEMA, Persistence
from game.storage.settings import MatchSetup, Settings
from game.storage.stats import Bucket, Stats
from game.storage.store import DiskBackend, Storage, StorageError
from tests.storage.helpers import Place, sample_match

KEYS = ("settings", "statistics", "saved-match")


@pytest.fixture(params=["disk", "browser"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Place:
    return Place(request.param, tmp_path / "data")


def good_records() -> dict[str, Any]:
    """A valid value of each record, as the game writes them."""
    settings = Settings(variant="oklahoma", speed="fast", target=200, players="3")
    settings.seats[1] = "person"
    stats = Stats()
    bucket = Bucket("standard", "2", "hard")
    stats.record_hand(bucket, True, "gin", 35, 0)
    stats.record_match(bucket, True, 160)
    stats.record_daily("2026-03-01", True, 20, 14)
    match = sample_match(2)
    envelope = {
        "schema": MATCH_SCHEMA,
        "match": match.to_dict(),
        "setup": MatchSetup(("person", "ai"), "easy").to_dict(),
    }
    return {"settings": settings.to_dict(), "statistics": stats.to_dict(), "saved-match": envelope}


def write_good(place: Place) -> dict[str, bytes]:
    raws = {}
    for key, value in good_records().items():
        raws[key] = json.dumps(value).encode()
        place.put(key, raws[key])
    return raws


def load_all(persistence: Persistence) -> tuple[Settings, Stats, bool]:
    return persistence.load_settings(), persistence.load_stats(), persistence.has_saved_match()


# --- round trips -------------------------------------------------------------------------


def test_each_record_round_trips(place: Place) -> None:
    records = good_records()
    first = Persistence(storage=place.storage())
    settings = Settings.from_dict(records["settings"])
    stats = Stats.from_dict(records["statistics"])
    match = sample_match(2)
    setup = MatchSetup(("person", "person"), "expert")
    assert first.save_settings(settings) and first.save_stats(stats) and first.save_match(match, setup)

    again = Persistence(storage=place.storage())
    assert again.load_settings() == settings
    assert again.load_stats() == stats
    saved = again.take_saved_match()
    assert saved is not None and saved.setup == setup
    assert saved.match.to_dict() == match.to_dict()
    assert saved.summary == f"Standard Gin, {match.scores[0]} to {match.scores[1]}"
    assert again.take_notices() == []


def test_a_saved_match_is_checked_once_and_handed_over_once(
    place: Place, monkeypatch: pytest.MonkeyPatch
) -> None:
    Persistence(storage=place.storage()).save_match(sample_match(1))
    persistence = Persistence(storage=place.storage())
    replays = []
    original = Match.from_dict.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Match], data: object) -> Match:
        replays.append(1)
        return original(cls, data)

    monkeypatch.setattr(Match, "from_dict", classmethod(counting))
    assert persistence.has_saved_match() and persistence.has_saved_match()
    match = persistence.load_saved_match()
    assert match is not None and len(match.played) == 1
    assert len(replays) == 1  # the menu's question and the load share one replay


def test_a_finished_match_is_dropped_not_offered(place: Place) -> None:
    persistence = Persistence(storage=place.storage())
    persistence.save_match(sample_match(1))
    assert persistence.has_saved_match()
    finished = Match(RuleSet.preset("standard", target=1), random.Random(3))
    while not finished.finished:
        finished = _play_a_hand(finished)
    assert persistence.save_match(finished)
    assert not persistence.has_saved_match()
    assert place.get("saved-match") is None


def _play_a_hand(match: Match) -> Match:
    from game.ai import make_player

    players = [make_player("simple", seed=s) for s in (1, 2)]
    hand = match.new_hand()
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(players[seat].choose(hand.view(seat)))
    match.record_hand(hand)
    return match


# --- damage to each record ---------------------------------------------------------------


def _settings_damage() -> dict[str, bytes]:
    good = good_records()["settings"]
    kinds: dict[str, Any] = {
        "null": None,
        "a list": [good],
        "a number": 5,
        "a string": "settings",
        "speed flipped to an unknown name": {**good, "speed": "warp"},
        "sound as a number": {**good, "sound": 1},
        "players as a number": {**good, "players": 2},
        "target not offered": {**good, "target": 137},
        "target huge": {**good, "target": 10**400},
        "target negative": {**good, "target": -100},
        "a missing key": {k: v for k, v in good.items() if k != "variant"},
        "seats too short": {**good, "seats": ["person"]},
        "seats nested deep": {**good, "seats": [[[["person"]]]] * 4},
        "schema as text": {**good, "schema": "2"},
        "schema zero": {**good, "schema": 0},
        "schema true": {**good, "schema": True},
        "first dealer as text": {**good, "first_dealer": "0"},
    }
    raw = {name: json.dumps(value).encode() for name, value in kinds.items()}
    return raw


def _stats_damage() -> dict[str, bytes]:
    good = good_records()["statistics"]
    bucket = next(iter(good["buckets"]))
    counts = good["buckets"][bucket]

    def with_bucket(**changes: Any) -> dict[str, Any]:
        return {**good, "buckets": {bucket: {**counts, **changes}}}

    kinds: dict[str, Any] = {
        "null": None,
        "a list": [1, 2],
        "buckets as a number": {**good, "buckets": 5},
        "formats as a number (schema 1)": {"matches": 1, "formats": 5},
        "formats as a list (schema 1)": {"matches": 1, "formats": [1, 1]},
        "a count as text": with_bucket(matches="1"),
        "a count as a float": with_bucket(matches=1.0),
        "a count as true": with_bucket(hands=True),
        "matches won huge": with_bucket(matches_won=10**400, matches=10**400),
        "a count negative": with_bucket(gins=-1),
        "more won than played": with_bucket(matches_won=9),
        "a NUL in a bucket key": {**good, "buckets": {"standard/2/hard\u0000": counts}},
        "an unknown bucket": {**good, "buckets": {"poker/2/hard": counts}},
        "a bucket with a missing count": {**good, "buckets": {bucket: {"matches": 1}}},
        "streak best below current": {**good, "streak": {"current": 3, "best": 1}},
        "a daily date that does not exist": {
            **good,
            "daily": {"2026-02-30": {"won": True, "points": 1, "turns": 2}},
        },
        "a daily result as a list": {**good, "daily": {"2026-02-03": [True, 1, 2]}},
        "schema 1 matches won huge": {"matches": 1, "matches_won": 10**400},
        "schema 1 negative": {"hands": -5},
        "schema 1 unknown format": {"matches": 1, "matches_won": 1, "formats": {"x": [1, 1]}},
        "schema 1 format won above played": {"matches": 3, "matches_won": 3, "formats": {"standard": [1, 2]}},
        "schema 1 format count nested": {"matches": 1, "formats": {"standard": [[1], 0]}},
    }
    return {name: json.dumps(value).encode() for name, value in kinds.items()}


def _match_damage() -> dict[str, bytes]:
    good = good_records()["saved-match"]
    record = good["match"]
    sealed_scores = seal({**{k: v for k, v in record.items() if k != "checksum"}, "scores": [999, 0]})
    deep = seal({**{k: v for k, v in record.items() if k != "checksum"}, "recorded": _nested(900)})
    negative = seal(
        {**{k: v for k, v in record.items() if k != "checksum"}, "rng_state": [3, [-1] * 625, None]}
    )
    kinds: dict[str, Any] = {
        "a flipped score": {
            **good,
            "match": {**record, "scores": [record["scores"][0] + 1, record["scores"][1]]},
        },
        "a missing key": {**good, "match": {k: v for k, v in record.items() if k != "boxes"}},
        "resealed with a false score": {**good, "match": sealed_scores},
        "match as null": {**good, "match": None},
        "match as a list": {**good, "match": [record]},
        "no setup key": {"schema": MATCH_SCHEMA, "match": record},
        "seats of the wrong number": {**good, "setup": {"seats": ["person"] * 3, "ai_level": "easy"}},
        "an unknown AI level": {**good, "setup": {"seats": ["person", "ai"], "ai_level": "godlike"}},
        "a checksum of the wrong type": {**good, "match": {**record, "checksum": 5}},
        "a sealed deeply nested count": {**good, "match": deep},
        "a sealed negative rng state": {**good, "match": negative},
        "a bare record with a flipped value (schema 1)": {**record, "recorded": record["recorded"] + 1},
        "schema as text": {**good, "schema": "2"},
        "a number": 12,
    }
    raw = {name: json.dumps(value).encode() for name, value in kinds.items()}
    raw["deep raw nesting"] = b'{"schema": 2, "match": ' + b"[" * 5000 + b"]" * 5000 + b', "setup": null}'
    return raw


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


_COMMON_DAMAGE = {
    "garbage bytes": b"\xff\xfe\x00\x9cgarbage",
    "truncated JSON": b'{"schema": 2, "spe',
    "empty": b"",
    "JSON nested thousands deep": b"[" * 50000 + b"]" * 50000,
    "NaN": b"NaN",
    "an integer of 5000 digits": b"1" * 5000,
}

DAMAGE = (
    [("settings", name, raw) for name, raw in {**_COMMON_DAMAGE, **_settings_damage()}.items()]
    + [("statistics", name, raw) for name, raw in {**_COMMON_DAMAGE, **_stats_damage()}.items()]
    + [("saved-match", name, raw) for name, raw in {**_COMMON_DAMAGE, **_match_damage()}.items()]
)


@pytest.mark.parametrize(("key", "damage", "raw"), DAMAGE, ids=[f"{k}: {d}" for k, d, _ in DAMAGE])
def test_a_damaged_record_is_set_aside_reported_and_not_used(
    place: Place, key: str, damage: str, raw: bytes
) -> None:
    good = write_good(place)
    place.put(key, raw)
    persistence = Persistence(storage=place.storage())
    settings, stats, can_continue = load_all(persistence)

    # Set aside byte for byte, gone from its place, and reported once.
    assert place.backups(key) == [raw]
    assert place.get(key) is None
    [notice] = persistence.take_notices()
    assert "damaged" in notice and "set aside" in notice
    # Not used: defaults, empty statistics, no Continue.
    if key == "settings":
        assert settings == Settings()
    if key == "statistics":
        assert stats == Stats()
    if key == "saved-match":
        assert not can_continue
    # The other two records are untouched and still load.
    for other in KEYS:
        if other != key:
            assert place.get(other) == good[other]
    assert can_continue == (key != "saved-match")
    # The next save writes a fresh record; the set-aside copy stays.
    assert persistence.save_settings(settings) and persistence.save_stats(stats)
    assert place.backups(key) == [raw]


@pytest.mark.parametrize(
    "error",
    [RecursionError("maximum recursion depth"), OverflowError("negative"), KeyError("x"), TypeError("y")],
)
def test_any_failure_deep_in_the_replay_refuses_the_match_without_a_crash(
    place: Place, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    def explode(cls: type[Match], data: object) -> Match:
        raise error

    raw = json.dumps(good_records()["saved-match"]).encode()
    place.put("saved-match", raw)
    monkeypatch.setattr(Match, "from_dict", classmethod(explode))
    persistence = Persistence(storage=place.storage())
    assert not persistence.has_saved_match()
    assert place.backups("saved-match") == [raw]
    assert "damaged" in persistence.take_notices()[0]


def test_the_damaged_record_is_reported_once_across_loads(place: Place) -> None:
    place.put("statistics", b'{"schema": 2, "buckets": 5}')
    persistence = Persistence(storage=place.storage())
    persistence.load_stats()
    persistence.load_stats()
    assert len(persistence.notices()) == 1
    assert persistence.notices() == persistence.take_notices()
    assert persistence.take_notices() == []


def test_the_notice_names_the_backup(place: Place) -> None:
    place.put("settings", b"[1]")
    persistence = Persistence(storage=place.storage())
    persistence.load_settings()
    [text] = persistence.take_notices()
    assert "settings" in text and ".corrupt-" in text and "usual settings are back" in text


def test_a_null_saved_match_means_none_and_is_no_damage(place: Place) -> None:
    # Versions before schema 2 wrote null once a match was over.
    place.put("saved-match", b"null")
    persistence = Persistence(storage=place.storage())
    assert not persistence.has_saved_match()
    assert persistence.take_notices() == []
    assert place.backups("saved-match") == []


# --- newer versions ----------------------------------------------------------------------


def _newer() -> list[tuple[str, bytes]]:
    good = good_records()
    match = good["saved-match"]["match"]
    return [
        ("settings", json.dumps({**good["settings"], "schema": 3, "colour": "teal"}).encode()),
        ("statistics", json.dumps({"schema": 99, "anything": [1, 2]}).encode()),
        ("saved-match", json.dumps({"schema": 4, "match": "elsewhere"}).encode()),
        ("saved-match", json.dumps({**match, "version": MATCH_RECORD_VERSION + 1}).encode()),
        ("saved-match", json.dumps({**good["saved-match"], "match": {**match, "version": 5}}).encode()),
    ]


@pytest.mark.parametrize(("key", "raw"), _newer())
def test_a_newer_versions_record_is_kept_byte_for_byte(place: Place, key: str, raw: bytes) -> None:
    write_good(place)
    place.put(key, raw)
    persistence = Persistence(storage=place.storage())
    settings, stats, can_continue = load_all(persistence)
    [notice] = persistence.take_notices()
    assert "newer version" in notice
    assert can_continue == (key != "saved-match")
    assert persistence.blocked(key)
    saves = {
        "settings": lambda: persistence.save_settings(settings),
        "statistics": lambda: persistence.save_stats(stats),
        "saved-match": lambda: persistence.save_match(sample_match(1)),
    }
    for other, save in saves.items():
        assert save() == (other != key), other  # only the newer record refuses saves
    assert persistence.discard_saved_match() == (key != "saved-match")
    assert place.get(key) == raw
    assert place.backups(key) == []
    assert persistence.take_notices() == []  # refused saves are not reported again


def test_the_engines_future_record_error_counts_as_a_newer_version(
    place: Place, monkeypatch: pytest.MonkeyPatch
) -> None:
    class FutureRecordError(RecordError):
        pass

    def refuse(cls: type[Match], data: object) -> Match:
        raise FutureRecordError("hand record version 9 is newer")

    monkeypatch.setattr(game.rules, "FutureRecordError", FutureRecordError, raising=False)
    monkeypatch.setattr(Match, "from_dict", classmethod(refuse))
    raw = json.dumps(good_records()["saved-match"]).encode()
    place.put("saved-match", raw)
    persistence = Persistence(storage=place.storage())
    assert not persistence.has_saved_match()
    assert "newer version" in persistence.take_notices()[0]
    assert place.get("saved-match") == raw


# --- older versions ----------------------------------------------------------------------


def test_settings_of_schema_1_are_migrated(place: Place) -> None:
    old = {
        "speed": "fast",
        "four_colour": True,
        "sound": False,
        "variant": "simple",
        "ai_level": "hard",
        "bonuses": "association",
        "eleven_card_deal": True,
        "last_discard_chance": False,
        "big_gin": True,
        "allow_rediscard": False,
        "next_dealer": "winner",
        "players": "4",
    }
    place.put("settings", json.dumps(old).encode())
    persistence = Persistence(storage=place.storage())
    settings = persistence.load_settings()
    assert {name: getattr(settings, name) for name in old} == old
    assert settings.target is None and settings.seats == ["person", "ai", "ai", "ai"]
    assert persistence.take_notices() == []
    persistence.save_settings(settings)
    stored = json.loads(place.get("settings") or b"")
    assert stored["schema"] == 2 and stored["speed"] == "fast"


def test_statistics_of_schema_1_are_migrated_without_losing_a_count(place: Place) -> None:
    old = {
        "matches": 7,
        "matches_won": 4,
        "hands": 60,
        "hands_won": 33,
        "gins": 5,
        "undercuts": 2,
        "knocks": 20,
        "best_margin": 212,
        "formats": {"standard": [3, 2], "oklahoma, 3 players": [2, 1], "simple, partners": [1, 0]},
    }
    place.put("statistics", json.dumps(old).encode())
    stats = Persistence(storage=place.storage()).load_stats()
    for name in (
        "matches",
        "matches_won",
        "hands",
        "hands_won",
        "gins",
        "undercuts",
        "knocks",
        "best_margin",
    ):
        assert getattr(stats, name) == old[name], name
    assert stats.formats == old["formats"]
    assert stats.summary(Bucket("oklahoma", "3", "unknown")).matches_won == 1
    earlier = stats.summary(Bucket("unknown", "unknown", "unknown"))
    assert (earlier.matches, earlier.matches_won, earlier.hands) == (1, 1, 60)


def test_a_saved_match_of_schema_1_continues(place: Place) -> None:
    match = sample_match(2)
    place.put("saved-match", json.dumps(match.to_dict()).encode())
    saved = Persistence(storage=place.storage()).take_saved_match()
    assert saved is not None and saved.setup is None
    assert saved.match.scores == match.scores


# --- reading and writing that fail ------------------------------------------------------


def test_an_unreadable_record_is_reported_and_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    place = Place("disk", tmp_path / "data")
    good = write_good(place)
    real = game.storage.store.read_regular_file

    def denied(path: Path, limit: int) -> bytes:
        if Path(path).name == "statistics.json":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, limit)

    # Running as root, a file's mode bits do not refuse: the refusal is simulated.
    monkeypatch.setattr(game.storage.store, "read_regular_file", denied)
    persistence = Persistence(storage=place.storage())
    stats = persistence.load_stats()
    assert stats == Stats()
    [notice] = persistence.take_notices()
    assert "could not be read (permission was refused)" in notice
    stats.record_match(Bucket("standard", "2", "easy"), True, 10)
    assert not persistence.save_stats(stats)
    monkeypatch.setattr(game.storage.store, "read_regular_file", real)
    assert place.get("statistics") == good["statistics"]
    assert persistence.take_notices() == []


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (OSError(errno.EROFS, "Read-only file system"), "the disk is read-only"),
        (OSError(errno.ENOSPC, "No space left on device"), "the disk is full"),
        (PermissionError(errno.EACCES, "Permission denied"), "permission was refused"),
    ],
)
def test_a_failed_save_is_reported_once_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, words: str
) -> None:
    persistence = Persistence(storage=Storage(DiskBackend(tmp_path / "data")))
    stats = Stats()

    def fail(*args: object, **kwargs: object) -> Any:
        raise error

    monkeypatch.setattr("game.storage.store.tempfile.mkstemp", fail)
    for _ in range(30):  # a save every frame or every hand
        assert not persistence.save_stats(stats)
    assert persistence.take_notices() == [
        f"Your statistics could not be saved ({words}); the game goes on without saving them."
    ]
    monkeypatch.undo()
    assert persistence.save_stats(stats)
    monkeypatch.setattr("game.storage.store.tempfile.mkstemp", fail)
    assert not persistence.save_stats(stats)
    assert len(persistence.take_notices()) == 1  # failing again after a success is news


def test_a_full_browser_store_is_reported_once(tmp_path: Path) -> None:
    place = Place("browser", tmp_path)
    persistence = Persistence(storage=place.storage())
    place.local.quota_exceeded = True
    for _ in range(5):
        assert not persistence.save_settings(Settings())
        assert not persistence.save_match(sample_match(1))
    texts = persistence.take_notices()
    assert texts == [
        "Your settings could not be saved (the browser's storage is full); the game goes on without saving them.",
        "Your saved match could not be saved (the browser's storage is full); the game goes on without saving it.",
    ]


def test_a_file_where_the_data_folder_goes_is_reported_once_and_nothing_breaks(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("I am a file")
    persistence = Persistence(storage=Storage(DiskBackend(data)))
    assert not persistence.available
    assert persistence.take_notices() == [
        "Nothing can be saved in this session: a file is where the game's data folder should be."
    ]
    assert persistence.load_settings() == Settings() and not persistence.has_saved_match()
    assert not persistence.save_stats(Stats()) and not persistence.save_match(sample_match(1))
    assert persistence.take_notices() == []
    assert data.read_text() == "I am a file"


def test_a_damaged_record_that_cannot_be_set_aside_is_left_alone(tmp_path: Path) -> None:
    place = Place("browser", tmp_path)
    place.put("statistics", b'{"schema": 2}')
    place.local.quota_exceeded = True  # the copy cannot be written
    persistence = Persistence(storage=place.storage())
    assert persistence.load_stats() == Stats()
    [notice] = persistence.take_notices()
    assert "could not be set aside" in notice
    place.local.quota_exceeded = False
    assert not persistence.save_stats(Stats())
    assert place.get("statistics") == b'{"schema": 2}'


def test_storage_missing_in_the_browser_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", types.ModuleType("platform"))
    persistence = Persistence()
    assert not persistence.available
    assert "Nothing can be saved in this session" in persistence.take_notices()[0]


def test_storage_turned_off_says_nothing_and_keeps_defaults() -> None:
    persistence = Persistence(enabled=False)
    assert not persistence.available and persistence.location == ""
    assert persistence.load_stats() == Stats() and not persistence.save_stats(Stats())
    assert persistence.take_notices() == []


# --- leftovers of killed saves --------------------------------------------------------------


def test_temporary_files_of_a_killed_save_are_removed_at_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    leftovers = [".settings.k3j_9x2a.tmp", ".saved-match.abcdefgh.tmp", ".statistics.00000000.tmp"]
    kept = [
        ".settings.tmp",
        "notes.tmp",
        ".settings.toolongname.tmp",
        "settings.json",
        ".Settings.abcdefgh.tmp",
    ]
    for name in leftovers + kept:
        (data / name).write_text("x")
    Persistence(storage=Storage(DiskBackend(data)))
    assert sorted(p.name for p in data.iterdir()) == sorted(kept)


# --- the calls of the screens written before this module ---------------------------------


def test_the_older_generic_calls_still_work(place: Place) -> None:
    persistence = Persistence(storage=place.storage())
    match = sample_match(1)
    persistence.save("saved-match", match.to_dict())
    assert persistence.has_saved_match()
    assert persistence.load("saved-match") == match.to_dict()
    persistence.save("saved-match", None)
    assert persistence.load("saved-match") is None and place.get("saved-match") is None
    persistence.save("settings", Settings(sound=False).to_dict())
    assert Settings.from_dict(persistence.load("settings")).sound is False
    assert persistence.load("statistics") is None
    with pytest.raises(ValueError, match="storage key"):
        persistence.save("Bad Key", 1)


def test_a_value_json_cannot_hold_exactly_is_refused() -> None:
    # NaN would be written as a bare NaN, which strict JSON readers refuse.
    with pytest.raises(StorageError):
        Storage(DiskBackend(Path("/nonexistent-dir-for-test"))).save("settings", {"x": float("nan")})


# --- any stored value at all -------------------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def _damaged(draw: st.DrawFn, key: str) -> Any:
    """A good record with one value somewhere inside replaced, or anything at all."""
    if draw(st.booleans()):
        return draw(_JSON)
    value = good_records()[key]
    node = value
    while True:
        if isinstance(node, dict) and node:
            child = draw(st.sampled_from(sorted(node)))
        elif isinstance(node, list) and node:
            child = draw(st.integers(0, len(node) - 1))
        else:
            return value
        if draw(st.integers(0, 3)) == 0 or not isinstance(node[child], dict | list):
            node[child] = draw(_JSON)
            return value
        node = node[child]


@hypothesis_settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), key=st.sampled_from(KEYS))
def test_any_stored_value_is_used_or_set_aside_and_never_crashes(data: st.DataObject, key: str) -> None:
    place = Place("browser", Path("unused"))
    good = write_good(place)
    value = data.draw(_damaged(key))
    raw = json.dumps(value).encode()
    place.put(key, raw)
    persistence = Persistence(storage=place.storage())
    loaded = load_all(persistence)
    notices = persistence.take_notices()
    if notices and "newer version" in notices[0]:
        assert place.get(key) == raw and place.backups(key) == []  # kept for that version
    elif notices and "nothing was lost" in notices[0]:
        # Statistics that lost their schema number are read in full, and the file is kept.
        assert key == "statistics" and place.backups(key) == [raw]
        assert loaded[1].to_dict()["buckets"] == Stats.from_dict({**value, "schema": 2}).to_dict()["buckets"]
    elif notices:
        assert place.backups(key) == [raw] and place.get(key) is None
        assert "damaged" in notices[0]
    else:
        assert place.get(key) == raw  # accepted as it was
    for other in KEYS:
        if other != key:
            assert place.get(other) == good[other]
    # Whatever was accepted saves and loads back the same.
    persistence.save_settings(loaded[0])
    persistence.save_stats(loaded[1])
    again = Persistence(storage=place.storage())
    assert again.load_settings() == loaded[0] and again.load_stats() == loaded[1]


def test_the_ai_seed_is_kept_with_the_saved_match(place: Place) -> None:
    match = sample_match(1)
    setup = MatchSetup(("person", "ai"), "hard", ai_seed=41)
    assert Persistence(storage=place.storage()).save_match(match, setup)
    stored = json.loads(place.get("saved-match") or b"")
    assert stored["schema"] == 3 and stored["setup"]["ai_seed"] == 41
    saved = Persistence(storage=place.storage()).take_saved_match()
    assert saved is not None and saved.setup == setup


def test_a_schema_2_saved_match_loads_without_an_ai_seed(place: Place) -> None:
    match = sample_match(1)
    envelope = {
        "schema": 2,
        "match": match.to_dict(),
        "setup": {"seats": ["person", "ai"], "ai_level": "easy"},
    }
    place.put("saved-match", json.dumps(envelope).encode())
    persistence = Persistence(storage=place.storage())
    saved = persistence.take_saved_match()
    assert (
        saved is not None
        and saved.setup == MatchSetup(("person", "ai"), "easy")
        and saved.setup.ai_seed is None
    )
    assert persistence.take_notices() == []


@pytest.mark.parametrize("seed", [True, 1.5, "41", 2**60])
def test_a_bad_ai_seed_is_damage(place: Place, seed: object) -> None:
    envelope = {"schema": 3, "match": sample_match(1).to_dict(),
                "setup": {"seats": ["person", "ai"], "ai_level": "easy", "ai_seed": seed}}  # fmt: skip
    place.put("saved-match", json.dumps(envelope).encode())
    persistence = Persistence(storage=place.storage())
    assert not persistence.has_saved_match()
    assert "was damaged" in persistence.take_notices()[0]
