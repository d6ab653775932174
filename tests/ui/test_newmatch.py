"""The new-match screen: every engine option in plain words, explained, greyed when unused."""

from __future__ import annotations

import pygame
import pytest

from game.storage.settings import AI_LEVELS, Settings
from game.ui.core import theme
from game.ui.screens import new_match as newmatch
from game.ui.screens.new_match import OPTION_ORDER, NewMatchScene, shown_options
from game.ui.screens.notices import ConfirmScene
from game.ui.screens.title import TitleScene
from game.ui.table.scene import TableScene

from .harness import click, drag, frames, key, post, run_until
from .menu_helpers import bare_app, finger_swipe, finger_tap, rests, row_point, started_match, storage_app


def _screen(app):
    app.stack.push(TitleScene(app))
    scene = NewMatchScene(app)
    app.stack.push(scene)
    frames(app)
    return scene


def _rows(scene):
    """What each row in view shows, by its label."""
    rows = {}
    for text, _ in scene.drawn:
        label = next(item.label for item in scene.menu.items if text.startswith(item.label + ": "))
        rows[label] = text[len(label) + 2 :]
    return rows


def _all_rows(app, scene):
    """Every row's drawn text, scrolling the list from top to bottom by keyboard."""
    seen = {}
    key(app, pygame.K_HOME)
    for _ in range(len(scene.menu.items)):
        seen.update(_rows(scene))
        key(app, pygame.K_DOWN)
    return seen


def test_the_screen_offers_every_option_of_the_rules_engine_and_the_table():
    settings = Settings(players="4")
    described = {info.name for info in settings.options("rules") + settings.options("table")}
    assert set(OPTION_ORDER) == described
    assert shown_options(settings) == list(OPTION_ORDER)  # four players: every seat listed


def test_options_are_named_in_plain_words():
    app = bare_app()
    scene = _screen(app)
    rows = _all_rows(app, scene)
    assert rows["Bonuses"] == "Gin 20, undercut 10, box 20"
    assert rows["Game"] == "Standard Gin" and rows["Match target"] == "Usual (100)"
    assert rows["Seat: You"] == "A person" and rows["Seat: Your opponent"] == "The computer"
    assert not any("classic" in value or "_" in value for value in rows.values())
    assert {"Big gin", "Shutout doubles", "Last-discard chance", "Next dealer", "First dealer"} <= set(rows)


def test_keyboard_sets_oklahoma_and_enter_starts_that_match():
    app = bare_app()
    _screen(app)
    key(app, pygame.K_RIGHT)  # the first row, the game: Standard -> Oklahoma
    assert app.settings.variant == "oklahoma"
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene)
    frames(app, 2)
    hand = table.hand
    assert hand.rules.variant.value == "oklahoma"
    shown = [value for kind, _, _, value in table.draw_list if kind == "knock_limit"]
    assert shown == [hand.knock_limit] and hand.knock_limit == min(10, hand.upcard.rank)


def test_clicked_rule_options_reach_the_engine():
    app = bare_app()
    scene = _screen(app)
    for name in ("big_gin", "allow_rediscard", "next_dealer", "shutout_doubles"):
        frames(app)
        click(app, row_point(scene.menu, name))
    assert app.settings.big_gin and app.settings.allow_rediscard and app.settings.shutout_doubles
    assert app.settings.next_dealer == "winner"
    click(app, scene.start_button.rect.center)
    rules = app.stack.top.match.rules
    assert rules.big_gin and rules.allow_rediscard and rules.shutout_doubles
    assert rules.next_dealer.value == "winner"


def test_a_press_on_the_back_arrow_steps_back():
    app = bare_app()
    scene = _screen(app)
    click(app, row_point(scene.menu, "variant", side="back"))
    assert app.settings.variant == "simple"  # Standard, back one, wraps to Simple
    click(app, row_point(scene.menu, "variant", side="right"))
    assert app.settings.variant == "standard"


def test_changing_an_option_focuses_it_and_shows_its_explanation():
    app = bare_app()
    scene = _screen(app)
    click(app, row_point(scene.menu, "big_gin"))
    frames(app)
    explanation = app.settings.option("big_gin").explanation
    assert scene.focused_option().name == "big_gin"
    assert ("explain", explanation) in scene.draw_list


def test_an_option_the_variant_ignores_is_greyed_with_its_reason_and_cannot_change():
    app = bare_app()
    app.settings.variant = "oklahoma"
    app.settings.eleven_card_deal = True
    scene = _screen(app)
    reason = "Oklahoma needs the upcard to set the knock limit."
    click(app, row_point(scene.menu, "eleven_card_deal"))
    frames(app)
    assert app.settings.eleven_card_deal is True  # kept for when it applies again, not toggled
    assert _rows(scene)["Eleven-card deal"] == f"not used: {reason}"
    assert ("reason", reason) in scene.draw_list
    assert ("ignored", f"Eleven-card deal: {reason}") in scene.draw_list  # landscape summary
    key(app, pygame.K_RIGHT)
    assert app.settings.eleven_card_deal is True
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)  # Oklahoma -> Simple: now the deal applies, Oklahoma's options do not
    frames(app)
    rows = _all_rows(app, scene)
    assert rows["Eleven-card deal"] == "On"
    assert rows["Spades double"] == "not used: Only in Oklahoma Gin."


