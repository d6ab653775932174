"""Where everything on the table goes for a given window: plain rectangles, no drawing.

`table_layout(view, ...)` gives a :class:`TableLayout` in real pixels for the window
described by a :class:`~game.ui.core.viewport.Viewport`: landscape (the score panel on the right,
one fanned row for the hand) or portrait (scores in a strip at the top, the hand in two rows
of large cards above a row of tools, buttons at least 44 logical pixels tall). The slot
functions then say where each card of a row, a pile or the knocker's melds sits.

Everything here is testable without a display:

>>> from game.ui.core.viewport import Viewport
>>> wide = table_layout(Viewport(1280, 720))
>>> wide.card, wide.stock.center, wide.discard.center, wide.portrait
((96, 134), (446, 296), (594, 296), False)
>>> tall = table_layout(Viewport(390, 844))
>>> tall.portrait, tall.buttons["take"].height >= 44
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pygame

from game.ui.core.art import index_strip
from game.ui.core.layout import card_size, fan_arc, fan_positions, meld_rows
from game.ui.core.text import font
from game.ui.core.viewport import Viewport

Slot = tuple[float, float, int, int]
"""Where a card goes: centre x, centre y, width, height (real pixels)."""

MIDDLE = 160
"""Portrait: the least height (design units) kept for the piles and melds mid-table."""
RAISED = 16
"""Portrait: how far the selected card rises out of its row (game.ui.table.cards)."""
MIDDLE_ZOOMED = 64
"""The same with bigger cards, less the piles' notes: the hand may take a little more of
the middle, but the piles stay a fingertip wide."""
MELDS_LEAST = 100
"""Portrait, bigger text: the least height of the middle once the knocker's melds are down."""
COMPACT_DESIGN = (760, 400)
"""The design area of the table on a phone held sideways (its own, larger scale)."""
FACT_H = 20
"""Portrait: the height of a line of facts (your deadwood, the last move)."""
STATUS_H = 30
"""Portrait: the status line."""
MESSAGE_EXTRA = 26
"""Portrait: how far above the status line a long message may grow (to three lines)."""
PILE_NOTES = 42
"""Portrait: the room under the piles for their labels and the deal's fingerprint."""

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
    context_row: pygame.Rect | None = None
    """Where the buttons of the moment (Take, Knock, Lay down...) stand in one row, centred
    together whichever of them show (None: each keeps its own place, as on a phone)."""
    panel_room: pygame.Rect | None = None
    """Free room in the side panel, between its facts and its tools (a prompt may go there)."""
    facts: pygame.Rect | None = None
    """Portrait: the line of your deadwood (the last move has the `log` line under it)."""
    message: pygame.Rect | None = None
    """Where a message may be drawn, at the status line's foot, growing upwards (None: on
    the status line itself)."""
    meld_lines: int = 1
    """How many rows the knocker's melds may take."""
    mirrored: bool = False
    """Laid out for the left hand (a phone's piles and buttons on the other side)."""
    per_row: int = 6
    """Portrait: the most cards a row of the hand takes (fewer when the cards are bigger)."""
    zoom: float = 1.0
    """The player's card and text size: the cards grow by it where they fit (the view's
    lengths stay the usual, its text is already the player's size)."""

    def px(self, units: float) -> int:
        """A design-unit length in pixels."""
        return self.view.px(units)

    def font(self, units: float) -> int:
        """A design-unit font size in pixels (at the player's text size)."""
        return self.view.font(units)

    @property
    def banner_centre(self) -> tuple[int, int]:
        """Where a big word ("Gin!") pops up."""
        return self.meld_area.center


def table_layout(
    view: Viewport, players: int = 2, laid_out: bool = False, left_handed: bool = False
) -> TableLayout:
    """The table laid out for `view` (`laid_out`: the knocker's melds are on the table).

    `left_handed` mirrors a phone's table (portrait or held sideways): the piles and the
    buttons go to the other side, the cards stay in their order. The desktop's is kept.
    """
    # The geometry is the usual size's; the player's card and text size (the view's zoom)
    # grows the cards and, through the layout's view, the text and the gaps around it.
    base = view.unzoomed()
    if base.portrait:
        # Once the melds are down the hand is the usual size: they need the middle.
        layout = _portrait(base, players, laid_out, 1.0 if laid_out else view.zoom)
    elif base.short_landscape:
        layout = _compact(replace(base, design=COMPACT_DESIGN), players, laid_out, view.zoom)
    else:
        # Once the melds are down the usual geometry again: the melds, both revealed hands
        # and the result need the table's middle more than a short hand needs big cards.
        layout = _landscape(base, players, laid_out, 1.0 if laid_out else view.zoom)
    if view.zoom != 1.0:
        layout = replace(layout, zoom=view.zoom)  # its view's text is the player's size already
    if left_handed and (layout.portrait or layout.compact):
        layout = _mirrored(layout)
    return layout


