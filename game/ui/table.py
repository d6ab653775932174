"""The table: one match of Gin Rummy between the human (seat 0) and an AI (seat 1).

Data flows one way: input -> action -> engine -> new state -> layout -> tweens -> drawing.
Input handlers (mouse, touch, keyboard) and self-play call the same small controller
methods (`draw_stock`, `take_discard`, `discard`, `knock`, ...); each builds an engine
action and goes through `submit`, which applies it, or shows the engine's reason as a toast.
"""

from __future__ import annotations

import random
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
    IllegalAction,
    Knock,
    LayOff,
    Match,
    MeldResult,
    Pass,
    Phase,
    PlayerView,
    RuleSet,
    best_defence,
    best_melds,
    can_lay_off,
)
from game.ui import table_draw
from game.ui.anim import Animator, Tween
from game.ui.hand_order import HandOrder
from game.ui.layout import (
    DISCARD_POS,
    HAND_CENTRE_X,
    HAND_Y,
    MELD_AREA,
    OPPONENT_Y,
    STOCK_POS,
    fan_arc,
    fan_positions,
    meld_row_positions,
)
from game.ui.players import BACKGROUND_BUDGET_S, YOU, BackgroundGame, human_seat, player_name
from game.ui.results import AwayGameScene
from game.ui.scene import Scene
from game.ui.seats import AI, HINT_LEVEL, HUMAN, THINK_BUDGET_S, ThinkingSeat, explain_hint, make_ai
from game.ui.sprites import CardSprite
from game.ui.table_input import TableInput
from game.ui.widgets import Banner, Button, ButtonRow, Toast

AI_PAUSE = 0.55
"""Seconds an AI waits before acting, so a person can follow its moves."""
RESULT_PAUSE = 1.1
"""Seconds to look at the laid-out hands before the result panel opens."""
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def card_name(card: Card) -> str:
    """A card in words ("the 7 of hearts"), since the font cannot draw suit symbols.

    >>> card_name(Card.parse("QS")), card_name(Card.parse("TH"))
    ('Q of spades', '10 of hearts')
    """
    rank = int(card.rank)
    label = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    return f"{label} of {SUIT_NAMES[card.suit.char]}"


def new_match(settings: Any, rng: random.Random) -> Match:
    """A match with the rules the settings describe (2, 3 or 4 players)."""
    rules = RuleSet.preset(settings.variant, bonuses=settings.bonuses, **settings.rule_options())
    return Match(rules, rng)


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


