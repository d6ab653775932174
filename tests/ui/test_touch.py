"""Whole hands played with fingers only (down, motion, up) on an upright phone.

Every tap is also followed by the mouse events SDL synthesises from a touch (marked
`touch=True`), as a real device sends them: each must act once, never twice.
"""

from __future__ import annotations

import pygame

from game.rules import (
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Knock,
    LayOff,
    Pass,
    Phase,
    best_defence,
)
from game.ui.table.hand_result import HandResultScene

from .harness import cards_in_play, create_app, deck_for, frames, post, run_until, start_table

C = Card.parse
PHONE = "390x844"


def phone_app():
    return create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", PHONE])


def _finger(app, kind: int, pos: tuple[int, int]) -> None:
    width, height = app.viewport.size
    post(kind, x=pos[0] / width, y=pos[1] / height, dx=0.0, dy=0.0, touch_id=7, finger_id=0, pressure=1.0)


def tap(app, pos: tuple[int, int]) -> None:
    """A finger down and up at `pos`, plus SDL's own mouse copies of it."""
    _finger(app, pygame.FINGERDOWN, pos)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
    frames(app)
    _finger(app, pygame.FINGERUP, pos)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)
    frames(app)


def swipe(app, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """A finger pressed at `start`, dragged to `end`, lifted."""
    _finger(app, pygame.FINGERDOWN, start)
    frames(app)
    for i in range(1, steps + 1):
        point = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        _finger(app, pygame.FINGERMOTION, point)
        post(pygame.MOUSEMOTION, pos=point, rel=(1, 1), buttons=(1, 0, 0), touch=True)
        frames(app)
    _finger(app, pygame.FINGERUP, end)
    frames(app)


def card_spot(table, text: str) -> tuple[int, int]:
    """A point inside the part of the card that shows."""
    rect = dict(table.hit_targets())[text]
    return rect.center


def button_spot(table, text: str) -> tuple[int, int]:
    for name, rect in table.hit_targets():
        if name == text:
            return rect.center
    raise AssertionError(f"no live button {text!r}: {[n for n, _ in table.hit_targets()]}")


def _defend(view):
    defence = best_defence(view.hand, view.knocker_melds)
    if defence.layoffs:
        card, index = defence.layoffs[0]
        return LayOff(card, index)
    return EndLayoff()


def test_a_whole_hand_by_finger_on_a_phone_held_upright():
    app = phone_app()
    assert app.viewport.portrait
    deck = deck_for(
        human="6H 7H 8H 9H 9C 9D 9S 2C 3D KS",
        ai="2H 5H JD JS QS QH 4C 4S TD 8C",
        upcard="KC",
        stock="AD 5C",
        dealer=1,
    )
    ai_moves = [Pass(), DrawStock(), lambda v: Discard(C("2H")), _defend, _defend]
    table = start_table(app, deck, dealer=1, script=ai_moves)
    hand = table.hand
    assert hand.phase is Phase.UPCARD_OFFER

    tap(app, button_spot(table, "Pass"))
    mine = [e.kind for e in hand.history if e.player == 0]
    assert mine == ["pass"]  # one tap, one pass (not two); the AI passes after it
    run_until(app, lambda: hand.phase is Phase.DRAW and hand.to_act == 0)

    tap(app, table.layout.stock.center)
    assert len(hand.hands[0]) == 11 and C("AD") in hand.hands[0]
    assert sum(1 for e in hand.history if e.kind == "draw_stock" and e.player == 0) == 1

    swipe(app, card_spot(table, "KS"), table.layout.discard.center)
    assert hand.discard_pile[-1] == C("KS") and len(hand.hands[0]) == 10
    run_until(app, lambda: hand.to_act == 0 and hand.phase is Phase.DRAW)

    # Take the AI's discard by dragging it down into the hand.
    swipe(app, table.layout.discard.center, (app.viewport.width // 2, table.layout.hand_rows[1]))
    assert C("2H") in hand.hands[0]

    # Reorder: the first card dragged to the end of the lower row.
    first = table.order.cards[0]
    last_row_y = table.layout.hand_rows[1]
    swipe(app, card_spot(table, str(first)), (app.viewport.width - 6, last_row_y))
    assert table.order.cards[-1] == first and table.order.mode is None

    # Knock with the button, choose the face-down card by tapping it, lay down.
    tap(app, button_spot(table, "Knock"))
    assert table.knock_mode
    tap(app, card_spot(table, "3D"))
    assert hand.phase is Phase.ARRANGE and hand.knock_card == C("3D")
    tap(app, button_spot(table, "Lay down"))
    assert any(e.kind == "arrange" for e in hand.history)
    run_until(app, lambda: hand.phase is Phase.FINISHED)
    assert len(set(cards_in_play(hand))) == 52
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app, 2)
    tap(app, dict(app.stack.top.hit_targets())["Next hand"].center)
    assert app.stack.top is table and table.hand is not hand


def test_a_defender_lays_off_by_dragging_a_card_onto_the_meld():
    app = phone_app()
    deck = deck_for(
        human="5S 6S TC 8H 8D 8C KH QH 4D JD",
        ai="2S 3S 4S 7D 7C 7H JC QC KC 9D",
        upcard="2D",
        stock="",
        dealer=0,
    )

    def arrange(view):
        return next(a for a in view.legal_actions if isinstance(a, Arrange))

    table = start_table(app, deck, dealer=0, script=[DrawDiscard(), Knock(C("9D")), arrange])
    hand = table.hand
    run_until(app, lambda: hand.phase is Phase.LAYOFF and hand.to_act == 0)
    spade_run = next(i for i, meld in enumerate(hand.knocker_melds) if C("4S") in meld)
    target = table.sprites[hand.knocker_melds[spade_run][-1]].rect().center
    swipe(app, card_spot(table, "5S"), target)
    assert (C("5S"), spade_run) in hand.layoffs
    tap(app, card_spot(table, "6S"))  # a tap lays off onto the meld that takes it
    assert (C("6S"), spade_run) in hand.layoffs
    tap(app, button_spot(table, "Done"))
    assert hand.phase is Phase.FINISHED


def test_a_long_press_explains_the_card_under_the_finger():
    app = phone_app()
    deck = deck_for(
        human="6H 7H 8H 9H 9C 9D 9S 2C 3D KS",
        ai="2H 5H JD JS QS QH 4C 4S TD 8C",
        upcard="KC",
        stock="AD 5C",
        dealer=1,
    )
    table = start_table(app, deck, dealer=1, script=[])
    spot = card_spot(table, "KS")
    _finger(app, pygame.FINGERDOWN, spot)
    frames(app, 45)  # three quarters of a second, not moving
    assert "K♠ is deadwood" in table.toast.text
    _finger(app, pygame.FINGERUP, spot)
    frames(app)
    assert table.hand.phase is Phase.UPCARD_OFFER and not table.hand.history  # nothing was played


def test_a_phone_held_sideways_says_tap_once_a_finger_is_used():
    """The sideways phone gets the landscape table; its prompts said "click" (seen in Chromium)."""
    from game.ui.table.draw import status_text
    from game.ui.table.scene import TableScene

    app = create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", "844x390"])
    table = TableScene(app)
    app.stack.replace_all(table)
    run_until(app, lambda: table.human_turn() and not table.dealing)
    if table.hand.phase is Phase.UPCARD_OFFER:
        table.pass_turn()
    run_until(app, lambda: table.human_turn() and table.hand.phase is Phase.DRAW)
    table.draw_stock()
    run_until(app, lambda: table.hand.phase is Phase.DISCARD and not table.animator.busy)
    assert status_text(table) == "Discard: click a card twice, or drag it to the pile."  # a mouse so far
    stock = table.layout.stock
    _finger(app, pygame.FINGERDOWN, (stock.right + 400, stock.top))  # a finger on empty felt
    frames(app)
    _finger(app, pygame.FINGERUP, (stock.right + 400, stock.top))
    frames(app)
    assert app.pointer.touched
    text = status_text(table)
    assert "tap" in text and "click" not in text, text
