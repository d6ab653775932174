"""Which seeds give the browser test the first hands it needs, found natively in seconds.

    python tools/find_browser_seeds.py            # seeds 1..40
    python tools/find_browser_seeds.py 1 200

The browser test (tests/web/test_browser.py) starts a match with a fixed `--seed` and plays
hand 1 with the plain player of tests/web/chromium/player.py; the desktop seed must give a
hand where the player takes a discard and knocks and the AI lays off, the phone seed one
where the AI knocks and the player lays a card off. This plays the same path natively (the
title, New match, Start match, then the player's moves as posted clicks and drags, under
SDL's dummy driver) and prints what each seed's first hand holds. The medium AI's moves
depend on the seed alone, so a seed chosen here plays out the same way in Chromium; when the
AI or the deal changes, the browser test says which seed stopped fitting, and this finds
another.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui import probe  # noqa: E402
from game.ui.app import App, create_app  # noqa: E402
from game.ui.screens.title import TitleScene  # noqa: E402
from tests.web.chromium import player  # noqa: E402

DT = 1.0 / 60.0
FRAME_LIMIT = 20000


def state(app: App) -> dict[str, Any]:
    """The probe's snapshot of the native app."""
    result: dict[str, Any] = json.loads(probe.snapshot())
    return result


def centre(snapshot: dict[str, Any], name: str) -> tuple[int, int]:
    """The middle of a target, a card on the table or a pile, in window pixels."""
    table = snapshot.get("table") or {}
    rects = {target["name"]: target["rect"] for target in snapshot["targets"]}
    rects.update({card: info["rect"] for card, info in table.get("cards", {}).items() if card not in rects})
    rects.update({pile: rect for pile, rect in table.get("piles", {}).items() if pile not in rects})
    x, y, w, h = rects[name]
    return x + w // 2, y + h // 2


def click(app: App, pos: tuple[int, int]) -> None:
    """Press and release the left button at `pos`."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.frame(DT)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at `start`, move to `end` in steps, release."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(DT)
    for step in range(1, 9):
        pos = (start[0] + (end[0] - start[0]) * step // 8, start[1] + (end[1] - start[1]) * step // 8)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        app.frame(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(DT)


def until(app: App, condition: Any) -> dict[str, Any]:
    """Run frames until `condition(snapshot)` holds."""
    for _ in range(FRAME_LIMIT):
        snapshot = state(app)
        if condition(snapshot):
            return snapshot
        app.frame(DT)
    raise RuntimeError("the game never got there")


def first_hand(seed: int) -> dict[str, Any]:
    """Play hand 1 of a match started from the title with `seed`; what happened in it."""
    app = create_app(["--no-storage", "--seed", str(seed), "--speed", "0"])
    probe._app = app  # the probe's page flag does not exist natively: attach by hand
    app.stack.push(TitleScene(app))  # what App.run starts with
    try:
        for target in ("New match", "Start match"):
            click(
                app, centre(until(app, lambda s, t=target: any(x["name"] == t for x in s["targets"])), target)
            )
        moves: list[str] = []
        actions: list[str] = []
        while True:
            snapshot = until(app, lambda s: s["top"] == "hand_result" or player.choose(s) is not None)
            if snapshot["top"] == "hand_result":
                table = snapshot["table"]
                return {
                    "seed": seed,
                    "took": sum(move.startswith("take") or move.endswith("into the hand") for move in moves),
                    "knocked": table["knocker"],
                    "result": table["result"],
                    "layoffs": table["layoffs"],
                    "player_laid_off": any("lay off" in move for move in moves),
                    "moves": len(moves),
                    "actions": actions,
                }
            move = player.choose(snapshot)
            assert move is not None
            moves.append(move.why)
            if move.action is not None:
                actions.append(move.action)
            start = centre(snapshot, move.target)
            if move.kind == "press":
                click(app, start)
            else:
                assert move.onto is not None
                drag(app, start, centre(snapshot, move.onto))
    finally:
        probe._app = None
        pygame.quit()


def fits(hand: dict[str, Any]) -> list[str]:
    """Which device of the browser test this first hand would serve."""
    uses = []
    if hand["took"] and hand["knocked"] == 0 and hand["layoffs"]:
        uses.append("desktop: the player knocks, the AI lays off")
    if hand["took"] and hand["knocked"] == 1 and hand["player_laid_off"]:
        uses.append("phone: the AI knocks, the player lays off")
    return uses


def main(argv: list[str] | None = None) -> int:
    """Print each seed's first hand and what it fits."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", nargs="?", type=int, default=1)
    parser.add_argument("last", nargs="?", type=int, default=40)
    args = parser.parse_args(argv)
    for seed in range(args.first, args.last + 1):
        hand = first_hand(seed)
        uses = "; ".join(fits(hand)) or "-"
        print(
            f"seed {seed:4d}: {hand['result'] or 'void':<9} knocker {hand['knocked']!s:<4} "
            f"took {hand['took']}  layoffs {len(hand['layoffs'])}  moves {hand['moves']:3d}  {uses}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
