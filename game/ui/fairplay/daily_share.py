"""The daily deal's words: the result, and the one line a player shares.

No pygame here. The shareable line tells the date, the result, the points and the turns,
never a card, so posting it spoils nothing for those who have not played yet:

>>> outcome = DailyOutcome(datetime.date(2026, 11, 30), ResultKind.GIN, True, 31, 9)
>>> outcome.share_line()
'Gin Rummy daily 2026-11-30: I went gin for 31 points in 9 turns'
>>> DailyOutcome(datetime.date(2026, 11, 30), ResultKind.KNOCK, False, -12, 14).share_line()
'Gin Rummy daily 2026-11-30: I lost by 12 after 14 turns'

A *turn* is one of the player's own turns: each time they took a card (from the stock, the
discard pile, or the upcard), as the player counts them.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from game.rules import DrawDiscard, DrawStock, Hand, ResultKind

OPPONENT = "the expert"
"""Who the daily deal is played against (the strongest AI level)."""


def player_turns(hand: Hand, seat: int) -> int:
    """How many turns `seat` took in `hand`: the cards it drew or took.

    >>> from game.rules import daily_hand, Pass
    >>> hand = daily_hand("2024-03-01")
    >>> _ = hand.apply(Pass()); _ = hand.apply(Pass())
    >>> player_turns(hand, 0), (_ := hand.apply(DrawStock())) is not None, player_turns(hand, 0)
    (0, True, 1)
    """
    return sum(
        1 for who, action in hand.actions if who == seat and isinstance(action, DrawStock | DrawDiscard)
    )


@dataclass(frozen=True)
class DailyOutcome:
    """How the daily deal of `day` went, from the player's side.

    `points` is what the hand scored for the player: positive when they won, negative when
    they lost, 0 for a void hand (as the statistics keep it).
    """

    day: datetime.date
    kind: ResultKind
    won: bool
    points: int
    turns: int

    @classmethod
    def of(cls, hand: Hand, seat: int, day: datetime.date) -> DailyOutcome:
        """The outcome of the finished `hand` for the player in `seat`."""
        result = hand.result
        assert result is not None, "the hand is not over"
        won = result.winner == seat
        points = 0 if result.winner is None else result.points if won else -result.points
        return cls(day, result.kind, won, points, player_turns(hand, seat))

    @property
    def void(self) -> bool:
        """Nobody won (the stock ran out)."""
        return self.kind is ResultKind.VOID

    def _turns(self) -> str:
        return f"{self.turns} turn{'' if self.turns == 1 else 's'}"

    def share_line(self) -> str:
        """One line to post: date, result, points, turns; no cards."""
        head = f"Gin Rummy daily {self.day.isoformat()}: "
        turns = self._turns()
        if self.void:
            return head + f"no winner, the stock ran out after {turns}"
        if not self.won:
            return head + f"I lost by {-self.points} after {turns}"
        how = {
            ResultKind.GIN: "went gin for",
            ResultKind.BIG_GIN: "went big gin for",
            ResultKind.UNDERCUT: f"undercut {OPPONENT} for",
        }.get(self.kind, "knocked and won")
        return head + f"I {how} {self.points} points in {turns}"

    def headline(self) -> str:
        """The result screen's big line.

        >>> DailyOutcome(datetime.date(2026, 11, 30), ResultKind.UNDERCUT, False, -22, 9).headline()
        'The expert undercut you'
        """
        if self.void:
            return "Void hand: nobody scores"
        if self.won:
            return {
                ResultKind.GIN: "You went gin!",
                ResultKind.BIG_GIN: "You went big gin!",
                ResultKind.UNDERCUT: f"You undercut {OPPONENT}!",
            }.get(self.kind, "You knocked and won")
        them = OPPONENT[:1].upper() + OPPONENT[1:]
        return {
            ResultKind.GIN: f"{them} went gin",
            ResultKind.BIG_GIN: f"{them} went big gin",
            ResultKind.UNDERCUT: f"{them} undercut you",
        }.get(self.kind, f"{them} knocked and won")

    def points_line(self) -> str:
        """The score in a few words: "+31 points", "−12 points", "0 points".

        >>> DailyOutcome(datetime.date(2026, 11, 30), ResultKind.KNOCK, False, -12, 14).points_line()
        '−12 points in 14 turns'
        """
        sign = "+" if self.points > 0 else "−" if self.points < 0 else ""
        return f"{sign}{abs(self.points)} point{'' if abs(self.points) == 1 else 's'} in {self._turns()}"


def recorded_line(won: bool, points: int, turns: int) -> str:
    """A day's recorded result in a few words.

    >>> recorded_line(True, 31, 9), recorded_line(False, -12, 14)
    ('won 31 points in 9 turns', 'lost by 12 in 14 turns')
    """
    turn_word = f"{turns} turn{'' if turns == 1 else 's'}"
    if won:
        return f"won {points} points in {turn_word}"
    if points == 0:
        return f"no winner after {turn_word}"
    return f"lost by {abs(points)} in {turn_word}"
