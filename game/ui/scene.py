"""Scenes and the scene stack: one screen of the game at a time, with modals on top.

A scene gets `setup()` when pushed, events while it is on top, `update(dt)` every frame
while visible, and `draw(surface)` to paint the logical 1280x720 surface. A modal scene (a
hand result over the table) is drawn over the scenes beneath it, which keep animating.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """Base class: override what the scene needs."""

    modal = False
    """True when the scene below stays visible (and keeps updating) underneath."""

    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app

    def setup(self) -> None:
        """Called once when the scene is pushed."""

    def teardown(self) -> None:
        """Called once when the scene is popped or replaced."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one event (mouse positions already in logical coordinates)."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""

    def autopilot(self) -> None:
        """Self-play: press what a player would press here (called when it is idle)."""


class SceneStack:
    """The scenes in play, bottom first; the top one gets the input."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        """Put `scene` on top and set it up."""
        self.scenes.append(scene)
        scene.setup()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.teardown()
        return scene

    def replace_all(self, scene: Scene) -> Scene:
        """Clear the stack and start over with `scene`."""
        while self.scenes:
            self.pop()
        return self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the topmost opaque scene and modals above it."""
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[index].modal:
                start = index
                break
        return self.scenes[start:]

    def handle(self, event: pygame.event.Event) -> None:
        """Send an event to the top scene."""
        if self.top is not None:
            self.top.handle(event)

    def update(self, dt: float) -> None:
        """Update every visible scene (a table under a modal keeps animating)."""
        for scene in self.visible():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every visible scene, bottom first."""
        for scene in self.visible():
            scene.draw(surface)
