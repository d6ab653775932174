"""A one-line text field on a panel, with Save, Clear and Cancel: the part every typed entry
shares (a seat's name, the game server's address).

Letters come from the keyboard's text input (pygame's TEXTINPUT, so accents and shifted keys
arrive as typed); Backspace takes one off, Enter saves, Esc cancels. The screen that holds it says
what the title and the note under the field are and what Save does; a refused entry keeps
the panel open with the reason in place of the note, and nothing is changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.core import theme
from game.ui.core.column import Column, finger_row, split
from game.ui.core.drawing import panel, scrim
from game.ui.core.menu import fit_text
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.viewport import Viewport
from game.ui.core.widgets import Button, ButtonRow


@dataclass(frozen=True)
class FieldLook:
    """How big a field's panel is: its width and note in design units, its text sizes
    (landscape, portrait)."""

    width: float = 520.0
    note_height: float = 60.0
    note_lines: int = 3
    text_sizes: tuple[int, int] = (28, 22)
    note_sizes: tuple[int, int] = (19, 15)
    max_typed: int = 40
    """The most characters the field holds while typing."""


class TextField:
    """The panel: title, field, note (or the problem), and Save, Clear, Cancel in a row.

    The screen holding it passes its events and frames on, and gets Save and Cancel back as
    calls to `save` and `cancel`.
    """

    def __init__(
        self,
        current: str,
        save: Callable[[], None],
        cancel: Callable[[], None],
        look: FieldLook = FieldLook(),
    ) -> None:
        self.text = current
        self.problem = ""
        """Why the last entry offered was refused."""
        self.look = look
        here = pygame.Rect(0, 0, 1, 1)
        self.save_button = Button("Save", here.copy(), save, key="Enter", accent=theme.ACCENT)
        self.clear_button = Button("Clear", here.copy(), self.clear)
        self.cancel_button = Button("Cancel", here.copy(), cancel, key="Esc")
        self.buttons = ButtonRow([self.save_button, self.clear_button, self.cancel_button])
        self.box = here.copy()
        self.title_rect = here.copy()
        self.field = here.copy()
        self.note_rect = here.copy()
        self.draw_list: list[tuple[str, str]] = []
        """What the last frame showed: the field's text and the note or the problem."""

    def clear(self) -> None:
        """Empty the field."""
        self.text = ""
        self.problem = ""

    def layout(self, view: Viewport) -> None:
        """Title, field, note, and the three buttons in a row, on a panel in the middle."""
        portrait = view.portrait
        heights = (44.0, finger_row(view, 52, 50), self.look.note_height, finger_row(view, 48, 46))
        pad = 14.0
        total = sum(heights) + 3 * 10 + 2 * pad
        column = Column(
            view, width=self.look.width, top=max(8.0, (view.design_size[1] - total) / 2), margin=10
        )
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

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """The three buttons."""
        return self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Typed text, Backspace, Enter (save), Esc (cancel); the buttons by pointer."""
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + event.text)[: self.look.max_typed]
            self.problem = ""
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save_button.action()
            elif event.key == pygame.K_ESCAPE:
                self.cancel_button.action()
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.problem = ""
        elif event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self.buttons.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.buttons.click(event.pos)

    def draw(self, surface: pygame.Surface, view: Viewport, title: str, note: str) -> None:
        """The panel, the field with a caret, `note` or the problem, the buttons."""
        portrait = view.portrait
        scrim(surface)
        panel(surface, self.box, view.scale)
        size = view.font(30 if not portrait else 24)
        blit_text(surface, fit_text(title, size, self.title_rect.width), size, theme.GOLD, "midleft",
                  self.title_rect.midleft)  # fmt: skip
        pygame.draw.rect(surface, theme.PAPER, self.field, border_radius=view.px(6))
        pygame.draw.rect(surface, theme.FOCUS, self.field, width=max(2, view.px(2)), border_radius=view.px(6))
        size = view.font(self.look.text_sizes[portrait])
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
        small = view.font(self.look.note_sizes[portrait])
        text, colour = (self.problem, theme.BAD) if self.problem else (note, theme.DIM)
        y = self.note_rect.y
        for line in wrap(text, small, self.note_rect.width)[: self.look.note_lines]:
            blit_text(surface, line, small, colour, "topleft", (self.note_rect.x, y))
            y += font(small).get_linesize()
        self.draw_list = [("field", self.text), ("problem" if self.problem else "note", text)]
        self.buttons.draw(surface)
