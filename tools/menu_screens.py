"""Screenshots of the screens around the table, at given window sizes (for looking, not a test).

    python tools/menu_screens.py --size 390x844 --size 360x640 --size 1920x1080 --out /tmp/menus

The title (with a saved match to continue), the new-match screen (its top, scrolled to the
end, Oklahoma with the options it does not use, the question before replacing a saved
match), the settings, the pause menu over the table and its questions, the statistics (all
games, one bucket, the question before forgetting) and a storage notice. Data is kept in a
temporary folder, never the player's.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.flags import size_pair
from game.rules import Match, RuleSet
from game.ui.app import App, create_app
from game.ui.core.viewport import MAX_WINDOW, MIN_WINDOW

DT = 1.0 / 60.0


def frames(app: App, count: int = 1) -> None:
    """Run `count` frames of the real loop."""
    for _ in range(count):
        app.frame(DT)


def _stats(app: App) -> None:
    from game.storage.stats import Bucket

    for level, wins in (("hard", 3), ("medium", 1)):
        bucket = Bucket("standard", "2", level)
        for index in range(6):
            won = index < wins
            app.stats.record_hand(
                bucket, won, "gin" if index == 0 else "knock", 25 if won else 0, 0 if won else 14
            )
            app.stats.record_match(bucket, won, 120 if won else 0)
    app.stats.record_daily("2026-11-29", True, 24, 17)


def shoot(size: tuple[int, int], out: Path) -> None:
    """Every screen of this part at one window size."""
    from game.ui.screens.new_match import NewMatchScene
    from game.ui.screens.notices import ConfirmScene, NoticeScene
    from game.ui.screens.pause import PauseScene
    from game.ui.screens.settings_screen import SettingsScene
    from game.ui.screens.statistics import StatsScene
    from game.ui.screens.title import TitleScene
    from game.ui.table.scene import TableScene

    tag = f"{size[0]}x{size[1]}"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        os.environ["GIN_RUMMY_DATA_DIR"] = data
        app = create_app(["--seed", "3", "--speed", "0", "--window", tag])

        def shot(name: str) -> None:
            frames(app, 2)
            app.stack.draw(app.surface)
            path = out / f"{tag}_{name}.png"
            pygame.image.save(app.surface, str(path))
            print(path)

        match = Match(RuleSet.preset("standard"), random.Random(2))
        match.new_hand()
        app.persistence.save_match(match, app.settings.match_setup())
        app.stack.push(TitleScene(app))
        frames(app, 200)
        shot("m01_title_continue")
        scene = NewMatchScene(app)
        app.stack.push(scene)
        shot("m02_new_match")
        app.settings.variant = "oklahoma"
        app.settings.eleven_card_deal = True
        scene._build()
        scene.menu.focus = scene.menu.index_of("eleven_card_deal") or 0
        scene.menu.follow_focus()
        shot("m03_new_match_oklahoma_greyed")
        app.settings.players = "4"
        scene._build()
        scene.menu.focus = len(scene.menu.items) - 1
        scene.menu.follow_focus()
        shot("m04_new_match_end_four_players")
        scene.start()
        shot("m05_new_match_replace_question")
        app.stack.pop()
        app.settings.players = "2"
        app.settings.variant = "standard"
        app.stack.replace_all(TitleScene(app))
        app.stack.push(SettingsScene(app))
        shot("m06_settings")
        table = TableScene(app, match)
        app.stack.replace_all(table)
        frames(app, 5)
        pause = PauseScene(app, table)
        app.stack.push(pause)
        shot("m07_pause")
        pause.ask_concede()
        shot("m08_pause_concede_question")
        app.stack.pop()
        app.stack.push(SettingsScene(app))
        shot("m09_settings_over_pause")
        _stats(app)
        stats = StatsScene(app)
        app.stack.replace_all(stats)
        shot("m10_statistics_all")
        stats.step_bucket(1)
        shot("m11_statistics_bucket")
        stats.ask_reset()
        shot("m12_statistics_reset_question")
        app.stack.replace_all(TitleScene(app))
        app.stack.push(
            NoticeScene(
                app,
                [
                    "Your statistics file was damaged: it was set aside as statistics.json.corrupt-"
                    "20261130T101500 and a fresh one started.",
                    "Your settings could not be saved (the disk is full); the game goes on without saving them.",
                ],
            )
        )
        shot("m13_notice")
        app.stack.replace_all(TitleScene(app))
        app.stack.push(ConfirmScene(app, "Concede the match?", "Short.", yes=("Concede", lambda: None)))
        shot("m14_confirm_short")
        pygame.quit()


def main(argv: list[str] | None = None) -> int:
    """Shoot every screen at each size asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--size",
        action="append",
        type=size_pair(MIN_WINDOW, MAX_WINDOW, "window size"),
        help="window size, e.g. 390x844",
    )
    parser.add_argument("--out", type=Path, default=Path("/tmp/menu_screens"))
    options = parser.parse_args(argv)
    for size in options.size or [(390, 844), (360, 640), (1920, 1080)]:
        shoot(size, options.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
