"""Painting the table scene: felt, piles, cards, meld marks, the panel and messages.

Kept apart from `table.py` so that the scene's rules of play and its looks change
separately. Every call records what it drew in `scene.draw_list`, which tests read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.rules import Card, Event, Phase
from game.ui.anim import Animator, Tween
from game.ui.art import CardArt
from game.ui.hand_order import best_discard_deadwood
from game.ui.layout import (
    CARD_H,
    CARD_W,
    DISCARD_POS,
    HAND_CENTRE_X,
    MELD_AREA,
    PANEL,
    STATUS_Y,
    STOCK_POS,
    pile_rect,
)
from game.ui.sprites import FOCUS_RING, HINT_RING, paint_card, ring
from game.ui.text import blit_text, font

if TYPE_CHECKING:
    from game.ui.table import TableScene

MELD_COLOURS = [(90, 200, 255), (255, 200, 60), (200, 130, 255), (110, 230, 140)]
DEADWOOD_MARK = (235, 85, 70)
INK = (245, 242, 230)
DIM_INK = (190, 215, 195)
PANEL_FILL = (14, 60, 38)
GOLD = (255, 212, 90)

_background: dict[str, pygame.Surface] = {}


@dataclass(eq=False)
class PileGhost:
    """Half of the deck during the shuffle animation (drawn as a stack of backs)."""

    x: float
    y: float
    count: int


def shuffle_ghosts(animator: Animator) -> list[PileGhost]:
    """Two half-decks that split apart and riffle together three times."""
    left = PileGhost(STOCK_POS[0], STOCK_POS[1], 26)
    right = PileGhost(STOCK_POS[0], STOCK_POS[1], 26)
    for _ in range(3):

        def split(left: PileGhost = left, right: PileGhost = right) -> None:
            animator.add(Tween(left, {"x": STOCK_POS[0] - 40, "y": STOCK_POS[1] + 6}, 0.14, "ease_out_quad"))
            animator.add(Tween(right, {"x": STOCK_POS[0] + 40, "y": STOCK_POS[1] - 6}, 0.14, "ease_out_quad"))

        def join(left: PileGhost = left, right: PileGhost = right) -> None:
            animator.add(Tween(left, {"x": STOCK_POS[0], "y": STOCK_POS[1]}, 0.12, "ease_in_quad"))
            animator.add(Tween(right, {"x": STOCK_POS[0], "y": STOCK_POS[1]}, 0.12, "ease_in_quad"))

        animator.then(split)
        animator.then(join)
    return [left, right]


def felt() -> pygame.Surface:
    """Plain green felt, lit in the middle and darker towards the edges, rendered once."""
    cached = _background.get("felt")
    if cached is not None:
        return cached
    size = (1280, 720)
    # A tiny radial gradient smooth-scaled up gives a soft, band-free vignette.
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            light = max(0.0, 1.0 - 0.55 * (dx * dx + dy * dy))
            small.set_at((x, y), (int(14 + 16 * light), int(62 + 44 * light), int(38 + 28 * light)))
    surface = pygame.transform.smoothscale(small, size)
    if pygame.display.get_surface() is not None:
        surface = surface.convert()
    _background["felt"] = surface
    return surface


def background() -> pygame.Surface:
    """The table: felt plus the pile outlines and the side panel, rendered once."""
    cached = _background.get("table")
    if cached is not None:
        return cached
    surface = felt().copy()
    for centre in (STOCK_POS, DISCARD_POS):
        pygame.draw.rect(surface, (70, 150, 105), pile_rect(centre).inflate(8, 8), width=2, border_radius=12)
    pygame.draw.rect(surface, PANEL_FILL, PANEL, border_radius=16)
    pygame.draw.rect(surface, (60, 130, 90), PANEL, width=2, border_radius=16)
    _background["table"] = surface
    return surface


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    """Paint the whole table scene and refresh `scene.draw_list`."""
    scene.draw_list = []
    surface.blit(background(), (0, 0))
    hand = scene.hand
    if hand is None:
        _draw_panel(scene, surface)  # the AIs are playing a hand away from the table
        return
    scene.update_buttons()
    _draw_stock(scene, surface)
    _draw_pile_labels(scene, surface)
    _draw_meld_frames(scene, surface)
    _draw_cards(scene, surface)
    _draw_stock_drag(scene, surface)
    _draw_hand_marks(scene, surface)
    _draw_panel(scene, surface)
    _draw_opponent_name(scene, surface)
    _draw_status(scene, surface)
    scene.context_buttons.draw(surface)
    scene.panel_buttons.draw(surface)
    for button in scene.context_buttons.buttons + scene.panel_buttons.buttons:
        if button.visible:
            scene.draw_list.append(("button", button.text, button.rect, button.live))
    scene.banner.draw(surface, (HAND_CENTRE_X, MELD_AREA.centery))
    if scene.banner.alpha > 0.01:
        scene.draw_list.append(("banner", scene.banner.text, MELD_AREA, None))
    scene.toast.draw(surface, (HAND_CENTRE_X, 420))
    if scene.toast.remaining > 0:
        scene.draw_list.append(("toast", scene.toast.text, pygame.Rect(0, 400, 1040, 40), None))


def _draw_stock(scene: TableScene, surface: pygame.Surface) -> None:
    art = scene.app.art
    for ghost in scene.ghosts:
        pile = stack_image(art, ghost.count)
        surface.blit(
            pile, pile.get_rect(bottomright=(round(ghost.x + CARD_W / 2), round(ghost.y + CARD_H / 2)))
        )
    if scene.ghosts:
        return
    count = scene.stock_shown
    if count:
        pile = stack_image(art, count)
        surface.blit(
            pile, pile.get_rect(bottomright=(STOCK_POS[0] + CARD_W // 2, STOCK_POS[1] + CARD_H // 2))
        )
        scene.draw_list.append(("stock", str(count), pile_rect(STOCK_POS), count))


def _draw_stock_drag(scene: TableScene, surface: pygame.Surface) -> None:
    """The unknown top stock card following the pointer, above everything on the table."""
    drag = scene.input.drag
    if drag is not None and drag.active and drag.source == "stock":
        back = scene.app.art.back((CARD_W, CARD_H))
        rect = back.get_rect(center=(drag.pos[0] + drag.grab[0], drag.pos[1] + drag.grab[1]))
        surface.blit(scene.app.art.shadow((CARD_W, CARD_H)), rect.move(5, 7))
        surface.blit(back, rect)


def stack_image(art: CardArt, count: int) -> pygame.Surface:
    """A face-down pile of `count` cards (one edge per four cards), drawn once per height."""
    layers = (count + 3) // 4
    key = f"stack{layers}"
    cached = _background.get(key)
    if cached is None:
        back = art.back((CARD_W, CARD_H))
        depth = layers - 1  # one pixel of thickness per four cards
        cached = pygame.Surface((CARD_W + depth, CARD_H + depth), pygame.SRCALPHA)
        for layer in range(layers):
            cached.blit(back, (depth - layer, depth - layer))
        _background[key] = cached
    return cached


def _draw_pile_labels(scene: TableScene, surface: pygame.Surface) -> None:
    hand = scene.hand
    assert hand is not None
    y = STOCK_POS[1] + CARD_H // 2 + 22
    blit_text(surface, f"Stock {scene.stock_shown}", 22, DIM_INK, "center", (STOCK_POS[0], y))
    blit_text(surface, "Discard", 22, DIM_INK, "center", (DISCARD_POS[0], y))
    if len(hand.stock) <= 4 and not hand.is_over and not scene.dealing:
        blit_text(
            surface,
            "Stock nearly out: the hand is void at 2",
            20,
            GOLD,
            "midtop",
            (STOCK_POS[0] + 65, y + 14),
        )


def _draw_meld_frames(scene: TableScene, surface: pygame.Surface) -> None:
    if not scene.laid_out:
        return
    hand = scene.hand
    assert hand is not None
    who = "Your" if hand.knocker == scene.me else f"{scene.opp_name}'s"
    blit_text(surface, f"{who} melds", 22, DIM_INK, "midbottom", (MELD_AREA.centerx, MELD_AREA.top - 2))
    laid_off = {card for card, _ in hand.layoffs}
    for card in laid_off:
        sprite = scene.sprites.get(card)
        if sprite is not None and not sprite.moving:
            pygame.draw.rect(surface, GOLD, sprite.rect().inflate(8, 8), width=3, border_radius=11)


def _draw_cards(scene: TableScene, surface: pygame.Surface) -> None:
    art = scene.app.art
    four = scene.app.settings.four_colour
    drag = scene.input.drag
    dragged = drag.card if drag is not None and drag.active else None
    sprites = sorted(scene.sprites.values(), key=lambda s: (s.card == dragged, s.moving, s.z))
    for sprite in sprites:
        lifted = sprite.moving or sprite.card == dragged
        rect = paint_card(surface, art, sprite, four, shadow=lifted)
        scene.draw_list.append(("card", str(sprite.card), rect, sprite.showing_face()))
    flash = scene.sprites.get(scene.flash) if scene.flash is not None else None
    if flash is not None and scene.flash_time > 0 and hand_top(scene) == scene.flash and not flash.moving:
        ring(surface, flash.rect(), GOLD, 3)
    selected = scene.selected
    if selected is not None and selected in scene.sprites and selected != dragged:
        colour = HINT_RING if selected == scene.hinted else FOCUS_RING
        ring(surface, scene.sprites[selected].rect(), colour)
        scene.draw_list.append(("focus", str(selected), scene.sprites[selected].rect(), None))
    defence = scene.suggested_defence()
    if defence is not None:
        for card, _ in defence.layoffs:
            proposed = scene.sprites.get(card)
            if proposed is not None and card != dragged:
                ring(surface, proposed.rect(), HINT_RING, 3)
                scene.draw_list.append(("suggested", str(card), proposed.rect(), None))
    if scene.knock_mode:
        for card in scene.knock_cards():
            option = scene.sprites.get(card)
            if option is not None and card != selected:
                ring(surface, option.rect(), (250, 200, 90), 2)


def hand_top(scene: TableScene) -> Card | None:
    """The top card of the discard pile, if any."""
    hand = scene.hand
    return hand.discard_pile[-1] if hand is not None and hand.discard_pile else None


def _row_meld_of(scene: TableScene, seat: int) -> dict[Card, int] | None:
    """Meld number of each card in a seat's row, or None when the row is not to be marked."""
    hand = scene.hand
    assert hand is not None
    if scene.laid_out and hand.knocker == seat:
        return {}  # what stays in the knocker's row is all deadwood
    if seat == scene.me:
        return scene.order.meld_of()
    if hand.is_over and hand.knocker is not None:
        return {c: i for i, meld in enumerate(hand.defender_melds) for c in meld}
    return None


