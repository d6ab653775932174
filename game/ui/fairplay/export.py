"""Saving a finished hand as a hand export: a new file on the desktop, a download in the browser.

The export is :func:`game.verify.export_hand`'s JSON, the file ``python -m game.verify``
checks. On the desktop it goes to a ``hands`` folder in the game's data folder (the one
docs/storage.md names), or to the current folder when that cannot be written; an existing
file is never replaced: a second export of the same hand gets ``-2``, then ``-3``, ... In the
browser, files do not outlive the page, so the page offers the export as a download.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> first = save_new_file(folder, "hand.json", "{}")
>>> second = save_new_file(folder, "hand.json", "[]")
>>> first.name, second.name, first.read_text()
('hand.json', 'hand-2.json', '{}')
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.rules import Hand
from game.storage.store import default_data_dir, write_new_file
from game.ui.core import browser
from game.verify import Seat, export_hand

EXPORT_FOLDER = "hands"
"""The folder, inside the game's data folder, that exports are saved in."""


@dataclass(frozen=True)
class ExportResult:
    """What became of an export: whether it worked, a sentence for the player, the file."""

    saved: bool
    message: str
    path: Path | None = None


def export_text(hand: Hand, seats: Sequence[Seat]) -> str:
    """The hand export as the text of a file (JSON, one space of indent, a final newline)."""
    return json.dumps(export_hand(hand, seats), indent=1, sort_keys=True) + "\n"


def export_file_name(hand: Hand, day: datetime.date) -> str:
    """A file name that says what the file is: the date and the deal's fingerprint.

    >>> from game.rules import daily_hand
    >>> hand = daily_hand("2024-03-01")
    >>> name = export_file_name(hand, datetime.date(2024, 3, 2))
    >>> name == "gin-rummy-hand-2024-03-02-" + hand.commitment[:8] + ".json"
    True
    """
    mark = "".join((hand.fingerprint or "").split())[:8] or "deal"
    return f"gin-rummy-hand-{day.isoformat()}-{mark}.json"


def save_new_file(folder: Path, name: str, text: str) -> Path:
    """Write `text` to a new file `name` in `folder` (made if needed); never replace a file.

    When `name` is taken, ``stem-2.json``, ``stem-3.json``... are tried. The file appears
    whole or not at all, even if the game is killed or the disk fills midway
    (`game.storage.write_new_file`). Raises OSError when the folder cannot be written.
    """
    return write_new_file(folder, name, text)


def export_folders() -> list[Path]:
    """Where a desktop export may go, in order of preference."""
    return [default_data_dir() / EXPORT_FOLDER, Path.cwd()]


def export_hand_file(
    hand: Hand, seats: Sequence[Seat], day: datetime.date, folders: Sequence[Path] | None = None
) -> ExportResult:
    """Save the hand export (desktop) or offer it as a download (browser), and say what happened."""
    try:
        text = export_text(hand, seats)
    except ValueError as error:
        return ExportResult(False, f"This hand cannot be exported: {error}.")
    name = export_file_name(hand, day)
    if browser.in_browser():
        if browser.download(name, text):
            return ExportResult(True, f"Downloading {name}: check it with python -m game.verify {name}")
        return ExportResult(False, "The browser did not start the download: try again.")
    problems = []
    for folder in folders if folders is not None else export_folders():
        try:
            path = save_new_file(Path(folder), name, text)
        except OSError as error:
            problems.append(f"{folder}: {error.strerror or error}")
            continue
        return ExportResult(True, f"Saved as {path}", path)
    return ExportResult(False, "The hand could not be saved (" + "; ".join(problems) + ").")
