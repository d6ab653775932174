"""Typing the game server's address (the "Online server" setting).

A one-line field: letters from the keyboard's text input, Backspace, Enter saves, Esc
cancels. Save checks the address first (`game.online.endpoints.setting_problem`: ws:// or
wss:// with a host, only wss:// on a page served over https) and keeps a refused one out of
the settings, saying why. Empty means automatic: the page's ``?server=``, the build's
server, or this computer's own (``ws://127.0.0.1:8765``).
"""

from __future__ import annotations

import pygame

from game.online.endpoints import setting_problem
from game.ui.core import theme
from game.ui.core.column import Column, row_height, split
from game.ui.core.drawing import panel, scrim
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button, ButtonRow
from game.ui.online.page import page_is_https, servers

MAX_TYPED = 400
NOTE = "ws://HOST:PORT or wss://HOST/PATH; several, separated by commas, are tried in turn. Empty: automatic."


class ServerEntryScene(Scene):
    """The server address field, with Save, Clear and Cancel."""

    modal = True
    name = "server_entry"

    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        self.text = app.settings.online_server
        self.problem = ""
        here = pygame.Rect(0, 0, 1, 1)
        self.save_button = Button("Save", here.copy(), self.save, key="Enter", accent=theme.ACCENT)
        self.clear_button = Button("Clear", here.copy(), self.clear)
        self.cancel_button = Button("Cancel", here.copy(), self.cancel, key="Esc")
        self.buttons = ButtonRow([self.save_button, self.clear_button, self.cancel_button])
        self.box = here.copy()
        self.title_rect = here.copy()
        self.field = here.copy()
        self.note_rect = here.copy()
        self.draw_list: list[tuple[str, str]] = []

    def setup(self) -> None:
        """Lay out, and take typed text from the keyboard."""
        self.resized()
        pygame.key.start_text_input()

    def teardown(self) -> None:
        """No more typing."""
        pygame.key.stop_text_input()

    def save(self) -> None:
        """Keep the address, or say why it cannot be kept (and keep nothing)."""
        text = self.text.strip()
        problem = setting_problem(text, page_is_https=page_is_https())
        if problem:
            self.problem = problem if problem.endswith(".") else problem + "."
            return
        self.app.settings.online_server = text
        self.app.save_settings()
        self.app.screens.close(self)

    def clear(self) -> None:
        """Empty the field (saved empty: automatic)."""
        self.text = ""
        self.problem = ""

    def cancel(self) -> None:
        """Leave the setting as it was."""
        self.app.screens.close(self)

    def resized(self) -> None:
        """Title, field, note, and the three buttons, on a panel in the middle."""
        view = self.app.viewport
        portrait = view.portrait
        heights = (44.0, row_height(view, 52, 50), 84.0, row_height(view, 48, 46))
        pad = 14.0
        total = sum(heights) + 3 * 10 + 2 * pad
        column = Column(view, width=620, top=max(8.0, (view.design_size[1] - total) / 2), margin=10)
        self.box = view.rect(column.x, column.y, column.width, total)
        inner = Column(view, width=column.width - 2 * pad, top=column.y + pad, margin=10)
        self.title_rect = inner.take(heights[0], gap=10)
        self.field = inner.take(heights[1], gap=10)
        self.note_rect = inner.take(heights[2], gap=10)
        row = inner.take(heights[3], gap=0)
        for button, rect in zip(self.buttons.buttons, split(row, 3, view.px(8)), strict=True):
            button.rect = rect
            button.size = view.font(24 if not portrait else 19)
            button.show_key = not portrait

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The three buttons."""
        return self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Typed text, Backspace, Enter, Esc, the buttons."""
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + event.text)[:MAX_TYPED]
            self.problem = ""
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
            elif event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.problem = ""
        elif event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self.buttons.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.buttons.click(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the field with a caret, the note or the problem, the buttons."""
        view = self.app.viewport
        portrait = view.portrait
        scrim(surface)
        panel(surface, self.box, view.scale)
        blit_text(surface, "Online server", view.font(30 if not portrait else 24), theme.GOLD, "midleft",
                  self.title_rect.midleft)  # fmt: skip
        pygame.draw.rect(surface, theme.PAPER, self.field, border_radius=view.px(6))
        pygame.draw.rect(surface, theme.FOCUS, self.field, width=max(2, view.px(2)), border_radius=view.px(6))
        size = view.font(24 if not portrait else 18)
        pad = view.px(10)
        shown = self.text
        face = font(size)
        while shown and face.size(shown + "|")[0] > self.field.width - 2 * pad:
            shown = shown[1:]  # the end of a long address stays in view
        rect = blit_text(
            surface, shown, size, theme.PAPER_INK, "midleft", (self.field.x + pad, self.field.centery)
        )
        caret = rect.right + view.px(2) if shown else self.field.x + pad
        pygame.draw.line(surface, theme.PAPER_INK, (caret, self.field.centery - size // 2),
                         (caret, self.field.centery + size // 2), max(1, view.px(2)))  # fmt: skip
        small = view.font(18 if not portrait else 14)
        if self.problem:
            text, colour = self.problem, theme.BAD
        else:
            text, colour = NOTE + f" Now: {', '.join(servers(self.app.settings)) or 'none'}.", theme.DIM
        y = self.note_rect.y
        for line in wrap(text, small, self.note_rect.width)[:4]:
            blit_text(surface, line, small, colour, "topleft", (self.note_rect.x, y))
            y += font(small).get_linesize()
        self.draw_list = [("field", self.text), ("problem" if self.problem else "note", text)]
        self.buttons.draw(surface)
