"""Turning the device mid-hand: the hand, the selection and the cards stay consistent."""

from __future__ import annotations

import pygame

from game.rules import Card, Pass, Phase
from game.ui.table.scene import TableScene

from .harness import create_app, deck_for, frames, key, post, run_until, start_table

C = Card.parse
DECK = dict(
    human="6H 7H 8H 9H 9C 9D 9S 2C 3D KS",
    ai="2H 5H JD JS QS QH 4C 4S TD 8C",
    upcard="KC",
    stock="AD 5C",
    dealer=1,
)


def _at_rest_where_the_layout_says(table: TableScene) -> None:
    """Every card sits exactly on its target for the current layout, nothing in flight."""
    assert not table.animator.busy
    for card, (x, y, face, _, size) in table.targets().items():
        sprite = table.sprites[card]
        assert (round(sprite.x), round(sprite.y)) == (round(x), round(y)), card
        assert sprite.face_up == face and (round(sprite.w), round(sprite.h)) == size
        assert not sprite.moving


def test_landscape_to_portrait_mid_draw_keeps_the_hand_and_the_selection():
    app = create_app(["--no-storage", "--seed", "3", "--speed", "1", "--window", "1280x720"])
    table = start_table(app, deck_for(**DECK), dealer=1, script=[Pass()])
    run_until(app, lambda: not table.animator.busy and not table.dealing, limit=2000)
    key(app, pygame.K_p)
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0, limit=2000)
    key(app, pygame.K_s)  # draw: the card is flying from the stock to the hand now
    assert table.animator.busy
    held = list(table.hand.hands[0])
    selected = table.selected
    assert selected == C("AD")
    history = list(table.hand.history)

    post(pygame.VIDEORESIZE, size=(390, 844), w=390, h=844)  # the phone is turned upright
    frames(app)
    assert table.layout.portrait and app.viewport.size == (390, 844)
    assert table.hand.hands[0] == held and table.hand.history == history
    assert table.selected == selected  # still ringed (a drawn card is not raised: issue 18)
    _at_rest_where_the_layout_says(table)
    assert set(table.order.cards) == set(held)

    # Play goes on in the new layout: two taps on the card just drawn discard it.
    for _ in range(2):
        rect = dict(table.hit_targets())[str(selected)]
        post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
        frames(app)
        post(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
        frames(app)
    assert table.hand.discard_pile[-1] == selected

    # And back to landscape, mid-animation again.
    post(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)
    frames(app)
    assert not table.layout.portrait
    _at_rest_where_the_layout_says(table)


def test_resizing_during_the_deal_finishes_it_cleanly():
    app = create_app(["--no-storage", "--seed", "3", "--speed", "1"])
    table = TableScene(app)
    app.stack.replace_all(table)
    frames(app, 20)
    assert table.dealing
    app.resize((768, 1024))
    frames(app)
    assert not table.dealing and table.layout.portrait
    _at_rest_where_the_layout_says(table)
    assert len(table.sprites) == 21 + (1 if table.hand.rules.eleven_card_deal else 0)
