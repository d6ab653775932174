"""Lines of text that may contain suit symbols, with each suit drawn in its own colour.

The engine and the AI describe cards as "7♥". The font has those glyphs, but they would take
the line's colour; here each symbol is drawn with the same suit shapes as the cards, in the
suit's colour (lightened where it would vanish on a dark panel), sized to the capitals so a
14 px club and spade are told apart by their shapes. Lines are cached.

>>> split_suits("Keep 7♥ and 8♠")
[('Keep 7', None), ('', 'H'), (' and 8', None), ('', 'S')]
"""

from __future__ import annotations

import pygame

from game.ui.core.art import draw_suit, suit_colour, suit_width
from game.ui.core.text import Colour, font

SUIT_OF_SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
# A suit is a little taller than a capital (DejaVu's capitals are 0.73 em), as in print.
SUIT_EM = 0.8
CAP_EM = 0.73
_CACHE_LIMIT = 500
_cache: dict[tuple[str, int, tuple[int, ...], bool, bool], pygame.Surface] = {}


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


def suit_ink(suit: str, colour: Colour, four_colour: bool) -> tuple[int, int, int]:
    """The colour a suit is drawn in on a line whose text is `colour`.

    Dark suits on a light-text line (so a dark panel) turn light; red turns a lighter red.

    >>> suit_ink("S", (250, 250, 250), False), suit_ink("S", (20, 20, 20), False)
    ((235, 235, 235), (25, 25, 30))
    """
    ink = suit_colour(suit, four_colour)
    light_text = sum(tuple(colour)[:3]) > 400
    if sum(ink) < 150:
        return (235, 235, 235) if light_text else ink
    if suit in "HD" and not four_colour and light_text:
        return (255, 110, 110)  # a red that reads on dark green
    return ink


def render_rich(
    text: str, size: int, colour: Colour, four_colour: bool = False, bold: bool = False
) -> pygame.Surface:
    """One line with suit symbols drawn as shapes in suit colours; cached."""
    key = (text, size, tuple(colour), four_colour, bold)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    if len(_cache) > _CACHE_LIMIT:
        _cache.clear()
    face = font(size, bold)
    height = face.get_height()
    suit_h = SUIT_EM * size
    centre_y = face.get_ascent() - CAP_EM * size / 2
    pad = max(1.0, 0.08 * size)
    pieces: list[tuple[pygame.Surface | str, int]] = []
    for run, suit in split_suits(text):
        if suit is None:
            image = face.render(run, True, colour)
            pieces.append((image, image.get_width()))
        else:
            pieces.append((suit, round(suit_width(suit, suit_h) + 2 * pad)))
    line = pygame.Surface((max(1, sum(width for _, width in pieces)), height), pygame.SRCALPHA)
    x = 0
    for piece, width in pieces:
        if isinstance(piece, str):
            draw_suit(line, piece, (x + width / 2, centre_y), suit_h, suit_ink(piece, colour, four_colour))
        else:
            line.blit(piece, (x, 0))
        x += width
    _cache[key] = line
    return line


def reset() -> None:
    """Forget cached lines (fonts die with `pygame.quit()`)."""
    _cache.clear()
