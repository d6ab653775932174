"""The seat at an online table kept on the device, and the online server setting.

The token in the kept seat is what brings a player back after a reload or a restart, so a
damaged one is set aside and reported like every other record, never half-used.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.storage.persistence import ONLINE_SEAT_KEY, OnlineSeat, Persistence
from game.storage.settings import Settings, server_text_problem
from game.storage.store import DamagedRecordError
from tests.storage.helpers import Place

SEAT = OnlineSeat(("ws://127.0.0.1:8765", "wss://play.example.org/ws"), "K7PX3M", 1, "K7PX3M-" + "a" * 32)


@pytest.fixture(params=["disk", "browser"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Place:
    return Place(request.param, tmp_path / "data")


def test_a_kept_seat_survives_a_restart_and_is_forgotten_on_request(place: Place) -> None:
    assert Persistence(storage=place.storage()).save_online_seat(SEAT)
    again = Persistence(storage=place.storage())  # the program started again / the page reloaded
    assert again.load_online_seat() == SEAT
    assert again.discard_online_seat()
    assert Persistence(storage=place.storage()).load_online_seat() is None
    assert again.take_notices() == []


def _with(**changes: object) -> bytes:
    data = SEAT.to_dict()
    data.update(changes)
    return json.dumps(data).encode()


DAMAGE = {
    "not json": b"{seat",
    "null": b"null",
    "a list": b"[1, 2]",
    "no urls": _with(urls=[]),
    "an http url": _with(urls=["http://127.0.0.1:8765"]),
    "a code with a dash": _with(code="K7-X3M"),
    "a player of 7": _with(player=7),
    "a player that is true": _with(player=True),
    "a token of another table": _with(token="ZZZZZZ-" + "a" * 32),
    "a newer schema with nothing else": b'{"schema": "x"}',
}


@pytest.mark.parametrize("raw", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_kept_seat_is_set_aside_reported_and_not_offered(place: Place, raw: bytes) -> None:
    place.put(ONLINE_SEAT_KEY, raw)
    persistence = Persistence(storage=place.storage())
    assert persistence.load_online_seat() is None
    [notice] = persistence.take_notices()
    assert "online seat" in notice and "set aside" in notice and "cannot be continued" in notice
    assert place.backups(ONLINE_SEAT_KEY) == [raw]
    assert place.get(ONLINE_SEAT_KEY) is None
    # A new seat can be kept afterwards.
    assert persistence.save_online_seat(SEAT)
    assert Persistence(storage=place.storage()).load_online_seat() == SEAT


def test_the_server_setting_is_kept_and_checked() -> None:
    settings = Settings(online_server="ws://10.0.0.2:8765, wss://play.example.org/ws")
    assert Settings.from_dict(settings.to_dict()) == settings
    for bad, why in (
        ("http://10.0.0.2", "starts with ws:// or wss://"),
        ("ws://a b", "no spaces"),
        (5, "must be text"),
        ("ws://" + "x" * 400, "over 400 characters"),
    ):
        assert why in server_text_problem(bad)
        data = settings.to_dict()
        data["online_server"] = bad
        with pytest.raises(DamagedRecordError, match="settings"):
            Settings.from_dict(data)


def test_settings_saved_before_the_server_setting_still_load() -> None:
    data = Settings(variant="oklahoma").to_dict()
    del data["online_server"]
    loaded = Settings.from_dict(data)
    assert loaded.variant == "oklahoma" and loaded.online_server == ""
