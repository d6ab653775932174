"""The desktop table is composed as a card table (issue 18, defect 8): the piles in the
middle, the buttons of the moment just over the hand, a straight opponent's row whose name
stays put while it plays, and a result panel that never leaves a card sticking out of it."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Card, Discard, DrawStock, EndLayoff, Pass, Phase

from .harness import deck_for, frames, key, run_until, start_table
from .layout_check import cut_by
from .table_support import sized_app

C = Card.parse
DESKTOPS = [(1280, 720), (1920, 1080), (1600, 900)]
KNOCK = dict(
    human="6H 7H 8H 9C 9D 9S 2C 3C 4C KS",
    ai="2H 5H JD JS QS QH 4D 4S TD 8C",
    upcard="KC",
    stock="AD 5C 7D AS",
    dealer=1,
)


def _hand_box(table) -> pygame.Rect:
    rects = [table.sprites[c].rect(lifted=False) for c in table.row_cards(table.me)]
    return rects[0].unionall(rects[1:])


def _knocking(size):
    app = sized_app(size)
    table = start_table(app, deck_for(**KNOCK), dealer=1, script=[Pass(), EndLayoff()])
    key(app, pygame.K_p)
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    key(app, pygame.K_s)
    frames(app)
    return app, table


@pytest.mark.parametrize("size", DESKTOPS)
def test_the_piles_lie_in_the_middle_between_the_opponent_and_the_hand(size):
    _app, table = _knocking(size)
    layout, hand = table.layout, _hand_box(table)
    middle = (layout.stock.centerx + layout.discard.centerx) / 2
    assert abs(middle - hand.centerx) <= layout.px(12)
    opponent = [table.sprites[c].rect() for c in table.row_cards(table.opp)]
    assert max(r.bottom for r in opponent) < layout.stock.top and layout.stock.bottom < hand.top
    assert layout.stock.right < layout.discard.left


@pytest.mark.parametrize("size", DESKTOPS)
def test_knock_stands_just_over_the_hand_in_its_middle(size):
    app, table = _knocking(size)
    table.draw(app.surface)
    knock = next(
        rect for kind, text, rect, live in table.draw_list if kind == "button" and text == "Knock" and live
    )
    hand = _hand_box(table)
    assert 0 < hand.top - knock.bottom <= table.layout.px(40)
    assert abs(knock.centerx - hand.centerx) <= table.layout.px(12)
    assert not table.layout.panel.colliderect(knock)


def test_knock_and_gin_stand_together_in_the_middle():
    app = sized_app((1280, 720))
    gin = dict(human="2H 3H 4H 7C 7D 7S QS KS JS 9D", ai="2C 4C 6C 8C TC 2D 4D 6D 8D TD", upcard="5H",
               stock="AC", dealer=1)  # fmt: skip
    table = start_table(app, deck_for(**gin), dealer=1, script=[])
    key(app, pygame.K_t)
    table.draw(app.surface)
    shown = {text: rect for kind, text, rect, live in table.draw_list if kind == "button" and live}
    pair = shown["Knock"].union(shown["Gin"])
    assert abs(pair.centerx - _hand_box(table).centerx) <= table.layout.px(12)
    assert 0 < shown["Gin"].left - shown["Knock"].right <= table.layout.px(16)


@pytest.mark.parametrize("size", [*DESKTOPS, (844, 390), (390, 844)])
def test_the_opponents_row_is_straight_hidden_and_shown(size):
    app, table = _knocking(size)
    tops = {table.sprites[c].rect().top for c in table.row_cards(table.opp)}
    assert len(tops) == 1
    table.start_knock()
    table.knock(table.selected)
    table.lay_down()
    run_until(app, lambda: table.hand.is_over)
    table.animator.finish_all()
    frames(app)
    tops = {table.sprites[c].rect().top for c in table.row_cards(table.opp)}
    assert len(tops) == 1
    marks = {
        rect.top
        for kind, text, rect, _ in table.draw_list
        if kind == "mark" and C(text) in table.hand.hands[table.opp]
    }
    assert len(marks) == 1


@pytest.mark.parametrize("size", DESKTOPS)
def test_the_opponents_name_stays_put_while_it_draws_and_discards(size):
    app = sized_app(size)
    script = [Pass(), DrawStock(), lambda view: Discard(view.hand[-1])]
    table = start_table(app, deck_for(**KNOCK), dealer=1, script=script)
    seen = []

    def name() -> pygame.Rect:
        table.draw(app.surface)
        return next(rect for kind, _, rect, _ in table.draw_list if kind == "opponent")

    seen.append(name())
    key(app, pygame.K_p)  # the AI passes too; then it is the person's draw
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    key(app, pygame.K_s)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # a discard: now the AI draws (eleven cards) and discards
    run_until(app, lambda: len(table.hand.hands[table.opp]) == 11)
    seen.append(name())
    run_until(app, lambda: table.hand.to_act == table.me)
    table.animator.finish_all()
    frames(app)
    seen.append(name())
    assert len({tuple(rect) for rect in seen}) == 1, seen


@pytest.mark.parametrize("size", [*DESKTOPS, (844, 390)])
def test_the_result_panel_lies_over_the_piles_whole_with_the_knock_card(size):
    from game.ui.table.hand_result import HandResultScene

    app, table = _knocking(size)
    table.start_knock()
    table.knock(table.selected)
    table.lay_down()
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene), limit=3000)
    frames(app)
    result = app.stack.top
    table.draw(app.surface)
    assert not cut_by(result.rect, table)
    knock_card = table.sprites[table.hand.knock_card].rect()
    stock = table.layout.stock
    if table.layout.compact:  # a sheet over the lower table, clear of the piles
        assert not result.rect.colliderect(knock_card) and not result.rect.colliderect(stock)
    else:
        assert result.rect.contains(knock_card) and result.rect.contains(stock)
