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
