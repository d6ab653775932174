"""A game killed at any moment while exporting hands leaves only whole exports behind.

A child process exports finished hands in a loop through the table's own export function
(`game.ui.fairplay.export.export_hand_file`) and is killed (SIGKILL: no cleanup runs) at a
random moment, again and again. After each kill every export file must be a whole export
the verifier accepts (never empty, never cut short); what a kill leaves is only a temporary
file, which a later export removes once it is stale.

An export takes milliseconds and its file is open for microseconds of that, so a few random
kills rarely land inside a write. Before each kill the child is also frozen (SIGSTOP) at
random moments and the folder inspected while it stands still: what the folder holds then is
exactly what a kill at that moment would leave (the kernel keeps what was written; what the
process had not written yet is lost either way).
"""

from __future__ import annotations

import datetime
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.storage.store import TEMPORARY_PATTERN
from game.verify import verify_export

ROOT = Path(__file__).resolve().parents[2]
KILLS = 12
FREEZES = 40  # per child, before its kill

EXPORTING_LOOP = """
import datetime, sys
from pathlib import Path
from game.ui.fairplay.export import export_hand_file
from tests.storage.helpers import finished_hands

folder = Path(sys.argv[1])
hands = finished_hands()
print("ready", flush=True)
turn = 0
while True:
    turn += 1
    hand, seats = hands[turn % len(hands)]
    day = datetime.date(2000, 1, 1) + datetime.timedelta(days=turn // 500)
    result = export_hand_file(hand, seats, day, [folder])
    assert result.saved, result.message
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_killing_the_game_while_it_exports_leaves_only_whole_exports(tmp_path: Path) -> None:
    from tests.storage.helpers import finished_hands

    folder = tmp_path / "hands"
    expected = {json.dumps(_export(hand, seats), sort_keys=True) for hand, seats in finished_hands()}
    environment = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    rng = random.Random(20261201)
    leftovers: set[str] = set()
    whole: set[str] = set()  # checked already: nothing ever writes to an export again

    def inspect(killed: bool) -> None:
        for path in folder.iterdir():
            if TEMPORARY_PATTERN.match(path.name):
                if killed:
                    leftovers.add(path.name)
            elif path.name not in whole:
                text = path.read_text(encoding="utf-8")
                assert text, f"{path.name} is empty"
                assert json.dumps(json.loads(text), sort_keys=True) in expected, f"{path.name} is cut short"
                whole.add(path.name)

    for _ in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-c", EXPORTING_LOOP, str(folder)],
            cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
        for _ in range(FREEZES):
            time.sleep(rng.uniform(0.0, 0.01))
            child.send_signal(signal.SIGSTOP)
            os.waitpid(child.pid, os.WUNTRACED)  # returns once it stands still
            inspect(killed=False)
            child.send_signal(signal.SIGCONT)
        time.sleep(rng.uniform(0.0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        child.stderr.close()
        inspect(killed=True)
    exports = sorted(p for p in folder.iterdir() if not TEMPORARY_PATTERN.match(p.name))
    assert len(exports) > KILLS  # the children really exported, many times
    for path in random.Random(3).sample(exports, 3):
        assert all(check.passed for check in verify_export(json.loads(path.read_text())))
    # What the kills left is removed by the next export once it is stale (no save takes a minute).
    stale = time.time() - 3600
    for path in folder.iterdir():
        if TEMPORARY_PATTERN.match(path.name):
            os.utime(path, (stale, stale))
    from game.ui.fairplay.export import export_hand_file

    hand, seats = finished_hands()[0]
    assert export_hand_file(hand, seats, datetime.date(2030, 1, 1), [folder]).saved
    assert not [p.name for p in folder.iterdir() if TEMPORARY_PATTERN.match(p.name)]
    print(
        f"{KILLS} kills and {KILLS * FREEZES} freezes while exporting; {len(exports)} whole exports; "
        f"{len(leftovers)} temporaries left by the kills, cleaned"
    )


def _export(hand: object, seats: object) -> object:
    from game.verify import export_hand

    return json.loads(json.dumps(export_hand(hand, seats)))  # type: ignore[arg-type]
