"""The game in a web page: it follows the page's size and density, and offers full screen.

The page is a stand-in for pygbag's bridge to the browser's `window` (the real one exists
only in the WebAssembly build), with the fields and functions the game reads and calls.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.ui import app as app_module
from game.ui.core import browser
from game.ui.screens.settings_screen import FULLSCREEN, SettingsScene

from .harness import frames, make_app, post


class FakePage:
    """What the game reads from the page, and what it asks of it."""

    def __init__(self, width: float, height: float, density: float) -> None:
        self.innerWidth, self.innerHeight, self.devicePixelRatio = width, height, density
        self.document = SimpleNamespace(fullscreenEnabled=True, fullscreenElement=None)
        self.calls: list[tuple[str, tuple[object, ...]]] = []

    def gin_fullscreen(self) -> bool:
        self.calls.append(("fullscreen", ()))
        self.document.fullscreenElement = None if self.document.fullscreenElement else "html"
        return True

    def gin_copy(self, text: str) -> bool:
        self.calls.append(("copy", (text,)))
        return True

    def gin_download(self, name: str, text: str) -> bool:
        self.calls.append(("download", (name, text)))
        return True

    def gin_say(self, text: str) -> bool:
        self.calls.append(("say", (text,)))
        return True

    def gin_ask(self, question: str, value: str) -> str | None:
        self.calls.append(("ask", (question, value)))
        return self.answer

    answer: str | None = "Ann"


@pytest.fixture
def page(monkeypatch):
    fake = FakePage(390, 844, 3.0)
    monkeypatch.setattr(browser, "_window", lambda: fake)
    return fake


def test_the_page_size_is_read_in_real_pixels(page):
    # A phone at devicePixelRatio 3 is drawn at density 2 (browser.MAX_DENSITY says why).
    assert browser.page_size() == ((780, 1688), 2.0)
    page.devicePixelRatio = 1.5
    assert browser.page_size() == ((585, 1266), 1.5)
    page.devicePixelRatio = 0.5  # a zoomed-out desktop page still gets whole pixels
    assert browser.page_size() == ((390, 844), 1.0)


def test_the_game_follows_the_page_when_a_phone_is_turned(page, monkeypatch):
    app = make_app()
    monkeypatch.setattr(app_module, "IN_BROWSER", True)
    monkeypatch.setattr(app_module, "BROWSER_POLL_S", 0.0)
    frames(app)
    assert app.viewport.size == (780, 1688) and app.viewport.density == 2.0 and app.viewport.portrait
    # At density 2 a 44-unit button is at least 44 CSS pixels: the scale covers the density.
    assert app.viewport.scale >= 2.0
    page.innerWidth, page.innerHeight = 844, 390  # turned sideways
    frames(app)
    assert app.viewport.size == (1688, 780) and not app.viewport.portrait
    assert pygame.display.get_surface().get_size() == (1688, 780)


def test_full_screen_is_offered_where_the_page_allows_it(page):
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app)
    row = next(rect for name, rect in scene.hit_targets() if name == "Full screen")
    post(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1)
    frames(app)
    post(pygame.MOUSEBUTTONUP, pos=row.center, button=1)
    frames(app)
    assert [call for call in page.calls if call[0] != "say"] == [("fullscreen", ())]
    assert next(i for i in scene.items if i.name == FULLSCREEN).value() == "on"


def test_no_full_screen_row_on_the_desktop():
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app)
    assert all(item.name != FULLSCREEN for item in scene.items)
    assert not browser.fullscreen_available() and browser.page_size() is None


def test_copy_and_download_reach_the_page(page):
    assert browser.copy_text("Gin Rummy daily")
    assert browser.download("hand.json", "{}")
    assert page.calls == [("copy", ("Gin Rummy daily",)), ("download", ("hand.json", "{}"))]


def test_sentences_go_to_the_pages_live_region_and_names_come_from_its_prompt(page):
    app = make_app()
    app.announce("You drew 7♥.")
    assert page.calls[-1] == ("say", ("You drew the 7 of hearts.",))
    assert browser.ask_text("South's name", "") == "Ann" and page.calls[-1] == ("ask", ("South's name", ""))
    page.answer = None  # the player pressed Cancel
    assert browser.ask_text("South's name", "Ann") is None


def test_nothing_reaches_a_page_that_is_not_there():
    assert browser.say("hello") is False and browser.ask_text("Name?") is None
