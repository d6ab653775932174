"""The game's own online client, natively: real server processes, real sockets, real input.

The game runs under SDL's dummy driver, its frames inside an asyncio loop as main.py runs
them, every input a posted pygame event (tests/online/ingame.py); the other players are
`python -m game.client` bots. What the screens say is read through the browser test's probe.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.online.views import public_view
from game.ui.table.draw import TEXT_KINDS
from tests.online.ingame import Driver, Proxy, drawn_faces, ready
from tests.online.support import ROOT, Bot, environment, free_port, servers

QUIET = ["--ai-delay", "0.05"]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The game's data folder (kept seats, exports) in the test's own folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("GIN_RUMMY_DATA_DIR", str(folder))
    yield folder


def drawn(snapshot: dict[str, Any], kind: str) -> list[str]:
    return [entry[1] for scene in snapshot["drawn"] for entry in scene if entry[0] == kind]


async def create_table(game: Driver, server_url: str) -> str:
    """From the title, as a player: Play online, Create a table (a friend's seat), the code."""
    game.app.settings.online_server = server_url
    await game.press("Play online")
    await game.press("Create a table")
    await game.until(lambda s: s["top"] == "new_match", "the rules screen")
    if game.app.settings.seats[1] != "person":
        await game.press("Seat: Your opponent")  # the computer by default: a friend's seat instead
    assert game.app.settings.seats[1] == "person"
    assert "a person's seat is for a friend" in game.said()
    await game.press("Create table")
    lobby = await game.until(lambda s: s["top"] == "online_lobby" and drawn(s, "code"), "the lobby")
    (code,) = drawn(lobby, "code")
    assert "Player 2: empty: waiting for someone to join" in drawn(lobby, "seat")
    return code


async def at_table(game: Driver) -> dict[str, Any]:
    return await game.until(
        lambda s: s["top"] == "online_table" and (s.get("table") or {}).get("phase") is not None
        and not s["table"]["dealing"], "the online table with its hand", 30.0,
    )  # fmt: skip


def verifies(path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "game.verify", str(path)], capture_output=True, text=True,
                          env=environment(), cwd=ROOT, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_game_hosts_a_table_and_plays_a_hand_against_a_network_bot(
    tmp_path: Path, data_dir: Path
) -> None:
    records = tmp_path / "records"
    with servers(tmp_path, 1, "--records", str(records), *QUIET) as (server,):

        async def scenario() -> None:
            game = Driver("--window", "1280x720")
            try:
                code = await create_table(game, server.url)
                bot = Bot(["--server", server.url, "--join", code, "--bot", "easy"], tmp_path, "guest")
                try:
                    await at_table(game)
                    moves = await game.play_until(lambda s: s["top"] == "hand_result")
                    assert moves, "the person never moved"
                    result = game.snapshot()
                    checks = [t for t in drawn(result, "check") if t.startswith("Deal check: ✓")]
                    assert checks, drawn(result, "check_failed") or game.said()
                    await game.press("Deal check")
                    await game.until(lambda s: s["top"] == "deal_check", "the deal check")
                    assert "✓ matches" in game.said()
                    await game.press("Export hand")
                    await game.until(lambda s: game.top.notice.startswith("Saved as"), "the export")
                    path = Path(game.top.notice.split("Saved as ", 1)[1])
                finally:
                    bot.kill()
            finally:
                game.close()
            exported = json.loads(path.read_text(encoding="utf-8"))
            recorded = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(records.glob("*.json"))]
            assert exported in recorded  # the game saved the server's export, as it is
            verifies(path)

        asyncio.run(scenario())