class TableScene(Scene):
    """Plays hands of a match with animation, mouse, touch and keyboard."""

    name = "table"

    def __init__(self, app: Any, match: Match | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.animator = Animator(app.speed)
        self.toast = Toast()
        self.banner = Banner()
        self.tally = Tally()
        self.flash: Card | None = None
        """The AI's latest discard, ringed for a moment so it is not missed."""
        self.flash_time = 0.0
        self.clock = 0.0
        """Seconds this table has been on screen (drives small idle animations)."""
        self.sprites: dict[Card, CardSprite] = {}
        self.order = HandOrder()
        self.opp_order: list[Card] = []
        self.hand: Hand | None = None
        self.selected: Card | None = None
        self.hinted: Card | None = None
        self.hovered: Card | None = None
        self.knock_mode = False
        self.arrangements: list[MeldResult] = []
        self.arrangement_index = 0
        self.input = TableInput(self)
        self.stock_shown = 0
        self.dealing = False
        self.ai_wait = 0.0
        self.result_wait = 0.0
        self.recorded = False
        self.pending_shot: str | None = None
        self.drew_once = False
        self.hand_number = 1
        self._match_counted = False
        self._facts_key: tuple[int, int] | None = None
        self._defence_key: tuple[int, int] | None = None
        self._defence: Defence | None = None
        self.hint_seat: ThinkingSeat | None = None
        self.hint_for: tuple[Any, int] | None = None
        self._facts: tuple[list[Action], list[Card], list[Card]] = ([], [], [])
        self.draw_list: list[tuple[str, str, pygame.Rect, Any]] = []
        self.ghosts: list[table_draw.PileGhost] = []
        self.seats: dict[int, ThinkingSeat] = {}
        self.me = HUMAN
        """The human's seat in the hand on the table (1 only with three players)."""
        self.opp = AI
        self.pairing: tuple[int, int] = (0, 1)
        """The players in seats 0 and 1 of the hand on the table (the match may have dealt on)."""
        self.ai_players: dict[int, ThinkingSeat] = {}
        """Three or four players: each AI player's thinking seat, by player number."""
        self.background: BackgroundGame | None = None
        """A hand of the match played AI against AI, away from the table."""
        self.next_dealt: Hand | None = None
        """Three or four players: the human's next hand, dealt once the previous one ended."""
        self.panel_buttons = ButtonRow()
        self.context_buttons = ButtonRow()

    # --- setting up -------------------------------------------------------------------------

    def setup(self) -> None:
        """Start (or resume) the match and deal."""
        if self.match is None:
            self.match = new_match(self.app.settings, random.Random(self.app.rng.random()))
        level = self.app.settings.ai_level
        self.seats = {AI: ThinkingSeat(make_ai(level, seed=self.app.seed + 1))}
        if self.app.selfplay:
            self.seats[HUMAN] = ThinkingSeat(make_ai(level, seed=self.app.seed + 2))
        self.human_ai = self.seats.get(HUMAN)
        if self.multi:
            self.ai_players = {
                p: ThinkingSeat(make_ai(level, seed=self.app.seed + 1 + p))
                for p in range(1, self.match.rules.players)
            }
        self._build_buttons()
        self.tally = Tally(*self.match.scores[:3])
        current = self.match.current
        if current is not None and not current.is_over and human_seat(self.match) is None:
            self._play_away(current)  # resumed while the AIs play a hand without the human
        elif current is not None and not current.is_over:
            self.hand = current
            self._seat_players()
            self.hand_number = len(self.match.played) + 1
            self._place_instantly()
        else:
            self.start_hand()

    @property
    def multi(self) -> bool:
        """True for three or four players."""
        return self.match is not None and self.match.rules.players > 2

    def player_name(self, player: int) -> str:
        """A player's name at this match ("You", "AI", "AI 2", "AI North")."""
        assert self.match is not None
        return player_name(self.match, player)

    @property
    def opp_name(self) -> str:
        """The opponent at the table ("AI" with two players)."""
        assert self.match is not None
        return self.player_name(self.pairing[self.opp])

    @property
    def opp_the(self) -> str:
        """The opponent as the subject of a sentence ("The AI", "AI West")."""
        return "The AI" if not self.multi else self.opp_name

    def _seat_players(self) -> None:
        """Three or four players: who sits where in the hand just dealt."""
        match = self.match
        assert match is not None
        if not self.multi:
            return
        seat = human_seat(match)
        assert seat is not None
        self.pairing = match.seats
        self.me, self.opp = seat, 1 - seat
        self.seats = {self.opp: self.ai_players[match.seats[self.opp]]}
        if self.human_ai is not None:
            self.seats[self.me] = self.human_ai

    def _play_away(self, hand: Hand, show: bool = True) -> None:
        """Start a hand the human does not play, and show it being played."""
        assert self.match is not None
        level = self.app.settings.ai_level
        seed = self.app.seed + 10 * len(self.match.played)

        def make(player: int) -> Any:
            return make_ai(level, seed=seed + player)

        self.background = BackgroundGame(self.match, hand, make)
        if show:
            self.show_away()

    def show_away(self) -> None:
        """Put the AI-only hand's panel over the table."""
        if not any(isinstance(s, AwayGameScene) for s in self.app.stack.scenes):
            self.app.stack.push(AwayGameScene(self.app, self))

    def finish_away(self) -> None:
        """The AI-only hand is over: score it (called once by its scene)."""
        game, match = self.background, self.match
        assert game is not None and match is not None
        if match.current is game.hand:
            match.record_hand(game.hand)
            self.animator.add(Tween(self.tally, self.tally.targets(match.scores), 0.9, "ease_out_cubic"))
            self._count_match()
            self.save_match()

    def _build_buttons(self) -> None:
        x, width, height = 1046, 206, 40
        row = self.panel_buttons
        self.knock_button = row.add(
            Button(
                "Knock", pygame.Rect(x, 352, width, height), self.start_knock, key="K", accent=(250, 200, 90)
            )
        )
        self.gin_button = row.add(
            Button("Gin", pygame.Rect(x, 398, width, height), self.go_gin, key="G", accent=(130, 220, 130))
        )
        half = (width - 8) // 2
        row.add(Button("Rank", pygame.Rect(x, 468, half, 36), lambda: self.sort("rank"), key="R", size=22))
        row.add(
            Button(
                "Suit", pygame.Rect(x + half + 8, 468, half, 36), lambda: self.sort("suit"), key="U", size=22
            )
        )
        row.add(Button("Melds", pygame.Rect(x, 510, half, 36), lambda: self.sort("melds"), key="M", size=22))
        self.hint_button = row.add(
            Button("Hint", pygame.Rect(x + half + 8, 510, half, 36), self.show_hint, key="H", size=22)
        )
        row.add(Button("Help", pygame.Rect(x, 652, half, 38), self.open_help, key="F1", size=22))
        row.add(Button("Menu", pygame.Rect(x + half + 8, 652, half, 38), self.open_menu, key="Esc", size=22))
        cx = HAND_CENTRE_X
        ctx = self.context_buttons
        self.take_button = ctx.add(
            Button(
                "Take",
                pygame.Rect(cx - 160, 476, 150, 40),
                self.take_discard,
                key="T",
                accent=(130, 220, 130),
            )
        )
        self.pass_button = ctx.add(
            Button("Pass", pygame.Rect(cx + 10, 476, 150, 40), self.pass_turn, key="P")
        )
        self.prev_button = ctx.add(
            Button("<", pygame.Rect(cx - 250, 476, 90, 40), lambda: self.cycle_arrangement(-1), key="Left")
        )
        self.lay_button = ctx.add(
            Button(
                "Lay down",
                pygame.Rect(cx - 130, 476, 260, 40),
                self.lay_down,
                key="Enter",
                accent=(250, 200, 90),
            )
        )
        self.next_button = ctx.add(
            Button(">", pygame.Rect(cx + 160, 476, 90, 40), lambda: self.cycle_arrangement(1), key="Right")
        )
        self.suggest_button = ctx.add(
            Button(
                "Lay off best",
                pygame.Rect(cx - 250, 476, 240, 40),
                self.lay_off_suggested,
                key="L",
                accent=(130, 220, 130),
            )
        )
        self.done_button = ctx.add(
            Button("Done", pygame.Rect(cx + 10, 476, 200, 40), self.finish_layoffs, key="Enter")
        )
        self.cancel_button = ctx.add(
            Button("Cancel knock", pygame.Rect(cx - 110, 476, 220, 40), self.cancel_knock, key="Esc")
        )

    # --- dealing ------------------------------------------------------------------------------

    def start_hand(self) -> None:
        """Gather the cards, shuffle, deal the next hand of the match, all animated."""
        assert self.match is not None
        self.animator.speed = self.app.speed
        for seat in self.seats.values():
            seat.cancel()
        if self.sprites:
            for sprite in self.sprites.values():
                self._move(sprite, STOCK_POS[0], STOCK_POS[1], False, duration=0.3)
            self.animator.then(self._begin_deal)
        else:
            self._begin_deal()

    def _begin_deal(self) -> None:
        assert self.match is not None
        self.sprites.clear()
        self.order = HandOrder()
        self.opp_order = []
        self.selected = self.hinted = None
        self.knock_mode = False
        self.arrangements = []
        self.recorded = False
        self.drew_once = False
        self.result_wait = RESULT_PAUSE
        if self.multi:
            hand = self.next_dealt or self._deal_for_table(show=True)
            self.next_dealt = None
            self.hand = hand
            if hand is None:
                return  # the AIs play a hand without the human first
            self._seat_players()
        else:
            self.hand = self.match.new_hand()
        self.hand_number = len(self.match.played) + 1
        self.stock_shown = 52
        self.dealing = True
        self.ghosts = table_draw.shuffle_ghosts(self.animator)
        self.animator.then(self._deal_cards)

    def _deal_for_table(self, show: bool) -> Hand | None:
        """Deal the match's next hand: the human's, or one the AIs play away from the table."""
        assert self.match is not None
        hand = self.match.new_hand()
        if human_seat(self.match) is not None:
            return hand
        self._play_away(hand, show)
        return None

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
        for card in dealt:
            self.sprites[card] = CardSprite(card, STOCK_POS[0], STOCK_POS[1], face_up=False)
        targets = self.targets()
        for index, card in enumerate(dealt):
            x, y, face, z = targets[card]
            sprite = self.sprites[card]
            sprite.z = z
            self._move(sprite, x, y, face, delay=index * 0.075, duration=0.34, on_start=self._dealt_one)
        self.animator.then(self._deal_done)

    def _dealt_one(self) -> None:
        self.stock_shown -= 1
        self.app.play("deal")

    def _deal_done(self) -> None:
        self.dealing = False
        self.ai_wait = AI_PAUSE
        self.relayout()
        self.pending_shot = "deal"

    def _place_instantly(self) -> None:
        """Show a resumed hand without dealing animation."""
        hand = self.hand
        assert hand is not None
        self.order.sync(hand.hands[self.me])
        self.opp_order = list(hand.hands[self.opp])
        self._prepare_arrangements()
        self.relayout(animate=False)

    # --- where every card should be -------------------------------------------------------------

    @property
    def laid_out(self) -> bool:
        """True once the knocker's melds are on the table."""
        hand = self.hand
        return (
            hand is not None and hand.phase in (Phase.LAYOFF, Phase.FINISHED) and (hand.knocker is not None)
        )

    def row_cards(self, seat: int) -> list[Card]:
        """The cards shown in a seat's row, in screen order."""
        hand = self.hand
        assert hand is not None
        if self.laid_out and hand.knocker == seat:
            return list(hand.knocker_deadwood)
        held = set(hand.hands[seat])
        if seat == self.me:
            return [c for c in self.order.cards if c in held]
        return [c for c in self.opp_order if c in held]

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
        if hand.is_over and hand.knocker == self.me:
            return _meld_breaks(cards, hand.defender_melds)
        return []

    def targets(self) -> dict[Card, tuple[float, float, bool, int]]:
        """Where every card in play should be now: (x, y, face up, z)."""
        hand = self.hand
        assert hand is not None
        result: dict[Card, tuple[float, float, bool, int]] = {}
        for index, card in enumerate(hand.discard_pile):
            wobble = ((card.index * 7) % 5 - 2) * 1.5
            result[card] = (DISCARD_POS[0] + wobble, DISCARD_POS[1] - min(index, 8) * 0.4, True, 100 + index)
        if hand.knock_card is not None and hand.phase is not Phase.DISCARD:
            result[hand.knock_card] = (DISCARD_POS[0] + 10, DISCARD_POS[1] - 6, False, 190)
        if self.laid_out:
            melds = hand.knocker_melds
            rows = meld_row_positions([len(m) for m in melds])
            for m_index, (meld, xs) in enumerate(zip(melds, rows, strict=True)):
                for c_index, (card, x) in enumerate(zip(meld, xs, strict=True)):
                    result[card] = (x, MELD_AREA.centery, True, 200 + m_index * 20 + c_index)
        for seat, y in ((self.me, HAND_Y), (self.opp, OPPONENT_Y)):
            cards = self.row_cards(seat)
            face = self.revealed(seat)
            if seat == self.opp and hand.is_over:
                cards = _meld_ordered(cards, hand.defender_melds if hand.knocker == self.me else ())
            breaks = self._row_breaks(seat, cards)
            step = 78 if face else 36
            xs = fan_positions(len(cards), HAND_CENTRE_X, group_breaks=breaks, max_step=step)
            # Cards the AI took from the discard pile are public: they stay face up.
            known = set(hand.known[self.opp]) if seat == self.opp else set()
            for index, (card, x) in enumerate(zip(cards, xs, strict=True)):
                arc = fan_arc(index, len(cards)) * (1 if seat == self.me else -1)
                result[card] = (x, y + arc, face or card in known, 300 + index)
        return result

    def relayout(self, animate: bool = True) -> None:
        """Send every card towards where it belongs now (flying and flipping as needed)."""
        if self.hand is None:
            return
        targets = self.targets()
        for card in list(self.sprites):
            if card not in targets:
                del self.sprites[card]
        for card, (x, y, face, z) in targets.items():
            sprite = self.sprites.get(card)
            if sprite is None:
                sprite = self.sprites[card] = CardSprite(card, STOCK_POS[0], STOCK_POS[1], False)
            sprite.z = z
            if not animate:
                sprite.x, sprite.y, sprite.face_up, sprite.flip = x, y, face, 0.0
                sprite.target = (x, y, face)
            elif (abs(sprite.x - x) > 0.5 or abs(sprite.y - y) > 0.5) or sprite.face_up != face:
                self._move(sprite, x, y, face)
        self.stock_shown = len(self.hand.stock)
        self.update_lifts()

    def _move(
        self,
        sprite: CardSprite,
        x: float,
        y: float,
        face: bool,
        delay: float = 0.0,
        duration: float | None = None,
        on_start: Callable[[], None] | None = None,
    ) -> None:
        distance = ((sprite.x - x) ** 2 + (sprite.y - y) ** 2) ** 0.5
        if duration is None:
            duration = 0.16 + min(0.34, distance / 2200.0)
        sprite.target = (x, y, face)

        def started() -> None:
            sprite.moving = True
            if on_start is not None:
                on_start()

        def landed() -> None:
            sprite.moving = False

        self.animator.add(
            Tween(
                sprite,
                {"x": x, "y": y},
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
        """Raise the selected card well clear of the fan, and the one under the mouse a little."""
        for card, sprite in self.sprites.items():
            lift = 0.0
            if card in self.order.cards:
                if card == self.selected:
                    lift = 22.0
                elif card == self.hovered:
                    lift = 8.0
            sprite.lift = lift

    # --- what the human may do now ------------------------------------------------------------

    def view(self) -> PlayerView:
        """The human's view of the hand."""
        assert self.hand is not None
        return self.hand.view(self.me)

    def human_turn(self) -> bool:
        """True when the human is to act and nothing is moving."""
        hand = self.hand
        return hand is not None and hand.to_act == self.me and not hand.is_over

    def _turn_facts(self) -> tuple[list[Action], list[Card], list[Card]]:
        """Legal actions, knock discards and gin discards, computed once per engine state.

        The buttons ask every frame; the engine's answer only changes when an action is
        applied, so it is cached against the number of actions taken.
        """
        hand = self.hand
        if hand is None or not self.human_turn():
            return [], [], []
        key = (id(hand), len(hand.actions))
        if self._facts_key != key:
            legal = hand.legal_actions()
            knocks = [a.card for a in legal if isinstance(a, Knock) and a.card is not None]
            held = hand.hands[self.me]
            gins = [c for c in knocks if best_melds([h for h in held if h != c]).deadwood_value == 0]
            self._facts = (legal, knocks, gins)
            self._facts_key = key
        return self._facts

    def suggested_defence(self) -> Defence | None:
        """The engine's best layoffs for the human defender now (cached per engine state)."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.LAYOFF or hand.to_act != self.me:
            return None
        key = (id(hand), len(hand.actions))
        if self._defence_key != key:
            self._defence = best_defence(hand.hands[self.me], hand.knocker_melds)
            self._defence_key = key
        return self._defence

    def legal(self) -> list[Action]:
        """The human's legal actions now (empty when it is not their turn)."""
        return self._turn_facts()[0]

    def knock_cards(self) -> list[Card]:
        """Cards the human may discard face down to knock."""
        return self._turn_facts()[1]

    def gin_cards(self) -> list[Card]:
        """Knock discards that leave no deadwood (gin)."""
        return self._turn_facts()[2]

    # --- controller: the only ways the human (or self-play) changes the hand ----------------

    def submit(self, action: Action, insert_at: int | None = None, seat: int | None = None) -> bool:
        """Apply `action` for `seat`; on refusal show the engine's reason.

        The engine applies an action for whoever is to act, so a click during the AI's turn
        must be stopped here, or the human would move for the AI.
        """
        hand = self.hand
        if seat is None:
            seat = self.me
        if hand is None or hand.is_over:
            return False
        if hand.to_act != seat:
            if seat == self.me:
                self.toast.show(
                    f"Wait: it is {'the AI' if not self.multi else self.opp_name}'s turn.", seconds=1.5
                )
                self.relayout()
            return False
        try:
            hand.apply(action)
        except IllegalAction as refusal:
            self.toast.show(_sentence(str(refusal)))
            self.relayout()
            return False
        self._after(seat, action, insert_at)
        if seat == self.me and not hand.is_over:
            self.save_match()  # a reload in the browser resumes at the human's last move
        return True

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
                self.toast.show(f"The {card_name(card)} fits none of the knocker's melds.")
                return False
            meld_index = fits[0]
        return self.submit(LayOff(card, meld_index))

    def finish_layoffs(self) -> bool:
        """Stop laying off; the engine melds the rest and scores the hand."""
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
            self.toast.show("Nothing of yours fits the knocker's melds.")

    def start_knock(self) -> None:
        """Knock button: with one card to choose, ask which to discard face down."""
        cards = self.knock_cards()
        if not cards:
            self.toast.show(f"You may knock only with {self.view().knock_limit} or less deadwood.")
            return
        if self.selected in cards and self.knock_mode:
            self.knock(self.selected)
            return
        self.knock_mode = True
        held = self.hand.hands[self.me] if self.hand is not None else []
        best = min(cards, key=lambda c: best_melds([h for h in held if h != c]).deadwood_value)
        self.selected = best
        self.update_lifts()

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
        if not self.human_turn():
            self.toast.show("Hints are for your turn.")
            return
        # The hint comes from the same cooperative search as the AI's moves, a slice per
        # frame, so asking for one never stalls the table.
        assert self.hand is not None
        self.hint_seat = ThinkingSeat(make_ai(HINT_LEVEL, seed=self.app.seed + 3))
        self.hint_for = (self.view(), len(self.hand.actions))
        self.hint_seat.start(self.hint_for[0])
        self.toast.show("Thinking about a hint...", seconds=2.0)

    def _think_hint(self) -> None:
        seat, asked = self.hint_seat, self.hint_for
        if seat is None or asked is None or self.hand is None:
            return
        if len(self.hand.actions) != asked[1]:
            seat.cancel()  # the moment passed
            self.hint_seat = None
            return
        action = seat.step()
        if action is None:
            return
        self.hint_seat = None
        card = getattr(action, "card", None)
        if card is not None and card in self.order.cards:
            self.selected = self.hinted = card
            self.update_lifts()
        self.toast.show(explain_hint(asked[0], action), seconds=6.0)

    def open_help(self) -> None:
        """How to play, over the table."""
        from game.ui.menus import HelpScene

        self.app.stack.push(HelpScene(self.app))

    def open_menu(self) -> None:
        """Pause with a small menu on top of the table."""
        from game.ui.menus import PauseScene

        self.app.stack.push(PauseScene(self.app, self))

    # --- after every action -------------------------------------------------------------------

    def _after(self, seat: int | None, action: Action, insert_at: int | None) -> None:
        hand = self.hand
        assert hand is not None
        self.hinted = None
        if seat == self.me and isinstance(action, DrawStock | DrawDiscard):
            self.order.sync(hand.hands[self.me], insert_at)
            drawn = hand.hands[self.me][-1]
            self.selected = drawn
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
        self.ai_wait = AI_PAUSE
        self.relayout()
        if not isinstance(action, Knock):
            self.app.play("card")
        if hand.is_over:
            self._hand_over()

    def _announce_knock(self, seat: int | None, action: Knock) -> None:
        hand = self.hand
        assert hand is not None and seat is not None
        who = "You" if seat == self.me else self.opp_the
        if action.card is None:
            text = f"{who}: big gin!"
        elif best_melds(hand.hands[seat]).deadwood_value == 0:
            text = f"{who}: gin!"
        else:
            text = f"{who} knock{'s' if seat == self.opp else ''}!"
        self.banner.show(self.animator, text)
        self.app.play("knock")

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

    def _hand_over(self) -> None:
        hand = self.hand
        match = self.match
        assert hand is not None and match is not None
        if self.recorded:
            return
        self.recorded = True
        self.result_wait = RESULT_PAUSE
        self.selected = self.hinted = None
        if hand.result is not None and hand.result.kind.value == "undercut":
            self.banner.show(self.animator, "Undercut!", (255, 130, 110))
        self.order.sort("melds")
        self.relayout()
        match.record_hand(hand)
        self.animator.add(Tween(self.tally, self.tally.targets(match.scores), 0.9, "ease_out_cubic"))
        stats = self.app.stats
        result = hand.result
        if result is not None and result.winner is not None and not self.app.selfplay:
            stats.record_hand(result.winner == self.me, result.kind.value)
            self.app.save_stats()
        self._count_match()
        if self.multi and not match.finished:
            self.next_dealt = self._deal_for_table(show=False)
        self.save_match()

    def _count_match(self) -> None:
        """Statistics once the match is over (the human's side is side 0)."""
        match = self.match
        assert match is not None
        if not match.finished or self.app.selfplay or self._match_counted:
            return
        self._match_counted = True
        self.app.stats.record_match(
            match.winner == YOU, match.margin if match.winner == YOU else 0, self.format_key()
        )
        self.app.save_stats()

    def format_key(self) -> str:
        """The variant and format, for statistics ("standard", "oklahoma, 3 players")."""
        assert self.match is not None
        rules = self.match.rules
        key = rules.variant.value
        if rules.players == 3:
            key += ", 3 players"
        elif rules.players == 4:
            key += ", partners"
        return key

    def teardown(self) -> None:
        """Leaving the table (menu, quit) keeps the match to continue later."""
        for seat in self.seats.values():
            seat.cancel()
        if self.background is not None:
            self.background.cancel()
        self.save_match()

    def save_match(self) -> None:
        """Keep the match so it can be continued (dropped once it is over)."""
        if self.app.selfplay or self.match is None or not self.app.persistence.available:
            return
        if self.match.finished:
            self.app.persistence.save("saved-match", None)
        else:
            self.app.persistence.save("saved-match", self.match.to_dict())

    def next_hand(self) -> None:
        """After the result panel: deal again, or show the match result."""
        assert self.match is not None
        self.app.hand_finished()
        if not self.app.running:
            return
        if self.background is not None:
            self.show_away()
            return
        if self.match.finished:
            from game.ui.results import MatchResultScene

            self.app.stack.replace_all(MatchResultScene(self.app, self.match))
            return
        self.start_hand()

    # --- the frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance animation, the AI's thinking and the pacing of the hand."""
        self.animator.speed = self.app.speed
        self.animator.update(dt)
        self.toast.update(dt)
        self.flash_time = max(0.0, self.flash_time - dt)
        self.clock += dt
        self._think_hint()
        self._play_background()
        hand = self.hand
        if hand is None or self.animator.busy or self.dealing:
            return
        if self.pending_shot is not None:
            shot, self.pending_shot = self.pending_shot, None
            self.app.notable(shot)
        if self.app.stack.top is not self:
            return
        speed = self.app.speed
        if hand.is_over:
            self.result_wait -= dt * (speed if speed > 0 else 1e9)
            if self.result_wait <= 0:
                from game.ui.results import HandResultScene

                self.app.stack.push(HandResultScene(self.app, self))
            return
        seat_index = hand.to_act
        seat = self.seats.get(seat_index) if seat_index is not None else None
        if seat is None or seat_index is None:
            return
        if not seat.thinking:
            self.ai_wait -= dt * (speed if speed > 0 else 1e9)
            if self.ai_wait > 0:
                return
            seat.start(hand.view(seat_index))
        action = seat.step()
        if action is not None:
            self.play_for_seat(seat_index, action)

    def _play_background(self) -> None:
        """Advance the AI-only hand, if one is being played (scored once it ends)."""
        game = self.background
        if game is None:
            return
        if not game.done:
            watched = isinstance(self.app.stack.top, AwayGameScene)
            game.step(BACKGROUND_BUDGET_S if watched else THINK_BUDGET_S)
        if game.done and self.match is not None and self.match.current is game.hand:
            self.finish_away()

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
            self.finish_layoffs()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table."""
        table_draw.draw_table(self, surface)

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse, touch (as mouse) and keyboard, through the table's input handler."""
        self.input.handle(event)

    def update_buttons(self) -> None:
        """Show only the buttons whose actions are legal now."""
        hand = self.hand
        turn = self.human_turn()
        phase = hand.phase if hand is not None else None
        legal = self.legal()
        offer = turn and phase in (Phase.UPCARD_OFFER, Phase.LAST_CHANCE)
        self.take_button.visible = offer
        self.take_button.enabled = DrawDiscard() in legal
        self.pass_button.visible = offer
        discarding = turn and phase is Phase.DISCARD
        knocks = self.knock_cards() if discarding else []
        self.knock_button.visible = bool(knocks)
        self.gin_button.visible = discarding and (bool(self.gin_cards()) or Knock(None) in legal)
        self.gin_button.text = "Big gin" if Knock(None) in legal else "Gin"
        self.cancel_button.visible = self.knock_mode and discarding
        arranging = turn and phase is Phase.ARRANGE
        for button in (self.prev_button, self.lay_button, self.next_button):
            button.visible = arranging
        self.prev_button.enabled = self.next_button.enabled = len(self.arrangements) > 1
        laying_off = turn and phase is Phase.LAYOFF
        self.suggest_button.visible = self.done_button.visible = laying_off
        defence = self.suggested_defence()
        self.suggest_button.enabled = defence is not None and bool(defence.layoffs)
        self.hint_button.enabled = turn


def _meld_ordered(cards: list[Card], melds: Any) -> list[Card]:
    """`cards` with the given melds first (in meld order), then the rest by rank."""
    held = set(cards)
    ordered = [c for meld in melds for c in meld if c in held]
    rest = sorted((c for c in cards if c not in set(ordered)), key=lambda c: (c.rank, c.suit))
    return ordered + rest


def _meld_breaks(cards: list[Card], melds: Any) -> list[int]:
    starts, index = [], 0
    for meld in melds:
        starts.append(index)
        index += len(meld)
    starts.append(index)
    return [s for s in starts if 0 < s < len(cards)]


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


__all__ = ["TableScene", "card_name", "new_match"]
