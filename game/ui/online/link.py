"""The screens' connection to a game server: one session, its requests run as tasks, the seat kept.

Screens are called frame by frame and never wait, while a session's requests are
coroutines. An :class:`OnlineLink` runs them on the event loop the game already runs on
(natively `asyncio.run(main())`, in the browser the page's own loop) and reports back
through callbacks on a later frame: `enter` for taking a place (create, join, watch,
resume, quick match), `send` for the moves and messages, which go out one after another in
the order they were made. Every refusal comes back as a sentence for the player
(:func:`explain`). When a seat is taken its token is kept on the device
(`Persistence.save_online_seat`), so "Continue online match" takes it back after a reload
or a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from game.online.protocol import ErrorCode
from game.online.session import Session, SessionError, TableState
from game.online.transport import Connector
from game.storage.persistence import OnlineSeat
from game.ui.core.scene import GameApp

JOIN_WAIT_S = 15.0
"""How long taking a place may take before the player is told the server did not answer."""


def explain(error: BaseException, code: str | None = None) -> str:
    """A refusal or a failure as a sentence the player can act on."""
    if isinstance(error, TimeoutError):
        return "The server did not answer in time: try again in a moment."
    if not isinstance(error, SessionError):
        return f"Something went wrong: {error}."
    words = {
        ErrorCode.NO_TABLE: f"No table has the code {code}: check the code with your friend."
        if code
        else "There is no such table.",
        ErrorCode.TABLE_FULL: "Every seat at that table is taken. You can watch it instead.",
        ErrorCode.SEAT_TAKEN: "That seat is taken.",
        ErrorCode.BAD_TOKEN: "The server does not know this seat any more (the table has closed).",
        ErrorCode.EXPIRED_TOKEN: "That match is over and its table has closed.",
        ErrorCode.BAD_RULES: f"The server cannot play these rules: {error.message}.",
        ErrorCode.RATE_LIMITED: "Too many requests at once: wait a second and try again.",
    }
    if error.code in words:
        return words[error.code]
    if error.code == ErrorCode.UNAVAILABLE:
        return f"No game server answers. {_sentence(error.message)}"
    return _sentence(error.message) or "The server refused."


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if not text or text.endswith((".", "!", "?")) else ".")


class OnlineLink:
    """A session with a game server, driven from the screens."""

    def __init__(self, app: GameApp, urls: Sequence[str], connect: Connector | None = None) -> None:
        self.app = app
        self.urls = list(urls)
        self.session = Session(self.urls, connect=connect)
        self.session.on_news = app.wake  # the server's news is shown at once, even at rest
        self.busy = ""
        """What is being done now ("Joining table ABC234..."), "" when nothing."""
        self._outbox: asyncio.Queue[Callable[[], Awaitable[None]]] | None = None
        self._tasks: set[asyncio.Future[Any]] = set()
        self.closed = False
        self.returning = False
        """True when the link takes back a seat kept on this device: the hand on the table is
        one the person already had in front of them, so its cards are simply there."""

    @property
    def state(self) -> TableState | None:
        """The table as the server last described it."""
        return self.session.state

    # --- taking a place ------------------------------------------------------------------------

    def enter(
        self,
        what: str,
        request: Callable[[Session], Awaitable[TableState]],
        done: Callable[[TableState], None],
        failed: Callable[[str], None],
        code: str | None = None,
        wait: float | None = None,
    ) -> None:
        """Take a place (`request(session)`); then `done(state)` or `failed(sentence)`
        (within `wait` seconds, JOIN_WAIT_S by default)."""
        if self.busy:
            return
        if not _loop_running():
            failed("Online play runs inside the game's own loop (python -m game); it is not running.")
            return
        self.busy = what

        async def run() -> None:
            try:
                state = await asyncio.wait_for(request(self.session), wait or JOIN_WAIT_S)
            except (SessionError, TimeoutError) as error:
                self.busy = ""
                await self.session.close()
                failed(explain(error, code))
                return
            except Exception as error:  # a frame the session could not read, say
                self.busy = ""
                await self.session.close()
                failed(explain(error, code))
                return
            self.busy = ""
            self.keep_seat()
            done(state)

        self._start(run())

    def keep_seat(self) -> None:
        """Keep the seat's token on the device (a spectator keeps nothing)."""
        record = self.session.seat_record()
        token, player = record.get("token"), record.get("player")
        if isinstance(token, str) and isinstance(player, int):
            self.app.persistence.save_online_seat(OnlineSeat(tuple(self.urls), record["code"], player, token))

    def forget_seat(self) -> None:
        """The match is over (or the seat was given up): nothing to come back to."""
        self.app.persistence.discard_online_seat()

    # --- moves and messages ------------------------------------------------------------------------

    def send(self, request: Callable[[Session], Awaitable[None]]) -> None:
        """Send a request after every one sent before it (a refusal comes back as an event)."""
        if self.closed or not _loop_running():
            return
        if self._outbox is None:
            self._outbox = asyncio.Queue()
            self._start(self._deliver(self._outbox))
        session = self.session

        async def one() -> None:
            await request(session)

        self._outbox.put_nowait(one)

    async def _deliver(self, outbox: asyncio.Queue[Callable[[], Awaitable[None]]]) -> None:
        while True:
            request = await outbox.get()
            with contextlib.suppress(SessionError):  # not connected: the reconnect resends the state
                await request()

    def close(self) -> None:
        """Close the connection (the server keeps the seat for its grace period)."""
        if self.closed:
            return
        self.closed = True
        for task in list(self._tasks):
            task.cancel()
        if _loop_running():
            self._start(self.session.close())

    def _start(self, coroutine: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _loop_running() -> bool:
    """Whether an asyncio loop runs the frames (the game's main.py, or the page's own loop)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