def _draw_hand_marks(scene: TableScene, surface: pygame.Surface) -> None:
    """Under each revealed row: a coloured bar per meld, red for deadwood."""
    if scene.dealing:
        return
    for seat in (0, 1):
        meld_of = _row_meld_of(scene, seat)
        cards = scene.row_cards(seat)
        if meld_of is None or not cards or any(c not in scene.sprites for c in cards):
            continue
        sprites = [scene.sprites[c] for c in cards]
        if any(s.moving for s in sprites):
            continue
        for index, (card, sprite) in enumerate(zip(cards, sprites, strict=True)):
            left = sprite.x - CARD_W / 2
            last = index + 1 == len(cards)
            right = sprite.x + CARD_W / 2 if last else sprites[index + 1].x - CARD_W / 2 - 3
            group = meld_of.get(card)
            colour = DEADWOOD_MARK if group is None else MELD_COLOURS[group % len(MELD_COLOURS)]
            top = round(sprite.y + CARD_H / 2 + 6)
            bar = pygame.Rect(round(left + 3), top, max(4, round(right - left - 3)), 7)
            pygame.draw.rect(surface, colour, bar, border_radius=3)
            scene.draw_list.append(("mark", str(card), bar, "deadwood" if group is None else group))
    _draw_ai_count(scene, surface)


