"""The app: one window, one async render loop, a scene stack, settings and self-play.

Everything is drawn on a fixed logical 1280x720 surface that is scaled (letterboxed) to
the window; mouse positions are mapped back, so scenes only ever see logical coordinates.
The loop never blocks: one `await asyncio.sleep(0)` per frame, which is what the browser
build (pygbag) needs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path

import pygame

from game.ui import richtext, text
from game.ui.art import CardArt
from game.ui.scene import SceneStack
from game.ui.settings import AI_LEVELS, PLAYER_COUNTS, VARIANTS, Persistence, Settings, Stats
from game.ui.sound import Sounds

LOGICAL_SIZE = (1280, 720)
FELT = (22, 92, 58)
LETTERBOX = (10, 14, 12)
SELFPLAY_DT = 1.0 / 60.0
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
IN_BROWSER = sys.platform == "emscripten"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Command-line options of `python main.py`."""
    parser = argparse.ArgumentParser(prog="main.py", description="Gin Rummy")
    parser.add_argument(
        "--selfplay",
        type=int,
        metavar="HANDS",
        default=0,
        help="let the AI play both seats for HANDS hands, then exit",
    )
    parser.add_argument("--speed", type=float, default=None, help="animation speed multiplier (0 = instant)")
    parser.add_argument("--seed", type=int, default=None, help="seed for deals and the AI")
    parser.add_argument(
        "--screenshots", metavar="DIR", default=None, help="save a PNG at each notable moment"
    )
    parser.add_argument(
        "--frame-stats", metavar="FILE", default=None, help="write frame timing statistics as JSON"
    )
    parser.add_argument("--level", default=None, choices=AI_LEVELS, help="AI level for new matches")
    parser.add_argument("--variant", default=None, choices=VARIANTS, help="game variant for new matches")
    parser.add_argument(
        "--players", default=None, choices=PLAYER_COUNTS, help="2, 3 (dealer sits out) or 4 (partners)"
    )
    parser.add_argument("--no-storage", action="store_true", help="do not load or save anything")
    return parser.parse_args(argv)


