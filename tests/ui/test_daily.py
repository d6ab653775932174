"""The daily deal: the day's cards on the real table against the expert, the shareable line,
the clipboard, the streak saved with the statistics, and a second game being practice."""

from __future__ import annotations

import datetime
import json

import pygame
import pytest

from game.rules import Pass, ResultKind, daily_hand
from game.ui.core import browser
from game.ui.fairplay.daily_deal import DailyResultScene, DailyTable, daily_seed, open_daily
from game.ui.fairplay.daily_share import DailyOutcome
from game.ui.fairplay.deal_check import FairPlayScene
from game.ui.screens.title import daily_label

from .fairplay_helpers import app_at, click_button, finish_hand, press, tap, tap_button
from .harness import frames, run_until
from .layout_check import SIZES, layout_problems

DAY = datetime.date(2026, 11, 30)


def _daily(app, day=DAY) -> DailyTable:
    open_daily(app, day)
    table = app.stack.top
    assert isinstance(table, DailyTable)
    run_until(app, lambda: table.hand is not None and not table.dealing)
    return table


def _play_to_result(app, day=DAY) -> DailyResultScene:
    table = _daily(app, day)
    finish_hand(app, table)
    assert app.stack.top.next_button.text == "See the daily result"
    press(app, pygame.K_RETURN)  # the hand's result panel closes onto the daily result
    scene = app.stack.top
    assert isinstance(scene, DailyResultScene)
    return scene


@pytest.mark.parametrize(
    ("kind", "won", "points", "turns", "line"),
    [
        (ResultKind.GIN, True, 31, 9, "I went gin for 31 points in 9 turns"),
        (ResultKind.BIG_GIN, True, 56, 7, "I went big gin for 56 points in 7 turns"),
        (ResultKind.KNOCK, True, 12, 10, "I knocked and won 12 points in 10 turns"),
        (ResultKind.UNDERCUT, True, 22, 1, "I undercut the expert for 22 points in 1 turn"),
        (ResultKind.KNOCK, False, -12, 14, "I lost by 12 after 14 turns"),
        (ResultKind.GIN, False, -40, 5, "I lost by 40 after 5 turns"),
        (ResultKind.VOID, False, 0, 16, "no winner, the stock ran out after 16 turns"),
    ],
)
def test_the_shareable_line_names_date_result_points_and_turns(kind, won, points, turns, line):
    outcome = DailyOutcome(DAY, kind, won, points, turns)
    assert outcome.share_line() == f"Gin Rummy daily 2026-11-30: {line}"


def test_the_title_entry_names_the_day_without_the_locale():
    assert daily_label(DAY) == "Daily deal · 30 Nov"
    assert daily_label(datetime.date(2027, 1, 2)) == "Daily deal · 2 Jan"


def test_the_table_deals_the_day_s_cards_with_the_player_first_against_the_expert():
    app = app_at()
    table = _daily(app)
    expected = daily_hand(DAY)
    hand = table.hand
    assert hand.deck == expected.deck and hand.dealer == 1 and hand.commitment == expected.commitment
    assert hand.rules == expected.rules and table.me == 0 and hand.to_act == 0
    expert = table.flow.seats[1].player
    assert (expert.level, expert.seed) == ("expert", daily_seed(DAY))
    other_day = _daily(app_at(), DAY + datetime.timedelta(days=1))
    assert other_day.hand.deck != hand.deck


def test_a_finger_plays_the_first_move_and_the_result_is_saved_with_the_statistics(tmp_path):
    app = app_at((390, 844), storage=True)
    table = _daily(app)
    take_or_pass = [b for b in table.context_buttons.buttons if b.live and b.text == "Pass"]
    assert take_or_pass, "the player acts first: the upcard offer"
    tap(app, take_or_pass[0].rect.center)
    assert table.hand.actions[0] == (0, Pass())
    finish_hand(app, table)
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, DailyResultScene)
    outcome = scene.outcome
    result = app.stats.daily_result(DAY)
    assert result is not None and (result.won, result.points, result.turns) == (
        outcome.won,
        outcome.points,
        outcome.turns,
    )
    saved = json.loads((tmp_path / "data" / "statistics.json").read_text())
    assert saved["daily"]["2026-11-30"] == {
        "won": outcome.won,
        "points": outcome.points,
        "turns": outcome.turns,
    }
    assert app.stats.hands == 0, "the daily deal keeps its own record, not a match's"
    texts = scene.texts()
    assert outcome.share_line() in texts
    assert any(text.startswith("Counted") for text in texts)
    assert "Days in a row: 1 (best 1)" in texts


def test_a_second_game_the_same_day_is_practice_and_keeps_the_first_result():
    app = app_at()
    app.stats.record_daily(DAY, True, 31, 9)
    table = _daily(app)
    assert table.practice
    assert "Practice" in table.toast.text and "does not count" in table.toast.text
    finish_hand(app, table)
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, DailyResultScene) and not scene.counted
    result = app.stats.daily_result(DAY)
    assert (result.won, result.points, result.turns) == (True, 31, 9)
    assert any("Practice" in text and "won 31 points in 9 turns" in text for text in scene.texts())


