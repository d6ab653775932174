"""One pointer from fingers and mouse: no double presses, no second finger, no echoes."""

from __future__ import annotations

import pygame

from game.ui.core.pointer import TOUCH_ECHO_S, PointerFilter

SIZE = (400, 800)


def finger(kind: int, x: float, y: float, finger_id: int = 0) -> pygame.event.Event:
    return pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=finger_id)


def test_a_tap_becomes_one_press_and_release_in_window_pixels():
    pointer = PointerFilter()
    down = pointer.translate(finger(pygame.FINGERDOWN, 0.5, 0.25), SIZE, 10.0)
    up = pointer.translate(finger(pygame.FINGERUP, 0.5, 0.25), SIZE, 10.1)
    assert down.type == pygame.MOUSEBUTTONDOWN and down.pos == (200, 200) and down.touch
    assert up.type == pygame.MOUSEBUTTONUP and up.pos == (200, 200) and up.button == 1


def test_sdl_touch_copies_and_browser_echoes_are_dropped():
    pointer = PointerFilter()
    pointer.translate(finger(pygame.FINGERDOWN, 0.5, 0.5), SIZE, 10.0)
    synthetic = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 400), button=1, touch=True)
    assert pointer.translate(synthetic, SIZE, 10.0) is None
    pointer.translate(finger(pygame.FINGERUP, 0.5, 0.5), SIZE, 10.05)
    echo = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 400), button=1, touch=False)
    assert pointer.translate(echo, SIZE, 10.05 + TOUCH_ECHO_S / 2) is None
    # A real mouse, well after the last touch, works as before.
    later = pointer.translate(echo, SIZE, 10.05 + TOUCH_ECHO_S * 2)
    assert later is echo


def test_a_second_finger_is_ignored_until_the_first_lifts():
    pointer = PointerFilter()
    assert pointer.translate(finger(pygame.FINGERDOWN, 0.1, 0.1, finger_id=0), SIZE, 1.0) is not None
    assert pointer.translate(finger(pygame.FINGERDOWN, 0.9, 0.9, finger_id=1), SIZE, 1.0) is None
    assert pointer.translate(finger(pygame.FINGERMOTION, 0.8, 0.8, finger_id=1), SIZE, 1.0) is None
    moved = pointer.translate(finger(pygame.FINGERMOTION, 0.2, 0.1, finger_id=0), SIZE, 1.1)
    assert moved.type == pygame.MOUSEMOTION and moved.pos == (80, 80) and moved.rel == (40, 0)
    assert pointer.translate(finger(pygame.FINGERUP, 0.2, 0.1, finger_id=0), SIZE, 1.2) is not None
    assert pointer.translate(finger(pygame.FINGERDOWN, 0.9, 0.9, finger_id=1), SIZE, 1.3) is not None


def test_other_events_pass_through_unchanged():
    pointer = PointerFilter()
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0)
    assert pointer.translate(key, SIZE, 0.0) is key
