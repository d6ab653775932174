"""A static check that the game's sources can run in the browser under pygbag.

The browser gives Python one thread and one event loop: anything that blocks (sleep,
input, threads, subprocesses) freezes the page, and files written there vanish on reload.
This module reads source text with `ast` (nothing is imported or run) and reports each
construct that breaks those rules. tests/web/test_browser_safety.py applies it to
main.py and game/**.py, and also feeds it bad snippets to prove it can fail.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

# Modules that start threads or processes, none of which exist in the browser.
FORBIDDEN_MODULES = frozenset({"threading", "_thread", "multiprocessing", "subprocess", "concurrent"})
# Calls that block or spawn: (module, function).
BLOCKING_CALLS = frozenset(
    {
        ("time", "sleep"),
        ("os", "system"),
        ("os", "popen"),
        ("os", "fork"),
        ("os", "wait"),
        ("asyncio", "to_thread"),
    }
)
# Calls that change the file system: (module, function); any function for a None name.
WRITING_CALLS = frozenset(
    {
        ("os", "replace"),
        ("os", "rename"),
        ("os", "remove"),
        ("os", "unlink"),
        ("os", "mkdir"),
        ("os", "makedirs"),
        ("os", "rmdir"),
        ("os", "fdopen"),
        ("os", "fsync"),
        ("shutil", None),
        ("tempfile", None),
    }
)
# Methods that write whatever object they are called on (Path, pygame.image, ...).
WRITING_METHODS = frozenset({"write_text", "write_bytes", "mkdir", "unlink", "rmdir", "touch"})
WRITE_MODE_LETTERS = frozenset("wax+")
MODE_PATTERN = re.compile(r"^[rwxabt+]{1,3}$")
FILE_WRITES = "no-file-writes"
PROCESSES = "no-threads-or-processes"
# Reviewed exceptions, by module and qualified name: which rules do not apply there, and
# why that code never runs in the browser. The disk backend of game/storage/store.py is the one
# place meant to write files; the others are desktop developer tools that only
# command-line options switch on (pygbag passes none). Keep this list short.
DESKTOP_ONLY: dict[str, dict[str, tuple[frozenset[str], str]]] = {
    "game/storage/store.py": {
        "DiskBackend": (frozenset({FILE_WRITES}), "the desktop branch of storage"),
    },
    "game/ui/app.py": {
        "App.notable": (frozenset({FILE_WRITES}), "screenshots, desktop --screenshots option"),
        "App.write_frame_stats": (frozenset({FILE_WRITES}), "desktop --frame-stats option"),
        "_unwritable": (frozenset({FILE_WRITES}), "checks the desktop --screenshots/--frame-stats paths"),
    },
    "game/ui/fairplay/export.py": {
        "save_new_file": (frozenset({FILE_WRITES}), "a desktop hand export; the browser downloads it"),
    },
    "game/arena.py": {
        "run": (frozenset({PROCESSES}), "AI-vs-AI developer tool, processes only with --jobs > 1"),
    },
    # The game server and the headless network player never reach the browser archive.
    "game/server/records.py": {
        "write_hand": (frozenset({FILE_WRITES}), "the server's --records folder (server, desktop only)"),
    },
    "game/server/redis_backend.py": {
        "RedisBackend._start_heartbeat": (frozenset({PROCESSES}), "the server's lease thread (desktop only)"),
    },
    "game/client/__main__.py": {
        "save_seat": (frozenset({FILE_WRITES}), "the headless client's --seat-file (desktop only)"),
    },
}


@dataclass(frozen=True)
class Violation:
    """One construct that would misbehave in the browser."""

    path: str
    line: int
    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule}: {self.detail}"


class _Checker(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.violations: list[Violation] = []
        self.scopes: list[str] = []
        # Local names bound to modules or functions we care about, e.g. {"t": "time"}.
        self.module_alias: dict[str, str] = {}
        self.function_alias: dict[str, tuple[str, str]] = {}

    def report(self, node: ast.AST, rule: str, detail: str) -> None:
        if rule in self.excused_rules():
            return
        line = getattr(node, "lineno", 0)
        self.violations.append(Violation(self.path, line, rule, detail))

    def excused_rules(self) -> set[str]:
        """Rules waived for the current scope (or any scope enclosing it) by DESKTOP_ONLY."""
        allowed = DESKTOP_ONLY.get(self.path, {})
        excused: set[str] = set()
        for depth in range(1, len(self.scopes) + 1):
            entry = allowed.get(".".join(self.scopes[:depth]))
            if entry:
                excused |= entry[0]
        return excused

    # --- imports -------------------------------------------------------------------

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            top = alias.name.split(".")[0]
            if top in FORBIDDEN_MODULES:
                self.report(node, PROCESSES, f"import {alias.name}")
            self.module_alias[alias.asname or top] = alias.name if alias.asname else top
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        top = module.split(".")[0]
        if node.level == 0 and top in FORBIDDEN_MODULES:
            self.report(node, PROCESSES, f"from {module} import ...")
        for alias in node.names:
            self.function_alias[alias.asname or alias.name] = (module, alias.name)
        self.generic_visit(node)

    # --- scopes ---------------------------------------------------------------------

    def _in_scope(self, node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scopes.append(node.name)
        self.generic_visit(node)
        self.scopes.pop()

    visit_ClassDef = _in_scope
    visit_FunctionDef = _in_scope
    visit_AsyncFunctionDef = _in_scope

    # --- calls ----------------------------------------------------------------------

    def _resolve(self, func: ast.expr) -> tuple[str, str] | None:
        """(module, function) for `mod.f(...)` or a `from mod import f` name."""
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            module = self.module_alias.get(func.value.id, func.value.id)
            return module, func.attr
        if isinstance(func, ast.Name) and func.id in self.function_alias:
            return self.function_alias[func.id]
        return None

    def visit_Call(self, node: ast.Call) -> None:
        target = self._resolve(node.func)
        if target in BLOCKING_CALLS:
            self.report(node, "no-blocking-calls", f"{target[0]}.{target[1]}()")
        if isinstance(node.func, ast.Name) and node.func.id == "input":
            self.report(node, "no-blocking-input", "input() blocks the page")
        self._check_write(node, target)
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if (
            isinstance(node.value, ast.Name)
            and self.module_alias.get(node.value.id, node.value.id) == "sys"
            and node.attr == "stdin"
        ):
            self.report(node, "no-blocking-input", "sys.stdin")
        self.generic_visit(node)

    def _check_write(self, node: ast.Call, target: tuple[str, str] | None) -> None:
        if target is not None:
            module, name = target
            if (module, name) in WRITING_CALLS or (module, None) in WRITING_CALLS:
                self.report(node, FILE_WRITES, f"{module}.{name}()")
                return
        if isinstance(node.func, ast.Attribute) and node.func.attr in WRITING_METHODS:
            self.report(node, FILE_WRITES, f".{node.func.attr}()")
            return
        if _is_image_save(node.func):
            self.report(node, FILE_WRITES, "pygame.image.save()")
            return
        is_open = (isinstance(node.func, ast.Name) and node.func.id == "open") or (
            isinstance(node.func, ast.Attribute) and node.func.attr == "open"
        )
        if is_open and _opens_for_writing(node):
            self.report(node, FILE_WRITES, "open() for writing")


def _is_image_save(func: ast.expr) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and func.attr in {"save", "save_extended"}
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "image"
    )


def _opens_for_writing(call: ast.Call) -> bool:
    """True when the mode may write; a mode that is not a literal counts as writing."""
    mode: ast.expr | None = None
    # builtins.open(file, mode) / Path.open(mode): the mode is the last positional or mode=.
    positional = call.args[1:] if isinstance(call.func, ast.Name) else call.args[:1]
    if positional:
        mode = positional[0]
    for keyword in call.keywords:
        if keyword.arg == "mode":
            mode = keyword.value
    if mode is None:
        return False
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        if isinstance(call.func, ast.Attribute) and not MODE_PATTERN.match(mode.value):
            return False  # e.g. webbrowser.open(url): the first argument is not a mode
        return bool(WRITE_MODE_LETTERS & set(mode.value))
    return isinstance(call.func, ast.Name)


def check_source(source: str, path: str) -> list[Violation]:
    """Every browser-unsafe construct in `source` (`path` is repo-relative, posix)."""
    checker = _Checker(path)
    checker.visit(ast.parse(source, filename=path))
    return checker.violations


def check_entry_point(source: str, path: str = "main.py") -> list[Violation]:
    """pygbag needs `async def main` and `asyncio.run(main())` as the very last statement."""
    tree = ast.parse(source, filename=path)
    problems: list[Violation] = []
    if not any(isinstance(n, ast.AsyncFunctionDef) and n.name == "main" for n in tree.body):
        problems.append(Violation(path, 1, "entry-point", "no module-level `async def main`"))
    last = tree.body[-1] if tree.body else None
    if not (last is not None and _is_asyncio_run_main(last)):
        line = getattr(last, "lineno", 1)
        problems.append(Violation(path, line, "entry-point", "last statement must be asyncio.run(main())"))
    return problems


def _is_asyncio_run_main(statement: ast.stmt) -> bool:
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return False
    call = statement.value
    func = call.func
    is_run = (
        isinstance(func, ast.Attribute)
        and func.attr == "run"
        and isinstance(func.value, ast.Name)
        and func.value.id == "asyncio"
    )
    if not is_run or len(call.args) != 1 or call.keywords:
        return False
    inner = call.args[0]
    return (
        isinstance(inner, ast.Call)
        and isinstance(inner.func, ast.Name)
        and inner.func.id == "main"
        and not inner.args
        and not inner.keywords
    )


def game_sources(root: Path) -> Iterator[Path]:
    """main.py and every .py under game/, the files that ship to the browser."""
    yield root / "main.py"
    yield from sorted((root / "game").rglob("*.py"))


def check_tree(root: Path) -> list[Violation]:
    """Check every shipped source file under `root`."""
    violations: list[Violation] = []
    for file in game_sources(root):
        relative = file.relative_to(root).as_posix()
        source = file.read_text(encoding="utf-8")
        violations += check_source(source, relative)
        if relative == "main.py":
            violations += check_entry_point(source, relative)
    return violations
