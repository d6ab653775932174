"""The browser test's probe (game/ui/probe.py) stays off unless the test's own page asks.

The page's window is faked natively, as pygbag's bridge would look (sys.platform
"emscripten", a `platform` module with `window`); the published page's template and code are
read to show that nothing there sets the flag. tests/web/test_build.py checks the built
index.html, and tests/web/test_browser.py loads the real build without the flag in Chromium.
"""

from __future__ import annotations

import json
import os
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ui import probe

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> types.SimpleNamespace:
    """A fake browser window behind pygbag's `platform` bridge (no probe flag on it)."""
    window = types.SimpleNamespace(devicePixelRatio=1, innerWidth=1280, innerHeight=720)
    bridge = types.ModuleType("platform")
    bridge.window = window  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", bridge)
    return window


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[object]:
    """A headless app (built natively, before any fake page is in place)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("GIN_RUMMY_DATA_DIR", str(tmp_path))
    import pygame

    from game.ui.app import create_app
    from game.ui.screens.title import TitleScene

    built = create_app(["--no-storage", "--seed", "4"])
    built.stack.push(TitleScene(built))
    built.frame(1 / 60)
    yield built
    probe._app = None
    pygame.quit()


def test_off_on_the_desktop(app: object) -> None:
    assert not probe.enabled()
    assert probe.page_options() == []
    probe.attach(app)
    with pytest.raises(RuntimeError, match="the test probe is off"):
        probe.snapshot()


def test_off_on_a_page_without_the_flag(app: object, page: types.SimpleNamespace) -> None:
    assert not probe.enabled()
    assert probe.page_options() == []
    probe.attach(app)
    with pytest.raises(RuntimeError, match="only the browser test's page"):
        probe.snapshot()


def test_on_when_the_test_page_sets_the_flag(app: object, page: types.SimpleNamespace) -> None:
    page.gin_test_probe = types.SimpleNamespace(argv=["--seed", "7"])
    assert probe.enabled()
    assert probe.page_options() == ["--seed", "7"]
    probe.attach(app)
    state = json.loads(probe.snapshot())
    assert state["top"] == "title" and state["seed"] == 4
    assert [scene["name"] for scene in state["scenes"]] == ["title"]
    names = [target["name"] for target in state["targets"]]
    assert "New match" in names
    x, y, w, h = state["targets"][names.index("New match")]["rect"]
    assert 0 <= x < x + w <= 1280 and 0 <= y < y + h <= 720
    assert "table" not in state


def test_a_table_is_described_with_its_cards(app: object, page: types.SimpleNamespace) -> None:
    from game.ui.table.scene import TableScene

    page.gin_test_probe = types.SimpleNamespace(argv=[])
    probe.attach(app)
    table = TableScene(app)
    app.stack.replace_all(table)  # type: ignore[attr-defined]
    table.animator.finish_all()
    state = json.loads(probe.snapshot())["table"]
    hand = table.hand
    assert hand is not None
    assert state["mine"] == [str(card) for card in table.row_cards(table.me)]
    assert state["stock"] == len(hand.stock) and state["discard"] == [str(c) for c in hand.discard_pile]
    assert state["phase"] == hand.phase.name and state["on_top"] is True
    assert all(state["cards"][card]["face"] for card in state["mine"])
    hidden = [str(card) for card in hand.hands[table.opp]]
    assert not any(state["cards"][card]["face"] for card in hidden if card in state["cards"])


def test_nothing_that_ships_sets_the_flag() -> None:
    """Only the test's loader page names the flag; the published page and the game never set it."""
    setter = re.compile(r"\b" + probe.FLAG + r"\b\s*=")
    shipped = [
        ROOT / "main.py",
        *sorted((ROOT / "game").rglob("*.py")),
        *sorted((ROOT / "tools" / "web").iterdir()),
    ]
    for path in shipped:
        text = path.read_text(encoding="utf-8")
        assert not setter.search(text), path
        if path.parent == ROOT / "tools" / "web":
            assert probe.FLAG not in text, path
    loader = (ROOT / "tests" / "web" / "chromium" / "page" / "loader.js").read_text(encoding="utf-8")
    assert setter.search(loader)
