"""game.storage.settings: every engine option in plain words, validated, and mapped to a valid RuleSet."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import game.storage.settings as settings_module
from game.rules import RuleSet
from game.storage.settings import (
    AI_LEVELS,
    FIRST_DEALERS,
    PLAYER_COUNTS,
    TARGETS,
    VARIANTS,
    MatchSetup,
    Settings,
)
from game.storage.store import DamagedRecordError, NewerRecordError

RULE_FLAGS = (
    "oklahoma_ace_gin_only",
    "oklahoma_extra_boxes",
    "oklahoma_spade_double",
    "shutout_doubles",
    "big_gin",
    "allow_rediscard",
    "last_discard_chance",
    "eleven_card_deal",
)


def test_the_ai_levels_are_the_engines() -> None:
    from game.ai.levels import LEVELS

    assert AI_LEVELS == LEVELS


def test_every_option_is_described_in_plain_words() -> None:
    settings = Settings()
    infos = settings.options()
    names = {info.name for info in infos}
    assert {*RULE_FLAGS, "variant", "bonuses", "target", "next_dealer", "first_dealer", "players"} <= names
    assert {"ai_level", "speed", "four_colour", "sound", "seat0", "seat1", "seat2", "seat3"} <= names
    for info in infos:
        assert info.label and info.explanation and info.value_label, info.name
        assert "_" not in info.label + info.value_label, info.name  # no code names shown
        assert (info.value, info.value_label) in info.choices, info.name
        assert info.applies == (info.reason == ""), info.name
        assert info.group in ("rules", "table", "display")


def test_bonus_presets_read_as_their_points() -> None:
    labels = dict(Settings().option("bonuses").choices)
    assert labels == {
        "classic": "Gin 20, undercut 10, box 20",
        "classic_25_20": "Gin 25, undercut 20, box 20",
        "association": "Gin 25, undercut 25, box 25",
    }


@pytest.mark.parametrize(
    ("variant", "players", "usual"), [("standard", "2", 100), ("oklahoma", "2", 150), ("simple", "4", 125)]
)
def test_the_usual_target_says_its_number(variant: str, players: str, usual: int) -> None:
    settings = Settings(variant=variant, players=players)
    assert settings.option("target").value_label == f"Usual ({usual})"
    assert settings.ruleset().match_target == usual


def test_a_partnership_target_of_100_says_it_plays_to_125() -> None:
    settings = Settings(players="4", target=100)
    assert settings.option("target").value_label.startswith("125")
    assert settings.ruleset().match_target == 125


@pytest.mark.parametrize(
    ("changes", "name", "reason"),
    [
        ({"variant": "oklahoma", "eleven_card_deal": True}, "eleven_card_deal", "Oklahoma needs the upcard"),
        ({"variant": "standard", "oklahoma_ace_gin_only": True}, "oklahoma_ace_gin_only", "Only in Oklahoma"),
        ({"variant": "simple", "oklahoma_extra_boxes": True}, "oklahoma_extra_boxes", "Only in Oklahoma"),
        (
            {"variant": "standard", "oklahoma_spade_double": False},
            "oklahoma_spade_double",
            "Only in Oklahoma",
        ),
        ({"players": "3", "next_dealer": "winner"}, "next_dealer", "loser of each hand always deals"),
        (
            {"seats": ["person", "person", "ai", "ai"], "ai_level": "hard"},
            "ai_level",
            "Every seat is played by a person",
        ),
        ({"seats": ["person", "ai", "person", "ai"]}, "seat2", "Only 2 players"),
        ({"players": "2", "first_dealer": 3}, "first_dealer", ""),
    ],
)
def test_an_option_that_does_not_apply_says_why(changes: dict[str, Any], name: str, reason: str) -> None:
    settings = Settings(**changes)
    info = settings.option(name)
    assert not info.applies
    assert reason in info.reason
    assert info in settings.ignored_options()


def test_first_dealer_goes_to_the_match_when_the_engine_takes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(first_dealer=1)
    monkeypatch.setattr(settings_module, "_match_accepts_first_dealer", lambda: False)
    assert settings.match_options() == {}
    assert "always cuts" in settings.option("first_dealer").reason
    monkeypatch.setattr(settings_module, "_match_accepts_first_dealer", lambda: True)
    assert settings.match_options() == {"first_dealer": 1}
    assert settings.option("first_dealer").applies
    assert Settings().match_options() == {}  # cut for it: the engine's default


def test_first_dealer_choices_are_the_players_at_the_table() -> None:
    choices = Settings(players="3").option("first_dealer").choices
    assert choices == ((None, "Cut for it"), (0, "You"), (1, "West"), (2, "East"))


def test_fewer_players_send_an_absent_first_dealer_back_to_the_cut() -> None:
    settings = Settings(players="4", first_dealer=3)
    settings.set_option("players", "2")
    assert settings.first_dealer is None


def test_set_option_refuses_a_value_and_changes_nothing() -> None:
    settings = Settings()
    for name, value in [("speed", "warp"), ("sound", 1), ("target", 99), ("players", 2), ("seat1", "robot")]:
        with pytest.raises(ValueError, match=name):
            settings.set_option(name, value)
    assert settings == Settings()
    with pytest.raises(KeyError):
        settings.set_option("colour", "red")


def test_cycle_walks_the_choices_both_ways() -> None:
    settings = Settings()
    assert [settings.cycle("variant") for _ in range(3)] == ["oklahoma", "simple", "standard"]
    assert settings.cycle("target", -1) == 500
    assert settings.cycle("seat1") == "person" and settings.seats[1] == "person"


def test_settings_round_trip_through_their_record() -> None:
    settings = Settings(
        variant="oklahoma", oklahoma_extra_boxes=True, target=250, first_dealer=0, players="4"
    )
    settings.seats[3] = "person"
    assert Settings.from_dict(settings.to_dict()) == settings


def test_a_newer_schema_is_refused_as_newer() -> None:
    with pytest.raises(NewerRecordError):
        Settings.from_dict({**Settings().to_dict(), "schema": 3})


def test_unknown_keys_are_ignored() -> None:
    assert Settings.from_dict({**Settings().to_dict(), "window": [800, 600]}) == Settings()


@pytest.mark.parametrize(
    "changes",
    [{"four_colour": "yes"}, {"variant": None}, {"target": True}, {"first_dealer": 4}, {"seats": "person"}],
)
def test_a_bad_value_is_damage_not_a_silent_default(changes: dict[str, Any]) -> None:
    with pytest.raises(DamagedRecordError):
        Settings.from_dict({**Settings().to_dict(), **changes})


def test_schema_1_fills_the_newer_options_with_defaults() -> None:
    assert Settings.from_dict({"variant": "oklahoma"}) == Settings(variant="oklahoma")


# --- every combination builds a valid rule set that reflects every option that applies ----


def _check_ruleset(settings: Settings) -> None:
    rules = settings.ruleset()
    assert rules.variant.value == settings.variant
    assert rules.players == settings.player_count
    for name in RULE_FLAGS:
        info = settings.option(name)
        if info.applies:
            assert getattr(rules, name) is info.value, name
        else:
            assert info.reason, name
    assert rules.next_dealer.value == settings.next_dealer
    preset = RuleSet.preset(settings.variant, bonuses=settings.bonuses)
    assert rules.gin_bonus == preset.gin_bonus and rules.box_bonus == preset.box_bonus
    assert rules.target == (preset.target if settings.target is None else settings.target)


def test_every_combination_of_rule_options_builds_a_valid_rule_set() -> None:
    count = 0
    for variant, bonuses, players, next_dealer, *flags in itertools.product(
        VARIANTS, ("classic", "classic_25_20", "association"), PLAYER_COUNTS,
        ("loser", "winner", "alternate"), *[(False, True)] * len(RULE_FLAGS),
    ):  # fmt: skip
        settings = Settings(variant=variant, bonuses=bonuses, players=players, next_dealer=next_dealer)
        for name, flag in zip(RULE_FLAGS, flags, strict=True):
            setattr(settings, name, flag)
        _check_ruleset(settings)
        count += 1
    assert count == 3 * 3 * 3 * 3 * 2 ** len(RULE_FLAGS)


@given(
    variant=st.sampled_from(VARIANTS),
    players=st.sampled_from(PLAYER_COUNTS),
    target=st.sampled_from(TARGETS),
    first_dealer=st.sampled_from(FIRST_DEALERS),
    seats=st.lists(st.sampled_from(("person", "ai")), min_size=4, max_size=4),
    flags=st.lists(st.booleans(), min_size=len(RULE_FLAGS), max_size=len(RULE_FLAGS)),
)
def test_targets_dealers_and_seats_never_break_the_rule_set(
    variant: str,
    players: str,
    target: int | None,
    first_dealer: int | None,
    seats: list[str],
    flags: list[bool],
) -> None:
    settings = Settings(
        variant=variant, players=players, target=target, first_dealer=first_dealer, seats=seats
    )
    for name, flag in zip(RULE_FLAGS, flags, strict=True):
        setattr(settings, name, flag)
    _check_ruleset(settings)
    assert Settings.from_dict(settings.to_dict()) == settings
    for info in settings.options():
        assert info.applies == (info.reason == "")


def test_match_setup_lists_the_seats_in_play() -> None:
    settings = Settings(players="3", seats=["person", "ai", "person", "ai"], ai_level="hard")
    setup = settings.match_setup()
    assert setup == MatchSetup(("person", "ai", "person"), "hard")
    assert setup.people == (0, 2) and setup.opponent_level == "hard"
    assert MatchSetup(("person", "person"), "hard").opponent_level == "people"
    with pytest.raises(ValueError):
        MatchSetup(("person",), "hard")
    assert MatchSetup.from_dict(setup.to_dict()) == setup


def test_auto_gin_and_confirm_knock_are_off_by_default_described_and_kept() -> None:
    settings = Settings()
    assert settings.auto_gin is False and settings.confirm_knock is False
    for name in ("auto_gin", "confirm_knock"):
        info = settings.option(name)
        assert info.label and info.explanation and info.group == "display"
        settings.set_option(name, True)
    assert Settings.from_dict(settings.to_dict()) == settings
    with pytest.raises(DamagedRecordError):
        Settings.from_dict({**Settings().to_dict(), "auto_gin": "yes"})


def test_a_schema_2_save_from_before_auto_gin_loads_with_them_off() -> None:
    saved = Settings(speed="fast").to_dict()
    del saved["auto_gin"], saved["confirm_knock"]
    assert Settings.from_dict(saved) == Settings(speed="fast")
    del saved["speed"]
    with pytest.raises(DamagedRecordError):
        Settings.from_dict(saved)  # an option of schema 2 itself missing is still damage


# --- the table's looks, comfort and access options --------------------------------------

LOOKS = {
    "auto_sort": "melds",
    "card_back": "night",
    "table_colour": "blue",
    "left_handed": True,
    "card_size": 160,
    "high_contrast": True,
    "reduced_motion": True,
    "narrate": False,
}


def test_the_new_options_are_described_kept_and_cycled() -> None:
    settings = Settings()
    for name, value in LOOKS.items():
        info = settings.option(name)
        assert info.group == "display" and info.explanation.endswith("."), name
        assert len(info.choices) >= 2 and info.value != value, name
        settings.set_option(name, value)
    settings.set_name(1, "Ann")
    again = Settings.from_dict(settings.to_dict())
    assert again == settings and again.zoom == 1.6 and again.names == ["", "Ann", "", ""]
    assert [Settings().cycle("card_size") for _ in range(1)] == [120]
    assert Settings(card_size=160).cycle("card_size") == 100


@pytest.mark.parametrize(
    "changes",
    [
        {"card_size": 1.6},
        {"card_size": 150},
        {"card_back": "tartan"},
        {"left_handed": 1},
        {"names": ["", "", ""]},
        {"names": ["", "", "", 7]},
        {"names": ["Ann", "ann", "", ""]},
        {"names": ["x" * 13, "", "", ""]},
        {"names": ["<b>", "", "", ""]},
    ],
)
def test_a_bad_new_value_is_damage(changes: dict[str, Any]) -> None:
    with pytest.raises(DamagedRecordError):
        Settings.from_dict({**Settings().to_dict(), **changes})


def test_a_save_from_before_the_new_options_loads_with_their_defaults() -> None:
    # What the settings file held before these options existed (schema 2, main at e397325).
    before = {
        "schema": 2, "speed": "fast", "four_colour": True, "sound": False, "variant": "standard",
        "ai_level": "hard", "bonuses": "classic", "eleven_card_deal": False,
        "last_discard_chance": False, "big_gin": False, "allow_rediscard": False,
        "next_dealer": "loser", "players": "2", "target": None, "shutout_doubles": False,
        "oklahoma_ace_gin_only": False, "oklahoma_extra_boxes": False,
        "oklahoma_spade_double": True, "first_dealer": None, "seats": ["person", "person", "ai", "ai"],
    }  # fmt: skip
    settings = Settings.from_dict(before)
    assert settings.speed == "fast" and settings.four_colour and settings.seats[1] == "person"
    assert settings.card_size == 100 and settings.names == ["", "", "", ""] and settings.narrate
    assert all(settings.value(name) == Settings().value(name) for name in LOOKS)


def test_a_name_is_cleaned_limited_and_never_shared() -> None:
    settings = Settings()
    assert settings.set_name(0, "  Grand\tma  Rose  ") == "Grand ma Rose"[:12].rstrip()
    assert settings.set_name(1, "Bob<script>alert(1)") == "Bobscriptale"
    assert settings.set_name(2, "Zoë & Al") == "Zoë Al"
    with pytest.raises(ValueError, match="already called Bobscriptale"):
        settings.set_name(3, "BOBSCRIPTALE")
    with pytest.raises(ValueError, match="letters or digits"):
        settings.set_name(3, "♠♠")
    with pytest.raises(ValueError):
        settings.set_name(4, "Dan")
    assert settings.names == ["Grand ma Ros", "Bobscriptale", "Zoë Al", ""]
    assert settings.set_name(1, "   ") == "" and settings.names[1] == ""


@pytest.mark.parametrize("taken", ["North", "you", "AI", "AI Bob", "the computer"])
def test_a_name_the_game_gives_a_seat_or_the_computer_is_refused(taken: str) -> None:
    settings = Settings()
    with pytest.raises(ValueError, match="choose another name"):
        settings.set_name(0, taken)
    assert settings.names == ["", "", "", ""]


def test_settings_moved_inside_something_are_damage_not_defaults() -> None:
    with pytest.raises(DamagedRecordError, match="none of their fields"):
        Settings.from_dict({"x": Settings(speed="fast").to_dict()})
    assert Settings.from_dict({}) == Settings()
