""" "Tap a card twice" is what happens (issue 18, defect 4).

The status line says "Discard: tap a card twice, or drag it to the pile". A card chosen by
anything but a tap (the card just drawn, the hinted card, a card explained by a long press)
is ringed, not raised, and still takes two taps; the first tap raises a card, a tap on the
raised card discards it; a long press never leaves a card raised to discard.
"""

from __future__ import annotations

import pygame
import pytest

from game.rules import Card, Pass, Phase

from .harness import click, deck_for, frames, key, run_until, start_table
from .table_support import finger, sized_app, tap, target

C = Card.parse
DEAL = dict(
    human="6H 7H 8H 9C 9D 9S 2C 3C 4C KS",
    ai="2H 5H JD JS QS QH 4D 4S TD 8C",
    upcard="KC",
    stock="QD 5C 7D AS",
    dealer=1,
)


def _drawn(size=(390, 844)):
    """The person has just drawn Q♦ from the stock (by a tap, or a click on the desktop)."""
    app = sized_app(size)
    table = start_table(app, deck_for(**DEAL), dealer=1, script=[Pass()])
    key(app, pygame.K_p)
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    (tap if app.viewport.portrait else click)(app, table.layout.stock.center)
    assert table.hand.phase is Phase.DISCARD and C("QD") in table.hand.hands[0]
    return app, table


def _status(table) -> str:
    return next(text for kind, text, *_ in table.draw_list if kind == "status")


def test_the_words_say_tap_twice_and_the_drawn_card_takes_two_taps():
    app, table = _drawn()
    assert "tap a card twice" in _status(table)
    assert table.selected == C("QD")  # ringed, so it is easy to see what came in
    assert table.sprites[C("QD")].lift == 0  # ... but not raised as if chosen
    tap(app, target(table, "QD").center)
    assert table.hand.phase is Phase.DISCARD and C("QD") in table.hand.hands[0]
    assert table.armed == C("QD") and table.sprites[C("QD")].lift > 0
    tap(app, target(table, "QD").center)
    assert table.hand.discard_pile[-1] == C("QD")


def test_a_double_tap_discards_once_and_never_picks_the_card_that_slid_in():
    app, table = _drawn()
    spot = target(table, "QD").center
    tap(app, spot)
    tap(app, spot)
    assert table.hand.discard_pile[-1] == C("QD") and len(table.hand.hands[0]) == 10
    assert table.armed is None
    assert all(sprite.lift == 0 for card, sprite in table.sprites.items() if card in table.hand.hands[0])


def test_the_hinted_card_takes_two_taps_too():
    app, table = _drawn()
    key(app, pygame.K_h)
    run_until(app, lambda: table.hinted is not None, limit=3000)
    hinted = table.hinted
    assert table.sprites[hinted].lift == 0
    tap(app, target(table, str(hinted)).center)
    assert hinted in table.hand.hands[0] and table.hand.phase is Phase.DISCARD


def test_a_long_press_explains_and_never_leaves_the_card_armed():
    app, table = _drawn()
    spot = target(table, "KS").center
    finger(app, pygame.FINGERDOWN, spot)
    frames(app, 45)
    finger(app, pygame.FINGERUP, spot)
    frames(app)
    assert "K♠" in table.toast.text
    assert table.armed is None and table.sprites[C("KS")].lift == 0
    tap(app, target(table, "KS").center)
    assert C("KS") in table.hand.hands[0]  # one tap after the long press only raises it
    tap(app, target(table, "KS").center)
    assert table.hand.discard_pile[-1] == C("KS")


def test_a_tap_on_another_card_moves_the_choice():
    app, table = _drawn()
    tap(app, target(table, "KS").center)
    tap(app, target(table, "QD").center)
    assert table.armed == C("QD") and table.sprites[C("KS")].lift == 0
    assert len(table.hand.hands[0]) == 11


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_on_the_desktop_a_double_click_is_the_two_clicks(size):
    app, table = _drawn(size)
    assert "click a card twice" in _status(table)
    click(app, target(table, "QD").center)
    assert C("QD") in table.hand.hands[0]
    click(app, target(table, "QD").center)
    assert table.hand.discard_pile[-1] == C("QD")
