"""The title screen: continue the saved match, start a new one, and the ways to learn.

It is short on purpose: Continue (when a match is saved, focused and named), New match,
Play online (naming the seat kept at an online table, if any), the daily deal, Learn to
play, Rules, Statistics, Settings, Help, and Quit on the desktop.
Every option of a match is on the new-match screen; how the game looks and sounds is on the
settings screen. A saved match that fails any check is never offered (the data layer sets
it aside and says so in a notice). Each entry opens its screen by name (``app.screens``).
"""

from __future__ import annotations

import datetime
import math
import random

import pygame

from game.rules import Card
from game.storage.persistence import SavedMatch
from game.ui.core import browser, dates, theme
from game.ui.core.column import Column, finger_row, panel_view, row_height
from game.ui.core.drawing import felt
from game.ui.core.keys import codes, key_label
from game.ui.core.layout import card_size
from game.ui.core.menu import Menu, MenuItem
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text
from game.ui.core.viewport import Viewport

SHOWCASE = [Card.parse(text) for text in ("AS", "KH", "QD", "JC", "TS")]
SETTLE_S = 2.5
"""Seconds the showcase cards sway after the screen opens; then it rests (no redraws)."""


def daily_label(day: datetime.date) -> str:
    """The daily deal's entry: "Daily deal · 30 Nov"."""
    return f"Daily deal · {dates.day_and_month(day)}"


def daily_item(app: GameApp, day: datetime.date | None = None) -> MenuItem:
    """The daily deal's entry, "Daily deal · 30 Nov", with the day's state on the right:
    "played ✓" once the day counted, "to finish" while its hand waits to be resumed, else
    the streak of days still running."""
    day = day or dates.today()
    begun = app.stats.daily_result(day)
    waiting = (
        begun is not None
        and begun.unfinished
        and app.persistence.load_daily_hand(day.isoformat()) is not None
    )

    def state() -> str:
        result = app.stats.daily_result(day)
        if result is not None:
            if result.unfinished:
                return "to finish" if waiting else "left unfinished"
            return "played ✓"
        streak = app.stats.daily_summary(day).current_streak
        return f"{streak} day{'' if streak == 1 else 's'} in a row" if streak else ""

    return MenuItem(
        daily_label(day), press=lambda: app.screens.replace("daily_table", day), value=state, name="daily"
    )


