"""Card faces and backs at any pixel size, from shipped art and code, cached per size.

What is shipped (assets/cards/, made by tools/card_art/, see docs/assets.md): Adrian
Kennard's public-domain court pictures (the top half of each panel; the panel is
point-symmetric, so the lower half is the same image turned round), and his corner glyphs
and suit symbols as white masks that are tinted to the palette. Everything else is drawn
here: the card, the corner indices, the pips of the number cards in their usual layouts,
the big pip of a court card (so the four-colour palette reaches it) and the back.

Two layouts: from about 125 logical px tall a card looks like a real one (indices in two
corners, pips in columns); below that (a phone's cards) the index is made much bigger, so
the rank and the suit can be read at a glance, and the body is one large pip or a smaller
court picture. The choice is made in logical pixels (`CardArt.density`), so a phone's
high-density screen gets the same layout as any other phone.

Cache: surfaces are kept per card size, and only for the MAX_SIZES sizes asked for most
recently. A window dragged through a hundred sizes therefore keeps at most MAX_SIZES sets,
and a frame that asks for a size it used before only blits.
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.ui.core.text import Colour

ASSETS = Path(__file__).resolve().parents[3] / "assets" / "cards"
SUITS = "CDHS"
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
DEFAULT_SIZE = (96, 134)
MAX_SIZES = 6
# Below this height (logical px) the full layout's corner suit would be under about 12 px:
# a diamond and a heart then look alike (issue 18).
COMPACT_BELOW = 125

TWO_COLOUR = {"C": (25, 25, 30), "D": (200, 30, 40), "H": (200, 30, 40), "S": (25, 25, 30)}
FOUR_COLOUR = {"C": (20, 130, 50), "D": (30, 90, 200), "H": (200, 30, 40), "S": (25, 25, 30)}
CONTRAST_TWO = {"C": (0, 0, 0), "D": (185, 0, 10), "H": (185, 0, 10), "S": (0, 0, 0)}
CONTRAST_FOUR = {"C": (0, 105, 20), "D": (0, 55, 200), "H": (185, 0, 10), "S": (0, 0, 0)}
"""High contrast: black and a deep red (7:1 on white), or four deep colours."""

CARD_FACE = (250, 248, 240)
CARD_EDGE = (120, 120, 110)
CONTRAST_FACE = (255, 255, 255)
CONTRAST_EDGE = (0, 0, 0)


@dataclass(frozen=True)
class BackDesign:
    """A card back: its ground, the colour of its pattern, its light border, the pattern."""

    main: tuple[int, int, int]
    line: tuple[int, int, int]
    light: tuple[int, int, int]
    pattern: str  # "lattice", "check" or "rings"


BACKS: dict[str, BackDesign] = {
    "red": BackDesign((150, 35, 45), (205, 90, 95), (240, 220, 200), "lattice"),
    "blue": BackDesign((30, 62, 140), (95, 135, 215), (228, 232, 246), "lattice"),
    "green": BackDesign((22, 96, 58), (52, 136, 88), (232, 240, 226), "check"),
    "night": BackDesign((20, 24, 52), (196, 160, 70), (236, 214, 150), "rings"),
}
"""The card backs a player can choose (`game.storage.settings.CARD_BACKS`), drawn here."""

# The standard pip layouts: (column, row), column -1/0/1 for left/centre/right, row 0..1
# from the top pip row to the bottom one. Pips below the middle are drawn upside down.
_SIDES = ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0))
_SIX = ((-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0))
_EIGHT_SIDES = tuple((col, row) for row in (0.0, 1 / 3, 2 / 3, 1.0) for col in (-1, 1))
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    1: ((0, 0.5),),
    2: ((0, 0.0), (0, 1.0)),
    3: ((0, 0.0), (0, 0.5), (0, 1.0)),
    4: _SIDES,
    5: (*_SIDES, (0, 0.5)),
    6: _SIX,
    7: (*_SIX, (0, 0.25)),
    8: (*_SIX, (0, 0.25), (0, 0.75)),
    9: (*_EIGHT_SIDES, (0, 0.5)),
    10: (*_EIGHT_SIDES, (0, 1 / 6), (0, 5 / 6)),
}


def rank_label(rank: int) -> str:
    """The corner label of a rank: A, 2..10, J, Q, K.

    >>> rank_label(1), rank_label(10), rank_label(12)
    ('A', '10', 'Q')
    """
    return RANK_LABELS.get(rank, str(rank))


def suit_colour(suit: str, four_colour: bool, high_contrast: bool = False) -> tuple[int, int, int]:
    """Ink colour of a suit letter ("C", "D", "H", "S") in the chosen palette."""
    if high_contrast:
        return (CONTRAST_FOUR if four_colour else CONTRAST_TWO)[suit]
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]


def pip_layout(rank: int) -> tuple[tuple[int, float], ...]:
    """Where the pips of a number card (1 = ace .. 10) sit: (column, row) pairs.

    >>> [len(pip_layout(rank)) for rank in range(1, 11)]
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    >>> pip_layout(3)
    ((0, 0.0), (0, 0.5), (0, 1.0))
    """
    layout = PIP_LAYOUTS.get(rank)
    if layout is None:
        raise ValueError(f"rank {rank} has no pips (number cards are 1..10)")
    return layout


def flip_width(width: int, flip: float) -> int:
    """Apparent width of a card `flip` of the way (0..1) through turning over.

    >>> flip_width(100, 0.0), flip_width(100, 0.5), flip_width(100, 1.0)
    (100, 0, 100)
    """
    return round(width * abs(math.cos(math.pi * flip)))


# --- the shipped art ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Sources:
    """The art files, loaded once: masks cropped to their glyphs, panels made whole."""

    ranks: dict[str, pygame.Surface]
    rank_height: int  # the glyph cell: every rank scales by the same factor
    suits: dict[str, pygame.Surface]
    suit_height: int
    panels: dict[str, pygame.Surface]  # "KS" -> the whole picture panel
    pip_side: dict[str, str]  # "KS" -> "left" or "right": where the art leaves the big pip room


_sources: _Sources | None = None


def _load_image(name: str) -> pygame.Surface:
    path = ASSETS / name
    if not path.is_file():
        raise FileNotFoundError(f"card art {path} is missing: see docs/assets.md to rebuild it")
    image = pygame.image.load(str(path))
    if image.get_bitsize() != 32 and pygame.display.get_surface() is not None:
        # A loader that keeps the palette: per-pixel alpha is what the blits below expect.
        image = image.convert_alpha()
    return image


def _masks(sheet: pygame.Surface, names: list[str], cell: int) -> dict[str, pygame.Surface]:
    masks = {}
    for index, name in enumerate(names):
        glyph = sheet.subsurface((index * cell, 0, cell, cell))
        glyph = glyph.subsurface(glyph.get_bounding_rect()).copy()
        # Tinting multiplies the colour, so every pixel must be white whatever its alpha.
        glyph.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        masks[name] = glyph
    return masks


def _whole_panel(top: pygame.Surface) -> pygame.Surface:
    width, half = top.get_size()
    panel = pygame.Surface((width, half * 2), pygame.SRCALPHA)
    panel.blit(top, (0, 0))
    panel.blit(pygame.transform.rotate(top, 180), (0, half))
    return panel


def sources() -> _Sources:
    """The shipped card art (loaded on first use; raises FileNotFoundError if it is missing)."""
    global _sources
    if _sources is None:
        manifest = json.loads((ASSETS / "cards.json").read_text(encoding="utf-8"))
        rank_cell, suit_cell = manifest["rank_cell"], manifest["suit_cell"]
        ranks = _masks(_load_image("ranks.png"), manifest["rank_order"], rank_cell)
        suits = _masks(_load_image("suits.png"), manifest["suit_order"], suit_cell)
        panels = {name: _whole_panel(_load_image(f"court-{name}.png")) for name in manifest["court_pip_side"]}
        _sources = _Sources(
            ranks=ranks,
            rank_height=max(glyph.get_height() for glyph in ranks.values()),
            suits=suits,
            suit_height=max(glyph.get_height() for glyph in suits.values()),
            panels=panels,
            pip_side=dict(manifest["court_pip_side"]),
        )
    return _sources


# --- tinted glyphs ------------------------------------------------------------------------

_GLYPH_LIMIT = 600
_glyphs: dict[tuple[object, ...], pygame.Surface] = {}


def _tinted(mask: pygame.Surface, scale: float, colour: Colour, upside_down: bool) -> pygame.Surface:
    size = (max(1, round(mask.get_width() * scale)), max(1, round(mask.get_height() * scale)))
    glyph = pygame.transform.smoothscale(mask, size)
    glyph.fill(colour, special_flags=pygame.BLEND_RGBA_MULT)
    return pygame.transform.rotate(glyph, 180) if upside_down else glyph


def _glyph(kind: str, name: str, height: float, colour: Colour, upside_down: bool = False) -> pygame.Surface:
    """A rank ("rank") or suit ("suit") glyph `height` px tall (the tallest of its kind)."""
    key = (kind, name, round(height * 4), tuple(colour), upside_down)
    glyph = _glyphs.get(key)
    if glyph is None:
        art = sources()
        if kind == "rank":
            mask, full = art.ranks[name], art.rank_height
        else:
            mask, full = art.suits[name], art.suit_height
        if len(_glyphs) >= _GLYPH_LIMIT:
            _glyphs.clear()
        glyph = _glyphs[key] = _tinted(mask, height / full, colour, upside_down)
    return glyph


def suit_width(suit: str, height: float) -> float:
    """How wide a suit symbol `height` px tall is drawn (clubs are the widest)."""
    mask = sources().suits[suit]
    return mask.get_width() * height / sources().suit_height


def draw_suit(
    surface: pygame.Surface,
    suit: str,
    centre: tuple[float, float],
    size: float,
    colour: Colour,
    upside_down: bool = False,
) -> pygame.Rect:
    """Draw one suit symbol `size` pixels tall centred on `centre`; returns where it went."""
    if suit not in SUITS:
        raise ValueError(f"unknown suit {suit!r}")
    glyph = _glyph("suit", suit, size, colour, upside_down)
    rect = glyph.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(glyph, rect)
    return rect


def reset() -> None:
    """Forget the scaled glyphs and pictures shared by every CardArt (not the loaded files)."""
    _glyphs.clear()
    _panels.clear()


# --- card geometry ----------------------------------------------------------------------


@dataclass(frozen=True)
class FaceLayout:
    """Where the parts of a face go on a card of one size, in pixels.

    >>> FaceLayout.for_size((96, 134)).compact, FaceLayout.for_size((40, 56)).compact
    (False, True)
    >>> FaceLayout.for_size((255, 357), density=3).compact  # a phone's card at density 3
    True
    """

    width: int
    height: int
    compact: bool
    index_x: float  # centre of the corner column
    index_top: float
    rank_height: float
    suit_height: float
    pip_height: float

    @staticmethod
    def for_size(size: tuple[int, int], density: float = 1.0) -> FaceLayout:
        """The layout for a card `size` = (width, height) real pixels, on a screen of
        `density` real pixels per logical pixel."""
        w, h = size
        if h / density < COMPACT_BELOW:
            return FaceLayout(w, h, True, 0.19 * w, 0.045 * h, 0.27 * h, 0.17 * h, 0.42 * h)
        return FaceLayout(w, h, False, 0.1 * w, 0.035 * h, 0.15 * h, 0.095 * h, 0.145 * h)

    def index_strip(self) -> int:
        """Width in px from the left edge that shows the whole corner index (for fanning)."""
        art = sources()
        widest_rank = max(glyph.get_width() for glyph in art.ranks.values()) / art.rank_height
        widest_suit = max(glyph.get_width() for glyph in art.suits.values()) / art.suit_height
        half = max(widest_rank * self.rank_height, widest_suit * self.suit_height) / 2
        return math.ceil(self.index_x + half + 0.02 * self.width)

    def index_box(self) -> pygame.Rect:
        """The top-left corner index (rank and suit), in pixels from the card's top-left."""
        strip = self.index_strip()
        bottom = self.index_top + self.rank_height * 1.12 + self.suit_height
        return pygame.Rect(0, 0, strip, math.ceil(bottom + 0.01 * self.height))

    def pip_centre(self, column: int, row: float) -> tuple[float, float]:
        """Pixel centre of a pip at a `pip_layout` position."""
        return (self.width * (0.5 + 0.2 * column), self.height * (0.2 + 0.6 * row))

    def panel_rect(self) -> pygame.Rect:
        """Where a court picture goes: beside the index (compact) or between the corners."""
        left, right = (0.36, 0.96) if self.compact else (0.2, 0.8)
        width = round(self.width * (right - left))
        panels = sources().panels
        any_panel = next(iter(panels.values()))
        height = round(width * any_panel.get_height() / any_panel.get_width())
        rect = pygame.Rect(round(self.width * left), 0, width, height)
        rect.centery = self.height // 2
        return rect


