"""Text with pygame-ce's bundled font, rendered once and reused.

`SysFont` finds nothing in the browser, so every label uses `pygame.font.Font(None, size)`.
Rendering text is one of the slowest things a frame can do; `label()` caches surfaces by
(text, size, colour) so a steady screen re-renders nothing.
"""

from __future__ import annotations

import pygame

_fonts: dict[int, pygame.font.Font] = {}
_labels: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
_LABEL_CACHE_LIMIT = 2000

Colour = tuple[int, int, int] | tuple[int, int, int, int]


def reset() -> None:
    """Forget fonts and labels (they die with `pygame.quit()`; a new app starts afresh)."""
    _fonts.clear()
    _labels.clear()


def font(size: int) -> pygame.font.Font:
    """The bundled font at `size` pixels (created once per size)."""
    cached = _fonts.get(size)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = _fonts[size] = pygame.font.Font(None, size)
    return cached


def label(text: str, size: int, colour: Colour = (240, 240, 240)) -> pygame.Surface:
    """A rendered, anti-aliased line of text, cached."""
    key = (text, size, tuple(colour))
    surface = _labels.get(key)
    if surface is None:
        if len(_labels) > _LABEL_CACHE_LIMIT:
            _labels.clear()
        surface = _labels[key] = font(size).render(text, True, colour)
    return surface


def wrap(text: str, size: int, width: int) -> list[str]:
    """Split `text` into lines that fit `width` pixels at `size`."""
    words = text.split()
    lines: list[str] = []
    current = ""
    measure = font(size)
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


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    anchor: str,
    position: tuple[float, float],
) -> pygame.Rect:
    """Blit a cached label with its rect anchored at `position` ("center", "topleft", ...)."""
    image = label(text, size, colour)
    rect = image.get_rect(**{anchor: (round(position[0]), round(position[1]))})
    surface.blit(image, rect)
    return rect