class App:
    """Owns the window, the scene stack and everything shared between scenes."""

    def __init__(self, options: argparse.Namespace) -> None:
        self.options = options
        self.selfplay_hands: int = max(0, options.selfplay)
        self.selfplay = self.selfplay_hands > 0
        self.persistence = Persistence(enabled=not (options.no_storage or self.selfplay))
        self.settings = Settings.from_dict(self.persistence.load("settings"))
        self.stats = Stats.from_dict(self.persistence.load("statistics"))
        if options.level:
            self.settings.ai_level = options.level
        if options.variant:
            self.settings.variant = options.variant
        if options.players:
            self.settings.players = options.players
        self.seed = options.seed if options.seed is not None else random.randrange(1 << 30)
        self.rng = random.Random(self.seed)
        self.speed_override = options.speed
        self.screenshot_dir = Path(options.screenshots) if options.screenshots else None
        self.shots_taken = 0
        self.hands_played = 0
        self.running = True
        self.exit_code = 0
        self.frame_ms: list[float] = []
        self._excluded_s = 0.0
        self.stack = SceneStack()
        self.art = CardArt()
        self.sounds = Sounds()
        self.window: pygame.Surface | None = None
        self.surface = pygame.Surface(LOGICAL_SIZE)
        self._scaled: pygame.Surface | None = None
        self._viewport = pygame.Rect((0, 0), LOGICAL_SIZE)

    # --- window and coordinates ------------------------------------------------------------

    def open_window(self) -> None:
        """Create the window (fixed size in the browser, resizable on the desktop)."""
        pygame.display.set_caption("Gin Rummy")
        flags = 0 if IN_BROWSER else pygame.RESIZABLE
        self.window = pygame.display.set_mode(LOGICAL_SIZE, flags)
        self.surface = self.surface.convert()
        self._fit()

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a window resize (letterboxing the logical surface into it).

        In the browser the canvas keeps its size and the page scales it, so resizes there
        are left to the page.
        """
        if IN_BROWSER:
            return
        width, height = max(160, int(size[0])), max(90, int(size[1]))
        current = pygame.display.get_surface()
        if current is None or current.get_size() != (width, height):
            self.window = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        else:
            self.window = current
        self._fit()

    def _fit(self) -> None:
        assert self.window is not None
        win_w, win_h = self.window.get_size()
        scale = min(win_w / LOGICAL_SIZE[0], win_h / LOGICAL_SIZE[1])
        size = (max(1, round(LOGICAL_SIZE[0] * scale)), max(1, round(LOGICAL_SIZE[1] * scale)))
        self._viewport = pygame.Rect((0, 0), size)
        self._viewport.center = (win_w // 2, win_h // 2)
        self._scaled = None if size == LOGICAL_SIZE else pygame.Surface(size).convert()

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Map a window position to the logical 1280x720 surface.

        Positions in the letterbox bars map to just outside the surface.
        """
        view = self._viewport
        x = (pos[0] - view.x) * LOGICAL_SIZE[0] / max(1, view.width)
        y = (pos[1] - view.y) * LOGICAL_SIZE[1] / max(1, view.height)
        return int(x), int(y)

    def present(self) -> None:
        """Put the logical surface on the window, scaled and letterboxed."""
        window = self.window
        if window is None:
            return
        if self._scaled is None and self._viewport.topleft == (0, 0):
            window.blit(self.surface, (0, 0))
        else:
            window.fill(LETTERBOX)
            if self._scaled is None:
                window.blit(self.surface, self._viewport)
            else:
                pygame.transform.smoothscale(self.surface, self._viewport.size, self._scaled)
                window.blit(self._scaled, self._viewport)
        pygame.display.flip()

    # --- shared services --------------------------------------------------------------------

    @property
    def speed(self) -> float:
        """The animation speed in force (command line beats settings)."""
        if self.speed_override is not None:
            return max(0.0, float(self.speed_override))
        return self.settings.speed_factor

    def play(self, effect: str) -> None:
        """Play a sound effect when sound is on (never during self-play)."""
        self.sounds.enabled = self.settings.sound and not self.selfplay
        self.sounds.play(effect)

    def save_settings(self) -> None:
        """Persist settings (no-op without storage)."""
        self.persistence.save("settings", self.settings.to_dict())

    def save_stats(self) -> None:
        """Persist statistics (no-op without storage)."""
        self.persistence.save("statistics", self.stats.to_dict())

    def notable(self, moment: str) -> None:
        """A notable moment (deal, knock, ...): save a screenshot when asked to."""
        if self.screenshot_dir is None:
            return
        self.screenshot_dir.mkdir(parents=True, exist_ok=True)
        self.surface.fill(FELT)
        self.stack.draw(self.surface)
        started = time.perf_counter()
        self.shots_taken += 1
        name = f"{self.shots_taken:03d}_hand{self.hands_played + 1:02d}_{moment}.png"
        pygame.image.save(self.surface, str(self.screenshot_dir / name))
        # Encoding a PNG is a desktop debugging aid, not part of a frame's work.
        self._excluded_s += time.perf_counter() - started

    def hand_finished(self) -> None:
        """Count a finished hand; self-play stops after the requested number."""
        self.hands_played += 1
        if self.selfplay and self.hands_played >= self.selfplay_hands:
            self.running = False

    def quit(self) -> None:
        """Leave the loop at the end of this frame."""
        self.running = False

    # --- the loop -----------------------------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        """Turn a raw pygame event into what scenes see."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if event.type == pygame.WINDOWRESIZED:
            self.resize((event.x, event.y))
            return
        if event.type in MOUSE_EVENTS:
            attrs = dict(event.dict)
            attrs["pos"] = self.to_logical(event.pos)
            if "rel" in attrs:
                ratio = LOGICAL_SIZE[0] / max(1, self._viewport.width)
                attrs["rel"] = (int(event.rel[0] * ratio), int(event.rel[1] * ratio))
            event = pygame.event.Event(event.type, attrs)
        self.stack.handle(event)

    def frame(self, dt: float) -> None:
        """One frame: events, update, draw, present."""
        for event in pygame.event.get():
            self.dispatch(event)
        if self.selfplay and self.stack.top is not None:
            self.stack.top.autopilot()
        self.stack.update(dt)
        self.stack.draw(self.surface)  # every full-screen scene paints its whole background
        self.present()

    async def run(self) -> int:
        """The render loop: runs until quit (or until self-play has played its hands)."""
        from game.ui.title import TitleScene

        if self.selfplay:
            from game.ui.table import TableScene

            self.stack.push(TableScene(self))
        else:
            self.stack.push(TitleScene(self))
        self.art.prerender(self.settings.four_colour)
        clock = pygame.time.Clock()
        last = time.perf_counter()
        while self.running and self.stack.top is not None:
            start = time.perf_counter()
            dt = SELFPLAY_DT if self.selfplay else min(0.1, start - last)
            last = start
            self._excluded_s = 0.0
            self.frame(dt)
            self.frame_ms.append((time.perf_counter() - start - self._excluded_s) * 1000.0)
            if not self.selfplay:
                clock.tick(60)
            await asyncio.sleep(0)
        while self.stack.scenes:
            self.stack.pop()  # scenes save what they hold (the match in progress)
        self.write_frame_stats()
        return self.exit_code

    def frame_stats(self) -> dict[str, float | int]:
        """Frame work times (events + update + draw + present), in milliseconds."""
        times = sorted(self.frame_ms)
        if not times:
            return {"frames": 0, "frame_ms_p50": 0.0, "frame_ms_p99": 0.0, "frame_ms_max": 0.0}

        def pct(p: float) -> float:
            return round(times[min(len(times) - 1, int(p * (len(times) - 1) + 0.5))], 3)

        return {
            "frames": len(times),
            "frame_ms_p50": pct(0.50),
            "frame_ms_p99": pct(0.99),
            "frame_ms_max": round(times[-1], 3),
        }

    def write_frame_stats(self) -> None:
        """Write the JSON frame statistics when `--frame-stats FILE` was given."""
        if self.options.frame_stats:
            Path(self.options.frame_stats).write_text(json.dumps(self.frame_stats(), indent=2))


def create_app(argv: list[str] | None = None) -> App:
    """Initialise pygame, open the window and build the app (used by main and by tests)."""
    options = parse_args(argv)
    if options.selfplay:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.pre_init(22050, -16, 1, 512)
    pygame.init()
    text.reset()
    richtext.reset()
    app = App(options)
    app.open_window()
    return app


async def main(argv: list[str] | None = None) -> int:
    """Build the app and run its loop; returns the exit code."""
    if argv is None:
        argv = sys.argv[1:] if not IN_BROWSER else []
    app = create_app(argv)
    try:
        return await app.run()
    finally:
        pygame.quit()
