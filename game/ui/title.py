"""The title screen: new match, continue, and the settings (variant, AI, speed, colours)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.rules import Card, Match, RecordError
from game.ui.layout import CARD_H, CARD_W
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


class TitleScene(Scene):
    """New match / continue / settings / quit, by mouse or keyboard."""

    name = "title"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.time = 0.0
        self.saved: dict[str, Any] | None = None
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self._fan_cache: dict[tuple[int, int, bool], pygame.Surface] = {}
        self.menu = Menu([], pygame.Rect(380, 250, 520, 0), row_height=50)

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
        row = 36 if len(items) < 15 else 32
        self.menu = Menu(items, pygame.Rect(380, 150, 520, 0), row_height=row)

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

    def autopilot(self) -> None:
        """Self-play starts a match."""
        self.new_match()

    def _fanned(self, index: int, tilt: int, four: bool) -> pygame.Surface:
        """A showcase card turned to its place in the fan (rotated once, then cached)."""
        key = (index, tilt, four)
        image = self._fan_cache.get(key)
        if image is None:
            card = SHOWCASE[index]
            face = self.app.art.face(int(card.rank), card.suit.char, (CARD_W, CARD_H), four)
            image = pygame.transform.rotozoom(face, -tilt * (index - 2) * 12, 1.0)
            self._fan_cache[key] = image
        return image

    def draw(self, surface: pygame.Surface) -> None:
        """Title, a fan of cards, the menu and the player's record."""
        from game.ui.table_draw import felt

        surface.blit(felt(), (0, 0))
        blit_text(surface, "Gin Rummy", 96, GOLD, "center", (640, 70))
        blit_text(
            surface, "Two, three or four players, ten cards, knock or go gin.", 28, DIM, "center", (640, 128)
        )
        four = self.app.settings.four_colour
        for side, (centre_x, tilt) in enumerate(((190, 1), (1090, 1))):
            for index in range(len(SHOWCASE)):
                image = self._fanned(index, tilt, four)
                bob = math.sin(self.time * 1.6 + index * 0.7 + side) * 5
                # Cards fan around a point below the hand, as if held.
                angle = math.radians(tilt * (index - 2) * 12)
                x = centre_x + math.sin(angle) * 150
                y = 520 - math.cos(angle) * 150 + bob
                surface.blit(image, image.get_rect(center=(round(x), round(y))))
        self.drawn = self.menu.draw(surface)
        blit_text(surface, "Arrows and Enter, or click.  N: new match", 22, DIM, "center", (640, 702))
