"""Fairness: a player's decision depends only on what its view shows."""

from __future__ import annotations

import pytest

from game.ai import PLAYERS, make_player
from game.rules import Phase, cards_to_mask
from tests.ai.helpers import VARIANTS, hidden_cards, look_alike, mid_hand_states


@pytest.mark.parametrize("variant", ["standard", "oklahoma", "simple", "allow_rediscard"])
def test_decisions_ignore_hidden_cards(variant: str) -> None:
    states = mid_hand_states(VARIANTS[variant], seed=11, count=6)
    checked = 0
    for n, hand in enumerate(states):
        player = hand.to_act
        assert player is not None
        twin = look_alike(hand, player, seed=n)
        view, twin_view = hand.view(player), twin.view(player)
        assert view == twin_view
        if hidden_cards(hand, player) > 0 and hand.phase is not Phase.LAYOFF:
            # the twin really differs in what is hidden
            assert hand.hands[1 - player] != twin.hands[1 - player] or hand.stock != twin.stock
        for level in PLAYERS:
            assert make_player(level, seed=5).choose(view) == make_player(level, seed=5).choose(twin_view), (
                level,
                variant,
            )
            checked += 1
    assert checked == len(states) * len(PLAYERS)


def test_look_alike_hands_differ_in_hidden_cards() -> None:
    hand = mid_hand_states(VARIANTS["standard"], seed=3, count=1)[0]
    player = hand.to_act or 0
    twin = look_alike(hand, player, seed=1)
    assert sorted(hand.hands[1 - player]) != sorted(twin.hands[1 - player]) or hand.stock != twin.stock
    # a "player" that peeked at the opponent's hand would tell the two apart
    assert cards_to_mask(hand.hands[1 - player]) != cards_to_mask(twin.hands[1 - player]) or (
        hand.stock != twin.stock
    )


def test_views_never_show_hidden_cards() -> None:
    for hand in mid_hand_states(VARIANTS["standard"], seed=7, count=10):
        for player in (0, 1):
            view = hand.view(player)
            hidden = hidden_cards(hand, player)
            shown = (
                cards_to_mask(view.hand)
                | cards_to_mask(view.discard_pile)
                | cards_to_mask(view.opponent_known)
            )
            shown |= cards_to_mask(e.card for e in view.history if e.card is not None)
            assert shown & hidden == 0
            assert view.opponent_hand is None
