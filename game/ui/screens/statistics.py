"""The statistics screen: your record per variant, format and computer level, or all of it.

A selector at the top picks what is shown: "All games" (with the daily deal's streak) or
one bucket of `game.storage.stats` (a variant, a format and an opponent, e.g. "Standard Gin, two
players, against Hard"), stepping through the buckets that hold anything. The rows are
`Stats.summary(bucket).rows()`: matches and hands won, gins, knocks, undercuts given and
suffered, points per hand, the best margin, the current and best streak. "Reset" forgets
what is shown (everything, or only that bucket) after asking.
"""

from __future__ import annotations

import datetime

import pygame

from game.storage.stats import Bucket, Stats
from game.ui.core import theme
from game.ui.core.column import Column, finger_row, panel_view, split
from game.ui.core.drawing import board, felt
from game.ui.core.menu import TAP_SLOP, Menu, MenuItem, Scroller
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font
from game.ui.core.widgets import Button, ButtonRow

ALL_GAMES = "All games"


def percent(part: int, whole: int) -> str:
    """`part` of `whole` as a whole percentage, or a dash when nothing was played.

    >>> percent(1, 3), percent(0, 0)
    ('33%', '-')
    """
    return "-" if whole == 0 else f"{round(100 * part / whole)}%"


def stat_rows(stats: Stats, bucket: Bucket | None, today: datetime.date) -> list[tuple[str, str, str]]:
    """What the screen lists for `bucket` (None: everything): (kind, label, value) rows.

    Kinds are "row", "heading" and "note". The daily deal is shown with everything.

    >>> rows = stat_rows(Stats(), None, datetime.date(2026, 11, 30))
    >>> rows[0], rows[-1][1]
    (('row', 'Matches won', '0 of 0 (-)'), 'Days in a row')
    """
    rows = [("row", label, value) for label, value in stats.summary(bucket).rows()]
    if bucket is not None:
        return rows
    daily = stats.daily_summary(today)
    rows.append(("heading", "Daily deal", ""))
    rows += [("row", label, value) for label, value in daily.rows()]
    if daily.today is not None:
        result = daily.today
        outcome = "won" if result.won else "lost"
        rows.append(("row", "Today", f"{outcome}, {result.points} points in {result.turns} turns"))
    return rows