def _draw_ai_count(scene: TableScene, surface: pygame.Surface) -> None:
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
    text = f"{scene.opp_name}'s deadwood: {count}"
    rect = blit_text(surface, text, 24, INK, "midtop", (HAND_CENTRE_X, 186))
    scene.draw_list.append(("ai_count", text, rect, count))


def _draw_panel(scene: TableScene, surface: pygame.Surface) -> None:
    hand = scene.hand
    match = scene.match
    assert match is not None
    x = PANEL.x + 16
    right = PANEL.right - 16
    y = PANEL.y + 14
    blit_text(surface, "GIN RUMMY", 30, GOLD, "topleft", (x, y))
    y += 34
    rules = match.rules
    variant = rules.variant.value.capitalize()
    blit_text(surface, f"{variant} gin, to {match.target}", 20, DIM_INK, "topleft", (x, y))
    y += 30
    if rules.players == 2:
        y = _draw_two_scores(scene, surface, x, right, y)
    else:
        y = _draw_side_scores(scene, surface, x, right, y)
    if hand is None:
        return
    blit_text(surface, _hand_line(scene), 20, DIM_INK, "topleft", (x, y))
    y += 30
    limit = "Gin only" if hand.knock_limit == 0 else f"Knock limit: {hand.knock_limit}"
    limit_rect = pygame.Rect(x - 6, y - 4, right - x + 12, 30)
    pygame.draw.rect(surface, (30, 85, 55), limit_rect, border_radius=8)
    blit_text(surface, limit, 24, GOLD, "midleft", (x + 2, limit_rect.centery))
    scene.draw_list.append(("knock_limit", limit, limit_rect, hand.knock_limit))
    y += 32
    if rules.variant.value == "oklahoma" and hand.upcard is not None:
        note = "Set by the upcard"
        if rules.oklahoma_spade_double and hand.upcard.suit.char == "S":
            note += " - spade: x2"
        blit_text(surface, note, 19, DIM_INK, "topleft", (x, y))
        y += 24
    elif rules.players == 2:
        y += 24
    _draw_deadwood(scene, surface, x, y)
    _draw_log(scene, surface, x, 630)


