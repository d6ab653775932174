"""Animation as data advanced by time: named easings, tweens, and a queue of steps.

Nothing here sleeps. The render loop calls `Animator.update(dt)` once per frame; a tween
moves attributes of any object from where they are when it starts to where it should end.
A new tween of the same attribute of the same object replaces the old one, so a card that
is sent somewhere else mid-flight simply turns towards its new target.

>>> class Dot:
...     x = 0.0
>>> dot = Dot()
>>> animator = Animator()
>>> _ = animator.add(Tween(dot, {"x": 10.0}, duration=1.0, easing="linear"))
>>> animator.update(0.5)
>>> dot.x
5.0
>>> animator.finish_all()
>>> dot.x
10.0
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def _linear(t: float) -> float:
    return t


def _ease_in_quad(t: float) -> float:
    return t * t


def _ease_out_quad(t: float) -> float:
    return 1.0 - (1.0 - t) * (1.0 - t)


def _ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - ((-2 * t + 2) ** 2) / 2


def _ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def _ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - ((-2 * t + 2) ** 3) / 2


def _ease_out_back(t: float) -> float:
    overshoot = 1.4
    u = t - 1.0
    return 1.0 + (overshoot + 1.0) * u**3 + overshoot * u**2


def _ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1.0) / 2.0


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": _linear,
    "ease_in_quad": _ease_in_quad,
    "ease_out_quad": _ease_out_quad,
    "ease_in_out_quad": _ease_in_out_quad,
    "ease_out_cubic": _ease_out_cubic,
    "ease_in_out_cubic": _ease_in_out_cubic,
    "ease_out_back": _ease_out_back,
    "ease_in_out_sine": _ease_in_out_sine,
}
"""Easing functions by name: each maps progress 0..1 to eased progress (0 -> 0, 1 -> 1)."""


@dataclass(eq=False)
class Tween:
    """Move `attrs` of `target` to the given end values over `duration` seconds.

    `delay` waits before starting; start values are read when the tween starts, not when it
    is made, so queued tweens begin where the previous ones left off.
    """

    target: Any
    attrs: dict[str, float]
    duration: float = 0.3
    easing: str = "ease_out_cubic"
    delay: float = 0.0
    on_start: Callable[[], None] | None = None
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    started: bool = False
    done: bool = False
    _start: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.easing not in EASINGS:
            raise ValueError(f"unknown easing {self.easing!r}; known: {sorted(EASINGS)}")

    def _begin(self) -> None:
        self.started = True
        self._start = {name: float(getattr(self.target, name)) for name in self.attrs}
        if self.on_start is not None:
            self.on_start()

    def advance(self, dt: float) -> float:
        """Advance by `dt` seconds; return the time left over after finishing (0 if not)."""
        if self.done:
            return dt
        if not self.started:
            if dt < self.delay:
                self.delay -= dt
                return 0.0
            dt -= self.delay
            self.delay = 0.0
            self._begin()
        self.elapsed += dt
        progress = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        eased = EASINGS[self.easing](progress)
        for name, end in self.attrs.items():
            start = self._start[name]
            setattr(self.target, name, start + (end - start) * eased)
        if progress >= 1.0:
            self.finish()
            return max(0.0, self.elapsed - self.duration)
        return 0.0

    def finish(self) -> None:
        """Jump to the end values and run the callbacks that have not run yet."""
        if self.done:
            return
        if not self.started:
            self._begin()
        for name, end in self.attrs.items():
            setattr(self.target, name, end)
        self.done = True
        if self.on_done is not None:
            self.on_done()

    def cancel(self) -> None:
        """Stop where it is, without reaching the end or running `on_done`."""
        self.done = True


Step = Callable[[], None]
"""A queued step: a function that starts tweens (or does anything) when its turn comes."""


class Animator:
    """Runs tweens in parallel and queued steps one after another, at a global speed.

    `speed` multiplies time: 2.0 runs everything twice as fast; 0 means instant (every tween
    finishes as soon as it is added). A step queued with `then` starts when every tween
    running before it has finished.
    """

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._active: list[Tween] = []
        self._queue: deque[Step] = deque()

    @property
    def busy(self) -> bool:
        """True while anything is moving or waiting in the queue."""
        return bool(self._active) or bool(self._queue)

    def add(self, tween: Tween) -> Tween:
        """Start a tween now, replacing running tweens of the same attributes of its target."""
        for other in self._active:
            if other.target is tween.target and not other.done:
                for name in tween.attrs:
                    other.attrs.pop(name, None)
                if not other.attrs:
                    other.cancel()
        self._active = [t for t in self._active if not t.done]
        self._active.append(tween)
        if self.speed <= 0:
            tween.finish()
            self._active.remove(tween)
        return tween

    def then(self, step: Step) -> None:
        """Queue a step to run once everything started before it has finished."""
        self._queue.append(step)
        if self.speed <= 0:
            self._drain()

    def wait(self, seconds: float) -> None:
        """Queue a pause (scaled by speed like everything else)."""

        class _Clock:
            t = 0.0

        def pause() -> None:
            self.add(Tween(_Clock(), {"t": 1.0}, duration=seconds, easing="linear"))

        self.then(pause)

    def update(self, dt: float) -> None:
        """Advance every running tween by `dt` real seconds times the speed."""
        if self.speed <= 0:
            self.finish_all()
            return
        scaled = dt * self.speed
        for tween in list(self._active):
            tween.advance(scaled)
        self._active = [t for t in self._active if not t.done]
        while not self._active and self._queue:
            self._queue.popleft()()
            self._active = [t for t in self._active if not t.done]

    def _drain(self) -> None:
        while self._queue and not any(not t.done for t in self._active):
            self._queue.popleft()()
            self._active = [t for t in self._active if not t.done]

    def finish_all(self) -> None:
        """Skip: bring every running and queued animation to its end state now."""
        for _ in range(10_000):
            if not self.busy:
                return
            for tween in list(self._active):
                tween.finish()
            self._active = [t for t in self._active if not t.done]
            if self._queue:
                self._queue.popleft()()
                self._active = [t for t in self._active if not t.done]

    def clear(self) -> None:
        """Drop everything without finishing it (used when a scene is thrown away)."""
        for tween in self._active:
            tween.cancel()
        self._active.clear()
        self._queue.clear()
