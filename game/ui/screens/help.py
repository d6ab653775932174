"""The help screen: the rules in brief and every control, over whatever is up.

Its lines of keys are written from the key bindings (`game.ui.core.keys`), so they always
say what the keys do.
"""

from __future__ import annotations

import pygame

from game.ui.core import theme
from game.ui.core.column import Column, finger_row, panel_view
from game.ui.core.drawing import panel, scrim
from game.ui.core.keys import help_lines
from game.ui.core.menu import TAP_SLOP, Scroller
from game.ui.core.richtext import render_rich
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, wrap
from game.ui.core.widgets import Button, ButtonRow

HELP_LINES = (
    ("Goal", "Meld your cards into sets (3-4 of a rank) and runs (3+ in a suit, ace low)."),
    ("Turn", "Draw from the stock or take the top discard, then discard one card."),
    ("Knock", "With deadwood at or below the knock limit you may knock; with none, it is gin."),
    ("Layoffs", "After a knock the defender adds cards to the knocker's melds (not after gin)."),
    ("Score", "The lower count wins the difference; a tie or a lower defender is an undercut."),
    ("Players", "Three: the dealer sits out. Four: two teams, two games a round, to 125."),
    ("Mouse", "Click the stock or discard to draw; click a card twice or drag it to discard."),
    ("Touch", "Tap to draw; tap a card twice or drag it to the pile; press and hold to explain."),
    ("", "Drag cards within your hand to reorder them; drag a card onto a meld to lay off."),
    *zip(("Keys", "", ""), help_lines(), strict=True),  # written from the key bindings
    ("Menus", "Arrows choose, Left/Right change a value, Enter confirms, Esc goes back."),
    ("Pace", "Click or press a key to skip an animation; change the speed in Settings."),
)


class HelpScene(Scene):
    """How to play and every control, over whatever is underneath; scrolls on a small screen."""

    modal = True
    name = "help"

    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        self.scroller = Scroller()
        self.box = pygame.Rect(0, 0, 1, 1)
        self.close = Button("Close", pygame.Rect(0, 0, 1, 1), self.leave, key="Esc", accent=theme.ACCENT)
        self.buttons = ButtonRow([self.close])
        self.lines: list[tuple[str, str]] = []
        self._pressed_at = (0, 0)

    @property
    def body(self) -> pygame.Rect:
        """Where the text goes."""
        return self.scroller.rect

    @property
    def scroll(self) -> int:
        """How far the text is scrolled, in pixels."""
        return self.scroller.offset

    @property
    def max_scroll(self) -> int:
        """How far the text can scroll."""
        return self.scroller.max_offset

    def resized(self) -> None:
        """A panel filling most of the window; the text wraps to its width."""
        view = panel_view(self.app.viewport)
        edge = 12 if view.portrait else 8 if view.design else 50  # held sideways: little to spare
        column = Column(view, width=1040, top=edge, bottom=edge)
        self.box = column.remaining()
        inner = column.inside(side=32, top=12, bottom=12)
        inner.take(40 if view.portrait or view.design else 52)
        self.close.rect = inner.take_bottom(finger_row(view, 46), gap=8)
        self.close.size = view.font(24 if not view.portrait else 20)
        self.close.show_key = not view.portrait
        self.scroller.rect = inner.remaining()
        self.scroller.slop = view.px(TAP_SLOP)
        self.lines = []
        size = self.font_size
        title_w = view.px(130) if not view.portrait else 0
        for title, line in HELP_LINES:
            if view.portrait and title:
                self.lines.append((title, ""))
            for index, part in enumerate(wrap(line, size, self.body.width - title_w)):
                self.lines.append((title if index == 0 and not view.portrait else "", part))
        self.scroller.content = len(self.lines) * self.line_height
        self.scroller.clamp()

    @property
    def font_size(self) -> int:
        """The body text size."""
        view = panel_view(self.app.viewport)
        return view.font(16 if view.portrait else 21 if view.design else 24)

    @property
    def line_height(self) -> int:
        """Pixels per line of text."""
        return round(self.font_size * 1.3)

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The close button."""
        return self.buttons.targets()

    def leave(self) -> None:
        """Close the help."""
        self.app.screens.close(self)

    def handle(self, event: pygame.event.Event) -> None:
        """Esc, Enter or the button closes it; a drag or the wheel scrolls; any other key too."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroller.by(self.line_height * 3)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroller.by(-self.line_height * 3)
            else:
                self.leave()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroller.by(-event.y * self.line_height * 2)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.buttons.click(event.pos):
                return
            self.scroller.press(event.pos)
            self._pressed_at = event.pos
        elif event.type == pygame.MOUSEMOTION:
            self.buttons.hover(event.pos)
            self.scroller.move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.scroller.pressing:
            pressed = self._pressed_at
            if not self.scroller.release() and not self.box.collidepoint(pressed):
                self.leave()  # a tap outside the panel closes it

    def draw(self, surface: pygame.Surface) -> None:
        """A dark panel with the rules in brief and the controls."""
        view = panel_view(self.app.viewport)
        scrim(surface, theme.SCRIM_DARK)
        panel(surface, self.box, view.scale)
        size = view.font(30 if view.design else theme.TITLE.of(view))
        blit_text(surface, "How to play", size, theme.GOLD, "midtop",
                  (self.box.centerx, self.box.y + view.px(14)))  # fmt: skip
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.body.y - self.scroll
        title_x = self.body.x
        text_x = self.body.x + (view.px(130) if not view.portrait else 0)
        for title, line in self.lines:
            if title:
                blit_text(surface, title, self.font_size, theme.GOLD, "topleft", (title_x, y))
            if line:
                surface.blit(render_rich(line, self.font_size, theme.INK), (text_x, y))
            y += self.line_height
        surface.set_clip(clip)
        self.scroller.draw_bar(surface)
        self.buttons.draw(surface)
