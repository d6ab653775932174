"""Hostile and relabelled exports for the verifier, and mutated records for the engine."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from game.rules import Hand, Match, RecordError, RuleSet, fingerprint
from game.rules.actions import action_from_data
from game.rules.cards import card_from_data
from game.rules.fairness import TERM_FIELDS
from game.rules.records import seal
from game.verify import AISeat, PersonSeat, export_hand, verify_export
from game.verify import main as verify_main
from tools.attacks.common import (
    DELETE,
    HOSTILE_VALUES,
    Tally,
    at_place,
    finished_hand,
    paths,
    replaced,
    same,
    sample_match,
)

# --- the verifier -------------------------------------------------------------------------------

SEATS = (AISeat("simple", 8), AISeat("random", 9))


def genuine_exports() -> list[dict[str, Any]]:
    """Genuine exports of several rule sets, AI against AI and against a person."""
    found = []
    for number, rules in enumerate(
        [RuleSet.preset("standard"), RuleSet.preset("oklahoma"), RuleSet.preset("simple", eleven_card_deal=True),
         RuleSet.preset("standard", big_gin=True, last_discard_chance=True, allow_rediscard=True)]
    ):  # fmt: skip
        for seats in (SEATS, (PersonSeat("Ada"), AISeat("medium", 41))):
            hand = finished_hand(rules, 20 + number, seats)
            found.append(json.loads(json.dumps(export_hand(hand, seats))))
    return found


def hostile_verifier(rng: random.Random, count: int) -> Tally:
    """Hostile exports fed to `python -m game.verify` (its main, in this process)."""
    tally = Tally("hostile verifier inputs")
    exports = genuine_exports()
    folder = Path(tempfile.mkdtemp(prefix="break-it-"))
    as_person = 0
    try:
        for number in range(count):
            original = exports[number % len(exports)]
            kind, raw = _hostile(original, rng)
            path = folder / "hand.json"
            path.write_bytes(raw)
            shown = fingerprint(original["hand"]["commitment"])
            problem = _verify_trial(path, shown, original)
            if problem == AI_AS_PERSON:
                as_person += 1
                problem = None
            tally.record(problem is None, f"{kind}: {problem}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    tally.notes.append(
        f"{as_person} passed with an AI seat relabelled as a person: who sits in a seat is not committed "
        "(docs/fairness.md); the report then says 'a person' and checks nothing for that seat"
    )
    return tally


AI_AS_PERSON = "an AI seat relabelled as a person"


def _hostile(original: dict[str, Any], rng: random.Random) -> tuple[str, bytes]:
    raw = json.dumps(original).encode()
    choice = rng.randrange(10)
    if choice == 0:
        return "cut short", raw[: rng.randrange(len(raw))]
    if choice == 1:
        at = rng.randrange(len(raw))
        return "byte flipped", raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1 :]
    if choice == 2:
        return "garbage", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    if choice == 3:
        name = "".join(chr(rng.choice([10, 13, 27, 7, 0x202E, 0x2028, 92, 65, 0x1F600])) for _ in range(30))
        hostile = copy.deepcopy(original)
        hostile["seats"][0] = {"kind": "person", "name": name + "\n  ok    commitment  all good"}
        return "hostile name", json.dumps(hostile).encode()
    if choice == 4:
        return "deep or huge", rng.choice([b"[" * 50_000 + b"]" * 50_000, b'{"format": ' + b"9" * 5000 + b"}",
                                           b'{"a": "' + b"x" * 2_000_000 + b'"}'])  # fmt: skip
    value = copy.deepcopy(original)
    places = list(paths(value))
    where = rng.choice(places)
    if choice in (5, 6, 7):
        value = replaced(value, where, rng.choice(HOSTILE_VALUES))
        return "hostile value", json.dumps(value).encode()
    if choice == 8 and where and isinstance(at_place(value, where[:-1]), dict):
        return "key dropped", json.dumps(replaced(value, where, DELETE)).encode()
    value = replaced(value, where, rng.choice(HOSTILE_VALUES))
    if isinstance(value, dict) and isinstance(value.get("hand"), dict):
        hand = value["hand"]
        hand.pop("checksum", None)
        with contextlib.suppress(TypeError, ValueError):
            seal(hand)
    return "hostile value, resealed", json.dumps(value).encode()


CONTROL = {chr(c) for c in range(32) if c != 10} | {"\x7f", "\u202e", "\u2028", "\u2029"}


def _verify_trial(path: Path, shown: str, original: dict[str, Any]) -> str | None:
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = verify_main([str(path), "--fingerprint", shown])
    except SystemExit as stop:
        return f"SystemExit {stop.code} from reading the file"
    except Exception as error:
        return f"crashed: {type(error).__name__}: {error}"
    printed = out.getvalue() + err.getvalue()
    if any(char in printed for char in CONTROL):
        return "printed a control character"
    if status not in (0, 1, 2):
        return f"exit status {status}"
    if status == 0:
        try:
            accepted = json.loads(path.read_bytes())
        except ValueError:
            return "passed something that is not JSON"
        if accepted["hand"] != original["hand"]:
            return "passed a hand that is not the genuine one"
        kinds = [
            (o.get("kind"), a.get("kind")) for o, a in zip(original["seats"], accepted["seats"], strict=True)
        ]
        if any(
            was == "ai" and now == "ai" and o != a
            for (was, now), o, a in zip(kinds, original["seats"], accepted["seats"], strict=True)
        ):
            return "passed another AI than the one that played"
        if ("person", "ai") in kinds:
            return "passed a person's moves as an AI's"
        if ("ai", "person") in kinds:
            return AI_AS_PERSON
    return None


# --- relabelled exports -------------------------------------------------------------------------

RELABEL_VALUES: dict[str, list[Any]] = {
    "variant": ["standard", "oklahoma", "simple"],
    "knock_limit": [0, 5, 9, 10],
    "gin_bonus": [0, 25, 99, 1000],
    "undercut_bonus": [0, 20, 25, 500],
    "big_gin": [True, False],
    "big_gin_bonus": [0, 50],
    "box_bonus": [0, 25],
    "game_bonus": [0, 50],
    "shutout_bonus": [0, 100],
    "shutout_doubles": [True, False],
    "target": [50, 150, 250, 500],
    "eleven_card_deal": [True, False],
    "allow_rediscard": [True, False],
    "last_discard_chance": [True, False],
    "next_dealer": ["loser", "winner", "alternate"],
    "oklahoma_ace_gin_only": [True, False],
    "oklahoma_spade_double": [True, False],
    "oklahoma_extra_boxes": [True, False],
    "players": [2, 3, 4],
}


def relabels(record: dict[str, Any]) -> Iterator[tuple[str, Callable[[dict[str, Any]], None]]]:
    """Every committed field of a hand record changed to each of several other values."""
    for name, values in RELABEL_VALUES.items():
        for value in values:
            if record["rules"][name] != value:
                yield f"rules.{name}={value}", lambda r, n=name, v=value: r["rules"].__setitem__(n, v)
    yield "dealer", lambda r: r.__setitem__("dealer", 1 - r["dealer"])
    for pair in ([1, 0], [0, 2], [2, 1], [3, 0]):
        yield f"players={pair}", lambda r, p=pair: r.__setitem__("players", p)
    for delta in ((10, 0), (0, 10), (90, 0), (0, 500)):
        yield (
            f"scores+{delta}",
            lambda r, d=delta: r.__setitem__("scores", [r["scores"][0] + d[0], r["scores"][1] + d[1]]),
        )
    for i, j in ((0, 1), (20, 21), (30, 51), (50, 51), (0, 51)):
        yield f"deck swap {i},{j}", lambda r, a=i, b=j: _swap(r["deck"], a, b)
    for digit in (0, 17, 31):
        yield f"salt digit {digit}", lambda r, d=digit: r.__setitem__("salt", _flip(r["salt"], d))
    assert {"rules", "dealer", "players", "scores", "deck", "salt"} == set(TERM_FIELDS)


def _swap(deck: list[str], i: int, j: int) -> None:
    deck[i], deck[j] = deck[j], deck[i]


def _flip(salt: str, digit: int) -> str:
    return salt[:digit] + ("1" if salt[digit] == "0" else "0") + salt[digit + 1 :]


def forge(export: dict[str, Any], change: Callable[[dict[str, Any]], None], recommit: bool) -> dict[str, Any]:
    """The strongest relabel: change a term, replay the same actions under the new terms, and
    write the state and checksum (and, with `recommit`, the commitment) to fit."""
    forged = copy.deepcopy(export)
    record = forged["hand"]
    commitment = record["commitment"]
    change(record)
    try:
        hand = Hand.from_deck(
            RuleSet.from_dict(record["rules"]), record["dealer"], [card_from_data(c) for c in record["deck"]],
            tuple(record["scores"]), salt=record["salt"], players=tuple(record["players"]),
        )  # fmt: skip
        for _, action in record["actions"]:
            hand.apply(action_from_data(action))
        rebuilt = hand.to_dict()
    except Exception:  # it does not even replay under the new terms: resealed as it is
        rebuilt = {k: v for k, v in record.items() if k != "checksum"}
    if not recommit:
        rebuilt["commitment"] = commitment
    rebuilt.pop("checksum", None)
    forged["hand"] = json.loads(json.dumps(seal(rebuilt)))
    return forged


def relabelled_exports() -> tuple[Tally, Tally]:
    """Every committed field of genuine exports relabelled; the verifier given the fingerprint
    shown at the table must refuse each one. Also: without that fingerprint, a recommitted
    relabel passes its own checks, and shows another fingerprint (counted apart)."""
    tally = Tally("relabelled exports (with the fingerprint shown)")
    apart = Tally("recommitted relabels, no fingerprint given: another one shown")
    for export in genuine_exports():
        shown = fingerprint(export["hand"]["commitment"])
        for name, change in relabels(export["hand"]):
            for recommit in (False, True):
                forged = forge(export, change, recommit)
                checks = verify_export(forged, expected=shown)
                tally.record(not all(c.passed for c in checks), f"{name}{' recommitted' if recommit else ''}")
                if recommit:
                    own = verify_export(forged)
                    shows = (
                        fingerprint(forged["hand"]["commitment"])
                        if isinstance(forged["hand"].get("commitment"), str)
                        else ""
                    )
                    apart.record(not all(c.passed for c in own) or shows != shown, name)
    return tally, apart


# --- engine records -----------------------------------------------------------------------------


def engine_records(rng: random.Random, count: int) -> Tally:
    """Mutated hand and match records: only RecordError, or a record that loads as it says."""
    tally = Tally("mutated engine records")
    hands = [
        finished_hand(RuleSet.preset(v), 30 + n, SEATS).to_dict()
        for n, v in enumerate(("standard", "oklahoma"))
    ]
    matches = [sample_match(2, 5).to_dict(), sample_match(1, 6).to_dict()]
    for number in range(count):
        loader: Callable[[object], Any] = Hand.from_dict if number % 2 == 0 else Match.from_dict
        record = (hands if number % 2 == 0 else matches)[number // 2 % 2]
        places = list(paths(record))
        mutant = replaced(record, rng.choice(places), rng.choice(HOSTILE_VALUES))
        if rng.random() < 0.5 and isinstance(mutant, dict):
            mutant.pop("checksum", None)
            with contextlib.suppress(TypeError, ValueError):
                seal(mutant)
        try:
            loaded = loader(json.loads(json.dumps(mutant)))
        except RecordError:
            tally.record(True)
            continue
        except Exception as error:
            tally.record(False, f"{type(error).__name__}: {str(error)[:120]}")
            continue
        tally.record(same(loaded.to_dict(), mutant), "loaded, but not as what it says")
    return tally
