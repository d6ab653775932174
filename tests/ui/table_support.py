"""Matches played out by the engine alone (no window), to give the score sheet and the
result screens real histories to show."""

from __future__ import annotations

import random

from game.ai import make_player
from game.rules import Match, RuleSet

from .layout_check import SIZES

TABLE_SIZES = [*SIZES, (844, 390)]
"""The layout tests' windows, and a phone held sideways (the table's compact layout)."""
TABLE_IDS = [f"{w}x{h}" for w, h in TABLE_SIZES]


def played_match(
    players: int = 2, hands: int = 6, seed: int = 1, variant: str = "standard", finish: bool = False
) -> Match:
    """A match of `players` after `hands` hands (or played to its end with `finish`), every
    seat played by the simple AI."""
    match = Match(RuleSet.preset(variant, players=players), random.Random(seed))
    ais = {p: make_player("simple", seed=seed + p) for p in range(players)}
    played = 0
    while not match.finished and (finish or played < hands):
        hand = match.new_hand()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.apply(ais[match.seats[seat]].choose(hand.view(seat)))
        match.record_hand(hand)
        played += 1
    return match


def sized_app(size: tuple[int, int] | str = (1280, 720), *extra: str):
    """A headless app of a given window size, nothing saved, animation instant."""
    from game.ui.app import create_app

    window = size if isinstance(size, str) else f"{size[0]}x{size[1]}"
    return create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", window, *extra])


def finger(app, kind: int, pos: tuple[int, int], finger_id: int = 0) -> None:
    """Queue one finger event at window position `pos` (SDL gives fingers in 0..1)."""
    from .harness import post

    width, height = app.viewport.size
    post(kind, x=pos[0] / width, y=pos[1] / height, dx=0.0, dy=0.0, touch_id=7, finger_id=finger_id,
         pressure=1.0)  # fmt: skip


def tap(app, pos: tuple[int, int]) -> None:
    """A finger down and up at `pos`, a frame each."""
    import pygame

    from .harness import frames

    finger(app, pygame.FINGERDOWN, pos)
    frames(app)
    finger(app, pygame.FINGERUP, pos)
    frames(app)


def swipe(app, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """A finger pressed at `start`, dragged to `end` in steps, lifted."""
    import pygame

    from .harness import frames

    finger(app, pygame.FINGERDOWN, start)
    frames(app)
    for i in range(1, steps + 1):
        point = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        finger(app, pygame.FINGERMOTION, point)
        frames(app)
    finger(app, pygame.FINGERUP, end)
    frames(app)


def target(scene, name: str):
    """The rect of the pressable thing called `name` on `scene`."""
    for label, rect in scene.hit_targets():
        if label == name:
            return rect
    raise AssertionError(f"nothing called {name!r} to press: {[n for n, _ in scene.hit_targets()]}")
