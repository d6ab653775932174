"""The actions a player can take during a hand, as small frozen values with a JSON form.

>>> action_from_data(action_to_data(Discard(Card.parse("7H"))))
Discard(card=Card.parse('7H'))
>>> action_from_data({"type": "knock", "card": None})
Knock(card=None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.cards import Card, CardParseError, card_from_data, card_symbol, format_cards
from game.rules.errors import RecordError
from game.rules.records import show

Meld = tuple[Card, ...]


def normalise_melds(melds: Iterable[Iterable[Card]]) -> tuple[Meld, ...]:
    """Melds in a canonical order, so that equal arrangements compare equal."""
    ordered = [tuple(sorted(meld, key=lambda c: (c.rank, c.suit))) for meld in melds]
    ordered.sort(key=lambda m: (m[0].rank, m[0].suit, len(m)) if m else (0, 0, 0))
    return tuple(ordered)


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the stock (seen only by the player)."""

    def __str__(self) -> str:
        return "draw from the stock"


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Take the top card of the discard pile (the upcard on the first turn)."""

    def __str__(self) -> str:
        return "take the discard"


@dataclass(frozen=True, slots=True)
class Pass:
    """Refuse the upcard on the first turn, or decline the last-discard chance."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card face up and end the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {card_symbol(self.card)}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard ``card`` face down and knock; ``None`` is big gin (all eleven cards melded)."""

    card: Card | None

    def __str__(self) -> str:
        return "big gin" if self.card is None else f"knock, discarding {card_symbol(self.card)}"


@dataclass(frozen=True, slots=True)
class Arrange:
    """The knocker lays out these melds; the rest of the hand is deadwood."""

    melds: tuple[Meld, ...]

    def __init__(self, melds: Iterable[Iterable[Card]]) -> None:
        object.__setattr__(self, "melds", normalise_melds(melds))

    def __str__(self) -> str:
        return "lay out " + ", ".join(" ".join(map(card_symbol, m)) for m in self.melds)


@dataclass(frozen=True, slots=True)
class LayOff:
    """The defender adds ``card`` to the knocker's meld number ``meld_index``."""

    card: Card
    meld_index: int

    def __str__(self) -> str:
        return f"lay off {card_symbol(self.card)} on meld {self.meld_index + 1}"


@dataclass(frozen=True, slots=True)
class EndLayoff:
    """The defender has laid off all they want; the rest is melded and counted."""

    def __str__(self) -> str:
        return "finish laying off"


Action = DrawStock | DrawDiscard | Pass | Discard | Knock | Arrange | LayOff | EndLayoff

_SIMPLE: dict[str, type[DrawStock | DrawDiscard | Pass | EndLayoff]] = {
    "draw_stock": DrawStock,
    "draw_discard": DrawDiscard,
    "pass": Pass,
    "end_layoff": EndLayoff,
}


def action_to_data(action: Action) -> dict[str, Any]:
    """JSON-compatible form of an action."""
    match action:
        case Discard(card=card):
            return {"type": "discard", "card": str(card)}
        case Knock(card=card):
            return {"type": "knock", "card": None if card is None else str(card)}
        case Arrange(melds=melds):
            return {"type": "arrange", "melds": [[str(c) for c in m] for m in melds]}
        case LayOff(card=card, meld_index=index):
            return {"type": "lay_off", "card": str(card), "meld": index}
    for name, kind in _SIMPLE.items():
        if isinstance(action, kind):
            return {"type": name}
    raise TypeError(f"not an action: {action!r}")


def action_from_data(data: object) -> Action:
    """Read :func:`action_to_data` output; anything else raises :class:`RecordError`."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RecordError(f"an action must be an object with a 'type', not {show(data)}")
    kind = data["type"]
    try:
        if kind in _SIMPLE:
            _expect_keys(data, {"type"})
            return _SIMPLE[kind]()
        if kind == "discard":
            _expect_keys(data, {"type", "card"})
            return Discard(card_from_data(data["card"]))
        if kind == "knock":
            _expect_keys(data, {"type", "card"})
            return Knock(None if data["card"] is None else card_from_data(data["card"]))
        if kind == "arrange":
            _expect_keys(data, {"type", "melds"})
            return Arrange(_melds_from_data(data["melds"]))
        if kind == "lay_off":
            _expect_keys(data, {"type", "card", "meld"})
            index = data["meld"]
            if not isinstance(index, int) or isinstance(index, bool):
                raise RecordError(f"a layoff's meld must be a whole number, not {show(index)}")
            return LayOff(card_from_data(data["card"]), index)
    except CardParseError as error:
        raise RecordError(f"bad card in action {show(data)}: {error}") from None
    raise RecordError(f"unknown action type {show(kind)}")


def _expect_keys(data: dict[str, Any], keys: set[str]) -> None:
    if set(data) != keys:
        raise RecordError(f"action {show(data)} must have exactly the keys {sorted(keys)}")


def _melds_from_data(data: object) -> list[list[Card]]:
    if not isinstance(data, list) or not all(isinstance(m, list) for m in data):
        raise RecordError(f"melds must be a list of lists of cards, not {show(data)}")
    return [[card_from_data(c) for c in meld] for meld in data]


def describe_melds(melds: Sequence[Sequence[Card]]) -> str:
    """Melds as text, e.g. ``"[7H 8H 9H] [KC KD KS]"``."""
    return " ".join("[" + format_cards(m) + "]" for m in melds)
