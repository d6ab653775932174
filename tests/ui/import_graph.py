"""The imports between the modules of a package, read from the source (ast), never run.

Used by the architecture test (no import cycles, no screen importing another) and by
tools/ui_metrics.py. An import is one of three kinds:

- ``module``: at module level, run when the module is imported;
- ``typing``: under ``if TYPE_CHECKING:``, read only by the type checker;
- ``local``: inside a function or method, run when that code runs.

>>> import textwrap
>>> source = textwrap.dedent('''
...     from typing import TYPE_CHECKING
...     from game.ui import a
...     if TYPE_CHECKING:
...         from game.ui.b import B
...     def f():
...         from . import c
... ''')
>>> [(i.target, i.kind) for i in imports_in(source, "game.ui.x", {"game.ui.a", "game.ui.b", "game.ui.c"})]
[('game.ui.a', 'module'), ('game.ui.b', 'typing'), ('game.ui.c', 'local')]
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Import:
    """One import of a module of the package by another."""

    source: str
    target: str
    kind: str  # "module", "typing" or "local"
    line: int
    names: tuple[str, ...] = ()
    """The names taken from the target (``from target import a, b``); () for the module itself."""


def module_names(package: str, root: Path = ROOT) -> dict[str, Path]:
    """Every module of `package` (dotted name -> file), packages as their ``__init__``."""
    folder = root / package.replace(".", "/")
    names: dict[str, Path] = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module an ``from ... import`` names."""
    if node.level == 0:
        return node.module or ""
    parts = module.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _targets(
    node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: set[str]
) -> dict[str, tuple[str, ...]]:
    """The known modules an import statement loads, with the names it takes from each
    (``from pkg import mod`` loads ``pkg.mod`` and takes no name from it)."""
    found: dict[str, tuple[str, ...]] = {}
    if isinstance(node, ast.Import):
        for alias in node.names:
            name = alias.name
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                found.setdefault(name, ())
        return found
    base = _resolve(node, module, is_package)
    for alias in node.names:
        full = f"{base}.{alias.name}"
        if full in known:
            found.setdefault(full, ())
        elif base in known:
            found[base] = (*found.get(base, ()), alias.name)
    return found


def imports_in(source: str, module: str, known: set[str], is_package: bool = False) -> list[Import]:
    """The imports of known modules in one module's source, each with its kind."""
    tree = ast.parse(source)
    found: list[Import] = []

    def visit(node: ast.AST, kind: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                for target, names in _targets(child, module, is_package, known).items():
                    if target != module:
                        found.append(Import(module, target, kind, child.lineno, names))
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, "local")
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for part in child.body:
                    visit_one(part, "typing" if kind == "module" else kind)
                for part in child.orelse:
                    visit_one(part, kind)
            else:
                visit(child, kind)

    def visit_one(node: ast.AST, kind: str) -> None:
        wrapper = ast.Module(body=[node], type_ignores=[])  # type: ignore[list-item]
        visit(wrapper, kind)

    visit(tree, "module")
    return found


def package_imports(package: str, root: Path = ROOT) -> list[Import]:
    """Every import between modules of `package`."""
    names = module_names(package, root)
    known = set(names)
    found: list[Import] = []
    for name, path in names.items():
        found += imports_in(path.read_text(encoding="utf-8"), name, known, path.name == "__init__.py")
    return found


def graph(imports: Iterable[Import], kinds: Iterable[str]) -> dict[str, set[str]]:
    """Module -> the modules it imports, counting only the given kinds of import."""
    wanted = set(kinds)
    edges: dict[str, set[str]] = {}
    for item in imports:
        edges.setdefault(item.source, set())
        edges.setdefault(item.target, set())
        if item.kind in wanted:
            edges[item.source].add(item.target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (each an import cycle), largest first.

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0

    def connect(start: str) -> None:
        # Tarjan's algorithm, iterative so deep graphs do not reach the recursion limit.
        nonlocal counter
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return sorted(groups, key=lambda g: (-len(g), g))


def cycle_path(edges: dict[str, set[str]], group: list[str]) -> list[str]:
    """The shortest closed path through a cycle group's first module, to show in a failure
    message (the first module repeated at the end).

    >>> cycle_path({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c"])
    ['a', 'b', 'c', 'a']
    """
    members = set(group)
    start = group[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for child in sorted(edges.get(node, set()) & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    return [start]


def scene_classes(package: str, base: tuple[str, str], root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the classes it defines that derive, within `package`, from `base` (module,
    class name): the screens, when `base` is the Scene class.

    >>> found = scene_classes("game.ui", ("game.ui.core.scene", "Scene"))
    >>> "TableScene" in found["game.ui.table.scene"], "Scene" in found.get("game.ui.core.scene", set())
    (True, False)
    """
    names = module_names(package, root)
    known = set(names)
    bases: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for module, path in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        local: dict[str, tuple[str, str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                origin = _resolve(node, module, path.name == "__init__.py")
                for alias in node.names:
                    local[alias.asname or alias.name] = (origin, alias.name)
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                local[node.name] = (module, node.name)
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                parents = [local[b.id] for b in node.bases if isinstance(b, ast.Name) and b.id in local]
                bases[(module, node.name)] = parents
    scenes: set[tuple[str, str]] = set()
    changed = True
    while changed:
        changed = False
        for cls, parents in bases.items():
            if cls not in scenes and any(p == base or p in scenes for p in parents):
                scenes.add(cls)
                changed = True
    found: dict[str, set[str]] = {}
    for module, name in scenes:
        if module in known:
            found.setdefault(module, set()).add(name)
    return found


def class_bases(path: Path) -> set[str]:
    """The names used as base classes in a module (to tell subclassing from other use)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        b.id
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for b in node.bases
        if isinstance(b, ast.Name)
    }
