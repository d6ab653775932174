"""Drawing every screen shares: the felt, the panels that sit on it, the shade under a modal
screen, lines of text wrapped or centred, and a button label that fits its button.

All of it draws at the window's real size (see `game.ui.core.viewport`) in the theme's
colours (`game.ui.core.theme`).
"""

from __future__ import annotations

import pygame

from game.ui.core import theme
from game.ui.core.richtext import render_rich
from game.ui.core.text import font, wrap
from game.ui.core.widgets import Button

_felt: dict[tuple[object, ...], pygame.Surface] = {}


def reset() -> None:
    """Forget the felt (the window changed size, or pygame restarted)."""
    _felt.clear()


def felt(size: tuple[int, int]) -> pygame.Surface:
    """Plain felt in the theme's table colour, lit in the middle and darker towards the
    edges, rendered once a size."""
    lit, dark = theme.FELT_LIGHT, theme.FELT_DARK
    key = (size, lit, dark)
    cached = _felt.get(key)
    if cached is not None:
        return cached
    _felt.clear()  # one window size at a time
    # A tiny radial gradient smooth-scaled up gives a soft, band-free vignette at any size.
    small = pygame.Surface((64, 64))
    for y in range(64):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 31.5) / 32
            light = max(0.0, 1.0 - 0.55 * (dx * dx + dy * dy))
            small.set_at((x, y), tuple(int(d + (c - d) * light) for c, d in zip(lit, dark, strict=True)))
    surface = pygame.transform.smoothscale(small, size)
    if pygame.display.get_surface() is not None:
        surface = surface.convert()
    _felt[key] = surface
    return surface


def scrim(surface: pygame.Surface, colour: theme.RGBA | None = None) -> None:
    """Dim whatever is underneath a modal screen (by the theme's shade unless told)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill(colour if colour is not None else theme.SCRIM)
    surface.blit(shade, (0, 0))


def _bordered(surface: pygame.Surface, rect: pygame.Rect, scale: float, fill: int, border: int) -> None:
    radius = max(8, round(18 * scale))
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, theme.alpha(theme.PANEL, fill), shade.get_rect(), border_radius=radius)
    pygame.draw.rect(
        shade,
        theme.alpha(theme.PANEL_BORDER, border),
        shade.get_rect(),
        width=max(2, round(3 * scale)),
        border_radius=radius,
    )
    surface.blit(shade, rect)


def panel(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """The dark rounded panel modal screens sit on (a hint of what is under it shows through)."""
    _bordered(surface, rect, scale, fill=250, border=210)


def board(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """The opaque rounded board results and statistics are written on."""
    _bordered(surface, rect, scale, fill=255, border=200)


def wrapped_lines(
    surface: pygame.Surface, text: str, size: int, colour: theme.RGB, x: int, y: int, width: int
) -> int:
    """Wrapped text (suits drawn as symbols) from (x, y); returns the y below it."""
    step = font(size).get_linesize()
    for part in wrap(text, size, width):
        surface.blit(render_rich(part, size, colour), (x, y))
        y += step
    return y


def centred_lines(
    surface: pygame.Surface, text: str, size: int, colour: theme.RGB, cx: int, y: int, width: int
) -> int:
    """Wrapped lines centred on `cx` from `y`; returns the y below them."""
    step = font(size).get_linesize()
    for part in wrap(text, size, width):
        image = render_rich(part, size, colour)
        surface.blit(image, image.get_rect(midtop=(cx, y)))
        y += step
    return y


def fitting_size(button: Button, size: int) -> int:
    """The largest text size up to `size` at which `button`'s label fits inside it."""
    room = button.rect.width - max(8, button.rect.height // 3)
    while size > button.least and font(size).size(button.text)[0] > room:
        size -= 1
    return size
