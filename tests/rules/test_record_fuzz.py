"""Malformed records, however they are malformed, are refused with RecordError and nothing else.

Valid hand and match records of several variants and formats (2, 3 and 4 players; mid-hand,
between hands and finished) are mutated at a random place: a value flipped, replaced by one of
another type, a huge, negative, fractional, missing or non-numeric value, deep nesting; keys
deleted or added. Each mutant is tried as it is (the checksum must catch it) and resealed (the
strict reading and the replay must catch it, or it must be a record the game could have
written itself).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import Hand, Match, RecordError, RuleSet
from game.rules.records import seal
from tests.rules.players import choose

Record = dict[str, Any]


def deeply_nested(levels: int) -> list[Any]:
    outer: list[Any] = []
    inner = outer
    for _ in range(levels):
        inner.append([])
        inner = inner[0]
    return outer


STRANGE_VALUES: list[Callable[[], Any]] = [
    lambda: None, lambda: True, lambda: False, lambda: 0, lambda: 1, lambda: -1, lambda: 2,
    lambda: 3, lambda: 52, lambda: 624, lambda: -(2**31), lambda: 2**32, lambda: 2**53 + 1,
    lambda: 2**64, lambda: -(2**70), lambda: 0.0, lambda: 1.0, lambda: -1.5, lambda: 1e308,
    lambda: float("nan"), lambda: float("inf"), lambda: float("-inf"), lambda: "",
    lambda: "AC", lambda: "10H", lambda: "ZZ", lambda: "x" * 10_000, lambda: "draw_stock",
    lambda: [], lambda: [0, 1], lambda: ["AC"] * 52, lambda: {}, lambda: {"type": "pass"},
    lambda: deeply_nested(5000), lambda: {"nested": deeply_nested(3000)},
]  # fmt: skip


def strange(draw: Callable[[int], int]) -> Any:
    """A fresh odd value (fresh, so that a later mutation cannot change the list above)."""
    return STRANGE_VALUES[draw(len(STRANGE_VALUES))]()


def played_hand(rules: RuleSet, seed: int, steps: int | None) -> Record:
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 2, rng)
    taken = 0
    while not hand.is_over and (steps is None or taken < steps):
        hand.apply(choose(hand, rng))
        taken += 1
    return hand.to_dict()


def played_match(
    rules: RuleSet, seed: int, stop_after: int | None, first_dealer: int | None = None
) -> Record:
    match = Match(rules, random.Random(seed), first_dealer)
    rng = random.Random(seed + 1)
    actions = 0
    while not match.finished:
        hand = match.new_hand()
        while not hand.is_over:
            if stop_after is not None and actions >= stop_after:
                return match.to_dict()
            hand.apply(choose(hand, rng))
            actions += 1
        match.record_hand(hand)
    return match.to_dict()


@cache
def hand_samples() -> tuple[str, ...]:
    records = [
        played_hand(RuleSet.preset("standard"), 1, None),
        played_hand(RuleSet.preset("standard"), 2, 9),
        played_hand(RuleSet.preset("oklahoma", oklahoma_extra_boxes=True), 3, None),
        played_hand(RuleSet.preset("simple", eleven_card_deal=True), 4, 14),
        played_hand(
            RuleSet.preset("standard", big_gin=True, allow_rediscard=True, last_discard_chance=True), 5, None
        ),
        played_hand(RuleSet.preset("standard"), 6, 0),
    ]
    return tuple(json.dumps(r) for r in records)


@cache
def match_samples() -> tuple[str, ...]:
    records = [
        played_match(RuleSet.preset("standard", target=30), 1, None),
        played_match(RuleSet.preset("standard", target=30), 2, 40),
        played_match(RuleSet.preset("oklahoma", target=30), 3, 60, first_dealer=1),
        played_match(RuleSet.preset("standard", target=30, players=3), 4, 70),
        played_match(RuleSet.preset("standard", target=30, players=4), 5, None, first_dealer=3),
        played_match(RuleSet.preset("simple", target=30, players=4, eleven_card_deal=True), 6, 30),
    ]
    return tuple(json.dumps(r) for r in records)


# --- mutations --------------------------------------------------------------------------------

Container = dict[str, Any] | list[Any]


def pick_place(record: Record, draw: Callable[[int], int]) -> tuple[Container, Any]:
    """Walk down from the top of the record to a random container and one of its keys."""
    node: Container = record
    while True:
        keys: list[Any] = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return node, None
        key = keys[draw(len(keys))]
        child = node[key]
        if isinstance(child, dict | list) and child and draw(5) != 0:
            node = child
            continue
        return node, key


def mutate(record: Record, draw: Callable[[int], int]) -> None:
    """Change the record in one place (a change may happen to change nothing)."""
    node, key = pick_place(record, draw)
    if key is None:  # an empty container: give it something
        if isinstance(node, dict):
            node["extra"] = 1
        else:
            node.append(strange(draw))
        return
    old = node[key]
    kind = draw(6)
    if kind == 0:  # delete the key or element
        del node[key]
        return
    if kind == 1:  # add a key, or an element next to this one
        if isinstance(node, dict):
            node["unexpected"] = strange(draw)
        else:
            node.insert(key, copy.copy(old))
        return
    if kind == 2:  # the same value as another type
        new = {int: float, float: str, str: lambda v: [v], list: lambda v: dict(enumerate(v)),
               dict: lambda v: list(v.values()), bool: int, type(None): lambda v: 0}[type(old)](old)  # fmt: skip
        if isinstance(new, dict):
            new = {str(k): v for k, v in new.items()}
    elif kind == 3 and isinstance(old, int) and not isinstance(old, bool):  # a nearby or far number
        new = [old + 1, old - 1, -old - 1, old * 2**40 + 1][draw(4)]
    elif kind == 3 and isinstance(old, bool):
        new = not old
    else:
        new = strange(draw)
    node[key] = new


def reseal(record: Record, depth: str) -> bool:
    """Recompute checksums as a forger would: the top record only, or nested hands too.

    False when the record cannot be sealed at all (JSON cannot encode it that deep).
    """
    try:
        if depth == "all" and isinstance(record.get("hands"), list):
            for hand in record["hands"]:
                if isinstance(hand, dict):
                    hand.pop("checksum", None)
                    seal(hand)
        record.pop("checksum", None)
        seal(record)
    except RecursionError:
        record["checksum"] = "0" * 64
        return False
    return True


def canonical(record: object) -> str:
    return json.dumps(record, sort_keys=True)


def check_mutant(loader: Callable[[object], Hand | Match], text: str, data: st.DataObject) -> None:
    record = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        mutate(record, lambda n: data.draw(st.integers(0, n - 1)))
    try:
        changed = canonical(record) != canonical(json.loads(text))
    except RecursionError:
        changed = True  # nested deeper than JSON can write: certainly not the original
    sealing = data.draw(st.sampled_from(["none", "top", "all"]), label="reseal")
    if sealing != "none" and not reseal(record, sealing):
        sealing = "none"
    try:
        loaded = loader(record)
    except RecordError:
        return
    # Only RecordError may escape (anything else fails the test by itself). And what loads
    # must be unchanged, or a record the game could have written: it saves back identically.
    assert sealing != "none" or not changed, "an edit went past the checksum"
    assert canonical(loaded.to_dict()) == canonical(record)


FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(sample=st.integers(0, 5), data=st.data())
def test_mutated_hand_records_raise_only_record_error(sample: int, data: st.DataObject) -> None:
    check_mutant(Hand.from_dict, hand_samples()[sample], data)


@FUZZ
@given(sample=st.integers(0, 5), data=st.data())
def test_mutated_match_records_raise_only_record_error(sample: int, data: st.DataObject) -> None:
    check_mutant(Match.from_dict, match_samples()[sample], data)


def test_known_crashes_are_record_errors() -> None:
    # Each of these escaped as another exception before records were checked strictly.
    match = json.loads(match_samples()[1])
    negative = copy.deepcopy(match)
    negative["rng_state"][1][0] = -1  # OverflowError from random.setstate
    float_dealer = json.loads(hand_samples()[0])
    float_dealer["dealer"] = float(float_dealer["dealer"])  # TypeError indexing seats
    float_first = copy.deepcopy(match)
    float_first["first_dealer"] = 0.0
    float_player = json.loads(hand_samples()[0])
    float_player["actions"][0][0] = float(float_player["actions"][0][0])
    deep = json.loads(hand_samples()[1])
    deep["actions"].append(deeply_nested(100_000))  # RecursionError computing the checksum
    cyclic = json.loads(hand_samples()[1])
    cyclic["state"]["loop"] = cyclic["state"]
    zeros = copy.deepcopy(match)
    zeros["rng_state"][1] = [1] + [0] * 623 + [624]  # would hang drawing the cut for ever
    lax_card = json.loads(hand_samples()[1])
    lax_card["deck"][0] = lax_card["deck"][0].lower()
    cases: list[tuple[Callable[[object], object], Record]] = [
        (Match.from_dict, negative), (Hand.from_dict, float_dealer), (Match.from_dict, float_first),
        (Hand.from_dict, float_player), (Hand.from_dict, deep), (Hand.from_dict, cyclic),
        (Hand.from_dict, lax_card), (Match.from_dict, zeros),
    ]  # fmt: skip
    for loader, record in cases:
        for sealed in (False, True):
            if sealed and record is not cyclic:
                reseal(record, "all")
            try:
                loader(record)
            except RecordError:
                continue
            raise AssertionError(f"accepted {str(record)[:80]}")
