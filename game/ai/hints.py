"""Hints for a human player: the move the hard level would make, and why, in one line.

>>> import random
>>> from game.rules import Hand, RuleSet
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(5))
>>> tip = hint(hand.view(1))
>>> tip.action in hand.legal_actions(), bool(tip.reason)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.levels import CONFIGS
from game.ai.reasons import discard_reason, discard_values
from game.ai.search import SearchPlayer
from game.rules import (
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Knock,
    LayOff,
    Pass,
    Phase,
    PlayerView,
    best_melds,
    card_symbol,
    cards_to_mask,
    deadwood_value,
)


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and a one-line reason naming real cards."""

    action: Action
    reason: str


HINT_REASON_LEVEL = "hard"
"""The level whose values say why a hinted discard (the level :func:`hint` asks)."""


def hint(view: PlayerView, seed: int = 0) -> Hint:
    """What the hard level would do for ``view``'s player, with the reason."""
    action = SearchPlayer(CONFIGS["hard"], seed).choose(view)
    return Hint(action, explain(view, action))


def symbols(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards as display text, e.g. ``"7♥8♥9♥"``."""
    return "".join(card_symbol(c) for c in sorted(cards, key=lambda c: (c.suit, c.rank)))


def explain(view: PlayerView, action: Action) -> str:
    """A one-line reason for ``action`` in ``view``, naming the cards involved."""
    hand = tuple(view.hand)
    top = view.discard_pile[-1] if view.discard_pile else None
    if isinstance(action, Discard):
        # What decided it, by the hint level's own values of the discards (issue 18).
        why = discard_reason(view, action.card, discard_values(view, HINT_REASON_LEVEL))
        reason = f"Discard {card_symbol(action.card)}: {why}"
        if any(isinstance(a, Knock) for a in view.legal_actions):
            reason += "; no knock yet, the opponent may well undercut"
        return reason
    if isinstance(action, Knock):
        if action.card is None:
            return "Big gin: all eleven cards " + symbols(hand) + " are melded"
        kept = tuple(c for c in hand if c != action.card)
        count = deadwood_value(kept)
        if count == 0:
            return f"Gin! Discard {card_symbol(action.card)} face down: every other card is melded"
        return (
            f"Knock, discarding {card_symbol(action.card)}: {count} deadwood is within the limit of "
            f"{view.knock_limit}"
        )
    if isinstance(action, DrawDiscard) and top is not None:
        with_top = best_melds(cards_to_mask(hand) | top.bit)
        for meld in with_top.melds:
            if top in meld:
                return f"Take {card_symbol(top)}: it makes the meld {symbols(meld)}"
        mates = [
            c for c in hand if c.rank == top.rank or (c.suit == top.suit and abs(c.rank - top.rank) <= 2)
        ]
        if mates:
            return f"Take {card_symbol(top)}: it goes with {symbols(mates[:2])}"
        return f"Take {card_symbol(top)}: a low card that lowers your deadwood"
    if isinstance(action, DrawStock | Pass) and view.phase is not Phase.LAST_CHANCE:
        verb = "Draw from the stock" if isinstance(action, DrawStock) else "Pass"
        if top is None:
            return f"{verb}: there is no discard to take"
        if DrawDiscard() not in view.legal_actions:
            return f"{verb}: {card_symbol(top)} may not be taken now"
        mates = [
            c for c in hand if c.rank == top.rank or (c.suit == top.suit and abs(c.rank - top.rank) <= 2)
        ]
        if mates:
            return (
                f"{verb}: {card_symbol(top)} would only go with {symbols(mates[:2])}; "
                "an unknown card is likely to help more"
            )
        return f"{verb}: {card_symbol(top)} does not go with any of your cards"
    if isinstance(action, Pass) and top is not None:
        return f"Pass: taking {card_symbol(top)} would not give a good knock"
    if isinstance(action, DrawDiscard):
        return "Take the discard"
    if isinstance(action, Arrange):
        used = {c for m in action.melds for c in m}
        count = sum(c.value for c in hand if c not in used)
        melds = " ".join(symbols(m) for m in action.melds)
        return f"Lay out {melds}: {count} deadwood and the fewest likely layoffs"
    if isinstance(action, LayOff):
        meld = view.knocker_melds[action.meld_index]
        return f"Lay off {card_symbol(action.card)} on {symbols(meld)}"
    if isinstance(action, EndLayoff):
        return "Finish: nothing more of " + (symbols(hand) or "your hand") + " can be laid off"
    return str(action)
