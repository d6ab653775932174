"""The deal's commitment: recomputable by anyone, fixed before play, never leaking the deck early.

tests/rules/test_deal_terms.py checks what format 2 binds; the format-1 text (salt and deck)
is checked here for the hand records of version 2 that still carry it.
"""

from __future__ import annotations

import hashlib
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import (
    FULL_DECK,
    DealTerms,
    Hand,
    IllegalAction,
    Match,
    RecordError,
    RuleSet,
    commitment_text,
    fingerprint,
    verify_commitment,
)
from game.rules.records import seal
from tests.rules.options import HAND_RULE_SETS
from tests.rules.players import choose


def sha256_of_deal(salt: str, codes: list[str]) -> str:
    """The documented scheme, written out again independently of the engine."""
    text = "gin-rummy/deal/v1:" + salt + ":" + " ".join(codes)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def test_format_1_commitment_is_sha256_of_prefix_salt_and_deck_codes() -> None:
    hand = Hand.deal(RuleSet.preset(), 0, random.Random(11), commitment_version=1)
    assert hand.salt is not None and re.fullmatch(r"[0-9a-f]{32}", hand.salt)
    codes = [str(card) for card in hand.deck]
    assert hand.commitment == sha256_of_deal(hand.salt, codes)
    text = commitment_text({"salt": hand.salt, "deck": codes}, 1)
    assert text == f"gin-rummy/deal/v1:{hand.salt}:{' '.join(codes)}"
    # The same deal in the current format commits to more, so to another digest.
    assert Hand.deal(RuleSet.preset(), 0, random.Random(11)).commitment != hand.commitment


def test_salt_comes_from_the_injected_generator_after_the_shuffle() -> None:
    first = Hand.deal(RuleSet.preset(), 0, random.Random(5))
    again = Hand.deal(RuleSet.preset(), 0, random.Random(5))
    other = Hand.deal(RuleSet.preset(), 0, random.Random(6))
    assert (first.salt, first.commitment) == (again.salt, again.commitment)  # replays agree
    assert first.salt != other.salt and first.commitment != other.commitment
    # The shuffle comes first, so a seed deals the same deck as before deals were salted.
    rng = random.Random(5)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    assert list(first.deck) == deck
    assert first.salt == f"{rng.getrandbits(128):032x}"


def test_prepared_deals_are_committed_with_a_public_salt_or_a_given_one() -> None:
    deck = list(reversed(FULL_DECK))
    codes = [str(c) for c in deck]
    public = hashlib.sha256(("gin-rummy/prepared-salt/v1:" + " ".join(codes)).encode()).hexdigest()[:32]
    hand = Hand.from_deck(RuleSet.preset(), 1, deck)
    assert hand.salt == public
    assert hand.commitment == DealTerms(RuleSet.preset(), 1, (0, 1), (0, 0), tuple(deck), public).commitment
    chosen = Hand.from_deck(RuleSet.preset(), 1, deck, salt="ab" * 16, commitment_version=1)
    assert chosen.commitment == sha256_of_deal("ab" * 16, codes)
    for bad in ("AB" * 16, "ab" * 15, "xy" * 16, "ab" * 17):
        with pytest.raises(IllegalAction, match="salt"):
            Hand.from_deck(RuleSet.preset(), 1, deck, salt=bad)


def test_fingerprint_is_the_first_twelve_hex_digits_in_groups_of_four() -> None:
    hand = Hand.deal(RuleSet.preset(), 0, random.Random(2))
    assert hand.commitment is not None
    c = hand.commitment
    assert hand.fingerprint == fingerprint(c) == f"{c[0:4]} {c[4:8]} {c[8:12]}"


@pytest.mark.parametrize("version", [1, 2])
def test_verify_commitment_accepts_the_deal_and_nothing_else(version: int) -> None:
    hand = Hand.deal(RuleSet.preset(), 0, random.Random(3), commitment_version=version)
    record = hand.to_dict()
    salt, commitment, deck = hand.salt, hand.commitment, record["deck"]
    assert hand.terms is not None and verify_commitment(commitment, hand.terms)
    assert verify_commitment(commitment, record, version)  # as a record holds it

    def terms(**changes: object) -> dict[str, object]:
        return {**record, **changes}

    swapped = deck[:]
    swapped[0], swapped[30] = swapped[30], swapped[0]
    assert not verify_commitment(commitment, terms(deck=swapped), version)
    assert salt is not None
    edited = ("0" if salt[0] != "0" else "1") + salt[1:]
    assert not verify_commitment(commitment, terms(salt=edited), version)
    for junk in (None, 5, "", "zz" * 32, (commitment or "").upper()):
        assert not verify_commitment(junk, record, version)
        assert not verify_commitment(commitment, terms(salt=junk), version)
    assert not verify_commitment(commitment, terms(deck=deck[:51]), version)
    assert not verify_commitment(commitment, terms(deck=[*deck[:51], 7]), version)


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(HAND_RULE_SETS), seed=st.integers(0, 2**32 - 1))
def test_views_reveal_the_deck_salt_and_commitment_only_at_the_end(rules: RuleSet, seed: int) -> None:
    # During play a view holds only what its seat can see: not the deck, not the salt, and
    # not the commitment either (it is computed from hidden cards; the table shows it).
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 2, rng)
    assert hand.salt is not None and hand.commitment is not None
    while True:
        for player in (0, 1):
            view = hand.view(player)
            if hand.is_over:
                assert view.deck == hand.deck and view.salt == hand.salt
                assert view.commitment == hand.commitment
                assert hand.commitment_matches(view.commitment)
            else:
                assert view.deck is None and view.salt is None and view.commitment is None
                assert hand.salt not in repr(view) and hand.commitment not in repr(view)
        if hand.is_over:
            return
        hand.apply(choose(hand, rng))


def test_match_hands_are_committed_and_replay_with_the_same_salts() -> None:
    match = Match(RuleSet.preset("standard", target=40), random.Random(7))
    rng = random.Random(8)
    while not match.finished:
        hand = match.new_hand()
        while not hand.is_over:
            hand.apply(choose(hand, rng))
        match.record_hand(hand)
    salts = [hand.salt for hand in match._records]
    assert len(salts) >= 2 and None not in salts and len(set(salts)) == len(salts)
    loaded = Match.from_dict(match.to_dict())
    assert [hand.salt for hand in loaded._records] == salts
    assert [hand.commitment for hand in loaded._records] == [hand.commitment for hand in match._records]


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("salt", "0" * 32, "commitment does not match"),
        ("commitment", "0" * 64, "commitment does not match"),
        ("salt", None, "salt must be"),
        ("commitment", None, "commitment must be"),
        ("salt", "0" * 31, "salt must be"),
        ("commitment", 12, "commitment must be"),
    ],
)
def test_hand_record_with_an_edited_salt_or_commitment_is_refused(
    field: str, value: object, why: str
) -> None:
    record = Hand.deal(RuleSet.preset(), 0, random.Random(3)).to_dict()
    record[field] = value
    record.pop("checksum")
    with pytest.raises(RecordError, match=why):
        Hand.from_dict(seal(record))


def test_hand_record_with_a_swapped_deck_card_fails_the_commitment_first() -> None:
    record = Hand.deal(RuleSet.preset(), 0, random.Random(3)).to_dict()
    record["deck"][40], record["deck"][41] = record["deck"][41], record["deck"][40]  # deep in the stock
    record.pop("checksum")
    with pytest.raises(RecordError, match="commitment does not match"):
        Hand.from_dict(seal(record))
