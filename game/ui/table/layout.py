"""Where everything on the table goes for a given window: plain rectangles, no drawing.

`table_layout(view, ...)` gives a :class:`TableLayout` in real pixels for the window
described by a :class:`~game.ui.core.viewport.Viewport`: landscape (the score panel on the right,
one fanned row for the hand) or portrait (scores in a strip at the top, the hand in two rows
of large cards above a row of tools, buttons at least 44 logical pixels tall). The slot
functions then say where each card of a row, a pile or the knocker's melds sits.

Everything here is testable without a display:

>>> from game.ui.core.viewport import Viewport
>>> wide = table_layout(Viewport(1280, 720))
>>> wide.card, wide.stock.center, wide.portrait
((96, 134), (118, 338), False)
>>> tall = table_layout(Viewport(390, 844))
>>> tall.portrait, tall.buttons["take"].height >= 44
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pygame

from game.ui.core.layout import card_size, fan_arc, fan_positions, meld_rows
from game.ui.core.viewport import Viewport

Slot = tuple[float, float, int, int]
"""Where a card goes: centre x, centre y, width, height (real pixels)."""

MIDDLE = 160
"""Portrait: the least height (design units) kept for the piles and melds mid-table."""
COMPACT_DESIGN = (760, 400)
"""The design area of the table on a phone held sideways (its own, larger scale)."""

CONTEXT_BUTTONS = ("take", "pass", "prev", "lay", "next", "suggest", "done", "cancel")
"""Buttons that appear in the middle of the table for one phase of the hand."""


@dataclass(frozen=True)
class TableLayout:
    """The table for one window size, in real pixels."""

    view: Viewport
    portrait: bool
    card: tuple[int, int]
    """The human's cards."""
    pile_card: tuple[int, int]
    """The stock and the discard pile."""
    opp_card: tuple[int, int]
    """The opponent's hidden cards."""
    opp_face_card: tuple[int, int]
    """The opponent's cards once shown (the end of a hand)."""
    meld_card: tuple[int, int]
    """The knocker's melds, laid out on the table."""
    stock: pygame.Rect
    discard: pygame.Rect
    meld_area: pygame.Rect
    hand_area: pygame.Rect
    """Dropping a card here puts it in (or moves it within) the human's hand."""
    hand_rows: tuple[int, ...]
    """Centre y of each row of the hand (one in landscape, two in portrait)."""
    hand_span: tuple[int, int]
    """Left and right edge the hand may use."""
    opp_y: int
    opp_span: tuple[int, int]
    panel: pygame.Rect
    """The scores and info: a column on the right, or a strip at the top in portrait."""
    status: pygame.Rect
    """The one line saying what is going on (also where messages appear)."""
    name_anchor: tuple[int, int]
    """Where the opponent's name goes (midleft), just beside its row."""
    log: pygame.Rect
    """The last moves."""
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    compact: bool = False
    """A phone held sideways: small panel, one row of cards, the knock buttons mid-table."""

    def px(self, units: float) -> int:
        """A design-unit length in pixels."""
        return self.view.px(units)

    def font(self, units: float) -> int:
        """A design-unit font size in pixels."""
        return self.view.font(units)

    @property
    def banner_centre(self) -> tuple[int, int]:
        """Where a big word ("Gin!") pops up."""
        return self.meld_area.center


def table_layout(view: Viewport, players: int = 2, laid_out: bool = False) -> TableLayout:
    """The table laid out for `view` (`laid_out`: the knocker's melds are on the table)."""
    if view.portrait:
        return _portrait(view, players, laid_out)
    if view.short_landscape:
        return _compact(replace(view, design=COMPACT_DESIGN), players)
    return _landscape(view, players)


