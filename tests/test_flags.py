"""Every numeric flag of main.py, game.verify, game.arena and the tools refuses nonsense up front.

"Nonsense" is what used to get through: a seed of 2^63 (accepted, then Export hand failed),
``--games 1000000000000`` (accepted, then a MemoryError), ``--window ²x²`` (Python's int()
error), a 5,000-digit number (Python's digit-limit message). Each must end at once with exit
status 2 and a short message of our own.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from game.flags import MAX_SEED, parse_size, seed, whole_number

TOOLS = [
    "game.arena",
    "game.ui.app",
    "tools.ai_lab",
    "tools.bench_ai",
    "tools.bench_coach",
    "tools.bench_frames",
    "tools.bench_melds",
    "tools.bench_wasm",
    "tools.build_web",
    "tools.card_art.preview",
    "tools.fairplay_screens",
    "tools.make_icon",
    "tools.measure_idle",
    "tools.menu_screens",
    "tools.screens",
]
#: Nobody means these for any count, size, duration or seed.
NONSENSE = ["10" + "0" * 17, "9" * 5000, "²", "1e400", "nan", "inf", "-inf", "-1", "0x10", "", " "]


class Parsed(Exception):
    """Raised in place of running the tool: the flags were accepted."""


@contextmanager
def parse_only(capture: list[argparse.ArgumentParser]) -> Iterator[None]:
    original = argparse.ArgumentParser.parse_args

    def parse_args(self: argparse.ArgumentParser, args: Any = None, namespace: Any = None) -> Any:
        capture.append(self)
        if args is None:
            args = sys.argv[1:]
        result = original(self, args, namespace)
        raise Parsed(result)

    argparse.ArgumentParser.parse_args = parse_args  # type: ignore[method-assign]
    try:
        yield
    finally:
        argparse.ArgumentParser.parse_args = original  # type: ignore[method-assign]


def entry(module: str) -> Callable[[list[str]], Any]:
    tool = importlib.import_module(module)
    if module == "game.ui.app":
        return tool.parse_args  # type: ignore[no-any-return]

    def run(argv: list[str]) -> Any:
        old = sys.argv
        sys.argv = [module, *argv]
        try:
            return tool.main(argv) if tool.main.__code__.co_argcount else tool.main()
        finally:
            sys.argv = old

    return run


def numeric_flags(module: str) -> list[tuple[str, Any]]:
    """The options of the tool's parser that read a number (found by parsing nothing)."""
    parsers: list[argparse.ArgumentParser] = []
    with parse_only(parsers), pytest.raises((Parsed, SystemExit)):
        entry(module)([])
    parser = parsers[0]
    found = []
    for action in parser._actions:
        if (
            not action.option_strings
            or action.type in (None, str)
            or getattr(action.type, "__name__", "") == "Path"
        ):
            continue
        found.append((action.option_strings[-1], action.type))
    return found


CASES = [(module, flag) for module in TOOLS for flag, _ in numeric_flags(module)]


def test_every_tool_with_numbers_was_found() -> None:
    modules = {module for module, _ in CASES}
    assert {"game.arena", "game.ui.app", "tools.bench_ai", "tools.bench_coach", "tools.build_web"} <= modules
    assert ("game.arena", "--games") in CASES and ("game.ui.app", "--seed") in CASES
    assert ("game.ui.app", "--window") in CASES


@pytest.mark.parametrize(("module", "flag"), CASES, ids=[f"{m}{f}" for m, f in CASES])
def test_a_numeric_flag_refuses_nonsense_with_exit_2_and_a_short_reason(
    module: str, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run = entry(module)
    for value in NONSENSE:
        if value == "-1" and flag == "--seed":
            continue  # seeds may be negative
        if "window" in flag or ("size" in flag and module != "tools.make_icon"):
            value = f"{value}x{value}"
        with parse_only([]), pytest.raises((SystemExit, Parsed)) as stop:
            run([f"{flag}={value}"])
        err = capsys.readouterr().err
        assert stop.type is SystemExit, f"{module} {flag}={value[:20]} was accepted: {stop.value}"
        assert stop.value.code == 2
        reason = err.strip().splitlines()[-1]
        assert len(reason) < 300, reason[:300]
        assert "invalid literal" not in reason and "Exceeds the limit" not in reason, reason


def test_counts_of_a_trillion_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from game.arena import main

    with pytest.raises(SystemExit) as stop:
        main(["--games", "1000000000000"])
    assert stop.value.code == 2
    assert "--games: must be a whole number from 1 to" in capsys.readouterr().err


def test_a_seed_beyond_what_an_export_can_hold_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui.app import parse_args

    assert parse_args(["--seed", str(MAX_SEED)]).seed == MAX_SEED
    with pytest.raises(SystemExit) as stop:
        parse_args(["--seed", str(2**63)])
    assert stop.value.code == 2
    assert f"--seed: must be a whole number from -{MAX_SEED} to {MAX_SEED}" in capsys.readouterr().err


def test_whole_number_accepts_plain_digits_only() -> None:
    read = whole_number(1, 100)
    assert read("42") == 42 and read(" 7 ") == 7 and read("+3") == 3
    for text in ("٤٢", "4_2", "²", "4.0", "0x2a", "9" * 5000):
        with pytest.raises(argparse.ArgumentTypeError) as error:
            read(text)
        assert len(str(error.value)) < 120
    assert seed("0") == 0


def test_window_sizes_are_read_plainly() -> None:
    assert parse_size("390x844", (160, 160), (8000, 8000)) == (390, 844)
    assert parse_size(" 1280 × 720 ", (160, 160), (8000, 8000)) == (1280, 720)
    for text in ("²x²", "9" * 5000 + "x10", "١٢٨٠x٧٢٠", "10x", "x", "1280x720x3"):
        with pytest.raises(ValueError) as error:
            parse_size(text, (160, 160), (8000, 8000))
        message = str(error.value)
        assert len(message) < 160 and "invalid literal" not in message and "Exceeds" not in message
