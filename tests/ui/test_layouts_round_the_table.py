"""The screens of pass and play, the score sheet's neighbours, celebrations and the AI-only
hands, in each of their states at every window size: pressable things inside the window,
apart and big enough for a finger, and every line of text inside its panel."""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import Match, RuleSet
from game.ui.screens.celebration import CelebrationScene
from game.ui.table.away_game import AwayGameScene
from game.ui.table.hand_result import HandResultScene
from game.ui.table.scene import TableScene
from game.ui.table.seats import ThinkingSeat, make_ai

from .harness import deck_for, frames, key, run_until, start_table
from .layout_check import table_layout_problems
from .table_support import TABLE_IDS, TABLE_SIZES, sized_app, tap, target

GIN = dict(
    human="2H 3H 4H 7C 7D 7S QS KS JS 9D",
    ai="2C 4C 6C 8C TC 2D 4D 6D 8D TD",
    upcard="5H",
    stock="AC",
    dealer=1,
)


def _check(app, where: str) -> None:
    frames(app)
    problems = table_layout_problems(app)
    assert not problems, f"{where} at {app.viewport.size}:\n" + "\n".join(problems)


@pytest.mark.parametrize("size", TABLE_SIZES, ids=TABLE_IDS)
def test_a_gin_its_celebration_and_the_result_with_the_tables_shortcuts(size):
    app = sized_app(size)
    start_table(app, deck_for(**GIN), dealer=1, script=[])
    for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
        key(app, code)
    assert isinstance(app.stack.top, CelebrationScene)
    _check(app, "celebration")
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    _check(app, "hand result")
    result = app.stack.top
    assert result.content_bottom <= result.next_button.rect.top
    assert {name for name, _ in result.hit_targets()} >= {"Next hand", "Menu"}


@pytest.mark.parametrize("size", TABLE_SIZES, ids=TABLE_IDS)
def test_the_ai_only_hand_while_it_plays_and_once_it_is_over(size):
    app = sized_app(size)
    table = TableScene(app, Match(RuleSet.preset("standard", players=3), random.Random(1)))
    app.stack.replace_all(table)
    run_until(app, lambda: isinstance(app.stack.top, AwayGameScene))
    away = app.stack.top
    run_until(app, lambda: away.game.moves >= 6)
    _check(app, "the AIs' hand being played")
    assert away.body_bottom <= away.scores_top
    tap(app, target(away, "Skip to the end").center)
    run_until(app, lambda: away.done, limit=3000)
    _check(app, "the AIs' hand over")
    assert away.body_bottom <= away.scores_top
    assert {name for name, _ in away.hit_targets()} == {"Continue", "Menu"}
    tap(app, target(away, "Continue").center)
    run_until(app, lambda: table.hand is not None and not table.dealing)
    assert app.stack.top is table and table.pairing[table.me] == 0


@pytest.mark.parametrize("size", TABLE_SIZES, ids=TABLE_IDS)
def test_four_players_the_persons_result_with_its_round_note(size):
    app = sized_app(size)
    app.settings.players = "4"
    table = TableScene(app, Match(RuleSet.preset("standard", players=4), random.Random(6)))
    app.stack.replace_all(table)
    for _ in range(20000):
        if isinstance(app.stack.top, HandResultScene):
            break
        if app.stack.top is not table:
            app.stack.pop()
        if table.hand is not None and table.me not in table.seats:
            table.seats[table.me] = table.human_ai = ThinkingSeat(make_ai("simple", seed=4))
        frames(app)
    _check(app, "four-player hand result")
    result = app.stack.top
    assert result.content_bottom <= result.next_button.rect.top


def _rests(app, settle: int = 5, idle: int = 60) -> bool:
    """True when, after `settle` frames, `idle` more frames draw nothing."""
    frames(app, settle)
    return not any(app.frame(1 / 60) for _ in range(idle))


def test_the_new_screens_rest_when_idle_and_animate_only_while_something_moves():
    from game.storage.settings import MatchSetup
    from game.ui.screens.match_result import MatchResultScene

    from .table_support import played_match

    app = sized_app((390, 844))
    table = TableScene(app, None, MatchSetup(("person", "person"), "easy"))
    app.stack.replace_all(table)
    assert _rests(app), "the privacy screen"
    app.stack.top.ready()
    run_until(app, lambda: not table.dealing)
    key(app, pygame.K_c)
    assert _rests(app), "the score sheet"
    match = played_match(2, finish=True, seed=2)
    scene = MatchResultScene(app, match)
    app.stack.replace_all(scene)
    frames(app)
    celebration = app.stack.top
    assert isinstance(celebration, CelebrationScene) and celebration.animating()
    assert app.frame(1 / 60) and app.frame(1 / 60)  # it moves, so frames are drawn
    run_until(app, lambda: app.stack.top is scene)
    assert not celebration.animating() and _rests(app), "the match result after its celebration"
    table = TableScene(app, Match(RuleSet.preset("standard", players=3), random.Random(1)))
    app.stack.replace_all(table)
    run_until(app, lambda: isinstance(app.stack.top, AwayGameScene))
    away = app.stack.top
    assert away.animating()
    away.skip()
    run_until(app, lambda: away.done, limit=3000)
    assert not away.animating() and _rests(app), "the AIs' hand once it is over"
