"""The data layer under WebAssembly CPython: saved and read back through a localStorage.

Run by tests/web/test_storage.py inside Pyodide (see run_pyodide.mjs), where
``sys.platform == "emscripten"``. Pyodide's `platform` module has no `window`, so a stand-in
with `window.localStorage` is installed as pygbag's is, then removed again.
"""

from __future__ import annotations

import sys
import types
from typing import Any

MODULES = ("store", "settings", "stats", "persistence")
"""The modules of the game.storage package (game/storage/), copied beside this file."""
GAME_MODULES = ("flags",)
"""Modules of the game package itself that the storage modules import (game/flags.py)."""


class _LocalStorage:
    """The Web Storage calls the game makes, over a dict."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def install(project: str) -> None:
    """Move the data-layer modules (copied beside this file) into the game.storage package."""
    import os
    import shutil

    os.makedirs(f"{project}/game/storage", exist_ok=True)
    with open(f"{project}/game/storage/__init__.py", "w", encoding="utf-8"):
        pass
    for name in MODULES:
        shutil.copy(f"{project}/{name}.py", f"{project}/game/storage/{name}.py")
    for name in GAME_MODULES:
        shutil.copy(f"{project}/{name}.py", f"{project}/game/{name}.py")


def run() -> dict[str, Any]:
    """Save, reload and damage each record through the browser path; report what happened."""
    import random

    from game.rules import Match, RuleSet
    from game.storage.persistence import Persistence
    from game.storage.settings import Settings
    from game.storage.stats import Bucket, Stats

    local = _LocalStorage()
    real_platform = sys.modules.get("platform")
    bridge = types.ModuleType("platform")
    bridge.window = types.SimpleNamespace(localStorage=local)  # type: ignore[attr-defined]
    sys.modules["platform"] = bridge
    try:
        settings = Settings(variant="oklahoma", target=200, seats=["person", "person", "ai", "ai"])
        stats = Stats()
        bucket = Bucket("oklahoma", "2", "people")
        stats.record_hand(bucket, True, "gin", 40, 0)
        stats.record_match(bucket, True, 155)
        match = Match(RuleSet.preset("standard"), random.Random(4))
        hand = match.new_hand()
        for _ in range(4):
            hand.apply(hand.legal_actions()[0])
        first = Persistence()
        saved = [first.save_settings(settings), first.save_stats(stats), first.save_match(match)]

        again = Persistence()
        continued = again.take_saved_match()
        report: dict[str, Any] = {
            "platform": sys.platform,
            "backend": type(again._storage.backend).__name__ if again._storage else None,
            "saved": saved,
            "settings_back": again.load_settings() == settings,
            "stats_back": again.load_stats() == stats,
            "match_back": continued is not None and continued.match.to_dict() == match.to_dict(),
        }
        local.items["gin-rummy:statistics"] = '{"schema": 2, "buckets": 5}'
        third = Persistence()
        report["damaged_stats_empty"] = third.load_stats() == Stats()
        report["notices"] = third.take_notices()
        report["backups"] = sorted(key for key in local.items if ".corrupt-" in key)
        report["keys"] = sorted(local.items)
        return report
    finally:
        if real_platform is not None:
            sys.modules["platform"] = real_platform
        else:
            del sys.modules["platform"]
