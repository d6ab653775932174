"""The rules screen: everything it says comes from the rule set, each variant's own rules
appear, the examples are real and legal, and it scrolls and closes with mouse, keys and
fingers."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Card, RuleSet, best_melds, can_lay_off, is_run, is_set
from game.ui.app import create_app
from game.ui.core.viewport import TEXT_EM
from game.ui.screens.rules_screen import RulesScene
from game.ui.screens.rules_text import (
    LAYOFF_RUN,
    LAYOFF_SET,
    RUN,
    SET,
    UNDERCUT_DEFENDER,
    UNDERCUT_KNOCKER,
    Example,
    all_text,
    rules_sections,
)
from game.ui.screens.title import TitleScene

from .harness import click, drag, frames, key, post

C = Card.parse


def _app(size: str = "1280x720"):
    return create_app(["--no-storage", "--seed", "3", "--speed", "0", "--window", size])


def _open(app, rules: RuleSet | None) -> RulesScene:
    app.stack.replace_all(TitleScene(app))
    scene = app.stack.push(RulesScene(app, rules))
    frames(app, 2)
    return scene


def _shown(scene: RulesScene) -> str:
    return "\n".join(scene.texts())


def _row(scene: RulesScene, name: str) -> str:
    """The value drawn beside `name` in the bonus table."""
    cells = [item.text for item in scene.items if item.kind == "cell"]
    return cells[cells.index(name) + 1]


def test_the_bonus_table_shows_the_presets_numbers_and_follows_a_change():
    app = _app()
    classic = _open(app, RuleSet.preset("standard", bonuses="classic"))
    assert (
        _row(classic, "Gin bonus"),
        _row(classic, "Undercut bonus"),
        _row(classic, "Box, each hand won"),
    ) == (
        "20",
        "10",
        "20",
    )
    association = _open(app, RuleSet.preset("standard", bonuses="association"))
    assert (_row(association, "Gin bonus"), _row(association, "Undercut bonus")) == ("25", "25")
    assert ("subtitle", "Two players, association bonuses") in association.drawn
    # Numbers no preset has: every one of them shows, nothing is written in by hand.
    odd = RuleSet.preset("standard").with_options(
        gin_bonus=37,
        undercut_bonus=13,
        box_bonus=21,
        game_bonus=111,
        shutout_bonus=222,
        target=77,
        knock_limit=8,
    )
    scene = _open(app, odd)
    text = _shown(scene)
    for name, value in [
        ("Gin bonus", "37"),
        ("Undercut bonus", "13"),
        ("Box, each hand won", "21"),
        ("Game bonus", "111"),
        ("Shutout bonus", "222"),
        ("Match target", "77"),
    ]:
        assert _row(scene, name) == value
    assert "is 8 or less may knock" in text
    assert "the first to 77 points" in text and "gin bonus, 37," in text
    assert "7 - 5 + 13 = 15" in text  # the undercut example with the rule set's bonus
    assert "Bonuses (custom)" in text and "10 or less" not in text


def test_none_means_the_rules_of_the_players_settings():
    app = _app()
    app.settings.variant = "oklahoma"
    app.settings.bonuses = "classic_25_20"
    scene = _open(app, None)
    assert scene.rules == app.settings.ruleset()
    text = _shown(scene)
    assert (
        "Oklahoma" in text and _row(scene, "Match target") == "150" and _row(scene, "Undercut bonus") == "20"
    )
    app.settings.variant = "standard"
    assert _row(_open(app, None), "Match target") == "100"


def test_oklahoma_shows_the_knock_limit_from_the_upcard_and_its_options():
    plain = all_text(rules_sections(RuleSet.preset("oklahoma")))
    assert "first upcard sets the knock limit" in plain
    assert {"Knock 7", "Knock 10", "Knock 1", "Knock 5, x2"} <= set(plain.splitlines())
    assert "spade upcard doubles the hand's score" in plain
    assert "Extra boxes" not in plain and "gin only" not in plain
    options = RuleSet.preset("oklahoma", oklahoma_ace_gin_only=True, oklahoma_extra_boxes=True,
                             oklahoma_spade_double=False)  # fmt: skip
    text = all_text(rules_sections(options))
    assert "An ace upcard means gin only" in text and "Gin only" in text
    assert "Knock 1" not in text.splitlines()
    assert "Extra boxes: an undercut earns 1 more box" in text
    assert "x2" not in text and "doubles the hand" not in text


def test_simple_gin_is_gin_only_with_no_layoffs_or_undercuts():
    text = all_text(rules_sections(RuleSet.preset("simple")))
    assert "only gin may knock" in text
    assert "Laying off" not in text and "Undercut bonus" not in text and "Knocker's deadwood" not in text
    standard = all_text(rules_sections(RuleSet.preset("standard")))
    assert "Laying off" in standard and "Undercut bonus" in standard


def test_options_and_formats_appear_when_chosen():
    base = all_text(rules_sections(RuleSet.preset("standard")))
    for absent in ("Eleven-card deal", "Big gin", "Last-discard chance", "Three players", "Partnerships"):
        assert absent not in base
    assert "First turn: the non-dealer may take the upcard" in base
    chosen = RuleSet.preset("standard", eleven_card_deal=True, big_gin=True, last_discard_chance=True,
                            allow_rediscard=True, shutout_doubles=True, players=4, next_dealer="winner")  # fmt: skip
    text = all_text(rules_sections(chosen))
    assert "Eleven-card deal" in text and "First turn" not in text
    assert f"for {chosen.big_gin_bonus} plus" in text and "Big gin bonus: 31" in text
    assert "Last-discard chance" in text and "thrown straight back" in text
    assert "Shutout: doubles the total" in text
    assert "Partnerships" in text and "The first team to 125 wins" in text
    three = all_text(rules_sections(RuleSet.preset("standard", players=3)))
    assert "Three players" in three and "sits out" in three
    winner = all_text(rules_sections(RuleSet.preset("standard", next_dealer="winner")))
    assert "The winner of a hand deals the next" in winner


def test_the_examples_are_real_cards_and_legal():
    assert is_run(RUN) and is_set(SET)
    for meld, card in (LAYOFF_RUN, LAYOFF_SET):
        assert can_lay_off(card, meld)
    knocker = best_melds(UNDERCUT_KNOCKER).deadwood_value
    defender = best_melds(UNDERCUT_DEFENDER).deadwood_value
    assert defender <= knocker, "the example must be an undercut"
    app = _app()
    scene = _open(app, RuleSet.preset("standard"))
    shown = scene.cards_shown()
    for card in (*RUN, *SET, *LAYOFF_RUN[0], LAYOFF_RUN[1], *UNDERCUT_KNOCKER, *UNDERCUT_DEFENDER):
        assert card in shown
    marked = [item.card for item in scene.items if item.marked]
    assert marked == [LAYOFF_RUN[1], LAYOFF_SET[1]]
    captions = [item.text for item in scene.items if item.kind == "caption"]
    assert f"Knocker's deadwood: {knocker}" in captions and f"Defender's deadwood: {defender}" in captions
    values = next(b for s in rules_sections(scene.rules) if s.title == "Card values" for b in s.blocks
                  if isinstance(b, Example))  # fmt: skip
    assert [g.caption.split()[0] for g in values.groups] == [str(g.cards[0].value) for g in values.groups]


def test_scrolls_with_wheel_keys_and_mouse_drag_then_back_closes():
    app = _app()
    scene = _open(app, RuleSet.preset("standard", players=3))
    assert scene.max_scroll > 0 and scene.scroll == 0
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    frames(app)
    wheel = scene.scroll
    assert wheel > 0
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll > wheel
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    assert ("heading", "Three players") in scene.drawn  # the last section is in view
    key(app, pygame.K_HOME)
    assert scene.scroll == 0 and ("heading", "The aim") in scene.drawn
    body = scene.body
    drag(app, (body.centerx, body.bottom - 20), (body.centerx, body.top + 20))
    assert scene.scroll > 0
    click(app, scene.back.rect.center)
    assert isinstance(app.stack.top, TitleScene)


def test_scrolls_with_a_finger_on_a_phone_and_esc_closes():
    app = _app("390x844")
    scene = _open(app, RuleSet.preset("oklahoma"))
    width, height = app.viewport.size
    body = scene.body

    def finger(kind, y):
        post(
            kind, x=body.centerx / width, y=y / height, dx=0.0, dy=0.0, touch_id=1, finger_id=1, pressure=1.0
        )
        frames(app)

    finger(pygame.FINGERDOWN, body.bottom - 10)
    for step in range(1, 7):
        finger(pygame.FINGERMOTION, body.bottom - 10 - step * (body.height - 20) // 6)
    finger(pygame.FINGERUP, body.top + 10)
    assert scene.scroll >= body.height - 40
    assert app.stack.top is scene  # a scroll is not a press of Back
    assert not scene.animating()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


@pytest.mark.parametrize("size", ["360x640", "1920x1080"])
def test_resizing_keeps_the_place_and_lays_out_again(size):
    app = _app(size)
    scene = _open(app, RuleSet.preset("standard"))
    scene.scroll_by(scene.max_scroll // 2)
    fraction = scene.scroll / scene.content_height
    app.resize((1280, 720) if size == "360x640" else (390, 844))
    frames(app)
    assert scene.back.rect.bottom <= app.viewport.height
    assert abs(scene.scroll / scene.content_height - fraction) < 0.05


def test_the_rules_screen_rests_when_idle():
    app = _app("390x844")
    scene = _open(app, RuleSet.preset("standard"))
    frames(app, 3)
    assert not scene.animating() and not app.stack.animating()
    assert not app.frame(1 / 60), "an idle rules screen must not draw"
    key(app, pygame.K_DOWN)  # input draws one picture
    assert scene.scroll > 0


def test_a_phone_held_sideways_gets_readable_text():
    app = _app("844x390")
    scene = _open(app, RuleSet.preset("standard"))
    text = next(item for item in scene.items if item.kind == "text")
    wide = 21 * app.viewport.scale * TEXT_EM  # the 1280x720 design would give 8 px text here
    assert text.size >= 1.5 * wide
    assert scene.body.height >= 200
