"""Buttons and toasts: the few controls the table and menus share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.text import blit_text

BUTTON_FILL = (238, 226, 190)
BUTTON_HOVER = (255, 244, 205)
BUTTON_INK = (40, 35, 25)
BUTTON_DISABLED = (120, 125, 115)
FOCUS = (255, 200, 40)


@dataclass(eq=False)
class Button:
    """A clickable, keyboard-triggerable labelled rectangle.

    `key` is the keyboard shortcut shown on the button (e.g. "K" for knock); `visible` and
    `enabled` are set by the scene each frame from the engine's legal actions.
    """

    text: str
    rect: pygame.Rect
    action: Callable[[], object]
    key: str = ""
    visible: bool = True
    enabled: bool = True
    size: int = 26
    accent: tuple[int, int, int] | None = None
    hovered: bool = field(default=False, init=False)

    @property
    def live(self) -> bool:
        """True when the button can be pressed now."""
        return self.visible and self.enabled

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when `pos` is on a live button."""
        return self.live and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Draw the button (nothing when hidden)."""
        if not self.visible:
            return
        if not self.enabled:
            fill = BUTTON_DISABLED
        elif self.accent is not None:
            lift = 25 if self.hovered else 0
            r, g, b = self.accent
            fill = (min(255, r + lift), min(255, g + lift), min(255, b + lift))
        else:
            fill = BUTTON_HOVER if self.hovered else BUTTON_FILL
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0, 90), shadow, border_radius=10)
        pygame.draw.rect(surface, fill, self.rect, border_radius=10)
        edge = FOCUS if focused else (90, 80, 60)
        pygame.draw.rect(surface, edge, self.rect, width=3 if focused else 1, border_radius=10)
        text = f"{self.text}  ({self.key})" if self.key else self.text
        blit_text(surface, text, self.size, BUTTON_INK, "center", self.rect.center)


class ButtonRow:
    """Buttons laid out and hit-tested together."""

    def __init__(self, buttons: list[Button] | None = None) -> None:
        self.buttons: list[Button] = buttons or []

    def add(self, button: Button) -> Button:
        """Append a button and return it."""
        self.buttons.append(button)
        return button

    def hover(self, pos: tuple[int, int]) -> None:
        """Mark the button under `pos` as hovered."""
        for button in self.buttons:
            button.hovered = button.hit(pos)

    def click(self, pos: tuple[int, int]) -> bool:
        """Press the live button under `pos`; True when one was pressed."""
        for button in self.buttons:
            if button.hit(pos):
                button.action()
                return True
        return False

    def draw(self, surface: pygame.Surface, focused: Button | None = None) -> None:
        """Draw every visible button."""
        for button in self.buttons:
            button.draw(surface, focused is button)


@dataclass
class Toast:
    """A short message that fades after a few seconds (why an action was refused, hints)."""

    text: str = ""
    remaining: float = 0.0

    def show(self, text: str, seconds: float = 3.0) -> None:
        """Show `text` for `seconds`."""
        self.text = text
        self.remaining = seconds

    def update(self, dt: float) -> None:
        """Count down."""
        self.remaining = max(0.0, self.remaining - dt)

    def draw(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        """Draw centred on `centre` while showing."""
        if self.remaining <= 0 or not self.text:
            return
        from game.ui.richtext import render_rich

        image = render_rich(self.text, 26, (255, 250, 235))
        if image.get_width() > 1000:
            image = render_rich(self.text, 21, (255, 250, 235))
        box = image.get_rect(center=centre).inflate(36, 20)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        alpha = int(225 * min(1.0, self.remaining / 0.4))
        pygame.draw.rect(panel, (25, 20, 15, alpha), panel.get_rect(), border_radius=12)
        surface.blit(panel, box)
        image.set_alpha(min(255, alpha + 30))
        surface.blit(image, image.get_rect(center=centre))
        image.set_alpha(None)


@dataclass(eq=False)
class Banner:
    """A big word across the table ("Gin!", "The AI knocks") that pops in and fades out.

    Its `scale` and `alpha` are animated by the scene's animator, so it is skipped, sped up
    or made instant like every other animation.
    """

    text: str = ""
    scale: float = 0.0
    alpha: float = 0.0
    colour: tuple[int, int, int] = (255, 212, 90)

    def show(self, animator: Any, text: str, colour: tuple[int, int, int] = (255, 212, 90)) -> None:
        """Pop `text` in, hold it briefly, fade it out (queued behind running animation)."""
        from game.ui.anim import Tween

        def start() -> None:
            self.text, self.colour, self.scale, self.alpha = text, colour, 0.6, 0.0
            animator.add(Tween(self, {"scale": 1.0, "alpha": 1.0}, 0.3, "ease_out_back"))

        animator.then(start)
        animator.wait(0.55)

        def fade() -> None:
            animator.add(Tween(self, {"alpha": 0.0}, 0.3, "ease_in_quad"))

        animator.then(fade)

    def draw(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        """Draw while visible."""
        if self.alpha <= 0.01 or not self.text:
            return
        from game.ui.text import label

        image = label(self.text, 84, self.colour)
        size = (max(1, int(image.get_width() * self.scale)), max(1, int(image.get_height() * self.scale)))
        scaled = pygame.transform.smoothscale(image, size)
        shadow = pygame.transform.smoothscale(label(self.text, 84, (10, 30, 18)), size)
        alpha = int(255 * min(1.0, self.alpha))
        shadow.set_alpha(alpha // 2)
        scaled.set_alpha(alpha)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + 4, centre[1] + 5)))
        surface.blit(scaled, scaled.get_rect(center=centre))
