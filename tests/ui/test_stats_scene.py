"""The statistics screen: all games or one bucket, the daily deal, a reset that asks first."""

from __future__ import annotations

import datetime

import pygame

from game.storage.stats import Bucket, Stats
from game.ui.screens.notices import ConfirmScene
from game.ui.screens.statistics import StatsScene, stat_rows
from game.ui.screens.title import TitleScene

from .harness import click, frames, key
from .menu_helpers import bare_app, finger_tap, rests, row_point, storage_app

HARD = Bucket("standard", "2", "hard")
OKLAHOMA = Bucket("oklahoma", "4", "medium")
TODAY = datetime.date(2026, 11, 30)


def _record(stats: Stats) -> None:
    stats.record_hand(HARD, True, "gin", 31, 0)
    stats.record_hand(HARD, True, "undercut", 14, 0)
    stats.record_hand(HARD, False, "undercut", 0, 12)
    stats.record_match(HARD, True, 143)
    stats.record_hand(OKLAHOMA, True, "knock", 9, 0)
    stats.record_match(OKLAHOMA, False, 0)
    stats.record_daily(TODAY - datetime.timedelta(days=1), True, 20, 15)
    stats.record_daily(TODAY, False, -8, 22)


def _screen(app, monkeypatch):
    monkeypatch.setattr(StatsScene, "today", lambda self: TODAY)
    app.stack.push(TitleScene(app))
    scene = StatsScene(app)
    app.stack.push(scene)
    frames(app)
    return scene


def _rows(scene):
    return dict(text.split(": ", 1) for kind, text in scene.draw_list if kind == "row")


def test_all_games_shows_the_totals_and_the_daily_deal(monkeypatch):
    app = bare_app()
    _record(app.stats)
    scene = _screen(app, monkeypatch)
    assert ("showing", "All games") in scene.draw_list
    rows = _rows(scene)
    assert rows["Matches won"] == "1 of 2 (50%)" and rows["Hands won"] == "3 of 4 (75%)"
    assert rows["Gins"] == "1" and rows["Undercuts given"] == "1" and rows["Undercuts suffered"] == "1"
    assert rows["Best winning margin"] == "143" and rows["Winning streak"] == "0 (best 1)"
    assert rows["Points per hand"] == "13.5 for, 3.0 against"
    assert ("heading", "Daily deal") in scene.draw_list
    assert rows["Days in a row"] == "2 (best 2)" and rows["Today"] == "lost, -8 points in 22 turns"


def test_arrows_and_taps_pick_a_bucket(monkeypatch):
    app = bare_app(size=(390, 844))
    _record(app.stats)
    scene = _screen(app, monkeypatch)
    key(app, pygame.K_RIGHT)  # the bucket with the most matches first
    assert scene.bucket == HARD
    assert ("showing", "Standard Gin, two players, against Hard") in scene.draw_list
    rows = _rows(scene)
    assert rows["Matches won"] == "1 of 1 (100%)" and rows["Winning streak"] == "1 (best 1)"
    assert "Days in a row" not in rows  # the daily deal is not filed under a bucket
    finger_tap(app, row_point(scene.selector, "bucket"))
    assert scene.bucket == OKLAHOMA
    finger_tap(app, row_point(scene.selector, "bucket"))
    assert scene.bucket is None  # round to all games
    finger_tap(app, row_point(scene.selector, "bucket", side="back"))
    assert scene.bucket == OKLAHOMA


def test_forgetting_one_bucket_asks_first_and_keeps_the_rest(monkeypatch):
    app = storage_app()
    _record(app.stats)
    scene = _screen(app, monkeypatch)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_r)
    question = app.stack.top
    assert (
        isinstance(question, ConfirmScene)
        and "Standard Gin, two players, against Hard" in question.paragraphs[0]
    )
    key(app, pygame.K_n)
    assert app.stack.top is scene and HARD in app.stats.records
    click(app, scene.reset_button.rect.center)
    click(app, app.stack.top.yes_button.rect.center)
    assert HARD not in app.stats.records and OKLAHOMA in app.stats.records
    assert scene.bucket is None and len(app.stats.daily) == 2
    kept = storage_app().stats
    assert HARD not in kept.records and OKLAHOMA in kept.records


def test_forgetting_everything_clears_the_daily_deal_too(monkeypatch):
    app = storage_app()
    _record(app.stats)
    _screen(app, monkeypatch)
    key(app, pygame.K_r)
    assert "daily deals" in app.stack.top.paragraphs[0]
    key(app, pygame.K_y)
    assert app.stats == Stats()
    assert storage_app().stats == Stats()


def test_the_rows_come_from_the_stats_summary():
    stats = Stats()
    _record(stats)
    rows = stat_rows(stats, HARD, TODAY)
    assert [(label, value) for _, label, value in rows] == stats.summary(HARD).rows()


def test_back_returns_to_the_title_and_the_screen_rests(monkeypatch):
    app = bare_app()
    scene = _screen(app, monkeypatch)
    assert ("note", "Statistics are not saved in this session.") in scene.draw_list
    assert rests(app, settle=5)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)
