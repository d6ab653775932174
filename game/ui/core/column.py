"""A centred column for screens that are lists of things: menus, results, statistics, help.

Screens other than the table are laid out as a column of rows, in design units, turned into
real pixels by the window's :class:`~game.ui.core.viewport.Viewport`. In landscape the column is
a readable width in the middle of the window; in portrait it takes the phone's width. Rows
are taken from the top (`take`) or reserved at the bottom (`take_bottom`, for the buttons
that must always be reachable), and what is left in between can scroll.

>>> from game.ui.core.viewport import Viewport
>>> column = Column(Viewport(390, 844), width=520)
>>> title = column.take(40)
>>> back = column.take_bottom(48)
>>> title.top < back.top and back.bottom <= 844 and back.height >= 44
True
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.ui.core.text import font
from game.ui.core.viewport import Viewport
from game.ui.core.widgets import Button

TOUCH_MIN = 44
"""The smallest height of anything a finger must hit, in logical pixels."""
SIDEWAYS_DESIGN = (760, 400)
"""The design area on a phone held sideways: the usual 1280x720 would halve every text."""


def panel_view(view: Viewport) -> Viewport:
    """The window as a short column lays itself out in it: at a larger scale on a phone held
    sideways (a panel over the table, the online lobby), as it is anywhere else.

    >>> panel_view(Viewport(844, 390)).scale, panel_view(Viewport(1280, 720)).scale
    (0.975, 1.0)
    """
    return replace(view, design=SIDEWAYS_DESIGN) if view.short_landscape else view


class Column:
    """Rows stacked in a centred column of `width` design units (narrower on a phone)."""

    def __init__(
        self, view: Viewport, width: float = 640, top: float = 16, bottom: float = 12, margin: float = 12
    ) -> None:
        self.view = view
        design_w, design_h = view.design_size
        self.width = min(width, design_w - 2 * margin)
        self.x = (design_w - self.width) / 2
        self.y = top
        self.floor = design_h - bottom

    @property
    def portrait(self) -> bool:
        """True in a portrait window."""
        return self.view.portrait

    def take(self, height: float, gap: float = 8) -> pygame.Rect:
        """The next row from the top, `height` design units tall."""
        rect = self.view.rect(self.x, self.y, self.width, height)
        self.y += height + gap
        return rect

    def take_bottom(self, height: float, gap: float = 8) -> pygame.Rect:
        """A row from the bottom up (the first call is the lowest row)."""
        self.floor -= height
        rect = self.view.rect(self.x, self.floor, self.width, height)
        self.floor -= gap
        return rect

    def inside(self, side: float, top: float = 0, bottom: float = 0) -> Column:
        """A column within what is left of this one: `side` units narrower in all, starting
        `top` below the rows taken and ending `bottom` above the rows taken from the bottom
        (a panel's content inside the panel).

        >>> from game.ui.core.viewport import Viewport
        >>> board = Column(Viewport(1280, 720), width=800, top=50, bottom=50)
        >>> inner = board.inside(side=40, top=10, bottom=12)
        >>> (inner.width, inner.y, inner.floor)
        (760, 60, 658)
        """
        design_h = self.view.design_size[1]
        return Column(
            self.view, width=self.width - side, top=self.y + top, bottom=design_h - self.floor + bottom
        )

    def skip(self, height: float) -> None:
        """Leave `height` design units empty."""
        self.y += height

    def remaining(self) -> pygame.Rect:
        """What is left between the rows taken from the top and from the bottom."""
        return self.view.rect(self.x, self.y, self.width, max(1.0, self.floor - self.y))

    @property
    def units_left(self) -> float:
        """Design units left between top and bottom rows."""
        return self.floor - self.y

    def px(self, units: float) -> int:
        """A design length in pixels."""
        return self.view.px(units)

    def font(self, units: float) -> int:
        """A design font size in pixels."""
        return self.view.font(units)


def split(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """`rect` cut into `count` equal side-by-side parts with `gap` pixels between them.

    >>> [r.width for r in split(pygame.Rect(0, 0, 100, 10), 3, 5)]
    [30, 30, 30]
    """
    if count <= 0:
        return []
    width = (rect.width - gap * (count - 1)) / count
    parts = []
    for index in range(count):
        left = round(rect.x + index * (width + gap))
        right = round(rect.x + index * (width + gap) + width)
        parts.append(pygame.Rect(left, rect.y, right - left, rect.height))
    return parts


def split_by_labels(rect: pygame.Rect, buttons: list[Button], size: int, gap: int, lead: int = -1,
                    share: float = 1.4) -> list[pygame.Rect]:  # fmt: skip
    """`rect` cut into one part per button, each as wide as its label at `size` asks (the
    `lead` button, the way on, at least `share` times the others' mean), filling the row: so
    one label size fits every button where equal parts would squeeze a long label."""
    pad = max(8, rect.height // 3)
    wants: list[float] = [font(size).size(button.text)[0] + pad for button in buttons]
    others = [want for index, want in enumerate(wants) if index != lead % len(wants)]
    if others:
        wants[lead] = max(wants[lead], share * sum(others) / len(others))
    scale = (rect.width - gap * (len(buttons) - 1)) / sum(wants)
    parts, x = [], float(rect.x)
    for want in wants:
        parts.append(pygame.Rect(round(x), rect.y, round(x + want * scale) - round(x), rect.height))
        x += want * scale + gap
    return parts


def row_height(view: Viewport, landscape: float, portrait: float | None = None) -> float:
    """A row height in design units; in portrait (a phone) never under 44 logical pixels."""
    if not view.portrait:
        return landscape
    units = portrait if portrait is not None else landscape
    return max(units, TOUCH_MIN * view.density / view.scale)


def finger_row(view: Viewport, landscape: float, portrait: float | None = None) -> float:
    """:func:`row_height`, and on a phone held sideways too never under 44 logical pixels
    (the menus around the table; the table's own panels keep their heights)."""
    units = row_height(view, landscape, portrait)
    return max(units, TOUCH_MIN * view.density / view.scale) if view.short_landscape else units


def place_button_bar(view: Viewport, column: Column, buttons: list[Button]) -> None:
    """Four buttons taken from the foot of `column`: one row on a big screen, two rows of
    two on a phone (each still a fingertip tall), their labels sized to match."""
    portrait = view.portrait
    size = row_height(view, 50, 46)
    gap = view.px(10)
    if portrait:
        lower = split(column.take_bottom(size, gap=8), 2, gap)
        upper = split(column.take_bottom(size, gap=8), 2, gap)
        rects = [upper[0], upper[1], lower[0], lower[1]]
    else:
        rects = split(column.take_bottom(size, gap=10), 4, gap)
    for button, rect in zip(buttons, rects, strict=True):
        button.rect = rect
        button.size = view.font(22 if not portrait else 16)
        button.show_key = not portrait
