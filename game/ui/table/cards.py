"""Where every card on the table goes, and how it gets there: dealing, flying, flipping, lifting.

:class:`TableCards` is the table's part that turns the hand on the table into card sprites at
the places the layout gives (`game.ui.table.layout`): the shuffle and the deal, one card
after another; every later move as a flight (and a flip when a card turns over); the
selected card raised clear of the fan. It reads the table through the
:class:`~game.ui.table.protocols.Table` protocol and changes only the sprites and the
table's dealing state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules import Card, Meld, Phase
from game.ui.core.anim import Tween
from game.ui.core.sprites import CardSprite
from game.ui.core.text import font
from game.ui.table.animated import shuffle_ghosts
from game.ui.table.flow import AI_PAUSE, meld_breaks, meld_ordered
from game.ui.table.layout import (
    RAISED,
    discard_slot,
    hand_slots,
    knock_card_slot,
    meld_slots,
    opponent_slots,
    stock_slot,
)
from game.ui.table.panel import level_label

if TYPE_CHECKING:
    from game.ui.table.protocols import Table

Target = tuple[float, float, bool, int, tuple[int, int]]
"""Where a card should be: centre x, centre y, face up, z order, size."""


def opponent_label(table: Table) -> tuple[str, int]:
    """The opponent's name as shown beside its row (with the computer's level when there is
    room), and its text size in pixels."""
    layout = table.layout
    # A phone's narrow margin has room for the name alone.
    plain = layout.portrait or table.opp_is_person
    text = table.opp_name if plain else f"{table.opp_name} ({level_label(table)})"
    return text, layout.font(20 if not layout.portrait else 18)


def opponent_span(table: Table) -> tuple[int, int]:
    """The opponent row's left and right edges, leaving room for its name on the left."""
    layout = table.layout
    left, right = layout.opp_span
    if layout.portrait or table.flow is None:
        return left, right
    text, size = opponent_label(table)
    room = layout.name_anchor[0] + font(size).size(text)[0] + layout.px(14)
    return max(left, room), right


def opponent_name_anchor(table: Table) -> tuple[int, int]:
    """Where the opponent's name goes (midleft): just left of its row as wide as it gets
    (eleven cards), so the name stays put while the row grows and shrinks in its turn."""
    layout = table.layout
    if layout.portrait:
        return layout.name_anchor
    text, size = opponent_label(table)
    face = table.hand is not None and table.hand.is_over
    widest = opponent_row(table, 11, face)
    left = round(widest[0][0] - widest[0][2] / 2)
    label_w = font(size).size(text)[0]
    return (max(layout.name_anchor[0], left - layout.px(14) - label_w), layout.opp_y)


def opponent_row(table: Table, count: int, face: bool) -> list[tuple[float, float, int, int]]:
    """Where the opponent's `count` cards go: the layout's row, narrowed when it would run
    into the opponent's name."""
    slots = opponent_slots(table.layout, count, face)
    span = opponent_span(table)
    if slots and slots[0][0] - slots[0][2] / 2 < span[0]:
        slots = opponent_slots(table.layout, count, face, span)  # leave the name its room
    return slots


