"""A monkey at the controls: random clicks, drags, keys and resizes across every scene.

Nothing may raise, and whenever a hand is on the table its 52 cards are all accounted for.
"""

from __future__ import annotations

import random

import pygame

from game.ui.table.scene import TableScene

from .harness import cards_in_play, frames, make_app, post

KEYS = [
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
    pygame.K_ESCAPE, pygame.K_s, pygame.K_d, pygame.K_t, pygame.K_p, pygame.K_k, pygame.K_g,
    pygame.K_l, pygame.K_r, pygame.K_u, pygame.K_m, pygame.K_h, pygame.K_n, pygame.K_TAB, pygame.K_F1,
]  # fmt: skip


def _check(app) -> None:
    for scene in app.stack.scenes:
        if isinstance(scene, TableScene) and scene.hand is not None:
            cards = cards_in_play(scene.hand)
            assert len(cards) == 52 and len(set(cards)) == 52


def _near_the_end(app) -> None:
    """Put a match within one hand of its target, so the monkey also meets the match result."""
    for scene in app.stack.scenes:
        if isinstance(scene, TableScene) and scene.match is not None and not scene.match.finished:
            target = scene.match.target
            scene.match.scores[:] = [target - 1] * len(scene.match.scores)


def _autopilot(app, on: bool) -> None:
    """Let an AI play the human seat for a while, so hands reach their end between the noise."""
    from game.ui.table.seats import ThinkingSeat, make_ai

    for scene in app.stack.scenes:
        if isinstance(scene, TableScene):
            if on:
                scene.seats[scene.me] = scene.human_ai = ThinkingSeat(make_ai("simple", seed=7))
            elif scene.me in scene.seats:
                scene.human_ai = None
                scene.seats.pop(scene.me).cancel()


def _window_pos(app, rng: random.Random) -> tuple[int, int]:
    width, height = pygame.display.get_surface().get_size()
    table = next((s for s in app.stack.scenes if isinstance(s, TableScene)), None)
    if table is not None and rng.random() < 0.6:
        # Aim at controls and cards more often than at empty felt.
        layout = table.layout
        spots = [layout.stock, layout.discard, layout.meld_area, *layout.buttons.values()]
        spots += [sprite.rect() for sprite in table.sprites.values()]
        spot = rng.choice(spots)
        return (
            rng.randint(spot.left, max(spot.left, spot.right - 1)),
            rng.randint(spot.top, max(spot.top, spot.bottom - 1)),
        )
    return rng.randrange(width), rng.randrange(height)


def test_random_input_never_breaks_the_game():
    app = make_app("--level", "simple")
    rng = random.Random(2024)
    from game.ui.screens.title import TitleScene

    app.stack.push(TitleScene(app))
    for step in range(2500):
        roll = rng.random()
        if roll < 0.4:
            pos = _window_pos(app, rng)
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif roll < 0.55:
            start, end = _window_pos(app, rng), _window_pos(app, rng)
            post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            post(pygame.MOUSEMOTION, pos=end, rel=(5, 5), buttons=(1, 0, 0))
            frames(app)
            post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        elif roll < 0.9:
            mod = pygame.KMOD_SHIFT if rng.random() < 0.1 else 0
            post(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="", scancode=0)
        elif roll < 0.93:
            size = (rng.randint(320, 1600), rng.randint(200, 1000))
            post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        else:
            app.speed_override = rng.choice([0.0, 1.0, 4.0])
        frames(app)
        app.running = True  # Esc on the title screen quits; the monkey keeps going
        if app.stack.top is None:
            app.stack.push(TitleScene(app))
        if step % 10 == 0:
            _check(app)
        if step % 300 == 150:
            _near_the_end(app)
        if step % 500 == 200:
            _autopilot(app, on=True)
        if step % 500 == 450:
            _autopilot(app, on=False)
    _check(app)
