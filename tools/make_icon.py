"""Draw the game's icon (assets/icon.png): two fanned cards on green felt.

The picture is drawn with pygame shapes at four times its size and scaled down, which
gives smooth edges without shipping any artwork. Run it again after changing the look:

    python tools/make_icon.py            # writes assets/icon.png (96x96)
    python tools/make_icon.py --size 32 --out /tmp/icon32.png
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.flags import whole_number  # noqa: E402  (after the path: run as tools/make_icon.py)

DEFAULT_OUT = ROOT / "assets" / "icon.png"

FELT = (21, 101, 52)
FELT_EDGE = (12, 66, 34)
CARD = (250, 247, 238)
CARD_EDGE = (60, 60, 60)
RED = (200, 30, 45)
BLACK = (25, 25, 30)
SUPERSAMPLE = 4


def _heart(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """Draw a heart from two circles and a triangle (the bundled font has no suit glyphs)."""
    cx, cy = centre
    r = size * 0.27
    pygame.draw.circle(surface, RED, (cx - r * 0.95, cy - r * 0.4), r)
    pygame.draw.circle(surface, RED, (cx + r * 0.95, cy - r * 0.4), r)
    pygame.draw.polygon(
        surface,
        RED,
        [(cx - r * 1.9, cy - r * 0.1), (cx + r * 1.9, cy - r * 0.1), (cx, cy + size * 0.5)],
    )


def _spade(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """Draw a spade: an upside-down heart with a stem."""
    cx, cy = centre
    r = size * 0.25
    pygame.draw.polygon(
        surface,
        BLACK,
        [(cx, cy - size * 0.5), (cx - r * 2.0, cy + r * 0.3), (cx + r * 2.0, cy + r * 0.3)],
    )
    pygame.draw.circle(surface, BLACK, (cx - r * 0.95, cy + r * 0.45), r)
    pygame.draw.circle(surface, BLACK, (cx + r * 0.95, cy + r * 0.45), r)
    pygame.draw.polygon(
        surface,
        BLACK,
        [(cx, cy + r * 0.2), (cx - r * 0.9, cy + size * 0.5), (cx + r * 0.9, cy + size * 0.5)],
    )


def _card(size: int, suit: str) -> pygame.Surface:
    """One upright card face with a single large suit pip."""
    width, height = int(size * 0.42), int(size * 0.6)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(2, width // 8)
    pygame.draw.rect(card, CARD, card.get_rect(), border_radius=radius)
    edge = max(1, size // 64)
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), width=edge, border_radius=radius)
    draw = _heart if suit == "hearts" else _spade
    # The pip sits left of centre so the card laid over it leaves it visible.
    draw(card, (width * (0.38 if suit == "spades" else 0.5), height / 2), width * 0.6)
    return card


def draw_icon(size: int) -> pygame.Surface:
    """Return the icon drawn at `size` x `size` pixels.

    >>> draw_icon(32).get_size()
    (32, 32)
    """
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = canvas.get_rect()
    pygame.draw.rect(canvas, FELT_EDGE, rect, border_radius=big // 5)
    pygame.draw.rect(canvas, FELT, rect.inflate(-big // 12, -big // 12), border_radius=big // 6)
    for suit, angle, dx in (("spades", 16, -0.15), ("hearts", -10, 0.13)):
        card = pygame.transform.rotate(_card(big, suit), angle)
        # Fan the cards around a point below the centre, as a hand is held.
        offset_y = -math.cos(math.radians(angle)) * big * 0.02
        centre = (big / 2 + dx * big, big / 2 + offset_y)
        canvas.blit(card, card.get_rect(center=centre))
    return pygame.transform.smoothscale(canvas, (size, size))


def main(argv: list[str] | None = None) -> int:
    """Write the icon PNG; return a process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=whole_number(16, 1024), default=96, help="edge in pixels (default 96)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="PNG file to write")
    args = parser.parse_args(argv)
    # Drawing on plain surfaces needs neither a window nor the audio device.
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw_icon(args.size), str(args.out))
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