def index_strip(size: tuple[int, int], density: float = 1.0) -> int:
    """Width in px of the strip at a card's left edge that shows its whole corner index.

    A fanned hand that overlaps cards by less than this keeps every rank and suit readable.

    >>> 15 <= index_strip((96, 134)) <= 25
    True
    """
    return FaceLayout.for_size(size, density).index_strip()


def index_boxes(size: tuple[int, int], density: float = 1.0) -> list[pygame.Rect]:
    """Where a face's corner indices are, from the card's top-left: the top-left one, and on
    a full card the one turned round bottom-right. Nothing may be drawn over them.

    >>> [tuple(box) for box in index_boxes((40, 56))]
    [(0, 0, 14, 30)]
    >>> len(index_boxes((96, 134)))
    2
    """
    layout = FaceLayout.for_size(size, density)
    box = layout.index_box()
    if layout.compact:
        return [box]
    turned = box.copy()
    turned.bottomright = size
    return [box, turned]


# --- drawing a face ----------------------------------------------------------------------


def _card_base(size: tuple[int, int], fill: Colour, high_contrast: bool = False) -> pygame.Surface:
    """A rounded card with its edge, anti-aliased by drawing it four times larger.

    High contrast: a black edge, thicker on bigger cards, round a pure white face."""
    scale = 4
    w, h = size
    big = pygame.Surface((w * scale, h * scale), pygame.SRCALPHA)
    radius = max(2, round(min(w, h) * 0.06)) * scale
    rect = big.get_rect()
    edge = max(2, round(w / 40)) if high_contrast else 1
    pygame.draw.rect(big, CONTRAST_EDGE if high_contrast else CARD_EDGE, rect, border_radius=radius)
    inner = rect.inflate(-2 * edge * scale, -2 * edge * scale)
    pygame.draw.rect(big, fill, inner, border_radius=max(1, radius - edge * scale))
    return pygame.transform.smoothscale(big, size)


