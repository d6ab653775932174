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
from game.ui.seats import HUMAN

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
        if event.type == pygame.MOUSEMOTION:
            self.scene.panel_buttons.hover(event.pos)
            self.scene.context_buttons.hover(event.pos)
            self._drag_motion(event.pos)
            hovered = None if self.drag is not None else self._hand_card_at(event.pos, lifted=False)
            if hovered != self.scene.hovered:
                self.scene.hovered = hovered
                self.scene.update_lifts()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _skip_animation(self) -> bool:
        """A click or key while things move finishes the movement first."""
        if self.scene.animator.busy or self.scene.dealing:
            self.scene.animator.finish_all()
            self.scene.dealing = False
            return True
        return False

    def _press(self, pos: tuple[int, int]) -> None:
        if self._skip_animation():
            return
        self.scene.update_buttons()
        if self.scene.context_buttons.click(pos) or self.scene.panel_buttons.click(pos):
            return
        card = self._hand_card_at(pos)
        if card is not None:
            sprite = self.scene.sprites[card]
            self.drag = Drag("hand", card, pos, pos, (sprite.x - pos[0], sprite.y - pos[1]))
            return
        hand = self.scene.hand
        if hand is None:
            return
        if pile_rect(STOCK_POS).collidepoint(pos) and self.scene.stock_shown > 0:
            self.drag = Drag("stock", None, pos, pos, (STOCK_POS[0] - pos[0], STOCK_POS[1] - pos[1]))
        elif pile_rect(DISCARD_POS).inflate(16, 16).collidepoint(pos) and hand.discard_pile:
            top = hand.discard_pile[-1]
            top_sprite = self.scene.sprites.get(top)
            grab = (top_sprite.x - pos[0], top_sprite.y - pos[1]) if top_sprite else (0.0, 0.0)
            self.drag = Drag("discard", top, pos, pos, grab)

    def _drag_motion(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        if drag is None:
            return
        drag.pos = pos
        if not drag.active:
            dx, dy = pos[0] - drag.start[0], pos[1] - drag.start[1]
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            drag.active = True
        if drag.card is not None and drag.card in self.scene.sprites and drag.source != "stock":
            sprite = self.scene.sprites[drag.card]
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
        hand = self.scene.hand
        assert hand is not None
        if drag.source == "stock":
            self.scene.draw_stock()
        elif drag.source == "discard":
            if self.scene.selected is not None and hand.phase is Phase.DISCARD and self.scene.human_turn():
                self.scene.discard(self.scene.selected)
            else:
                self.scene.take_discard()
        elif drag.card is not None:
            self._click_hand_card(drag.card)

    def _click_hand_card(self, card: Card) -> None:
        hand = self.scene.hand
        assert hand is not None
        if self.scene.human_turn() and hand.phase is Phase.LAYOFF:
            self.scene.lay_off(card)
        elif (
            self.scene.human_turn()
            and hand.phase is Phase.DISCARD
            and (card == self.scene.selected or self.scene.knock_mode)
        ):
            self.scene.discard(card)
        else:
            self.scene.selected = None if card == self.scene.selected else card
            self.scene.update_lifts()

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        hand = self.scene.hand
        assert hand is not None
        on_hand = HAND_AREA.collidepoint(pos)
        on_discard = pile_rect(DISCARD_POS).inflate(60, 60).collidepoint(pos)
        if drag.source in ("stock", "discard"):
            if on_hand:
                index = insertion_index(self._hand_xs(), pos[0])
                (self.scene.draw_stock if drag.source == "stock" else self.scene.take_discard)(index)
            self.scene.relayout()
            return
        card = drag.card
        assert card is not None
        if on_discard and hand.phase is Phase.DISCARD:
            self.scene.discard(card)
        elif hand.phase is Phase.LAYOFF and MELD_AREA.inflate(0, 40).collidepoint(pos):
            self.scene.lay_off(card, self._meld_at(pos))
        elif on_hand:
            others = [c for c in self.scene.order.cards if c != card and c in self.scene.sprites]
            self.scene.order.move(card, insertion_index([self.scene.sprites[c].x for c in others], pos[0]))
        self.scene.relayout()

    def _hand_xs(self) -> list[float]:
        return [self.scene.sprites[c].x for c in self.scene.order.cards if c in self.scene.sprites]

    def _hand_card_at(self, pos: tuple[int, int], lifted: bool = True) -> Card | None:
        hand = self.scene.hand
        if hand is None:
            return None
        for card in reversed(self.scene.row_cards(HUMAN)):
            sprite = self.scene.sprites.get(card)
            if sprite is not None and sprite.rect(lifted).collidepoint(pos):
                return card if card in hand.hands[HUMAN] else None
        return None

    def _meld_at(self, pos: tuple[int, int]) -> int | None:
        hand = self.scene.hand
        assert hand is not None
        best, best_distance = None, 1e9
        for index, meld in enumerate(hand.knocker_melds):
            xs = [self.scene.sprites[c].x for c in meld if c in self.scene.sprites]
            if not xs:
                continue
            left, right = min(xs) - CARD_W / 2, max(xs) + CARD_W / 2
            distance = 0 if left <= pos[0] <= right else min(abs(pos[0] - left), abs(pos[0] - right))
            if distance < best_distance:
                best, best_distance = index, distance
        return best

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        skipped = self._skip_animation()
        if skipped and key not in (pygame.K_ESCAPE,):
            return
        self.scene.update_buttons()
        hand = self.scene.hand
        if hand is None:
            return
        cards = self.scene.row_cards(HUMAN)
        arranging = hand.phase is Phase.ARRANGE and self.scene.human_turn()
        laying_off = hand.phase is Phase.LAYOFF and self.scene.human_turn()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if arranging:
                self.scene.cycle_arrangement(step)
            elif event.mod & pygame.KMOD_SHIFT and self.scene.selected in self.scene.order.cards:
                index = self.scene.order.cards.index(self.scene.selected)
                self.scene.order.move(self.scene.selected, max(0, index + step))
                self.scene.relayout()
            elif cards:
                if self.scene.selected in cards:
                    index = (cards.index(self.scene.selected) + step) % len(cards)
                else:
                    index = 0 if step > 0 else len(cards) - 1
                self.scene.selected = cards[index]
                self.scene.update_lifts()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if arranging:
                self.scene.lay_down()
            elif laying_off:
                if key == pygame.K_SPACE and self.scene.selected is not None:
                    self.scene.lay_off(self.scene.selected)
                else:
                    self.scene.finish_layoffs()
            elif self.scene.selected is not None and hand.phase is Phase.DISCARD:
                self.scene.discard(self.scene.selected)
        elif key == pygame.K_s:
            self.scene.draw_stock()
        elif key in (pygame.K_d, pygame.K_t):
            self.scene.take_discard()
        elif key == pygame.K_p:
            self.scene.pass_turn()
        elif key == pygame.K_k:
            self.scene.start_knock()
        elif key == pygame.K_g:
            self.scene.go_gin()
        elif key == pygame.K_l and laying_off:
            self.scene.lay_off_suggested()
        elif key == pygame.K_r:
            self.scene.sort("rank")
        elif key == pygame.K_u:
            self.scene.sort("suit")
        elif key == pygame.K_m:
            self.scene.sort("melds")
        elif key == pygame.K_h:
            self.scene.show_hint()
        elif key in (pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH):
            self.scene.open_help()
        elif key == pygame.K_ESCAPE:
            if self.scene.knock_mode:
                self.scene.cancel_knock()
            else:
                self.scene.open_menu()