def test_a_dropped_connection_and_a_restart_both_come_back_to_the_seat(
    tmp_path: Path, data_dir: Path
) -> None:
    """Mid-hand the network drops (every connection cut): the table says so, reconnects and
    goes on. Later the program dies with the network and is started again: its kept token
    brings it back to the same seat and position, and the hand is played to its end."""
    with servers(tmp_path, 1, *QUIET) as (server,):

        async def scenario() -> None:
            proxy = await Proxy(server.port).start()
            game = Driver("--window", "1280x720", storage=True)
            bot = None
            try:
                code = await create_table(game, proxy.url)
                bot = Bot(["--server", server.url, "--join", code, "--bot", "easy"], tmp_path, "guest")
                await at_table(game)
                before = (await game.play_into_a_hand(3))["table"]
                proxy.refusing = True  # the network is down for a moment
                assert proxy.cut() >= 1
                await game.until(
                    lambda s: "reconnecting" in game.said(), "the table to say it lost the connection"
                )
                proxy.refusing = False
                after = await game.until(lambda s: "Connected again" in game.said(), "the reconnection", 30.0)
                for key in ("hand_number", "knock_limit", "scores"):
                    assert after["table"][key] == before[key], key
                assert set(after["table"]["mine"]) >= set(before["mine"]) - set(after["table"]["discard"])
                await game.play_until(
                    lambda s: s["top"] == "hand_result" or len(s["table"].get("discard", [])) >= 5
                )
                # On the person's turn the server waits for them: nothing can change meanwhile.
                mid = await game.until(lambda s: s["top"] != "online_table" or ready(s), "the person's turn")
                kept = json.loads((data_dir / "online-seat.json").read_text(encoding="utf-8"))
                assert kept["code"] == code and kept["token"].startswith(code + "-")
                # The program dies with its connection (no goodbye), and is started again.
                proxy.cut()
                game.close()
                game = Driver("--window", "1280x720", storage=True)
                await game.until(lambda s: "Play online" in game.targets(s), "the title")
                (row,) = [item for item in game.top.items if item.name == "online"]
                assert row.value is not None and row.value() == f"your seat at table {code}"
                await game.press("Play online")
                watch = DealWatch(game)
                await game.press("Continue online match")
                back = await at_table(game)
                assert watch.dealing_frames == 0  # a seat taken back: its cards are simply there
                back = await game.until(
                    lambda s: s["top"] != "online_table" or ready(s), "the person's turn again", 30.0
                )
                if mid["top"] == "online_table":  # (unless the hand ended first): the same position
                    for key in ("hand_number", "discard", "stock", "phase", "to_act"):
                        assert back["table"][key] == mid["table"][key], key
                    assert sorted(back["table"]["mine"]) == sorted(mid["table"]["mine"])
                await game.play_until(lambda s: s["top"] == "hand_result")
                assert any(t.startswith("Deal check: ✓") for t in drawn(game.snapshot(), "check"))
            finally:
                if bot is not None:
                    bot.kill()
                game.close()
                await proxy.stop()

        asyncio.run(scenario())


def test_watching_a_table_never_shows_a_card_the_public_could_not_see(tmp_path: Path) -> None:
    """A spectator follows a whole hand (a bot against the server's computer); on every frame
    each card drawn face up is one the public view (the server's own check) shows."""
    with servers(tmp_path, 1, "--ai-delay", "0.15") as (server,):

        async def scenario() -> None:
            bot = Bot(["--server", server.url, "--create", "--ai-seats", "1", "--bot", "easy", "--pace", "0.25"],
                      tmp_path, "host")  # fmt: skip
            game = Driver("--window", "390x844")
            try:
                code = bot.code()
                game.app.settings.online_server = server.url
                await game.press("Play online")
                await game.press("Watch a table")
                for char in code:  # typed on the code pad, as with a finger
                    await game.press(char)
                await game.press("Watch")
                await game.until(lambda s: s["top"] == "online_table", "the table")
                frames = faces = 0
                saw_result = said_watching = False
                while frames < 4000 and not saw_result:
                    # No await between the frame and the check: the session's state is what
                    # the frame showed (its reader runs only while the loop has its turn).
                    await asyncio.sleep(0.004)
                    game.app.frame(1 / 60)
                    frames += 1
                    snapshot = game.snapshot()
                    table = snapshot.get("table") or {}
                    state = game.top.link.state if hasattr(game.top, "link") else None
                    if state is None or not table.get("phase"):
                        continue
                    assert table["watching"] and not table["ready"]
                    shown = drawn_faces(snapshot)
                    public = state.public
                    if public is None:
                        continue
                    allowed = {str(c) for c in public.cards}
                    finished = game.top.flow.finished.get(table["hand_number"]) if game.top.flow else None
                    if finished is not None:
                        allowed |= {str(c) for c in public_view(finished[0]).cards}
                    assert shown <= allowed, (shown - allowed, table["phase"])
                    faces += len(shown)
                    said_watching = said_watching or any(
                        "(you are watching)" in t for t in drawn(snapshot, "status")
                    )
                    saw_result = snapshot["top"] == "hand_result" or table["phase"] in ("FINISHED", "VOID")
                assert saw_result and faces > 0 and said_watching
            finally:
                bot.kill()
                game.close()

        asyncio.run(scenario())


