"""The comfort settings at the table: sorting after each draw, reduced motion."""

from __future__ import annotations

import pygame

from game.rules import Card, DrawDiscard, Pass
from game.ui.screens.celebration import CelebrationScene

from .harness import create_app, deck_for, frames, key, run_until, start_table

DEAL = dict(
    human="KS 2C 9D 4H 7C QH 3S 8D 5C JD",
    ai="2H 5H JH JS QS 6D 4D 4S TD 8C",
    upcard="KC",
    stock="AD 6C 7D AS",
    dealer=1,
)
GIN = dict(
    human="2H 3H 4H 7C 7D 7S QS KS JS 9D",
    ai="2C 4C 6C 8C TC 2D 4D 6D 8D TD",
    upcard="5H",
    stock="AC",
    dealer=1,
)


def _app(*extra: str, speed: str = "0"):
    return create_app(["--no-storage", "--seed", "3", "--speed", speed, "--window", "1280x720", *extra])


def _by_rank(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (c.rank, c.suit))


def _draw_after_moving_a_card(app) -> list[Card]:
    table = start_table(app, deck_for(**DEAL), dealer=1, script=[Pass()])
    table.sort("rank")
    table.order.move(table.order.cards[0], 9)  # the player puts the king... somewhere else
    assert table.order.mode is None and table.order.cards != _by_rank(table.order.cards)
    table.pass_turn()
    run_until(app, lambda: table.human_turn() and len(table.hand.hands[0]) == 10)
    table.draw_stock()
    frames(app)
    return list(table.order.cards)


def test_sorting_after_each_draw_puts_the_hand_back_in_order_even_after_a_move():
    app = _app()
    app.settings.auto_sort = "rank"
    held = _draw_after_moving_a_card(app)
    assert len(held) == 11 and held == _by_rank(held)


def test_with_sorting_off_a_hand_the_player_arranged_stays_as_they_left_it():
    app = _app()
    held = _draw_after_moving_a_card(app)
    assert len(held) == 11 and held != _by_rank(held)


def test_a_new_hand_arrives_in_the_chosen_order():
    app = _app()
    app.settings.auto_sort = "suit"
    table = start_table(app, deck_for(**DEAL), dealer=1, script=[])
    held = table.order.cards
    assert held == sorted(held, key=lambda c: (c.suit, c.rank)) and table.order.mode == "suit"


# --- reduced motion ---------------------------------------------------------------------------


def test_reduced_motion_cards_jump_but_the_computer_still_pauses_before_it_moves():
    app = _app("--speed", "1")
    app.speed_override = None
    app.settings.reduced_motion = True
    assert app.speed == 0.0 and app.pace == 1.0
    table = start_table(app, deck_for(**DEAL), dealer=1, script=[DrawDiscard(), DrawDiscard()])
    run_until(app, lambda: not table.dealing, limit=20)  # no dealing animation to sit through
    table.pass_turn()
    frames(app)
    assert not table.animator.busy  # the pass moved nothing that flies
    waited = 0
    while table.hand.to_act == 1 and waited < 200:
        frames(app)
        waited += 1
    assert 25 <= waited < 200  # about AI_PAUSE (0.55 s) of frames: its move can be followed
    assert table.flash is not None and table.flash_time > 0  # and its discard is ringed


def test_reduced_motion_a_gin_is_celebrated_with_still_words():
    app = _app()
    app.settings.reduced_motion = True
    start_table(app, deck_for(**GIN), dealer=1, script=[])
    for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
        key(app, code)
    celebration = app.stack.top
    assert isinstance(celebration, CelebrationScene) and celebration.still
    assert not celebration.animating() and celebration.working()
    frames(app)
    first = pygame.image.tobytes(app.surface, "RGB")
    for _ in range(10):
        app.invalidate()
        frames(app)
    assert pygame.image.tobytes(app.surface, "RGB") == first  # nothing moves, grows or fades
    assert ("title", "Gin!") in celebration.draw_list
    run_until(app, lambda: app.stack.top is not celebration)


def test_with_motion_a_celebration_moves():
    app = _app()
    start_table(app, deck_for(**GIN), dealer=1, script=[])
    for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
        key(app, code)
    celebration = app.stack.top
    assert isinstance(celebration, CelebrationScene) and celebration.animating()
    frames(app)
    first = pygame.image.tobytes(app.surface, "RGB")
    frames(app, 5)
    assert pygame.image.tobytes(app.surface, "RGB") != first


def test_reduced_motion_the_knock_banner_stays_up_a_moment_without_popping():
    app = _app()
    app.settings.reduced_motion = True
    table = start_table(app, deck_for(**DEAL), dealer=1, script=[])
    table.banner.show(table.animator, "You knock!", still=True)
    assert table.banner.alpha == 1.0 and table.banner.scale == 1.0
    frames(app, 30)
    assert table.banner.alpha == 1.0
    frames(app, 60)
    assert table.banner.alpha == 0.0