def _mirrored(layout: TableLayout) -> TableLayout:
    """A phone's table for the left hand.

    Portrait: the piles, the melds' place and every button are mirrored across the window
    (the score strip, the opponent's row and the hand stay). Held sideways: the panel moves
    to the left edge with its buttons, the play area to the right of it, and in the play
    area the piles and the buttons of the moment are mirrored.
    """
    width = layout.view.width

    def across(rect: pygame.Rect, left: int = 0, right: int = width) -> pygame.Rect:
        return pygame.Rect(left + right - rect.right, rect.y, rect.width, rect.height)

    if layout.portrait:
        return replace(
            layout,
            stock=across(layout.stock),
            discard=across(layout.discard),
            meld_area=across(layout.meld_area),
            buttons={name: across(rect) for name, rect in layout.buttons.items()},
            facts=across(layout.facts) if layout.facts else None,
            message=across(layout.message) if layout.message else None,
            mirrored=True,
        )
    panel = layout.panel
    shift = width - panel.left  # the play area, [0, panel.left), moves right of the panel
    play = (shift, shift + panel.left)

    def moved(rect: pygame.Rect) -> pygame.Rect:
        return rect.move(shift, 0)

    def placed(rect: pygame.Rect) -> pygame.Rect:
        if panel.contains(rect):
            return across(rect)
        return across(moved(rect), *play)

    name_x, name_y = layout.name_anchor
    return replace(
        layout,
        stock=across(moved(layout.stock), *play),
        discard=across(moved(layout.discard), *play),
        meld_area=across(moved(layout.meld_area), *play),
        hand_area=moved(layout.hand_area),
        hand_rows=layout.hand_rows,
        hand_span=(layout.hand_span[0] + shift, layout.hand_span[1] + shift),
        opp_span=(layout.opp_span[0] + shift, layout.opp_span[1] + shift),
        panel=across(panel),
        status=across(moved(layout.status), *play),  # beside the piles (bigger cards): still beside them
        name_anchor=(name_x + shift, name_y),
        log=across(layout.log),
        buttons={name: placed(rect) for name, rect in layout.buttons.items()},
        context_row=across(moved(layout.context_row), *play) if layout.context_row else None,
        mirrored=True,
    )


