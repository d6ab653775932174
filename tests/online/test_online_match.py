"""Whole matches between network bots on a real server: two players, three, partnerships,
and a spectator checked frame by frame against the server's own record of every hand."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import pytest

from game.online.views import view_to_data
from game.rules import Hand
from game.rules.cards import CardParseError, card_from_data
from tests.online.support import Bot, servers, verify_records

pytestmark = pytest.mark.slow


def play_table(
    tmp: Path, url: str, players: int, rules: str = "standard", levels: tuple[str, ...] = ()
) -> list[dict[str, Any]]:
    levels = levels or ("simple",) * players
    host = Bot(["--server", url, "--create", "--players", str(players), "--rules", rules, "--bot", levels[0],
                "--pace", "0"], tmp, "host")  # fmt: skip
    code = host.code()
    guests = [
        Bot(
            ["--server", url, "--join", code, "--bot", levels[n], "--seed", str(n + 1), "--pace", "0"],
            tmp,
            f"guest{n}",
        )
        for n in range(1, players)
    ]
    return [bot.result() for bot in [host, *guests]]


def test_two_network_bots_play_a_whole_match_and_every_hand_verifies(tmp_path: Path) -> None:
    records = tmp_path / "records"
    with servers(tmp_path, 1, "--records", str(records)) as (server,):
        results = play_table(tmp_path, server.url, 2, levels=("simple", "random"))
    host, guest = results
    assert host["code"] == guest["code"]
    assert (host["player"], guest["player"]) == (0, 1)
    assert host["scores"] == guest["scores"] and host["totals"] == guest["totals"]
    assert max(host["scores"]) >= 100
    assert host["winner"] == max(range(2), key=lambda side: host["scores"][side])
    assert len(verify_records(records)) == host["hands"]


def test_three_player_table_plays_to_the_end(tmp_path: Path) -> None:
    records = tmp_path / "records"
    with servers(tmp_path, 1, "--records", str(records)) as (server,):
        results = play_table(tmp_path, server.url, 3, rules="standard,target=50")
    assert sorted(r["player"] for r in results) == [0, 1, 2]
    assert all(r["scores"] == results[0]["scores"] and len(r["scores"]) == 3 for r in results)
    assert max(results[0]["scores"]) >= 50
    files = verify_records(records)
    assert len(files) == results[0]["hands"]
    # The dealer sits out: the two seats of each hand are two different players of the three.
    pairs = [tuple(seat["name"] for seat in json.loads(path.read_text())["seats"]) for path in files]
    assert all(len(set(pair)) == 2 for pair in pairs)
    if len(files) > 1:
        assert len(set(pairs)) > 1, pairs


def test_partnership_table_scores_by_team(tmp_path: Path) -> None:
    records = tmp_path / "records"
    with servers(tmp_path, 1, "--records", str(records)) as (server,):
        results = play_table(tmp_path, server.url, 4, rules="standard,target=50")
    assert sorted(r["player"] for r in results) == [0, 1, 2, 3]
    scores = results[0]["scores"]
    assert len(scores) == 2 and max(scores) >= 50  # two teams
    assert all(r["scores"] == scores for r in results)
    assert len(verify_records(records)) == results[0]["hands"]


# --- the spectator ---------------------------------------------------------------------------


def cards_in(frame: object) -> set[str]:
    """Every card code anywhere in a frame (any field, any depth)."""
    found: set[str] = set()
    if isinstance(frame, dict):
        for value in frame.values():
            found |= cards_in(value)
    elif isinstance(frame, list):
        for value in frame:
            found |= cards_in(value)
    elif isinstance(frame, str) and len(frame) == 2:
        with contextlib.suppress(CardParseError):
            found.add(str(card_from_data(frame)))
    return found


def hidden_cards(hand: Hand, actions: int) -> set[str]:
    """Cards nobody but their holder has seen after ``actions`` actions of ``hand``."""
    replay = hand.as_dealt()
    for _, action in hand.actions[:actions]:
        replay.apply(action)
    if replay.is_over:
        return set()
    hidden = set(replay.stock)
    for seat in (0, 1):
        hidden |= set(replay.hands[seat]) - set(replay.known[seat])
    if replay.knock_card is not None:
        hidden.add(replay.knock_card)
    # A card once shown face up (the upcard, a discard) is known to all, wherever it went since.
    hidden -= {event.card for event in replay.history if event.card is not None} | {replay.upcard}
    return {str(card) for card in hidden}


def leaks(frames: list[dict[str, Any]], records: Path, code: str) -> list[str]:
    """Frames showing a card that was hidden at that moment, per the server's record."""
    problems = []
    for number, frame in enumerate(frames):
        part = frame.get("hand")
        if not isinstance(part, dict):
            continue  # no hand yet, or a commitment frame (a hand number and a digest)
        shown = part.get("public") or part.get("view")
        export = json.loads((records / f"{code}-{part['number']:03d}.json").read_text())
        hand = Hand.from_dict(export["hand"])
        leaked = cards_in(frame) & hidden_cards(hand, shown["history_length"])
        if leaked:
            problems.append(f"frame {number} ({frame['type']}, hand {part['number']}): {sorted(leaked)}")
    return problems


