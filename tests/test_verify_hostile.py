"""The verifier against hostile input: relabelled deals, special files, huge files, hostile names.

A relabelled export (a genuine hand whose rules, dealer, scores, players, deck or salt were
changed, with the state and checksum recomputed to fit) used to pass every check with the
same fingerprint, since the commitment covered only the salt and the deck. Now everything
that decides the hand is committed before the deal: a relabel either breaks the commitment
or, recomputed, changes the fingerprint the table showed.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import make_player
from game.rules import Hand, RecordError, RuleSet, fingerprint
from game.rules.actions import action_from_data
from game.rules.cards import card_from_data
from game.rules.fairness import TERM_FIELDS
from game.rules.records import seal
from game.verify import MAX_EXPORT_BYTES, AISeat, PersonSeat, export_hand, main, verify_export

ROOT = Path(__file__).resolve().parents[1]
Export = dict[str, Any]
SEATS = (AISeat("simple", 8), AISeat("random", 9))


def played(rules: RuleSet, seed: int, want: str | None = None) -> Hand:
    """A hand the seats play to the end (the first of the seeds from `seed` ending in `want`)."""
    for attempt in range(seed, seed + 500):
        rng = random.Random(attempt)
        hand = Hand.deal(rules, attempt % 2, rng, (attempt % 7 * 10, attempt % 5 * 10))
        players = [make_player(s.level, s.seed) for s in SEATS]
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.apply(players[seat].choose(hand.view(seat)))
        if want is None or (hand.result is not None and hand.result.kind.value == want):
            return hand
    raise AssertionError(f"no {want} in 500 deals")


def export_of(hand: Hand) -> Export:
    data: Export = json.loads(json.dumps(export_hand(hand, SEATS)))
    return data


GIN = export_of(played(RuleSet.preset("standard"), 1, want="gin"))
KNOCK = export_of(played(RuleSet.preset("oklahoma"), 40, want="knock"))
EXPORTS = {"gin": GIN, "knock": KNOCK}


def forge(export: Export, change: Any, recommit: bool) -> Export:
    """The strongest relabel: change the deal terms, then replay the same actions under them
    and rewrite state, checksum (and, with `recommit`, the commitment) to fit."""
    forged = json.loads(json.dumps(export))
    record = forged["hand"]
    original_commitment = record["commitment"]
    change(record)
    try:
        rules = RuleSet.from_dict(record["rules"])
        deck = [card_from_data(code) for code in record["deck"]]
        hand = Hand.from_deck(
            rules, record["dealer"], deck, tuple(record["scores"]), salt=record["salt"],
            players=tuple(record["players"]),
        )  # fmt: skip
        for _, action in record["actions"]:
            hand.apply(action_from_data(action))
        rebuilt = hand.to_dict()
    except Exception:  # the relabel does not even replay: keep it as it is, resealed
        rebuilt = {k: v for k, v in record.items() if k != "checksum"}
    if not recommit:
        rebuilt["commitment"] = original_commitment
    rebuilt.pop("checksum", None)
    forged["hand"] = json.loads(json.dumps(seal(rebuilt)))
    return forged


RULE_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "variant": st.sampled_from(["standard", "oklahoma", "simple"]),
    "knock_limit": st.integers(0, 10),
    "gin_bonus": st.integers(0, 1000),
    "undercut_bonus": st.integers(0, 1000),
    "big_gin": st.booleans(),
    "big_gin_bonus": st.integers(0, 1000),
    "box_bonus": st.integers(0, 1000),
    "game_bonus": st.integers(0, 1000),
    "shutout_bonus": st.integers(0, 1000),
    "shutout_doubles": st.booleans(),
    "target": st.integers(1, 10_000),
    "eleven_card_deal": st.booleans(),
    "allow_rediscard": st.booleans(),
    "last_discard_chance": st.booleans(),
    "next_dealer": st.sampled_from(["loser", "winner", "alternate"]),
    "oklahoma_ace_gin_only": st.booleans(),
    "oklahoma_spade_double": st.booleans(),
    "oklahoma_extra_boxes": st.booleans(),
    "players": st.integers(2, 4),
}


@st.composite
def relabels(draw: st.DrawFn) -> tuple[str, Any]:
    """(a description, a function changing one committed field of a hand record to another value)."""
    field = draw(st.sampled_from([*(f"rules.{name}" for name in RULE_VALUES), *TERM_FIELDS]))
    if field.startswith("rules."):
        name = field.split(".", 1)[1]
        value = draw(RULE_VALUES[name])

        def change(record: Export) -> None:
            rules = record["rules"]
            rules[name] = value if rules[name] != value else _other(value)

        return field, change
    if field == "rules":
        return field, lambda r: r.update(rules=RuleSet.preset("simple").to_dict())
    if field == "dealer":
        return field, lambda r: r.update(dealer=1 - r["dealer"])
    if field == "players":
        pair = draw(st.sampled_from([[1, 0], [0, 2], [2, 1], [3, 1]]))
        return field, lambda r: r.update(players=pair)
    if field == "scores":
        which, delta = draw(st.integers(0, 1)), draw(st.integers(1, 500))
        return field, lambda r: r["scores"].__setitem__(which, r["scores"][which] + delta)
    if field == "deck":
        i, j = draw(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
        return field, lambda r: r["deck"].__setitem__(slice(None), _swapped(r["deck"], i, j))
    assert field == "salt"
    digit = draw(st.integers(0, 31))
    return field, lambda r: r.update(salt=_flip(r["salt"], digit))


def _other(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return {"standard": "simple", "loser": "winner"}.get(value, "standard")


def _swapped(deck: list[str], i: int, j: int) -> list[str]:
    deck = list(deck)
    deck[i], deck[j] = deck[j], deck[i]
    return deck


def _flip(salt: str, digit: int) -> str:
    return salt[:digit] + ("1" if salt[digit] == "0" else "0") + salt[digit + 1 :]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(sorted(EXPORTS)), relabel=relabels(), recommit=st.booleans())
def test_relabelling_any_committed_field_is_refused(
    which: str, relabel: tuple[str, Any], recommit: bool
) -> None:
    field, change = relabel
    export = EXPORTS[which]
    shown = fingerprint(export["hand"]["commitment"])  # what the table showed before the deal
    forged = forge(export, change, recommit)
    assert forged["hand"] != export["hand"], field
    checks = verify_export(forged, expected=shown)
    assert not all(check.passed for check in checks), (field, [c.line() for c in checks])
    # The engine refuses it too, unless it was recommitted: then, consistent in itself, it
    # carries another fingerprint than the one the table showed before the deal.
    if fingerprint(forged["hand"]["commitment"]) == shown:
        with pytest.raises(RecordError):
            Hand.from_dict(forged["hand"])
    else:
        assert recommit


def test_a_33_point_gin_relabelled_with_a_99_point_gin_bonus_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = forge(GIN, lambda r: r["rules"].update(gin_bonus=99), recommit=False)
    assert forged["hand"]["state"]["result"]["points"] != GIN["hand"]["state"]["result"]["points"]
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  commitment" in out
    # Recommitted, it passes on its own, but not against the fingerprint the table showed.
    again = forge(GIN, lambda r: r["rules"].update(gin_bonus=99), recommit=True)
    path.write_text(json.dumps(again))
    shown = fingerprint(GIN["hand"]["commitment"])
    assert main([str(path), "--fingerprint", shown]) == 1
    out = capsys.readouterr().out
    assert "FAIL  fingerprint" in out and "gin bonus 99" in out


def test_the_report_prints_the_rules_and_the_result_it_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(GIN))
    shown = fingerprint(GIN["hand"]["commitment"])
    assert main([str(path), "--fingerprint", shown.replace(" ", "")]) == 0
    out = capsys.readouterr().out
    assert "ok    fingerprint" in out
    assert "Standard Gin" in out and "gin bonus 20" in out and "target 100" in out
    result = GIN["hand"]["state"]["result"]
    assert f"won by gin, {result['points']} points" in out
    assert "seat" in out and "dealt" in out


def test_an_export_of_the_older_format_verifies_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = Hand.from_dict(GIN["hand"])
    legacy = Hand.from_deck(
        hand.rules, hand.dealer, hand.deck, hand.scores, salt=hand.salt, commitment_version=1
    )
    for _, action in hand.actions:
        legacy.apply(action)
    old = json.loads(json.dumps(GIN))
    old["hand"] = json.loads(json.dumps(legacy.to_dict()))
    assert old["hand"]["version"] == 2 and "players" not in old["hand"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "note" in out and "older format: the rules are not bound" in out
    # An old export relabelled the same way still passes its own check: the note says why.
    forged = json.loads(json.dumps(old))
    forged["hand"]["rules"]["gin_bonus"] = 99
    checks = verify_export(forged)
    assert any("older format" in check.detail for check in checks)


# --- files that are not files ----------------------------------------------------------------


def _run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game.verify", *argv],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX named pipes")
def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "hand.json"
    os.mkfifo(pipe)
    result = _run([str(pipe)])
    assert result.returncode == 2 and "not a regular file (a named pipe)" in result.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_refused_at_once(tmp_path: Path) -> None:
    link = tmp_path / "hand.json"
    link.symlink_to("/dev/zero")
    for path in (link, Path("/dev/zero")):
        result = _run([str(path)])
        assert result.returncode == 2 and "not a regular file (a device)" in result.stderr
        assert "Traceback" not in result.stderr


def test_a_file_larger_than_any_export_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(100 * 1024 * 1024)  # 100 MB, sparse
    assert main([str(path)]) == 2
    assert f"larger than {MAX_EXPORT_BYTES // 1024 // 1024} MB" in capsys.readouterr().err


def test_a_number_too_long_to_read_is_named_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.json"
    path.write_text('{"format": ' + "9" * 5000 + "}")
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert "a number too long" in err and "sys.set_int_max_str_digits" not in err


# --- hostile names ---------------------------------------------------------------------------


HOSTILE = "Ada\n  ok    commitment  all good\x1b[2K\x1b[1A\r\u202e\x07"


def test_a_hostile_name_cannot_fake_report_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = Hand.from_dict(GIN["hand"])
    export = json.loads(json.dumps(export_hand(hand, (PersonSeat(HOSTILE), SEATS[1]))))
    export["hand"]["salt"] = "0" * 32  # a tampered export: its FAIL line must show
    path = tmp_path / "hostile\n  ok  .json"
    path.write_text(json.dumps(export))
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert not any(ch in out for ch in "\x1b\r\x07\u202e")
    lines = out.splitlines()
    assert sum(1 for line in lines if line.startswith("  ok    commitment")) == 0
    assert any(line.startswith("  FAIL  commitment") for line in lines)
    assert "Ada\\n  ok    commitment  all good\\x1b[2K" in out


def test_an_export_names_the_seat_whose_seed_is_too_large() -> None:
    hand = Hand.from_dict(GIN["hand"])
    with pytest.raises(ValueError, match="seat 1: an AI seed must be a whole number from"):
        export_hand(hand, (PersonSeat("Ada"), AISeat("simple", 2**63)))
