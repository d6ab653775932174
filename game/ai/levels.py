"""The difficulty levels and the factory the game uses.

>>> from game.rules import Hand, RuleSet
>>> import random
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(5))
>>> player = make_player("hard", seed=1)
>>> player.choose(hand.view(1)) in hand.legal_actions()
True
"""

from __future__ import annotations

from game.ai.base import Player
from game.ai.baseline import RandomPlayer, SimplePlayer
from game.ai.search import LevelConfig, SearchPlayer

LEVELS = ("random", "simple", "easy", "medium", "hard", "expert")
#: The arena's opponent styles (:mod:`game.ai.styles`, imported only when one is asked for:
#: the browser build leaves that module out, since the game never plays them).
STYLES = ("early", "waiter")
#: Every player :func:`make_player` builds: the levels, then the arena's opponent styles.
PLAYERS = LEVELS + STYLES

CONFIGS: dict[str, LevelConfig] = {
    # A beginner: counts deadwood only, takes discards only to finish a meld, slips often.
    "easy": LevelConfig("easy", lookahead=0.0, inference=False, safety=0.0, stock_search="estimate",
                        knock_samples=0, mistake_rate=0.35,
                        meld_only_takes=True),
    # Values pairs and connectors, knocks as soon as it may, no reading of the opponent,
    # estimates the stock draw and sometimes slips.
    "medium": LevelConfig("medium", lookahead=1.5, inference=False, safety=0.0, stock_search="estimate",
                          knock_samples=0, mistake_rate=0.1,
                          meld_only_takes=False),
    # Reads the opponent from sampled hands weighted by its play, discards safely, fishes for
    # its likely discards, judges a knock against one more turn by sampling (under the rules'
    # bonuses, the score and the kind of opponent it seems to be), searches the stock cards
    # that would help; now and then settles for a nearly-best discard.
    "hard": LevelConfig("hard", lookahead=1.75, inference=True, safety=6.0, stock_search="helpful",
                        knock_samples=24, mistake_rate=0.08,
                        meld_only_takes=False, max_evaluations=20000, belief_samples=120, fishing=1.0,
                        weigh_stakes=True),
    # Searches every stock card, three discards one draw deeper, samples more opponent hands
    # (also to judge its knocks).
    "expert": LevelConfig("expert", lookahead=1.75, inference=True, safety=6.0, stock_search="every",
                          knock_samples=64, mistake_rate=0.0,
                          meld_only_takes=False, max_evaluations=40000, rerank=3, belief_samples=300,
                          fishing=1.0, weigh_stakes=True),
}  # fmt: skip


def make_player(level: str, seed: int = 0, time_budget_ms: float | None = None) -> Player:
    """A computer player of ``level`` (one of :data:`PLAYERS`), deterministic for ``seed``.

    Each level caps its work per decision (deterministically). ``time_budget_ms`` adds a
    wall-clock cap on thinking time: when a slow machine reaches it, the search falls back
    to its cheaper estimate for that decision (so the result may then depend on speed).
    """
    if level == "random":
        return RandomPlayer(seed)
    if level == "simple":
        return SimplePlayer(seed)
    if level in STYLES:
        from game.ai.styles import EarlyKnocker, GinWaiter

        return EarlyKnocker(seed) if level == "early" else GinWaiter(seed)
    if level not in CONFIGS:
        raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(PLAYERS)}")
    return SearchPlayer(CONFIGS[level], seed, time_budget_ms)