def _landscape(view: Viewport, players: int) -> TableLayout:
    dw, dh = view.design_size
    r = view.rect
    panel_w = 238
    panel = r(dw - panel_w - 12, 12, panel_w, dh - 24)
    left = (dw - 1280) / 2  # the play area of the 1280x720 design, centred left of the panel
    cx = left + 520
    extra = dh - 720
    hand_y = 606 + extra
    pile_y = 338 + extra / 2
    card = card_size(view.px(96))
    stock = _card_rect(view, left + 118, pile_y, card)
    discard = _card_rect(view, left + 248, pile_y, card)
    status_y = pile_y + 124
    buttons = {}
    px, pw = dw - panel_w + 4, 206
    half = (pw - 8) // 2
    buttons["knock"] = r(px, 352 + extra / 2, pw, 40)
    buttons["gin"] = r(px, 398 + extra / 2, pw, 40)
    buttons["rank"] = r(px, 468 + extra / 2, half, 36)
    buttons["suit"] = r(px + half + 8, 468 + extra / 2, half, 36)
    buttons["melds"] = r(px, 510 + extra / 2, half, 36)
    buttons["hint"] = r(px + half + 8, 510 + extra / 2, half, 36)
    buttons["sheet"] = r(px, 552 + extra / 2, pw, 36)
    buttons["help"] = r(px, dh - 68, half, 38)
    buttons["menu"] = r(px + half + 8, dh - 68, half, 38)
    ctx_y = status_y + 14
    buttons["take"] = r(cx - 160, ctx_y, 150, 40)
    buttons["pass"] = r(cx + 10, ctx_y, 150, 40)
    buttons["prev"] = r(cx - 250, ctx_y, 90, 40)
    buttons["lay"] = r(cx - 130, ctx_y, 260, 40)
    buttons["next"] = r(cx + 160, ctx_y, 90, 40)
    buttons["suggest"] = r(cx - 250, ctx_y, 240, 40)
    buttons["done"] = r(cx + 10, ctx_y, 200, 40)
    buttons["cancel"] = r(cx - 110, ctx_y, 220, 40)
    return TableLayout(
        view=view,
        portrait=False,
        card=card,
        pile_card=card,
        opp_card=card,
        opp_face_card=card,
        meld_card=card,
        stock=stock,
        discard=discard,
        meld_area=r(left + 372, pile_y - 75, 640, 150),
        hand_area=r(left + 40, hand_y - 107, 960, 204),
        hand_rows=(view.px(hand_y),),
        hand_span=(view.px(left + 55), view.px(left + 985)),
        opp_y=view.px(100),
        opp_span=(view.px(left + 70), view.px(left + 970)),
        panel=panel,
        status=r(cx - 330, status_y - 38, 660, 32),
        name_anchor=view.point(left + 24, 186),
        log=r(dw - panel_w + 4, dh - 170, panel_w - 28, 90),
        buttons=buttons,
    )


