"""Every action any level returns is legal, across many states of every variant."""

from __future__ import annotations

import random

import pytest

from game.ai import LEVELS, make_player
from game.rules import (
    Card,
    Discard,
    DrawDiscard,
    Hand,
    Knock,
    Phase,
    RuleSet,
    parse_cards,
)
from tests.ai.helpers import VARIANTS, shuffled_deck

CHEAP_LEVELS = ("random", "simple", "easy", "medium")


def levels_to_check(step: int) -> list[str]:
    """Every cheap level at every decision; the search levels at some of them."""
    levels = list(CHEAP_LEVELS)
    if step % 4 == 0:
        levels.append("hard")
    if step % 12 == 0:
        levels.append("expert")
    return levels


def drive(rules: RuleSet, seed: int, hands: int) -> int:
    """Play hands with rotating cheap levels and check the levels' answers at each decision."""
    rng = random.Random(seed)
    players = {level: make_player(level, seed) for level in LEVELS}
    checked = 0
    for number in range(hands):
        hand = Hand.from_deck(rules, number % 2, shuffled_deck(seed * 100 + number))
        movers = (rng.choice(CHEAP_LEVELS), rng.choice(CHEAP_LEVELS))
        step = 0
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            legal = hand.legal_actions()
            for level in levels_to_check(step):
                action = players[level].choose(view)
                assert action in legal, (level, action, view.phase)
                checked += 1
            hand.apply(players[movers[seat]].choose(view))
            step += 1
        hand.check_invariants()
    return checked


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_level_plays_legally(variant: str) -> None:
    assert drive(VARIANTS[variant], seed=len(variant), hands=12) > 1000


def test_random_players_reach_the_empty_stock_rules() -> None:
    rules = RuleSet.preset("standard", last_discard_chance=True)
    ends = set()
    for seed in range(4):
        hand = Hand.from_deck(rules, 0, shuffled_deck(500 + seed))
        player = make_player("random", seed)
        while not hand.is_over:
            seat = hand.to_act or 0
            view = hand.view(seat)
            if view.phase is Phase.LAST_CHANCE:
                for level in LEVELS:
                    assert make_player(level).choose(view) in hand.legal_actions()
            hand.apply(player.choose(view))
        ends.add(hand.phase)
    assert Phase.VOID in ends


def deck_with(first: str, upcard: str, seed: int = 0) -> list[Card]:
    """A deck dealing ``first`` (ten cards) to the non-dealer and turning up ``upcard``."""
    wanted = list(parse_cards(first))
    up = Card.parse(upcard)
    rest = [c for c in shuffled_deck(seed) if c not in wanted and c != up]
    deck: list[Card] = []
    for n in range(10):
        deck.append(wanted[n])
        deck.append(rest.pop())
    deck.append(up)
    deck.extend(rest)
    return deck


@pytest.mark.parametrize("gin_only", [False, True])
def test_oklahoma_ace_upcard(gin_only: bool) -> None:
    rules = RuleSet.preset("oklahoma", oklahoma_ace_gin_only=gin_only)
    hand = Hand.from_deck(rules, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC KD", "AS"))
    assert hand.knock_limit == (0 if gin_only else 1)
    for level in LEVELS:
        for _ in range(3):
            if hand.is_over:
                break
            action = make_player(level).choose(hand.view(hand.to_act or 0))
            assert action in hand.legal_actions()


def test_rediscard_state_is_handled() -> None:
    rules = VARIANTS["allow_rediscard"]
    hand = Hand.from_deck(rules, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC KD", "QS"))
    hand.apply(DrawDiscard())  # non-dealer takes the upcard
    top = Card.parse("QS")
    hand.apply(Discard(top))  # ...and throws it straight back (allowed with this rule)
    view = hand.view(hand.to_act or 0)
    for level in LEVELS:
        assert make_player(level).choose(view) in hand.legal_actions()


def test_gin_is_always_taken() -> None:
    rules = RuleSet.preset("standard")
    hand = Hand.from_deck(rules, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC KD", "QC"))
    hand.apply(DrawDiscard())
    for level in ("simple", "easy", "medium", "hard", "expert"):
        action = make_player(level).choose(hand.view(1))
        assert isinstance(action, Knock) and action.card == Card.parse("KD"), level


@pytest.mark.parametrize("players", [3, 4])
def test_levels_play_three_and_four_player_matches(players: int) -> None:
    from game.rules import Match

    rules = RuleSet.preset("standard", players=players, target=60)
    match = Match(rules, random.Random(players))
    seats = {p: make_player(("easy", "medium", "simple", "random")[p % 4], p) for p in range(players)}
    hands = 0
    while not match.finished and hands < 60:
        hand = match.new_hand()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = seats[match.seats[seat]].choose(hand.view(seat))
            assert action in hand.legal_actions()
            hand.apply(action)
        match.record_hand(hand)
        hands += 1
    assert match.finished
