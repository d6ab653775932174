"""The hub: every connection of this process, and the way to each table's owner.

A connection asks for something (:mod:`game.online.protocol` requests); the hub finds the
table's owner: itself (the table's :class:`~game.server.runner.TableRunner` runs here), a
live peer (the request travels to its inbox and the answer comes back), or nobody (the owner
died: this process claims the table, rebuilds it from its record and carries on). Frames a
table publishes reach every connection at it on every process, each connection getting its
audience's frame: its own seat's, or the public one.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.online.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    PROTOCOL_VERSION,
    Act,
    Create,
    ErrorCode,
    Fill,
    Join,
    Leave,
    Next,
    Ping,
    Quick,
    Request,
    Resume,
    Say,
    Spectate,
    Sync,
    encode,
    error_frame,
)
from game.online.tablesetup import QUICK_MOVE_SECONDS, SEAT_AI, SEAT_OPEN, SetupError, TableSetup
from game.rules import RuleSet, RuleSetError, action_to_data
from game.server.backend import Backend, spawn
from game.server.config import ServerConfig
from game.server.runner import LostTable, TableRunner
from game.server.table import PUBLIC, VERSION, Table

LOG = logging.getLogger("game.server")
RPC_TIMEOUT_S = 2.0
"""How often a relay waiting for a table's owner looks whether the owner still lives."""
RPC_PATIENCE_S = 10.0
"""How long a relay waits for an owner that still lives (a busy or starved process answers
late) before asking again: asking again at once would make the owner do a move twice."""


@dataclass(eq=False)
class Conn:
    """One client connection as the hub sees it."""

    id: str
    send: Callable[[str], None]
    code: str | None = None
    player: int | None = None
    spectator: bool = False
    queued: tuple[str, str] | None = None  # (queue key, entry) while waiting for a quick match
    quick_timer: asyncio.TimerHandle | None = None
    held: list[dict[str, str]] | None = None
    floor: int = -1
    """The version of the last whole table sent: published frames not newer are dropped (the
    owner's answer and its channel travel separately, so they may come after it)."""
    """While the owner answers a request that brings a whole table (joining, ``sync``): the
    table's frames that arrived meanwhile, sent after that table if newer (see _enter)."""

    @property
    def audience(self) -> str:
        return PUBLIC if self.player is None else str(self.player)


@dataclass
class Stats:
    """What ``--stats`` reports: how long each move took to handle here, and how late the
    event loop wakes up (a busy or starved process wakes late)."""

    moves: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)

    def line(self, now: float) -> str:
        """One report line, and start again."""
        moves, lags = sorted(self.moves), sorted(self.lags)
        self.moves, self.lags = [], []

        def pick(values: list[float], share: float) -> float:
            return 1000 * values[int(share * (len(values) - 1))] if values else 0.0

        return (
            f"stats t={now:.1f} moves={len(moves)} handle_p50_ms={pick(moves, 0.5):.2f} "
            f"handle_p99_ms={pick(moves, 0.99):.2f} loop_lag_p99_ms={pick(lags, 0.99):.1f}"
        )


