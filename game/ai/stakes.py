"""What a hand's result is worth in the match: the chance of winning the match, by the score.

A knock for 12 points is worth a lot when it takes you to the target and very little when
the opponent needs only one more hand of any size. :class:`MatchStakes` turns a hand's
result (points to the player, negative when the opponent scores) into the chance of
winning the match from the score it leaves, and back into points "at the start of a
match" (:meth:`MatchStakes.value`), the unit the rest of the AI compares in. At 0-0 a point
is a point; near the end of a match the same points can be worth far more or far less.

The chances come from a table over the points each side still needs, filled once per set
of rules by assuming each later hand is won by either side evenly, with points spread as
the bonuses of those rules make them (:func:`hand_spread`). Boxes and the game bonus
change the final totals, never who reaches the target first, so they do not enter.

>>> from game.rules import RuleSet
>>> rules = RuleSet.preset("standard")
>>> level = MatchStakes(rules, mine=0, theirs=0)
>>> round(level.chance(0), 2), 9 < level.value(10) < 11
(0.5, True)
>>> MatchStakes(rules, mine=90, theirs=0).chance(10)
1.0
>>> near = MatchStakes(rules, mine=0, theirs=95)  # any hand the opponent wins ends the match
>>> near.value(-5) == near.value(-50)
True
"""

from __future__ import annotations

import math
from functools import lru_cache

from game.rules import RuleSet, Variant

GRID = 25  # cells along each side of the match table (the points still needed)

#: A decided hand when knocking is allowed: (share, typical points) of knocks, gins and
#: undercuts, the bonuses added to the gin and undercut points. Shares and spreads follow
#: the arena's hands between the levels and the opponent styles (about 75% knocks).
KNOCK_POINTS = ((0.15, 2), (0.2, 6), (0.2, 10), (0.2, 15), (0.15, 22), (0.1, 32))
GIN_POINTS = ((0.25, 8), (0.35, 18), (0.3, 30), (0.1, 45))
UNDERCUT_POINTS = ((0.3, 1), (0.35, 5), (0.25, 10), (0.1, 18))
SHARES = (0.75, 0.12, 0.13)  # knock, gin, undercut


def hand_spread(rules: RuleSet) -> tuple[tuple[float, int], ...]:
    """A typical spread of one decided hand's points for its winner, as (chance, points)."""
    spread: list[tuple[float, int]] = []
    if rules.variant is Variant.SIMPLE or rules.knock_limit == 0:
        spread = [(p, rules.gin_bonus + x) for p, x in GIN_POINTS]
    else:
        knock, gin, undercut = SHARES
        spread += [(knock * p, x) for p, x in KNOCK_POINTS]
        spread += [(gin * p, rules.gin_bonus + x) for p, x in GIN_POINTS]
        spread += [(undercut * p, rules.undercut_bonus + x) for p, x in UNDERCUT_POINTS]
    if rules.variant is Variant.OKLAHOMA and rules.oklahoma_spade_double:
        spread = [(p * 0.75, x) for p, x in spread] + [(p * 0.25, 2 * x) for p, x in spread]
    return tuple(spread)


@lru_cache(maxsize=32)
def _table(spread: tuple[tuple[float, int], ...], target: int) -> tuple[float, tuple[tuple[float, ...], ...]]:
    """(points per cell, chances[a][b]) of winning needing ``a`` cells against ``b``."""
    step = max(1.0, target / GRID)
    moves: dict[int, float] = {}
    for p, x in spread:
        cells = max(1, round(x / step))
        moves[cells] = moves.get(cells, 0.0) + p
    total = sum(moves.values())
    half = {cells: p / total / 2 for cells, p in moves.items()}
    size = GRID + 1
    chances = [[0.0] * size for _ in range(size)]
    for b in range(1, size):
        chances[0][b] = 1.0
    chances[0][0] = 0.5
    for a in range(1, size):
        for b in range(1, size):
            chances[a][b] = sum(
                p * (chances[max(0, a - x)][b] + chances[a][max(0, b - x)]) for x, p in half.items()
            )
    return step, tuple(tuple(row) for row in chances)


