"""Sound waits for the player's first gesture, and in the browser the page's audio rests.

Chromium checks the page's side (tests/web/test_browser.py: the AudioContext stays suspended
until the first tap, runs for the deal, rests when quiet, wakes for the next card).
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.core import browser, sound
from game.ui.core.sound import REST_AFTER_S, Sounds

from .harness import create_app, frames, post


@pytest.fixture
def sounds() -> Sounds:
    made = Sounds()
    if not made.available:
        pytest.skip("no mixer under this audio driver")
    return made


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Pretend to run in a browser page; records what the game asks of the page's audio."""
    asked: list[bool] = []

    def set_audio(awake: bool) -> bool:
        asked.append(awake)
        return True

    monkeypatch.setattr(browser, "in_browser", lambda: True)
    monkeypatch.setattr(sound.browser, "set_audio", set_audio)
    return asked


def test_nothing_plays_before_the_first_gesture(sounds: Sounds) -> None:
    sounds.play("card")
    assert sounds.played == 0
    sounds.unlock()
    sounds.play("card")
    assert sounds.played == 1


def test_the_first_press_or_key_unlocks_sound() -> None:
    app = create_app(["--no-storage", "--seed", "3"])
    from game.ui.screens.title import TitleScene

    app.stack.push(TitleScene(app))
    frames(app, 2)
    assert not app.sounds.unlocked
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    frames(app)
    assert not app.sounds.unlocked  # moving the mouse is not a gesture a browser counts
    post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    frames(app)
    assert app.sounds.unlocked


def test_the_page_audio_wakes_for_a_sound_and_rests_after_silence(sounds: Sounds, page: list[bool]) -> None:
    sounds.unlock()
    sounds.play("card", now=100.0)
    sounds.play("deal", now=100.1)
    assert page == [True] and sounds.awake  # woken once, not for every effect
    sounds.rest_if_quiet(100.1 + REST_AFTER_S / 2)
    assert page == [True]
    pygame.mixer.stop()  # nothing left playing
    sounds.rest_if_quiet(100.1 + REST_AFTER_S + 0.01)
    assert page == [True, False] and not sounds.awake
    sounds.rest_if_quiet(200.0)
    assert page == [True, False]  # resting already
    sounds.play("knock", now=201.0)
    assert page == [True, False, True]


def test_off_sound_never_wakes_the_page(sounds: Sounds, page: list[bool]) -> None:
    sounds.unlock()
    sounds.enabled = False
    sounds.play("card", now=1.0)
    assert page == [] and sounds.played == 0
