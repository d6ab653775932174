"""The left-handed table on a phone: piles and buttons on the other side, cards in order,
everything still inside the window, apart and big enough; the desktop is left alone."""

from __future__ import annotations

import pytest

from game.ui.core.viewport import Viewport
from game.ui.table.layout import table_layout

from .test_layouts import HUMAN_KNOCKS, test_every_phase_of_a_hand_where_the_human_knocks

PHONES = [(390, 844), (360, 640), (844, 390)]


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
@pytest.mark.parametrize("laid_out", [False, True])
def test_a_phones_piles_and_buttons_change_sides(size, laid_out):
    view = Viewport(*size)
    right = table_layout(view, laid_out=laid_out)
    left = table_layout(view, laid_out=laid_out, left_handed=True)
    width = view.width
    assert left.mirrored and not right.mirrored
    assert (right.stock.centerx < width / 2) == (left.stock.centerx > width / 2)
    if not (laid_out and view.portrait):  # laid out in portrait, the piles stand in a column
        assert right.stock.centerx < right.discard.centerx and left.stock.centerx > left.discard.centerx
    for name in ("knock", "menu", "rank", "help"):
        assert (right.buttons[name].centerx < width / 2) != (left.buttons[name].centerx < width / 2), name
    assert left.card == right.card and left.hand_rows == right.hand_rows
    assert left.hand_span[1] - left.hand_span[0] == right.hand_span[1] - right.hand_span[0]
    if not view.portrait:
        assert left.panel.left < left.hand_span[0] and right.panel.left > right.hand_span[1]


def test_the_desktop_table_is_the_same_for_either_hand():
    view = Viewport(1280, 720)
    assert table_layout(view, left_handed=True) == table_layout(view)


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_every_phase_of_a_left_handed_hand_fits(size, monkeypatch):
    from game.ui import app as app_module

    real = app_module.App._apply_looks

    def left_handed(self):
        self.settings.left_handed = True
        real(self)

    monkeypatch.setattr(app_module.App, "_apply_looks", left_handed)
    assert HUMAN_KNOCKS
    test_every_phase_of_a_hand_where_the_human_knocks(size)
