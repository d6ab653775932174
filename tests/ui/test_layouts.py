"""Every scene at every window size: pressable things inside the window, apart, big enough.

The table is checked at each phase of a hand (upcard offer, draw, discard with eleven
cards, choosing a knock card, the arrangement, layoffs, the end), and with three and four
players; then the other scenes. All ten (or eleven) of the human's cards must have a
visible, pressable part.
"""

from __future__ import annotations

import pytest

from game.rules import Arrange, Card, DrawDiscard, EndLayoff, Knock, Pass, Phase
from game.ui.screens.help import HelpScene
from game.ui.screens.match_result import MatchResultScene
from game.ui.screens.pause import PauseScene
from game.ui.screens.statistics import StatsScene
from game.ui.screens.title import TitleScene
from game.ui.table.away_game import AwayGameScene
from game.ui.table.hand_result import HandResultScene

from .harness import create_app, deck_for, frames, run_until, start_table
from .layout_check import SIZES, table_layout_problems

TABLE_SIZES = [*SIZES, (844, 390)]
"""The table also has a compact layout for a phone held sideways."""

HUMAN_KNOCKS = dict(
    human="6H 7H 8H 9C 9D 9S 2C 3C 4C KS",
    ai="2H 5H JD JS QS QH 4D 4S TD 8C",
    upcard="KC",
    stock="AD 5C 7D AS",
    dealer=1,
)
AI_KNOCKS = dict(
    human="5H 9C 9D 2S 3D KS QD JC TD 8S",
    ai="6H 7H 8H 9S 9H 2C 3C 4C AD 5D",
    upcard="AC",
    stock="KD 4S",
    dealer=0,
)


def _app(size):
    return create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", f"{size[0]}x{size[1]}"])


def _check(app, where: str) -> None:
    frames(app)
    problems = table_layout_problems(app)
    assert not problems, f"{where} at {app.viewport.size}:\n" + "\n".join(problems)


def _cards_reachable(table) -> None:
    """Each card the human holds has a pressable strip of its own."""
    names = {name for name, _ in table.hit_targets()}
    held = table.row_cards(table.me)
    assert held and all(str(card) in names for card in held)


@pytest.mark.parametrize("size", TABLE_SIZES, ids=[f"{w}x{h}" for w, h in TABLE_SIZES])
def test_every_phase_of_a_hand_where_the_human_knocks(size):
    app = _app(size)
    table = start_table(app, deck_for(**HUMAN_KNOCKS), dealer=1, script=[Pass(), EndLayoff()])
    _check(app, "upcard offer")
    _cards_reachable(table)
    table.pass_turn()
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    _check(app, "draw")
    table.draw_stock()
    assert len(table.hand.hands[0]) == 11
    _check(app, "discard with eleven cards")
    _cards_reachable(table)
    table.show_hint()
    run_until(app, lambda: table.hinted is not None, limit=3000)
    _check(app, "a hint shown")  # the message never lies over the last move or the piles' labels
    table.selected = table.armed = table.order.cards[2]
    table.update_lifts()
    _check(app, "a card raised to discard")
    table.selected = table.armed = None
    table.start_knock()
    _check(app, "choosing the knock card")
    table.knock(table.selected)
    _check(app, "arrangement")
    _cards_reachable(table)
    table.lay_down()
    run_until(app, lambda: table.hand.is_over)
    _check(app, "hand over")
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    _check(app, "hand result")


@pytest.mark.parametrize("size", TABLE_SIZES, ids=[f"{w}x{h}" for w, h in TABLE_SIZES])
def test_layoffs_when_the_ai_knocks(size):
    app = _app(size)

    def arrange(view):
        return next(a for a in view.legal_actions if isinstance(a, Arrange))

    table = start_table(
        app, deck_for(**AI_KNOCKS), dealer=0, script=[DrawDiscard(), Knock(Card.parse("5D")), arrange]
    )
    run_until(app, lambda: table.hand.phase is Phase.LAYOFF and table.hand.to_act == 0)
    _check(app, "layoffs")
    _cards_reachable(table)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players", ["3", "4"])
def test_three_and_four_player_tables(size, players):
    from game.ui.table.scene import TableScene

    app = _app(size)
    app.settings.players = players
    table = TableScene(app)
    app.stack.replace_all(table)
    for _ in range(6000):  # the human may sit out (or watch the other game) first
        top = app.stack.top
        if isinstance(top, AwayGameScene):
            _check(app, "the AI-only hand")
            if top.done:
                top.next()
        elif table.hand is not None and not table.dealing:
            break
        frames(app)
    _check(app, f"{players}-player table")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_other_scenes(size):
    app = _app(size)
    app.stack.push(TitleScene(app))
    _check(app, "title")
    table = start_table(app, deck_for(**HUMAN_KNOCKS), dealer=1, script=[])
    app.stack.push(PauseScene(app, table))
    _check(app, "pause")
    app.stack.pop()
    app.stack.push(HelpScene(app))
    _check(app, "help")
    match = table.match
    match.scores[0] = match.target + 1
    app.stack.replace_all(MatchResultScene(app, match))
    _check(app, "match result")
    app.stack.replace_all(StatsScene(app))
    _check(app, "statistics")
