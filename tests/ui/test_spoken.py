"""The game in sentences for a screen reader: a hand played by keyboard alone, every move,
prompt, the hand read on request and the result said in words (what the browser's live
region receives)."""

from __future__ import annotations

import pygame

from game.rules import Card, DrawStock, EndLayoff, Pass, Phase
from game.ui.core import browser
from game.ui.screens.title import TitleScene
from game.ui.table.hand_result import HandResultScene

from .harness import create_app, deck_for, frames, key, run_until, start_table

C = Card.parse
DEAL = dict(
    human="6H 7H 8H 9H 9C 9D 9S 2C 3D KS",
    ai="2H 5H JD JS QS QH 4C 4S TD 8C",
    upcard="KC",
    stock="AD JC 5C",
    dealer=1,
)


def _discard(card: str):
    from game.rules import Discard

    return lambda view: Discard(C(card))


def _app(*extra: str):
    return create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", "1280x720", *extra])


def _select(app, table, card: str) -> None:
    for _ in range(12):
        if table.selected == C(card):
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"{card} was never selected")


def _said(app) -> list[str]:
    return list(app.speech.history)


def test_a_hand_played_by_keyboard_alone_is_told_move_by_move(monkeypatch):
    page: list[str] = []
    monkeypatch.setattr(browser, "say", lambda text: page.append(text) or True)
    app = _app()
    table = start_table(
        app, deck_for(**DEAL), dealer=1, script=[Pass(), DrawStock(), _discard("2H"), EndLayoff()]
    )
    app.invalidate()
    frames(app)
    assert "Take the upcard (the king of clubs) or pass?" in _said(app)
    key(app, pygame.K_p)
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.human_turn())
    frames(app)
    said = _said(app)
    assert "You passed." in said and "The computer passed." in said
    assert any(s.startswith("Both passed: draw from the stock") for s in said)
    key(app, pygame.K_s)
    assert "You drew the ace of diamonds from the stock." in _said(app)
    _select(app, table, "KS")
    assert "Selected: the king of spades, 11 of 11, deadwood, 10 points." in _said(app)
    key(app, pygame.K_y)
    hand_text = _said(app)[-1]
    assert hand_text.startswith("Your hand, 11 cards, left to right: 6 of hearts, 7 of hearts")
    assert "Melds 6, 7 and 8 of hearts; four 9s: clubs, diamonds, hearts and spades" in hand_text
    assert "Deadwood 16: ace of diamonds, 2 of clubs, 3 of diamonds, king of spades." in hand_text
    assert "On the discard pile: the king of clubs. 30 cards in the stock." in hand_text
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.human_turn() and table.hand.phase is Phase.DRAW)
    frames(app)
    said = _said(app)
    assert "You discarded the king of spades." in said
    assert "The computer drew from the stock and discarded the 2 of hearts." in said
    key(app, pygame.K_s)
    assert "You drew the 5 of clubs from the stock." in _said(app)
    key(app, pygame.K_k)
    frames(app)
    assert "Knock: pick the card to discard face down." in _said(app)
    _select(app, table, "5C")
    key(app, pygame.K_RETURN)
    assert "You knocked, discarding the 5 of clubs face down." in _said(app)
    frames(app)
    key(app, pygame.K_RETURN)  # lay the arrangement down
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene), limit=2000)
    frames(app, 3)
    said = _said(app)
    laid = next(s for s in said if s.startswith("You laid down."))
    assert "6, 7 and 8 of hearts; four 9s: clubs, diamonds, hearts and spades" in laid
    assert "Deadwood 6: ace of diamonds, 2 of clubs, 3 of diamonds" in laid
    assert "The computer finished laying off." in said
    result = table.hand.result
    won = f"You win the hand by knocking: {result.points} points."
    assert won in said and f"Scores: you {result.points}, the computer 0, playing to 100." in said
    summary = next(s for s in said if s.startswith("Hand result."))
    assert f"You score {result.points}." in summary and "the deck matches the fingerprint" in summary
    assert "Salt" not in summary and "Deck, in deal order" not in summary
    assert any(s.startswith("Enter: Next hand.") for s in said)
    key(app, pygame.K_RETURN)  # and on to the next hand, by keyboard too
    run_until(app, lambda: table.hand is not None and not table.hand.is_over and not table.dealing)
    assert page == [s for s in said if s] + _said(app)[len(said) :]  # all of it reached the page


def test_nothing_goes_to_the_page_when_moves_in_words_is_off_but_it_is_still_kept(monkeypatch):
    page: list[str] = []
    monkeypatch.setattr(browser, "say", lambda text: page.append(text) or True)
    app = _app()
    app.settings.narrate = False
    table = start_table(app, deck_for(**DEAL), dealer=1, script=[Pass()])
    key(app, pygame.K_p)
    run_until(app, lambda: table.human_turn() and table.hand.phase is Phase.DRAW)
    assert "You passed." in _said(app) and page == []


def test_narrate_prints_the_sentences_on_the_desktop(capsys):
    app = _app("--narrate")
    table = start_table(app, deck_for(**DEAL), dealer=1, script=[Pass()])
    key(app, pygame.K_p)
    run_until(app, lambda: table.human_turn() and table.hand.phase is Phase.DRAW)
    printed = capsys.readouterr().out.splitlines()
    assert "You passed." in printed and "The computer passed." in printed


def test_the_title_says_its_focused_entry_as_the_arrows_move():
    app = _app()
    app.stack.push(TitleScene(app))
    frames(app)
    first = _said(app)[-1]
    key(app, pygame.K_DOWN)
    second = _said(app)[-1]
    assert "Gin Rummy. Up and down choose, Enter picks." in _said(app)
    assert first != second and ", 2 of " in second
