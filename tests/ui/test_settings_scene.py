"""The settings screen: every option of how the game plays, looks and reads, in sections,
changed at once and kept; names typed for the people at each seat."""

from __future__ import annotations

import pygame

from game.ui.core import browser, theme
from game.ui.screens.name_entry import NameEntryScene
from game.ui.screens.settings_screen import DISPLAY_OPTIONS, SettingsScene, name_row
from game.ui.screens.title import TitleScene

from .harness import click, frames, key, post
from .menu_helpers import bare_app, finger_tap, rests, row_point, storage_app


def _screen(app):
    title = TitleScene(app)
    app.stack.push(title)
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app)
    return title, scene


def _type(app, text: str) -> None:
    for char in text:
        post(pygame.TEXTINPUT, text=char)
    frames(app)


def test_the_screen_holds_every_option_in_sections_and_explains_the_focused_one():
    app = bare_app()
    _, scene = _screen(app)
    rows = [item.name for item in scene.items if not item.header]
    assert rows == [*DISPLAY_OPTIONS, "name0", "name1", "name2", "name3"]
    assert len(DISPLAY_OPTIONS) == 13 and len({*DISPLAY_OPTIONS}) == 13
    headings = [item.label for item in scene.items if item.header]
    assert headings == ["Play", "Looks", "Easier to see and follow", "Names for pass and play"]
    assert scene.menu.focused.name == "speed"  # the first heading is never focused
    assert ("explain", "How fast the cards move.") in scene.draw_list
    key(app, pygame.K_DOWN)
    assert ("explain", app.settings.option("sound").explanation) in scene.draw_list
    for _ in range(4):
        key(app, pygame.K_DOWN)
    assert scene.menu.focused.name == "card_back"  # the "Looks" heading was stepped over
    key(app, pygame.K_UP)
    assert scene.menu.focused.name == "auto_sort"
    key(app, pygame.K_HOME)
    key(app, pygame.K_UP)  # wraps to the last row, past nothing pressable
    assert scene.menu.focused.name == "name3"
    assert all(not name.startswith("heading") for name, _ in [(i.name, 0) for i in [scene.menu.focused]])
    assert "Play" not in {label for label, _ in scene.hit_targets()}


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


def test_high_contrast_the_felt_and_the_backs_change_every_screen_at_once_and_are_kept():
    app = storage_app()
    _, scene = _screen(app)
    usual_ink = theme.INK
    click(app, row_point(scene.menu, "high_contrast"))
    assert app.settings.high_contrast and theme.INK == (255, 255, 255) != usual_ink
    assert app.art.high_contrast and theme.FELT_DARK == (0, 0, 0)
    assert app.settings.option("table_colour").reason  # the table is black in high contrast
    click(app, row_point(scene.menu, "high_contrast"))
    click(app, row_point(scene.menu, "table_colour"))
    assert app.settings.table_colour == "blue" and theme.FELTS["blue"][0] == theme.FELT_LIGHT
    click(app, row_point(scene.menu, "card_back"))
    assert app.art.back_design == "blue"
    assert ("preview", "blue on blue") in scene.draw_list
    again = storage_app()
    assert (again.settings.table_colour, again.settings.card_back) == ("blue", "blue")
    assert theme.FELTS["blue"][0] == theme.FELT_LIGHT and again.art.back_design == "blue"


def test_the_card_and_text_size_grows_the_screen_and_it_still_fits():
    app = bare_app(size=(390, 844))
    _, scene = _screen(app)
    usual_row = scene.menu.row_height
    for _ in range(3):
        click(app, row_point(scene.menu, "card_size"))
    assert app.settings.card_size == 160 and app.viewport.zoom == 1.6
    assert scene.menu.row_height >= usual_row * 1.5  # laid out again, bigger
    assert scene.menu.focused.name == "card_size"
    assert app.surface.get_rect().contains(scene.box)


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


# --- names -------------------------------------------------------------------------------------


def test_names_are_for_people_at_the_table_the_others_say_why_not():
    app = bare_app()
    app.settings.players = "3"
    _, scene = _screen(app)
    rows = {item.name: item for item in scene.items}
    assert rows["name0"].label == "South's name" and rows["name2"].label == "East's name"
    assert rows["name1"].reason() == "The computer plays this seat."
    assert rows["name3"].reason() == "Only 3 players are at the table."
    assert rows["name0"].reason() == "" and rows["name0"].value() == "None: shown as South"
    click(app, row_point(scene.menu, name_row(1)))
    assert app.stack.top is scene  # a greyed row only takes the focus


def test_a_name_is_typed_cleaned_and_kept_and_a_duplicate_is_refused(tmp_path):
    app = storage_app()
    app.settings.seats[1] = "person"
    _, scene = _screen(app)
    click(app, row_point(scene.menu, name_row(0)))
    entry = app.stack.top
    assert isinstance(entry, NameEntryScene) and entry.title.startswith("South's name")
    _type(app, "Grandma <Rose>")
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and app.settings.names[0] == "Grandma Rose"
    assert storage_app().settings.names[0] == "Grandma Rose"
    click(app, row_point(scene.menu, name_row(1)))
    _type(app, "grandma rose")
    key(app, pygame.K_RETURN)
    entry = app.stack.top
    assert isinstance(entry, NameEntryScene) and "already called Grandma Rose" in entry.problem
    assert app.settings.names[1] == ""  # nothing changed
    key(app, pygame.K_BACKSPACE)
    for _ in range(11):
        key(app, pygame.K_BACKSPACE)
    _type(app, "Jo")
    click(app, entry.save_button.rect.center)
    assert app.settings.names[1] == "Jo" and app.stack.top is scene


def test_escape_leaves_a_name_as_it_was_and_clear_gives_the_place_back():
    app = bare_app()
    app.settings.set_name(0, "Ann")
    _, scene = _screen(app)
    click(app, row_point(scene.menu, name_row(0)))
    _type(app, "xyz")
    key(app, pygame.K_ESCAPE)
    assert app.settings.names[0] == "Ann" and app.stack.top is scene
    click(app, row_point(scene.menu, name_row(0)))
    entry = app.stack.top
    click(app, entry.clear_button.rect.center)
    click(app, entry.save_button.rect.center)
    assert app.settings.names[0] == ""


def test_in_the_browser_the_pages_prompt_asks_for_the_name(monkeypatch):
    app = bare_app()
    _, scene = _screen(app)
    asked = []
    answers = iter(["  Mia  ", None, "♠"])

    def ask(question, value=""):
        asked.append((question, value))
        return next(answers)

    monkeypatch.setattr(browser, "in_browser", lambda: True)
    monkeypatch.setattr(browser, "ask_text", ask)
    scene.ask_name(0)
    assert app.settings.names[0] == "Mia" and asked[0] == ("South's name (up to 12 letters)", "")
    scene.ask_name(0)  # cancelled: nothing changes
    assert app.settings.names[0] == "Mia" and asked[1][1] == "Mia"
    scene.ask_name(0)
    assert app.settings.names[0] == "Mia" and scene.note == "A name needs letters or digits."
    assert app.stack.top is scene  # the game's own field never opened


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
