"""Rule sets: every option of the game as one validated, frozen value, plus named presets.

>>> rules = RuleSet.preset("oklahoma", bonuses="association")
>>> rules.variant.value, rules.target, rules.gin_bonus
('oklahoma', 150, 25)
>>> RuleSet.preset("oklahoma", eleven_card_deal=True)
Traceback (most recent call last):
...
game.rules.errors.RuleSetError: Oklahoma Gin takes its knock limit from the upcard, so it cannot use the eleven-card deal (which has no upcard)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from typing import Any

from game.rules.errors import RuleSetError


class Variant(Enum):
    """The game variants."""

    STANDARD = "standard"
    OKLAHOMA = "oklahoma"
    SIMPLE = "simple"  # straight gin: knock only with gin


class NextDealer(Enum):
    """Who deals the next hand of a match."""

    LOSER = "loser"
    WINNER = "winner"
    ALTERNATE = "alternate"


#: Bonus presets: gin, undercut, box, game, shutout, target.
BONUS_PRESETS: dict[str, dict[str, int]] = {
    "classic": {"gin_bonus": 20, "undercut_bonus": 10, "box_bonus": 20, "game_bonus": 100,
                "shutout_bonus": 200, "target": 100},
    "classic_25_20": {"gin_bonus": 25, "undercut_bonus": 20, "box_bonus": 20, "game_bonus": 100,
                      "shutout_bonus": 200, "target": 100},
    "association": {"gin_bonus": 25, "undercut_bonus": 25, "box_bonus": 25, "game_bonus": 100,
                    "shutout_bonus": 200, "target": 100},
}  # fmt: skip

VARIANT_PRESETS = ("standard", "oklahoma", "simple")
#: Sane bounds: far above any published table, low enough that sums never get absurd.
MAX_BONUS = 1000
MAX_TARGET = 10_000


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option of RULES.md. Build with :meth:`preset`; the constructor validates."""

    variant: Variant = Variant.STANDARD
    knock_limit: int = 10
    gin_bonus: int = 20
    undercut_bonus: int = 10
    big_gin: bool = False
    big_gin_bonus: int = 31
    box_bonus: int = 20
    game_bonus: int = 100
    shutout_bonus: int = 200
    shutout_doubles: bool = False
    target: int = 100
    eleven_card_deal: bool = False
    allow_rediscard: bool = False
    last_discard_chance: bool = False
    next_dealer: NextDealer = NextDealer.LOSER
    oklahoma_ace_gin_only: bool = False
    oklahoma_spade_double: bool = True
    oklahoma_extra_boxes: bool = False
    players: int = 2

    def __post_init__(self) -> None:
        self._check_types()
        if not 0 <= self.knock_limit <= 10:
            raise RuleSetError(f"knock_limit must be between 0 and 10, not {self.knock_limit}")
        for name in ("gin_bonus", "undercut_bonus", "big_gin_bonus", "box_bonus", "game_bonus",
                     "shutout_bonus"):  # fmt: skip
            if not 0 <= getattr(self, name) <= MAX_BONUS:
                raise RuleSetError(f"{name} must be between 0 and {MAX_BONUS}, not {getattr(self, name)}")
        if not 0 < self.target <= MAX_TARGET:
            raise RuleSetError(f"target must be between 1 and {MAX_TARGET}, not {self.target}")
        if self.players not in (2, 3, 4):
            raise RuleSetError(f"players must be 2, 3 or 4, not {self.players}")
        if self.variant is Variant.OKLAHOMA and self.eleven_card_deal:
            raise RuleSetError(
                "Oklahoma Gin takes its knock limit from the upcard, so it cannot use the "
                "eleven-card deal (which has no upcard)"
            )
        if self.variant is Variant.SIMPLE and self.knock_limit != 0:
            raise RuleSetError("Simple Gin allows knocking only with gin: knock_limit must be 0")
        if self.variant is not Variant.OKLAHOMA:
            for name in ("oklahoma_ace_gin_only", "oklahoma_extra_boxes"):
                if getattr(self, name):
                    raise RuleSetError(f"{name} applies only to Oklahoma Gin")

    def _check_types(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool",) and not isinstance(value, bool):
                raise RuleSetError(f"{f.name} must be true or false, not {value!r}")
            if f.type == "int" and (not isinstance(value, int) or isinstance(value, bool)):
                raise RuleSetError(f"{f.name} must be a whole number, not {value!r}")
        if not isinstance(self.variant, Variant):
            raise RuleSetError(f"unknown variant {self.variant!r}")
        if not isinstance(self.next_dealer, NextDealer):
            raise RuleSetError(f"unknown next_dealer {self.next_dealer!r}")

    @classmethod
    def preset(cls, variant: str = "standard", bonuses: str = "classic", **overrides: Any) -> RuleSet:
        """A named variant with a named bonus preset, then any option overridden.

        >>> RuleSet.preset("simple").knock_limit
        0
        >>> RuleSet.preset("standard", bonuses="classic_25_20").undercut_bonus
        20
        """
        if variant not in VARIANT_PRESETS:
            raise RuleSetError(f"unknown variant {variant!r}: choose one of {', '.join(VARIANT_PRESETS)}")
        if bonuses not in BONUS_PRESETS:
            raise RuleSetError(f"unknown bonus preset {bonuses!r}: choose one of {', '.join(BONUS_PRESETS)}")
        values: dict[str, Any] = dict(BONUS_PRESETS[bonuses])
        values["variant"] = Variant(variant)
        if variant == "simple":
            values["knock_limit"] = 0
        if variant == "oklahoma":
            values["target"] = 150
        unknown = set(overrides) - {f.name for f in fields(cls)}
        if unknown:
            raise RuleSetError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        values.update(overrides)
        if isinstance(values.get("next_dealer"), str):
            values["next_dealer"] = _enum(NextDealer, values["next_dealer"], "next_dealer")
        return cls(**values)

    def with_options(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated again)."""
        return replace(self, **changes)

    @property
    def match_target(self) -> int:
        """Points needed to win: partnership play races to 125 in RULES.md."""
        return 125 if self.players == 4 and self.target == 100 else self.target

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        data = asdict(self)
        data["variant"] = self.variant.value
        data["next_dealer"] = self.next_dealer.value
        return data

    @classmethod
    def from_dict(cls, data: object) -> RuleSet:
        """Read :meth:`to_dict` output; unknown or missing keys are errors."""
        if not isinstance(data, dict):
            raise RuleSetError(f"a rule set must be an object, not {type(data).__name__}")
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise RuleSetError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        missing = names - set(data)
        if missing:
            raise RuleSetError(f"missing rule option(s): {', '.join(sorted(missing))}")
        values = dict(data)
        values["variant"] = _enum(Variant, values["variant"], "variant")
        values["next_dealer"] = _enum(NextDealer, values["next_dealer"], "next_dealer")
        return cls(**values)


def _enum(kind: type[Variant] | type[NextDealer], value: object, name: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(str(m.value) for m in kind)
        raise RuleSetError(f"unknown {name} {value!r}: choose one of {choices}") from None
