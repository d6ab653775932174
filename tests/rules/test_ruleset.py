"""Rule sets: presets, bonus tables and validation of contradictory options."""

from __future__ import annotations

import pytest

from game.rules import BONUS_PRESETS, NextDealer, RuleSet, RuleSetError, Variant

PRESET_TABLE = {
    # preset: gin, undercut, box, game, shutout, target (RULES.md "Bonus presets")
    "classic": (20, 10, 20, 100, 200, 100),
    "classic_25_20": (25, 20, 20, 100, 200, 100),
    "association": (25, 25, 25, 100, 200, 100),
}


@pytest.mark.parametrize("name", sorted(PRESET_TABLE))
def test_bonus_presets_values(name: str) -> None:
    rules = RuleSet.preset("standard", bonuses=name)
    got = (rules.gin_bonus, rules.undercut_bonus, rules.box_bonus, rules.game_bonus,
           rules.shutout_bonus, rules.target)  # fmt: skip
    assert got == PRESET_TABLE[name]
    assert set(BONUS_PRESETS) == set(PRESET_TABLE)


def test_default_preset_is_classic_standard_gin() -> None:
    rules = RuleSet.preset()
    assert rules.variant is Variant.STANDARD
    assert rules.knock_limit == 10
    assert (rules.gin_bonus, rules.undercut_bonus, rules.target) == (20, 10, 100)
    assert rules.big_gin is False and rules.big_gin_bonus == 31
    assert rules.next_dealer is NextDealer.LOSER
    assert rules.players == 2


def test_simple_gin_preset_knocks_only_with_gin() -> None:
    assert RuleSet.preset("simple").knock_limit == 0
    with pytest.raises(RuleSetError, match="only with gin"):
        RuleSet.preset("simple", knock_limit=5)


def test_oklahoma_preset_target_150_and_spade_double_on() -> None:
    rules = RuleSet.preset("oklahoma")
    assert rules.variant is Variant.OKLAHOMA
    assert rules.target == 150
    assert rules.oklahoma_spade_double is True
    assert rules.oklahoma_ace_gin_only is False
    assert rules.oklahoma_extra_boxes is False


def test_oklahoma_with_eleven_card_deal_is_refused() -> None:
    with pytest.raises(RuleSetError, match="upcard"):
        RuleSet.preset("oklahoma", eleven_card_deal=True)
    with pytest.raises(RuleSetError):
        RuleSet(variant=Variant.OKLAHOMA, eleven_card_deal=True)


@pytest.mark.parametrize("option", ["oklahoma_ace_gin_only", "oklahoma_extra_boxes"])
@pytest.mark.parametrize("variant", ["standard", "simple"])
def test_oklahoma_only_options_refused_elsewhere(variant: str, option: str) -> None:
    with pytest.raises(RuleSetError, match="Oklahoma"):
        RuleSet.preset(variant, **{option: True})


@pytest.mark.parametrize(
    ("overrides", "why"),
    [
        ({"knock_limit": 11}, "knock_limit"),
        ({"knock_limit": -1}, "knock_limit"),
        ({"gin_bonus": -5}, "gin_bonus"),
        ({"target": 0}, "target"),
        ({"target": 10**12}, "target must be between 1 and 10000"),
        ({"box_bonus": 2**70}, "box_bonus must be between 0 and 1000"),
        ({"undercut_bonus": 10.0}, "undercut_bonus"),
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"big_gin": 1}, "big_gin"),
        ({"target": "100"}, "target"),
        ({"knock_limit": True}, "knock_limit"),
        ({"next_dealer": "dealer"}, "next_dealer"),
        ({"no_such_option": 1}, "no_such_option"),
    ],
)
def test_ruleset_validation_errors_name_the_option(overrides: dict[str, object], why: str) -> None:
    with pytest.raises(RuleSetError, match=why):
        RuleSet.preset("standard", **overrides)


def test_unknown_variant_and_bonus_preset_are_refused() -> None:
    with pytest.raises(RuleSetError, match="variant"):
        RuleSet.preset("klondike")
    with pytest.raises(RuleSetError, match="bonus preset"):
        RuleSet.preset("standard", bonuses="house")


def test_next_dealer_accepts_its_names() -> None:
    for rule in NextDealer:
        assert RuleSet.preset("standard", next_dealer=rule.value).next_dealer is rule


def test_ruleset_dict_round_trip_and_strictness() -> None:
    rules = RuleSet.preset("oklahoma", bonuses="association", oklahoma_extra_boxes=True,
                           next_dealer="alternate", players=3)  # fmt: skip
    data = rules.to_dict()
    assert RuleSet.from_dict(data) == rules
    with pytest.raises(RuleSetError, match="missing"):
        RuleSet.from_dict({k: v for k, v in data.items() if k != "target"})
    with pytest.raises(RuleSetError, match="unknown"):
        RuleSet.from_dict({**data, "jokers": True})
    with pytest.raises(RuleSetError, match="variant"):
        RuleSet.from_dict({**data, "variant": "canasta"})
    with pytest.raises(RuleSetError):
        RuleSet.from_dict([])


def test_with_options_validates_again() -> None:
    rules = RuleSet.preset("oklahoma")
    with pytest.raises(RuleSetError):
        rules.with_options(eleven_card_deal=True)
    assert rules.with_options(target=200).target == 200


def test_partnership_target_is_125() -> None:
    assert RuleSet.preset("standard", players=4).match_target == 125
    assert RuleSet.preset("standard", players=2).match_target == 100
