"""The game's one theme: every colour the screens paint with, by what it is for, and the text
sizes several screens share.

Screens import this module and read names from it when they draw (``theme.INK``), never
copies of their own, so "gold" is one gold everywhere, and switching the theme switches
every screen: :func:`apply` puts in the usual colours or the high-contrast ones, and the
felt of the table colour chosen. The card faces and backs keep their own colours
(`game.ui.core.art`, which has a high-contrast face too), as do the suits in running text
(`game.ui.core.richtext`): they are the cards' look, not the screens'. The typeface itself
is chosen in `game.ui.core.text` (DejaVu Sans, shipped in assets/fonts).

A size is a pair: landscape, portrait (design units; ``view.font(size.of(view))`` turns it
into pixels).

>>> from game.ui.core.viewport import Viewport
>>> TITLE.of(Viewport(1280, 720)), TITLE.of(Viewport(390, 844))
(44, 30)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.ui.core.viewport import MIN_EM

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# --- text ----------------------------------------------------------------------------------

INK: RGB = (245, 242, 230)
"""Text on the felt and on panels."""
DIM: RGB = (190, 215, 195)
"""Secondary text: labels, notes, explanations."""
GOLD: RGB = (255, 212, 90)
"""Titles, headlines, values, the player's eye-catchers."""
GREY: RGB = (150, 168, 155)
"""Text of something that does nothing now (a greyed menu row)."""
GOOD: RGB = (130, 235, 140)
"""Good news: the deal check matches, a move the expert agrees with."""
BAD: RGB = (255, 130, 110)
"""Bad news: a failed check, a costly move, an undercut."""
WARN: RGB = (240, 130, 110)
"""The button that does something that cannot be undone (Concede, Forget)."""
REASON: RGB = (240, 175, 120)
"""Why an option does nothing in this game."""
PAPER: RGB = (250, 244, 225)
"""A slip of paper (the daily result's line to share)."""
PAPER_INK: RGB = (40, 35, 25)
"""Writing on paper, and on the light buttons."""
SHINE: RGB = (255, 250, 235)
"""Bright text over the table: messages, a celebration's subtitle."""
SHADOW_INK: RGB = (10, 30, 18)
"""The dark copy under a banner that lets it stand out from the felt."""

# --- the table and the panels ----------------------------------------------------------------

FELT_LIGHT: RGB = (30, 106, 66)
"""The felt in the middle of the table, where the light falls."""
FELT_DARK: RGB = (14, 62, 38)
"""The felt towards the edges of the window."""

PANEL: RGB = (16, 44, 31)
"""The dark green of every panel, board and box."""
PANEL_EDGE: RGB = (60, 130, 90)
"""The thin light edge of the table's side panel."""
TABLE_PANEL: RGB = (14, 60, 38)
"""The table's side panel (scores, the log), a shade lighter than other panels."""
PANEL_BORDER: RGB = GOLD
"""The gold border of a modal panel."""
WELL: RGB = (10, 30, 20)
"""A recessed box on a panel (the deal check under the melds)."""
WELL_DEEP: RGB = (10, 32, 22)
"""The review's verdict box."""
ROW: RGB = (30, 85, 55)
"""A menu row, and the knock-limit badge."""
ROW_HOVER: RGB = (45, 110, 72)
"""A menu row under the mouse."""
ROW_UNAVAILABLE: RGB = (28, 62, 44)
"""A greyed menu row."""
ROW_BAND: RGB = (30, 70, 48)
"""A highlighted band on the score sheet."""
RULE: RGB = (70, 120, 90)
"""Ruled lines, and the track of a scroll bar."""
TRACK: RGB = (40, 80, 58)
"""The track of a thin scroll bar, and a step of the review's timeline."""
TRACK_DONE: RGB = (120, 150, 130)
"""A step of the review's timeline already passed."""
PILE_OUTLINE: RGB = (70, 150, 105)
"""The outline of the stock and discard places on the felt."""
SCRIM: RGBA = (0, 0, 0, 160)
"""The shade over a screen under a modal panel."""
SCRIM_DARK: RGBA = (0, 0, 0, 170)
"""A deeper shade, under the help and the score sheet."""
SCRIM_LIGHT: RGBA = (0, 0, 0, 120)
"""A lighter shade, under a hand the AIs play away from the table."""

