"""Scoring one hand: knock, undercut, gin, big gin, Oklahoma doubling and extra boxes.

>>> r = score_hand(RuleSet.preset("standard"), knocker=0, knocker_count=5, defender_count=5,
...                gin=False, big_gin=False, spade_upcard=False)
>>> r.kind.value, r.winner, r.points
('undercut', 1, 10)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.rules.cards import Card
from game.rules.errors import RecordError
from game.rules.records import show, whole_number
from game.rules.ruleset import RuleSet, Variant

#: More than any hand can score (two 1000-point bonuses, doubled, plus deadwood).
MAX_POINTS = 10_000


class ResultKind(Enum):
    """How a hand ended."""

    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    VOID = "void"


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of one hand, with the score explained line by line."""

    kind: ResultKind
    winner: int | None
    points: int
    knocker: int | None = None
    knocker_count: int = 0
    defender_count: int = 0
    multiplier: int = 1
    extra_boxes: int = 0
    lines: tuple[str, ...] = ()

    @property
    def boxes(self) -> int:
        """Boxes the winner earns: one for the hand plus any Oklahoma extras."""
        return 0 if self.winner is None else 1 + self.extra_boxes

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return {
            "kind": self.kind.value,
            "winner": self.winner,
            "points": self.points,
            "knocker": self.knocker,
            "knocker_count": self.knocker_count,
            "defender_count": self.defender_count,
            "multiplier": self.multiplier,
            "extra_boxes": self.extra_boxes,
            "lines": list(self.lines),
        }

    @classmethod
    def from_dict(cls, data: object) -> HandResult:
        """Read :meth:`to_dict` output; anything else raises :class:`RecordError`."""
        fields = {"kind", "winner", "points", "knocker", "knocker_count", "defender_count",
                  "multiplier", "extra_boxes", "lines"}  # fmt: skip
        if not isinstance(data, dict) or set(data) != fields:
            raise RecordError(f"a hand result must be an object with the keys {sorted(fields)}")
        try:
            kind = ResultKind(data["kind"])
        except (ValueError, TypeError):
            raise RecordError(f"unknown hand result kind {show(data['kind'])}") from None
        lines = data["lines"]
        if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
            raise RecordError("a hand result's lines must be a list of text")
        return cls(
            kind=kind,
            winner=_seat_or_none(data["winner"], "the winner"),
            points=whole_number(data["points"], "the points", 0, MAX_POINTS),
            knocker=_seat_or_none(data["knocker"], "the knocker"),
            knocker_count=whole_number(data["knocker_count"], "the knocker's count", 0, MAX_POINTS),
            defender_count=whole_number(data["defender_count"], "the defender's count", 0, MAX_POINTS),
            multiplier=whole_number(data["multiplier"], "the multiplier", 1, 2),
            extra_boxes=whole_number(data["extra_boxes"], "the extra boxes", 0, 4),
            lines=tuple(lines),
        )


def _seat_or_none(value: object, what: str) -> int | None:
    return None if value is None else whole_number(value, what, 0, 1)


VOID_RESULT = HandResult(
    ResultKind.VOID, None, 0, lines=("The stock ran down to two cards: the hand is void.",)
)


def knock_limit_for(rules: RuleSet, upcard: Card | None) -> int:
    """The knock limit of one hand: fixed, or from the upcard in Oklahoma Gin."""
    if rules.variant is Variant.OKLAHOMA:
        if upcard is None:
            raise ValueError("Oklahoma Gin needs an upcard to set the knock limit")
        if upcard.value == 1 and rules.oklahoma_ace_gin_only:
            return 0
        return upcard.value
    return rules.knock_limit


def score_hand(
    rules: RuleSet,
    *,
    knocker: int,
    knocker_count: int,
    defender_count: int,
    gin: bool,
    big_gin: bool,
    spade_upcard: bool,
) -> HandResult:
    """Score a finished knock. Seats are 0 and 1; the defender is the other seat."""
    defender = 1 - knocker
    lines: list[str] = []
    if gin or big_gin:
        kind = ResultKind.BIG_GIN if big_gin else ResultKind.GIN
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        winner = knocker
        points = bonus + defender_count
        label = "Big gin" if big_gin else "Gin"
        lines.append(f"{label}: bonus {bonus}")
        lines.append(f"Defender's deadwood: {defender_count}")
    elif knocker_count < defender_count:
        kind = ResultKind.KNOCK
        winner = knocker
        points = defender_count - knocker_count
        lines.append(f"Knock: defender {defender_count} - knocker {knocker_count} = {points}")
    else:
        kind = ResultKind.UNDERCUT
        winner = defender
        diff = knocker_count - defender_count
        points = diff + rules.undercut_bonus
        lines.append(f"Undercut: knocker {knocker_count} - defender {defender_count} = {diff}")
        lines.append(f"Undercut bonus: {rules.undercut_bonus}")
    multiplier = 1
    if rules.variant is Variant.OKLAHOMA and rules.oklahoma_spade_double and spade_upcard:
        multiplier = 2
        lines.append(f"Spade upcard doubles the hand: {points} x 2")
        points *= 2
    extra = 0
    if rules.variant is Variant.OKLAHOMA and rules.oklahoma_extra_boxes:
        base = {ResultKind.UNDERCUT: 1, ResultKind.GIN: 2, ResultKind.BIG_GIN: 2}.get(kind, 0)
        extra = base * (2 if spade_upcard else 1)
        if extra:
            lines.append(f"Extra boxes: {extra}")
    lines.append(f"Total: {points}")
    return HandResult(
        kind=kind,
        winner=winner,
        points=points,
        knocker=knocker,
        knocker_count=knocker_count,
        defender_count=defender_count,
        multiplier=multiplier,
        extra_boxes=extra,
        lines=tuple(lines),
    )
