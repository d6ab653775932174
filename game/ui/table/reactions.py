"""How the table answers what the flow tells it: an action applied, the end of a hand.

The flow (`game.ui.table.flow`) applies engine actions and tells its listener, the table
scene, which hands each message to :class:`TableReactions`: keep the person's card order
and selection in step with the hand, ring the AI's discard, offer the knocker's
arrangements, announce a knock or an undercut, celebrate a gin, and send every card to its
new place. Nothing here changes the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules import (
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    HandResult,
    Knock,
    MeldResult,
    Phase,
    ResultKind,
    best_melds,
)
from game.ui.core import theme
from game.ui.core.seating import verb

if TYPE_CHECKING:
    from game.ui.table.protocols import Table


class TableReactions:
    """The table's answers to the flow's messages."""

    def __init__(self, table: Table, prepare_arrangements: Callable[[], None]) -> None:
        self.table = table
        self.prepare_arrangements = prepare_arrangements
        self.drew_once = False
        """Whether a card was drawn yet this hand (the first draw is worth a screenshot)."""

    def action_applied(self, seat: int, action: Action, insert_at: int | None) -> None:
        """An action was applied: move the cards, mark what changed, announce knocks."""
        table = self.table
        hand = table.hand
        assert hand is not None
        me, opp = table.me, table.opp
        table.hinted = table.hint_action = table.armed = None
        table.toast.clear()  # a message or hint is about the moment that just passed
        if seat == me and isinstance(action, DrawStock | DrawDiscard):
            table.order.sync(hand.hands[me], insert_at)
            sort = table.app.settings.auto_sort
            if sort != "off":
                table.order.sort(sort)  # the setting: in order after every draw, whatever was moved
            table.selected = hand.hands[me][-1]
        else:
            table.order.sync(hand.hands[me])
        if table.selected not in hand.hands[me]:
            table.selected = None
        if seat == opp and isinstance(action, DrawStock | DrawDiscard):
            table.opp_order.append(hand.hands[opp][-1])
        if isinstance(action, DrawStock | DrawDiscard) and not self.drew_once:
            self.drew_once = True
            table.pending_shot = "first_draw"
        if seat == me and hand.phase is Phase.DISCARD and hand.must_knock:
            table.knock_mode = True  # the last discard was taken to knock: nothing else is legal
        if seat == opp and isinstance(action, Discard):
            table.flash, table.flash_time = action.card, 1.6
        if isinstance(action, Knock):
            table.knock_mode = False
            self.prepare_arrangements()
            self._announce_knock(seat, action)
        if isinstance(action, Arrange):
            table.order.arrangement = None
            table.arrangements = []
            table.pending_shot = "knock"
            if seat == opp and hand.phase is Phase.LAYOFF:
                table.order.sort("melds")
        if isinstance(action, EndLayoff) or (hand.is_over and isinstance(action, Arrange)):
            table.pending_shot = "layoffs"
        table.relayout()
        if not isinstance(action, Knock):
            table.app.play("card")

    def _announce_knock(self, seat: int, action: Knock) -> None:
        table = self.table
        hand = table.hand
        assert hand is not None
        table.app.play("knock")
        if action.card is None or best_melds(hand.hands[seat]).deadwood_value == 0:
            return  # gin gets its celebration once the melds are down
        who = "You" if seat == table.me else table.opp_the
        table.banner.show(table.animator, verb(who, "knock") + "!", still=table.app.settings.reduced_motion)

    def hand_over(self) -> None:
        """The hand ended: show both hands grouped by the engine's melds; celebrate a gin."""
        table = self.table
        hand = table.hand
        assert hand is not None
        table.selected = table.hinted = table.hint_action = table.armed = None
        table.knock_mode = False
        result = hand.result
        if result is not None and result.kind is ResultKind.UNDERCUT:
            table.banner.show(table.animator, "Undercut!", theme.BAD, still=table.app.settings.reduced_motion)
        if hand.knocker is not None and hand.knocker != table.me:
            # The defender's melds are the engine's, which decide the score.
            held = hand.hands[table.me]
            melded = {c for meld in hand.defender_melds for c in meld}
            deadwood = tuple(sorted(c for c in held if c not in melded))
            table.order.arrangement = MeldResult(
                hand.defender_melds, deadwood, sum(c.value for c in deadwood)
            )
        table.order.sort("melds")
        table.relayout()
        if result is not None and result.kind in (ResultKind.GIN, ResultKind.BIG_GIN):
            self._celebrate_gin(result)

    def _celebrate_gin(self, result: HandResult) -> None:
        table = self.table
        assert result.winner is not None
        who = table.seating.subject(table.pairing[result.winner])
        word = "Big gin" if result.kind is ResultKind.BIG_GIN else "Gin"
        table.app.screens.show("celebration", "gin", f"{word}!", f"{who}: {word.lower()}")
