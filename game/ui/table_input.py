"""Input at the table: mouse, touch (as mouse) and keyboard turned into controller calls.

Everything here ends in one of the scene's controller methods (`draw_stock`, `discard`,
`knock`, `lay_off`, ...), the same ones self-play uses, so a click and a key press go
through exactly the same checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.rules import Card, Phase
from game.ui.layout import CARD_W, DISCARD_POS, HAND_AREA, MELD_AREA, STOCK_POS, insertion_index, pile_rect

if TYPE_CHECKING:
    from game.ui.table import TableScene

DRAG_THRESHOLD = 8
"""Pixels a press must travel before it counts as a drag rather than a click."""


@dataclass
class Drag:
    """A press that may become a drag: what was grabbed and where."""

    source: str  # "hand", "stock" or "discard"
    card: Card | None
    start: tuple[int, int]
    pos: tuple[int, int]
    grab: tuple[float, float] = (0.0, 0.0)
    active: bool = False


class TableInput:
    """Turns the table's raw input events into controller calls on the scene."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.drag: Drag | None = None

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse, touch (as mouse) and keyboard."""
        scene = self.scene
        if event.type == pygame.MOUSEMOTION:
            scene.panel_buttons.hover(event.pos)
            scene.context_buttons.hover(event.pos)
            self._drag_motion(event.pos)
            hovered = None if self.drag is not None else self._hand_card_at(event.pos, lifted=False)
            if hovered != scene.hovered:
                scene.hovered = hovered
                scene.update_lifts()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _skip_animation(self) -> bool:
        """A click or key while things move finishes the movement first."""
        scene = self.scene
        if scene.animator.busy or scene.dealing:
            scene.animator.finish_all()
            scene.dealing = False
            return True
        return False

    def _press(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        if self._skip_animation():
            return
        scene.update_buttons()
        if scene.context_buttons.click(pos) or scene.panel_buttons.click(pos):
            return
        card = self._hand_card_at(pos)
        if card is not None:
            sprite = scene.sprites[card]
            self.drag = Drag("hand", card, pos, pos, (sprite.x - pos[0], sprite.y - pos[1]))
            return
        hand = scene.hand
        if hand is None:
            return
        if pile_rect(STOCK_POS).collidepoint(pos) and scene.stock_shown > 0:
            self.drag = Drag("stock", None, pos, pos, (STOCK_POS[0] - pos[0], STOCK_POS[1] - pos[1]))
        elif pile_rect(DISCARD_POS).inflate(16, 16).collidepoint(pos) and hand.discard_pile:
            top = hand.discard_pile[-1]
            top_sprite = scene.sprites.get(top)
            grab = (top_sprite.x - pos[0], top_sprite.y - pos[1]) if top_sprite else (0.0, 0.0)
            self.drag = Drag("discard", top, pos, pos, grab)

    def _drag_motion(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        drag = self.drag
        if drag is None:
            return
        drag.pos = pos
        if not drag.active:
            dx, dy = pos[0] - drag.start[0], pos[1] - drag.start[1]
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            drag.active = True
        if drag.card is not None and drag.card in scene.sprites and drag.source != "stock":
            sprite = scene.sprites[drag.card]
            sprite.x, sprite.y = pos[0] + drag.grab[0], pos[1] + drag.grab[1]
            sprite.lift = 0.0

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag.active:
            self._drop(drag, pos)
        else:
            self._click(drag)

    def _click(self, drag: Drag) -> None:
        scene = self.scene
        hand = scene.hand
        assert hand is not None
        if drag.source == "stock":
            scene.draw_stock()
        elif drag.source == "discard":
            if scene.selected is not None and hand.phase is Phase.DISCARD and scene.human_turn():
                scene.discard(scene.selected)
            else:
                scene.take_discard()
        elif drag.card is not None:
            self._click_hand_card(drag.card)

    def _click_hand_card(self, card: Card) -> None:
        scene = self.scene
        hand = scene.hand
        assert hand is not None
        if scene.human_turn() and hand.phase is Phase.LAYOFF:
            scene.lay_off(card)
        elif (
            scene.human_turn()
            and hand.phase is Phase.DISCARD
            and (card == scene.selected or scene.knock_mode)
        ):
            scene.discard(card)
        else:
            scene.selected = None if card == scene.selected else card
            scene.update_lifts()

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        scene = self.scene
        hand = scene.hand
        assert hand is not None
        on_hand = HAND_AREA.collidepoint(pos)
        on_discard = pile_rect(DISCARD_POS).inflate(60, 60).collidepoint(pos)
        if drag.source in ("stock", "discard"):
            if on_hand:
                index = insertion_index(self._hand_xs(), pos[0])
                (scene.draw_stock if drag.source == "stock" else scene.take_discard)(index)
            scene.relayout()
            return
        card = drag.card
        assert card is not None
        if on_discard and hand.phase is Phase.DISCARD:
            scene.discard(card)
        elif hand.phase is Phase.LAYOFF and MELD_AREA.inflate(0, 40).collidepoint(pos):
            scene.lay_off(card, self._meld_at(pos))
        elif on_hand:
            others = [c for c in scene.order.cards if c != card and c in scene.sprites]
            scene.order.move(card, insertion_index([scene.sprites[c].x for c in others], pos[0]))
        scene.relayout()

    def _hand_xs(self) -> list[float]:
        scene = self.scene
        return [scene.sprites[c].x for c in scene.order.cards if c in scene.sprites]

    def _hand_card_at(self, pos: tuple[int, int], lifted: bool = True) -> Card | None:
        scene = self.scene
        hand = scene.hand
        if hand is None:
            return None
        for card in reversed(scene.row_cards(scene.me)):
            sprite = scene.sprites.get(card)
            if sprite is not None and sprite.rect(lifted).collidepoint(pos):
                return card if card in hand.hands[scene.me] else None
        return None

    def _meld_at(self, pos: tuple[int, int]) -> int | None:
        scene = self.scene
        hand = scene.hand
        assert hand is not None
        best, best_distance = None, 1e9
        for index, meld in enumerate(hand.knocker_melds):
            xs = [scene.sprites[c].x for c in meld if c in scene.sprites]
            if not xs:
                continue
            left, right = min(xs) - CARD_W / 2, max(xs) + CARD_W / 2
            distance = 0 if left <= pos[0] <= right else min(abs(pos[0] - left), abs(pos[0] - right))
            if distance < best_distance:
                best, best_distance = index, distance
        return best

    def _key(self, event: pygame.event.Event) -> None:
        scene = self.scene
        key = event.key
        skipped = self._skip_animation()
        if skipped and key not in (pygame.K_ESCAPE,):
            return
        scene.update_buttons()
        hand = scene.hand
        if hand is None:
            return
        cards = scene.row_cards(scene.me)
        arranging = hand.phase is Phase.ARRANGE and scene.human_turn()
        laying_off = hand.phase is Phase.LAYOFF and scene.human_turn()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if arranging:
                scene.cycle_arrangement(step)
            elif event.mod & pygame.KMOD_SHIFT and scene.selected in scene.order.cards:
                index = scene.order.cards.index(scene.selected)
                scene.order.move(scene.selected, max(0, index + step))
                scene.relayout()
            elif cards:
                if scene.selected in cards:
                    index = (cards.index(scene.selected) + step) % len(cards)
                else:
                    index = 0 if step > 0 else len(cards) - 1
                scene.selected = cards[index]
                scene.update_lifts()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if arranging:
                scene.lay_down()
            elif laying_off:
                if key == pygame.K_SPACE and scene.selected is not None:
                    scene.lay_off(scene.selected)
                else:
                    scene.finish_layoffs()
            elif scene.selected is not None and hand.phase is Phase.DISCARD:
                scene.discard(scene.selected)
        elif key == pygame.K_s:
            scene.draw_stock()
        elif key in (pygame.K_d, pygame.K_t):
            scene.take_discard()
        elif key == pygame.K_p:
            scene.pass_turn()
        elif key == pygame.K_k:
            scene.start_knock()
        elif key == pygame.K_g:
            scene.go_gin()
        elif key == pygame.K_l and laying_off:
            scene.lay_off_suggested()
        elif key == pygame.K_r:
            scene.sort("rank")
        elif key == pygame.K_u:
            scene.sort("suit")
        elif key == pygame.K_m:
            scene.sort("melds")
        elif key == pygame.K_h:
            scene.show_hint()
        elif key in (pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH):
            scene.open_help()
        elif key == pygame.K_ESCAPE:
            if scene.knock_mode:
                scene.cancel_knock()
            else:
                scene.open_menu()
