"""Quick match, the computer in empty seats, and the session library a table scene drives."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from game.online.session import Session
from game.online.tablesetup import TableSetup
from tests.online.support import Bot, free_port, servers, verify_records

pytestmark = pytest.mark.slow


def test_quick_match_pairs_two_waiting_players(tmp_path: Path) -> None:
    with servers(tmp_path, 1, "--quick-wait", "30") as (server,):
        bots = [Bot(["--server", server.url, "--quick", "--bot", "simple", "--seed", str(n), "--pace", "0"],
                    tmp_path, f"quick{n}") for n in range(2)]  # fmt: skip
        results = [bot.result() for bot in bots]
    assert results[0]["code"] == results[1]["code"]
    assert sorted(r["player"] for r in results) == [0, 1]
    assert results[0]["scores"] == results[1]["scores"]


def test_quick_match_alone_gets_the_computer_and_is_told_so(tmp_path: Path) -> None:
    records = tmp_path / "records"
    with servers(
        tmp_path, 1, "--quick-wait", "0.3", "--quick-level", "simple", "--records", str(records)
    ) as (server,):
        bot = Bot(["--server", server.url, "--quick", "--bot", "random", "--pace", "0"], tmp_path, "alone")
        final = bot.result()
    assert "the computer (simple) takes the other seat" in bot.err_path.read_text()
    files = verify_records(records)
    assert len(files) == final["hands"]
    seats = json.loads(files[0].read_text())["seats"]
    assert sorted(seat["kind"] for seat in seats) == ["ai", "person"]  # the AI's moves were checked too


def test_the_servers_computer_plays_the_empty_seats(tmp_path: Path) -> None:
    records = tmp_path / "records"
    with servers(tmp_path, 1, "--records", str(records)) as (server,):
        bot = Bot(["--server", server.url, "--create", "--players", "3", "--ai-seats", "2", "--rules",
                   "standard,target=50", "--bot", "simple", "--pace", "0"], tmp_path, "host")  # fmt: skip
        final = bot.result()
    assert len(final["scores"]) == 3 and max(final["scores"]) >= 50
    kinds = {
        seat["kind"] for path in verify_records(records) for seat in json.loads(path.read_text())["seats"]
    }
    assert kinds == {"ai", "person"}


def test_the_session_library_fills_leaves_and_follows_the_match(tmp_path: Path) -> None:
    with servers(tmp_path, 1) as (server,):
        asyncio.run(_session(f"ws://127.0.0.1:{free_port()}", server.url))


async def _session(dead: str, live: str) -> None:
    session = Session([dead, live])  # the first server is down: it moves on to the next
    state = await session.create(TableSetup.for_players(2))
    assert session.server == live and state.player == 0 and state.token and len(state.code) == 6
    assert state.stage == "waiting" and state.seats[1]["status"] == "open"
    await session.fill("random")
    kinds: list[str] = []
    while "dealt" not in kinds:
        kinds.append((await session.next_event(10)).kind)
    assert kinds[:2] == ["joined", "table"] and state.stage == "playing"
    assert state.seats[1] == {"player": 1, "kind": "ai", "status": "computer", "level": "random"}
    assert state.commitment and state.fingerprint and state.view is not None
    assert len(state.view.hand) in (10, 11) and state.view.deck is None  # the deck stays hidden
    await session.say("good_luck")
    await session.leave()  # the computer plays our seat to the end of the match
    seen: set[str] = set()
    while "match_over" not in seen:
        event = await session.next_event(30)
        seen.add(event.kind)
        if event.kind == "said":
            assert event.data["text"] == "Good luck!"
    assert {"moved", "hand_over", "match_over", "said", "notice"} <= seen
    assert state.hand_over is not None and state.hand_over["export"]["format"] == "gin-rummy-hand-export"
    assert max(state.match_over["scores"]) >= 100
    await session.close()
