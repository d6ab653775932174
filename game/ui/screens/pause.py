"""The pause menu, over the table or a result screen: resume, the score sheet, the rules,
the settings, restart or concede the match (each asks first), quit to the title."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules import Match
from game.storage.settings import MatchSetup
from game.storage.stats import Bucket
from game.ui.core import browser, theme
from game.ui.core.column import Column, finger_row, panel_view
from game.ui.core.drawing import panel, scrim
from game.ui.core.keys import codes
from game.ui.core.menu import Menu, MenuItem
from game.ui.core.scene import GameApp, OneHandPause, Scene
from game.ui.core.text import blit_text


class PausedGame(Protocol):
    """What the pause menu reads of the game underneath it (the table)."""

    @property
    def match(self) -> Match | None:
        """The match being played."""
        ...

    @property
    def setup_of_match(self) -> MatchSetup | None:
        """Who plays each seat of it."""
        ...


class PauseScene(Scene):
    """The pause menu, over the table or a result screen, on a panel of its own.

    `table` is the game underneath (the table), or None over a result screen (then `match`
    is the match shown there). `setup` is who sits where, when the caller knows it better
    than the table (``table.setup_of_match``). Restarting and conceding ask first; conceding
    counts the match as lost and ends the saved match.

    A game of one hand (the daily deal, a replay) passes `one_hand`: its menu has no match
    to restart or concede, only the hand's own way out and, when it counts, giving it up.
    """

    modal = True
    name = "pause"

    def __init__(
        self,
        app: GameApp,
        table: PausedGame | None,
        match: Match | None = None,
        setup: MatchSetup | None = None,
        one_hand: OneHandPause | None = None,
    ) -> None:
        super().__init__(app)
        self.table = table
        self.one_hand = one_hand
        self.match = match if match is not None else (table.match if table is not None else None)
        self.setup_given = setup
        self.items = self._items()
        self.menu = Menu(self.items, pygame.Rect(0, 0, 1, 1))
        self.box = pygame.Rect(0, 0, 1, 1)
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.drawn: list[tuple[str, pygame.Rect]] = []

    def _items(self) -> list[MenuItem]:
        if self.one_hand is not None:
            return self._one_hand_items(self.one_hand)
        match = self.match
        items = [MenuItem("Resume", press=self.resume, name="resume")]
        if match is not None:
            items.append(MenuItem("Score sheet", press=self.score_sheet, name="score_sheet"))
        items.append(MenuItem("Rules", press=self.rules, name="rules"))
        items.append(MenuItem("Settings", press=lambda: self.app.screens.show("settings"), name="settings"))
        if match is not None:
            items.append(MenuItem("Restart match", press=self.ask_restart, name="restart"))
            if not match.finished:
                items.append(MenuItem("Concede match", press=self.ask_concede, name="concede"))
        items.append(MenuItem("Quit to title", press=self.to_title, name="title"))
        if not browser.in_browser():
            items.append(MenuItem("Quit game", press=self.app.quit, name="quit"))
        return items

    def _one_hand_items(self, game: OneHandPause) -> list[MenuItem]:
        items = [
            MenuItem("Resume", press=self.resume, name="resume"),
            MenuItem("Rules", press=self.rules, name="rules"),
            MenuItem("Settings", press=lambda: self.app.screens.show("settings"), name="settings"),
        ]
        if game.give_up is not None:
            label, question, detail, give_up = game.give_up

            def ask() -> None:
                self.app.screens.show(
                    "confirm", question, detail, yes=("Give up", give_up), no="Keep playing"
                )

            items.append(MenuItem(label, press=ask, name="give_up"))
        items.append(MenuItem(game.leave_label, press=game.leave, name="leave"))
        if not browser.in_browser():
            items.append(MenuItem("Quit game", press=self.app.quit, name="quit"))
        return items

    def resized(self) -> None:
        """A panel in the middle of the window: the title, then the menu."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        # Held sideways (the lobby's scale): the rows two abreast, so all are in view.
        columns = 2 if view.design else 1
        design_h = view.design_size[1]
        rows = finger_row(view, 48, 46)
        title_h, pad = (56.0, 16.0) if not portrait and columns == 1 else (44.0, 12.0)
        menu_h = rows * 8 / 7 * -(-len(self.items) // columns) + 2
        total = min(design_h - 24, pad + title_h + menu_h + pad)
        width = 480 if columns == 1 else 600
        column = Column(view, width=width, top=max(12.0, (design_h - total) / 2), margin=16)
        box_top = column.y
        column.skip(pad)
        self.title_rect = column.take(title_h, gap=0)
        area = column.take(min(menu_h, design_h - 12 - pad - column.y), gap=0)
        column.skip(pad)
        self.box = view.rect(column.x - pad, box_top, column.width + 2 * pad, column.y - box_top)
        focus, scroll = self.menu.focus, self.menu.scroll
        self.menu = Menu(
            self.items,
            area,
            row_height=view.px(rows),
            font_size=view.font(20 if portrait or columns > 1 else 26),
        )
        self.menu.columns = columns
        self.menu.density = view.density
        self.menu.focus, self.menu.scroll = focus, min(scroll, self.menu.max_scroll)

    # --- what the rows do ------------------------------------------------------------------

    def resume(self) -> None:
        """Back to the game."""
        self.app.screens.close(self)

    def score_sheet(self) -> None:
        """Every hand of the match so far."""
        assert self.match is not None
        self.app.screens.show("score_sheet", self.match)

    def rules(self) -> None:
        """The rules of the match being played."""
        self.app.screens.show("rules", self.match.rules if self.match is not None else None)

    def match_setup(self) -> MatchSetup | None:
        """Who sits where in this match, as well as it is known."""
        given = self.setup_given or (self.table.setup_of_match if self.table is not None else None)
        if given is not None or self.match is None:
            return given
        players = self.match.rules.players
        guess = self.app.settings.match_setup()
        if len(guess.seats) == players:
            return guess  # the settings the match was most likely started with
        return MatchSetup(("person",) + ("ai",) * (players - 1), self.app.settings.ai_level)

    def ask_restart(self) -> None:
        """Ask, then start the match again from nothing (a finished one restarts at once)."""
        assert self.match is not None
        if self.match.finished:
            self.restart()
            return
        self.app.screens.show(
            "confirm",
            "Restart the match?",
            "The scores go back to nothing. The match so far is not counted in your statistics.",
            yes=("Restart", self.restart),
            no="Keep playing",
        )

    def restart(self) -> None:
        """A new match with the same rules and seats."""
        assert self.match is not None
        first = self.match.first_dealer  # a dealer chosen for the match stays chosen
        match = Match(self.match.rules, self.app.match_rng(), first_dealer=first)
        self.app.screens.replace("table", match, self.match_setup())

    def ask_concede(self) -> None:
        """Ask, then give the match up."""
        self.app.screens.show(
            "confirm",
            "Concede the match?",
            "It counts as a lost match in your statistics, and the saved match ends.",
            yes=("Concede", self.concede),
            no="Keep playing",
        )

    def concede(self) -> None:
        """Count the match as lost, forget the saved match, go to the title screen."""
        match = self.match
        assert match is not None and not match.finished
        setup = self.match_setup()
        if not self.app.selfplay and setup is not None:
            bucket = Bucket.for_match(match.rules, setup)
            if bucket is not None:
                self.app.stats.record_match(bucket, False, 0)
                self.app.save_stats()
        stack = self.app.stack
        while stack.scenes:
            stack.pop()  # the table saves the match as it leaves; it is forgotten next
        self.app.persistence.discard_saved_match()
        self.app.screens.show("title")

    def to_title(self) -> None:
        """Leave the table (the match stays saved to continue) for the title screen."""
        self.app.screens.replace("title")

    # --- input and drawing ---------------------------------------------------------------------

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The menu's rows."""
        return self.menu.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Esc resumes; F1 opens the help; the rest goes to the menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return
        if event.type == pygame.KEYDOWN and event.key in codes("help"):
            self.app.screens.show("help")
            return
        self.menu.handle(event)

    def spoken(self) -> tuple[str, ...]:
        """For a screen reader: paused, then the focused entry."""
        return ("Paused. Up and down choose, Enter picks, Escape goes back.", self.menu.spoken())

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed table, and the menu on its own panel (nothing drawn on the cards)."""
        view = panel_view(self.app.viewport)
        scrim(surface)
        panel(surface, self.box, view.scale)
        size = view.font(34 if view.portrait or view.design else 48)
        blit_text(surface, "Paused", size, theme.GOLD, "center", self.title_rect.center)
        self.drawn = self.menu.draw(surface)