def _hand_line(scene: TableScene) -> str:
    """Which hand this is and who deals (with three players, who sits out)."""
    hand, match = scene.hand, scene.match
    assert hand is not None and match is not None
    players = match.rules.players
    if players == 2:
        dealer = "you" if hand.dealer == 0 else "AI"
        return f"Hand {scene.hand_number} - dealer: {dealer}"
    if players == 3:
        out = next(p for p in range(3) if p not in scene.pairing)
        return f"Hand {scene.hand_number} - {scene.player_name(out)} sits out"
    dealer = "you" if hand.dealer == scene.me else scene.opp_name
    return f"Hand {scene.hand_number} - dealer: {dealer}"


def _draw_two_scores(scene: TableScene, surface: pygame.Surface, x: int, right: int, y: int) -> int:
    hand, match = scene.hand, scene.match
    assert match is not None
    level = scene.app.settings.ai_level
    for seat, name in ((0, "You"), (1, f"AI ({level})")):
        colour = INK if hand is None or hand.to_act != seat else GOLD
        y = _draw_score_row(scene, surface, name, colour, seat, (x, right, y), compact=False)
    return y + 4


def _draw_score_row(
    scene: TableScene,
    surface: pygame.Surface,
    name: str,
    colour: tuple[int, int, int],
    side: int,
    place: tuple[int, int, int],
    *,
    compact: bool,
) -> int:
    """One side's name, counted-up score, boxes and box tally; returns the next row's y."""
    assert scene.match is not None
    x, right, y = place
    name_size, score_size, box_size, gap, after = (24, 28, 18, 23, 22) if compact else (26, 30, 19, 26, 28)
    blit_text(surface, name, name_size, colour, "topleft", (x, y))
    shown = round(scene.tally.side(side))
    rect = blit_text(surface, str(shown), score_size, colour, "topright", (right, y - 2))
    scene.draw_list.append(("score", name, rect, shown))
    y += gap
    boxes = scene.match.boxes[side]
    blit_text(surface, f"{boxes} box{'es' if boxes != 1 else ''}", box_size, DIM_INK, "topleft", (x + 2, y))
    _draw_box_tally(surface, right, y + 2, boxes)
    return y + after


