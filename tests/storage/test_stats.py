"""game.storage.stats: statistics per variant, format and AI level, totals, streaks and the daily deal."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules import RuleSet
from game.storage.settings import AI_LEVELS, PLAYER_COUNTS, VARIANTS, MatchSetup
from game.storage.stats import MAX_COUNT, PEOPLE, Bucket, Record, Stats
from game.storage.store import DamagedRecordError, NewerRecordError

HARD = Bucket("standard", "2", "hard")
EASY_OKLAHOMA = Bucket("oklahoma", "3", "easy")


def test_a_hand_counts_by_how_it_ended() -> None:
    stats = Stats()
    stats.record_hand(HARD, True, "gin", 30, 0)
    stats.record_hand(HARD, True, "big_gin", 45, 0)
    stats.record_hand(HARD, True, "knock", 8, 0)
    stats.record_hand(HARD, True, "undercut", 14, 0)
    stats.record_hand(HARD, False, "undercut", 0, 12)
    stats.record_hand(HARD, False, "gin", 0, 27)
    summary = stats.summary(HARD)
    assert (summary.hands, summary.hands_won) == (6, 4)
    assert (summary.gins, summary.knocks) == (2, 1)
    assert (summary.undercuts_given, summary.undercuts_suffered) == (1, 1)
    assert (summary.points_for, summary.points_against) == (97, 39)
    assert summary.average_points_for == pytest.approx(97 / 6)
    assert summary.average_points_against == pytest.approx(39 / 6)


def test_a_void_hand_is_not_counted() -> None:
    stats = Stats()
    stats.record_hand(HARD, False, "void", 0, 0)
    assert stats == Stats()
    assert stats.summary(HARD).average_points_for is None


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.record_hand(HARD, True, "shuffle", 1, 0),
        lambda s: s.record_hand(HARD, 1, "gin", 1, 0),
        lambda s: s.record_hand(HARD, True, "gin", -1, 0),
        lambda s: s.record_match(HARD, True, -5),
        lambda s: s.record_match(HARD, "yes", 5),
    ],
)
def test_a_bad_recording_is_refused_and_changes_nothing(call: Any) -> None:
    stats = Stats()
    with pytest.raises(ValueError):
        call(stats)
    assert stats == Stats()


def test_the_streak_counts_matches_won_in_a_row_and_a_loss_ends_it() -> None:
    stats = Stats()
    for won in (True, True, True, False, True):
        stats.record_match(HARD, won, 50 if won else 0)
    stats.record_match(EASY_OKLAHOMA, True, 10)
    hard = stats.summary(HARD)
    assert (hard.current_streak, hard.best_streak) == (1, 3)
    assert (hard.matches, hard.matches_won, hard.best_margin) == (5, 4, 50)
    total = stats.summary()
    assert (total.current_streak, total.best_streak) == (2, 3)  # across buckets, in play order
    assert (total.matches, total.matches_won) == (6, 5)


def test_totals_add_every_bucket_and_keep_the_best_margin() -> None:
    stats = Stats()
    stats.record_match(HARD, True, 120)
    stats.record_hand(HARD, True, "gin", 25, 0)
    stats.record_match(EASY_OKLAHOMA, True, 300)
    stats.record_hand(EASY_OKLAHOMA, False, "knock", 0, 6)
    total = stats.summary(None)
    assert (total.matches, total.hands, total.best_margin, total.points_for) == (2, 2, 300, 25)
    assert stats.buckets() == [EASY_OKLAHOMA, HARD]
    assert total.rows()[0] == ("Matches won", "2 of 2 (100%)")


def test_reset_forgets_one_bucket_or_everything() -> None:
    stats = Stats()
    stats.record_match(HARD, True, 120)
    stats.record_match(EASY_OKLAHOMA, False, 0)
    stats.record_daily("2026-05-01", True, 10, 20)
    stats.reset(EASY_OKLAHOMA)
    assert stats.buckets() == [HARD] and stats.summary().matches == 1
    assert stats.daily_result("2026-05-01") is not None
    stats.reset_daily()
    assert stats.daily == {}
    stats.record_daily("2026-05-01", True, 10, 20)
    stats.reset()
    assert stats == Stats()


# --- the daily deal ------------------------------------------------------------------------


def test_a_day_keeps_its_first_daily_result() -> None:
    stats = Stats()
    assert stats.record_daily(datetime.date(2026, 5, 1), False, -12, 18)
    assert not stats.record_daily("2026-05-01", True, 40, 9)
    result = stats.daily_result("2026-05-01")
    assert result is not None and (result.won, result.points, result.turns) == (False, -12, 18)


@pytest.mark.parametrize("day", ["2026-5-1", "yesterday", "2026-02-30", 20260501])
def test_a_daily_date_must_be_a_real_iso_date(day: Any) -> None:
    with pytest.raises(ValueError):
        Stats().record_daily(day, True, 1, 1)


def test_the_daily_streak_counts_consecutive_days_played_won_or_lost() -> None:
    stats = Stats()
    for day, won in [("2026-05-01", True), ("2026-05-02", False), ("2026-05-03", True), ("2026-05-05", True)]:
        stats.record_daily(day, won, 5, 10)
    may = datetime.date(2026, 5, 1)
    assert stats.daily_summary(may + datetime.timedelta(days=4)).current_streak == 1  # played today
    assert stats.daily_summary(may + datetime.timedelta(days=5)).current_streak == 1  # today not yet played
    summary = stats.daily_summary(may + datetime.timedelta(days=6))  # a day missed
    assert (summary.current_streak, summary.best_streak, summary.played, summary.won) == (0, 3, 4, 3)
    assert summary.today is None
    assert stats.daily_summary(may).today == stats.daily_result("2026-05-01")


# --- buckets ------------------------------------------------------------------------------


def test_a_match_goes_to_its_variant_format_and_opponent() -> None:
    rules = RuleSet.preset("oklahoma", players=4)
    assert Bucket.for_match(rules, MatchSetup(("person", "ai", "ai", "ai"), "expert")) == Bucket(
        "oklahoma", "4", "expert"
    )
    assert Bucket.for_match(rules, MatchSetup(("person", "person", "person", "person"), "expert")) == Bucket(
        "oklahoma", "4", PEOPLE
    )
    assert Bucket.for_match(rules, MatchSetup(("ai", "person", "ai", "ai"), "easy")) is None


@pytest.mark.parametrize(
    "key", ["standard/2", "standard/2/hard/x", "standard/5/hard", "standard/2/hard\x00", 7]
)
def test_a_bad_bucket_key_is_refused(key: Any) -> None:
    with pytest.raises(ValueError):
        Bucket.from_key(key)


def test_every_bucket_has_a_plain_label_and_a_key_that_reads_back() -> None:
    for variant in VARIANTS:
        for players in PLAYER_COUNTS:
            for level in (*AI_LEVELS, PEOPLE, "unknown"):
                bucket = Bucket(variant, players, level)
                assert Bucket.from_key(bucket.key) == bucket
                assert "_" not in bucket.label and bucket.label[0].isupper()


# --- records ------------------------------------------------------------------------------

_RECORDINGS = st.lists(
    st.one_of(
        st.tuples(
            st.just("hand"),
            st.sampled_from([HARD, EASY_OKLAHOMA]),
            st.booleans(),
            st.sampled_from(["knock", "gin", "big_gin", "undercut", "void"]),
            st.integers(0, 200),
            st.integers(0, 200),
        ),
        st.tuples(
            st.just("match"), st.sampled_from([HARD, EASY_OKLAHOMA]), st.booleans(), st.integers(0, 900)
        ),
        st.tuples(
            st.just("daily"), st.dates(datetime.date(2026, 1, 1), datetime.date(2026, 3, 1)), st.booleans()
        ),
    ),
    max_size=40,
)


@given(_RECORDINGS)
def test_any_play_saves_and_loads_back_the_same_and_passes_every_check(recordings: list[Any]) -> None:
    stats = Stats()
    for entry in recordings:
        if entry[0] == "hand":
            stats.record_hand(*entry[1:])
        elif entry[0] == "match":
            stats.record_match(entry[1], entry[2], entry[3])
        else:
            stats.record_daily(entry[1], entry[2], 3, 11)
    assert Stats.from_dict(stats.to_dict()) == stats
    for record in stats.records.values():
        record.check()


def test_a_newer_schema_is_refused_as_newer() -> None:
    with pytest.raises(NewerRecordError):
        Stats.from_dict({"schema": 3, "buckets": {}})


def test_unknown_keys_are_ignored() -> None:
    data = {**Stats().to_dict(), "achievements": ["first gin"]}
    assert Stats.from_dict(data) == Stats()


@pytest.mark.parametrize(
    "counts",
    [
        {"matches_won": 2, "matches": 1},
        {"hands_won": 1, "hands": 1, "gins": 1, "knocks": 1},
        {"hands": 1, "hands_won": 1, "undercuts_suffered": 1},
        {"matches": 2, "matches_won": 2, "current_streak": 2, "best_streak": 1},
        {"matches": MAX_COUNT + 1},
        {"points_for": 1.5},
    ],
)
def test_counts_that_cannot_come_from_play_are_damage(counts: dict[str, Any]) -> None:
    data = Stats().to_dict()
    data["buckets"] = {HARD.key: {**Record().to_dict(), **counts}}
    with pytest.raises(DamagedRecordError):
        Stats.from_dict(data)


# --- statistics of schema 1, and the calls of the table before buckets ----------------------


def test_schema_1_totals_survive_exactly() -> None:
    old = {"matches": 4, "matches_won": 3, "hands": 30, "hands_won": 18, "gins": 3, "undercuts": 1, "knocks": 9,
           "best_margin": 181, "formats": {"standard": [2, 2], "simple, partners": [1, 0]}}  # fmt: skip
    stats = Stats.from_dict(old)
    assert stats.formats == old["formats"]
    assert (stats.matches, stats.matches_won, stats.hands, stats.hands_won) == (4, 3, 30, 18)
    assert (stats.gins, stats.undercuts, stats.knocks, stats.best_margin) == (3, 1, 9, 181)
    assert Bucket("simple", "4", "unknown") in stats.buckets()
    assert Stats.from_dict(stats.to_dict()) == stats


def test_schema_1_without_formats_or_with_missing_counts_is_read() -> None:
    stats = Stats.from_dict({"matches": 2, "matches_won": 1})
    assert (stats.matches, stats.matches_won, stats.hands) == (2, 1, 0)


def test_the_tables_older_calls_still_count() -> None:
    stats = Stats()
    stats.record_hand(True, "gin")
    stats.record_hand(False, "undercut")
    stats.record_match(True, 143, "standard, partners")
    assert (stats.hands, stats.gins, stats.matches_won, stats.best_margin) == (2, 1, 1, 143)
    assert stats.formats == {"standard, partners": [1, 1]}
    assert stats.summary(Bucket("standard", "4", "unknown")).matches == 1
