"""The loop rests: once a scene settles, idle frames draw and present nothing.

Any input, a scene change or a running animation wakes it again.
"""

from __future__ import annotations

import pygame
import pytest

from game.rules import Pass, Phase
from game.ui.screens.title import SETTLE_S, TitleScene

from .harness import create_app, deck_for, frames, key, post, run_until, start_table


@pytest.fixture
def presents(monkeypatch):
    """Counts every picture put on the screen."""
    count = {"flips": 0}
    real = pygame.display.flip

    def counting_flip() -> None:
        count["flips"] += 1
        real()

    monkeypatch.setattr(pygame.display, "flip", counting_flip)
    return count


def _idle_frames(app, count: int) -> tuple[int, int]:
    """(frames drawn, frames looked at) over `count` idle frames."""
    before = app.frames_drawn
    drawn = sum(1 for _ in range(count) if app.frame(1 / 60))
    assert app.frames_drawn - before == drawn
    return drawn, count


def test_the_title_screen_rests_once_its_cards_settle(presents):
    app = create_app(["--no-storage", "--seed", "3", "--speed", "1"])
    app.stack.push(TitleScene(app))
    frames(app, int(SETTLE_S * 60) + 5)  # the showcase sways, then settles
    flips = presents["flips"]
    assert _idle_frames(app, 120) == (0, 120)
    assert presents["flips"] == flips  # nothing presented either
    post(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    assert app.frame(1 / 60) is True
    assert _idle_frames(app, 30)[0] == 0


def test_the_table_waiting_for_the_player_draws_nothing_until_input(presents):
    app = create_app(["--no-storage", "--seed", "3", "--speed", "1"])
    deck = deck_for(
        human="6H 7H 8H 9H 9C 9D 9S 2C 3D KS",
        ai="2H 5H JD JS QS QH 4C 4S TD 8C",
        upcard="KC",
        stock="AD 5C",
        dealer=1,
    )
    table = start_table(app, deck, dealer=1, script=[Pass()])
    run_until(app, lambda: not table.animating(), limit=2000)  # the deal, then nothing
    assert table.hand.phase is Phase.UPCARD_OFFER and table.hand.to_act == 0
    frames(app, 2)
    flips = presents["flips"]
    assert _idle_frames(app, 300) == (0, 300)
    assert presents["flips"] == flips

    # A key press wakes it for as long as what it started moves, then it rests again.
    key(app, pygame.K_p)  # pass: the AI waits a moment, thinks and passes
    assert table.hand.to_act == 1
    # While it waits and thinks only its "thinking" dots change: a few pictures a second.
    drawn, looked = _idle_frames(app, 30)
    assert table.hand.to_act == 1 and 1 <= drawn <= 3
    run_until(app, lambda: table.hand.to_act == 0 and not table.animating(), limit=2000)
    frames(app, 2)
    assert _idle_frames(app, 120) == (0, 120)

    # An animation started by a key (sorting moves the cards) draws every frame it runs.
    key(app, pygame.K_r)
    assert table.animator.busy
    drawn, looked = _idle_frames(app, 5)
    assert drawn == looked == 5
    run_until(app, lambda: not table.animating(), limit=2000)
    frames(app, 2)
    assert _idle_frames(app, 60) == (0, 60)


def test_a_window_resize_or_expose_redraws_once(presents):
    app = create_app(["--no-storage", "--seed", "3", "--speed", "0"])
    app.stack.push(TitleScene(app))
    frames(app, int(SETTLE_S * 60) + 5)
    assert _idle_frames(app, 10)[0] == 0
    post(pygame.WINDOWEXPOSED)
    assert app.frame(1 / 60) is True
    app.resize((900, 700))
    assert app.frame(1 / 60) is True
    assert _idle_frames(app, 10)[0] == 0


def test_in_the_browser_frames_are_paced_by_sleeping_not_by_clock_tick(monkeypatch):
    """Clock.tick spins in the browser (it held Chromium's main thread for whole frames):
    there the loop waits for the next frame by sleeping on the event loop instead."""
    import asyncio

    from game.ui import app as app_module

    app = create_app(["--no-storage", "--seed", "3", "--speed", "1"])
    monkeypatch.setattr(app_module, "IN_BROWSER", True)
    ticks: list[tuple[object, ...]] = []
    sleeps: list[float] = []

    class Clock:
        def tick(self, *rate: object) -> int:
            ticks.append(rate)
            return 0

    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        if len(sleeps) >= 90:  # the title sways for a while: enough frames seen
            app.quit()
        await real_sleep(0)

    monkeypatch.setattr(pygame.time, "Clock", Clock)
    monkeypatch.setattr(asyncio, "sleep", sleep)
    asyncio.run(app.run())
    assert app.frames_drawn >= 60  # the showcase cards moved, frame after frame
    assert all(rate == () for rate in ticks)  # never tick(FRAME_RATE), which would spin
    frame = 1 / app_module.FRAME_RATE
    assert all(0 <= seconds <= frame for seconds in sleeps[:60])
    assert sum(seconds > 0 for seconds in sleeps[:60]) >= 30  # the rest of each frame is slept out


def test_in_the_browser_a_long_rest_looks_at_the_input_ten_times_a_second(monkeypatch):
    """Each look costs the page's main thread: after two quiet seconds the loop looks less often."""
    import asyncio

    from game.ui import app as app_module

    app = create_app(["--no-storage", "--seed", "3", "--speed", "1"])
    monkeypatch.setattr(app_module, "IN_BROWSER", True)
    clock = {"now": 1000.0}
    sleeps: list[float] = []
    pressed: list[int] = []
    real_sleep = asyncio.sleep
    deep_s = app_module.DEEP_IDLE_SLEEP_S

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        clock["now"] += max(seconds, 1 / 240)  # time passes while the loop waits (and works)
        deep = sum(s == deep_s for s in sleeps)
        if deep == 10 and not pressed:  # resting deeply: a key press wakes the loop
            pressed.append(len(sleeps))
            post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
        if deep >= 20 or len(sleeps) > 3000:  # (3000: never resting deeply must fail, not hang)
            app.quit()
        await real_sleep(0)

    monkeypatch.setattr(app_module.time, "perf_counter", lambda: clock["now"])
    monkeypatch.setattr(asyncio, "sleep", sleep)
    asyncio.run(app.run())
    first_deep = sleeps.index(deep_s)
    # The first quiet two seconds are looked at 30 times a second, then ten times.
    quiet = [s for s in sleeps[:first_deep] if s == app_module.IDLE_SLEEP_S]
    assert len(quiet) >= int(app_module.DEEP_IDLE_AFTER_S * 30) - 2
    assert set(sleeps[first_deep : pressed[0]]) == {deep_s}
    # The key press is taken at the next look; the loop draws, then rests lightly again first.
    after = sleeps[pressed[0] :]
    assert app_module.IDLE_SLEEP_S in after[: after.index(deep_s)]
    assert app.frames_drawn > 0


async def _until(condition, what: str, timeout: float = 10.0) -> None:
    """Wait (really) until `condition()`; fail with `what` after `timeout` seconds."""
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.005)


