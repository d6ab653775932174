"""Shared pieces of the storage tests: a fake localStorage, backends, and sample records."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from game.rules import Match, RuleSet
from game.storage.store import BrowserBackend, DiskBackend, Storage


class FakeLocalStorage:
    """The parts of the Web Storage API the game uses; values must be strings.

    `quota_exceeded` makes every setItem fail as a full browser store does.
    """

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.quota_exceeded = False

    def getItem(self, key: str) -> str | None:  # the Web Storage API names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if not isinstance(value, str):
            raise TypeError("localStorage keeps strings only")
        if self.quota_exceeded:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class Place:
    """One storage place (a folder, or a fake localStorage) seen as raw bytes per key."""

    def __init__(self, kind: str, folder: Path) -> None:
        self.kind = kind
        self.folder = folder
        self.local = FakeLocalStorage()

    def storage(self) -> Storage:
        """A fresh Storage on this place, as a new session of the game would make."""
        if self.kind == "disk":
            return Storage(DiskBackend(self.folder))
        return Storage(BrowserBackend(self.local))

    def put(self, key: str, raw: bytes) -> None:
        """Store raw bytes under `key` (the browser keeps text, so bytes are decoded leniently)."""
        if self.kind == "disk":
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / f"{key}.json").write_bytes(raw)
        else:
            self.local.items[f"gin-rummy:{key}"] = raw.decode("utf-8", "surrogateescape")

    def get(self, key: str) -> bytes | None:
        """The raw bytes under `key`, or None."""
        if self.kind == "disk":
            path = self.folder / f"{key}.json"
            return path.read_bytes() if path.exists() else None
        text = self.local.items.get(f"gin-rummy:{key}")
        return None if text is None else text.encode("utf-8", "surrogateescape")

    def backups(self, key: str) -> list[bytes]:
        """The raw content of every set-aside copy of `key`."""
        if self.kind == "disk":
            if not self.folder.exists():
                return []
            return [p.read_bytes() for p in sorted(self.folder.glob(f"{key}.json.corrupt-*"))]
        prefix = f"gin-rummy:{key}.corrupt-"
        return [
            v.encode("utf-8", "surrogateescape")
            for k, v in sorted(self.local.items.items())
            if k.startswith(prefix)
        ]


def sample_match(hands: int = 1, seed: int = 7, **options: Any) -> Match:
    """A match in progress with `hands` finished hands and the next one partly played."""
    from game.ai import make_player

    match = Match(RuleSet.preset("standard", **options), random.Random(seed))
    players = [make_player("simple", seed=seed + i) for i in range(4)]
    for _ in range(hands):
        hand = match.new_hand()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.apply(players[seat].choose(hand.view(seat)))
        match.record_hand(hand)
        assert not match.finished
    hand = match.new_hand()
    for _ in range(3):
        seat = hand.to_act
        assert seat is not None
        hand.apply(players[seat].choose(hand.view(seat)))
    return match


def finished_hands() -> list[tuple[Any, Any]]:
    """Two finished hands and who played them, as the table exports them (AI against AI)."""
    from game.ai import make_player
    from game.rules import Hand
    from game.verify import AISeat

    result = []
    for seed in (4, 5):
        seats = (AISeat("simple", seed), AISeat("random", seed + 1))
        players = [make_player(seat.level, seat.seed) for seat in seats]
        hand = Hand.deal(RuleSet.preset("standard"), seed % 2, random.Random(seed))
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.apply(players[seat].choose(hand.view(seat)))
        result.append((hand, seats))
    return result
