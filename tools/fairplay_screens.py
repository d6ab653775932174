"""Screenshots of the deal check, a replay, the daily deal and its result, for looking at.

    python tools/fairplay_screens.py --size 390x844 --size 360x640 --size 1920x1080 --out /tmp/fair

Drives the real app headless: a hand of a new match played by AIs to its result panel, the
deal check (top, scrolled to the deck, after an export), a replay from the other seat, the
daily deal's table, its result panel and the daily result (before and after copying).
Saves one PNG per screen and size. Not a test: open the pictures and look.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GIN_RUMMY_DATA_DIR", tempfile.mkdtemp(prefix="gin-rummy-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.flags import size_pair
from game.ui.app import App, create_app
from game.ui.core.viewport import MAX_WINDOW, MIN_WINDOW

DT = 1.0 / 60.0
DAY = datetime.date(2026, 11, 30)


def run_until(app: App, done: Callable[[], bool], limit: int = 20000) -> None:
    """Frames until `done()` (or give up after `limit`)."""
    for _ in range(limit):
        if done():
            return
        app.frame(DT)


def shoot(size: tuple[int, int], out: Path) -> None:
    """Every screen of the deal check and the daily deal at one window size."""
    from game.ui.fairplay.daily_deal import DailyResultScene, open_daily
    from game.ui.fairplay.deal_check import open_deal_check
    from game.ui.table.hand_result import HandResultScene
    from game.ui.table.scene import TableScene
    from game.ui.table.seats import ThinkingSeat, make_ai

    tag = f"{size[0]}x{size[1]}"
    app = create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", tag])
    out.mkdir(parents=True, exist_ok=True)

    def shot(name: str) -> None:
        for _ in range(3):
            app.frame(DT)
        app.stack.draw(app.surface)
        path = out / f"{tag}_{name}.png"
        pygame.image.save(app.surface, str(path))
        print(path)

    def finish(table: TableScene) -> None:
        table.flow.seats[table.me] = ThinkingSeat(make_ai("simple", seed=5))
        run_until(app, lambda: isinstance(app.stack.top, HandResultScene))

    table = TableScene(app)
    app.stack.replace_all(table)
    finish(table)
    shot("f1_hand_result")
    open_deal_check(app, table)
    shot("f2_deal_check")
    check = app.stack.top
    check.body.scroll = check.body.max_scroll // 2
    shot("f3_deal_check_scrolled")
    check.export()
    shot("f4_deal_check_exported")
    check.replay(same_seat=False)
    replay = app.stack.top
    run_until(app, lambda: replay.hand is not None and not replay.dealing)
    shot("f5_replay_their_cards")
    open_daily(app, DAY)
    daily = app.stack.top
    run_until(app, lambda: daily.hand is not None and not daily.dealing)
    shot("d1_daily_table")
    finish(daily)
    shot("d2_daily_hand_result")
    app.stack.top.next()
    run_until(app, lambda: isinstance(app.stack.top, DailyResultScene))
    shot("d3_daily_result")
    app.stack.top.copy()
    shot("d4_daily_result_copied")
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
    parser.add_argument("--out", type=Path, default=Path("/tmp/fairplay-screens"))
    options = parser.parse_args(argv)
    for size in options.size or [(390, 844), (360, 640), (1920, 1080)]:
        shoot(size, options.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
