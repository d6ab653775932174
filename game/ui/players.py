"""Who is who at a 2-, 3- or 4-player match, and the AI-only games played off the table.

The human is always player 0. With three players the others are "AI 1" and "AI 2"; with
four, players sit round the table as You (south), West, your partner North, and East, and
the teams are "You & North" against "West & East".

A hand the human does not play (three players: the human sits out; four players: the other
table's game) is played by `BackgroundGame`, which advances the AIs' cooperative `think`
generators within a per-frame time budget, so no frame ever waits for it.

>>> import random
>>> from game.rules import Match, RuleSet
>>> match = Match(RuleSet.preset("standard", players=4), random.Random(1))
>>> [player_name(match, p) for p in range(4)], side_name(match, 1)
(['You', 'AI West', 'AI North', 'AI East'], 'West & East')
"""

from __future__ import annotations

import time
from typing import Any

from game.rules import Hand, Match, PlayedHand, ResultKind
from game.ui.seats import THINK_BUDGET_S, ThinkingSeat

YOU = 0
"""The human's player number in every match."""

FOUR_NAMES = ("You", "AI West", "AI North", "AI East")
TEAM_NAMES = ("You & North", "West & East")
BACKGROUND_BUDGET_S = 0.008
"""Time per frame the AI-only game may think while it is on screen."""


def player_name(match: Match, player: int) -> str:
    """A player's name at the table."""
    players = match.rules.players
    if player == YOU:
        return "You"
    if players == 2:
        return "AI"
    if players == 3:
        return f"AI {player}"
    return FOUR_NAMES[player]


def side_name(match: Match, side: int) -> str:
    """The name of a score column: a player's, or a team's with four players."""
    if match.rules.players == 4:
        return TEAM_NAMES[side]
    return player_name(match, side)


def human_seat(match: Match) -> int | None:
    """The human's seat in the current pairing, or None when the human is not playing it."""
    return match.seats.index(YOU) if YOU in match.seats else None


def result_word(kind: ResultKind) -> str:
    """A hand's result kind in a word or two."""
    return {
        ResultKind.GIN: "gin",
        ResultKind.BIG_GIN: "big gin",
        ResultKind.UNDERCUT: "undercut",
        ResultKind.KNOCK: "knock",
    }.get(kind, "void")


def played_line(match: Match, played: PlayedHand) -> str:
    """One finished game in words: "AI North beat AI East: 22 (gin)"."""
    winner, loser = played.winner, played.loser
    if winner is None or loser is None:
        a, b = (player_name(match, p) for p in played.players)
        return f"{a} v {b}: void, played again"
    win, lose = player_name(match, winner), player_name(match, loser)
    verb = "beat" if winner != YOU else "won against"
    return f"{win} {verb} {lose}: {played.result.points} ({result_word(played.result.kind)})"


def round_lines(match: Match) -> list[str]:
    """Four players: the round just completed, scored line by line (team totals after).

    If both games went to one team it scores their sum; if each team won one game, the
    team with the higher score scores the difference.
    """
    games = [p for p in match.played if p.winner is not None]
    if match.rules.players != 4 or len(games) < 2 or len(games) % 2:
        return []
    first, second = games[-2:]
    lines = [played_line(match, first), played_line(match, second)]
    a, b = first.result.points, second.result.points
    team_a, team_b = match.side_of(first.winner or 0), match.side_of(second.winner or 0)
    if team_a == team_b:
        lines.append(f"Both games to {TEAM_NAMES[team_a]}: {a} + {b} = {a + b}")
    elif a == b:
        lines.append(f"One game each, equal scores ({a} - {b}): nobody scores")
    else:
        best = team_a if a > b else team_b
        high, low = max(a, b), min(a, b)
        lines.append(f"One game each: {TEAM_NAMES[best]} score {high} - {low} = {high - low}")
    return lines


class BackgroundGame:
    """An AI-against-AI hand of the match, played a slice per frame."""

    def __init__(self, match: Match, hand: Hand, make: Any) -> None:
        self.match = match
        self.hand = hand
        self.players = match.seats
        self.seats = {seat: ThinkingSeat(make(player)) for seat, player in enumerate(self.players)}
        self.moves = 0

    @property
    def done(self) -> bool:
        """True once the hand is over."""
        return self.hand.is_over

    @property
    def names(self) -> tuple[str, str]:
        """The two players' names, seat 0 first."""
        return (player_name(self.match, self.players[0]), player_name(self.match, self.players[1]))

    def step(self, budget: float = BACKGROUND_BUDGET_S) -> None:
        """Think and play for up to `budget` seconds of this frame."""
        deadline = time.perf_counter() + budget
        while not self.hand.is_over:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return
            seat_index = self.hand.to_act
            if seat_index is None:
                return
            seat = self.seats[seat_index]
            if not seat.thinking:
                seat.start(self.hand.view(seat_index))
            action = seat.step(min(THINK_BUDGET_S, remaining))
            if action is None:
                if time.perf_counter() >= deadline:
                    return
                continue
            self.hand.apply(action)
            self.moves += 1

    def cancel(self) -> None:
        """Stop thinking (leaving the table)."""
        for seat in self.seats.values():
            seat.cancel()


__all__ = [
    "YOU",
    "BackgroundGame",
    "human_seat",
    "played_line",
    "player_name",
    "result_word",
    "round_lines",
    "side_name",
]