def test_the_streak_counts_days_in_a_row():
    app = app_at()
    app.stats.record_daily(DAY - datetime.timedelta(days=2), False, -5, 8)
    app.stats.record_daily(DAY - datetime.timedelta(days=1), True, 20, 11)
    scene = _play_to_result(app)
    assert "Days in a row: 3 (best 3)" in scene.texts()


def test_copy_puts_the_line_on_the_clipboard_by_key_or_finger():
    app = app_at((390, 844))
    scene = _play_to_result(app)
    pygame.scrap.put_text("something else")
    press(app, pygame.K_c)
    assert pygame.scrap.get_text() == scene.outcome.share_line()
    assert any(text.startswith("Copied") for text in scene.texts())
    pygame.scrap.put_text("something else")
    tap_button(app, "Copy result")
    assert pygame.scrap.get_text() == scene.outcome.share_line()


def test_without_a_clipboard_the_line_stays_on_screen_to_copy_by_hand(monkeypatch):
    app = app_at()
    scene = _play_to_result(app)

    def broken(text: str) -> None:
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    click_button(app, "Copy result")
    texts = scene.texts()
    assert scene.outcome.share_line() in texts
    assert any("not available" in text for text in texts)


def test_in_the_browser_the_page_copies_the_line(monkeypatch):
    app = app_at()
    scene = _play_to_result(app)
    copied = []
    monkeypatch.setattr(browser, "in_browser", lambda: True)
    monkeypatch.setattr(browser, "copy_text", lambda text: copied.append(text) or True)
    press(app, pygame.K_c)
    assert copied == [scene.outcome.share_line()]


def test_the_deal_check_of_the_day_opens_and_closes_over_the_result():
    app = app_at()
    scene = _play_to_result(app)
    press(app, pygame.K_d)
    check = app.stack.top
    assert isinstance(check, FairPlayScene) and "✓ matches" in check.texts()
    assert check.deal.hand.commitment == daily_hand(DAY).commitment
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    press(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "title"


def test_the_result_screen_rests_when_nothing_happens():
    app = app_at()
    _play_to_result(app)
    frames(app, 3)
    assert not any(app.frame(1 / 60) for _ in range(20))


def test_a_day_played_in_self_play_is_not_recorded():
    app = app_at()
    app.selfplay = True
    table = _daily(app)
    finish_hand(app, table)
    assert app.stats.daily == {}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_layout_of_the_daily_table_and_result_at_every_size(size):
    app = app_at(size)
    table = _daily(app)
    assert not layout_problems(app), layout_problems(app)
    finish_hand(app, table)
    assert not layout_problems(app), layout_problems(app)
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, DailyResultScene)
    assert not layout_problems(app), layout_problems(app)
    scene.copy()
    frames(app)
    assert not layout_problems(app), layout_problems(app)
    assert all(scene.board.contains(b.rect) for b in scene.bar.buttons)


def _title_with_daily(app, monkeypatch):
    from game.ui.core import dates
    from game.ui.screens.title import TitleScene

    monkeypatch.setattr(dates, "today", lambda: DAY)
    title = TitleScene(app)
    app.stack.replace_all(title)
    frames(app)
    return title


@pytest.mark.parametrize("how", ["mouse", "finger", "keyboard"])
def test_the_title_screen_starts_the_daily_deal(monkeypatch, how):
    app = app_at((390, 844) if how == "finger" else (1280, 720))
    title = _title_with_daily(app, monkeypatch)
    labels = [item.label for item in title.items]
    assert "Daily deal · 30 Nov" in labels
    row = dict(title.menu.targets())["Daily deal · 30 Nov"]
    if how == "keyboard":
        for _ in range(labels.index("Daily deal · 30 Nov") - title.menu.focus):
            press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
    elif how == "finger":
        tap(app, row.center)
    else:
        click_button(app, "Daily deal · 30 Nov")
    table = app.stack.top
    assert isinstance(table, DailyTable) and table.day == DAY


def test_the_title_entry_shows_the_streak_then_that_today_is_played(monkeypatch):
    app = app_at()
    app.stats.record_daily(DAY - datetime.timedelta(days=1), True, 20, 11)
    title = _title_with_daily(app, monkeypatch)
    item = next(item for item in title.items if item.name == "daily")
    assert item.value() == "1 day in a row"
    app.stats.record_daily(DAY, False, -3, 12)
    assert item.value() == "played ✓"


def _play_a_little(app, table, moves: int = 3) -> None:
    """The person plays `moves` of their own moves (an AI in their seat), the expert answers."""
    from game.ui.table.seats import ThinkingSeat, make_ai

    table.flow.seats[table.me] = ThinkingSeat(make_ai("simple", seed=5))
    hand = table.hand
    run_until(app, lambda: sum(1 for seat, _ in hand.actions if seat == 0) >= moves, limit=20000)
    del table.flow.seats[table.me]  # the person's own hands again
    run_until(app, lambda: hand.to_act == 0 and not table.animator.busy, limit=20000)