def _landscape(view: Viewport, players: int, laid_out: bool, zoom: float = 1.0) -> TableLayout:
    """A card table: the opponent across it, the piles in the middle, your hand in front of
    you with the buttons of the moment just above it, the scores in a panel on the right.
    Once the knocker's melds are down the piles step aside to the left, the melds take the
    middle.

    With bigger cards (`zoom`) the hand grows from the foot of the window, the buttons of
    the moment and the status line (taller, for the bigger text) stand over it, and the
    piles take what is left between them and the opponent's row, which draws in to make
    room."""
    dw, dh = view.design_size
    r = view.rect
    panel_w = 238
    panel = r(dw - panel_w - 12, 12, panel_w, dh - 24)
    left = (dw - 1280) / 2  # the play area of the 1280x720 design, centred left of the panel
    cx = left + 520
    extra = dh - 720
    ratio = 134 / 96
    card_h = 134 * zoom
    card = card_size(view.px(96 * zoom))
    hand_y = 606 + extra if zoom == 1 else 673 + extra - card_h / 2
    # From the hand up: the buttons of the moment clear of a raised card, the status line,
    # then the piles' labels and the fingerprint under the piles.
    grow = zoom - 1
    hand_top = hand_y - card_h / 2
    ctx_h = 40 + 16 * grow
    ctx_y = hand_top - 24 - 8 - ctx_h
    status_h = 32 + 10 * grow
    status_y = ctx_y - 8 - status_h
    opp_w, opp_y = 96.0, 100.0
    pile_w = 96.0
    pile_y = 296 + extra / 2
    if zoom > 1:
        # The piles' labels and the fingerprint (bigger text) under the piles, over the
        # status line; the piles as big as the usual where the opponent's row, drawn in
        # towards the top, leaves the room.
        notes = 48 * zoom + 8
        bottom = status_y - notes
        opp_w = max(64.0, min(96.0, (bottom - 12 - 12 - 12 - 134) / ratio))
        opp_h = opp_w * ratio
        opp_y = max(12 + opp_h / 2, min(opp_y, bottom - 134 - 12 - opp_h / 2))
        pile_h = min(134.0, bottom - (opp_y + opp_h / 2 + 12))
        pile_w = pile_h / ratio
        pile_y = min(pile_y, bottom - pile_h / 2)
    pile = card_size(view.px(pile_w))
    if laid_out:
        stock = _card_rect(view, left + 118, pile_y, pile)
        discard = _card_rect(view, left + 248, pile_y, pile)
    else:
        stock = _card_rect(view, cx - pile_w / 2 - 26, pile_y, pile)
        discard = _card_rect(view, cx + pile_w / 2 + 26, pile_y, pile)
    buttons = {}
    px, pw = dw - panel_w + 4, 206
    half = (pw - 8) // 2
    tools_y = 468 + extra / 2
    buttons["rank"] = r(px, tools_y, half, 36)
    buttons["suit"] = r(px + half + 8, tools_y, half, 36)
    buttons["melds"] = r(px, tools_y + 42, half, 36)
    buttons["hint"] = r(px + half + 8, tools_y + 42, half, 36)
    buttons["sheet"] = r(px, tools_y + 84, pw, 36)
    buttons["help"] = r(px, dh - 68, half, 38)
    buttons["menu"] = r(px + half + 8, dh - 68, half, 38)
    # The buttons of the moment, in one row over the hand: `place_row` centres the ones shown.
    buttons["knock"] = r(cx - 310, ctx_y, 200, ctx_h)
    buttons["gin"] = r(cx - 100, ctx_y, 200, ctx_h)
    buttons["cancel"] = r(cx + 110, ctx_y, 200, ctx_h)
    buttons["take"] = r(cx - 160, ctx_y, 150, ctx_h)
    buttons["pass"] = r(cx + 10, ctx_y, 150, ctx_h)
    buttons["prev"] = r(cx - 250, ctx_y, 90, ctx_h)
    buttons["lay"] = r(cx - 130, ctx_y, 260, ctx_h)
    buttons["next"] = r(cx + 160, ctx_y, 90, ctx_h)
    buttons["suggest"] = r(cx - 250, ctx_y, 240, ctx_h)
    buttons["done"] = r(cx + 10, ctx_y, 200, ctx_h)
    usual = card_size(view.px(96))
    return TableLayout(
        view=view,
        portrait=False,
        card=card,
        pile_card=pile,
        opp_card=card_size(view.px(opp_w)),
        opp_face_card=usual,
        meld_card=usual,
        stock=stock,
        discard=discard,
        # Bigger text: the melds step down so their title clears the opponent's deadwood.
        meld_area=r(left + 372, max(pile_y - 75, 221 + 56 * (view.text_zoom - 1)), 640, 150),
        hand_area=r(left + 40, hand_top - 40, 960, card_h + 70),
        hand_rows=(view.px(hand_y),),
        hand_span=(view.px(left + 55), view.px(left + 985)),
        opp_y=view.px(opp_y),
        opp_span=(view.px(left + 70), view.px(left + 970)),
        panel=panel,
        # Bigger text: the status line as wide as the hand, so it keeps to one line.
        status=r(cx - 330, status_y, 660, status_h)
        if view.text_zoom == 1
        else r(cx - 460, status_y, 920, status_h),
        name_anchor=view.point(left + 24, opp_y + opp_w * ratio / 2 + 19),
        log=r(dw - panel_w + 4, dh - 170, panel_w - 28, 90),
        buttons=buttons,
        context_row=r(left + 40, ctx_y, 960, ctx_h),
        panel_room=r(dw - panel_w + 4, 352 + extra / 2, pw, tools_y - 8 - 352 - extra / 2),
    )


