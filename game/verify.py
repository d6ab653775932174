"""Check a saved hand from outside the game: was the deal fixed in advance, and did the AI play fair?

    python -m game.verify HAND.json [--fingerprint "c149 5fd2 686f"]

``HAND.json`` is a hand export (:func:`export_hand` builds one; the table saves it): the hand's
record and who sat in each seat. The verifier checks, one line each:

* the file is a hand export it can read;
* the commitment matches the revealed terms of the deal (the rules, the dealer, the players,
  the scores, the deck and the salt), so none of them changed after the deal;
* with ``--fingerprint``: the commitment is the one the table showed before the deal (a record
  edited and recommitted afterwards carries another);
* the record is intact and every action replays legally to the end of the hand;
* every AI seat's actions are exactly what ``game.ai.make_player(level, seed).choose(view)``
  returns for the view that seat had at that moment. AI players keep no state: a decision
  depends only on the level, the seed and the view, and a view holds nothing the seat could
  not see, so this proves the AI moved from its own view and never saw hidden cards.

Then it prints the deal, the rules and the result it checked. Everything printed from the
file (a person's name above all) is shown with control characters escaped, so a file cannot
write fake report lines. Only a regular file of at most 1 MB is read.

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
from game.rules.fairness import BOUND_BY
from game.rules.hand import FORMAT_OF_RECORD
from game.rules.records import MAX_NUMBER, check_json_shape
from game.storage.store import UnusableFileError, read_regular_file

EXPORT_FORMAT = "gin-rummy-hand-export"
EXPORT_VERSION = 1
MAX_NAME = 100
MAX_SEED = MAX_NUMBER
"""An AI seed is a whole number from -MAX_SEED to MAX_SEED (what a record holds exactly)."""
MAX_EXPORT_BYTES = 1024 * 1024
"""A hand export is some tens of kB; a larger file is not read."""
_VARIANTS = {"standard": "Standard Gin", "oklahoma": "Oklahoma Gin", "simple": "Simple Gin (gin only)"}
_WON_BY = {"knock": "knocking", "undercut": "an undercut", "gin": "gin", "big_gin": "big gin"}


class ExportError(ValueError):
    """The input is not a hand export this verifier can read (exit status 2)."""


@dataclass(frozen=True, slots=True)
class PersonSeat:
    """A seat played by a person (nothing to check: people may play as they like)."""

    name: str = ""

    def describe(self) -> str:
        """How the report names this seat's player (the report escapes what a terminal acts on)."""
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
    note: bool = False
    """A note, not a check: something to know about what passed (an older format, say)."""

    def line(self) -> str:
        """The report line (control characters escaped)."""
        status = "note" if self.note else "skip" if self.skipped else "ok" if self.passed else "FAIL"
        return printable(f"  {status:<5} {self.name:<11} {self.detail}")


def printable(text: str) -> str:
    r"""`text` with every character a terminal would act on escaped, as Python writes it.

    Newlines, carriage returns, escape sequences, bidirectional overrides and backslashes
    come out as ``\n``, ``\r``, ``\x1b``, ``\u202e``, ``\\``: a name cannot end a report
    line, move the cursor or hide what follows.

    >>> print(printable("Ada\n  ok    all good\x1b[2K"))
    Ada\n  ok    all good\x1b[2K
    """
    out = []
    for char in text:
        if char == "\\":
            out.append("\\\\")
        elif char.isprintable():
            out.append(char)
        else:
            out.append(repr(char)[1:-1] if char in "\n\r\t" else _escape(char))
    return "".join(out)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


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
    for number, seat in enumerate(seats):
        _seat_from_data(_seat_to_data(seat), number)  # the same checks as reading it back
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
            raise ExportError(f"{where}: unknown AI level {_short(level)} (one of {', '.join(LEVELS)})")
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > MAX_SEED:
            raise ExportError(
                f"{where}: an AI seed must be a whole number from -{MAX_SEED} to {MAX_SEED}, not {_short(seed)}"
            )
        return AISeat(level, seed)
    raise ExportError(f"{where} must be {{kind: person, name}} or {{kind: ai, level, seed}}")


