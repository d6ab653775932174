"""AI seats at the table: thinking a little every frame so the loop never stalls.

`player.think(view)` is a generator; `ThinkingSeat.step()` advances it until a per-frame
time budget is spent, and reports the action once the generator returns it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator
from typing import Any

from game.rules import Action, Arrange, EndLayoff, Knock, PlayerView

HUMAN = 0
"""The human's seat: seat 0 of every hand (and player 0 of the match)."""
AI = 1
"""The computer's seat."""

THINK_BUDGET_S = 0.004
"""Time an AI may think per frame (seconds)."""


def fallback_choice(view: PlayerView, rng: random.Random) -> Action:
    """A tiny stand-in chooser used only when `game.ai` is missing: random legal moves,
    except that it lays out the engine's best arrangement and stops laying off at once."""
    legal = list(view.legal_actions)
    for action in legal:
        if isinstance(action, Arrange):
            return action
    knocks = [a for a in legal if isinstance(a, Knock)]
    if knocks:
        return knocks[0]
    if any(isinstance(a, EndLayoff) for a in legal):
        return next(a for a in legal if isinstance(a, EndLayoff))
    return rng.choice(legal)


class _FallbackPlayer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def think(self, view: PlayerView) -> Generator[None, None, Action]:
        yield
        return fallback_choice(view, self.rng)


def make_ai(level: str, seed: int) -> Any:
    """An AI player of `level` from `game.ai`, or the fallback when it is not there yet."""
    try:
        from game.ai import make_player
    except ImportError:
        return _FallbackPlayer(seed)
    try:
        return make_player(level, seed=seed)
    except Exception:
        return _FallbackPlayer(seed)


HINT_LEVEL = "hard"
"""The level whose choice a hint shows (the same as `game.ai.hint`)."""


def explain_hint(view: PlayerView, action: Action) -> str:
    """Why `action` is good in `view`, in one line (from `game.ai` when it can say)."""
    try:
        from game.ai.hints import explain
    except ImportError:
        return f"Try: {action}"
    try:
        return str(explain(view, action))
    except Exception:  # a hint is a nicety; never crash the table for it
        return f"Try: {action}"


class ThinkingSeat:
    """Drives one AI player's cooperative `think` generator across frames."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self._thought: Generator[None, None, Action] | None = None
        self._view: PlayerView

    @property
    def thinking(self) -> bool:
        """True while a decision is in progress."""
        return self._thought is not None

    def start(self, view: PlayerView) -> None:
        """Begin deciding what to do in `view`."""
        self._view = view
        think = getattr(self.player, "think", None)
        if think is None:
            self._thought = _choose_at_once(self.player, view)
        else:
            self._thought = think(view)

    def step(self, budget: float = THINK_BUDGET_S) -> Action | None:
        """Think for up to `budget` seconds; the action once decided, else None."""
        if self._thought is None:
            return None
        start = time.perf_counter()
        deadline = start + budget
        try:
            while True:
                next(self._thought)
                now = time.perf_counter()
                # Stop early rather than start a slice that would overrun the frame's budget.
                if now + (now - start) >= deadline:
                    return None
                start = now
        except StopIteration as done:
            self._thought = None
            action: Action = done.value
            if action not in self._view.legal_actions:
                return self._rescue()
            return action
        except Exception:  # a broken AI must not end the player's game
            self._thought = None
            return self._rescue()

    def _rescue(self) -> Action:
        """A legal move when the AI failed or answered nonsense."""
        return fallback_choice(self._view, random.Random(len(self._view.history)))

    def cancel(self) -> None:
        """Forget a decision in progress (the hand changed under it)."""
        if self._thought is not None:
            self._thought.close()
        self._thought = None


def _choose_at_once(player: Any, view: PlayerView) -> Generator[None, None, Action]:
    yield
    action: Action = player.choose(view)
    return action
