"""Record versions: version 1 records still load (migrated forward), newer ones are told apart.

Version 1 is what the game wrote before deals carried a salt and a commitment and before a
match could fix its first dealer: the same fields minus ``salt``, ``commitment`` and
``first_dealer``, and matches whose generator drew no salt between shuffles.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.rules import FULL_DECK, FutureRecordError, Hand, Match, RecordError, RuleSet
from game.rules.records import seal
from tests.rules.players import choose

Record = dict[str, Any]


def as_version_1_hand(record: Record) -> Record:
    """A hand record in the layout of version 1 (no salt, no commitment), sealed."""
    old = {k: v for k, v in record.items() if k not in ("salt", "commitment", "players", "checksum")}
    old["version"] = 1
    return seal(old)


def as_version_1_match(record: Record) -> Record:
    """A match record in the layout of version 1, its hands too, sealed."""
    old = {k: v for k, v in record.items() if k not in ("first_dealer", "checksum")}
    old["version"] = 1
    old["hands"] = [as_version_1_hand(hand) for hand in record["hands"]]
    return seal(old)


def version_1_deal(
    cls: type[Hand],
    rules: RuleSet,
    dealer: int,
    rng: random.Random,
    scores: tuple[int, int] = (0, 0),
    **_: object,
) -> Hand:
    """How version 1 dealt: a shuffle and nothing else drawn from the generator."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return Hand.from_deck(rules, dealer, deck, scores)


def play_match(match: Match, seed: int, stop_after: int | None) -> Match:
    rng = random.Random(seed)
    actions = 0
    while not match.finished:
        hand = match.new_hand()
        while not hand.is_over:
            if stop_after is not None and actions >= stop_after:
                return match
            hand.apply(choose(hand, rng))
            actions += 1
        match.record_hand(hand)
    return match


def play_out(hand: Hand) -> Hand:
    rng = random.Random(5)
    while not hand.is_over:
        hand.apply(choose(hand, rng))
    return hand


def json_copy(record: Record) -> Record:
    return json.loads(json.dumps(record))


# --- version 1 hands ----------------------------------------------------------------------------


@pytest.mark.parametrize("steps", [0, 12, None])
def test_version_1_hand_record_loads_without_a_commitment(steps: int | None) -> None:
    rng = random.Random(4)
    hand = Hand.deal(RuleSet.preset("oklahoma"), 1, rng)
    while not hand.is_over and (steps is None or len(hand.actions) < steps):
        hand.apply(choose(hand, rng))
    old = json_copy(as_version_1_hand(hand.to_dict()))
    loaded = Hand.from_dict(old)
    assert loaded.deck == hand.deck and loaded.actions == hand.actions
    assert loaded.phase is hand.phase and loaded.result == hand.result
    assert loaded.legal_actions() == hand.legal_actions()
    assert (loaded.salt, loaded.commitment, loaded.fingerprint) == (None, None, None)
    # Saved again, it is a version 2 record that says it has no commitment, and reloads.
    again = loaded.to_dict()
    assert again["version"] == 2 and again["salt"] is None and again["commitment"] is None
    assert Hand.from_dict(json_copy(again)).to_dict() == again


def test_version_1_hand_with_version_2_fields_is_refused() -> None:
    record = Hand.deal(RuleSet.preset(), 0, random.Random(1)).to_dict()
    record["version"] = 1
    record.pop("checksum")
    with pytest.raises(RecordError, match="version 1 hand record needs exactly the keys"):
        Hand.from_dict(seal(record))


