"""The hand result panel's buttons for after the hand, registered by the parts that open them.

The table does not know the deal check or the coach's review: each registers an
:class:`AfterHand` (a label, a key, when it is offered and what pressing it does) with the
app's :class:`AfterHandButtons` when the app starts (the composition root, `game.ui.app`).
The panel (`game.ui.table.hand_result`) asks for the ones offered after a hand and lays them
out with its own Next button: beside Next when the row is wide enough for every label at
its usual size, else on a row of their own under it (Next moves up a row, so the panel's
text, which ends above Next, makes room).

>>> buttons = AfterHandButtons()
>>> buttons.register(AfterHand("Deal check", "D", press=lambda app, outcome: None))
>>> [b.label for b in buttons.all()]
['Deal check']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ui.core.column import split, split_by_labels
from game.ui.core.drawing import fitting_size
from game.ui.core.keys import KEY_CODES
from game.ui.core.scene import GameApp
from game.ui.core.text import font
from game.ui.core.theme import MIN_TEXT
from game.ui.core.viewport import Viewport
from game.ui.core.widgets import Button
from game.ui.table.outcome import HandOutcome

MIN_PART = 80
"""Design units a button needs beside Next; narrower rows stack the buttons instead."""
NEXT_SHARE = 1.4
"""Next, the way on, is this much wider than each of the other buttons on their row."""


def _always(outcome: HandOutcome) -> bool:
    return True


@dataclass(frozen=True)
class AfterHand:
    """A button the result panel offers after a hand: its label, its key (by name, as in
    `game.ui.core.keys`), whether this outcome gets it, and what pressing it does."""

    label: str
    key: str
    press: Callable[[GameApp, HandOutcome], None]
    offered: Callable[[HandOutcome], bool] = _always

    @property
    def code(self) -> int:
        """The pygame code of its key."""
        return KEY_CODES[self.key]


class AfterHandButtons:
    """The app's registry of after-hand buttons, in the order they were registered."""

    def __init__(self) -> None:
        self._buttons: list[AfterHand] = []

    def register(self, button: AfterHand) -> None:
        """Offer `button` on every result panel whose outcome it accepts."""
        self._buttons.append(button)

    def all(self) -> list[AfterHand]:
        """Every registered button."""
        return list(self._buttons)

    def offered(self, outcome: HandOutcome) -> list[AfterHand]:
        """The buttons for this outcome."""
        return [button for button in self._buttons if button.offered(outcome)]


def place_row(buttons: list[Button], next_button: Button, view: Viewport) -> None:
    """Lay `buttons` out with the panel's `next_button` (which may move up a row), every
    label of a row at one size: the largest up to Next's own that fits each of them."""
    if not buttons:
        return
    row = next_button.rect.copy()
    gap = view.px(10)
    size = next_button.size
    count = len(buttons) + 1
    unit = (row.width - gap * (count - 1)) / (len(buttons) + NEXT_SHARE)
    smallest = round(MIN_TEXT * view.density)
    pad = max(8, row.height // 3)
    fits = all(font(smallest).size(b.text)[0] + pad <= unit for b in buttons)
    fits = fits and font(smallest).size(next_button.text)[0] + pad <= unit * NEXT_SHARE
    if unit >= view.px(MIN_PART) and fits:
        # One row keeps the panel's height for its text (a phone's panel needs it all). Each
        # button is as wide as its label asks (Next the widest), so one size fits them all.
        everything = [*buttons, next_button]
        for button, part in zip(
            everything, split_by_labels(row, everything, size, gap, share=NEXT_SHARE), strict=True
        ):
            button.rect = part
    else:
        for button, part in zip(buttons, split(row, len(buttons), gap), strict=True):
            button.rect = part
        next_button.rect = row.move(0, -(row.height + gap))
    rows: dict[int, list[Button]] = {}
    for button in [*buttons, next_button]:
        rows.setdefault(button.rect.y, []).append(button)
    for row_buttons in rows.values():
        # One label size a row, the largest every label of it fits at: a row of mixed sizes
        # reads as if one button mattered less.
        shared = min(fitting_size(button, size) for button in row_buttons)
        for button in row_buttons:
            button.size = shared
            button.show_key = not view.portrait