def _portrait(view: Viewport, players: int, laid_out: bool, zoom: float = 1.0) -> TableLayout:
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
    per_row, row_share = 6, 0.6
    text_zoom = view.text_zoom  # the player's text size, even where the cards are the usual
    grow = text_zoom - 1  # the lines of text get taller with the text
    fact_h, status_h = FACT_H + 12 * grow, STATUS_H + 12 * grow
    # What the hand leaves: the score strip and the opponent's row over the middle, the
    # lines of text (taller) and the buttons under it, the tools at the foot.
    text = 4 + 2 * fact_h + 2 + status_h + MESSAGE_EXTRA + 4
    under = text + 20 + 46 + 10 + 46 + 6
    squeeze = False
    if zoom > 1:
        room = dh - (50 + 8 + 40 * ratio + 12) - under - MIDDLE_ZOOMED - PILE_NOTES * text_zoom
        usual = card_w
        card_w, per_row, row_share = _portrait_hand(card_w, zoom, width, room)
        if card_w < usual:
            # The bigger text leaves no room for even the usual hand (a small phone): the
            # hand keeps its cards, the gaps and the opponent's face-down row give way.
            card_w, per_row, row_share, squeeze = usual, 6, 0.6, True
    elif laid_out and text_zoom > 1:
        # The melds are down and the text is bigger: the usual hand, a little smaller where
        # the melds (under their taller title) would not keep readable cards.
        over = 50 + 8 + min(52.0, width / 7) * ratio + 4 + 20 * text_zoom + 4
        card_w, per_row, row_share = _portrait_hand(card_w, 1.0, width, dh - over - under - MELDS_LEAST)
    rows = -(-11 // per_row)
    card_h = card_w * ratio
    row_gap = card_h * row_share  # an upper row shows this much, less a raised card's lift
    last_y = tools_y - 10 - card_h / 2
    row_ys = [last_y - (rows - 1 - row) * row_gap for row in range(rows)]
    hand_top = row_ys[0] - card_h / 2
    ctx_h = 46
    ctx_y = hand_top - 20 - ctx_h
    # Over the buttons: your deadwood and the last move, each on a line of its own; over
    # them the status line, where a message (a hint) appears and grows upwards, to at most
    # three lines, never over the facts or the piles' labels. The lines get taller with
    # the player's text size.
    log_y = ctx_y - 4 - fact_h
    facts_y = log_y - fact_h
    status_y = facts_y - 2 - status_h
    message_top = status_y - MESSAGE_EXTRA
    notes = PILE_NOTES * text_zoom
    if squeeze:  # just the two lines under the piles as drawn (their labels, the fingerprint)
        lines = font(view.font(18)).get_linesize() + font(view.font(17)).get_linesize()
        notes = min(notes, lines / view.scale + 9)
    panel = r(0, 0, dw, 50)
    opp_w = 28.0 if squeeze else 40.0
    opp_h = opp_w * ratio
    opp_y = 50 + 8 + opp_h / 2
    middle_top = opp_y + opp_h / 2 + (24 if text_zoom == 1 else 8 if squeeze else 12)
    face_w = min(52.0, width / 7)
    if laid_out:
        # The opponent's row may be shown (bigger cards) with its deadwood under it.
        middle_top = 50 + 8 + face_w * ratio + 4 + 20 * text_zoom + 4
    middle_bottom = message_top - 4
    middle_h = middle_bottom - middle_top
    meld_lines = 2
    if laid_out:
        # The piles step aside into a column (nothing to take now): the melds get the rest.
        pile_w = min(40.0, (middle_h - 8) / 2 / ratio)
        pile_h = pile_w * ratio
        size = card_size(view.px(pile_w))
        stock = _card_rect(view, margin + pile_w / 2, middle_top + pile_h / 2, size)
        discard = _card_rect(view, margin + pile_w / 2, middle_top + pile_h * 1.5 + 8, size)
        meld_left = margin + pile_w + 10
        meld_area = r(meld_left, middle_top, dw - margin - meld_left, middle_h)
        # Two rows of melds, or one of bigger cards when the middle is short (a small phone).
        meld_w = min(80.0, (middle_h - 16 - 14) / 2 / ratio, (dw - margin - meld_left) / 5)
        one_row = min(80.0, (middle_h - 24) / ratio, (dw - margin - meld_left) / 5.4)
        if one_row > meld_w:
            meld_w, meld_lines = one_row, 1
    else:
        # Under the piles: their labels and the deal's fingerprint, two short lines.
        pile_w = min(96.0, (middle_h - notes) / ratio, width / 2 - 24)
        pile_h = pile_w * ratio
        pile_y = middle_top + (middle_h - notes) / 2
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
        opp_face_card=card_size(view.px(face_w)),
        meld_card=card_size(view.px(meld_w)),
        stock=stock,
        discard=discard,
        meld_area=meld_area,
        hand_area=r(0, hand_top - 24, dw, tools_y - hand_top + 20),
        hand_rows=tuple(view.px(y) for y in row_ys),
        per_row=per_row,
        hand_span=(view.px(margin), view.px(dw - margin)),
        opp_y=view.px(opp_y),
        opp_span=(view.px(margin + 70), view.px(dw - margin)),
        panel=panel,
        status=r(margin, status_y, width, status_h),
        name_anchor=view.point(margin, opp_y),
        log=r(margin, log_y, width, fact_h),
        buttons=buttons,
        facts=r(margin, facts_y, width, fact_h),
        message=r(margin, message_top, width, status_y + status_h - message_top),
        meld_lines=meld_lines,
    )