class StatsScene(Scene):
    """What the game has recorded, by bucket or all together, and a reset that asks first."""

    name = "statistics"

    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        self.bucket: Bucket | None = None
        self.board = pygame.Rect(0, 0, 1, 1)
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.note_rect = pygame.Rect(0, 0, 1, 1)
        self.scroller = Scroller()
        self.selector = Menu(
            [MenuItem("Showing", value=self.shown_label, change=self.step_bucket, name="bucket")],
            pygame.Rect(0, 0, 1, 1),
        )
        here = pygame.Rect(0, 0, 1, 1)
        self.reset_button = Button("Reset…", here.copy(), self.ask_reset, key="R")
        self.back_button = Button("Back", here.copy(), self.back, key="Esc", accent=theme.ACCENT)
        self.buttons = ButtonRow([self.reset_button, self.back_button])
        self.draw_list: list[tuple[str, str]] = []
        self._pressed = False

    # --- what is shown ----------------------------------------------------------------------

    def today(self) -> datetime.date:
        """The date the daily deal's streak is counted to."""
        return datetime.date.today()

    def choices(self) -> list[Bucket | None]:
        """What the selector steps through: everything, then each bucket with a record."""
        return [None, *self.app.stats.buckets()]

    def shown_label(self) -> str:
        """What is shown, in words."""
        return ALL_GAMES if self.bucket is None else self.bucket.label

    def step_bucket(self, step: int) -> None:
        """Show the next (or previous) bucket."""
        choices = self.choices()
        index = choices.index(self.bucket) if self.bucket in choices else 0
        self.bucket = choices[(index + step) % len(choices)]
        self.scroller.offset = 0
        self._measure()

    def rows(self) -> list[tuple[str, str, str]]:
        """The rows for what is shown."""
        if self.bucket is not None and self.bucket not in self.app.stats.records:
            self.bucket = None  # forgotten meanwhile
        return stat_rows(self.app.stats, self.bucket, self.today())

    # --- layout -----------------------------------------------------------------------------

    def resized(self) -> None:
        """A board in the middle: title, the selector, the rows (scrolling), the buttons."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        sideways = view.design is not None  # the lobby's scale, every unit of height counted
        edge = 12 if portrait else 8 if sideways else 30
        column = Column(view, width=760, top=edge, bottom=edge)
        self.board = column.remaining()
        inner = column.inside(side=32, top=6 if sideways else 10, bottom=10 if sideways else 14)
        self.title_rect = inner.take(38 if portrait or sideways else 50, gap=6)
        selector_h = finger_row(view, 50, 58)
        area = inner.take(selector_h, gap=12)
        self.selector = Menu(
            self.selector.items, area, row_height=area.height, font_size=view.font(24 if not portrait else 19)
        )
        self.selector.rect = pygame.Rect(area.x, area.y, area.width, self.selector.row_height)
        self.selector.density = view.density
        row = inner.take_bottom(finger_row(view, 50, 46))
        for button, part in zip(self.buttons.buttons, split(row, 2, view.px(16)), strict=True):
            button.rect = part
            button.size = view.font(24 if not portrait else 19)
            button.show_key = not portrait
        self.note_rect = inner.take_bottom(22 if not portrait else 18, gap=6)
        self.scroller.rect = inner.remaining()
        self.scroller.slop = view.px(TAP_SLOP)
        self._measure()

    @property
    def text_size(self) -> int:
        """The rows' text size in pixels."""
        view = panel_view(self.app.viewport)
        return view.font(19 if view.portrait else 21 if view.design else 26)

    @property
    def line_height(self) -> int:
        """Pixels from one line to the next."""
        return round(font(self.text_size).get_linesize() * 1.3)

    def _layout_rows(self) -> list[tuple[str, str, str, int, bool]]:
        """Each row with its top (from the body's top) and whether its value goes below it."""
        size = self.text_size
        width = self.scroller.rect.width - panel_view(self.app.viewport).px(12)
        measure = font(size)
        placed = []
        y = 0
        for kind, label, value in self.rows():
            if kind == "heading":
                y += self.line_height // 3
            below = kind == "row" and measure.size(label)[0] + measure.size(value)[0] + size * 2 > width
            placed.append((kind, label, value, y, below))
            y += self.line_height * (2 if below else 1)
        return placed

    def _measure(self) -> None:
        placed = self._layout_rows()
        last = placed[-1] if placed else None
        height = 0 if last is None else last[3] + self.line_height * (2 if last[4] else 1)
        self.scroller.content = height
        self.scroller.clamp()

    # --- actions ----------------------------------------------------------------------------

    def ask_reset(self) -> None:
        """Ask before forgetting what is shown."""
        if self.bucket is None:
            question, detail = (
                "Forget all statistics?",
                "Every match, hand and streak, and your daily deals, are forgotten. This cannot be undone.",
            )
        else:
            question, detail = (
                "Forget these statistics?",
                f"The record of {self.bucket.label} is forgotten; the rest is kept. This cannot be undone.",
            )
        self.app.screens.show("confirm", question, detail, yes=("Forget", self.reset), no="Keep them")

    def reset(self) -> None:
        """Confirmed: forget what is shown, and save."""
        self.app.stats.reset(self.bucket)
        self.app.save_stats()
        self.bucket = None if self.bucket not in self.app.stats.records else self.bucket
        self.scroller.offset = 0
        self._measure()

    def back(self) -> None:
        """Back to where the statistics were opened from."""
        self.app.screens.back(self)

    # --- input ------------------------------------------------------------------------------

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The selector and the buttons."""
        return self.selector.targets() + self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Left/Right pick, Up/Down scroll, R resets, Esc goes back; pointer on all of them."""
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroller.by(-event.y * self.line_height * 2)
            return
        if event.type == pygame.MOUSEMOTION:
            if not getattr(event, "touch", False):
                self.buttons.hover(event.pos)
            self.scroller.move(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.buttons.click(event.pos):
                return
            if self.scroller.rect.collidepoint(event.pos):
                self.scroller.press(event.pos)
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.scroller.pressing:
            self.scroller.release()
            return
        self.selector.handle(event)

    def _key(self, key: int) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step_bucket(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.step_bucket(1)
        elif key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroller.by(self.line_height * (3 if key == pygame.K_DOWN else 8))
        elif key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroller.by(-self.line_height * (3 if key == pygame.K_UP else 8))
        elif key == pygame.K_r:
            self.ask_reset()
        elif key == pygame.K_F1:
            self.app.screens.show("help")

    def autopilot(self) -> None:
        """Self-play goes back."""
        self.back()

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The board: title, selector, the rows, a note when nothing is saved, the buttons."""

        view = panel_view(self.app.viewport)
        portrait = view.portrait
        surface.blit(felt(view.size), (0, 0))
        board(surface, self.board, view.scale)
        blit_text(surface, "Statistics", view.font(32 if portrait or view.design else 48), theme.GOLD, "center",
                  self.title_rect.center)  # fmt: skip
        self.draw_list = [("showing", self.shown_label())]
        self.selector.draw(surface)
        self._draw_rows(surface)
        if not self.app.persistence.available:
            note = "Statistics are not saved in this session."
            blit_text(
                surface,
                note,
                view.font(18 if not portrait else 13),
                theme.DIM,
                "center",
                self.note_rect.center,
            )
            self.draw_list.append(("note", note))
        self.buttons.draw(surface)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        body = self.scroller.rect
        size = self.text_size
        pad = panel_view(self.app.viewport).px(6)
        clip = surface.get_clip()
        surface.set_clip(body)
        top = body.y - self.scroller.offset
        for kind, label, value, y, below in self._layout_rows():
            y += top
            if kind == "heading":
                pygame.draw.line(surface, theme.DIM, (body.x, y - 2), (body.right - pad, y - 2), 1)
                blit_text(
                    surface, label, size, theme.DIM, "topleft", (body.x + pad, y + self.line_height // 6)
                )
                self.draw_list.append(("heading", label))
                continue
            blit_text(surface, label, size, theme.INK, "topleft", (body.x + pad, y))
            value_y = y + self.line_height if below else y
            blit_text(surface, value, size, theme.GOLD, "topright", (body.right - 2 * pad, value_y))
            self.draw_list.append(("row", f"{label}: {value}"))
        surface.set_clip(clip)
        self.scroller.draw_bar(surface)
