"""Card art and text: the shipped court pictures, faces at any size, the bounded cache,
the real pip layouts, the shipped font, suits in rich text, and the asset inventory."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import pygame
import pytest

from game.ui.core import art, richtext, text
from game.ui.core.art import CardArt

ROOT = Path(__file__).resolve().parents[2]
COURTS = [f"{rank}{suit}" for suit in art.SUITS for rank in "JQK"]
SMALL, LARGE = (40, 56), (260, 364)


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Each test starts with no fonts, labels or scaled glyphs from a previous pygame."""
    pygame.init()
    text.reset()
    richtext.reset()
    art.reset()
    yield
    text.reset()
    richtext.reset()


def spread(surface: pygame.Surface) -> float:
    """Variance of the colour bytes (sampled): near 0 for a blank or flat image."""
    data = pygame.image.tobytes(surface, "RGB")
    return statistics.pvariance(data[::7])


def ink_blobs(surface: pygame.Surface, area: pygame.Rect, min_pixels: int = 40) -> int:
    """Connected blobs of coloured or dark ink inside `area` (card-face paper is light)."""

    mask = pygame.mask.Mask(area.size)
    for y in range(area.height):
        for x in range(area.width):
            r, g, b, a = surface.get_at((area.x + x, area.y + y))
            if a > 128 and min(r, g, b) < 150:
                mask.set_at((x, y))
    return sum(1 for blob in mask.connected_components() if blob.count() >= min_pixels)


def pixels(surface: pygame.Surface) -> list[pygame.Color]:
    return [surface.get_at((x, y)) for x in range(surface.get_width()) for y in range(surface.get_height())]


def top_row(mask: pygame.mask.Mask) -> int:
    width, height = mask.get_size()
    return next(y for y in range(height) if any(mask.get_at((x, y)) for x in range(width)))


def row_width(mask: pygame.mask.Mask, y: int) -> int:
    return sum(mask.get_at((x, y)) for x in range(mask.get_size()[0]))


# --- the shipped court pictures ---------------------------------------------------------


def test_every_court_picture_loads_is_not_blank_and_is_its_own():
    panels = art.sources().panels
    assert sorted(panels) == sorted(COURTS)
    pictures = {}
    for name in COURTS:
        panel = panels[name]
        assert panel.get_height() > panel.get_width() > 100
        assert spread(panel) > 1000, f"{name} looks blank"
        pictures[name] = pygame.image.tobytes(panel, "RGBA")
    assert len(set(pictures.values())) == len(COURTS)


def test_court_faces_show_the_picture_and_differ_from_each_other():
    cards = CardArt()
    faces = {name: cards.face({"J": 11, "Q": 12, "K": 13}[name[0]], name[1], (200, 280)) for name in COURTS}
    for name, face in faces.items():
        centre = face.subsurface(pygame.Rect(70, 110, 60, 60))
        assert spread(centre) > 1000, f"the middle of {name} shows no picture"
    assert len({pygame.image.tobytes(face, "RGBA") for face in faces.values()}) == len(COURTS)


def test_missing_art_is_reported_with_where_to_rebuild_it(monkeypatch, tmp_path):
    monkeypatch.setattr(art, "ASSETS", tmp_path)
    monkeypatch.setattr(art, "_sources", None)
    (tmp_path / "cards.json").write_text((ROOT / "assets" / "cards" / "cards.json").read_text())
    with pytest.raises(FileNotFoundError, match=r"ranks\.png is missing: see docs/assets\.md"):
        art.sources()


# --- faces at any size ------------------------------------------------------------------


@pytest.mark.parametrize("size", [SMALL, (50, 70), (96, 134), LARGE])
def test_every_face_and_the_back_render_at_the_requested_size(size):
    cards = CardArt()
    for suit in art.SUITS:
        for rank in range(1, 14):
            for four in (False, True):
                assert cards.face(rank, suit, size, four).get_size() == size
    assert cards.back(size).get_size() == size
    assert cards.shadow(size).get_size() == size


def test_small_cards_use_the_big_index_layout():
    assert art.FaceLayout.for_size(SMALL).compact
    assert not art.FaceLayout.for_size((96, 134)).compact
    # The small index is a larger share of the card, so it stays readable on a phone.
    assert art.FaceLayout.for_size(SMALL).rank_height >= 13


