"""Pass and play: people sharing one device never see each other's hidden cards, names read
right for people, and statistics and saves follow the seats."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from game.rules import Card, Match, Phase, RuleSet, best_melds
from game.storage.settings import MatchSetup
from game.storage.stats import Bucket
from game.ui.app import create_app
from game.ui.table.away_game import AwayGameScene
from game.ui.table.draw import status_text
from game.ui.table.hand_result import HandResultScene
from game.ui.table.privacy import PrivacyScene
from game.ui.table.scene import TableScene
from game.ui.table.seats import ThinkingSeat, make_ai

from .harness import click, frames, key, run_until
from .layout_check import SIZES, layout_problems
from .table_support import sized_app, tap, target

TWO_PEOPLE = MatchSetup(("person", "person"), "medium")


class FrameWatch:
    """Records, for every frame the table draws, who holds the device and which cards show."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.holder: int | None = None
        self.frames: list[tuple[int | None, set[str], dict[int, set[str]], bool]] = []
        self._draw = table.draw
        table.draw = self.draw  # type: ignore[method-assign]

    def draw(self, surface: pygame.Surface) -> None:
        self._draw(surface)
        table = self.table
        hand = table.hand
        if hand is None:
            return
        faces = {text for kind, text, _, face in table.draw_list if kind == "card" and face}
        hidden = {}
        for seat, player in enumerate(table.pairing):
            public = set(hand.known[seat])
            hidden[player] = {str(c) for c in hand.hands[seat] if c not in public}
        self.frames.append((self.holder, faces, hidden, hand.is_over))

    def leaks(self) -> list[str]:
        """Every frame where a hidden card of someone not holding the device was face up."""
        problems = []
        for number, (holder, faces, hidden, over) in enumerate(self.frames):
            if holder is None:
                problems.append(f"frame {number}: the table was drawn before anyone took the device")
                continue
            if over:
                continue
            for player, cards in hidden.items():
                if player != holder and faces & cards:
                    problems.append(
                        f"frame {number}: {sorted(faces & cards)} of player {player} shown to {holder}"
                    )
        return problems


def _discard_choice(table: TableScene) -> Card:
    held = table.hand.hands[table.me]
    legal = [c for c in held if c != table.hand.taken_discard]
    return min(legal, key=lambda c: (best_melds([h for h in held if h != c]).deadwood_value, -c.value))


def _play_my_turn(app, table: TableScene) -> None:
    """What a person at the device does on their turn, with taps and keys."""
    hand = table.hand
    phase = hand.phase
    if phase in (Phase.UPCARD_OFFER, Phase.LAST_CHANCE):
        tap(app, target(table, "Pass").center)
    elif phase is Phase.DRAW:
        tap(app, table.layout.stock.center)
    elif phase is Phase.DISCARD:
        if table.knock_cards():
            key(app, pygame.K_k)  # knock: the best card to put face down is chosen
            key(app, pygame.K_RETURN)
        else:
            card = _discard_choice(table)
            tap(app, target(table, str(card)).center)  # raise it (even the card just drawn) ...
            tap(app, target(table, str(card)).center)  # ... and discard
    else:
        key(app, pygame.K_RETURN)  # lay the melds down / finish laying off


def _play_hand(app, table: TableScene, watch: FrameWatch, seating_names: dict[str, int]) -> list[str]:
    """Play one hand between two people through real input; the people handed the device to."""
    handed: list[str] = []
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, HandResultScene):
            return handed
        if isinstance(top, PrivacyScene):
            handed.append(top.person)
            rect = top.ready_button.rect
            watch.holder = seating_names[top.person]
            tap(app, rect.center)
            continue
        if table.human_turn() and not table.animator.busy:
            _play_my_turn(app, table)
        else:
            frames(app)
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_two_people_never_see_each_others_hidden_cards(size):
    app = sized_app(size)
    match = Match(RuleSet.preset("standard"), random.Random(11))
    table = TableScene(app, match, TWO_PEOPLE)
    watch = FrameWatch(table)
    app.stack.replace_all(table)
    frames(app)
    assert isinstance(app.stack.top, PrivacyScene)  # nobody sees a card before taking the device
    names = {"South": 0, "North": 1}
    handed = _play_hand(app, table, watch, names)
    assert len(watch.frames) > 20 and watch.leaks() == []
    assert len(handed) >= 3 and all(a != b for a, b in itertools.pairwise(handed))
    result = app.stack.top
    frames(app)
    headline = next(text for kind, text in result.draw_list if kind == "headline")
    assert "You" not in headline and ("South" in headline or "North" in headline or "Void" in headline)
    scores = [text for kind, text in result.draw_list if kind == "score"]
    assert scores[0].startswith("South:") and scores[1].startswith("North:")


