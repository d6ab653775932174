"""Every layout at every card and text size step (the settings' 120, 140 and 160 %), at the five
window sizes players use: two phones upright, a phone held sideways, a laptop and a big
monitor. The layout tests themselves (test_layouts*.py, test_menu_layouts.py,
test_learn_layouts.py) run again with the size set, so what they check at the usual size
(inside the window, no overlaps, 44 px for a finger, text inside its panel) holds at each
step; the usual size is theirs to check.
"""

from __future__ import annotations

import pytest

from game.storage.settings import CARD_SIZES
from game.ui import app as app_module

from . import test_layouts, test_layouts_round_the_table, test_learn_layouts, test_menu_layouts
from .menu_helpers import stand_ins

__all__ = ["stand_ins"]

FIVE = [(390, 844), (360, 640), (844, 390), (1280, 720), (1920, 1080)]
STEPS = [size for size in CARD_SIZES if size != 100]
CASES = [(size, step) for size in FIVE for step in STEPS]
IDS = [f"{w}x{h}-{step}" for (w, h), step in CASES]
UPRIGHT = [(size, step) for size, step in CASES if size[1] > size[0] or size[0] >= 1280]
"""The sizes the tests of the screens around the table run at (their own list has no phone
held sideways, where those screens are the same as on a laptop, only smaller)."""
UPRIGHT_IDS = [f"{w}x{h}-{step}" for (w, h), step in UPRIGHT]


@pytest.fixture
def card_size(monkeypatch, request):
    """Every app the test makes starts with the card and text size of this step."""
    real = app_module.App._apply_looks
    step = request.param

    def sized(self):
        self.settings.card_size = step
        real(self)

    monkeypatch.setattr(app_module.App, "_apply_looks", sized)
    return step


def _cases(cases, ids):
    return pytest.mark.parametrize(("size", "card_size"), cases, ids=ids, indirect=["card_size"])


@_cases(CASES, IDS)
def test_every_phase_of_a_hand_where_the_human_knocks(size, card_size):
    test_layouts.test_every_phase_of_a_hand_where_the_human_knocks(size)


@_cases(CASES, IDS)
def test_layoffs_when_the_ai_knocks(size, card_size):
    test_layouts.test_layoffs_when_the_ai_knocks(size)


@_cases(UPRIGHT, UPRIGHT_IDS)
@pytest.mark.parametrize("players", ["3", "4"])
def test_three_and_four_player_tables(size, card_size, players):
    test_layouts.test_three_and_four_player_tables(size, players)


@_cases(UPRIGHT, UPRIGHT_IDS)
def test_the_other_scenes(size, card_size):
    test_layouts.test_the_other_scenes(size)


@_cases(CASES, IDS)
def test_a_gin_its_celebration_and_the_result(size, card_size):
    test_layouts_round_the_table.test_a_gin_its_celebration_and_the_result_with_the_tables_shortcuts(size)


@_cases(CASES, IDS)
def test_the_ai_only_hand(size, card_size):
    test_layouts_round_the_table.test_the_ai_only_hand_while_it_plays_and_once_it_is_over(size)


@_cases(UPRIGHT, UPRIGHT_IDS)
def test_title(size, card_size, stand_ins):
    test_menu_layouts.test_title_with_every_entry_and_with_a_match_to_continue(size, stand_ins)


@_cases(UPRIGHT, UPRIGHT_IDS)
def test_new_match(size, card_size):
    test_menu_layouts.test_new_match_top_end_greyed_and_the_replace_question(size)


@_cases(UPRIGHT, UPRIGHT_IDS)
def test_pause(size, card_size, stand_ins):
    test_menu_layouts.test_pause_its_questions_and_settings_over_it(size, stand_ins)


@_cases(UPRIGHT, UPRIGHT_IDS)
def test_statistics(size, card_size):
    test_menu_layouts.test_statistics_all_one_bucket_and_the_reset_question(size)


@_cases(UPRIGHT, UPRIGHT_IDS)
def test_settings_and_notices(size, card_size):
    test_menu_layouts.test_settings_and_notices(size)


@_cases(CASES, IDS)
def test_the_tutorial(size, card_size):
    test_learn_layouts.test_every_tutorial_prompt_fits_and_never_covers_what_it_points_at(size)


@_cases(CASES, IDS)
def test_the_rules_screen(size, card_size):
    test_learn_layouts.test_the_rules_screen_top_and_bottom(size, "standard")
