"""One pointer from mouse and fingers, with no double presses.

On a touch screen SDL reports each touch twice: as finger events (FINGERDOWN, FINGERMOTION,
FINGERUP, in 0..1 window coordinates) and again as mouse events it synthesises (marked
`touch=True` by pygame-ce). In a browser the page may add its own compatibility mouse events
after a touch too. :class:`PointerFilter` keeps exactly one stream: the first finger on the
glass becomes the pointer (as mouse events with `touch=True` and pixel positions), other
fingers are ignored, synthesised mouse events are dropped, and so is any mouse event that
arrives just after a touch. A real mouse keeps working as before.
"""

from __future__ import annotations

import pygame

TOUCH_ECHO_S = 0.8
"""Mouse events this soon after a touch are treated as the browser's echo of it."""

FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class PointerFilter:
    """Turns finger and mouse events into one stream of pointer (mouse) events."""

    def __init__(self) -> None:
        self.finger: tuple[int, int] | None = None
        """(touch device, finger) of the finger acting as the pointer."""
        self.last_touch = -1e9
        self._last_pos: tuple[int, int] | None = None

    @property
    def touched(self) -> bool:
        """True once a finger has been used: prompts then say "tap", whatever the shape."""
        return self.last_touch > -1e9

    def translate(
        self, event: pygame.event.Event, size: tuple[int, int], now: float
    ) -> pygame.event.Event | None:
        """The pointer event for `event` (window `size` in pixels, `now` in seconds), or None to drop it.

        Events that are neither mouse nor finger events pass through unchanged.
        """
        if event.type in FINGER_EVENTS:
            return self._finger(event, size, now)
        if event.type in MOUSE_EVENTS:
            if getattr(event, "touch", False):
                return None  # SDL's copy of a finger event: the finger events carry it
            if now - self.last_touch < TOUCH_ECHO_S:
                return None  # the browser's compatibility mouse event after a touch
            return event
        return event

    def _finger(
        self, event: pygame.event.Event, size: tuple[int, int], now: float
    ) -> pygame.event.Event | None:
        ident = (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
        pos = (
            min(size[0] - 1, max(0, round(event.x * size[0]))),
            min(size[1] - 1, max(0, round(event.y * size[1]))),
        )
        if event.type == pygame.FINGERDOWN:
            if self.finger is not None:
                return None  # a second finger: ignored
            self.finger = ident
            self.last_touch = now
            self._last_pos = pos
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
        if ident != self.finger:
            return None
        self.last_touch = now
        previous = self._last_pos or pos
        self._last_pos = pos
        if event.type == pygame.FINGERMOTION:
            rel = (pos[0] - previous[0], pos[1] - previous[1])
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0), touch=True)
        self.finger = None
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)

    def reset(self) -> None:
        """Forget a finger that is down (the window changed under it)."""
        self.finger = None
