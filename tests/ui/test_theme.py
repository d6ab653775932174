"""The one theme, switched: high contrast and the table colours reach every screen, and the
high-contrast colours meet the contrast they promise."""

from __future__ import annotations

import pytest

from game.ui.core import theme

from .harness import frames
from .menu_helpers import bare_app


def luminance(colour) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.fixture(autouse=True)
def _usual_theme():
    yield
    theme.apply()


def test_high_contrast_text_reads_at_seven_to_one_or_better():
    theme.apply(contrast=True)
    for ink in ("INK", "DIM", "GOLD", "GREY", "GOOD", "BAD", "REASON"):
        for ground in ("PANEL", "TABLE_PANEL", "FELT_LIGHT", "ROW", "WELL"):
            assert contrast(getattr(theme, ink), getattr(theme, ground)) >= 7, (ink, ground)
    assert contrast(theme.BUTTON_INK, theme.BUTTON) >= 7
    assert contrast(theme.BUTTON_INK, theme.ACCENT) >= 7
    assert theme.EDGE_WIDTH == 2


def test_the_usual_theme_comes_back_whole():
    before = {name: getattr(theme, name) for name in theme.HIGH_CONTRAST}
    theme.apply(contrast=True, table_colour="red")
    theme.apply()
    assert {name: getattr(theme, name) for name in theme.HIGH_CONTRAST} == before
    with pytest.raises(ValueError, match="unknown table colour"):
        theme.apply(table_colour="tartan")
    assert before["FELT_LIGHT"] == theme.FELT_LIGHT


@pytest.mark.parametrize("colour", list(theme.FELTS))
def test_each_table_colour_is_the_felt_of_every_screen(colour):
    app = bare_app()
    app.settings.table_colour = colour
    app.settings_changed()
    from game.ui.screens.title import TitleScene

    app.stack.push(TitleScene(app))
    frames(app)
    corner = tuple(app.surface.get_at((2, 2)))[:3]
    dark = theme.FELTS[colour][1]
    assert all(abs(a - b) <= 12 for a, b in zip(corner, dark, strict=True)), (corner, dark)


def test_high_contrast_paints_every_screen_black_and_white():
    app = bare_app()
    app.settings.high_contrast = True
    app.settings_changed()
    from game.ui.screens.title import TitleScene

    app.stack.push(TitleScene(app))
    frames(app)
    assert tuple(app.surface.get_at((2, 2)))[:3] == (0, 0, 0)
    app.settings.high_contrast = False
    app.settings_changed()
    frames(app)
    assert tuple(app.surface.get_at((2, 2)))[:3] != (0, 0, 0)