def test_the_seat_rows_follow_the_number_of_players_and_three_players_start():
    app = bare_app("--level", "simple")
    scene = _screen(app)
    click(app, row_point(scene.menu, "players"))
    assert app.settings.players == "3"
    assert [item.name for item in scene.menu.items if item.name.startswith("seat")] == [
        "seat0",
        "seat1",
        "seat2",
    ]
    click(app, row_point(scene.menu, "players"))
    labels = [item.label for item in scene.menu.items if item.name.startswith("seat")]
    assert labels == ["Seat: You", "Seat: West", "Seat: North, your partner", "Seat: East"]
    assert scene.menu.focused.name == "players"  # the focus stays on what was changed
    click(app, row_point(scene.menu, "players"))  # 4 -> 2
    click(app, row_point(scene.menu, "players"))  # 2 -> 3
    scene.start()
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    frames(app, 2)
    assert table.match.rules.players == 3


def test_start_hands_the_chosen_seats_to_the_table(monkeypatch):
    """Pass and play: who sits where goes to the table with the match."""
    opened = []
    monkeypatch.setattr(newmatch, "open_table", lambda app, match, setup: opened.append((match, setup)))
    app = bare_app()
    scene = _screen(app)
    click(app, row_point(scene.menu, "seat1"))  # the opponent: the computer -> a person
    click(app, row_point(scene.menu, "ai_level"))
    scene.start()
    ((match, setup),) = opened
    assert setup.seats == ("person", "person") and not setup.has_ai
    assert match.rules == app.settings.ruleset()
    assert app.settings.option("ai_level").reason == "Every seat is played by a person."


def test_finger_taps_change_an_option_and_start_in_portrait():
    app = bare_app(size=(390, 844))
    scene = _screen(app)
    assert scene.menu.stacked  # value under the label on a phone
    finger_tap(app, row_point(scene.menu, "bonuses"))
    assert app.settings.bonuses == "classic_25_20"
    assert _rows(scene)["Bonuses"] == "Gin 25, undercut 20, box 20"
    finger_tap(app, row_point(scene.menu, "bonuses", side="back"))
    assert app.settings.bonuses == "classic"
    finger_tap(app, scene.start_button.rect.center)
    assert isinstance(app.stack.top, TableScene)


def test_a_finger_drag_scrolls_the_list_without_changing_anything():
    app = bare_app(size=(360, 640))
    scene = _screen(app)
    before = app.settings.to_dict()
    rect = scene.menu.rect
    finger_swipe(app, (rect.centerx, rect.bottom - 20), (rect.centerx, rect.top + 20))
    assert scene.menu.scroll > 0
    assert app.settings.to_dict() == before


def test_a_mouse_drag_and_the_wheel_scroll_the_list():
    app = bare_app(size=(360, 640))
    scene = _screen(app)
    before = app.settings.to_dict()
    rect = scene.menu.rect
    drag(app, (rect.centerx, rect.bottom - 20), (rect.centerx, rect.top + 20))
    scrolled = scene.menu.scroll
    assert scrolled > 0
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    frames(app)
    assert scene.menu.scroll < scrolled
    assert app.settings.to_dict() == before


def test_changes_are_saved_as_they_are_made():
    app = storage_app()
    scene = _screen(app)
    click(app, row_point(scene.menu, "target"))
    assert app.settings.target == 50
    again = storage_app()
    assert again.settings.target == 50 and again.settings == app.settings


def test_start_asks_before_replacing_a_saved_match():
    app = storage_app()
    saved = started_match(seed=9)
    assert app.persistence.save_match(saved, app.settings.match_setup())
    scene = _screen(app)
    key(app, pygame.K_RETURN)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "Standard Gin, 0 to 0" in question.paragraphs[0]
    key(app, pygame.K_n)  # keep it
    assert app.stack.top is scene and app.persistence.peek_saved_match().match.to_dict() == saved.to_dict()
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.match.to_dict() != saved.to_dict()
    run_until(app, lambda: table.hand is not None)
    app.stack.replace_all(TitleScene(app))  # the table saves its own match as it leaves
    assert app.persistence.peek_saved_match().match.to_dict() == table.match.to_dict()


