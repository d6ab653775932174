"""Views as JSON: a seat's view comes back equal; the public view never shows a hidden card."""

from __future__ import annotations

import random

import pytest

from game.ai import make_player
from game.online.views import (
    ViewError,
    event_from_data,
    event_to_data,
    public_from_data,
    public_to_data,
    public_view,
    view_from_data,
    view_to_data,
)
from game.rules import Hand, RuleSet

RULES = [
    RuleSet.preset("standard"),
    RuleSet.preset("oklahoma", bonuses="association", big_gin=True),
    RuleSet.preset("simple", last_discard_chance=True),
    RuleSet.preset("standard", eleven_card_deal=True, allow_rediscard=True),
]


def positions(hands: int = 40):
    """Every position of many hands, played by two different AIs."""
    for number in range(hands):
        rules = RULES[number % len(RULES)]
        hand = Hand.deal(rules, number % 2, random.Random(number))
        players = [make_player("simple", number), make_player("random", number + 1)]
        yield hand
        while not hand.is_over:
            assert hand.to_act is not None
            hand.apply(players[hand.to_act].choose(hand.view(hand.to_act)))
            yield hand


def hidden(hand: Hand) -> set:
    """Cards nobody but their holder has seen: in a hand (not taken face up), the stock, or
    the knocker's face-down discard, and never shown face up before (the upcard, a discard)."""
    if hand.is_over:
        return set()
    cards = set(hand.stock)
    for seat in (0, 1):
        cards |= set(hand.hands[seat]) - set(hand.known[seat])
    if hand.knock_card is not None:
        cards.add(hand.knock_card)
    shown = {event.card for event in hand.history if event.card is not None}
    return cards - shown - {hand.upcard}


def test_every_seat_view_survives_the_wire_and_the_public_view_hides_every_secret() -> None:
    checked = 0
    for hand in positions():
        for seat in (0, 1):
            view = hand.view(seat)
            assert view_from_data(view_to_data(view), hand.rules) == view
            without = view_to_data(view, history=False)
            assert view_from_data(without, hand.rules, view.history) == view
        public = public_view(hand)
        assert public_from_data(public_to_data(public)) == public
        assert not public.cards & hidden(hand), hand.phase
        checked += 1
    assert checked > 1000


def test_a_view_and_the_clients_history_must_agree() -> None:
    hand = Hand.deal(RULES[0], 0, random.Random(3))
    hand.apply(hand.legal_actions()[0])
    data = view_to_data(hand.view(0), history=False)
    with pytest.raises(ViewError, match="follows 1 events"):
        view_from_data(data, hand.rules, [])


def test_events_keep_face_down_cards_face_down() -> None:
    hand = Hand.deal(RULES[0], 0, random.Random(5))
    hand.apply(hand.legal_actions()[-1])  # pass
    hand.apply(hand.legal_actions()[-1])  # pass
    event = hand.apply(hand.legal_actions()[0])  # draw from the stock
    assert event.kind == "draw_stock" and "card" not in event_to_data(event)
    assert event_from_data(event_to_data(event)) == event
