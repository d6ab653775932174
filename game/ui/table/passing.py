"""Pass and play: the device changes hands between two people sharing it.

Each person must see only their own cards. When the turn goes to the other person, the table
is hidden behind the privacy screen ("Pass the device to West") until that person says they
are ready; then their cards come to the bottom of the table, face up, in the order they
left them. :class:`DevicePassing` is the table's part that does this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ui.table.hand_order import HandOrder

if TYPE_CHECKING:
    from game.ui.table.protocols import Table


class DevicePassing:
    """Hiding the table between two people's turns, and showing the next person's cards."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._orders: dict[int, HandOrder] = {}
        """The hand order of each person not holding the device now."""
        self._after: Callable[[], None] | None = None
        """What waits for the right person to hold the device (the deal)."""

    def forget(self) -> None:
        """A new hand: nobody's card order is kept."""
        self._orders = {}

    def hide(self, then: Callable[[], None] | None = None) -> None:
        """Hide the table until the person the device goes to says they are ready (then `then`)."""
        table = self.table
        flow = table.flow
        assert flow is not None and flow.handover is not None
        if then is not None:
            self._after = then
        if table.app.screens.find("privacy") is not None:
            return
        table.input.cancel()
        table.toast.clear()
        name = flow.player_name(flow.pairing[flow.handover])
        table.app.screens.show("privacy", name, self.take_device, table.open_menu)

    def take_device(self) -> None:
        """The next person holds the device: their cards go to the bottom, face up, at once."""
        table = self.table
        flow = table.flow
        if flow is None or flow.handover is None:
            return
        table.animator.finish_all()
        before = flow.viewer_player
        flow.take_device()
        after = flow.viewer_player
        if after != before:
            self._orders[before] = table.order
            table.order = self._orders.pop(after) if after in self._orders else HandOrder()
        table.selected = table.hinted = table.hovered = None
        table.knock_mode = False
        proceed, self._after = self._after, None
        if proceed is not None:
            proceed()  # the deal, now that the right person is looking
            return
        if table.hand is not None:
            table.place_instantly()
        table.invalidate()
