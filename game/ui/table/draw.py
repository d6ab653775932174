"""Painting the table scene: felt, piles, cards, meld marks, the panel and messages.

Everything is drawn at the window's real size from the scene's layout
(:mod:`game.ui.table.layout`); nothing is scaled afterwards. Every call records what it drew
in `scene.draw_list`, which tests read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from game.rules import Card, Phase, card_symbol, fingerprint
from game.ui.core import theme
from game.ui.core.art import CardArt
from game.ui.core.drawing import felt
from game.ui.core.keys import button_key, key_label
from game.ui.core.richtext import render_rich
from game.ui.core.sprites import inner_ring, paint_card
from game.ui.core.text import Colour, blit_text, font, wrap
from game.ui.table.cards import opponent_label, opponent_name_anchor
from game.ui.table.layout import TableLayout
from game.ui.table.moves import no_layoff_reason
from game.ui.table.panel import draw_panel

if TYPE_CHECKING:
    from game.ui.table.protocols import Table

_cache: dict[object, pygame.Surface] = {}


def reset() -> None:
    """Forget cached backgrounds (the window changed size, or pygame restarted)."""
    _cache.clear()


def panel_box(
    surface: pygame.Surface, rect: pygame.Rect, scale: float, fill: theme.RGB | None = None
) -> None:
    """A rounded panel with a thin light edge (the table's panel colour unless told)."""
    radius = max(6, round(16 * scale))
    pygame.draw.rect(surface, fill if fill is not None else theme.TABLE_PANEL, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=max(1, round(2 * scale)), border_radius=radius)


def background(layout: TableLayout) -> pygame.Surface:
    """The table: felt plus the pile outlines and the panel, rendered once per layout."""
    key = (
        "table", layout.view, layout.stock.topleft, layout.discard.topleft, layout.panel.topleft,
        theme.FELT_LIGHT, theme.high_contrast,
    )  # fmt: skip
    cached = _cache.get(key)
    if cached is not None:
        return cached
    for old in [k for k in _cache if isinstance(k, tuple) and k[0] == "table"]:
        del _cache[old]
    surface = felt(layout.view.size).copy()
    scale = layout.view.scale
    pad = max(3, round(4 * scale))
    for rect in (layout.stock, layout.discard):
        pygame.draw.rect(
            surface,
            theme.PILE_OUTLINE,
            rect.inflate(pad * 2, pad * 2),
            width=max(1, round(2 * scale)),
            border_radius=max(6, rect.width // 8),
        )
    if layout.portrait:
        pygame.draw.rect(surface, theme.TABLE_PANEL, layout.panel)
        pygame.draw.line(
            surface, theme.PANEL_EDGE, layout.panel.bottomleft, layout.panel.bottomright, max(1, round(scale))
        )
    else:
        panel_box(surface, layout.panel, scale)
    _cache[key] = surface
    return surface


def draw_table(scene: Table, surface: pygame.Surface) -> None:
    """Paint the whole table scene and refresh `scene.draw_list`."""
    scene.draw_list = []
    layout = scene.layout
    surface.blit(background(layout), (0, 0))
    hand = scene.hand
    if hand is None:
        draw_panel(scene, surface)  # the AIs are playing a hand away from the table
        return
    scene.update_buttons()
    _draw_stock(scene, surface)
    _draw_pile_labels(scene, surface)
    _draw_meld_title(scene, surface)
    _draw_cards(scene, surface)
    _draw_stock_drag(scene, surface)
    _draw_ai_count(scene, surface)
    draw_panel(scene, surface)
    _draw_opponent_name(scene, surface)
    toast = scene.toast.remaining > 0 and bool(scene.toast.text)
    if not toast:
        _draw_status(scene, surface)
    scene.context_buttons.draw(surface)
    scene.panel_buttons.draw(surface)
    for button in scene.context_buttons.buttons + scene.panel_buttons.buttons:
        if button.visible:
            scene.draw_list.append(("button", button.text, button.rect, button.live))
    scene.banner.draw(surface, layout.banner_centre, layout.font(84 if not layout.portrait else 56))
    if scene.banner.alpha > 0.01:
        scene.draw_list.append(("banner", scene.banner.text, layout.meld_area, None))
    # Messages take the status line's place, so they never cover the piles or the cards.
    smallest = round(theme.MIN_TEXT * layout.view.density)
    size = layout.font(24 if not layout.portrait else 17)
    box = scene.toast.draw(surface, message_area(layout), size, smallest, foot=layout.message is not None)
    if box is not None:
        scene.draw_list.append(("toast", scene.toast.text, box, None))


def _draw_stock(scene: Table, surface: pygame.Surface) -> None:
    art = scene.app.art
    size = scene.layout.pile_card
    for ghost in scene.ghosts:
        pile = stack_image(art, ghost.count, size)
        surface.blit(
            pile, pile.get_rect(bottomright=(round(ghost.x + size[0] / 2), round(ghost.y + size[1] / 2)))
        )
    if scene.ghosts:
        return
    count = scene.stock_shown
    if count:
        pile = stack_image(art, count, size)
        stock = scene.layout.stock
        surface.blit(pile, pile.get_rect(bottomright=stock.bottomright))
        scene.draw_list.append(("stock", str(count), stock, count))


def _draw_stock_drag(scene: Table, surface: pygame.Surface) -> None:
    """The unknown top stock card following the pointer, above everything on the table."""
    drag = scene.input.drag
    if drag is not None and drag.active and drag.source == "stock":
        size = scene.layout.card
        back = scene.app.art.back(size)
        rect = back.get_rect(center=(drag.pos[0] + drag.grab[0], drag.pos[1] + drag.grab[1]))
        offset = max(2, size[1] // 20)
        surface.blit(scene.app.art.shadow(size), rect.move(offset * 3 // 4, offset))
        surface.blit(back, rect)


def stack_image(art: CardArt, count: int, size: tuple[int, int]) -> pygame.Surface:
    """A face-down pile of `count` cards (one edge per four cards), drawn once per height."""
    layers = (count + 3) // 4
    key = ("stack", layers, size)
    cached = _cache.get(key)
    if cached is None:
        back = art.back(size)
        step = max(1, round(size[0] / 96))
        depth = (layers - 1) * step  # a pixel of thickness per four cards at 96 px wide
        cached = pygame.Surface((size[0] + depth, size[1] + depth), pygame.SRCALPHA)
        for layer in range(layers):
            offset = depth - layer * step
            cached.blit(back, (offset, offset))
        _cache[key] = cached
    return cached


def _draw_pile_labels(scene: Table, surface: pygame.Surface) -> None:
    hand = scene.hand
    assert hand is not None
    layout = scene.layout
    size = layout.font(18 if layout.portrait else (20 if layout.compact else 22))
    # Held sideways the notes sit close over the status line: a hint's box, taller than
    # the line, must not reach them.
    gap = layout.px(4 if layout.compact else 6)
    y = layout.stock.bottom + gap
    stock_text = f"Stock {scene.stock_shown}"
    room = abs(layout.discard.centerx - layout.stock.centerx) - gap  # each label under its own pile
    while size > round(theme.MIN_TEXT * layout.view.density) and font(size).size(stock_text)[0] > room:
        size -= 1
    if layout.portrait and scene.laid_out:
        return  # the piles are set aside while the melds are on the table
    rect = blit_text(surface, stock_text, size, theme.DIM, "midtop", (layout.stock.centerx, y))
    scene.draw_list.append(("label", stock_text, rect, None))
    rect = blit_text(surface, "Discard", size, theme.DIM, "midtop", (layout.discard.centerx, y))
    scene.draw_list.append(("label", "Discard", rect, None))
    # Under the labels as drawn (bigger text: its line is more than `size` tall).
    middle = ((layout.stock.centerx + layout.discard.centerx) // 2, max(y + size, rect.bottom) + gap // 2)
    if len(hand.stock) <= 4 and not hand.is_over and not scene.dealing:
        note = "Stock nearly out: the hand is void at 2"
        rect = _under_piles(
            surface, note, layout.font(19 if not layout.portrait else 17), theme.GOLD, middle, gap
        )
        scene.draw_list.append(("warning", note, rect, None))
        return
    shown = deal_fingerprint(scene)
    if shown and not hand.is_over:  # once it is over, the result checks it
        text = f"Deal fingerprint {shown}"
        column = _pile_column(layout)
        if column is not None and font(layout.font(17)).size(text)[0] > column.width:
            # The status line beside the piles (bigger cards, held sideways): the line in
            # two under the piles, so it never reaches under the status line.
            least = round(theme.MIN_TEXT * layout.view.density)
            size = max(least, min(layout.font(17), _fits(shown, layout.font(17), column.width, least)))
            first = blit_text(
                surface, "Deal fingerprint", size, theme.DIM, "midtop", (column.centerx, middle[1])
            )
            second = blit_text(surface, shown, size, theme.DIM, "midtop", (column.centerx, first.bottom))
            rect = first.union(second)
        else:
            rect = _under_piles(surface, text, layout.font(17), theme.DIM, middle, gap)
        scene.draw_list.append(("fingerprint", shown, rect, None))


def _pile_column(layout: TableLayout) -> pygame.Rect | None:
    """Held sideways with the status line beside the piles: the strip of the table the
    piles stand in, their notes kept to it (None: the notes may run under the status line)."""
    if not layout.compact:
        return None
    left = min(layout.stock.left, layout.discard.left)
    right = max(layout.stock.right, layout.discard.right)
    status = layout.status
    if status.left >= right:
        right = status.left - layout.px(8)
    elif status.right <= left:
        left = status.right + layout.px(8)
    else:
        return None
    return pygame.Rect(left, layout.stock.top, right - left, layout.stock.height)


def _fits(text: str, size: int, room: int, least: int) -> int:
    """The largest size up to `size` at which `text` fits `room` pixels (`least` at the least)."""
    while size > least and font(size).size(text)[0] > room:
        size -= 1
    return size


def _under_piles(
    surface: pygame.Surface, text: str, size: int, colour: Colour, middle: tuple[int, int], margin: int
) -> pygame.Rect:
    """A line centred under the piles, moved in from the window's edge when it would cross it.

    On a phone held sideways the piles sit against the left edge, and the centred line
    "Deal fingerprint ..." started off-screen (seen in Chromium at 844x390).
    """
    width = font(size).size(text)[0]
    left = middle[0] - width // 2
    left = max(margin, min(left, surface.get_width() - margin - width))
    return blit_text(surface, text, size, colour, "topleft", (left, middle[1]))


def deal_fingerprint(scene: Table) -> str:
    """The short fingerprint of the deal's commitment, as shown from before the first card
    ("" for a hand dealt without one)."""
    flow = scene.flow
    shown = flow.shown_commitment if flow is not None else None
    return fingerprint(shown) if shown else ""


def _draw_meld_title(scene: Table, surface: pygame.Surface) -> None:
    if not scene.laid_out:
        return
    hand = scene.hand
    assert hand is not None
    layout = scene.layout
    who = "Your" if hand.knocker == scene.me else f"{scene.opp_name}'s"
    title = f"{who} melds"
    tops = [scene.sprites[c].rect().top for meld in hand.knocker_melds for c in meld if c in scene.sprites]
    top = min(tops) if tops else layout.meld_area.top
    size = layout.font(22 if not layout.portrait else 18)
    text(scene, surface, "meld_title", title, size, theme.DIM, "midbottom",
         (layout.meld_area.centerx, top - layout.px(3)))  # fmt: skip


def text(
    scene: Table,
    surface: pygame.Surface,
    kind: str,
    words: str,
    size: int,
    colour: theme.RGB,
    anchor: str,
    position: tuple[float, float],
    value: object = None,
) -> pygame.Rect:
    """Draw one line of text and record it in the draw list as `kind` (one of TEXT_KINDS)."""
    rect = blit_text(surface, words, size, colour, anchor, position)
    scene.draw_list.append((kind, words, rect, value))
    return rect


TEXT_KINDS = frozenset(
    {
        "label", "fingerprint", "warning", "status", "toast", "log", "deadwood", "deadwood_note",
        "score", "boxes", "goal", "knock_limit", "opponent", "ai_count", "meld_title", "heading",
        "hand_line", "note", "your_game", "away", "scores_line",
    }
)  # fmt: skip
"""The kinds of draw-list entries that are lines of text (the layout tests keep them apart)."""


def _draw_cards(scene: Table, surface: pygame.Surface) -> None:
    """Every card, bottom first, each with its own marks: the bar under a meld or deadwood,
    and any ring (selected, hinted, a layoff, a knock card to choose, the AI's discard).

    A card's marks are drawn right after it, inside its edge or in the room its row leaves,
    so the cards above cover them as they cover the card: a ring never seems to go round
    the neighbour, and nothing lands on another card's corner index.
    """
    art = scene.app.art
    four = scene.app.settings.four_colour
    drag = scene.input.drag
    dragged = drag.card if drag is not None and drag.active else None
    bars = {} if scene.dealing else _meld_bars(scene)
    rings = _rings(scene, dragged)
    sprites = sorted(scene.sprites.values(), key=lambda s: (s.card == dragged, s.moving, s.z))
    for sprite in sprites:
        lifted = sprite.moving or sprite.card == dragged
        rect = paint_card(surface, art, sprite, four, shadow=lifted)
        name = str(sprite.card)
        scene.draw_list.append(("card", name, rect, sprite.showing_face()))
        bar = bars.get(sprite.card)
        if bar is not None:
            box, group = bar
            colour = (
                theme.DEADWOOD_MARK if group is None else theme.MELD_COLOURS[group % len(theme.MELD_COLOURS)]
            )
            pygame.draw.rect(surface, colour, box, border_radius=box.height // 2)
            scene.draw_list.append(("mark", name, box, "deadwood" if group is None else group))
        if sprite.moving:
            continue
        for colour, width, kind in rings.get(sprite.card, ()):
            inner_ring(surface, rect, colour, width)
            scene.draw_list.append(("ring", name, rect, width))
            if kind:
                scene.draw_list.append((kind, name, rect, None))


def _rings(scene: Table, dragged: Card | None) -> dict[Card, list[tuple[theme.RGB, int, str]]]:
    """The rings to draw round cards: (colour, width, what the tests call it) per card."""
    width = max(2, scene.layout.px(3))
    rings: dict[Card, list[tuple[theme.RGB, int, str]]] = {}

    def add(card: Card, colour: theme.RGB, thick: int, kind: str = "") -> None:
        if card in scene.sprites and card != dragged:
            rings.setdefault(card, []).append((colour, thick, kind))

    hand = scene.hand
    if scene.laid_out and hand is not None:
        for card, _ in hand.layoffs:
            add(card, theme.GOLD, width)
    if scene.flash is not None and scene.flash_time > 0 and hand_top(scene) == scene.flash:
        add(scene.flash, theme.GOLD, width)
    selected = scene.selected
    if selected is not None:
        colour = theme.HINT_RING if selected == scene.hinted else theme.FOCUS_RING
        add(selected, colour, width + 1, "focus")
    defence = scene.suggested_defence()
    if defence is not None:
        for card, _ in defence.layoffs:
            add(card, theme.HINT_RING, width, "suggested")
    if scene.knock_mode:
        for card in scene.knock_cards():
            if card != selected:
                add(card, theme.ACCENT, max(1, width - 1))
    return rings


def hand_top(scene: Table) -> Card | None:
    """The top card of the discard pile, if any."""
    hand = scene.hand
    return hand.discard_pile[-1] if hand is not None and hand.discard_pile else None


def _row_meld_of(scene: Table, seat: int) -> dict[Card, int] | None:
    """Meld number of each card in a seat's row, or None when the row is not to be marked."""
    hand = scene.hand
    assert hand is not None
    if scene.laid_out and hand.knocker == seat:
        return {}  # what stays in the knocker's row is all deadwood
    if seat == scene.me:
        return scene.order.meld_of()
    if hand.is_over and hand.knocker is not None:
        return {c: i for i, meld in enumerate(scene.opp_melds()) for c in meld}
    return None


def _meld_bars(scene: Table) -> dict[Card, tuple[pygame.Rect, int | None]]:
    """Under each revealed row: a coloured bar per card of a meld, red under deadwood.

    Each bar spans the part of its card that shows (up to the next card of the row), so a
    mark always sits under the card it describes, and it stays off the corner indices:
    under the card where the row has room below it, and on a phone's upper row just above
    the lower row, across the middle of the card (the index is at its top).
    """
    layout = scene.layout
    thick = max(3, layout.px(6 if not layout.portrait else 5))
    gap = max(1, thick // 2)
    bars: dict[Card, tuple[pygame.Rect, int | None]] = {}
    for seat in (scene.me, scene.opp):
        meld_of = _row_meld_of(scene, seat)
        cards = scene.row_cards(seat)
        if meld_of is None or not cards or any(c not in scene.sprites for c in cards):
            continue
        sprites = [scene.sprites[c] for c in cards]
        if any(s.moving for s in sprites):
            continue
        rects = [sprite.rect(lifted=False) for sprite in sprites]
        lower_top = min((r.top for r in rects if r.top > rects[0].top + r.height // 4), default=None)
        for index, (card, rect, sprite) in enumerate(zip(cards, rects, sprites, strict=True)):
            following = rects[index + 1] if index + 1 < len(rects) else None
            right = rect.right
            if following is not None and following.top == rect.top and following.left < rect.right:
                right = following.left  # covered by the next card: the bar stops where it starts
            if seat == scene.me and lower_top is not None and rect.top < lower_top - rect.height // 4:
                # A phone's upper row: just above the lower one, rising with a raised card.
                top = lower_top - gap - thick - (rect.top - sprite.rect().top)
            else:
                top = rect.bottom + gap  # under the card
            bar = pygame.Rect(rect.left + gap, top, max(thick, right - rect.left - 2 * gap), thick)
            bars[card] = (bar, meld_of.get(card))
    return bars


def _draw_ai_count(scene: Table, surface: pygame.Surface) -> None:
    hand = scene.hand
    assert hand is not None
    result = hand.result
    opp = scene.opp
    if scene.laid_out and hand.knocker == opp and result is None:
        count = sum(c.value for c in hand.knocker_deadwood)
    elif result is None or result.knocker is None:
        return
    else:
        count = result.knocker_count if result.knocker == opp else result.defender_count
    layout = scene.layout
    text = f"{scene.opp_name}'s deadwood: {count}"
    cards = [scene.sprites[c] for c in scene.row_cards(opp) if c in scene.sprites]
    bottom = max((s.rect().bottom for s in cards), default=layout.opp_y)
    if layout.compact:
        # No room under the row (the melds are there): under the opponent's name instead.
        x, y = layout.name_anchor
        size = opponent_label(scene)[1]  # bigger text: clear of the name's taller line
        below = max(layout.px(10), font(size).get_linesize() // 2 + layout.px(2))
        rect = blit_text(surface, f"Deadwood {count}", layout.font(18), theme.INK, "topleft", (x, y + below))
    else:
        rect = blit_text(surface, text, layout.font(22 if not layout.portrait else 18), theme.INK, "midtop",
                         ((layout.opp_span[0] + layout.opp_span[1]) // 2, bottom + layout.px(12 if not layout.portrait else 9)))  # fmt: skip
    scene.draw_list.append(("ai_count", text, rect, count))


def _draw_opponent_name(scene: Table, surface: pygame.Surface) -> None:
    """The opponent's name (and the computer's level) just left of its row of cards."""
    words, size = opponent_label(scene)
    rect = blit_text(surface, words, size, theme.GOLD, "midleft", opponent_name_anchor(scene))
    scene.draw_list.append(("opponent", scene.opp_name, rect, None))


def message_area(layout: TableLayout) -> pygame.Rect:
    """Where messages go: the status line's place (on a phone, with room above it to grow)."""
    return layout.message if layout.message is not None else layout.status


def _draw_status(scene: Table, surface: pygame.Surface) -> None:
    """The status line: one line, a little smaller when long, and on two lines rather than
    under the smallest size text may have."""
    words = status_text(scene)
    hand = scene.hand
    covered = scene.app.stack.top is not cast(object, scene)
    if not words or (hand is not None and hand.is_over and covered):
        return  # the hand's result panel says it all now
    layout = scene.layout
    area = layout.status
    smallest = round(theme.MIN_TEXT * layout.view.density)
    size = layout.font(26 if not layout.portrait else 18)
    image = render_rich(words, size, theme.INK)
    if image.get_width() > area.width:
        size = max(smallest, size * area.width // image.get_width())
        image = render_rich(words, size, theme.INK)
        while image.get_width() > area.width and size > smallest:
            size -= 1  # text is not quite proportional: a step more rather than two lines
            image = render_rich(words, size, theme.INK)
    if image.get_width() <= area.width:
        rect = image.get_rect(center=area.center)
        surface.blit(image, rect)
        scene.draw_list.append(("status", words, rect, None))
        return
    lines = wrap(words, size, area.width)
    step = font(size).get_linesize()
    top = (
        area.bottom - step * len(lines)
        if layout.message is not None
        else area.centery - step * len(lines) // 2
    )
    for number, line in enumerate(lines):
        image = render_rich(line, size, theme.INK)
        rect = image.get_rect(midtop=(area.centerx, top + number * step))
        surface.blit(image, rect)
        scene.draw_list.append(("status", line, rect, None))


def status_text(scene: Table) -> str:
    """The one line that tells the person at the device what is going on; with people
    passing the device, what they are to do starts with their name ("North, draw...")."""
    text = _status(scene)
    hand = scene.hand
    flow = scene.flow
    if (
        text
        and flow is not None
        and hand is not None
        and scene.seating.shared
        and flow.human_turn()
        and not scene.dealing
    ):
        return f"{scene.player_name(scene.pairing[scene.me])}, {text[:1].lower()}{text[1:]}"
    return text


def _status(scene: Table) -> str:

    hand = scene.hand
    assert hand is not None
    # A phone held sideways gets the landscape table: once a finger has been used, say "tap".
    touch = scene.layout.portrait or scene.app.pointer.touched
    if scene.dealing:
        shown = deal_fingerprint(scene)
        return f"Dealing. Deal fingerprint {shown}" if shown else "Shuffling and dealing..."
    flow = scene.flow
    if flow is not None and flow.handover is not None and not hand.is_over:
        return f"Pass the device to {scene.player_name(scene.pairing[flow.handover])}."
    phase = hand.phase
    if hand.is_over:
        result = hand.result
        if phase is Phase.VOID or result is None or result.knocker is None:
            return "The hand is void: the stock ran out."
        mine = result.knocker_count if result.knocker == scene.me else result.defender_count
        return f"Hand over: your deadwood {mine}."
    if hand.to_act != scene.me:
        them = scene.opp_the
        if phase is Phase.LAYOFF:
            left = sum(c.value for c in hand.knocker_deadwood)
            return f"{them} is laying off on your melds... (your deadwood: {left})"
        dots = "." * (1 + int(scene.clock * 2.5) % 3)  # a little life while it decides
        if phase is Phase.UPCARD_OFFER:
            return f"{them} considers the upcard{dots}"
        return f"{them} is thinking{dots}"
    top = hand.discard_pile[-1] if hand.discard_pile else None
    if phase is Phase.UPCARD_OFFER:
        return f"Take the upcard ({card_symbol(top)}) or pass?" if top else "Take or pass?"
    if phase is Phase.LAST_CHANCE:
        return "Last discard: take it only to knock, or pass (void hand)."
    if phase is Phase.DRAW:
        if hand.stock_only:
            stock = key_label("draw_stock")
            return (
                "Both passed: draw from the stock."
                if touch
                else f"Both passed: draw from the stock ({stock})."
            )
        if touch:
            return "Draw: tap the stock or the discard."
        return (
            f"Draw: click the stock ({key_label('draw_stock')}) or the discard ({key_label('take_discard')})."
        )
    if phase is Phase.DISCARD:
        if scene.knock_mode:
            return "Knock: pick the card to discard face down."
        if (
            len(hand.hands[scene.me]) == 11
            and hand.turn == 0
            and not hand.discard_pile
            and hand.rules.eleven_card_deal
        ):
            return "Eleven-card deal: discard to begin."
        if hand.must_knock:
            return "You took the last discard: you must knock."
        if touch:
            return "Discard: tap a card twice, or drag it to the pile."
        return "Discard: click a card twice, or drag it to the pile."
    if phase is Phase.ARRANGE:
        count = len(scene.arrangements)
        index = scene.arrangement_index + 1
        dead = scene.order.melds().deadwood_value
        return f"Arrangement {index} of {count}: deadwood {dead}. Lay it down?"
    if phase is Phase.LAYOFF:
        defence = scene.suggested_defence()
        if defence is not None and defence.layoffs:
            if touch:
                return "Lay off: tap cards (green = best); Done lays off the rest."
            return f"Lay off: click cards (green = best); Done ({button_key('done')}) lays off the rest."
        return no_layoff_reason(hand, scene.me) + ": press Done."
    return ""