def test_index_strip_holds_the_whole_corner_index():
    size = (200, 280)
    face = CardArt().face(9, "S", size)
    strip = art.index_strip(size)
    corner = face.subsurface(pygame.Rect(3, 3, strip - 3, int(size[1] * 0.3)))
    beyond = face.subsurface(pygame.Rect(strip, 3, 3, int(size[1] * 0.12)))
    assert ink_blobs(corner, corner.get_rect(), 20) == 2  # the "9" and its spade
    assert ink_blobs(beyond, beyond.get_rect(), 1) == 0


def test_a_bad_card_is_refused():
    with pytest.raises(ValueError, match="no such card"):
        CardArt().face(14, "S", (96, 134))
    with pytest.raises(ValueError, match="unknown suit"):
        art.draw_suit(pygame.Surface((10, 10)), "X", (5, 5), 8, (0, 0, 0))


def test_four_colour_palette_reaches_the_court_pips():
    cards = CardArt()
    two = cards.face(13, "D", (200, 280), False)
    four = cards.face(13, "D", (200, 280), True)
    index = pygame.Rect(5, 5, 30, 70)
    assert pygame.image.tobytes(two.subsurface(index), "RGB") != pygame.image.tobytes(
        four.subsurface(index), "RGB"
    )
    blue = [
        four.get_at((x, y)) for x in range(index.left, index.right) for y in range(index.top, index.bottom)
    ]
    assert any(c.b > 150 and c.r < 80 for c in blue)


# --- the cache --------------------------------------------------------------------------


