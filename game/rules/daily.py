"""The daily deal: one deck a day, the same for everyone, computed from the date alone.

There is no server: the deck is derived from the date (``YYYY-MM-DD``) by a rule anyone can
recompute with any SHA-256 tool, without Python or its random module. For each of the 52
card codes (``AC`` .. ``KS``), take the SHA-256 of the ASCII text
``gin-rummy/daily/v1:<date>:<code>``; the deck is the cards ordered by that digest, smallest
first (compared as hex text, which is the same as comparing the numbers). ``deck[0]`` is
dealt first, to the non-dealer.

The hand is standard Gin with the classic bonuses; seat 1 deals, so the player in seat 0 is
the non-dealer and acts first. Its salt is public too: the first 32 hex digits of the SHA-256
of ``gin-rummy/daily-salt/v1:<date>``. The date is a calendar date, not a moment, so the deal
does not depend on the machine's time zone or locale: the caller decides which day it is.

>>> deck = daily_deck("2024-03-01")
>>> len(deck), len(set(deck)), deck == daily_deck(datetime.date(2024, 3, 1))
(52, 52, True)
>>> hand = daily_hand("2024-03-01")
>>> hand.dealer, hand.to_act, hand.rules == RuleSet.preset("standard")
(1, 0, True)
>>> daily_deck("2024-02-30")
Traceback (most recent call last):
...
ValueError: '2024-02-30' is not a date: write a real calendar date as YYYY-MM-DD
"""

from __future__ import annotations

import datetime
import hashlib
import re

from game.rules.cards import FULL_DECK, Card
from game.rules.fairness import SALT_DIGITS
from game.rules.hand import Hand
from game.rules.ruleset import RuleSet

DAILY_PREFIX = "gin-rummy/daily/v1"
DAILY_SALT_PREFIX = "gin-rummy/daily-salt/v1"
#: Seat 1 deals the daily hand, so the player (seat 0) is the non-dealer and acts first.
DAILY_DEALER = 1
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def daily_date(date: datetime.date | str) -> str:
    """The date as ``YYYY-MM-DD``; anything that is not one calendar date is refused.

    A ``datetime`` is refused as well: which day a moment falls on depends on the time zone,
    and that choice belongs to the caller.
    """
    if isinstance(date, datetime.datetime):
        raise ValueError(
            "pass a calendar date (datetime.date), not a moment: the day depends on the time zone"
        )
    if isinstance(date, datetime.date):
        return f"{date.year:04d}-{date.month:02d}-{date.day:02d}"
    if not isinstance(date, str) or not _DATE.fullmatch(date):
        raise ValueError(f"{date!r} is not a date: write it as YYYY-MM-DD")
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        raise ValueError(f"{date!r} is not a date: write a real calendar date as YYYY-MM-DD") from None
    return date


def daily_deck(date: datetime.date | str) -> tuple[Card, ...]:
    """The deck of the day's deal, in deal order (see the module's documentation)."""
    day = daily_date(date)

    def key(card: Card) -> str:
        return hashlib.sha256(f"{DAILY_PREFIX}:{day}:{card}".encode("ascii")).hexdigest()

    return tuple(sorted(FULL_DECK, key=key))


def daily_salt(date: datetime.date | str) -> str:
    """The day's public salt: 32 hex digits of SHA-256 of ``gin-rummy/daily-salt/v1:<date>``."""
    text = f"{DAILY_SALT_PREFIX}:{daily_date(date)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:SALT_DIGITS]


def daily_hand(date: datetime.date | str) -> Hand:
    """The day's hand: standard rules, classic bonuses, seat 0 the non-dealer who acts first."""
    return Hand.from_deck(RuleSet.preset("standard"), DAILY_DEALER, daily_deck(date), salt=daily_salt(date))
