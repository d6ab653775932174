"""The screens around the table on a phone held sideways (844x390, 740x360): every row a
finger must hit is at least 44 CSS px tall and inside the window, no text is under 12 px,
and no two drawn texts (or a text and a picture) overlap. The play-test found them laid out
at half the desktop's size, their rows about 24 px tall.

Each screen is drawn onto a surface that records where every blit lands; the texts are told
from the pictures by the surfaces `label` and `render_rich` returned while it drew.
"""

from __future__ import annotations

import datetime
import itertools
import random
import sys
from collections.abc import Callable

import pygame
import pytest

from game.rules import Match, RuleSet
from game.storage.stats import Bucket
from game.ui.app import App
from game.ui.core import richtext, text
from game.ui.core.menu import Menu
from game.ui.fairplay.daily_deal import DailyResultScene, open_daily
from game.ui.fairplay.deal_check import FairPlayScene, open_deal_check
from game.ui.online.entry import OnlineScene
from game.ui.screens.help import HelpScene
from game.ui.screens.match_result import MatchResultScene
from game.ui.screens.name_entry import NameEntryScene
from game.ui.screens.new_match import NewMatchScene
from game.ui.screens.notices import ConfirmScene, NoticeScene
from game.ui.screens.pause import PauseScene
from game.ui.screens.score_sheet import ScoreSheetScene
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.statistics import StatsScene
from game.ui.screens.title import TitleScene
from game.ui.table.away_game import AwayGameScene
from game.ui.table.privacy import PrivacyScene
from game.ui.table.scene import TableScene

from .fairplay_helpers import app_at, finish_hand, press
from .harness import frames, run_until
from .layout_check import text_size_problems
from .table_support import played_match

SIDEWAYS = [(844, 390), (740, 360)]
FINGER = 44


