"""A hand of the match that no person plays, played by the AIs a slice per frame.

With three players the person sits out every third hand or so; with four, the other
table's game of each round is the AIs' alone. :class:`BackgroundGame` plays such a hand by
advancing the AIs' cooperative `think` generators within a per-frame time budget: move by
move at a pace a person can follow while it is watched, or straight to the end when
skipped. No frame ever waits for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.rules import Event, Hand, Match
from game.ui.core.seating import Seating
from game.ui.table.seats import THINK_BUDGET_S, ThinkingSeat

BACKGROUND_BUDGET_S = 0.008
"""Time per frame the AI-only game may think while it is on screen."""
AWAY_PAUSE = 0.7
"""Seconds between two moves of a watched AI-only hand (divided by the speed setting)."""


class BackgroundGame:
    """An AI-against-AI hand of the match, played a slice per frame.

    Watched, it makes one move at a time with a pause between moves (`advance` with
    `paced=True`), so a person can follow it; skipped or unwatched, it plays as fast as its
    time budget allows.
    """

    def __init__(self, match: Match, hand: Hand, make: Callable[[int], Any], seating: Seating) -> None:
        self.match = match
        self.hand = hand
        self.seating = seating
        self.players = match.seats
        self.seats = {seat: ThinkingSeat(make(player)) for seat, player in enumerate(self.players)}
        self.moves = 0
        self.wait = AWAY_PAUSE
        self.paced = True
        """Move by move for a person to follow; False once they skip to the end."""

    @property
    def done(self) -> bool:
        """True once the hand is over."""
        return self.hand.is_over

    @property
    def names(self) -> tuple[str, str]:
        """The two players' names, seat 0 first."""
        return (self.seating.name(self.players[0]), self.seating.name(self.players[1]))

    @property
    def last_event(self) -> Event | None:
        """The latest move, if any."""
        return self.hand.history[-1] if self.hand.history else None

    def advance(self, dt: float, speed: float, paced: bool) -> bool:
        """One frame of play; True when a move was made.

        Paced, it waits `AWAY_PAUSE` (scaled by `speed`, 0 = instant) between moves and makes
        at most one move a frame; otherwise it plays within the frame's time budget.
        """
        if self.done:
            return False
        if not paced:
            before = self.moves
            self.step(BACKGROUND_BUDGET_S)
            return self.moves != before
        if self.wait > 0:
            self.wait -= dt * (speed if speed > 0 else 1e9)
            return False
        if self._one_move(THINK_BUDGET_S):
            self.wait = AWAY_PAUSE
            return True
        return False

    def _one_move(self, budget: float) -> bool:
        seat_index = self.hand.to_act
        if seat_index is None:
            return False
        seat = self.seats[seat_index]
        if not seat.thinking:
            seat.start(self.hand.view(seat_index))
        action = seat.step(budget)
        if action is None:
            return False
        self.hand.apply(action)
        self.moves += 1
        return True

    def step(self, budget: float = BACKGROUND_BUDGET_S) -> None:
        """Think and play for up to `budget` seconds of this frame."""
        deadline = time.perf_counter() + budget
        while not self.hand.is_over:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return
            if not self._one_move(min(THINK_BUDGET_S, remaining)) and time.perf_counter() >= deadline:
                return

    def cancel(self) -> None:
        """Stop thinking (leaving the table)."""
        for seat in self.seats.values():
            seat.cancel()
