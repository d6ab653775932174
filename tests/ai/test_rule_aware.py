"""The levels play the rules they are given: bonuses, knock limits, the match score, the opponent."""

from __future__ import annotations

import dataclasses
import itertools
import random
from functools import cache

import pytest

from game.ai import make_player
from game.ai.base import finish
from game.ai.evaluate import Evaluator
from game.ai.knocking import KnockReader
from game.ai.levels import CONFIGS
from game.ai.opponent import WAITER_PRIOR, waiting_prior
from game.ai.search import SearchPlayer
from game.ai.stakes import MatchStakes, reward_scales
from game.arena import RULE_TABLES
from game.rules import (
    Discard,
    DrawDiscard,
    Hand,
    Knock,
    Phase,
    PlayerView,
    RuleSet,
    Variant,
    cards_to_mask,
    deadwood_value,
)
from tests.ai.test_legal import deck_with

STANDARD = RULE_TABLES["standard"]


def short_of_gin(view: PlayerView) -> bool:
    """Whether ``view`` is a discard where a knock short of gin is legal (and a discard too)."""
    hand = cards_to_mask(view.hand)
    return (
        view.phase is Phase.DISCARD
        and any(isinstance(a, Discard) for a in view.legal_actions)
        and any(
            isinstance(a, Knock) and a.card is not None and deadwood_value(hand & ~a.card.bit) > 0
            for a in view.legal_actions
        )
    )


@cache
def knock_positions(opponent: str, count: int = 40, seed: int = 1) -> tuple[PlayerView, ...]:
    """The first position of each hand where the simple player could knock short of gin,
    in hands against ``opponent`` (always under the classic rules, at 0-0)."""
    found: list[PlayerView] = []
    players = [make_player("simple", seed), make_player(opponent, seed + 1)]
    number = 0
    while len(found) < count:
        number += 1
        hand = Hand.deal(STANDARD, dealer=number % 2, rng=random.Random(f"rule-aware|{seed}|{number}"))
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            if seat == 0 and short_of_gin(view):
                found.append(view)
                break
            hand.apply(players[seat].choose(view))
    return tuple(found)


def knocks(view: PlayerView, **changes: object) -> bool:
    """Whether the expert knocks in ``view`` with some of it changed (its rules, the score)."""
    return isinstance(make_player("expert", 1).choose(dataclasses.replace(view, **changes)), Knock)


def test_a_25_point_undercut_bonus_makes_the_expert_decline_knocks_it_takes_under_classic() -> None:
    views = knock_positions("waiter")
    dearer = STANDARD.with_options(undercut_bonus=25)
    classic = [knocks(v) for v in views]
    costly = [knocks(v, rules=dearer) for v in views]
    declined = sum(a and not b for a, b in zip(classic, costly, strict=True))
    taken = sum(b and not a for a, b in zip(classic, costly, strict=True))
    assert declined >= 3 and taken == 0, (declined, taken)


def test_under_simple_gin_it_never_weighs_a_knock() -> None:
    simple = RuleSet.preset("simple")
    judged: list[int] = []
    original = KnockReader.judge

    def counting(self: KnockReader, *args: object, **kwargs: object) -> object:
        judged.append(1)
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    KnockReader.judge = counting  # type: ignore[assignment,method-assign]
    try:
        decisions = 0
        for n in range(4):
            hand = Hand.deal(simple, dealer=n % 2, rng=random.Random(n))
            players = [make_player("expert", n), make_player("hard", n)]
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                action = players[seat].choose(hand.view(seat))
                assert (
                    not isinstance(action, Knock)
                    or deadwood_value(
                        cards_to_mask(hand.hands[seat]) & ~(action.card.bit if action.card else 0)
                    )
                    == 0
                )
                hand.apply(action)
                decisions += 1
    finally:
        KnockReader.judge = original  # type: ignore[method-assign]
    assert decisions > 50 and judged == []
    # and a low count earns nothing there, where under the classic rules it is worth a knock
    assert Evaluator(0, simple.gin_bonus, 0.0, []).g(5) == 5
    assert Evaluator(10, STANDARD.gin_bonus, 0.0, []).g(5) < 0


