"""The table's buttons: which exist, where they go, which show now, and what a pointer can press.

Each button calls one of the table's controller methods; its key comes from the key
bindings (`game.ui.core.keys`), so the key shown is the key that works. Buttons for one
phase of the hand (Take, Pass, the arrangements, the layoffs) sit in the middle of the
table; the rest in the side panel (landscape) or the tool row (portrait). A button shows
only while its action is legal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules import DrawDiscard, Knock, Phase
from game.ui.core import theme
from game.ui.core.drawing import fitting_size
from game.ui.core.keys import button_key
from game.ui.core.widgets import Button, ButtonRow
from game.ui.table.layout import CONTEXT_BUTTONS

if TYPE_CHECKING:
    from game.ui.table.protocols import Table

SHEET_LABEL = "Score sheet"

BUTTONS: tuple[tuple[str, str, theme.RGB | None], ...] = (
    ("knock", "Knock", theme.ACCENT),
    ("gin", "Gin", theme.ACCENT_GREEN),
    ("rank", "Rank", None),
    ("suit", "Suit", None),
    ("melds", "Melds", None),
    ("hint", "Hint", None),
    ("sheet", SHEET_LABEL, None),
    ("help", "Help", None),
    ("menu", "Menu", None),
    ("take", "Take", theme.ACCENT_GREEN),
    ("pass", "Pass", None),
    ("prev", "<", None),
    ("lay", "Lay down", theme.ACCENT),
    ("next", ">", None),
    ("suggest", "Lay off best", theme.ACCENT_GREEN),
    ("done", "Done", None),
    ("cancel", "Cancel knock", None),
)
"""Every button of the table: its name, its label and its accent colour (None: plain)."""


def _actions(table: Table) -> dict[str, Callable[[], object]]:
    """What each button does: a controller method of the table."""
    return {
        "knock": table.start_knock,
        "gin": table.go_gin,
        "rank": lambda: table.sort("rank"),
        "suit": lambda: table.sort("suit"),
        "melds": lambda: table.sort("melds"),
        "hint": table.show_hint,
        "sheet": table.open_sheet,
        "help": table.open_help,
        "menu": table.open_menu,
        "take": table.take_discard,
        "pass": table.pass_turn,
        "prev": lambda: table.cycle_arrangement(-1),
        "lay": table.lay_down,
        "next": lambda: table.cycle_arrangement(1),
        "suggest": table.lay_off_suggested,
        "done": table.finish_layoffs,
        "cancel": table.cancel_knock,
    }


class TableControls:
    """The table's buttons, by name, in the panel's row and the middle row."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.buttons: dict[str, Button] = {}
        self.panel_buttons = ButtonRow()
        self.context_buttons = ButtonRow()
        actions = _actions(table)
        for name, text, accent in BUTTONS:
            button = Button(text, pygame.Rect(0, 0, 1, 1), actions[name], key=button_key(name), accent=accent)
            self.buttons[name] = button
            (self.context_buttons if name in CONTEXT_BUTTONS else self.panel_buttons).add(button)

    def place(self) -> None:
        """Put every button where the layout says, at a text size that fits it."""
        layout = self.table.layout
        for name, button in self.buttons.items():
            rect = layout.buttons.get(name)
            button.rect = rect.copy() if rect is not None else pygame.Rect(-100, -100, 1, 1)
            button.size = layout.font(22 if layout.portrait else (26 if name in ("knock", "gin") else 22))
            button.show_key = not layout.portrait
            button.least = round(theme.MIN_TEXT * layout.view.density)  # never under readable
        self.buttons["menu"].size = layout.font(17 if layout.portrait else 22)
        self.buttons["sheet"].text = "Scores" if layout.portrait or layout.compact else SHEET_LABEL
        if layout.zoom != 1.0:  # bigger text: as big as each button's width allows
            for button in self.buttons.values():
                button.size = fitting_size(button, button.size)
        # The tools share one size, the largest every label fits (a phone's row read Rank at
        # 18 px beside Scores at 13: labels in different sizes look broken).
        placed = [self.buttons[name] for name in layout.buttons if name in self.buttons and name != "menu"]
        tools = [b for b in self.panel_buttons.buttons if b in placed]
        if tools:
            shared = min(fitting_size(button, button.size) for button in tools)
            for button in tools:
                button.size = shared

    def update(self) -> None:
        """Show only the buttons whose actions are legal now."""
        table = self.table
        hand = table.hand
        turn = table.human_turn() and not table.dealing  # nothing to press while cards fly in
        phase = hand.phase if hand is not None else None
        legal = table.legal()
        b = self.buttons
        offer = turn and phase in (Phase.UPCARD_OFFER, Phase.LAST_CHANCE)
        b["take"].visible = offer
        b["take"].enabled = DrawDiscard() in legal
        b["pass"].visible = offer
        discarding = turn and phase is Phase.DISCARD
        knocks = table.knock_cards() if discarding else []
        b["knock"].visible = bool(knocks)
        b["gin"].visible = discarding and (bool(table.gin_cards()) or Knock(None) in legal)
        b["gin"].text = "Big gin" if Knock(None) in legal else "Gin"
        b["cancel"].visible = table.knock_mode and discarding
        arranging = turn and phase is Phase.ARRANGE
        for name in ("prev", "lay", "next"):
            b[name].visible = arranging
        b["prev"].enabled = b["next"].enabled = len(table.arrangements) > 1
        laying_off = turn and phase is Phase.LAYOFF
        b["suggest"].visible = b["done"].visible = laying_off
        defence = table.suggested_defence()
        b["suggest"].enabled = defence is not None and bool(defence.layoffs)
        b["hint"].enabled = turn
        playing = hand is not None and not hand.is_over
        for name in ("rank", "suit", "melds"):
            b[name].enabled = playing  # the end of a hand is shown grouped by the engine's melds
        b["sheet"].visible = table.match is not None
        self._centre_the_moment()

    def _centre_the_moment(self) -> None:
        """The buttons of the moment shown in the context row stand together in its middle
        (Knock alone is not left off to one side of an empty place for Gin)."""
        layout = self.table.layout
        row = layout.context_row
        if row is None:
            return
        shown = [
            (layout.buttons[name].left, self.buttons[name])
            for name in CONTEXT_ROW
            if self.buttons[name].visible and name in layout.buttons and layout.buttons[name].top == row.top
        ]
        if not shown:
            return
        shown.sort(key=lambda pair: pair[0])
        gap = layout.px(12)
        total = sum(button.rect.width for _, button in shown) + gap * (len(shown) - 1)
        x = row.centerx - total // 2
        for _, button in shown:
            button.rect.x = x
            x += button.rect.width + gap

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """Live buttons, the piles, and the part of each of the person's cards that shows."""
        self.update()
        table = self.table
        targets = self.panel_buttons.targets() + self.context_buttons.targets()
        hand = table.hand
        if hand is None:
            return targets
        layout = table.layout
        if table.stock_shown and not (layout.portrait and table.laid_out):
            targets.append(("stock", layout.stock))
        if hand.discard_pile and not (layout.portrait and table.laid_out):
            targets.append(("discard", layout.discard))
        rects = [(c, table.sprites[c].rect()) for c in table.row_cards(table.me) if c in table.sprites]
        for index, (card, rect) in enumerate(rects):
            shown = rect.copy()
            for _, above in rects[index + 1 :]:
                shown = uncovered(shown, above)
            targets.append((str(card), shown))
        return targets

    def shortcuts(self, cover: pygame.Rect) -> list[Button]:
        """The Menu, Help and Score sheet buttons left in view beside a panel at `cover`."""
        self.update()
        return [
            self.buttons[name]
            for name in SHORTCUTS
            if self.buttons[name].live and not self.buttons[name].rect.colliderect(cover)
        ]


CONTEXT_ROW = ("knock", "gin", "cancel", "take", "pass", "prev", "lay", "next", "suggest", "done")
"""Buttons that may stand in the row of the moment over the hand."""

SHORTCUTS = ("menu", "help", "sheet")
"""The buttons that keep working while a result panel is over the table."""


def uncovered(rect: pygame.Rect, cover: pygame.Rect) -> pygame.Rect:
    """The largest part of `rect` left visible by `cover` on one side (a fanned card's strip)."""
    if not rect.colliderect(cover):
        return rect
    pieces = [
        pygame.Rect(rect.left, rect.top, max(0, cover.left - rect.left), rect.height),
        pygame.Rect(cover.right, rect.top, max(0, rect.right - cover.right), rect.height),
        pygame.Rect(rect.left, rect.top, rect.width, max(0, cover.top - rect.top)),
        pygame.Rect(rect.left, cover.bottom, rect.width, max(0, rect.bottom - cover.bottom)),
    ]
    # The piece a fingertip fits best: the widest narrow side, then the most area.
    return max(pieces, key=lambda p: (min(p.width, p.height), p.width * p.height))
