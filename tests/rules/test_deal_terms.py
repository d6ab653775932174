"""The deal's commitment binds every term that decides the hand (format 2, ``gin-rummy/deal/v2``).

Format 1 committed to the salt and the deck only, so a hand relabelled with other rules, dealer
or scores kept its commitment. Format 2 commits to the rules, the dealer, the match players in
seats 0 and 1, the scores when dealt, the deck and the salt, as canonical JSON.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import COMMITMENT_VERSION, DealTerms, Hand, Match, RecordError, RuleSet, verify_commitment
from game.rules.fairness import TERM_FIELDS, deck_commitment
from game.rules.records import seal
from tests.rules.players import choose


def documented_commitment(record: dict[str, Any]) -> str:
    """docs/fairness.md's recipe, written out again without the engine."""
    terms = {name: record[name] for name in ("rules", "dealer", "players", "scores", "deck", "salt")}
    text = "gin-rummy/deal/v2:" + json.dumps(terms, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def test_the_commitment_is_sha256_of_the_documented_terms() -> None:
    hand = Hand.deal(RuleSet.preset("oklahoma"), 1, random.Random(11), (40, 25))
    record = hand.to_dict()
    assert record["version"] == 3 and COMMITMENT_VERSION == 2
    assert record["commitment"] == documented_commitment(record) == hand.commitment
    assert set(TERM_FIELDS) == {"rules", "dealer", "players", "scores", "deck", "salt"}
    assert hand.terms is not None and hand.terms.commitment == hand.commitment
    assert verify_commitment(hand.commitment, record) and verify_commitment(hand.commitment, hand.terms)


def test_every_term_changes_the_commitment() -> None:
    base = Hand.deal(RuleSet.preset(), 0, random.Random(3)).terms
    assert base is not None
    variants = [
        replace(base, rules=base.rules.with_options(gin_bonus=25)),
        replace(base, rules=base.rules.with_options(target=150)),
        replace(base, rules=base.rules.with_options(players=3)),
        replace(base, rules=base.rules.with_options(knock_limit=9)),
        replace(base, dealer=1),
        replace(base, players=(1, 0)),
        replace(base, scores=(0, 10)),
        replace(base, deck=base.deck[1:] + base.deck[:1]),
        replace(base, salt="0" * 32),
    ]
    commitments = {terms.commitment for terms in [base, *variants]}
    assert len(commitments) == len(variants) + 1
    assert not any(verify_commitment(base.commitment, terms) for terms in variants)


def test_format_1_commits_to_the_salt_and_deck_only() -> None:
    hand = Hand.deal(RuleSet.preset(), 0, random.Random(3), commitment_version=1)
    assert hand.commitment == deck_commitment(hand.salt or "", hand.deck)
    record = hand.to_dict()
    assert record["version"] == 2 and "players" not in record
    again = Hand.from_dict(json.loads(json.dumps(record)))
    assert again.commitment == hand.commitment and again.commitment_version == 1


def test_a_version_2_record_keeps_its_format_1_commitment_through_a_match_replay() -> None:
    match = Match(RuleSet.preset("standard", target=60), random.Random(4))
    rng = random.Random(5)
    hand = match.new_hand()
    while not hand.is_over:
        hand.apply(choose(hand, rng))
    match.record_hand(hand)
    match.new_hand()
    record = match.to_dict()
    # As the previous version saved it: hand records of version 2, format-1 commitments.
    old_hands = []
    for number, hand_record in enumerate(record["hands"]):
        legacy = Hand.from_deck(
            match.hand_records[number].rules, hand_record["dealer"], match.hand_records[number].deck,
            tuple(hand_record["scores"]), salt=hand_record["salt"], commitment_version=1,
        )  # fmt: skip
        for _, action in match.hand_records[number].actions:
            legacy.apply(action)
        old_hands.append(legacy.to_dict())
    record = {k: v for k, v in record.items() if k != "checksum"}
    record.update(version=2, hands=old_hands)
    loaded = Match.from_dict(seal(record))
    assert [h.commitment for h in loaded.hand_records] == [h["commitment"] for h in old_hands]
    assert loaded.current is not None and loaded.current.commitment_version == 1
    # The next hand dealt is committed in the current format.
    rng = random.Random(6)
    while not loaded.current.is_over:
        loaded.current.apply(choose(loaded.current, rng))
    loaded.record_hand(loaded.current)
    if not loaded.finished:
        assert loaded.new_hand().commitment_version == COMMITMENT_VERSION


def test_a_match_binds_which_players_sit_in_each_seat() -> None:
    match = Match(RuleSet.preset("standard", players=3, target=40), random.Random(8))
    rng = random.Random(9)
    pairings = []
    while not match.finished:
        hand = match.new_hand()
        assert hand.players == match.seats
        pairings.append(hand.players)
        while not hand.is_over:
            hand.apply(choose(hand, rng))
        match.record_hand(hand)
    assert len(set(pairings)) > 1
    loaded = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert [h.players for h in loaded.hand_records] == pairings


RELABELS: dict[str, Any] = {
    "gin bonus": lambda r: r["rules"].update(gin_bonus=99),
    "target": lambda r: r["rules"].update(target=250),
    "variant": lambda r: r["rules"].update(variant="simple", knock_limit=0),
    "player count": lambda r: r["rules"].update(players=3),
    "knock limit": lambda r: r["rules"].update(knock_limit=7),
    "undercut bonus": lambda r: r["rules"].update(undercut_bonus=40),
    "scores": lambda r: r.update(scores=[90, 0]),
    "dealer": lambda r: r.update(dealer=1 - r["dealer"]),
    "players": lambda r: r.update(players=[1, 0]),
}


@pytest.mark.parametrize("relabel", list(RELABELS))
def test_a_relabelled_hand_record_is_refused_by_its_commitment(relabel: str) -> None:
    hand = Hand.deal(RuleSet.preset(), 0, random.Random(21))
    rng = random.Random(22)
    while not hand.is_over:
        hand.apply(choose(hand, rng))
    record = json.loads(json.dumps(hand.to_dict()))
    RELABELS[relabel](record)
    record.pop("checksum")
    with pytest.raises(RecordError, match="commitment does not match"):
        Hand.from_dict(seal(record))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_verify_commitment_never_raises_and_refuses_any_change(data: st.DataObject) -> None:
    hand = Hand.deal(RuleSet.preset(), 0, random.Random(1))
    record = json.loads(json.dumps(hand.to_dict()))
    name = data.draw(st.sampled_from(TERM_FIELDS))
    junk = data.draw(
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
            lambda inner: (
                st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
            ),
            max_leaves=12,
        )
    )
    changed = {**record, name: junk}
    same = json.dumps(junk, sort_keys=True) == json.dumps(record[name], sort_keys=True)
    assert verify_commitment(hand.commitment, changed) == same
    assert not verify_commitment(junk, record) or junk == hand.commitment


def test_deal_terms_refuse_nonsense() -> None:
    terms = Hand.deal(RuleSet.preset(), 0, random.Random(1)).terms
    assert terms is not None
    for bad in (
        {"dealer": 2},
        {"players": (0, 0)},
        {"players": (0, 5)},
        {"scores": (-1, 0)},
        {"salt": "XYZ"},
        {"deck": terms.deck[:51]},
        {"version": 7},
    ):
        with pytest.raises(ValueError):
            DealTerms(**{**_fields(terms), **bad})


def _fields(terms: DealTerms) -> dict[str, Any]:
    return {
        name: getattr(terms, name)
        for name in ("rules", "dealer", "players", "scores", "deck", "salt", "version")
    }
