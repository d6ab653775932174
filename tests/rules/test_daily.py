"""The daily deal: the same deck for everyone on a date, by a rule anyone can recompute."""

from __future__ import annotations

import datetime
import hashlib
import time

import pytest

from game.rules import RuleSet, daily_deck, daily_hand, daily_salt, verify_commitment
from game.rules.daily import DAILY_DEALER

CODES = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


def deck_by_hand(date: str) -> list[str]:
    """The documented rule, recomputed with hashlib alone: order the codes by their digest."""
    digest = {
        code: hashlib.sha256(f"gin-rummy/daily/v1:{date}:{code}".encode()).hexdigest() for code in CODES
    }
    return sorted(CODES, key=digest.__getitem__)


@pytest.mark.parametrize("date", ["2024-03-01", "1999-12-31", "2030-02-28", "2024-02-29"])
def test_daily_deck_follows_the_documented_rule(date: str) -> None:
    assert [str(card) for card in daily_deck(date)] == deck_by_hand(date)
    salt = hashlib.sha256(f"gin-rummy/daily-salt/v1:{date}".encode()).hexdigest()[:32]
    assert daily_salt(date) == salt


def test_every_day_has_its_own_deal() -> None:
    start = datetime.date(2025, 1, 1)
    decks = {daily_deck(start + datetime.timedelta(days=n)) for n in range(60)}
    assert len(decks) == 60
    salts = {daily_salt(start + datetime.timedelta(days=n)) for n in range(60)}
    assert len(salts) == 60


def test_a_date_object_and_its_text_give_the_same_deal() -> None:
    assert daily_deck(datetime.date(2024, 7, 4)) == daily_deck("2024-07-04")
    assert daily_hand(datetime.date(2024, 7, 4)).commitment == daily_hand("2024-07-04").commitment


def test_the_deal_does_not_depend_on_the_machine_s_time_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    # The deal is a function of the calendar date it is given, never of the clock: two
    # machines on opposite sides of the date line agree on the deal for the same date.
    decks = []
    for zone in ("Pacific/Kiritimati", "Etc/GMT+12", "UTC"):
        monkeypatch.setenv("TZ", zone)
        time.tzset()
        decks.append(daily_deck("2024-03-01"))
    monkeypatch.undo()
    time.tzset()
    assert decks[0] == decks[1] == decks[2]


def test_daily_hand_is_standard_with_the_player_first_and_committed() -> None:
    hand = daily_hand("2024-03-01")
    assert hand.rules == RuleSet.preset("standard", bonuses="classic")
    assert hand.dealer == DAILY_DEALER == 1 and hand.to_act == hand.non_dealer == 0
    deck = daily_deck("2024-03-01")
    assert hand.deck == deck and sorted(hand.hands[0]) == sorted(deck[0:20:2])
    assert hand.upcard == deck[20]
    assert hand.salt == daily_salt("2024-03-01")
    assert hand.terms is not None and verify_commitment(hand.commitment, hand.terms)
    assert verify_commitment(hand.commitment, hand.to_dict())


@pytest.mark.parametrize(
    "bad",
    ["2024-02-30", "2024-13-01", "2024-1-01", "20240301", "", " 2024-03-01", "2024-03-01T00:00",
     "２０２４-03-01", "yesterday", None, 20240301],
)  # fmt: skip
def test_a_bad_date_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="not a date"):
        daily_deck(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a date"):
        daily_hand(bad)  # type: ignore[arg-type]


def test_a_moment_is_refused_because_its_day_depends_on_the_time_zone() -> None:
    with pytest.raises(ValueError, match="time zone"):
        daily_deck(datetime.datetime(2024, 3, 1, 23, 30, tzinfo=datetime.UTC))