def test_the_other_persons_turn_hides_the_table_first_and_their_hand_comes_up_after_ready():
    app = sized_app((390, 844))
    match = Match(RuleSet.preset("standard"), random.Random(11))
    table = TableScene(app, match, TWO_PEOPLE)
    app.stack.replace_all(table)
    frames(app)
    first = app.stack.top
    assert isinstance(first, PrivacyScene) and first.draw_list[0] == (
        "title",
        f"Pass the device to {first.person}",
    )
    key(app, pygame.K_RETURN)  # Enter says ready too
    run_until(app, lambda: not table.dealing)
    hand = table.hand
    assert table.me == hand.to_act and set(table.order.cards) == set(hand.hands[table.me])
    assert status_text(table).startswith(f"{first.person}, take the upcard")  # whose turn it is, by name
    before = table.me
    key(app, pygame.K_p)
    run_until(app, lambda: isinstance(app.stack.top, PrivacyScene))
    assert status_text(table) == f"Pass the device to {app.stack.top.person}."
    assert table.me == before  # the table still shows the one who just played, until it is hidden
    click(app, app.stack.top.ready_button.rect.center)  # a mouse works as well as a finger
    frames(app)
    assert table.me == 1 - before and table.human_turn()
    bottom = {text for kind, text, _, face in table.draw_list if kind == "card" and face}
    assert {str(c) for c in hand.hands[table.me]} <= bottom
    assert not ({str(c) for c in hand.hands[before]} & bottom)


def test_a_resumed_pass_and_play_match_hides_the_table_until_someone_takes_the_device():
    app = sized_app((1280, 720))
    match = Match(RuleSet.preset("standard"), random.Random(11))
    first = TableScene(app, match, TWO_PEOPLE)
    app.stack.replace_all(first)
    frames(app)
    app.stack.top.ready()
    run_until(app, lambda: not first.dealing)
    record = match.to_dict()
    app2 = sized_app((1280, 720))
    table = TableScene(app2, Match.from_dict(record), TWO_PEOPLE)
    watch = FrameWatch(table)
    app2.stack.replace_all(table)
    frames(app2, 3)
    assert isinstance(app2.stack.top, PrivacyScene) and watch.frames == []
    watch.holder = table.pairing[table.flow.handover]
    app2.stack.top.ready()
    frames(app2)
    assert watch.frames and watch.leaks() == []


def test_pass_and_play_is_saved_with_who_plays_each_seat():
    app = create_app(["--seed", "3", "--speed", "0"])  # storage in the test's own folder
    assert app.persistence.available
    table = TableScene(app, None, TWO_PEOPLE)
    app.stack.replace_all(table)
    frames(app)
    app.stack.top.ready()
    run_until(app, lambda: not table.dealing)
    table.pass_turn()
    saved = app.persistence.peek_saved_match()
    assert saved is not None and saved.setup == TWO_PEOPLE
    assert len(saved.match.current.actions) == 1


def _autopilot_people(table: TableScene, level: str = "simple") -> None:
    """Let the computer play each person's seat (the tests watch what the table does)."""
    if table.hand is not None and table.me not in table.seats:
        table.seats[table.me] = ThinkingSeat(make_ai(level, seed=5))


