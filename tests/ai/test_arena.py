"""A short arena run: the JSON report's shape and a sanity check of strength."""

from __future__ import annotations

import json
from typing import ClassVar

import pytest

from game import arena
from game.rules import RuleSet


def test_arena_json_shape_and_simple_beats_random(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--a", "simple", "--b", "random", "--games", "6", "--seed", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key in ("games", "a_game_wins", "b_game_wins", "a_points_per_hand", "hands", "decision_ms", "ends"):
        assert key in summary
    assert summary["games"] == 6 == summary["a_game_wins"] + summary["b_game_wins"]
    for side in ("a", "b"):
        assert {"p50", "p95", "max"} <= set(summary["decision_ms"][side])
        assert summary["decision_ms"][side]["p50"] <= summary["decision_ms"][side]["max"]
    assert summary["a_game_wins"] >= 5
    assert summary["a_points_per_hand"] > 0


def test_arena_text_report_and_other_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--a", "medium", "--b", "easy", "--games", "2", "--rules", "oklahoma"]) == 0
    out = capsys.readouterr().out
    assert "medium vs easy (oklahoma): 2 games" in out and "95% CI" in out


def test_arena_is_reproducible() -> None:
    rules = RuleSet.preset("simple")
    first = arena.run("easy", "simple", 2, 5, rules)
    second = arena.run("easy", "simple", 2, 5, rules)
    first.pop("decision_ms")
    second.pop("decision_ms")
    assert first == second


def test_wilson_interval() -> None:
    low, high = arena.wilson(50, 100)
    assert 0.39 < low < 0.41 and 0.59 < high < 0.61


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "argument --games: must be a whole number from 1 to 1000000, not '0'"),
        (["--games", "-10"], "argument --games: must be a whole number from 1 to 1000000, not '-10'"),
        (["--games", "ten"], "argument --games: must be a whole number from 1 to 1000000, not 'ten'"),
        (["--games", "10" + "0" * 11], "argument --games: must be a whole number from 1 to 1000000"),
        (["--jobs", "0"], "argument --jobs: must be a whole number from 1 to 64, not '0'"),
        (["--jobs", "-1"], "argument --jobs: must be a whole number from 1 to 64, not '-1'"),
        (["--jobs", "1000"], "argument --jobs: must be a whole number from 1 to 64, not '1000'"),
        (["--seed", "x"], "argument --seed: must be a whole number from -4503599627370496 to"),
        (["--b", "nobody"], "argument --b: invalid choice: 'nobody'"),
    ],
)
def test_nonsense_arguments_are_refused_before_any_game(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        arena.main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_a_negative_seed_is_a_seed_like_any_other(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--a", "simple", "--b", "random", "--games", "1", "--seed", "-4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


class Recording:
    """A player that notes the first hand it is dealt, then plays like ``level``."""

    dealt: ClassVar[dict[tuple[str, int], tuple[object, ...]]] = {}

    def __init__(self, level: str, seed: int) -> None:
        from game.ai import make_player

        self.inner = make_player(level, seed)
        self.key = (level, seed)
        self.level, self.seed = level, seed

    def choose(self, view: object) -> object:
        Recording.dealt.setdefault(self.key, tuple(sorted(view.hand)))  # type: ignore[attr-defined]
        return self.inner.choose(view)  # type: ignore[arg-type]

    def think(self, view: object) -> object:
        return self.inner.think(view)  # type: ignore[arg-type]


def test_games_come_in_mirrored_pairs_with_the_seats_swapped() -> None:
    Recording.dealt = {}
    rules = arena.RULE_TABLES["competition"]
    first = arena.play_game("simple", "random", rules, 4, 0, Recording)  # type: ignore[arg-type]
    second = arena.play_game("simple", "random", rules, 4, 1, Recording)  # type: ignore[arg-type]
    seeds = {game: (4 * 7919 + game * 2, 4 * 7919 + game * 2 + 1) for game in (0, 1)}
    a0, b0 = Recording.dealt[("simple", seeds[0][0])], Recording.dealt[("random", seeds[0][1])]
    a1, b1 = Recording.dealt[("simple", seeds[1][0])], Recording.dealt[("random", seeds[1][1])]
    # the same first deal, each side holding the other's cards
    assert (a0, b0) == (b1, a1) and a0 != b0
    assert first.game == 0 and second.game == 1


def test_the_interval_is_taken_over_the_pairs() -> None:
    def record(game: int, won: bool) -> arena.GameRecord:
        return arena.GameRecord(a_won=won, game=game, hands=10, a_points=5 if won else -5)

    # every deal won once from each seat: the pairs agree, the result is a coin toss
    split = [record(g, g % 2 == 0) for g in range(40)]
    rate, low, high = arena.paired_interval(split)
    assert rate == 0.5 and low < 0.5 < high
    # both games of each pair won, 15 pairs of 20: well above one half
    both = [record(g, g // 2 < 15) for g in range(40)]
    rate, low, high = arena.paired_interval(both)
    assert rate == 0.75 and 0.5 < low < 0.75 < high
    assert arena.points_error(both) > 0 and arena.points_error(split) == 0


def test_the_competition_table_and_the_knock_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        arena.main(["--a", "early", "--b", "waiter", "--games", "4", "--rules", "competition", "--json"]) == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["rules"] == "competition" and summary["pairs"] == 2
    rules = arena.RULE_TABLES["competition"]
    assert (rules.gin_bonus, rules.undercut_bonus, rules.box_bonus, rules.game_bonus, rules.target) == (
        25,
        25,
        0,
        0,
        100,
    )
    knocks = summary["knocks"]
    assert knocks["a"]["knocks"] + knocks["b"]["knocks"] == summary["hands"] - summary["ends"].get("void", 0)
    assert knocks["a"]["undercut"] + knocks["b"]["undercut"] == summary["ends"].get("undercut", 0)
