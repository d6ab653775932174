"""The commitment that makes a deal checkable: SHA-256 over every term that decides the hand.

When a hand is dealt, the game draws a random salt and publishes the commitment (a short
fingerprint of it is shown at the table) before anyone plays. Once the hand is over the
terms are revealed, and anyone can recompute the commitment: if it matches, none of them
changed after the deal.

The terms (:class:`DealTerms`) are everything that decides the hand before its first move:
the rules, the dealer's seat, the match players in seats 0 and 1, the scores when it was
dealt, the deck in deal order and the salt. The committed bytes (format 2) are the ASCII text
``gin-rummy/deal/v2:`` followed by the terms as canonical JSON: keys sorted, no spaces, ASCII
only. So the commitment of a hand record is recomputed from the record's own fields::

    sha256("gin-rummy/deal/v2:" + json.dumps({k: record[k] for k in TERM_FIELDS},
                                              sort_keys=True, separators=(",", ":")))

Format 1 (hand records of version 2, before this one) committed to the salt and the deck
only: ``gin-rummy/deal/v1:<salt>:<deck codes joined by spaces>``. Such records still load
and still check, but their rules, dealer and scores are not bound. docs/fairness.md shows how
to check both by hand.

>>> from game.rules.cards import FULL_DECK
>>> from game.rules.ruleset import RuleSet
>>> terms = DealTerms(RuleSet.preset("standard"), 1, (0, 1), (0, 0), FULL_DECK, "0123456789abcdef" * 2)
>>> terms.text()[:61]
'gin-rummy/deal/v2:{"dealer":1,"deck":["AC","2C","3C","4C","5C'
>>> verify_commitment(terms.commitment, terms), verify_commitment(terms.commitment, terms.to_data())
(True, True)
>>> relabelled = {**terms.to_data(), "scores": [90, 0]}
>>> verify_commitment(terms.commitment, relabelled)
False
>>> len(fingerprint(terms.commitment))
14
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.cards import Card
from game.rules.ruleset import RuleSet

COMMITMENT_VERSION = 2
"""The commitment format deals are made with: 2 binds every term, 1 the salt and deck only."""
COMMITMENT_PREFIXES = {1: "gin-rummy/deal/v1", 2: "gin-rummy/deal/v2"}
COMMITMENT_PREFIX = COMMITMENT_PREFIXES[COMMITMENT_VERSION]
TERM_FIELDS = ("rules", "dealer", "players", "scores", "deck", "salt")
"""The fields of the terms, as a hand record (version 3) and `DealTerms.to_data` name them."""
BOUND_BY = {1: ("deck", "salt"), 2: TERM_FIELDS}
"""Which terms each format binds."""
PREPARED_SALT_PREFIX = "gin-rummy/prepared-salt/v1"
SALT_DIGITS = 32  # 128 bits, as lowercase hex
#: No real match comes near this score; terms claiming more are refused.
MAX_SCORE = 1_000_000
_SALT = re.compile(r"[0-9a-f]{32}")
_COMMITMENT = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True, slots=True)
class DealTerms:
    """Everything that decides a hand before its first move, and so what a deal commits to.

    ``players`` are the match players in seats 0 and 1 (``(0, 1)`` for a lone hand; with
    three or four players, the pair this hand is between). ``scores`` are the seats' match
    scores when the hand was dealt. ``version`` is the commitment format (see the module).
    The constructor refuses terms no deal can have (ValueError).
    """

    rules: RuleSet
    dealer: int
    players: tuple[int, int]
    scores: tuple[int, int]
    deck: tuple[Card, ...]
    salt: str
    version: int = COMMITMENT_VERSION

    def __post_init__(self) -> None:
        if not isinstance(self.rules, RuleSet):
            raise ValueError("the rules must be a RuleSet")
        if not _whole(self.dealer) or self.dealer not in (0, 1):
            raise ValueError(f"the dealer must be seat 0 or 1, not {self.dealer!r}")
        pair = tuple(self.players)
        if (
            len(pair) != 2
            or not all(_whole(p) and 0 <= p < self.rules.players for p in pair)
            or pair[0] == pair[1]
        ):
            raise ValueError(
                f"the players must be two different players from 0 to {self.rules.players - 1}, not {self.players!r}"
            )
        scores = tuple(self.scores)
        if len(scores) != 2 or not all(_whole(s) and 0 <= s <= MAX_SCORE for s in scores):
            raise ValueError(
                f"the scores must be two whole numbers from 0 to {MAX_SCORE}, not {self.scores!r}"
            )
        if (
            len(self.deck) != 52
            or not all(isinstance(c, Card) for c in self.deck)
            or len(set(self.deck)) != 52
        ):
            raise ValueError("the deck must hold each of the 52 cards exactly once")
        if not is_salt(self.salt):
            raise ValueError(f"a salt is {SALT_DIGITS} lowercase hex digits, not {self.salt!r:.80}")
        if self.version not in COMMITMENT_PREFIXES:
            raise ValueError(f"unknown commitment format {self.version!r}")

    def to_data(self) -> dict[str, Any]:
        """The terms as JSON data, named as a hand record names them."""
        return {
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "players": list(self.players),
            "scores": list(self.scores),
            "deck": [str(card) for card in self.deck],
            "salt": self.salt,
        }

    def text(self) -> str:
        """The exact text whose SHA-256 is the commitment (ASCII, no trailing newline)."""
        return commitment_text(self.to_data(), self.version)

    @property
    def commitment(self) -> str:
        """The commitment: SHA-256 of :meth:`text`, as 64 lowercase hex digits."""
        return _sha256(self.text())

    @property
    def bound(self) -> tuple[str, ...]:
        """The terms this commitment's format binds (format 1: only the deck and the salt)."""
        return BOUND_BY[self.version]


