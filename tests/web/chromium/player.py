"""A plain, deterministic human player for the browser test: it reads the probe's snapshot
and says what to press or drag next, like a person looking at the table would.

It plays sensibly (the browser test needs hands that reach knocks, gin and layoffs, not
hands that drift to a void): it takes a discard when that makes a meld, throws the card
that leaves the least deadwood, knocks as soon as it may, goes gin when it can, lays off
what the engine's best defence lays off (dragging each card onto its meld) and then says Done. The same moves can be
made by mouse, by touch (tests/web/chromium/harness.py) or natively by posted pygame events
(tools/find_browser_seeds.py), so a seed chosen natively replays the same way in Chromium.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules import Card, best_defence, best_melds

TAKE_GAIN = 3
"""Deadwood a discard must save (after the best throw) before the player takes it."""


@dataclass(frozen=True)
class Move:
    """One input: press a target, or drag one (to another target or a canvas point)."""

    kind: str  # "press" or "drag"
    target: str
    onto: str | None = None
    """For a drag: the target (or card on the table) it ends on."""
    why: str = ""
    action: str | None = None
    """The move in the game, however it is made ("take JC", "throw QH"); None for a selection."""


def cards_of(names: list[str]) -> list[Card]:
    """Cards from the probe's names ("7H", "TD", ...)."""
    return [Card.parse(name) for name in names]


def deadwood_after_best_throw(cards: list[Card], keep: Card | None = None) -> tuple[int, Card]:
    """(deadwood, card to throw) for the throw leaving the least deadwood (never `keep`)."""
    options = [card for card in cards if card != keep]
    best = min(
        options, key=lambda card: (best_melds([c for c in cards if c != card]).deadwood_value, -card.value)
    )
    return best_melds([c for c in cards if c != best]).deadwood_value, best


def worth_taking(mine: list[Card], top: Card) -> bool:
    """True when taking `top` and throwing the best card saves at least TAKE_GAIN deadwood."""
    now = best_melds(mine).deadwood_value
    after, _ = deadwood_after_best_throw([*mine, top], keep=top)
    return after <= now - TAKE_GAIN


def my_turn(state: dict[str, Any]) -> bool:
    """True when the table waits for the person at the bottom (and nothing moves)."""
    table = state.get("table") or {}
    return (
        bool(table.get("on_top"))
        and table.get("to_act") == table.get("me")
        and not table.get("moving")
        and not table.get("dealing")
    )


def choose(state: dict[str, Any], *, take_by_drag: bool = False, throw_by_drag: bool = False) -> Move | None:
    """The next input for the table in `state`, or None when it is not the player's turn."""
    if not my_turn(state):
        return None
    table = state["table"]
    targets = {target["name"] for target in state["targets"]}
    mine = cards_of(table["mine"])
    phase = table["phase"]
    top = Card.parse(table["discard"][-1]) if table["discard"] else None
    if phase in ("UPCARD_OFFER", "LAST_CHANCE"):
        if "Take" in targets and top is not None and worth_taking(mine, top):
            return Move("press", "Take", why=f"take the upcard {top}", action=f"take {top}")
        return Move("press", "Pass", why="pass", action="pass")
    if phase == "DRAW":
        if top is not None and worth_taking(mine, top):
            if take_by_drag:
                return Move(
                    "drag",
                    "discard",
                    onto=str(mine[len(mine) // 2]),
                    why=f"drag {top} into the hand",
                    action=f"take {top}",
                )
            return Move("press", "discard", why=f"take the discard {top}", action=f"take {top}")
        return Move("press", "stock", why="draw from the stock", action="draw")
    if phase == "DISCARD":
        return _discard(table, targets, mine, throw_by_drag)
    if phase == "ARRANGE":
        return Move("press", "Lay down", why="lay down the melds", action="lay down")
    if phase == "LAYOFF":
        melds = [cards_of(meld) for meld in table["melds"]]
        for card, index in best_defence(mine, melds).layoffs:
            # Dropped on the meld's end card: the game picks the meld under the finger.
            onto = str(melds[index][-1])
            return Move("drag", str(card), onto=onto, why=f"lay off {card}", action=f"lay off {card}")
        return Move("press", "Done", why="done laying off", action="done")
    return None


def _discard(table: dict[str, Any], targets: set[str], mine: list[Card], by_drag: bool) -> Move:
    for gin in ("Gin", "Big gin"):
        if gin in targets:
            return Move("press", gin, why="go gin", action="gin")
    left, throw = deadwood_after_best_throw(mine)
    if "Knock" in targets and left <= table["knock_limit"]:
        if table["knock_mode"]:
            return Move("press", str(throw), why=f"knock, {throw} face down", action=f"knock {throw}")
        return Move("press", "Knock", why="knock")
    if by_drag:
        return Move(
            "drag", str(throw), onto="discard", why=f"drag {throw} to the pile", action=f"throw {throw}"
        )
    if table.get("armed") == str(throw):  # raised by the first tap (issue 18: a drawn card is not)
        return Move("press", str(throw), why=f"discard {throw} (second tap)", action=f"throw {throw}")
    return Move("press", str(throw), why=f"select {throw}")
