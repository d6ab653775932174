"""The player's settings and statistics, kept through `game.storage` when it exists."""

from __future__ import annotations

import contextlib
from dataclasses import asdict, dataclass, field, fields
from typing import Any

SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}
"""Animation speed names and the time multiplier each gives (0 = instant)."""

VARIANTS = ("standard", "oklahoma", "simple")
BONUS_PRESETS = ("classic", "classic_25_20", "association")
AI_LEVELS = ("random", "simple", "easy", "medium", "hard", "expert")
NEXT_DEALERS = ("loser", "winner", "alternate")
PLAYER_COUNTS = ("2", "3", "4")
"""Match formats: two players, three (the dealer sits out), four in two partnerships."""
PLAYER_LABELS = {"2": "2", "3": "3 (dealer sits out)", "4": "4 (partners)"}


@dataclass
class Settings:
    """What the player chose on the title screen.

    >>> Settings.from_dict({"speed": "fast", "bogus": 1}).speed
    'fast'
    >>> Settings.from_dict({"speed": "warp"}).speed
    'normal'
    """

    speed: str = "normal"
    four_colour: bool = False
    sound: bool = True
    variant: str = "standard"
    ai_level: str = "medium"
    bonuses: str = "classic"
    eleven_card_deal: bool = False
    last_discard_chance: bool = False
    big_gin: bool = False
    allow_rediscard: bool = False
    next_dealer: str = "loser"
    players: str = "2"

    @property
    def speed_factor(self) -> float:
        """Multiplier for the animator."""
        return SPEEDS[self.speed]

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Read saved settings, ignoring unknown keys and keeping defaults for bad values."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        choices = {
            "speed": tuple(SPEEDS),
            "variant": VARIANTS,
            "ai_level": AI_LEVELS,
            "bonuses": BONUS_PRESETS,
            "next_dealer": NEXT_DEALERS,
            "players": PLAYER_COUNTS,
        }
        for f in fields(cls):
            value = data.get(f.name)
            if f.name in choices:
                if value in choices[f.name]:
                    setattr(settings, f.name, value)
            elif isinstance(value, bool):
                setattr(settings, f.name, value)
        return settings

    def rule_options(self) -> dict[str, Any]:
        """Overrides for `RuleSet.preset` that these settings imply."""
        options: dict[str, Any] = {}
        if self.eleven_card_deal and self.variant != "oklahoma":
            options["eleven_card_deal"] = True
        for flag in ("last_discard_chance", "big_gin", "allow_rediscard"):
            if getattr(self, flag):
                options[flag] = True
        options["next_dealer"] = self.next_dealer
        options["players"] = int(self.players)
        return options


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


@dataclass
class Stats:
    """Matches and hands the human has played (title screen and the statistics screen).

    `formats` keeps matches played and won per variant and format ("standard",
    "oklahoma, 3 players", "simple, partners").

    >>> stats = Stats()
    >>> stats.record_hand(True, "undercut"); stats.record_match(True, 120, "standard")
    >>> stats.hands_won, stats.undercuts, stats.best_margin, stats.formats
    (1, 1, 120, {'standard': [1, 1]})
    >>> Stats.from_dict({"hands": 3, "formats": {"x": [2, 1], "bad": [1]}}).formats
    {'x': [2, 1]}
    """

    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    gins: int = 0
    undercuts: int = 0
    knocks: int = 0
    best_margin: int = 0
    formats: dict[str, list[int]] = field(default_factory=dict)

    def record_hand(self, won: bool, kind: str) -> None:
        """One hand the human played, won or lost, and how it ended ("gin", "undercut", ...)."""
        self.hands += 1
        if not won:
            return
        self.hands_won += 1
        self.gins += int(kind in ("gin", "big_gin"))
        self.undercuts += int(kind == "undercut")
        self.knocks += int(kind == "knock")

    def record_match(self, won: bool, margin: int, key: str) -> None:
        """A finished match: won or lost, its margin when won, and its variant and format."""
        self.matches += 1
        self.matches_won += int(won)
        if won:
            self.best_margin = max(self.best_margin, margin)
        played = self.formats.setdefault(key, [0, 0])
        played[0] += 1
        played[1] += int(won)

    @classmethod
    def from_dict(cls, data: object) -> Stats:
        """Read saved statistics, ignoring anything malformed."""
        stats = cls()
        if isinstance(data, dict):
            for f in fields(cls):
                value = _count(data.get(f.name))
                if value is not None:
                    setattr(stats, f.name, value)
            formats = data.get("formats")
            if isinstance(formats, dict):
                for key, pair in formats.items():
                    if (
                        isinstance(key, str)
                        and isinstance(pair, list)
                        and len(pair) == 2
                        and all(_count(v) is not None for v in pair)
                    ):
                        stats.formats[key] = [int(pair[0]), int(pair[1])]
        return stats

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)


class Persistence:
    """Loads and saves through `game.storage.Storage` when it exists, else keeps memory only.

    The storage module is written by another part of the team; any failure there must never
    stop a game, so every call is guarded.
    """

    def __init__(self, enabled: bool = True) -> None:
        self._storage: Any = None
        if enabled:
            try:
                from game.storage import Storage

                self._storage = Storage()
            except Exception:
                self._storage = None

    @property
    def available(self) -> bool:
        """True when there is somewhere to save to."""
        return self._storage is not None

    def load(self, key: str) -> Any:
        """The saved value under `key`, or None."""
        if self._storage is None:
            return None
        try:
            return self._storage.load(key)
        except Exception:
            return None

    def save(self, key: str, value: Any) -> None:
        """Save `value` under `key` (ignored when storage is missing or fails)."""
        if self._storage is None:
            return
        with contextlib.suppress(Exception):
            self._storage.save(key, value)
