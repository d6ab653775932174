"""Who is who at an online table, in words: you, the other people by number, the computer.

Online nobody has a name (there is no free text), so the people at the table are named as
the server's notices name them, "Player 2", and the server's computer players "AI" (with
two players) or "AI 3". To the table's parts this is a :class:`~game.ui.core.seating.Seating`
whose only person *at this device* is you: nobody passes the device, and statistics and
sounds follow your seat alone. A spectator has no seat of their own.

>>> seating = OnlineSeating.of_table(2, me=1, computers=())
>>> [seating.name(p) for p in range(2)], seating.subject(0)
(['Player 1', 'You'], 'Player 1')
>>> four = OnlineSeating.of_table(4, me=0, computers=(1, 3))
>>> [four.name(p) for p in range(4)], four.side_name(0), four.side_name(1)
(['You', 'AI 2', 'Player 3', 'AI 4'], 'You & Player 3', 'AI 2 & AI 4')
>>> OnlineSeating.of_table(2, me=0, computers=(1,)).subject(1)
'The AI'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.ui.core.seating import Seating


@dataclass(frozen=True)
class OnlineSeating(Seating):
    """The players of an online table: `me` (None when watching), and which the computer plays."""

    me: int | None = None
    computers: frozenset[int] = frozenset()

    @classmethod
    def of_table(cls, players: int, me: int | None, computers: Iterable[int]) -> OnlineSeating:
        """The seating of a table of `players` where this device plays `me`."""
        kinds = tuple("person" if p == me else "ai" for p in range(players))
        return cls(players, kinds, me=me, computers=frozenset(computers))

    def is_computer(self, player: int) -> bool:
        """Whether the server's computer plays `player` (its own seat)."""
        return player in self.computers

    def is_remote_person(self, player: int) -> bool:
        """Whether a person on another device plays `player`."""
        return player != self.me and player not in self.computers

    def name(self, player: int) -> str:
        """ "You", "Player 2", "AI" (two players) or "AI 3"."""
        if player == self.me:
            return "You"
        if player in self.computers:
            return "AI" if self.players == 2 else f"AI {player + 1}"
        return f"Player {player + 1}"

    def short(self, player: int) -> str:
        """The same name (online names are short already)."""
        return self.name(player)
