"""The title screen: short, Continue first when a checked match is saved, every entry reachable."""

from __future__ import annotations

import pygame

from game.ui.screens.help import HelpScene
from game.ui.screens.new_match import NewMatchScene
from game.ui.screens.notices import NoticeScene
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.statistics import StatsScene
from game.ui.screens.title import TitleScene
from game.ui.table.scene import TableScene

from .harness import click, frames, key
from .menu_helpers import bare_app, finger_tap, played_match, rests, stand_ins, storage_app

__all__ = ["stand_ins"]  # the fixture, used by name


def _title(app):
    title = TitleScene(app)
    app.stack.push(title)
    frames(app)
    return title


def _labels(title):
    return [item.label for item in title.items]


def test_the_title_menu_is_short_and_has_no_match_options():
    app = bare_app()
    title = _title(app)
    labels = _labels(title)
    assert labels[:1] == ["New match"]
    assert {"Statistics", "Settings", "Help", "Quit"} <= set(labels)
    for moved in ("Variant", "Players", "AI level", "Bonuses", "Speed", "Sound", "Eleven-card deal"):
        assert moved not in labels  # on the new-match and settings screens now
    assert "Continue match" not in labels  # nothing saved


def test_learn_and_rules_entries_open_the_tutorial_and_the_rules_of_the_settings(stand_ins):
    app = bare_app()
    title = _title(app)
    labels = _labels(title)
    assert labels.index("Learn to play") == labels.index("New match") + 2  # the daily deal between
    assert labels.index("Rules") == labels.index("Learn to play") + 1
    for _ in range(labels.index("Rules")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert stand_ins.rules == [None]  # None: the rules of the current settings
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    title.menu.activate(labels.index("Learn to play"))
    assert stand_ins.tutorials == 1


def test_continue_is_the_focused_first_choice_and_names_the_match():
    app = storage_app()
    match = played_match(hands=3)
    assert max(match.scores) > 0
    assert app.persistence.save_match(match, app.settings.match_setup())
    title = _title(app)
    assert title.items[0].label == "Continue match" and title.menu.focus == 0
    summary = f"Standard Gin, {match.scores[0]} to {match.scores[1]}"
    assert (f"Continue match: {summary}", title.menu.row_rect(0)) in title.drawn
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.match.scores == match.scores and len(table.match.played) == 3


def test_a_damaged_saved_match_is_never_offered_and_the_player_is_told(tmp_path):
    (tmp_path / "data").mkdir(exist_ok=True)
    (tmp_path / "data" / "saved-match.json").write_text('{"schema": 2, "match": {"hands": 7}, "setup": null}')
    app = storage_app()
    title = _title(app)
    assert "Continue match" not in _labels(title)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    assert any("saved match was damaged" in text for text in notice.paragraphs)
    key(app, pygame.K_RETURN)
    assert app.stack.top is title
    frames(app, 3)
    assert app.stack.top is title  # told once


def test_each_entry_opens_its_screen_by_mouse():
    app = bare_app()
    title = _title(app)
    for label, kind in (
        ("New match", NewMatchScene),
        ("Statistics", StatsScene),
        ("Settings", SettingsScene),
        ("Help", HelpScene),
    ):
        rect = title.menu.row_rect(_labels(title).index(label))
        click(app, rect.center)
        assert isinstance(app.stack.top, kind), label
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is title, label


def test_new_match_by_finger_and_by_the_n_key():
    app = bare_app(size=(390, 844))
    title = _title(app)
    finger_tap(app, title.menu.row_rect(_labels(title).index("New match")).center)
    assert isinstance(app.stack.top, NewMatchScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_n)
    assert isinstance(app.stack.top, NewMatchScene)


def test_quit_leaves_the_game_on_the_desktop():
    app = bare_app()
    title = _title(app)
    title.menu.activate(_labels(title).index("Quit"))
    assert not app.running


def test_the_title_rests_once_its_cards_have_settled():
    app = bare_app()
    _title(app)
    assert app.frame(1 / 60) is True  # the showcase still sways
    assert rests(app)
