"""A cheap seeded policy that plays legal actions and knocks often, to drive random games."""

from __future__ import annotations

import random

from game.rules import (
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    Knock,
    LayOff,
    Pass,
    Phase,
    cards_to_mask,
    deadwood_value,
)


def choose(hand: Hand, rng: random.Random, greed: float = 0.8) -> Action:
    """A legal action: greedy (keep deadwood low, knock when allowed) with probability ``greed``."""
    legal = hand.legal_actions()
    assert legal, f"no legal action in phase {hand.phase}"
    if rng.random() > greed:
        return rng.choice(legal)
    player = hand.to_act
    assert player is not None
    held = hand.hands[player]
    mask = cards_to_mask(held)
    phase = hand.phase
    if phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.LAST_CHANCE):
        if DrawDiscard() in legal:
            with_top = mask | hand.discard_pile[-1].bit
            after = min(deadwood_value(with_top & ~c.bit) for c in held)
            if after < deadwood_value(mask):
                return DrawDiscard()
        return DrawStock() if DrawStock() in legal else Pass()
    if phase is Phase.DISCARD:
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            return rng.choice(knocks)
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: (deadwood_value(mask & ~a.card.bit), rng.random()))
    if phase is Phase.ARRANGE:
        return legal[0] if rng.random() < 0.7 else rng.choice([a for a in legal if isinstance(a, Arrange)])
    if phase is Phase.LAYOFF:
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        return rng.choice(layoffs) if layoffs and rng.random() < 0.8 else EndLayoff()
    return rng.choice(legal)


def play_out(hand: Hand, rng: random.Random, greed: float = 0.8, check: bool = False) -> None:
    """Play a hand to its end; with ``check``, verify card conservation after every action."""
    while not hand.is_over:
        hand.apply(choose(hand, rng, greed))
        if check:
            hand.check_invariants()


def play_to_void(hand: Hand) -> None:
    """Both refuse the upcard, then everybody draws from the stock and throws that card away."""
    while not hand.is_over:
        player = hand.to_act
        assert player is not None
        if hand.phase in (Phase.UPCARD_OFFER, Phase.LAST_CHANCE):
            hand.apply(Pass())
        elif hand.phase is Phase.DRAW:
            hand.apply(DrawStock())
        else:
            hand.apply(Discard(hand.hands[player][-1]))
