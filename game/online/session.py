"""A seat at an online table, kept in step with the server: what the table scene drives.

A :class:`Session` speaks the protocol over a :class:`~game.online.transport.Transport`,
keeps the table's state (:class:`TableState`: the seats, the scores, and the seat's own
:class:`~game.rules.PlayerView`, or a spectator's :class:`~game.online.views.PublicView`),
and reports everything that happens as :class:`TableEvent` values, which a frame loop
collects with :meth:`Session.poll` (never blocking) and a script awaits with
:meth:`Session.next_event`. When the connection drops it tries each server URL in turn and
takes its seat back with the seat's token; the state is then rebuilt from the server's
snapshot, so nothing the seat saw is lost.

    session = Session(["ws://127.0.0.1:8765"])
    await session.create(TableSetup.for_players(2))
    ...
    for event in session.poll():        # each frame
        if event.kind == "update": redraw(session.state)
    await session.act(DrawStock())
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.online.protocol import PROTOCOL_VERSION, ErrorCode, encode
from game.online.tablesetup import TableSetup
from game.online.transport import Connector, Transport, TransportClosed, default_connector
from game.online.views import PublicView, ViewError, event_from_data, public_from_data, view_from_data
from game.rules import Action, Event, PlayerView, RuleSet, action_to_data

RECONNECT_DELAYS_S = (0.2, 0.5, 1.0, 2.0, 3.0)
"""Waits between rounds of trying every server URL (the last repeats)."""


class SessionError(Exception):
    """The server refused a request (``code`` from ErrorCode) or could not be reached."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class TableEvent:
    """Something that happened: ``kind`` and the frame (or details) it came with.

    Kinds: ``joined``, ``table`` (the whole state was replaced), ``update``, ``commitment``
    (the next deal's, before any of its cards), ``dealt`` (the new hand), ``moved`` (``event`` holds the engine's Event), ``hand_over``
    (with the hand export), ``match_over``, ``said``, ``notice``, ``error``, ``queued``,
    ``closed``, ``reconnecting``, ``reconnected``, ``lost`` (no server answers).
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    event: Event | None = None


@dataclass
class TableState:
    """The table as this seat knows it."""

    code: str
    player: int | None  # None: watching
    token: str | None = None
    version: int = -1
    stage: str = "waiting"
    setup: TableSetup | None = None
    host: int = 0
    seats: list[dict[str, Any]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    boxes: list[int] = field(default_factory=list)
    clock: dict[str, Any] | None = None
    played: list[dict[str, Any]] = field(default_factory=list)
    hand_number: int = 0
    hand_players: tuple[int, int] | None = None
    you: int | None = None  # this seat's place (0 or 1) in the hand, None when sitting out
    commitment: str | None = None
    fingerprint: str | None = None
    history: list[Event] = field(default_factory=list)
    view: PlayerView | None = None
    public: PublicView | None = None
    hand_over: dict[str, Any] | None = None
    match_over: dict[str, Any] | None = None

    @property
    def rules(self) -> RuleSet | None:
        """The table's rules (once the first snapshot came)."""
        return None if self.setup is None else self.setup.rules

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to act now."""
        view = self.view
        return (
            self.stage == "playing"
            and view is not None
            and view.to_act == view.player
            and bool(view.legal_actions)
        )


class Session:
    """One connection's place at a table (see the module docstring)."""

    def __init__(self, urls: Sequence[str], *, connect: Connector | None = None,
                 give_up_after_s: float = 120.0) -> None:  # fmt: skip
        if not urls:
            raise ValueError("give at least one server URL")
        self.urls = list(urls)
        self.connect = connect or default_connector()
        self.give_up_after_s = give_up_after_s
        self.state: TableState | None = None
        self.server: str | None = None  # the URL in use
        self._transport: Transport | None = None
        self._events: asyncio.Queue[TableEvent] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self._waiting: asyncio.Future[dict[str, Any]] | None = None
        self._closing = False
        self._url_index = 0
        self._reconnecting: asyncio.Future[None] | None = None
        self.on_news: Callable[[], None] | None = None
        """Called whenever an event is queued: a frame loop resting between looks (the
        browser's, see game/ui/app.py) looks at once instead of at its next look."""

    # --- events ---------------------------------------------------------------------------

    def poll(self) -> list[TableEvent]:
        """Everything that happened since the last call (for a frame loop; never waits)."""
        events = []
        while not self._events.empty():
            events.append(self._events.get_nowait())
        return events

    async def next_event(self, timeout: float | None = None) -> TableEvent:
        """Wait for the next event (``TimeoutError`` after ``timeout`` seconds)."""
        return await asyncio.wait_for(self._events.get(), timeout)

    def _emit(self, kind: str, data: dict[str, Any] | None = None, event: Event | None = None) -> None:
        self._events.put_nowait(TableEvent(kind, data or {}, event))
        if self.on_news is not None:
            self.on_news()

    # --- taking a place -------------------------------------------------------------------

    async def create(self, setup: TableSetup) -> TableState:
        """Open a table with ``setup`` and sit in its first open seat."""
        return await self._enter({"type": "create", "setup": setup.to_dict()})

    async def join(self, code: str, player: int | None = None) -> TableState:
        """Take an open seat at table ``code``."""
        message: dict[str, Any] = {"type": "join", "code": code}
        if player is not None:
            message["player"] = player
        return await self._enter(message)

    async def spectate(self, code: str) -> TableState:
        """Watch table ``code``."""
        return await self._enter({"type": "spectate", "code": code})

    async def resume(self, token: str) -> TableState:
        """Take back the seat ``token`` was given for."""
        return await self._enter({"type": "resume", "token": token})

    async def quick(self, rules: RuleSet, wait_s: float = 600.0) -> TableState:
        """Wait for strangers (or the computer) under ``rules``; returns once seated."""
        return await self._enter({"type": "quick", "rules": rules.to_dict()}, wait_s)

    async def _enter(self, message: dict[str, Any], wait_s: float = 15.0) -> TableState:
        if self._transport is None:
            await self._open_any()
        assert self._transport is not None
        loop = asyncio.get_running_loop()
        self._waiting = loop.create_future()
        await self._send(message)
        try:
            joined = await asyncio.wait_for(self._waiting, wait_s)
        finally:
            self._waiting = None
        assert self.state is not None and self.state.code == joined["code"]
        return self.state

    def seat_record(self) -> dict[str, Any]:
        """What to keep on the device to come back to this seat (a seat file, localStorage)."""
        state = self.state
        if state is None:
            return {}
        return {"urls": self.urls, "code": state.code, "player": state.player, "token": state.token}

    # --- playing --------------------------------------------------------------------------

    async def act(self, action: Action, version: int | None = None) -> None:
        """Play ``action``; a refusal comes back as an ``error`` event with the reason.

        The move is refused (``stale``) if the table is no longer at ``version`` (by default
        the version last heard of): a move chosen on an older table never lands on a new one.
        """
        if version is None:
            version = None if self.state is None else self.state.version
        await self._send({"type": "act", "action": action_to_data(action), "version": version})

    async def say(self, phrase: str) -> None:
        """Send a preset quick message (a key of ``protocol.PHRASES``)."""
        await self._send({"type": "say", "phrase": phrase})

    async def next_hand(self) -> None:
        """Ready for the next hand."""
        await self._send({"type": "next"})

    async def fill(self, level: str | None = None) -> None:
        """(The host) give the open seats to the computer."""
        await self._send({"type": "fill"} | ({"level": level} if level else {}))

    async def leave(self) -> None:
        """Hand the seat to the computer (the token still brings you back)."""
        await self._send({"type": "leave"})

    async def sync(self) -> None:
        """Ask for the whole table again."""
        await self._send({"type": "sync"})

    async def close(self) -> None:
        """Stop: close the connection and forget reconnecting."""
        self._closing = True
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        if self._transport is not None:
            await self._transport.close()
            self._transport = None

    async def _send(self, message: dict[str, Any]) -> None:
        if self._transport is None:
            raise SessionError(ErrorCode.UNAVAILABLE, "not connected to a server")
        # A closed connection: the reader notices too and reconnects; the state is resent then.
        with contextlib.suppress(TransportClosed):
            await self._transport.send(encode(message))

    # --- the connection ---------------------------------------------------------------------

    async def _open_any(self) -> None:
        """Connect to the first server that answers, starting with the current one."""
        errors = []
        for step in range(len(self.urls)):
            url = self.urls[(self._url_index + step) % len(self.urls)]
            try:
                transport = await self.connect(url)
                welcome = json.loads(await transport.recv())
            except (TransportClosed, ValueError) as error:
                errors.append(str(error))
                continue
            if welcome.get("type") != "welcome":
                await transport.close()
                errors.append(f"{url} is not a Gin Rummy server")
                continue
            if welcome.get("protocol") != PROTOCOL_VERSION:
                await transport.close()
                errors.append(
                    f"{url} speaks protocol {welcome.get('protocol')!r}, this game {PROTOCOL_VERSION}"
                )
                continue
            self._url_index = (self._url_index + step) % len(self.urls)
            self._transport, self.server = transport, url
            self._reader = asyncio.ensure_future(self._read(transport))
            return
        raise SessionError(ErrorCode.UNAVAILABLE, "no server answers: " + "; ".join(errors))

    async def _read(self, transport: Transport) -> None:
        try:
            while True:
                text = await transport.recv()
                try:
                    self._receive(json.loads(text))
                except (ValueError, KeyError, TypeError, ViewError) as error:
                    self._emit(
                        "error",
                        {"code": "bad_frame", "message": f"unreadable frame from the server: {error}"},
                    )
                    await self.sync()
        except TransportClosed:
            if not self._closing:
                self._reconnecting = asyncio.ensure_future(self._reconnect())

    async def _reconnect(self) -> None:
        self._transport = None
        state = self.state
        if state is None:
            self._emit("lost", {"message": "the connection closed before joining a table"})
            self._fail_waiting("the connection closed")
            return
        self._url_index = (self._url_index + 1) % len(self.urls)  # the one that failed goes last
        started = asyncio.get_running_loop().time()
        attempt = 0
        while not self._closing:
            self._emit("reconnecting", {"attempt": attempt})
            try:
                await self._open_any()
            except SessionError:
                if asyncio.get_running_loop().time() - started > self.give_up_after_s:
                    self._emit("lost", {"message": "no server answers"})
                    return
                await asyncio.sleep(RECONNECT_DELAYS_S[min(attempt, len(RECONNECT_DELAYS_S) - 1)])
                attempt += 1
                continue
            if state.token is not None:
                await self._send({"type": "resume", "token": state.token})
            else:
                await self._send({"type": "spectate", "code": state.code})
            self._emit("reconnected", {"server": self.server})
            return

    def _fail_waiting(self, message: str, code: str = ErrorCode.UNAVAILABLE) -> None:
        if self._waiting is not None and not self._waiting.done():
            self._waiting.set_exception(SessionError(code, message))

    # --- frames ---------------------------------------------------------------------------

    def _receive(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "joined":
            token = frame.get("token") or (
                self.state.token if self.state and self.state.code == frame["code"] else None
            )
            self.state = TableState(frame["code"], frame["player"], token)
            self._emit("joined", frame)
        elif kind == "table":
            self._snapshot(frame)
            if self._waiting is not None and not self._waiting.done() and self.state is not None:
                self._waiting.set_result(frame)
        elif kind == "update":
            self._update(frame)
        elif kind == "error":
            if (
                frame.get("code") in (ErrorCode.BAD_TOKEN, ErrorCode.EXPIRED_TOKEN)
                and self.state
                and self.state.token
            ):
                self.state.token = None  # the seat is gone for good
            self._fail_waiting(frame.get("message", ""), frame.get("code", ""))
            self._emit("error", frame)
        elif kind == "commitment":
            if self.state is not None:
                self.state.commitment, self.state.fingerprint = frame["commitment"], frame["fingerprint"]
            self._emit("commitment", frame)
        elif kind in ("said", "notice", "queued", "closed"):
            self._emit(str(kind), frame)
        # welcome, pong and anything newer than this client are ignored

    def _snapshot(self, frame: dict[str, Any]) -> None:
        state = self.state
        if state is None or state.code != frame.get("code"):
            return
        state.setup = TableSetup.from_dict(frame["setup"])
        state.host = frame["host"]
        state.played = frame["played"]
        state.version = -1
        state.history = []
        self._apply(frame, full=True)
        self._emit("table", frame)

    def _update(self, frame: dict[str, Any]) -> None:
        state = self.state
        if state is None or state.setup is None or frame["version"] <= state.version:
            return  # from before the last snapshot
        self._apply(frame, full=False)
        self._emit("update", frame)

    def _apply(self, frame: dict[str, Any], full: bool) -> None:
        state = self.state
        assert state is not None and state.setup is not None
        state.version = frame["version"]
        state.stage = frame["stage"]
        state.seats, state.scores, state.boxes = frame["seats"], frame["scores"], frame["boxes"]
        state.clock = frame.get("clock")
        hand = frame.get("hand")
        if hand is not None:
            if full or frame.get("dealt"):
                state.history = []
                state.hand_over = None
                state.hand_number = hand["number"]
                state.hand_players = (hand["players"][0], hand["players"][1])
                state.commitment, state.fingerprint = hand["commitment"], hand["fingerprint"]
                if frame.get("dealt"):
                    self._emit("dealt", {"hand": hand["number"], "commitment": hand["commitment"]})
            state.you = hand["you"]
            moved = frame.get("event")
            if moved is not None and not full:
                event = event_from_data(moved)
                state.history.append(event)
                self._emit("moved", moved, event)
            if "view" in hand:
                state.view = view_from_data(hand["view"], state.setup.rules, state.history)
                state.history = list(state.view.history)
                state.public = None
            else:
                state.public = public_from_data(hand["public"], state.history)
                state.history = list(state.public.history)
                state.view = None
        if "hand_over" in frame and (
            state.hand_over is None or state.hand_over["number"] != frame["hand_over"]["number"]
        ):
            state.hand_over = frame["hand_over"]
            state.played = [*state.played, *([] if full else [frame["hand_over"]])]
            self._emit("hand_over", frame["hand_over"])
        if "match_over" in frame and state.match_over is None:
            state.match_over = frame["match_over"]
            self._emit("match_over", frame["match_over"])
        if "notice" in frame:
            self._emit("notice", {"text": frame["notice"]})
