"""The settings screen: how the game looks and sounds (speed, four-colour deck, sound).

The rules of a match are chosen on the new-match screen; what is here applies at once,
also in the middle of a match (the screen opens from the pause menu over the table, whose
cards change colour underneath as the deck is switched). Each change is saved as it is made.
A few cards show the deck's colours, and a line says where settings are kept.
"""

from __future__ import annotations

import pygame

from game.rules import Card
from game.ui.core import browser, theme
from game.ui.core.column import Column, row_height
from game.ui.core.drawing import panel, scrim
from game.ui.core.keys import codes
from game.ui.core.layout import card_size
from game.ui.core.menu import Menu, MenuItem, fit_text
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button, ButtonRow

DISPLAY_OPTIONS = ("speed", "four_colour", "sound")
"""The options of this screen, in order (the settings' "display" group)."""
FULLSCREEN = "fullscreen"
"""The browser's full-screen row (offered only where the page can go full screen)."""
PREVIEW = [Card.parse(text) for text in ("AS", "KH", "QD", "JC")]
"""One card of each suit, to see the deck's colours."""


class SettingsScene(Scene):
    """Speed, deck colours and sound, on a panel over whatever screen opened it."""

    modal = True
    name = "settings"

    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        self.items = [self._item(name) for name in DISPLAY_OPTIONS]
        if browser.fullscreen_available():
            self.items.append(
                MenuItem(
                    "Full screen", press=self.toggle_fullscreen, value=self._fullscreen_value, name=FULLSCREEN
                )
            )
        self.menu = Menu(self.items, pygame.Rect(0, 0, 1, 1))
        self.done_button = Button("Done", pygame.Rect(0, 0, 1, 1), self.back, key="Esc", accent=theme.ACCENT)
        self.buttons = ButtonRow([self.done_button])
        self.box = pygame.Rect(0, 0, 1, 1)
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.explain_rect = pygame.Rect(0, 0, 1, 1)
        self.preview_rect = pygame.Rect(0, 0, 1, 1)
        self.where_rect = pygame.Rect(0, 0, 1, 1)
        self.draw_list: list[tuple[str, str]] = []
        self.note = ""
        self._fullscreen_shown: bool | None = None

    def _item(self, name: str) -> MenuItem:
        settings = self.app.settings
        return MenuItem(
            settings.option(name).label,
            value=lambda: settings.option(name).value_label,
            change=lambda step: self.change(name, step),
            name=name,
        )

    def toggle_fullscreen(self) -> None:
        """In the browser: fill the whole screen, or leave full screen."""
        if not browser.toggle_fullscreen():
            self.note = "This browser would not go full screen."

    def _fullscreen_value(self) -> str:
        self._fullscreen_shown = browser.is_fullscreen()
        return "on" if self._fullscreen_shown else "off"

    def update(self, dt: float) -> None:
        """Redraw when the page enters or leaves full screen by itself.

        The page answers a moment after the tap (and Esc or the browser's own control can
        leave full screen): seen in Chromium, the row said "off" over a full-screen page
        until the next input, since a page the same size as the screen does not resize.
        """
        if self._fullscreen_shown is not None and browser.is_fullscreen() != self._fullscreen_shown:
            self.invalidate()

    def change(self, name: str, step: int) -> None:
        """Move option `name` to its next (or previous) choice, and keep it."""
        self.app.settings.cycle(name, step)
        self.app.save_settings()

    def resized(self) -> None:
        """A panel in the middle: title, the three rows, the explanation, cards, where, Done."""
        view = self.app.viewport
        portrait = view.portrait
        design_h = view.design_size[1]
        rows = row_height(view, 50, 52)
        pad = 16.0 if not portrait else 12.0
        heights = {
            "title": 52.0 if not portrait else 40.0,
            "menu": rows * 8 / 7 * len(self.items) + 2,
            "explain": 50.0 if not portrait else 48.0,
            "preview": 104.0 if not portrait else 84.0,
            "where": 26.0 if not portrait else 36.0,
            "button": row_height(view, 48, 46),
        }
        total = min(design_h - 24, 2 * pad + sum(heights.values()) + 5 * 8)
        column = Column(view, width=560, top=max(12.0, (design_h - total) / 2), margin=12)
        top = column.y
        self.box = view.rect(column.x, top, column.width, total)
        inner = Column(view, width=column.width - 2 * pad, top=top + pad, bottom=design_h - top - total + pad)
        self.title_rect = inner.take(heights["title"], gap=0)
        self.done_button.rect = inner.take_bottom(heights["button"])
        self.where_rect = inner.take_bottom(heights["where"])
        self.preview_rect = inner.take_bottom(heights["preview"])
        self.explain_rect = inner.take_bottom(heights["explain"])
        area = inner.remaining()
        focus, scroll = self.menu.focus, self.menu.scroll
        self.menu = Menu(
            self.items, area, row_height=view.px(rows), font_size=view.font(24 if not portrait else 20)
        )
        self.menu.density = view.density
        self.menu.focus, self.menu.scroll = focus, min(scroll, self.menu.max_scroll)
        self.done_button.size = view.font(24 if not portrait else 19)
        self.done_button.show_key = not portrait

    def back(self) -> None:
        """Back to the screen that opened the settings."""
        self.app.screens.back(self)

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows and Done."""
        return self.menu.targets() + self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Rows by pointer or keys; Esc or Done goes back; F1 help."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in codes("help"):
            self.app.screens.show("help")
            return
        if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self.buttons.hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.buttons.click(event.pos):
            return
        self.menu.handle(event)

    def where_text(self) -> str:
        """Where the settings are kept, or that they are not."""
        persistence = self.app.persistence
        if not persistence.available:
            return "Settings are not saved in this session."
        return f"Saved in {persistence.location}"

    def draw(self, surface: pygame.Surface) -> None:
        """The panel: title, rows, the focused option's explanation, four cards, where kept."""
        view = self.app.viewport
        portrait = view.portrait
        scrim(surface)
        panel(surface, self.box, view.scale)
        blit_text(surface, "Settings", view.font(40 if not portrait else 30), theme.GOLD, "center",
                  self.title_rect.center)  # fmt: skip
        self.menu.draw(surface)
        self.draw_list = [("row", f"{item.label}: {item.value()}") for item in self.items if item.value]
        item = self.menu.focused
        if item is not None:
            if item.name == FULLSCREEN:
                explanation = self.note or "Use the whole screen for the table (the browser's bars hide)."
            else:
                explanation = self.app.settings.option(item.name).explanation
            size = view.font(21 if not portrait else 17)
            y = self.explain_rect.y
            for line in wrap(explanation, size, self.explain_rect.width)[:2]:
                blit_text(surface, line, size, theme.INK, "topleft", (self.explain_rect.x, y))
                y += font(size).get_linesize()
            self.draw_list.append(("explain", explanation))
        self._draw_preview(surface)
        small = view.font(17 if not portrait else 14)
        where = self.where_text()
        lines = wrap(where, small, self.where_rect.width)
        if len(lines) > 2:
            lines = [lines[0], fit_text(" ".join(lines[1:]), small, self.where_rect.width)]
        y = self.where_rect.y
        for line in lines:
            blit_text(surface, line, small, theme.DIM, "topleft", (self.where_rect.x, y))
            y += font(small).get_linesize()
        self.draw_list.append(("where", where))
        self.buttons.draw(surface)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """One card of each suit in the deck's current colours."""
        rect = self.preview_rect
        height = rect.height
        width = min(rect.width // (len(PREVIEW) + 1), round(height / 1.4))
        size = card_size(width)
        if size[1] > height:
            size = card_size(height / 1.4)
        gap = max(4, size[0] // 5)
        total = len(PREVIEW) * size[0] + (len(PREVIEW) - 1) * gap
        x = rect.centerx - total // 2
        four = self.app.settings.four_colour
        for card in PREVIEW:
            face = self.app.art.face(int(card.rank), card.suit.char, size, four)
            surface.blit(face, face.get_rect(midleft=(x, rect.centery)))
            x += size[0] + gap
