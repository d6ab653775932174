"""Who is who at a 2-, 3- or 4-player match, in words (no pygame).

Each player is a person at this device or the computer (`game.storage.settings.MatchSetup`).
:class:`Seating` names them. With one person at the table, that person is "You" and the
others are the computer ("AI" with two players; "AI West", "AI North", "AI East" round a
bigger table). With two or more people passing the device (pass and play), every person
is called by the name given to their seat in the settings, or else by their place at the
table, South, West, North and East, so a result reads "Ann wins" or "West wins", never
"You", whoever holds the device. With four players 0 and 2 partner against 1 and 3; a team
is named after its two players ("You & North", "West & East").

>>> import random
>>> from game.rules import Match, RuleSet
>>> match = Match(RuleSet.preset("standard", players=4), random.Random(1))
>>> [player_name(match, p) for p in range(4)], side_name(match, 1)
(['You', 'AI West', 'AI North', 'AI East'], 'West & East')
>>> shared = Seating(4, ("person", "person", "ai", "ai"))
>>> [shared.name(p) for p in range(4)], shared.side_name(0), shared.subject(1)
(['South', 'West', 'AI North', 'AI East'], 'South & North', 'West')
>>> named = Seating(2, ("person", "person"), ("Ann", ""))
>>> named.name(0), named.name(1), Seating(2, ("person", "ai"), ("Ann", "")).name(0)
('Ann', 'North', 'You')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules import Match, PlayedHand, ResultKind
from game.storage.settings import MatchSetup

YOU = 0
"""The player whose statistics are kept (player 0, the device's owner)."""

PLACES = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
}
"""Where each player sits round the table, player 0 first."""


@dataclass(frozen=True)
class Seating:
    """The players of a match and who plays each: a person here or the computer.

    `kinds` holds "person" or "ai" for each player, player 0 first.
    """

    players: int
    kinds: tuple[str, ...]
    names: tuple[str, ...] = ()
    """The names given to players 0 to 3 in the settings ("" for none); used for the people
    of a shared device only."""

    @classmethod
    def of(cls, match: Match, setup: MatchSetup | None = None, names: Sequence[str] = ()) -> Seating:
        """The seating of `match` under `setup` (a MatchSetup); by default, a person at 0.

        `names` are the settings' names for players 0 to 3."""
        players = match.rules.players
        kinds = tuple(setup.seats) if setup is not None else ()
        if len(kinds) != players:
            kinds = ("person",) + ("ai",) * (players - 1)
        return cls(players, kinds, tuple(names))

    @property
    def people(self) -> tuple[int, ...]:
        """The players a person plays."""
        return tuple(p for p, kind in enumerate(self.kinds) if kind == "person")

    @property
    def shared(self) -> bool:
        """True when two or more people pass the device between them."""
        return len(self.people) >= 2

    def is_person(self, player: int) -> bool:
        """Whether a person at this device plays `player`."""
        return self.kinds[player] == "person"

    def name(self, player: int) -> str:
        """A player's name at the table ("You", "AI", "AI West", "West")."""
        place = PLACES[self.players][player]
        if self.is_person(player):
            if not self.shared:
                return "You"
            given = self.names[player] if player < len(self.names) else ""
            return given or place
        if self.players == 2 and len(self.people) == 1:
            return "AI"
        return f"AI {place}"

    def short(self, player: int) -> str:
        """A player's name without "AI" (for team names and narrow panels)."""
        name = self.name(player)
        if self.is_person(player):
            return name
        return PLACES[self.players][player] if name == "AI" else name.removeprefix("AI ")

    def subject(self, player: int) -> str:
        """The player as the subject of a sentence ("You", "The AI", "West")."""
        name = self.name(player)
        return "The AI" if name == "AI" else name

    def side_name(self, side: int) -> str:
        """The name of a score column: a player's, or a team's with four players."""
        if self.players != 4:
            return self.name(side)
        first, second = side, side + 2
        if self.name(second) == "You":
            first, second = second, first
        return f"{self.short(first)} & {self.short(second)}"

    def side_subject(self, side: int) -> str:
        """A score column as the subject of a sentence ("You", "The AI", "West & East")."""
        return self.subject(side) if self.players != 4 else self.side_name(side)

    def side_object(self, side: int) -> str:
        """A score column as the object of a sentence ("you", "the AI", "West & East")."""
        name = self.side_subject(side)
        return {"You": "you", "The AI": "the AI"}.get(name, name)

    def side_people(self, side: int) -> bool:
        """Whether a person plays for score column `side`."""
        members = (side, side + 2) if self.players == 4 else (side,)
        return any(self.is_person(p) for p in members)


