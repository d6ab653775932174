"""The arena panel (tools/arena_panel.py) and the frozen baseline it measures against."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools import arena_panel, frozen_ai


def test_a_small_panel_prints_its_table_and_saves_each_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "panel.jsonl"
    argv = [
        "--levels",
        "easy",
        "--opponents",
        "random,early",
        "--tables",
        "simple",
        "--pairs",
        "1",
        "--out",
        str(out),
    ]
    assert arena_panel.main(argv) == 0
    text = capsys.readouterr().out
    assert "| level | random | early |" in text and "| easy |" in text
    cells = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(c["b"] for c in cells) == ["early", "random"]
    assert all(c["games"] == 2 and c["pairs"] == 1 and c["rules"] == "simple" for c in cells)
    # the same run again plays nothing: both cells come from the file, which stays as it was
    saved = out.read_text()
    again = list(arena_panel.run_panel([("easy", "random", "simple")], 1, 1, 1, None, out))
    assert again == [cells[[c["b"] for c in cells].index("random")]] and out.read_text() == saved
    assert arena_panel.main(["--show", str(out)]) == 0
    assert "| easy |" in capsys.readouterr().out


def test_a_damaged_results_line_is_reported_and_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "panel.jsonl"
    out.write_text("not json\n")
    assert arena_panel.load_results(out) == {}
    assert "not a panel result, skipped" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--levels", "grandmaster"], "unknown level 'grandmaster'"),
        (["--tables", "tournament"], "unknown table 'tournament'"),
        (["--levels", "base:easy"], "base:LEVEL needs --baseline COMMIT"),
        (["--pairs", "0"], "argument --pairs: must be a whole number from 1 to 100000"),
    ],
)
def test_bad_panel_arguments_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        arena_panel.main(argv)
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_the_baseline_is_a_commit_of_the_ai_loaded_beside_todays() -> None:
    old = frozen_ai.load("HEAD")
    assert old.__name__.startswith("frozen_ai_") and old.__name__ != "game.ai"
    assert old.make_player("medium", 1).__class__.__module__.startswith(old.__name__)
    frozen_ai.use_baseline("HEAD")
    player = frozen_ai.make_named("base:medium", 1)
    assert type(player).__module__.startswith(old.__name__)
    with pytest.raises(ValueError, match="no-such-commit"):
        frozen_ai.load("no-such-commit")


def test_saved_runs_of_several_seeds_are_pooled_and_compared_with_the_baseline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = []
    for seed in (3, 4):
        out = tmp_path / f"seed{seed}.jsonl"
        argv = ["--cells", "easy:simple:simple", "--pairs", "2", "--seed", str(seed), "--baseline", "HEAD"]
        assert arena_panel.main([*argv, "--out", str(out)]) == 0
        files.append(out)
    capsys.readouterr()
    runs = [s for f in files for s in arena_panel.load_results(f).values()]
    cells = {s["a"]: s for s in arena_panel.pooled(runs)}
    assert sorted(cells) == ["base:easy", "easy"]
    mine = [s for s in runs if s["a"] == "easy"]
    easy = cells["easy"]
    assert easy["seeds"] == [3, 4] and easy["games"] == 8 and easy["pairs"] == 4
    assert easy["a_game_wins"] == sum(s["a_game_wins"] for s in mine)
    assert easy["hands"] == sum(s["hands"] for s in mine)
    points = sum(s["hands"] * s["a_points_per_hand"] for s in mine) / easy["hands"]
    assert easy["a_points_per_hand"] == pytest.approx(points, abs=1e-3)
    low, high = easy["a_win_rate_ci95"]
    assert 0.0 <= low <= easy["a_win_rate"] <= high <= 1.0
    # a single run is left as it was
    assert arena_panel.pooled(mine[:1]) == [{**mine[0], "seeds": [3]}]
    # the baseline here is this very commit: the same deals give the same games, no change
    assert arena_panel.main(["--show", *map(str, files)]) == 0
    text = capsys.readouterr().out
    won = easy["a_game_wins"]
    assert f"| easy vs simple, simple (seeds 3, 4) | {won} of 8 against {won} of 8 | +0.0 (" in text
    assert "| +0.00 (" in text


def test_the_change_is_after_minus_before_with_both_errors() -> None:
    def cell(a: str, wins: int, low: float, high: float, points: float, se: float) -> dict[str, object]:
        return {"a": a, "b": "simple", "rules": "standard", "games": 100, "a_game_wins": wins,
                "a_win_rate": wins / 100, "a_win_rate_ci95": [low, high], "a_points_per_hand": points,
                "a_points_per_hand_se": se, "seed": 1}  # fmt: skip

    text = arena_panel.changes_text(
        [cell("base:hard", 60, 0.5, 0.7, 2.0, 0.3), cell("hard", 66, 0.56, 0.76, 2.4, 0.4)]
    )
    # +6 points of win rate; each side's error 0.1 / 1.96, so the half-width is 1.96 * hypot = 14.1
    assert (
        "| hard vs simple, standard (seed 1) | 66 of 100 against 60 of 100 | +6.0 (-8.1 to +20.1) |" in text
    )
    assert "| +0.40 (-0.58 to +1.38) |" in text
    assert arena_panel.changes_text([cell("hard", 66, 0.56, 0.76, 2.4, 0.4)]) == ""
