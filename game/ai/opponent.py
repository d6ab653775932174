"""Two kinds of opponent, and hands sampled for each: one knocks when it can, one waits for gin.

A player who knocks as soon as its deadwood allows rarely holds a knockable hand it has not
knocked with; a player who waits for gin often does, and then undercuts a knock. Which one
sits across the table changes what a knock risks, so the search levels keep both in mind:

* the prior: :data:`WAITER_PRIOR`, then how long the opponent has gone without knocking,
  which a knock-when-able player seldom does for many turns (``survival``, fitted by
  self-play: ``tools/fit_opponent_model.py``);
* the evidence of each sampled hand: a knock-when-able player cannot hold a knockable hand
  now, and either kind threw away its worst card last (few unmatched cards above it);
* the hand: sampled from the reading of its play (:class:`~game.ai.inference.Belief`) and
  improved by as many stock draws as it has had (up to a cap per kind), keeping its best
  ten cards each time, as its own play would have.

Only public information goes in: the opponent's moves, the turn and the knock limit.
"""

from __future__ import annotations

import random

from game.ai.cardmath import VALUE, indices
from game.ai.evaluate import Evaluator
from game.ai.inference import Belief, isolated
from game.ai.survival import SURVIVAL
from game.ai.tracking import Tracker, opponent_moves
from game.rules import PlayerView

WAITER_PRIOR = 0.35  # the share of opponents that wait for gin, before any evidence
KNOCKER_STEPS = 4  # stock draws a sampled knock-when-able hand is improved by, at most
WAITER_STEPS = 6  # the same for a gin-waiting hand: it has kept improving instead of knocking
EARLY_TURNS = 3  # a gin-waiter still knocks in its first turns (the EAAI-2021 winner's policy)
COULD_KNOCK = 0.05  # a knock-when-able player holding a knockable hand after its discard
KEEP_HIGHER = 0.6  # per unmatched card worth more than the card it just threw away
LEAST_SURVIVAL = 0.01  # never let the turn count alone rule a kind out
GIN_UNCALLED = 0.01  # holding gin after its discard without having gone out


def opponent_turns(view: PlayerView) -> int:
    """How many cards the opponent has drawn this hand."""
    return sum(
        1
        for e in view.history
        if e.player != view.player and e.kind in ("draw_stock", "draw_discard", "take_upcard")
    )


def opponent_stock_draws(view: PlayerView) -> int:
    """How many cards the opponent has drawn from the stock this hand."""
    return sum(1 for e in view.history if e.player != view.player and e.kind == "draw_stock")


def survival(limit: int, turns: int) -> float:
    """Chance that a knock-when-able player had no knockable hand in its first ``turns`` turns."""
    if limit <= 0 or turns <= 0:
        return 1.0
    row = SURVIVAL[min(limit, len(SURVIVAL)) - 1]
    return max(LEAST_SURVIVAL, row[min(turns, len(row) - 1)])


def waiting_prior(view: PlayerView) -> float:
    """The chance the opponent waits for gin, from its turns without a knock (before sampling).

    The turns before its last count here; its last discard is judged on the sampled hands.
    Both kinds knock when they can in the first :data:`EARLY_TURNS` turns.
    """
    turns = max(0, opponent_turns(view) - 1)
    knocker = (1.0 - WAITER_PRIOR) * survival(view.knock_limit, turns)
    waiter = WAITER_PRIOR * survival(view.knock_limit, min(turns, EARLY_TURNS))
    return waiter / (waiter + knocker)


def last_thrown(view: PlayerView) -> int | None:
    """The card index the opponent threw away last, if any."""
    for kind, card in reversed(opponent_moves(view)):
        if kind == "discarded":
            return card.index
    return None


def evidence(view: PlayerView, mask: int, waits: bool, evaluator: Evaluator, thrown: int | None) -> float:
    """How well holding ``mask`` now fits the opponent's play, for one kind of player."""
    if evaluator.deadwood(mask) == 0:
        return GIN_UNCALLED  # anyone goes gin when they can
    weight = 1.0
    if thrown is not None:
        ceiling = VALUE[thrown]
        weight *= KEEP_HIGHER ** sum(1 for i in isolated(mask) if VALUE[i] > ceiling)
    knocks_now = not waits or opponent_turns(view) <= EARLY_TURNS
    if knocks_now and view.knock_limit > 0 and evaluator.deadwood(mask) <= view.knock_limit:
        weight *= COULD_KNOCK
    return weight


def sample_hand(
    belief: Belief | None, tracker: Tracker, evaluator: Evaluator, rng: random.Random, steps: int
) -> int:
    """A likely opponent hand, improved by ``steps`` draws from the rest of the unseen cards."""
    if belief is not None:
        mask = belief.draw(rng)
        rest = indices(tracker.unseen & ~mask)
    else:
        pool = [(i, tracker.holds(i)) for i in indices(tracker.unseen) if tracker.holds(i) > 0]
        keyed = sorted(((rng.random() ** (1.0 / p), i) for i, p in pool), reverse=True)
        mask = tracker.opponent_known
        for _, i in keyed[: tracker.hidden]:
            mask |= 1 << i
        rest = [i for _, i in keyed[tracker.hidden :]]
    for _ in range(min(steps, len(rest))):
        mask = keep_best(mask, rest.pop(rng.randrange(len(rest))), evaluator, tracker.opponent_known)
    return mask


def keep_best(mask: int, card: int, evaluator: Evaluator, held: int = 0) -> int:
    """The best ten of ``mask`` and a drawn ``card``: the least deadwood, the old hand on a tie.

    Cards in ``held`` (seen going into that hand and not since) are never the one thrown.
    """
    bigger = mask | 1 << card
    dw = evaluator.deadwood(bigger)
    best, best_dw = mask, evaluator.deadwood(mask)
    for j in indices(bigger & ~held):
        if dw - VALUE[j] >= best_dw:
            continue
        left = evaluator.deadwood(bigger & ~(1 << j))
        if left < best_dw:
            best, best_dw = bigger & ~(1 << j), left
    return best
