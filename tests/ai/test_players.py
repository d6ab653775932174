"""Determinism, the cooperative ``think`` form, the simple baseline and hints."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.ai import LEVELS, PLAYERS, hint, make_player
from game.ai.tracking import Tracker
from game.rules import (
    FULL_DECK,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    Knock,
    LayOff,
    Pass,
    Phase,
    RuleSet,
    best_defence,
    card_symbol,
    cards_to_mask,
    deadwood_value,
)
from tests.ai.helpers import VARIANTS, mid_hand_states
from tests.ai.test_legal import deck_with

STANDARD = RuleSet.preset("standard")


@pytest.mark.parametrize("level", PLAYERS)
def test_same_seed_same_decision(level: str) -> None:
    for hand in mid_hand_states(STANDARD, seed=21, count=5):
        view = hand.view(hand.to_act or 0)
        first = make_player(level, seed=9).choose(view)
        player = make_player(level, seed=9)
        assert player.choose(view) == first
        assert player.choose(view) == first  # no state carried between decisions


@pytest.mark.parametrize("level", PLAYERS)
def test_think_equals_choose_and_works_in_slices(level: str) -> None:
    for hand in mid_hand_states(STANDARD, seed=4, count=4):
        view = hand.view(hand.to_act or 0)
        thinking = make_player(level, 3).think(view)
        slices = 0
        while True:
            try:
                next(thinking)
                slices += 1
            except StopIteration as stop:
                action = stop.value
                break
        assert action == make_player(level, 3).choose(view)
        assert slices < 2000


def test_search_levels_think_in_several_slices() -> None:
    hand = mid_hand_states(STANDARD, seed=8, count=1)[0]
    while hand.phase is not Phase.DRAW:
        hand.apply(make_player("simple").choose(hand.view(hand.to_act or 0)))
    thinking = make_player("expert").think(hand.view(hand.to_act or 0))
    assert sum(1 for _ in thinking) > 5


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("grandmaster")


def test_player_refuses_when_not_its_turn() -> None:
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC KD", "QC"))
    with pytest.raises(ValueError):
        make_player("hard").choose(hand.view(0))


# --- the simple baseline -------------------------------------------------------------------


def test_simple_takes_the_upcard_only_into_a_meld() -> None:
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 6C 9C TC JC KD", "5C"))
    assert make_player("simple").choose(hand.view(1)) == DrawDiscard()
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 6C 9C TC JC KD", "8D"))
    assert make_player("simple").choose(hand.view(1)) == Pass()


def test_simple_discards_lowest_deadwood_never_the_taken_card() -> None:
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 6C 9C TC QC KD", "5C"))
    hand.apply(DrawDiscard())
    view = hand.view(1)
    action = make_player("simple").choose(view)
    assert isinstance(action, Discard) and action.card != Card.parse("5C")
    best = min(deadwood_value(cards_to_mask(view.hand) & ~c.bit) for c in view.hand)
    assert deadwood_value(cards_to_mask(view.hand) & ~action.card.bit) == best


def test_simple_knocks_as_soon_as_it_may() -> None:
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC 3D", "8D"))
    hand.apply(DrawDiscard())
    action = make_player("simple").choose(hand.view(1))
    assert isinstance(action, Knock)


def test_defenders_lay_off_optimally() -> None:
    rules = STANDARD
    hand = Hand.from_deck(rules, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC 3D", "8D"))
    hand.apply(DrawDiscard())
    hand.apply(Knock(Card.parse("3D")))
    hand.apply(hand.legal_actions()[0])
    assert hand.phase is Phase.LAYOFF
    for level in LEVELS[1:]:
        view = hand.view(0)
        expected = best_defence(view.hand, view.knocker_melds)
        action = make_player(level).choose(view)
        if expected.layoffs:
            assert action == LayOff(*expected.layoffs[0])
        else:
            assert action == EndLayoff()


# --- tracking and hints --------------------------------------------------------------------


def test_tracker_reads_the_opponents_take() -> None:
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 6C 9C TC JC KD", "5C"))
    hand.apply(DrawDiscard())
    hand.apply(Discard(Card.parse("KD")))
    track = Tracker.from_view(hand.view(0))
    assert Card.parse("5C") in track.took and Card.parse("KD") in track.discarded
    assert track.holds(Card.parse("5C").index) == 1.0
    unseen = [c for c in FULL_DECK if track.unseen & c.bit]
    related = [track.holds(c.index) for c in unseen if c.rank == 5 or (c.suit == 0 and abs(c.rank - 5) <= 1)]
    unrelated = [track.holds(c.index) for c in unseen if c.rank in (11, 12)]
    assert related and unrelated and min(related) > max(unrelated)
    assert track.holds(Card.parse("KD").index) == 0.0


def test_hint_reasons_name_real_cards() -> None:
    for variant in ("standard", "oklahoma", "simple"):
        for hand in mid_hand_states(VARIANTS[variant], seed=31, count=8):
            view = hand.view(hand.to_act or 0)
            tip = hint(view)
            assert tip.action in hand.legal_actions()
            assert "\n" not in tip.reason
            visible = [*view.hand, *view.discard_pile, *(c for m in view.knocker_melds for c in m)]
            assert any(card_symbol(c) in tip.reason for c in visible), tip.reason


def test_a_take_hint_names_the_cards_it_goes_with_not_itself() -> None:
    from game.ai.hints import explain
    from game.rules import DrawDiscard

    # The upcard 7♥ goes with the 7♠ and the 8♥ in hand (no meld yet).
    hand = Hand.from_deck(STANDARD, 0, deck_with("7S 8H 2C 4D 9S JC KD QS 3C AH", "7H"))
    reason = explain(hand.view(1), DrawDiscard())
    assert reason.startswith("Take 7♥: it goes with ")
    mates = reason.removeprefix("Take 7♥: it goes with ")
    assert "7♥" not in mates and "7♠" in mates and "8♥" in mates


def test_hint_for_a_discard_explains_safety() -> None:
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 6C 9C TC JC KD", "5C"))
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    tip = hint(hand.view(1))
    assert isinstance(tip.action, Discard)
    assert card_symbol(tip.action.card) in tip.reason


# --- browser safety of the AI package -------------------------------------------------------

FORBIDDEN = {"threading", "_thread", "multiprocessing", "subprocess", "concurrent", "asyncio"}


def forbidden_uses(source: str) -> list[str]:
    """Threads, processes and sleeping in a module's source."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in FORBIDDEN]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in FORBIDDEN:
            found.append(node.module or "")
        elif isinstance(node, ast.Attribute) and node.attr == "sleep":
            found.append("sleep")
    return found


