"""The settings screen: how the game plays, looks and reads, and the names at this device.

The rules of a match are chosen on the new-match screen; what is here applies at once,
also in the middle of a match (the screen opens from the pause menu over the table, which
changes underneath: the deck's colours, the backs, the felt, the size of everything). Each
change is saved as it is made. The options come in sections with a heading each; the
focused option is explained in plain words under the list; a few cards on a swatch of the
felt show the deck, the backs and the table colour; a line says where settings are kept.
Names are typed in a field of their own (`name_entry`), or the browser's prompt.
"""

from __future__ import annotations

import pygame

from game.rules import Card
from game.storage.settings import NAME_EXPLANATION, NAME_LENGTH
from game.ui.core import browser, theme
from game.ui.core.column import Column, finger_row, panel_view, row_height
from game.ui.core.drawing import panel, scrim
from game.ui.core.keys import codes
from game.ui.core.layout import card_size
from game.ui.core.menu import Menu, MenuItem, fit_text
from game.ui.core.scene import GameApp, Scene
from game.ui.core.seating import PLACES
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.viewport import Viewport
from game.ui.core.widgets import Button, ButtonRow

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Play", ("speed", "sound", "auto_gin", "confirm_knock", "auto_sort")),
    ("Looks", ("card_back", "table_colour", "four_colour", "left_handed")),
    ("Easier to see and follow", ("card_size", "high_contrast", "reduced_motion", "narrate")),
)
"""The options of this screen (the settings' "display" group), by section, in order."""
DISPLAY_OPTIONS = tuple(name for _, names in SECTIONS for name in names)
NAMES_HEADING = "Names for pass and play"
FULLSCREEN = "fullscreen"
"""The browser's full-screen row (offered only where the page can go full screen)."""
PREVIEW = [Card.parse(text) for text in ("AS", "KH", "QD", "JC")]
"""One card of each suit, to see the deck's colours (and a back beside them)."""
REDRAWN = {"card_back", "table_colour", "four_colour", "card_size", "high_contrast", "left_handed"}
"""Options whose change every screen must take up at once (colours, cards, sizes, sides)."""


def name_row(player: int) -> str:
    """The menu row of `player`'s name."""
    return f"name{player}"


