"""How the loop waits while nothing moves: a rest that news ends at once.

In the browser each look at the game costs the page's only thread over a millisecond, so a
resting loop looks seldom; the page calls back on the player's input (`browser.wake_on_input`)
and the online session on the server's news, and either call ends the rest (`Rest.wake`).
Until the page's first call has arrived, nothing shows that calls from the page reach Python
in this runtime: the rest is then a plain sleep, and the loop looks often instead.

>>> import asyncio
>>> rest = Rest()
>>> asyncio.run(rest.wait(0.01)), rest.page_calls
(True, False)
"""

from __future__ import annotations

import asyncio
import time


class Rest:
    """The loop's rest between looks, and what ends it early."""

    def __init__(self) -> None:
        self.woken = 0.0
        """When news last came (`time.perf_counter()`): the loop stays attentive a while after."""
        self.page_calls = False
        """True once the page's call on input has been seen to reach the game."""
        self._waiter: asyncio.Future[None] | None = None

    def wake(self) -> None:
        """News came (the page's input, the server's news): end the rest now."""
        self.woken = time.perf_counter()
        if self._waiter is not None:
            _settle(self._waiter)

    def page_called(self) -> None:
        """The page's call on the player's input (the first one comes unasked: it works)."""
        self.page_calls = True
        self.wake()

    async def wait(self, seconds: float) -> bool:
        """Wait `seconds` on the event loop, or less if woken meanwhile.

        True when nothing woke it: what news starts (a move from the server) must move from
        its start, not by the whole rest at once.
        """
        began = time.perf_counter()
        if not self.page_calls:
            await asyncio.sleep(seconds)
            return self.woken < began
        loop = asyncio.get_running_loop()
        waiter = self._waiter = loop.create_future()
        timer = loop.call_later(seconds, _settle, waiter)
        try:
            await waiter
        finally:
            timer.cancel()
            self._waiter = None
        return self.woken < began


def _settle(waiter: asyncio.Future[None]) -> None:
    """End a rest (once: a timer and a wake may both come)."""
    if not waiter.done():
        waiter.set_result(None)
