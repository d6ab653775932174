"""Whole hands under real WebAssembly CPython (Pyodide in Node) match a native run.

The browser runs the game on CPython compiled to WebAssembly; this plays complete hands of
every variant there with fixed seeds (tests/web/wasm_play.py, via run_pyodide.mjs) and
checks every result and every hand record equals the native run of the same seeds.

Pyodide comes from npm (tests/web/package.json, locked): it is installed here on first
use. In CI (CI=true) a missing node or npm fails the test; locally it skips.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, NoReturn

import pytest

from tests.web import wasm_play

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RUNNER = HERE / "run_pyodide.mjs"
SEEDS = [1, 2, 3, 4, 5, 6]
INSTALL_TIMEOUT_S = 600
RUN_TIMEOUT_S = 300


def _missing_tool(tool: str) -> NoReturn:
    message = f"{tool} is not installed: the WebAssembly test needs Node.js 18+ and npm"
    if os.environ.get("CI"):
        pytest.fail(message + " (required in CI)")
    pytest.skip(message)


def ensure_pyodide() -> str:
    """Path to node, after installing tests/web/node_modules from the lock file if needed."""
    node = shutil.which("node")
    if node is None:
        _missing_tool("node")
    if not (HERE / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        npm = shutil.which("npm")
        if npm is None:
            _missing_tool("npm")
        command = [npm, "ci", "--no-audit", "--no-fund"]
        done = subprocess.run(
            command,
            cwd=HERE,
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT_S,
            check=False,
        )
        if done.returncode != 0:
            pytest.fail(f"`npm ci` in {HERE} failed:\n{done.stdout}\n{done.stderr}")
    return node


def run_in_wasm(code: str) -> dict[str, Any]:
    """Run `code` (which sets RESULT) under Pyodide; return the runner's JSON report."""
    node = ensure_pyodide()
    command = [node, str(RUNNER), "--root", str(ROOT), "--module", str(HERE / "wasm_play.py")]
    done = subprocess.run(
        [*command, "--code", code],
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail(f"Pyodide run failed (exit {done.returncode}):\n{done.stderr[-4000:]}")
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


@pytest.fixture(scope="module")
def wasm_report() -> dict[str, Any]:
    return run_in_wasm(f"import wasm_play\nRESULT = wasm_play.play_all({SEEDS!r})")


def test_it_really_ran_under_webassembly(wasm_report: dict[str, Any]) -> None:
    assert wasm_report["platform"] == "emscripten"
    assert wasm_report["python"].startswith("3.")


@pytest.mark.parametrize("variant", wasm_play.VARIANTS)
def test_hands_under_wasm_equal_native_hands(wasm_report: dict[str, Any], variant: str) -> None:
    native = [wasm_play.play_hand(variant, seed) for seed in SEEDS]
    in_wasm = [hand for hand in wasm_report["result"] if hand["variant"] == variant]
    assert [hand["seed"] for hand in in_wasm] == SEEDS
    assert in_wasm == native


def test_the_hands_played_reach_real_endings(wasm_report: dict[str, Any]) -> None:
    # Comparing only void hands would prove little about scoring: most must be won.
    kinds = [hand["kind"] for hand in wasm_report["result"]]
    assert len(kinds) == len(SEEDS) * len(wasm_play.VARIANTS)
    assert sum(kind != "void" for kind in kinds) >= len(kinds) // 2