class SettingsScene(Scene):
    """The options in sections, on a panel over whatever screen opened it."""

    modal = True
    name = "settings"

    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        self.items: list[MenuItem] = []
        for heading, names in SECTIONS:
            self.items.append(MenuItem(heading, header=True, name=f"heading:{heading}"))
            if names[0] == "speed" and browser.fullscreen_available():
                self.items.append(
                    MenuItem(
                        "Full screen",
                        press=self.toggle_fullscreen,
                        value=self._fullscreen_value,
                        name=FULLSCREEN,
                    )
                )
            self.items += [self._item(name) for name in names]
        self.items.append(MenuItem(NAMES_HEADING, header=True, name="heading:names"))
        self.items += [self._name_item(player) for player in range(4)]
        self.menu = Menu(self.items, pygame.Rect(0, 0, 1, 1))
        self.menu.settle()
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

        def unavailable() -> str:
            info = settings.option(name)
            return "" if info.applies else info.reason

        return MenuItem(
            settings.option(name).label,
            value=lambda: settings.option(name).value_label,
            change=lambda step: self.change(name, step),
            unavailable=unavailable,
            name=name,
        )

    # --- names ---------------------------------------------------------------------------------

    def place(self, player: int) -> str:
        """Where `player` sits at a table of the chosen size ("" when not at it)."""
        places = PLACES[self.app.settings.player_count]
        return places[player] if player < len(places) else ""

    def _name_item(self, player: int) -> MenuItem:
        settings = self.app.settings

        def label() -> str:
            place = self.place(player)
            return f"{place}'s name" if place else f"Player {player + 1}'s name"

        def value() -> str:
            return settings.name_of(player) or f"None: shown as {self.place(player) or 'its place'}"

        def unavailable() -> str:
            count = settings.player_count
            if player >= count:
                return f"Only {count} players are at the table."
            if settings.seats[player] != "person":
                return "The computer plays this seat."
            return ""

        item = MenuItem(label(), press=lambda: self.ask_name(player), value=value, unavailable=unavailable,
                        name=name_row(player))  # fmt: skip
        return item

    def ask_name(self, player: int) -> None:
        """Type a name for `player`: the browser's prompt there, the game's field elsewhere."""
        question = f"{self.place(player)}'s name (up to {NAME_LENGTH} letters)"
        settings = self.app.settings
        if browser.in_browser():
            typed = browser.ask_text(question, settings.name_of(player))
            if typed is not None:
                self.note = self.keep_name(player, typed)
            return
        note = (
            f"Up to {NAME_LENGTH} letters, digits, spaces, ' - or . Empty: the seat is called by its place."
        )
        self.app.screens.show("name_entry", question, settings.name_of(player),
                              lambda text: self.keep_name(player, text), note)  # fmt: skip

    def keep_name(self, player: int, text: str) -> str:
        """Give `player` the name typed and keep it; "" or the reason it was refused."""
        try:
            self.app.settings.set_name(player, text)
        except ValueError as refusal:
            return str(refusal)
        self.app.save_settings()
        self.invalidate()
        return ""

    # --- the other rows ----------------------------------------------------------------------

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
        """Move option `name` to its next (or previous) choice, keep it, and show it at once."""
        self.app.settings.cycle(name, step)
        self.app.save_settings()
        if name in REDRAWN:
            self.app.settings_changed()

    def resized(self) -> None:
        """A panel in the middle: title, the rows, the explanation, cards, where, Done.

        When the window (or a big text size) leaves too little room, the cards and then the
        line about where settings are kept give way, so the list keeps at least a few rows.
        """
        view = panel_view(self.app.viewport)
        if view.design:
            self._sideways(view)
            return
        portrait = view.portrait
        design_h = view.design_size[1]
        rows = row_height(view, 50, 52)
        pad = 16.0 if not portrait else 12.0
        explain_line = font(view.font(21 if not portrait else 17)).get_linesize() / view.scale
        heights = {
            "title": 52.0 if not portrait else 40.0,
            "menu": rows * 8 / 7 * len(self.items) + 2,
            # Two lines; three with bigger text (a line holds fewer words).
            "explain": max(50.0 if not portrait else 48.0, (3 if view.zoom > 1 else 2) * explain_line + 4),
            "preview": 104.0 if not portrait else 84.0,
            "where": 26.0 if not portrait else 36.0,
            "button": row_height(view, 48, 46),
        }
        room = design_h - 24 - 2 * pad - 5 * 8
        for optional in ("preview", "where"):
            fixed = sum(h for n, h in heights.items() if n != "menu")
            if room - fixed < rows * 8 / 7 * 4:
                heights[optional] = 0.0
        total = min(design_h - 24, 2 * pad + sum(heights.values()) + 5 * 8)
        column = Column(view, width=560, top=max(12.0, (design_h - total) / 2), margin=12)
        top = column.y
        self.box = view.rect(column.x, top, column.width, total)
        inner = Column(view, width=column.width - 2 * pad, top=top + pad, bottom=design_h - top - total + pad)
        self.title_rect = inner.take(heights["title"], gap=0)
        self.done_button.rect = inner.take_bottom(heights["button"])
        self.where_rect = inner.take_bottom(heights["where"], gap=8 if heights["where"] else 0)
        self.preview_rect = inner.take_bottom(heights["preview"], gap=8 if heights["preview"] else 0)
        self.explain_rect = inner.take_bottom(heights["explain"])
        area = inner.remaining()
        focus, scroll = self.menu.focus, self.menu.scroll
        self.menu = Menu(
            self.items, area, row_height=view.px(rows), font_size=view.font(24 if not portrait else 20)
        )
        self.menu.density = view.density
        self.menu.focus, self.menu.scroll = focus, min(scroll, self.menu.max_scroll)
        self.menu.follow_focus()
        self.done_button.size = view.font(24 if not portrait else 19)
        self.done_button.show_key = not portrait

    def _sideways(self, view: Viewport) -> None:
        """A phone held sideways, at the lobby's scale: the rows on the left (each a fingertip
        tall, scrolling), the explanation, the cards, where kept and Done beside them."""
        design_w, design_h = view.design_size
        pad, gap = 12.0, 8.0
        width = min(840.0, design_w - 24)
        left, top = (design_w - width) / 2, 8.0
        self.box = view.rect(left, top, width, design_h - 2 * top)
        self.title_rect = view.rect(left + pad, top + pad / 2, width - 2 * pad, 34)
        body_top = top + pad / 2 + 34 + 4
        body_h = design_h - top - pad - body_top
        list_w = (width - 2 * pad) * 0.58
        rows = finger_row(view, 50)
        side_x = left + pad + list_w + 16
        side_w = width - 2 * pad - list_w - 16
        button = finger_row(view, 46)
        self.done_button.rect = view.rect(side_x, body_top + body_h - button, side_w, button)
        self.where_rect = view.rect(side_x, body_top + body_h - button - gap - 34, side_w, 34)
        # The cards where the explanation keeps three lines beside them.
        lines = 3 * font(view.font(21)).get_linesize() / view.scale + 4
        preview = 84.0 if body_h - button - 34 - 3 * gap - lines >= 84 else 0.0
        self.preview_rect = view.rect(side_x, self.where_rect.y / view.scale - gap - preview, side_w, preview)
        explain_h = body_h - button - 34 - preview - 3 * gap
        self.explain_rect = view.rect(side_x, body_top, side_w, explain_h)
        area = view.rect(left + pad, body_top, list_w, body_h)
        focus, scroll = self.menu.focus, self.menu.scroll
        self.menu = Menu(self.items, area, row_height=view.px(rows), font_size=view.font(24))
        self.menu.density = view.density
        self.menu.focus, self.menu.scroll = focus, min(scroll, self.menu.max_scroll)
        self.menu.follow_focus()
        self.done_button.size = view.font(24)
        self.done_button.show_key = True

    def back(self) -> None:
        """Back to the screen that opened the settings."""
        self.app.screens.back(self)

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows and Done."""
        return self.menu.targets() + self.buttons.targets()

    def explanation(self) -> str:
        """What the focused row does, in plain words."""
        item = self.menu.focused
        if item is None or item.header:
            return ""
        if item.name == FULLSCREEN:
            return self.note or "Use the whole screen for the table (the browser's bars hide)."
        if item.name.startswith("name"):
            return self.note or NAME_EXPLANATION
        return self.app.settings.option(item.name).explanation

    def spoken(self) -> tuple[str, ...]:
        """What a screen reader says here: the screen, the focused row and what it does."""
        return ("Settings. Up and down choose, left and right change, Escape goes back.",
                f"{self.menu.spoken()}. {self.explanation()}")  # fmt: skip

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
        before = self.menu.focus
        self.menu.handle(event)
        if self.menu.focus != before:
            self.note = ""

    def where_text(self) -> str:
        """Where the settings are kept, or that they are not."""
        persistence = self.app.persistence
        if not persistence.available:
            return "Settings are not saved in this session."
        return f"Saved in {persistence.location}"

    def draw(self, surface: pygame.Surface) -> None:
        """The panel: title, rows, the focused option's explanation, cards, where kept."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        scrim(surface)
        panel(surface, self.box, view.scale)
        blit_text(surface, "Settings", view.font(40 if not portrait else 30), theme.GOLD, "center",
                  self.title_rect.center)  # fmt: skip
        self.menu.draw(surface)
        self.draw_list = [("row", f"{item.label}: {item.value()}") for item in self.items if item.value]
        explanation = self.explanation()
        if explanation:
            size = view.font(21 if not portrait else 17)
            y = self.explain_rect.y
            fits = max(1, self.explain_rect.height // font(size).get_linesize())
            for line in wrap(explanation, size, self.explain_rect.width)[:fits]:
                blit_text(surface, line, size, theme.INK, "topleft", (self.explain_rect.x, y))
                y += font(size).get_linesize()
            self.draw_list.append(("explain", explanation))
        if self.preview_rect.height > 1:
            self._draw_preview(surface)
        if self.where_rect.height > 1:
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
        """One card of each suit in the deck's current colours and a back, on the felt."""
        rect = self.preview_rect
        height = rect.height - 2 * max(2, rect.height // 12)
        count = len(PREVIEW) + 1
        width = min(rect.width // (count + 1), round(height / 1.4))
        size = card_size(width)
        if size[1] > height:
            size = card_size(height / 1.4)
        gap = max(4, size[0] // 5)
        total = count * size[0] + (count - 1) * gap
        swatch = pygame.Rect(0, 0, total + 2 * gap, rect.height)
        swatch.center = rect.center
        pygame.draw.rect(surface, theme.FELT_LIGHT, swatch, border_radius=max(4, gap))
        pygame.draw.rect(surface, theme.PANEL_EDGE, swatch, width=max(1, gap // 4), border_radius=max(4, gap))
        x = rect.centerx - total // 2
        four = self.app.settings.four_colour
        for card in PREVIEW:
            face = self.app.art.face(int(card.rank), card.suit.char, size, four)
            surface.blit(face, face.get_rect(midleft=(x, rect.centery)))
            x += size[0] + gap
        back = self.app.art.back(size)
        surface.blit(back, back.get_rect(midleft=(x, rect.centery)))
        self.draw_list.append(
            ("preview", f"{self.app.settings.card_back} on {self.app.settings.table_colour}")
        )
