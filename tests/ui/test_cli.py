"""`python main.py` refuses nonsense on its command line with a clear message and exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.app import create_app, parse_args

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--speed", "-1"], "speed must be from 0"),
        (["--speed", "nan"], "speed must be from 0"),
        (["--speed", "inf"], "speed must be from 0"),
        (["--speed", "fast"], "speed must be from 0"),
        (["--speed", "٣"], "speed must be from 0"),
        (["--selfplay", "-3"], "must be a whole number from 0 to"),
        (["--selfplay", "two"], "must be a whole number from 0 to"),
        (["--seed", "1.5"], "must be a whole number from -4503599627370496 to 4503599627370496"),
        (["--window", "big"], "WIDTHxHEIGHT"),
        (["--window", "10x10"], "out of range"),
        (["--window", "99999x720"], "out of range"),
        (["--level", "grandmaster"], "invalid choice"),
    ],
)
def test_nonsense_options_are_refused_with_the_reason(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_good_options_are_read():
    options = parse_args(["--speed", "0", "--selfplay", "2", "--window", "390x844", "--seed", "-4"])
    assert (options.speed, options.selfplay, options.window, options.seed) == (0.0, 2, (390, 844), -4)


def test_the_window_option_sizes_the_window():
    app = create_app(["--no-storage", "--window", "390x844"])
    assert app.viewport.size == (390, 844) and app.viewport.portrait


def test_unwritable_output_paths_get_one_line(tmp_path, capsys):
    a_file = tmp_path / "file"
    a_file.write_text("x")
    for argv in (["--screenshots", str(a_file / "shots")], ["--frame-stats", str(tmp_path)]):
        with pytest.raises(SystemExit) as stop:
            parse_args(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("main.py: cannot") and "\n" not in err and "Traceback" not in err


def test_the_real_command_line_says_why_and_exits_2():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "main.py", "--speed", "nan"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "speed must be from 0" in done.stderr and "Traceback" not in done.stderr