class TableCards:
    """The cards of the table as sprites: dealt, moved and lifted where the layout wants them."""

    def __init__(self, table: Table) -> None:
        self.table = table

    # --- dealing ------------------------------------------------------------------------------

    def gather(self, then: Callable[[], None]) -> None:
        """Send every card back to the stock, then `then` (or `then` at once when none is out)."""
        table = self.table
        if not table.sprites:
            then()
            return
        sx, sy, *_ = stock_slot(table.layout)
        for sprite in table.sprites.values():
            self.move(sprite, sx, sy, False, table.layout.pile_card, duration=0.3)
        table.animator.then(then)

    def shuffle_and_deal(self) -> None:
        """Shuffle (two half-decks riffling), then deal."""
        table = self.table
        table.stock_shown = 52
        table.dealing = True
        table.ghosts = shuffle_ghosts(table.animator, table.layout)
        table.animator.then(self.deal_cards)

    def deal_cards(self) -> None:
        """Deal the hand on the table one card at a time, alternately, then turn the upcard."""
        table = self.table
        hand = table.hand
        assert hand is not None
        table.ghosts = []
        arrival = table.arriving_order()
        if arrival is not None:
            table.order.mode = arrival
        table.order.sync(hand.hands[table.me])
        table.opp_order = list(hand.hands[table.opp])
        first, second = hand.hands[hand.non_dealer], hand.hands[hand.dealer]
        dealt: list[Card] = []
        for index in range(max(len(first), len(second))):
            dealt += first[index : index + 1] + second[index : index + 1]
        dealt += list(hand.discard_pile)
        sx, sy, sw, sh = stock_slot(table.layout)
        for card in dealt:
            table.sprites[card] = CardSprite(card, sx, sy, face_up=False, w=sw, h=sh, size=(sw, sh))
        targets = self.targets()
        for index, card in enumerate(dealt):
            x, y, face, z, size = targets[card]
            sprite = table.sprites[card]
            sprite.z = z
            self.move(sprite, x, y, face, size, delay=index * 0.075, duration=0.34, on_start=self._dealt_one)
        table.animator.then(self._deal_done)

    def _dealt_one(self) -> None:
        self.table.stock_shown -= 1
        self.table.app.play("deal")

    def _deal_done(self) -> None:
        table = self.table
        assert table.flow is not None
        table.dealing = False
        table.flow.ai_wait = AI_PAUSE
        self.relayout()
        table.pending_shot = "deal"

    def place_instantly(self) -> None:
        """Show a resumed hand without dealing animation."""
        table = self.table
        hand = table.hand
        assert hand is not None
        table.order.sync(hand.hands[table.me])
        table.opp_order = list(hand.hands[table.opp])

    # --- where every card should be -------------------------------------------------------------

    @property
    def laid_out(self) -> bool:
        """True once the knocker's melds are on the table."""
        hand = self.table.hand
        return hand is not None and hand.phase in (Phase.LAYOFF, Phase.FINISHED) and hand.knocker is not None

    def row_cards(self, seat: int) -> list[Card]:
        """The cards shown in a seat's row, in screen order."""
        table = self.table
        hand = table.hand
        assert hand is not None
        if self.laid_out and hand.knocker == seat:
            return list(hand.knocker_deadwood)
        held = set(hand.hands[seat])
        if seat == table.me:
            return [c for c in table.order.cards if c in held]
        cards = [c for c in table.opp_order if c in held]
        if hand.is_over:
            cards = meld_ordered(cards, self.opp_melds())
        return cards

    def opp_melds(self) -> tuple[Meld, ...]:
        """The melds the opponent's revealed row is grouped by at the end of the hand."""
        table = self.table
        hand = table.hand
        assert hand is not None
        if not hand.is_over or hand.knocker is None:
            return ()
        if hand.knocker == table.me:
            return hand.defender_melds
        return ()  # the opponent knocked: its melds are on the table, its row is deadwood

    def revealed(self, seat: int) -> bool:
        """Whether a seat's row is face up."""
        table = self.table
        hand = table.hand
        assert hand is not None
        if seat == table.me:
            return True
        return hand.is_over or (self.laid_out and hand.knocker == table.opp)

    def _row_breaks(self, seat: int, cards: list[Card]) -> list[int]:
        """Where the gaps between melds go in a seat's row (none while hidden or unsorted)."""
        table = self.table
        hand = table.hand
        assert hand is not None
        if self.laid_out and hand.knocker == seat:
            return []  # only deadwood is left in the knocker's row
        if seat == table.me:
            return table.order.groups()
        if hand.is_over:
            return meld_breaks(cards, self.opp_melds())
        return []

    def targets(self) -> dict[Card, Target]:
        """Where every card in play should be now: (x, y, face up, z, size)."""
        table = self.table
        hand = table.hand
        assert hand is not None
        layout = table.layout
        result: dict[Card, Target] = {}
        for index, card in enumerate(hand.discard_pile):
            x, y, w, h = discard_slot(layout, index, card.index)
            result[card] = (x, y, True, 100 + index, (w, h))
        if hand.knock_card is not None and hand.phase is not Phase.DISCARD:
            x, y, w, h = knock_card_slot(layout)
            result[hand.knock_card] = (x, y, False, 190, (w, h))
        if self.laid_out:
            melds = hand.knocker_melds
            for m_index, (meld, slots) in enumerate(
                zip(melds, meld_slots(layout, [len(m) for m in melds]), strict=True)
            ):
                for c_index, (card, (x, y, w, h)) in enumerate(zip(meld, slots, strict=True)):
                    result[card] = (x, y, True, 200 + m_index * 20 + c_index, (w, h))
        cards = self.row_cards(table.me)
        for index, (card, (x, y, w, h)) in enumerate(
            zip(cards, hand_slots(layout, len(cards), self._row_breaks(table.me, cards)), strict=True)
        ):
            result[card] = (x, y, True, 300 + index, (w, h))
        cards = self.row_cards(table.opp)
        face = self.revealed(table.opp)
        # Cards the AI took from the discard pile are public: they stay face up.
        known = set(hand.known[table.opp])
        slots = opponent_row(table, len(cards), face)
        for index, (card, (x, y, w, h)) in enumerate(zip(cards, slots, strict=True)):
            result[card] = (x, y, face or card in known, 300 + index, (w, h))
        return result

    def relayout(self, animate: bool = True) -> None:
        """Send every card towards where it belongs now (flying and flipping as needed)."""
        table = self.table
        if table.hand is None:
            return
        table.refresh_layout()
        targets = self.targets()
        for card in list(table.sprites):
            if card not in targets:
                del table.sprites[card]
        sx, sy, sw, sh = stock_slot(table.layout)
        for card, (x, y, face, z, size) in targets.items():
            sprite = table.sprites.get(card)
            if sprite is None:
                sprite = table.sprites[card] = CardSprite(card, sx, sy, False, w=sw, h=sh, size=(sw, sh))
            sprite.z = z
            if not animate:
                sprite.x, sprite.y, sprite.face_up, sprite.flip = x, y, face, 0.0
                sprite.w, sprite.h = size
                sprite.size = size
                sprite.target = (x, y, face)
            elif (
                abs(sprite.x - x) > 0.5
                or abs(sprite.y - y) > 0.5
                or sprite.face_up != face
                or sprite.size != size
            ):
                self.move(sprite, x, y, face, size)
        table.stock_shown = len(table.hand.stock)
        self.update_lifts()

    def move(
        self,
        sprite: CardSprite,
        x: float,
        y: float,
        face: bool,
        size: tuple[int, int],
        delay: float = 0.0,
        duration: float | None = None,
        on_start: Callable[[], None] | None = None,
    ) -> None:
        """Fly `sprite` to (x, y) at `size`, turning it face up or down on the way."""
        animator = self.table.animator
        distance = ((sprite.x - x) ** 2 + (sprite.y - y) ** 2) ** 0.5
        if duration is None:
            duration = 0.16 + min(0.34, distance / (2200.0 * self.table.app.viewport.scale))
        sprite.target = (x, y, face)
        sprite.size = size

        def started() -> None:
            sprite.moving = True
            if on_start is not None:
                on_start()

        def landed() -> None:
            sprite.moving = False

        animator.add(
            Tween(
                sprite,
                {"x": x, "y": y, "w": float(size[0]), "h": float(size[1])},
                duration=duration,
                delay=delay,
                easing="ease_out_cubic",
                on_start=started,
                on_done=landed,
            )
        )
        if sprite.face_up != face:
            sprite.face_up = face
            sprite.flip = 0.001

            def flipped() -> None:
                sprite.flip = 0.0

            animator.add(
                Tween(
                    sprite,
                    {"flip": 1.0},
                    duration=max(0.18, duration * 0.8),
                    delay=delay,
                    easing="ease_in_out_sine",
                    on_done=flipped,
                )
            )

    def update_lifts(self) -> None:
        """Raise the card chosen to discard well clear of the fan, and the one under the pointer
        a little (a card only selected, by a draw, a hint or the keys' focus, is ringed)."""
        table = self.table
        layout = table.layout
        raised = layout.px(RAISED if layout.portrait or layout.compact else 22)
        hover = layout.px(8)
        for card, sprite in table.sprites.items():
            lift = 0.0
            if card in table.order.cards:
                if card == table.armed:
                    lift = raised
                elif card == table.hovered:
                    lift = hover
            sprite.lift = lift
