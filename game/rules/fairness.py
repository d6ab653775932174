"""The commitment that makes a deal checkable: SHA-256 over a salt and the deck order.

When a hand is dealt, the game draws a random salt and publishes the commitment (a short
fingerprint of it is shown at the table) before anyone plays. Once the hand is over the deck
and the salt are revealed, and anyone can recompute the commitment: if it matches, the deck
was fixed before the first card was played and nobody changed it afterwards.

The committed bytes are the ASCII text ``gin-rummy/deal/v1:<salt>:<deck>``, where ``<salt>`` is
32 lowercase hex digits and ``<deck>`` the 52 card codes in deal order (``deck[0]`` goes to the
non-dealer first) separated by single spaces. docs/fairness.md shows how to check it by hand.

>>> from game.rules.cards import FULL_DECK
>>> salt = "0123456789abcdef0123456789abcdef"
>>> commitment = deal_commitment(salt, FULL_DECK)
>>> commitment_text(salt, FULL_DECK)[:50]
'gin-rummy/deal/v1:0123456789abcdef0123456789abcdef'
>>> verify_commitment(commitment, salt, FULL_DECK), verify_commitment(commitment, salt, FULL_DECK[::-1])
(True, False)
>>> len(fingerprint(commitment))
14
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence

from game.rules.cards import Card

COMMITMENT_PREFIX = "gin-rummy/deal/v1"
PREPARED_SALT_PREFIX = "gin-rummy/prepared-salt/v1"
SALT_DIGITS = 32  # 128 bits, as lowercase hex
_SALT = re.compile(r"[0-9a-f]{32}")
_COMMITMENT = re.compile(r"[0-9a-f]{64}")


def new_salt(rng: random.Random) -> str:
    """A fresh salt drawn from ``rng`` (so a replay of the same generator draws it again)."""
    return f"{rng.getrandbits(4 * SALT_DIGITS):0{SALT_DIGITS}x}"


def prepared_salt(deck: Sequence[Card]) -> str:
    """The salt of a deal prepared by hand (a test, a puzzle): derived from its deck.

    Whoever prepared such a deck knows it anyway, so a secret salt would hide nothing; this
    one is public: the first 32 hex digits of SHA-256 of ``gin-rummy/prepared-salt/v1:<deck>``.
    """
    text = f"{PREPARED_SALT_PREFIX}:{_deck_text(deck)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:SALT_DIGITS]


def is_salt(value: object) -> bool:
    """Whether ``value`` is a salt as the engine writes it: 32 lowercase hex digits."""
    return isinstance(value, str) and _SALT.fullmatch(value) is not None


def is_commitment(value: object) -> bool:
    """Whether ``value`` looks like a commitment: 64 lowercase hex digits (a SHA-256 digest)."""
    return isinstance(value, str) and _COMMITMENT.fullmatch(value) is not None


def commitment_text(salt: str, deck: Sequence[Card | str]) -> str:
    """The exact text whose SHA-256 is the commitment (ASCII, no trailing newline)."""
    return f"{COMMITMENT_PREFIX}:{salt}:{_deck_text(deck)}"


def deal_commitment(salt: str, deck: Sequence[Card | str]) -> str:
    """The commitment to a deal: SHA-256 of :func:`commitment_text`, as 64 hex digits."""
    if not is_salt(salt):
        raise ValueError(f"a salt is {SALT_DIGITS} lowercase hex digits, not {salt!r}")
    return hashlib.sha256(commitment_text(salt, deck).encode("ascii")).hexdigest()


def verify_commitment(commitment: object, salt: object, deck: Sequence[object]) -> bool:
    """Whether ``commitment`` was made for this salt and deck order (never raises).

    ``deck`` may hold cards or their codes (``"7H"``), as a saved record does.
    """
    if not is_commitment(commitment) or not is_salt(salt) or len(deck) != 52:
        return False
    codes: list[str] = []
    for card in deck:
        code = str(card) if isinstance(card, Card) else card
        if not isinstance(code, str) or not code.isascii():
            return False
        codes.append(code)
    assert isinstance(salt, str)
    return deal_commitment(salt, codes) == commitment


def fingerprint(commitment: str) -> str:
    """The commitment's first 12 hex digits in groups of four, for people to compare by eye.

    >>> fingerprint("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
    '9f86 d081 884c'
    """
    return " ".join(commitment[i : i + 4] for i in range(0, 12, 4))


def _deck_text(deck: Sequence[Card | str]) -> str:
    return " ".join(str(card) for card in deck)
