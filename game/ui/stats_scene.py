"""The statistics screen: the human's record, per variant and format, with a reset."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.column import Column, row_height, split
from game.ui.scene import Scene
from game.ui.settings import Stats
from game.ui.text import blit_text, font
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
        self.board = pygame.Rect(0, 0, 1, 1)
        self.body = pygame.Rect(0, 0, 1, 1)
        here = pygame.Rect(0, 0, 1, 1)
        self.reset_button = Button("Reset statistics", here.copy(), self.ask_reset, key="R")
        self.back_button = Button("Back", here.copy(), self.back, key="Esc")
        self.yes_button = Button("Yes, reset", here.copy(), self.reset, key="Y", accent=(240, 130, 110))
        self.no_button = Button("No, keep them", here.copy(), self.cancel, key="N")
        self.buttons = ButtonRow([self.reset_button, self.back_button, self.yes_button, self.no_button])
        self.draw_list: list[tuple[str, str]] = []
        self._show_buttons()

    def setup(self) -> None:
        """Lay out for the window."""
        self.resized()

    def resized(self) -> None:
        """A board in the middle; its two buttons along the bottom."""
        view = self.app.viewport
        column = Column(view, width=900, top=12 if view.portrait else 40, bottom=12 if view.portrait else 40)
        self.board = column.remaining()
        inner = Column(
            view, width=column.width - 40, top=column.y + 12, bottom=view.design_size[1] - column.floor + 16
        )
        row = inner.take_bottom(row_height(view, 50, 46))
        left, right = split(row, 2, view.px(16))
        for button in self.buttons.buttons:
            button.size = view.font(24 if not view.portrait else 17)
            button.show_key = not view.portrait
        self.reset_button.rect, self.back_button.rect = left.copy(), right.copy()
        self.yes_button.rect, self.no_button.rect = left.copy(), right.copy()
        self.body = inner.remaining()

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

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons."""
        return self.buttons.targets()

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

        view = self.app.viewport
        portrait = view.portrait
        surface.blit(felt(view.size), (0, 0))
        board = self.board
        _panel(surface, board, view.scale)
        stats = self.app.stats
        blit_text(surface, "Statistics", view.font(52 if not portrait else 32), GOLD, "midtop",
                  (board.centerx, board.y + view.px(18)))  # fmt: skip
        self.draw_list = []
        body = self.body
        x = body.x + view.px(10 if portrait else 30)
        value_x = body.x + round(body.width * (0.45 if not portrait else 0.55))
        size = view.font(28 if not portrait else 16)
        step = round(font(size).get_linesize() * 1.25)
        y = body.y + view.px(60 if not portrait else 40)
        for label, value in summary_rows(stats):
            blit_text(surface, label, size, INK, "topleft", (x, y))
            blit_text(surface, value, size, GOLD, "topleft", (value_x, y))
            self.draw_list.append(("row", f"{label}: {value}"))
            y += step
        y += view.px(14)
        small = view.font(24 if not portrait else 14)
        pygame.draw.line(surface, DIM, (x, y - view.px(8)), (body.right - view.px(10), y - view.px(8)), 1)
        blit_text(
            surface,
            "Matches by variant" if portrait else "Matches by variant and format",
            small,
            DIM,
            "topleft",
            (x, y),
        )
        blit_text(surface, "won / played", small, DIM, "topleft", (value_x, y + 2))
        y += round(font(small).get_linesize() * 1.3)
        formats = sorted(stats.formats.items(), key=lambda item: (-item[1][0], item[0]))
        if not formats:
            blit_text(surface, "No match finished yet.", small, INK, "topleft", (x, y))
            self.draw_list.append(("format", "none"))
        for key, (played, won) in formats[:5]:
            label = key[:1].upper() + key[1:]
            blit_text(surface, label, small, INK, "topleft", (x, y))
            blit_text(
                surface, f"{won} / {played}  ({percent(won, played)})", small, INK, "topleft", (value_x, y)
            )
            self.draw_list.append(("format", f"{label}: {won}/{played}"))
            y += round(font(small).get_linesize() * 1.2)
        if self.confirming:
            question = "Forget every statistic? This cannot be undone."
            blit_text(surface, question, view.font(26 if not portrait else 15), WARN, "midbottom",
                      (board.centerx, self.yes_button.rect.top - view.px(12)))  # fmt: skip
            self.draw_list.append(("confirm", question))
        if not self.app.persistence.available:
            note = "Statistics are not saved in this session."
            blit_text(surface, note, view.font(18 if not portrait else 12), DIM, "midbottom",
                      (board.centerx, self.yes_button.rect.top - view.px(44)))  # fmt: skip
        self.buttons.draw(surface)
