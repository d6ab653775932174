"""The game itself (pygame under SDL's dummy driver) driven online by real input events.

The app's frames run inside an asyncio loop, as `main.py` runs them, so the session's
reads and writes happen between frames exactly as when a person plays. Input goes through
pygame's event queue (clicks on the targets the screens offer, typed text, keys), never by
calling the screens' methods. :class:`Proxy` sits between the game and the server on
127.0.0.1 and can cut every connection at once: a dropped network, really dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.ui import probe
from game.ui.app import App, create_app
from tests.web.chromium import player

DT = 1.0 / 60.0


class Driver:
    """Frames of a real app, real events, and waiting for what the screen shows."""

    def __init__(self, *options: str, storage: bool = False) -> None:
        args = ["--seed", "5", "--speed", "4", *options]
        if not storage:
            args.insert(0, "--no-storage")
        self.app: App = create_app(args)
        probe._app = self.app  # the page's flag does not exist natively: attach by hand
        self.app.screens.show("title")

    def close(self) -> None:
        """Leave as the program would at exit (every scene's teardown, then pygame)."""
        while self.app.stack.scenes:
            self.app.stack.pop()
        probe._app = None
        pygame.quit()

    # --- time --------------------------------------------------------------------------------

    async def frames(self, count: int = 1) -> None:
        """`count` frames, giving the event loop its turn after each (the network runs then)."""
        for _ in range(count):
            self.app.frame(DT)
            await asyncio.sleep(0.004)

    async def until(
        self, condition: Callable[[dict[str, Any]], bool], what: str, timeout: float = 20.0
    ) -> dict[str, Any]:
        """Frames until `condition(snapshot)` holds; fails saying `what` did not happen."""
        deadline = time.monotonic() + timeout
        while True:
            snapshot = self.snapshot()
            if condition(snapshot):
                return snapshot
            if time.monotonic() > deadline:
                table = json.dumps(snapshot.get("table"))[:500]
                raise AssertionError(
                    f"{what} did not happen: top {snapshot['top']}, {self.said()}; table {table}"
                )
            await self.frames()

    def snapshot(self) -> dict[str, Any]:
        """What is on screen (the browser test's probe, read natively)."""
        result: dict[str, Any] = json.loads(probe.snapshot())
        return result

    def said(self) -> str:
        """Every text the visible scenes drew, one line each."""
        return "\n".join(entry[1] for scene in self.snapshot()["drawn"] for entry in scene)

    @property
    def top(self) -> Any:
        return self.app.stack.top

    # --- input -----------------------------------------------------------------------------------

    def targets(self, snapshot: dict[str, Any] | None = None) -> dict[str, list[int]]:
        snapshot = snapshot or self.snapshot()
        return {target["name"]: target["rect"] for target in snapshot["targets"]}

    def centre(self, name: str, snapshot: dict[str, Any] | None = None) -> tuple[int, int]:
        snapshot = snapshot or self.snapshot()
        rects = self.targets(snapshot)
        table = snapshot.get("table") or {}
        rects.update({c: i["rect"] for c, i in table.get("cards", {}).items() if c not in rects})
        rects.update({p: r for p, r in table.get("piles", {}).items() if p not in rects})
        x, y, w, h = rects[name]
        return x + w // 2, y + h // 2

    async def press(self, name: str, timeout: float = 20.0) -> None:
        """Click the middle of target `name` once the top screen offers it."""
        snapshot = await self.until(lambda s: name in self.targets(s), f"a target {name!r}", timeout)
        await self.click(self.centre(name, snapshot))

    async def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        await self.frames()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        await self.frames()

    async def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        await self.frames()
        for step in range(1, 9):
            pos = (start[0] + (end[0] - start[0]) * step // 8, start[1] + (end[1] - start[1]) * step // 8)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
            await self.frames()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        await self.frames()

    async def type(self, text: str) -> None:
        """Typed text, as the keyboard's text input delivers it."""
        for char in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        await self.frames()

    async def key(self, code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        await self.frames()

    # --- playing --------------------------------------------------------------------------------

    async def play_move(self, snapshot: dict[str, Any]) -> str:
        """Make the plain player's next move (tests/web/chromium/player.py) by click or drag."""
        move = player.choose(snapshot)
        assert move is not None
        before = position(snapshot)
        start = self.centre(move.target, snapshot)
        if move.kind == "press":
            await self.click(start)
        else:
            await self.drag(start, self.centre(move.onto or "", snapshot))
        await self.until(lambda s: position(s) != before, f"the game to take the move {move.why!r}", 20.0)
        return move.why

    async def play_until(self, stop: Callable[[dict[str, Any]], bool], limit: int = 90) -> list[str]:
        """Play the person's moves until `stop(snapshot)` (the result panel, say)."""
        made: list[str] = []
        for _ in range(limit):
            snapshot = await self.until(lambda s: stop(s) or ready(s), "the person's turn", 30.0)
            if stop(snapshot):
                return made
            made.append(await self.play_move(snapshot))
        raise AssertionError(f"no end after {limit} moves: {made}")

    async def play_into_a_hand(self, discards: int, hands: int = 6) -> dict[str, Any]:
        """Play on until a hand has at least `discards` cards on its pile and is not over.

        The deal is the server's (not seeded), and a hand can end before its pile grows that
        far (an early knock): then the next hand is asked for and played into instead."""
        for _ in range(hands):
            await self.play_until(
                lambda s: (
                    s["top"] == "hand_result" or len((s.get("table") or {}).get("discard", [])) >= discards
                )
            )
            snapshot = self.snapshot()
            if snapshot["top"] != "hand_result":
                return snapshot
            ended = snapshot["table"]["hand_number"]
            await self.press("Next hand")
            await self.until(
                lambda s, ended=ended: s["top"] == "online_table" and not (s.get("table") or {}).get("dealing")
                and (s["table"].get("hand_number") or 0) > ended,
                "the next hand", 30.0,
            )  # fmt: skip
        raise AssertionError(f"{hands} hands in a row ended before {discards} discards")


def ready(snapshot: dict[str, Any]) -> bool:
    """The person may move now and the plain player knows what to do."""
    table = snapshot.get("table") or {}
    return bool(table.get("ready")) and player.choose(snapshot) is not None


def position(snapshot: dict[str, Any]) -> tuple[Any, ...]:
    """What a move changes at the table."""
    table = snapshot.get("table") or {}
    keys = (
        "phase",
        "to_act",
        "mine",
        "selected",
        "armed",
        "knock_mode",
        "discard",
        "stock",
        "layoffs",
        "melds",
        "ready",
    )
    return (snapshot["top"], *(json.dumps(table.get(key)) for key in keys))


def drawn_faces(snapshot: dict[str, Any]) -> set[str]:
    """Every card drawn face up on the visible scenes."""
    table = snapshot.get("table") or {}
    return {card for card, info in table.get("cards", {}).items() if info["face"]}


class Proxy:
    """A TCP relay on a free 127.0.0.1 port to a server; `cut()` drops every connection."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.server: asyncio.base_events.Server | None = None
        self.pairs: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self.port = 0
        self.refusing = False

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def start(self) -> Proxy:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.refusing:
            writer.close()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        self.pairs.append((writer, up_writer))

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            with contextlib.suppress(Exception):
                sink.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self) -> int:
        """Drop every connection through the proxy (both ends see it die); how many."""
        cut = len(self.pairs)
        for down, up in self.pairs:
            for writer in (down, up):
                transport = writer.transport
                if transport is not None:
                    transport.abort()
        self.pairs = []
        return cut

    async def stop(self) -> None:
        self.cut()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
