"""Screens by name: the app's registry of screens, and showing, replacing and leaving them.

No screen imports another. Code that wants the pause menu asks for it by name,
``app.screens.show("pause", table)``, with the values it needs; answers come back through
the callbacks it passes (as the confirm dialog's ``yes=("Concede", concede)``). Only the
app, the composition root, knows which class draws each name: it registers them all when
it starts (`game.ui.app.SCREENS`).

>>> from game.ui.core.scene import GameApp, Scene, SceneStack
>>> class Card(Scene):
...     name = "card"
...     def __init__(self, app, text):
...         super().__init__(app)
...         self.text = text
>>> stack = SceneStack()
>>> screens = Screens(stack, app=None)  # the app is handed to each screen made
>>> screens.register("card", Card)
>>> screens.show("card", "ace").text, len(stack.scenes)
('ace', 1)
>>> screens.replace("card", "king").text, len(stack.scenes)
('king', 1)
>>> screens.show("joker")
Traceback (most recent call last):
...
KeyError: "no screen is named 'joker' (known: card)"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ui.core.scene import GameApp, Scene, SceneStack

ScreenMaker = Callable[..., Scene]
"""Makes a screen: called with the app, then the values the screen needs."""

HOME = "title"
"""Where `back` goes from the last screen in the stack."""


class Screens:
    """The registry of screens and the ways between them, over the app's scene stack."""

    def __init__(self, stack: SceneStack, app: GameApp) -> None:
        self.stack = stack
        self.app = app
        self._makers: dict[str, ScreenMaker] = {}

    def register(self, name: str, make: ScreenMaker) -> None:
        """Name a screen: `make(app, *args, **kwargs)` builds it when it is asked for."""
        self._makers[name] = make

    @property
    def names(self) -> list[str]:
        """Every registered name, in order of registration."""
        return list(self._makers)

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new screen `name` (not shown yet); KeyError for a name nobody registered."""
        maker = self._makers.get(name)
        if maker is None:
            raise KeyError(f"no screen is named {name!r} (known: {', '.join(self._makers)})")
        return maker(self.app, *args, **kwargs)

    def show(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Screen `name` over whatever is up (a modal one leaves it in view)."""
        return self.stack.push(self.make(name, *args, **kwargs))

    def replace(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Screen `name` in place of every screen (each one left gets its teardown)."""
        scene = self.make(name, *args, **kwargs)
        return self.stack.replace_all(scene)

    def back(self, scene: Scene) -> None:
        """Leave `scene` (when it is on top) for the one beneath, or the title when none is."""
        if self.stack.top is not scene:
            return
        if len(self.stack.scenes) > 1:
            self.stack.pop()
            return
        self.replace(HOME)

    def close(self, scene: Scene) -> None:
        """Take `scene` away when it is on top (nothing happens otherwise)."""
        if self.stack.top is scene:
            self.stack.pop()

    def find(self, name: str) -> Scene | None:
        """The topmost screen called `name` in the stack, if any."""
        return next((s for s in reversed(self.stack.scenes) if s.name == name), None)
