"""Helpers for the deal check, replay, export and daily deal tests: real events, whole hands."""

from __future__ import annotations

import pygame

from game.ui.app import App, create_app
from game.ui.table.hand_result import HandResultScene
from game.ui.table.seats import ThinkingSeat, make_ai

from .harness import frames, post, run_until


def app_at(size: tuple[int, int] = (1280, 720), storage: bool = False) -> App:
    """A headless app at `size`, instant animation; storage (in the test's temporary data
    folder) only when asked for."""
    extra = [] if storage else ["--no-storage"]
    return create_app([*extra, "--seed", "3", "--speed", "0", "--window", f"{size[0]}x{size[1]}"])


def finish_hand(app: App, table, level: str = "simple", seed: int = 5, limit: int = 20000) -> None:
    """Let an AI play the person's seat until the hand's result panel is up."""
    table.flow.seats[table.me] = ThinkingSeat(make_ai(level, seed=seed))
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene), limit)
    frames(app, 2)


def centre(rect: pygame.Rect) -> tuple[int, int]:
    """The middle of a rectangle."""
    return rect.center


def button_rect(scene, text: str) -> pygame.Rect:
    """The rect of the live button labelled `text` on a scene (from its hit targets)."""
    for name, rect in scene.hit_targets():
        if name == text:
            return rect
    raise AssertionError(f"no live button {text!r} on {scene.name}: {[n for n, _ in scene.hit_targets()]}")


def click_button(app: App, text: str) -> None:
    """Click the top scene's button labelled `text` with the mouse."""
    pos = centre(button_rect(app.stack.top, text))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    frames(app)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app)


def _finger(app: App, kind: int, pos: tuple[int, int]) -> None:
    width, height = app.viewport.size
    post(kind, x=pos[0] / width, y=pos[1] / height, dx=0.0, dy=0.0, touch_id=3, finger_id=0, pressure=1.0)


def tap(app: App, pos: tuple[int, int]) -> None:
    """A finger down and up at `pos`, with SDL's own mouse copies (which must be ignored)."""
    _finger(app, pygame.FINGERDOWN, pos)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
    frames(app)
    _finger(app, pygame.FINGERUP, pos)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)
    frames(app)


def tap_button(app: App, text: str) -> None:
    """Tap the top scene's button labelled `text` with a finger."""
    tap(app, centre(button_rect(app.stack.top, text)))


def swipe(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """A finger pressed at `start`, dragged to `end`, lifted."""
    _finger(app, pygame.FINGERDOWN, start)
    frames(app)
    for index in range(1, steps + 1):
        point = (
            start[0] + (end[0] - start[0]) * index // steps,
            start[1] + (end[1] - start[1]) * index // steps,
        )
        _finger(app, pygame.FINGERMOTION, point)
        frames(app)
    _finger(app, pygame.FINGERUP, end)
    frames(app)


def press(app: App, code: int, mod: int = 0) -> None:
    """Press and release a key, one frame."""
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
    frames(app)
