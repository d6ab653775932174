"""Card art drawn by code: vector suit shapes, faces and backs, cached per size.

The bundled pygame font has no suit glyphs, so suits are polygons and circles. Each card is
drawn once at SUPERSAMPLE times its size and smooth-scaled down, which anti-aliases the
shapes; the result is cached by (card, size, palette), so a frame only blits.
"""

from __future__ import annotations

import math

import pygame

from game.ui.text import Colour, font

SUPERSAMPLE = 3
SUITS = "CDHS"
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}

TWO_COLOUR = {"C": (25, 25, 30), "D": (200, 30, 40), "H": (200, 30, 40), "S": (25, 25, 30)}
FOUR_COLOUR = {"C": (20, 130, 50), "D": (30, 90, 200), "H": (200, 30, 40), "S": (25, 25, 30)}

CARD_FACE = (250, 248, 240)
CARD_EDGE = (120, 120, 110)
BACK_MAIN = (150, 35, 45)
BACK_LINE = (205, 90, 95)


def rank_label(rank: int) -> str:
    """The corner label of a rank: A, 2..10, J, Q, K.

    >>> rank_label(1), rank_label(10), rank_label(12)
    ('A', '10', 'Q')
    """
    return RANK_LABELS.get(rank, str(rank))


def suit_colour(suit: str, four_colour: bool) -> tuple[int, int, int]:
    """Ink colour of a suit letter ("C", "D", "H", "S") in the chosen palette."""
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]


def draw_suit(
    surface: pygame.Surface,
    suit: str,
    centre: tuple[float, float],
    size: float,
    colour: Colour,
) -> None:
    """Draw one suit symbol `size` pixels tall centred on `centre`."""
    cx, cy = centre
    s = size / 2.0
    if suit == "D":
        points = [(cx, cy - s), (cx + s * 0.72, cy), (cx, cy + s), (cx - s * 0.72, cy)]
        pygame.draw.polygon(surface, colour, points)
    elif suit == "H":
        r = s * 0.52
        pygame.draw.circle(surface, colour, (cx - r * 0.92, cy - s * 0.38), r)
        pygame.draw.circle(surface, colour, (cx + r * 0.92, cy - s * 0.38), r)
        points = [(cx - s * 0.98, cy - s * 0.22), (cx + s * 0.98, cy - s * 0.22), (cx, cy + s)]
        pygame.draw.polygon(surface, colour, points)
    elif suit == "S":
        r = s * 0.48
        pygame.draw.circle(surface, colour, (cx - r * 0.95, cy + s * 0.18), r)
        pygame.draw.circle(surface, colour, (cx + r * 0.95, cy + s * 0.18), r)
        points = [(cx - s * 0.93, cy + s * 0.05), (cx + s * 0.93, cy + s * 0.05), (cx, cy - s)]
        pygame.draw.polygon(surface, colour, points)
        _draw_stem(surface, cx, cy, s, colour)
    elif suit == "C":
        r = s * 0.4
        pygame.draw.circle(surface, colour, (cx, cy - s * 0.5), r)
        pygame.draw.circle(surface, colour, (cx - s * 0.48, cy + s * 0.12), r)
        pygame.draw.circle(surface, colour, (cx + s * 0.48, cy + s * 0.12), r)
        pygame.draw.circle(surface, colour, (cx, cy), r * 0.6)
        _draw_stem(surface, cx, cy, s, colour)
    else:
        raise ValueError(f"unknown suit {suit!r}")


def _draw_stem(surface: pygame.Surface, cx: float, cy: float, s: float, colour: Colour) -> None:
    points = [(cx, cy + s * 0.1), (cx + s * 0.38, cy + s), (cx - s * 0.38, cy + s)]
    pygame.draw.polygon(surface, colour, points)


def _rounded(
    surface: pygame.Surface, rect: pygame.Rect, fill: Colour, edge: Colour, radius: int, width: int
) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)


