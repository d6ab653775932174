"""Typing a table's code: six boxes, the keyboard, or an on-screen pad for a finger.

Codes use 31 letters and digits nobody confuses (no I, L, O, 0 or 1: `CODE_ALPHABET`), so
the pad has exactly those keys, and a key that is not one of them is refused with the reason.
Join (or Enter) hands the code to `submit`, which reports back a refusal ("No table has the
code ...") to show under the boxes; the code stays as typed, to correct it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.online.protocol import CODE_ALPHABET, CODE_LENGTH
from game.ui.core import theme
from game.ui.core.column import Column, row_height, split
from game.ui.core.drawing import felt, panel
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button, ButtonRow

Submit = Callable[[str, Callable[[str], None]], None]
"""Called with the code and a way to report a refusal (a sentence) back to the screen."""


def code_problem(text: str) -> str:
    """Why `text` is not a table code ("" when it is one).

    >>> code_problem("K7PX3M"), code_problem("K7PX")
    ('', 'A table code has 6 letters and digits; this one has 4.')
    >>> code_problem("K7PXOM")
    'Table codes never use O: there is no such code.'
    """
    for char in text:
        if char not in CODE_ALPHABET:
            return f"Table codes never use {char}: there is no such code."
    if len(text) != CODE_LENGTH:
        return f"A table code has {CODE_LENGTH} letters and digits; this one has {len(text)}."
    return ""


class CodeEntryScene(Scene):
    """Six boxes for the code, the pad, and Join / Back."""

    name = "online_code"

    def __init__(self, app: GameApp, title: str, action: str, submit: Submit, code: str = "") -> None:
        super().__init__(app)
        self.title = title
        self.submit = submit
        self.code = code[:CODE_LENGTH]
        self.problem = ""
        self.busy = False
        here = pygame.Rect(0, 0, 1, 1)
        self.keys = [Button(char, here.copy(), self._typer(char)) for char in CODE_ALPHABET]
        self.delete_button = Button("Delete", here.copy(), self.delete, key="Backspace")
        self.join_button = Button(action, here.copy(), self.join, key="Enter", accent=theme.ACCENT)
        self.back_button = Button("Back", here.copy(), self.back, key="Esc")
        self.pad = ButtonRow([*self.keys, self.delete_button])
        self.buttons = ButtonRow([self.back_button, self.join_button])
        self.board = here.copy()
        self.title_rect = here.copy()
        self.boxes: list[pygame.Rect] = []
        self.note_rect = here.copy()
        self.draw_list: list[tuple[str, str]] = []

    def _typer(self, char: str) -> Callable[[], None]:
        return lambda: self.type(char)

    def setup(self) -> None:
        """Lay out, and take typed letters from the keyboard."""
        self.resized()
        pygame.key.start_text_input()

    def teardown(self) -> None:
        """No more typing."""
        pygame.key.stop_text_input()

    # --- typing --------------------------------------------------------------------------------

    def type(self, text: str) -> None:
        """Add typed characters (lower case counts; anything not in a code is refused)."""
        for char in text.upper():
            if char.isspace() or char == "-":
                continue
            if char not in CODE_ALPHABET:
                self.problem = code_problem(char)
                return
            if len(self.code) >= CODE_LENGTH:
                self.problem = f"A table code has {CODE_LENGTH} letters and digits."
                return
            self.code += char
            self.problem = ""

    def delete(self) -> None:
        """Take the last character off."""
        self.code = self.code[:-1]
        self.problem = ""

    def join(self) -> None:
        """Try the code (a refusal comes back to show here; the code stays to correct)."""
        if self.busy:
            return
        problem = code_problem(self.code)
        if problem:
            self.problem = problem
            return
        self.busy = True
        self.problem = ""
        self.submit(self.code, self.refused)

    def refused(self, why: str) -> None:
        """The server (or the network) said no: say why."""
        self.busy = False
        self.problem = why
        self.invalidate()

    def back(self) -> None:
        """Back to the online menu."""
        self.app.screens.back(self)

    # --- layout ----------------------------------------------------------------------------------

    def resized(self) -> None:
        """Title, the six boxes, the note, the pad in rows, Back and Join."""
        view = self.app.viewport
        portrait = view.portrait
        column = Column(view, width=560, top=10 if portrait else 20, bottom=10 if portrait else 20, margin=8)
        self.board = column.remaining()
        inner = column.inside(side=14, top=8, bottom=10)
        self.title_rect = inner.take(44 if portrait else 52, gap=6)
        row = inner.take(row_height(view, 64, 64), gap=8)
        gap = view.px(8)
        self.boxes = split(row, CODE_LENGTH, gap)
        self.note_rect = inner.take(52, gap=8)
        buttons = inner.take_bottom(row_height(view, 50, 50))
        self.back_button.rect, self.join_button.rect = split(buttons, 2, view.px(12))
        keys_area = inner.remaining()
        per_row = 8 if portrait else 11
        count = len(self.keys) + 1
        rows = -(-count // per_row)
        height = min(view.px(row_height(view, 50, 50)), (keys_area.height - (rows - 1) * gap) // rows)
        width = (keys_area.width - (per_row - 1) * gap) // per_row
        for index, button in enumerate(self.pad.buttons):
            r, c = divmod(index, per_row)
            span = 2 if button is self.delete_button and c + 2 <= per_row else 1
            button.rect = pygame.Rect(
                keys_area.x + c * (width + gap),
                keys_area.y + r * (height + gap),
                width * span + gap * (span - 1),
                height,
            )
            button.size = view.font(24 if not portrait else 20)
            button.show_key = False
        for button in self.buttons.buttons:
            button.size = view.font(24 if not portrait else 19)
            button.show_key = not portrait

    # --- input and drawing -------------------------------------------------------------------------

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The pad's keys, Back and Join."""
        return self.pad.targets() + self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Typed text, Backspace, Enter, Esc; the pad and the buttons by pointer."""
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join()
            elif event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key == pygame.K_BACKSPACE:
                self.delete()
            return
        if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self.pad.hover(event.pos)
            self.buttons.hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.pad.click(event.pos):
            self.buttons.click(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        """The boxes with the code typed so far, the note, the pad and the buttons."""
        view = self.app.viewport
        portrait = view.portrait
        surface.blit(felt(view.size), (0, 0))
        panel(surface, self.board, view.scale)
        blit_text(surface, self.title, view.font(34 if not portrait else 26), theme.GOLD, "center",
                  self.title_rect.center)  # fmt: skip
        self.draw_list = [("title", self.title), ("code", self.code)]
        size = view.font(40 if not portrait else 32)
        for index, box in enumerate(self.boxes):
            current = index == len(self.code)
            pygame.draw.rect(surface, theme.PAPER, box, border_radius=view.px(8))
            edge = theme.FOCUS if current else theme.DIM
            pygame.draw.rect(
                surface, edge, box, width=max(2, view.px(3 if current else 2)), border_radius=view.px(8)
            )
            if index < len(self.code):
                blit_text(surface, self.code[index], size, theme.PAPER_INK, "center", box.center)
        small = view.font(19 if not portrait else 15)
        if self.busy:
            note, colour = "Asking the server...", theme.DIM
        elif self.problem:
            note, colour = self.problem, theme.BAD
        else:
            note, colour = (
                "The host's screen shows the code. Letters and digits, no I, L, O, 0 or 1.",
                theme.DIM,
            )
        y = self.note_rect.y
        for line in wrap(note, small, self.note_rect.width)[:2]:
            blit_text(surface, line, small, colour, "midtop", (self.note_rect.centerx, y))
            y += font(small).get_linesize()
        self.draw_list.append(("problem" if self.problem and not self.busy else "note", note))
        self.pad.draw(surface)
        self.buttons.draw(surface)
