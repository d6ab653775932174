"""Refusals reach players as toasts: each must be a plain sentence naming cards as J♣, not JC."""

from __future__ import annotations

import random
import re

import pytest

from game.rules import (
    FULL_DECK,
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    IllegalAction,
    Knock,
    LayOff,
    Match,
    Pass,
    RuleSet,
)
from tests.rules.conftest import scripted_hand
from tests.rules.options import HAND_RULE_SETS
from tests.rules.players import choose

C = Card.parse

#: A card code as the engine writes it internally ("JC", "TH", "10H"): never in a message.
CARD_CODE = re.compile(r"\b(?:[A2-9TJQK]|10)[CDHS]\b")
#: Internal names that mean nothing to a player: phase values, action type names, reprs.
JARGON = re.compile(r"_|Card\.parse|\bNone\b|\bseat\b|upcard_offer|draw_stock|Phase\.|\(\)")


def candidate_actions(hand: Hand) -> list[Action]:
    """A broad sample of actions to try now, legal or not."""
    player = hand.to_act if hand.to_act is not None else 0
    held = list(hand.hands[player])
    elsewhere = [c for c in FULL_DECK if c not in held][:3]
    actions: list[Action] = [DrawStock(), DrawDiscard(), Pass(), EndLayoff(), Knock(None)]
    for card in held + elsewhere:
        actions += [Discard(card), Knock(card), LayOff(card, 0), LayOff(card, 7)]
    actions.append(Arrange([held[:3]]) if len(held) >= 3 else Arrange([elsewhere]))
    if len(held) >= 6:
        actions.append(Arrange([held[:3], held[:3]]))
    actions.append(Arrange([elsewhere]))
    actions.append(Arrange([]))
    return actions


def refusals_in_play(rules: RuleSet, seed: int) -> set[str]:
    """Every refusal met while trying many actions at each step of one randomly played hand."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 2, rng)
    messages: set[str] = set()
    while True:
        for action in candidate_actions(hand):
            try:
                hand.verify(action)
            except IllegalAction as refusal:
                messages.add(str(refusal))
        if hand.is_over:
            return messages
        hand.apply(choose(hand, rng))


def template(message: str) -> str:
    """A message with its cards and numbers blanked, so that reasons can be counted."""
    blanked = re.sub(r"(?:10|[A2-9JQK])[♣♦♥♠]", "#", message)
    return re.sub(r"\d+", "N", re.sub(r"#( #)+", "#", blanked))


@pytest.fixture(scope="module")
def refusals() -> set[str]:
    messages: set[str] = set()
    for number, rules in enumerate(HAND_RULE_SETS):
        for seed in range(3):
            messages |= refusals_in_play(rules, number * 10 + seed)
    return messages


def test_refusals_met_in_play_cover_the_engine_s_reasons(refusals: set[str]) -> None:
    # The sample must reach many distinct reasons, or the wording checks below prove little.
    templates = {template(m) for m in refusals}
    assert len(templates) >= 20, sorted(templates)
    assert any(sym in m for m in refusals for sym in "♣♦♥♠")


def test_refusals_are_sentences_without_card_codes_or_jargon(refusals: set[str]) -> None:
    for message in refusals:
        assert not message[0].islower() and message.endswith("."), message
        assert not CARD_CODE.search(message), message
        assert not JARGON.search(message), message


def test_refusal_names_the_card_just_taken_with_its_suit_symbol() -> None:
    hand = scripted_hand(
        RuleSet.preset(), "AH 2H 3H 5S 5D 5C 9C TC QS KD", "2C 4D 6H 8S TD QC KH 3S 7D 9H", "JC"
    )
    hand.apply(DrawDiscard())
    with pytest.raises(IllegalAction) as refusal:
        hand.apply(Discard(C("JC")))
    assert (
        str(refusal.value) == "J♣ was just taken from the discard pile, so it cannot be discarded this turn."
    )
    with pytest.raises(IllegalAction) as refusal:
        hand.apply(Knock(C("TS")))
    assert str(refusal.value) == "10♠ is not in your hand."


def test_match_refusals_are_sentences() -> None:
    match = Match(RuleSet.preset(), random.Random(2))
    hand = match.new_hand()
    messages = []
    for attempt in (match.new_hand, lambda: match.record_hand(hand)):
        with pytest.raises(IllegalAction) as refusal:
            attempt()
        messages.append(str(refusal.value))
    for message in messages:
        assert not message[0].islower() and message.endswith(".") and not CARD_CODE.search(message)


def test_action_descriptions_name_cards_with_symbols() -> None:
    # Actions are shown to players too (hints, replays): cards read as on the table.
    assert str(Discard(C("TH"))) == "discard 10♥"
    assert str(Knock(C("JC"))) == "knock, discarding J♣"
    assert str(LayOff(C("7S"), 1)) == "lay off 7♠ on meld 2"
    assert str(Arrange([[C("7H"), C("8H"), C("9H")], [C("KC"), C("KD"), C("KS")]])) == (
        "lay out 7♥ 8♥ 9♥, K♣ K♦ K♠"
    )
