"""Shared helpers for the AI tests: playing hands and building look-alike hands."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai import make_player
from game.rules import FULL_DECK, Action, Card, Hand, Phase, RuleSet, cards_to_mask

VARIANTS: dict[str, RuleSet] = {
    "standard": RuleSet.preset("standard"),
    "oklahoma": RuleSet.preset("oklahoma"),
    "simple": RuleSet.preset("simple"),
    "eleven_card_deal": RuleSet.preset("standard", eleven_card_deal=True),
    "allow_rediscard": RuleSet.preset("standard", bonuses="association", allow_rediscard=True),
    "last_discard_chance": RuleSet.preset("standard", last_discard_chance=True),
    "big_gin": RuleSet.preset("standard", big_gin=True),
    "oklahoma_ace_gin_only": RuleSet.preset("oklahoma", oklahoma_ace_gin_only=True),
}


def shuffled_deck(seed: int) -> list[Card]:
    """A deck shuffled by ``seed``."""
    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    return deck


def play(hand: Hand, policy: Callable[[Hand], Action], stop: Callable[[Hand], bool] | None = None) -> Hand:
    """Apply ``policy`` until the hand is over or ``stop`` says so."""
    while not hand.is_over and not (stop is not None and stop(hand)):
        hand.apply(policy(hand))
    return hand


def level_policy(level: str, seed: int = 0) -> Callable[[Hand], Action]:
    """A policy that asks a player of ``level`` for every seat."""
    player = make_player(level, seed)
    return lambda hand: player.choose(hand.view(hand.to_act or 0))


def hidden_cards(hand: Hand, player: int) -> int:
    """Mask of the cards ``player`` cannot see: the opponent's unseen cards and the stock."""
    other = 1 - player
    known = cards_to_mask(hand.known[other])
    return (cards_to_mask(hand.hands[other]) & ~known) | cards_to_mask(hand.stock)


def look_alike(hand: Hand, player: int, seed: int) -> Hand:
    """The same hand replayed from a deck whose hidden cards (for ``player``) are permuted.

    Only positions holding cards that ``player`` cannot see are shuffled among themselves,
    so every public event is unchanged while the opponent's hand and the stock differ.
    """
    hidden = hidden_cards(hand, player)
    positions = [n for n, card in enumerate(hand.deck) if hidden & card.bit]
    cards = [hand.deck[n] for n in positions]
    rng = random.Random(seed)
    for _ in range(20):
        rng.shuffle(cards)
        if len(cards) < 2 or any(
            a != b for a, b in zip(cards, (hand.deck[n] for n in positions), strict=True)
        ):
            break
    deck = list(hand.deck)
    for n, card in zip(positions, cards, strict=True):
        deck[n] = card
    twin = Hand.from_deck(hand.rules, hand.dealer, deck, hand.scores)
    for _, action in hand.actions:
        twin.apply(action)
    return twin


def mid_hand_states(rules: RuleSet, seed: int, count: int) -> list[Hand]:
    """Hands stopped at ``count`` different moments of play (simple players), still running."""
    states: list[Hand] = []
    rng = random.Random(seed)
    policy = level_policy("simple", seed)
    attempt = 0
    while len(states) < count:
        attempt += 1
        hand = Hand.from_deck(rules, attempt % 2, shuffled_deck(seed * 1000 + attempt))
        steps = rng.randrange(0, 40)
        n = 0

        def stop(h: Hand, limit: int = steps) -> bool:
            nonlocal n
            n += 1
            return n > limit or h.phase in (Phase.ARRANGE, Phase.LAYOFF)

        play(hand, policy, stop)
        if not hand.is_over:
            states.append(hand)
    return states