# --- version 1 matches --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "stop_after"),
    [
        (RuleSet.preset("standard"), 150),  # in the middle of the fifth hand
        (RuleSet.preset("standard", target=40, players=3), None),
        (RuleSet.preset("standard", players=4, eleven_card_deal=True), 120),
        (RuleSet.preset("oklahoma", target=40), 0),
    ],
    ids=["2p-mid-hand", "3p-finished", "4p-mid-match", "first-hand"],
)
def test_version_1_match_record_loads_and_carries_on(
    rules: RuleSet, stop_after: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as old_game:
        old_game.setattr(Hand, "deal", classmethod(version_1_deal))
        original = play_match(Match(rules, random.Random(8)), 9, stop_after)
        old = json_copy(as_version_1_match(original.to_dict()))
    assert all(hand.commitment is not None for hand in original._records)  # from_deck's
    loaded = Match.from_dict(old)
    assert (loaded.scores, loaded.boxes, loaded.finished) == (
        original.scores,
        original.boxes,
        original.finished,
    )
    assert [h.deck for h in loaded._records] == [h.deck for h in original._records]
    assert all(h.commitment is None for h in loaded._records)  # dealt before commitments
    if loaded.current is not None:
        assert loaded.current.legal_actions() == original.current.legal_actions()  # type: ignore[union-attr]
        loaded.record_hand(play_out(loaded.current))
    # Hands dealt from now on are committed; saved again it is version 2, and it reloads.
    if not loaded.finished:
        assert loaded.new_hand().commitment is not None
    again = loaded.to_dict()
    assert again["version"] == 3 and again["first_dealer"] is None
    reloaded = Match.from_dict(json_copy(again))
    assert reloaded.to_dict() == again


def test_stripping_a_commitment_from_a_match_hand_is_caught() -> None:
    # A hand saved without a commitment is replayed as an unsalted deal, so every later deal
    # comes out differently: a forger cannot quietly drop a hand's commitment.
    match = play_match(Match(RuleSet.preset("standard", target=40), random.Random(3)), 4, None)
    record = json_copy(match.to_dict())
    assert len(record["hands"]) >= 2
    first = record["hands"][0]
    first["salt"] = first["commitment"] = None
    first.pop("checksum")
    record.pop("checksum")
    seal(first)
    with pytest.raises(RecordError, match="hand 1: the salt must be"):  # version 3 always has one
        Match.from_dict(seal(dict(record)))
    # Written as the version 2 record of a hand dealt before deals were committed:
    first.pop("checksum")
    first.pop("players")
    first["version"] = 2
    seal(first)
    with pytest.raises(RecordError, match="hand 2 was not dealt by this match"):
        Match.from_dict(seal(record))


# --- newer versions -----------------------------------------------------------------------------


def test_records_from_a_newer_game_raise_future_record_error() -> None:
    hand = Hand.deal(RuleSet.preset(), 0, random.Random(1)).to_dict()
    match = Match(RuleSet.preset(), random.Random(1)).to_dict()
    for record, loader in ((hand, Hand.from_dict), (match, Match.from_dict)):
        newer = {"version": 4, "layout": "whatever a later game writes"}  # not even our keys
        with pytest.raises(FutureRecordError, match="newer version of the game"):
            loader(newer)
        bumped = json_copy(record)
        bumped["version"] = 7
        with pytest.raises(FutureRecordError):
            loader(bumped)


@pytest.mark.parametrize("version", [0, -1, "2", 2.0, True, None, [2]])
def test_a_bad_version_is_corrupt_not_future(version: object) -> None:
    record = Hand.deal(RuleSet.preset(), 0, random.Random(1)).to_dict()
    record["version"] = version
    with pytest.raises(RecordError) as refusal:
        Hand.from_dict(record)
    assert not isinstance(refusal.value, FutureRecordError)


def test_a_match_holding_a_newer_hand_is_corrupt() -> None:
    match = Match(RuleSet.preset(), random.Random(1))
    match.new_hand()
    record = json_copy(match.to_dict())
    record["hands"][0]["version"] = 4
    record.pop("checksum")
    with pytest.raises(RecordError) as refusal:
        Match.from_dict(seal(record))
    assert not isinstance(refusal.value, FutureRecordError)
