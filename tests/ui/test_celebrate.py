"""Celebrations: a gin, a won match and a shutout get a visible moment and a fanfare at every
speed, any click, tap or key skips it, and it animates only while it plays."""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import Match, RuleSet
from game.storage.settings import SPEEDS
from game.ui.screens.celebration import MIN_MOMENT, CelebrationScene, moment_length
from game.ui.screens.match_result import MatchResultScene
from game.ui.table.hand_result import HandResultScene

from .harness import DT, click, deck_for, frames, key, make_app, run_until, start_table
from .table_support import tap

GIN_DEAL = dict(
    human="2H 3H 4H 7C 7D 7S QS KS JS 9D",
    ai="2C 4C 6C 8C TC 2D 4D 6D 8D TD",
    upcard="5H",
    stock="AC",
    dealer=1,
)


def _going_gin(app, speed: str | None = None):
    """The person takes the 5♥ and goes gin (Take, G, Enter) with the animation `speed`
    setting (default: instant); the celebration is then on top."""
    table = start_table(app, deck_for(**GIN_DEAL), dealer=1, script=[])
    if speed is not None:
        app.speed_override = None
        app.settings.speed = speed
    for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
        run_until(app, lambda: not table.animator.busy and not table.dealing)
        key(app, code)
    return table


def _recorded_sounds(app) -> list[str]:
    played: list[str] = []
    app.play = played.append
    return played


@pytest.mark.parametrize("speed", list(SPEEDS))
def test_a_gin_is_celebrated_for_a_moment_at_every_speed_then_the_result_opens(speed):
    app = make_app()
    sounds = _recorded_sounds(app)
    table = _going_gin(app, speed)
    scene = app.stack.top
    assert isinstance(scene, CelebrationScene) and scene.kind == "gin"
    assert "fanfare" in sounds
    assert scene.length == moment_length("gin", app.speed) >= MIN_MOMENT
    shown = 0
    while app.stack.top is scene:
        assert scene.animating()
        drawn = app.frame(DT)
        shown += drawn and ("title", "Gin!") in scene.draw_list
        assert shown < 1000
    assert shown * DT >= MIN_MOMENT - 2 * DT  # seen on every frame it lasted, even "instant"
    assert not scene.animating()
    for _ in range(200):
        if isinstance(app.stack.top, HandResultScene):
            break
        frames(app)
    assert isinstance(app.stack.top, HandResultScene) and table.hand.result.kind.value == "gin"


@pytest.mark.parametrize("how", ["click", "tap", "key"])
def test_any_click_tap_or_key_skips_the_celebration(how):
    app = make_app()
    _going_gin(app, "normal")
    scene = app.stack.top
    assert isinstance(scene, CelebrationScene) and scene.playing
    if how == "click":
        click(app, (200, 200))
    elif how == "tap":
        tap(app, (200, 200))
    else:
        key(app, pygame.K_SPACE)
    assert app.stack.top is not scene and not scene.animating()
    assert scene.time < scene.length  # it did not simply run out


def _finished(scores, boxes=(0, 0)):
    match = Match(RuleSet.preset("standard"), random.Random(1))
    match.scores[:] = list(scores)
    match.boxes[:] = list(boxes)
    return match


@pytest.mark.parametrize(
    ("scores", "kind", "title"),
    [((104, 30), "match", "Match won!"), ((120, 0), "shutout", "Shutout!"), ((40, 101), None, None)],
    ids=["won", "shutout", "lost"],
)
def test_a_won_match_and_a_shutout_are_celebrated_a_lost_one_is_not(scores, kind, title):
    app = make_app()
    sounds = _recorded_sounds(app)
    result = MatchResultScene(app, _finished(scores))
    app.stack.push(result)
    frames(app)
    top = app.stack.top
    if kind is None:
        assert top is result and "fanfare" not in sounds
        return
    assert isinstance(top, CelebrationScene) and top.kind == kind and "fanfare" in sounds
    frames(app)
    assert ("title", title) in top.draw_list
    for _ in range(round(moment_length(kind, app.speed) / DT) + 5):
        frames(app)
    assert app.stack.top is result and not top.animating()


def test_the_moment_is_longer_when_slow_shorter_when_fast_never_under_the_minimum():
    lengths = [moment_length("match", SPEEDS[name]) for name in ("slow", "normal", "fast", "instant")]
    assert lengths[0] > lengths[1] > lengths[2] >= lengths[3] == MIN_MOMENT
