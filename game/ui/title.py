"""The title screen: new match, continue, and the settings (variant, AI, speed, colours)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.rules import Card, Match, RecordError
from game.ui.column import Column, row_height
from game.ui.layout import card_size
from game.ui.menus import Menu, MenuItem, cycle
from game.ui.scene import Scene
from game.ui.settings import (
    AI_LEVELS,
    BONUS_PRESETS,
    NEXT_DEALERS,
    PLAYER_COUNTS,
    PLAYER_LABELS,
    SPEEDS,
    VARIANTS,
)
from game.ui.text import blit_text

INK = (245, 242, 230)
DIM = (190, 215, 195)
GOLD = (255, 212, 90)
SHOWCASE = [Card.parse(text) for text in ("AS", "KH", "QD", "JC", "TS")]
SETTLE_S = 2.5
"""Seconds the showcase cards sway after the screen opens; then it rests (no redraws)."""


class TitleScene(Scene):
    """New match / continue / settings / quit, by mouse or keyboard."""

    name = "title"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.time = 0.0
        self.saved: dict[str, Any] | None = None
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self._fan_cache: dict[tuple[int, int, bool, tuple[int, int]], pygame.Surface] = {}
        self.items: list[MenuItem] = []
        self.menu = Menu([], pygame.Rect(0, 0, 1, 1), row_height=50)
        self.title_at = (0, 0)
        self.subtitle_at = (0, 0)
        self.footer_at = (0, 0)
        self.fans: list[tuple[tuple[int, int], int]] = []
        self.fan_card = card_size(96)

    def setup(self) -> None:
        """Build the menu (offering Continue when a match was saved)."""
        saved = self.app.persistence.load("saved-match")
        self.saved = saved if isinstance(saved, dict) else None
        settings = self.app.settings

        def changer(name: str, options: tuple[str, ...]) -> Callable[[int], None]:
            def change(step: int) -> None:
                setattr(settings, name, cycle(options, getattr(settings, name), step))
                self.app.save_settings()

            return change

        def toggler(name: str) -> Callable[[int], None]:
            def change(step: int) -> None:
                setattr(settings, name, not getattr(settings, name))
                self.app.save_settings()

            return change

        def on_off(name: str) -> Callable[[], str]:
            return lambda: "on" if getattr(settings, name) else "off"

        items = [MenuItem("New match", press=self.new_match)]
        help_item = MenuItem("How to play", press=self.open_help)
        if self.saved is not None:
            items.append(MenuItem("Continue match", press=self.continue_match))
        items += [
            MenuItem("Variant", value=lambda: settings.variant, change=changer("variant", VARIANTS)),
            MenuItem(
                "Players",
                value=lambda: PLAYER_LABELS[settings.players],
                change=changer("players", PLAYER_COUNTS),
            ),
            MenuItem("AI level", value=lambda: settings.ai_level, change=changer("ai_level", AI_LEVELS)),
            MenuItem("Bonuses", value=lambda: settings.bonuses, change=changer("bonuses", BONUS_PRESETS)),
            MenuItem("Speed", value=lambda: settings.speed, change=changer("speed", tuple(SPEEDS))),
            MenuItem("Four-colour deck", value=on_off("four_colour"), change=toggler("four_colour")),
            MenuItem("Sound", value=on_off("sound"), change=toggler("sound")),
            MenuItem(
                "Eleven-card deal", value=on_off("eleven_card_deal"), change=toggler("eleven_card_deal")
            ),
            MenuItem(
                "Last-discard chance",
                value=on_off("last_discard_chance"),
                change=toggler("last_discard_chance"),
            ),
            MenuItem("Big gin (11 cards)", value=on_off("big_gin"), change=toggler("big_gin")),
            MenuItem(
                "Throw back a taken discard",
                value=on_off("allow_rediscard"),
                change=toggler("allow_rediscard"),
            ),
            MenuItem(
                "Next dealer", value=lambda: settings.next_dealer, change=changer("next_dealer", NEXT_DEALERS)
            ),
            MenuItem("Statistics", press=self.open_stats, value=self._record),
            help_item,
        ]
        self.items = items
        self.resized()

    def resized(self) -> None:
        """Lay the title, the showcase and the menu out for the window."""
        view = self.app.viewport
        portrait = view.portrait
        design_w, design_h = view.design_size
        column = Column(view, width=520, top=10 if portrait else 24, bottom=8)
        title = column.take(70 if not portrait else 48, gap=0)
        self.title_at = title.center
        subtitle = column.take(30 if not portrait else 22, gap=10)
        self.subtitle_at = subtitle.center
        footer = column.take_bottom(24 if not portrait else 20, gap=4)
        self.footer_at = footer.center
        if portrait:
            # One small fan above the menu.
            self.fan_card = card_size(view.px(58))
            fan = column.take(100, gap=8)
            self.fans = [((fan.centerx, fan.bottom + view.px(40)), 1)]
            radius = view.px(90)
        else:
            self.fan_card = card_size(view.px(96))
            cx_left = view.px(max(190.0, (design_w - 520) / 4))
            cx_right = view.px(design_w) - cx_left
            base = view.px(design_h * 0.72)
            self.fans = [((cx_left, base), 1), ((cx_right, base), 1)]
            radius = view.px(150)
        self.fan_radius = radius
        rows = row_height(view, max(26.0, min(36.0, column.units_left * 7 / 8 / max(1, len(self.items)))), 46)
        focus, scroll = self.menu.focus, self.menu.scroll
        area = column.take(min(rows * 8 / 7 * len(self.items) + 2, column.units_left))
        self.menu = Menu(
            self.items, area, row_height=view.px(rows), font_size=view.font(26 if not portrait else 19)
        )
        self.menu.focus, self.menu.scroll = focus, min(scroll, self.menu.max_scroll)

    def _record(self) -> str:
        stats = self.app.stats
        return f"{stats.matches_won}/{stats.matches} matches won"

    def open_stats(self) -> None:
        """The statistics screen."""
        from game.ui.stats_scene import StatsScene

        self.app.stack.replace_all(StatsScene(self.app))

    def open_help(self) -> None:
        """How to play and the controls."""
        from game.ui.menus import HelpScene

        self.app.stack.push(HelpScene(self.app))

    def new_match(self) -> None:
        """Start a match with the current settings."""
        from game.ui.table import TableScene

        self.app.stack.replace_all(TableScene(self.app))

    def continue_match(self) -> None:
        """Resume the saved match (a corrupt save starts a new one)."""
        from game.ui.table import TableScene

        try:
            match = Match.from_dict(self.saved)
        except (RecordError, ValueError, TypeError, KeyError):
            match = None
        self.app.stack.replace_all(TableScene(self.app, match))

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The menu's rows in view."""
        return self.menu.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Menu input; Esc quits on the desktop."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from game.ui.app import IN_BROWSER

            if not IN_BROWSER:
                self.app.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_help()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.new_match()
            return
        self.menu.handle(event)

    def update(self, dt: float) -> None:
        """Animate the showcase cards."""
        self.time += dt

    def animating(self) -> bool:
        """The showcase sways for a moment after the screen opens, then rests."""
        return self.time < SETTLE_S

    def autopilot(self) -> None:
        """Self-play starts a match."""
        self.new_match()

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

    def draw(self, surface: pygame.Surface) -> None:
        """Title, a fan of cards, the menu and the player's record."""
        from game.ui.table_draw import felt

        view = self.app.viewport
        portrait = view.portrait
        surface.blit(felt(view.size), (0, 0))
        blit_text(surface, "Gin Rummy", view.font(96 if not portrait else 52), GOLD, "center", self.title_at)
        subtitle = "Two, three or four players, ten cards, knock or go gin."
        if portrait:
            subtitle = "Ten cards. Knock or go gin."
        blit_text(surface, subtitle, view.font(28 if not portrait else 16), DIM, "center", self.subtitle_at)
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
        footer = "Tap a choice; drag to scroll." if portrait else "Arrows and Enter, or click.  N: new match"
        blit_text(surface, footer, view.font(22 if not portrait else 14), DIM, "center", self.footer_at)