class Hub:
    """All connections of one server process."""

    def __init__(self, config: ServerConfig, backend: Backend) -> None:
        self.config = config
        self.backend = backend
        self.process = backend.process
        self.conns: dict[str, Conn] = {}
        self.at_table: dict[str, set[Conn]] = {}
        self.owned: dict[str, TableRunner] = {}
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.stats = Stats()

    async def start(self) -> None:
        """Connect the backend; with Redis, start sweeping for tables whose owner died."""
        await self.backend.start(self.deliver, self.inbox)
        if self.backend.shared:
            self._sweeper = asyncio.create_task(self._sweep())

    async def report(self, every_s: float) -> None:
        """Print a :class:`Stats` line every ``every_s`` seconds (``--stats``)."""
        tick, last = 0.05, time.monotonic()
        while True:
            due = time.monotonic() + tick
            await asyncio.sleep(tick)
            now = time.monotonic()
            self.stats.lags.append(now - due)
            if now - last >= every_s:
                last = now
                print(self.stats.line(time.time()), flush=True)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for runner in list(self.owned.values()):
            runner.stop()
        await self.backend.stop()

    def lose_all(self) -> None:
        """This process's lease expired: every table it owned may belong to others now.

        The runners stop (their state may be behind the records); the tables nobody else
        claimed meanwhile are taken back at once from their records, so that their clocks
        and computer players run again (nobody else would: their owner looks alive)."""
        codes = list(self.owned)
        for runner in list(self.owned.values()):
            runner.stop()
        self.owned.clear()
        if codes:
            spawn(self._reclaim(codes))

    async def _reclaim(self, codes: list[str]) -> None:
        for code in codes:
            try:
                await self.adopt(code)
            except Exception as error:  # Redis away: the sweep tries again
                LOG.warning("could not take table %s back: %s", code, error)

    # --- connections ----------------------------------------------------------------------

    def presence(self, conn_id: str) -> str:
        """How a seat records where its person is connected: this process and the connection
        (a page reloaded on the same process must not be marked away when its old connection
        finally closes)."""
        return f"{self.process}/{conn_id}"

    def welcome(self, conn: Conn) -> dict[str, Any]:
        """The first frame a connection gets."""
        self.conns[conn.id] = conn
        config = self.config
        return {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "server": self.process,
            "limits": {
                "frame_bytes": config.frame_bytes,
                "per_second": config.rate_per_s,
                "burst": config.rate_burst,
            },
        }

    async def gone(self, conn: Conn) -> None:
        """The connection closed: its seat starts its grace period."""
        self.conns.pop(conn.id, None)
        if conn.quick_timer is not None:
            conn.quick_timer.cancel()
        if conn.queued is not None:
            await self.backend.queue_remove(*conn.queued)
        code, player = conn.code, conn.player
        await self._detach(conn)
        if code is not None and player is not None:
            await self.call(code, {"op": "gone", "player": player, "from": self.presence(conn.id)})

    async def request(self, conn: Conn, request: Request) -> None:
        """Carry out one request; refusals go back to the connection as ``error`` frames."""
        try:
            await self._request(conn, request)
        except HubError as error:
            conn.send(encode(error_frame(error.code, error.message, request.id)))

    async def _request(self, conn: Conn, request: Request) -> None:
        if isinstance(request, Ping):
            conn.send(encode({"type": "pong"} | ({"re": request.id} if request.id is not None else {})))
            return
        entering = isinstance(request, Create | Join | Spectate | Resume | Quick)
        if entering and (conn.code is not None or conn.queued is not None):
            raise HubError(ErrorCode.ALREADY_SEATED, "this connection is already at a table: open another")
        if isinstance(request, Create):
            await self._create(conn, request)
        elif isinstance(request, Join):
            op = {"op": "join", "player": request.player, "from": self.presence(conn.id)}
            await self._enter(conn, request.code, op)
        elif isinstance(request, Resume):
            await self._resume(conn, request)
        elif isinstance(request, Spectate):
            await self._enter(conn, request.code, {"op": "spectate"}, spectator=True)
        elif isinstance(request, Quick):
            await self._quick(conn, request)
        else:
            await self._at_table(conn, request)

    async def _at_table(self, conn: Conn, request: Request) -> None:
        if conn.code is None:
            raise HubError(ErrorCode.NOT_SEATED, "join or open a table first")
        if conn.spectator and not isinstance(request, Sync):
            raise HubError(ErrorCode.SPECTATOR, "spectators watch: only the players may do that")
        op: dict[str, Any] = {"player": conn.player}
        if isinstance(request, Act):
            if request.player is not None and request.player != conn.player:
                raise HubError(
                    ErrorCode.NOT_YOUR_SEAT,
                    f"this connection plays player {conn.player}, not {request.player}",
                )
            op |= {"op": "act", "action": action_to_data(request.action), "version": request.version}
        elif isinstance(request, Say):
            op |= {"op": "say", "phrase": request.phrase}
        elif isinstance(request, Next):
            op |= {"op": "next"}
        elif isinstance(request, Fill):
            op |= {"op": "fill", "level": request.level}
        elif isinstance(request, Leave):
            op |= {"op": "leave"}
        else:
            op |= {"op": "sync"}
        if op["op"] == "sync":
            # Frames that pass the owner's answer on the way are held, then sent if newer:
            # a whole table older than an update already sent would take the client back.
            conn.held = []
            try:
                result = await self._call_ok(conn.code, op)
            finally:
                held, conn.held = conn.held, None
            self._send_table(conn, result["frame"], held or [])
            return
        result = await self._call_ok(conn.code, op)
        if "frame" in result:
            conn.send(encode(result["frame"]))

    # --- tables ---------------------------------------------------------------------------

    async def _create(self, conn: Conn, request: Create) -> None:
        try:
            setup = TableSetup.from_dict(request.setup)
        except SetupError as error:
            raise HubError(ErrorCode.BAD_RULES, str(error)) from None
        code = await self.open_table(setup)
        await self._enter(
            conn, code, {"op": "join", "player": setup.open_seats[0], "from": self.presence(conn.id)}
        )

    async def open_table(self, setup: TableSetup, *, quick: bool = False) -> str:
        """A new table owned here, under a fresh code."""
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            table = Table.open(code, setup, time.time(), quick=quick)
            table.between_seconds = self.config.between_hands_s
            if await self.backend.create(code, json.dumps(table.to_record(), separators=(",", ":"))):
                self._run(table)
                return code
        raise HubError(ErrorCode.UNAVAILABLE, "could not find a free table code")

    def _run(self, table: Table) -> TableRunner:
        runner = TableRunner(table, self.backend, self.config, self._forget)
        self.owned[table.code] = runner
        runner.schedule()
        return runner

    def _forget(self, code: str) -> None:
        self.owned.pop(code, None)

    async def _resume(self, conn: Conn, request: Resume) -> None:
        code = request.token.split("-", 1)[0].upper()
        if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
            raise HubError(ErrorCode.BAD_TOKEN, "that is not a seat token this server gave")
        if await self.backend.is_closed(code):
            raise HubError(ErrorCode.EXPIRED_TOKEN, "that table has closed: its match is over")
        try:
            await self._enter(
                conn, code, {"op": "resume", "token": request.token, "from": self.presence(conn.id)}
            )
        except HubError as error:
            if error.code == ErrorCode.NO_TABLE:
                raise HubError(ErrorCode.BAD_TOKEN, "no table has a seat with that token") from None
            raise

    async def _enter(self, conn: Conn, code: str, op: dict[str, Any], *, spectator: bool = False,
                     token: str | None = None) -> None:  # fmt: skip
        """Take a place at ``code`` through its owner (``op``: join, resume, spectate, or
        ``sync`` for a quick-match seat given with its ``token`` elsewhere).

        The connection listens to the table before the owner is asked, so no frame the owner
        sends after its answer can be missed (the owner may be another process, whose frames
        and answer travel separately); frames that arrive before the answer are held and sent
        after the whole table, those the table already includes dropped."""
        conn.held = []
        try:
            await self._attach(conn, code)
            result = await self._call_ok(code, op)
            if self.config.relay_pause_s and code not in self.owned:
                await asyncio.sleep(self.config.relay_pause_s)
        except BaseException:
            conn.held = None
            await self._detach(conn)
            conn.code = None
            raise
        held, conn.held = conn.held, None
        player = result.get("player", op.get("player"))
        token = result.get("token", token)
        conn.player, conn.spectator = player, spectator
        joined: dict[str, Any] = {
            "type": "joined",
            "code": code,
            "player": player,
            "role": "spectator" if player is None else "player",
        }
        if token is not None:
            joined["token"] = token
        if self.config.page_url:
            joined["link"] = f"{self.config.page_url}?table={code}"
        conn.send(encode(joined))
        self._send_table(conn, result["frame"], held)

    def _send_table(self, conn: Conn, frame: dict[str, Any], held: list[dict[str, str]]) -> None:
        """The whole table, then what was held meanwhile and is newer than it."""
        conn.send(encode(frame))
        conn.floor = max(conn.floor, frame["version"])
        for frames in held:
            self._pass(conn, frames)

    def _pass(self, conn: Conn, frames: dict[str, str]) -> None:
        version = frames.get(VERSION)
        if version is not None and int(version) <= conn.floor:
            return  # the whole table sent already holds it
        text = frames.get(conn.audience, frames.get(PUBLIC))
        if text is not None:
            conn.send(text)

    async def _attach(self, conn: Conn, code: str) -> None:
        conn.code = code
        watchers = self.at_table.setdefault(code, set())
        first = not watchers
        watchers.add(conn)  # before listening: frames may arrive while the backend subscribes
        if first:
            await self.backend.watch(code)

    async def _detach(self, conn: Conn) -> None:
        code = conn.code
        if code is None:
            return
        watchers = self.at_table.get(code, set())
        watchers.discard(conn)
        if not watchers:
            self.at_table.pop(code, None)
            await self.backend.unwatch(code)

    def deliver(self, code: str, frames: dict[str, str]) -> None:
        """A table's frames: each connection here at that table gets its audience's."""
        for conn in list(self.at_table.get(code, ())):
            if conn.held is not None:
                conn.held.append(frames)
            else:
                self._pass(conn, frames)

    # --- quick match ----------------------------------------------------------------------

    async def _quick(self, conn: Conn, request: Quick) -> None:
        try:
            rules = RuleSet.from_dict(request.rules)
        except (RuleSetError, TypeError) as error:
            raise HubError(ErrorCode.BAD_RULES, str(error)) from None
        key = hashlib.sha256(json.dumps(rules.to_dict(), sort_keys=True).encode()).hexdigest()[:20]
        entry = f"{self.process}|{conn.id}"
        conn.queued = (key, entry)
        await self.backend.queue_push(key, entry)
        conn.send(encode({"type": "queued", "players": rules.players, "wait_s": self.config.quick_wait_s}))
        taken = await self.backend.queue_take(key, rules.players)
        if taken:
            await self._start_quick(rules, taken)
        elif conn.queued is not None:
            loop = asyncio.get_running_loop()
            conn.quick_timer = loop.call_later(
                self.config.quick_wait_s, lambda: spawn(self._quick_alone(conn, rules))
            )

    async def _start_quick(self, rules: RuleSet, entries: list[str]) -> None:
        setup = TableSetup(rules, (SEAT_OPEN,) * rules.players, self.config.quick_level, QUICK_MOVE_SECONDS)
        code = await self.open_table(setup, quick=True)
        for entry in entries:
            process, conn_id = entry.split("|", 1)
            result = await self._call_ok(code, {"op": "join", "player": None, "from": f"{process}/{conn_id}"})
            seated = {"kind": "seated", "conn": conn_id, "code": code} | result
            if process == self.process:
                await self._quick_seated(seated)
            else:
                await self.backend.send(process, json.dumps(seated))

    async def _quick_seated(self, seated: dict[str, Any]) -> None:
        conn = self.conns.get(seated["conn"])
        code, player = seated["code"], seated["player"]
        if conn is None:  # it left the queue as it was seated: the seat's grace starts now
            await self.call(code, {"op": "gone", "player": player, "from": self.presence(seated["conn"])})
            return
        if conn.quick_timer is not None:
            conn.quick_timer.cancel()
        conn.queued = None
        # The seat's frame was taken when it was given: the table may have moved on since
        # (the others seated, the deal, a first move), so the whole table is fetched again.
        await self._enter(conn, code, {"op": "sync", "player": player}, token=seated["token"])

    async def _quick_alone(self, conn: Conn, rules: RuleSet) -> None:
        if conn.queued is None or conn.id not in self.conns:
            return
        if not await self.backend.queue_remove(*conn.queued):
            return  # somebody took us just now: the seat is on its way
        conn.queued = None
        seats = (SEAT_OPEN,) + (SEAT_AI,) * (rules.players - 1)
        setup = TableSetup(rules, seats, self.config.quick_level, QUICK_MOVE_SECONDS)
        code = await self.open_table(setup, quick=True)
        others = "the other seat" if rules.players == 2 else "the other seats"
        conn.send(
            encode(
                {
                    "type": "notice",
                    "text": f"Nobody else was waiting: the computer ({self.config.quick_level}) takes {others}.",
                }
            )
        )
        await self._enter(conn, code, {"op": "join", "player": 0, "from": self.presence(conn.id)})

    # --- reaching a table's owner ---------------------------------------------------------

    async def _call_ok(self, code: str, op: dict[str, Any]) -> dict[str, Any]:
        result = await self.call(code, op)
        if "error" in result:
            raise HubError(result["error"]["code"], result["error"]["message"])
        ok: dict[str, Any] = result["ok"]
        return ok

    async def call(self, code: str, op: dict[str, Any]) -> dict[str, Any]:
        """Have table ``code``'s owner carry out ``op``, wherever it runs."""
        for _ in range(3):
            runner = self.owned.get(code)
            if runner is not None and not runner.closed:
                result = await runner.handle(op)
                if _moved(runner, result):
                    continue  # not applied: another process took the table, ask it there
                return result
            if not self.backend.shared:
                return _no_table()
            owner = await self.backend.owner(code)
            if owner is None or owner == self.process:
                runner = await self.adopt(code)
                if runner is None:
                    if await self.backend.owner(code) is None and (await self.backend.load(code)) is None:
                        return _no_table()
                    continue
                result = await runner.handle(op)
                if _moved(runner, result):
                    continue
                return result
            answer = await self._remote(owner, code, op)
            if answer is not None:
                return answer
        return {
            "error": {
                "code": ErrorCode.UNAVAILABLE,
                "message": "the table's server does not answer: try again",
            }
        }

    async def adopt(self, code: str) -> TableRunner | None:
        """Claim a table whose owner died and carry it on here (None if another got it)."""
        if code in self.owned:
            return self.owned[code]
        if not await self.backend.claim(code):
            return None
        loaded = await self.backend.load(code)
        if loaded is None:
            return None
        try:
            table = Table.from_record(json.loads(loaded[1]))
        except (ValueError, KeyError, TypeError) as error:
            LOG.error("table %s has a damaged record, left alone: %s", code, error)
            return None
        if code in self.owned:  # adopted meanwhile by a concurrent request
            return self.owned[code]
        table.between_seconds = self.config.between_hands_s
        now = time.time()
        for player, seat in enumerate(table.seats):
            if seat.present is not None and not await self.backend.alive(seat.present.split("/")[0]):
                table.depart(player, now)
        runner = self._run(table)
        runner.saved = loaded[0]
        LOG.info("took over table %s", code)
        runner.write_records()
        try:
            await runner.announce()
        except LostTable:
            return None  # another process saved first: it owns the table
        return runner

    async def _remote(self, owner: str, code: str, op: dict[str, Any]) -> dict[str, Any] | None:
        call_id = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[call_id] = future
        message = {"kind": "call", "id": call_id, "from": self.process, "code": code, "op": op}
        try:
            await self.backend.send(owner, json.dumps(message))
            waited = 0.0
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(future), RPC_TIMEOUT_S)
                except TimeoutError:
                    waited += RPC_TIMEOUT_S
                    # A live owner answers late, not never: only a dead (or replaced) owner
                    # makes the request go again, to whoever owns the table now.
                    if waited >= RPC_PATIENCE_S or await self.backend.owner(code) != owner:
                        return None
        finally:
            self._calls.pop(call_id, None)

    async def inbox(self, payload: str) -> None:
        """A message from a peer process: a request for a table owned here, or an answer."""
        try:
            message = json.loads(payload)
            kind = message["kind"]
        except (ValueError, KeyError, TypeError):
            LOG.error("unreadable message from a peer: %.80s", payload)
            return
        if kind == "call":
            # Ours, or not any more: then this process asks the owner it knows in its turn.
            result = await self.call(message["code"], message["op"])
            reply = {"kind": "reply", "id": message["id"], "result": result}
            await self.backend.send(message["from"], json.dumps(reply))
        elif kind == "reply":
            future = self._calls.get(message["id"])
            if future is not None and not future.done():
                future.set_result(message["result"])
        elif kind == "seated":
            await self._quick_seated(message)

    async def _sweep(self) -> None:
        """Every so often, take over tables whose owner died (nobody may be connected to ask),
        and take back any the records say are this process's but that do not run here."""
        orphans_of = getattr(self.backend, "orphans", None)
        while True:
            await asyncio.sleep(self.config.lease_s / 2)
            if orphans_of is None:
                continue
            try:
                for code in await orphans_of():
                    if code not in self.owned:
                        await self.adopt(code)
                await self._seats_on_dead_processes()
            except Exception as error:  # Redis away for a moment: sweep again later
                LOG.warning("sweep failed: %s", error)

    async def _seats_on_dead_processes(self) -> None:
        """People connected through a process that died are away (their grace starts)."""
        for code, runner in list(self.owned.items()):
            for player, seat in enumerate(runner.table.seats):
                where = seat.present
                if where is None or where.startswith(self.process + "/"):
                    continue
                if not await self.backend.alive(where.split("/")[0]):
                    await runner.handle({"op": "gone", "player": player, "from": where})
                    LOG.info("player %s of %s was connected through a dead process", player, code)


class HubError(Exception):
    """A refusal to send back to the connection."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _moved(runner: TableRunner, result: dict[str, Any]) -> bool:
    """Whether ``runner`` refused a request because it lost its table (nothing was applied)."""
    return runner.closed and result.get("error", {}).get("code") == ErrorCode.UNAVAILABLE


def _no_table() -> dict[str, Any]:
    return {"error": {"code": ErrorCode.NO_TABLE, "message": "no table has that code"}}
