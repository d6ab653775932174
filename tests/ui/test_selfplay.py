"""Self-play runs the real loop with the AI in both seats and reports frame times."""

from __future__ import annotations

import asyncio
import json

from game.ui import app as app_module


def test_selfplay_plays_the_requested_hands_and_writes_stats(tmp_path):
    stats = tmp_path / "frames.json"
    shots = tmp_path / "shots"
    code = asyncio.run(
        app_module.main(
            [
                "--selfplay",
                "2",
                "--speed",
                "0",
                "--seed",
                "5",
                "--screenshots",
                str(shots),
                "--frame-stats",
                str(stats),
            ]
        )
    )
    assert code == 0
    data = json.loads(stats.read_text())
    assert set(data) == {
        "frames",
        "frames_drawn",
        "frame_ms_p50",
        "frame_ms_p99",
        "frame_ms_max",
        "work_ms_p99",
    }
    assert data["frames"] > 0 and 0 < data["frames_drawn"] <= data["frames"]
    names = sorted(p.name for p in shots.iterdir())
    assert any("deal" in n for n in names)
    assert any("hand_result" in n for n in names)


def test_the_window_close_button_ends_the_loop_cleanly():
    import pygame

    from game.ui.app import create_app

    app = create_app(["--no-storage", "--speed", "0"])
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert asyncio.run(app.run()) == 0
    assert app.frame_stats()["frames"] == 1


def test_frame_times_keep_only_the_most_recent_passes(tmp_path, monkeypatch):
    """A game left open for hours keeps a bounded record of its frame times."""

    def passes() -> int:
        stats = tmp_path / "frames.json"
        args = ["--selfplay", "1", "--speed", "0", "--seed", "5", "--frame-stats", str(stats)]
        assert asyncio.run(app_module.main(args)) == 0
        return json.loads(stats.read_text())["frames"]

    whole = passes()
    monkeypatch.setattr(app_module, "FRAME_TIMES_KEPT", whole // 2)
    assert whole > 2 and passes() == whole // 2
