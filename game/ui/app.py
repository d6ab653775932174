"""The app, the composition root: one window, one async render loop that rests when idle, the
scene stack, the screens by name, settings.

This is the one module that knows every screen: it registers them by name (:data:`SCREENS`)
and the after-hand buttons other parts of the game offer (:data:`AFTER_HAND`); screens
reach each other only through those names (``app.screens.show("pause", ...)``).

Scenes draw straight onto the window at its real size (see `game.ui.core.viewport`); when the
window changes size or shape every scene lays itself out again and the art is redrawn for
the new size. The loop never blocks: one `await asyncio.sleep(...)` per frame, which is what
the browser build (pygbag) needs. When nothing animates, no AI thinks and no input arrives,
a frame neither draws nor presents anything, so an idle game costs next to no CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pygame

from game.flags import decimal_number, seed, shown, whole_number
from game.storage.persistence import Persistence
from game.storage.settings import AI_LEVELS, PLAYER_COUNTS, VARIANTS, Settings
from game.storage.stats import Stats
from game.ui import probe
from game.ui.coach.review import ReviewScene, review_button
from game.ui.core import browser, drawing, richtext, text, theme
from game.ui.core.art import CardArt
from game.ui.core.navigation import ScreenMaker, Screens
from game.ui.core.pointer import PointerFilter
from game.ui.core.rest import Rest
from game.ui.core.scene import SceneStack
from game.ui.core.sound import Sounds
from game.ui.core.speech import Speech
from game.ui.core.viewport import Viewport, parse_window
from game.ui.fairplay.daily_deal import DailyResultScene, DailyTable
from game.ui.fairplay.deal_check import FairPlayScene, deal_check_button
from game.ui.fairplay.one_hand import OneHandTable
from game.ui.online.code_entry import CodeEntryScene
from game.ui.online.entry import OnlineScene
from game.ui.online.lobby import LobbyScene
from game.ui.online.menus import OnlinePauseScene, QuickMessagesScene
from game.ui.online.page import linked_table
from game.ui.online.server_entry import ServerEntryScene
from game.ui.online.table import OnlineTableScene
from game.ui.screens.celebration import CelebrationScene
from game.ui.screens.help import HelpScene
from game.ui.screens.match_result import MatchResultScene
from game.ui.screens.name_entry import NameEntryScene
from game.ui.screens.new_match import NewMatchScene
from game.ui.screens.notices import ConfirmScene, NoticeScene, deliver_notices
from game.ui.screens.pause import PauseScene
from game.ui.screens.rules_screen import RulesScene
from game.ui.screens.score_sheet import ScoreSheetScene
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.statistics import StatsScene
from game.ui.screens.title import TitleScene
from game.ui.table import draw as table_draw
from game.ui.table.after_hand import AfterHand, AfterHandButtons
from game.ui.table.away_game import AwayGameScene
from game.ui.table.hand_result import HandResultScene
from game.ui.table.privacy import PrivacyScene
from game.ui.table.scene import TableScene
from game.ui.tutorial.scene import TutorialResultScene, TutorialScene

SCREENS: dict[str, ScreenMaker] = {
    "title": TitleScene,
    "new_match": NewMatchScene,
    "table": TableScene,
    "pause": PauseScene,
    "settings": SettingsScene,
    "name_entry": NameEntryScene,
    "statistics": StatsScene,
    "rules": RulesScene,
    "help": HelpScene,
    "notice": NoticeScene,
    "confirm": ConfirmScene,
    "score_sheet": ScoreSheetScene,
    "match_result": MatchResultScene,
    "celebration": CelebrationScene,
    "hand_result": HandResultScene,
    "away_game": AwayGameScene,
    "privacy": PrivacyScene,
    "deal_check": FairPlayScene,
    "one_hand_table": OneHandTable,
    "daily_table": DailyTable,
    "daily_result": DailyResultScene,
    "review": ReviewScene,
    "tutorial": TutorialScene,
    "tutorial_result": TutorialResultScene,
    "online": OnlineScene,
    "online_code": CodeEntryScene,
    "online_lobby": LobbyScene,
    "online_table": OnlineTableScene,
    "online_pause": OnlinePauseScene,
    "quick_messages": QuickMessagesScene,
    "server_entry": ServerEntryScene,
}
"""Every screen by the name the game asks for it by (each is its scene's `name`)."""

AFTER_HAND: tuple[Callable[[], AfterHand], ...] = (deal_check_button, review_button)
"""The buttons the hand result panel offers after a hand, in order: the deal check, the review."""

DEFAULT_WINDOW = (1280, 720)
SELFPLAY_DT = 1.0 / 60.0
MAX_FRAME_DT = 0.1
"""The most a frame advances the game: after a stall, cards move on rather than jump."""
FRAME_TIMES_KEPT = 36_000
"""Frame times kept for `frame_stats` (ten minutes at 60 a second; older ones are dropped)."""
FRAME_RATE = 60
IDLE_SLEEP_S = 1.0 / 30.0
"""How long an idle loop waits between looks at the input (it draws nothing meanwhile)."""
DEEP_IDLE_AFTER_S = 2.0
DEEP_IDLE_SLEEP_S = 0.1
"""In the browser, once nothing has happened for DEEP_IDLE_AFTER_S, the loop looks ten times a
second: each look costs the page over a millisecond of its main thread (measured in Chromium:
4 % of a core at 30 looks a second, 1.6 % at ten), and a tap then waits at most 0.1 s."""
REST_AFTER_S = 0.5
REST_SLEEP_S = 1.0
"""Where the page calls the game back on the player's input (`browser.wake_on_input`), the
loop rests after REST_AFTER_S and then looks once a second: input, the server's news and
anything due (`SceneStack.next_change`, the audio's rest) end a rest at once. Measured in
Chromium (tools/bench_browser.py), a waiting table then costs the tab a few tenths of a
per cent of a core instead of about 2 %."""
BROWSER_POLL_S = 0.25
"""How often the browser page's size is checked (phones turn, windows are dragged)."""
MAX_SPEED = 50.0
MAX_SELFPLAY_HANDS = 100_000
IN_BROWSER = sys.platform == "emscripten"
GESTURES = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN)
"""What a browser counts as the user's gesture that lets a page start its audio."""


