"""The referee without sockets: refusals change nothing, records replay, the clock runs out."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time

import pytest

from game.online.tablesetup import TableSetup
from game.rules import DrawStock
from game.server.backend import MemoryBackend
from game.server.config import ServerConfig
from game.server.hub import Hub
from game.server.table import Table, TableError
from tests.online.support import ROOT, environment


def seated_table() -> tuple[Table, str]:
    table = Table.open("ABCDEF", TableSetup.for_players(2), time.time())
    _, token = table.take_seat(None, "p/host", time.time())
    table.take_seat(None, "p/guest", time.time())
    return table, token


def test_a_join_asked_again_by_the_same_connection_gets_the_same_seat_with_a_new_token() -> None:
    # A relay asks again when the owner's first answer was lost on the way: the connection
    # must get its seat, not "every seat is taken" (nor a second seat).
    table = Table.open("ABCDEF", TableSetup.for_players(3), time.time())
    player, first = table.take_seat(None, "p/one", time.time())
    again, second = table.take_seat(None, "p/one", time.time())
    assert (player, again) == (0, 0) and first != second
    assert table.player_of_token(second) == 0 and table.player_of_token(first) is None
    assert table.take_seat(None, "p/two", time.time())[0] == 1


def test_a_refused_move_changes_nothing_and_says_why() -> None:
    table, _ = seated_table()
    before = json.dumps(table.to_record())
    waiting = 1 - (table.player_to_act() or 0)
    with pytest.raises(TableError, match="not your turn"):
        table.act(waiting, DrawStock(), time.time())
    hand = table.hand
    assert hand is not None
    with pytest.raises(TableError) as refused:
        table.act(table.player_to_act() or 0, DrawStock(), time.time())  # the upcard comes first
    assert refused.value.code == "illegal" and "upcard" in refused.value.message
    assert json.dumps(table.to_record()) == before


def test_a_table_record_replays_to_the_same_table() -> None:
    table, token = seated_table()
    for _ in range(7):
        player = table.player_to_act()
        assert player is not None and table.hand is not None
        seat = table.seat_in_hand(player)
        table.act(player, table.hand.legal_actions()[-1] if seat is not None else DrawStock(), time.time())
    again = Table.from_record(json.loads(json.dumps(table.to_record())))
    assert again.to_record() == table.to_record()
    now = time.time()
    for audience in ("0", "1", "*"):
        assert again.frame(audience, now, full=True) == table.frame(audience, now, full=True)
    assert again.player_of_token(token) == 0 and again.player_of_token(token + "x") is None
    record = table.to_record()
    record["seed"] = str(int(record["seed"]) + 1)  # another deck: the commitment no longer matches
    with pytest.raises(ValueError, match="record damaged"):
        Table.from_record(record)


def test_when_the_move_timer_runs_out_the_computer_moves_for_the_person() -> None:
    asyncio.run(_clock())


async def _clock() -> None:
    hub = Hub(ServerConfig(ai_delay_s=0), MemoryBackend())
    await hub.start()
    setup = TableSetup(TableSetup.for_players(2).rules, ("open", "open"), move_seconds=15)
    code = await hub.open_table(setup)
    for person in ("host", "guest"):
        assert "ok" in await hub.call(code, {"op": "join", "player": None, "from": hub.presence(person)})
    runner = hub.owned[code]
    table = runner.table
    assert table.deadline is not None and 14 < table.deadline - time.time() <= 15
    player = table.player_to_act()
    assert player is not None
    table.deadline = time.time() + 0.1  # as if 15 seconds had gone by
    runner.schedule()
    await asyncio.sleep(0.6)
    assert table.hand is not None and len(table.hand.actions) == 1
    assert table.stand_ins[-1][player] == 1
    assert "the computer played 1 of these moves" not in str(table.to_record())  # only in exports
    await hub.stop()


def test_bad_client_flags_exit_2_with_a_message() -> None:
    for flags, message in [
        (["--server", "http://x", "--create", "--bot", "simple"], "ws:// or wss://"),
        (["--server", "ws://127.0.0.1:1", "--bot", "simple"], "--create, --join CODE"),
        (["--server", "ws://127.0.0.1:1", "--create"], "--bot LEVEL"),
        (
            ["--server", "ws://127.0.0.1:1", "--create", "--bot", "simple", "--rules", "klondike"],
            "unknown variant",
        ),
        (["--server", "ws://127.0.0.1:1", "--create", "--join", "ABCDEF", "--bot", "simple"], "not allowed"),
    ]:
        done = subprocess.run([sys.executable, "-m", "game.client", *flags], capture_output=True, text=True,
                              env=environment(), cwd=ROOT, timeout=60)  # fmt: skip
        assert done.returncode == 2 and message in done.stderr, (flags, done.stderr)


def test_an_unreachable_server_is_reported_not_hung() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game.client", "--server", "ws://127.0.0.1:9", "--create", "--bot", "simple"],
        capture_output=True, text=True, env=environment(), cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1 and "no server answers" in done.stderr
