"""Typing a name: a one-line text field on a panel, with Save, Clear and Cancel.

The settings screen opens it for the name of a person at a seat. Letters come from the
keyboard's text input (pygame's TEXTINPUT, so accents and shifted keys arrive as typed);
Backspace takes one off, Enter saves, Esc leaves the name as it was. What is typed is
handed to `accept`, which keeps it and returns "" or refuses it with the reason, shown on
the panel (nothing is changed then). In the browser the page's own prompt is used instead
(`game.ui.core.browser.ask_text`): it brings up a phone's keyboard, which a canvas cannot.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.core import theme
from game.ui.core.column import Column, row_height
from game.ui.core.drawing import panel, scrim
from game.ui.core.menu import fit_text
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button, ButtonRow

MAX_TYPED = 40
"""The most characters the field holds while typing (the name kept is shorter)."""


class NameEntryScene(Scene):
    """A panel with `title`, a field holding `current`, and Save, Clear, Cancel."""

    modal = True
    name = "name_entry"

    def __init__(
        self, app: GameApp, title: str, current: str, accept: Callable[[str], str], note: str = ""
    ) -> None:
        super().__init__(app)
        self.title = title
        self.text = current
        self.accept = accept
        self.note = note
        """What the name is for and how long it may be (shown under the field)."""
        self.problem = ""
        """Why the last name offered was refused."""
        self.save_button = Button(
            "Save", pygame.Rect(0, 0, 1, 1), self.save, key="Enter", accent=theme.ACCENT
        )
        self.clear_button = Button("Clear", pygame.Rect(0, 0, 1, 1), self.clear)
        self.cancel_button = Button("Cancel", pygame.Rect(0, 0, 1, 1), self.cancel, key="Esc")
        self.buttons = ButtonRow([self.save_button, self.clear_button, self.cancel_button])
        self.box = pygame.Rect(0, 0, 1, 1)
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.field = pygame.Rect(0, 0, 1, 1)
        self.note_rect = pygame.Rect(0, 0, 1, 1)

    def setup(self) -> None:
        """Lay out, and start the keyboard's text input."""
        self.resized()
        pygame.key.start_text_input()

    def teardown(self) -> None:
        """Stop the text input."""
        pygame.key.stop_text_input()

    def resized(self) -> None:
        """Title, field, note, and the three buttons in a row, in a panel in the middle."""
        view = self.app.viewport
        portrait = view.portrait
        button_h = row_height(view, 48, 46)
        heights = (44.0, row_height(view, 52, 50), 60.0, button_h)
        pad = 14.0
        total = sum(heights) + 3 * 10 + 2 * pad
        design_h = view.design_size[1]
        column = Column(view, width=520, top=max(8.0, (design_h - total) / 2), margin=10)
        self.box = view.rect(column.x, column.y, column.width, total)
        inner = Column(view, width=column.width - 2 * pad, top=column.y + pad, margin=10)
        self.title_rect = inner.take(heights[0], gap=10)
        self.field = inner.take(heights[1], gap=10)
        self.note_rect = inner.take(heights[2], gap=10)
        row = inner.take(heights[3], gap=0)
        gap = view.px(8)
        third = (row.width - 2 * gap) // 3
        for index, button in enumerate(self.buttons.buttons):
            button.rect = pygame.Rect(row.x + index * (third + gap), row.y, third, row.height)
            button.size = view.font(24 if not portrait else 19)
            button.show_key = not portrait

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The three buttons."""
        return self.buttons.targets()

    def spoken(self) -> tuple[str, ...]:
        """What a screen reader says here: the question, then the problem with the last try."""
        return (f"{self.title}. Type it, then Enter to save or Escape to cancel.", self.problem)

    # --- what the buttons and keys do ------------------------------------------------------

    def save(self) -> None:
        """Keep the name (or say why it cannot be kept and stay)."""
        problem = self.accept(self.text)
        if problem:
            self.problem = problem
            return
        self.app.screens.close(self)

    def clear(self) -> None:
        """Empty the field (Save then gives the seat its place's name again)."""
        self.text = ""
        self.problem = ""

    def cancel(self) -> None:
        """Leave the name as it was."""
        self.app.screens.close(self)

    def handle(self, event: pygame.event.Event) -> None:
        """Typed text, Backspace, Enter, Esc; the buttons by pointer."""
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
        title = view.font(30 if not portrait else 24)
        blit_text(surface, fit_text(self.title, title, self.title_rect.width), title, theme.GOLD, "midleft",
                  self.title_rect.midleft)  # fmt: skip
        pygame.draw.rect(surface, theme.PAPER, self.field, border_radius=view.px(6))
        pygame.draw.rect(surface, theme.FOCUS, self.field, width=max(2, view.px(2)), border_radius=view.px(6))
        size = view.font(28 if not portrait else 22)
        pad = view.px(10)
        shown = self.text
        face = font(size)
        while shown and face.size(shown + "|")[0] > self.field.width - 2 * pad:
            shown = shown[1:]  # the end of a long entry stays in view
        rect = blit_text(
            surface, shown, size, theme.PAPER_INK, "midleft", (self.field.x + pad, self.field.centery)
        )
        caret_x = rect.right + view.px(2) if shown else self.field.x + pad
        pygame.draw.line(surface, theme.PAPER_INK, (caret_x, self.field.centery - size // 2),
                         (caret_x, self.field.centery + size // 2), max(1, view.px(2)))  # fmt: skip
        small = view.font(19 if not portrait else 15)
        text, colour = (self.problem, theme.BAD) if self.problem else (self.note, theme.DIM)
        y = self.note_rect.y
        for line in wrap(text, small, self.note_rect.width)[:3]:
            blit_text(surface, line, small, colour, "topleft", (self.note_rect.x, y))
            y += font(small).get_linesize()
        self.buttons.draw(surface)
