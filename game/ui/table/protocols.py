"""What the table's parts need from the table, and the table from the app: its typed seams.

The table scene (`game.ui.table.scene.TableScene`) is a composition: its cards
(`cards`), its controller (`moves`), its buttons (`controls`), its input (`input`), its
answers to the flow (`reactions`), passing the device (`passing`), its view (`draw`,
`panel`) and its flow (`flow`). Each part sees the table only as a :class:`Table`,
the state and the calls the table offers them, never the class itself, so no part imports
the scene and the scene imports them all. :class:`TableApp` is what the table asks of the
app beyond any screen: the after-hand buttons other parts of the game registered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.ui.core.scene import GameApp

if TYPE_CHECKING:
    import pygame

    from game.rules import Action, Card, Defence, Hand, Match, Meld, MeldResult
    from game.storage.settings import MatchSetup
    from game.ui.core.anim import Animator
    from game.ui.core.seating import Seating
    from game.ui.core.sprites import CardSprite
    from game.ui.core.widgets import Banner, ButtonRow, Toast
    from game.ui.table.after_hand import AfterHandButtons
    from game.ui.table.animated import PileGhost, Tally
    from game.ui.table.background import BackgroundGame
    from game.ui.table.flow import TableFlow
    from game.ui.table.hand_order import HandOrder
    from game.ui.table.layout import TableLayout
    from game.ui.table.seats import ThinkingSeat


class TableApp(GameApp, Protocol):
    """The app as the table sees it: any screen's services, and the after-hand buttons."""

    after_hand: AfterHandButtons


class HeldCard(Protocol):
    """A press on the table that may become a drag (`game.ui.table.input.Drag`)."""

    source: str
    card: Card | None
    pos: tuple[int, int]
    grab: tuple[float, float]
    active: bool


class Pointer(Protocol):
    """What the view reads of the table's input: the press in progress."""

    @property
    def drag(self) -> HeldCard | None:
        """The press in progress, if any."""
        ...

    def cancel(self) -> None:
        """Forget the press in progress."""
        ...


class Table(Protocol):
    """The table scene as its parts see it: the hand on the table, the person's choices in
    progress, the cards as sprites, and the controller calls every input ends in."""

    # --- what is on the table ---------------------------------------------------------------

    @property
    def app(self) -> TableApp: ...

    @property
    def input(self) -> Pointer: ...

    @property
    def match(self) -> Match | None: ...

    @property
    def hand(self) -> Hand | None: ...

    @property
    def setup_of_match(self) -> MatchSetup | None: ...

    @property
    def seating(self) -> Seating: ...

    @property
    def me(self) -> int: ...

    @property
    def opp(self) -> int: ...

    @property
    def pairing(self) -> tuple[int, int]: ...

    @property
    def hand_number(self) -> int: ...

    @property
    def opp_name(self) -> str: ...

    @property
    def opp_the(self) -> str: ...

    @property
    def opp_is_person(self) -> bool: ...

    @property
    def background(self) -> BackgroundGame | None: ...

    @property
    def human_ai(self) -> ThinkingSeat | None: ...

    @property
    def laid_out(self) -> bool: ...

    flow: TableFlow | None
    layout: TableLayout

    def player_name(self, player: int) -> str: ...

    def match_goal(self) -> str: ...

    # --- the person's choices in progress, and the cards as drawn --------------------------

    order: HandOrder
    opp_order: list[Card]
    selected: Card | None
    hinted: Card | None
    hint_action: Action | None
    armed: Card | None
    hovered: Card | None
    knock_mode: bool
    arrangements: list[MeldResult]
    arrangement_index: int
    sprites: dict[Card, CardSprite]
    ghosts: list[PileGhost]
    stock_shown: int
    dealing: bool
    pending_shot: str | None
    flash: Card | None
    flash_time: float
    clock: float
    tally: Tally
    animator: Animator
    toast: Toast
    banner: Banner
    panel_buttons: ButtonRow
    context_buttons: ButtonRow
    draw_list: list[tuple[str, str, pygame.Rect, object]]

    def row_cards(self, seat: int) -> list[Card]: ...

    def opp_melds(self) -> tuple[Meld, ...]: ...

    def refresh_layout(self, force: bool = False) -> bool: ...

    def relayout(self, animate: bool = True) -> None: ...

    def update_lifts(self) -> None: ...

    def update_buttons(self) -> None: ...

    def arriving_order(self) -> str | None: ...

    def place_instantly(self) -> None: ...

    def invalidate(self) -> None: ...

    # --- what the person may do now ----------------------------------------------------------

    def human_turn(self) -> bool: ...

    def legal(self) -> list[Action]: ...

    def knock_cards(self) -> list[Card]: ...

    def gin_cards(self) -> list[Card]: ...

    def suggested_defence(self) -> Defence | None: ...

    def vet(self, action: Action) -> bool: ...

    # --- the controller ----------------------------------------------------------------------

    def submit(self, action: Action, insert_at: int | None = None, seat: int | None = None) -> bool: ...

    def draw_stock(self, insert_at: int | None = None) -> bool: ...

    def take_discard(self, insert_at: int | None = None) -> bool: ...

    def pass_turn(self) -> bool: ...

    def discard(self, card: Card) -> bool: ...

    def knock(self, card: Card | None) -> bool: ...

    def lay_down(self, melds: tuple[Meld, ...] | None = None) -> bool: ...

    def lay_off(self, card: Card, meld_index: int | None = None) -> bool: ...

    def finish_layoffs(self) -> bool: ...

    def lay_off_suggested(self) -> None: ...

    def start_knock(self) -> None: ...

    def go_gin(self) -> None: ...

    def cancel_knock(self) -> None: ...

    def cycle_arrangement(self, step: int) -> None: ...

    def sort(self, mode: str) -> None: ...

    def show_hint(self) -> None: ...

    def read_hand(self) -> None: ...

    def open_help(self) -> None: ...

    def open_menu(self) -> None: ...

    def open_sheet(self) -> None: ...
