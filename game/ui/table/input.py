"""Input at the table: pointer (mouse or finger) and keyboard turned into controller calls.

Everything here ends in one of the table's controller methods (`draw_stock`, `discard`,
`knock`, `lay_off`, ...), the same ones self-play uses, so a click, a tap and a key press go
through exactly the same checks. Keys are read through the key bindings
(`game.ui.core.keys`): a key press becomes a command ("knock", "select"), and the command
what it means in this phase of the hand. Fingers arrive as pointer events from the app (see
`game.ui.core.pointer`), marked `touch=True`: nothing here depends on hovering, and a long press
(or a right click) explains the card or pile under the pointer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.rules import Card, Phase, can_lay_off, card_symbol
from game.ui.core.keys import command_for
from game.ui.core.layout import insertion_index

if TYPE_CHECKING:
    from game.ui.table.protocols import Table

DRAG_THRESHOLD = 8
"""Logical pixels a press must travel before it counts as a drag rather than a click."""
LONG_PRESS_S = 0.5
"""Seconds a finger must rest on something for a long press."""


@dataclass
class Drag:
    """A press that may become a drag: what was grabbed and where."""

    source: str  # "hand", "stock" or "discard"
    card: Card | None
    start: tuple[int, int]
    pos: tuple[int, int]
    grab: tuple[float, float] = (0.0, 0.0)
    active: bool = False
    held: float = 0.0
    """Seconds the press has lasted without moving (for a long press)."""
    touch: bool = False


class TableInput:
    """Turns the table's raw input events into controller calls on the scene."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.drag: Drag | None = None

    def handle(self, event: pygame.event.Event) -> None:
        """Pointer and keyboard events (positions in window pixels)."""
        scene = self.scene
        if event.type == pygame.MOUSEMOTION:
            if not getattr(event, "touch", False):
                scene.panel_buttons.hover(event.pos)
                scene.context_buttons.hover(event.pos)
            self._drag_motion(event.pos)
            touch = getattr(event, "touch", False)
            hovered = None if self.drag is not None or touch else self._hand_card_at(event.pos, lifted=False)
            if hovered != scene.hovered:
                scene.hovered = hovered
                scene.update_lifts()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos, getattr(event, "touch", False))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.explain(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def update(self, dt: float) -> None:
        """Count a resting press towards a long press."""
        drag = self.drag
        if drag is None or drag.active:
            return
        drag.held += dt
        if drag.held >= LONG_PRESS_S:
            self.drag = None
            self.explain(drag.pos)

    @property
    def pressing(self) -> bool:
        """True while a press is held (a long press may come)."""
        return self.drag is not None and not self.drag.active

    def _skip_animation(self) -> bool:
        """A click or key while things move finishes the movement first."""
        scene = self.scene
        if scene.animator.busy or scene.dealing:
            scene.animator.finish_all()
            scene.dealing = False
            return True
        return False

    def _press(self, pos: tuple[int, int], touch: bool = False) -> None:
        scene = self.scene
        if self._skip_animation():
            return
        scene.update_buttons()
        if scene.context_buttons.click(pos) or scene.panel_buttons.click(pos):
            return
        layout = scene.layout
        card = self._hand_card_at(pos)
        if card is not None:
            sprite = scene.sprites[card]
            self.drag = Drag("hand", card, pos, pos, (sprite.x - pos[0], sprite.y - pos[1]), touch=touch)
            return
        hand = scene.hand
        if hand is None:
            return
        reach = layout.px(8)
        if layout.stock.inflate(reach * 2, reach * 2).collidepoint(pos) and scene.stock_shown > 0:
            grab: tuple[float, float] = (layout.stock.centerx - pos[0], layout.stock.centery - pos[1])
            self.drag = Drag("stock", None, pos, pos, grab, touch=touch)
        elif layout.discard.inflate(reach * 2, reach * 2).collidepoint(pos) and hand.discard_pile:
            top = hand.discard_pile[-1]
            top_sprite = scene.sprites.get(top)
            grab = (top_sprite.x - pos[0], top_sprite.y - pos[1]) if top_sprite else (0.0, 0.0)
            self.drag = Drag("discard", top, pos, pos, grab, touch=touch)

    def _drag_motion(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        drag = self.drag
        if drag is None:
            return
        drag.pos = pos
        if not drag.active:
            dx, dy = pos[0] - drag.start[0], pos[1] - drag.start[1]
            threshold = DRAG_THRESHOLD * scene.app.viewport.density * (1.5 if drag.touch else 1.0)
            if dx * dx + dy * dy < threshold * threshold:
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

    def cancel(self) -> None:
        """Forget a press in progress (the window changed under it)."""
        self.drag = None

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
        """The one rule of "tap a card twice": the first tap raises a card, a tap on the
        raised card discards it. A card raised by anything else (drawn, hinted, explained by
        a long press) is only ringed, never raised, so it too takes two taps."""
        scene = self.scene
        hand = scene.hand
        assert hand is not None
        discarding = scene.human_turn() and hand.phase is Phase.DISCARD
        if scene.human_turn() and hand.phase is Phase.LAYOFF:
            scene.lay_off(card)
        elif discarding and (card == scene.armed or scene.knock_mode):
            scene.discard(card)
        elif card == scene.armed:
            scene.selected = scene.armed = None  # a second tap out of turn puts it back
            scene.update_lifts()
        else:
            scene.selected = scene.armed = card
            scene.update_lifts()

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        scene = self.scene
        hand = scene.hand
        assert hand is not None
        layout = scene.layout
        on_hand = layout.hand_area.collidepoint(pos)
        reach = max(layout.discard.width, layout.px(60)) // 2
        on_discard = layout.discard.inflate(reach * 2, reach * 2).collidepoint(pos)
        if drag.source in ("stock", "discard"):
            if on_hand:
                index = self.insertion_at(pos)
                (scene.draw_stock if drag.source == "stock" else scene.take_discard)(index)
            scene.relayout()
            return
        card = drag.card
        assert card is not None
        if on_discard and hand.phase is Phase.DISCARD and not layout.hand_area.collidepoint(pos):
            scene.discard(card)
        elif hand.phase is Phase.LAYOFF and layout.meld_area.inflate(0, layout.px(40)).collidepoint(pos):
            scene.lay_off(card, self._meld_at(pos, card))
        elif on_hand:
            scene.order.move(card, self.insertion_at(pos, without=card))
        scene.relayout()

    def insertion_at(self, pos: tuple[int, int], without: Card | None = None) -> int:
        """Where a card dropped at `pos` goes in the hand (rows read left to right, top first)."""
        scene = self.scene
        cards = [c for c in scene.order.cards if c != without and c in scene.sprites]
        if not cards:
            return 0
        row_ys = scene.layout.hand_rows
        rows: dict[int, list[tuple[float, int]]] = {}
        for index, card in enumerate(cards):
            sprite = scene.sprites[card]
            x, y = (sprite.target[0], sprite.target[1]) if sprite.target is not None else (sprite.x, sprite.y)
            row = min(range(len(row_ys)), key=lambda r: abs(row_ys[r] - y))
            rows.setdefault(row, []).append((x, index))
        nearest = min(rows, key=lambda r: abs(row_ys[r] - pos[1]))
        members = sorted(rows[nearest])
        local = insertion_index([x for x, _ in members], pos[0])
        if local < len(members):
            return members[local][1]
        return members[-1][1] + 1

    def _hand_card_at(self, pos: tuple[int, int], lifted: bool = True) -> Card | None:
        scene = self.scene
        hand = scene.hand
        if hand is None:
            return None
        for card in sorted(
            scene.row_cards(scene.me), key=lambda c: -scene.sprites[c].z if c in scene.sprites else 0
        ):
            sprite = scene.sprites.get(card)
            if sprite is not None and sprite.rect(lifted).collidepoint(pos):
                return card if card in hand.hands[scene.me] else None
        return None

    def _meld_at(self, pos: tuple[int, int], card: Card) -> int | None:
        """The knocker's meld nearest `pos` that takes `card` (or nearest at all)."""
        scene = self.scene
        hand = scene.hand
        assert hand is not None
        best, best_distance = None, 1e12
        for index, meld in enumerate(hand.knocker_melds):
            rects = [scene.sprites[c].rect() for c in meld if c in scene.sprites]
            if not rects:
                continue
            box = rects[0].unionall(rects[1:])
            dx = (
                0 if box.left <= pos[0] <= box.right else min(abs(pos[0] - box.left), abs(pos[0] - box.right))
            )
            dy = (
                0 if box.top <= pos[1] <= box.bottom else min(abs(pos[1] - box.top), abs(pos[1] - box.bottom))
            )
            distance = dx * dx + dy * dy - (1 if can_lay_off(card, meld) else 0)
            if distance < best_distance:
                best, best_distance = index, distance
        return best

    def explain(self, pos: tuple[int, int]) -> None:
        """A long press or right click: say what the card or pile under the pointer is."""
        scene = self.scene
        hand = scene.hand
        if hand is None:
            return

        card = self._hand_card_at(pos)
        layout = scene.layout
        if card is not None:
            meld_of = scene.order.meld_of()
            if card in meld_of:
                meld = scene.order.melds().melds[meld_of[card]]
                text = f"{card_symbol(card)} is in your meld {' '.join(card_symbol(c) for c in meld)}."
            else:
                text = f"{card_symbol(card)} is deadwood: {card.value} point{'s' if card.value != 1 else ''}."
            scene.selected = card  # ringed to show which card is meant, never raised to discard
            if scene.armed != card:
                scene.armed = None
            scene.update_lifts()
        elif layout.stock.collidepoint(pos):
            text = f"The stock: {len(hand.stock)} cards. The hand is void when 2 are left."
        elif layout.discard.collidepoint(pos) and hand.discard_pile:
            top = hand.discard_pile[-1]
            text = f"The discard pile: {len(hand.discard_pile)} cards, {card_symbol(top)} on top."
        else:
            return
        scene.toast.show(text, seconds=4.0)

    def _key(self, event: pygame.event.Event) -> None:
        scene = self.scene
        command = command_for(event.key, shift=bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT))
        skipped = self._skip_animation()
        if skipped and command != "menu":
            return
        scene.update_buttons()
        hand = scene.hand
        if command == "help":
            scene.open_help()
            return
        if command == "menu":
            if scene.knock_mode:
                scene.cancel_knock()
            else:
                scene.open_menu()
            return
        if command == "sheet":
            scene.open_sheet()
            return
        if command == "read_hand":
            scene.read_hand()
            return
        if hand is None or command is None:
            return
        cards = scene.row_cards(scene.me)
        arranging = hand.phase is Phase.ARRANGE and scene.human_turn()
        laying_off = hand.phase is Phase.LAYOFF and scene.human_turn()
        if command in ("select", "move_card"):
            step = -1 if event.key == pygame.K_LEFT else 1
            if arranging:
                scene.cycle_arrangement(step)
            elif command == "move_card" and scene.selected in scene.order.cards:
                index = scene.order.cards.index(scene.selected)
                scene.order.move(scene.selected, max(0, index + step))
                scene.relayout()
            elif cards:
                if scene.selected in cards:
                    index = (cards.index(scene.selected) + step) % len(cards)
                else:
                    index = 0 if step > 0 else len(cards) - 1
                scene.selected = scene.armed = cards[index]
                scene.update_lifts()
        elif command == "confirm":
            if arranging:
                scene.lay_down()
            elif laying_off:
                if event.key == pygame.K_SPACE and scene.selected is not None:
                    scene.lay_off(scene.selected)
                else:
                    scene.finish_layoffs()
            elif scene.selected is not None and hand.phase is Phase.DISCARD:
                scene.discard(scene.selected)
        elif command == "draw_stock":
            scene.draw_stock()
        elif command in ("take_discard", "take"):
            scene.take_discard()
        elif command == "pass":
            scene.pass_turn()
        elif command == "knock":
            scene.start_knock()
        elif command == "gin":
            scene.go_gin()
        elif command == "lay_off_best" and laying_off:
            scene.lay_off_suggested()
        elif command in ("rank", "suit", "melds"):
            scene.sort(command)
        elif command == "hint":
            scene.show_hint()
