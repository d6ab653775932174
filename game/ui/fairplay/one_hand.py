"""A one-hand game on the real table, dealt from a given deck: a replayed deal or the daily deal.

:class:`SingleDeal` is a match of exactly one hand whose deck, salt and dealer are fixed
beforehand. :class:`OneHandTable` plays it on the ordinary table (same cards, same controls,
same result panel) against one AI of a chosen level and seed, and keeps no records of its
own: the match statistics and the saved match in progress are left alone (a replay is
practice; the daily deal keeps its own record). When the hand's result panel is closed,
:meth:`OneHandTable.hand_done` decides what comes next.

The person always sits in seat 0 of the one-hand game. Replaying "the other seat" means
dealing the same deck with the other dealer, so that seat 0 receives the cards the other
seat had.

>>> from game.rules import daily_deck, daily_salt, RuleSet
>>> deal = SingleDeal(RuleSet.preset("standard"), 1, daily_deck("2024-03-01"), daily_salt("2024-03-01"))
>>> hand = deal.new_hand()
>>> hand.deck == daily_deck("2024-03-01"), hand.dealer, deal.finished
(True, 1, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.rules import Card, Hand, IllegalAction, Match, RuleSet
from game.storage.persistence import Persistence
from game.storage.settings import MatchSetup
from game.storage.stats import Stats
from game.ui.table.flow import TableFlow
from game.ui.table.scene import TableScene, Tally
from game.ui.table.seats import AI, ThinkingSeat, make_ai


class SingleDeal(Match):
    """A match of one hand dealt from `deck` (two players; the scores start at 0)."""

    def __init__(self, rules: RuleSet, dealer: int, deck: Sequence[Card], salt: str | None) -> None:
        super().__init__(rules.with_options(players=2), random.Random(0), first_dealer=dealer)
        self.deck = tuple(deck)
        self.salt = salt
        self.hand_dealer = dealer

    def new_hand(self) -> Hand:
        """The one hand: `deck` dealt by `dealer`, committed with `salt`."""
        if self.current is not None or self.played:
            raise IllegalAction("A single deal has only one hand.")
        hand = Hand.from_deck(self.rules, self.hand_dealer, self.deck, salt=self.salt)
        self.current = hand
        self.seats = (0, 1)
        return hand

    @property
    def finished(self) -> bool:
        """Never: one hand has no match to win (no game bonus, no match result screen)."""
        return False


class PracticeApp:
    """The app as a one-hand game's flow sees it: the same in everything but the records.

    Its statistics are a throwaway `Stats` and its storage is switched off, so whatever the
    table's flow records or saves after the hand leaves the player's real statistics and
    the match in progress untouched.
    """

    def __init__(self, app: Any) -> None:
        self._app = app
        self.stats = Stats()
        self.persistence = Persistence(enabled=False)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)

    def save_stats(self) -> None:
        """Nothing is kept."""


class PracticeFlow(TableFlow):
    """The table's flow for a one-hand game: it never saves the match."""

    def save_match(self) -> None:
        """A one-hand game is not kept (the match in progress, if any, stays saved)."""


class OneHandTable(TableScene):
    """The table playing a :class:`SingleDeal` against an AI of `level` with `seed`."""

    name = "one_hand_table"

    after_hand_label = "Done"
    """The result panel's last button (there is no next hand)."""

    def __init__(self, app: Any, deal: SingleDeal, level: str, seed: int, intro: str = "") -> None:
        super().__init__(app, deal, MatchSetup(("person", "ai"), level))
        self.deal = deal
        self.level = level
        self.seed = seed
        self.intro = intro
        """Said over the table as the cards are dealt (what this game is)."""

    def setup(self) -> None:
        """Deal the one hand (nothing to resume: a one-hand game is never saved)."""
        flow = PracticeFlow(PracticeApp(self.app), self.deal, self, self._initial_setup)
        opponent = ThinkingSeat(make_ai(self.level, seed=self.seed))
        flow.ai_players[AI] = flow.seats[AI] = opponent  # player 1 sits in seat 1 of the one hand
        flow.bucket = None  # no statistics for this hand (the daily deal keeps its own)
        self.flow = flow
        self.tally = Tally(0, 0)
        self.start_hand()
        if self.intro:
            self.toast.show(self.intro, seconds=5.0)

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
            from game.ui.screens.title import TitleScene

            stack.push(TitleScene(self.app))

    def save_match(self) -> None:
        """A one-hand game is not kept."""


def replay_deal(hand: Hand, me: int, same_seat: bool) -> SingleDeal:
    """A one-hand game of `hand`'s deck, rules and salt, with the person (seat 0 of the new
    game) getting the cards seat `me` had (`same_seat`) or the other seat's.

    >>> from game.rules import daily_hand
    >>> original = daily_hand("2024-03-01")
    >>> mine = replay_deal(original, me=0, same_seat=True).new_hand()
    >>> theirs = replay_deal(original, me=0, same_seat=False).new_hand()
    >>> mine.hands[0] == original.hands[0], theirs.hands[0] == original.hands[1]
    (True, True)
    """
    wanted = me if same_seat else 1 - me
    # Seat 0 of the new game takes the role (dealer or not) that seat `wanted` had.
    dealer = hand.dealer if wanted == 0 else 1 - hand.dealer
    return SingleDeal(hand.rules, dealer, hand.deck, hand.salt)