class TitleScene(Scene):
    """Continue / new match / learn / rules / statistics / settings / help / quit."""

    name = "title"

    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        self.time = 0.0
        self.saved: SavedMatch | None = None
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self._fan_cache: dict[tuple[int, int, bool, tuple[int, int]], pygame.Surface] = {}
        self.items: list[MenuItem] = []
        self.menu = Menu([], pygame.Rect(0, 0, 1, 1), row_height=50)
        self.title_at = (0, 0)
        self.subtitle_at = (0, 0)
        self.footer_at = (0, 0)
        self.fans: list[tuple[tuple[int, int], int]] = []
        self.fan_card = card_size(96)
        self.fan_radius = 1

    def setup(self) -> None:
        """Build the menu: Continue first and focused when a checked match is saved."""
        self.saved = self.app.persistence.peek_saved_match()
        self.items = self._items()
        self.menu = Menu(self.items, pygame.Rect(0, 0, 1, 1))
        self.resized()

    def _items(self) -> list[MenuItem]:
        screens = self.app.screens
        items = []
        if self.saved is not None:
            summary = self.saved.summary
            items.append(
                MenuItem("Continue match", press=self.continue_match, value=lambda: summary, name="continue")
            )
        items.append(MenuItem("New match", press=self.new_match, name="new"))
        # One row for online play; a seat kept on this device is named there, and the online
        # screen opens with Continue online match first (the title stays short on a phone).
        kept = self.app.persistence.load_online_seat()
        seat_value = (lambda: f"your seat at table {kept.code}") if kept is not None else None
        items.append(
            MenuItem("Play online", press=lambda: screens.show("online"), value=seat_value, name="online")
        )
        items.append(daily_item(self.app))
        items.append(MenuItem("Learn to play", press=self.learn, name="learn"))
        items.append(MenuItem("Rules", press=lambda: screens.show("rules", None), name="rules"))
        items += [
            MenuItem("Statistics", press=self.open_stats, name="statistics"),
            MenuItem("Settings", press=lambda: screens.show("settings"), name="settings"),
            MenuItem("Help", press=self.open_help, name="help"),
        ]
        if not browser.in_browser():
            items.append(MenuItem("Quit", press=self.app.quit, name="quit"))
        return items

    def resized(self) -> None:
        """Lay the title, the showcase and the menu out for the window."""
        view = self.app.viewport
        if view.short_landscape:
            self._sideways(panel_view(view))
            return
        portrait = view.portrait
        design_w, design_h = view.design_size
        column = Column(view, width=520, top=10 if portrait else 24, bottom=8)
        title = column.take(70 if not portrait else 48, gap=0)
        self.title_at = title.center
        subtitle = column.take(30 if not portrait else 22, gap=10)
        self.subtitle_at = subtitle.center
        footer = column.take_bottom(24 if not portrait else 20, gap=4)
        self.footer_at = footer.center
        count = max(1, len(self.items))
        if portrait:
            # Rows as tall as the room allows for every entry, never under a fingertip's 44 px.
            fits = (column.units_left - 2) * 7 / 8 / count
            rows = max(row_height(view, 0, 0), min(row_height(view, 46, 46), fits))
            # One fan above the menu, smaller (or none) when the menu needs the room.
            fan_h = min(100.0, column.units_left - (rows * 8 / 7 * count + 2) - 12)
            self.fans = []
            if fan_h >= 56:
                fan = column.take(fan_h, gap=8)
                self.fan_card = card_size(view.px(58 * fan_h / 100))
                self.fans = [((fan.centerx, fan.bottom + view.px(40 * fan_h / 100)), 1)]
            self.fan_radius = view.px(90 * max(fan_h, 56) / 100)
        else:
            rows = max(30.0, min(44.0, column.units_left * 7 / 8 / count))
            self.fan_card = card_size(view.px(96))
            cx_left = view.px(max(190.0, (design_w - 520) / 4))
            cx_right = view.px(design_w) - cx_left
            base = view.px(design_h * 0.72)
            self.fans = [((cx_left, base), 1), ((cx_right, base), 1)]
            self.fan_radius = view.px(150)
        focus, scroll = self.menu.focus, self.menu.scroll
        menu_h = rows * 8 / 7 * len(self.items) + 2
        # The menu sits in the middle of the room it has (high on a tall phone).
        column.skip(max(0.0, (column.units_left - menu_h) / 3))
        area = column.take(min(menu_h, column.units_left))
        self.menu = Menu(
            self.items, area, row_height=view.px(rows), font_size=view.font(26 if not portrait else 20)
        )
        self.menu.density = view.density
        self.menu.focus, self.menu.scroll = focus, min(scroll, self.menu.max_scroll)

    def _sideways(self, view: Viewport) -> None:
        """A phone held sideways, at the lobby's larger scale: the entries two to a row (each
        a fingertip tall, all in view), the fans small in the margins or gone."""
        design_w = view.design_size[0]
        column = Column(view, width=600, top=6, bottom=4)
        self.title_at = column.take(46, gap=0).center
        self.subtitle_at = column.take(22, gap=6).center
        self.footer_at = column.take_bottom(20, gap=2).center
        rows = finger_row(view, 44)
        menu_h = rows * 8 / 7 * -(-len(self.items) // 2) + 2
        column.skip(max(0.0, (column.units_left - menu_h) / 2))
        focus, scroll = self.menu.focus, self.menu.scroll
        self.menu = Menu(self.items, column.take(min(menu_h, column.units_left)), row_height=view.px(rows),
                         font_size=view.font(21))  # fmt: skip
        self.menu.columns = 2
        self.menu.density = view.density
        self.menu.focus, self.menu.scroll = focus, min(scroll, self.menu.max_scroll)
        # A fan spreads about 2.6 card widths (turned): it stands in a margin only where it fits.
        margin = (design_w - column.width) / 2
        card_w = margin * 0.34
        self.fans = []
        if card_w >= 30:
            self.fan_card = card_size(view.px(card_w))
            self.fan_radius = view.px(card_w * 1.56)
            centre = view.px(margin / 2)
            base = self.menu.rect.centery + self.fan_radius
            self.fans = [((centre, base), 1), ((view.px(design_w) - centre, base), 1)]

    # --- where the entries lead -------------------------------------------------------------

    def open_stats(self) -> None:
        """The statistics screen."""
        self.app.screens.show("statistics")

    def open_help(self) -> None:
        """How to play and the controls."""
        self.app.screens.show("help")

    def learn(self) -> None:
        """The tutorial: a guided first hand, in place of the title."""
        self.app.screens.replace("tutorial")

    def new_match(self) -> None:
        """The new-match screen (every option, then Start)."""
        self.app.screens.show("new_match")

    def continue_match(self) -> None:
        """Resume the saved match, with who sat where."""
        saved = self.app.persistence.take_saved_match()
        if saved is None:
            self.setup()  # it went away (or failed its check) since the menu was built
            return
        self.app.screens.replace("table", saved.match, saved.setup)

    def back(self) -> None:
        """Esc: quit on the desktop (a browser tab is closed by the browser)."""
        if not browser.in_browser():
            self.app.quit()

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The menu's rows in view."""
        return self.menu.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Menu input; N new match, C continue, F1 help, Esc quits on the desktop."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in codes("help"):
                self.open_help()
                return
            if event.key == pygame.K_n:
                self.new_match()
                return
            if event.key == pygame.K_c and self.saved is not None:
                self.continue_match()
                return
        self.menu.handle(event)

    def update(self, dt: float) -> None:
        """Animate the showcase cards."""
        self.time += dt

    def animating(self) -> bool:
        """The showcase sways for a moment after the screen opens, then rests."""
        return self.time < SETTLE_S

    def autopilot(self) -> None:
        """Self-play starts a match with the current settings."""
        settings = self.app.settings
        match = settings.new_match(random.Random(self.app.rng.random()))
        self.app.screens.replace("table", match, settings.match_setup())

    def _fanned(self, index: int, tilt: int, four: bool) -> pygame.Surface:
        """A showcase card turned to its place in the fan (rotated once per size, then cached)."""
        key = (index, tilt, four, self.fan_card)
        image = self._fan_cache.get(key)
        if image is None:
            if len(self._fan_cache) > 40:
                self._fan_cache.clear()
            card = SHOWCASE[index]
            face = self.app.art.face(int(card.rank), card.suit.char, self.fan_card, four)
            image = pygame.transform.rotozoom(face, -tilt * (index - 2) * 12, 1.0)
            self._fan_cache[key] = image
        return image

    def spoken(self) -> tuple[str, ...]:
        """For a screen reader: the game's name and how to move, then the focused entry."""
        return ("Gin Rummy. Up and down choose, Enter picks.", self.menu.spoken())

    def draw(self, surface: pygame.Surface) -> None:
        """Title, a fan of cards, the menu and the player's record."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        sideways = view.design is not None
        surface.blit(felt(view.size), (0, 0))
        size = 52 if portrait else 56 if sideways else 96
        blit_text(surface, "Gin Rummy", view.font(size), theme.GOLD, "center", self.title_at)
        subtitle = "Two, three or four players, ten cards, knock or go gin."
        if portrait:
            subtitle = "Ten cards. Knock or go gin."
        size = 16 if portrait else 20 if sideways else 28
        blit_text(surface, subtitle, view.font(size), theme.DIM, "center", self.subtitle_at)
        four = self.app.settings.four_colour
        # The cards sway as the screen opens, easing to rest.
        calm = max(0.0, 1.0 - self.time / SETTLE_S) ** 2
        for side, ((centre_x, base_y), tilt) in enumerate(self.fans):
            for index in range(len(SHOWCASE)):
                image = self._fanned(index, tilt, four)
                bob = math.sin(self.time * 1.6 + index * 0.7 + side) * view.px(5) * calm
                # Cards fan around a point below the hand, as if held.
                angle = math.radians(tilt * (index - 2) * 12)
                x = centre_x + math.sin(angle) * self.fan_radius
                y = base_y - math.cos(angle) * self.fan_radius + bob
                surface.blit(image, image.get_rect(center=(round(x), round(y))))
        self.drawn = self.menu.draw(surface)
        footer = (
            "Tap a choice."
            if portrait
            else f"Arrows and Enter, or click.  N: new match   {key_label('help')}: help"
        )
        size = 14 if portrait else 18 if sideways else 22
        blit_text(surface, footer, view.font(size), theme.DIM, "center", self.footer_at)