def test_cache_keeps_a_bounded_number_of_sizes_across_many_resizes():
    cards = CardArt()
    for width in range(40, 140, 2):  # fifty window sizes, as while dragging a window edge
        size = (width, width * 7 // 5)
        cards.face(7, "H", size)
        cards.back(size)
        assert len(cards.sizes()) <= art.MAX_SIZES
    assert cards.sizes()[-1] == (138, 193)
    assert len(cards.sizes()) == art.MAX_SIZES


def test_a_size_in_use_is_drawn_once_and_then_reused():
    cards = CardArt()
    hand = (96, 134)
    first = cards.face(12, "C", hand)
    for width in range(40, 40 + art.MAX_SIZES - 1):
        cards.face(12, "C", (width, width * 7 // 5))
        assert cards.face(12, "C", hand) is first  # asked for every frame: never evicted
    cards.prerender(False, hand)
    assert cards.face(12, "C", hand) is first


def test_least_recently_used_size_is_dropped_first():
    cards = CardArt(max_sizes=2)
    cards.back((50, 70))
    cards.back((60, 84))
    cards.back((50, 70))
    cards.back((70, 98))
    assert cards.sizes() == [(50, 70), (70, 98)]


# --- pips -------------------------------------------------------------------------------


def test_pip_layouts_have_one_pip_per_point_and_mirror_left_to_right():
    for rank in range(1, 11):
        layout = art.pip_layout(rank)
        assert len(layout) == len(set(layout)) == rank
        assert {(-column, row) for column, row in layout} == set(layout)
        assert all(0.0 <= row <= 1.0 for _, row in layout)
    # Every layout but the seven's reads the same upside down, as on a real card.
    for rank in (1, 2, 3, 4, 5, 6, 8, 9, 10):
        turned = {(-column, round(1.0 - row, 6)) for column, row in art.pip_layout(rank)}
        assert turned == {(column, round(row, 6)) for column, row in art.pip_layout(rank)}
    with pytest.raises(ValueError, match="no pips"):
        art.pip_layout(11)


@pytest.mark.parametrize("suit", list(art.SUITS))
def test_number_cards_show_as_many_pips_as_their_rank(suit):
    size = LARGE
    # Between the corner indices, inside the card's edge.
    body = pygame.Rect(int(size[0] * 0.19), 4, int(size[0] * 0.62), size[1] - 8)
    cards = CardArt()
    counted = {rank: ink_blobs(cards.face(rank, suit, size), body) for rank in range(1, 11)}
    assert counted == {rank: rank for rank in range(1, 11)}


def test_small_number_cards_show_one_big_pip():
    size = SMALL
    body = pygame.Rect(int(size[0] * 0.36), int(size[1] * 0.4), int(size[0] * 0.6), int(size[1] * 0.55))
    assert ink_blobs(CardArt().face(9, "S", size), body, 20) == 1


# --- the font ---------------------------------------------------------------------------


def game_characters() -> set[str]:
    """Every non-ASCII character written anywhere in the game's code."""
    found: set[str] = set()
    for path in (ROOT / "game").rglob("*.py"):
        found.update(char for char in path.read_text(encoding="utf-8") if ord(char) > 126)
    return found


def test_shipped_font_is_used_in_both_weights():
    assert text.font_path() is not None and text.font_path(bold=True) == text.font_path()
    assert text.font(20).name == "DejaVu Sans" and not text.font(20).bold
    assert text.font(20, bold=True).bold  # emboldened: wider strokes from the same file
    assert text.font(20, bold=True).size("Gin!")[0] > text.font(20).size("Gin!")[0]


def test_font_has_glyphs_for_letters_suits_and_every_symbol_the_game_writes():
    wanted = "".join(sorted(game_characters())) + "♠♥♦♣♤♡♢♧×·…—–→←↑↓✓'’“”éñü€"
    wanted += "".join(chr(c) for c in range(0x20, 0x7F))
    for bold in (False, True):
        metrics = text.font(14, bold).metrics(wanted)
        missing = [char for char, metric in zip(wanted, metrics, strict=True) if metric is None]
        assert not missing, f"no glyph for {missing}"


def test_text_renders_kerned_at_every_size():
    for size in (12, 14, 20, 28, 48, 90):
        image = text.label("J♣ 7♠ 10♥ Q♦ — Play it, lay off", size, (20, 20, 20))
        assert image.get_height() >= size
        assert pygame.mask.from_surface(image).count() > 20 * size  # ink, not an empty strip
    face = text.font(40)
    # The subset keeps the kerning table: "To" is tighter than its letters side by side.
    assert face.size("To")[0] < face.size("T")[0] + face.size("o")[0] - 3


def test_pygame_font_stands_in_when_the_font_file_is_missing(monkeypatch, tmp_path):
    monkeypatch.setattr(text, "REGULAR", tmp_path / "gone.ttf")
    assert text.font_path() is None
    assert text.label("Gin!", 20).get_width() > 0


def test_fonts_work_again_after_pygame_was_quit():
    text.font(14).size("before")
    pygame.quit()
    assert text.font(14).size("after")[0] > 0


def test_font_cache_is_bounded_across_sizes():
    for size in range(10, 10 + 3 * text.FONT_SIZES):
        text.font(size)
    assert len(text._fonts) == text.FONT_SIZES


# --- suits in rich text -----------------------------------------------------------------


def test_rich_text_draws_each_suit_in_its_colour():
    dark_text = (20, 20, 20)
    heart = richtext.render_rich("♥", 28, dark_text)
    spade = richtext.render_rich("♠", 28, dark_text)
    assert any(c.a > 200 and c.r > 150 and c.g < 80 for c in pixels(heart))
    assert not any(c.a > 200 and c.r > 150 for c in pixels(spade))
    on_dark = richtext.render_rich("♠", 28, (250, 250, 240))
    assert any(c.a > 200 and c.r > 200 for c in pixels(on_dark))  # a light spade on a dark panel


def test_small_clubs_and_spades_have_different_shapes():
    club = richtext.render_rich("♣", 14, (20, 20, 20))
    spade = richtext.render_rich("♠", 14, (20, 20, 20))
    club_mask, spade_mask = pygame.mask.from_surface(club, 100), pygame.mask.from_surface(spade, 100)
    differ = club_mask.count() + spade_mask.count() - 2 * club_mask.overlap_area(spade_mask, (0, 0))
    assert differ >= 12  # more than an edge of anti-aliasing apart
    # A spade comes to a point on top; a club's top is a round lobe, wider a row lower.
    club_top, spade_top = top_row(club_mask), top_row(spade_mask)
    assert row_width(club_mask, club_top + 1) > row_width(spade_mask, spade_top + 1)


def test_rich_text_keeps_the_words_between_the_suits():
    plain = text.label("Keep 7 and 8", 20, (20, 20, 20))
    rich = richtext.render_rich("Keep 7♥ and 8♠", 20, (20, 20, 20))
    assert rich.get_width() > plain.get_width()
    assert rich.get_height() == text.font(20).get_height()


# --- the inventory ----------------------------------------------------------------------


def test_every_shipped_asset_is_listed_with_its_source_in_docs():
    listed = set(re.findall(r"`(assets/[^`\s]+)`", (ROOT / "docs" / "assets.md").read_text(encoding="utf-8")))
    shipped = {path.relative_to(ROOT).as_posix() for path in (ROOT / "assets").rglob("*") if path.is_file()}
    assert shipped - listed == set(), "assets not described in docs/assets.md"
    assert listed - shipped == set(), "docs/assets.md lists files that do not exist"


# --- told by shape, not colour alone; high contrast; the backs ----------------------------


def _ink_mask(surface: pygame.Surface) -> pygame.mask.Mask:
    """Where a face has ink inside its edge, whatever the ink's colour (paper is not ink)."""
    mask = pygame.mask.Mask(surface.get_size())
    inset = max(3, surface.get_width() // 10)
    for y in range(inset, surface.get_height() - inset):
        for x in range(inset // 2, surface.get_width() - inset):
            r, g, b, a = surface.get_at((x, y))
            if a > 128 and (r + g + b) / 3 < 170:
                mask.set_at((x, y))
    return mask


@pytest.mark.parametrize("size", [SMALL, (96, 134)])
@pytest.mark.parametrize("contrast", [False, True])
def test_every_suit_has_its_own_shape_whatever_the_colours(size, contrast):
    # Hearts and diamonds are the same red, clubs and spades the same black: a player who
    # cannot tell the colours apart tells the suits by the ink's shape alone.
    cards = CardArt()
    cards.set_style("red", contrast)
    masks = {suit: _ink_mask(cards.face(7, suit, size)) for suit in art.SUITS}
    for first, second in [("H", "D"), ("S", "C"), ("H", "S"), ("D", "C")]:
        a, b = masks[first], masks[second]
        differ = a.count() + b.count() - 2 * a.overlap_area(b, (0, 0))
        assert differ > 0.15 * max(a.count(), b.count()), (first, second)


def test_high_contrast_faces_are_pure_white_with_black_edges_and_deeper_red():
    usual, contrast = CardArt(), CardArt()
    assert contrast.set_style("red", True) and not contrast.set_style("red", True)
    face = contrast.face(5, "H", (96, 134))
    middle = face.get_at((48, 20))
    assert tuple(middle)[:3] == (255, 255, 255)
    assert tuple(face.get_at((48, 0)))[:3] == (0, 0, 0)
    assert tuple(usual.face(5, "H", (96, 134)).get_at((48, 20)))[:3] == art.CARD_FACE
    assert art.suit_colour("H", False, True) == (185, 0, 10) != art.suit_colour("H", False)


def test_the_four_backs_differ_in_pattern_not_only_in_colour():
    size = (96, 134)
    masks = {}
    for design in art.BACKS:
        back = art.draw_back(size, design)
        assert back.get_size() == size and spread(back) > 100
        grey = pygame.transform.grayscale(back)
        masks[design] = pygame.mask.from_threshold(grey, (0, 0, 0), (110, 110, 110, 255))
    patterns = {design: art.BACKS[design].pattern for design in art.BACKS}
    assert set(patterns.values()) == {"lattice", "check", "rings"}
    for first, second in [("red", "green"), ("red", "night"), ("green", "night")]:
        a, b = masks[first], masks[second]  # light and dark in grey: the pattern's shape
        assert a.count() + b.count() - 2 * a.overlap_area(b, (0, 0)) > 0.1 * size[0] * size[1]
    cards = CardArt()
    before = cards.back(size)
    assert cards.set_style("night") and cards.back(size) is not before
    with pytest.raises(ValueError, match="unknown card back"):
        art.draw_back(size, "tartan")
    with pytest.raises(ValueError, match="unknown card back"):
        cards.set_style("tartan")


@pytest.mark.parametrize(
    ("size", "density"), [((72, 100), 1), ((85, 119), 1), ((96, 134), 1), ((255, 357), 3)]
)
@pytest.mark.parametrize("rank", [10, 12, 1, 8])
def test_the_corner_index_lies_in_its_box_and_its_suit_is_a_readable_size(size, density, rank):
    """Issue 18: the index must be known (nothing may be drawn over it) and big enough to
    tell a diamond from a heart on a phone: its suit at least 12 logical pixels tall."""
    cards = CardArt()
    cards.set_density(density)
    face = cards.face(rank, "D", size)
    box = art.index_boxes(size, density)[0]
    paper = face.get_rect().inflate(-6, -6)  # clear of the card's grey edge
    mask = pygame.mask.Mask(paper.size)
    for y in range(paper.height):
        for x in range(paper.width):
            r, g, b, a = face.get_at((paper.x + x, paper.y + y))
            if a > 128 and min(r, g, b) < 150:
                mask.set_at((x, y))
    touching = []
    for blob in mask.connected_components():
        if blob.count() < 4:
            continue
        bounds = blob.get_bounding_rects()[0].move(paper.topleft)
        if bounds.colliderect(box):
            touching.append(bounds)
    assert len(touching) >= 2  # the rank and the suit
    assert all(box.contains(bounds) for bounds in touching), (box, touching)  # and nothing reaches out of it
    layout = art.FaceLayout.for_size(size, density)
    assert layout.suit_height / density >= 12 and layout.rank_height / density >= 16
