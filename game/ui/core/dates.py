"""Dates in the game's words, and which day it is for the player.

Month names are written out here, so a label does not depend on the machine's locale.

>>> day_and_month(datetime.date(2026, 11, 30)), long_date(datetime.date(2026, 3, 1))
('30 Nov', '1 Mar 2026')
"""

from __future__ import annotations

import datetime

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def today() -> datetime.date:
    """The player's calendar date (their own clock and time zone decide which day it is)."""
    return datetime.date.today()


def day_and_month(day: datetime.date) -> str:
    """A date for a menu entry: "30 Nov"."""
    return f"{day.day} {MONTHS[day.month - 1]}"


def long_date(day: datetime.date) -> str:
    """A date in words for a heading: "30 Nov 2026"."""
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"
