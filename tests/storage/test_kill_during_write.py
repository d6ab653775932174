"""A game killed at any moment while saving loses no record and leaves no temporary file.

A child process saves settings, statistics and the match in progress in a loop through
`Persistence`, as the table does after every action; it is killed (SIGKILL: no cleanup
runs) at a random moment, again and again. After each kill, the next start must find
every record whole (no notice), the statistics never behind what an earlier start saw,
and no temporary file left.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.storage.persistence import Persistence
from game.storage.settings import SPEEDS
from game.storage.store import DiskBackend, Storage

ROOT = Path(__file__).resolve().parents[2]
KILLS = 12

SAVING_LOOP = """
from game.storage.persistence import Persistence
from game.storage.settings import SPEEDS, Settings
from game.storage.stats import Bucket
from tests.storage.helpers import sample_match

persistence = Persistence()
stats = persistence.load_stats()
matches = [sample_match(1, seed=seed) for seed in (1, 2)]
bucket = Bucket("standard", "2", "medium")
print("ready", flush=True)
turn = 0
while True:
    turn += 1
    persistence.save_settings(Settings(speed=list(SPEEDS)[turn % len(SPEEDS)]))
    stats.record_hand(bucket, turn % 3 == 0, "knock", 7, 3)
    persistence.save_stats(stats)
    persistence.save_match(matches[turn % 2])
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_killing_the_game_while_it_saves_loses_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    environment = {**os.environ, "GIN_RUMMY_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    rng = random.Random(20261130)
    hands_seen = 0
    leftovers = 0
    for _ in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-c", SAVING_LOOP],
            cwd=ROOT,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready", child.stderr.read() if child.stderr else ""
        time.sleep(rng.uniform(0.0, 0.2))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        if child.stderr is not None:
            child.stderr.close()
        leftovers += sum(1 for p in data.iterdir() if p.name.endswith(".tmp"))

        persistence = Persistence(storage=Storage(DiskBackend(data)))
        assert not [p.name for p in data.iterdir() if p.name.endswith(".tmp")]
        settings, stats = persistence.load_settings(), persistence.load_stats()
        # A second hand counted means a first match save had finished (saves run in order).
        assert persistence.has_saved_match() or stats.hands < 2
        assert persistence.take_notices() == []
        assert settings.speed in SPEEDS
        assert stats.hands >= hands_seen  # nothing saved before is ever lost
        hands_seen = stats.hands
        assert not list(data.glob("*.corrupt-*"))
    assert hands_seen > KILLS  # the children really saved, many times
    print(f"{KILLS} kills while saving; {hands_seen} hands kept; {leftovers} temporary files cleaned")