# --- the checks ---------------------------------------------------------------------------------


def verify_export(data: object, expected: str | None = None) -> list[Check]:
    """Run every check on an export; :class:`ExportError` if it is not one.

    `expected` is the fingerprint the table showed before the deal (12 hex digits, spaces
    allowed, or more digits of the commitment): the commitment must begin with it.
    """
    wanted = None if expected is None else parse_fingerprint(expected)
    record, seats = read_export(data)
    checks = [
        Check("export", True, f"a hand export, version {EXPORT_VERSION}: " + _describe_seats(seats)),
        check_commitment(record),
    ]
    if record.get("version") == 2 and checks[-1].passed:
        checks.append(
            Check(
                "format",
                True,
                "older format: the rules are not bound to the commitment (nor the dealer, the players "
                "or the scores), only the deck and the salt; compare what is printed below with the "
                "hand you played",
                note=True,
            )
        )
    if wanted is not None:
        checks.append(check_fingerprint(record, wanted))
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
    """Whether the record's commitment matches the terms it reveals, read straight from the
    file: every term of the deal (record version 3), or the deck and salt (version 2)."""
    salt, commitment = record.get("salt"), record.get("commitment")
    if salt is None and commitment is None:
        return Check("commitment", False, "the hand has none: it was dealt before deals were committed")
    version = record.get("version")
    format_version = FORMAT_OF_RECORD.get(version) if isinstance(version, int) else None
    if format_version is None:
        return Check("commitment", False, "the record's version does not say how its deal was committed")
    bound = _bound_words(format_version)
    if not verify_commitment(commitment, record, format_version):
        return Check(
            "commitment",
            False,
            f"does not match the revealed {bound}: the deal was changed after it was committed",
        )
    assert isinstance(commitment, str)
    return Check("commitment", True, f"{fingerprint(commitment)} matches the revealed {bound}")


def _bound_words(format_version: int) -> str:
    names = [{"players": "players", "scores": "scores"}.get(n, n) for n in BOUND_BY[format_version]]
    return ", ".join(names[:-1]) + " and " + names[-1]


def parse_fingerprint(text: str) -> str:
    """The hex digits of a fingerprint as a person copies it ("c149 5fd2 686f"): 12 to 64
    hex digits, spaces ignored; ValueError for anything else."""
    digits = "".join(text.split()).lower()
    if not 12 <= len(digits) <= 64 or any(c not in "0123456789abcdef" for c in digits):
        raise ValueError(
            f"a fingerprint is the 12 hex digits the table showed, like 'c149 5fd2 686f', not {_short(text)}"
        )
    return digits


def check_fingerprint(record: dict[str, Any], wanted: str) -> Check:
    """Whether the record's commitment is the one whose fingerprint was shown before the deal."""
    commitment = record.get("commitment")
    shown = " ".join(wanted[i : i + 4] for i in range(0, len(wanted), 4))
    if isinstance(commitment, str) and commitment.startswith(wanted):
        return Check("fingerprint", True, f"{fingerprint(commitment)} is the one shown before the deal")
    found = fingerprint(commitment) if isinstance(commitment, str) else "none"
    return Check(
        "fingerprint",
        False,
        f"the record's commitment is {found}, not {shown} as shown before the deal: "
        "the record was made or changed after the deal",
    )


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


