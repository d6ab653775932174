"""The table scene: shows a match being played and turns the person's input into moves.

It is a composition of parts, each in its own module, that see the table through the
:class:`~game.ui.table.protocols.Table` protocol:

- :mod:`~game.ui.table.flow`: the match and hand flow (whose turn, the AI, pacing, results);
- :mod:`~game.ui.table.cards`: the cards as sprites, dealt and flown to where the layout
  (:mod:`~game.ui.table.layout`) puts them;
- :mod:`~game.ui.table.moves`: the controller (`draw_stock`, `discard`, `knock`, ...), the
  only way the hand changes, through the flow's `submit`;
- :mod:`~game.ui.table.controls` (the buttons), :mod:`~game.ui.table.input` (mouse, touch,
  keys), :mod:`~game.ui.table.reactions` (what the flow's news does to the cards);
- :mod:`~game.ui.table.draw` and :mod:`~game.ui.table.panel`: painting.

This module holds the state they share (the person's choices in progress, the sprites) and
the wiring: the frame, the ways to other screens (by name) and passing the device. A table
that plays differently (a one-hand game, the tutorial) extends it at the documented hooks:
`arriving_order`, `vet`, `on_action`, `on_hand_over`, `next_hand`, `next_label`,
`open_result` and `open_menu`; an online table also at `make_flow` (a flow fed by the
server), `watching` and `status_note`.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import pygame

from game.rules import Action, Card, Defence, Hand, Match, Meld, MeldResult
from game.storage.settings import MatchSetup
from game.ui.core.anim import Animator, Tween
from game.ui.core.scene import Scene
from game.ui.core.seating import Seating
from game.ui.core.speech import card_words
from game.ui.core.sprites import CardSprite
from game.ui.core.widgets import Banner, Button, Toast
from game.ui.table import draw
from game.ui.table.animated import PileGhost, Tally
from game.ui.table.background import BackgroundGame
from game.ui.table.cards import TableCards
from game.ui.table.controls import TableControls
from game.ui.table.flow import FlowOptions, TableFlow, new_match
from game.ui.table.hand_order import HandOrder
from game.ui.table.input import TableInput
from game.ui.table.layout import TableLayout, table_layout
from game.ui.table.moves import TableMoves
from game.ui.table.narration import Narrator
from game.ui.table.outcome import controls_of, outcome_of
from game.ui.table.passing import DevicePassing
from game.ui.table.protocols import TableApp
from game.ui.table.reactions import TableReactions
from game.ui.table.seats import ThinkingSeat

T = TypeVar("T")


class FlowState(Generic[T]):
    """A table attribute that is its flow's (or `default` before the flow starts): the parts
    and the tests read the table, the flow keeps the state. Settable ones set the flow's."""

    def __init__(self, default: T, doc: str) -> None:
        self.default = default
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: TableScene | None, owner: type | None = None) -> T:
        if table is None or table.flow is None:
            return self.default
        value: T = getattr(table.flow, self.name)
        return value

    def __set__(self, table: TableScene, value: T) -> None:
        assert table.flow is not None
        setattr(table.flow, self.name, value)


