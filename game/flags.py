"""Numbers from the command line, checked before anything runs.

Every numeric flag of ``main.py``, ``python -m game.verify``, ``python -m game.arena`` and the
tools is read by one of these. Python's ``int()`` and ``float()`` accept more than anyone
types on purpose ("٣", "1_000", "1e400", "nan", and 5,000-digit numbers, refused with a
message about ``sys.set_int_max_str_digits``) and know no upper bound, so a typo used to
become a MemoryError or a run of years. These read plain ASCII digits only, within a stated
range, and refuse anything else with ``argparse.ArgumentTypeError``: argparse then prints
the flag, the short reason, and exits with status 2.

>>> games = whole_number(1, 1_000_000)
>>> games("200")
200
>>> games("1000000000000")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a whole number from 1 to 1000000, not '1000000000000'
>>> parse_size("390x844", (160, 160), (8000, 8000))
(390, 844)
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence

__all__ = [
    "MAX_COUNT",
    "MAX_SEED",
    "decimal_number",
    "names",
    "parse_size",
    "seed",
    "shown",
    "size_pair",
    "whole_number",
    "whole_numbers",
]

MAX_SEED = 2**52
"""Seeds are whole numbers from -MAX_SEED to MAX_SEED. The AI seeds are the seed plus small
offsets, and a hand export must hold them exactly (records hold whole numbers up to 2^53)."""
MAX_COUNT = 1_000_000
"""The most of anything (games, hands, positions) a flag asks for unless it says otherwise."""
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,30}(?:\.[0-9]{0,30})?|\.[0-9]{1,30})", re.ASCII)
_SIZE = re.compile(r"\s*([0-9]+)\s*[x×]\s*([0-9]+)\s*", re.ASCII | re.IGNORECASE)


def shown(text: str) -> str:
    """The text as a message quotes it: in quotes, escaped, cut short when long.

    >>> shown("9" * 5000)
    "'999999999999...' (5000 characters)"
    """
    if len(text) > 24:
        return f"{text[:12] + '...'!r} ({len(text)} characters)"
    return repr(text)


def read_whole(text: str, low: int, high: int) -> int:
    """`text` as a whole number from `low` to `high`; ValueError with a short reason."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        raise ValueError(f"must be a whole number from {low} to {high}, not {shown(text)}")
    value = int(stripped)  # at most 30 digits: far inside Python's limit
    if not low <= value <= high:
        raise ValueError(f"must be a whole number from {low} to {high}, not {shown(text)}")
    return value


def whole_number(low: int = 1, high: int = MAX_COUNT) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from `low` to `high`, in plain digits."""

    def parse(text: str) -> int:
        try:
            return read_whole(text, low, high)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = "whole number"  # what argparse names the type in its messages
    return parse


seed = whole_number(-MAX_SEED, MAX_SEED)
"""An argparse ``type`` for a seed: a whole number from -`MAX_SEED` to `MAX_SEED`."""


def decimal_number(low: float, high: float) -> Callable[[str], float]:
    """An argparse ``type``: a plain decimal number (``2``, ``0.5``, ``.25``) from `low` to `high`.

    No exponents, no ``nan`` or ``inf``.
    """

    def parse(text: str) -> float:
        stripped = text.strip()
        reason = f"must be a number from {low:g} to {high:g}, not {shown(text)}"
        if not _DECIMAL.fullmatch(stripped):
            raise argparse.ArgumentTypeError(reason)
        value = float(stripped)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(reason)
        return value

    parse.__name__ = "number"
    return parse


def whole_numbers(low: int, high: int, most: int = 16) -> Callable[[str], list[int]]:
    """An argparse ``type``: up to `most` whole numbers from `low` to `high`, comma-separated."""

    def parse(text: str) -> list[int]:
        parts = text.split(",")
        if not text.strip() or len(parts) > most:
            raise argparse.ArgumentTypeError(
                f"must be 1 to {most} whole numbers from {low} to {high}, separated by commas, not {shown(text)}"
            )
        try:
            return [read_whole(part, low, high) for part in parts]
        except ValueError as error:
            raise argparse.ArgumentTypeError(f"each {error}") from None

    parse.__name__ = "list of whole numbers"
    return parse


def names(choices: Sequence[str]) -> Callable[[str], list[str]]:
    """An argparse ``type``: one or more of `choices`, separated by commas.

    >>> names(("easy", "hard"))("hard,easy")
    ['hard', 'easy']
    """

    def parse(text: str) -> list[str]:
        picked = [name.strip() for name in text.split(",")]
        unknown = [name for name in picked if name not in choices]
        if unknown:
            raise argparse.ArgumentTypeError(
                f"unknown name {shown(unknown[0])}: choose from {', '.join(choices)}, separated by commas"
            )
        return picked

    parse.__name__ = "list of names"
    return parse


def size_pair(
    low: tuple[int, int], high: tuple[int, int], what: str = "a size"
) -> Callable[[str], tuple[int, int]]:
    """An argparse ``type``: a size ``WIDTHxHEIGHT`` within `low` and `high` (see `parse_size`)."""

    def parse(text: str) -> tuple[int, int]:
        try:
            return parse_size(text, low, high, what)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = "size"
    return parse


def parse_size(
    text: str, low: tuple[int, int], high: tuple[int, int], what: str = "a size"
) -> tuple[int, int]:
    """A size ``WIDTHxHEIGHT`` (``×`` too) of plain digits within `low` and `high`; ValueError.

    >>> parse_size("²x²", (160, 160), (8000, 8000), "window size")
    Traceback (most recent call last):
    ...
    ValueError: window size must look like WIDTHxHEIGHT (e.g. 1280x720), not '²x²'
    >>> parse_size("9" * 5000 + "x720", (160, 160), (8000, 8000), "window size")
    Traceback (most recent call last):
    ...
    ValueError: window size 99999...x720 is out of range: from 160x160 to 8000x8000 pixels
    """
    match = _SIZE.fullmatch(text)
    if match is None:
        raise ValueError(f"{what} must look like WIDTHxHEIGHT (e.g. 1280x720), not {shown(text)}")
    digits = (match[1].lstrip("0") or "0", match[2].lstrip("0") or "0")
    # Compared as text first: int() of 5,000 digits is refused, and no size has more than 6.
    width, height = (int(d) if len(d) <= 6 else 10**6 for d in digits)
    if not (low[0] <= width <= high[0] and low[1] <= height <= high[1]):
        said = "x".join(d if len(d) <= 6 else d[:5] + "..." for d in digits)
        raise ValueError(
            f"{what} {said} is out of range: from {low[0]}x{low[1]} to {high[0]}x{high[1]} pixels"
        )
    return width, height
