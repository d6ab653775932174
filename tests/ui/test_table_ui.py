"""The table's controls, looks and scenes, driven by real events."""

from __future__ import annotations

import random

import pygame

from game.rules import Card, Discard, Match, Pass, Phase, RuleSet
from game.ui.screens.celebration import CelebrationScene
from game.ui.screens.match_result import MatchResultScene
from game.ui.screens.title import TitleScene
from game.ui.table.scene import TableScene

from .harness import click, deck_for, frames, key, make_app, post, run_until, start_table

C = Card.parse
DECK = dict(
    human="6H 7H 8H 9H 9C 9D 9S 2C 3D KS",
    ai="2H 5H JD JS QS QH 4C 4S TD 8C",
    upcard="KC",
    stock="AD 5C",
    dealer=1,
)


def _table(app, script=()):
    deck = deck_for(**DECK)
    return start_table(app, deck, dealer=1, script=script)


def test_after_a_resize_clicks_land_on_the_new_layout():
    app = make_app()
    table = _table(app)
    table.seats[1].player.steps.append(Pass())
    key(app, pygame.K_p)  # pass the upcard; the AI passes too
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    before = table.layout.stock.center
    app.resize((1000, 900))  # a squarer window: the table is laid out again for it
    frames(app)
    assert pygame.display.get_surface().get_size() == (1000, 900)
    assert table.layout.stock.center != before
    assert app.surface.get_rect().contains(table.layout.stock)
    click(app, table.layout.stock.center)
    assert table.hand.phase is Phase.DISCARD and len(table.hand.hands[0]) == 11


def test_a_click_skips_running_animation():
    app = make_app(speed=1.0)
    app.stack.push(TableScene(app))
    frames(app, 2)
    table = app.stack.top
    assert table.animator.busy
    post(pygame.MOUSEBUTTONDOWN, pos=(600, 300), button=1)
    frames(app)
    assert not table.animator.busy and not table.dealing
    assert all(s.target is None or (s.x, s.y) == s.target[:2] for s in table.sprites.values())


def test_cards_are_painted_in_suit_colours_and_four_colour_deck_changes_them():
    app = make_app()
    table = _table(app)
    frames(app)

    def centre_pixel(text):
        sprite = table.sprites[C(text)]
        rect = sprite.rect()
        # A nine has a pip in the middle of its face; sample inside it.
        return app.surface.get_at(rect.center)

    red = centre_pixel("9H")
    assert red.r > 150 and red.g < 80 and red.b < 80
    black = centre_pixel("9S")
    assert black.r < 60 and black.g < 60 and black.b < 60
    app.settings.four_colour = True
    app.invalidate()  # changed behind the scenes' back (the pause menu's input does this)
    frames(app)
    blue = centre_pixel("9D")
    assert blue.b > 150 and blue.r < 80
    green = centre_pixel("9C")
    assert green.g > 100 and green.r < 60
    opponent = [
        entry for entry in table.draw_list if entry[0] == "card" and C(entry[1]) in table.hand.hands[1]
    ]
    assert opponent and not any(face_up for *_, face_up in opponent)


def test_hint_is_thought_out_over_frames_and_shown():
    app = make_app()
    table = _table(app)
    key(app, pygame.K_h)
    assert table.hint_seat is not None
    run_until(app, lambda: table.hint_seat is None, limit=2000)
    assert table.toast.text and "Thinking" not in table.toast.text


def test_keyboard_selects_and_discards_with_visible_focus():
    app = make_app()
    table = _table(app, script=[Pass()])
    key(app, pygame.K_p)
    run_until(app, lambda: table.hand.to_act == 0 and table.hand.phase is Phase.DRAW)
    key(app, pygame.K_s)
    drawn = table.hand.hands[0][-1]
    assert table.selected == drawn
    key(app, pygame.K_LEFT)
    focused = table.selected
    assert focused != drawn
    assert any(kind == "focus" and text == str(focused) for kind, text, *_ in table.draw_list)
    key(app, pygame.K_RETURN)
    assert table.hand.discard_pile[-1] == focused
    assert Discard(focused) in [a for p, a in table.hand.actions if p == 0]


def test_sort_keys_group_melds_and_mark_deadwood():
    app = make_app()
    table = _table(app)
    key(app, pygame.K_r)
    assert table.order.mode == "rank"
    ranks = [c.rank for c in table.order.cards]
    assert ranks == sorted(ranks)
    key(app, pygame.K_m)
    marks = {text: group for kind, text, _, group in table.draw_list if kind == "mark"}
    assert marks["KS"] == "deadwood" and marks["2C"] == "deadwood"
    assert marks["6H"] == marks["7H"] == marks["8H"] != "deadwood"
    deadwood = [value for kind, _, _, value in table.draw_list if kind == "deadwood"]
    assert deadwood == [15]  # 6-9H run and the 9C 9D 9S set; 2C 3D KS left
    assert any(kind == "knock_limit" and value == 10 for kind, _, _, value in table.draw_list)


