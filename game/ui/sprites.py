"""Card sprites: where each card is on screen, which side shows, and how it is painted."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import Card
from game.ui.art import CardArt, flip_width
from game.ui.layout import CARD_H, CARD_W
from game.ui.text import Colour

FOCUS_RING = (255, 205, 40)
SELECT_RING = (90, 200, 255)
HINT_RING = (120, 255, 140)


@dataclass(eq=False)
class CardSprite:
    """One card on the table. `x`, `y` are its centre in logical pixels.

    `face_up` is the side it ends on; while `flip` is strictly between 0 and 1 the card is
    turning over, showing the other side until halfway.
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

    def rect(self, lifted: bool = True) -> pygame.Rect:
        """Where the card is drawn now (or would be, not raised, with `lifted=False`)."""
        rect = pygame.Rect(0, 0, CARD_W, CARD_H)
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
    if sprite.showing_face():
        image = art.face(int(card.rank), card.suit.char, (CARD_W, CARD_H), four_colour)
    else:
        image = art.back((CARD_W, CARD_H))
    if 0.0 < sprite.flip < 1.0:
        width = flip_width(CARD_W, sprite.flip)
        if width <= 1:
            return rect
        image = art.squeezed(image, width)
        rect = image.get_rect(center=rect.center)
    if shadow:
        shade = art.shadow((CARD_W, CARD_H))
        if rect.width != CARD_W:
            shade = art.squeezed(shade, rect.width)
        surface.blit(shade, rect.move(5, 7))
    surface.blit(image, rect)
    return rect


def ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int = 4) -> None:
    """A rounded outline around a card (focus, selection, hint)."""
    pygame.draw.rect(surface, colour, rect.inflate(6, 6), width=width, border_radius=11)
