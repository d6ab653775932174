"""Dialogs over whatever screen is up: the data layer's notices, and yes-or-no questions.

The data layer reports what went wrong with saved records (a damaged file set aside, a
record from a newer version kept untouched, a save that failed) as sentences for the player
(`Persistence.take_notices()`). :func:`deliver_notices`, called by the app once a frame,
shows each of them once, in a :class:`NoticeScene` over the screen that is up; notices that
arrive while one is shown join it. :class:`ConfirmScene` asks before something that cannot
be undone (conceding, replacing a saved match, forgetting statistics).

Both are modal panels: the screen underneath stays visible, dimmed, and waits (a table
does not play on while a dialog is up, since it acts only when it is the top scene).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.core import theme
from game.ui.core.column import Column, finger_row, panel_view, split
from game.ui.core.drawing import panel, scrim
from game.ui.core.menu import TAP_SLOP, Scroller
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button, ButtonRow


class Dialog(Scene):
    """A panel with a title, paragraphs of text (scrolling when long) and a row of buttons.

    The keyboard moves a focus between the buttons (Left/Right/Tab) and Enter or Space
    presses the focused one; Esc (or a tap outside the panel) is `dismiss`.
    """

    modal = True
    name = "dialog"

    def __init__(self, app: GameApp, title: str, paragraphs: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.paragraphs = list(paragraphs)
        self.buttons = ButtonRow()
        self.focus = 0
        self.box = pygame.Rect(0, 0, 1, 1)
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.scroller = Scroller()
        self.lines: list[tuple[str, int]] = []
        """The wrapped text: (line, paragraph index)."""
        self.draw_list: list[tuple[str, str]] = []
        self._pressed_at: tuple[int, int] | None = None

    # --- for subclasses ------------------------------------------------------------------

    def dismiss(self) -> None:
        """Esc, or a tap outside the panel."""
        self.close()

    def close(self) -> None:
        """Take the dialog away (when it is on top)."""
        self.app.screens.close(self)

    # --- layout --------------------------------------------------------------------------

    @property
    def text_size(self) -> int:
        """The paragraphs' text size in pixels."""
        view = panel_view(self.app.viewport)
        return view.font(theme.BODY.of(view))

    @property
    def line_height(self) -> int:
        """Pixels from one line of text to the next."""
        return round(font(self.text_size).get_linesize() * 1.1)

    def resized(self) -> None:
        """A panel sized to its text, in the middle of the window; the buttons at its foot."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        design_h = view.design_size[1]
        tight = portrait or view.design is not None  # a phone, upright or held sideways
        pad = 16.0 if not tight else 12.0
        title_h = 52.0 if not tight else 40.0
        buttons_h = finger_row(view, 48, 46)
        width = 640.0 if not portrait else 400.0
        probe = Column(view, width=width, margin=12)
        text_w = view.px(probe.width - 2 * pad)
        self._wrap(text_w)
        gap = self.line_height // 2
        text_px = len(self.lines) * self.line_height + gap * max(0, len(self.paragraphs) - 1)
        text_units = text_px / view.scale
        total = min(design_h - 24, pad + title_h + text_units + pad + buttons_h + pad)
        column = Column(view, width=width, top=max(12.0, (design_h - total) / 2), margin=12)
        top = column.y
        column.skip(pad)
        self.title_rect = column.take(title_h, gap=0)
        room = top + total - pad - buttons_h - pad - column.y
        inset = view.px(pad)
        self.scroller.rect = column.take(max(1.0, room), gap=pad).inflate(-2 * inset, 0)
        self.scroller.content = text_px
        self.scroller.slop = view.px(TAP_SLOP)
        self.scroller.clamp()
        row = column.take(buttons_h, gap=0).inflate(-2 * inset, 0)
        for button, rect in zip(
            self.buttons.buttons, split(row, len(self.buttons.buttons), inset), strict=True
        ):
            button.rect = rect
            button.size = view.font(theme.BUTTON_TEXT.of(view))
            button.show_key = not portrait
        self.box = view.rect(column.x, top, column.width, total)

    def _wrap(self, width: int) -> None:
        self.lines = []
        for index, paragraph in enumerate(self.paragraphs):
            for line in wrap(paragraph, self.text_size, width):
                self.lines.append((line, index))

    # --- input ---------------------------------------------------------------------------

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons."""
        return self.buttons.targets()

    def press(self, index: int) -> None:
        """Press button `index`."""
        buttons = self.buttons.buttons
        if 0 <= index < len(buttons):
            self.focus = index
            buttons[index].action()

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons by pointer or keys; drag, wheel and Up/Down scroll a long text."""
        count = len(self.buttons.buttons)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.dismiss()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and count:
                step = -1 if event.key == pygame.K_LEFT else 1
                self.focus = (self.focus + step) % count
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.press(self.focus)
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroller.by(self.line_height * 3)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroller.by(-self.line_height * 3)
            else:
                self.key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroller.by(-event.y * self.line_height * 2)
        elif event.type == pygame.MOUSEMOTION:
            if not getattr(event, "touch", False):
                self.buttons.hover(event.pos)
            self.scroller.move(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.buttons.click(event.pos):
                return
            self.scroller.press(event.pos)
            self._pressed_at = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.scroller.pressing:
            pressed, self._pressed_at = self._pressed_at, None
            if not self.scroller.release() and pressed is not None and not self.box.collidepoint(pressed):
                self.dismiss()

    def key(self, code: int) -> None:
        """A key the dialog has not used (subclasses give letters to buttons)."""

    # --- drawing -------------------------------------------------------------------------

    def spoken(self) -> tuple[str, ...]:
        """For a screen reader: the title and the text, then the focused button."""
        buttons = self.buttons.buttons
        focused = buttons[self.focus].text if 0 <= self.focus < len(buttons) else ""
        return (f"{self.title}. {' '.join(self.paragraphs)}", f"{focused} button" if focused else "")

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed screen underneath, the panel, the text and the buttons."""
        view = panel_view(self.app.viewport)
        scrim(surface)
        panel(surface, self.box, view.scale)
        size = view.font(26 if view.portrait or view.design else 36)
        title = self.title
        if font(size).size(title)[0] > self.title_rect.width:
            size = max(view.font(12), size * self.title_rect.width // max(1, font(size).size(title)[0]))
        blit_text(surface, title, size, theme.GOLD, "center", self.title_rect.center)
        self.draw_list = [("title", title)]
        body = self.scroller.rect
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.y - self.scroller.offset
        previous = 0
        for line, paragraph in self.lines:
            if paragraph != previous:
                y += self.line_height // 2
                previous = paragraph
            blit_text(surface, line, self.text_size, theme.INK, "topleft", (body.x, y))
            y += self.line_height
        surface.set_clip(clip)
        self.scroller.draw_bar(surface)
        self.draw_list += [("text", text) for text in self.paragraphs]
        focused = self.buttons.buttons[self.focus] if self.buttons.buttons else None
        self.buttons.draw(surface, focused)


class NoticeScene(Dialog):
    """What went wrong with the saved data, told once, until the player presses OK."""

    name = "notice"

    def __init__(self, app: GameApp, texts: list[str]) -> None:
        super().__init__(app, "About your saved data", texts)
        here = pygame.Rect(0, 0, 1, 1)
        self.ok_button = Button("OK", here, self.close, key="Enter", accent=theme.ACCENT)
        self.buttons = ButtonRow([self.ok_button])

    def add(self, texts: list[str]) -> None:
        """More notices arrived while this one is up: show them too."""
        self.paragraphs += [text for text in texts if text not in self.paragraphs]
        self.resized()


class ConfirmScene(Dialog):
    """A question before something that cannot be undone: "No" is focused, "Yes" must be chosen.

    `yes` is the confirming button's label and what it does; `no` the other button's label
    (`on_no` runs when the question is turned down, by the button, N, Esc or a tap outside).
    Y and N are the keys of the two answers.

    A question between two moves (the table's "Go gin?": go gin, or discard face up) says
    so with `choice=True`: "Yes" is then focused and drawn as the way on, and Esc or a tap
    outside takes the question back without either answer, changing nothing.
    """

    name = "confirm"

    def __init__(
        self,
        app: GameApp,
        question: str,
        detail: str,
        yes: tuple[str, Callable[[], None]],
        no: str = "Cancel",
        on_no: Callable[[], None] | None = None,
        choice: bool = False,
    ) -> None:
        super().__init__(app, question, [detail] if detail else [])
        here = pygame.Rect(0, 0, 1, 1)
        self.on_yes = yes[1]
        self.on_no = on_no
        self.choice = choice
        accent = theme.ACCENT_GREEN if choice else theme.WARN
        self.no_button = Button(no, here.copy(), self.refuse, key="N")
        self.yes_button = Button(yes[0], here.copy(), self.accept, key="Y", accent=accent)
        self.buttons = ButtonRow([self.no_button, self.yes_button])
        self.focus = 1 if choice else 0

    def accept(self) -> None:
        """Yes: take the question away, then do it."""
        self.close()
        self.on_yes()

    def refuse(self) -> None:
        """No: take the question away and change nothing."""
        self.close()
        if self.on_no is not None:
            self.on_no()

    def dismiss(self) -> None:
        """Esc or a tap outside is a no (for a choice between two moves: neither)."""
        if self.choice:
            self.close()
        else:
            self.refuse()

    def key(self, code: int) -> None:
        """Y answers yes, N no."""
        if code == pygame.K_y:
            self.accept()
        elif code == pygame.K_n:
            self.refuse()


def deliver_notices(app: GameApp) -> None:
    """Show the data layer's new notices over whatever is up (called once a frame).

    Notices wait while no screen is up; ones that arrive while a notice is shown join it.
    """
    top = app.stack.top
    if top is None or not app.persistence.notices():
        return
    texts = app.persistence.take_notices()
    if isinstance(top, NoticeScene):
        top.add(texts)
    else:
        app.stack.push(NoticeScene(app, texts))
