"""The window as the layouts see it: its real pixel size, its density and its orientation.

Nothing is drawn on a fixed picture and scaled any more: every scene lays itself out for the
window's actual pixels. Layouts are written in *design units* (a landscape design about
1280x720, a portrait one about 360x640, each stretching in one direction to fit the
window's shape) and turned into real pixels by a scale that keeps text and touch targets
the same physical size whatever the window.

`density` is the number of real pixels per logical (CSS) pixel: 1 on the desktop, the
browser's `devicePixelRatio` on a phone. Touch-target rules ("at least 44 px") are about
logical pixels.

`zoom` is the player's card and text size (1.0 to 1.6): it multiplies the scale, so every
design unit is that much bigger and the design area that much smaller. Screens that are
columns of rows just get fewer rows to a window (and scroll); the table keeps its own
geometry at the usual scale (:meth:`Viewport.unzoomed`) and grows its cards and its text.

>>> view = Viewport(1920, 1080)
>>> view.portrait, view.scale, view.design_size
(False, 1.5, (1280, 720))
>>> phone = Viewport(390, 844)
>>> phone.portrait, phone.design_size
(True, (360, 779))
>>> phone.rect(0, 0, 360, 44).height >= 44
True
>>> big = Viewport(1920, 1080, zoom=1.6)
>>> big.scale, big.design_size, big.unzoomed().scale
(2.4, (800, 450), 1.5)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import pygame

from game.flags import parse_size

LANDSCAPE_DESIGN = (1280, 720)
"""The smallest design area of a landscape layout, in design units."""
PORTRAIT_DESIGN = (360, 640)
"""The smallest design area of a portrait layout, in design units."""
MIN_WINDOW = (200, 200)
"""Windows smaller than this are laid out as if they were this big."""
MAX_WINDOW = (8192, 8192)
ZOOMS = (1.0, 2.0)
"""The smallest and largest card and text size a viewport accepts."""
MIN_EM = 12
"""The smallest em of any text, in logical pixels (the theme's MIN_TEXT)."""
TEXT_EM = 0.7
"""The font's em as a fraction of a design text size (DejaVu Sans is large for its em)."""


@dataclass(frozen=True)
class Viewport:
    """A window of `width` x `height` real pixels with `density` real pixels per logical pixel."""

    width: int
    height: int
    density: float = 1.0
    design: tuple[int, int] | None = None
    """A design area of the layout's own (the table on a phone held sideways); None: the
    orientation's usual one."""
    zoom: float = 1.0
    """The player's card and text size: 1.0 usual, up to 1.6 in the settings."""
    text_zoom: float = 1.0
    """How much bigger the text is than the scale makes it (see :meth:`unzoomed`)."""

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"a window needs a positive size, not {self.width}x{self.height}")
        if not 0.5 <= self.density <= 8:
            raise ValueError(f"pixel density {self.density} is out of range (0.5 to 8)")
        if not ZOOMS[0] <= self.zoom <= ZOOMS[1]:
            raise ValueError(f"card and text size {self.zoom} is out of range ({ZOOMS[0]} to {ZOOMS[1]})")

    def unzoomed(self) -> Viewport:
        """This window with the usual geometry but the text still at the player's size: what
        the table and the panels over it are laid out in (their cards grow by their own rules).

        >>> big = Viewport(1280, 720, zoom=1.5)
        >>> big.unzoomed().px(100), big.unzoomed().font(20) == big.font(20)
        (100, True)
        """
        if self.zoom == 1.0:
            return self
        return replace(self, zoom=1.0, text_zoom=self.zoom * self.text_zoom)

    @property
    def short_landscape(self) -> bool:
        """A landscape window under 560 logical pixels tall (a phone held sideways).

        The usual 1280x720 design would shrink to half size there; the table has a compact
        layout of its own for it.
        """
        return not self.portrait and self.height / self.density < 560 and self.width / self.height >= 1.6

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in real pixels."""
        return (self.width, self.height)

    @property
    def portrait(self) -> bool:
        """True when the window is taller than it is wide."""
        return self.height > self.width

    @property
    def design_minimum(self) -> tuple[int, int]:
        """The design area this orientation's layouts are written for."""
        if self.design is not None:
            return self.design
        return PORTRAIT_DESIGN if self.portrait else LANDSCAPE_DESIGN

    @cached_property
    def scale(self) -> float:
        """Real pixels per design unit.

        The design area always fits: 1280x720 fills a 1920x1080 screen at 1.5, and 360x640
        fills a 360x640 phone at one pixel per unit, so a 44-unit button there is 44 pixels.
        """
        design_w, design_h = self.design_minimum
        return round(min(self.width / design_w, self.height / design_h) * self.zoom, 4)

    @cached_property
    def design_size(self) -> tuple[int, int]:
        """The window in design units: at least the design area in one direction."""
        scale = self.scale
        return (int(self.width / scale), int(self.height / scale))

    def px(self, units: float) -> int:
        """A length in design units as whole real pixels (at least 1)."""
        return max(1, round(units * self.scale))

    def font(self, units: float) -> int:
        """A text size in design units as the font's em in real pixels.

        Design text sizes are the height a line of text takes; the font's em (what
        `pygame.font.Font` is given) is :data:`TEXT_EM` of that. Never below :data:`MIN_EM`
        logical pixels (a phone held sideways shrinks the 1280x720 design to about half).
        """
        return max(round(MIN_EM * self.density), round(units * self.scale * TEXT_EM * self.text_zoom))

    def point(self, x: float, y: float) -> tuple[int, int]:
        """A design-unit point in real pixels."""
        scale = self.scale
        return (round(x * scale), round(y * scale))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A design-unit rectangle in real pixels (edges rounded, so neighbours still touch)."""
        scale = self.scale
        left, top = round(x * scale), round(y * scale)
        right, bottom = round((x + w) * scale), round((y + h) * scale)
        return pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))


def parse_window(text: str) -> tuple[int, int]:
    """A window size from the command line ("1280x720").

    >>> parse_window("390x844")
    (390, 844)
    >>> parse_window("big")
    Traceback (most recent call last):
    ...
    ValueError: window size must look like WIDTHxHEIGHT (e.g. 1280x720), not 'big'
    """
    return parse_size(text, MIN_WINDOW, MAX_WINDOW, "window size")