def describe_checked(hand: Hand, seats: tuple[Seat, Seat]) -> list[str]:
    """The deal, the rules and the result the checks were made with, in plain words."""
    rules = hand.rules.to_dict()
    options = ", ".join(
        f"{name.replace('_', ' ')} {_value_words(value)}"
        for name, value in rules.items()
        if name not in ("variant", "players")
    )
    lines = [
        f"The deal checked: seat {hand.dealer} dealt; seats 0 and 1 held the match's players "
        f"{hand.players[0]} and {hand.players[1]}, with {hand.scores[0]} and {hand.scores[1]} points "
        "before the hand.",
        f"The rules checked: {_VARIANTS.get(rules['variant'], rules['variant'])}, {rules['players']} players: "
        f"{options}.",
    ]
    result = hand.result
    if result is None or result.winner is None:
        lines.append("The result checked: a void hand, nobody scores.")
    else:
        how = _WON_BY.get(result.kind.value, result.kind.value)
        lines.append(
            f"The result checked: seat {result.winner} ({seats[result.winner].describe()}) won by {how}, "
            f"{result.points} points ({'; '.join(result.lines)})."
        )
    return [printable(line) for line in lines]


def _value_words(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _short(value: object) -> str:
    """A value from the file, short and escaped, for an error message."""
    text = repr(value)
    return printable(text if len(text) <= 60 else text[:57] + "...")


# --- the command line ---------------------------------------------------------------------------


def load_file(path: Path) -> object:
    """The JSON in ``path``; :class:`ExportError` with the reason if it cannot be read.

    Only a regular file of at most `MAX_EXPORT_BYTES` is read: a named pipe, a device or a
    huge file is refused at once, unread.
    """
    where = printable(str(path))
    try:
        text = read_regular_file(path, MAX_EXPORT_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise ExportError(f"{where}: no such file") from None
    except UnusableFileError as error:
        if error.too_large:
            raise ExportError(f"{where}: {error}: too large to be a hand export") from None
        raise ExportError(f"{where}: {error}") from None
    except IsADirectoryError:
        raise ExportError(f"{where}: a folder, not a hand export") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ExportError(f"{where}: cannot be read ({printable(str(error))})") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise ExportError(f"{where}: the JSON is nested too deeply to be a hand export") from None
    except json.JSONDecodeError as error:
        raise ExportError(f"{where}: not JSON ({error})") from None
    except ValueError:  # Python refuses to read an integer of more than 4300 digits
        raise ExportError(f"{where}: not a hand export: it holds a number too long to be real") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: print the report; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m game.verify",
        description="Check a saved hand: its deal commitment, its replay, and every AI seat's moves.",
    )
    parser.add_argument("export", type=Path, help="a hand export (.json) saved by the game")
    parser.add_argument(
        "--fingerprint",
        type=_fingerprint_argument,
        default=None,
        metavar="HEX",
        help="the fingerprint the table showed before the deal, e.g. 'c149 5fd2 686f'",
    )
    options = parser.parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")  # card symbols on a console that lacks them
    try:
        data = load_file(options.export)
        checks = verify_export(data, options.fingerprint)
    except ExportError as error:
        print(f"error: {printable(str(error))}", file=sys.stderr)
        return 2
    print(printable(f"Checking {options.export}"))
    for check in checks:
        print(check.line())
    hand = _replayed(data)
    if hand is not None:
        for line in describe_checked(hand, read_export(data)[1]):
            print(line)
    counted = [check for check in checks if not check.note]
    failed = [check for check in counted if not check.passed and not check.skipped]
    if failed:
        print(f"{len(failed)} of {len(counted)} checks failed (the first: {failed[0].name}).")
        return 1
    if options.fingerprint is None and isinstance(data, dict):
        commitment = data["hand"].get("commitment")
        if isinstance(commitment, str):
            print(f"Compare {fingerprint(commitment)} with the fingerprint the table showed before the deal.")
    print(f"All {len(counted)} checks passed.")
    return 0


def _fingerprint_argument(text: str) -> str:
    try:
        return parse_fingerprint(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _replayed(data: object) -> Hand | None:
    """The export's hand, replayed, when it replays (to describe what was checked)."""
    try:
        return Hand.from_dict(read_export(data)[0])
    except (ExportError, RecordError):
        return None


if __name__ == "__main__":
    sys.exit(main())