def _speed(text: str) -> float:
    try:
        return decimal_number(0, MAX_SPEED)(text)  # plain digits: no "nan", "1e400" or "٣"
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"speed must be from 0 (instant) to {MAX_SPEED:g}, not {shown(text)}"
        ) from None


def _window(text: str) -> tuple[int, int]:
    try:
        return parse_window(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Command-line options of `python main.py` (nonsense is refused with exit code 2)."""
    parser = argparse.ArgumentParser(prog="main.py", description="Gin Rummy")
    parser.add_argument(
        "--selfplay",
        type=whole_number(0, MAX_SELFPLAY_HANDS),
        metavar="HANDS",
        default=0,
        help="let the AI play both seats for HANDS hands, then exit",
    )
    parser.add_argument("--speed", type=_speed, default=None, help="animation speed multiplier (0 = instant)")
    parser.add_argument("--seed", type=seed, default=None, help="seed for deals and the AI")
    parser.add_argument(
        "--window", type=_window, metavar="WxH", default=None, help="open the window at this size"
    )
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
    parser.add_argument(
        "--narrate",
        action="store_true",
        help="print each move and prompt as a sentence (for a screen reader)",
    )
    options = parser.parse_args(argv)
    problem = _unwritable(options)
    if problem:
        print(f"main.py: {problem}", file=sys.stderr)
        raise SystemExit(2)
    return options


def _unwritable(options: argparse.Namespace) -> str | None:
    """A one-line reason when an output path given on the command line cannot be written."""
    if options.screenshots:
        folder = Path(options.screenshots)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe = folder / ".write-test"
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as error:
            return f"cannot save screenshots in {folder}: {error.strerror or error}"
    if options.frame_stats:
        target = Path(options.frame_stats)
        if target.is_dir():
            return f"cannot write frame statistics to {target}: it is a folder"
        existed = target.exists()
        try:
            with target.open("a"):
                pass
        except OSError as error:
            return f"cannot write frame statistics to {target}: {error.strerror or error}"
        if not existed:
            target.unlink()
    return None


class App:
    """Owns the window, the scene stack and everything shared between scenes."""

    def __init__(self, options: argparse.Namespace) -> None:
        self.options = options
        self.selfplay_hands: int = options.selfplay
        self.selfplay = self.selfplay_hands > 0
        self.persistence = Persistence(enabled=not (options.no_storage or self.selfplay))
        # Anything refused while loading is set aside and told to the player on the first frame.
        self.settings: Settings = self.persistence.load_settings()
        self.stats: Stats = self.persistence.load_stats()
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
        # The most recent passes only: a game left open for hours must not grow without end.
        self.frame_ms: deque[float] = deque(maxlen=FRAME_TIMES_KEPT)
        self.drawn_ms: deque[float] = deque(maxlen=FRAME_TIMES_KEPT)
        self.frames_drawn = 0
        self._excluded_s = 0.0
        self._dirty = True
        self._was_busy = True
        self._last_active = 0.0
        self.rest = Rest()
        self._wake_handle: object = None  # what the page calls back on input: kept while it may
        self.passes = 0
        """Passes of the loop so far; `input_pass` is the one that last took the player's input,
        `rest_s` the last rest (the browser test reads them through the probe)."""
        self.input_pass = 0
        self.rest_s = 0.0
        self._browser_checked = 0.0
        self.stack = SceneStack()
        self.screens = Screens(self.stack, self)
        for name, make in SCREENS.items():
            self.screens.register(name, make)
        self.after_hand = AfterHandButtons()
        for button in AFTER_HAND:
            self.after_hand.register(button())
        self.art = CardArt()
        self.sounds = Sounds()
        self.speech = Speech(lambda: self.settings.narrate and not self.selfplay, echo=options.narrate)
        self.pointer = PointerFilter()
        self.viewport = Viewport(*DEFAULT_WINDOW, zoom=self.settings.zoom)
        self.surface = pygame.Surface(DEFAULT_WINDOW)
        self._apply_looks()

    # --- the window -------------------------------------------------------------------------

    def open_window(self, size: tuple[int, int] | None = None, density: float = 1.0) -> None:
        """Create the window: resizable on the desktop, the page's size in the browser."""
        pygame.display.set_caption("Gin Rummy")
        page = browser.page_size()
        if page is not None:
            size, density = page
        size = size or self.options.window or DEFAULT_WINDOW
        flags = 0 if IN_BROWSER else pygame.RESIZABLE
        self.surface = pygame.display.set_mode(size, flags)
        self._adopt(self.surface.get_size(), density)

    def resize(self, size: tuple[int, int], density: float | None = None) -> None:
        """Follow a change of the window's size (or the page's, in the browser)."""
        width, height = max(160, int(size[0])), max(160, int(size[1]))
        density = self.viewport.density if density is None else density
        if (width, height) == self.viewport.size and density == self.viewport.density:
            return
        current = pygame.display.get_surface()
        if current is None or current.get_size() != (width, height):
            flags = 0 if IN_BROWSER else pygame.RESIZABLE
            current = pygame.display.set_mode((width, height), flags)
        self.surface = current
        self._adopt(current.get_size(), density)

    def _adopt(self, size: tuple[int, int], density: float) -> None:
        """Lay everything out for a window of `size` real pixels."""
        self.viewport = Viewport(size[0], size[1], density, zoom=self.settings.zoom)
        self.art.set_density(density)
        self.pointer.reset()
        drawing.reset()
        table_draw.reset()
        for scene in self.stack.scenes:
            scene.resized()
        self.invalidate()

    def invalidate(self) -> None:
        """Ask for the next frame to be drawn (something changed that the scenes cannot see)."""
        self._dirty = True

    def _follow_page(self, now: float) -> None:
        """In the browser: notice the page changing size (a phone turned) and follow it."""
        if not IN_BROWSER or now - self._browser_checked < BROWSER_POLL_S:
            return
        self._browser_checked = now
        page = browser.page_size()
        if page is not None and (page[0] != self.viewport.size or page[1] != self.viewport.density):
            self.resize(*page)

    def _apply_looks(self) -> None:
        """The theme, the table's felt and the cards' faces and backs the settings ask for."""
        settings = self.settings
        theme.apply(settings.high_contrast, settings.table_colour)
        self.art.set_style(settings.card_back, settings.high_contrast)
        drawing.reset()
        table_draw.reset()

    def settings_changed(self) -> None:
        """A setting changed: take up its looks and its size at once, on every screen."""
        self._apply_looks()
        self._adopt(self.viewport.size, self.viewport.density)

    # --- shared services --------------------------------------------------------------------

    def match_rng(self) -> random.Random:
        """A generator for a new match's deals, drawn from the app's seeded one.

        Seeded with an integer: seeding with a float goes through `hash()`, which differs
        between 64-bit CPython and the browser's 32-bit WebAssembly build, so `--seed N`
        would deal other hands in the browser than on the desktop.
        """
        return random.Random(self.rng.getrandbits(64))

    @property
    def pace(self) -> float:
        """How fast the game moves on (the computer's pauses, the result's): the speed chosen,
        also when motion is reduced (command line beats settings)."""
        if self.speed_override is not None:
            return max(0.0, float(self.speed_override))
        return self.settings.speed_factor

    @property
    def speed(self) -> float:
        """The animation speed in force: 0 (every card jumps to its place) when motion is
        reduced, otherwise the pace."""
        if self.settings.reduced_motion:
            return 0.0
        return self.pace

    def play(self, effect: str) -> None:
        """Play a sound effect when sound is on (never during self-play)."""
        self.sounds.enabled = self.settings.sound and not self.selfplay
        self.sounds.play(effect)

    def announce(self, text: str) -> None:
        """Say `text` to a screen reader (the page's live region, ``--narrate``; always kept)."""
        self.speech.say(text)

    def save_settings(self) -> bool:
        """Keep the settings; False when they were not saved (the player is told why, once)."""
        return self.persistence.save_settings(self.settings)

    def save_stats(self) -> bool:
        """Keep the statistics; False when they were not saved (the player is told why, once)."""
        return self.persistence.save_stats(self.stats)

    def notable(self, moment: str) -> None:
        """A notable moment (deal, knock, ...): save a screenshot when asked to."""
        if self.screenshot_dir is None:
            return
        self.screenshot_dir.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        self.stack.draw(self.surface)
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
        if event.type == pygame.WINDOWRESIZED or event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
            return
        if event.type in (
            pygame.WINDOWEXPOSED,
            pygame.VIDEOEXPOSE,
            pygame.WINDOWSHOWN,
            pygame.WINDOWRESTORED,
        ):
            self.invalidate()
            return
        if event.type in GESTURES:
            self.sounds.unlock()  # the page's audio starts on this gesture: sound may play now
            self.input_pass = self.passes
        translated = self.pointer.translate(event, self.viewport.size, time.perf_counter())
        if translated is None:
            return
        self.invalidate()
        self.stack.handle(translated)

    def frame(self, dt: float) -> bool:
        """One frame: events, update, and (only when something changed) draw and present.

        Returns True when the frame was drawn.
        """
        now = time.perf_counter()
        self._follow_page(now)
        self.sounds.rest_if_quiet(now)
        events = pygame.event.get()
        for event in events:
            self.dispatch(event)
        if events:
            dt = min(dt, MAX_FRAME_DT)  # what the input starts moves from where it is
        deliver_notices(self)
        if self.selfplay and self.stack.top is not None:
            self.stack.top.autopilot()
        self.stack.update(dt)
        busy = self.stack.animating()
        # One more frame after the last movement, so the picture shows where things ended.
        settling, self._was_busy = self._was_busy, busy
        if not (self._dirty or self.stack.changed or busy or settling):
            return False
        self._dirty = self.stack.changed = False
        self.stack.draw(self.surface)  # every full-screen scene paints its whole background
        top = self.stack.top
        if top is not None:  # after drawing: what a screen says may be what it just drew
            self.speech.follow(id(top), top.spoken())
        pygame.display.flip()
        self.frames_drawn += 1
        return True

    async def run(self) -> int:
        """The render loop: runs until quit (or until self-play has played its hands)."""
        self.screens.show("table" if self.selfplay else "title")
        code = linked_table() if not self.selfplay else None
        if code is not None:
            self.screens.show("online", "join", code)  # the page is a table's link: join it
        if IN_BROWSER and not self.selfplay:
            self._wake_handle = browser.wake_on_input(self.rest.page_called)
        clock = pygame.time.Clock()
        last = time.perf_counter()
        max_dt = MAX_FRAME_DT
        while self.running and self.stack.top is not None:
            start = time.perf_counter()
            dt = SELFPLAY_DT if self.selfplay else min(max_dt, start - last)
            last, max_dt = start, MAX_FRAME_DT
            self.passes += 1
            self._excluded_s = 0.0
            drawn = self.frame(dt)
            work = (time.perf_counter() - start - self._excluded_s) * 1000.0
            self.frame_ms.append(work)
            if drawn:
                self.drawn_ms.append(work)
            if self.selfplay:
                await asyncio.sleep(0)
            elif drawn or self._was_busy or self.stack.working():
                self._last_active = start
                await self._next_frame(clock, start)
            else:
                # Nothing to show: look at the input again in a moment, drawing nothing.
                self.rest_s = self._idle_sleep(start)
                if await self.rest.wait(self.rest_s):
                    max_dt = self.rest_s + MAX_FRAME_DT  # nothing came: a message's clock counts the rest
                clock.tick()
        while self.stack.scenes:
            self.stack.pop()  # scenes save what they hold (the match in progress)
        self.write_frame_stats()
        return self.exit_code

    def _idle_sleep(self, now: float) -> float:
        """How long an idle loop waits before it looks at the input again."""
        quiet = now - max(self._last_active, self.rest.woken)
        page_calls = self.rest.page_calls
        if not IN_BROWSER or quiet <= (REST_AFTER_S if page_calls else DEEP_IDLE_AFTER_S):
            return IDLE_SLEEP_S
        if not page_calls:
            return DEEP_IDLE_SLEEP_S  # input would wait for the next look: look often
        due = [when for when in (self.stack.next_change(), self.sounds.rest_due(now)) if when is not None]
        return max(1.0 / FRAME_RATE, min([REST_SLEEP_S, *due]))

    def wake(self) -> None:
        """Look at the game now, and often for a while (the server's news)."""
        self.rest.wake()

    async def _next_frame(self, clock: pygame.time.Clock, start: float) -> None:
        """Wait for the next frame at FRAME_RATE, giving the time back to the event loop."""
        if IN_BROWSER:
            # In the browser Clock.tick waits by spinning (measured in Chromium: tick(10)
            # held the page's only thread for 100 ms), so a moving screen cost a whole core:
            # sleep out the rest of the frame on the page's event loop instead.
            await asyncio.sleep(max(0.0, 1.0 / FRAME_RATE - (time.perf_counter() - start)))
            return
        clock.tick(FRAME_RATE)
        await asyncio.sleep(0)

    def frame_stats(self) -> dict[str, float | int]:
        """Frame work times (events + update + draw + present) in milliseconds.

        The times are those of the last `FRAME_TIMES_KEPT` passes (about ten minutes of
        animation at 60 frames a second).
        `frames` counts every pass of the loop and `frames_drawn` the ones that drew and
        presented a picture. `frame_ms_*` are over the drawn frames; `work_ms_p99` is over
        every pass that did any work at all (one that only thinks for the AI, draws nothing,
        counts here), so neither hides the other.
        """
        stats: dict[str, float | int] = {"frames": len(self.frame_ms), "frames_drawn": self.frames_drawn}
        drawn = sorted(self.drawn_ms)
        busy = sorted(t for t in self.frame_ms if t >= 0.05)
        stats["frame_ms_p50"] = _percentile(drawn, 0.50)
        stats["frame_ms_p99"] = _percentile(drawn, 0.99)
        stats["frame_ms_max"] = round(drawn[-1], 3) if drawn else 0.0
        stats["work_ms_p99"] = _percentile(busy, 0.99)
        return stats

    def write_frame_stats(self) -> None:
        """Write the JSON frame statistics when `--frame-stats FILE` was given."""
        if self.options.frame_stats:
            try:
                Path(self.options.frame_stats).write_text(json.dumps(self.frame_stats(), indent=2))
            except OSError as error:
                print(f"main.py: cannot write frame statistics: {error}", file=sys.stderr)


def _percentile(times: list[float], fraction: float) -> float:
    """The `fraction` percentile of sorted `times` (0 when there are none).

    >>> _percentile([1.0, 2.0, 3.0, 4.0], 0.5)
    3.0
    """
    if not times:
        return 0.0
    return round(times[min(len(times) - 1, int(fraction * (len(times) - 1) + 0.5))], 3)


def create_app(argv: list[str] | None = None) -> App:
    """Initialise pygame, open the window and build the app (used by main and by tests)."""
    options = parse_args(argv)
    if options.selfplay:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.pre_init(22050, -16, 1, 512)
    pygame.init()
    text.reset()
    richtext.reset()
    drawing.reset()
    table_draw.reset()
    app = App(options)
    app.open_window()
    probe.attach(app)  # the browser test's snapshot; off unless its page asks (game/ui/probe.py)
    return app


async def main(argv: list[str] | None = None) -> int:
    """Build the app and run its loop; returns the exit code."""
    if argv is None:
        argv = sys.argv[1:] if not IN_BROWSER else probe.page_options()
    app = create_app(argv)
    try:
        return await app.run()
    finally:
        pygame.quit()