def _draw_side_scores(scene: TableScene, surface: pygame.Surface, x: int, right: int, y: int) -> int:
    """Three individual scores, or two team scores, each with its boxes; then who plays."""
    hand, match = scene.hand, scene.match
    assert match is not None
    playing = set(scene.pairing) if hand is not None else set()
    for side in range(match.sides):
        name = scene.player_name(side) if match.rules.players == 3 else _team_label(side)
        active = (
            hand is not None and hand.to_act is not None and match.side_of(scene.pairing[hand.to_act]) == side
        )
        colour = GOLD if active else INK
        if match.rules.players == 3 and side not in playing and hand is not None:
            colour = DIM_INK
            name += " (out)"
        y = _draw_score_row(scene, surface, name, colour, side, (x, right, y), compact=True)
    if hand is not None and match.rules.players == 4:
        blit_text(surface, f"Your game: v {scene.opp_name}", 20, INK, "topleft", (x, y))
        y += 22
    return y + 4


def _team_label(side: int) -> str:
    from game.ui.players import TEAM_NAMES

    return TEAM_NAMES[side]


def describe_event(event: Event, card_name: Callable[[Card], str], me: int = 0, them: str = "AI") -> str:
    """One public event in words, from the human's point of view ("AI took the 7 of hearts")."""
    who = "You" if event.player == me else them
    card = f"the {card_name(event.card)}" if event.card is not None else ""
    texts = {
        "pass": f"{who} passed",
        "draw_stock": f"{who} drew from the stock",
        "draw_discard": f"{who} took {card}",
        "take_upcard": f"{who} took the upcard",
        "discard": f"{who} discarded {card}",
        "knock": f"{who} knocked",
        "big_gin": f"{who} went big gin",
        "arrange": f"{who} laid down {len(event.melds)} melds",
        "lay_off": f"{who} laid off {card}",
        "end_layoff": f"{who} finished laying off",
    }
    return texts.get(event.kind, f"{who}: {event.kind.replace('_', ' ')}")


def _draw_log(scene: TableScene, surface: pygame.Surface, x: int, bottom: int) -> None:
    """The last few moves, newest at the bottom, so nothing the AI does goes unseen."""
    from game.ui.table import card_name

    hand = scene.hand
    assert hand is not None
    if scene.dealing:
        return
    recent = hand.history[-3:]
    y = bottom - 22 * len(recent)
    for index, event in enumerate(recent):
        colour = INK if index == len(recent) - 1 else DIM_INK
        them = scene.opp_name
        if scene.match is not None and scene.match.rules.players == 4:
            them = them.removeprefix("AI ")  # "West discarded ...": the panel is narrow
        text = describe_event(event, card_name, scene.me, them)
        size = 19 if font(19).size(text)[0] <= PANEL.right - x - 10 else 17
        blit_text(surface, text, size, colour, "topleft", (x, y))
        scene.draw_list.append(("log", text, pygame.Rect(x, y, 200, 20), None))
        y += 22


