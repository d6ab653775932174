"""Figures that say how game/ui is put together (for looking at, not a test).

    python tools/ui_metrics.py [--package game.ui] [--json]

Reads the source only (ast), never imports it. Prints: how many modules and lines; the
modules caught in import cycles at run time (module-level and function-local imports) and
when type-only imports count too; how many imports are written inside functions; the largest
file and class (lines, methods); how often ``app: Any`` appears; and how many modules define
their own colour constants (INK, GOLD, GOOD, BAD, DIM ...).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.ui.import_graph import cycles, graph, module_names, package_imports  # noqa: E402

COLOUR_NAMES = {"INK", "DIM", "DIM_INK", "GOLD", "GOOD", "BAD", "GREEN", "RED", "FELT", "PANEL_FILL"}
"""Palette names that more than one module used to define for itself."""


def _classes(tree: ast.Module) -> list[tuple[str, int, int]]:
    """(name, lines, methods) of every class in a module, nested ones too."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            methods = sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in node.body)
            found.append((node.name, lines, methods))
    return found


def _colour_names(tree: ast.Module) -> set[str]:
    """Palette constants a module assigns at its top level (not ones it imports)."""
    names: set[str] = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Name) and target.id in COLOUR_NAMES:
                names.add(target.id)
    return names


def measure(package: str) -> dict[str, object]:
    """Every figure for `package`, as plain data."""
    names = module_names(package)
    imports = package_imports(package)
    run_time = cycles(graph(imports, ["module", "local"]))
    with_types = cycles(graph(imports, ["module", "local", "typing"]))
    files, classes, colours = [], [], {}
    total_lines = app_any = 0
    for name, path in names.items():
        source = path.read_text(encoding="utf-8")
        lines = len(source.splitlines())
        total_lines += lines
        files.append((lines, name))
        tree = ast.parse(source)
        classes += [(cl_lines, methods, f"{name}.{cls}") for cls, cl_lines, methods in _classes(tree)]
        app_any += len(re.findall(r"\bapp: Any\b", source))
        own = _colour_names(tree)
        if own:
            colours[name] = sorted(own)
    files.sort(reverse=True)
    classes.sort(reverse=True)
    return {
        "modules": len(names),
        "lines": total_lines,
        "modules_in_cycles_run_time": sum(len(g) for g in run_time),
        "cycles_run_time": [len(g) for g in run_time],
        "modules_in_cycles_with_types": sum(len(g) for g in with_types),
        "cycles_with_types": [len(g) for g in with_types],
        "function_local_imports": sum(1 for i in imports if i.kind == "local"),
        "type_only_imports": sum(1 for i in imports if i.kind == "typing"),
        "largest_files": [{"module": n, "lines": lines} for lines, n in files[:3]],
        "largest_classes": [{"class": n, "lines": lines, "methods": m} for lines, m, n in classes[:3]],
        "files_over_700_lines": sum(1 for lines, _ in files if lines > 700),
        "classes_over_500_lines": sum(1 for lines, _, _ in classes if lines > 500),
        "app_any": app_any,
        "modules_defining_colours": len(colours),
        "colour_definitions": colours,
    }


def report(figures: dict[str, object]) -> str:
    """The figures as a few lines of text."""
    files = figures["largest_files"]
    classes = figures["largest_classes"]
    assert isinstance(files, list) and isinstance(classes, list)
    lines = [
        f"modules: {figures['modules']}, lines: {figures['lines']}",
        f"modules in import cycles at run time: {figures['modules_in_cycles_run_time']} "
        f"(cycle sizes {figures['cycles_run_time']})",
        f"... counting type-only imports: {figures['modules_in_cycles_with_types']} "
        f"(cycle sizes {figures['cycles_with_types']})",
        f"imports inside functions: {figures['function_local_imports']}; "
        f"type-only imports: {figures['type_only_imports']}",
        "largest files: " + ", ".join(f"{f['module']} {f['lines']} lines" for f in files),
        "largest classes: "
        + ", ".join(f"{c['class']} {c['lines']} lines/{c['methods']} methods" for c in classes),
        f"files over 700 lines: {figures['files_over_700_lines']}; "
        f"classes over 500 lines: {figures['classes_over_500_lines']}",
        f"'app: Any': {figures['app_any']}",
        f"modules defining their own colours: {figures['modules_defining_colours']}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", default="game.ui")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not (ROOT / args.package.replace(".", "/")).is_dir():
        parser.error(f"no package {args.package} under {ROOT}")
    figures = measure(args.package)
    print(json.dumps(figures, indent=1) if args.json else report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