def verb(subject: str, plain: str) -> str:
    """`subject` with `plain` agreeing: "You score", "West scores".

    >>> verb("You", "win"), verb("The AI", "win"), verb("South & North", "win")
    ('You win', 'The AI wins', 'South & North win')
    """
    plural = subject == "You" or " & " in subject
    return f"{subject} {plain if plural else plain + 's'}"


def player_name(match: Match, player: int, seating: Seating | None = None) -> str:
    """A player's name at the table (one person at player 0 unless `seating` says otherwise)."""
    return (seating or Seating.of(match)).name(player)


def side_name(match: Match, side: int, seating: Seating | None = None) -> str:
    """The name of a score column: a player's, or a team's with four players."""
    return (seating or Seating.of(match)).side_name(side)


def person_seats(match: Match, seating: Seating) -> list[int]:
    """The seats (0, 1) of the current pairing that a person plays."""
    return [seat for seat, player in enumerate(match.seats) if seating.is_person(player)]


def human_seat(match: Match, seating: Seating | None = None) -> int | None:
    """The seat of the first person in the current pairing, or None when no person plays it."""
    seats = person_seats(match, seating or Seating.of(match))
    return seats[0] if seats else None


def result_word(kind: ResultKind) -> str:
    """A hand's result kind in a word or two."""
    return {
        ResultKind.GIN: "gin",
        ResultKind.BIG_GIN: "big gin",
        ResultKind.UNDERCUT: "undercut",
        ResultKind.KNOCK: "knock",
    }.get(kind, "void")


def played_line(match: Match, played: PlayedHand, seating: Seating | None = None) -> str:
    """One finished game in words: "AI North beat AI East: 22 (gin)"."""
    seating = seating or Seating.of(match)
    winner, loser = played.winner, played.loser
    if winner is None or loser is None:
        a, b = (seating.name(p) for p in played.players)
        return f"{a} v {b}: void, played again"
    win, lose = seating.name(winner), seating.name(loser)
    won = "won against" if win == "You" else "beat"
    return f"{win} {won} {lose}: {played.result.points} ({result_word(played.result.kind)})"


def round_lines(match: Match, seating: Seating | None = None) -> list[str]:
    """Four players: the round just completed, scored line by line (team totals after).

    If both games went to one team it scores their sum; if each team won one game, the
    team with the higher score scores the difference.
    """
    seating = seating or Seating.of(match)
    games = [p for p in match.played if p.winner is not None]
    if match.rules.players != 4 or len(games) < 2 or len(games) % 2:
        return []
    first, second = games[-2:]
    lines = [played_line(match, first, seating), played_line(match, second, seating)]
    a, b = first.result.points, second.result.points
    team_a, team_b = match.side_of(first.winner or 0), match.side_of(second.winner or 0)
    if team_a == team_b:
        lines.append(f"Both games to {seating.side_name(team_a)}: {a} + {b} = {a + b}")
    elif a == b:
        lines.append(f"One game each, equal scores ({a} - {b}): nobody scores")
    else:
        best = team_a if a > b else team_b
        high, low = max(a, b), min(a, b)
        lines.append(f"One game each: {verb(seating.side_name(best), 'score')} {high} - {low} = {high - low}")
    return lines


def round_complete(match: Match) -> bool:
    """Four players: True when the last game played completed a round (its team scoring is in)."""
    games = [p for p in match.played if p.winner is not None]
    return match.rules.players == 4 and bool(games) and len(games) % 2 == 0


def margin_text(match: Match, seating: Seating) -> list[str]:
    """What each losing side pays the winner, once the match is over."""
    winner = match.winner
    if winner is None:
        return []
    lines = []
    for side, margin in enumerate(match.margins):
        if side != winner:
            lines.append(f"{verb(seating.side_subject(side), 'pay')} {seating.side_object(winner)} {margin}")
    return lines


__all__ = [
    "PLACES",
    "YOU",
    "Seating",
    "human_seat",
    "margin_text",
    "person_seats",
    "played_line",
    "player_name",
    "result_word",
    "round_complete",
    "round_lines",
    "side_name",
    "verb",
]
