"""Card sprites: where each card is on screen, how big, which side shows, and how it is painted."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import Card
from game.ui.core.art import CardArt, flip_width
from game.ui.core.layout import CARD_H, CARD_W
from game.ui.core.text import Colour

FOCUS_RING = (255, 205, 40)
SELECT_RING = (90, 200, 255)
HINT_RING = (120, 255, 140)


@dataclass(eq=False)
class CardSprite:
    """One card on the table. `x`, `y` are its centre and `w`, `h` its size, in real pixels.

    `face_up` is the side it ends on; while `flip` is strictly between 0 and 1 the card is
    turning over, showing the other side until halfway. `size` is the size it is heading
    for (its art is drawn at that size; on the way there it is scaled).
    """

    card: Card
    x: float
    y: float
    face_up: bool = False
    flip: float = 0.0
    lift: float = 0.0
    z: int = 0
    moving: bool = False
    target: tuple[float, float, bool] | None = None
    w: float = CARD_W
    h: float = CARD_H
    size: tuple[int, int] = (CARD_W, CARD_H)

    def rect(self, lifted: bool = True) -> pygame.Rect:
        """Where the card is drawn now (or would be, not raised, with `lifted=False`)."""
        rect = pygame.Rect(0, 0, round(self.w), round(self.h))
        rect.center = (round(self.x), round(self.y - (self.lift if lifted else 0.0)))
        return rect

    def showing_face(self) -> bool:
        """The side visible this frame."""
        if 0.0 < self.flip < 0.5:
            return not self.face_up
        return self.face_up


def paint_card(
    surface: pygame.Surface,
    art: CardArt,
    sprite: CardSprite,
    four_colour: bool,
    shadow: bool = False,
) -> pygame.Rect:
    """Blit one sprite (mid-flip cards are narrowed); returns the rect drawn."""
    rect = sprite.rect()
    card = sprite.card
    size = sprite.size
    if sprite.showing_face():
        image = art.face(int(card.rank), card.suit.char, size, four_colour)
    else:
        image = art.back(size)
    if rect.size != size:
        # On its way between two sizes (the stock to a hand of bigger cards): scale the art
        # of the size it is heading for, for the few frames of the move.
        image = pygame.transform.smoothscale(image, rect.size)
    if 0.0 < sprite.flip < 1.0:
        width = flip_width(rect.width, sprite.flip)
        if width <= 1:
            return rect
        image = art.squeezed(image, width)
        rect = image.get_rect(center=rect.center)
    if shadow:
        shade = art.shadow(rect.size)
        offset = max(2, rect.height // 20)
        surface.blit(shade, rect.move(offset * 3 // 4, offset))
    surface.blit(image, rect)
    return rect


def ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int = 4) -> None:
    """A rounded outline round a card (focus, selection, hint), just outside its edge."""
    pad = max(3, width + 1)
    radius = max(6, rect.width // 9)
    pygame.draw.rect(surface, colour, rect.inflate(pad * 2, pad * 2), width=width, border_radius=radius)


def inner_ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int = 4) -> None:
    """A rounded outline on a card's own edge, inside it: the cards above a fanned card
    cover it as they cover the card, so it never seems to go round a neighbour."""
    radius = max(3, round(min(rect.width, rect.height) * 0.06))
    pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)
