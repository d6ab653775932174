"""The deal's fingerprint is on the table before the first card is dealt, and after the hand
the result reveals the deck and says whether it matches the fingerprint shown."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.rules import card_symbol, fingerprint
from game.ui.table.draw import status_text
from game.ui.table.hand_result import HandResultScene
from game.ui.table.scene import TableScene

from .harness import deck_for, frames, key, make_app, run_until, start_table
from .table_support import TABLE_IDS, TABLE_SIZES, sized_app

GIN_DEAL = dict(
    human="2H 3H 4H 7C 7D 7S QS KS JS 9D",
    ai="2C 4C 6C 8C TC 2D 4D 6D 8D TD",
    upcard="5H",
    stock="AC",
    dealer=1,
)


def test_the_fingerprint_shows_while_dealing_and_stays_by_the_piles():
    app = make_app(speed=1.0)
    table = TableScene(app)
    app.stack.replace_all(table)
    frames(app, 2)
    hand = table.hand
    assert table.dealing and hand.actions == []
    shown = fingerprint(hand.commitment)
    assert status_text(table) == f"Dealing. Deal fingerprint {shown}"
    run_until(app, lambda: not table.dealing)
    frames(app)
    assert [text for kind, text, *_ in table.draw_list if kind == "fingerprint"] == [shown]


def _gin_result(app):
    table = start_table(app, deck_for(**GIN_DEAL), dealer=1, script=[])
    for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
        key(app, code)
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app)
    return table, app.stack.top


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_after_the_hand_the_result_reveals_the_deck_and_checks_it(size):
    app = sized_app(size)
    table, result = _gin_result(app)
    hand = table.hand
    said = [(kind, text) for kind, text in result.draw_list if kind in ("check", "deck", "salt")]
    check = " ".join(text for kind, text in said if kind == "check")
    assert (
        check == f"Deal check: ✓ the deck matches the fingerprint shown before the deal ({hand.fingerprint})"
    )
    deck = " ".join(text for kind, text in said if kind == "deck")
    assert deck == "Deck, in deal order: " + " ".join(card_symbol(c) for c in hand.deck)
    assert ("salt", f"Salt: {hand.salt}") in said


def test_a_deck_that_does_not_match_the_fingerprint_shown_is_reported():
    app = make_app()
    table = start_table(app, deck_for(**GIN_DEAL), dealer=1, script=[])
    hand = table.hand
    # As if the table had shown the fingerprint of another deal than the one played.
    table.flow.shown_commitment = replace(hand.terms, salt="0" * 32).commitment
    for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
        key(app, code)
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app)
    kinds = [kind for kind, _ in app.stack.top.draw_list]
    assert "check_failed" in kinds and "check" not in kinds
    failed = " ".join(text for kind, text in app.stack.top.draw_list if kind == "check_failed")
    assert "does NOT match" in failed


@pytest.mark.parametrize("size", TABLE_SIZES, ids=TABLE_IDS)
def test_the_deal_check_fits_beside_the_panel_without_covering_cards(size):
    app = sized_app(size)
    table, result = _gin_result(app)
    window = app.surface.get_rect()
    covered = [table.sprites[c].rect() for meld in table.hand.knocker_melds for c in meld]
    covered += [table.sprites[c].rect() for c in table.row_cards(table.me) + table.row_cards(table.opp)]
    area = result.band if result.band is not None else result.rect
    assert window.contains(area) and window.contains(result.rect)
    if result.band is not None:
        assert not any(area.colliderect(rect) for rect in covered)
        assert not result.band.colliderect(result.rect)


@pytest.mark.parametrize("density", [1.0, 2.0, 3.0])
@pytest.mark.parametrize("size", TABLE_SIZES, ids=TABLE_IDS)
def test_the_lines_under_the_piles_stay_inside_the_window(size, density):
    """Seen in Chromium at 844x390: the centred fingerprint line began off the left edge."""
    app = sized_app((round(size[0] * density), round(size[1] * density)))
    app.resize(app.viewport.size, density)
    table = TableScene(app)
    app.stack.replace_all(table)  # a fresh start at this size, not only after turning
    run_until(app, lambda: not table.dealing)
    frames(app, 2)
    width, height = app.viewport.size
    lines = [rect for kind, _, rect, _ in table.draw_list if kind in ("fingerprint", "label")]
    assert any(kind == "fingerprint" for kind, *_ in table.draw_list)
    for rect in lines:
        assert rect.left >= 0 and rect.right <= width and rect.top >= 0 and rect.bottom <= height, rect
