"""The screens around the table, in every state, at every window size: pressable things inside
the window, apart, and at least 44 px across in portrait (see layout_check)."""

from __future__ import annotations

import random

import pytest

from game.rules import Match, RuleSet
from game.storage.stats import Bucket
from game.ui.screens.match_result import MatchResultScene
from game.ui.screens.new_match import NewMatchScene
from game.ui.screens.notices import NoticeScene
from game.ui.screens.pause import PauseScene
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.statistics import StatsScene
from game.ui.screens.title import TitleScene

from .harness import deck_for, frames, start_table
from .layout_check import SIZES, layout_problems
from .menu_helpers import bare_app, stand_ins, started_match, storage_app
from .test_pause import DEAL

__all__ = ["stand_ins"]

IDS = [f"{w}x{h}" for w, h in SIZES]


def _check(app, where: str) -> None:
    frames(app)
    problems = layout_problems(app)
    assert not problems, f"{where} at {app.viewport.size}:\n" + "\n".join(problems)
    assert app.stack.top.hit_targets(), f"{where}: nothing to press"


def _all_rows_reachable(menu, app) -> None:
    """Every row in view at the usual text size; with bigger text, every row in view once
    the menu is scrolled to it."""
    if app.viewport.zoom == 1.0:
        assert len(menu.visible_rows()) == len(menu.items)
        return
    for index in range(len(menu.items)):
        menu.focus = index
        menu.follow_focus()
        assert index in menu.visible_rows()
        assert menu.rect.bottom <= app.viewport.height
    menu.focus, menu.scroll = 0, 0


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_title_with_every_entry_and_with_a_match_to_continue(size, stand_ins):
    app = storage_app(size=size)
    app.stack.push(TitleScene(app))
    _check(app, "title, every entry")
    assert app.persistence.save_match(started_match(), app.settings.match_setup())
    app.stack.replace_all(TitleScene(app))
    _check(app, "title with Continue")
    _all_rows_reachable(app.stack.top.menu, app)  # no scrolling needed at the usual size


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_new_match_top_end_greyed_and_the_replace_question(size):
    app = storage_app(size=size)
    scene = NewMatchScene(app)
    app.stack.push(scene)
    _check(app, "new match, top")
    app.settings.variant, app.settings.players, app.settings.eleven_card_deal = "oklahoma", "4", True
    scene._build()
    scene.menu.focus = scene.menu.index_of("eleven_card_deal")
    scene.menu.follow_focus()
    _check(app, "new match, a greyed option focused")
    scene.menu.focus = len(scene.menu.items) - 1
    scene.menu.follow_focus()
    _check(app, "new match, scrolled to the end")
    assert app.persistence.save_match(started_match(), app.settings.match_setup())
    scene.start()
    _check(app, "new match, replace the saved match?")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_pause_its_questions_and_settings_over_it(size, stand_ins):
    app = bare_app(size=size)
    table = start_table(app, deck_for(**DEAL), dealer=1, script=[])
    pause = PauseScene(app, table)
    app.stack.push(pause)
    _check(app, "pause with every entry")
    _all_rows_reachable(pause.menu, app)
    pause.ask_restart()
    _check(app, "restart?")
    app.stack.pop()
    pause.ask_concede()
    _check(app, "concede?")
    app.stack.pop()
    app.stack.push(SettingsScene(app))
    _check(app, "settings over the pause menu")
    match = Match(RuleSet.preset("standard"), random.Random(1))
    match.scores[:] = [104, 30]
    app.stack.replace_all(MatchResultScene(app, match))
    app.stack.push(PauseScene(app, None, match))
    _check(app, "pause over the match result")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_statistics_all_one_bucket_and_the_reset_question(size):
    app = bare_app(size=size)
    bucket = Bucket("oklahoma", "4", "expert")
    app.stats.record_hand(bucket, True, "gin", 12345, 0)
    app.stats.record_match(bucket, True, 98765)
    scene = StatsScene(app)
    app.stack.push(scene)
    _check(app, "statistics, all games")
    scene.step_bucket(1)
    _check(app, "statistics, one bucket")
    scene.ask_reset()
    _check(app, "forget these statistics?")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_settings_and_notices(size):
    app = bare_app(size=size)
    app.stack.push(TitleScene(app))
    app.stack.push(SettingsScene(app))
    _check(app, "settings")
    app.stack.push(NoticeScene(app, ["Your statistics could not be saved (the disk is full)."]))
    _check(app, "a short notice")
    app.stack.push(NoticeScene(app, ["A long notice about saved data, repeated to fill the panel."] * 30))
    _check(app, "a long, scrolling notice")
