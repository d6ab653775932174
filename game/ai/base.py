"""What every computer player offers: ``choose`` and its cooperative twin ``think``.

A player sees only a :class:`~game.rules.PlayerView`. Players keep no state between
decisions: each decision draws its randomness from a generator seeded by the player's seed
and the public state, so the same view always gets the same answer, whatever happened
before and in whatever order the decisions are asked for.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Protocol, TypeVar

from game.rules import Action, PlayerView, format_cards

Thinking = Generator[None, None, Action]
T = TypeVar("T")


class Player(Protocol):
    """A computer player of one difficulty level."""

    level: str
    seed: int

    def think(self, view: PlayerView) -> Thinking:
        """Work in small slices (one ``next()`` each); the action is the return value."""
        ...

    def choose(self, view: PlayerView) -> Action:
        """The action for ``view`` (equal to exhausting :meth:`think`)."""
        ...


def finish(work: Generator[None, None, T]) -> T:
    """Run a sliced computation (a :data:`Thinking` generator, say) to its end; its result."""
    while True:
        try:
            next(work)
        except StopIteration as stop:
            result: T = stop.value
            return result


def decision_rng(seed: int, level: str, view: PlayerView) -> random.Random:
    """A generator for one decision, fixed by the seed and what the player can see."""
    key = (
        f"{seed}|{level}|{view.player}|{view.phase.value}|{len(view.history)}|"
        f"{format_cards(sorted(view.hand))}|{format_cards(view.discard_pile)}"
    )
    return random.Random(key)


def check_my_turn(view: PlayerView) -> None:
    """Refuse to decide for a view whose player is not the one to act."""
    if view.to_act != view.player or not view.legal_actions:
        raise ValueError(
            f"player {view.player} is not to act (phase {view.phase.value}, to act {view.to_act})"
        )


class RuleOfThumbPlayer:
    """A player whose every move is one step of rules of thumb, nothing to spread over slices.

    Subclasses name their ``level`` and write :meth:`decide`; ``choose`` and ``think`` are
    the same for all of them."""

    level = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        """The player's action for ``view``."""
        return finish(self.think(view))

    def think(self, view: PlayerView) -> Thinking:
        """:meth:`decide` in one step (a generator, like every player's think)."""
        check_my_turn(view)
        return self.decide(view)
        yield

    def decide(self, view: PlayerView) -> Action:
        """The action, once it is known to be this player's turn."""
        raise NotImplementedError
