"""Check a saved hand from outside the game: was the deal fixed in advance, and did the AI play fair?

    python -m game.verify HAND.json

``HAND.json`` is a hand export (:func:`export_hand` builds one; the table saves it): the hand's
record and who sat in each seat. The verifier checks, one line each:

* the file is a hand export it can read;
* the commitment matches the revealed deck and salt (so the deck was fixed before play);
* the record is intact and every action replays legally to the end of the hand;
* every AI seat's actions are exactly what ``game.ai.make_player(level, seed).choose(view)``
  returns for the view that seat had at that moment. AI players keep no state: a decision
  depends only on the level, the seed and the view, and a view holds nothing the seat could
  not see, so this proves the AI moved from its own view and never saw hidden cards.

Exit status: 0 when every check passes, 1 when one fails (the report names the first failing
action), 2 for unusable input (a missing or unreadable file, not JSON, not a hand export) or
bad arguments. docs/fairness.md explains the scheme and how to check it by hand.

>>> import random
>>> from game.rules import Hand, RuleSet
>>> from game.ai import make_player
>>> hand = Hand.deal(RuleSet.preset("standard"), 0, random.Random(3))
>>> players = [make_player("simple", 1), make_player("random", 2)]
>>> while not hand.is_over:
...     _ = hand.apply(players[hand.to_act].choose(hand.view(hand.to_act)))
>>> export = export_hand(hand, [AISeat("simple", 1), AISeat("random", 2)])
>>> all(check.passed for check in verify_export(export))
True
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import LEVELS, make_player
from game.rules import FutureRecordError, Hand, RecordError, fingerprint, verify_commitment
from game.rules.records import check_json_shape

EXPORT_FORMAT = "gin-rummy-hand-export"
EXPORT_VERSION = 1
MAX_NAME = 100
MAX_SEED = 2**63


class ExportError(ValueError):
    """The input is not a hand export this verifier can read (exit status 2)."""


@dataclass(frozen=True, slots=True)
class PersonSeat:
    """A seat played by a person (nothing to check: people may play as they like)."""

    name: str = ""

    def describe(self) -> str:
        """How the report names this seat's player."""
        return f"a person ({self.name})" if self.name else "a person"


@dataclass(frozen=True, slots=True)
class AISeat:
    """A seat played by ``game.ai.make_player(level, seed)``."""

    level: str
    seed: int

    def describe(self) -> str:
        """How the report names this seat's player."""
        return f"the AI ({self.level}, seed {self.seed})"


Seat = PersonSeat | AISeat


@dataclass(frozen=True, slots=True)
class Check:
    """One line of the report: what was checked, whether it held, and the details."""

    name: str
    passed: bool
    detail: str
    skipped: bool = False

    def line(self) -> str:
        """The report line."""
        status = "skip" if self.skipped else "ok" if self.passed else "FAIL"
        return f"  {status:<5} {self.name:<11} {self.detail}"


# --- building an export -------------------------------------------------------------------------


def export_hand(hand: Hand, seats: Sequence[Seat]) -> dict[str, Any]:
    """A finished hand and who sat where, as a JSON-compatible hand export.

    ``seats[0]`` and ``seats[1]`` describe the hand's seats 0 and 1 (in a match, the seats of
    that hand). The export holds the whole deck, so only a finished hand may be exported.
    """
    if not hand.is_over:
        raise ValueError("only a finished hand may be exported: the export reveals the deck")
    if len(seats) != 2 or not all(isinstance(seat, PersonSeat | AISeat) for seat in seats):
        raise ValueError("give two seats, each a PersonSeat or an AISeat")
    for seat in seats:
        _seat_from_data(_seat_to_data(seat), 0)  # the same checks as reading it back
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "hand": hand.to_dict(),
        "seats": [_seat_to_data(seat) for seat in seats],
    }


def _seat_to_data(seat: Seat) -> dict[str, Any]:
    if isinstance(seat, AISeat):
        return {"kind": "ai", "level": seat.level, "seed": seat.seed}
    return {"kind": "person", "name": seat.name}


# --- reading an export --------------------------------------------------------------------------


