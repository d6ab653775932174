"""The coach's review screen: opened after a hand, it reviews in slices while the hand can be
stepped through (keys, buttons, swipes), shows each position as the player saw it, and the
expert's choice and cost at each of the player's decisions."""

from __future__ import annotations

import pygame
import pytest

from game.rules import card_symbol
from game.ui.coach.review import ReviewScene
from game.ui.fairplay.daily_deal import DailyResultScene, open_daily
from game.ui.table.hand_result import HandResultScene
from game.ui.table.scene import TableScene

from .fairplay_helpers import app_at, click_button, finish_hand, press, swipe, tap_button
from .harness import frames, run_until
from .layout_check import SIZES, layout_problems


def _reviewed(app, level: str = "random", open_with: str = "key") -> tuple[TableScene, ReviewScene]:
    """A hand played by a weak AI in the person's seat (so it makes mistakes), then its review."""
    table = TableScene(app)
    app.stack.replace_all(table)
    frames(app, 2)
    finish_hand(app, table, level=level, seed=11)
    assert isinstance(app.stack.top, HandResultScene)
    if open_with == "key":
        press(app, pygame.K_r)
    elif open_with == "finger":
        tap_button(app, "Review")
    else:
        click_button(app, "Review")
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    return table, scene


def _finish(app, scene: ReviewScene) -> None:
    run_until(app, lambda: scene.report is not None, 20000)
    frames(app)


@pytest.mark.parametrize("how", ["key", "mouse", "finger"])
def test_the_result_panel_opens_the_review_and_close_returns(how):
    app = app_at((390, 844) if how == "finger" else (1280, 720))
    table, scene = _reviewed(app, open_with=how)
    assert scene.me == table.me and scene.hand is table.hand
    (tap_button if how == "finger" else click_button)(app, "Close")
    assert isinstance(app.stack.top, HandResultScene)


def test_the_review_works_in_slices_and_shows_progress_then_rests():
    app = app_at()
    _, scene = _reviewed(app)
    frames(app)
    assert scene.report is None and scene.working() and scene.animating()
    assert "reviewing" in scene.status()
    first = scene.progress()
    run_until(app, lambda: scene.report is not None or scene.progress()[0] > first[0] + 2, 20000)
    assert scene.report is not None or "move" in scene.status(), "progress is counted in moves"
    _finish(app, scene)
    assert not scene.working() and not scene.animating()
    assert scene.status() == scene.report.summary
    assert ("status", scene.report.summary) in scene.draw_list or scene.report.summary.startswith(
        scene.draw_list[1][1]
    )
    frames(app, 3)
    assert not any(app.frame(1 / 60) for _ in range(20)), "a finished review draws nothing while idle"


def test_stepping_by_keys_buttons_and_swipes():
    app = app_at((390, 844))
    _, scene = _reviewed(app)
    assert scene.index == 0 and not scene.prev_button.enabled
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.index == 2
    press(app, pygame.K_LEFT)
    assert scene.index == 1
    tap_button(app, "Next  >")
    assert scene.index == 2
    middle = scene.table_rect.center
    swipe(app, middle, (middle[0] - 150, middle[1]))  # to the left: the next move
    assert scene.index == 3
    swipe(app, middle, (middle[0] + 150, middle[1]))
    assert scene.index == 2
    swipe(app, middle, (middle[0], middle[1] + 150))  # up and down is not a step
    assert scene.index == 2
    press(app, pygame.K_END)
    assert scene.index == scene.review.length and not scene.next_button.enabled
    press(app, pygame.K_HOME)
    assert scene.index == 0


def test_each_position_shows_only_what_the_player_saw():
    app = app_at()
    table, scene = _reviewed(app)
    hand = table.hand
    for index in range(scene.review.length + 1):
        scene.go(index)
        frames(app)
        shown = dict(scene.draw_list)
        seen = scene.position(index).view
        mine = shown["mine"].split()
        assert sorted(mine) == sorted(card_symbol(c) for c in seen.hand)
        opponent = shown["opponent"].split()
        if index < scene.review.length:
            faces = [text for text in opponent if text != "?"]
            assert sorted(faces) == sorted(card_symbol(c) for c in seen.opponent_known), index
            assert len(opponent) == seen.opponent_hand_size
        else:
            other = hand.hands[1 - table.me]
            assert sorted(opponent) == sorted(card_symbol(c) for c in other)


def test_every_decision_shows_the_expert_s_choice_and_mistakes_are_flagged():
    app = app_at()
    _, scene = _reviewed(app)
    _finish(app, scene)
    report = scene.report
    assert report.decisions and report.flagged, "a random player makes mistakes the expert flags"
    for decision in report.decisions:
        scene.go(decision.index)
        frames(app)
        text, colour = scene.verdict()
        assert text == decision.text
        assert (colour == (255, 130, 110)) == decision.flagged
        rings = [text for kind, text in scene.draw_list if kind == "ring"]
        if decision.flagged and decision.kind in ("draw", "discard"):
            assert any(text.endswith("expert") for text in rings), (decision, rings)
            assert any(text.endswith("played") for text in rings), (decision, rings)
        assert ("verdict", decision.text) in scene.draw_list or any(
            kind == "verdict" and decision.text.startswith(line) for kind, line in scene.draw_list
        )
    scene.go(0)
    seen = []
    for _ in range(len(report.flagged)):
        press(app, pygame.K_n)
        seen.append(scene.index)
    assert seen == [d.index for d in report.flagged]


def test_a_review_that_fails_says_so_and_the_hand_can_still_be_stepped():
    app = app_at()
    _, scene = _reviewed(app)

    def broken():
        yield
        raise RuntimeError("no expert today")

    scene._work = broken()
    frames(app, 3)
    assert "The review stopped: no expert today" in scene.status()
    assert not scene.working() and scene.report is None
    press(app, pygame.K_RIGHT)
    assert scene.index == 1


def test_the_daily_result_offers_the_review_of_the_day():
    app = app_at()
    import datetime

    open_daily(app, datetime.date(2026, 11, 30))
    table = app.stack.top
    run_until(app, lambda: table.hand is not None and not table.dealing)
    finish_hand(app, table)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, DailyResultScene)
    press(app, pygame.K_r)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.me == 0
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, DailyResultScene)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_layout_of_the_review_and_the_panel_at_every_size(size):
    app = app_at(size)
    table = TableScene(app)
    app.stack.replace_all(table)
    frames(app, 2)
    finish_hand(app, table, level="random", seed=11)
    assert not layout_problems(app), layout_problems(app)  # the panel with Deal check and Review
    press(app, pygame.K_r)
    scene = app.stack.top
    assert not layout_problems(app), layout_problems(app)
    _finish(app, scene)
    for index in (0, scene.review.length // 2, scene.review.length):
        scene.go(index)
        frames(app)
        assert not layout_problems(app), layout_problems(app)
    assert all(scene.board.contains(b.rect) for b in scene.bar.buttons)
    assert scene.table_rect.bottom <= scene.verdict_rect.top
