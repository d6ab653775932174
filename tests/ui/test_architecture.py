"""The shape of game/ui, read from its source: no import cycles, one-way layers, no screen
importing another (only the app, the composition root, knows the screens).

The layers: core <- table <- {fairplay, tutorial, coach}; core <- screens. A module may
import its own package and the layers below it; `game.ui.app` may import anything. A screen
module (one that defines a Scene) may import another screen module only to extend a scene
of it (the tutorial's table is a table); everything else reaches screens by name.
"""

from __future__ import annotations

import importlib

import pytest

from .import_graph import (
    ROOT,
    Import,
    class_bases,
    cycle_path,
    cycles,
    graph,
    imports_in,
    module_names,
    package_imports,
    scene_classes,
)

PACKAGE = "game.ui"
COMPOSITION_ROOT = "game.ui.app"
LAYERS = {
    "core": {"core"},
    "table": {"core", "table"},
    "screens": {"core", "screens"},
    "fairplay": {"core", "table", "fairplay"},
    "coach": {"core", "table", "coach"},
    "tutorial": {"core", "table", "tutorial"},
}
"""Each package of game/ui and the packages it may import (its own and the layers below)."""
ROOT_MAY_IMPORT = {"core"}
"""What a module at the top of game/ui other than the app may import."""


def layer_of(module: str) -> str | None:
    """The package of game/ui a module belongs to (None for game.ui itself and its top modules)."""
    parts = module.split(".")
    return parts[2] if len(parts) > 3 else None


def cycle_problems(imports: list[Import]) -> list[str]:
    """Every import cycle (counting type-only and function-local imports), as a path."""
    edges = graph(imports, ["module", "typing", "local"])
    return [" -> ".join(cycle_path(edges, group)) for group in cycles(edges)]


def layer_problems(imports: list[Import]) -> list[str]:
    """Imports that go up or across the layers."""
    problems = []
    for item in imports:
        if item.source in (COMPOSITION_ROOT, PACKAGE):
            continue
        source, target = layer_of(item.source), layer_of(item.target)
        allowed = LAYERS.get(source, set()) if source is not None else ROOT_MAY_IMPORT
        if target not in allowed:
            problems.append(
                f"{item.source}:{item.line} imports {item.target} ({source} may not use {target})"
            )
    return problems


def screen_problems(
    imports: list[Import], scenes: dict[str, set[str]], bases: dict[str, set[str]]
) -> list[str]:
    """Imports of screen modules by anything but the app, except to extend one of their scenes."""
    problems = []
    for item in imports:
        if item.target not in scenes or item.source == COMPOSITION_ROOT:
            continue
        extends = (
            item.source in scenes
            and bool(item.names)
            and all(
                name in scenes[item.target] and name in bases.get(item.source, set()) for name in item.names
            )
        )
        if not extends:
            taken = ", ".join(item.names) or "the module"
            problems.append(f"{item.source}:{item.line} imports {taken} from the screen module {item.target}")
    return problems


def _actual() -> tuple[list[Import], dict[str, set[str]], dict[str, set[str]]]:
    imports = package_imports(PACKAGE)
    scenes = scene_classes(PACKAGE, ("game.ui.core.scene", "Scene"))
    bases = {name: class_bases(path) for name, path in module_names(PACKAGE).items()}
    return imports, scenes, bases


def test_game_ui_has_no_import_cycle_not_even_through_type_only_or_local_imports() -> None:
    imports, _, _ = _actual()
    assert cycle_problems(imports) == []


def test_each_package_imports_only_its_own_and_the_layers_below_it() -> None:
    imports, _, _ = _actual()
    assert layer_problems(imports) == []


def test_no_screen_module_is_imported_but_by_the_app_or_to_extend_its_scene() -> None:
    imports, scenes, bases = _actual()
    assert {"game.ui.screens.title", "game.ui.table.scene", "game.ui.tutorial.scene"} <= set(scenes)
    assert screen_problems(imports, scenes, bases) == []


def test_the_checks_catch_a_cycle_a_layer_break_and_a_screen_importing_a_screen() -> None:
    title, pause, table = "game.ui.screens.title", "game.ui.screens.pause", "game.ui.table.scene"
    tutorial = "game.ui.tutorial.scene"
    scenes = {
        title: {"TitleScene"},
        pause: {"PauseScene"},
        table: {"TableScene"},
        tutorial: {"TutorialScene"},
    }
    bases = {tutorial: {"TableScene"}, title: {"Scene"}}
    bad = [
        Import(title, pause, "local", 3, ("PauseScene",)),  # a screen opening another by import
        Import(pause, title, "typing", 9, ("TitleScene",)),  # ... and back: a cycle
        Import("game.ui.core.menu", table, "module", 1, ("TableScene",)),  # core reaching up
        Import(tutorial, table, "module", 2, ("TableScene",)),  # extending the table: fine
        Import(tutorial, table, "module", 4, ("Tally",)),  # taking anything else is not
    ]
    assert cycle_problems(bad) == [f"{pause} -> {title} -> {pause}"]
    assert layer_problems(bad) == [f"game.ui.core.menu:1 imports {table} (core may not use table)"]
    assert screen_problems(bad, scenes, bases) == [
        f"{title}:3 imports PauseScene from the screen module {pause}",
        f"{pause}:9 imports TitleScene from the screen module {title}",
        f"game.ui.core.menu:1 imports TableScene from the screen module {table}",
        f"{tutorial}:4 imports Tally from the screen module {table}",
    ]


def test_every_registered_screen_carries_the_name_it_is_registered_under() -> None:
    from game.ui.app import SCREENS

    _, scenes, _ = _actual()
    for name, make in SCREENS.items():
        assert getattr(make, "name", None) == name, f"{make} is registered as {name!r}"
    registered = {getattr(make, "__name__", "") for make in SCREENS.values()}
    everything = {cls for classes in scenes.values() for cls in classes}
    # Every screen can be reached by name (the dialog base class is only a base).
    assert everything - registered == {"Dialog"}


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_each_package_says_what_lives_in_it(package: str) -> None:
    module = importlib.import_module(f"{PACKAGE}.{package}")
    doc = module.__doc__ or ""
    inside = sorted(
        path.stem for path in (ROOT / "game" / "ui" / package).glob("*.py") if path.stem != "__init__"
    )
    missing = [name for name in inside if f"`{name}`" not in doc]
    assert not missing, f"game/ui/{package}/__init__.py does not say what {missing} hold"


def test_import_graph_reads_imports_at_module_level_under_type_checking_and_in_functions() -> None:
    source = "from typing import TYPE_CHECKING\nfrom game.ui.core import theme\nif TYPE_CHECKING:\n"
    source += "    from game.ui.table.scene import TableScene\ndef f():\n    from .draw import felt\n"
    known = {"game.ui.core.theme", "game.ui.table.scene", "game.ui.table.draw"}
    found = imports_in(source, "game.ui.table.cards", known)
    assert [(i.target, i.kind, i.names) for i in found] == [
        ("game.ui.core.theme", "module", ()),
        ("game.ui.table.scene", "typing", ("TableScene",)),
        ("game.ui.table.draw", "local", ("felt",)),
    ]