def _portrait(view: Viewport, players: int, laid_out: bool) -> TableLayout:
    dw, dh = view.design_size
    r = view.rect
    margin = 8
    width = dw - 2 * margin
    cx = dw / 2
    ratio = 134 / 96
    # From the bottom up: the tool row, the hand in two rows, the buttons of the moment,
    # the status line and a line of facts; the opponent's row is under the score strip,
    # and the piles (or the knocker's melds) share what is left in the middle.
    tools_h = 46
    tools_y = dh - tools_h - 6
    # The hand's cards as big as the width allows, but leaving the middle of the table at
    # least MIDDLE units for the piles or the knocker's melds (the rest is fixed: about 320).
    card_w = max(64.0, min(104.0, width / 4.4, (dh - 320 - MIDDLE) / (1.6 * ratio)))
    card_h = card_w * ratio
    row_gap = card_h * 0.6  # the upper row shows this much, less a raised card's lift
    row2_y = tools_y - 10 - card_h / 2
    row1_y = row2_y - row_gap
    hand_top = row1_y - card_h / 2
    ctx_h = 46
    ctx_y = hand_top - 20 - ctx_h
    status_y = ctx_y - 32
    info_y = status_y - 22
    panel = r(0, 0, dw, 50)
    opp_w = 40.0
    opp_h = opp_w * ratio
    opp_y = 50 + 8 + opp_h / 2
    middle_top = opp_y + opp_h / 2 + 24
    middle_bottom = info_y - 4
    middle_h = middle_bottom - middle_top
    if laid_out:
        # The piles step aside into a column (nothing to take now): the melds get the rest.
        pile_w = min(40.0, (middle_h - 8) / 2 / ratio)
        pile_h = pile_w * ratio
        size = card_size(view.px(pile_w))
        stock = _card_rect(view, margin + pile_w / 2, middle_top + pile_h / 2, size)
        discard = _card_rect(view, margin + pile_w / 2, middle_top + pile_h * 1.5 + 8, size)
        meld_left = margin + pile_w + 10
        meld_area = r(meld_left, middle_top, dw - margin - meld_left, middle_h)
        meld_w = min(80.0, (middle_h - 16 - 14) / 2 / ratio, (dw - margin - meld_left) / 5)
    else:
        pile_w = min(96.0, (middle_h - 26) / ratio, width / 2 - 24)
        pile_h = pile_w * ratio
        pile_y = middle_top + (middle_h - 22) / 2
        size = card_size(view.px(pile_w))
        stock = _card_rect(view, cx - pile_w * 0.6 - 6, pile_y, size)
        discard = _card_rect(view, cx + pile_w * 0.6 + 6, pile_y, size)
        meld_area = r(margin, middle_top, width, middle_h)
        meld_w = min(80.0, (middle_h - 30) / 2 / ratio)
    buttons = {}
    third = (width - 2 * 6) / 3
    half = (width - 6) / 2
    buttons["take"] = r(margin, ctx_y, half, ctx_h)
    buttons["pass"] = r(margin + half + 6, ctx_y, half, ctx_h)
    buttons["knock"] = r(margin, ctx_y, third, ctx_h)
    buttons["gin"] = r(margin + third + 6, ctx_y, third, ctx_h)
    buttons["cancel"] = r(margin + 2 * (third + 6), ctx_y, third, ctx_h)
    buttons["prev"] = r(margin, ctx_y, 56, ctx_h)
    buttons["lay"] = r(margin + 62, ctx_y, width - 124, ctx_h)
    buttons["next"] = r(dw - margin - 56, ctx_y, 56, ctx_h)
    buttons["suggest"] = r(margin, ctx_y, half, ctx_h)
    buttons["done"] = r(margin + half + 6, ctx_y, half, ctx_h)
    tools = ("rank", "suit", "melds", "hint", "sheet", "help")
    tool_w = (width - 6 * (len(tools) - 1)) / len(tools)
    for index, name in enumerate(tools):
        buttons[name] = r(margin + index * (tool_w + 6), tools_y, tool_w, tools_h)
    buttons["menu"] = r(dw - 66, 3, 62, 44)
    return TableLayout(
        view=view,
        portrait=True,
        card=card_size(view.px(card_w)),
        pile_card=card_size(view.px(pile_w)),
        opp_card=card_size(view.px(opp_w)),
        opp_face_card=card_size(view.px(min(52.0, width / 7))),
        meld_card=card_size(view.px(meld_w)),
        stock=stock,
        discard=discard,
        meld_area=meld_area,
        hand_area=r(0, hand_top - 24, dw, tools_y - hand_top + 20),
        hand_rows=(view.px(row1_y), view.px(row2_y)),
        hand_span=(view.px(margin), view.px(dw - margin)),
        opp_y=view.px(opp_y),
        opp_span=(view.px(margin + 70), view.px(dw - margin)),
        panel=panel,
        status=r(margin, status_y - 2, width, 30),
        name_anchor=view.point(margin, opp_y),
        log=r(margin, info_y, width, 20),
        buttons=buttons,
    )


