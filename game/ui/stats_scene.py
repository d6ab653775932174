"""The statistics screen: the human's record, per variant and format, with a reset."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.scene import Scene
from game.ui.settings import Stats
from game.ui.text import blit_text
from game.ui.widgets import Button, ButtonRow

INK = (245, 242, 230)
DIM = (190, 215, 195)
GOLD = (255, 212, 90)
WARN = (240, 120, 100)


def percent(part: int, whole: int) -> str:
    """`part` of `whole` as a whole percentage, or a dash when nothing was played.

    >>> percent(1, 3), percent(0, 0)
    ('33%', '-')
    """
    return "-" if whole == 0 else f"{round(100 * part / whole)}%"


def summary_rows(stats: Stats) -> list[tuple[str, str]]:
    """(label, value) rows of the overall record."""
    return [
        (
            "Matches won",
            f"{stats.matches_won} of {stats.matches}  ({percent(stats.matches_won, stats.matches)})",
        ),
        ("Hands won", f"{stats.hands_won} of {stats.hands}  ({percent(stats.hands_won, stats.hands)})"),
        ("Gins", str(stats.gins)),
        ("Undercuts", str(stats.undercuts)),
        ("Hands won by knocking", str(stats.knocks)),
        ("Best winning margin", str(stats.best_margin) if stats.best_margin else "-"),
    ]


class StatsScene(Scene):
    """What the game has recorded, and a reset that asks before it forgets."""

    name = "statistics"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.confirming = False
        self.board = pygame.Rect(190, 40, 900, 640)
        bottom = self.board.bottom - 76
        self.reset_button = Button(
            "Reset statistics", pygame.Rect(300, bottom, 300, 50), self.ask_reset, key="R"
        )
        self.back_button = Button("Back", pygame.Rect(680, bottom, 300, 50), self.back, key="Esc")
        self.yes_button = Button(
            "Yes, reset", pygame.Rect(300, bottom, 300, 50), self.reset, key="Y", accent=(240, 130, 110)
        )
        self.no_button = Button("No, keep them", pygame.Rect(680, bottom, 300, 50), self.cancel, key="N")
        self.buttons = ButtonRow([self.reset_button, self.back_button, self.yes_button, self.no_button])
        self.draw_list: list[tuple[str, str]] = []
        self._show_buttons()

    def _show_buttons(self) -> None:
        self.reset_button.visible = self.back_button.visible = not self.confirming
        self.yes_button.visible = self.no_button.visible = self.confirming

    def ask_reset(self) -> None:
        """First press: ask for confirmation."""
        self.confirming = True
        self._show_buttons()

    def reset(self) -> None:
        """Confirmed: forget every statistic (and save the empty record)."""
        self.app.stats = Stats()
        self.app.save_stats()
        self.confirming = False
        self._show_buttons()

    def cancel(self) -> None:
        """Keep the statistics."""
        self.confirming = False
        self._show_buttons()

    def back(self) -> None:
        """Back to the title screen."""
        from game.ui.title import TitleScene

        self.app.stack.replace_all(TitleScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons by mouse or their keys."""
        if event.type == pygame.MOUSEMOTION:
            self.buttons.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.buttons.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            if self.confirming:
                if event.key in (pygame.K_y, pygame.K_RETURN):
                    self.reset()
                elif event.key in (pygame.K_n, pygame.K_ESCAPE):
                    self.cancel()
            elif event.key == pygame.K_r:
                self.ask_reset()
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE):
                self.back()

    def autopilot(self) -> None:
        """Self-play goes back."""
        self.back()

    def draw(self, surface: pygame.Surface) -> None:
        """The record, then matches per variant and format."""
        from game.ui.results import _panel
        from game.ui.table_draw import felt

        surface.blit(felt(), (0, 0))
        board = self.board
        _panel(surface, board)
        stats = self.app.stats
        blit_text(surface, "Statistics", 56, GOLD, "midtop", (board.centerx, board.y + 22))
        self.draw_list = []
        x, value_x = board.x + 70, board.x + 440
        y = board.y + 100
        for label, value in summary_rows(stats):
            blit_text(surface, label, 30, INK, "topleft", (x, y))
            blit_text(surface, value, 30, GOLD, "topleft", (value_x, y))
            self.draw_list.append(("row", f"{label}: {value}"))
            y += 38
        y += 14
        pygame.draw.line(surface, DIM, (x, y - 8), (board.right - 70, y - 8), 1)
        blit_text(surface, "Matches by variant and format", 26, DIM, "topleft", (x, y))
        blit_text(surface, "won / played", 24, DIM, "topleft", (value_x, y + 2))
        y += 34
        formats = sorted(stats.formats.items(), key=lambda item: (-item[1][0], item[0]))
        if not formats:
            blit_text(surface, "No match finished yet.", 26, INK, "topleft", (x, y))
            self.draw_list.append(("format", "none"))
        for key, (played, won) in formats[:5]:
            label = key[:1].upper() + key[1:]
            blit_text(surface, label, 26, INK, "topleft", (x, y))
            blit_text(
                surface, f"{won} / {played}  ({percent(won, played)})", 26, INK, "topleft", (value_x, y)
            )
            self.draw_list.append(("format", f"{label}: {won}/{played}"))
            y += 30
        if self.confirming:
            question = "Forget every statistic? This cannot be undone."
            blit_text(
                surface, question, 28, WARN, "midbottom", (board.centerx, self.yes_button.rect.top - 12)
            )
            self.draw_list.append(("confirm", question))
        if not self.app.persistence.available:
            note = "Statistics are not saved in this session."
            blit_text(surface, note, 20, DIM, "midtop", (board.centerx, board.bottom + 8))
        self.buttons.draw(surface)
