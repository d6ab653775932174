"""The pause menu: over the table and the result screens, on its own panel; restart and concede ask."""

from __future__ import annotations

import random

import pygame

from game.rules import Match, RuleSet
from game.storage.stats import Bucket
from game.ui.screens.match_result import MatchResultScene
from game.ui.screens.notices import ConfirmScene
from game.ui.screens.pause import PauseScene
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.title import TitleScene
from game.ui.table.scene import TableScene

from .harness import click, deck_for, frames, key, start_table
from .menu_helpers import bare_app, finger_tap, rests, row_point, stand_ins, started_match, storage_app

__all__ = ["stand_ins"]

DEAL = dict(
    human="6H 7H 8H 9C 9D 9S 2C 3C 4C KS",
    ai="2H 5H JD JS QS QH 4D 4S TD 8C",
    upcard="KC",
    stock="AD 5C 7D AS",
    dealer=1,
)


def _paused(app, dealt_by_the_match: bool = False):
    """A table at the human's first decision (a prepared deal), and Esc pressed on it.

    A prepared deal is not the match's own, so it fails the check of a saved match: tests of
    continuing use a table dealing its own hands (`dealt_by_the_match`).
    """
    if dealt_by_the_match:
        table = TableScene(app, started_match(seed=4))
        app.stack.replace_all(table)
        frames(app, 3)
    else:
        table = start_table(app, deck_for(**DEAL), dealer=1, script=[])
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.table is table
    return table, pause


def _names(pause):
    return [item.name for item in pause.items]


def test_esc_on_the_table_pauses_and_esc_resumes():
    app = bare_app()
    table, pause = _paused(app)
    expected = ["resume", "score_sheet", "rules", "settings", "restart", "concede", "title", "quit"]
    assert _names(pause) == expected
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_score_sheet_and_rules_show_the_match_being_played(stand_ins):
    app = bare_app()
    table, pause = _paused(app)
    assert _names(pause)[:3] == ["resume", "score_sheet", "rules"]
    click(app, row_point(pause.menu, "score_sheet"))
    assert stand_ins.score_sheets == [table.match]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is pause
    click(app, row_point(pause.menu, "rules"))
    assert stand_ins.rules == [table.match.rules]


def test_paused_is_written_on_its_own_panel_not_over_the_cards():
    app = bare_app()
    _, pause = _paused(app)
    frames(app)
    assert pause.box.contains(pause.title_rect) and pause.box.contains(pause.menu.rect)
    inside = (pause.box.x + pause.box.width // 12, pause.title_rect.centery)
    colour = app.surface.get_at(inside)[:3]
    assert max(abs(a - b) for a, b in zip(colour, (16, 44, 31), strict=True)) <= 6  # the panel's own fill


def test_restart_asks_first_then_deals_a_new_match_with_the_same_rules():
    app = bare_app()
    table, pause = _paused(app)
    click(app, row_point(pause.menu, "restart"))
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)  # no
    assert app.stack.top is pause and app.stack.scenes[0] is table
    click(app, row_point(pause.menu, "restart"))
    key(app, pygame.K_y)
    fresh = app.stack.top
    assert isinstance(fresh, TableScene) and fresh is not table
    assert fresh.match is not table.match and fresh.match.rules == table.match.rules
    assert fresh.match.scores == [0, 0]


def test_concede_asks_then_counts_a_lost_match_and_ends_the_saved_match():
    app = storage_app()
    table, pause = _paused(app, dealt_by_the_match=True)
    table.save_match()
    assert app.persistence.has_saved_match()
    bucket = Bucket("standard", "2", app.settings.ai_level)
    click(app, row_point(pause.menu, "concede"))
    key(app, pygame.K_n)
    assert app.stats.summary(bucket).matches == 0 and app.stack.top is pause
    click(app, row_point(pause.menu, "concede"))
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    click(app, question.yes_button.rect.center)
    title = app.stack.top
    assert isinstance(title, TitleScene) and len(app.stack.scenes) == 1
    record = app.stats.summary(bucket)
    assert (record.matches, record.matches_won, record.current_streak) == (1, 0, 0)
    assert not app.persistence.has_saved_match()
    assert "continue" not in [item.name for item in title.items]
    again = storage_app()  # what was saved: the loss, and no match to continue
    assert again.stats.summary(bucket).matches == 1 and not again.persistence.has_saved_match()


def test_quit_to_title_keeps_the_match_to_continue():
    app = storage_app()
    table, pause = _paused(app, dealt_by_the_match=True)
    click(app, row_point(pause.menu, "title"))
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert title.items[0].name == "continue"
    assert app.persistence.peek_saved_match().match.to_dict() == table.match.to_dict()


def test_settings_open_over_the_pause_menu_and_come_back_to_it():
    app = bare_app()
    _table, pause = _paused(app)
    click(app, row_point(pause.menu, "settings"))
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    click(app, row_point(settings.menu, "four_colour"))
    assert app.settings.four_colour
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is pause


def test_over_a_finished_match_there_is_nothing_to_concede_and_restart_needs_no_question():
    app = bare_app()
    match = Match(RuleSet.preset("standard"), random.Random(1))
    match.scores[:] = [104, 30]
    result = MatchResultScene(app, match)
    app.stack.push(result)
    pause = PauseScene(app, None, match)
    app.stack.push(pause)
    frames(app)
    assert "concede" not in _names(pause) and "restart" in _names(pause)
    click(app, row_point(pause.menu, "resume"))
    assert app.stack.top is result
    app.stack.push(pause)
    frames(app)
    click(app, row_point(pause.menu, "restart"))
    assert isinstance(app.stack.top, TableScene) and app.stack.top.match.scores == [0, 0]


def test_fingers_work_the_pause_menu_and_its_question():
    app = bare_app(size=(390, 844))
    table, pause = _paused(app)
    finger_tap(app, row_point(pause.menu, "concede"))
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    finger_tap(app, question.no_button.rect.center)
    assert app.stack.top is pause
    finger_tap(app, row_point(pause.menu, "resume"))
    assert app.stack.top is table


def test_the_pause_menu_rests_when_idle():
    app = bare_app()
    _paused(app)
    assert rests(app, settle=30)


def test_a_restarted_match_keeps_its_chosen_first_dealer():
    app = bare_app()
    match = Match(RuleSet.preset("standard"), random.Random(3), first_dealer=1)
    match.new_hand()
    table = TableScene(app, match)
    app.stack.replace_all(table)
    frames(app, 2)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    pause.restart()
    assert app.stack.top.match.first_dealer == 1