def _compact(view: Viewport, players: int) -> TableLayout:
    """A phone held sideways: everything a little smaller than the big table, but at a
    scale that keeps cards readable and buttons nearly a fingertip tall."""
    dw, dh = view.design_size
    r = view.rect
    panel_w = 160
    panel = r(dw - panel_w - 6, 6, panel_w, dh - 12)
    play_w = dw - panel_w - 14
    cx = play_w / 2
    ratio = 134 / 96
    opp_w = 34.0
    opp_y = 8 + opp_w * ratio / 2
    pile_w = 60.0
    pile_y = opp_y + opp_w * ratio / 2 + 12 + pile_w * ratio / 2 + (dh - 400) / 3
    stock = _card_rect(view, 42, pile_y, card_size(view.px(pile_w)))
    discard = _card_rect(view, 112, pile_y, card_size(view.px(pile_w)))
    card_w = min(76.0, (play_w - 20) / 8)
    hand_y = dh - 6 - card_w * ratio / 2
    hand_top = hand_y - card_w * ratio / 2
    ctx_h = 40
    ctx_y = hand_top - 18 - ctx_h
    status_y = ctx_y - 22
    meld_top = opp_y + opp_w * ratio / 2 + 20
    meld_area = r(158, meld_top, play_w - 166, status_y - 16 - meld_top)
    meld_w = min(62.0, (status_y - 16 - meld_top - 14) / ratio)
    buttons = {}
    third = min(150.0, (play_w - 40) / 3)
    row = [cx - 1.5 * third - 8, cx - 0.5 * third, cx + 0.5 * third + 8]
    buttons["knock"] = r(row[0], ctx_y, third, ctx_h)
    buttons["gin"] = r(row[1], ctx_y, third, ctx_h)
    buttons["cancel"] = r(row[2], ctx_y, third, ctx_h)
    buttons["take"] = r(cx - third - 4, ctx_y, third, ctx_h)
    buttons["pass"] = r(cx + 4, ctx_y, third, ctx_h)
    buttons["prev"] = r(cx - 1.5 * third - 8, ctx_y, 56, ctx_h)
    buttons["lay"] = r(cx - 0.5 * third, ctx_y, third, ctx_h)
    buttons["next"] = r(cx + 0.5 * third + 8, ctx_y, 56, ctx_h)
    buttons["suggest"] = r(cx - third - 4, ctx_y, third, ctx_h)
    buttons["done"] = r(cx + 4, ctx_y, third, ctx_h)
    tools = ("rank", "suit", "melds", "hint", "sheet", "help", "menu")
    half = (panel_w - 18) / 2
    top = dh - 6 - 6 - 4 * 40 - 3 * 6
    for index, name in enumerate(tools):
        column, line = index % 2, index // 2
        buttons[name] = r(dw - panel_w - 6 + 6 + column * (half + 6), top + line * 46, half, 40)
    return TableLayout(
        view=view,
        portrait=False,
        compact=True,
        card=card_size(view.px(card_w)),
        pile_card=card_size(view.px(pile_w)),
        opp_card=card_size(view.px(opp_w)),
        opp_face_card=card_size(view.px(opp_w)),
        meld_card=card_size(view.px(meld_w)),
        stock=stock,
        discard=discard,
        meld_area=meld_area,
        hand_area=r(0, hand_top - 24, play_w, dh - hand_top + 24),
        hand_rows=(view.px(hand_y),),
        hand_span=(view.px(10), view.px(play_w - 10)),
        opp_y=view.px(opp_y),
        opp_span=(view.px(110), view.px(play_w - 10)),
        panel=panel,
        status=r(10, status_y - 12, play_w - 20, 24),
        name_anchor=view.point(10, opp_y),
        log=r(dw - panel_w + 4, top - 50, panel_w - 16, 44),
        buttons=buttons,
    )


def _card_rect(view: Viewport, x: float, y: float, size: tuple[int, int]) -> pygame.Rect:
    rect = pygame.Rect((0, 0), size)
    rect.center = view.point(x, y)
    return rect


# --- where the cards go -------------------------------------------------------------------


