"""Nonsense on the command line of every program: exit status 2 at once, with a short reason."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Callable, Iterator
from typing import Any

from tools.attacks.common import (
    Tally,
)

# --- flags --------------------------------------------------------------------------------------

FLAG_TOOLS = [
    "game.ui.app", "game.verify", "game.arena", "tools.ai_lab", "tools.bench_ai", "tools.bench_coach",
    "tools.bench_frames", "tools.bench_melds", "tools.bench_wasm", "tools.build_web", "tools.card_art.preview",
    "tools.fairplay_screens", "tools.make_icon", "tools.measure_idle", "tools.menu_screens", "tools.screens",
]  # fmt: skip
NONSENSE = [
    "10" + "0" * 17,
    "9" * 5000,
    "²",
    "٣",
    "1e400",
    "nan",
    "inf",
    "-inf",
    "-1",
    "0x10",
    "1_000",
    "",
    " ",
    "\x1b[2K",
]
#: Flags that read something else than a number get their own nonsense.
FLAG_NONSENSE = {"--fingerprint": ["zz", "", "12", "g" * 12, "9" * 5000, "\x1b[2K", "0" * 65]}


class _Parsed(Exception):
    pass


def nonsense_flags() -> Tally:
    """Every numeric flag of every command, fed nonsense; each must end in exit 2 at once."""
    import importlib

    tally = Tally("nonsense flags")
    for module in FLAG_TOOLS:
        tool = importlib.import_module(module)
        run = _entry(module, tool)
        parser = _parser_of(run)
        for action in parser._actions:
            if (
                not action.option_strings
                or action.type in (None, str)
                or getattr(action.type, "__name__", "") == "Path"
            ):
                continue
            flag = action.option_strings[-1]
            for value in FLAG_NONSENSE.get(flag, NONSENSE):
                if value in ("-1",) and flag == "--seed":
                    continue  # a seed may be negative
                text = (
                    f"{value}x{value}"
                    if ("size" in flag and module != "tools.make_icon") or "window" in flag
                    else value
                )
                tally.record(*_refused(run, [f"{flag}={text}"], f"{module} {flag}={text[:16]!r}"))
        for argv in (["--no-such-flag"], ["--help-me"]):
            tally.record(*_refused(run, argv, f"{module} {argv[0]}"))
    return tally


def _entry(module: str, tool: Any) -> Callable[[list[str]], Any]:
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


@contextlib.contextmanager
def _parse_only(found: list[argparse.ArgumentParser]) -> Iterator[None]:
    original = argparse.ArgumentParser.parse_args

    def parse_args(self: argparse.ArgumentParser, args: Any = None, namespace: Any = None) -> Any:
        found.append(self)
        raise _Parsed(original(self, sys.argv[1:] if args is None else args, namespace))

    argparse.ArgumentParser.parse_args = parse_args  # type: ignore[method-assign]
    try:
        yield
    finally:
        argparse.ArgumentParser.parse_args = original  # type: ignore[method-assign]


def _parser_of(run: Callable[[list[str]], Any]) -> argparse.ArgumentParser:
    found: list[argparse.ArgumentParser] = []
    with _parse_only(found), contextlib.suppress(_Parsed, SystemExit), _quiet():
        run([])
    return found[0]


@contextlib.contextmanager
def _quiet() -> Iterator[io.StringIO]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        yield err


def _refused(run: Callable[[list[str]], Any], argv: list[str], what: str) -> tuple[bool, str]:
    with _parse_only([]), _quiet() as err:
        try:
            run(argv)
        except _Parsed:
            return False, f"{what} was accepted"
        except SystemExit as stop:
            reason = err.getvalue().strip().splitlines()[-1:] or [""]
            if stop.code != 2:
                return False, f"{what}: exit {stop.code}"
            if len(reason[0]) > 300 or "Traceback" in err.getvalue() or "invalid literal" in reason[0]:
                return False, f"{what}: {reason[0][:120]}"
            return True, ""
        except Exception as error:
            return False, f"{what}: {type(error).__name__}: {error}"
    return False, f"{what}: returned without refusing"