def _resting_app(monkeypatch, rest_s: float = 60.0):
    """An app as in a page that calls back on input, with a short title and a long rest."""
    from game.ui import app as app_module
    from game.ui.screens import title

    app = create_app(["--no-storage", "--seed", "3", "--speed", "1"])
    monkeypatch.setattr(app_module, "IN_BROWSER", True)
    monkeypatch.setattr(app_module, "DEEP_IDLE_AFTER_S", 0.2)
    monkeypatch.setattr(app_module, "REST_AFTER_S", 0.2)
    monkeypatch.setattr(app_module, "REST_SLEEP_S", rest_s)
    monkeypatch.setattr(title, "SETTLE_S", 0.2)
    return app


def test_in_the_browser_the_page_s_call_ends_a_long_rest_at_once(monkeypatch):
    """Where the page calls back on input, a rested loop waits long between looks; the call
    ends the rest, and the key is taken by the very next pass, not a minute later."""
    import asyncio

    app = _resting_app(monkeypatch)

    async def play() -> None:
        runner = asyncio.ensure_future(app.run())
        await _until(lambda: app.rest_s == 0.1, "the rest without the page's calls")  # polling
        app.rest.page_called()  # the page's first call, unasked: its calls reach the game
        await _until(lambda: app.rest_s == 60.0, "the long rest")
        focused, before = app.stack.top.menu.focus, app.passes
        post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
        app.rest.page_called()  # what the page does on that key
        await _until(lambda: app.input_pass > 0, "the key to be taken", timeout=5.0)
        assert app.input_pass == before + 1
        assert app.stack.top.menu.focus != focused
        app.quit()
        app.wake()
        await asyncio.wait_for(runner, 5.0)

    asyncio.run(play())