def _draw_face(big: pygame.Surface, rank: int, suit: str, four_colour: bool) -> None:
    w, h = big.get_size()
    radius = max(2, int(w * 0.09))
    _rounded(big, big.get_rect(), CARD_FACE, CARD_EDGE, radius, max(1, w // 60))
    ink = suit_colour(suit, four_colour)
    label = rank_label(rank)
    label_size = int(h * (0.27 if len(label) == 1 else 0.24))
    text = font(label_size).render(label, True, ink)
    if len(label) > 1:
        # Keep "10" inside the corner strip that stays visible in a fanned hand.
        text = pygame.transform.smoothscale(text, (int(w * 0.34), text.get_height()))
    margin = int(w * 0.06)
    big.blit(text, (margin, int(h * 0.035)))
    corner_suit = h * 0.15
    draw_suit(big, suit, (margin + w * 0.15, h * 0.31), corner_suit, ink)
    # Upside-down index in the opposite corner, as on a real card.
    flipped = pygame.transform.rotate(text, 180)
    big.blit(flipped, (w - margin - flipped.get_width(), h - int(h * 0.035) - flipped.get_height()))
    draw_suit(big, suit, (w - margin - w * 0.15, h - h * 0.31), corner_suit, ink)
    if rank >= 11:
        _draw_court(big, label, suit, ink)
    else:
        draw_suit(big, suit, (w * 0.6, h * 0.56), h * 0.36, ink)


def _draw_court(big: pygame.Surface, label: str, suit: str, ink: Colour) -> None:
    w, h = big.get_size()
    frame = pygame.Rect(int(w * 0.34), int(h * 0.2), int(w * 0.55), int(h * 0.6))
    tint = tuple(min(255, c // 5 + 205) for c in ink)
    pygame.draw.rect(big, tint, frame, border_radius=int(w * 0.05))
    pygame.draw.rect(big, ink, frame, width=max(2, w // 70), border_radius=int(w * 0.05))
    letter = font(int(h * 0.3)).render(label, True, ink)
    big.blit(letter, letter.get_rect(center=(frame.centerx, frame.centery - h * 0.07)))
    draw_suit(big, suit, (frame.centerx, frame.bottom - h * 0.12), h * 0.14, ink)


def _draw_back(big: pygame.Surface) -> None:
    w = big.get_width()
    radius = max(2, int(w * 0.09))
    _rounded(big, big.get_rect(), CARD_FACE, CARD_EDGE, radius, max(1, w // 60))
    inner = big.get_rect().inflate(-int(w * 0.14), -int(w * 0.14))
    pygame.draw.rect(big, BACK_MAIN, inner, border_radius=max(2, radius // 2))
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(4, w // 9)
    line = max(1, w // 45)
    for offset in range(-inner.height, inner.width, step):
        pygame.draw.line(pattern, BACK_LINE, (offset, 0), (offset + inner.height, inner.height), line)
        pygame.draw.line(pattern, BACK_LINE, (offset, inner.height), (offset + inner.height, 0), line)
    big.blit(pattern, inner.topleft)
    pygame.draw.rect(big, (240, 220, 200), inner, width=max(1, w // 40), border_radius=radius // 2)
    centre = inner.center
    pygame.draw.circle(big, (240, 220, 200), centre, int(w * 0.16))
    draw_suit(big, "S", centre, w * 0.2, BACK_MAIN)


class CardArt:
    """Renders and caches card faces and backs for any size.

    >>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    'dummy'
    >>> art = CardArt()
    >>> art.face(1, "S", (60, 84)).get_size()
    (60, 84)
    """

    def __init__(self) -> None:
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def face(self, rank: int, suit: str, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
        """The face of a card of `rank` (1..13) and `suit` ("CDHS") at `size`."""
        key = ("face", rank, suit, size, four_colour)
        surface = self._cache.get(key)
        if surface is None:
            big = _supersampled(size)
            _draw_face(big, rank, suit, four_colour)
            surface = self._cache[key] = _shrink(big, size)
        return surface

    def prerender(self, four_colour: bool, size: tuple[int, int] | None = None) -> None:
        """Draw every face and the back now, so no frame pays for it later."""
        from game.ui.layout import CARD_H, CARD_W

        size = size or (CARD_W, CARD_H)
        self.back(size)
        for suit in SUITS:
            for rank in range(1, 14):
                self.face(rank, suit, size, four_colour)

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back of a card at `size`."""
        key = ("back", size)
        surface = self._cache.get(key)
        if surface is None:
            big = _supersampled(size)
            _draw_back(big)
            surface = self._cache[key] = _shrink(big, size)
        return surface

    def squeezed(self, base: pygame.Surface, width: int) -> pygame.Surface:
        """`base` narrowed to `width` pixels, as a card looks halfway through a flip.

        Not cached: a flip passes through many widths and a plain scale is cheap.
        """
        return pygame.transform.scale(base, (max(1, width), base.get_height()))

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft translucent shadow for a card of `size`."""
        key = ("shadow", size)
        surface = self._cache.get(key)
        if surface is None:
            surface = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(2, int(size[0] * 0.09))
            pygame.draw.rect(surface, (0, 0, 0, 70), surface.get_rect(), border_radius=radius)
            self._cache[key] = surface
        return surface


def _supersampled(size: tuple[int, int]) -> pygame.Surface:
    big = pygame.Surface((size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    return big


def _shrink(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    small = pygame.transform.smoothscale(big, size)
    if pygame.display.get_surface() is not None:
        small = small.convert_alpha()
    return small


def flip_width(width: int, flip: float) -> int:
    """Apparent width of a card `flip` of the way (0..1) through turning over.

    >>> flip_width(100, 0.0), flip_width(100, 0.5), flip_width(100, 1.0)
    (100, 0, 100)
    """
    return round(width * abs(math.cos(math.pi * flip)))
