"""Checks every scene's pressable rectangles against the window it is laid out for.

`layout_problems(app)` looks at the top scene's `hit_targets()`: each must lie inside the
window, no two may overlap, and in portrait each must be at least 44 logical pixels in both
directions (a fingertip). Tests call it for every scene at every size in `SIZES`.
"""

from __future__ import annotations

import itertools

import pygame

from game.ui.app import App

SIZES = [(360, 640), (390, 844), (768, 1024), (1280, 720), (1920, 1080)]
"""Two phones and a tablet upright, a laptop and a big monitor."""
TOUCH_MIN = 44


def layout_problems(app: App, touch_min: float = TOUCH_MIN) -> list[str]:
    """What is wrong with the top scene's pressable rectangles (empty when nothing is)."""
    scene = app.stack.top
    assert scene is not None
    window = pygame.Rect((0, 0), app.viewport.size)
    targets = scene.hit_targets()
    problems = []
    for name, rect in targets:
        if not window.contains(rect):
            problems.append(f"{name!r} {rect} is not inside the {window.size} window")
        if app.viewport.portrait:
            short = min(rect.width, rect.height) / app.viewport.density
            if short < touch_min:
                problems.append(f"{name!r} {rect} is {short:.0f} px across: under {touch_min} for a finger")
    for (a_name, a), (b_name, b) in itertools.combinations(targets, 2):
        if a.colliderect(b):
            problems.append(f"{a_name!r} {a} overlaps {b_name!r} {b}")
    return problems
