"""No text under 12 px on a phone, upright or held sideways (issue 18: 10 px "reads as a
smudge"), and the rows that had to grow their text for it still hold it.

Each screen is drawn with every line of text recorded (`layout_check.drawn_text`): the
title and its footer, the new-match rows (one with a reason, a two-line value), the
settings, the pause menu and its question, the statistics of one bucket, a notice, the
match result and score sheet of four players, help, the hand result, its deal check and
the review.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import Match, RuleSet
from game.ui.core.menu import Menu
from game.ui.core.text import font
from game.ui.core.widgets import ButtonRow
from game.ui.screens.help import HelpScene
from game.ui.screens.match_result import MatchResultScene
from game.ui.screens.new_match import NewMatchScene
from game.ui.screens.notices import NoticeScene
from game.ui.screens.pause import PauseScene
from game.ui.screens.score_sheet import ScoreSheetScene
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.statistics import StatsScene
from game.ui.screens.title import TitleScene
from game.ui.table.hand_result import HandResultScene
from game.ui.table.scene import TableScene

from .fairplay_helpers import app_at, finish_hand, press
from .harness import frames, run_until
from .layout_check import text_size_problems
from .table_support import played_match

PHONES = [(844, 390), (390, 844)]


def _readable(app, where: str) -> None:
    frames(app, 2)
    problems = text_size_problems(app)
    assert not problems, f"{where} at {app.viewport.size}:\n" + "\n".join(problems)
    for scene in app.stack.scenes:
        menu = getattr(scene, "menu", None)
        if isinstance(menu, Menu):
            _rows_hold_their_text(menu, where)
        row = getattr(scene, "buttons", None)
        for button in row.buttons if isinstance(row, ButtonRow) else []:
            # A label shrinks to fit, but never under readable: its button must be wide enough.
            room = button.rect.width - max(8, button.rect.height // 3)
            drawn = font(min(button.size, button.least)).size(button.text)[0]
            assert not button.visible or drawn <= room, f"{where}: {button.text!r} runs out of its button"


def _rows_hold_their_text(menu: Menu, where: str) -> None:
    """Every row in view keeps its label and value inside it (a row too short for two lines
    keeps one, its value cut to fit)."""
    for index, item in enumerate(menu.items):
        row = menu.row_rect(index)
        if item.header or not menu.rect.contains(row):
            continue
        plan = menu.plan(index)
        anchor, at = plan.label_at
        height = font(plan.label_size).get_height()
        top = at[1] if anchor == "topleft" else at[1] - height // 2
        assert row.top - 1 <= top and top + height <= row.bottom + 1, (
            f"{where}: {item.label!r} leaves its row"
        )
        width = font(plan.label_size).size(plan.label)[0]
        assert at[0] + width <= row.right, f"{where}: {item.label!r} runs out of its row"
        if plan.value_rect is not None:
            box = plan.value_rect
            assert row.top - 1 <= box.top and box.bottom <= row.bottom + 1, f"{where}: {item.label!r}'s value"
            assert row.left <= box.left and box.right <= row.right + row.height // 3, (
                f"{where}: {item.label!r}"
            )


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_the_screens_round_the_table_draw_no_text_under_12_px(size):
    app = app_at(size)
    match = Match(RuleSet.preset("standard"), random.Random(2))
    match.new_hand()
    app.stack.replace_all(TitleScene(app))
    frames(app, 200)  # the title's cards fan in
    _readable(app, "title")
    scene = NewMatchScene(app)
    app.stack.push(scene)
    _readable(app, "new match")
    app.settings.variant = "oklahoma"
    app.settings.eleven_card_deal = True  # not used by Oklahoma: its row gives the reason
    app.settings.players = "4"
    scene._build()
    for name in ("eleven_card_deal", "target"):
        scene.menu.focus = scene.menu.index_of(name) or 0
        scene.menu.follow_focus()
        _readable(app, f"new match at {name}")
    app.settings.players, app.settings.variant = "2", "standard"
    app.stack.replace_all(TitleScene(app))
    app.stack.push(SettingsScene(app))
    _readable(app, "settings")
    table = TableScene(app, match)
    app.stack.replace_all(table)
    frames(app, 5)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    _readable(app, "pause")
    pause.ask_concede()
    _readable(app, "the question to concede")
    stats = StatsScene(app)
    app.stack.replace_all(stats)
    stats.step_bucket(1)
    _readable(app, "statistics of one bucket")
    app.stack.push(
        NoticeScene(app, ["Your statistics file was damaged: it was set aside and a fresh one started."])
    )
    _readable(app, "a notice")
    four = played_match(players=4, hands=8, finish=True)
    app.stack.replace_all(MatchResultScene(app, four))
    _readable(app, "match result of four")
    app.stack.replace_all(ScoreSheetScene(app, four))
    _readable(app, "score sheet of four")
    app.stack.replace_all(HelpScene(app))
    _readable(app, "help")


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_after_a_hand_the_result_deal_check_and_review_draw_no_text_under_12_px(size):
    app = app_at(size)
    table = TableScene(app)
    app.stack.replace_all(table)
    frames(app, 2)
    finish_hand(app, table, level="random", seed=11)
    assert isinstance(app.stack.top, HandResultScene)
    _readable(app, "hand result")
    press(app, pygame.K_d)
    _readable(app, "deal check")
    app.stack.pop()
    press(app, pygame.K_r)
    review = app.stack.top
    run_until(app, lambda: review.report is not None, 20000)
    for index in (0, review.review.length // 2):
        review.go(index)
        _readable(app, f"review at move {index}")
