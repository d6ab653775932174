"""The score sheet: the rows agree with the engine's match, and the sheet opens, scrolls and
closes by key, mouse and finger from the table and from the match result."""

from __future__ import annotations

import pygame
import pytest

from game.rules import HandResult, PlayedHand, ResultKind
from game.rules.scoring import VOID_RESULT
from game.storage.settings import MatchSetup
from game.ui.core.seating import Seating
from game.ui.screens.match_result import MatchResultScene
from game.ui.screens.score_sheet import ScoreSheetScene, sheet_headers, sheet_rows
from game.ui.table.scene import TableScene

from .harness import click, frames, key, run_until
from .layout_check import SIZES, layout_problems
from .table_support import played_match, sized_app, swipe, tap, target


def _numbers(cells):
    return [int(c) if c else None for c in cells]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_running_totals_end_at_the_match_scores_and_the_total_row_is_the_final_total(players, seed):
    match = played_match(players, finish=True, seed=seed)
    rows = sheet_rows(match, Seating.of(match))
    scored = [r for r in rows if r.kind in ("hand", "round")]
    assert _numbers(scored[-1].totals) == match.scores
    boxes = next(r for r in rows if r.kind == "boxes")
    assert list(boxes.boxes) == match.boxes
    assert boxes.totals == tuple(f"+{n * match.rules.box_bonus}" for n in match.boxes)
    total = next(r for r in rows if r.kind == "total")
    assert _numbers(total.totals) == match.final_totals
    bonus = next(r for r in rows if r.kind == "bonus")
    base = match.scores[match.winner] + match.boxes[match.winner] * match.rules.box_bonus
    assert bonus.points[match.winner] == f"+{match.final_totals[match.winner] - base}"
    assert len(sheet_headers(match, Seating.of(match))) == match.sides


def test_each_hand_is_one_row_saying_who_won_and_how_with_its_boxes():
    match = played_match(2, finish=True, seed=1)
    rows = [r for r in sheet_rows(match, Seating.of(match)) if r.kind in ("hand", "void")]
    assert [r.label for r in rows] == [str(p.number) for p in match.played]
    for row, played in zip(rows, match.played, strict=True):
        if played.winner is None:
            assert row.kind == "void" and row.detail.startswith("Void")
            continue
        side = played.winner
        word = {"knock": "Knock", "gin": "Gin", "big_gin": "Big gin", "undercut": "Undercut"}
        assert row.detail.startswith(f"{word[played.result.kind.value]} by {'You' if side == 0 else 'AI'}")
        assert row.points[side] == f"+{played.result.points}" and row.points[1 - side] == ""
        assert row.boxes[side] == played.result.boxes


def test_four_players_write_each_game_in_brackets_then_the_rounds_team_score():
    match = played_match(4, finish=True, seed=4)
    rows = sheet_rows(match, Seating.of(match))
    games = [r for r in rows if r.kind == "game"]
    rounds = [r for r in rows if r.kind == "round"]
    assert games and all(any(p.startswith("(") for p in r.points) for r in games)
    assert all(r.totals == ("", "") for r in games)  # a game alone scores nothing yet
    assert len(rounds) == len(games) // 2
    assert [r.label for r in rounds[:2]] == ["Round 1", "Round 2"]
    assert sheet_headers(match, Seating.of(match)) == ["You & North", "West & East"]


def test_void_undercut_gin_and_big_gin_are_named_and_a_hand_in_play_has_its_row():
    match = played_match(2, hands=0, seed=3)

    def played(number, kind, winner, points, boxes=0):
        result = HandResult(
            kind, winner, points, knocker=0, knocker_count=6, defender_count=4, extra_boxes=boxes
        )
        return PlayedHand(number, (0, 1), 0, result)

    match.played = [
        PlayedHand(1, (0, 1), 0, VOID_RESULT),
        played(2, ResultKind.UNDERCUT, 1, 12),
        played(3, ResultKind.GIN, 0, 45),
        played(4, ResultKind.BIG_GIN, 1, 60, boxes=2),
    ]
    match.new_hand()
    rows = sheet_rows(match, Seating.of(match))
    assert [r.kind for r in rows] == ["void", "hand", "hand", "hand", "playing", "boxes"]
    assert rows[1].detail == "Undercut by AI (4 v 6)" and rows[1].points == ("", "+12")
    assert rows[2].detail == "Gin by You" and rows[2].totals == ("45", "12")
    assert rows[3].detail == "Big gin by AI" and rows[3].boxes == (0, 3)
    assert rows[4].label == "5" and rows[4].detail == "Being played"


def test_pass_and_play_names_everyone_by_their_place():
    match = played_match(4, finish=True, seed=4)
    seating = Seating.of(match, MatchSetup(("person", "person", "person", "ai"), "easy"))
    assert sheet_headers(match, seating) == ["South & North", "West & East"]
    rows = sheet_rows(match, seating)
    assert not any("You" in r.detail for r in rows)


