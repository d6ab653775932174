"""A client killed mid-hand (SIGKILL) and started again with its seat file finishes the same match."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game.server.runner import how_long
from tests.online.support import Bot, servers, verify_records, wait_mid_hand

pytestmark = pytest.mark.slow


def kill_and_resume(tmp: Path, grace: str) -> tuple[dict, dict, Path]:
    records = tmp / "records"
    seat_file = tmp / "seat.json"
    with servers(tmp, 1, "--records", str(records), "--grace", grace) as (server,):
        args = [
            "--server",
            server.url,
            "--create",
            "--bot",
            "simple",
            "--pace",
            "0.03",
            "--seat-file",
            str(seat_file),
        ]
        host = Bot(args, tmp, "host")
        code = host.code()
        guest = Bot(["--server", server.url, "--join", code, "--bot", "simple", "--seed", "5", "--pace", "0.03"],
                    tmp, "guest")  # fmt: skip
        wait_mid_hand(server.url, code)
        host.kill()
        assert guest.process.poll() is None, "the match ended before the kill"
        hands_before = len(list(records.glob("*.json"))) if records.exists() else 0
        time.sleep(1.0)
        seat = json.loads(seat_file.read_text())
        assert seat["code"] == code and seat["player"] == 0 and seat["token"]
        again = Bot(args, tmp, "host-again")
        final, other = again.result(), guest.result()
    assert final["code"] == code and final["player"] == 0
    assert final["scores"] == other["scores"] and final["hands"] > hands_before
    return final, other, records


def test_a_killed_client_resumes_its_seat_and_finishes_the_match(tmp_path: Path) -> None:
    final, _, records = kill_and_resume(tmp_path, "120")
    assert len(verify_records(records)) == final["hands"]
    assert "table" not in (tmp_path / "host-again.out").read_text()  # resumed: no new table
    resumed = (tmp_path / "host-again.err").read_text()
    assert "resumed table" in resumed and " after 0 moves" not in resumed, resumed  # mid-hand, position back


def test_after_the_grace_period_the_computer_plays_the_seat_until_the_person_is_back(tmp_path: Path) -> None:
    _final, _, records = kill_and_resume(tmp_path, "0.2")
    files = verify_records(records)
    names = [json.loads(path.read_text())["seats"][seat]["name"] for path in files for seat in (0, 1)]
    assert any("the computer played" in name for name in names), names
    # The table said so in words (a 0.2 s grace is said as "1 second", not in fractions of minutes).
    said = (tmp_path / "guest.err").read_text()
    assert "Player 1 has been away 1 second: the computer plays for them" in said, said


@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (120, "2 minutes"),
        (60, "1 minute"),
        (90, "90 seconds"),
        (45.4, "45 seconds"),
        (1, "1 second"),
        (0.2, "1 second"),
    ],
)
def test_the_grace_is_said_in_whole_minutes_or_seconds(seconds: float, said: str) -> None:
    assert how_long(seconds) == said