async def watch(url: str, code: str, timeout: float = 120.0) -> list[dict[str, Any]]:
    from websockets.asyncio.client import connect

    frames = []
    async with connect(url, compression=None) as socket:
        await socket.send(json.dumps({"type": "spectate", "code": code}))
        async with asyncio.timeout(timeout):
            async for text in socket:
                frame = json.loads(text)
                frames.append(frame)
                if frame.get("type") == "error":
                    raise AssertionError(frame)
                if "match_over" in frame:
                    return frames
    raise AssertionError("the match did not end")


def test_a_spectator_never_receives_a_card_it_could_not_see(tmp_path: Path) -> None:
    records = tmp_path / "records"

    async def scenario(url: str, code: str) -> tuple[list[dict[str, Any]], Bot]:
        watching = asyncio.create_task(watch(url, code))
        await asyncio.sleep(0.5)  # watching from before the first deal
        guest = Bot(
            ["--server", url, "--join", code, "--bot", "random", "--pace", "0.005"], tmp_path, "guest"
        )
        return await watching, guest

    with servers(tmp_path, 1, "--records", str(records)) as (server,):
        host = Bot(
            ["--server", server.url, "--create", "--bot", "simple", "--pace", "0.005"], tmp_path, "host"
        )
        code = host.code()
        frames, guest = asyncio.run(scenario(server.url, code))
        final = host.result()
        guest.result()
    assert frames[-1]["match_over"]["scores"] == final["scores"]
    updates = [frame for frame in frames if isinstance(frame.get("hand"), dict)]
    assert len(updates) > 20 and all("view" not in frame["hand"] for frame in updates)
    assert any(cards_in(frame) for frame in updates[:5])  # the check does see the cards shown
    assert leaks(frames, records, code) == []
    # Each deal's commitment arrived on its own before any frame with a card of that hand,
    # and it is the one the hand's export proves.
    committed: dict[int, str] = {}
    for frame in frames:
        if frame["type"] == "commitment":
            committed[frame["hand"]] = frame["commitment"]
        elif frame.get("dealt"):
            assert frame["hand"]["number"] in committed
    for number, commitment in committed.items():
        export = json.loads((records / f"{code}-{number:03d}.json").read_text())
        assert export["hand"]["commitment"] == commitment
    assert len(committed) == final["hands"]


def test_the_leak_check_catches_a_seat_view(tmp_path: Path) -> None:
    """The checker itself: a player's own view, shown to a spectator, is caught."""
    import random

    from game.rules import RuleSet

    hand = Hand.deal(RuleSet.preset("standard"), 0, random.Random(4))
    assert hidden_cards(hand, 0) & cards_in(view_to_data(hand.view(0)))
