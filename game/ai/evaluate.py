"""A fast hand evaluator: deadwood now, and how much the next draws are likely to help.

The value of a ten-card hand (lower is better, in deadwood points) is

    g(deadwood) - lookahead * E[ g(deadwood) - g(best deadwood after one more stock card) ]

where g rewards reaching the knock limit and gin (by what a knock and a gin are worth under
the rules and the score being played), and the expectation runs over the unseen cards
weighted by their chance of being in the stock. ``lookahead`` stands for the number
of useful draws still to come, so pairs and connectors with live cards count, dead ones do
not. Everything works on bit masks with the engine's deadwood solver, cached per decision.

>>> from game.rules import cards_to_mask, parse_cards
>>> ev = Evaluator(knock_limit=10, gin_bonus=20, lookahead=2.0, stock=[(i, 1 / 52) for i in range(52)])
>>> ev.deadwood(cards_to_mask(parse_cards("7H 8H 9H 2C 2D")))
4
>>> pair = cards_to_mask(parse_cards("KH KS 7H 8H 9H 2C 3D 4S 5C 9D"))
>>> ev.hand_cost(pair) < ev.deadwood(pair)
True
"""

from __future__ import annotations

from game.ai.cardmath import TOUCHING, VALUE, least_after_discard
from game.rules import deadwood_value

KNOCK_REWARD = 12.0  # what being able to knock is worth, in deadwood points


class Evaluator:
    """Hand values for one decision (it caches deadwood per mask)."""

    def __init__(
        self,
        knock_limit: int,
        gin_bonus: int,
        lookahead: float,
        stock: list[tuple[int, float]],
        discards: dict[int, float] | None = None,
        worth: tuple[float, float] = (1.0, 1.0),
    ) -> None:
        """``worth`` scales what being able to knock and what gin are worth (both 1 under the
        classic bonuses at the start of a match: :func:`game.ai.stakes.reward_scales`)."""
        self.knock_limit = knock_limit
        self.knock_reward = KNOCK_REWARD * worth[0]
        self.gin_reward = (
            self.knock_reward + (gin_bonus * (0.5 if knock_limit > 0 else 1.0) + 10.0) * worth[1]
        )
        self.lookahead = lookahead
        self.stock = stock
        self.discards = discards or {}  # card index: chance it is the opponent's next discard
        self._cache: dict[int, int] = {}
        self._costs: dict[tuple[int, float], float] = {}
        self.calls = 0

    def deadwood(self, mask: int) -> int:
        """Lowest deadwood of a mask (cached)."""
        value = self._cache.get(mask)
        if value is None:
            self.calls += 1
            value = deadwood_value(mask)
            self._cache[mask] = value
        return value

    def g(self, deadwood: int) -> float:
        """Deadwood with the rewards for being able to knock or go gin."""
        if deadwood == 0:
            return -self.gin_reward
        if deadwood <= self.knock_limit:
            return deadwood - self.knock_reward
        return float(deadwood)

    def best_after_discard(self, mask: int, dw: int | None = None) -> int:
        """Lowest deadwood left after discarding one card of ``mask``."""
        return least_after_discard(mask, self.deadwood, dw)

    def improvement(self, mask: int) -> float:
        """Expected drop of g over one stock draw (keeping the best ten cards)."""
        dw = self.deadwood(mask)
        best_removal = self.best_after_discard(mask, dw)
        g_now = self.g(dw)
        total = 0.0
        gains: list[tuple[int, float]] = []
        for i, weight in self.stock:
            if mask >> i & 1:
                continue
            if mask & TOUCHING[i]:
                bigger = mask | 1 << i
                after = min(dw, self.best_after_discard(bigger))
            else:
                after = min(dw, best_removal + VALUE[i])
            if after < dw:
                gain = g_now - self.g(after)
                total += weight * gain
                if i in self.discards:
                    gains.append((i, gain))
        # The opponent's next discard is a second chance: taken when it beats a stock draw.
        for i, gain in gains:
            if gain > total:
                total += self.discards[i] * (gain - total)
        return total

    def hand_cost(self, mask: int, lookahead: float | None = None) -> float:
        """Value of holding ``mask`` at the end of a turn: lower is better."""
        reach = self.lookahead if lookahead is None else lookahead
        if reach <= 0:
            return self.g(self.deadwood(mask))
        key = (mask, reach)
        cost = self._costs.get(key)
        if cost is None:
            cost = self.g(self.deadwood(mask)) - reach * self.improvement(mask)
            self._costs[key] = cost
        return cost