class MatchStakes:
    """The match chances of one player, from the score before a hand."""

    def __init__(self, rules: RuleSet, mine: int, theirs: int) -> None:
        self.target = rules.match_target
        self.need = (self.target - mine, self.target - theirs)
        self.step, self.table = _table(hand_spread(rules), self.target)
        level = self._at(self.target, self.target - 10) - self._at(self.target - 10, self.target)
        self.rate = max(1e-9, -level / 20.0)  # chance per point at the start of a match
        self.now = self.chance(0)

    def _at(self, mine_needs: float, theirs_needs: float) -> float:
        """The chance of winning when each side needs these points (interpolated)."""
        if mine_needs <= 0:
            return 1.0
        if theirs_needs <= 0:
            return 0.0
        a = min(float(GRID), mine_needs / self.step)
        b = min(float(GRID), theirs_needs / self.step)
        a0, b0 = min(GRID - 1, math.floor(a)), min(GRID - 1, math.floor(b))
        da, db = a - a0, b - b0
        t = self.table
        return (
            t[a0][b0] * (1 - da) * (1 - db)
            + t[a0 + 1][b0] * da * (1 - db)
            + t[a0][b0 + 1] * (1 - da) * db
            + t[a0 + 1][b0 + 1] * da * db
        )

    def chance(self, points: float) -> float:
        """The chance of winning the match after a hand giving ``points`` (negative: lost)."""
        mine, theirs = self.need
        if points >= 0:
            return self._at(mine - points, theirs)
        return self._at(mine, theirs + points)

    def value(self, points: float) -> float:
        """A hand's ``points`` in points at the start of a match (0 for a void hand)."""
        return (self.chance(points) - self.now) / self.rate


#: What the evaluator's rewards stand for: a knock that wins scores about this, a gin the
#: gin bonus plus about this, and an undercut costs the undercut bonus plus about this.
TYPICAL_KNOCK = 12
TYPICAL_GIN = 18
TYPICAL_UNDERCUT = 6
#: The chance a knock is undercut: this, plus this much more for each unit of the chance
#: that the opponent waits for gin (such opponents hold low hands and undercut often).
BASE_UNDERCUT = 0.08
WAITER_UNDERCUT = 0.2
#: The reference the scales are relative to: the classic bonuses at 0-0, the prior opponent.
_CLASSIC_UNDERCUT = 10
SCALE_RANGE = (0.25, 3.0)


def reward_scales(
    rules: RuleSet, stakes: MatchStakes, waiting: float, reference_waiting: float
) -> tuple[float, float]:
    """How much more (or less) being able to knock, and going gin, are worth than under the
    classic bonuses at the start of a match, for the hand evaluator (1 and 1 there).

    A knock is worth what it wins, less what an undercut costs at the undercut bonus of these
    rules (undercuts are likelier the likelier the opponent ``waiting`` for gin is); gin is
    worth its bonus over a knock. Both go through the match score and are taken relative to
    what a typical swing of points is worth at this score, since the evaluator's other unit,
    the deadwood, is points too: at 0 to 95 a knock hardly matters but gin still might.
    """
    value = stakes.value
    rate = max(1e-6, (value(TYPICAL_KNOCK) - value(-TYPICAL_KNOCK)) / (2 * TYPICAL_KNOCK))
    low, high = SCALE_RANGE
    gin_points = rules.gin_bonus + TYPICAL_GIN
    if rules.variant is Variant.SIMPLE:
        return 1.0, 1.0  # every decided hand is a gin: its bonus is all there is to weigh
    chance = BASE_UNDERCUT + WAITER_UNDERCUT * waiting
    reference_chance = BASE_UNDERCUT + WAITER_UNDERCUT * reference_waiting
    reference = (1 - reference_chance) * TYPICAL_KNOCK - reference_chance * (
        _CLASSIC_UNDERCUT + TYPICAL_UNDERCUT
    )
    here = (1 - chance) * value(TYPICAL_KNOCK) + chance * value(-(rules.undercut_bonus + TYPICAL_UNDERCUT))
    knock = min(high, max(low, here / rate / reference))
    extra = (value(gin_points) - value(TYPICAL_KNOCK)) / rate
    gin = min(high, max(low, extra / (gin_points - TYPICAL_KNOCK)))
    return knock, gin