def _portrait_hand(usual: float, zoom: float, width: float, height: float) -> tuple[float, int, float]:
    """A phone's hand at a bigger card size: (card width, cards a row, how much of each
    upper row shows, as a share of a card's height), the hand in `height` at most.

    The cards grow by `zoom` as far as the hand still fits: the rows take fewer cards as
    the cards grow (each still shows a fingertip's strip), and the rows overlap more (each
    still shows its cards' corners), so a big hand wraps into three rows.

    >>> [(round(w), n) for w, n, _ in (_portrait_hand(78, z, 344, 299) for z in (1.2, 1.6))]
    [(94, 5), (116, 4)]
    """
    ratio = 134 / 96
    want = usual * zoom
    while want > usual:
        per_row = min(6, 1 + int((width - want) / (0.55 * want)))
        rows = -(-11 // per_row)
        # An upper row shows its corners, and a fingertip's strip above a raised card.
        share = 0.6 if rows <= 2 else max(0.42, (RAISED + 48) / (want * ratio))
        if per_row >= 3 and want * ratio * (1 + share * (rows - 1)) <= height:
            return want, per_row, share
        want -= 1.0
    # Not even the usual hand leaves the middle its room (a small phone, the biggest text):
    # two rows of a little smaller cards. Their faces are the small cards' (a corner index
    # about 0.53 of the card tall), and the upper row shows its index and the meld bar over
    # the lower row whole.
    if usual * ratio * 1.6 <= height:
        return usual, 6, 0.6
    card_h = (height - 12) / 1.53
    return card_h / ratio, 6, (height - card_h) / card_h


FACE_W = 44.0
"""A phone held sideways: the width of the opponent's cards once shown (big enough to read)."""


def _compact(view: Viewport, players: int, laid_out: bool = False, zoom: float = 1.0) -> TableLayout:
    """A phone held sideways: everything a little smaller than the big table, but at a
    scale that keeps cards readable and buttons nearly a fingertip tall.

    With bigger cards (`zoom`) the hand grows while the hand is played, fanned closer, and
    the status line and the buttons of the moment stand right of the piles to make room;
    once the knocker's melds are down the hand is the usual size again, the melds need the
    middle of the table."""
    dw, dh = view.design_size
    r = view.rect
    panel_w = 160
    panel = r(dw - panel_w - 6, 6, panel_w, dh - 12)
    play_w = dw - panel_w - 14
    cx = play_w / 2
    ratio = 134 / 96
    opp_w = 34.0
    opp_y = 8 + opp_w * ratio / 2
    pile_w = 52.0
    # Below the opponent's row as it is shown at the end (with its meld bars), so the
    # knocker's card askew on the discard pile never reaches into it.
    pile_y = 8 + FACE_W * ratio + 12 + pile_w * ratio / 2 + (dh - 400) / 3
    stock = _card_rect(view, 38, pile_y, card_size(view.px(pile_w)))
    discard = _card_rect(view, 112, pile_y, card_size(view.px(pile_w)))
    card_w = min(76.0, (play_w - 20) / 8)
    beside = zoom > 1 and not laid_out  # the status and the buttons of the moment: right of the piles
    if beside:
        card_w = min(76.0 * zoom, (play_w - 20) / 4.6, (dh - 6 - 9 - 150) / ratio)
    # The meld bars go under the cards (over them they hid the turned indices).
    hand_y = dh - 6 - 9 - card_w * ratio / 2
    hand_top = hand_y - card_w * ratio / 2
    ctx_h = 40
    ctx_y = hand_top - 18 - ctx_h
    status_y = ctx_y - 12
    row_left = 10.0
    if beside:
        row_left = 158.0
        cx = row_left + (play_w - 10 - row_left) / 2  # the middle of what the piles leave
    # Under the opponent's row as it is shown at the end (bigger cards, their meld bars),
    # with room for the melds' title.
    meld_top = 8 + FACE_W * ratio + 10 + 20
    meld_area = r(158, meld_top, play_w - 166, status_y - 16 - meld_top)
    meld_w = min(56.0, (status_y - 16 - meld_top - 14) / ratio)
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
        opp_face_card=card_size(view.px(FACE_W)),  # shown at the end: big enough to read
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
        # Bigger text, melds down too: the status line stays right of the piles and their
        # notes (taller with the text), which reach down beside it.
        status=r(158, status_y - 14, play_w - 168, 28) if zoom > 1 else r(10, status_y - 12, play_w - 20, 24),
        name_anchor=view.point(10, opp_y),
        log=r(dw - panel_w + 4, top - 50, panel_w - 16, 44),
        buttons=buttons,
        context_row=r(row_left, ctx_y, play_w - 10 - row_left, ctx_h),
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
            max_step=layout.px(78) if layout.zoom == 1.0 else w * 0.8125,
            min_step=layout.px(30),
            group_gap=layout.px(22),
        )
        y = layout.hand_rows[0]
        depth = 0 if layout.compact else layout.px(10)
        return [(x, y + fan_arc(i, count, depth), w, h) for i, x in enumerate(xs)]
    rows = _rows(count, breaks, layout.per_row, len(layout.hand_rows))
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
            max_step=max(w * 0.8, layout.px(48)),  # a fingertip's strip of a small card too
            min_step=layout.px(30),
            group_gap=layout.px(6),
        )
        y = layout.hand_rows[row_number]
        slots += [(x, y, w, h) for x in xs]
    return slots