def test_partners_at_one_device_take_turns_at_the_bottom_and_only_player_0_is_counted():
    app = sized_app((1280, 720))
    app.stats.records.clear()
    setup = MatchSetup(("person", "ai", "person", "ai"), "simple")
    match = Match(RuleSet.preset("standard", players=4), random.Random(2))
    table = TableScene(app, match, setup)
    app.stack.replace_all(table)
    bottoms: set[int] = set()
    handed: list[str] = []
    for _ in range(40000):
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            handed.append(top.person)
            top.ready()
        elif isinstance(top, HandResultScene | AwayGameScene):
            top.next()
        elif top is not table and top is not None:
            app.stack.pop()  # a celebration
        if table.hand is not None and not table.hand.is_over:
            bottoms.add(table.pairing[table.me])
        _autopilot_people(table)
        frames(app)
        if len([p for p in match.played if p.winner is not None]) >= 4:
            break
    assert bottoms == {0, 2}  # South and North each had their hands at the bottom
    assert "North" in handed and "South" in handed
    assert table.seating.name(0) == "South" and table.seating.side_name(0) == "South & North"
    bucket = Bucket.for_match(match.rules, setup)
    mine = [p for p in match.played if 0 in p.players and p.winner is not None]
    assert app.stats.records[bucket].hands == len(mine)
    assert app.stats.records[bucket].hands_won == sum(1 for p in mine if p.winner == 0)


def test_nothing_is_counted_when_the_computer_plays_player_0():
    app = sized_app((1280, 720))
    app.stats.records.clear()
    setup = MatchSetup(("ai", "person"), "simple")
    table = TableScene(app, None, setup)
    app.stack.replace_all(table)
    frames(app)
    assert table.me == 1 and table.player_name(1) == "You" and table.player_name(0) == "AI"
    for _ in range(20000):
        if table.match.played:
            break
        _autopilot_people(table)
        frames(app)
    assert table.match.played and app.stats.records == {}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_privacy_screen_fits_every_window_and_a_finger_takes_the_device(size):
    app = sized_app(size)
    table = TableScene(app, None, TWO_PEOPLE)
    app.stack.replace_all(table)
    frames(app)
    screen = app.stack.top
    assert isinstance(screen, PrivacyScene)
    assert not layout_problems(app)
    assert screen.box.contains(screen.ready_button.rect) and screen.box.contains(screen.menu_button.rect)
    tap(app, target(screen, "Menu").center)
    assert app.stack.top.name == "pause"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is screen
    tap(app, screen.ready_button.rect.center)
    run_until(app, lambda: app.stack.top is table and not table.dealing)
    assert not layout_problems(app), "the pass-and-play table"


def test_names_given_in_the_settings_show_on_the_privacy_screen_the_table_and_the_score_sheet():
    from game.ui.screens.score_sheet import ScoreSheetScene

    app = sized_app((1280, 720))
    app.settings.set_name(0, "Ann")
    app.settings.set_name(1, "Bob")
    match = Match(RuleSet.preset("standard"), random.Random(11))
    table = TableScene(app, match, TWO_PEOPLE)
    app.stack.replace_all(table)
    frames(app)
    privacy = app.stack.top
    assert isinstance(privacy, PrivacyScene) and privacy.person in ("Ann", "Bob")
    assert privacy.ready_button.text == f"I'm {privacy.person}: show my cards"
    privacy.ready()
    run_until(app, lambda: not table.dealing)
    app.invalidate()
    frames(app)
    other = "Bob" if privacy.person == "Ann" else "Ann"
    assert status_text(table).startswith(f"{privacy.person}, take the upcard")
    labels = {text for kind, text, _, _ in table.draw_list if kind in ("opponent", "score")}
    assert other in labels and {"Ann", "Bob"} <= labels
    assert not any("You" in text for kind, text, _, _ in table.draw_list if kind in ("opponent", "score"))
    app.stack.push(ScoreSheetScene(app, match, setup=TWO_PEOPLE))
    frames(app)
    sheet = app.stack.top
    assert [sheet.seating.side_name(side) for side in range(2)] == ["Ann", "Bob"]


def test_a_name_changed_mid_match_shows_at_once_and_the_computer_keeps_its_own():
    app = sized_app((1280, 720))
    app.settings.set_name(1, "Bob")  # a name for a seat the computer plays is not used
    table = TableScene(app, Match(RuleSet.preset("standard"), random.Random(4)))
    app.stack.replace_all(table)
    run_until(app, lambda: not table.dealing)
    assert table.player_name(0) == "You" and table.player_name(1) == "AI"
    people = TableScene(app, Match(RuleSet.preset("standard"), random.Random(4)), TWO_PEOPLE)
    app.stack.replace_all(people)
    frames(app)
    assert people.player_name(1) == "Bob" and people.player_name(0) == "South"
    app.settings.set_name(0, "Zoë")
    assert people.player_name(0) == "Zoë"