def _draw_index(card: pygame.Surface, layout: FaceLayout, label: str, suit: str, ink: Colour) -> None:
    """The rank and suit in the top-left corner and, on full cards, turned round bottom-right."""
    rank = _glyph("rank", label, layout.rank_height, ink)
    rank_rect = rank.get_rect(midtop=(round(layout.index_x), round(layout.index_top)))
    suit_centre = (layout.index_x, rank_rect.bottom + layout.rank_height * 0.12 + layout.suit_height / 2)
    card.blit(rank, rank_rect)
    draw_suit(card, suit, suit_centre, layout.suit_height, ink)
    if layout.compact:
        return
    w, h = card.get_size()
    turned = _glyph("rank", label, layout.rank_height, ink, upside_down=True)
    card.blit(turned, turned.get_rect(center=(w - rank_rect.centerx, h - rank_rect.centery)))
    draw_suit(card, suit, (w - suit_centre[0], h - suit_centre[1]), layout.suit_height, ink, upside_down=True)


def _draw_pips(card: pygame.Surface, layout: FaceLayout, rank: int, suit: str, ink: Colour) -> None:
    w, h = card.get_size()
    if layout.compact:
        draw_suit(card, suit, (w * 0.64, h * 0.66), layout.pip_height, ink)
        return
    if rank == 1:
        size = h * (0.42 if suit == "S" else 0.26)
        draw_suit(card, suit, (w / 2, h / 2), size, ink)
        return
    for column, row in pip_layout(rank):
        draw_suit(card, suit, layout.pip_centre(column, row), layout.pip_height, ink, upside_down=row > 0.5)


