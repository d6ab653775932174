"""The AI of an earlier commit, loaded beside today's for side-by-side measurements.

    from tools.frozen_ai import load
    old = load("5be61fe")          # the game.ai package as it was at that commit
    player = old.make_player("expert", seed=1)

The commit's ``game/ai/*.py`` are read with ``git show`` into a cache folder outside the
repository (``$TMPDIR/gin-rummy-frozen-ai/``) as a package of their own, with their
``game.ai`` imports renamed to it; the rules engine (``game.rules``) stays today's, which
the measurements share. A measuring aid for the arena panel and the lab: nothing the game
ships or imports.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(tempfile.gettempdir()) / "gin-rummy-frozen-ai"
PREFIX = "base:"  # a player name "base:expert" is the baseline commit's expert

_baseline: str | None = None


def _git(*args: str) -> str:
    result = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise ValueError(f"git {' '.join(args)}: {result.stderr.strip() or 'failed'}")
    return result.stdout


def load(commit: str) -> ModuleType:
    """The ``game.ai`` package of ``commit`` (any name git knows), imported under its own name."""
    full = _git("rev-parse", "--verify", f"{commit}^{{commit}}").strip()
    package = f"frozen_ai_{full[:12]}"
    folder = CACHE / package
    if not (folder / "__init__.py").exists():
        names = [n for n in _git("ls-tree", "--name-only", full, "game/ai/").split() if n.endswith(".py")]
        if not names:
            raise ValueError(f"commit {commit} has no game/ai package")
        staging = CACHE / f".{package}.{os.getpid()}"
        staging.mkdir(parents=True, exist_ok=True)
        for name in names:
            text = _git("show", f"{full}:{name}").replace("game.ai", package)
            (staging / Path(name).name).write_text(text, encoding="utf-8")
        try:
            staging.rename(folder)
        except OSError:  # another process got there first with the same files
            shutil.rmtree(staging, ignore_errors=True)
    if str(CACHE) not in sys.path:
        sys.path.insert(0, str(CACHE))
    return importlib.import_module(package)


def use_baseline(commit: str) -> None:
    """Make ``base:LEVEL`` names build players of ``commit`` (load it now, to fail early)."""
    global _baseline
    load(commit)
    _baseline = commit


def make_named(name: str, seed: int) -> object:
    """A player by name: today's levels and styles, or ``base:LEVEL`` from the baseline commit."""
    if name.startswith(PREFIX):
        if _baseline is None:
            raise ValueError(f"{name!r} needs a baseline commit (--baseline)")
        return load(_baseline).make_player(name[len(PREFIX) :], seed)
    from game.ai import make_player

    return make_player(name, seed)
