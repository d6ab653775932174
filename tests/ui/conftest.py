"""UI tests run headless: dummy video and audio drivers, no saved data touched."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest


@pytest.fixture(autouse=True)
def _isolated_data(tmp_path, monkeypatch):
    """Whatever storage the app finds writes into a temporary folder."""
    monkeypatch.setenv("GIN_RUMMY_DATA_DIR", str(tmp_path / "data"))
    yield
    pygame.quit()
