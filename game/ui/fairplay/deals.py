"""The deals a one-hand game plays: a given deck, or a finished hand's deck replayed.

:class:`OneHand` is a deal fixed beforehand (its rules, its dealer, its deck and salt),
played in an ordinary engine match that is handed the deck (`Match.deal_from`): nothing of
the engine is changed or copied. The person always sits in seat 0 of the one-hand game;
replaying "the other seat" deals the same deck with the other dealer, so that seat 0
receives the cards the other seat had.

>>> from game.rules import daily_deck, daily_salt, RuleSet
>>> deal = OneHand(RuleSet.preset("standard"), 1, daily_deck("2024-03-01"), daily_salt("2024-03-01"))
>>> match = deal.match()
>>> hand = deal.deal(match)
>>> hand.deck == daily_deck("2024-03-01"), hand.dealer, match.current is hand
(True, 1, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules import Card, Hand, IllegalAction, Match, RuleSet


@dataclass(frozen=True)
class OneHand:
    """One hand dealt from a given deck: its rules, who deals (seat 0 or 1), the deck, the salt."""

    rules: RuleSet
    dealer: int
    deck: tuple[Card, ...]
    salt: str | None

    def match(self) -> Match:
        """A new two-player match to play the hand in (the scores start at 0)."""
        return Match(self.rules.with_options(players=2), random.Random(0), first_dealer=self.dealer)

    def deal(self, match: Match) -> Hand:
        """Deal the one hand in `match`; a second is refused (a one-hand game has one hand)."""
        if match.current is not None or match.played:
            raise IllegalAction("A single deal has only one hand.")
        return match.deal_from(self.deck, dealer=self.dealer, salt=self.salt)


def replay_deal(hand: Hand, me: int, same_seat: bool) -> OneHand:
    """A one-hand game of `hand`'s deck, rules and salt, with the person (seat 0 of the new
    game) getting the cards seat `me` had (`same_seat`) or the other seat's.

    >>> from game.rules import daily_hand
    >>> original = daily_hand("2024-03-01")
    >>> mine, theirs = replay_deal(original, 0, same_seat=True), replay_deal(original, 0, same_seat=False)
    >>> mine.deal(mine.match()).hands[0] == original.hands[0]
    True
    >>> theirs.deal(theirs.match()).hands[0] == original.hands[1]
    True
    """
    wanted = me if same_seat else 1 - me
    # Seat 0 of the new game takes the role (dealer or not) that seat `wanted` had.
    dealer = hand.dealer if wanted == 0 else 1 - hand.dealer
    return OneHand(hand.rules, dealer, tuple(hand.deck), hand.salt)