def _table_mid_match(size):
    app = sized_app(size)
    match = played_match(2, hands=4, seed=8)
    table = TableScene(app, match)
    app.stack.replace_all(table)
    run_until(app, lambda: table.hand is not None and not table.dealing)
    frames(app)
    return app, table


def test_c_opens_the_sheet_over_the_table_and_escape_closes_it():
    app, table = _table_mid_match((1280, 720))
    key(app, pygame.K_c)
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.match is table.match
    rows = [text for kind, text, _ in sheet.draw_list if kind == "row"]
    assert rows[-2].startswith("5 | Being played") and rows[-1].startswith("Boxes")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_the_score_sheet_button_opens_it_by_click_and_its_close_button_by_click():
    app, table = _table_mid_match((1280, 720))
    assert any(kind == "button" and text == "Score sheet" and live for kind, text, _, live in table.draw_list)
    click(app, table.buttons["sheet"].rect.center)
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    click(app, sheet.close.rect.center)
    assert app.stack.top is table


def test_on_a_phone_a_long_sheet_opens_at_the_latest_hand_and_a_finger_scrolls_it():
    app = sized_app((360, 640))
    match = played_match(3, finish=True, seed=3)
    app.stack.replace_all(MatchResultScene(app, match))
    run_until(app, lambda: isinstance(app.stack.top, MatchResultScene))  # after the celebration
    tap(app, target(app.stack.top, "Score sheet").center)
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    assert sheet.max_scroll > 0 and sheet.scroll == sheet.max_scroll
    drawn = [text for kind, text, rect in sheet.draw_list if kind == "row" and sheet.body.contains(rect)]
    assert drawn and drawn[-1].startswith("Total")
    body = sheet.body
    swipe(app, (body.centerx, body.top + 20), (body.centerx, body.bottom - 20))
    assert sheet.scroll < sheet.max_scroll
    key(app, pygame.K_HOME)
    assert sheet.scroll == 0
    frames(app)
    first = next(text for kind, text, rect in sheet.draw_list if kind == "row")
    assert first.startswith("1 |")
    tap(app, sheet.close.rect.center)
    assert isinstance(app.stack.top, MatchResultScene)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_sheet_fits_every_window(size):
    app, table = _table_mid_match(size)
    table.open_sheet()
    frames(app)
    assert not layout_problems(app)
    sheet = app.stack.top
    assert sheet.box.contains(sheet.body) and sheet.box.contains(sheet.close.rect)
    for _, _, rect in sheet.draw_list:
        if rect.height > 1:
            assert rect.left >= sheet.box.left and rect.right <= sheet.box.right
    match = played_match(4, finish=True, seed=4)
    app.stack.replace_all(MatchResultScene(app, match))
    run_until(app, lambda: isinstance(app.stack.top, MatchResultScene))
    assert not layout_problems(app), "match result"
    app.stack.push(ScoreSheetScene(app, match))
    frames(app)
    assert not layout_problems(app), "four-player sheet"


def test_a_hand_of_the_match_in_progress_is_reviewed_from_its_row_by_tap():
    from game.ui.coach.review import ReviewScene

    app, table = _table_mid_match((390, 844))
    table.open_sheet()
    frames(app)
    sheet = app.stack.top
    rows = dict(sheet.hit_targets())
    assert {"hand 1", "hand 2"} <= set(rows) or sheet.max_scroll > 0
    name, rect = next((n, r) for n, r in sheet.hit_targets() if n.startswith("hand "))
    number = int(name.split()[1])
    tap(app, rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.hand is table.match.hand_records[number - 1]
    assert review.hand.is_over and review.me == table.match.played[number - 1].players.index(0)
    run_until(app, lambda: review.report is not None, 20000)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is sheet


def test_r_reviews_the_latest_hand_and_tab_picks_another():
    from game.ui.coach.review import ReviewScene

    app, table = _table_mid_match((1280, 720))
    key(app, pygame.K_c)
    sheet = app.stack.top
    latest = sheet.focus
    assert sheet.placed[latest].row.label == str(len(table.match.played))
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert sheet.placed[sheet.focus].row.label == str(len(table.match.played) - 1)
    key(app, pygame.K_r)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.hand is table.match.hand_records[len(table.match.played) - 2]
    frames(app)
    assert not layout_problems(app)


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)])
def test_a_hands_counts_in_brackets_are_never_split_across_lines(size):
    """Issue 18: on a phone the sheet wrapped "(8 v / 10)"."""
    from game.ui.screens.score_sheet import ScoreSheetScene

    from .table_support import played_match, sized_app

    app = sized_app(size)
    app.stack.push(ScoreSheetScene(app, played_match(3, finish=True, seed=4)))
    frames(app)
    details = [line for placed in app.stack.top.placed for line in placed.lines]
    assert any("(" in line for line in details)
    for line in details:
        assert line.count("(") == line.count(")"), line