class TableScene(Scene):
    """Plays hands of a match with animation, mouse, touch and keyboard."""

    name = "table"
    app: TableApp

    def __init__(self, app: TableApp, match: Match | None = None, setup: MatchSetup | None = None) -> None:
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
        self.ghosts: list[PileGhost] = []
        self.stock_shown = 0
        self.dealing = False
        self.order = HandOrder()
        self.opp_order: list[Card] = []
        self.selected: Card | None = None
        self.hinted: Card | None = None
        self.hint_action: Action | None = None
        """What the latest hint advised (following it does just that)."""
        self.armed: Card | None = None
        """The card the person chose to discard: raised, and a second tap discards it."""
        self.hovered: Card | None = None
        self.knock_mode = False
        self.arrangements: list[MeldResult] = []
        self.arrangement_index = 0
        self.pending_shot: str | None = None
        self.draw_list: list[tuple[str, str, pygame.Rect, Any]] = []
        self.layout: TableLayout = table_layout(app.viewport, left_handed=app.settings.left_handed)
        self.cards = TableCards(self)
        self.moves = TableMoves(self)
        self.reactions = TableReactions(self, self.moves.prepare_arrangements)
        self.passing = DevicePassing(self)
        self.input = TableInput(self)
        self.controls = TableControls(self)
        self.buttons = self.controls.buttons
        self.panel_buttons = self.controls.panel_buttons
        self.context_buttons = self.controls.context_buttons
        self.controls.place()
        self.narrator = Narrator(app.announce, lambda: self.seating, lambda: self.pairing, lambda: self.me)
        """The moves in sentences, for a screen reader."""
        self._drawn_key: tuple[object, ...] = ()

    # --- the flow's state, as the parts and the tests read it ---------------------------------

    @property
    def match(self) -> Match | None:
        """The match being played."""
        return self.flow.match if self.flow is not None else self._initial_match

    hand: FlowState[Hand | None] = FlowState(
        None, "The hand on the table (None while the AIs play one alone)."
    )

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
        return Seating.of(self.match, self._initial_setup, self.app.settings.names)

    me = FlowState(0, "The seat shown at the bottom: the person holding the device.")
    opp = FlowState(1, "The opponent's seat.")
    pairing = FlowState((0, 1), "The players in seats 0 and 1 of the hand on the table.")
    human_ai: FlowState[ThinkingSeat | None] = FlowState(None, "Self-play: the AI in the person's seat.")
    background: FlowState[BackgroundGame | None] = FlowState(
        None, "An AI-only hand played away from the table."
    )
    hint_seat: FlowState[ThinkingSeat | None] = FlowState(None, "The hint being thought out, if any.")
    hand_number = FlowState(1, "The number of the hand on the table in the match.")
    shown_commitment: FlowState[str | None] = FlowState(None, "The deal's commitment as shown before play.")
    opp_name = FlowState("AI", 'The opponent at the table ("AI" with two players).')
    opp_the = FlowState("The AI", "The opponent as the subject of a sentence.")
    opp_is_person = FlowState(False, "Whether a person plays the opponent (pass and play).")

    @property
    def seats(self) -> dict[int, ThinkingSeat]:
        """The thinking seats of the hand on the table."""
        assert self.flow is not None
        return self.flow.seats

    def player_name(self, player: int) -> str:
        """A player's name at this match."""
        assert self.flow is not None
        return self.flow.player_name(player)

    def match_goal(self) -> str:
        """What the game is played to, as the panel says it ("to 100")."""
        return f"to {self.match.target}" if self.match is not None else ""

    def seat_player(self, seat: int) -> object | None:
        """The computer player in `seat` of the hand on the table (None for a person)."""
        thinking = self.flow.seats.get(seat) if self.flow is not None else None
        return thinking.player if thinking is not None else None

    # --- setting up and laying out ------------------------------------------------------------

    def flow_options(self) -> FlowOptions:
        """How this table's flow deals and records (a practice table says otherwise)."""
        return FlowOptions()

    def make_flow(self) -> TableFlow:
        """The flow this table shows (an online table's is fed by the server instead)."""
        return TableFlow(self.app, self._initial_match, self, self._initial_setup, self.flow_options())

    @property
    def watching(self) -> bool:
        """True when the bottom row is not the viewer's own hand (watching an online table):
        it is then drawn face down, unsorted and unmarked, like the opponent's."""
        return False

    def status_note(self) -> str:
        """A line that takes the status line's place ("" for the usual one): an online
        table says whose turn it is while watching, or that the connection is lost."""
        return ""

    def setup(self) -> None:
        """Start (or resume) the match and deal."""
        self.flow = self.make_flow()
        self.tally = Tally(*self.flow.match.scores[:3])
        if self.flow.resume():
            if self.flow.hand is not None:
                self.place_instantly()
                if self.flow.handover is not None:
                    self.passing.hide()
        else:
            self.start_hand()

    def resized(self) -> None:
        """The window changed size or shape: land every move in flight, then lay everything
        out again at once, so the hand, the selection and the cards stay consistent."""
        self.animator.finish_all()
        self.input.cancel()
        self.dealing = False
        self.ghosts = []
        self.refresh_layout(force=True)
        if self.hand is not None:
            self.relayout(animate=False)

    def refresh_layout(self, force: bool = False) -> bool:
        """Recompute the layout when the window or the table's state needs another one."""
        players = self.match.rules.players if self.match is not None else 2
        layout = table_layout(self.app.viewport, players, self.laid_out, self.app.settings.left_handed)
        if not force and layout == self.layout:
            return False
        self.layout = layout
        self.controls.place()
        return True

    def start_hand(self) -> None:
        """Gather the cards, shuffle, deal the next hand of the match, all animated."""
        self.animator.speed = self.app.speed
        if self.flow is not None:
            self.flow.cancel()
        self.cards.gather(then=self._begin_deal)

    def _begin_deal(self) -> None:
        assert self.flow is not None
        self.sprites.clear()
        self.order = HandOrder()
        if self.app.settings.auto_sort != "off":
            self.order.mode = self.app.settings.auto_sort
        self.passing.forget()
        self.opp_order = []
        self.selected = self.hinted = self.hint_action = self.armed = None
        self.knock_mode = False
        self.arrangements = []
        self.reactions.drew_once = False
        hand = self.flow.deal()
        self.refresh_layout()
        if hand is None:
            return  # the AIs play a hand without a person first
        if self.flow.handover is not None:
            # Pass and play: the next person takes the device before their cards are dealt.
            self.passing.hide(then=self.cards.shuffle_and_deal)
            return
        self.cards.shuffle_and_deal()

    def arriving_order(self) -> str | None:
        """How the person's cards are sorted as they are dealt (None: as they keep them)."""
        return None

    def place_instantly(self) -> None:
        """Show a resumed hand without dealing animation."""
        self.cards.place_instantly()
        self.moves.prepare_arrangements()
        self.refresh_layout()
        self.relayout(animate=False)

    # --- the cards, through the table's parts ----------------------------------------------------

    @property
    def laid_out(self) -> bool:
        """True once the knocker's melds are on the table."""
        return self.cards.laid_out

    def row_cards(self, seat: int) -> list[Card]:
        """The cards shown in a seat's row, in screen order."""
        return self.cards.row_cards(seat)

    def opp_melds(self) -> tuple[Meld, ...]:
        """The melds the opponent's revealed row is grouped by at the end of the hand."""
        return self.cards.opp_melds()

    def targets(self) -> dict[Card, tuple[float, float, bool, int, tuple[int, int]]]:
        """Where every card in play should be now: (x, y, face up, z, size)."""
        return self.cards.targets()

    def relayout(self, animate: bool = True) -> None:
        """Send every card towards where it belongs now (flying and flipping as needed)."""
        self.cards.relayout(animate)

    def update_lifts(self) -> None:
        """Raise the selected card clear of the fan, and the one under the pointer a little."""
        self.cards.update_lifts()

    def update_buttons(self) -> None:
        """Show only the buttons whose actions are legal now."""
        self.controls.update()

    # --- what the person may do now, and the controller ---------------------------------------------

    def human_turn(self) -> bool:
        """True when the person at the bottom is to act."""
        return self.flow is not None and self.flow.human_turn()

    def legal(self) -> list[Action]:
        """The person's legal actions now (empty when it is not their turn)."""
        return self.flow.legal() if self.flow is not None else []

    def knock_cards(self) -> list[Card]:
        """Cards the person may discard face down to knock."""
        return self.flow.knock_cards() if self.flow is not None else []

    def gin_cards(self) -> list[Card]:
        """Knock discards that leave no deadwood (gin)."""
        return self.flow.gin_cards() if self.flow is not None else []

    def suggested_defence(self) -> Defence | None:
        """The engine's best layoffs for the person as defender now."""
        return self.flow.suggested_defence() if self.flow is not None else None

    def vet(self, action: Action) -> bool:
        """Whether the person's legal `action` may go ahead; a table that turns one down (the
        tutorial asks for one move at a time) says why itself."""
        return True

    def submit(self, action: Action, insert_at: int | None = None, seat: int | None = None) -> bool:
        """Apply `action` for `seat` through the flow (a refusal is shown, nothing changes)."""
        return self.moves.submit(action, insert_at, seat)

    def draw_stock(self, insert_at: int | None = None) -> bool:
        """Draw the top card of the stock."""
        return self.moves.draw_stock(insert_at)

    def take_discard(self, insert_at: int | None = None) -> bool:
        """Take the top discard (the upcard on the first turn)."""
        return self.moves.take_discard(insert_at)

    def pass_turn(self) -> bool:
        """Refuse the upcard, or decline the last-discard chance."""
        return self.moves.pass_turn()

    def discard(self, card: Card) -> bool:
        """Discard `card` (or knock with it when the person chose to knock)."""
        return self.moves.discard(card)

    def knock(self, card: Card | None) -> bool:
        """Knock, discarding `card` face down (None: big gin)."""
        return self.moves.knock(card)

    def lay_down(self, melds: tuple[Meld, ...] | None = None) -> bool:
        """Lay out the chosen arrangement of the knocker's hand."""
        return self.moves.lay_down(melds)

    def lay_off(self, card: Card, meld_index: int | None = None) -> bool:
        """Lay `card` off on a meld of the knocker's."""
        return self.moves.lay_off(card, meld_index)

    def finish_layoffs(self) -> bool:
        """Stop laying off (any layoff still possible is made first)."""
        return self.moves.finish_layoffs()

    def lay_off_suggested(self) -> None:
        """Play the engine's best layoffs one after another."""
        self.moves.lay_off_suggested()

    def start_knock(self) -> None:
        """Knock button: with several cards to choose, ask which to discard face down."""
        self.moves.start_knock()

    def go_gin(self) -> None:
        """Gin button: knock with the discard that leaves no deadwood (or big gin)."""
        self.moves.go_gin()

    def cancel_knock(self) -> None:
        """Back out of choosing the knock discard."""
        self.moves.cancel_knock()

    def cycle_arrangement(self, step: int) -> None:
        """Show the next (or previous) legal arrangement of the knocker's hand."""
        self.moves.cycle_arrangement(step)

    def sort(self, mode: str) -> None:
        """Sort the person's hand."""
        self.moves.sort(mode)

    def show_hint(self) -> None:
        """Ask the AI what it would do, and say it."""
        self.moves.show_hint()

    # --- other screens, by name -------------------------------------------------------------------

    def open_help(self) -> None:
        """How to play, over the table."""
        self.app.screens.show("help")

    def open_menu(self) -> None:
        """Pause with a small menu on top of the table."""
        self.app.screens.show("pause", self, self.match, self.setup_of_match)

    def open_sheet(self) -> None:
        """The score sheet of the match so far, over the table."""
        if self.match is not None:
            self.app.screens.show("score_sheet", self.match, setup=self.setup_of_match)

    def show_away(self) -> None:
        """Put the AI-only hand's panel over the table."""
        if self.app.screens.find("away_game") is None:
            self.app.screens.show("away_game", self)

    # --- what the flow tells the table (the flow's listener) ---------------------------------------

    def on_action(self, seat: int, action: Action, insert_at: int | None) -> None:
        """An action was applied: move the cards, mark what changed, announce knocks."""
        self.reactions.action_applied(seat, action, insert_at)
        if self.hand is not None:
            self.narrator.action(self.hand, seat, action)

    def on_refused(self, reason: str) -> None:
        """Say why the move was refused, and put the cards back."""
        self.toast.show(reason)
        self.relayout()

    # --- for a screen reader ------------------------------------------------------------------

    def spoken(self) -> tuple[str, ...]:
        """What the table says when it changes: the status line, and any message."""
        if self.hand is None:
            return ()
        message = self.toast.text if self.toast.remaining > 0 else ""
        return (draw.status_text(self), message, self.selected_words())

    def read_hand(self) -> None:
        """Say the person's hand, its melds and deadwood, and the piles (the Y key)."""
        hand = self.hand
        if hand is None or self.dealing or self.flow is None or self.flow.handover is not None:
            return
        cards = self.row_cards(self.me)
        self.app.announce(self.narrator.hand_text(hand, self.me, cards, self.order.melds()))

    def selected_words(self) -> str:
        """The selected card as said: which, where in the hand, and what it is for ("" for none)."""
        card = self.selected
        cards = self.row_cards(self.me)
        if card is None or card not in cards or self.dealing:
            return ""
        meld_of = self.order.meld_of()
        role = (
            "in a meld"
            if card in meld_of
            else f"deadwood, {card.value} point{'s' if card.value != 1 else ''}"
        )
        return f"Selected: {card_words(card)}, {cards.index(card) + 1} of {len(cards)}, {role}."

    def on_scores(self) -> None:
        """Count the scores up to the match's."""
        if self.match is not None:
            self.animator.add(Tween(self.tally, self.tally.targets(self.match.scores), 0.9, "ease_out_cubic"))

    def on_away(self) -> None:
        """Put the AI-only hand's panel over the table."""
        self.show_away()

    def on_hand_over(self) -> None:
        """The hand ended: show both hands grouped by the engine's melds; celebrate a gin."""
        self.reactions.hand_over()
        if self.hand is not None and self.match is not None:
            self.narrator.hand_over(self.hand, self.match)

    def finish_away(self) -> None:
        """The AI-only hand is over: score it (called once by its scene)."""
        assert self.flow is not None
        self.flow.finish_away()

    # --- after the hand ----------------------------------------------------------------------------

    def next_label(self) -> str:
        """The result panel's way on: the next hand, the match result, the AIs' hand."""
        assert self.match is not None
        players = self.match.rules.players
        if self.background is not None:
            if self.seating.shared:
                return "Next: the other game" if players == 4 else "Next: the AIs' hand"
            return "Next: the other game" if players == 4 else "Next: you sit out"
        return "See the match result" if self.match.finished else "Next hand"

    def checks_deal(self) -> bool:
        """Whether the finished hand can be checked against the fingerprint shown before it."""
        return self.flow is not None and self.flow.deal_check() is not None

    def shortcut_buttons(self, cover: pygame.Rect) -> list[Button]:
        """The Menu, Help and Score sheet buttons left in view beside a panel at `cover`."""
        return self.controls.shortcuts(cover)

    def open_result(self) -> None:
        """The hand result panel over the table, with the after-hand buttons registered."""
        outcome = outcome_of(self)
        self.app.screens.show("hand_result", outcome, controls_of(self), self.app.after_hand.offered(outcome))

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
            self.app.screens.replace("match_result", self.match, setup=self.setup_of_match)
            return
        self.start_hand()

    def _clear_table(self) -> None:
        """The hand just shown is over and nobody here plays the next: an empty table."""
        assert self.flow is not None
        self.animator.finish_all()
        self.flow.clear_table()
        self.sprites.clear()
        self.ghosts = []
        self.selected = self.hinted = self.hovered = self.hint_action = self.armed = None
        self.stock_shown = 0

    def teardown(self) -> None:
        """Leaving the table (menu, quit) keeps the match to continue later."""
        if self.flow is not None:
            self.flow.cancel()
            self.flow.save_match()

    def save_match(self) -> None:
        """Keep the match so it can be continued."""
        if self.flow is not None:
            self.flow.save_match()

    # --- the frame ---------------------------------------------------------------------------------

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

    def next_change(self) -> float | None:
        """A message starting to fade (or going), the ring round the AI's discard going."""
        due = []
        if self.toast.remaining > 0:
            fade = self.toast.remaining - Toast.FADE_S
            due.append(fade if fade > 0 else self.toast.remaining)
        if self.flash_time > 0:
            due.append(self.flash_time)
        return min(due, default=None)

    def _visual_key(self) -> tuple[object, ...]:
        """What changes the picture without moving anything: the status dots, a message
        appearing, fading or going, the ring round the AI's discard."""
        fading = self.toast.remaining > 0 and self.toast.remaining < Toast.FADE_S
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
        self.banner.tick(dt)
        self.input.update(dt)
        self.flash_time = max(0.0, self.flash_time - dt)
        self.clock += dt
        self.moves.think_hint()
        flow = self.flow
        if flow is None:
            return
        top = self.app.stack.top
        flow.play_background(dt, self.app.pace, watched=top is not None and top.name == "away_game")
        hand = self.hand
        if hand is None or self.animator.busy or self.dealing:
            return
        if self.pending_shot is not None:
            shot, self.pending_shot = self.pending_shot, None
            self.app.notable(shot)
        if self.app.stack.top is not self:
            return
        if flow.handover is not None and not hand.is_over:
            self.passing.hide()  # the other person's turn: hide the table first
            return
        if hand.is_over:
            if flow.result_due(dt, self.app.pace):
                self.open_result()
            return
        decided = flow.update(dt, self.app.pace, may_act=True)
        if decided is not None:
            self.moves.play_for_seat(*decided)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table."""
        self._drawn_key = self._visual_key()
        draw.draw_table(self, surface)

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse, touch and keyboard, through the table's input handler."""
        self.input.handle(event)

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """Live buttons, the piles, and the part of each of the person's cards that shows."""
        return self.controls.hit_targets()


__all__ = ["TableScene", "new_match"]
