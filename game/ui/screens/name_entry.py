"""Typing a name: the settings screen opens it for the name of a person at a seat.

What is typed is handed to `accept`, which keeps it and returns "" or refuses it with the
reason, shown on the panel (nothing is changed then). In the browser the page's own prompt is
used instead (`game.ui.core.browser.ask_text`): it brings up a phone's keyboard, which a
canvas cannot. The field itself (keys, layout, drawing) is `game.ui.core.text_field`.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.core.column import panel_view
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text_field import TextField


class NameEntryScene(Scene):
    """A panel with `title`, a field holding `current`, and Save, Clear, Cancel."""

    modal = True
    name = "name_entry"

    def __init__(
        self, app: GameApp, title: str, current: str, accept: Callable[[str], str], note: str = ""
    ) -> None:
        super().__init__(app)
        self.title = title
        self.accept = accept
        self.note = note
        """What the name is for and how long it may be (shown under the field)."""
        self.entry = TextField(current, self.save, self.cancel)
        self.save_button, self.clear_button = self.entry.save_button, self.entry.clear_button

    @property
    def text(self) -> str:
        """What is typed so far."""
        return self.entry.text

    @property
    def draw_list(self) -> list[tuple[str, str]]:
        """What the last frame showed (the test probe reads it)."""
        return self.entry.draw_list

    @property
    def problem(self) -> str:
        """Why the last name offered was refused."""
        return self.entry.problem

    def setup(self) -> None:
        """Lay out, and start the keyboard's text input."""
        self.resized()
        pygame.key.start_text_input()

    def teardown(self) -> None:
        """Stop the text input."""
        pygame.key.stop_text_input()

    def resized(self) -> None:
        """The panel in the middle of the window."""
        self.entry.layout(panel_view(self.app.viewport))  # the lobby's scale held sideways

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The three buttons."""
        return self.entry.targets()

    def spoken(self) -> tuple[str, ...]:
        """What a screen reader says here: the question, then the problem with the last try."""
        return (f"{self.title}. Type it, then Enter to save or Escape to cancel.", self.problem)

    def save(self) -> None:
        """Keep the name (or say why it cannot be kept and stay)."""
        problem = self.accept(self.entry.text)
        if problem:
            self.entry.problem = problem
            return
        self.app.screens.close(self)

    def cancel(self) -> None:
        """Leave the name as it was."""
        self.app.screens.close(self)

    def handle(self, event: pygame.event.Event) -> None:
        """Typed text, Backspace, Enter, Esc; the buttons by pointer."""
        self.entry.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the field with a caret, the note or the problem, the buttons."""
        self.entry.draw(surface, panel_view(self.app.viewport), self.title, self.note)
