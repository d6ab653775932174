"""The words on screen say what happened (issue 18, defect 11).

Going gin never logs "You knocked"; with people passing the device the log names each of
them; a three-player match reads as three scores on the title; a one-hand game is not "to
100"; the tutorial's target is the player's own game's; the review's summary of the score
reads as one sentence.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import Match, RuleSet
from game.storage.persistence import SavedMatch
from game.storage.settings import MatchSetup
from game.ui.coach.review import ReviewScene
from game.ui.fairplay.daily_deal import open_daily
from game.ui.table.hand_result import HandResultScene
from game.ui.table.outcome import score_sentence
from game.ui.table.scene import TableScene

from .fairplay_helpers import app_at, finish_hand
from .harness import deck_for, frames, key, run_until, start_table
from .table_support import played_match, sized_app

GIN = dict(
    human="2H 3H 4H 7C 7D 7S QS KS JS 9D",
    ai="2C 4C 6C 8C TC 2D 4D 6D 8D TD",
    upcard="5H",
    stock="AC",
    dealer=1,
)


def _log(table) -> list[str]:
    table.draw(table.app.surface)
    return [text for kind, text, *_ in table.draw_list if kind == "log"]


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (844, 390)])
def test_going_gin_logs_went_gin_from_the_knock_on(size):
    app = sized_app(size)
    table = start_table(app, deck_for(**GIN), dealer=1, script=[])
    key(app, pygame.K_t)
    key(app, pygame.K_g)  # knocked with gin; the melds are not down yet
    log = _log(table)
    assert "You went gin" in log[-1:] and not any("knocked" in line for line in log)


def test_pass_and_play_names_each_person_in_the_log_never_you():
    app = sized_app((1280, 720))
    table = TableScene(app, None, MatchSetup(("person", "person"), "easy"))
    app.stack.replace_all(table)
    for _ in range(400):
        top = app.stack.top
        if top is not table and hasattr(top, "ready"):
            top.ready()
        if table.hand is not None and len(table.hand.history) >= 3:
            break
        if table.human_turn() and not table.animator.busy:
            table.pass_turn() if table.hand.phase.name in ("UPCARD_OFFER",) else table.draw_stock()
        frames(app)
    log = _log(table)
    assert log and not any(line.startswith("You ") for line in log), log
    assert any(line.startswith(("South ", "North ")) for line in log), log


@pytest.mark.parametrize(("players", "expected"), [(2, "Standard Gin, 0 to 0"), (4, "Standard Gin, 0 to 0")])
def test_the_continue_line_of_two_sides(players, expected):
    match = Match(RuleSet.preset("standard", players=players), random.Random(1))
    assert SavedMatch(match, None).summary == expected


def test_the_continue_line_of_three_players_names_each_score():
    match = Match(RuleSet.preset("standard", players=3), random.Random(1))
    match.scores[:] = [12, 30, 0]
    summary = SavedMatch(match, None).summary
    assert " to " not in summary
    assert summary == "Standard Gin, three players: you 12, West 30, East 0"


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (844, 390)])
def test_the_daily_deal_is_one_hand_not_to_100(size):
    app = app_at(size)
    open_daily(app)
    table = app.stack.top
    run_until(app, lambda: table.hand is not None and not table.dealing)
    table.draw(app.surface)
    drawn = " ".join(text for _, text, *_ in table.draw_list)
    panel_texts = [text for kind, text, *_ in table.draw_list if kind in ("variant", "goal")]
    assert panel_texts and all("to 100" not in text for text in panel_texts), panel_texts
    assert any("one hand" in text.lower() for text in panel_texts), panel_texts
    assert "to 100" not in drawn


def test_an_ordinary_match_still_says_its_target():
    app = sized_app((1280, 720))
    table = TableScene(app)
    app.stack.replace_all(table)
    run_until(app, lambda: table.hand is not None and not table.dealing)
    table.draw(app.surface)
    assert any(kind == "goal" and "to 100" in text for kind, text, *_ in table.draw_list)


def test_the_tutorial_names_the_target_of_the_players_own_game():
    from game.ui.tutorial.lessons import build_lessons
    from game.ui.tutorial.scene import TutorialScene

    app = sized_app((1280, 720))
    app.settings.target = 50
    scene = TutorialScene(app)
    app.stack.replace_all(scene)
    frames(app, 3)
    finish = next(lesson for lesson in build_lessons() if lesson.key == "finish")
    text = finish.words(scene)
    assert "50 points" in text and "100" not in text
    assert app.settings.ruleset().match_target == 50


@pytest.mark.parametrize(
    ("lines", "sentence"),
    [
        (("Knock: defender 53 - knocker 10 = 43", "Total: 43"), "Knock: defender 53 - knocker 10 = 43."),
        (
            ("Gin: bonus 25", "Defender's deadwood: 30", "Total: 55"),
            "Gin: bonus 25; defender's deadwood: 30; total 55.",
        ),
        (
            ("The stock ran down to two cards: the hand is void.",),
            "The stock ran down to two cards: the hand is void.",
        ),
    ],
)
def test_the_score_working_reads_as_one_sentence(lines, sentence):
    assert score_sentence(lines) == sentence


def test_the_review_s_last_position_never_runs_equals_into_total():
    app = app_at()
    table = TableScene(app)
    app.stack.replace_all(table)
    frames(app, 2)
    finish_hand(app, table, level="simple", seed=11)
    assert isinstance(app.stack.top, HandResultScene)
    scene = ReviewScene(app, table.hand, table.me)
    app.stack.push(scene)
    scene.index = scene.review.length
    text = scene.move_text()
    result = table.hand.result
    assert "Total:" not in text and text.endswith(".") and str(result.points) in text


def test_no_played_match_s_summary_is_ambiguous():
    match = played_match(3, hands=4, seed=2)
    summary = SavedMatch(match, None).summary
    assert summary.count(",") == 3 and all(str(s) in summary for s in match.scores)
