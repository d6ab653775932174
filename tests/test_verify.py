"""The outside verifier (python -m game.verify): genuine hands pass, every kind of cheating fails."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_player
from game.rules import Action, Hand, RuleSet
from game.rules.records import seal
from game.verify import AISeat, PersonSeat, export_hand, main, verify_export

ROOT = Path(__file__).resolve().parents[1]
Export = dict[str, Any]


def play_hand(
    seats: tuple[AISeat | PersonSeat, AISeat | PersonSeat],
    seed: int,
    rules: RuleSet | None = None,
    cheat_at: int | None = None,
) -> tuple[Hand, int | None]:
    """A hand played by these seats (people play random legal moves).

    With ``cheat_at``, the AI's ``cheat_at``-th decision is swapped for another legal move;
    returns the hand and the number of the swapped action (1-based), if any.
    """
    rng = random.Random(seed)
    hand = Hand.deal(rules or RuleSet.preset("standard"), seed % 2, rng)
    players = {n: make_player(s.level, s.seed) for n, s in enumerate(seats) if isinstance(s, AISeat)}
    decisions, swapped = 0, None
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        action: Action
        if seat in players:
            action = players[seat].choose(hand.view(seat))
            decisions += 1
            others = [a for a in legal if a != action]
            if decisions == cheat_at and others:
                action = rng.choice(others)
                swapped = len(hand.actions) + 1
            elif decisions == cheat_at:
                cheat_at += 1  # a forced move cannot be swapped: cheat on the next one
        else:
            action = rng.choice(legal)
        hand.apply(action)
    return hand, swapped


AI_V_PERSON = (PersonSeat("Ada"), AISeat("medium", 41))
AI_V_AI = (AISeat("hard", 7), AISeat("simple", 8))


def write(tmp_path: Path, export: object, name: str = "hand.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(export), encoding="utf-8")
    return path


def run_main(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main([str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def genuine(seats: tuple[AISeat | PersonSeat, AISeat | PersonSeat] = AI_V_PERSON, seed: int = 3) -> Export:
    hand, _ = play_hand(seats, seed)
    return json.loads(json.dumps(export_hand(hand, seats)))


def reseal(export: Export) -> Export:
    export["hand"].pop("checksum")
    seal(export["hand"])
    return export


# --- genuine hands ------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [AI_V_PERSON, AI_V_AI, (PersonSeat(), PersonSeat("Bo"))])
def test_a_genuine_export_passes_every_check(
    seats: tuple[AISeat | PersonSeat, AISeat | PersonSeat], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, genuine(seats))
    status, out, err = run_main(path, capsys)
    assert status == 0, out + err
    lines = out.splitlines()
    ai_seats = [f"AI seat {n}" for n, s in enumerate(seats) if isinstance(s, AISeat)]
    names = ["export", "commitment", "replay", *ai_seats]
    assert lines[0] == f"Checking {path}"
    checks = [line for line in lines if line.startswith("  ")]
    assert [(line[:8].strip(), line[8:19].strip()) for line in checks] == [("ok", n) for n in names]
    assert lines[1 : len(checks) + 1] == checks
    told = lines[len(checks) + 1 : -1]
    assert [line.split(":")[0] for line in told] == [
        "The deal checked",
        "The rules checked",
        "The result checked",
        "Compare "
        + lines[2].split()[2]
        + " "
        + lines[2].split()[3]
        + " "
        + lines[2].split()[4]
        + " with the fingerprint the table showed before the deal.",
    ]
    assert lines[-1] == f"All {len(names)} checks passed."


def test_every_rule_variant_verifies() -> None:
    for number, rules in enumerate(
        [
            RuleSet.preset("oklahoma"),
            RuleSet.preset("simple", eleven_card_deal=True),
            RuleSet.preset("standard", big_gin=True, allow_rediscard=True, last_discard_chance=True),
        ]
    ):
        hand, _ = play_hand(AI_V_AI, 20 + number, rules)
        checks = verify_export(json.loads(json.dumps(export_hand(hand, AI_V_AI))))
        assert all(check.passed for check in checks), [c.line() for c in checks]


def test_a_person_may_play_any_legal_move() -> None:
    # Only AI seats are held to their choices: a person's random moves pass.
    hand, _ = play_hand((PersonSeat(), PersonSeat()), 5)
    assert all(check.passed for check in verify_export(export_hand(hand, (PersonSeat(), PersonSeat()))))


# --- cheating -----------------------------------------------------------------------------------


@pytest.mark.parametrize("resealed", [False, True])
def test_a_swapped_deck_card_fails_the_commitment(
    resealed: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = genuine()
    deck = export["hand"]["deck"]
    deck[50], deck[51] = deck[51], deck[50]  # the bottom of the stock: nobody ever drew them
    if resealed:
        reseal(export)
    status, out, _ = run_main(write(tmp_path, export), capsys)
    assert status == 1
    assert (
        "FAIL  commitment  does not match the revealed rules, dealer, players, scores, deck and salt" in out
    )
    assert "FAIL  replay" in out
    assert "skip  AI seat 1" in out


@pytest.mark.parametrize("resealed", [False, True])
def test_an_edited_salt_fails_the_commitment(
    resealed: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = genuine()
    salt = export["hand"]["salt"]
    export["hand"]["salt"] = ("1" if salt[0] == "0" else "0") + salt[1:]
    if resealed:
        reseal(export)
    status, out, _ = run_main(write(tmp_path, export), capsys)
    assert status == 1
    assert "FAIL  commitment  does not match" in out


@pytest.mark.parametrize(("seats", "cheat_at"), [(AI_V_PERSON, 4), (AI_V_AI, 1), (AI_V_AI, 9)])
def test_an_ai_move_replaced_by_another_legal_move_is_named(
    seats: tuple[AISeat | PersonSeat, AISeat | PersonSeat],
    cheat_at: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The record is genuine in every other way: the deal, the commitment and the replay pass.
    hand, swapped = play_hand(seats, 11, cheat_at=cheat_at)
    assert swapped is not None
    status, out, _ = run_main(write(tmp_path, export_hand(hand, seats)), capsys)
    assert status == 1
    assert "ok    commitment" in out and "ok    replay" in out
    seat, action = hand.actions[swapped - 1]
    failing = [line for line in out.splitlines() if line.startswith("  FAIL")]
    assert len(failing) == 1
    assert failing[0].startswith(f"  FAIL  AI seat {seat}   action {swapped} ({action}) is not what the AI")


def test_a_hand_without_a_commitment_fails_that_check() -> None:
    export = genuine()
    export["hand"]["salt"] = export["hand"]["commitment"] = None
    export["hand"]["version"] = 2  # a hand saved before deals were committed: it still replays
    del export["hand"]["players"]
    reseal(export)
    checks = {check.name: check for check in verify_export(export)}
    assert (
        not checks["commitment"].passed and "dealt before deals were committed" in checks["commitment"].detail
    )
    assert checks["replay"].passed and checks["AI seat 1"].passed


def test_an_unfinished_hand_cannot_be_exported_and_does_not_verify() -> None:
    hand = Hand.deal(RuleSet.preset(), 0, random.Random(1))
    with pytest.raises(ValueError, match="only a finished hand"):
        export_hand(hand, AI_V_PERSON)
    export = genuine()
    export["hand"] = hand.to_dict()
    checks = {check.name: check for check in verify_export(export)}
    assert not checks["replay"].passed and "not over" in checks["replay"].detail


# --- unusable input and bad arguments -----------------------------------------------------------


def test_a_missing_file_is_unusable_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(tmp_path / "nowhere.json", capsys)
    assert status == 2 and out == ""
    assert "nowhere.json: no such file" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("this is not json {", "not JSON"),
        ("", "not JSON"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("[1, 2]", "not a hand export: expected a JSON object"),
        ('{"format": "something-else"}', "not a hand export"),
    ],
)
def test_input_that_is_not_an_export_is_unusable(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    status, out, err = run_main(path, capsys)
    assert status == 2 and message in err and out == ""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: e.update(version=2), "made by a newer game"),
        (lambda e: e.update(version="1"), "no valid version"),
        (lambda e: e.pop("seats"), "needs exactly the keys"),
        (lambda e: e.update(hand=[]), "must be a hand record"),
        (lambda e: e["seats"].pop(), "exactly two seats"),
        (lambda e: e["seats"][1].update(level="grandmaster"), "unknown AI level 'grandmaster'"),
        (lambda e: e["seats"][1].update(seed=1.5), "seed must be a whole number"),
        (lambda e: e["seats"][0].update(kind="robot"), "seat 0 must be"),
        (lambda e: e["hand"].update(version=9), "newer version of the game"),
    ],
)
def test_a_malformed_export_is_unusable(
    change: Any, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = genuine()
    change(export)
    status, _, err = run_main(write(tmp_path, export), capsys)
    assert status == 2 and message in err


@pytest.mark.parametrize("argv", [[], ["a.json", "b.json"], ["--nonsense", "a.json"]])
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert "usage: python -m game.verify" in capsys.readouterr().err


def test_the_command_runs_as_a_module(tmp_path: Path) -> None:
    good = write(tmp_path, genuine(AI_V_AI), "good.json")
    export = genuine(AI_V_AI)
    export["hand"]["salt"] = "0" * 32
    bad = write(tmp_path, export, "bad.json")
    results = [
        subprocess.run(
            [sys.executable, "-m", "game.verify", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        for path in (good, bad, tmp_path / "missing.json")
    ]
    assert [r.returncode for r in results] == [0, 1, 2]
    assert results[0].stdout.startswith(f"Checking {good}") and "All 5 checks passed." in results[0].stdout
    assert "FAIL  commitment" in results[1].stdout
    assert "no such file" in results[2].stderr
