"""A short arena run: the JSON report's shape and a sanity check of strength."""

from __future__ import annotations

import json

import pytest

from game import arena
from game.rules import RuleSet


def test_arena_json_shape_and_simple_beats_random(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--a", "simple", "--b", "random", "--games", "6", "--seed", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key in ("games", "a_game_wins", "b_game_wins", "a_points_per_hand", "hands", "decision_ms", "ends"):
        assert key in summary
    assert summary["games"] == 6 == summary["a_game_wins"] + summary["b_game_wins"]
    for side in ("a", "b"):
        assert {"p50", "p95", "max"} <= set(summary["decision_ms"][side])
        assert summary["decision_ms"][side]["p50"] <= summary["decision_ms"][side]["max"]
    assert summary["a_game_wins"] >= 5
    assert summary["a_points_per_hand"] > 0


def test_arena_text_report_and_other_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--a", "medium", "--b", "easy", "--games", "2", "--rules", "oklahoma"]) == 0
    out = capsys.readouterr().out
    assert "medium vs easy (oklahoma): 2 games" in out and "95% CI" in out


def test_arena_is_reproducible() -> None:
    rules = RuleSet.preset("simple")
    first = arena.run("easy", "simple", 2, 5, rules)
    second = arena.run("easy", "simple", 2, 5, rules)
    first.pop("decision_ms")
    second.pop("decision_ms")
    assert first == second


def test_wilson_interval() -> None:
    low, high = arena.wilson(50, 100)
    assert 0.39 < low < 0.41 and 0.59 < high < 0.61


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "argument --games: must be a whole number from 1 to 1000000, not '0'"),
        (["--games", "-10"], "argument --games: must be a whole number from 1 to 1000000, not '-10'"),
        (["--games", "ten"], "argument --games: must be a whole number from 1 to 1000000, not 'ten'"),
        (["--games", "10" + "0" * 11], "argument --games: must be a whole number from 1 to 1000000"),
        (["--jobs", "0"], "argument --jobs: must be a whole number from 1 to 64, not '0'"),
        (["--jobs", "-1"], "argument --jobs: must be a whole number from 1 to 64, not '-1'"),
        (["--jobs", "1000"], "argument --jobs: must be a whole number from 1 to 64, not '1000'"),
        (["--seed", "x"], "argument --seed: must be a whole number from -4503599627370496 to"),
        (["--b", "nobody"], "argument --b: invalid choice: 'nobody'"),
    ],
)
def test_nonsense_arguments_are_refused_before_any_game(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        arena.main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_a_negative_seed_is_a_seed_like_any_other(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--a", "simple", "--b", "random", "--games", "1", "--seed", "-4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1