# --- buttons and marks ----------------------------------------------------------------------

ACCENT: RGB = (250, 200, 90)
"""The gold of the button that carries on (Next, Start, Lay down), and of knock marks."""
ACCENT_GREEN: RGB = (130, 220, 130)
"""The green of the buttons that take or go gin."""
BUTTON: RGB = (238, 226, 190)
BUTTON_HOVER: RGB = (255, 244, 205)
BUTTON_INK: RGB = PAPER_INK
BUTTON_DISABLED: RGB = (120, 125, 115)
BUTTON_EDGE: RGB = (90, 80, 60)
BUTTON_SHADOW: RGBA = (0, 0, 0, 90)
FOCUS: RGB = (255, 200, 40)
"""The keyboard focus ring of buttons and menu rows."""
FOCUS_RING: RGB = (255, 205, 40)
"""The ring round the selected card."""
SELECT_RING: RGB = (90, 200, 255)
HINT_RING: RGB = (120, 255, 140)
"""The ring round a card the hint (or the best layoff) suggests."""
POINTER: RGB = (255, 120, 40)
"""The tutorial's arrow, and the rules screen's marks on example cards."""
POINTER_EDGE: RGB = (60, 20, 0)
MELD_COLOURS: tuple[RGB, ...] = ((90, 200, 255), (255, 200, 60), (200, 130, 255), (110, 230, 140))
"""The bar under each meld of a revealed row, one colour per meld."""
DEADWOOD_MARK: RGB = (235, 85, 70)
"""The bar under deadwood."""
CONFETTI: dict[str, tuple[RGB, ...]] = {
    "gin": (GOLD, GOOD, SHINE),
    "match": (GOLD, (90, 200, 255), (255, 120, 120), GOOD),
    "shutout": (GOLD, (255, 170, 60), SHINE, (200, 130, 255)),
}
"""The colours of a celebration's confetti, by occasion."""


EDGE_WIDTH = 1
"""How many pixels (at design scale 1) the outlines of buttons and cards are drawn."""

FELTS: dict[str, tuple[RGB, RGB]] = {
    "green": ((30, 106, 66), (14, 62, 38)),
    "blue": ((34, 78, 128), (14, 36, 70)),
    "red": ((120, 36, 44), (62, 14, 22)),
    "grey": ((78, 84, 88), (36, 40, 44)),
}
"""Each table colour's felt: (lit middle, dark edge)."""

