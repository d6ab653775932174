"""Screenshots of every scene at given window sizes, for looking at (not a test).

    python tools/screens.py --size 390x844 --size 1920x1080 --out /tmp/screens
    python tools/screens.py --size 390x844 --set card_size=160 --set high_contrast=on

Drives the real app headless (dummy video driver) through the title, the table at each
phase of a hand (upcard offer, draw, discard, knocking, the arrangement, layoffs, the result),
the match result, statistics, help, pause, and three- and four-player tables, and saves one
PNG per scene and size. Open them and look. `--learn` adds every prompt of the tutorial and
the rules screen of each variant, page by page. `--set OPTION=VALUE` shoots with a setting
of the settings screen changed (the card and text size, high contrast, left-handed, ...);
the files are named after it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.flags import size_pair
from game.rules import Card, Phase
from game.ui.app import App, create_app
from game.ui.core.viewport import MAX_WINDOW, MIN_WINDOW
from tests.ui.harness import deck_for, fixed_match

DT = 1.0 / 60.0


def frames(app: App, count: int = 1) -> None:
    """Run `count` frames of the real loop."""
    for _ in range(count):
        app.frame(DT)


def run_until(app: App, done: Callable[[], bool], limit: int = 3000) -> None:
    """Frames until `done()` (or give up after `limit`)."""
    for _ in range(limit):
        if done():
            return
        app.frame(DT)


class Shooter:
    """Saves the window as PNGs named after the scene."""

    def __init__(self, app: App, out: Path, tag: str) -> None:
        self.app, self.out, self.tag = app, out, tag
        out.mkdir(parents=True, exist_ok=True)

    def shot(self, name: str) -> None:
        """Draw the stack now and save it."""
        self.app.stack.draw(self.app.surface)
        path = self.out / f"{self.tag}_{name}.png"
        pygame.image.save(self.app.surface, str(path))
        print(path)


def _fixed_table(app: App, deck: list[Card], dealer: int):
    from game.ui.table.scene import TableScene
    from game.ui.table.seats import ThinkingSeat

    table = TableScene(app, fixed_match(app, deck, dealer))
    app.stack.replace_all(table)
    frames(app, 3)
    return table, ThinkingSeat


def setting(text: str) -> tuple[str, object]:
    """An OPTION=VALUE of the settings screen ("card_size=160", "high_contrast=on")."""
    from game.storage.settings import Settings

    name, _, raw = text.partition("=")
    try:
        choices = Settings().choices(name)
    except KeyError:
        raise argparse.ArgumentTypeError(f"no setting {name!r:.40}") from None
    for choice in choices:
        words = {str(choice).lower()} | (
            {"on", "yes"} if choice is True else {"off", "no"} if choice is False else set()
        )
        if raw.lower() in words:
            return name, choice
    raise argparse.ArgumentTypeError(f"{name} cannot be {raw!r:.40}: one of {', '.join(map(str, choices))}")


def _looks(app: App, looks: list[tuple[str, object]]) -> str:
    """Apply the settings asked for; the file names' suffix saying which."""
    for name, value in looks:
        app.settings.set_option(name, value)
    app.settings_changed()
    return "".join(f"_{name}-{str(value).lower()}" for name, value in looks)


