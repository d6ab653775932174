"""The guided first hand, played through the real loop with real events.

Played to the end twice: once with the mouse and keyboard at 1280x720, once with fingers
at 390x844. Every press is checked against the prompt's rings (the prompt points at what
to press). Then: a prompt waits for its own step (other moves, legal or not, change
nothing and do not advance it), Skip makes the move, leaving and starting again work, and
the tutorial neither saves over the player's match nor counts in the statistics.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import Card, Match, Phase, RuleSet
from game.ui.app import create_app
from game.ui.screens.pause import PauseScene
from game.ui.screens.rules_screen import RulesScene
from game.ui.screens.title import TitleScene
from game.ui.tutorial.prompt import PULSE_S
from game.ui.tutorial.scene import TutorialResultScene, TutorialScene, start_tutorial

from .harness import click, drag, frames, key, post, run_until

C = Card.parse


def _app(size: str = "1280x720", *extra: str):
    return create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", size, *extra])


def _start(app) -> TutorialScene:
    start_tutorial(app)
    frames(app, 3)
    scene = app.stack.scenes[0]
    assert isinstance(scene, TutorialScene)
    return scene


def _at(app, scene: TutorialScene, key_name: str) -> None:
    """Run frames until the lesson `key_name` is on screen (the opponent moves meanwhile)."""
    run_until(app, lambda: scene.lesson.key == key_name, limit=900)
    frames(app, 2)


def _ringed(scene: TutorialScene, pos: tuple[int, int]) -> tuple[int, int]:
    """`pos`, after checking that the prompt rings it."""
    rings = scene.rings()
    assert any(r.collidepoint(pos) for r in rings), f"{scene.lesson.key}: {pos} not in {rings}"
    return pos


def _card(scene: TutorialScene, text: str) -> tuple[int, int]:
    """A point on the visible strip of one of the player's cards."""
    names = dict(scene.hit_targets())
    rect = names[str(C(text))]
    return rect.center


def _button(scene: TutorialScene, name: str) -> tuple[int, int]:
    button = scene.buttons[name]
    assert button.live, f"{name} is not pressable now"
    return button.rect.center


def _prompt_button(scene: TutorialScene, text: str) -> tuple[int, int]:
    for name, rect in scene.prompt_targets():
        if name == f"prompt {text}":
            return rect.center
    raise AssertionError(f"no prompt button {text!r} in {scene.prompt_targets()}")


def _result_button(app) -> tuple[int, int]:
    run_until(app, lambda: isinstance(app.stack.top, TutorialResultScene))
    frames(app, 2)
    return app.stack.top.next_button.rect.center


# --- finger events ----------------------------------------------------------------------


def _finger(app, kind: int, pos: tuple[int, int]) -> None:
    width, height = app.viewport.size
    post(kind, x=pos[0] / width, y=pos[1] / height, dx=0.0, dy=0.0, touch_id=1, finger_id=1, pressure=1.0)


def tap(app, pos: tuple[int, int]) -> None:
    """A finger down and up at `pos`, a frame apart."""
    _finger(app, pygame.FINGERDOWN, pos)
    frames(app)
    _finger(app, pygame.FINGERUP, pos)
    frames(app)


