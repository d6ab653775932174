"""Computer players: they see a player's view only and choose legal actions.

``make_player(level, seed)`` gives a player of one of :data:`LEVELS` (or of the arena's
opponent styles, :data:`PLAYERS` holds every name); ``player.choose(view)``
returns a legal action for ``view.player`` and ``player.think(view)`` is the same decision
as a generator doing a millisecond or so per ``next()`` (for the render loop);
``hint(view)`` suggests a move with a one-line reason (``think_hint`` in slices).

Modules: ``baseline`` (random and the classic simple player), ``tracking`` (unseen cards
and the opponent's likely hand, from public information only), ``evaluate`` (the hand
evaluator), ``search`` (the expectimax-lite player behind easy..expert), ``levels`` (their
settings), ``styles`` (the arena's early-knocker and gin-waiter), ``hints``, and ``coach`` (:class:`Review`: a played hand's decisions judged
against the expert). No threads, processes or sleeping: everything runs in the browser.

>>> import random
>>> from game.rules import Hand, RuleSet
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(2))
>>> LEVELS[0], LEVELS[-1]
('random', 'expert')
>>> make_player("simple").choose(hand.view(1)) in hand.legal_actions()
True
"""

from game.ai.base import Player, finish
from game.ai.coach import Review
from game.ai.hints import Hint, hint, think_hint
from game.ai.levels import LEVELS, PLAYERS, make_player

__all__ = ["LEVELS", "PLAYERS", "Hint", "Player", "Review", "finish", "hint", "make_player", "think_hint"]
