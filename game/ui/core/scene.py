"""Scenes and the scene stack: one screen of the game at a time, with modals on top.

A scene sees the app only as a :class:`GameApp` (what a screen may ask of it) and reaches
other screens by name through its :class:`Navigator` (``app.screens``, see
`game.ui.core.navigation`). It gets `setup()` when pushed, events while it is on top, `update(dt)` every frame
while visible, `draw(surface)` to paint the window at its real size, and `resized()` when
that size changes. A modal scene (a hand result over the table) is drawn over the scenes
beneath it, which keep animating. `animating()` tells the loop that the scene changes by
itself (something moves, counts down or thinks): otherwise, with no input, nothing is drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.storage.persistence import Persistence
    from game.storage.settings import Settings
    from game.storage.stats import Stats
    from game.ui.core.art import CardArt
    from game.ui.core.pointer import PointerFilter
    from game.ui.core.viewport import Viewport


class Scene:
    """Base class: override what the scene needs."""

    modal = False
    """True when the scene below stays visible (and keeps updating) underneath."""

    name = "scene"

    def __init__(self, app: GameApp) -> None:
        self.app = app

    def setup(self) -> None:
        """Called once when the scene is pushed: by default, lay out for the window."""
        self.resized()

    def teardown(self) -> None:
        """Called once when the scene is popped or replaced."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one event (pointer positions in window pixels)."""

    def resized(self) -> None:
        """The window changed size or shape: lay out again (`self.app.viewport`)."""

    def invalidate(self) -> None:
        """Something this scene shows changed outside its own `animating()`: draw once more."""
        self.app.invalidate()

    def animating(self) -> bool:
        """True while the scene changes without input (so the next frame must be drawn)."""
        return False

    def working(self) -> bool:
        """True while the scene computes in slices (an AI thinking) without changing the picture.

        The loop then keeps its full frame rate, so the work goes on at speed, but draws
        only when `animating()` says the picture changes.
        """
        return False

    def next_change(self) -> float | None:
        """Seconds until the picture changes by itself while nothing moves (a message
        starting to fade, a move timer's next second), or None when nothing is due.

        A resting loop may wait long between looks in the browser; it never waits past this.
        """
        return None

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """What a pointer can press now: (name, rect) of every live control, card or row.

        The layout tests check these against the window: inside it, not overlapping, and at
        least 44 logical pixels in portrait. A scene lists what it draws as pressable.
        """
        return []

    def spoken(self) -> tuple[str, ...]:
        """What a screen reader should say about this screen now, in parts (what it is, its
        question, the focused row); the app says each part again whenever it changes."""
        return ()

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
        self.changed = True
        """Set whenever a scene is pushed or popped (the loop then draws the next frame)."""
        self._pressed: dict[int, Scene] = {}
        """The scene each mouse button (or finger) went down on, until it comes up."""

    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        """Put `scene` on top and set it up."""
        self.scenes.append(scene)
        self.changed = True
        scene.setup()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self.changed = True
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
        """Send an event to the top scene.

        A press and its release belong to one scene: when a press opens another screen (New
        match's Start opening the pass-and-play screen), the release of that same tap is not
        given to the new screen, whose button under the finger would otherwise act as well.
        """
        top = self.top
        if top is None:
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed[event.button] = top
        elif event.type == pygame.MOUSEBUTTONUP and self._pressed.pop(event.button, top) is not top:
            return
        top.handle(event)

    def update(self, dt: float) -> None:
        """Update every visible scene (a table under a modal keeps animating)."""
        for scene in self.visible():
            scene.update(dt)

    def animating(self) -> bool:
        """True while any visible scene changes by itself."""
        return any(scene.animating() for scene in self.visible())

    def working(self) -> bool:
        """True while any scene in the stack computes in slices (it needs frames, not drawing)."""
        return any(scene.working() for scene in self.scenes)

    def next_change(self) -> float | None:
        """The soonest `next_change` of the visible scenes (None when none is due)."""
        due = [when for scene in self.visible() if (when := scene.next_change()) is not None]
        return min(due, default=None)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every visible scene, bottom first."""
        for scene in self.visible():
            scene.draw(surface)


class Navigator(Protocol):
    """The screens by name, as a scene sees them (`game.ui.core.navigation.Screens`)."""

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new screen `name`, made with `args`, not shown yet."""
        ...

    def show(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Screen `name` over whatever is up."""
        ...

    def replace(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Screen `name` in place of every screen."""
        ...

    def back(self, scene: Scene) -> None:
        """Leave `scene` for the screen beneath it (the title when there is none)."""
        ...

    def close(self, scene: Scene) -> None:
        """Take `scene` away when it is on top."""
        ...

    def find(self, name: str) -> Scene | None:
        """The topmost screen `name` in the stack, if one is there."""
        ...


@dataclass(frozen=True)
class OneHandPause:
    """How the pause menu speaks of a game of one hand (the daily deal, a replayed deal):
    there is no match to restart, concede or keep a score sheet of.

    `leave` is the way out ("Quit to title" for the daily deal, kept to resume; "Leave this
    hand" for a replay); `give_up`, when the hand counts for something, is its label, the
    question, the detail under it and what giving up does.
    """

    leave_label: str
    leave: Callable[[], None]
    give_up: tuple[str, str, str, Callable[[], None]] | None = None


class GameApp(Protocol):
    """What a screen may ask of the app: the window, the data, the art, the ways to other
    screens and a few services. `game.ui.app.App`, the composition root, provides it."""

    viewport: Viewport
    stack: SceneStack
    pointer: PointerFilter
    art: CardArt
    settings: Settings
    stats: Stats
    persistence: Persistence
    rng: random.Random
    seed: int
    selfplay: bool
    running: bool

    @property
    def screens(self) -> Navigator:
        """The screens by name."""
        ...

    @property
    def speed(self) -> float:
        """The animation speed in force (0: instant, also when motion is reduced)."""
        ...

    @property
    def pace(self) -> float:
        """How fast play moves on: the computer's pauses, the result's (0: no pauses)."""
        ...

    def settings_changed(self) -> None:
        """A setting changed: its looks and sizes take effect on every screen at once."""
        ...

    def play(self, effect: str) -> None:
        """Play a sound effect (when sound is on)."""
        ...

    def announce(self, text: str) -> None:
        """Say `text` to a screen reader (the page's live region; kept for tests)."""
        ...

    def match_rng(self) -> random.Random:
        """A generator for a new match's deals, drawn from the app's seeded one."""
        ...

    def invalidate(self) -> None:
        """Draw the next frame (something changed that the scenes cannot see)."""
        ...

    def wake(self) -> None:
        """Look at the game again now: news came from outside the frame (the server's)."""
        ...

    def notable(self, moment: str) -> None:
        """A moment worth a screenshot (`--screenshots`)."""
        ...

    def hand_finished(self) -> None:
        """Count a finished hand (self-play stops after the hands asked for)."""
        ...

    def save_settings(self) -> bool:
        """Keep the settings; False when they could not be saved."""
        ...

    def save_stats(self) -> bool:
        """Keep the statistics; False when they could not be saved."""
        ...

    def quit(self) -> None:
        """Leave the loop at the end of this frame."""
        ...
