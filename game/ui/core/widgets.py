"""Buttons, rows of buttons, toasts and banners: the few controls every screen shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui.core import theme
from game.ui.core.anim import Animator, Tween
from game.ui.core.richtext import render_rich
from game.ui.core.text import blit_text, font, label, wrap


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
    show_key: bool = True
    """Show the keyboard shortcut on the button (not on a phone, which has no keys)."""
    least: int = theme.MIN_TEXT
    """The smallest the label may shrink to so as to fit (never under readable)."""
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
            fill = theme.BUTTON_DISABLED
        elif self.accent is not None:
            lift = 25 if self.hovered else 0
            r, g, b = self.accent
            fill = (min(255, r + lift), min(255, g + lift), min(255, b + lift))
        else:
            fill = theme.BUTTON_HOVER if self.hovered else theme.BUTTON
        radius = max(4, min(self.rect.height // 4, 12))
        shadow = self.rect.move(0, max(2, self.rect.height // 14))
        pygame.draw.rect(surface, theme.BUTTON_SHADOW, shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        edge = theme.FOCUS if focused else theme.BUTTON_EDGE
        line = max(1, self.rect.height // 14) if focused else 1
        pygame.draw.rect(surface, edge, self.rect, width=max(line, 3 if focused else 1), border_radius=radius)
        text = self.label_text(font(self.size))
        size = self.size
        room = self.rect.width - max(8, self.rect.height // 3)
        while size > self.least and font(size).size(text)[0] > room:
            size -= 1  # a label never runs out of its button (bigger text, a narrow phone)
        blit_text(surface, text, size, theme.BUTTON_INK, "center", self.rect.center)

    def label_text(self, face: pygame.font.Font) -> str:
        """The text shown: with the key in brackets when it fits and keys are shown."""
        room = self.rect.width - max(8, self.rect.height // 3)
        if self.show_key and self.key:
            keyed = f"{self.text}  ({self.key})"
            if face.size(keyed)[0] <= room:
                return keyed
        return self.text


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

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """(text, rect) of every live button, for the layout tests."""
        return [(b.text, b.rect) for b in self.buttons if b.live]

    def draw(self, surface: pygame.Surface, focused: Button | None = None) -> None:
        """Draw every visible button."""
        for button in self.buttons:
            button.draw(surface, focused is button)


STILL_SECONDS = 1.3
"""How long a banner stays when nothing may move (reduced motion)."""


@dataclass
class Toast:
    """A short message that fades after a few seconds (why an action was refused, hints)."""

    text: str = ""
    remaining: float = 0.0
    FADE_S = 0.4
    """Its last seconds, in which it fades out."""

    def show(self, text: str, seconds: float = 3.0) -> None:
        """Show `text` for `seconds`."""
        self.text = text
        self.remaining = seconds

    def clear(self) -> None:
        """Hide it now (the moment it was about has passed)."""
        self.remaining = 0.0

    def update(self, dt: float) -> None:
        """Count down."""
        self.remaining = max(0.0, self.remaining - dt)

    def draw(
        self, surface: pygame.Surface, area: pygame.Rect, size: int, smallest: int = 8, foot: bool = False
    ) -> pygame.Rect | None:
        """Draw in `area` while showing, wrapping to two lines (three in a smaller size, no
        smaller than `smallest`); the box drawn. `foot` sets the box on the area's bottom
        edge, growing upwards, instead of in its middle."""
        if self.remaining <= 0 or not self.text:
            return None
        lines = [self.text]
        for trial in (size, max(smallest, size * 5 // 6)):
            lines = wrap(self.text, trial, area.width - size)
            size = trial
            if len(lines) <= 2:
                break
        images = [render_rich(line, size, theme.SHINE) for line in lines[:3]]
        height = sum(i.get_height() for i in images)
        width = max(i.get_width() for i in images)
        box = pygame.Rect(
            0, 0, width + size, min(area.height, height + size // 2) if foot else height + size // 2
        )
        if foot:
            box.midbottom = area.midbottom
        else:
            box.center = area.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        alpha = int(235 * min(1.0, self.remaining / self.FADE_S))
        pygame.draw.rect(panel, (25, 20, 15, alpha), panel.get_rect(), border_radius=max(6, size // 2))
        surface.blit(panel, box)
        y = box.y + max(0, box.height - height) // 2
        for image in images:
            image.set_alpha(min(255, alpha + 30))
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            image.set_alpha(None)
            y += image.get_height()
        return box


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
    still_left: float = 0.0
    """Seconds a still banner (reduced motion) stays up."""

    def tick(self, dt: float) -> None:
        """Count down a still banner; it goes when its time is up."""
        if self.still_left > 0:
            self.still_left -= dt
            if self.still_left <= 0:
                self.still_left, self.alpha = 0.0, 0.0

    def show(
        self, animator: Animator, text: str, colour: tuple[int, int, int] | None = None, still: bool = False
    ) -> None:
        """Pop `text` in, hold it briefly, fade it out (queued behind running animation).

        `still` (reduced motion): the word just appears, stays for :data:`STILL_SECONDS` of
        :meth:`tick` time and goes, with no pop and no fade.
        """
        colour = colour if colour is not None else theme.GOLD
        if still:
            self.text, self.colour, self.scale, self.alpha = text, colour, 1.0, 1.0
            self.still_left = STILL_SECONDS
            return

        def start() -> None:
            self.text, self.colour, self.scale, self.alpha = text, colour, 0.6, 0.0
            animator.add(Tween(self, {"scale": 1.0, "alpha": 1.0}, 0.3, "ease_out_back"))

        animator.then(start)
        animator.wait(0.55)

        def fade() -> None:
            animator.add(Tween(self, {"alpha": 0.0}, 0.3, "ease_in_quad"))

        animator.then(fade)

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], font_size: int = 84) -> None:
        """Draw while visible, `font_size` pixels tall at full size."""
        if self.alpha <= 0.01 or not self.text:
            return
        image = label(self.text, font_size, self.colour)
        if image.get_width() > surface.get_width() * 0.9:
            font_size = int(font_size * surface.get_width() * 0.9 / image.get_width())
            image = label(self.text, font_size, self.colour)
        size = (max(1, int(image.get_width() * self.scale)), max(1, int(image.get_height() * self.scale)))
        scaled = pygame.transform.smoothscale(image, size)
        shadow = pygame.transform.smoothscale(label(self.text, font_size, theme.SHADOW_INK), size)
        alpha = int(255 * min(1.0, self.alpha))
        shadow.set_alpha(alpha // 2)
        scaled.set_alpha(alpha)
        offset = max(2, font_size // 20)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + offset + 1)))
        surface.blit(scaled, scaled.get_rect(center=centre))


CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
"""The keys that press a panel's main button."""


def panel_input(
    event: pygame.event.Event,
    buttons: ButtonRow,
    on_confirm: Callable[[], None],
    on_escape: Callable[[], None] | None = None,
    keys: dict[int, Callable[[], None]] | None = None,
) -> None:
    """A result panel's input: hover and click the buttons, Enter/Space confirm, Esc and
    other `keys` as given."""
    if event.type == pygame.MOUSEMOTION:
        if not getattr(event, "touch", False):
            buttons.hover(event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        buttons.click(event.pos)
    elif event.type == pygame.KEYDOWN:
        if event.key in CONFIRM_KEYS:
            on_confirm()
        elif event.key == pygame.K_ESCAPE and on_escape is not None:
            on_escape()
        elif keys and event.key in keys:
            keys[event.key]()