def read_export(data: object) -> tuple[dict[str, Any], tuple[Seat, Seat]]:
    """The hand record and the two seats of an export; :class:`ExportError` if unusable."""
    if not isinstance(data, dict):
        raise ExportError(f"not a hand export: expected a JSON object, found {type(data).__name__}")
    if data.get("format") != EXPORT_FORMAT:
        raise ExportError(f"not a hand export: its format should be {EXPORT_FORMAT!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ExportError("the hand export has no valid version number")
    if version > EXPORT_VERSION:
        raise ExportError(f"this export was made by a newer game (version {version}): update to check it")
    try:
        check_json_shape(data, "hand export")
    except RecordError as error:
        raise ExportError(str(error)) from None
    expected = {"format", "version", "hand", "seats"}
    if set(data) != expected:
        raise ExportError(f"a hand export needs exactly the keys {sorted(expected)}")
    if not isinstance(data["hand"], dict):
        raise ExportError("the export's hand must be a hand record (a JSON object)")
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != 2:
        raise ExportError("the export must describe exactly two seats")
    return data["hand"], (_seat_from_data(seats[0], 0), _seat_from_data(seats[1], 1))


def _seat_from_data(data: object, number: int) -> Seat:
    where = f"seat {number}"
    if not isinstance(data, dict):
        raise ExportError(f"{where} must be an object")
    if data.get("kind") == "person" and set(data) == {"kind", "name"}:
        name = data["name"]
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise ExportError(f"{where}: a person's name must be text of at most {MAX_NAME} characters")
        return PersonSeat(name)
    if data.get("kind") == "ai" and set(data) == {"kind", "level", "seed"}:
        level, seed = data["level"], data["seed"]
        if level not in LEVELS:
            raise ExportError(f"{where}: unknown AI level {level!r} (one of {', '.join(LEVELS)})")
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > MAX_SEED:
            raise ExportError(f"{where}: an AI seed must be a whole number, not {seed!r}")
        return AISeat(level, seed)
    raise ExportError(f"{where} must be {{kind: person, name}} or {{kind: ai, level, seed}}")


# --- the checks ---------------------------------------------------------------------------------


def verify_export(data: object) -> list[Check]:
    """Run every check on an export; :class:`ExportError` if it is not one."""
    record, seats = read_export(data)
    checks = [
        Check("export", True, f"a hand export, version {EXPORT_VERSION}: " + _describe_seats(seats)),
        check_commitment(record),
    ]
    try:
        hand = Hand.from_dict(record)
    except FutureRecordError as error:
        raise ExportError(str(error)) from None
    except RecordError as error:
        checks.append(Check("replay", False, f"the hand record does not replay: {error}"))
        hand = None
    if hand is not None:
        if hand.is_over:
            checks.append(
                Check("replay", True, f"the record is intact; all {len(hand.actions)} actions are legal")
            )
        else:
            checks.append(Check("replay", False, "the hand is not over: an export needs a finished hand"))
    for number, seat in enumerate(seats):
        if isinstance(seat, AISeat):
            name = f"AI seat {number}"
            if hand is None:
                checks.append(Check(name, False, "not checked: the record does not replay", skipped=True))
            else:
                checks.append(check_ai_seat(hand, number, seat))
    return checks


def _describe_seats(seats: tuple[Seat, Seat]) -> str:
    return ", ".join(f"seat {n} {seat.describe()}" for n, seat in enumerate(seats))


def check_commitment(record: dict[str, Any]) -> Check:
    """Whether the record's commitment matches its deck and salt (read straight from the file)."""
    salt, commitment, deck = record.get("salt"), record.get("commitment"), record.get("deck")
    if salt is None and commitment is None:
        return Check("commitment", False, "the hand has none: it was dealt before deals were committed")
    if not isinstance(deck, list):
        return Check("commitment", False, "the record has no deck to check")
    if not verify_commitment(commitment, salt, deck):
        return Check(
            "commitment",
            False,
            "does not match the revealed deck and salt: the deal was changed after it was committed",
        )
    assert isinstance(commitment, str)
    return Check("commitment", True, f"{fingerprint(commitment)} matches the revealed deck and salt")


def check_ai_seat(hand: Hand, seat: int, player: AISeat) -> Check:
    """Replay the hand and ask the AI for each of this seat's moves, from this seat's view."""
    ai = make_player(player.level, player.seed)
    replay = hand.as_dealt()
    moves = 0
    for number, (who, action) in enumerate(hand.actions, 1):
        if who == seat:
            try:
                expected = ai.choose(replay.view(seat))
            except Exception as error:  # an AI that cannot decide is a failed check, not a crash
                return Check(f"AI seat {seat}", False, f"action {number}: the AI could not decide ({error})")
            if expected != action:
                return Check(
                    f"AI seat {seat}",
                    False,
                    f"action {number} ({action}) is not what {player.describe()} chooses from its "
                    f"own view there: it chooses {expected}",
                )
            moves += 1
        replay.apply(action)
    return Check(
        f"AI seat {seat}", True, f"all {moves} moves are what {player.describe()} chooses from its own view"
    )


# --- the command line ---------------------------------------------------------------------------


def load_file(path: Path) -> object:
    """The JSON in ``path``; :class:`ExportError` with the reason if it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ExportError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ExportError(f"{path}: cannot be read ({error})") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise ExportError(f"{path}: the JSON is nested too deeply to be a hand export") from None
    except ValueError as error:  # json.JSONDecodeError, or a number too long to read
        raise ExportError(f"{path}: not JSON ({error})") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: print the report; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m game.verify",
        description="Check a saved hand: its deal commitment, its replay, and every AI seat's moves.",
    )
    parser.add_argument("export", type=Path, help="a hand export (.json) saved by the game")
    options = parser.parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")  # card symbols on a console that lacks them
    try:
        checks = verify_export(load_file(options.export))
    except ExportError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"Checking {options.export}")
    for check in checks:
        print(check.line())
    failed = [check for check in checks if not check.passed and not check.skipped]
    if failed:
        print(f"{len(failed)} of {len(checks)} checks failed (the first: {failed[0].name}).")
        return 1
    print(f"All {len(checks)} checks passed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
