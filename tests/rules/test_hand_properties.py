"""Properties of whole hands: cards conserved, scores consistent, illegal actions refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import (
    FULL_DECK,
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    IllegalAction,
    Knock,
    LayOff,
    Pass,
    Phase,
    ResultKind,
    RuleSet,
    best_melds,
    deadwood_value,
    default_arrangement,
    knock_arrangements,
    parse_cards,
    score_hand,
)
from tests.rules.conftest import hand_state
from tests.rules.options import HAND_RULE_SETS, rules_id
from tests.rules.players import choose, play_out

GAMES_PER_RULE_SET = 50  # 40 rule sets: 2000 games


def check_finished(hand: Hand) -> None:
    """The result agrees with the cards on the table and the scoring rules."""
    result = hand.result
    assert result is not None
    if hand.phase is Phase.VOID:
        assert result.kind is ResultKind.VOID and result.winner is None and result.points == 0
        assert len(hand.stock) == 2
        return
    assert hand.phase is Phase.FINISHED and hand.knocker is not None
    knocker, defender = hand.knocker, 1 - hand.knocker
    knocker_count = sum(c.value for c in hand.knocker_deadwood)
    defender_count = best_melds(hand.hands[defender]).deadwood_value
    big_gin = hand.knock_card is None
    gin = knocker_count == 0
    assert knocker_count <= (0 if big_gin else hand.knock_limit)
    if gin:
        assert hand.layoffs == []  # no layoffs after gin
    assert hand.hands[knocker] == []
    expected = score_hand(
        hand.rules,
        knocker=knocker,
        knocker_count=knocker_count,
        defender_count=defender_count,
        gin=gin and not big_gin,
        big_gin=gin and big_gin,
        spade_upcard=hand.upcard is not None and hand.upcard.suit == 3,
    )
    assert result == expected
    if result.kind in (ResultKind.GIN, ResultKind.BIG_GIN):
        assert result.winner == knocker  # gin is never undercut
    elif result.kind is ResultKind.UNDERCUT:
        assert knocker_count >= defender_count and result.winner == defender
    else:
        assert knocker_count < defender_count and result.winner == knocker


def check_views(hand: Hand) -> None:
    """Each player sees their own cards and never the opponent's until the hand is over."""
    for player in (0, 1):
        view = hand.view(player)
        assert view.hand == tuple(hand.hands[player])
        assert view.stock_size == len(hand.stock)
        assert view.opponent_hand_size == len(hand.hands[1 - player])
        if hand.is_over:
            assert view.opponent_hand == tuple(hand.hands[1 - player])
        else:
            assert view.opponent_hand is None
            assert set(view.opponent_known) <= set(hand.hands[1 - player])
        assert set(view.legal_actions) == (set(hand.legal_actions()) if hand.to_act == player else set())


def check_default_arrangement_does_not_peek(hand: Hand) -> None:
    """The default layout depends only on what the knocker has seen: their own cards, the
    discard pile and the knock card; it is the lowest deadwood of the legal layouts."""
    knocker = hand.knocker
    assert knocker is not None
    held = hand.hands[knocker]
    seen = [*held, *hand.discard_pile, *([hand.knock_card] if hand.knock_card else [])]
    limit = 0 if hand.knock_card is None else hand.knock_limit
    expected = default_arrangement(held, limit, seen)
    assert expected is not None
    chosen = hand.default_arrangement()
    assert chosen == Arrange(expected.melds)
    assert hand.legal_actions()[0] == chosen
    assert expected.deadwood_value == deadwood_value(held)


@pytest.mark.parametrize("rules", HAND_RULE_SETS, ids=rules_id)
def test_cards_conserved_through_random_games(rules: RuleSet) -> None:
    kinds: set[ResultKind] = set()
    for seed in range(GAMES_PER_RULE_SET):
        rng = random.Random(seed)
        hand = Hand.deal(rules, seed % 2, rng)
        hand.check_invariants()
        steps = 0
        while not hand.is_over:
            action = choose(hand, rng, greed=0.8 if seed % 3 else 0.3)
            hand.apply(action)
            hand.check_invariants()
            steps += 1
            assert steps < 200
            if steps % 17 == 0:
                check_views(hand)
            if hand.phase is Phase.ARRANGE:
                check_default_arrangement_does_not_peek(hand)
        check_views(hand)
        check_finished(hand)
        assert hand.result is not None
        kinds.add(hand.result.kind)
    assert ResultKind.KNOCK in kinds or rules.knock_limit == 0 or rules.variant.value == "oklahoma"
    assert kinds - {ResultKind.VOID}, "no hand was ever won: the policy never knocks?"


# --- illegal actions ---------------------------------------------------------------------------


def candidate_actions(hand: Hand, rng: random.Random) -> list[Action]:
    """Actions of every type, most of them illegal now: wrong phase, cards not held, bad meld
    indexes and bad arrangements."""
    deck_sample = rng.sample(FULL_DECK, 8)
    player = hand.to_act if hand.to_act is not None else 0
    mine = list(hand.hands[player])
    theirs = list(hand.hands[1 - player])
    cards = {*deck_sample, *mine[:6], *theirs[:3], *hand.discard_pile[-2:]}
    out: list[Action] = [DrawStock(), DrawDiscard(), Pass(), EndLayoff(), Knock(None)]
    for card in cards:
        out += [Discard(card), Knock(card)]
    melds = max(len(hand.knocker_melds), 1)
    for card in list(cards)[:8]:
        out += [LayOff(card, i) for i in (-1, 0, melds - 1, melds, melds + 3)]
    # Arrangements: over the limit, of the opponent's cards, not melds, cards used twice.
    for source in (mine, theirs):
        for arrangement in knock_arrangements(source, 100)[:4]:
            out.append(Arrange(arrangement.melds))
    out.append(Arrange([mine[:3]]) if len(mine) >= 3 else Arrange([]))
    out.append(Arrange([parse_cards("QH KH AH")]))
    out.append(Arrange([parse_cards("7C 7D"), parse_cards("7H 7S")]))
    own = best_melds(mine).melds
    if own:
        out.append(Arrange([own[0], own[0]]))
    out.append(Arrange([]))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(HAND_RULE_SETS),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 90),
)
def test_every_illegal_action_is_refused_and_changes_nothing(rules: RuleSet, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 2, rng)
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(choose(hand, rng, greed=0.85))
    legal = set(hand.legal_actions())
    for action in candidate_actions(hand, rng):
        allowed = hand.can(action)
        assert allowed == (action in legal), f"{action} in {hand.phase}: can={allowed}"
        if allowed:
            continue
        before = hand_state(hand)
        with pytest.raises(IllegalAction) as refused:
            hand.apply(action)
        assert len(str(refused.value)) > 10, "the message must say why"
        assert hand_state(hand) == before, f"refused {action} changed the hand"
    # Every listed action really is accepted.
    for action in legal:
        assert hand.can(action)


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(HAND_RULE_SETS), seed=st.integers(0, 2**32 - 1))
def test_finished_hand_refuses_everything(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(rules, 0, rng)
    play_out(hand, rng)
    assert hand.legal_actions() == [] and hand.to_act is None
    before = hand_state(hand)
    for action in candidate_actions(hand, rng):
        with pytest.raises(IllegalAction, match="over"):
            hand.apply(action)
    assert hand_state(hand) == before
