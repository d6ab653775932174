"""Small sound effects synthesised at start-up: no files to ship or fetch.

Each effect is a few thousand 16-bit samples built with `array` (numpy is not available in
the browser) and handed to `pygame.mixer.Sound`. If the mixer cannot start (no audio device)
the game simply stays silent.

Nothing plays before the player's first press, tap or key (`unlock`): browsers start a page's
audio only on such a gesture, and a sound asked for earlier would wait in the silent page
and burst out late. In the browser the page's audio also rests when nothing has played for a
few seconds (`rest_if_quiet`): even silent, running audio costs the page a callback on its
main thread every few milliseconds (measured in Chromium: 4 % of a core at an idle table,
under 2 % resting); the next sound wakes it.

>>> len(_samples("card", 22050)) > 0
True
"""

from __future__ import annotations

import math
import random
import time
from array import array

import pygame

from game.ui.core import browser

RATE = 22050
VOLUME = 0.35
REST_AFTER_S = 3.0
"""Seconds of silence after which the browser page's audio is let rest."""
EFFECTS = ("card", "deal", "knock", "win", "lose", "fanfare")


def _envelope(count: int, decay: float) -> list[float]:
    return [math.exp(-decay * i / count) for i in range(count)]


def _samples(name: str, rate: int) -> list[float]:
    """The waveform of an effect, values in -1..1."""
    rng = random.Random(name)
    if name in ("card", "deal"):
        # A card snapping down: a short burst of softened noise.
        count = int(rate * (0.05 if name == "card" else 0.03))
        env = _envelope(count, 9.0)
        out, last = [], 0.0
        for i in range(count):
            last = 0.55 * last + 0.45 * rng.uniform(-1, 1)  # a simple low-pass
            out.append(last * env[i] * (0.9 if name == "card" else 0.6))
        return out
    if name == "knock":
        # Two knuckle raps on the table.
        out = []
        for _ in range(2):
            count = int(rate * 0.09)
            env = _envelope(count, 7.0)
            out += [env[i] * math.sin(2 * math.pi * 130 * i / rate) for i in range(count)]
            out += [0.0] * int(rate * 0.06)
        return out
    if name == "fanfare":
        return _fanfare(rate)
    notes = (523.3, 659.3, 784.0, 1046.5) if name == "win" else (392.0, 349.2, 311.1)
    out = []
    for note in notes:
        count = int(rate * 0.13)
        env = _envelope(count, 4.0)
        out += [0.5 * env[i] * math.sin(2 * math.pi * note * i / rate) for i in range(count)]
    return out


def _fanfare(rate: int) -> list[float]:
    """A celebration: a quick rising arpeggio, then the major chord held and fading."""
    out: list[float] = []
    for note in (392.0, 523.3, 659.3, 784.0):
        count = int(rate * 0.09)
        env = _envelope(count, 3.0)
        out += [0.45 * env[i] * math.sin(2 * math.pi * note * i / rate) for i in range(count)]
    count = int(rate * 0.6)
    env = _envelope(count, 3.5)
    chord = (523.3, 659.3, 784.0, 1046.5)
    for i in range(count):
        value = sum(math.sin(2 * math.pi * note * i / rate) for note in chord) / len(chord)
        out.append(0.6 * env[i] * value)
    return out


class Sounds:
    """The game's effects; every method is a no-op when sound is off or unavailable."""

    def __init__(self) -> None:
        self.enabled = True
        self.unlocked = False
        """Set by the player's first press or key; nothing plays before it."""
        self.played = 0
        """Effects started so far (the browser test reads it)."""
        self.awake = False
        """In the browser: whether the page's audio was asked to run."""
        self._last_played = 0.0
        self._effects: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            mixer = pygame.mixer.get_init()
            if mixer is None:
                return
            rate, _, channels = mixer
            for name in EFFECTS:
                values = _samples(name, rate)
                pcm = array("h", (int(v * 32767 * VOLUME) for v in values for _ in range(channels)))
                self._effects[name] = pygame.mixer.Sound(buffer=pcm.tobytes())
        except Exception:  # no audio device here: play on in silence
            self._effects = {}

    @property
    def available(self) -> bool:
        """True when effects could be made."""
        return bool(self._effects)

    def unlock(self) -> None:
        """The player has pressed, tapped or typed: sound may play from now on."""
        self.unlocked = True

    def play(self, name: str, now: float | None = None) -> None:
        """Play an effect (if sound is on and the player has made their first gesture)."""
        effect = self._effects.get(name)
        if effect is None or not self.enabled or not self.unlocked:
            return
        self._last_played = time.perf_counter() if now is None else now
        if browser.in_browser() and not self.awake:
            self.awake = browser.set_audio(True)
        try:
            effect.play()
            self.played += 1
        except Exception:  # a sound that fails to play is not worth a crash
            self._effects.pop(name, None)

    def rest_due(self, now: float) -> float | None:
        """Seconds until the page's audio may rest (None when it already does)."""
        return max(0.0, self._last_played + REST_AFTER_S - now) if self.awake else None

    def rest_if_quiet(self, now: float) -> None:
        """In the browser: let the page's audio rest once nothing has played for a while."""
        if not self.awake or now - self._last_played < REST_AFTER_S:
            return
        try:
            if pygame.mixer.get_busy():
                return
        except Exception:  # the mixer is gone: nothing left to hear
            pass
        browser.set_audio(False)
        self.awake = False
