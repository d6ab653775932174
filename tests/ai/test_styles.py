"""The arena's opponent styles keep to the policies they are described by."""

from __future__ import annotations

import random

import pytest

from game.ai import PLAYERS, make_player
from game.ai.search import layoff_mask
from game.ai.styles import EARLY_TURNS, own_turns
from game.arena import RULE_TABLES
from game.rules import (
    Arrange,
    Discard,
    DrawDiscard,
    Hand,
    Knock,
    Pass,
    Phase,
    PlayerView,
    best_melds,
    cards_to_mask,
    deadwood_value,
)
from tests.ai.test_legal import deck_with

STANDARD = RULE_TABLES["standard"]


def watched(style: str, rules_name: str, hands: int, seed: int) -> list[tuple[PlayerView, object]]:
    """Every decision ``style`` made in ``hands`` hands against the expert: (view, action)."""
    seen: list[tuple[PlayerView, object]] = []
    rules = RULE_TABLES[rules_name]
    for n in range(hands):
        hand = Hand.deal(rules, dealer=n % 2, rng=random.Random(f"styles|{seed}|{n}"))
        players = {n % 2: make_player(style, seed + n), 1 - n % 2: make_player("hard", seed + n)}
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            action = players[seat].choose(view)
            if seat == n % 2:
                seen.append((view, action))
            hand.apply(action)
    return seen


def takes_into_a_meld_lowering_deadwood(view: PlayerView) -> bool:
    hand = cards_to_mask(view.hand)
    top = view.discard_pile[-1]
    bigger = hand | top.bit
    joins = top not in best_melds(bigger).deadwood
    lowers = min(deadwood_value(bigger & ~c.bit) for c in view.hand) < deadwood_value(hand)
    return joins and lowers


@pytest.mark.parametrize("rules_name", ["competition", "oklahoma"])
def test_the_gin_waiter_keeps_to_its_policy(rules_name: str) -> None:
    decisions = watched("waiter", rules_name, hands=12, seed=3)
    takes = late_knocks_declined = early_knocks = arranged = 0
    for view, action in decisions:
        hand = cards_to_mask(view.hand)
        if view.phase in (Phase.UPCARD_OFFER, Phase.DRAW) and DrawDiscard() in view.legal_actions:
            # takes a card only when it joins a meld and lowers its deadwood
            assert (action == DrawDiscard()) == takes_into_a_meld_lowering_deadwood(view)
            takes += action == DrawDiscard()
        if view.phase is Phase.DISCARD:
            knocks = [a for a in view.legal_actions if isinstance(a, Knock) and a.card is not None]
            short_of_gin = [k for k in knocks if k.card and deadwood_value(hand & ~k.card.bit) > 0]
            if isinstance(action, Knock) and action.card is not None:
                left = deadwood_value(hand & ~action.card.bit)
                # knocks short of gin only in its first three turns; otherwise only gin
                assert left == 0 or own_turns(view) <= EARLY_TURNS
                early_knocks += left > 0
            elif short_of_gin and own_turns(view) > EARLY_TURNS:
                late_knocks_declined += 1
            if any(deadwood_value(hand & ~k.card.bit) == 0 for k in knocks if k.card):
                assert isinstance(action, Knock)  # gin is never passed up
        if view.phase is Phase.ARRANGE:
            options = [a for a in view.legal_actions if isinstance(a, Arrange)]
            seen = hand | cards_to_mask(view.discard_pile)
            exposure = {a: (layoff_mask(a.melds) & ~seen).bit_count() for a in options}
            assert isinstance(action, Arrange) and exposure[action] == min(exposure.values())
            arranged += 1
    # the hands really put each rule to the test
    assert takes > 0 and late_knocks_declined > 0 and arranged > 0


def test_the_early_knocker_knocks_at_the_first_chance_and_takes_what_lowers_its_count() -> None:
    decisions = watched("early", "standard", hands=12, seed=5)
    knocked = taken = passed = 0
    for view, action in decisions:
        hand = cards_to_mask(view.hand)
        if view.phase is Phase.DISCARD:
            knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
            assert bool(knocks) == isinstance(action, Knock)
            if isinstance(action, Knock) and action.card is not None:
                best = min(deadwood_value(hand & ~k.card.bit) for k in knocks if k.card)
                assert deadwood_value(hand & ~action.card.bit) == best
                knocked += 1
            if isinstance(action, Discard):
                kept = deadwood_value(hand & ~action.card.bit)
                assert kept == min(
                    deadwood_value(hand & ~c.bit) for c in view.hand if Discard(c) in view.legal_actions
                )
        if view.phase in (Phase.UPCARD_OFFER, Phase.DRAW) and DrawDiscard() in view.legal_actions:
            top = view.discard_pile[-1]
            lowers = min(deadwood_value((hand | top.bit) & ~c.bit) for c in view.hand) < deadwood_value(hand)
            assert (action == DrawDiscard()) == lowers
            taken += action == DrawDiscard()
            passed += action != DrawDiscard()
    assert knocked > 0 and taken > 0 and passed > 0


def test_the_gin_waiter_knocks_early_but_not_later() -> None:
    # 2H 3H 4H 5S 5D 5C 9C TC JC and 3D: taking the 8D upcard leaves a knock with 3
    early = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC 3D", "8D"))
    early.apply(DrawDiscard())
    action = make_player("waiter").choose(early.view(1))
    assert isinstance(action, Knock) and action.card is not None


def test_the_styles_are_players_but_not_menu_levels() -> None:
    from game.ai import LEVELS

    assert "waiter" in PLAYERS and "early" in PLAYERS
    assert "waiter" not in LEVELS and "early" not in LEVELS
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 6C 9C TC JC KD", "8D"))
    for style in ("waiter", "early"):
        assert make_player(style, 1).choose(hand.view(1)) in (DrawDiscard(), Pass())
