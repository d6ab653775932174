"""A one-hand game on the real table: a replayed deal, or the daily deal.

:class:`OneHandTable` plays a :class:`~game.ui.fairplay.deals.OneHand` on the ordinary table
(same cards, same controls, same result panel) against one AI of a chosen level and seed,
and keeps no records of its own: the match statistics and the saved match in progress are
left alone (a replay is practice; the daily deal keeps its own record). When the hand's
result panel is closed, :meth:`OneHandTable.hand_done` decides what comes next.
"""

from __future__ import annotations

from game.rules import Match
from game.storage.settings import MatchSetup
from game.ui.core.scene import OneHandPause
from game.ui.fairplay.deals import OneHand
from game.ui.table.flow import FlowOptions
from game.ui.table.protocols import TableApp
from game.ui.table.scene import TableScene
from game.ui.table.seats import AI, make_ai


class OneHandTable(TableScene):
    """The table playing a :class:`OneHand` against an AI of `level` with `seed`."""

    name = "one_hand_table"

    after_hand_label = "Done"
    """The result panel's last button (there is no next hand)."""

    def __init__(
        self, app: TableApp, deal: OneHand, level: str, seed: int, intro: str = "", match: Match | None = None
    ) -> None:
        """`match` is the deal's match with its hand under way (resuming); by default a new one."""
        super().__init__(
            app, match if match is not None else deal.match(), MatchSetup(("person", "ai"), level)
        )
        self.deal = deal
        self.level = level
        self.seed = seed
        self.intro = intro
        """Said over the table as the cards are dealt (what this game is)."""

    def flow_options(self) -> FlowOptions:
        """Dealt from the given deck, against the given AI, kept in no statistics and never saved."""
        return FlowOptions(
            deal=self.deal.deal, players={AI: make_ai(self.level, seed=self.seed)}, records=False
        )

    def setup(self) -> None:
        """Deal the one hand (there is nothing to resume) and say what this game is."""
        super().setup()
        if self.intro:
            self.toast.show(self.intro, seconds=5.0)

    def match_goal(self) -> str:
        """A game of one hand is played to nothing but its end."""
        return "one hand"

    def open_menu(self) -> None:
        """Pause: the menu of a single hand (no match to restart or concede)."""
        self.app.screens.show("pause", self, self.match, self.setup_of_match, one_hand=self.pause_menu())

    def pause_menu(self) -> OneHandPause:
        """What the pause menu offers: leaving this hand for where it was opened from."""
        return OneHandPause("Leave this hand", self.leave)

    def leave(self) -> None:
        """Leave the hand unfinished (it counts nowhere) for whatever was under it."""
        self.hand_done()

    def next_label(self) -> str:
        """The result panel's way on: there is no next hand."""
        return self.after_hand_label

    def next_hand(self) -> None:
        """The result panel was closed: there is no next hand."""
        self.hand_done()

    def hand_done(self) -> None:
        """After the hand: leave the table for whatever was under it."""
        stack = self.app.stack
        if self in stack.scenes:
            while stack.top is not self:
                stack.pop()
            stack.pop()
        if stack.top is None:
            self.app.screens.show("title")
