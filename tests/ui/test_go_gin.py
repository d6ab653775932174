"""A gin is never thrown away (issue 18, defect 1).

Discarding a card that leaves the person with gin asks "Go gin?" (or goes gin at once with
the auto-gin setting), whichever way the card was discarded: Enter, a drag to the pile, a
double click, two taps. Following a hint does what the hint said (go gin, knock), and a
discard face up after a hint to knock asks first. Self-play is never asked anything.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import Card, Discard, Match, Pass, Phase, ResultKind, RuleSet
from game.ui.screens.notices import ConfirmScene
from game.ui.table.flow import FlowOptions
from game.ui.table.scene import TableScene
from game.ui.table.seats import ThinkingSeat

from .harness import Script, click, deck_for, drag, frames, key, run_until, start_table
from .table_support import sized_app, tap, target

C = Card.parse
GIN = dict(  # take the 5♥ upcard: then 9♦ face down is gin
    human="2H 3H 4H 7C 7D 7S QS KS JS 9D",
    ai="2C 4C 6C 8C TC 2D 4D 6D 8D TD",
    upcard="5H",
    stock="AC",
    dealer=1,
)
KNOCK = dict(  # pass, draw A♦: then K♠ face down knocks with 1
    human="6H 7H 8H 9C 9D 9S 2C 3C 4C KS",
    ai="2H 5H JD JS QS QH 4D 4S TD 8C",
    upcard="KC",
    stock="AD 5C 7D AS",
    dealer=1,
)


def _gin_table(size=(1920, 1080)):
    app = sized_app(size)
    table = start_table(app, deck_for(**GIN), dealer=1, script=[])
    key(app, pygame.K_t)
    assert table.hand.phase is Phase.DISCARD and table.gin_cards() == [C("9D")]
    return app, table


def _knock_table(size=(1920, 1080)):
    app = sized_app(size)
    table = start_table(app, deck_for(**KNOCK), dealer=1, script=[Pass()])
    key(app, pygame.K_p)
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    key(app, pygame.K_s)
    assert table.knock_cards() and not table.gin_cards()
    return app, table


def _hint(app, table) -> str:
    key(app, pygame.K_h)
    run_until(app, lambda: table.hinted is not None, limit=3000)
    return table.toast.text


def _went_gin(table) -> bool:
    """The person knocked with no deadwood, and laying the melds down scores a gin."""
    hand = table.hand
    if hand.knocker != table.me or hand.phase is not Phase.ARRANGE:
        return False
    assert table.lay_down()
    return hand.is_over and hand.result.kind is ResultKind.GIN


def _question(app) -> ConfirmScene:
    question = app.stack.top
    assert isinstance(question, ConfirmScene), f"no question asked: {type(question).__name__} is up"
    return question


def _discard_by(app, table, card: str, how: str) -> None:
    """Discard `card` face up the way a person would."""
    rect = table.sprites[C(card)].rect()
    spot = (rect.x + table.layout.px(10), rect.centery)
    if how == "drag":
        drag(app, spot, table.layout.discard.center)
    elif how == "double_click":
        click(app, spot)
        click(app, table.sprites[C(card)].rect().move(table.layout.px(10), 0).topleft)
    elif how == "two_taps":
        tap(app, target(table, card).center)
        tap(app, target(table, card).center)
    elif how == "enter":
        while table.selected != C(card):
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
    else:
        raise AssertionError(how)


@pytest.mark.parametrize("size", [(1920, 1080), (390, 844)], ids=["desktop", "phone"])
def test_enter_after_a_gin_hint_goes_gin(size):
    app, table = _gin_table(size)
    assert "Gin" in _hint(app, table) and table.selected == C("9D")
    key(app, pygame.K_RETURN)
    assert _went_gin(table)
    assert table.hand.knock_card == C("9D") and C("9D") not in table.hand.discard_pile


def test_two_taps_on_the_hinted_card_follow_the_hint():
    app, table = _gin_table((390, 844))
    _hint(app, table)
    tap(app, target(table, "9D").center)
    assert table.hand.phase is Phase.DISCARD  # the first tap only raises it
    tap(app, target(table, "9D").center)
    assert _went_gin(table)


@pytest.mark.parametrize("how", ["drag", "double_click", "two_taps", "enter"])
def test_discarding_a_gin_card_asks_go_gin_and_yes_goes_gin(how):
    app, table = _gin_table((390, 844) if how == "two_taps" else (1920, 1080))
    _discard_by(app, table, "9D", how)
    question = _question(app)
    assert question.title == "Go gin?"
    assert table.hand.phase is Phase.DISCARD and C("9D") in table.hand.hands[0]  # nothing done yet
    (tap if how == "two_taps" else click)(app, question.yes_button.rect.center)
    assert _went_gin(table)


def test_discard_face_up_is_the_other_answer_and_play_goes_on():
    app, table = _gin_table()
    _discard_by(app, table, "9D", "drag")
    question = _question(app)
    assert question.no_button.text == "Discard face up"
    click(app, question.no_button.rect.center)
    assert table.hand.discard_pile[-1] == C("9D") and not table.hand.is_over
    assert table.hand.to_act == 1


@pytest.mark.parametrize("answer", [pygame.K_ESCAPE, "outside"])
def test_backing_out_of_the_question_changes_nothing(answer):
    app, table = _gin_table()
    _discard_by(app, table, "9D", "double_click")
    question = _question(app)
    held = list(table.hand.hands[0])
    if answer == "outside":
        click(app, (2, 2))
    else:
        key(app, answer)
    assert app.stack.top is table
    assert table.hand.phase is Phase.DISCARD and table.hand.hands[0] == held
    assert question not in app.stack.scenes


def test_enter_on_the_question_goes_gin():
    app, table = _gin_table()
    _discard_by(app, table, "9D", "drag")
    _question(app)
    key(app, pygame.K_RETURN)
    assert _went_gin(table)


@pytest.mark.parametrize("how", ["drag", "double_click", "enter"])
def test_with_auto_gin_a_gin_discard_goes_gin_without_asking(how):
    app, table = _gin_table()
    app.settings.auto_gin = True
    _discard_by(app, table, "9D", how)
    assert _went_gin(table)


def test_a_discard_that_does_not_leave_gin_is_not_questioned():
    app, table = _gin_table()
    _discard_by(app, table, "QS", "drag")
    assert app.stack.top is table and table.hand.discard_pile[-1] == C("QS")


def test_enter_after_a_knock_hint_knocks():
    app, table = _knock_table()
    assert _hint(app, table).startswith("Knock") and table.selected == C("KS")
    key(app, pygame.K_RETURN)
    hand = table.hand
    assert hand.knocker == table.me and hand.knock_card == C("KS")
    assert C("KS") not in hand.discard_pile


@pytest.mark.parametrize("answer", ["knock", "play_on"])
def test_a_face_up_discard_after_a_knock_hint_is_never_silent(answer):
    app, table = _knock_table()
    _hint(app, table)
    _discard_by(app, table, "AD", "drag")  # A♦ face down would knock too
    question = _question(app)
    assert question.title == "Knock?" and "A♦" in " ".join(question.paragraphs)
    hand = table.hand
    if answer == "knock":
        click(app, question.yes_button.rect.center)
        assert hand.knocker == table.me and hand.knock_card == C("AD")
    else:
        click(app, question.no_button.rect.center)
        assert hand.knocker is None and hand.discard_pile[-1] == C("AD")


def test_confirm_knock_asks_before_a_knock_and_cancel_changes_nothing():
    app, table = _knock_table()
    app.settings.confirm_knock = True
    key(app, pygame.K_k)
    key(app, pygame.K_RETURN)
    question = _question(app)
    assert question.title == "Knock?" and table.hand.knocker is None
    key(app, pygame.K_ESCAPE)
    assert table.hand.knocker is None and table.hand.phase is Phase.DISCARD
    key(app, pygame.K_k)
    key(app, pygame.K_RETURN)
    click(app, _question(app).yes_button.rect.center)
    assert table.hand.knocker == table.me


def test_self_play_discards_what_the_ai_chose_without_a_question():
    app, table = _gin_table()
    table.moves.play_for_seat(table.me, Discard(C("9D")))
    assert app.stack.top is table and table.hand.discard_pile[-1] == C("9D")


class _DealtTable(TableScene):
    """A table whose first hand is dealt from a given deck."""

    def __init__(self, app, match, deck):
        super().__init__(app, match)
        self.deck = deck

    def flow_options(self) -> FlowOptions:
        return FlowOptions(deal=lambda match: match.deal_from(self.deck), checks_deal=False)


def test_four_players_hint_then_enter_goes_gin():
    app = sized_app((1920, 1080))
    app.settings.players = "4"
    match = Match(RuleSet.preset("standard", players=4), random.Random(2), first_dealer=1)
    table = _DealtTable(app, match, deck_for(**GIN))
    app.stack.replace_all(table)
    frames(app, 3)
    assert table.pairing == (0, 1) and table.me == 0
    table.seats[1] = ThinkingSeat(Script([]))
    key(app, pygame.K_t)
    assert table.gin_cards() == [C("9D")]
    assert "Gin" in _hint(app, table)
    key(app, pygame.K_RETURN)
    assert _went_gin(table)
