"""Finished hands written as hand exports (``--records DIR``), one file per hand.

The file is ``<code>-<hand number>.json``, written whole (to a temporary name, then renamed)
and never rewritten: the process that finishes a hand writes it, and a process that takes a
table over writes any a dead owner had not written yet.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def hand_path(folder: Path, code: str, number: int) -> Path:
    """Where hand ``number`` of table ``code`` is written."""
    return folder / f"{code}-{number:03d}.json"


def write_hand(folder: Path, code: str, number: int, export: dict[str, Any]) -> Path | None:
    """Write one hand export unless it is there already; the path written, or None."""
    path = hand_path(folder, code, number)
    if path.exists():
        return None
    folder.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(export, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(temporary, path)
    return path
