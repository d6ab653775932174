"""Decision times under WebAssembly (Pyodide in Node) next to native CPython.

    python tools/bench_wasm.py              # 8 seeds per variant
    python tools/bench_wasm.py --seeds 20 --level hard --json

Both sides play the same seeded hands (tests/web/wasm_play.py): the game's AI once
game.ai offers make_player, the engine-driven greedy stand-in until then. The ratio says
how much slower a decision is in the browser, which bounds how long the AI may think.
Needs node and tests/web/node_modules (installed with `npm ci` on first use).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WEB_TESTS = ROOT / "tests" / "web"
sys.path.insert(0, str(ROOT))

from game.flags import whole_number  # noqa: E402
from tests.web import wasm_play  # noqa: E402 - needs the repository root on sys.path

TIMEOUT_S = 900


def wasm_times(seeds: list[int], level: str) -> dict[str, Any]:
    """Run the benchmark inside Pyodide and return its numbers."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench_wasm: node is not installed")
    if not (WEB_TESTS / "node_modules" / "pyodide").is_dir():
        npm = shutil.which("npm") or "npm"
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB_TESTS, check=True)
    code = f"import wasm_play\nRESULT = wasm_play.decision_times({seeds!r}, level={level!r})"
    command = [
        node,
        str(WEB_TESTS / "run_pyodide.mjs"),
        "--root",
        str(ROOT),
        "--module",
        str(WEB_TESTS / "wasm_play.py"),
        "--code",
        code,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)
    if done.returncode != 0:
        raise SystemExit(f"bench_wasm: Pyodide run failed:\n{done.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    report["result"]["python"] = report["python"]
    return report["result"]  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    """Print native and WebAssembly decision times and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seeds", type=whole_number(1, 1000), default=8, help="hands per variant (default 8)"
    )
    parser.add_argument("--level", default=wasm_play.AI_LEVEL, help="AI level (default medium)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    seeds = list(range(1, args.seeds + 1))
    native = wasm_play.decision_times(seeds, level=args.level)
    native["python"] = sys.version.split()[0]
    in_wasm = wasm_times(seeds, args.level)
    if in_wasm["decisions"] != native["decisions"]:
        print("warning: the two runs made different numbers of decisions", file=sys.stderr)
    ratio = {key: in_wasm[key] / native[key] for key in ("mean_ms", "median_ms", "p95_ms")}
    if args.json:
        print(json.dumps({"native": native, "wasm": in_wasm, "ratio": ratio}, indent=2))
        return 0
    print(f"player: {native['player']}; {native['decisions']} decisions over {len(seeds)} seeds")
    print(f"{'':10} {'python':>8} {'mean ms':>9} {'median ms':>10} {'p95 ms':>9} {'max ms':>9}")
    for label, numbers in (("native", native), ("wasm", in_wasm)):
        print(
            f"{label:10} {numbers['python']:>8} {numbers['mean_ms']:9.3f} "
            f"{numbers['median_ms']:10.3f} {numbers['p95_ms']:9.3f} {numbers['max_ms']:9.3f}"
        )
    print(
        f"{'wasm/native':10} {'':>8} {ratio['mean_ms']:8.2f}x {ratio['median_ms']:9.2f}x "
        f"{ratio['p95_ms']:8.2f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