def swipe(app, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """A finger dragged from `start` to `end`."""
    _finger(app, pygame.FINGERDOWN, start)
    frames(app)
    for i in range(1, steps + 1):
        point = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        _finger(app, pygame.FINGERMOTION, point)
        frames(app)
    _finger(app, pygame.FINGERUP, end)
    frames(app)


# --- played to the end ------------------------------------------------------------------


def test_tutorial_played_to_the_end_with_mouse_and_keyboard():
    app = _app()
    scene = _start(app)
    seen = []

    def lesson(name: str) -> None:
        _at(app, scene, name)
        seen.append(name)

    lesson("welcome")
    key(app, pygame.K_RETURN)  # Next
    lesson("sort_melds")
    click(app, _ringed(scene, _button(scene, "melds")))
    assert scene.order.mode == "melds"
    lesson("melds")
    click(app, _prompt_button(scene, "Next"))
    lesson("deadwood")
    key(app, pygame.K_SPACE)
    lesson("pass_upcard")
    click(app, _ringed(scene, _button(scene, "pass")))
    lesson("draw_stock")
    click(app, _ringed(scene, scene.layout.stock.center))
    lesson("discard_king")
    drag(app, _ringed(scene, _card(scene, "KS")), scene.layout.discard.center)
    assert scene.hand.discard_pile[-1] == C("KS")
    lesson("take_discard")
    assert scene.hand.discard_pile[-1] == C("6C")  # the opponent's scripted gift
    drag(app, _ringed(scene, scene.layout.discard.center), scene.layout.hand_area.center)
    lesson("discard_nine")
    point = _ringed(scene, _card(scene, "9D"))
    click(app, point)
    click(app, _card(scene, "9D"))  # a second click on the raised card discards it
    lesson("lay_off_jack")
    assert scene.hand.phase is Phase.LAYOFF and scene.hand.knocker == 1
    click(app, _ringed(scene, _card(scene, "JH")))
    lesson("lay_off_queen")
    meld = next(r for r in scene.rings() if not r.collidepoint(_card(scene, "QH")))
    drag(app, _ringed(scene, _card(scene, "QH")), meld.center)
    lesson("end_layoffs")
    click(app, _ringed(scene, _button(scene, "done")))
    lesson("result_undercut")
    result = _result_button(app)
    assert not any(kind == "check" for kind, _ in app.stack.top.texts())  # no deal check on a prepared deal
    click(app, _ringed(scene, result))
    assert scene.match.scores == [12, 0]

    lesson("take_upcard")
    key(app, pygame.K_t)
    lesson("discard_club_king")
    click(app, _ringed(scene, _card(scene, "KC")))
    key(app, pygame.K_RETURN)  # Enter discards the selected card
    lesson("draw_stock_again")
    key(app, pygame.K_s)
    lesson("press_knock")
    key(app, pygame.K_k)
    lesson("knock_card")
    click(app, _ringed(scene, _card(scene, "JD")))
    lesson("lay_down")
    key(app, pygame.K_RETURN)
    lesson("result_knock")
    _result_button(app)
    key(app, pygame.K_RETURN)
    assert scene.match.scores == [23, 0]

    lesson("take_for_gin")
    key(app, pygame.K_d)
    lesson("go_gin")
    key(app, pygame.K_g)
    lesson("lay_down_gin")
    click(app, _ringed(scene, _button(scene, "lay")))
    lesson("result_gin")
    click(app, _ringed(scene, _result_button(app)))
    assert scene.match.scores == [85, 0]
    lesson("finish")
    frames(app, 5)
    assert not isinstance(app.stack.top, TutorialResultScene)  # the last result stays closed
    click(app, _prompt_button(scene, "Rules"))  # the rules, from the last prompt
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.rules == app.settings.ruleset()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.lesson.key == "finish"
    click(app, _prompt_button(scene, "Finish"))
    assert isinstance(app.stack.top, TitleScene)
    assert seen[0] == "welcome" and seen[-1] == "finish"
    assert scene.corrections == 0


def test_tutorial_played_with_fingers_on_a_phone():
    app = _app("390x844")
    scene = _start(app)
    _at(app, scene, "welcome")
    tap(app, _prompt_button(scene, "Next"))
    _at(app, scene, "sort_melds")
    tap(app, _ringed(scene, _button(scene, "melds")))
    for name in ("melds", "deadwood"):
        _at(app, scene, name)
        tap(app, _prompt_button(scene, "Next"))
    _at(app, scene, "pass_upcard")
    tap(app, _ringed(scene, _button(scene, "pass")))
    _at(app, scene, "draw_stock")
    tap(app, _ringed(scene, scene.layout.stock.center))
    _at(app, scene, "discard_king")
    swipe(app, _ringed(scene, _card(scene, "KS")), scene.layout.discard.center)
    _at(app, scene, "take_discard")
    tap(app, _ringed(scene, scene.layout.discard.center))
    _at(app, scene, "discard_nine")
    tap(app, _ringed(scene, _card(scene, "9D")))
    tap(app, _card(scene, "9D"))
    _at(app, scene, "lay_off_jack")
    tap(app, _ringed(scene, _card(scene, "JH")))
    _at(app, scene, "lay_off_queen")
    tap(app, _ringed(scene, _card(scene, "QH")))
    _at(app, scene, "end_layoffs")
    tap(app, _ringed(scene, _button(scene, "done")))
    _at(app, scene, "result_undercut")
    tap(app, _ringed(scene, _result_button(app)))
    _at(app, scene, "take_upcard")
    tap(app, _ringed(scene, _button(scene, "take")))
    _at(app, scene, "discard_club_king")
    tap(app, _ringed(scene, _card(scene, "KC")))
    tap(app, _card(scene, "KC"))
    _at(app, scene, "draw_stock_again")
    swipe(app, _ringed(scene, scene.layout.stock.center), scene.layout.hand_area.center)
    _at(app, scene, "press_knock")
    tap(app, _ringed(scene, _button(scene, "knock")))
    _at(app, scene, "knock_card")
    tap(app, _ringed(scene, _card(scene, "JD")))
    _at(app, scene, "lay_down")
    tap(app, _ringed(scene, _button(scene, "lay")))
    _at(app, scene, "result_knock")
    tap(app, _ringed(scene, _result_button(app)))
    _at(app, scene, "take_for_gin")
    tap(app, _ringed(scene, scene.layout.discard.center))
    _at(app, scene, "go_gin")
    tap(app, _ringed(scene, _button(scene, "gin")))
    _at(app, scene, "lay_down_gin")
    tap(app, _ringed(scene, _button(scene, "lay")))
    _at(app, scene, "result_gin")
    tap(app, _ringed(scene, _result_button(app)))
    _at(app, scene, "finish")
    assert scene.match.scores == [85, 0] and scene.corrections == 0
    tap(app, _prompt_button(scene, "Finish"))
    assert isinstance(app.stack.top, TitleScene)


# --- each prompt waits for its own step -------------------------------------------------


def _state(scene: TutorialScene):
    hand = scene.hand
    return (scene.lesson.key, hand.phase, len(hand.actions), tuple(hand.discard_pile), len(hand.stock))


def _refused(app, scene: TutorialScene, attempt) -> str:
    """Do `attempt()`, check nothing changed, return the message the player was shown."""
    before = _state(scene)
    attempt()
    frames(app, 2)
    assert _state(scene) == before, f"{before[0]}: the move changed the hand or the lesson"
    assert scene.toast.remaining > 0
    return scene.toast.text


def test_each_prompt_waits_for_its_own_step():
    app = _app()
    scene = _start(app)
    _at(app, scene, "welcome")
    # Reading: a move is refused until Next.
    assert "Next" in _refused(app, scene, lambda: click(app, _button(scene, "take")))
    key(app, pygame.K_RETURN)
    _at(app, scene, "sort_melds")
    click(app, _button(scene, "rank"))  # another sort: allowed, but not this lesson's step
    frames(app, 2)
    assert scene.lesson.key == "sort_melds"
    assert "Melds" in _refused(app, scene, lambda: click(app, _button(scene, "pass")))
    key(app, pygame.K_m)
    _at(app, scene, "melds")
    key(app, pygame.K_TAB)  # Tab skips only moves, not reading
    assert scene.lesson.key == "melds"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    _at(app, scene, "pass_upcard")
    # A legal move that is not the lesson's: a gentle correction, nothing taken.
    text = _refused(app, scene, lambda: key(app, pygame.K_t))
    assert "10♠" in text and "Pass" in text
    key(app, pygame.K_TAB)  # Skip: the tutorial passes for the player
    _at(app, scene, "draw_stock")
    # An illegal move: the engine's reason, nothing changed.
    assert "stock" in _refused(app, scene, lambda: click(app, scene.layout.discard.center))
    key(app, pygame.K_TAB)
    _at(app, scene, "discard_king")
    jack = _card(scene, "JH")
    _refused(app, scene, lambda: (click(app, jack), click(app, _card(scene, "JH"))))
    assert C("JH") in scene.hand.hands[0] and "K♠" in scene.toast.text
    key(app, pygame.K_TAB)
    _at(app, scene, "take_discard")
    assert "6♣" in _refused(app, scene, lambda: key(app, pygame.K_s))
    for _ in range(2):
        key(app, pygame.K_TAB)
    _at(app, scene, "lay_off_jack")
    assert "J♥" in _refused(app, scene, lambda: click(app, _button(scene, "done")))
    corrections = scene.corrections
    assert corrections >= 6
    for name in ("lay_off_jack", "lay_off_queen", "end_layoffs"):
        _at(app, scene, name)
        key(app, pygame.K_TAB)
    _at(app, scene, "result_undercut")
    key(app, pygame.K_RETURN)
    for name in ("take_upcard", "discard_club_king", "draw_stock_again"):
        _at(app, scene, name)
        key(app, pygame.K_TAB)
    _at(app, scene, "press_knock")
    # A plain discard of the knock card is legal, but the lesson is knocking.
    _refused(app, scene, lambda: (click(app, _card(scene, "JD")), click(app, _card(scene, "JD"))))
    assert C("JD") in scene.hand.hands[0]
    key(app, pygame.K_TAB)
    for name in ("knock_card", "lay_down"):
        _at(app, scene, name)
        key(app, pygame.K_TAB)
    _at(app, scene, "result_knock")
    key(app, pygame.K_RETURN)
    _at(app, scene, "take_for_gin")
    key(app, pygame.K_TAB)
    _at(app, scene, "go_gin")
    # Knocking with a six is legal (9 deadwood) but this lesson is gin.
    key(app, pygame.K_k)
    six = _card(scene, "6S")
    assert "Gin" in _refused(app, scene, lambda: click(app, six))
    assert scene.hand.phase is Phase.DISCARD and not scene.knock_mode
    key(app, pygame.K_TAB)
    _at(app, scene, "lay_down_gin")
    assert scene.hand.knock_card == C("9D")


def test_skip_button_makes_the_move_and_the_lesson_moves_on():
    app = _app("360x640")
    scene = _start(app)
    _at(app, scene, "welcome")
    assert dict(scene.prompt_targets()).keys() == {"prompt Next", "prompt Leave"}
    tap(app, _prompt_button(scene, "Next"))
    _at(app, scene, "sort_melds")
    assert scene.order.mode == "suit"
    tap(app, _prompt_button(scene, "Skip"))  # Skip presses Melds for the player
    assert scene.order.mode == "melds"
    for name in ("melds", "deadwood"):
        _at(app, scene, name)
        tap(app, _prompt_button(scene, "Next"))
    _at(app, scene, "pass_upcard")
    upcard = scene.hand.discard_pile[-1]
    tap(app, _prompt_button(scene, "Skip"))
    assert scene.hand.history[0].kind == "pass" and scene.hand.discard_pile[-1] == upcard
    _at(app, scene, "draw_stock")


# --- leaving, starting again, nothing saved ---------------------------------------------


def test_leave_returns_to_the_title_and_the_tutorial_starts_afresh():
    app = _app()
    scene = _start(app)
    _at(app, scene, "welcome")
    for code in (pygame.K_RETURN, pygame.K_m, pygame.K_RETURN, pygame.K_RETURN):
        key(app, code)
    _at(app, scene, "pass_upcard")
    click(app, _prompt_button(scene, "Leave"))
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1

    again = _start(app)
    assert again is not scene and again.lesson.key == "welcome"
    assert again.match.scores == [0, 0] and again.tutorial_match.deals_left == 2
    # Esc opens the pause menu: no restart or concede for a practice game; it leaves too.
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    labels = [label for label, _ in pause.hit_targets()]
    assert not any(word in " ".join(labels) for word in ("Restart", "Concede", "Score sheet"))
    leave = next(rect for label, rect in pause.hit_targets() if label == "Quit to title")
    click(app, leave.center)
    assert isinstance(app.stack.top, TitleScene)
    _start(app)
    assert app.stack.top.lesson.key == "welcome"


def test_leaving_from_the_result_panel_and_a_resize_mid_lesson():
    app = _app("390x844")
    scene = _start(app)
    while scene.lesson.key != "result_undercut":
        scene.skip()
        frames(app, 3)
    result = _result_button(app)
    app.resize((844, 390))  # the phone turned: everything is laid out again
    frames(app, 2)
    assert isinstance(app.stack.top, TutorialResultScene) and scene.lesson.key == "result_undercut"
    assert result != app.stack.top.next_button.rect.center
    leave = dict(app.stack.top.hit_targets())["prompt Leave"]
    click(app, leave.center)
    assert isinstance(app.stack.top, TitleScene)


def test_the_tutorial_never_saves_over_a_match_or_counts_in_statistics(tmp_path):
    app = create_app(["--seed", "3", "--speed", "0", "--window", "1280x720"])
    assert app.persistence.available
    match = Match(RuleSet.preset("standard"), random.Random(5))
    match.new_hand()
    saved = match.to_dict()
    app.persistence.save("saved-match", saved)
    assert app.persistence.load("saved-match") == saved
    before = app.stats.to_dict()
    scene = _start(app)
    while scene.lesson.key != "take_upcard":
        scene.skip()
        frames(app, 3)
    assert scene.match.scores == [12, 0]
    click(app, _prompt_button(scene, "Leave"))
    assert app.persistence.load("saved-match") == saved
    assert app.stats.to_dict() == before


def test_rests_when_idle_after_the_pointer_settles():
    app = _app()
    scene = _start(app)
    _at(app, scene, "welcome")
    assert scene.animating()  # the pointer pulses as a prompt appears
    frames(app, int(PULSE_S * 60) + 5)
    assert not app.stack.animating()
    assert not app.frame(1 / 60), "an idle tutorial must not draw"
    key(app, pygame.K_RETURN)
    assert scene.lesson.key == "sort_melds" and scene.animating()


@pytest.mark.parametrize("lesson", ["discard_king", "lay_off_jack", "press_knock"])
def test_prompts_name_cards_with_suit_symbols_and_say_what_to_press(lesson):
    app = _app()
    scene = _start(app)
    while scene.lesson.key != lesson:
        scene.skip()
        frames(app, 3)
    text = scene.lesson.words(scene)
    assert any(s in text for s in "♠♥♦♣")
    assert any(word in text for word in ("Click", "Press", "press", "click"))
    assert scene.rings(), "a move to make is pointed at"


def test_while_the_opponent_moves_the_prompt_waits_and_the_table_refuses_moves():
    app = _app("1280x720")
    app.speed_override = 1.0  # real pacing: the opponent pauses before each move
    scene = _start(app)
    run_until(app, lambda: not scene.dealing and not scene.animator.busy, limit=900)
    for code in (pygame.K_RETURN, pygame.K_m, pygame.K_RETURN, pygame.K_RETURN, pygame.K_p):
        key(app, code)
    assert scene.lesson.key == "dealer_offer" and scene.hand.to_act == 1
    assert not scene.prompt.skip.visible and not scene.prompt.next.visible  # nothing to skip
    assert "Wait" in _refused(app, scene, lambda: click(app, scene.layout.stock.center))
    run_until(app, lambda: scene.lesson.key == "draw_stock", limit=300)
    assert scene.hand.history[-1].kind == "pass" and scene.hand.history[-1].player == 1


def test_reached_from_the_title_screen_again_and_again():
    app = _app("390x844")
    for _ in range(2):
        app.stack.replace_all(TitleScene(app))
        frames(app, 2)
        rows = dict(app.stack.top.hit_targets())
        tap(app, rows["Learn to play"].center)
        scene = app.stack.top
        assert isinstance(scene, TutorialScene) and scene.lesson.key == "welcome"
        frames(app, 3)
        tap(app, _prompt_button(scene, "Leave"))
        assert isinstance(app.stack.top, TitleScene)
    rows = dict(app.stack.top.hit_targets())
    tap(app, rows["Rules"].center)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.rules == app.settings.ruleset()


def test_the_settings_seats_do_not_turn_the_tutorial_into_pass_and_play():
    app = _app()
    app.settings.players = "2"
    app.settings.seats[1] = "person"  # two people at one device, in the settings
    scene = _start(app)
    assert scene.flow.seating.is_person(0) and not scene.flow.seating.is_person(1)
    while scene.lesson.key != "take_discard":
        scene.skip()
        frames(app, 3)
    assert scene.hand.history[-1].player == 1 and scene.hand.discard_pile[-1] == C("6C")
    assert app.stack.top is scene  # no screen asking to pass the device