def shoot(size: tuple[int, int], out: Path, looks: list[tuple[str, object]] | None = None) -> None:
    """Every scene at one window size."""
    tag = f"{size[0]}x{size[1]}"
    app = create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", tag, "--level", "medium"])
    tag += _looks(app, looks or [])
    shots = Shooter(app, out, tag)
    from game.ui.screens.help import HelpScene
    from game.ui.screens.match_result import MatchResultScene
    from game.ui.screens.pause import PauseScene
    from game.ui.screens.statistics import StatsScene
    from game.ui.screens.title import TitleScene
    from game.ui.table.hand_result import HandResultScene

    app.stack.push(TitleScene(app))
    frames(app, 5)
    shots.shot("01_title")
    # A hand where the human knocks: 6-9♥ run, four nines... (a prepared deal)
    deck = deck_for(
        human="6H 7H 8H 9C 9D 9S 2C 3C 4C KS",
        ai="2H 5H JD JS QS QH 4D 4S TD 8C",
        upcard="KC",
        stock="AD 5C 7D AS",
        dealer=1,
    )
    table, _ = _fixed_table(app, deck, dealer=1)
    frames(app, 2)
    shots.shot("02_table_upcard_offer")
    table.pass_turn()
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    frames(app, 2)
    shots.shot("03_table_draw")
    table.draw_stock()
    frames(app, 2)
    shots.shot("04_table_discard")
    table.start_knock()
    frames(app, 2)
    shots.shot("05_table_knock_choice")
    table.knock(table.selected)
    frames(app, 2)
    shots.shot("06_table_arrange")
    table.lay_down()
    run_until(app, lambda: table.hand.is_over)
    frames(app, 2)
    shots.shot("07_table_hand_over")
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app, 2)
    shots.shot("08_hand_result")
    # The AI knocks: the human lays off.
    deck = deck_for(
        human="5H 9C 9D 2S 3D KS QD JC TD 8S",
        ai="6H 7H 8H 9S 9H 2C 3C 4C AD 5D",
        upcard="AC",
        stock="KD 4S",
        dealer=0,
    )
    table, seat_kind = _fixed_table(app, deck, dealer=0)
    from game.rules import Arrange, DrawDiscard, Knock

    class Script:
        def __init__(self) -> None:
            self.steps: list[object] = [DrawDiscard(), Knock(Card.parse("5D"))]

        def think(self, view):
            yield
            if self.steps:
                return self.steps.pop(0)
            return next(a for a in view.legal_actions if isinstance(a, Arrange))

    table.seats[1] = seat_kind(Script())
    run_until(app, lambda: table.hand.phase is Phase.LAYOFF and table.hand.to_act == 0)
    frames(app, 2)
    shots.shot("09_table_layoffs")
    table.finish_layoffs()
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app, 2)
    shots.shot("10_hand_result_defender")
    app.stack.pop()
    app.stack.push(PauseScene(app, table))
    frames(app, 2)
    shots.shot("11_pause")
    app.stack.pop()
    app.stack.push(HelpScene(app))
    frames(app, 2)
    shots.shot("12_help")
    app.stack.pop()
    match = table.match
    match.scores[0] = match.target + 5
    app.stack.replace_all(MatchResultScene(app, match))
    frames(app, 2)
    shots.shot("13_match_result")
    app.stack.replace_all(StatsScene(app))
    frames(app, 2)
    shots.shot("14_statistics")
    for players in ("3", "4"):
        app.settings.players = players
        from game.ui.table.scene import TableScene

        table = TableScene(app)
        app.stack.replace_all(table)
        run_until(app, lambda table=table: table.hand is not None and not table.dealing, limit=6000)
        frames(app, 2)
        shots.shot(f"15_table_{players}_players")
    app.settings.players = "2"
    shoot_round_the_table(app, shots)
    pygame.quit()


def shoot_learning(size: tuple[int, int], out: Path, looks: list[tuple[str, object]] | None = None) -> None:
    """Every prompt of the tutorial (Skip and Next to the end), then the rules screen of each
    variant scrolled page by page."""
    from game.rules import RuleSet
    from game.ui.screens.rules_screen import RulesScene
    from game.ui.screens.title import TitleScene
    from game.ui.tutorial.scene import TutorialResultScene, start_tutorial

    tag = f"{size[0]}x{size[1]}"
    app = create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", tag])
    tag += _looks(app, looks or [])
    shots = Shooter(app, out, tag)
    start_tutorial(app)
    scene = app.stack.scenes[0]
    frames(app, 3)
    shot = None
    for _ in range(3000):
        lesson = scene.lesson
        if lesson.kind == "result" and not isinstance(app.stack.top, TutorialResultScene):
            frames(app)  # the result panel opens after a short look at the hands
            continue
        if lesson.key != shot:
            # Shot at once: at speed 0 a prompt that watches the opponent lasts one frame.
            shots.shot(f"tutorial_{scene.tutor.number:02d}_{lesson.key}")
            shot = lesson.key
        if lesson.kind == "finish":
            break
        if lesson.kind != "watch":
            scene.skip()
        if scene.lesson.key == shot:
            frames(app)
    app.stack.replace_all(TitleScene(app))
    for variant, options in (
        ("standard", {}),
        ("oklahoma", {"oklahoma_extra_boxes": True}),
        ("simple", {}),
        ("standard4", {"players": 4, "eleven_card_deal": True}),
    ):
        rules = RuleSet.preset(variant.rstrip("4"), **options)
        page = app.stack.push(RulesScene(app, rules))
        for number in range(20):
            frames(app, 2)
            shots.shot(f"rules_{variant}_{number}")
            if page.scroll >= page.max_scroll:
                break
            page.scroll_by(page.body.height - app.viewport.px(40))
        app.stack.pop()
    pygame.quit()


def played_match(
    players: int, hands: int = 6, seed: int = 1, finish: bool = False, variant: str = "standard"
):
    """A match after `hands` hands (or to its end), played by the simple AI without a window."""
    from game.ai import make_player
    from game.rules import Match, RuleSet

    match = Match(RuleSet.preset(variant, players=players), random.Random(seed))
    ais = {p: make_player("simple", seed=seed + p) for p in range(players)}
    played = 0
    while not match.finished and (finish or played < hands):
        hand = match.new_hand()
        while not hand.is_over:
            seat = hand.to_act
            hand.apply(ais[match.seats[seat]].choose(hand.view(seat)))
        match.record_hand(hand)
        played += 1
    return match


