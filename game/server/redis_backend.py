"""Tables in Redis, shared by several server processes (``--redis URL``).

Keys (all under ``gin:``):

* ``table:<code>``: a hash with ``v`` (the table's version) and ``data`` (its record). A
  change is saved with compare-and-set on ``v`` and its frames are published by the same Lua
  script (one round trip a move), so a process that lost a table can never overwrite the
  newer owner's moves, nor send a frame that was not saved.
* ``owner:<code>``: the process that owns the table: it runs the clock and the computer
  players and applies every move. It owns it for as long as ``alive:<process>`` exists; each
  process renews its ``alive`` key every third of the lease (``--lease``, 3 s by default),
  from a thread of its own. A
  process killed with ``kill -9`` stops renewing; once its key expires any process may
  ``claim`` its tables (a script that checks the owner is dead), reload them from their
  records and carry on.
* ``tables``: the set of open table codes (every process sweeps it for tables whose owner died).
* ``closed:<code>``: a closed table's code, kept a day, so an old seat token is "expired" and
  not "unknown".
* ``queue:<rules>``: a quick-match queue (a list of waiting connections).

Channels: ``gin:t:<code>`` carries a table's frames to every process with a connection there;
``gin:p:<process>`` is a process's inbox (requests for the tables it owns, and replies).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from game.server.backend import Deliver, Inbox, new_process_id, spawn

PREFIX = "gin:"
CLOSED_KEEP_S = 86400
POOL_SIZE = 256
POOL_WAIT_S = 30.0
SUBSCRIBE_WAIT_S = 5.0
LOG = logging.getLogger("game.server")

_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', '0', 'data', ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
redis.call('SET', KEYS[4], ARGV[3])
return 1
"""
_SAVE = """
if redis.call('HGET', KEYS[1], 'v') == ARGV[1] then
  redis.call('HSET', KEYS[1], 'v', ARGV[2], 'data', ARGV[3])
  return 1
end
return 0
"""
_COMMIT = """
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'data', ARGV[3])
for i = 4, #ARGV do redis.call('PUBLISH', KEYS[2], ARGV[i]) end
return 1
"""
_CLAIM = """
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then return 1 end
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
if current and redis.call('EXISTS', ARGV[2] .. current) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1])
return 1
"""
_TAKE = """
local count = tonumber(ARGV[1])
if redis.call('LLEN', KEYS[1]) < count then return false end
local taken = redis.call('LRANGE', KEYS[1], 0, count - 1)
redis.call('LTRIM', KEYS[1], count, -1)
return taken
"""


