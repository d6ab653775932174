"""The deal check after a hand: the check computed on screen, the export that game.verify
accepts, and replaying the deal from either seat; by mouse, finger and keyboard."""

from __future__ import annotations

import datetime
import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.rules import Hand, RuleSet, card_symbol
from game.ui.core import browser
from game.ui.fairplay.deal_check import DealCheck, FairPlayScene
from game.ui.fairplay.export import export_hand_file
from game.ui.fairplay.one_hand import OneHandTable
from game.ui.table.hand_result import HandResultScene
from game.ui.table.outcome import PlayedDeal, played_deal
from game.ui.table.scene import TableScene
from game.verify import AISeat, PersonSeat, export_hand, verify_export
from game.verify import main as verify_main

from .fairplay_helpers import app_at, click_button, finish_hand, press, swipe, tap_button
from .harness import frames, run_until
from .layout_check import SIZES, layout_problems


def _played_table(app):
    """A new match on the table, its first hand played to the result panel."""
    table = TableScene(app)
    app.stack.replace_all(table)
    frames(app, 2)
    finish_hand(app, table)
    return table


def _check_screen(app, table) -> FairPlayScene:
    assert isinstance(app.stack.top, HandResultScene)
    press(app, pygame.K_d)  # the result panel's Deal check button, by its key
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, FairPlayScene)
    return scene


@pytest.mark.parametrize("how", ["mouse", "finger"])
def test_the_result_panel_opens_the_deal_check_and_back_returns_to_it(how):
    app = app_at((390, 844) if how == "finger" else (1280, 720))
    table = _played_table(app)
    panel = app.stack.top
    names = [name for name, _ in panel.buttons.targets()]
    assert "Deal check" in names and names[-1] == "Next hand"
    (tap_button if how == "finger" else click_button)(app, "Deal check")
    assert isinstance(app.stack.top, FairPlayScene)
    (tap_button if how == "finger" else click_button)(app, "Back")
    assert app.stack.top is panel
    (tap_button if how == "finger" else click_button)(app, "Next hand")
    run_until(app, lambda: table.hand is not None and not table.hand.is_over and not table.dealing)
    assert len(table.match.played) == 1, "the match went on to its second hand"


def test_the_check_is_computed_from_the_revealed_terms():
    hand = Hand.deal(RuleSet.preset("standard"), 0, random.Random(7))
    check = DealCheck(hand.commitment, hand.terms)
    assert check.matches and check.verdict == "✓ matches" and check.computed == hand.commitment
    swapped = (hand.deck[1], hand.deck[0], *hand.deck[2:])
    assert not DealCheck(hand.commitment, replace(hand.terms, deck=swapped)).matches
    assert not DealCheck(hand.commitment, replace(hand.terms, salt="0" * 32)).matches
    assert not DealCheck(hand.commitment, replace(hand.terms, scores=(0, 50))).matches
    assert DealCheck(None, None).verdict == "No commitment"


def test_the_screen_shows_the_fingerprint_from_before_the_deal_the_salt_the_deck_and_a_match():
    app = app_at()
    table = TableScene(app)
    app.stack.replace_all(table)
    frames(app, 2)
    before = table.hand.fingerprint  # what the table shows before the first move
    finish_hand(app, table)
    scene = _check_screen(app, table)
    texts = scene.texts()
    assert "✓ matches" in texts
    assert before in texts  # the fingerprint, as shown before the deal
    assert table.hand.salt in texts
    shown_cards = " ".join(scene.page.texts("cards")).split()
    assert shown_cards == [card_symbol(card) for card in table.hand.deck]  # all 52, in deal order
    assert any("python -m game.verify" in text for text in texts)
    assert any("docs/fairness.md" in text for text in texts)