def as_simple_gin(view: PlayerView) -> PlayerView:
    """The same position under Simple Gin: the knock limit 0, only gin may knock."""
    hand = cards_to_mask(view.hand)
    legal = tuple(
        a
        for a in view.legal_actions
        if not isinstance(a, Knock) or (a.card is not None and deadwood_value(hand & ~a.card.bit) == 0)
    )
    return dataclasses.replace(view, rules=RuleSet.preset("simple"), knock_limit=0, legal_actions=legal)


def test_under_simple_gin_it_keeps_what_makes_gin_not_what_makes_a_knock() -> None:
    changed = toward_knock = 0
    for view in knock_positions("simple"):
        hand = cards_to_mask(view.hand)
        standard = make_player("expert", 2).choose(dataclasses.replace(view, legal_actions=tuple(
            a for a in view.legal_actions if isinstance(a, Discard))))  # fmt: skip
        gin_only = make_player("expert", 2).choose(as_simple_gin(view))
        assert isinstance(standard, Discard) and isinstance(gin_only, Discard | Knock)
        if isinstance(gin_only, Discard) and gin_only != standard:
            changed += 1
            left = {a: deadwood_value(hand & ~a.card.bit) for a in (standard, gin_only)}
            # the classic choice goes for the lower count, the one a knock is made with
            toward_knock += left[standard] <= left[gin_only]
    assert changed >= 2 and toward_knock == changed, (changed, toward_knock)


def test_the_match_score_changes_the_knock() -> None:
    target = STANDARD.match_target
    views = [v for v in knock_positions("waiter") if v.player == 0]
    level = [knocks(v) for v in views]
    # the opponent needs 5: a knock cannot save the match, a gin might
    behind = [knocks(v, scores=(0, target - 5)) for v in views]
    # we need 5: any win ends the match, a gin is worth no more than a knock
    ahead = [knocks(v, scores=(target - 5, 0)) for v in views]
    assert sum(a and not b for a, b in zip(level, behind, strict=True)) >= 1
    assert sum(b and not a for a, b in zip(level, behind, strict=True)) == 0
    assert sum(c and not a for a, c in zip(level, ahead, strict=True)) >= 1


def test_the_stakes_follow_the_score() -> None:
    level = MatchStakes(STANDARD, 0, 0)
    assert level.value(10) == pytest.approx(-level.value(-10), abs=0.01)
    behind = MatchStakes(STANDARD, 0, 95)
    ahead = MatchStakes(STANDARD, 95, 0)
    assert behind.value(-5) == behind.value(-40)  # any lost hand ends the match
    assert ahead.value(5) == ahead.value(40)  # any won hand does
    assert behind.value(45) > 3 * behind.value(10)  # a gin is worth far more than a knock
    for rules in RULE_TABLES.values():
        stakes = MatchStakes(rules, 30, 60)
        points = [stakes.chance(x) for x in range(-60, 61, 5)]
        assert all(b >= a - 1e-12 for a, b in itertools.pairwise(points))  # more points never hurt
        assert 0.0 <= points[0] < points[-1] <= 1.0


def test_what_a_knock_and_a_gin_are_worth_to_the_evaluator_follows_the_rules() -> None:
    classic = reward_scales(STANDARD, MatchStakes(STANDARD, 0, 0), WAITER_PRIOR, WAITER_PRIOR)
    assert classic == pytest.approx((1.0, 1.0), abs=0.05)
    competition = RULE_TABLES["competition"]
    dear = reward_scales(competition, MatchStakes(competition, 0, 0), WAITER_PRIOR, WAITER_PRIOR)
    assert dear[0] < 0.9 * classic[0]  # a 25-point undercut makes a knock worth less
    waiter = reward_scales(STANDARD, MatchStakes(STANDARD, 0, 0), 0.9, WAITER_PRIOR)
    assert waiter[0] < classic[0]  # so does an opponent that waits for gin
    behind = reward_scales(STANDARD, MatchStakes(STANDARD, 0, 95), WAITER_PRIOR, WAITER_PRIOR)
    assert behind[0] < classic[0] and behind[1] > classic[1]
    ahead = reward_scales(STANDARD, MatchStakes(STANDARD, 95, 0), WAITER_PRIOR, WAITER_PRIOR)
    assert ahead[0] > classic[0] and ahead[1] < classic[1]


