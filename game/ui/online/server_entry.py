"""Typing the game server's address (the "Online server" setting).

Save checks the address first (`game.online.endpoints.setting_problem`: ws:// or wss:// with
a host, only wss:// on a page served over https) and keeps a refused one out of the
settings, saying why. Empty means automatic: the page's ``?server=``, the build's server, or
this computer's own (``ws://127.0.0.1:8765``). The field itself (keys, layout, drawing) is
`game.ui.core.text_field`.
"""

from __future__ import annotations

import pygame

from game.online.endpoints import setting_problem
from game.ui.core.column import panel_view
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text_field import FieldLook, TextField
from game.ui.online.page import page_is_https, servers

NOTE = "ws://HOST:PORT or wss://HOST/PATH; several, separated by commas, are tried in turn. Empty: automatic."
LOOK = FieldLook(
    width=620, note_height=84, note_lines=4, text_sizes=(24, 18), note_sizes=(18, 14), max_typed=400
)
"""A wider field than a name's, with room for the note's four lines."""


class ServerEntryScene(Scene):
    """The server address field, with Save, Clear and Cancel."""

    modal = True
    name = "server_entry"

    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        self.entry = TextField(app.settings.online_server, self.save, self.cancel, LOOK)

    @property
    def draw_list(self) -> list[tuple[str, str]]:
        """What the last frame showed (the test probe reads it)."""
        return self.entry.draw_list

    def setup(self) -> None:
        """Lay out, and take typed text from the keyboard."""
        self.resized()
        pygame.key.start_text_input()

    def teardown(self) -> None:
        """No more typing."""
        pygame.key.stop_text_input()

    def resized(self) -> None:
        """The panel in the middle of the window."""
        self.entry.layout(panel_view(self.app.viewport))  # the lobby's scale held sideways

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The three buttons."""
        return self.entry.targets()

    def save(self) -> None:
        """Keep the address, or say why it cannot be kept (and keep nothing)."""
        text = self.entry.text.strip()
        problem = setting_problem(text, page_is_https=page_is_https())
        if problem:
            self.entry.problem = problem if problem.endswith(".") else problem + "."
            return
        self.app.settings.online_server = text
        self.app.save_settings()
        self.app.screens.close(self)

    def cancel(self) -> None:
        """Leave the setting as it was."""
        self.app.screens.close(self)

    def handle(self, event: pygame.event.Event) -> None:
        """Typed text, Backspace, Enter, Esc, the buttons."""
        self.entry.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the field with a caret, the note or the problem, the buttons."""
        note = NOTE + f" Now: {', '.join(servers(self.app.settings)) or 'none'}."
        self.entry.draw(surface, panel_view(self.app.viewport), "Online server", note)
