"""The hand result panel's buttons for after the hand: the deal check and the coach's review.

The panel (game/ui/results.py, `HandResultScene`) keeps its own Next button; it asks this
module for the others and where they go: beside Next when the row is wide enough for every
label at its usual size, else on a row of their own under it (Next moves up a row, so the
panel's text, which ends above Next, makes room). Keys: D for the deal check, R for the
review (offered when the coach, `game.ai.coach`, is part of the game).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

import pygame

from game.ui.core.column import split
from game.ui.core.text import font
from game.ui.core.viewport import Viewport
from game.ui.core.widgets import Button

MIN_PART = 80
"""Design units a button needs beside Next; narrower rows stack the buttons instead."""
NEXT_SHARE = 1.4
"""Next, the way on, is this much wider than each of the other buttons on their row."""


def coach_available() -> bool:
    """Whether the coach's engine is there to review a hand."""
    try:
        return importlib.util.find_spec("game.ai.coach") is not None
    except (ImportError, ValueError):
        return False


def label_size(button: Button, size: int) -> int:
    """The largest text size up to `size` at which `button`'s label fits inside it."""
    room = button.rect.width - max(8, button.rect.height // 3)
    while size > 8 and font(size).size(button.text)[0] > room:
        size -= 1
    return size


class AfterHandButtons:
    """The deal check button (and later the review's) for the result panel of `table`."""

    def __init__(self, app: Any, table: Any) -> None:
        self.app = app
        self.table = table
        here = pygame.Rect(0, 0, 1, 1)
        self.check = Button("Deal check", here.copy(), self.open_check, key="D")
        self.buttons: list[Button] = []
        self.keys: dict[int, Callable[[], None]] = {}
        flow = getattr(table, "flow", None)
        if flow is not None and flow.deal_check() is not None:
            # Only a committed deal has a check (not a prepared lesson, not an old saved hand).
            self.buttons.append(self.check)
            self.keys[pygame.K_d] = self.open_check
        if coach_available():
            self.review = Button("Review", here.copy(), self.open_review, key="R")
            self.buttons.append(self.review)
            self.keys[pygame.K_r] = self.open_review

    def open_check(self) -> None:
        """The deal check of the hand just played."""
        from game.ui.fairplay.deal_check import open_deal_check

        if self.table.hand is not None and self.table.hand.is_over:
            open_deal_check(self.app, self.table)

    def open_review(self) -> None:
        """The coach's review of the hand just played, for the person at the bottom."""
        from game.ui.coach.review import open_review

        if self.table.hand is not None and self.table.hand.is_over:
            open_review(self.app, self.table)

    def place(self, next_button: Button, view: Viewport) -> None:
        """Lay the buttons out with the panel's `next_button` (which may move up a row)."""
        if not self.buttons:
            return
        row = next_button.rect.copy()
        gap = view.px(10)
        size = next_button.size
        count = len(self.buttons) + 1
        unit = (row.width - gap * (count - 1)) / (len(self.buttons) + NEXT_SHARE)
        if unit >= view.px(MIN_PART):
            # One row keeps the panel's height for its text (a phone's panel needs it all).
            x = row.x
            for button in self.buttons:
                button.rect = pygame.Rect(x, row.y, round(unit), row.height)
                x += round(unit) + gap
            next_button.rect = pygame.Rect(x, row.y, row.right - x, row.height)
        else:
            for button, part in zip(self.buttons, split(row, len(self.buttons), gap), strict=True):
                button.rect = part
            next_button.rect = row.move(0, -(row.height + gap))
        for button in [*self.buttons, next_button]:
            button.size = label_size(button, size)
            button.show_key = not view.portrait