def test_eleven_card_deal_opens_with_a_discard():
    app = make_app()
    app.settings.eleven_card_deal = True
    app.stack.push(TableScene(app))
    frames(app, 3)
    table = app.stack.top
    hand = table.hand
    if hand.dealer == 0:  # the AI opens; let it discard first
        run_until(app, lambda: hand.to_act == 0, limit=3000)
        assert len(hand.hands[0]) == 10
    else:
        assert len(hand.hands[0]) == 11 and hand.phase is Phase.DISCARD
        status = [text for kind, text, *_ in table.draw_list if kind == "status"]
        assert status and "Eleven-card deal" in status[0]
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        assert len(hand.hands[0]) == 10


def test_match_result_shows_bonuses_and_plays_again():
    app = make_app()
    match = Match(RuleSet.preset("standard"), random.Random(1))
    match.scores[:] = [104, 30]
    match.boxes[:] = [5, 2]
    scene = MatchResultScene(app, match)
    app.stack.push(scene)
    frames(app, 2)
    assert isinstance(app.stack.top, CelebrationScene)  # the won match gets its moment first
    key(app, pygame.K_RETURN)  # ... which a key skips
    assert app.stack.top is scene
    rows = [text for kind, text in scene.draw_list if kind == "row"]
    assert "Game bonus: 100 / 0" in rows and "Boxes x 20: 100 / 40" in rows
    assert rows[-1] == f"Total: {match.final_totals[0]} / {match.final_totals[1]}"
    assert any(kind == "margin" and str(match.margin) in text for kind, text in scene.draw_list)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TableScene)
    assert app.stack.top.match is not match


def test_a_finished_hand_is_saved_and_the_match_can_be_continued():
    from game.ui.app import create_app
    from game.ui.table.seats import ThinkingSeat, make_ai

    app = create_app(["--seed", "3", "--speed", "0"])
    if app.persistence._storage is None:
        return  # no storage module: nothing to continue
    app.stack.push(TableScene(app))
    table = app.stack.top
    table.seats[0] = ThinkingSeat(make_ai("simple", seed=1))  # let an AI play the human seat
    run_until(app, lambda: table.hand is not None and table.hand.is_over, limit=5000)
    assert len(table.match.played) == 1
    app2 = create_app(["--seed", "4", "--speed", "0"])
    title = TitleScene(app2)
    app2.stack.push(title)
    frames(app2)
    assert any(text.startswith("Continue match: Standard Gin") for text, _ in title.drawn)
    title.continue_match()
    frames(app2, 2)
    resumed = app2.stack.top
    assert isinstance(resumed, TableScene) and len(resumed.match.played) == 1
    assert resumed.match.scores == table.match.scores


def test_a_card_the_ai_took_from_the_discard_pile_stays_face_up_in_its_hand():
    from game.rules import DrawDiscard

    app = make_app()
    table = _table(app, script=[DrawDiscard()])
    key(app, pygame.K_p)  # the human passes; the AI takes the upcard and thinks on
    run_until(app, lambda: C("KC") in table.hand.hands[1])
    frames(app)
    faces = {text: face for kind, text, _, face in table.draw_list if kind == "card"}
    assert faces["KC"] is True
    hidden = [c for c in table.hand.hands[1] if c != C("KC")]
    assert not any(faces[str(c)] for c in hidden)


def test_clicks_during_the_ai_turn_never_move_for_the_ai():
    app = make_app()
    table = _table(app, script=[Pass()])  # then the AI thinks forever on its draw
    key(app, pygame.K_p)
    run_until(app, lambda: table.hand.to_act == 0 and table.hand.phase is Phase.DRAW)
    key(app, pygame.K_s)
    key(app, pygame.K_RETURN)  # discard the focused (drawn) card: now the AI is to act
    assert table.hand.to_act == 1
    before = list(table.hand.hands[1])
    click(app, table.layout.stock.center)
    key(app, pygame.K_d)
    assert table.hand.hands[1] == before and table.hand.to_act == 1
    assert "AI's turn" in table.toast.text


def test_a_failing_or_confused_ai_still_makes_a_legal_move():
    from game.ui.table.seats import ThinkingSeat

    class Broken:
        def think(self, view):
            yield
            raise RuntimeError("bug in the AI")

    class Confused:
        def think(self, view):
            yield
            return Discard(C("AS"))  # not even in its hand

    app = make_app()
    table = _table(app)
    view = table.hand.view(table.hand.to_act)
    for player in (Broken(), Confused()):
        seat = ThinkingSeat(player)
        seat.start(view)
        action = None
        while action is None:
            action = seat.step()
        assert action in view.legal_actions


def test_help_opens_over_the_table_and_any_key_closes_it():
    from game.ui.screens.help import HelpScene

    app = make_app()
    table = _table(app)
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, HelpScene)
    key(app, pygame.K_SPACE)
    assert app.stack.top is table