HIGH_CONTRAST: dict[str, object] = {
    "INK": (255, 255, 255),
    "DIM": (230, 230, 230),
    "GOLD": (255, 221, 0),
    "GREY": (175, 175, 175),
    "GOOD": (110, 255, 130),
    "BAD": (255, 160, 140),
    "WARN": (255, 160, 140),
    "REASON": (255, 200, 130),
    "SHINE": (255, 255, 255),
    "SHADOW_INK": (0, 0, 0),
    "FELT_LIGHT": (24, 24, 24),
    "FELT_DARK": (0, 0, 0),
    "PANEL": (0, 0, 0),
    "PANEL_EDGE": (255, 255, 255),
    "TABLE_PANEL": (0, 0, 0),
    "PANEL_BORDER": (255, 221, 0),
    "WELL": (28, 28, 28),
    "WELL_DEEP": (28, 28, 28),
    "ROW": (36, 36, 36),
    "ROW_HOVER": (70, 70, 70),
    "ROW_UNAVAILABLE": (18, 18, 18),
    "ROW_BAND": (50, 50, 50),
    "RULE": (210, 210, 210),
    "TRACK": (100, 100, 100),
    "TRACK_DONE": (220, 220, 220),
    "PILE_OUTLINE": (255, 255, 255),
    "SCRIM": (0, 0, 0, 215),
    "SCRIM_DARK": (0, 0, 0, 225),
    "SCRIM_LIGHT": (0, 0, 0, 190),
    "ACCENT": (255, 221, 0),
    "ACCENT_GREEN": (90, 255, 140),
    "BUTTON": (255, 255, 255),
    "BUTTON_HOVER": (255, 255, 170),
    "BUTTON_INK": (0, 0, 0),
    "BUTTON_DISABLED": (120, 120, 120),
    "BUTTON_EDGE": (0, 0, 0),
    "FOCUS": (0, 200, 255),
    "FOCUS_RING": (255, 221, 0),
    "SELECT_RING": (0, 200, 255),
    "HINT_RING": (0, 255, 120),
    "POINTER": (255, 120, 0),
    "MELD_COLOURS": ((0, 200, 255), (255, 221, 0), (235, 140, 255), (0, 245, 120)),
    "DEADWOOD_MARK": (255, 70, 60),
    "EDGE_WIDTH": 2,
}
"""The high-contrast theme: white on black, pure yellow, thicker outlines."""

_USUAL: dict[str, object] = {}
high_contrast = False
"""Whether the high-contrast theme is in force (see :func:`apply`)."""


def apply(contrast: bool = False, table_colour: str = "green") -> None:
    """Switch every screen to the usual theme or the high-contrast one, on `table_colour` felt.

    High contrast keeps a black table whatever the colour chosen.

    >>> from game.ui.core import theme
    >>> theme.apply(contrast=True); theme.INK, theme.FELT_DARK
    ((255, 255, 255), (0, 0, 0))
    >>> theme.apply(table_colour="blue"); theme.INK, theme.FELT_LIGHT
    ((245, 242, 230), (34, 78, 128))
    >>> theme.apply()
    """
    global high_contrast
    if table_colour not in FELTS:
        raise ValueError(f"unknown table colour {table_colour!r}: one of {', '.join(FELTS)}")
    names = globals()
    names.update(_USUAL)
    names["FELT_LIGHT"], names["FELT_DARK"] = FELTS[table_colour]
    if contrast:
        names.update(HIGH_CONTRAST)
    high_contrast = contrast
    names["CONFETTI"] = _confetti()


def _confetti() -> dict[str, tuple[RGB, ...]]:
    return {
        "gin": (GOLD, GOOD, SHINE),
        "match": (GOLD, (90, 200, 255), (255, 120, 120), GOOD),
        "shutout": (GOLD, (255, 170, 60), SHINE, (200, 130, 255)),
    }


def alpha(colour: RGB, opacity: int) -> RGBA:
    """`colour` with an alpha channel.

    >>> alpha(PANEL, 250)
    (16, 44, 31, 250)
    """
    return (colour[0], colour[1], colour[2], opacity)


# --- text sizes ---------------------------------------------------------------------------------


class _Oriented(Protocol):
    @property
    def portrait(self) -> bool: ...


@dataclass(frozen=True)
class Size:
    """A text size in design units: one for landscape windows, one for portrait ones."""

    landscape: float
    portrait: float

    def of(self, view: _Oriented) -> float:
        """The size for `view`'s orientation."""
        return self.portrait if view.portrait else self.landscape


MIN_TEXT = MIN_EM
"""Logical pixels: the smallest em of any text at the table (10 px reads as a smudge on a
phone). A layout that has no room for its text at this size is the layout's to change."""

TITLE = Size(44, 30)
"""A screen's title (help, the deal check, passing the device)."""
BUTTON_TEXT = Size(24, 18)
"""The labels of a screen's buttons."""
BODY = Size(24, 18)
"""Paragraphs on a panel."""


_USUAL.update({name: globals()[name] for name in HIGH_CONTRAST})
