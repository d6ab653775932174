"""The table scene: shows a match being played and turns the human's input into moves.

The parts, each in its own module:

- :mod:`game.ui.table_flow`: the match and hand flow (whose turn, the AI, pacing, results);
- :mod:`game.ui.table_layout`: where everything goes for the window's size and shape;
- :mod:`game.ui.table_draw`: painting; :mod:`game.ui.table_input`: mouse, touch, keys.

This module holds what ties them together: the cards as sprites flying to where the layout
puts them, the human's choices in progress (selection, knocking, arrangements) and the
controls. Input handlers and self-play call the same small controller methods
(`draw_stock`, `take_discard`, `discard`, `knock`, ...), which build engine actions and go
through the flow's `submit`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules import (
    Action,
    Arrange,
    Card,
    Defence,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    HandResult,
    Knock,
    LayOff,
    Match,
    MeldResult,
    Pass,
    Phase,
    PlayerView,
    ResultKind,
    best_melds,
    can_lay_off,
    card_symbol,
)
from game.ui import table_draw
from game.ui.anim import Animator, Tween
from game.ui.away_game import AwayGameScene
from game.ui.hand_order import HandOrder
from game.ui.players import Seating, verb
from game.ui.scene import Scene
from game.ui.seats import ThinkingSeat, explain_hint
from game.ui.settings import MatchSetup
from game.ui.sprites import CardSprite
from game.ui.table_flow import AI_PAUSE, TableFlow, meld_breaks, meld_ordered, new_match
from game.ui.table_input import TableInput
from game.ui.table_layout import (
    CONTEXT_BUTTONS,
    TableLayout,
    discard_slot,
    hand_slots,
    knock_card_slot,
    meld_slots,
    opponent_slots,
    stock_slot,
    table_layout,
)
from game.ui.widgets import Banner, Button, ButtonRow, Toast

SHEET_KEY_NAME = "C"
"""The score sheet's key (S is the stock), as shown on its button (table_input.SHEET_KEY)."""
SHEET_LABEL = "Score sheet"


@dataclass
class Tally:
    """The scores as shown on the panel (one per side): they count up after each hand."""

    s0: float = 0.0
    s1: float = 0.0
    s2: float = 0.0

    @property
    def you(self) -> float:
        """The human's side."""
        return self.s0

    @property
    def ai(self) -> float:
        """The second side (the AI in a two-player match)."""
        return self.s1

    def side(self, index: int) -> float:
        """The shown score of side `index`."""
        return float(getattr(self, f"s{index}"))

    def targets(self, scores: list[int]) -> dict[str, float]:
        """Tween targets for the match's scores."""
        return {f"s{i}": float(v) for i, v in enumerate(scores[:3])}


Target = tuple[float, float, bool, int, tuple[int, int]]
"""Where a card should be: centre x, centre y, face up, z order, size."""


