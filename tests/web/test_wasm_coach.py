"""The coach under real WebAssembly CPython (Pyodide in Node) judges hands as natively.

Two recorded hands are reviewed here and inside Pyodide (tests/web/wasm_coach.py, through
run_pyodide.mjs); every decision's cost, the expert's choice, the flags and the summary must
be equal. Node, npm and Pyodide are handled as in tests/web/test_wasm.py.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.web import wasm_coach
from tests.web.test_wasm import ROOT, RUN_TIMEOUT_S, RUNNER, ensure_pyodide

HERE = Path(__file__).resolve().parent
HANDS = [(4, "random"), (6, "medium")]


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return [wasm_coach.play_record(seed, level, opponent="hard") for seed, level in HANDS]


def test_reviews_under_wasm_equal_native_reviews(records: list[dict[str, Any]], tmp_path: Path) -> None:
    node = ensure_pyodide()
    module = tmp_path / "coach_records.py"
    module.write_text(f"RECORDS = {records!r}\n", encoding="utf-8")
    code = "import wasm_coach, coach_records\nRESULT = [wasm_coach.review_outcome(r) for r in coach_records.RECORDS]"
    command = [node, str(RUNNER), "--root", str(ROOT), "--module", str(HERE / "wasm_coach.py")]
    command += ["--module", str(module), "--code", code]
    done = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False)
    if done.returncode != 0:
        pytest.fail(f"Pyodide run failed (exit {done.returncode}):\n{done.stderr[-4000:]}")
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["platform"] == "emscripten"
    native = [wasm_coach.review_outcome(record) for record in records]
    assert report["result"] == native
    assert sum(outcome["decisions"] for outcome in native) > 10
    assert any(any(outcome["flagged"]) for outcome in native)  # a review with something to say