def _rows(count: int, breaks: list[int], per_row: int, rows: int) -> list[list[int]]:
    """The hand's cards (indices) in `rows` rows of at most `per_row`: with the usual six in
    two rows, as :func:`_first_row` splits them; otherwise filled from the top, a row
    ending one card early at a gap between melds.

    >>> _rows(11, [], 4, 3)
    [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10]]
    >>> _rows(10, [3, 6], 4, 3)
    [[0, 1, 2], [3, 4, 5], [6, 7, 8, 9]]
    """
    if per_row >= 6 and rows == 2:
        first = _first_row(count, breaks)
        return [list(range(first)), list(range(first, count))]
    result: list[list[int]] = []
    start = 0
    for row in range(rows):
        after = rows - row - 1  # rows still to come
        remaining = count - start
        take = remaining if after == 0 else min(per_row, remaining)
        least = remaining - after * per_row  # fewer would not leave room below
        if after and take - 1 >= max(least, 1) and start + take - 1 in breaks:
            take -= 1
        result.append(list(range(start, start + take)))
        start += take
    return [row for row in result if row]


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
    # A straight row: a curve would lift its ends off the top of a short window and leave
    # the revealed row's meld bars at different heights.
    return [(x, y, w, h) for x in xs]


def meld_slots(layout: TableLayout, meld_sizes: list[int]) -> list[list[Slot]]:
    """Where each card of the knocker's melds goes, meld by meld."""
    w, h = layout.meld_card
    area = layout.meld_area
    max_rows = layout.meld_lines
    gap = layout.px(18)
    title = layout.px(22 * layout.zoom)
    density = layout.view.density

    def readable(width: int) -> float:
        """The least step between a meld's cards that shows each one's corner index."""
        return max(0.3, (index_strip(card_size(width), density) + 2) / width)

    step = readable(w) * w
    span = sum(w + step * (n - 1) for n in meld_sizes) + 0.27 * w * (len(meld_sizes) - 1)
    if max_rows == 1 and layout.portrait and layout.zoom != 1.0 and span > area.width:
        # Too many melds for one readable row (bigger text left the middle short): smaller
        # cards in one row, or two rows, whichever keeps the cards bigger, rather than
        # cards over each other's corners.
        count = sum(meld_sizes)
        spans = len(meld_sizes) + readable(w) * (count - len(meld_sizes)) + 0.27 * (len(meld_sizes) - 1)
        one = int(area.width / spans)
        two = int((area.height - title - gap) / 2 * 96 / 134)
        if two > one:
            max_rows = 2
        w, h = card_size(min(w, max(one, two)))
    placed = meld_rows(meld_sizes, area.width, w, max_rows=max_rows, readable=readable(w))
    rows = 1 + max((row for row, _ in placed), default=0)
    total = rows * h + (rows - 1) * gap
    # Centred in the area, with room above for the melds' title.
    top = max(area.centery - total / 2, area.top + title if layout.portrait else area.top) + h / 2
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
    inwards = -1 if layout.mirrored else 1  # towards the table's middle, never off its edge
    return (x + inwards * layout.px(10), y - layout.px(6), w, h)
