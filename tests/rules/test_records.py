"""Saved hands and matches: exact JSON round trips, and tampered records refused."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Hand, Match, RecordError, RuleSet
from game.rules.records import seal
from tests.rules.options import HAND_RULE_SETS
from tests.rules.players import choose, play_out

Record = dict[str, Any]


def json_copy(record: Record) -> Record:
    return json.loads(json.dumps(record))


def partly_played(rules: RuleSet, seed: int, steps: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 2, rng)
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(choose(hand, rng))
    return hand


@settings(max_examples=120, deadline=None)
@given(rules=st.sampled_from(HAND_RULE_SETS), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_hand_json_round_trip_is_exact(rules: RuleSet, seed: int, steps: int) -> None:
    hand = partly_played(rules, seed, steps)
    record = hand.to_dict()
    loaded = Hand.from_dict(json_copy(record))
    assert loaded.to_dict() == record
    assert loaded.phase is hand.phase and loaded.to_act == hand.to_act
    assert loaded.result == hand.result
    assert set(loaded.legal_actions()) == set(hand.legal_actions())
    loaded.check_invariants()


# --- tampering --------------------------------------------------------------------------------


def swap_adjacent_actions(record: Record) -> bool:
    actions = record["actions"]
    for i in range(len(actions) - 1):
        a, b = actions[i], actions[i + 1]
        if a != b and not (a[1]["type"] == b[1]["type"] == "lay_off"):
            actions[i], actions[i + 1] = b, a
            return True
    return False


def change_action_card(record: Record) -> bool:
    held_elsewhere = record["deck"][-1]  # the bottom of the stock: never drawn by then
    for _, action in record["actions"]:
        if action["type"] in ("discard", "knock") and action["card"] not in (None, held_elsewhere):
            action["card"] = held_elsewhere
            return True
    return False


def change_dealt_card(record: Record) -> bool:
    # The players' first cards change places. (Swapping a dealt card with a stock card is not
    # always visible to a replay: if that player draws it, the hand plays out identically.)
    deck = record["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    return True


def duplicate_card(record: Record) -> bool:
    record["deck"][5] = record["deck"][6]
    return True


def wrong_score(record: Record) -> bool:
    state = record["state"]
    if state["result"] is not None:
        state["result"]["points"] += 1
    else:
        state["stock"] += 1
    return True


def wrong_player(record: Record) -> bool:
    if not record["actions"]:
        return False
    record["actions"][0][0] = 1 - record["actions"][0][0]
    return True


def bad_version(record: Record) -> bool:
    record["version"] = 99
    return True


def drop_last_action(record: Record) -> bool:
    if not record["actions"]:
        return False
    record["actions"].pop()
    return True


TAMPERS: dict[str, Callable[[Record], bool]] = {
    "swapped action": swap_adjacent_actions,
    "changed action card": change_action_card,
    "changed dealt card": change_dealt_card,
    "duplicate card": duplicate_card,
    "wrong score": wrong_score,
    "wrong player": wrong_player,
    "bad version": bad_version,
    "dropped action": drop_last_action,
}


@settings(max_examples=80, deadline=None)
@given(
    rules=st.sampled_from(HAND_RULE_SETS),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(3, 120),
    tamper=st.sampled_from(sorted(TAMPERS)),
    reseal=st.booleans(),
)
def test_tampered_hand_record_is_rejected(
    rules: RuleSet, seed: int, steps: int, tamper: str, reseal: bool
) -> None:
    record = json_copy(partly_played(rules, seed, steps).to_dict())
    if not TAMPERS[tamper](record):
        return
    if reseal:  # a careful forger recomputes the checksum: the replay must still catch it
        record.pop("checksum")
        seal(record)
    with pytest.raises(RecordError):
        Hand.from_dict(record)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: r.pop("deck"),
        lambda r: r.update(extra=1),
        lambda r: r.update(deck="AC 2C"),
        lambda r: r["deck"].__setitem__(3, "1H"),
        lambda r: r["deck"].pop(),
        lambda r: r.update(dealer=2),
        lambda r: r.update(dealer=True),
        lambda r: r.update(scores=[0]),
        lambda r: r.update(actions={}),
        lambda r: r["actions"].append([0, {"type": "fly"}]),
        lambda r: r["actions"].append("draw"),
        lambda r: r["rules"].update(knock_limit=11),
        lambda r: r["rules"].pop("target"),
        lambda r: r.update(checksum="0" * 64),
    ],
    ids=lambda f: "",
)
def test_corrupt_hand_record_is_rejected(mutate: Callable[[Record], object]) -> None:
    rng = random.Random(5)
    hand = Hand.deal(RuleSet.preset(), 0, rng)
    play_out(hand, rng)
    for reseal in (False, True):
        record = json_copy(hand.to_dict())
        mutate(record)
        if reseal and record.get("checksum") != "0" * 64:
            record.pop("checksum", None)
            seal(record)
        with pytest.raises(RecordError):
            Hand.from_dict(record)


def test_hand_record_must_be_an_object() -> None:
    for data in (None, [], "hand", 3):
        with pytest.raises(RecordError):
            Hand.from_dict(data)


# --- matches ----------------------------------------------------------------------------------


def played_match(rules: RuleSet, seed: int, stop_after: int | None = None) -> Match:
    """A match played with the seeded policy; optionally stopped in the middle of a hand."""
    match = Match(rules, random.Random(seed))
    rng = random.Random(seed + 1)
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


MATCH_RULES = [
    RuleSet.preset("standard", target=40),
    RuleSet.preset("oklahoma", target=40, oklahoma_extra_boxes=True),
    RuleSet.preset("simple", target=40, eleven_card_deal=True),
    RuleSet.preset("standard", target=40, players=3, next_dealer="winner"),
    RuleSet.preset("standard", target=40, players=4, shutout_doubles=True),
]


@pytest.mark.parametrize("rules", MATCH_RULES, ids=lambda r: f"{r.variant.value}-{r.players}p")
@pytest.mark.parametrize("stop_after", [None, 0, 37, 150])
def test_match_json_round_trip_is_exact(rules: RuleSet, stop_after: int | None) -> None:
    match = played_match(rules, 21, stop_after)
    record = match.to_dict()
    loaded = Match.from_dict(json_copy(record))
    assert loaded.to_dict() == record
    assert (loaded.scores, loaded.boxes, loaded.finished, loaded.winner) == (
        match.scores, match.boxes, match.finished, match.winner,
    )  # fmt: skip
    assert loaded.final_totals == match.final_totals
    # The loaded match carries on exactly like the original.
    if not match.finished:
        if match.current is None:
            assert loaded.new_hand().deck == match.new_hand().deck
        else:
            assert loaded.current is not None
            assert loaded.current.to_dict() == match.current.to_dict()


def reseal_match(record: Record) -> Record:
    for hand in record["hands"]:
        hand.pop("checksum", None)
        seal(hand)
    record.pop("checksum", None)
    return seal(record)


MATCH_TAMPERS: dict[str, Callable[[Record], object]] = {
    "wrong score": lambda r: r["scores"].__setitem__(0, r["scores"][0] + 1),
    "wrong boxes": lambda r: r["boxes"].__setitem__(1, r["boxes"][1] + 1),
    "recorded count": lambda r: r.update(recorded=r["recorded"] - 1),
    "recorded not a number": lambda r: r.update(recorded=str(r["recorded"])),
    "bad version": lambda r: r.update(version=0),
    "hand swapped": lambda r: r["hands"].__setitem__(slice(0, 2), r["hands"][1::-1]),
    "hand dropped": lambda r: r["hands"].pop(0),
    "hand deck changed": lambda r: change_dealt_card(r["hands"][0]),
    "hand action changed": lambda r: change_action_card(r["hands"][0]),
    "hand scores changed": lambda r: r["hands"][-1]["scores"].__setitem__(0, 1000),
    "rng state": lambda r: r["rng_state"][1].__setitem__(5, r["rng_state"][1][5] ^ 1),
    "rng state garbage": lambda r: r.update(rng_state=[3, [1, 2], None]),
    "rules changed": lambda r: r["rules"].update(target=r["rules"]["target"] + 1),
}


@pytest.mark.parametrize("tamper", sorted(MATCH_TAMPERS))
@pytest.mark.parametrize("reseal", [False, True])
def test_tampered_match_record_is_rejected(tamper: str, reseal: bool) -> None:
    match = played_match(RuleSet.preset("standard", target=40), 3)
    assert len(match.played) >= 2 and match.scores[0] > 0 and match.scores[1] > 0
    record = json_copy(match.to_dict())
    MATCH_TAMPERS[tamper](record)
    if reseal:
        reseal_match(record)
    with pytest.raises(RecordError):
        Match.from_dict(record)


def test_match_record_must_be_an_object_with_its_keys() -> None:
    record = played_match(RuleSet.preset("standard", target=40), 4).to_dict()
    for data in (None, [], copy.deepcopy({**record, "extra": 1})):
        with pytest.raises(RecordError):
            Match.from_dict(data)
    missing = copy.deepcopy(record)
    missing.pop("boxes")
    with pytest.raises(RecordError):
        Match.from_dict(missing)
