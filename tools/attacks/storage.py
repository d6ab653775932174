"""Damaged settings, statistics and saved matches: the game must tell, keep and lose nothing."""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import tempfile
from pathlib import Path
from typing import Any

from game.rules import Match, RecordError
from game.storage.persistence import Persistence
from game.storage.stats import Bucket, Stats
from game.storage.store import DiskBackend, Storage
from tools.attacks.common import (
    KEYS,
    Tally,
    good_records,
    json_mutants,
    same,
    sample_match,
    text_mutants,
)

# --- content damage -----------------------------------------------------------------------------


def history(value: Any) -> int:
    """How much play a statistics value holds, read leniently: every count of hands or
    matches anywhere in it, and every daily deal."""
    total = 0
    if isinstance(value, dict):
        for key, item in value.items():
            if (
                key in ("hands", "matches")
                and isinstance(item, int)
                and not isinstance(item, bool)
                and item > 0
            ):
                total += item
            elif key == "daily" and isinstance(item, dict):
                total += len(item)
            else:
                total += history(item)
    elif isinstance(value, list):
        total += sum(history(item) for item in value)
    return total


def content_damage(rng: random.Random, scale: int) -> Tally:
    """Damaged records of each kind, each in a fresh data folder."""
    tally = Tally("content damage of stored files")
    good = good_records()
    for key in KEYS:
        raw = good[key]
        mutants = list(text_mutants(raw, rng, 12 * scale)) + list(
            json_mutants(json.loads(raw), rng, 60 * scale)
        )
        for kind, mutant in mutants:
            problem = _content_trial(key, mutant, good)
            tally.record(problem is None, f"{key}, {kind}: {problem}")
    return tally


def _content_trial(key: str, mutant: bytes, good: dict[str, bytes]) -> str | None:
    """What went wrong with this damaged record, or None when the game held."""
    folder = Path(tempfile.mkdtemp(prefix="break-it-"))
    try:
        for other in KEYS:
            (folder / f"{other}.json").write_bytes(mutant if other == key else good[other])
        persistence = Persistence(storage=Storage(DiskBackend(folder)))
        try:
            settings, stats, saved = (
                persistence.load_settings(),
                persistence.load_stats(),
                persistence.peek_saved_match(),
            )
        except Exception as error:  # the game would crash before its window
            return f"the load crashed: {type(error).__name__}: {error}"
        notices = persistence.take_notices()
        told = any(notice for notice in notices)
        if not told:
            lost = _silently_lost(key, mutant, stats, saved)
            if lost:
                return lost
        # The game plays on and saves over whatever it may.
        stats.record_hand(Bucket("standard", "2", "easy"), True, "gin", 25, 0)
        persistence.save_stats(stats)
        persistence.save_settings(settings)
        persistence.save_match(
            saved.match if saved is not None else sample_match(0, 3), saved.setup if saved else None
        )
        if told and not _kept(folder, key, mutant):
            return "refused and told, but the damaged bytes were not kept"
        return None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _silently_lost(key: str, mutant: bytes, stats: Stats, saved: Any) -> str | None:
    try:
        value = json.loads(mutant)
    except (ValueError, RecursionError):
        return "not JSON, yet nothing was said"
    if key == "statistics":
        held = stats.hands + stats.matches + len(stats.daily)
        if held < history(value):
            return (
                f"read {held} hands, matches and daily deals of the {history(value)} the file holds, silently"
            )
    if key == "saved-match" and saved is None and value is not None:
        match = value.get("match") if isinstance(value, dict) else None
        try:
            finished = Match.from_dict(match if match is not None else value).finished
        except RecordError:
            finished = False
        if not finished:
            return "the saved match was dropped without a word"
    accepted = saved.match.to_dict() if saved is not None else None
    changed = isinstance(value, dict) and accepted is not None and not same(accepted, value.get("match"))
    if key == "saved-match" and changed:
        return "a changed match record was accepted"
    return None


def _kept(folder: Path, key: str, mutant: bytes) -> bool:
    candidates = [folder / f"{key}.json", *folder.glob(f"{key}.json.corrupt-*")]
    for path in candidates:
        with contextlib.suppress(OSError):
            if path.is_file() and path.read_bytes() == mutant:
                return True
    return False
