"""Processes killed while they save, export and play: every record and export must come out whole."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from game.storage.persistence import Persistence
from game.storage.store import TEMPORARY_PATTERN, DiskBackend, Storage
from game.verify import verify_export
from tools.attacks.common import (
    Tally,
    kill,
    start,
)

# --- kills --------------------------------------------------------------------------------------

SAVING_LOOP = r"""
import random, sys
from game.storage.persistence import Persistence
from game.rules import Match, RuleSet
from game.storage.settings import SPEEDS, MatchSetup, Settings
from game.storage.stats import Bucket
persistence = Persistence()
stats = persistence.load_stats()
matches = [Match(RuleSet.preset(), random.Random(seed)) for seed in (1, 2)]
for match in matches:
    match.new_hand()
bucket = Bucket("standard", "2", "medium")
print("ready", flush=True)
turn = 0
while True:
    turn += 1
    persistence.save_settings(Settings(speed=list(SPEEDS)[turn % len(SPEEDS)]))
    stats.record_hand(bucket, turn % 3 == 0, "knock", 7, 3)
    persistence.save_stats(stats)
    persistence.save_match(matches[turn % 2], MatchSetup(("person", "ai"), "easy", ai_seed=turn))
"""

EXPORTING_LOOP = r"""
import datetime, random, sys
from pathlib import Path
from game.ai import make_player
from game.rules import Hand, RuleSet
from game.verify import AISeat
from game.ui.fairplay.export import export_hand_file
folder = Path(sys.argv[1])
hands = []
for seed in (4, 5):
    seats = (AISeat("simple", seed), AISeat("random", seed + 1))
    players = [make_player(s.level, s.seed) for s in seats]
    hand = Hand.deal(RuleSet.preset(), seed % 2, random.Random(seed))
    while not hand.is_over:
        hand.apply(players[hand.to_act].choose(hand.view(hand.to_act)))
    hands.append((hand, seats))
