"""A moment of celebration: a gin, a match won, a shutout.

:class:`CelebrationScene` is a short modal over whatever is on screen: a burst of confetti
and card suits, a big word that pops in, and a fanfare. It lasts a moment at every speed
setting, the "instant" one included (only shorter), ends by itself, and any click, tap or
key skips it. `animating()` is True only while it plays, so the loop rests afterwards.
With motion reduced (a setting) nothing flies and nothing grows or fades: the word and its
line are shown still for the moment's length, then go.

Everything it draws is a function of the time since it began (no per-frame state), so a
slow frame never makes it stutter or run long.

>>> moment_length("gin", 1.0), moment_length("gin", 0.0) == MIN_MOMENT
(1.8, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.ui.core import theme
from game.ui.core.richtext import render_rich
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import label

LENGTHS = {"gin": 1.8, "match": 2.6, "shutout": 3.0}
"""Seconds each celebration lasts at normal speed."""
MIN_MOMENT = 0.8
"""The shortest a celebration may be, at any speed: long enough to be seen."""
SUITS = ("♠", "♥", "♦", "♣")
GRAVITY = 0.9
"""Downward pull on the pieces, in window heights per second squared."""


def moment_length(kind: str, speed: float) -> float:
    """How long a celebration of `kind` lasts at animation speed `speed` (0 = instant)."""
    base = LENGTHS.get(kind, LENGTHS["gin"])
    if speed <= 0:
        return MIN_MOMENT
    return max(MIN_MOMENT, round(base / max(speed, 0.25), 3))


@dataclass(frozen=True)
class Piece:
    """One bit of confetti (or a suit symbol): where and how it starts, in window fractions."""

    x: float
    y: float
    vx: float
    vy: float
    spin: float
    size: float
    colour: tuple[int, int, int]
    suit: str

    def at(self, t: float) -> tuple[float, float]:
        """Its position (window fractions) `t` seconds in."""
        return self.x + self.vx * t, self.y + self.vy * t + GRAVITY * t * t / 2


def burst(kind: str, count: int, seed: int = 0) -> list[Piece]:
    """The pieces of one celebration: fired up from below the word, falling back.

    >>> len(burst("match", 40)), burst("gin", 3) == burst("gin", 3)
    (40, True)
    """
    rng = random.Random(f"{kind}:{seed}")
    colours = theme.CONFETTI.get(kind, theme.CONFETTI["gin"])
    pieces = []
    for index in range(count):
        angle = rng.uniform(-1.2, 1.2)
        power = rng.uniform(0.55, 1.05)
        pieces.append(
            Piece(
                x=0.5 + rng.uniform(-0.08, 0.08),
                y=0.52,
                vx=math.sin(angle) * power * 0.55,
                vy=-math.cos(angle) * power * 1.1,
                spin=rng.uniform(-9.0, 9.0),
                size=rng.uniform(0.6, 1.3),
                colour=colours[index % len(colours)],
                suit=SUITS[index % 4] if index % 5 == 0 else "",
            )
        )
    return pieces


class CelebrationScene(Scene):
    """A burst, a big word (`title`), a line under it (`subtitle`) and a fanfare."""

    modal = True
    name = "celebration"

    def __init__(self, app: GameApp, kind: str, title: str, subtitle: str = "") -> None:
        super().__init__(app)
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.time = 0.0
        self.still = app.settings.reduced_motion
        """Reduced motion: no confetti, no pop, no fade; the words alone, still."""
        self.length = moment_length(kind, app.pace)
        self.pieces = burst(kind, 70 if kind == "gin" else 110)
        self.skipped = False
        self.draw_list: list[tuple[str, str]] = []

    def setup(self) -> None:
        """Start the fanfare."""
        self.app.play("fanfare")

    @property
    def playing(self) -> bool:
        """True until it has run its length or been skipped."""
        return not self.skipped and self.time < self.length

    def animating(self) -> bool:
        """Only while it plays (a still one never changes: it only waits)."""
        return self.playing and not self.still

    def working(self) -> bool:
        """A still celebration needs frames to count its time, not drawing."""
        return self.playing and self.still

    def skip(self) -> None:
        """End it now."""
        self.skipped = True
        self._leave()

    def _leave(self) -> None:
        self.app.screens.close(self)

    def handle(self, event: pygame.event.Event) -> None:
        """Any press or key skips it."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.skip()

    def update(self, dt: float) -> None:
        """Run the clock; leave once it has run out."""
        self.time += dt
        if not self.playing:
            self._leave()

    def autopilot(self) -> None:
        """Self-play does not wait for it."""
        self.skip()

    def draw(self, surface: pygame.Surface) -> None:
        """The burst and the word, fading over the last fifth of the moment."""
        self.draw_list = []
        if not self.playing:
            return
        view = self.app.viewport
        width, height = view.size
        progress = self.time / self.length
        fade = 1.0 if self.still else min(1.0, (1.0 - progress) * 5)
        shade = pygame.Surface(view.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, round(90 * fade)))
        surface.blit(shade, (0, 0))
        # The clock runs faster than real time when the moment is short, so a brief one
        # still shows the whole burst. Still: the burst's end, where the word has popped in.
        t = 1.0 if self.still else self.time * LENGTHS.get(self.kind, 1.8) / self.length
        unit = max(3, view.px(9))
        for piece in () if self.still else self.pieces:
            fx, fy = piece.at(t)
            if not (-0.1 < fx < 1.1 and -0.3 < fy < 1.1):
                continue
            x, y = round(fx * width), round(fy * height)
            size = max(2, round(unit * piece.size))
            if piece.suit:
                image = render_rich(
                    piece.suit, max(theme.MIN_TEXT, size * 3), piece.colour
                ).copy()  # cached: not ours to fade
                image.set_alpha(round(255 * fade))
                surface.blit(image, image.get_rect(center=(x, y)))
                continue
            wobble = abs(math.cos(piece.spin * t))
            rect = pygame.Rect(0, 0, size, max(1, round(size * 0.45 + size * wobble * 0.55)))
            rect.center = (x, y)
            colour = (*piece.colour, round(255 * fade))
            spot = pygame.Surface(rect.size, pygame.SRCALPHA)
            spot.fill(colour)
            surface.blit(spot, rect)
        pop = min(1.0, t / 0.25)
        scale = 0.5 + 0.5 * (1 - (1 - pop) ** 3) + 0.06 * math.sin(min(t, 1.0) * math.pi)
        size = view.font(96 if not view.portrait else 60)
        word = label(self.title, size, theme.GOLD, bold=True)
        if word.get_width() > width * 0.9:
            word = label(self.title, max(10, int(size * width * 0.9 / word.get_width())), theme.GOLD, True)
        shown = pygame.transform.smoothscale_by(word, max(0.05, scale))
        shown.set_alpha(round(255 * fade))
        centre = (width // 2, round(height * 0.42))
        surface.blit(shown, shown.get_rect(center=centre))
        self.draw_list.append(("title", self.title))
        if self.subtitle:
            line = render_rich(self.subtitle, view.font(32 if not view.portrait else 22), theme.SHINE).copy()
            line.set_alpha(round(255 * fade))
            surface.blit(
                line, line.get_rect(midtop=(width // 2, centre[1] + word.get_height() // 2 + view.px(8)))
            )
            self.draw_list.append(("subtitle", self.subtitle))
