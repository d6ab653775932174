"""An online table's setup: the rules, who deals first, which seats the computer plays, the
move timer. It is the online twin of the new-match screen's choices (`game.storage.settings`),
without the screen.

>>> choices = Settings(players="3", variant="oklahoma", seats=["person", "person", "ai", "ai"])
>>> setup = TableSetup.from_settings(choices, move_seconds=60)
>>> setup.players, setup.rules.variant.value, setup.open_seats, setup.seats[2]
(3, 'oklahoma', (0, 1), 'ai')
>>> TableSetup.from_dict(setup.to_dict()) == setup
True
>>> TableSetup.from_dict({"rules": {}, "seats": ["open"]})
Traceback (most recent call last):
...
game.online.tablesetup.SetupError: missing rule option(s): allow_rediscard, ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai import LEVELS as AI_LEVELS
from game.rules import RuleSet, RuleSetError
from game.storage.settings import Settings

SEAT_OPEN = "open"
"""A seat for a person who joins by the table's code."""
SEAT_AI = "ai"
"""A seat the server's computer plays."""
MOVE_TIMERS: tuple[int | None, ...] = (None, 15, 30, 60, 120, 300)
"""Seconds a person has for each move (None: no timer), as the host may choose."""
QUICK_MOVE_SECONDS = 60
"""Quick matches are timed, generously."""


class SetupError(ValueError):
    """A table setup that cannot be played (the message says why)."""


@dataclass(frozen=True)
class TableSetup:
    """Everything the host chooses when opening a table."""

    rules: RuleSet
    seats: tuple[str, ...]
    ai_level: str = "medium"
    move_seconds: int | None = None
    first_dealer: int | None = None

    def __post_init__(self) -> None:
        if len(self.seats) != self.rules.players:
            raise SetupError(f"a table of {self.rules.players} players needs {self.rules.players} seats")
        if any(kind not in (SEAT_OPEN, SEAT_AI) for kind in self.seats):
            raise SetupError(f"each seat is {SEAT_OPEN!r} or {SEAT_AI!r}")
        if SEAT_OPEN not in self.seats:
            raise SetupError("at least one seat must be open for a person")
        if self.ai_level not in AI_LEVELS:
            raise SetupError(f"unknown AI level {self.ai_level!r:.30}: one of {', '.join(AI_LEVELS)}")
        if self.move_seconds not in MOVE_TIMERS or isinstance(self.move_seconds, bool):
            raise SetupError(f"the move timer is one of {', '.join(map(str, MOVE_TIMERS))} seconds")
        if self.first_dealer is not None and (
            not isinstance(self.first_dealer, int)
            or isinstance(self.first_dealer, bool)
            or not 0 <= self.first_dealer < self.players
        ):
            raise SetupError(f"the first dealer is a player from 0 to {self.players - 1}, or null")

    @property
    def players(self) -> int:
        """How many play: 2, 3 (the dealer sits out) or 4 (two partnerships)."""
        return self.rules.players

    @property
    def open_seats(self) -> tuple[int, ...]:
        """The players a person plays."""
        return tuple(i for i, kind in enumerate(self.seats) if kind == SEAT_OPEN)

    @classmethod
    def from_settings(cls, settings: Settings, move_seconds: int | None = None) -> TableSetup:
        """The new-match screen's choices: its rules and first dealer; its seats marked
        "person" stay open for people, the computer plays the others."""
        kinds = tuple(SEAT_OPEN if kind == "person" else SEAT_AI for kind in settings.match_setup().seats)
        if SEAT_OPEN not in kinds:
            kinds = (SEAT_OPEN, *kinds[1:])
        first = settings.match_options().get("first_dealer")
        return cls(settings.ruleset(), kinds, settings.ai_level, move_seconds, first)

    @classmethod
    def for_players(cls, players: int, variant: str = "standard", **options: Any) -> TableSetup:
        """Every seat open, one variant's usual rules with ``options`` overridden."""
        try:
            rules = RuleSet.preset(variant, players=players, **options)
        except RuleSetError as error:
            raise SetupError(str(error)) from None
        return cls(rules, (SEAT_OPEN,) * players)

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form (what ``create`` carries)."""
        return {
            "rules": self.rules.to_dict(),
            "seats": list(self.seats),
            "ai_level": self.ai_level,
            "move_seconds": self.move_seconds,
            "first_dealer": self.first_dealer,
        }

    @classmethod
    def from_dict(cls, data: object) -> TableSetup:
        """Read :meth:`to_dict` output; :class:`SetupError` says what is wrong."""
        if not isinstance(data, dict):
            raise SetupError("a table setup must be an object")
        allowed = {"rules", "seats", "ai_level", "move_seconds", "first_dealer"}
        unknown = set(data) - allowed
        if unknown:
            raise SetupError(f"unknown setup field(s): {', '.join(sorted(str(k)[:20] for k in unknown))}")
        try:
            rules = RuleSet.from_dict(data.get("rules"))
        except (RuleSetError, TypeError) as error:
            raise SetupError(str(error)) from None
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
            raise SetupError("seats must be a list of 'open' or 'ai'")
        level = data.get("ai_level", "medium")
        if not isinstance(level, str):
            raise SetupError("ai_level must be a level's name")
        return cls(rules, tuple(seats), level, data.get("move_seconds"), data.get("first_dealer"))