print("ready", flush=True)
turn = 0
while True:
    turn += 1
    hand, seats = hands[turn % 2]
    day = datetime.date(2000, 1, 1) + datetime.timedelta(days=turn // 500)
    assert export_hand_file(hand, seats, day, [folder]).saved
"""


def kills_saving(rng: random.Random, kills: int) -> Tally:
    """SIGKILL a process saving as the table does; the next start must find everything whole."""
    tally = Tally("kills while saving")
    base = Path(tempfile.mkdtemp(prefix="break-it-"))
    data = base / "data"
    seen = 0
    cleaned = 0
    try:
        for _ in range(kills):
            child = start(SAVING_LOOP, data)
            time.sleep(rng.uniform(0.0, 0.15))
            kill(child)
            cleaned += sum(1 for p in data.iterdir() if TEMPORARY_PATTERN.match(p.name))
            persistence = Persistence(storage=Storage(DiskBackend(data)))
            stats = persistence.load_stats()
            persistence.load_settings()
            saved = persistence.peek_saved_match()
            notices = persistence.take_notices()
            problems = []
            if notices:
                problems.append(f"told {notices[0][:80]}")
            if stats.hands < seen:
                problems.append(f"statistics went back from {seen} to {stats.hands} hands")
            if stats.hands >= 2 and saved is None:
                problems.append("no saved match although saves ran")
            if any(TEMPORARY_PATTERN.match(p.name) for p in data.iterdir()):
                problems.append("a temporary file was left after the start")
            seen = max(seen, stats.hands)
            tally.record(not problems, "; ".join(problems))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    tally.notes.append(
        f"{seen} hands kept; {cleaned} temporary files of killed saves cleaned at the next start"
    )
    return tally


def kills_exporting(rng: random.Random, kills: int, freezes: int) -> Tally:
    """SIGKILL (and freeze) a process exporting hands; every export must be whole."""
    tally = Tally("kills while exporting")
    base = Path(tempfile.mkdtemp(prefix="break-it-"))
    folder = base / "hands"
    whole: set[str] = set()
    left: set[str] = set()
    torn: list[str] = []

    def inspect() -> None:
        for path in folder.iterdir() if folder.exists() else []:
            if TEMPORARY_PATTERN.match(path.name) or path.name in whole:
                continue
            text = path.read_text(encoding="utf-8")
            try:
                value = json.loads(text)
                assert value["format"] == "gin-rummy-hand-export"
            except (ValueError, KeyError, AssertionError, TypeError):
                torn.append(f"{path.name}: {len(text)} bytes")
                whole.add(path.name)
                continue
            whole.add(path.name)

    frozen = 0
    try:
        for _ in range(kills):
            child = start(EXPORTING_LOOP, base / "data", str(folder))
            for _ in range(freezes):
                time.sleep(rng.uniform(0.0, 0.01))
                child.send_signal(signal.SIGSTOP)
                os.waitpid(child.pid, os.WUNTRACED)
                inspect()
                frozen += 1
                child.send_signal(signal.SIGCONT)
            time.sleep(rng.uniform(0.0, 0.05))
            kill(child)
            before = len(torn)
            inspect()
            left |= {p.name for p in folder.iterdir() if TEMPORARY_PATTERN.match(p.name)}
            tally.record(len(torn) == before, "; ".join(torn[before:]))
        sample = sorted(p for p in folder.iterdir() if not TEMPORARY_PATTERN.match(p.name))
        for path in random.Random(1).sample(sample, min(20, len(sample))):
            checks = verify_export(json.loads(path.read_text()))
            tally.record(all(c.passed for c in checks), f"{path.name} does not verify")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    tally.notes.append(
        f"{frozen} freezes between the kills; {len(whole)} exports written, {len(torn)} torn; "
        f"{len(left)} temporary files left by the kills (a later export removes them once stale)"
    )
    return tally


PLAYING_LOOP = r"""
import datetime, json, sys
from pathlib import Path
from game.ui.app import create_app
from game.ui.table.outcome import played_deal
from game.ui.fairplay.export import export_hand_file
from game.ui.table.hand_result import HandResultScene
from game.ui.table.seats import ThinkingSeat, make_ai
from game.ui.table.scene import TableScene
folder = Path(sys.argv[1])
# Instant, or paced (so that more kills land in the middle of a hand); another session seed
# at every start, as when the game is started again.
app = create_app(["--speed", sys.argv[2], "--window", "1280x720"])
saved = app.persistence.take_saved_match()
resumed = saved is not None and saved.match.current is not None and not saved.match.current.is_over
app.stack.replace_all(TableScene(app, saved.match, saved.setup) if saved is not None else TableScene(app))
print("ready", flush=True)
exported = None
while True:
    app.frame(1 / 60)
    top = app.stack.top
    table = next((s for s in reversed(app.stack.scenes) if isinstance(s, TableScene)), None)
    if table is None or table.flow is None:
        continue
    seat = table.flow.seats.get(table.me)
    if table.hand is not None and (seat is None or not hasattr(seat.player, "level")):
        table.flow.seats[table.me] = ThinkingSeat(make_ai("simple", seed=5))  # plays the person's seat
    if isinstance(top, HandResultScene) and exported is not table.hand:
        exported = table.hand
        deal = played_deal(table)
        result = export_hand_file(deal.hand, deal.seats, datetime.date(2026, 11, 30), [folder])
        print(json.dumps({"export": str(result.path), "resumed": resumed}), flush=True)
        resumed = False
    if top is not None and not isinstance(top, TableScene):
        top.autopilot()  # Next hand, another match, past a celebration
"""


def kills_playing(rng: random.Random, kills: int) -> Tally:
    """The real game, killed at random while it plays, saves and exports; every export verifies."""
    tally = Tally("kills while playing (exports verified)")
    base = Path(tempfile.mkdtemp(prefix="break-it-"))
    folder = base / "hands"
    exports: list[tuple[str, bool]] = []
    try:
        for number in range(kills):
            child = start(PLAYING_LOOP, base / "data", str(folder), "0" if number % 2 else "8")
            time.sleep(rng.uniform(0.5, 5.0))
            _kill_and_read(child, exports)
        for name, resumed in exports:
            path = Path(name)
            if not path.exists():
                continue
            checks = verify_export(json.loads(path.read_text()))
            failed = [c.line().strip() for c in checks if not c.passed]
            tally.record(not failed, f"{'a resumed hand: ' if resumed else ''}{failed[:1]}")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    resumed = sum(1 for _, was in exports if was)
    tally.notes.append(
        f"{kills} kills; {len(exports)} hands exported, {resumed} of them continued after a restart"
    )
    return tally


def _kill_and_read(child: subprocess.Popen[str], exports: list[tuple[str, bool]]) -> None:
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    assert child.stdout is not None
    for line in child.stdout.read().splitlines():
        with contextlib.suppress(ValueError, KeyError, TypeError):
            item = json.loads(line)
            exports.append((item["export"], bool(item["resumed"])))
    for stream in (child.stdout, child.stderr):
        if stream is not None:
            stream.close()
