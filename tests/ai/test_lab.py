"""The duplicate-deal lab (tools/ai_lab.py): fair comparisons, its oracle, its error messages."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from game.ai.base import finish
from game.ai.cardmath import VALUE, indices
from game.ai.inference import Belief, feeding, isolated
from game.ai.search import SearchPlayer
from game.ai.tracking import Tracker
from game.rules import Discard, Hand, Phase, RuleSet, cards_to_mask
from tests.ai.helpers import level_policy, play

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import ai_lab  # tools/ is not a package: found through the path added above


def test_both_seats_get_the_same_deck_so_equal_players_cancel_exactly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seat-seeded players of one level play each deal identically from both sides: A's
    # points in one seat are B's in the other, so every deal pair sums to zero.
    assert ai_lab.main(["--a", "simple", "--b", "simple", "--deals", "5", "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["deals"] == 5 and summary["hands"] == 10
    assert summary["a_points_per_hand"] == 0 and summary["standard_error"] == 0
    decided = summary["hands"] - summary["ends"].get("none void", 0)
    assert summary["a_hand_wins"] * summary["hands"] == pytest.approx(decided / 2)
    assert summary["takes_per_hand"]["a"] == summary["takes_per_hand"]["b"]


def test_simple_beats_random_hand_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert ai_lab.main(["--a", "simple", "--b", "random", "--deals", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "simple vs random (standard): 4 deals, each from both seats" in out
    summary = ai_lab.run(ai_lab.Side("simple"), ai_lab.Side("random"), 4, 2, RuleSet.preset("standard"))
    assert summary["a_points_per_hand"] > 10
    assert summary["a_hand_wins"] >= 0.75
    assert sum(summary["ends"].values()) == 8


def test_settings_are_typed_like_the_level_and_reach_the_player() -> None:
    settings = ai_lab.parse_settings(
        ["a.mistake_rate=0", "a.rerank=2", "b.inference=false", "a.stock_search=every"]
    )
    assert settings == {
        "a": {"mistake_rate": 0.0, "rerank": 2, "stock_search": "every"},
        "b": {"inference": False},
    }
    side = ai_lab.Side("hard", tuple(sorted(settings["a"].items())))
    config = side.config()
    assert (config.mistake_rate, config.rerank, config.stock_search) == (0.0, 2, "every")
    assert config.belief_samples > 0  # the rest of hard is untouched


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--set", "a.bogus=1"], "'bogus' is not a level setting"),
        (["--set", "a.safety=lots"], "'lots' is not a valid safety"),
        (["--set", "c.safety=1"], "write it as a.field=value"),
        (["--set", "a.stock_search=all"], "'all' is not a valid stock_search"),
        (["--oracle", "feed"], "unknown oracle part 'feed'"),
        (["--a", "medium", "--oracle", "feeds"], "'medium' does not read the opponent"),
        (["--a", "simple", "--set", "a.safety=1"], "'simple' is a fixed baseline"),
        (["--deals", "1"], "argument --deals: must be a whole number from 2 to 1000000, not '1'"),
        (["--deals", "0"], "argument --deals: must be a whole number from 2 to 1000000, not '0'"),
        (["--deals", "-5"], "argument --deals: must be a whole number from 2 to 1000000, not '-5'"),
        (["--deals", "many"], "argument --deals: must be a whole number from 2 to 1000000, not 'many'"),
        (["--jobs", "0"], "argument --jobs: must be a whole number from 1 to 64, not '0'"),
        (["--jobs", "-2"], "argument --jobs: must be a whole number from 1 to 64, not '-2'"),
        (["--jobs", "999"], "argument --jobs: must be a whole number from 1 to 64, not '999'"),
        (["--seed", "1.5"], "argument --seed: must be a whole number from -4503599627370496 to"),
        (["--a", "genius"], "argument --a: invalid choice: 'genius'"),
        (["--rules", "klondike"], "argument --rules: invalid choice: 'klondike'"),
    ],
)
def test_bad_arguments_are_refused_with_the_reason(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        ai_lab.main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def mid_hand_view(seed: int, discards: int = 4) -> tuple[Hand, int]:
    """A hand a few turns in (or over, if somebody knocked first), and player 1's real hand."""
    hand = Hand.deal(RuleSet.preset("standard"), dealer=1, rng=random.Random(seed))
    policy = level_policy("simple", seed)
    turns = [0]

    def enough(h: Hand) -> bool:
        if h.phase is Phase.DISCARD and h.to_act == 0:
            turns[0] += 1
        return turns[0] >= discards and h.phase is Phase.DISCARD and h.to_act == 0

    play(hand, policy, enough)
    return hand, cards_to_mask(hand.hands[1])


@pytest.mark.parametrize("seed", [4, 9])
def test_the_oracle_tells_exactly_the_parts_named(seed: int) -> None:
    hand, truth = mid_hand_view(seed)
    assert not hand.is_over
    view = hand.view(0)
    tracker = Tracker.from_view(view)
    fair = Belief.from_view(view, tracker, random.Random(1), 40)
    cell = {"hand": truth}

    def read(parts: set[str]) -> Belief:
        return finish(ai_lab.oracle_reader(frozenset(parts), cell)(view, tracker, random.Random(1), 40))

    told_feeds = read({"feeds"})
    fed = feeding(truth)
    assert told_feeds.feeds == tuple(float(fed >> i & 1) for i in range(52))
    assert told_feeds.holds == fair.holds  # not told: read fairly, the same way
    assert told_feeds.draw(random.Random(5)) == fair.draw(random.Random(5))

    told_holds = read({"holds"})
    assert {i for i in range(52) if told_holds.holds[i] == 1.0} == set(indices(truth))
    assert sum(told_holds.holds) == 10 and told_holds.feeds == fair.feeds

    assert read({"knock"}).draw(random.Random(5)) == truth

    told_discards = read({"discards"}).next_discards()
    loners = isolated(truth)
    if loners:
        top = max(VALUE[i] for i in loners)
        assert set(told_discards) == {i for i in loners if VALUE[i] == top}
        assert sum(told_discards.values()) == pytest.approx(1.0)
    else:
        assert told_discards == {}


def test_an_oracle_player_feeds_the_opponent_less_than_a_fair_one() -> None:
    # The same hard player, once reading fairly and once told which cards would meld with
    # the opponent's real hand: over some fifty positions the told one throws fewer feeds.
    calm = (("mistake_rate", 0.0),)
    fair_feeds = told_feeds = positions = 0
    for seed in range(60):
        hand, truth = mid_hand_view(seed, 2 + seed % 5)
        if hand.is_over:
            continue
        positions += 1
        view = hand.view(0)
        fair = SearchPlayer(ai_lab.Side("hard", calm).config(), 1).choose(view)
        told = ai_lab.Side("hard", calm, frozenset({"feeds"})).build(1, {"hand": truth}).choose(view)
        assert told in view.legal_actions
        fed = feeding(truth)
        fair_feeds += isinstance(fair, Discard) and bool(fed >> fair.card.index & 1)
        told_feeds += isinstance(told, Discard) and bool(fed >> told.card.index & 1)
    assert positions >= 40
    assert told_feeds < fair_feeds
