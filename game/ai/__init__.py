"""Computer players: they see a player's view only and choose legal actions.

>>> import random
>>> from game.rules import Hand, RuleSet
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(2))
>>> LEVELS[0], LEVELS[-1]
('random', 'expert')
>>> make_player("simple").choose(hand.view(1)) in hand.legal_actions()
True
"""

from game.ai.base import Player, finish
from game.ai.hints import Hint, hint
from game.ai.levels import LEVELS, make_player

__all__ = ["LEVELS", "Hint", "Player", "finish", "hint", "make_player"]
