"""Reading the opponent from sampled hands: the meld test, the weights and what they feed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.ai.evaluate
import game.ai.inference
from game.ai import make_player
from game.ai.evaluate import Evaluator
from game.ai.inference import Belief, feeding, melds_with, observations
from game.ai.tracking import Tracker
from game.rules import (
    FULL_DECK,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Hand,
    Pass,
    RuleSet,
    cards_to_mask,
    deadwood_value,
    parse_cards,
)
from tests.ai.helpers import mid_hand_states
from tests.ai.test_legal import deck_with

STANDARD = RuleSet.preset("standard")


def card(text: str) -> int:
    return Card.parse(text).index


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, 51), min_size=0, max_size=12), st.integers(0, 51))
def test_feeding_agrees_with_the_deadwood_solver(held: set[int], extra: int) -> None:
    """A card feeds a hand exactly when adding it lets the best arrangement meld it."""
    mask = sum(1 << i for i in held)
    if mask >> extra & 1:
        assert not feeding(mask) >> extra & 1  # a card already held is never "fed"
        return
    melds = melds_with(extra, mask)
    assert bool(feeding(mask) >> extra & 1) == melds
    # Meld-making is what the solver sees: with a meld, some arrangement uses the card.
    value = Card.from_index(extra).value
    drops = deadwood_value(mask | 1 << extra) < deadwood_value(mask) + value
    if drops:
        assert melds
    # Two cards of a meld always reduce to no deadwood when the card joins them.
    if melds and len(held) == 2:
        assert deadwood_value(mask | 1 << extra) == 0


def test_belief_is_a_proper_distribution() -> None:
    for hand in mid_hand_states(STANDARD, seed=5, count=12):
        seat = hand.to_act or 0
        view = hand.view(seat)
        track = Tracker.from_view(view)
        belief = Belief.from_view(view, track, random.Random(1), samples=80)
        assert abs(sum(belief.weights) - 1.0) < 1e-9
        assert abs(sum(belief.holds) - view.opponent_hand_size) < 1e-6
        for mask in belief.hands:
            assert mask.bit_count() == view.opponent_hand_size
            assert mask & track.opponent_known == track.opponent_known
            assert not mask & (cards_to_mask(view.hand) | cards_to_mask(view.discard_pile))
        for c in view.hand:
            assert belief.holds[c.index] == 0.0
        for c in view.opponent_known:
            assert abs(belief.holds[c.index] - 1.0) < 1e-9
        assert 1.0 <= belief.effective_samples() <= 80.0 + 1e-6


def test_observations_replay_the_opponents_moves() -> None:
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 6C 9C TC JC KD", "5C"))
    hand.apply(DrawDiscard())  # the non-dealer, seat 1, takes the upcard
    moves = observations(hand.view(0))
    assert [(m.kind, Card.from_index(m.card)) for m in moves] == [("took", Card.parse("5C"))]
    assert moves[0].held


def test_a_taken_card_makes_its_meld_partners_likely() -> None:
    """The opponent took 5C: hands that meld it outweigh hands that do not."""
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 6C 9C TC JC KD", "5C"))
    hand.apply(DrawDiscard())  # the non-dealer (seat 1) holds the five and takes 5C
    hand.apply(Discard(Card.parse("KD")))
    view = hand.view(0)
    belief = Belief.from_view(view, Tracker.from_view(view), random.Random(3), samples=400)
    unseen = [c for c in FULL_DECK if belief.holds[c.index] > 0 and c not in view.opponent_known]
    partners = [
        belief.holds[c.index] for c in unseen if c.rank == 5 or (c.suit == 0 and abs(c.rank - 5) <= 2)
    ]
    far = [belief.holds[c.index] for c in unseen if c.rank in (11, 12)]
    assert partners and far
    assert sum(partners) / len(partners) > 1.25 * sum(far) / len(far)


def test_a_passed_card_makes_its_meld_unlikely() -> None:
    """After the opponent lets 7H go by twice, the cards that would have melded it fade."""
    rules = STANDARD
    deck = deck_with("7H 2C 3D 9S JD QC KS 4C AS 6D", "8C", seed=4)
    hand = Hand.from_deck(rules, 0, deck)
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())  # seat 1 draws and throws 7H: seat 0 lets it go by
    hand.apply(Discard(Card.parse("7H")))
    hand.apply(DrawStock())
    view = hand.view(1)
    assert ("passed", card("7H")) in [(m.kind, m.card) for m in observations(view)]
    belief = Belief.from_view(view, Tracker.from_view(view), random.Random(2), samples=600)
    prior = Belief.from_view(view, Tracker.from_view(view, inference=False), random.Random(2), samples=600)
    # The chance that the opponent holds a pair of sevens (a set with 7H) drops.
    sevens = [c.index for c in parse_cards("7C 7D 7S") if belief.holds[c.index] > 0]

    def pair_chance(b: Belief) -> float:
        total = 0.0
        for mask, w in zip(b.hands, b.weights, strict=True):
            if sum(mask >> i & 1 for i in sevens) >= 2:
                total += w
        return total

    unweighted = sum(1 for mask in prior.hands if sum(mask >> i & 1 for i in sevens) >= 2) / len(prior.hands)
    assert len(sevens) >= 2
    assert pair_chance(belief) < 0.6 * unweighted


def test_next_discards_favour_high_loners() -> None:
    for hand in mid_hand_states(STANDARD, seed=8, count=6):
        view = hand.view(hand.to_act or 0)
        belief = Belief.from_view(view, Tracker.from_view(view), random.Random(4), samples=100)
        chances = belief.next_discards()
        assert sum(chances.values()) <= 1.0 + 1e-9
        assert all(belief.holds[i] > 0 for i in chances)
        low = sum(p for i, p in chances.items() if Card.from_index(i).value <= 3)
        high = sum(p for i, p in chances.items() if Card.from_index(i).value >= 9)
        assert high > low


def test_fishing_values_a_hand_waiting_on_the_opponents_discard() -> None:
    hand = cards_to_mask(parse_cards("KH KS 7H 8H 9H 2C 3D 4S 5C 9D"))
    stock = [(i, 1 / 40) for i in range(52) if not hand >> i & 1][:40]
    plain = Evaluator(10, 20, 1.0, stock)
    fishing = Evaluator(10, 20, 1.0, stock, {card("KD"): 0.6})
    assert fishing.hand_cost(hand) < plain.hand_cost(hand)
    # A hand with no use for the expected discard gains nothing.
    other = cards_to_mask(parse_cards("2H 3S 7H 8H 9H 2C 3D 4S 5C 9D"))
    assert fishing.hand_cost(other) == plain.hand_cost(other)


def test_reading_the_opponent_is_spread_over_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """No slice of a search level's thinking does more than a few hundred deadwood counts,
    so the render loop can stop between slices (sampling opponent hands included)."""
    calls = [0]
    real = game.ai.inference.deadwood_value

    def counting(mask: int) -> int:
        calls[0] += 1
        return real(mask)

    monkeypatch.setattr(game.ai.inference, "deadwood_value", counting)
    monkeypatch.setattr(game.ai.evaluate, "deadwood_value", counting)
    worst = 0
    for hand in mid_hand_states(STANDARD, seed=3, count=12):
        view = hand.view(hand.to_act or 0)
        for level in ("hard", "expert"):
            thinking = make_player(level, 1).think(view)
            while True:
                calls[0] = 0
                try:
                    next(thinking)
                except StopIteration:
                    break
                worst = max(worst, calls[0])
    assert 0 < worst <= 400
