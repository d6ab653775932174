"""The settings screen: speed, four-colour deck and sound, changed at once and kept."""

from __future__ import annotations

import pygame

from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.title import TitleScene

from .harness import click, frames, key
from .menu_helpers import bare_app, finger_tap, rests, row_point, storage_app


def _screen(app):
    title = TitleScene(app)
    app.stack.push(title)
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app)
    return title, scene


def test_the_screen_holds_the_display_options_and_explains_the_focused_one():
    app = bare_app()
    _, scene = _screen(app)
    assert [item.name for item in scene.items] == ["speed", "four_colour", "sound"]
    assert ("explain", "How fast the cards move.") in scene.draw_list
    key(app, pygame.K_DOWN)
    assert ("explain", app.settings.option("four_colour").explanation) in scene.draw_list


def test_keys_change_the_speed_and_the_table_follows_at_once():
    app = bare_app()
    app.speed_override = None  # the command line's --speed would win over the setting
    _screen(app)
    key(app, pygame.K_RIGHT)
    assert app.settings.speed == "fast" and app.speed == 2.0
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert app.settings.speed == "slow"


def test_a_click_turns_on_the_four_colour_deck_and_it_is_saved():
    app = storage_app()
    _, scene = _screen(app)
    click(app, row_point(scene.menu, "four_colour"))
    assert app.settings.four_colour
    assert storage_app().settings.four_colour  # read back by a new start


def test_a_finger_turns_the_sound_off_and_done_goes_back():
    app = bare_app(size=(360, 640))
    title, scene = _screen(app)
    finger_tap(app, row_point(scene.menu, "sound"))
    assert app.settings.sound is False
    finger_tap(app, scene.done_button.rect.center)
    assert app.stack.top is title


def test_it_says_when_nothing_is_saved_and_rests_when_idle():
    app = bare_app()
    _, scene = _screen(app)
    assert ("where", "Settings are not saved in this session.") in scene.draw_list
    assert rests(app)  # once the title underneath has settled
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_it_says_where_settings_are_kept(tmp_path):
    app = storage_app()
    _, scene = _screen(app)
    ((_kind, where),) = [entry for entry in scene.draw_list if entry[0] == "where"]
    assert where == f"Saved in {tmp_path / 'data'}"


def test_the_full_screen_row_follows_the_page_when_it_answers_later(monkeypatch):
    """The page goes full screen a moment after the tap: the row is drawn again by itself."""
    from game.ui.core import browser
    from game.ui.screens.settings_screen import SettingsScene

    from .harness import create_app, frames

    state = {"full": False, "asked": 0}
    monkeypatch.setattr(browser, "fullscreen_available", lambda: True)
    monkeypatch.setattr(browser, "is_fullscreen", lambda: state["full"])

    def toggle() -> bool:
        state["asked"] += 1
        return True

    monkeypatch.setattr(browser, "toggle_fullscreen", toggle)
    app = create_app(["--no-storage", "--seed", "3"])
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app, 2)
    assert ("row", "Full screen: off") in scene.draw_list
    scene.toggle_fullscreen()
    assert state["asked"] == 1
    frames(app, 2)  # the page has not answered yet: nothing to redraw
    drawn = app.frames_drawn
    frames(app, 3)
    assert app.frames_drawn == drawn
    state["full"] = True  # now it has
    frames(app, 2)
    assert app.frames_drawn > drawn
    assert ("row", "Full screen: on") in scene.draw_list