class TableScene(Scene):
    """Plays hands of a match with animation, mouse, touch and keyboard."""

    name = "table"

    def __init__(self, app: Any, match: Match | None = None, setup: MatchSetup | None = None) -> None:
        super().__init__(app)
        self._initial_match = match
        self._initial_setup = setup
        self.flow: TableFlow | None = None
        self.animator = Animator(app.speed)
        self.toast = Toast()
        self.banner = Banner()
        self.tally = Tally()
        self.flash: Card | None = None
        """The AI's latest discard, ringed for a moment so it is not missed."""
        self.flash_time = 0.0
        self.clock = 0.0
        """Seconds this table has been on screen (drives the "thinking" dots)."""
        self.sprites: dict[Card, CardSprite] = {}
        self.order = HandOrder()
        self._orders: dict[int, HandOrder] = {}
        """Pass and play: the hand order of each person not holding the device now."""
        self._after_handover: Callable[[], None] | None = None
        self.opp_order: list[Card] = []
        self.selected: Card | None = None
        self.hinted: Card | None = None
        self.hovered: Card | None = None
        self.knock_mode = False
        self.arrangements: list[MeldResult] = []
        self.arrangement_index = 0
        self.input = TableInput(self)
        self.stock_shown = 0
        self.dealing = False
        self.pending_shot: str | None = None
        self.drew_once = False
        self.draw_list: list[tuple[str, str, pygame.Rect, Any]] = []
        self.ghosts: list[table_draw.PileGhost] = []
        self.layout: TableLayout = table_layout(app.viewport)
        self.buttons: dict[str, Button] = {}
        self.panel_buttons = ButtonRow()
        self.context_buttons = ButtonRow()
        self._build_buttons()
        self._drawn_key: tuple[object, ...] = ()

    # --- the flow's state, as the view and the tests read it ---------------------------------

    @property
    def match(self) -> Match | None:
        """The match being played."""
        return self.flow.match if self.flow is not None else self._initial_match

    @property
    def hand(self) -> Hand | None:
        """The hand on the table (None while the AIs play one without a person)."""
        return self.flow.hand if self.flow is not None else None

    @property
    def setup_of_match(self) -> MatchSetup | None:
        """Who plays each player of the match (a person here or the computer)."""
        return self.flow.setup if self.flow is not None else self._initial_setup

    @property
    def seating(self) -> Seating:
        """The players' names and kinds."""
        if self.flow is not None:
            return self.flow.seating
        assert self.match is not None
        return Seating.of(self.match, self._initial_setup)

    @property
    def me(self) -> int:
        """The seat shown at the bottom: the person holding the device."""
        return self.flow.me if self.flow is not None else 0

    @property
    def opp(self) -> int:
        """The opponent's seat."""
        return self.flow.opp if self.flow is not None else 1

    @property
    def pairing(self) -> tuple[int, int]:
        """The players in seats 0 and 1 of the hand on the table."""
        return self.flow.pairing if self.flow is not None else (0, 1)

    @property
    def seats(self) -> dict[int, ThinkingSeat]:
        """The thinking seats of the hand on the table."""
        assert self.flow is not None
        return self.flow.seats

    @property
    def human_ai(self) -> ThinkingSeat | None:
        """Self-play: the AI in the human's seat."""
        return self.flow.human_ai if self.flow is not None else None

    @human_ai.setter
    def human_ai(self, seat: ThinkingSeat | None) -> None:
        assert self.flow is not None
        self.flow.human_ai = seat

    @property
    def background(self) -> Any:
        """An AI-only hand being played away from the table."""
        return self.flow.background if self.flow is not None else None

    @background.setter
    def background(self, game: Any) -> None:
        assert self.flow is not None
        self.flow.background = game

    @property
    def hint_seat(self) -> ThinkingSeat | None:
        """The hint being thought out, if any."""
        return self.flow.hint_seat if self.flow is not None else None

    @property
    def hand_number(self) -> int:
        """The number of the hand on the table in the match."""
        return self.flow.hand_number if self.flow is not None else 1

    @property
    def multi(self) -> bool:
        """True for three or four players."""
        return self.flow is not None and self.flow.multi

    @property
    def opp_name(self) -> str:
        """The opponent at the table ("AI" with two players)."""
        return self.flow.opp_name if self.flow is not None else "AI"

    @property
    def opp_the(self) -> str:
        """The opponent as the subject of a sentence."""
        return self.flow.opp_the if self.flow is not None else "The AI"

    @property
    def opp_is_person(self) -> bool:
        """Whether a person plays the opponent (pass and play)."""
        return self.flow is not None and self.flow.opp_is_person

    def player_name(self, player: int) -> str:
        """A player's name at this match."""
        assert self.flow is not None
        return self.flow.player_name(player)

    # --- setting up -------------------------------------------------------------------------

    def setup(self) -> None:
        """Start (or resume) the match and deal."""
        self.flow = TableFlow(self.app, self._initial_match, self, self._initial_setup)
        self.tally = Tally(*self.flow.match.scores[:3])
        if self.flow.resume():
            if self.flow.hand is not None:
                self._place_instantly()
                if self.flow.handover is not None:
                    self._push_privacy()
        else:
            self.start_hand()

    def _build_buttons(self) -> None:
        gold, green = (250, 200, 90), (130, 220, 130)
        specs: list[tuple[str, str, Callable[[], object], str, Any]] = [
            ("knock", "Knock", self.start_knock, "K", gold),
            ("gin", "Gin", self.go_gin, "G", green),
            ("rank", "Rank", lambda: self.sort("rank"), "R", None),
            ("suit", "Suit", lambda: self.sort("suit"), "U", None),
            ("melds", "Melds", lambda: self.sort("melds"), "M", None),
            ("hint", "Hint", self.show_hint, "H", None),
            ("sheet", SHEET_LABEL, self.open_sheet, SHEET_KEY_NAME, None),
            ("help", "Help", self.open_help, "F1", None),
            ("menu", "Menu", self.open_menu, "Esc", None),
            ("take", "Take", self.take_discard, "T", green),
            ("pass", "Pass", self.pass_turn, "P", None),
            ("prev", "<", lambda: self.cycle_arrangement(-1), "Left", None),
            ("lay", "Lay down", self.lay_down, "Enter", gold),
            ("next", ">", lambda: self.cycle_arrangement(1), "Right", None),
            ("suggest", "Lay off best", self.lay_off_suggested, "L", green),
            ("done", "Done", self.finish_layoffs, "Enter", None),
            ("cancel", "Cancel knock", self.cancel_knock, "Esc", None),
        ]
        self.buttons = {}
        self.panel_buttons = ButtonRow()
        self.context_buttons = ButtonRow()
        for name, text, action, key, accent in specs:
            button = Button(text, pygame.Rect(0, 0, 1, 1), action, key=key, accent=accent)
            self.buttons[name] = button
            context = name in CONTEXT_BUTTONS
            (self.context_buttons if context else self.panel_buttons).add(button)
        self._place_buttons()

    def _place_buttons(self) -> None:
        """Put every button where the layout says, at a text size that fits it."""
        layout = self.layout
        for name, button in self.buttons.items():
            rect = layout.buttons.get(name)
            button.rect = rect.copy() if rect is not None else pygame.Rect(-100, -100, 1, 1)
            button.size = layout.font(22 if layout.portrait else (26 if name in ("knock", "gin") else 22))
            button.show_key = not layout.portrait
        self.buttons["menu"].size = layout.font(17 if layout.portrait else 22)
        self.buttons["sheet"].text = "Scores" if layout.portrait or layout.compact else SHEET_LABEL

    # --- the window ---------------------------------------------------------------------------

    def resized(self) -> None:
        """The window changed size or shape: lay everything out again, at once.

        Moves in flight are brought to their end first, so the hand, the selection and the
        cards stay consistent; then every card is placed where the new layout wants it.
        """
        self.animator.finish_all()
        self.input.cancel()
        self.dealing = False
        self.ghosts = []
        self._refresh_layout(force=True)
        if self.hand is not None:
            self.relayout(animate=False)

    def _refresh_layout(self, force: bool = False) -> bool:
        """Recompute the layout when the window or the table's state needs another one."""
        players = self.match.rules.players if self.match is not None else 2
        layout = table_layout(self.app.viewport, players, self.laid_out)
        if not force and layout == self.layout:
            return False
        self.layout = layout
        self._place_buttons()
        return True

    # --- dealing ------------------------------------------------------------------------------

    def start_hand(self) -> None:
        """Gather the cards, shuffle, deal the next hand of the match, all animated."""
        self.animator.speed = self.app.speed
        if self.flow is not None:
            self.flow.cancel()
        if self.sprites:
            sx, sy, *_ = stock_slot(self.layout)
            for sprite in self.sprites.values():
                self._move(sprite, sx, sy, False, self.layout.pile_card, duration=0.3)
            self.animator.then(self._begin_deal)
        else:
            self._begin_deal()

    def _begin_deal(self) -> None:
        assert self.flow is not None
        self.sprites.clear()
        self.order = HandOrder()
        self._orders = {}
        self.opp_order = []
        self.selected = self.hinted = None
        self.knock_mode = False
        self.arrangements = []
        self.drew_once = False
        hand = self.flow.deal()
        self._refresh_layout()
        if hand is None:
            return  # the AIs play a hand without a person first
        if self.flow.handover is not None:
            # Pass and play: the next person takes the device before their cards are dealt.
            self._after_handover = self._shuffle_and_deal
            self._push_privacy()
            return
        self._shuffle_and_deal()

    def _shuffle_and_deal(self) -> None:
        self.stock_shown = 52
        self.dealing = True
        self.ghosts = table_draw.shuffle_ghosts(self.animator, self.layout)
        self.animator.then(self._deal_cards)

    def _deal_cards(self) -> None:
        hand = self.hand
        assert hand is not None
        self.ghosts = []
        self.order.sync(hand.hands[self.me])
        self.opp_order = list(hand.hands[self.opp])
        first, second = hand.hands[hand.non_dealer], hand.hands[hand.dealer]
        dealt: list[Card] = []
        for index in range(max(len(first), len(second))):
            dealt += first[index : index + 1] + second[index : index + 1]
        dealt += list(hand.discard_pile)
        sx, sy, sw, sh = stock_slot(self.layout)
        for card in dealt:
            self.sprites[card] = CardSprite(card, sx, sy, face_up=False, w=sw, h=sh, size=(sw, sh))
        targets = self.targets()
        for index, card in enumerate(dealt):
            x, y, face, z, size = targets[card]
            sprite = self.sprites[card]
            sprite.z = z
            self._move(sprite, x, y, face, size, delay=index * 0.075, duration=0.34, on_start=self._dealt_one)
        self.animator.then(self._deal_done)

    def _dealt_one(self) -> None:
        self.stock_shown -= 1
        self.app.play("deal")

    def _deal_done(self) -> None:
        assert self.flow is not None
        self.dealing = False
        self.flow.ai_wait = AI_PAUSE
        self.relayout()
        self.pending_shot = "deal"

    def _place_instantly(self) -> None:
        """Show a resumed hand without dealing animation."""
        hand = self.hand
        assert hand is not None
        self.order.sync(hand.hands[self.me])
        self.opp_order = list(hand.hands[self.opp])
        self._prepare_arrangements()
        self._refresh_layout()
        self.relayout(animate=False)

    # --- where every card should be -------------------------------------------------------------

    @property
    def laid_out(self) -> bool:
        """True once the knocker's melds are on the table."""
        hand = self.hand
        return hand is not None and hand.phase in (Phase.LAYOFF, Phase.FINISHED) and hand.knocker is not None

    def row_cards(self, seat: int) -> list[Card]:
        """The cards shown in a seat's row, in screen order."""
        hand = self.hand
        assert hand is not None
        if self.laid_out and hand.knocker == seat:
            return list(hand.knocker_deadwood)
        held = set(hand.hands[seat])
        if seat == self.me:
            return [c for c in self.order.cards if c in held]
        cards = [c for c in self.opp_order if c in held]
        if hand.is_over:
            cards = meld_ordered(cards, self.opp_melds())
        return cards

    def opp_melds(self) -> Any:
        """The melds the opponent's revealed row is grouped by at the end of the hand."""
        hand = self.hand
        assert hand is not None
        if not hand.is_over or hand.knocker is None:
            return ()
        if hand.knocker == self.me:
            return hand.defender_melds
        return ()  # the opponent knocked: its melds are on the table, its row is deadwood

    def revealed(self, seat: int) -> bool:
        """Whether a seat's row is face up."""
        hand = self.hand
        assert hand is not None
        if seat == self.me:
            return True
        return hand.is_over or (self.laid_out and hand.knocker == self.opp)

    def _row_breaks(self, seat: int, cards: list[Card]) -> list[int]:
        """Where the gaps between melds go in a seat's row (none while hidden or unsorted)."""
        hand = self.hand
        assert hand is not None
        if self.laid_out and hand.knocker == seat:
            return []  # only deadwood is left in the knocker's row
        if seat == self.me:
            return self.order.groups()
        if hand.is_over:
            return meld_breaks(cards, self.opp_melds())
        return []

    def targets(self) -> dict[Card, Target]:
        """Where every card in play should be now: (x, y, face up, z, size)."""
        hand = self.hand
        assert hand is not None
        layout = self.layout
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
        cards = self.row_cards(self.me)
        for index, (card, (x, y, w, h)) in enumerate(
            zip(cards, hand_slots(layout, len(cards), self._row_breaks(self.me, cards)), strict=True)
        ):
            result[card] = (x, y, True, 300 + index, (w, h))
        cards = self.row_cards(self.opp)
        face = self.revealed(self.opp)
        # Cards the AI took from the discard pile are public: they stay face up.
        known = set(hand.known[self.opp])
        slots = opponent_slots(layout, len(cards), face)
        span = table_draw.opponent_span(self)
        if slots and slots[0][0] - slots[0][2] / 2 < span[0]:
            slots = opponent_slots(layout, len(cards), face, span)  # leave the name its room
        for index, (card, (x, y, w, h)) in enumerate(zip(cards, slots, strict=True)):
            result[card] = (x, y, face or card in known, 300 + index, (w, h))
        return result

    def relayout(self, animate: bool = True) -> None:
        """Send every card towards where it belongs now (flying and flipping as needed)."""
        if self.hand is None:
            return
        self._refresh_layout()
        targets = self.targets()
        for card in list(self.sprites):
            if card not in targets:
                del self.sprites[card]
        sx, sy, sw, sh = stock_slot(self.layout)
        for card, (x, y, face, z, size) in targets.items():
            sprite = self.sprites.get(card)
            if sprite is None:
                sprite = self.sprites[card] = CardSprite(card, sx, sy, False, w=sw, h=sh, size=(sw, sh))
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
                self._move(sprite, x, y, face, size)
        self.stock_shown = len(self.hand.stock)
        self.update_lifts()

    def _move(
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
        distance = ((sprite.x - x) ** 2 + (sprite.y - y) ** 2) ** 0.5
        if duration is None:
            duration = 0.16 + min(0.34, distance / (2200.0 * self.app.viewport.scale))
        sprite.target = (x, y, face)
        sprite.size = size

        def started() -> None:
            sprite.moving = True
            if on_start is not None:
                on_start()

        def landed() -> None:
            sprite.moving = False

        self.animator.add(
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

            self.animator.add(
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
        """Raise the selected card well clear of the fan, and the one under the pointer a little."""
        raised = self.layout.px(16 if self.layout.portrait or self.layout.compact else 22)
        hover = self.layout.px(8)
        for card, sprite in self.sprites.items():
            lift = 0.0
            if card in self.order.cards:
                if card == self.selected:
                    lift = raised
                elif card == self.hovered:
                    lift = hover
            sprite.lift = lift

    # --- what the human may do now ------------------------------------------------------------

    def view(self) -> PlayerView:
        """The human's view of the hand."""
        assert self.flow is not None
        return self.flow.view()

    def human_turn(self) -> bool:
        """True when the human is to act."""
        return self.flow is not None and self.flow.human_turn()

    def legal(self) -> list[Action]:
        """The human's legal actions now (empty when it is not their turn)."""
        return self.flow.legal() if self.flow is not None else []

    def knock_cards(self) -> list[Card]:
        """Cards the human may discard face down to knock."""
        return self.flow.knock_cards() if self.flow is not None else []

    def gin_cards(self) -> list[Card]:
        """Knock discards that leave no deadwood (gin)."""
        return self.flow.gin_cards() if self.flow is not None else []

    def suggested_defence(self) -> Defence | None:
        """The engine's best layoffs for the human defender now."""
        return self.flow.suggested_defence() if self.flow is not None else None

    # --- controller: the only ways the human (or self-play) changes the hand ----------------

    def submit(self, action: Action, insert_at: int | None = None, seat: int | None = None) -> bool:
        """Apply `action` for `seat` through the flow (a refusal is shown, nothing changes)."""
        assert self.flow is not None
        return self.flow.submit(action, insert_at, seat)

    def draw_stock(self, insert_at: int | None = None) -> bool:
        """Draw the top card of the stock."""
        return self.submit(DrawStock(), insert_at)

    def take_discard(self, insert_at: int | None = None) -> bool:
        """Take the top discard (the upcard on the first turn)."""
        return self.submit(DrawDiscard(), insert_at)

    def pass_turn(self) -> bool:
        """Refuse the upcard, or decline the last-discard chance."""
        return self.submit(Pass())

    def discard(self, card: Card) -> bool:
        """Discard `card` (or knock with it when the player chose to knock)."""
        if self.knock_mode:
            return self.knock(card)
        return self.submit(Discard(card))

    def knock(self, card: Card | None) -> bool:
        """Knock, discarding `card` face down (None: big gin)."""
        self.knock_mode = False
        return self.submit(Knock(card))

    def lay_down(self, melds: Any = None) -> bool:
        """Lay out the chosen arrangement of the knocker's hand."""
        if melds is None:
            if not self.arrangements:
                return False
            melds = self.arrangements[self.arrangement_index].melds
        return self.submit(Arrange(melds))

    def lay_off(self, card: Card, meld_index: int | None = None) -> bool:
        """Lay `card` off on the knocker's meld `meld_index` (or the first that takes it)."""
        hand = self.hand
        assert hand is not None
        if meld_index is None:
            fits = [i for i, meld in enumerate(hand.knocker_melds) if can_lay_off(card, meld)]
            if not fits:
                self.toast.show(f"{card_symbol(card)} fits none of the knocker's melds.")
                return False
            meld_index = fits[0]
        return self.submit(LayOff(card, meld_index))

    def finish_layoffs(self) -> bool:
        """Stop laying off; the engine melds the rest and scores the hand.

        Any layoff still possible is made first (the engine's best set, the cards ringed in
        green), so finishing early never costs the defender points.
        """
        defence = self.suggested_defence()
        if defence is not None:
            for card, meld_index in defence.layoffs:
                if not self.lay_off(card, meld_index):
                    return False
        return self.submit(EndLayoff())

    def lay_off_suggested(self) -> None:
        """Play the engine's best layoffs one after another, then finish."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.LAYOFF or hand.to_act != self.me:
            return
        defence = self.suggested_defence()
        assert defence is not None
        for card, meld_index in defence.layoffs:

            def lay(card: Card = card, meld_index: int = meld_index) -> None:
                self.lay_off(card, meld_index)

            self.animator.then(lay)
        if not defence.layoffs:
            self.toast.show(table_draw.no_layoff_reason(hand, self.me) + ".")

    def start_knock(self) -> None:
        """Knock button: with one card to choose, ask which to discard face down."""
        cards = self.knock_cards()
        if not cards:
            self.toast.show(self._why_no_knock())
            return
        if self.selected in cards and self.knock_mode:
            self.knock(self.selected)
            return
        self.knock_mode = True
        hand = self.hand
        held = hand.hands[self.me] if hand is not None else []
        best = min(cards, key=lambda c: best_melds([h for h in held if h != c]).deadwood_value)
        self.selected = best
        self.update_lifts()

    def _why_no_knock(self) -> str:
        """Why the Knock key does nothing now, in the player's words."""
        hand = self.hand
        if hand is None or not self.human_turn():
            return "You can knock only on your own turn."
        if hand.phase in (Phase.DRAW, Phase.UPCARD_OFFER, Phase.LAST_CHANCE):
            return "Draw first: you knock after drawing, as you discard."
        if hand.phase is not Phase.DISCARD:
            return "There is nothing to knock with now."
        limit = hand.knock_limit
        if limit == 0:
            return "Only gin may knock here: every card but the discard must be in a meld."
        return f"You may knock only with {limit} or less deadwood."

    def go_gin(self) -> None:
        """Gin button: knock with the discard that leaves no deadwood (or big gin)."""
        if Knock(None) in self.legal():
            self.knock(None)
            return
        cards = self.gin_cards()
        if cards:
            self.knock(cards[0])
        else:
            self.toast.show("No gin yet: every card must be in a meld.")

    def cancel_knock(self) -> None:
        """Back out of choosing the knock discard."""
        self.knock_mode = False

    def cycle_arrangement(self, step: int) -> None:
        """Show the next (or previous) legal arrangement of the knocker's hand."""
        if not self.arrangements:
            return
        self.arrangement_index = (self.arrangement_index + step) % len(self.arrangements)
        self.order.arrangement = self.arrangements[self.arrangement_index]
        self.order.sort("melds")
        self.relayout()

    def sort(self, mode: str) -> None:
        """Sort the human's hand."""
        self.order.sort(mode)
        self.relayout()

    def show_hint(self) -> None:
        """Ask the AI what it would do, and say it."""
        assert self.flow is not None
        if not self.flow.ask_hint():
            self.toast.show("Hints are for your turn.")
            return
        self.toast.show("Thinking about a hint...", seconds=2.0)

    def _think_hint(self) -> None:
        if self.flow is None:
            return
        advice = self.flow.think_hint()
        if advice is None:
            return
        view, action = advice
        card = getattr(action, "card", None)
        if card is not None and card in self.order.cards:
            self.selected = self.hinted = card
            self.update_lifts()
        self.toast.show(explain_hint(view, action), seconds=6.0)

    def open_help(self) -> None:
        """How to play, over the table."""
        from game.ui.menus import HelpScene

        self.app.stack.push(HelpScene(self.app))

    def open_menu(self) -> None:
        """Pause with a small menu on top of the table."""
        from game.ui.results import open_pause

        open_pause(self.app, self, self.match)

    def open_sheet(self) -> None:
        """The score sheet of the match so far, over the table."""
        from game.ui.scoresheet import ScoreSheetScene

        if self.match is not None:
            self.app.stack.push(ScoreSheetScene(self.app, self.match, setup=self.setup_of_match))

    # --- pass and play ----------------------------------------------------------------------------

    def _push_privacy(self) -> None:
        """Hide the table until the person the device goes to says they are ready."""
        from game.ui.privacy import PrivacyScene

        flow = self.flow
        assert flow is not None and flow.handover is not None
        if any(isinstance(scene, PrivacyScene) for scene in self.app.stack.scenes):
            return
        self.input.cancel()
        self.toast.clear()
        name = flow.player_name(flow.pairing[flow.handover])
        self.app.stack.push(PrivacyScene(self.app, name, self.take_device, self.open_menu))

    def take_device(self) -> None:
        """The next person holds the device: their cards go to the bottom, face up, at once."""
        flow = self.flow
        if flow is None or flow.handover is None:
            return
        self.animator.finish_all()
        before = flow.viewer_player
        flow.take_device()
        after = flow.viewer_player
        if after != before:
            self._orders[before] = self.order
            self.order = self._orders.pop(after) if after in self._orders else HandOrder()
        self.selected = self.hinted = self.hovered = None
        self.knock_mode = False
        proceed, self._after_handover = self._after_handover, None
        if proceed is not None:
            proceed()  # the deal, now that the right person is looking
            return
        hand = self.hand
        if hand is not None:
            self.order.sync(hand.hands[self.me])
            self.opp_order = list(hand.hands[self.opp])
            self._prepare_arrangements()
            self.relayout(animate=False)
        self.invalidate()

    # --- what the flow tells the table ----------------------------------------------------------

    def on_refused(self, reason: str) -> None:
        """Say why the move was refused, and put the cards back."""
        self.toast.show(reason)
        self.relayout()

    def on_scores(self) -> None:
        """Count the scores up to the match's."""
        if self.match is not None:
            self.animator.add(Tween(self.tally, self.tally.targets(self.match.scores), 0.9, "ease_out_cubic"))

    def on_away(self) -> None:
        """Put the AI-only hand's panel over the table."""
        self.show_away()

    def show_away(self) -> None:
        """Put the AI-only hand's panel over the table."""
        if not any(isinstance(s, AwayGameScene) for s in self.app.stack.scenes):
            self.app.stack.push(AwayGameScene(self.app, self))

    def finish_away(self) -> None:
        """The AI-only hand is over: score it (called once by its scene)."""
        assert self.flow is not None
        self.flow.finish_away()

    def on_action(self, seat: int, action: Action, insert_at: int | None) -> None:
        """An action was applied: move the cards, mark what changed, announce knocks."""
        hand = self.hand
        assert hand is not None
        self.hinted = None
        self.toast.clear()  # a message or hint is about the moment that just passed
        if seat == self.me and isinstance(action, DrawStock | DrawDiscard):
            self.order.sync(hand.hands[self.me], insert_at)
            self.selected = hand.hands[self.me][-1]
        else:
            self.order.sync(hand.hands[self.me])
        if self.selected not in hand.hands[self.me]:
            self.selected = None
        if seat == self.opp and isinstance(action, DrawStock | DrawDiscard):
            self.opp_order.append(hand.hands[self.opp][-1])
        if isinstance(action, DrawStock | DrawDiscard) and not self.drew_once:
            self.drew_once = True
            self.pending_shot = "first_draw"
        if seat == self.me and hand.phase is Phase.DISCARD and hand.must_knock:
            self.knock_mode = True  # the last discard was taken to knock: nothing else is legal
        if seat == self.opp and isinstance(action, Discard):
            self.flash, self.flash_time = action.card, 1.6
        if isinstance(action, Knock):
            self.knock_mode = False
            self._prepare_arrangements()
            self._announce_knock(seat, action)
        if isinstance(action, Arrange):
            self.order.arrangement = None
            self.arrangements = []
            self.pending_shot = "knock"
            if seat == self.opp and hand.phase is Phase.LAYOFF:
                self.order.sort("melds")
        if isinstance(action, EndLayoff) or (hand.is_over and isinstance(action, Arrange)):
            self.pending_shot = "layoffs"
        self.relayout()
        if not isinstance(action, Knock):
            self.app.play("card")

    def _announce_knock(self, seat: int, action: Knock) -> None:
        hand = self.hand
        assert hand is not None
        self.app.play("knock")
        if action.card is None or best_melds(hand.hands[seat]).deadwood_value == 0:
            return  # gin gets its celebration once the melds are down
        who = "You" if seat == self.me else self.opp_the
        self.banner.show(self.animator, verb(who, "knock") + "!")

    def _prepare_arrangements(self) -> None:
        """The human knocked: offer every legal arrangement, the engine's default first
        (lowest deadwood, then fewest unseen cards that could be laid off on it)."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.ARRANGE or hand.to_act != self.me:
            return
        held = hand.hands[self.me]
        self.arrangements = []
        for action in hand.legal_actions():
            if isinstance(action, Arrange):
                melded = {c for meld in action.melds for c in meld}
                deadwood = tuple(sorted(c for c in held if c not in melded))
                self.arrangements.append(MeldResult(action.melds, deadwood, sum(c.value for c in deadwood)))
        self.arrangement_index = 0
        self.order.arrangement = self.arrangements[0] if self.arrangements else None
        self.order.sort("melds")

    def on_hand_over(self) -> None:
        """The hand ended: show both hands grouped by the engine's melds; celebrate a gin."""
        hand = self.hand
        assert hand is not None
        self.selected = self.hinted = None
        self.knock_mode = False
        result = hand.result
        if result is not None and result.kind is ResultKind.UNDERCUT:
            self.banner.show(self.animator, "Undercut!", (255, 130, 110))
        if hand.knocker is not None and hand.knocker != self.me:
            # The defender's melds are the engine's, which decide the score.
            held = hand.hands[self.me]
            melded = {c for meld in hand.defender_melds for c in meld}
            deadwood = tuple(sorted(c for c in held if c not in melded))
            self.order.arrangement = MeldResult(hand.defender_melds, deadwood, sum(c.value for c in deadwood))
        self.order.sort("melds")
        self.relayout()
        if result is not None and result.kind in (ResultKind.GIN, ResultKind.BIG_GIN):
            self._celebrate_gin(result)

    def _celebrate_gin(self, result: HandResult) -> None:
        from game.ui.celebrate import CelebrationScene

        assert result.winner is not None
        who = self.seating.subject(self.pairing[result.winner])
        word = "Big gin" if result.kind is ResultKind.BIG_GIN else "Gin"
        self.app.stack.push(CelebrationScene(self.app, "gin", f"{word}!", f"{who}: {word.lower()}"))

    def teardown(self) -> None:
        """Leaving the table (menu, quit) keeps the match to continue later."""
        if self.flow is not None:
            self.flow.cancel()
            self.flow.save_match()

    def save_match(self) -> None:
        """Keep the match so it can be continued."""
        if self.flow is not None:
            self.flow.save_match()

    def next_hand(self) -> None:
        """After the result panel: deal again, or show the match result."""
        assert self.match is not None
        self.app.hand_finished()
        if not self.app.running:
            return
        if self.background is not None:
            self._clear_table()
            self.show_away()
            return
        if self.match.finished:
            from game.ui.match_result import MatchResultScene

            self.app.stack.replace_all(MatchResultScene(self.app, self.match, setup=self.setup_of_match))
            return
        self.start_hand()

    def _clear_table(self) -> None:
        """The hand just shown is over and nobody here plays the next: an empty table."""
        assert self.flow is not None
        self.animator.finish_all()
        self.flow.clear_table()
        self.sprites.clear()
        self.ghosts = []
        self.selected = self.hinted = self.hovered = None
        self.stock_shown = 0

    # --- the frame ------------------------------------------------------------------------------

    def animating(self) -> bool:
        """True when the picture changes by itself: something moves, or a message, a ring or
        the "thinking" dots change (those only a few times a second, not every frame)."""
        if self.animator.busy or self.dealing or self.banner.alpha > 0.01:
            return True
        return self._visual_key() != self._drawn_key

    def working(self) -> bool:
        """True while the AI (or a hint, or a hand away from the table) thinks, a press may
        become a long press, or a screenshot is due: frames are needed, drawing maybe not."""
        return (
            self.pending_shot is not None
            or self.input.pressing
            or (self.flow is not None and self.flow.busy)
            # Pass and play: one more frame to hide the table before the next person's turn.
            or (self.flow is not None and self.flow.handover is not None and self.app.stack.top is self)
        )

    def _visual_key(self) -> tuple[object, ...]:
        """What changes the picture without moving anything: the status dots, a message
        appearing, fading or going, the ring round the AI's discard."""
        fading = self.toast.remaining > 0 and self.toast.remaining < 0.4
        dots = int(self.clock * 2.5) % 3 if self.flow is not None and self.flow.busy else -1
        return (
            dots,
            self.toast.remaining > 0,
            round(self.toast.remaining * 20) if fading else 0,
            self.flash_time > 0,
        )

    def update(self, dt: float) -> None:
        """Advance animation, the AI's thinking and the pacing of the hand."""
        self.animator.speed = self.app.speed
        self.animator.update(dt)
        self.toast.update(dt)
        self.input.update(dt)
        self.flash_time = max(0.0, self.flash_time - dt)
        self.clock += dt
        self._think_hint()
        flow = self.flow
        if flow is None:
            return
        watched = isinstance(self.app.stack.top, AwayGameScene)
        flow.play_background(dt, self.app.speed, watched=watched)
        hand = self.hand
        if hand is None or self.animator.busy or self.dealing:
            return
        if self.pending_shot is not None:
            shot, self.pending_shot = self.pending_shot, None
            self.app.notable(shot)
        if self.app.stack.top is not self:
            return
        if flow.handover is not None and not hand.is_over:
            self._push_privacy()  # the other person's turn: hide the table first
            return
        speed = self.app.speed
        if hand.is_over:
            if flow.result_due(dt, speed):
                from game.ui.results import HandResultScene

                self.app.stack.push(HandResultScene(self.app, self))
            return
        decided = flow.update(dt, speed, may_act=True)
        if decided is not None:
            self.play_for_seat(*decided)

    def play_for_seat(self, seat: int, action: Action) -> None:
        """Carry out an AI's decision; for the human seat (self-play) through the controls."""
        if seat != self.me:
            self.submit(action, seat=seat)
            return
        if isinstance(action, DrawStock):
            self.draw_stock()
        elif isinstance(action, DrawDiscard):
            self.take_discard()
        elif isinstance(action, Pass):
            self.pass_turn()
        elif isinstance(action, Discard):
            self.discard(action.card)
        elif isinstance(action, Knock):
            self.knock(action.card)
        elif isinstance(action, Arrange):
            self.lay_down(action.melds)
        elif isinstance(action, LayOff):
            self.lay_off(action.card, action.meld_index)
        else:
            self.submit(action)  # the AI's own choice to stop laying off

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table."""
        self._drawn_key = self._visual_key()
        table_draw.draw_table(self, surface)

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse, touch and keyboard, through the table's input handler."""
        self.input.handle(event)

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """Live buttons, the piles, and the part of each of the human's cards that shows."""
        self.update_buttons()
        targets = self.panel_buttons.targets() + self.context_buttons.targets()
        hand = self.hand
        if hand is None:
            return targets
        layout = self.layout
        if self.stock_shown and not (layout.portrait and self.laid_out):
            targets.append(("stock", layout.stock))
        if hand.discard_pile and not (layout.portrait and self.laid_out):
            targets.append(("discard", layout.discard))
        rects = [(c, self.sprites[c].rect()) for c in self.row_cards(self.me) if c in self.sprites]
        for index, (card, rect) in enumerate(rects):
            shown = rect.copy()
            for _, above in rects[index + 1 :]:
                shown = _uncovered(shown, above)
            targets.append((str(card), shown))
        return targets

    def update_buttons(self) -> None:
        """Show only the buttons whose actions are legal now."""
        hand = self.hand
        turn = self.human_turn()
        phase = hand.phase if hand is not None else None
        legal = self.legal()
        b = self.buttons
        offer = turn and phase in (Phase.UPCARD_OFFER, Phase.LAST_CHANCE)
        b["take"].visible = offer
        b["take"].enabled = DrawDiscard() in legal
        b["pass"].visible = offer
        discarding = turn and phase is Phase.DISCARD
        knocks = self.knock_cards() if discarding else []
        b["knock"].visible = bool(knocks)
        b["gin"].visible = discarding and (bool(self.gin_cards()) or Knock(None) in legal)
        b["gin"].text = "Big gin" if Knock(None) in legal else "Gin"
        b["cancel"].visible = self.knock_mode and discarding
        arranging = turn and phase is Phase.ARRANGE
        for name in ("prev", "lay", "next"):
            b[name].visible = arranging
        b["prev"].enabled = b["next"].enabled = len(self.arrangements) > 1
        laying_off = turn and phase is Phase.LAYOFF
        b["suggest"].visible = b["done"].visible = laying_off
        defence = self.suggested_defence()
        b["suggest"].enabled = defence is not None and bool(defence.layoffs)
        b["hint"].enabled = turn
        playing = hand is not None and not hand.is_over
        for name in ("rank", "suit", "melds"):
            b[name].enabled = playing  # the end of a hand is shown grouped by the engine's melds
        b["sheet"].visible = self.match is not None


def _uncovered(rect: pygame.Rect, cover: pygame.Rect) -> pygame.Rect:
    """The largest part of `rect` left visible by `cover` on one side (a fanned card's strip)."""
    if not rect.colliderect(cover):
        return rect
    pieces = [
        pygame.Rect(rect.left, rect.top, max(0, cover.left - rect.left), rect.height),
        pygame.Rect(cover.right, rect.top, max(0, rect.right - cover.right), rect.height),
        pygame.Rect(rect.left, rect.top, rect.width, max(0, cover.top - rect.top)),
        pygame.Rect(rect.left, cover.bottom, rect.width, max(0, rect.bottom - cover.bottom)),
    ]
    # The piece a fingertip fits best: the widest narrow side, then the most area.
    return max(pieces, key=lambda p: (min(p.width, p.height), p.width * p.height))


__all__ = ["TableScene", "new_match"]