class Recorder(pygame.Surface):
    """A window-sized surface that keeps every blit's source and the whole rect it was given
    (not clipped by the window, so a text running off the edge shows; a clip set by the
    scene, a scrolling list's, does cut it)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[no-untyped-def,override]
        at = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (round(dest[0]), round(dest[1]))
        size = pygame.Rect(area).size if area is not None else source.get_size()
        whole, clip = pygame.Rect(at, size), self.get_clip()
        if clip != self.get_rect():  # what a list scrolled under its clip hides is not drawn
            whole = whole.clip(clip)
        if whole.width and whole.height:
            self.blits.append((source, whole))
        return super().blit(source, dest, area, special_flags)


def drawn(app: App) -> tuple[list[tuple[int, pygame.Rect]], list[tuple[int, pygame.Rect]]]:
    """(order, rect) of the texts and of the pictures the top scene draws onto the window,
    the felt left out."""
    frames(app, 2)
    canvas = Recorder(app.viewport.size)
    made: set[int] = set()

    def keep(make: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        def wrapped(*args: object, **kwargs: object) -> pygame.Surface:
            image = make(*args, **kwargs)
            made.add(id(image))
            return image

        return wrapped

    originals = (("label", text.label), ("render_rich", richtext.render_rich))
    patched = []
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("game.ui"):
            for name, original in originals:
                if getattr(module, name, None) is original:
                    patched.append((module, name, original))
                    setattr(module, name, keep(original))
    try:
        app.stack.top.draw(canvas)
    finally:
        for module, name, original in patched:
            setattr(module, name, original)
    window = canvas.get_rect()
    texts = [
        (n, rect) for n, (image, rect) in enumerate(canvas.blits) if id(image) in made and rect.width > 1
    ]
    pictures = [(n, rect) for n, (image, rect) in enumerate(canvas.blits)
                if id(image) not in made and rect.size != window.size]  # fmt: skip
    return texts, pictures


def problems(app: App) -> list[str]:
    """What a finger or an eye would trip over on the top scene."""
    found = text_size_problems(app)
    window = pygame.Rect((0, 0), app.viewport.size)
    scene = app.stack.top
    for name, rect in scene.hit_targets():
        if rect.height / app.viewport.density < FINGER:
            found.append(f"{name!r} is {rect.height} px tall")
        if not window.contains(rect):
            found.append(f"{name!r} {rect} is outside the window")
    menu = getattr(scene, "menu", None)
    if isinstance(menu, Menu) and menu.max_scroll == 0:
        shown = set(menu.visible_rows())
        found += [f"{item.label!r} is out of view" for i, item in enumerate(menu.items) if i not in shown]
    texts, pictures = drawn(app)
    for _, rect in texts:
        if not window.contains(rect.inflate(-2, -4)):
            found.append(f"a text at {rect} is cut by the window")
    for (_, a), (_, b) in itertools.combinations(texts, 2):
        if a.inflate(-2, -4).colliderect(b.inflate(-2, -4)):
            found.append(f"texts at {a} and {b} overlap")
    for order, picture in pictures:
        for when, rect in texts:
            # A panel under a text holds all of it; a picture over it, or under part of it, trips.
            under = order < when and picture.contains(rect.inflate(-2, -4))
            if not under and picture.inflate(-4, -4).colliderect(rect.inflate(-2, -4)):
                found.append(f"a picture at {picture} covers a text at {rect}")
        if not window.contains(picture.inflate(-picture.width // 4, -picture.height // 4)):
            found.append(f"a picture at {picture} is cut by the window")
    return found


@pytest.mark.parametrize("size", SIDEWAYS)
def test_title_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    app.stack.replace_all(TitleScene(app))
    frames(app, 200)
    assert not problems(app)
    rows = app.stack.top.menu
    assert all(rows.rect.contains(rows.row_rect(i)) for i in range(len(rows.items)))


@pytest.mark.parametrize("size", SIDEWAYS)
def test_new_match_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    app.stack.replace_all(TitleScene(app))
    scene = NewMatchScene(app)
    app.stack.push(scene)
    assert not problems(app)
    app.settings.variant, app.settings.players = "oklahoma", "4"
    scene._build()
    scene.menu.focus = len(scene.menu.items) - 1  # the list scrolls to its last row
    scene.menu.follow_focus()
    assert scene.menu.max_scroll > 0 and scene.menu.focus in scene.menu.visible_rows()
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
def test_pause_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    match = Match(RuleSet.preset("standard"), random.Random(2))
    match.new_hand()
    table = TableScene(app, match)
    app.stack.replace_all(table)
    frames(app, 5)
    app.stack.push(PauseScene(app, table))
    assert not problems(app)
    menu = app.stack.top.menu
    assert len(menu.visible_rows()) == len(menu.items) >= 7  # every row in view, none scrolled away


@pytest.mark.parametrize("size", SIDEWAYS)
def test_settings_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    app.stack.replace_all(TitleScene(app))
    scene = SettingsScene(app)
    app.stack.push(scene)
    assert not problems(app)
    assert len(scene.menu.visible_rows()) >= 4  # a good part of the list, beside its explanation
    scene.menu.focus = len(scene.menu.items) - 1  # the list scrolls to its last row
    scene.menu.follow_focus()
    assert scene.menu.max_scroll > 0 and scene.menu.focus in scene.menu.visible_rows()
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
def test_statistics_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    for index in range(6):
        bucket = Bucket("standard", "2", "hard")
        app.stats.record_hand(bucket, index < 3, "gin" if index == 0 else "knock", 25, 14)
        app.stats.record_match(bucket, index < 3, 120)
    scene = StatsScene(app)
    app.stack.replace_all(scene)
    assert not problems(app)
    scene.step_bucket(1)
    assert scene.scroller.max_offset > 0  # the rows scroll: the longest ones are at the end
    scene.scroller.by(scene.scroller.max_offset)
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
def test_questions_and_notices_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    app.stack.replace_all(TitleScene(app))
    long = "Your settings could not be saved (the disk is full); the game goes on without saving them. " * 20
    app.stack.push(NoticeScene(app, ["Your statistics file was damaged: it was set aside.", long]))
    assert not problems(app)
    assert app.stack.top.scroller.max_offset > 0  # a text longer than the window scrolls
    app.stack.replace_all(TitleScene(app))
    app.stack.push(ConfirmScene(app, "Concede the match?", "Short.", yes=("Concede", lambda: None)))
    assert not problems(app)


@pytest.fixture(scope="module")
def finished() -> dict[int, Match]:
    """A match played to its end by two, three and four players."""
    return {players: played_match(players=players, finish=True) for players in (2, 3, 4)}


@pytest.mark.parametrize("size", SIDEWAYS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_match_result_sideways(size: tuple[int, int], players: int, finished: dict[int, Match]) -> None:
    app = app_at(size)
    scene = MatchResultScene(app, finished[players])
    scene.celebrated = True  # the scoreboard itself, not the celebration over it
    app.stack.replace_all(scene)
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
@pytest.mark.parametrize("players", [2, 4])
def test_score_sheet_sideways(size: tuple[int, int], players: int, finished: dict[int, Match]) -> None:
    app = app_at(size)
    scene = ScoreSheetScene(app, finished[players])
    app.stack.replace_all(scene)
    assert not problems(app)  # opened at the latest hands
    assert scene.max_scroll > 0
    scene.scroll = 0
    assert not problems(app)
    assert any(name.startswith("hand") for name, _ in scene.hit_targets())  # hands to review


@pytest.mark.parametrize("size", SIDEWAYS)
@pytest.mark.parametrize("name", ["South", "Grandmother Elizabeth Anne"])
def test_pass_the_device_sideways(size: tuple[int, int], name: str) -> None:
    app = app_at(size)
    app.stack.replace_all(PrivacyScene(app, name, lambda: None, lambda: None))
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
def test_sit_out_panel_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    table = TableScene(app, Match(RuleSet.preset("standard", players=3), random.Random(1)))
    app.stack.replace_all(table)  # the person sits out first: the AIs' hand, move by move
    run_until(app, lambda: isinstance(app.stack.top, AwayGameScene))
    away = app.stack.top
    run_until(app, lambda: away.game is not None and away.game.moves >= 9)
    assert not problems(app)
    away.skip()
    run_until(app, lambda: away.done)
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
def test_daily_result_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    open_daily(app, datetime.date(2026, 11, 30))
    table = app.stack.top
    run_until(app, lambda: table.hand is not None and not table.dealing)
    finish_hand(app, table)
    press(app, pygame.K_RETURN)  # the hand's result panel closes onto the daily result
    assert isinstance(app.stack.top, DailyResultScene)
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
def test_deal_check_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    table = TableScene(app)
    app.stack.replace_all(table)
    finish_hand(app, table)
    open_deal_check(app, table)
    scene = app.stack.top
    assert isinstance(scene, FairPlayScene)
    assert not problems(app)
    assert scene.body.max_scroll > 0  # the deck scrolls into view
    scene.body.scroll = scene.body.max_scroll
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
def test_name_entry_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    app.stack.replace_all(TitleScene(app))
    note = "Up to 16 letters, digits, spaces, ' - or . Empty: the seat is called by its place."
    app.stack.push(NameEntryScene(app, "Name for North", "Grandmother Eliz", lambda text: "", note))
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
def test_help_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    app.stack.replace_all(TitleScene(app))
    scene = HelpScene(app)
    app.stack.push(scene)
    assert not problems(app)
    assert scene.max_scroll > 0  # the rest of the help scrolls into view
    scene.scroller.by(scene.max_scroll)
    assert not problems(app)


@pytest.mark.parametrize("size", SIDEWAYS)
def test_play_online_sideways(size: tuple[int, int]) -> None:
    app = app_at(size)
    app.stack.replace_all(TitleScene(app))
    scene = OnlineScene(app)
    app.stack.push(scene)
    assert not problems(app)
    scene.menu.focus = len(scene.menu.items) - 1  # the list scrolls to Back
    scene.menu.follow_focus()
    assert scene.menu.max_scroll > 0 and scene.menu.focus in scene.menu.visible_rows()
    assert not problems(app)
