"""Doctests see the engine's public names, as a reader of the docs would after
``from game.rules import *``."""

from typing import Any

import pytest

import game.rules


@pytest.fixture(autouse=True)
def _engine_names_for_doctests(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace.update({name: getattr(game.rules, name) for name in game.rules.__all__})