def test_oklahomas_upcard_sets_the_limit_the_search_plays_to() -> None:
    rules = RuleSet.preset("oklahoma")
    hand = Hand.from_deck(rules, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC KD", "3S"))
    assert hand.knock_limit == 3 and rules.variant is Variant.OKLAHOMA
    context = SearchPlayer(CONFIGS["expert"], 1).context(hand.view(1))
    assert context.evaluator.knock_limit == 3
    assert context.evaluator.g(3) < 0 < context.evaluator.g(4)


def test_a_long_wait_without_a_knock_reads_as_a_gin_waiter() -> None:
    early = [v for v in knock_positions("waiter") if sum(e.player == 1 for e in v.history) <= 4]
    late = [v for v in knock_positions("waiter") if sum(e.player == 1 for e in v.history) >= 16]
    assert early and late
    assert max(waiting_prior(v) for v in early) < min(waiting_prior(v) for v in late)
    gin_only = dataclasses.replace(late[0], knock_limit=0)
    assert waiting_prior(gin_only) == pytest.approx(WAITER_PRIOR)  # nobody knocks short of gin there


def test_the_judgement_reads_waiters_and_knockers_apart() -> None:
    def waiting(opponent: str) -> float:
        views = knock_positions(opponent)
        values = []
        for view in views:
            context = SearchPlayer(CONFIGS["expert"], 1).context(view)
            finish(context.decide())
            values += [odds.waiting for odds in context.knocks.values() if odds.play_on is not None]
        return sum(values) / len(values)

    assert waiting("waiter") > waiting("simple") + 0.05


@pytest.mark.parametrize(("big_gin_bonus", "big"), [(31, True), (10, False)])
def test_big_gin_is_taken_when_it_pays_more_than_gin(big_gin_bonus: int, big: bool) -> None:
    rules = STANDARD.with_options(big_gin=True, big_gin_bonus=big_gin_bonus)
    hand = Hand.from_deck(rules, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC QC", "KC"))
    hand.apply(DrawDiscard())
    action = make_player("expert").choose(hand.view(1))
    assert isinstance(action, Knock) and (action.card is None) == big


def test_the_hint_and_the_coach_judge_a_knock_under_the_rules_played() -> None:
    from game.ai.coach import coach_expert, points_lost
    from game.ai.hints import hint

    dearer = STANDARD.with_options(undercut_bonus=25)
    checked = 0
    for view in knock_positions("waiter"):
        costly = dataclasses.replace(view, rules=dearer)
        classic_tip, costly_tip = hint(view), hint(costly)
        if isinstance(classic_tip.action, Knock) and not isinstance(costly_tip.action, Knock):
            # the same move is advised for what the rules make of it
            assert "undercut" in costly_tip.reason or "one more turn" in costly_tip.reason, costly_tip.reason
            assert "Knock" in classic_tip.reason
            checked += 1
        for rules_view in (view, costly):
            appraisal = finish(coach_expert(0).appraise(rules_view))
            knock = next((k for k, odds in appraisal.knocks.items() if odds.play_on is not None), None)
            if knock is None:
                continue
            odds = appraisal.knocks[knock]
            lost = points_lost(appraisal, knock)
            if isinstance(appraisal.pick, Knock):
                assert lost == 0.0
            else:  # the coach charges a knock what the expert's own values say it gives up
                best_on = appraisal.points[knock] - (odds.play_on or 0.0)
                assert lost == pytest.approx(max(0.0, -best_on))
    assert checked >= 1


def test_a_hinted_knock_quotes_the_judgement_of_that_knock() -> None:
    from game.ai.hints import think_hint

    checked = 0
    for view in knock_positions("waiter")[:12]:
        context = SearchPlayer(CONFIGS["hard"], 0).context(view)
        action = finish(context.decide()).action
        for knock, odds in context.knocks.items():
            assert odds.now == context.points[knock]  # the value the decision compared
        tip = finish(think_hint(view))
        assert tip.action == action
        odds = context.knocks.get(action)
        if isinstance(action, Knock) and odds is not None and odds.play_on is not None:
            assert odds.now >= odds.play_on and "close call" not in tip.reason, tip.reason
            assert f"{round(100 * odds.undercut)}% undercut risk" in tip.reason
            checked += 1
    assert checked >= 1