def _pause(app):
    from game.ui.screens.pause import PauseScene

    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    return pause


def _choose(app, pause, label: str) -> None:
    labels = [item.label for item in pause.items]
    assert label in labels, labels
    pause.items[labels.index(label)].press()
    frames(app)


@pytest.mark.parametrize("leave", ["quit_to_title", "program_closed"])
def test_leaving_the_day_s_deal_midway_and_coming_back_resumes_the_same_hand(tmp_path, leave):
    app = app_at((390, 844), storage=True)
    table = _daily(app)
    _play_a_little(app, table)
    hand = table.hand
    actions, held, stock = list(hand.actions), list(hand.hands[0]), len(hand.stock)
    assert not hand.is_over and app.stats.daily_result(DAY).unfinished
    if leave == "quit_to_title":
        _choose(app, _pause(app), "Quit to title")
        assert app.stack.top.name == "title"
    else:
        app = app_at((390, 844), storage=True)  # the program closed, the page reloaded
    from game.ui.screens.title import daily_item

    assert daily_item(app, DAY).value() == "to finish"
    again = _daily(app)
    assert not again.practice and "left it" in again.toast.text
    resumed = again.hand
    assert resumed.actions == actions and resumed.hands[0] == held and len(resumed.stock) == stock
    # Still one attempt, and the expert's cards and the stock are still hidden.
    assert resumed.deck == daily_hand(DAY).deck and not again.dealing
    known = set(resumed.known[1])
    for card in resumed.hands[1]:
        assert again.sprites[card].face_up == (card in known)
    assert all(not again.sprites[card].face_up for card in resumed.stock if card in again.sprites)
    finish_hand(app, again)
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, DailyResultScene) and scene.counted
    result = app.stats.daily_result(DAY)
    assert not result.unfinished and result.turns == scene.outcome.turns
    assert not (tmp_path / "data" / "daily-hand.json").exists(), "a finished day is not kept to resume"
    third = _daily(app)
    assert third.practice and not third.hand.actions  # the finished day is practice, dealt afresh


def test_the_daily_pause_menu_speaks_of_the_day_s_deal_not_a_match(tmp_path):
    app = app_at((1280, 720), storage=True)
    table = _daily(app)
    _play_a_little(app, table, moves=1)
    labels = [item.label for item in _pause(app).items]
    assert "Restart match" not in labels and "Concede match" not in labels and "Score sheet" not in labels
    assert "Give up today's deal" in labels and "Quit to title" in labels


def test_giving_up_the_day_s_deal_asks_then_counts_it_lost_for_good(tmp_path):
    from game.ui.screens.notices import ConfirmScene

    app = app_at((1280, 720), storage=True)
    table = _daily(app)
    _play_a_little(app, table, moves=1)
    _choose(app, _pause(app), "Give up today's deal")
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "lost" in " ".join(question.paragraphs)
    question.accept()
    frames(app)
    assert app.stack.top.name == "title"
    assert app.stats.daily_result(DAY).unfinished and app.stats.daily_summary(DAY).won == 0
    assert not (tmp_path / "data" / "daily-hand.json").exists()
    again = _daily(app)
    assert again.practice and not again.hand.actions


def test_a_replayed_deal_s_pause_menu_has_no_match_to_restart():
    from game.ui.fairplay.deals import replay_deal
    from game.ui.fairplay.one_hand import OneHandTable

    app = app_at()
    game = replay_deal(daily_hand(DAY), 0, same_seat=True)
    app.screens.replace("one_hand_table", game, "easy", 4, "")
    table = app.stack.top
    assert isinstance(table, OneHandTable)
    run_until(app, lambda: table.hand is not None and not table.dealing)
    pause = _pause(app)
    labels = [item.label for item in pause.items]
    assert "Restart match" not in labels and "Concede match" not in labels
    _choose(app, pause, "Leave this hand")
    assert app.stack.top.name == "title"


def test_a_damaged_daily_hand_is_set_aside_and_told_and_the_day_stays_counted(tmp_path):
    app = app_at((1280, 720), storage=True)
    table = _daily(app)
    _play_a_little(app, table, moves=1)
    _choose(app, _pause(app), "Quit to title")
    path = tmp_path / "data" / "daily-hand.json"
    record = json.loads(path.read_text())
    record["hand"]["actions"][0][1] = {"kind": "knock", "card": "AS"}
    path.write_text(json.dumps(record))
    app = app_at((1280, 720), storage=True)
    again = _daily(app)
    assert again.practice  # the day counted as begun; its hand could not be resumed
    notices = app.persistence.take_notices()
    assert any("daily deal" in text and "set aside" in text for text in notices), notices
    assert not path.exists()


def test_a_day_s_deal_left_from_another_day_is_not_resumed_today(tmp_path):
    app = app_at((1280, 720), storage=True)
    table = _daily(app, DAY - datetime.timedelta(days=1))
    _play_a_little(app, table, moves=1)
    _choose(app, _pause(app), "Quit to title")
    today = _daily(app)
    assert not today.practice and not today.hand.actions
