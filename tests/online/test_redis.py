"""With Redis, two server processes serve the same tables; one dies (kill -9) mid-hand and
the match finishes through the other, every recorded hand still verifying."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.online.support import Bot, redis_server, servers, verify_records, wait_mid_hand

pytestmark = pytest.mark.slow


def test_players_on_two_processes_share_a_table_that_survives_kill_9_of_its_owner(tmp_path: Path) -> None:
    records = tmp_path / "records"
    with (
        redis_server(tmp_path) as redis,
        servers(
            tmp_path, 2, "--redis", redis.url, "--lease", "1", "--records", str(records), "--log", "info"
        ) as (first, second),
    ):
        host = Bot(["--server", f"{first.url},{second.url}", "--create", "--bot", "simple", "--pace", "0.02",
                    "--seat-file", str(tmp_path / "host.json")], tmp_path, "host")  # fmt: skip
        code = host.code()
        guest = Bot(["--server", f"{second.url},{first.url}", "--join", code, "--bot", "random", "--seed", "3",
                     "--pace", "0.02"], tmp_path, "guest")  # fmt: skip
        # Watched through the second process, the table moves with the host's play on the first.
        part = wait_mid_hand(second.url, code, moves=6)
        assert part["number"] >= 1
        first.kill()  # the table's owner: it was created there
        host_final, guest_final = host.result(), guest.result()
        assert second.process.poll() is None
        log = second.log.read_text()
    assert host_final["code"] == guest_final["code"] == code
    assert host_final["scores"] == guest_final["scores"] and max(host_final["scores"]) >= 100
    assert host_final["server"] == second.url == guest_final["server"]  # the host moved over
    assert "Traceback" not in log, log[-3000:]
    assert f"took over table {code}" in log
    assert len(verify_records(records)) == host_final["hands"]


def test_when_a_relaying_process_dies_with_its_player_the_computer_takes_the_seat(tmp_path: Path) -> None:
    records = tmp_path / "records"
    with (
        redis_server(tmp_path) as redis,
        servers(
            tmp_path, 2, "--redis", redis.url, "--lease", "1", "--grace", "0.5", "--records", str(records)
        ) as (first, second),
    ):
        host = Bot(["--server", first.url, "--create", "--bot", "simple", "--pace", "0.02"], tmp_path, "host")
        code = host.code()
        guest = Bot(
            ["--server", second.url, "--join", code, "--bot", "random", "--pace", "0.02"], tmp_path, "guest"
        )
        wait_mid_hand(first.url, code, moves=4)
        guest.kill()
        second.kill()  # the guest's process, not the table's owner: nobody says the guest left
        final = host.result()
    assert max(final["scores"]) >= 100
    names = [
        seat["name"] for path in verify_records(records) for seat in json.loads(path.read_text())["seats"]
    ]
    assert any("player 2, online; the computer played" in name for name in names), names
