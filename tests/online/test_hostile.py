"""Hostile input gets an error frame and changes nothing: the table's record in Redis is
compared before and after every frame. 10,000 seeded fuzzed frames, then each refusal the
protocol promises, one by one."""

from __future__ import annotations

import asyncio
import json
import random
import string
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from game.online.protocol import (
    PHRASES,
    REQUEST_TYPES,
    Act,
    Leave,
    Ping,
    ProtocolError,
    Say,
    Spectate,
    Sync,
    read_request,
)
from game.rules import Card, action_from_data
from game.rules.cards import FULL_DECK
from game.server.table import Table
from tests.online.support import Bot, redis_server, servers

pytestmark = pytest.mark.slow

FUZZ_FRAMES = 10_000
UNLIMITED = ["--rate", "1000000", "--burst", "1000000"]


class Client:
    """A raw connection: send text, read frames."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket

    async def send(self, data: object) -> None:
        await self.socket.send(data if isinstance(data, str | bytes) else json.dumps(data))

    async def frame(self, timeout: float = 5.0) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
        return result

    async def drain(self, quiet_s: float = 0.3) -> None:
        """Read whatever is still on its way (the deal's update, a join's snapshot)."""
        try:
            while True:
                await self.frame(quiet_s)
        except TimeoutError:
            return

    async def until(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        while True:
            frame = await self.frame(timeout)
            if frame["type"] == kind:
                return frame


@asynccontextmanager
async def connect(url: str) -> AsyncIterator[Client]:
    from websockets.asyncio.client import connect as open_socket

    async with open_socket(url, compression=None, max_size=2**22, close_timeout=1) as socket:
        client = Client(socket)
        assert (await client.frame())["type"] == "welcome"
        yield client


class Quiet:
    """A two-person table in mid-hand with no clock and no computer: nothing changes by itself."""

    def __init__(self, url: str, redis_url: str) -> None:
        import redis

        self.url = url
        self.redis = redis.Redis.from_url(redis_url, decode_responses=True)

    async def open(self, stack: Any) -> None:
        self.host = await stack.enter_async_context(connect(self.url))
        await self.host.send({"type": "create", "setup": {"rules": _rules(), "seats": ["open", "open"]}})
        joined = await self.host.until("joined")
        self.code, self.host_token = joined["code"], joined["token"]
        await self.host.until("table")
        self.guest = await stack.enter_async_context(connect(self.url))
        await self.guest.send({"type": "join", "code": self.code})
        await self.guest.until("table")
        update = await self.host.until("update")
        assert update["stage"] == "playing"
        self.spectator = await stack.enter_async_context(connect(self.url))
        await self.spectator.send({"type": "spectate", "code": self.code})
        await self.spectator.until("table")
        self.stranger = await stack.enter_async_context(connect(self.url))
        for client in (self.host, self.guest, self.spectator):
            await client.drain()

    def record(self) -> tuple[str, str]:
        version, data = self.redis.hmget(f"gin:table:{self.code}", "v", "data")
        assert version is not None and data is not None
        return version, data

    def table(self) -> Table:
        return Table.from_record(json.loads(self.record()[1]))

    def actor_and_waiter(self) -> tuple[Client, Client, int]:
        table = self.table()
        player = table.player_to_act()
        assert player is not None
        return (self.host, self.guest, 0) if player == 0 else (self.guest, self.host, 1)


def _rules() -> dict[str, Any]:
    from game.rules import RuleSet

    return RuleSet.preset("standard").to_dict()


async def refused(quiet: Quiet, client: Client, data: object, code: str | None = None) -> dict[str, Any]:
    """Send ``data``; it must come back as an error (``code``) with the record unchanged."""
    before = quiet.record()
    await client.send(data)
    frame = await client.frame()
    assert frame["type"] == "error", (data, frame)
    if code is not None:
        assert frame["code"] == code, (data, frame)
    assert quiet.record() == before, f"the table changed after {str(data)[:200]}"
    return frame


# --- the fuzzer -----------------------------------------------------------------------------


def _junk(rng: random.Random, depth: int = 0) -> object:
    pick = rng.randrange(10 if depth < 3 else 6)
    if pick == 0:
        return rng.randint(-(2**70), 2**70)
    if pick == 1:
        return rng.choice([None, True, False, 0, -1, 1.5, 1e308])
    if pick == 2:
        return "".join(rng.choice(string.printable + "é♠\u202e\x00") for _ in range(rng.randrange(12)))
    if pick == 3:
        return rng.choice([str(card) for card in FULL_DECK] + ["10H", "ZZ", "7h", "", "AH AH"])
    if pick == 4:
        return rng.choice([*list(REQUEST_TYPES), "hello", "admin", "ACT", ""])
    if pick == 5:
        return rng.choice(["draw_stock", "discard", "knock", "lay_off", "arrange", "pass", "end_layoff"])
    if pick in (6, 7):
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["type", "card", "action", "code", "player", "token", "version", "phrase", "melds",
                        "meld", "setup", "rules", "level", "id", "x"]): _junk(rng, depth + 1)
            for _ in range(rng.randrange(5))}  # fmt: skip


def fuzz_frame(rng: random.Random, code: str, token: str) -> str | bytes:
    """One hostile frame: garbage, broken JSON, or a plausible request with something wrong."""
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
    if kind == 1:
        text = json.dumps({"type": "act", "action": {"type": "discard", "card": "7H"}})
        return text[: rng.randrange(len(text))]
    if kind == 2:
        return json.dumps(_junk(rng))
    if kind == 3:
        return "[" * rng.randrange(1, 5000)
    request: dict[str, Any] = {"type": rng.choice(REQUEST_TYPES) if kind < 9 else _junk(rng)}
    if request["type"] == "act" or kind in (4, 5):
        request["type"] = "act"
        action: dict[str, Any] = {
            "type": _junk(rng)
            if rng.random() < 0.3
            else rng.choice(
                ["draw_stock", "draw_discard", "pass", "discard", "knock", "lay_off", "arrange", "end_layoff"]
            )
        }
        for name in rng.sample(["card", "meld", "melds", "extra"], rng.randrange(3)):
            action[name] = _junk(rng)
        if rng.random() < 0.5:
            action["card"] = str(rng.choice(FULL_DECK))
        request["action"] = action
        if rng.random() < 0.3:
            request["version"] = _junk(rng) if rng.random() < 0.5 else rng.randrange(100)
        if rng.random() < 0.3:
            request["player"] = rng.randrange(-1, 5)
    for _ in range(rng.randrange(3)):
        request[rng.choice(["code", "token", "phrase", "player", "setup", "rules", "level", "id", "zz"])] = (
            _junk(rng)
        )
    if rng.random() < 0.1:
        request["code"] = code
    if rng.random() < 0.1:
        request["token"] = token[:-3] + "abc"  # forged: the right table, a wrong secret
    return json.dumps(request)


def accepted(
    frame: str | bytes, legal: Callable[[Act], bool], seated: bool, stranger: bool, code: str
) -> bool:
    """Whether the server would rightly do something with this frame (not a refusal)."""
    try:
        request = read_request(frame)
    except ProtocolError:
        return False
    if isinstance(request, Say | Sync | Ping | Leave):
        return True  # answered or carried out, not refused
    if isinstance(request, Act):
        return seated and legal(request)
    return stranger and isinstance(request, Spectate) and request.code == code  # watching is allowed


def test_ten_thousand_fuzzed_frames_are_refused_and_change_nothing(tmp_path: Path) -> None:
    with redis_server(tmp_path) as redis, servers(tmp_path, 1, "--redis", redis.url, *UNLIMITED) as (server,):
        counts = asyncio.run(_fuzz(server.url, redis.url, random.Random(20)))
    assert counts["sent"] >= FUZZ_FRAMES
    assert len(counts["codes"]) >= 8, counts["codes"]  # the frames reached many different checks


async def _fuzz(url: str, redis_url: str, rng: random.Random) -> dict[str, Any]:
    from contextlib import AsyncExitStack

    quiet = Quiet(url, redis_url)
    codes: dict[str, int] = {}
    sent = 0
    async with AsyncExitStack() as stack:
        await quiet.open(stack)
        actor, waiter, player = quiet.actor_and_waiter()
        hand = quiet.table().hand
        assert hand is not None
        legal_now = set(hand.legal_actions())

        def legal(request: Act) -> bool:
            return request.action in legal_now and request.player in (None, player)

        senders = [(actor, True), (waiter, False), (quiet.spectator, False), (quiet.stranger, False)]
        before = quiet.record()
        while sent < FUZZ_FRAMES:
            client, may_act = rng.choice(senders)
            frame = fuzz_frame(rng, quiet.code, quiet.host_token)
            if accepted(frame, legal, may_act, client is quiet.stranger, quiet.code):
                continue
            await client.send(frame)
            reply = await client.frame()
            assert reply["type"] == "error", (frame[:200], reply)
            codes[reply["code"]] = codes.get(reply["code"], 0) + 1
            assert quiet.record() == before, f"the table changed after {frame[:200]!r}"
            sent += 1
    return {"sent": sent, "codes": codes}


# --- each refusal, by name ---------------------------------------------------------------------


def test_every_promised_refusal_changes_nothing(tmp_path: Path) -> None:
    with redis_server(tmp_path) as redis, servers(tmp_path, 1, "--redis", redis.url, *UNLIMITED) as (server,):
        asyncio.run(_refusals(server.url, redis.url))


async def _refusals(url: str, redis_url: str) -> None:
    from contextlib import AsyncExitStack

    quiet = Quiet(url, redis_url)
    async with AsyncExitStack() as stack:
        await quiet.open(stack)
        actor, waiter, player = quiet.actor_and_waiter()
        await refused(quiet, actor, "{not json", "bad_json")
        await refused(quiet, actor, "[1, 2]", "not_an_object")
        await refused(quiet, actor, {"type": "teleport"}, "unknown_type")
        await refused(
            quiet, actor, {"type": "act", "action": {"type": "draw_stock"}, "extra": 1}, "bad_field"
        )
        await refused(quiet, actor, json.dumps({"type": "ping", "id": "x" * 9000}), "too_big")
        await refused(quiet, actor, {"type": "say", "phrase": "you cheat!"}, "bad_field")  # no free text
        # Acting out of turn, for another seat, or illegally (with the engine's own reason).
        await refused(quiet, waiter, {"type": "act", "action": {"type": "draw_stock"}}, "not_your_turn")
        await refused(
            quiet, actor, {"type": "act", "action": {"type": "pass"}, "player": 1 - player}, "not_your_seat"
        )
        hand = quiet.table().hand
        assert hand is not None
        card = next(iter(hand.hands[hand.to_act or 0]))
        illegal = {"type": "discard", "card": str(card)}
        try:
            hand.verify(action_from_data(illegal))
            raise AssertionError("a discard before drawing should be illegal")
        except Exception as error:
            reason = str(error)
        frame = await refused(quiet, actor, {"type": "act", "action": illegal}, "illegal")
        assert frame["message"] == reason
        stale = quiet.table().version - 1
        await refused(quiet, actor, {"type": "act", "action": {"type": "pass"}, "version": stale}, "stale")
        # A card the player does not hold: the engine says so.
        other = next(c for c in FULL_DECK if c not in hand.hands[hand.to_act or 0])
        await refused(
            quiet, actor, {"type": "act", "action": {"type": "discard", "card": str(other)}}, "illegal"
        )
        # Spectators and strangers.
        await refused(quiet, quiet.spectator, {"type": "act", "action": {"type": "draw_stock"}}, "spectator")
        await refused(quiet, quiet.spectator, {"type": "say", "phrase": "good_game"}, "spectator")
        await refused(quiet, quiet.stranger, {"type": "act", "action": {"type": "draw_stock"}}, "not_seated")
        await refused(quiet, quiet.stranger, {"type": "join", "code": quiet.code}, "table_full")
        await refused(
            quiet, quiet.stranger, {"type": "resume", "token": quiet.host_token[:-4] + "AAAA"}, "bad_token"
        )
        await refused(quiet, quiet.stranger, {"type": "resume", "token": "ZZZZZZ-" + "A" * 32}, "bad_token")
        await refused(quiet, quiet.host, {"type": "fill"}, "not_now")  # the match has started
        await refused(quiet, quiet.guest, {"type": "fill"}, "not_host")
        await refused(quiet, actor, {"type": "join", "code": quiet.code}, "already_seated")
        # A frame past the hard limit closes the connection (1009); the table is unchanged.
        before = quiet.record()
        huge = await stack.enter_async_context(connect(url))
        await huge.send("x" * 70_000)
        with pytest.raises(Exception):  # noqa: B017 - the connection closes, whichever exception says so
            await huge.frame()
        assert huge.socket.close_code == 1009
        assert quiet.record() == before


def test_floods_are_dropped_and_a_flooder_is_cut_off(tmp_path: Path) -> None:
    with servers(tmp_path, 1, "--rate", "20", "--burst", "40") as (server,):
        asyncio.run(_flood(server.url))


async def _flood(url: str) -> None:
    from websockets.exceptions import ConnectionClosed

    async with connect(url) as client:
        for _ in range(300):
            await client.send({"type": "ping"})
        kinds: list[str] = []
        with pytest.raises(ConnectionClosed):
            async for text in client.socket:
                frame = json.loads(text)
                kinds.append(frame.get("code", frame["type"]))
        assert 30 <= kinds.count("pong") <= 60  # the burst, and what refilled meanwhile
        assert 1 <= kinds.count("rate_limited") <= 5  # one warning a second, not one per frame
        assert client.socket.close_code == 1008


def test_an_expired_token_is_told_apart_from_a_forged_one(tmp_path: Path) -> None:
    seat = tmp_path / "seat.json"
    with servers(tmp_path, 1, "--keep-finished", "0.3") as (server,):
        host = Bot(["--server", server.url, "--create", "--bot", "simple", "--pace", "0", "--seat-file", str(seat)],
                   tmp_path, "host")  # fmt: skip
        guest = Bot(
            ["--server", server.url, "--join", host.code(), "--bot", "random", "--pace", "0"], tmp_path, "g"
        )
        host.result(), guest.result()
        token = json.loads(seat.read_text())["token"]
        asyncio.run(_expired(server.url, token))


async def _expired(url: str, token: str) -> None:
    await asyncio.sleep(1.0)  # the finished table closes after 0.3 s
    async with connect(url) as client:
        await client.send({"type": "resume", "token": token})
        frame = await client.frame()
        assert (frame["type"], frame["code"]) == ("error", "expired_token"), frame
        await client.send({"type": "resume", "token": "ZZZZZZ-" + token[7:]})
        frame = await client.frame()
        assert (frame["type"], frame["code"]) == ("error", "bad_token"), frame


def test_a_cards_code_alone_is_not_a_request() -> None:
    with pytest.raises(ProtocolError):
        read_request(json.dumps(str(Card.parse("7H"))))
    assert PHRASES["good_game"] == "Good game"
