"""The web page around the game, when it runs in a browser (pygbag); harmless on the desktop.

In the browser, `import platform` gives pygbag's bridge to the page's JavaScript `window`;
the page's script (tools/web/page.js, inlined into the page) defines a few small functions the
game calls through it: `gin_fullscreen()`, `gin_copy(text)`, `gin_download(name, text)`,
`gin_audio(awake)`, `gin_say(text)` (a sentence into the page's hidden live region, which
screen readers read out), `gin_ask(question, value)` (the browser's own text prompt,
which brings up a phone's keyboard and which screen readers know) and
`gin_wake_on_input(callback)` (the page calls back on the player's input). On the desktop every
function here says it is not available (or does nothing) and never raises.

>>> in_browser()
False
>>> page_size() is None, fullscreen_available()
(True, False)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

MAX_DENSITY = 2.0
"""The most real pixels the canvas gets per CSS pixel. A phone at devicePixelRatio 3 gets 2
and the browser scales the picture up by half again (hardly softer to the eye): measured in
Chromium at 390x844, a dealing frame took 29 ms at density 3 (20 of its frames over 50 ms of
CPU) against 13 ms at density 2 (none), since every frame paints and presents 2.25 times the
pixels at 3 (tools/bench_browser.py)."""


def in_browser() -> bool:
    """True when running in a web page (pygbag's WebAssembly build)."""
    return sys.platform == "emscripten"


def _window() -> Any | None:
    if not in_browser():
        return None
    try:
        import platform as bridge  # pygbag's module: the page's JavaScript window

        return bridge.window  # type: ignore[attr-defined]
    except Exception:
        return None


def page_size() -> tuple[tuple[int, int], float] | None:
    """The page's size in real pixels and its pixel density (devicePixelRatio), or None.

    The canvas is laid out at the page's CSS size times the density (at most MAX_DENSITY),
    so text and cards are drawn for a high-DPI phone's real pixels rather than stretched.
    """
    window = _window()
    if window is None:
        return None
    try:
        density = min(MAX_DENSITY, max(1.0, float(window.devicePixelRatio or 1.0)))
        width = int(float(window.innerWidth) * density)
        height = int(float(window.innerHeight) * density)
    except Exception:
        return None
    if width < 50 or height < 50:
        return None
    return (width, height), density


def _call(name: str, *args: object) -> bool:
    window = _window()
    if window is None:
        return False
    try:
        function = getattr(window, name)
        result = function(*args)
    except Exception:
        return False
    return result is not False


def fullscreen_available() -> bool:
    """True when the page can go full screen (not on the desktop, not on iPhone Safari)."""
    window = _window()
    if window is None:
        return False
    try:
        return bool(window.document.fullscreenEnabled)
    except Exception:
        return False


def is_fullscreen() -> bool:
    """True while the page fills the screen."""
    window = _window()
    if window is None:
        return False
    try:
        return bool(window.document.fullscreenElement)
    except Exception:
        return False


def toggle_fullscreen() -> bool:
    """Enter or leave full screen; True when the page accepted the request."""
    return _call("gin_fullscreen")


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard (browser only); True when the page accepted it."""
    return _call("gin_copy", text)


def download(name: str, text: str) -> bool:
    """Offer `text` as a file called `name` for the player to save (browser only)."""
    return _call("gin_download", name, text)


def say(text: str) -> bool:
    """Put `text` in the page's live region for a screen reader (browser only)."""
    return _call("gin_say", text)


def ask_text(question: str, value: str = "") -> str | None:
    """Ask the player to type something with the browser's own prompt.

    Returns what was typed, None when they cancelled, or None at once outside a browser
    (the game then uses its own text field).
    """
    window = _window()
    if window is None:
        return None
    try:
        answer = window.gin_ask(question, value)
    except Exception:
        return None
    if answer is None or answer is False:
        return None
    text = str(answer)
    return None if text in ("null", "undefined") else text


def wake_on_input(callback: Callable[[], None]) -> Any | None:
    """Ask the page to call `callback` when the player touches, clicks, types or the page
    changes size, so that a loop resting between looks takes the input at once.

    Returns what must be kept for as long as the page may call (None where there is no
    page, or it cannot). The page also calls once soon after, unasked: until that call
    arrives nothing shows that calls from the page reach Python in this runtime.
    """
    window = _window()
    if window is None:
        return None
    try:
        from pyodide.ffi import create_proxy  # a callable the page may keep (Pyodide)

        handle: Any = create_proxy(callback)
    except ImportError:
        handle = callback  # pygbag's bridge passes Python callables as they are
    except Exception:
        return None
    return handle if _call("gin_wake_on_input", handle) else None


def set_audio(awake: bool) -> bool:
    """Let the page's audio run (a sound is coming) or rest (it has been quiet a while).

    True when the page did as asked (never before the player's first gesture for `awake`:
    browsers refuse to start audio until then).
    """
    return _call("gin_audio", awake)
