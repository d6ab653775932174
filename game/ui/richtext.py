"""Lines of text that may contain suit symbols, with the suits drawn as vector shapes.

The engine and the AI describe cards as "7♥"; the bundled font shows those symbols as empty
boxes, so each symbol is replaced by a drawn suit of the line's height. Lines are cached.

>>> split_suits("Keep 7♥ and 8♠")
[('Keep 7', None), ('', 'H'), (' and 8', None), ('', 'S')]
"""

from __future__ import annotations

import pygame

from game.ui.art import draw_suit, suit_colour
from game.ui.text import Colour, font

SUIT_OF_SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
_cache: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}


def split_suits(text: str) -> list[tuple[str, str | None]]:
    """Text runs and suit letters, in order: (run, None) or ("", suit)."""
    parts: list[tuple[str, str | None]] = []
    run = ""
    for char in text:
        suit = SUIT_OF_SYMBOL.get(char)
        if suit is None:
            run += char
            continue
        if run:
            parts.append((run, None))
            run = ""
        parts.append(("", suit))
    if run:
        parts.append((run, None))
    return parts


def render_rich(text: str, size: int, colour: Colour, four_colour: bool = False) -> pygame.Surface:
    """One line with suit symbols drawn as shapes (in suit colours); cached."""
    key = (text, size, tuple(colour), four_colour)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    if len(_cache) > 500:
        _cache.clear()
    face = font(size)
    pieces: list[pygame.Surface] = []
    height = face.get_linesize()
    for run, suit in split_suits(text):
        if suit is None:
            pieces.append(face.render(run, True, colour))
            continue
        glyph = pygame.Surface((int(height * 0.8), height), pygame.SRCALPHA)
        ink = suit_colour(suit, four_colour)
        if sum(ink) < 150:
            ink = (235, 235, 235) if sum(tuple(colour)[:3]) > 400 else ink  # black on dark panels
        elif suit in "HD" and not four_colour:
            ink = (255, 110, 110)  # a red that reads on dark green
        draw_suit(glyph, suit, (glyph.get_width() / 2, height * 0.48), height * 0.62, ink)
        pieces.append(glyph)
    width = sum(p.get_width() for p in pieces) or 1
    line = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        line.blit(piece, (x, (height - piece.get_height()) // 2))
        x += piece.get_width()
    _cache[key] = line
    return line


def reset() -> None:
    """Forget cached lines (fonts die with `pygame.quit()`)."""
    _cache.clear()
