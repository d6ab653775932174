"""The two baselines: uniformly random legal moves, and the classic "simple" player.

The simple player follows the research baseline's public description: take the upcard or
discard only when it ends up in a meld; otherwise draw from the stock; discard the card
leaving the lowest deadwood (random tie-break, never the card just taken); knock as soon as
the deadwood allows; as the defender, lay off everything the best defence lays off.
"""

from __future__ import annotations

from game.ai.base import RuleOfThumbPlayer, decision_rng
from game.ai.search import defence_action
from game.rules import (
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Pass,
    Phase,
    PlayerView,
    best_melds,
    cards_to_mask,
    deadwood_value,
)


class RandomPlayer(RuleOfThumbPlayer):
    """Picks uniformly among the legal actions."""

    level = "random"

    def decide(self, view: PlayerView) -> Action:
        """Nothing to think about."""
        rng = decision_rng(self.seed, self.level, view)
        return rng.choice(view.legal_actions)


class SimplePlayer(RuleOfThumbPlayer):
    """The classic "simple gin rummy player" baseline."""

    level = "simple"

    def decide(self, view: PlayerView) -> Action:
        """Rules of thumb; there is nothing to spread over several slices."""
        legal = view.legal_actions
        phase = view.phase
        hand = cards_to_mask(view.hand)
        if phase in (Phase.UPCARD_OFFER, Phase.DRAW):
            other: Action = DrawStock() if DrawStock() in legal else Pass()
            if DrawDiscard() in legal:
                top = view.discard_pile[-1]
                if top not in best_melds(hand | top.bit).deadwood:
                    return DrawDiscard()
            return other
        if phase is Phase.LAST_CHANCE:
            return DrawDiscard() if DrawDiscard() in legal else Pass()
        if phase is Phase.ARRANGE:
            return next(a for a in legal if isinstance(a, Arrange))
        if phase is Phase.LAYOFF:
            return defence_action(view)
        knocks = [a for a in legal if isinstance(a, Knock)]
        if Knock(None) in knocks:
            return Knock(None)
        if knocks:
            return min(
                knocks, key=lambda k: (deadwood_value(hand & ~k.card.bit) if k.card else 0, -_index(k))
            )
        rng = decision_rng(self.seed, self.level, view)
        options = [a for a in legal if isinstance(a, Discard) and a.card != view.taken_discard]
        if not options:
            options = [a for a in legal if isinstance(a, Discard)]
        scored = [(deadwood_value(hand & ~a.card.bit), rng.random(), a) for a in options]
        return min(scored, key=lambda t: (t[0], t[1]))[2]


def _index(knock: Knock) -> int:
    return knock.card.index if knock.card is not None else -1