def test_bad_input_gets_a_clear_message_and_changes_nothing(tmp_path: Path, data_dir: Path) -> None:
    with servers(tmp_path, 1, *QUIET) as (server,):

        async def scenario() -> None:
            host = Bot(["--server", server.url, "--create", "--bot", "easy"], tmp_path, "host")
            game = Driver("--window", "1280x720", storage=True)
            guest = None
            try:
                full = host.code()
                guest = Bot(["--server", server.url, "--join", full, "--bot", "easy"], tmp_path, "guest")
                settings_before = game.app.settings.to_dict()
                # A wrong server address, typed: refused, the setting unchanged.
                await game.press("Play online")
                await game.press("Online server")
                await game.until(lambda s: s["top"] == "server_entry", "the server field")
                await game.type("http://127.0.0.1:8765")
                await game.press("Save")
                assert "starts with ws:// or wss://" in game.said()
                assert game.app.settings.to_dict() == settings_before
                for _ in range(30):
                    await game.key(8)  # Backspace, to empty the field
                await game.type(f"ws://127.0.0.1:{free_port()}")  # nobody listens there
                await game.press("Save")
                await game.until(lambda s: s["top"] == "online", "the field to close")
                # A server that is down.
                await game.press("Join a table")
                for char in "K7PX3M":
                    await game.press(char)
                await game.press("Join")
                await game.until(lambda s: "No game server answers" in game.said(), "the message", 20.0)
                assert game.snapshot()["top"] == "online_code"
                # A wrong code, on the right server: the code stays to correct.
                game.app.settings.online_server = server.url
                await game.press("Join")
                await game.until(lambda s: "No table has the code K7PX3M" in game.said(), "the message", 20.0)
                assert drawn(game.snapshot(), "code") == ["K7PX3M"]
                # A letter no code has: refused at once.
                await game.press("Delete")
                await game.type("O")
                assert "never use O" in game.said()
                # A full table.
                for _ in range(6):
                    await game.press("Delete")
                for char in full:
                    await game.press(char)
                await game.press("Join")
                await game.until(
                    lambda s: "Every seat at that table is taken" in game.said(), "the message", 20.0
                )
                assert game.snapshot()["top"] == "online_code"
                assert not (data_dir / "online-seat.json").exists()  # no seat was kept
                settings = game.app.settings.to_dict()
                settings_before["online_server"] = server.url
                assert settings == settings_before
            finally:
                host.kill()
                if guest is not None:
                    guest.kill()
                game.close()

        asyncio.run(scenario())


class DealWatch:
    """Checks every frame of an online table: while its deal flies in, nothing is offered.

    Wraps the app's frame (every frame a test runs goes through it) and counts the frames
    seen dealing."""

    MOVES = ("Take", "Pass", "Knock", "Gin", "Big gin")

    def __init__(self, game: Driver) -> None:
        self.game = game
        self.dealing_frames = 0
        self._frame = game.app.frame
        game.app.frame = self.frame  # type: ignore[method-assign]

    def frame(self, dt: float) -> bool:
        running = self._frame(dt)
        top = self.game.app.stack.top
        if top is None or top.name != "online_table" or getattr(top, "hand", None) is None:
            return running
        if top.dealing:
            self.dealing_frames += 1
            offered = [name for name, _ in top.hit_targets() if name in self.MOVES]
            assert not offered, f"{offered} offered while the deal is still flying in"
        return running


