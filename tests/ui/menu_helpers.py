"""Helpers for the tests of the screens around the table: fingers, storage, stand-in screens.

The rules screen, the tutorial and the score sheet are built by other parts of the game;
`stand_ins` registers small recording versions of them under their screen names (the app's
registry, `game.ui.app.SCREENS`), so the menus' real calls are exercised on their own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from game.rules import Match, RuleSet
from game.ui import app as app_module
from game.ui.app import App, create_app
from game.ui.core.scene import Scene

from .harness import DT, frames, post


def storage_app(*extra: str, size: tuple[int, int] = (1280, 720)) -> App:
    """An app that loads and saves, in the test's temporary data folder (see conftest)."""
    return create_app(["--seed", "3", "--speed", "0", "--window", f"{size[0]}x{size[1]}", *extra])


def bare_app(*extra: str, size: tuple[int, int] = (1280, 720)) -> App:
    """An app that keeps nothing."""
    return storage_app("--no-storage", *extra, size=size)


def started_match(seed: int = 2, variant: str = "standard") -> Match:
    """A match with its first hand dealt (something to continue)."""
    match = Match(RuleSet.preset(variant), random.Random(seed))
    match.new_hand()
    return match


def played_match(hands: int = 2, seed: int = 5) -> Match:
    """A two-player match with `hands` hands played by the simple AI, and the next one dealt."""
    from game.ui.table.seats import make_ai

    match = Match(RuleSet.preset("standard"), random.Random(seed))
    players = [make_ai("simple", seed=seed + 1), make_ai("simple", seed=seed + 2)]
    for _ in range(hands):
        hand = match.new_hand()
        while not hand.is_over:
            thinking = players[hand.to_act].think(hand.view(hand.to_act))
            try:
                while True:
                    next(thinking)
            except StopIteration as done:
                hand.apply(done.value)
        match.record_hand(hand)
    match.new_hand()
    return match


def finger_tap(app: App, pos: tuple[int, int], finger: int = 0) -> None:
    """A finger down and up at `pos` (window pixels), one frame each, as SDL reports touches."""
    width, height = app.viewport.size
    x, y = pos[0] / width, pos[1] / height
    post(pygame.FINGERDOWN, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=finger, pressure=1.0)
    frames(app)
    post(pygame.FINGERUP, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=finger, pressure=0.0)
    frames(app)


def finger_swipe(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """A finger pressed at `start`, moved in steps to `end`, lifted there."""
    width, height = app.viewport.size

    def at(pos: tuple[float, float]) -> dict[str, Any]:
        return {
            "x": pos[0] / width,
            "y": pos[1] / height,
            "dx": 0.0,
            "dy": 0.0,
            "touch_id": 1,
            "finger_id": 0,
        }

    post(pygame.FINGERDOWN, pressure=1.0, **at(start))
    frames(app)
    for i in range(1, steps + 1):
        point = (start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
        post(pygame.FINGERMOTION, pressure=1.0, **at(point))
        frames(app)
    post(pygame.FINGERUP, pressure=0.0, **at(end))
    frames(app)


def rests(app: App, settle: int = 240) -> bool:
    """True when, after `settle` frames, a frame with no input draws nothing."""
    frames(app, settle)
    return app.frame(DT) is False and app.frame(DT) is False


def row_point(menu: Any, name: str, side: str = "right") -> tuple[int, int]:
    """A point on the menu row named `name`: its right end (forward) or its "<" (back)."""
    index = menu.index_of(name)
    assert index is not None, f"no row {name!r}"
    menu.focus = index
    menu.follow_focus()
    rect = menu.row_rect(index)
    if side == "right":
        return rect.right - 12, rect.centery
    box = menu.plan(index).value_rect
    assert box is not None
    return box.left + 4, box.centery


@dataclass
class StandIns:
    """What the stand-in screens were asked to show."""

    rules: list[Any] = field(default_factory=list)
    tutorials: int = 0
    score_sheets: list[Any] = field(default_factory=list)


class _Shown(Scene):
    modal = True

    def __init__(self, app: Any, what: Any = None) -> None:
        super().__init__(app)
        self.what = what

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()


@pytest.fixture
def stand_ins(monkeypatch: pytest.MonkeyPatch) -> StandIns:
    """Recording versions of the rules screen, the tutorial and the score sheet."""
    seen = StandIns()

    class RulesScene(_Shown):
        name = "rules"

        def __init__(self, app: Any, rules: Any) -> None:
            super().__init__(app, rules)
            seen.rules.append(rules)

    class ScoreSheetScene(_Shown):
        name = "score_sheet"

        def __init__(self, app: Any, match: Any) -> None:
            super().__init__(app, match)
            seen.score_sheets.append(match)

    def tutorial(app: Any) -> Scene:
        seen.tutorials += 1
        return _Shown(app, "tutorial")

    for name, maker in (("rules", RulesScene), ("score_sheet", ScoreSheetScene), ("tutorial", tutorial)):
        monkeypatch.setitem(app_module.SCREENS, name, maker)
    return seen