def test_a_deck_changed_after_the_deal_is_shown_as_not_matching():
    app = app_at()
    table = _played_table(app)
    real = played_deal(table)
    other = Hand.deal(RuleSet.preset("standard"), 0, random.Random(99))
    forged = PlayedDeal(real.hand, real.me, real.seats, other.commitment, real.names)
    app.stack.push(FairPlayScene(app, forged))
    frames(app)
    texts = app.stack.top.texts()
    assert "✗ does not match" in texts and "✓ matches" not in texts
    assert any("changed after it was committed" in text for text in " ".join(texts).split("\n"))


def test_export_by_mouse_writes_a_new_file_that_the_verifier_accepts(tmp_path):
    app = app_at()
    table = _played_table(app)
    scene = _check_screen(app, table)
    click_button(app, "Export hand")
    click_button(app, "Export hand")
    folder = tmp_path / "data" / "hands"
    files = sorted(folder.glob("gin-rummy-hand-*.json"))
    assert len(files) == 2, "the second export must not replace the first"
    second = next(path for path in files if path.name.endswith("-2.json"))
    assert str(second) in "".join(scene.texts()[-3:]), "the notice names the file just written"
    for path in files:
        assert verify_main([str(path)]) == 0
    data = json.loads(files[0].read_text())
    seats = data["seats"]
    ai = table.flow.seats[1].player
    assert seats[1] == {"kind": "ai", "level": ai.level, "seed": ai.seed}
    assert seats[0]["kind"] == "ai"  # the test let an AI play the person's seat: it is checked too
    # The command a player would type, run as a separate process.
    run = subprocess.run(
        [sys.executable, "-m", "game.verify", str(files[0])],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "All 5 checks passed." in run.stdout


def test_a_person_s_seat_is_exported_as_a_person_and_the_ai_seat_still_verifies():
    app = app_at()
    table = _played_table(app)
    deal = played_deal(table)
    seats = (PersonSeat(""), deal.seats[1])
    checks = verify_export(json.loads(json.dumps(export_hand(deal.hand, seats))))
    assert all(check.passed for check in checks)
    assert isinstance(deal.seats[1], AISeat)


def test_export_falls_back_to_the_next_folder_and_says_when_nothing_could_be_written(tmp_path):
    app = app_at()
    table = _played_table(app)
    deal = played_deal(table)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    fallback = tmp_path / "fallback"
    result = export_hand_file(deal.hand, deal.seats, datetime.date(2026, 11, 30), [blocker / "x", fallback])
    assert result.saved and result.path is not None and result.path.parent == fallback
    failed = export_hand_file(deal.hand, deal.seats, datetime.date(2026, 11, 30), [blocker / "x"])
    assert not failed.saved and "could not be saved" in failed.message
    assert [p.name for p in tmp_path.iterdir()] != [] and not (blocker / "x").exists()


def test_in_the_browser_the_export_is_offered_as_a_download(monkeypatch, tmp_path):
    app = app_at()
    table = _played_table(app)
    offered = []
    monkeypatch.setattr(browser, "in_browser", lambda: True)
    monkeypatch.setattr(browser, "download", lambda name, text: offered.append((name, text)) or True)
    scene = _check_screen(app, table)
    press(app, pygame.K_e)
    assert len(offered) == 1
    name, text = offered[0]
    assert name.startswith("gin-rummy-hand-") and name.endswith(".json")
    assert all(check.passed for check in verify_export(json.loads(text)))
    assert any("Downloading" in line for line in scene.texts())
    assert not (tmp_path / "data" / "hands").exists(), "no file is written in the browser"


@pytest.mark.parametrize("same_seat", [True, False], ids=["my cards", "their cards"])
def test_replay_deals_the_same_deck_to_the_chosen_seat_against_the_same_ai(same_seat):
    app = app_at((390, 844))
    table = _played_table(app)
    original = table.hand
    dealt = original.as_dealt()
    opponent = table.flow.seats[1].player
    hands_before = app.stats.hands
    check = _check_screen(app, table)
    tap_button(app, "Replay my cards" if same_seat else "Replay their cards")
    replay = app.stack.top
    assert isinstance(replay, OneHandTable)
    assert replay.toast.text.startswith("Replay") and "counts nowhere" in replay.toast.text
    run_until(app, lambda: replay.hand is not None and not replay.dealing)
    wanted = table.me if same_seat else 1 - table.me
    again = replay.hand.as_dealt()  # as dealt: the first player may have moved already
    assert sorted(again.hands[0]) == sorted(dealt.hands[wanted])
    assert sorted(again.hands[1]) == sorted(dealt.hands[1 - wanted])
    assert replay.hand.deck == original.deck and replay.hand.rules == original.rules
    # The commitment binds the dealer too: the other seat's cards are another deal's terms.
    assert (replay.hand.fingerprint == original.fingerprint) == same_seat
    ai = replay.flow.seats[1].player
    assert (ai.level, ai.seed) == (opponent.level, opponent.seed)
    finish_hand(app, replay)
    assert app.stack.top.next_button.text == "Done"
    press(app, pygame.K_RETURN)  # the replay's result panel: no next hand, back to the check
    assert app.stack.top is check
    assert app.stats.hands == hands_before, "a replay is practice: it is not counted"


def test_a_replay_leaves_the_saved_match_alone():
    app = app_at(storage=True)
    table = _played_table(app)
    saved_before = app.persistence.peek_saved_match()
    assert saved_before is not None and len(saved_before.match.played) == 1
    _check_screen(app, table)
    press(app, pygame.K_r)
    replay = app.stack.top
    finish_hand(app, replay)
    press(app, pygame.K_RETURN)
    saved = app.persistence.peek_saved_match()
    assert saved is not None and saved.match.to_dict() == saved_before.match.to_dict()


def test_keyboard_focus_reaches_every_button_and_escape_goes_back():
    app = app_at()
    table = _played_table(app)
    scene = _check_screen(app, table)
    assert scene.bar.focused() is scene.export_button and not scene.bar.show_focus
    press(app, pygame.K_TAB)
    assert scene.bar.show_focus and scene.bar.focused() is scene.export_button
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.bar.focused() is scene.back_button
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, HandResultScene)
    _check_screen(app, table)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, HandResultScene)