def shoot_round_the_table(app: App, shots: Shooter) -> None:
    """The score sheet, pass and play, celebrations and the AI-only hands."""
    from game.storage.settings import MatchSetup
    from game.ui.screens.celebration import CelebrationScene
    from game.ui.screens.match_result import MatchResultScene
    from game.ui.screens.score_sheet import ScoreSheetScene
    from game.ui.table.away_game import AwayGameScene
    from game.ui.table.hand_result import HandResultScene
    from game.ui.table.scene import TableScene

    for players, name in ((2, "2p"), (3, "3p"), (4, "4p")):
        match = played_match(players, finish=True, seed=players)
        app.stack.replace_all(MatchResultScene(app, match))
        frames(app, 1)
        if players == 2:
            shots.shot("20_match_celebration")
        while app.stack.top is not None and not isinstance(app.stack.top, MatchResultScene):
            app.stack.pop()
        frames(app, 1)
        shots.shot(f"21_match_result_{name}")
        app.stack.push(ScoreSheetScene(app, match))
        frames(app, 2)
        shots.shot(f"22_score_sheet_{name}_end")
        scene = app.stack.top
        scene.scroll = 0
        frames(app, 1)
        shots.shot(f"22_score_sheet_{name}_top")
    # A score sheet over a table, mid-match.
    match = played_match(2, hands=4, seed=8)
    table = TableScene(app, match)
    app.stack.replace_all(table)
    run_until(app, lambda: table.hand is not None and not table.dealing)
    frames(app, 2)
    shots.shot("23_table_fingerprint")
    table.open_sheet()
    frames(app, 2)
    shots.shot("24_score_sheet_over_table")
    # Pass and play: two people at one device.
    setup = MatchSetup(("person", "person"), "medium")
    table = TableScene(app, None, setup)
    app.stack.replace_all(table)
    frames(app, 2)
    shots.shot("25_pass_the_device")
    app.stack.top.ready()
    run_until(app, lambda: not table.dealing)
    frames(app, 2)
    shots.shot("26_pass_and_play_table")
    app.stack.push(CelebrationScene(app, "gin", "Gin!", "West: gin"))
    for _ in range(12):
        frames(app)
    shots.shot("27_celebration_gin")
    # Three players, the person sits out first: the AIs' hand, watched move by move.
    from game.rules import Match, RuleSet

    match = Match(RuleSet.preset("standard", players=3), random.Random(1))
    table = TableScene(app, match)
    app.stack.replace_all(table)
    run_until(app, lambda: isinstance(app.stack.top, AwayGameScene))
    away = app.stack.top
    run_until(app, lambda: away.game is not None and away.game.moves >= 9)
    frames(app, 1)
    shots.shot("28_away_hand_playing")
    away.skip()
    run_until(app, lambda: away.done)
    frames(app, 2)
    shots.shot("29_away_hand_done")
    # Four players: the person's game result, the other game still to come.
    app.settings.players = "4"
    table = TableScene(app)
    app.stack.replace_all(table)
    from game.ui.table.seats import ThinkingSeat, make_ai

    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, HandResultScene):
            break
        if isinstance(top, AwayGameScene) and top.done:
            top.next()
        elif isinstance(top, AwayGameScene):
            top.skip()
        if table.hand is not None and table.me not in table.seats:
            table.seats[table.me] = table.human_ai = ThinkingSeat(make_ai("simple", seed=3))
        if top is not None and not isinstance(top, TableScene | AwayGameScene | HandResultScene):
            app.stack.pop()  # a celebration
        frames(app)
    frames(app, 2)
    shots.shot("30_hand_result_4p")
    app.settings.players = "2"


def main(argv: list[str] | None = None) -> int:
    """Shoot every scene at each size asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--size",
        action="append",
        type=size_pair(MIN_WINDOW, MAX_WINDOW, "window size"),
        help="window size, e.g. 390x844",
    )
    parser.add_argument("--out", type=Path, default=Path("/tmp/screens"))
    parser.add_argument(
        "--learn", action="store_true", help="also every tutorial prompt and the rules screens"
    )
    parser.add_argument(
        "--set", action="append", type=setting, default=[], metavar="OPTION=VALUE",
        help="a setting changed first, e.g. card_size=160 or high_contrast=on",
    )  # fmt: skip
    options = parser.parse_args(argv)
    for size in options.size or [(390, 844), (1920, 1080)]:
        shoot(size, options.out, options.set)
        if options.learn:
            shoot_learning(size, options.out, options.set)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