def test_esc_goes_back_and_the_screen_rests_when_idle():
    app = bare_app()
    scene = _screen(app)
    assert rests(app, settle=5)
    key(app, pygame.K_DOWN)
    assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_turning_the_phone_lays_the_screen_out_again_and_keeps_the_focus():
    from .layout_check import layout_problems

    app = bare_app(size=(390, 844))
    scene = _screen(app)
    click(app, row_point(scene.menu, "big_gin"))
    assert scene.menu.stacked
    post(pygame.VIDEORESIZE, size=(844, 390), w=844, h=390)
    frames(app)
    assert app.viewport.size == (844, 390) and not scene.menu.stacked
    assert scene.menu.focused.name == "big_gin" and scene.menu.focus in scene.menu.visible_rows()
    assert layout_problems(app) == []


def test_the_chosen_first_dealer_deals_the_first_hand(monkeypatch):
    opened = []
    monkeypatch.setattr(newmatch, "open_table", lambda app, match, setup: opened.append(match))
    app = bare_app()
    scene = _screen(app)
    click(app, row_point(scene.menu, "first_dealer"))  # cut for it -> you
    click(app, row_point(scene.menu, "first_dealer"))  # you -> your opponent
    assert app.settings.first_dealer == 1 and app.settings.option("first_dealer").applies
    scene.start()
    (match,) = opened
    assert match.first_dealer == 1 and match.new_hand().dealer == 1


# --- issue 18, defect 9: a value steps forward wherever it is clicked, arrows are arrows --------


def _value_text_point(scene, name: str, fraction: float) -> tuple[int, int]:
    """A point `fraction` of the way along the value's words (not its arrows)."""
    index = scene.menu.index_of(name)
    scene.menu.focus = index
    scene.menu.follow_focus()
    words = scene.menu.value_text_rect(index)
    return words.left + round(words.width * fraction), words.centery


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (390, 844)])
@pytest.mark.parametrize("fraction", [0.1, 0.4, 0.9])
def test_a_click_anywhere_on_the_value_steps_forward(size, fraction):
    app = bare_app(size=size)
    scene = _screen(app)
    press = finger_tap if app.viewport.portrait else click
    press(app, _value_text_point(scene, "players", fraction))
    assert app.settings.players == "3"  # Two players -> Three, never back to Four


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (360, 640)])
def test_only_the_drawn_back_arrow_steps_back_and_it_is_a_fingertip_wide(size):
    app = bare_app(size=size)
    scene = _screen(app)
    menu = scene.menu
    index = menu.index_of("players")
    back, forward = menu.arrow_zones(index)
    words = menu.value_text_rect(index)
    assert back.right <= words.left and forward.left >= words.right  # the words are no arrow's
    if app.viewport.portrait:
        assert back.width >= 44 * app.viewport.density and forward.width >= 44 * app.viewport.density
    (finger_tap if app.viewport.portrait else click)(app, back.center)
    assert app.settings.players == "4"
    (finger_tap if app.viewport.portrait else click)(app, forward.center)
    assert app.settings.players == "2"


def test_the_arrows_are_drawn_shapes_not_less_than_signs():
    app = bare_app()
    scene = _screen(app)
    menu = scene.menu
    index = menu.index_of("players")
    assert menu.plan(index).value == "Two players"  # no "<" and ">" typed round the words
    surface = pygame.Surface(app.viewport.size)
    scene.draw(surface)
    for arrow in menu.arrow_shapes(index):
        centre = arrow.center
        assert tuple(surface.get_at(centre))[:3] == theme.GOLD, "an arrow is a filled triangle"


def test_the_choices_listed_beside_an_option_can_be_clicked():
    app = bare_app()
    scene = _screen(app)
    while scene.menu.focused.name != "ai_level":
        key(app, pygame.K_DOWN)
    choices = dict((name, rect) for name, rect in scene.hit_targets() if name.startswith("choice "))
    assert set(choices) >= {"choice Expert", "choice Easy"}
    click(app, choices["choice Expert"].center)
    assert app.settings.ai_level == "expert"


def test_every_level_says_how_the_computer_plays():
    settings = Settings()
    info = settings.option("ai_level")
    notes = dict(zip((value for value, _ in info.choices), info.choice_notes, strict=True))
    assert set(notes) == set(AI_LEVELS) and len(set(notes.values())) == len(AI_LEVELS)
    assert all(len(note) > 20 for note in notes.values())
    app = bare_app()
    scene = _screen(app)
    scene.menu.focus = scene.menu.index_of("ai_level")
    frames(app)
    scene.draw(app.surface)
    assert ("note", f"Medium: {notes['medium']}") in scene.draw_list


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_arrows_stay_put_as_the_value_changes(size):
    """Two clicks on the back arrow step back twice: it does not move as the words change."""
    app = bare_app(size=size)
    scene = _screen(app)
    index = scene.menu.index_of("players")
    before = scene.menu.arrow_zones(index)
    press = finger_tap if app.viewport.portrait else click
    press(app, before[0].center)
    press(app, before[0].center)
    assert app.settings.players == "3" and scene.menu.arrow_zones(scene.menu.index_of("players")) == before
