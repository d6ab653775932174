"""Text in DejaVu Sans (shipped in assets/fonts/), rendered once and reused.

The font file is a subset of DejaVu Sans made by tools/make_font.py (Latin-1, dashes,
quotes, arrows, the suit symbols; see docs/assets.md). Bold text is the same font emboldened
by FreeType (a bold file would add 30 KB to every page load for a few headings). It is loaded by
path next to the package, which is where the browser build puts them too. If they are
missing, pygame's bundled font stands in (it has no suit symbols and poorer kerning).

`size` is the font's em in pixels, as in CSS: `font(14)` is 14 px text, about 10 px from
baseline to capital top. Rendering text is one of the slowest things a frame can do;
`label()` caches surfaces by (text, size, colour, bold), so a steady screen re-renders
nothing, and fonts are kept for the FONT_SIZES sizes used most recently.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[3] / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans-subset.ttf"
FONT_SIZES = 32
_LABEL_CACHE_LIMIT = 2000

Colour = tuple[int, int, int] | tuple[int, int, int, int]

_fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
_labels: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}


def reset() -> None:
    """Forget fonts and labels (they die with `pygame.quit()`; a new app starts afresh)."""
    _fonts.clear()
    _labels.clear()


def font_path(bold: bool = False) -> Path | None:
    """The shipped font file (one for both weights), or None when it is missing."""
    return REGULAR if REGULAR.is_file() else None


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans (emboldened when `bold`) with an em of `size` pixels, created once per size.

    >>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    'dummy'
    >>> font(20).get_height() > font(12).get_height()
    True
    """
    if not pygame.font.get_init():
        # Fonts made before the module was quit are dead; start the cache afresh.
        _fonts.clear()
        pygame.font.init()
    size = max(1, int(size))
    key = (size, bold)
    cached = _fonts.get(key)
    if cached is not None:
        _fonts.move_to_end(key)
        return cached
    path = font_path(bold)
    if path is not None:
        cached = pygame.font.Font(str(path), size)
    else:
        # pygame's own font draws size N with an em of about 0.69 N: scale it to match.
        cached = pygame.font.Font(None, round(size / 0.6875))
    if bold:
        cached.bold = True
    _fonts[key] = cached
    while len(_fonts) > FONT_SIZES:
        _fonts.popitem(last=False)
    return cached


def label(text: str, size: int, colour: Colour = (240, 240, 240), bold: bool = False) -> pygame.Surface:
    """A rendered, anti-aliased line of text, cached."""
    key = (text, size, tuple(colour), bold)
    surface = _labels.get(key)
    if surface is None:
        if len(_labels) > _LABEL_CACHE_LIMIT:
            _labels.clear()
        surface = _labels[key] = font(size, bold).render(text, True, colour)
    return surface


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines that fit `width` pixels at `size`.

    >>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    'dummy'
    >>> wrap("Knock with ten or less", 20, 120)
    ['Knock with', 'ten or less']

    A short group in brackets, such as the counts "(8 v 15)", is never split:

    >>> wrap("knock by West (8 v 15)", 20, 190)
    ['knock by West', '(8 v 15)']
    """
    words = _keep_short_brackets(text.split())
    lines: list[str] = []
    current = ""
    measure = font(size, bold)
    for word in words:
        trial = f"{current} {word}".strip()
        if current and measure.size(trial)[0] > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def _keep_short_brackets(words: list[str], longest: int = 3) -> list[str]:
    """`words` with each bracketed group of up to `longest` words joined into one."""
    joined: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word.startswith("(") and not word.endswith(")"):
            end = next(
                (i for i in range(index + 1, min(len(words), index + longest)) if words[i].endswith(")")),
                None,
            )
            if end is not None:
                joined.append(" ".join(words[index : end + 1]))
                index = end + 1
                continue
        joined.append(word)
        index += 1
    return joined


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    anchor: str,
    position: tuple[float, float],
    bold: bool = False,
) -> pygame.Rect:
    """Blit a cached label with its rect anchored at `position` ("center", "topleft", ...)."""
    image = label(text, size, colour, bold)
    rect = image.get_rect(**{anchor: (round(position[0]), round(position[1]))})
    surface.blit(image, rect)
    return rect