def test_the_deck_scrolls_under_a_finger_the_wheel_and_the_keys_on_a_small_phone():
    app = app_at((360, 640))
    table = _played_table(app)
    scene = _check_screen(app, table)
    body = scene.body
    assert body.max_scroll > 0
    start = (body.rect.centerx, body.rect.bottom - 20)
    swipe(app, start, (start[0], start[1] - 200))
    assert body.scroll > 100
    press(app, pygame.K_HOME)
    assert body.scroll == 0
    press(app, pygame.K_PAGEDOWN)
    assert body.scroll > 0
    press(app, pygame.K_END)
    assert body.scroll == body.max_scroll
    assert isinstance(app.stack.top, FairPlayScene), "scrolling presses nothing"


def test_the_screen_rests_when_nothing_happens():
    app = app_at()
    table = _played_table(app)
    _check_screen(app, table)
    frames(app, 3)
    assert not any(app.frame(1 / 60) for _ in range(20))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_layout_of_the_deal_check_at_every_size(size):
    app = app_at(size)
    table = _played_table(app)
    scene = _check_screen(app, table)
    assert not layout_problems(app), layout_problems(app)
    scene.export()  # with the notice shown
    frames(app)
    assert not layout_problems(app), layout_problems(app)
    assert scene.body.rect.bottom <= scene.notice_rect.top
    assert all(scene.board.contains(b.rect) for b in scene.bar.buttons)


def test_a_deal_without_a_check_gets_no_deal_check_button():
    """The tutorial's prepared deals and hands saved before deals were committed have no
    fingerprint to check: the panel offers nothing for them, and D does nothing."""
    app = app_at()
    table = TableScene(app)
    app.stack.replace_all(table)
    frames(app, 2)
    table.flow.deal_check = lambda: None
    finish_hand(app, table)
    panel = app.stack.top
    assert isinstance(panel, HandResultScene)
    assert "Deal check" not in [name for name, _ in panel.buttons.targets()]
    press(app, pygame.K_d)
    assert app.stack.top is panel