def test_a_table_of_three_plays_a_hand_with_a_network_bot_and_the_server_computer(
    tmp_path: Path, data_dir: Path
) -> None:
    """A table for three (a friend's seat, the bot takes it; the computer's seat the server
    plays). The bot deals first and sits out; the person plays the server's
    computer to the end of the hand, and the hand verifies."""
    records = tmp_path / "records"
    with servers(tmp_path, 1, "--records", str(records), *QUIET) as (server,):

        async def scenario() -> None:
            game = Driver("--window", "1280x720")
            settings = game.app.settings
            settings.set_option("players", "3")
            settings.seats = ["person", "person", "ai", "ai"]
            settings.set_option("first_dealer", 1)
            bot = None
            try:
                settings.online_server = server.url
                await game.press("Play online")
                await game.press("Create a table")
                await game.until(lambda s: s["top"] == "new_match", "the rules screen")
                await game.press("Create table")
                lobby = await game.until(
                    lambda s: s["top"] == "online_lobby" and drawn(s, "code"), "the lobby"
                )
                (code,) = drawn(lobby, "code")
                assert "AI 3: the computer (Medium)" in drawn(lobby, "seat"), drawn(lobby, "seat")
                bot = Bot(["--server", server.url, "--join", code, "--bot", "easy"], tmp_path, "guest")
                table = await at_table(game)
                state = game.top.link.state
                assert state.setup.players == 3 and set(state.hand_players) == {0, 2}, state.hand_players
                assert [seat.get("kind") for seat in state.seats] == ["person", "person", "ai"]
                assert not table["table"]["watching"]  # the dealer (the bot) sits this hand out
                moves = await game.play_until(lambda s: s["top"] == "hand_result")
                assert moves, "the person never moved"
                result = game.snapshot()
                assert any(t.startswith("Deal check: ✓") for t in drawn(result, "check")), game.said()
            finally:
                if bot is not None:
                    bot.kill()
                game.close()
            (path,) = sorted(records.glob("*.json"))
            export = json.loads(path.read_text(encoding="utf-8"))
            hand = export["hand"]
            assert hand["rules"]["players"] == 3 and sorted(hand["players"]) == [0, 2]
            kinds = sorted(seat["kind"] for seat in export["seats"])
            assert kinds == ["ai", "person"]  # the person against the server's computer
            verifies(path)

        asyncio.run(scenario())


def test_a_quick_match_with_nobody_waiting_seats_the_computer_and_says_so(
    tmp_path: Path, data_dir: Path
) -> None:
    """Quick match from the game's own menu; after the server's (short) wait the computer
    takes the other seat, the table says so, and the hand is played to its end, on a phone
    whose deal is watched frame by frame."""
    with servers(tmp_path, 1, "--quick-wait", "1.0", "--quick-level", "easy", *QUIET) as (server,):

        async def scenario() -> None:
            game = Driver("--window", "390x844", "--speed", "1")
            watch = DealWatch(game)
            try:
                game.app.settings.online_server = server.url
                await game.press("Play online")
                await game.press("Quick match")
                await game.until(lambda s: "Looking for an opponent" in game.said(), "the wait", 5.0)
                await at_table(game)
                # The first hand is dealt before the person's eyes, as every later one is.
                assert watch.dealing_frames > 10, watch.dealing_frames
                await game.until(
                    lambda s: "the computer (easy) takes the other seat" in game.said(),
                    "the table to say so",
                    5.0,
                )
                # The move timer over the table never lies on the table's own lines of text.
                await game.frames(2)
                drawn_now = game.top.draw_list
                online = [(t, r) for k, t, r, _ in drawn_now if k in ("timer", "seats", "said", "connection")]
                table_text = [(t, r) for k, t, r, _ in drawn_now if k in TEXT_KINDS and k != "toast"]
                assert online, "no move timer drawn"
                for text, rect in online:
                    crossed = [other for other, box in table_text if box.colliderect(rect)]
                    assert not crossed, f"{text!r} lies on {crossed}"
                state = game.top.link.state
                assert [seat.get("kind") for seat in state.seats] == ["person", "ai"]
                assert state.setup.move_seconds is not None  # a quick match has its move timer
                await game.play_until(lambda s: s["top"] == "hand_result")
                assert any(t.startswith("Deal check: ✓") for t in drawn(game.snapshot(), "check"))
                # The next one is dealt too, and nothing is offered until it has landed.
                watch.dealing_frames = 0
                await game.press("Next hand")
                await game.until(lambda s: watch.dealing_frames > 0, "the next deal", 30.0)
                await game.until(lambda s: s["top"] != "online_table" or ready(s), "the person's turn", 30.0)
                assert watch.dealing_frames > 10
            finally:
                game.close()

        asyncio.run(scenario())
