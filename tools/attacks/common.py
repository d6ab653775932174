"""What the attacks share: the tally, sample records, mutations of JSON, child processes."""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import make_player
from game.rules import Hand, Match, RuleSet
from game.storage.settings import MatchSetup, Settings
from game.storage.stats import Bucket, Stats
from game.verify import AISeat

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("settings", "statistics", "saved-match")
CHILD_ENV = {
    **os.environ,
    "PYTHONPATH": str(ROOT),
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}
DEADLINE_S = 30.0
"""How long any child process may take before it counts as hung."""


@dataclass
class Tally:
    """Counts of one kind of attack."""

    name: str
    tried: int = 0
    held: int = 0
    failed: int = 0
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def record(self, held: bool, what: str = "") -> None:
        """One attack: it held, or it did not (and `what` says what broke)."""
        self.tried += 1
        if held:
            self.held += 1
        else:
            self.failed += 1
            if len(self.failures) < 5:
                self.failures.append(what[:300])


# --- sample records ---------------------------------------------------------------------------


def finished_hand(rules: RuleSet, seed: int, seats: tuple[Any, Any]) -> Hand:
    """A hand played to its end by these seats (people play random legal moves)."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 2, rng, (seed % 5 * 10, seed % 3 * 10))
    players = {n: make_player(s.level, s.seed) for n, s in enumerate(seats) if isinstance(s, AISeat)}
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(
            players[seat].choose(hand.view(seat)) if seat in players else rng.choice(hand.legal_actions())
        )
    return hand


def sample_match(hands: int, seed: int) -> Match:
    """A match with `hands` finished hands and the next one partly played."""
    match = Match(RuleSet.preset("standard"), random.Random(seed))
    players = [make_player("simple", seed + i) for i in range(2)]

    def play(hand: Hand, steps: int) -> None:
        while not hand.is_over and steps > 0:
            seat = hand.to_act
            assert seat is not None
            hand.apply(players[seat].choose(hand.view(seat)))
            steps -= 1

    while len(match.played) < hands and not match.finished:
        hand = match.new_hand()
        play(hand, 10_000)
        match.record_hand(hand)
    if not match.finished:
        play(match.new_hand(), 5)
    return match


def good_records() -> dict[str, bytes]:
    """A record of each kind as the game writes it, as raw bytes."""
    settings = Settings(variant="oklahoma", speed="fast", target=200, players="3")
    stats = Stats()
    bucket = Bucket("standard", "2", "hard")
    for number in range(40):
        stats.record_hand(bucket, number % 3 != 0, "knock" if number % 5 else "gin", 12, 4)
    stats.record_match(bucket, True, 120)
    stats.record_daily("2026-03-01", True, 20, 14)
    envelope = {
        "schema": 3,
        "match": sample_match(2, 7).to_dict(),
        "setup": MatchSetup(("person", "ai"), "easy", ai_seed=41).to_dict(),
    }
    values = {"settings": settings.to_dict(), "statistics": stats.to_dict(), "saved-match": envelope}
    return {key: json.dumps(value, sort_keys=True, indent=1).encode() for key, value in values.items()}


# --- mutations ----------------------------------------------------------------------------------

HOSTILE_VALUES: list[Any] = [
    None, True, False, 0, -1, 2**31, 10**30, 1.5, -0.0, 1e308, "", "x", "\x1b[2K\n", "9" * 50,
    [], [None], {}, {"": None}, [[[[[]]]]],
]  # fmt: skip


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, as a tuple of keys and indexes."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def replaced(value: Any, where: tuple[Any, ...], new: Any) -> Any:
    """A deep copy of `value` with the place `where` set to `new` (or deleted when `new` is
    the `DELETE` marker)."""
    if not where:
        return new
    copied = copy.deepcopy(value)
    parent = copied
    for step in where[:-1]:
        parent = parent[step]
    if new is DELETE:
        del parent[where[-1]]
    else:
        parent[where[-1]] = new
    return copied


DELETE = object()


def text_mutants(raw: bytes, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """Damage to the bytes: cut short, flipped, garbage, bad UTF-8, a BOM, NaN."""
    for cut in sorted({rng.randrange(len(raw)) for _ in range(count)} | {0, 1, len(raw) - 1}):
        yield "cut short", raw[:cut]
    for _ in range(count):
        at = rng.randrange(len(raw))
        yield "byte flipped", raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1 :]
    for _ in range(count // 2):
        at = rng.randrange(len(raw))
        yield (
            "garbage inserted",
            raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9))) + raw[at:],
        )
    yield "bad UTF-8", raw[:10] + b"\xff\xfe" + raw[10:]
    yield "a BOM", b"\xef\xbb\xbf" + raw
    yield "NaN", raw.replace(b"0", b"NaN", 1)
    yield "nested 100000 deep", b"[" * 100_000 + b"]" * 100_000
    yield "5,000-digit number", b'{"schema": ' + b"9" * 5000 + b"}"
    yield "empty", b""
    yield "whitespace", b"   \n"


def json_mutants(value: Any, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """Damage to the JSON: hostile values anywhere, keys dropped, schema numbers changed, wrapping."""
    places = list(paths(value))
    for where in rng.sample(places, min(count, len(places))):
        yield "hostile value", dump(replaced(value, where, rng.choice(HOSTILE_VALUES)))
        if where and isinstance(at_place(value, where[:-1]), dict):
            yield "key dropped", dump(replaced(value, where, DELETE))
    if isinstance(value, dict):
        for schema in (DELETE, 0, 1, 2, 99, "2", 2.0, True, None):
            yield (
                f"schema {'removed' if schema is DELETE else repr(schema)}",
                dump(replaced(value, ("schema",), schema)),
            )
    for wrapper in ([value], {"x": value}, None, "", [], {}):
        yield "wrapped or replaced", dump(wrapper)


def at_place(value: Any, where: tuple[Any, ...]) -> Any:
    for step in where:
        value = value[step]
    return value


def dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True).encode()


def as_a_user() -> list[str]:
    """The command prefix that runs a child as root without root's power over file
    permissions (so that an unreadable file is unreadable to it), or nothing if not root."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return []
    caps = "-dac_override,-dac_read_search"
    return [setpriv, f"--bounding-set={caps}", f"--inh-caps={caps}", "--"]


def run_child(code: str, argument: str) -> tuple[int | None, str, str]:
    """Run `code` with `argument` in its own process, within the deadline."""
    try:
        done = subprocess.run(
            [*as_a_user(), sys.executable, "-c", code, argument],
            cwd=ROOT, env=CHILD_ENV, capture_output=True, text=True, timeout=DEADLINE_S,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return None, "", "hung"
    return done.returncode, done.stdout, done.stderr


def start(code: str, data: Path, *arguments: str) -> subprocess.Popen[str]:
    """Start a child and wait for its "ready" (killing it if it does not come)."""
    child = subprocess.Popen(
        [sys.executable, "-c", code, *arguments], cwd=ROOT, env={**CHILD_ENV, "GIN_RUMMY_DATA_DIR": str(data)},
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert child.stdout is not None
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        line = child.stdout.readline()
        if line.strip() == "ready":
            return child
        if not line and child.poll() is not None:
            break
    kill(child)
    raise RuntimeError("a child process did not start")


def kill(child: subprocess.Popen[str]) -> None:
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    for stream in (child.stdout, child.stderr):
        if stream is not None:
            stream.close()


def same(a: Any, b: Any) -> bool:
    """Whether two JSON values are the same, as JSON text."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