class RedisBackend:
    """Tables in Redis, ownership by lease, frames over pub/sub."""

    shared = True

    def __init__(self, url: str, lease_s: float = 3.0, on_lost: Callable[[], None] | None = None) -> None:
        self.url = url
        self.lease_s = lease_s
        self.process = new_process_id()
        self.on_lost = on_lost
        self._redis: Any = None
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._deliver: Deliver | None = None
        self._inbox: Inbox | None = None
        self._scripts: dict[str, Any] = {}
        self._subscribing = asyncio.Lock()
        self._confirming: dict[str, list[asyncio.Future[None]]] = {}  # channel: waiters, oldest first
        self._beating: Any = None  # the lease thread's stop signal (a threading.Event)

    def _key(self, *parts: str) -> str:
        return PREFIX + ":".join(parts)

    async def start(self, deliver: Deliver, inbox: Inbox) -> None:
        import redis.asyncio as aioredis  # the server's `online` extra

        self._deliver, self._inbox = deliver, inbox
        # A bounded pool that makes a command wait for a free connection: a burst of moves on
        # many tables must queue, not fail with "too many connections".
        pool = aioredis.BlockingConnectionPool.from_url(
            self.url, decode_responses=True, max_connections=POOL_SIZE, timeout=POOL_WAIT_S
        )
        self._redis = aioredis.Redis(connection_pool=pool)
        await self._redis.ping()
        for name, source in (
            ("create", _CREATE),
            ("save", _SAVE),
            ("commit", _COMMIT),
            ("claim", _CLAIM),
            ("take", _TAKE),
        ):
            self._scripts[name] = self._redis.register_script(source)
        self._start_heartbeat()
        # Subscription confirmations are read too: ``watch`` waits for its own (see there).
        self._pubsub = self._redis.pubsub()
        await self._pubsub.subscribe(self._key("p", self.process))
        self._tasks = [asyncio.create_task(self._listen())]

    async def stop(self) -> None:
        if self._beating is not None:
            self._beating.set()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self._redis.delete(self._key("alive", self.process))
            await self._pubsub.aclose()
            await self._redis.aclose()

    def _start_heartbeat(self) -> None:
        """Renew this process's lease from a thread of its own, so that a busy event loop
        (a burst of moves, a long collection) never lets it lapse: the lease says the
        process is alive, and only a dead or cut-off process loses its tables."""
        import threading

        import redis

        self._beating = threading.Event()
        beat = redis.Redis.from_url(self.url, decode_responses=True, socket_timeout=self.lease_s)
        key, ms = self._key("alive", self.process), int(self.lease_s * 1000)
        beat.set(key, "1", px=ms)
        loop = asyncio.get_running_loop()

        def renew() -> None:
            while not self._beating.wait(self.lease_s / 3):
                try:
                    if not beat.set(key, "1", px=ms, xx=True):
                        LOG.warning("this process's lease had expired: giving its tables up")
                        beat.set(key, "1", px=ms)  # alive again: tables nobody claimed come back
                        if self.on_lost is not None:
                            loop.call_soon_threadsafe(self.on_lost)
                except Exception as error:  # Redis briefly away: try again next beat
                    LOG.warning("lease renewal failed: %s", error)
            beat.close()

        threading.Thread(target=renew, name="lease", daemon=True).start()

    async def _listen(self) -> None:
        inbox_channel = self._key("p", self.process)
        table_prefix = self._key("t", "")
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                LOG.warning("pub/sub read failed: %s", error)
                await asyncio.sleep(0.5)
                continue
            if message is None:
                continue
            if message.get("type") == "subscribe":
                waiting = self._confirming.get(message["channel"])
                if waiting:
                    done = waiting.pop(0)
                    if not done.done():
                        done.set_result(None)
                continue
            if message.get("type") != "message":
                continue
            channel, data = message["channel"], message["data"]
            if channel == inbox_channel:
                assert self._inbox is not None
                spawn(self._inbox(data))
            elif channel.startswith(table_prefix):
                assert self._deliver is not None
                self._deliver(channel[len(table_prefix) :], json.loads(data))

    # --- records ------------------------------------------------------------------------

    async def create(self, code: str, record: str) -> bool:
        keys = [
            self._key("table", code),
            self._key("closed", code),
            self._key("tables"),
            self._key("owner", code),
        ]
        return bool(await self._scripts["create"](keys=keys, args=[record, code, self.process]))

    async def load(self, code: str) -> tuple[int, str] | None:
        found = await self._redis.hmget(self._key("table", code), "v", "data")
        if found[0] is None or found[1] is None:
            return None
        return int(found[0]), found[1]

    async def save(self, code: str, expected: int, version: int, record: str) -> bool:
        keys = [self._key("table", code)]
        return bool(await self._scripts["save"](keys=keys, args=[str(expected), str(version), record]))

    async def commit(self, code: str, expected: int, version: int, record: str,
                     messages: list[dict[str, str]]) -> bool:  # fmt: skip
        # One script: the compare-and-set and the publishing, one round trip per move.
        keys = [self._key("table", code), self._key("t", code)]
        payloads = [json.dumps(frames, separators=(",", ":")) for frames in messages]
        return bool(
            await self._scripts["commit"](keys=keys, args=[str(expected), str(version), record, *payloads])
        )

    async def close(self, code: str) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(self._key("table", code), self._key("owner", code))
            pipe.srem(self._key("tables"), code)
            pipe.set(self._key("closed", code), "1", ex=CLOSED_KEEP_S)
            await pipe.execute()

    async def is_closed(self, code: str) -> bool:
        return bool(await self._redis.exists(self._key("closed", code)))

    # --- ownership ----------------------------------------------------------------------

    async def owner(self, code: str) -> str | None:
        owner = await self._redis.get(self._key("owner", code))
        if owner is None or not await self.alive(owner):
            return None
        return str(owner)

    async def claim(self, code: str) -> bool:
        keys = [self._key("owner", code), self._key("table", code)]
        return bool(await self._scripts["claim"](keys=keys, args=[self.process, self._key("alive", "")]))

    async def alive(self, process: str) -> bool:
        return bool(await self._redis.exists(self._key("alive", process)))

    async def tables(self) -> list[str]:
        return sorted(await self._redis.smembers(self._key("tables")))

    async def orphans(self) -> list[str]:
        """Open tables whose owner is dead (or missing), and those owned by this process (the
        hub takes back any of those not running here: it lost them for a moment)."""
        codes = await self.tables()
        if not codes:
            return []
        owners = await self._redis.mget([self._key("owner", code) for code in codes])
        distinct = sorted({owner for owner in owners if owner})
        living = await self._redis.mget([self._key("alive", o) for o in distinct]) if distinct else []
        alive = {owner for owner, flag in zip(distinct, living, strict=True) if flag} - {self.process}
        return [code for code, owner in zip(codes, owners, strict=True) if owner not in alive]

    # --- messages -----------------------------------------------------------------------

    async def publish(self, code: str, frames: dict[str, str]) -> None:
        await self._redis.publish(self._key("t", code), json.dumps(frames, separators=(",", ":")))

    async def watch(self, code: str) -> None:
        """Subscribe, and return once Redis confirmed it: from then on every frame published
        on the table's channel reaches this process (the hub asks the owner only then)."""
        channel = self._key("t", code)
        confirmed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # One subscription command at a time on the shared pub/sub connection: concurrent
        # ones (hundreds of tables opening at once) wedged it under load. Confirmations come
        # back in the order the commands went, hence a queue of waiters per channel.
        async with self._subscribing:
            self._confirming.setdefault(channel, []).append(confirmed)
            await self._pubsub.subscribe(channel)
        try:
            await asyncio.wait_for(asyncio.shield(confirmed), SUBSCRIBE_WAIT_S)
        except TimeoutError:
            LOG.warning("Redis did not confirm the subscription to %s in %g s", channel, SUBSCRIBE_WAIT_S)
        finally:
            waiting = self._confirming.get(channel)
            if waiting is not None:
                if confirmed in waiting:
                    waiting.remove(confirmed)
                if not waiting:
                    del self._confirming[channel]

    async def unwatch(self, code: str) -> None:
        async with self._subscribing:
            await self._pubsub.unsubscribe(self._key("t", code))

    async def send(self, process: str, payload: str) -> None:
        await self._redis.publish(self._key("p", process), payload)

    # --- quick match --------------------------------------------------------------------

    async def queue_push(self, key: str, entry: str) -> None:
        await self._redis.rpush(self._key("queue", key), entry)

    async def queue_take(self, key: str, count: int) -> list[str] | None:
        taken = await self._scripts["take"](keys=[self._key("queue", key)], args=[count])
        return None if not taken else list(taken)

    async def queue_remove(self, key: str, entry: str) -> bool:
        return bool(await self._redis.lrem(self._key("queue", key), 1, entry))