def test_ai_package_has_no_threads_processes_or_sleep() -> None:
    sources = sorted(Path("game/ai").rglob("*.py"))
    assert sources
    for path in sources:
        assert forbidden_uses(path.read_text(encoding="utf-8")) == [], path


def test_the_static_check_can_fail() -> None:
    assert forbidden_uses("import threading\nimport time\ntime.sleep(1)") == ["threading", "sleep"]


def test_budgets_still_give_legal_actions() -> None:
    import dataclasses

    from game.ai.levels import CONFIGS
    from game.ai.search import SearchPlayer

    capped = SearchPlayer(dataclasses.replace(CONFIGS["expert"], max_evaluations=1), seed=2)
    hurried = make_player("expert", seed=2, time_budget_ms=0.0)
    for hand in mid_hand_states(STANDARD, seed=13, count=6):
        view = hand.view(hand.to_act or 0)
        assert capped.choose(view) in hand.legal_actions()
        assert hurried.choose(view) in hand.legal_actions()


def test_think_pauses_do_not_count_against_the_time_budget() -> None:
    import time

    hand = mid_hand_states(STANDARD, seed=8, count=1)[0]
    while hand.phase is not Phase.DRAW:
        hand.apply(make_player("simple").choose(hand.view(hand.to_act or 0)))
    view = hand.view(hand.to_act or 0)
    patient = make_player("expert", seed=1, time_budget_ms=10_000.0)
    thinking = patient.think(view)
    action = None
    while action is None:
        try:
            next(thinking)
            time.sleep(0.002)  # the render loop drawing a frame between slices
        except StopIteration as stop:
            action = stop.value
    assert action == make_player("expert", seed=1).choose(view)
