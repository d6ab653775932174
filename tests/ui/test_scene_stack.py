"""The scene stack gives a press and its release to the same scene.

Seen in Chromium on a phone: New match's "Start match" acts when the finger goes down and
opens the pass-and-play screen, whose Menu button sits under the same finger and acts when
it comes up, so one tap started the match and opened the pause menu.
"""

from __future__ import annotations

import pygame

from game.ui.core.scene import Scene, SceneStack


class Recorder(Scene):
    """Records the mouse buttons it is given; optionally opens `then` on a press."""

    def __init__(self, name: str, stack: SceneStack, then: Scene | None = None) -> None:
        self.name = name
        self.stack = stack
        self.then = then
        self.seen: list[str] = []

    def setup(self) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> None:
        self.seen.append(pygame.event.event_name(event.type))
        if event.type == pygame.MOUSEBUTTONDOWN and self.then is not None:
            self.stack.push(self.then)


def press(stack: SceneStack, kind: int, button: int = 1) -> None:
    stack.handle(pygame.event.Event(kind, pos=(10, 10), button=button))


def test_a_release_does_not_reach_the_screen_its_press_opened() -> None:
    stack = SceneStack()
    opened = Recorder("privacy", stack)
    start = stack.push(Recorder("new_match", stack, then=opened))
    press(stack, pygame.MOUSEBUTTONDOWN)
    press(stack, pygame.MOUSEBUTTONUP)
    assert stack.top is opened
    assert start.seen == ["MouseButtonDown"]  # type: ignore[attr-defined]
    assert opened.seen == []
    # The next tap is the new screen's, press and release.
    press(stack, pygame.MOUSEBUTTONDOWN)
    press(stack, pygame.MOUSEBUTTONUP)
    assert opened.seen == ["MouseButtonDown", "MouseButtonUp"]


def test_a_release_after_the_screen_closed_is_not_the_one_below() -> None:
    stack = SceneStack()
    below = stack.push(Recorder("table", stack))
    modal = stack.push(Recorder("result", stack))
    press(stack, pygame.MOUSEBUTTONDOWN)
    stack.pop()  # the press closed the modal
    press(stack, pygame.MOUSEBUTTONUP)
    assert modal.seen == ["MouseButtonDown"]  # type: ignore[attr-defined]
    assert below.seen == []  # type: ignore[attr-defined]


def test_buttons_are_followed_one_by_one_and_other_events_pass() -> None:
    stack = SceneStack()
    scene = stack.push(Recorder("table", stack))
    press(stack, pygame.MOUSEBUTTONDOWN, button=3)
    press(stack, pygame.MOUSEBUTTONUP, button=1)  # no press seen for it: delivered as before
    press(stack, pygame.MOUSEBUTTONUP, button=3)
    stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert scene.seen == ["MouseButtonDown", "MouseButtonUp", "MouseButtonUp", "KeyDown"]  # type: ignore[attr-defined]
