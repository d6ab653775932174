"""The table's controller: the only ways the person at the table (or self-play) changes the hand.

Every click, tap, key and self-play decision ends in one of these small methods (`draw_stock`,
`take_discard`, `discard`, `knock`, `lay_off`, ...). Each builds an engine action and hands
it to the flow's `submit`, which applies it or reports the engine's reason for refusing it,
changing nothing. A table may turn down a legal move of its own accord (the tutorial asks
for one move at a time): `submit` asks the table's `vet` first.

Choices in progress live here too: knocking (which card to discard face down), the
knocker's arrangements to cycle through, and the hint being thought out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import (
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    Knock,
    LayOff,
    Meld,
    MeldResult,
    Pass,
    Phase,
    best_melds,
    can_lay_off,
    card_symbol,
)
from game.ui.table.seats import explain_hint

if TYPE_CHECKING:
    from game.ui.table.protocols import Table


class TableMoves:
    """Engine actions for the person at the bottom of the table, and the choices leading to them."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def submit(self, action: Action, insert_at: int | None = None, seat: int | None = None) -> bool:
        """Apply `action` for `seat` through the flow (a refusal is shown, nothing changes)."""
        table = self.table
        assert table.flow is not None
        mine = seat is None or seat == table.me
        if mine and table.human_turn() and action in table.legal() and not table.vet(action):
            return False
        return table.flow.submit(action, insert_at, seat)

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
        """The person discards `card` (or knocks with it when they chose to knock).

        A gin is never thrown away: a card that leaves the person with gin asks "Go gin?"
        first (or goes gin at once with the auto-gin setting). The hinted card does what the
        hint said (go gin, knock), and another card discarded face up after a hint to knock
        asks first. True when the move was made now (False: refused, or a question is up).
        """
        table = self.table
        if table.knock_mode:
            return self.knock(card)
        hinted = table.hint_action
        if isinstance(hinted, Knock) and hinted.card == card:
            return self.knock(card)
        if self._deciding() and card in table.gin_cards():
            if table.app.settings.auto_gin:
                return self.knock(card)
            self._ask_go_gin(card)
            return False
        if self._deciding() and isinstance(hinted, Knock) and hinted.card is not None:
            self._ask_knock_instead(card, hinted.card)
            return False
        return self.submit(Discard(card))

    def knock(self, card: Card | None, confirmed: bool = False) -> bool:
        """Knock, discarding `card` face down (None: big gin).

        With the confirm-knock setting a knock that is not gin is asked about first.
        """
        table = self.table
        table.knock_mode = False
        asking = not confirmed and table.app.settings.confirm_knock and self._deciding()
        if asking and card is not None and card not in table.gin_cards() and Knock(card) in table.legal():
            self._ask_knock(card)
            return False
        return self.submit(Knock(card))

    def _deciding(self) -> bool:
        """Whether the person (not self-play) is choosing their discard now."""
        table = self.table
        hand = table.hand
        return (
            hand is not None and hand.phase is Phase.DISCARD and table.human_turn() and table.human_ai is None
        )

    def _deadwood_without(self, card: Card) -> int:
        hand = self.table.hand
        assert hand is not None
        held = hand.hands[self.table.me]
        return best_melds([c for c in held if c != card]).deadwood_value

    def _ask_go_gin(self, card: Card) -> None:
        """Discarding `card` leaves gin: go gin, or discard it face up and play on?"""
        name = card_symbol(card)

        def face_up() -> None:
            self.submit(Discard(card))

        self.table.app.screens.show(
            "confirm",
            "Go gin?",
            f"With {name} face down every other card is in a meld: that is gin. "
            f"Or discard {name} face up and play on.",
            yes=("Go gin", lambda: self.knock(card, confirmed=True)),
            no="Discard face up",
            on_no=face_up,
            choice=True,
        )

    def _ask_knock_instead(self, card: Card, hinted: Card) -> None:
        """The hint said knock, and `card` is going face up: knock instead, or play on?"""
        table = self.table
        name = card_symbol(card)
        knocks = table.knock_cards()
        with_card = card if card in knocks else hinted
        deadwood = self._deadwood_without(with_card)
        if with_card == card:
            detail = (
                f"The hint was to knock. {name} face down knocks with {deadwood} deadwood; "
                f"face up, play goes on."
            )
        else:
            detail = (
                f"The hint was to knock with {card_symbol(hinted)} face down ({deadwood} deadwood). "
                f"Discarding {name} face up plays on instead."
            )

        def face_up() -> None:
            self.submit(Discard(card))

        table.app.screens.show(
            "confirm",
            "Knock?",
            detail,
            yes=(f"Knock with {card_symbol(with_card)}", lambda: self.knock(with_card, confirmed=True)),
            no="Play on",
            on_no=face_up,
            choice=True,
        )

    def _ask_knock(self, card: Card) -> None:
        """Confirm knock: the person asked to be asked before knocking."""
        name = card_symbol(card)
        self.table.app.screens.show(
            "confirm",
            "Knock?",
            f"Discard {name} face down and end the hand with {self._deadwood_without(card)} deadwood.",
            yes=("Knock", lambda: self.knock(card, confirmed=True)),
            no="Not yet",
        )

    def lay_down(self, melds: tuple[Meld, ...] | None = None) -> bool:
        """Lay out the chosen arrangement of the knocker's hand."""
        table = self.table
        if melds is None:
            if not table.arrangements:
                return False
            melds = table.arrangements[table.arrangement_index].melds
        return self.submit(Arrange(melds))

    def lay_off(self, card: Card, meld_index: int | None = None) -> bool:
        """Lay `card` off on the knocker's meld `meld_index` (or the first that takes it)."""
        table = self.table
        hand = table.hand
        assert hand is not None
        if meld_index is None:
            fits = [i for i, meld in enumerate(hand.knocker_melds) if can_lay_off(card, meld)]
            if not fits:
                table.toast.show(f"{card_symbol(card)} fits none of the knocker's melds.")
                return False
            meld_index = fits[0]
        return self.submit(LayOff(card, meld_index))

    def finish_layoffs(self) -> bool:
        """Stop laying off; the engine melds the rest and scores the hand.

        Any layoff still possible is made first (the engine's best set, the cards ringed in
        green), so finishing early never costs the defender points.
        """
        table = self.table
        if table.human_turn() and not table.vet(EndLayoff()):
            return False
        defence = table.suggested_defence()
        if defence is not None:
            for card, meld_index in defence.layoffs:
                if not self.lay_off(card, meld_index):
                    return False
        return self.submit(EndLayoff())

    def lay_off_suggested(self) -> None:
        """Play the engine's best layoffs one after another, then finish."""
        table = self.table
        hand = table.hand
        if hand is None or hand.phase is not Phase.LAYOFF or hand.to_act != table.me:
            return
        defence = table.suggested_defence()
        assert defence is not None
        for card, meld_index in defence.layoffs:

            def lay(card: Card = card, meld_index: int = meld_index) -> None:
                self.lay_off(card, meld_index)

            table.animator.then(lay)
        if not defence.layoffs:
            table.toast.show(no_layoff_reason(hand, table.me) + ".")

    # --- knocking -------------------------------------------------------------------------------

    def start_knock(self) -> None:
        """Knock button: with one card to choose, ask which to discard face down."""
        table = self.table
        cards = table.knock_cards()
        if not cards:
            table.toast.show(self._why_no_knock())
            return
        if table.selected in cards and table.knock_mode:
            self.knock(table.selected)
            return
        table.knock_mode = True
        hand = table.hand
        held = hand.hands[table.me] if hand is not None else []
        best = min(cards, key=lambda c: best_melds([h for h in held if h != c]).deadwood_value)
        table.selected = best
        table.update_lifts()

    def _why_no_knock(self) -> str:
        """Why the Knock key does nothing now, in the player's words."""
        table = self.table
        hand = table.hand
        if hand is None or not table.human_turn():
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
        table = self.table
        if Knock(None) in table.legal():
            self.knock(None)
            return
        cards = table.gin_cards()
        if cards:
            self.knock(cards[0])
        else:
            table.toast.show("No gin yet: every card must be in a meld.")

    def cancel_knock(self) -> None:
        """Back out of choosing the knock discard."""
        self.table.knock_mode = False

    # --- the knocker's arrangements ---------------------------------------------------------------

    def prepare_arrangements(self) -> None:
        """The person knocked: offer every legal arrangement, the engine's default first
        (lowest deadwood, then fewest unseen cards that could be laid off on it)."""
        table = self.table
        hand = table.hand
        if hand is None or hand.phase is not Phase.ARRANGE or hand.to_act != table.me:
            return
        held = hand.hands[table.me]
        table.arrangements = []
        for action in hand.legal_actions():
            if isinstance(action, Arrange):
                melded = {c for meld in action.melds for c in meld}
                deadwood = tuple(sorted(c for c in held if c not in melded))
                table.arrangements.append(MeldResult(action.melds, deadwood, sum(c.value for c in deadwood)))
        table.arrangement_index = 0
        table.order.arrangement = table.arrangements[0] if table.arrangements else None
        table.order.sort("melds")

    def cycle_arrangement(self, step: int) -> None:
        """Show the next (or previous) legal arrangement of the knocker's hand."""
        table = self.table
        if not table.arrangements:
            return
        table.arrangement_index = (table.arrangement_index + step) % len(table.arrangements)
        table.order.arrangement = table.arrangements[table.arrangement_index]
        table.order.sort("melds")
        table.relayout()

    def sort(self, mode: str) -> None:
        """Sort the person's hand."""
        self.table.order.sort(mode)
        self.table.relayout()

    # --- hints and self-play ------------------------------------------------------------------------

    def show_hint(self) -> None:
        """Ask the AI what it would do, and say it."""
        table = self.table
        assert table.flow is not None
        if not table.flow.ask_hint():
            table.toast.show("Hints are for your turn.")
            return
        table.toast.show("Thinking about a hint...", seconds=2.0)

    def think_hint(self) -> None:
        """Advance the hint's thinking; once it is ready, ring its card and say it."""
        table = self.table
        if table.flow is None:
            return
        advice = table.flow.think_hint()
        if advice is None:
            return
        view, action = advice
        card = getattr(action, "card", None)
        table.hint_action = action
        if card is not None and card in table.order.cards:
            table.selected = table.hinted = card
            table.update_lifts()
        table.toast.show(explain_hint(view, action), seconds=6.0)

    def play_for_seat(self, seat: int, action: Action) -> None:
        """Carry out an AI's decision; for the person's seat (self-play) through the controls."""
        table = self.table
        if seat != table.me:
            table.submit(action, seat=seat)
            return
        if isinstance(action, DrawStock):
            table.draw_stock()
        elif isinstance(action, DrawDiscard):
            table.take_discard()
        elif isinstance(action, Pass):
            table.pass_turn()
        elif isinstance(action, Discard | Knock):
            table.knock_mode = False
            table.submit(action)  # the AI chose it: nothing to ask
        elif isinstance(action, Arrange):
            table.lay_down(action.melds)
        elif isinstance(action, LayOff):
            table.lay_off(action.card, action.meld_index)
        else:
            table.submit(action)  # the AI's own choice to stop laying off


def no_layoff_reason(hand: Hand, seat: int) -> str:
    """Why the defender in `seat` has no layoff worth making (no full stop).

    A card can fit a meld and still be better kept: laying 10♠ off on J♠ Q♠ K♠ breaks the
    player's three tens. Saying "nothing fits" then would look like the game is wrong.
    """
    fitting = [
        card for card in hand.hands[seat] if any(can_lay_off(card, meld) for meld in hand.knocker_melds)
    ]
    if not fitting:
        return "Nothing of yours fits the knocker's melds"
    named = " ".join(card_symbol(card) for card in fitting[:2])
    return f"{named} would fit, but laying off would not lower your deadwood"