def _draw_court(card: pygame.Surface, layout: FaceLayout, name: str, suit: str, ink: Colour) -> None:
    art = sources()
    rect = layout.panel_rect()
    card.blit(_scaled_panel(name, rect.size), rect)
    # The big pip, where the picture leaves room for it: inside the frame's top corner on
    # the side the design chose, and turned round in the opposite corner.
    pip_h = rect.height * 0.178
    inset = rect.width * 0.012
    half_w = suit_width(suit, pip_h) / 2
    left = art.pip_side[name] == "left"
    x = rect.left + inset + half_w if left else rect.right - inset - half_w
    y = rect.top + inset + pip_h / 2
    draw_suit(card, suit, (x, y), pip_h, ink)
    draw_suit(
        card, suit, (rect.left + rect.right - x, rect.top + rect.bottom - y), pip_h, ink, upside_down=True
    )


_panels: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}


def _scaled_panel(name: str, size: tuple[int, int]) -> pygame.Surface:
    key = (name, size)
    panel = _panels.get(key)
    if panel is None:
        if len(_panels) >= 12 * MAX_SIZES:
            _panels.clear()
        panel = _panels[key] = pygame.transform.smoothscale(sources().panels[name], size)
    return panel


def draw_face(
    size: tuple[int, int],
    rank: int,
    suit: str,
    four_colour: bool,
    base: pygame.Surface | None = None,
    high_contrast: bool = False,
    density: float = 1.0,
) -> pygame.Surface:
    """A new surface with the face of a card of `rank` (1..13) and `suit` at `size` (real
    pixels, on a screen of `density`)."""
    if suit not in SUITS or not 1 <= rank <= 13:
        raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}")
    card = (base or face_base(size, high_contrast)).copy()
    layout = FaceLayout.for_size(size, density)
    ink = suit_colour(suit, four_colour, high_contrast)
    label = rank_label(rank)
    if rank >= 11:
        _draw_court(card, layout, label + suit, suit, ink)
    else:
        _draw_pips(card, layout, rank, suit, ink)
    _draw_index(card, layout, label, suit, ink)
    return card


