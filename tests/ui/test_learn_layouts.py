"""The tutorial and the rules screen at every window size: every prompt of the tutorial
(and its result panels), the rules screen at its top and scrolled to its end.

Pressable things must be inside the window, apart, and at least 44 logical pixels in
portrait (tests/ui/layout_check.py); the prompt box must never cover what it points at.
"""

from __future__ import annotations

import pytest

from game.rules import RuleSet
from game.ui.app import create_app
from game.ui.core.richtext import render_rich
from game.ui.core.theme import INK
from game.ui.screens.rules_screen import RulesScene
from game.ui.screens.title import TitleScene
from game.ui.tutorial.scene import TutorialResultScene, start_tutorial

from .harness import frames
from .layout_check import SIZES, layout_problems

TUTORIAL_SIZES = [*SIZES, (844, 390)]
"""The five sizes, and a phone held sideways (the table's compact layout)."""
IDS = [f"{w}x{h}" for w, h in TUTORIAL_SIZES]


def _app(size):
    return create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", f"{size[0]}x{size[1]}"])


def _check(app, where: str, prompt_only: bool = False) -> None:
    problems = layout_problems(app)
    if prompt_only:
        problems = [p for p in problems if "'prompt " in p]
    assert not problems, f"{where} at {app.viewport.size}:\n" + "\n".join(problems)


@pytest.mark.parametrize("size", TUTORIAL_SIZES, ids=IDS)
def test_every_tutorial_prompt_fits_and_never_covers_what_it_points_at(size):
    app = _app(size)
    start_tutorial(app)
    scene = app.stack.scenes[0]
    checked = set()
    for _ in range(2000):
        if scene.tutor.finished or scene.lesson.kind == "finish":
            break
        frames(app, 2)
        lesson = scene.lesson
        if lesson.kind == "result" and not isinstance(app.stack.top, TutorialResultScene):
            continue  # the result panel opens after a short look at the hands
        geometry = scene.arrange_prompt()
        box = geometry.box
        where = f"lesson {lesson.key}"
        assert app.surface.get_rect().contains(box), where
        for line in geometry.lines:  # suits are drawn as shapes: the wrapping must allow for it
            assert render_rich(line, geometry.size, INK).get_width() <= box.width - geometry.pad, where
        text_bottom = box.y + geometry.pad + len(geometry.lines) * geometry.line_height
        assert text_bottom <= min(r.top for _, r in scene.prompt.targets()), (
            f"{where}: text under the buttons"
        )
        for ring in scene.rings():
            assert not ring.colliderect(box), f"{where}: the prompt covers {ring}"
        # Sideways, the table itself lets a raised card reach its buttons (its owner knows);
        # here only the prompt's own buttons are checked at that size.
        _check(app, where, prompt_only=size == (844, 390))
        checked.add(lesson.key)
        if lesson.kind != "watch":
            scene.skip()
    frames(app, 2)
    _check(app, "the closing words", prompt_only=size == (844, 390))
    assert {"welcome", "pass_upcard", "lay_off_jack", "press_knock", "go_gin", "result_gin"} <= checked


@pytest.mark.parametrize("size", TUTORIAL_SIZES, ids=IDS)
@pytest.mark.parametrize("variant", ["standard", "oklahoma"])
def test_the_rules_screen_top_and_bottom(size, variant):
    app = _app(size)
    app.stack.push(TitleScene(app))
    rules = RuleSet.preset(variant, players=4 if variant == "standard" else 2)
    scene = app.stack.push(RulesScene(app, rules))
    frames(app, 2)
    _check(app, f"rules ({variant})")
    assert scene.body.bottom <= scene.back.rect.top and scene.body.top > 0
    for item in scene.items:
        if item.kind in ("text", "caption"):
            width = render_rich(item.text, item.size, INK).get_width()
            assert width <= scene.body.width - app.viewport.px(10), item.text
    scene.scroll_by(10**6)
    frames(app, 2)
    _check(app, f"rules ({variant}) scrolled to the end")
    assert scene.scroll == scene.max_scroll > 0