def commitment_text(terms: Mapping[str, object], version: int = COMMITMENT_VERSION) -> str:
    """The text committed to for `terms` (JSON data named as in `TERM_FIELDS`) in `version`.

    Raises ValueError (or KeyError for a missing term) when the terms are not JSON data.
    """
    if version == 1:
        deck = terms["deck"]
        if not isinstance(deck, Sequence) or isinstance(deck, str):
            raise ValueError("the deck must be a list of card codes")
        return f"{COMMITMENT_PREFIXES[1]}:{terms['salt']}:{' '.join(str(card) for card in deck)}"
    if version != 2:
        raise ValueError(f"unknown commitment format {version!r}")
    body = json.dumps(
        {name: terms[name] for name in TERM_FIELDS},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=True,
        allow_nan=False,
    )
    return f"{COMMITMENT_PREFIXES[2]}:{body}"


def verify_commitment(
    commitment: object, terms: DealTerms | Mapping[str, object], version: int | None = None
) -> bool:
    """Whether `commitment` was made for exactly these terms (never raises).

    `terms` is a :class:`DealTerms` (its own format), or JSON data as a hand record holds it
    (format `version`, by default the current one): anything that differs, down to ``1``
    for ``1.0``, gives another text and so another commitment.
    """
    if not is_commitment(commitment):
        return False
    try:
        if isinstance(terms, DealTerms):
            text = terms.text()
        else:
            if not isinstance(terms, Mapping):
                return False
            format_version = COMMITMENT_VERSION if version is None else version
            if format_version == 1 and not (is_salt(terms.get("salt")) and _codes(terms.get("deck"))):
                return False
            text = commitment_text(terms, format_version)
        return text.isascii() and _sha256(text) == commitment
    except (KeyError, TypeError, ValueError, RecursionError):
        return False


def deck_commitment(salt: str, deck: Sequence[Card | str]) -> str:
    """The format-1 commitment (salt and deck only) of hand records before version 3.

    >>> from game.rules.cards import FULL_DECK
    >>> deck_commitment("0" * 32, FULL_DECK)[:12]
    '04dbe2533a78'
    """
    if not is_salt(salt):
        raise ValueError(f"a salt is {SALT_DIGITS} lowercase hex digits, not {salt!r:.80}")
    return _sha256(commitment_text({"salt": salt, "deck": [str(card) for card in deck]}, 1))


def new_salt(rng: random.Random) -> str:
    """A fresh salt drawn from ``rng`` (so a replay of the same generator draws it again)."""
    return f"{rng.getrandbits(4 * SALT_DIGITS):0{SALT_DIGITS}x}"


def prepared_salt(deck: Sequence[Card]) -> str:
    """The salt of a deal prepared by hand (a test, a puzzle): derived from its deck.

    Whoever prepared such a deck knows it anyway, so a secret salt would hide nothing; this
    one is public: the first 32 hex digits of SHA-256 of ``gin-rummy/prepared-salt/v1:<deck>``.
    """
    text = f"{PREPARED_SALT_PREFIX}:{' '.join(str(card) for card in deck)}"
    return _sha256(text)[:SALT_DIGITS]


def is_salt(value: object) -> bool:
    """Whether ``value`` is a salt as the engine writes it: 32 lowercase hex digits."""
    return isinstance(value, str) and _SALT.fullmatch(value) is not None


def is_commitment(value: object) -> bool:
    """Whether ``value`` looks like a commitment: 64 lowercase hex digits (a SHA-256 digest)."""
    return isinstance(value, str) and _COMMITMENT.fullmatch(value) is not None


def fingerprint(commitment: str) -> str:
    """The commitment's first 12 hex digits in groups of four, for people to compare by eye.

    >>> fingerprint("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
    '9f86 d081 884c'
    """
    return " ".join(commitment[i : i + 4] for i in range(0, 12, 4))


def _codes(deck: object) -> bool:
    return (
        isinstance(deck, list) and len(deck) == 52 and all(isinstance(c, str) and c.isascii() for c in deck)
    )


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