def face_base(size: tuple[int, int], high_contrast: bool = False) -> pygame.Surface:
    """A blank card face (rounded, edged) at `size`."""
    return _card_base(size, CONTRAST_FACE if high_contrast else CARD_FACE, high_contrast)


def _back_pattern(surface: pygame.Surface, design: BackDesign, w: int, scale: int) -> None:
    """The back's repeating pattern over the whole of `surface` (drawn `scale` times larger)."""
    bw, bh = surface.get_size()
    step = max(4, round(w * 0.1)) * scale
    line = max(1, round(w * 0.02 * scale))
    if design.pattern == "lattice":
        for offset in range(-bh, bw + step, step):
            pygame.draw.line(surface, design.line, (offset, 0), (offset + bh, bh), line)
            pygame.draw.line(surface, design.line, (offset, bh), (offset + bh, 0), line)
    elif design.pattern == "check":
        cell = max(3, step // 2)
        for row in range(bh // cell + 1):
            for column in range(bw // cell + 1):
                if (row + column) % 2 == 0:
                    pygame.draw.rect(surface, design.line, (column * cell, row * cell, cell, cell))
    else:  # rings: small gold rings on a staggered grid
        radius = max(2, step // 3)
        for row in range(bh // step + 2):
            for column in range(bw // step + 2):
                x = column * step + (step // 2 if row % 2 else 0)
                pygame.draw.circle(surface, design.line, (x, row * step), radius, max(1, line))


def draw_back(size: tuple[int, int], design: str = "red", high_contrast: bool = False) -> pygame.Surface:
    """A new surface with the back of a card at `size`: a pattern in a light border.

    `design` is one of :data:`BACKS`; they differ in pattern as well as colour."""
    chosen = BACKS.get(design)
    if chosen is None:
        raise ValueError(f"unknown card back {design!r}: one of {', '.join(BACKS)}")
    w = size[0]
    card = face_base(size, high_contrast)
    scale = 3
    margin = max(2, round(w * 0.07))
    inner = card.get_rect().inflate(-2 * margin, -2 * margin)
    big = pygame.Surface((inner.width * scale, inner.height * scale), pygame.SRCALPHA)
    radius = max(1, round(w * 0.035)) * scale
    pygame.draw.rect(big, chosen.main, big.get_rect(), border_radius=radius)
    pattern = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    bw, bh = big.get_size()
    _back_pattern(pattern, chosen, w, scale)
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pattern, (0, 0))
    pygame.draw.rect(
        big, chosen.light, big.get_rect(), width=max(1, round(w * 0.012 * scale)), border_radius=radius
    )
    centre = (bw // 2, bh // 2)
    pygame.draw.circle(big, chosen.light, centre, round(min(bw, bh) * 0.2))
    pygame.draw.circle(big, chosen.main, centre, round(min(bw, bh) * 0.2), max(1, round(w * 0.012 * scale)))
    card.blit(pygame.transform.smoothscale(big, inner.size), inner)
    draw_suit(card, "S", inner.center, min(inner.width, inner.height) * 0.22, chosen.main)
    return card


# --- the cache ----------------------------------------------------------------------------


class CardArt:
    """Renders and caches card faces, backs and shadows for any size.

    Only the MAX_SIZES most recently used sizes are kept (least recently used dropped first).

    >>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    'dummy'
    >>> art = CardArt()
    >>> art.face(1, "S", (60, 84)).get_size(), art.back((200, 280)).get_size()
    ((60, 84), (200, 280))
    >>> art.sizes()
    [(60, 84), (200, 280)]
    """

    def __init__(self, max_sizes: int = MAX_SIZES) -> None:
        self.max_sizes = max_sizes
        self._by_size: OrderedDict[tuple[int, int], dict[tuple[object, ...], pygame.Surface]] = OrderedDict()
        self.back_design = "red"
        """Which of :data:`BACKS` the backs show."""
        self.high_contrast = False
        """Pure white faces with black edges and deeper inks."""
        self.density = 1.0
        """Real pixels per logical pixel of the screen the cards are for (their layout)."""

    def set_style(self, back_design: str = "red", high_contrast: bool = False) -> bool:
        """Choose the backs and the faces; True (and everything redrawn) when that changed."""
        if back_design not in BACKS:
            raise ValueError(f"unknown card back {back_design!r}: one of {', '.join(BACKS)}")
        if (back_design, high_contrast) == (self.back_design, self.high_contrast):
            return False
        self.back_design, self.high_contrast = back_design, high_contrast
        self._by_size.clear()
        return True

    def set_density(self, density: float) -> None:
        """The screen's density changed: faces are drawn again for it (their layout may
        change: a phone's card keeps the big index at any density)."""
        if density != self.density:
            self.density = density
            self._by_size.clear()

    def sizes(self) -> list[tuple[int, int]]:
        """The card sizes cached now, least recently used first."""
        return list(self._by_size)

    def _bucket(self, size: tuple[int, int]) -> dict[tuple[object, ...], pygame.Surface]:
        size = (int(size[0]), int(size[1]))
        if size[0] < 1 or size[1] < 1:
            raise ValueError(f"a card must be at least 1x1 px, not {size}")
        bucket = self._by_size.get(size)
        if bucket is None:
            bucket = self._by_size[size] = {}
            while len(self._by_size) > self.max_sizes:
                self._by_size.popitem(last=False)
        else:
            self._by_size.move_to_end(size)
        return bucket

    def face(self, rank: int, suit: str, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
        """The face of a card of `rank` (1..13) and `suit` ("CDHS") at `size`."""
        bucket = self._bucket(size)
        key = ("face", rank, suit, four_colour)
        surface = bucket.get(key)
        if surface is None:
            base = bucket.get(("base",))
            if base is None:
                base = bucket[("base",)] = face_base(size, self.high_contrast)
            surface = bucket[key] = _ready(
                draw_face(size, rank, suit, four_colour, base, self.high_contrast, self.density)
            )
        return surface

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back of a card at `size`."""
        bucket = self._bucket(size)
        surface = bucket.get(("back",))
        if surface is None:
            surface = bucket[("back",)] = _ready(draw_back(size, self.back_design, self.high_contrast))
        return surface

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft translucent shadow for a card of `size`."""
        bucket = self._bucket(size)
        surface = bucket.get(("shadow",))
        if surface is None:
            surface = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(2, round(min(size) * 0.06))
            pygame.draw.rect(surface, (0, 0, 0, 70), surface.get_rect(), border_radius=radius)
            bucket[("shadow",)] = surface
        return surface

    def prerender(self, four_colour: bool, size: tuple[int, int] | None = None) -> None:
        """Draw every face and the back at `size` now, so no frame pays for it later."""
        size = size or DEFAULT_SIZE
        self.back(size)
        for suit in SUITS:
            for rank in range(1, 14):
                self.face(rank, suit, size, four_colour)

    def squeezed(self, base: pygame.Surface, width: int) -> pygame.Surface:
        """`base` narrowed to `width` pixels, as a card looks halfway through a flip.

        Not cached: a flip passes through many widths and a plain scale is cheap.
        """
        return pygame.transform.scale(base, (max(1, width), base.get_height()))


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format when there is a display, which makes blits faster."""
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