def test_a_long_rest_ends_when_something_is_due_and_its_clock_counts_the_rest(monkeypatch):
    """A message's clock (or a move timer) must move at rest: the rest lasts only until the
    next change, and the time rested counts in full (not one frame's worth)."""
    import asyncio

    from game.ui import app as app_module
    from game.ui.core.scene import Scene

    app = _resting_app(monkeypatch)

    class Countdown(Scene):
        modal = True
        name = "countdown"
        left = 0.5

        def setup(self) -> None:
            self.steps: list[float] = []

        def next_change(self) -> float | None:
            return self.left if self.left > 0 else None

        def update(self, dt: float) -> None:
            self.steps.append(dt)
            self.left -= dt

    async def play() -> None:
        runner = asyncio.ensure_future(app.run())
        app.rest.page_called()
        await _until(lambda: app.rest_s == 60.0, "the long rest")
        countdown = app.stack.push(Countdown(app))
        app.wake()  # a scene appearing is news (in the game it comes with input)
        await _until(lambda: countdown.left <= 0, "the countdown to run out", timeout=5.0)
        # Within seconds, not the minute's rest; and one step counted a whole rest.
        assert max(countdown.steps) > app_module.MAX_FRAME_DT
        await _until(lambda: app.rest_s == 60.0, "the long rest again")
        app.quit()
        app.wake()
        await asyncio.wait_for(runner, 5.0)

    asyncio.run(play())


def test_the_server_s_news_wakes_a_resting_loop():
    """The online session calls back whenever it queues news: the table looks at once."""
    from game.online.session import Session

    calls: list[int] = []
    session = Session(["ws://127.0.0.1:9"])
    session.on_news = lambda: calls.append(1)
    session._emit("said", {"text": "hello"})
    assert calls == [1]
    assert [event.kind for event in session.poll()] == ["said"]


def test_a_resting_table_says_when_its_message_fades_and_its_ring_goes():
    app = create_app(["--no-storage", "--seed", "3", "--speed", "1"])
    deck = deck_for(
        human="6H 7H 8H 9H 9C 9D 9S 2C 3D KS",
        ai="2H 5H JD JS QS QH 4C 4S TD 8C",
        upcard="KC",
        stock="AD 5C",
        dealer=1,
    )
    table = start_table(app, deck, dealer=1, script=[Pass()])
    run_until(app, lambda: not table.animating(), limit=2000)
    assert app.stack.next_change() is None  # nothing due: the loop may rest as long as it likes
    table.toast.show("Hints are for your turn.", seconds=3.0)
    assert app.stack.next_change() == pytest.approx(3.0 - table.toast.FADE_S)
    table.flash_time = 1.0
    assert app.stack.next_change() == pytest.approx(1.0)
    table.toast.update(2.8)  # fading now: due when it is gone
    assert app.stack.next_change() == pytest.approx(0.2)


def test_news_that_ends_a_rest_moves_from_its_start_not_by_the_whole_rest(monkeypatch):
    """A move from the server ends a long rest: the frame after it advances one frame's worth,
    so the card it starts flies from the start of its path instead of appearing at the end."""
    import asyncio

    from game.ui import app as app_module
    from game.ui.core.scene import Scene

    app = _resting_app(monkeypatch)

    class Watch(Scene):
        modal = True
        name = "watch"

        def setup(self) -> None:
            self.steps: list[float] = []

        def update(self, dt: float) -> None:
            self.steps.append(dt)

    async def play() -> None:
        runner = asyncio.ensure_future(app.run())
        app.rest.page_called()
        await _until(lambda: app.rest_s == 60.0, "the long rest")
        watch = app.stack.push(Watch(app))
        app.wake()
        await _until(lambda: app.rest_s == 60.0 and len(watch.steps) > 3, "the long rest again")
        seen = len(watch.steps)
        await asyncio.sleep(0.4)  # resting meanwhile
        app.wake()  # the server's news
        await _until(lambda: len(watch.steps) > seen, "the news to be looked at", timeout=5.0)
        assert watch.steps[seen] <= app_module.MAX_FRAME_DT
        app.quit()
        app.wake()
        await asyncio.wait_for(runner, 5.0)

    asyncio.run(play())
