"""With Redis, two server processes serve the same tables; one dies (kill -9) mid-hand and
the match finishes through the other, every recorded hand still verifying."""

from __future__ import annotations

import json
import signal
import time
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


def test_a_guest_joining_through_a_slow_relay_misses_no_move_made_meanwhile(tmp_path: Path) -> None:
    # The guest deals, so the host (on the owner) moves first, at once; the guest's process
    # waits a second after the owner seated the guest (--relay-pause, tests only). The
    # host's move is made in that second: a relay that listened to the table only after
    # the owner's answer lost it, the guest waited for the host, the host for the guest.
    records = tmp_path / "records"
    with (
        redis_server(tmp_path) as redis,
        servers(
            tmp_path, 2, "--redis", redis.url, "--lease", "1", "--records", str(records), "--relay-pause", "1",
            "--log", "info",
        ) as (first, second),
    ):  # fmt: skip
        host = Bot(["--server", first.url, "--create", "--first-dealer", "1", "--bot", "simple", "--pace", "0.02",
                    "--timeout", "150"], tmp_path, "host")  # fmt: skip
        code = host.code()
        guest = Bot(["--server", second.url, "--join", code, "--bot", "random", "--pace", "0.02",
                     "--timeout", "150"], tmp_path, "guest")  # fmt: skip
        host_final, guest_final = host.result(timeout=180), guest.result(timeout=30)
        logs = first.log.read_text() + second.log.read_text()
    assert host_final["code"] == guest_final["code"] == code
    assert host_final["scores"] == guest_final["scores"] and max(host_final["scores"]) >= 100
    assert "Traceback" not in logs, logs[-3000:]
    assert "refused" not in guest.err_path.read_text(), guest.err_path.read_text()
    assert len(verify_records(records)) == host_final["hands"]


def test_an_owner_whose_lease_lapsed_with_nobody_to_take_over_carries_its_tables_on(tmp_path: Path) -> None:
    # One process and Redis; the computer plays the second seat and takes its time, so it is
    # nearly always the computer's move when the process stops for longer than its lease.
    # The process used to give its tables up and leave them so (the records still named it
    # the owner, alive again): nobody ran the computer's move, the table was stuck.
    records = tmp_path / "records"
    with (
        redis_server(tmp_path) as redis,
        servers(
            tmp_path, 1, "--redis", redis.url, "--lease", "1", "--records", str(records), "--ai-delay", "0.5",
            "--log", "info",
        ) as (only,),
    ):  # fmt: skip
        host = Bot(["--server", only.url, "--create", "--ai-seats", "1", "--rules", "standard,target=40",
                    "--bot", "simple", "--pace", "0.02", "--timeout", "150"], tmp_path, "host")  # fmt: skip
        code = host.code()
        wait_mid_hand(only.url, code, moves=3)
        only.process.send_signal(signal.SIGSTOP)
        time.sleep(2.5)  # the lease is 1 s
        only.process.send_signal(signal.SIGCONT)
        final = host.result(timeout=180)
        log = only.log.read_text()
    assert max(final["scores"]) >= 40
    assert "lease had expired" in log  # the lapse this test is about did happen
    assert f"took over table {code}" in log
    assert "Traceback" not in log, log[-3000:]
    assert len(verify_records(records)) == final["hands"]