def hand_slots(layout: TableLayout, count: int, group_breaks: list[int] | None = None) -> list[Slot]:
    """Where each of the human's `count` cards goes, in screen order.

    Landscape: one gently curved fan. Portrait: up to six cards in the upper row and the
    rest below, each card's visible strip wide enough to touch.
    """
    breaks = group_breaks or []
    w, h = layout.card
    left, right = layout.hand_span
    if not layout.portrait:
        xs = fan_positions(
            count,
            (left + right) / 2,
            w,
            max_width=right - left,
            group_breaks=breaks,
            max_step=layout.px(78),
            min_step=layout.px(30),
            group_gap=layout.px(22),
        )
        y = layout.hand_rows[0]
        depth = 0 if layout.compact else layout.px(10)
        return [(x, y + fan_arc(i, count, depth), w, h) for i, x in enumerate(xs)]
    first = _first_row(count, breaks)
    rows = [list(range(first)), list(range(first, count))]
    slots: list[Slot] = []
    for row_number, members in enumerate(rows):
        if not members:
            continue
        row_breaks = [b - members[0] for b in breaks if members[0] < b <= members[-1]]
        xs = fan_positions(
            len(members),
            (left + right) / 2,
            w,
            max_width=right - left,
            group_breaks=row_breaks,
            max_step=w * 0.8,
            min_step=layout.px(30),
            group_gap=layout.px(6),
        )
        y = layout.hand_rows[row_number]
        slots += [(x, y, w, h) for x in xs]
    return slots


def _first_row(count: int, breaks: list[int]) -> int:
    """How many cards go in the upper row: six at most, at a gap between melds if one fits.

    >>> _first_row(10, []), _first_row(10, [3, 5, 8]), _first_row(11, [4])
    (6, 5, 6)
    """
    if count <= 6:
        return count
    fits = [n for n in (6, 5, 4) if count - n <= 6]
    for n in fits:
        if n in breaks:
            return n
    return fits[0] if fits else (count + 1) // 2


def opponent_slots(
    layout: TableLayout, count: int, face_up: bool, span: tuple[int, int] | None = None
) -> list[Slot]:
    """Where the opponent's cards go: a tight row of backs, a readable row when shown.

    `span` narrows the row's left and right edges (the table keeps room for a name).
    """
    w, h = layout.opp_face_card if face_up else layout.opp_card
    left, right = span if span is not None else layout.opp_span
    step = w * (0.62 if face_up else 0.5) if layout.portrait else w * (0.8 if face_up else 0.38)
    xs = fan_positions(
        count, (left + right) / 2, w, max_width=right - left, max_step=step, min_step=layout.px(12)
    )
    y = layout.opp_y + (h - layout.opp_card[1]) / 2 if layout.portrait or layout.compact else layout.opp_y
    sign = 0 if layout.portrait else -1
    return [(x, y + sign * fan_arc(i, count, layout.px(10)), w, h) for i, x in enumerate(xs)]


def meld_slots(layout: TableLayout, meld_sizes: list[int]) -> list[list[Slot]]:
    """Where each card of the knocker's melds goes, meld by meld."""
    w, h = layout.meld_card
    area = layout.meld_area
    max_rows = 2 if layout.portrait else 1
    placed = meld_rows(meld_sizes, area.width, w, max_rows=max_rows)
    rows = 1 + max((row for row, _ in placed), default=0)
    gap = layout.px(18)
    total = rows * h + (rows - 1) * gap
    top = area.centery - total / 2 + h / 2
    return [[(area.centerx + x, top + row * (h + gap), w, h) for x in xs] for row, xs in placed]


def discard_slot(layout: TableLayout, index: int, card_index: int) -> Slot:
    """Where the `index`-th card of the discard pile lies (a slightly untidy stack)."""
    w, h = layout.pile_card
    wobble = ((card_index * 7) % 5 - 2) * 1.5 * layout.view.scale
    x, y = layout.discard.center
    return (x + wobble, y - min(index, 8) * 0.4 * layout.view.scale, w, h)


def stock_slot(layout: TableLayout) -> Slot:
    """The top of the stock (where cards are drawn from and dealt)."""
    w, h = layout.pile_card
    return (layout.stock.centerx, layout.stock.centery, w, h)


def knock_card_slot(layout: TableLayout) -> Slot:
    """The knocker's face-down discard, askew on the discard pile."""
    w, h = layout.pile_card
    x, y = layout.discard.center
    return (x + layout.px(10), y - layout.px(6), w, h)