def _draw_box_tally(surface: pygame.Surface, right: int, y: int, boxes: int) -> None:
    """Boxes as tally marks: four strokes and a slash per five."""
    x = right
    shown = min(boxes, 15)
    groups = [5] * (shown // 5) + ([shown % 5] if shown % 5 else [])
    for group in reversed(groups):
        width = 4 * 7 + 6
        left = x - width
        for i in range(min(group, 4)):
            pygame.draw.line(surface, INK, (left + i * 7 + 3, y), (left + i * 7 + 3, y + 14), 2)
        if group == 5:
            pygame.draw.line(surface, GOLD, (left, y + 12), (left + 4 * 7 + 2, y + 2), 2)
        x = left - 8


def _draw_deadwood(scene: TableScene, surface: pygame.Surface, x: int, y: int) -> None:
    hand = scene.hand
    assert hand is not None
    held = hand.hands[scene.me]
    if scene.dealing:
        return
    if scene.laid_out and hand.knocker == scene.me:
        value = sum(c.value for c in hand.knocker_deadwood)
    elif not held:
        return
    else:
        value = scene.order.melds().deadwood_value  # cached by the hand order
    colour = (130, 235, 140) if value <= hand.knock_limit else INK
    rect = blit_text(surface, f"Deadwood: {value}", 26, colour, "topleft", (x, y))
    scene.draw_list.append(("deadwood", str(value), rect, value))
    defence = scene.suggested_defence()
    if defence is not None:
        blit_text(
            surface, f"after best layoffs: {defence.deadwood_value}", 20, DIM_INK, "topleft", (x, y + 28)
        )
    if len(held) == 11 and hand.phase is Phase.DISCARD and hand.to_act == scene.me:
        after = _cached_best_discard(scene, held)
        colour = (130, 235, 140) if after <= hand.knock_limit else DIM_INK
        blit_text(surface, f"after best discard: {after}", 20, colour, "topleft", (x, y + 28))


def _cached_best_discard(scene: TableScene, held: list[Card]) -> int:
    key = tuple(sorted(held))
    cache = getattr(scene, "_best_discard_cache", None)
    if cache is None or cache[0] != key:
        cache = (key, best_discard_deadwood(held))
        scene._best_discard_cache = cache  # type: ignore[attr-defined]
    return cache[1]


def _draw_opponent_name(scene: TableScene, surface: pygame.Surface) -> None:
    """Three or four players: which AI sits across (under the left end of its row)."""
    if not scene.multi:
        return
    text = f"{scene.opp_name} ({scene.app.settings.ai_level})"
    rect = blit_text(surface, text, 24, GOLD, "topleft", (24, 180))
    scene.draw_list.append(("opponent", scene.opp_name, rect, None))


def _draw_status(scene: TableScene, surface: pygame.Surface) -> None:
    text = status_text(scene)
    if text:
        rect = blit_text(surface, text, 28, INK, "center", (HAND_CENTRE_X, STATUS_Y - 22))
        scene.draw_list.append(("status", text, rect, None))


def status_text(scene: TableScene) -> str:
    """The one line that tells the human what is going on."""
    from game.ui.table import card_name

    hand = scene.hand
    assert hand is not None
    if scene.dealing:
        return "Shuffling and dealing..."
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
        return f"Take the upcard ({card_name(top)}) or pass?" if top else "Take or pass?"
    if phase is Phase.LAST_CHANCE:
        return "Last discard: take it only to knock, or pass (void hand)."
    if phase is Phase.DRAW:
        if hand.stock_only:
            return "Both passed: draw from the stock (S)."
        return "Draw: click the stock (S) or the discard (D)."
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
        return "Discard: click a card twice, or drag it to the pile."
    if phase is Phase.ARRANGE:
        count = len(scene.arrangements)
        index = scene.arrangement_index + 1
        dead = scene.order.melds().deadwood_value
        return f"Arrangement {index} of {count}: deadwood {dead}. Lay it down?"
    if phase is Phase.LAYOFF:
        defence = scene.suggested_defence()
        if defence is not None and defence.layoffs:
            return "Lay off: click cards (green = best), or L for all; then Done."
        return "Nothing of yours fits the knocker's melds: press Done."
    return ""
