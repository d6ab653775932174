"""The guided first hand's prepared deals and its scripted opponent (no pygame).

Three short hands, each dealt from a fixed deck so every lesson happens for real:

1. melds, passing the upcard, drawing from the stock, discarding, taking a discard; the
   opponent knocks and the player lays off (a chained layoff, ending in an undercut);
2. taking the upcard, drawing, and the player knocking;
3. taking the opponent's discard and going gin.

The opponent follows a script per hand; when a script runs out (or a scripted move is not
legal, which the tests rule out) it falls back to sensible moves: its best layoffs, the
default arrangement, else the first legal action.

>>> hand = TUTORIAL_DEALS[0].hand(RuleSet.preset("standard"))
>>> hand.phase.value, hand.to_act, str(hand.upcard)
('upcard_offer', 0, 'TS')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass

from game.rules import (
    FULL_DECK,
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    IllegalAction,
    Knock,
    LayOff,
    Match,
    Pass,
    PlayerView,
    RuleSet,
    best_defence,
    parse_cards,
)

YOU = 0
"""The player's seat in every tutorial hand."""
THEM = 1
"""The opponent's seat."""

Move = Action | Callable[[PlayerView], Action]
"""One scripted opponent move: an action, or a function choosing one from its view."""


def defend(view: PlayerView) -> Action:
    """The defender's best layoffs one at a time, then the end of laying off."""
    defence = best_defence(view.hand, view.knocker_melds)
    if defence.layoffs:
        card, meld = defence.layoffs[0]
        return LayOff(card, meld)
    return EndLayoff()


def lay_down(view: PlayerView) -> Action:
    """The engine's default arrangement (the first one it lists)."""
    return next(a for a in view.legal_actions if isinstance(a, Arrange))


def _c(text: str) -> Card:
    return Card.parse(text)


@dataclass(frozen=True)
class Deal:
    """One prepared hand: who holds what, the upcard, the stock's top cards, the dealer.

    `stock` lists the cards drawn from the stock, first drawn first. `opponent` is the
    opponent's script for the hand; `sorted_by` is how the player's cards arrive.
    """

    you: str
    them: str
    upcard: str
    stock: str
    dealer: int
    opponent: tuple[Move, ...]
    sorted_by: str = "melds"

    def deck(self) -> list[Card]:
        """The 52 cards in dealing order (`Hand.from_deck` deals the first to the non-dealer).

        >>> deck = TUTORIAL_DEALS[1].deck()
        >>> len(set(deck)), str(deck[20])
        (52, '4C')
        """
        mine, theirs = parse_cards(self.you), parse_cards(self.them)
        first, second = (theirs, mine) if self.dealer == YOU else (mine, theirs)
        deck: list[Card] = []
        for a, b in zip(first, second, strict=True):
            deck += [a, b]
        deck.append(_c(self.upcard))
        deck += parse_cards(self.stock)
        named = set(deck)
        if len(named) != len(deck):
            raise ValueError("a prepared deal names a card twice")
        return deck + [c for c in FULL_DECK if c not in named]

    def hand(self, rules: RuleSet, scores: tuple[int, int] = (0, 0)) -> Hand:
        """The hand dealt from this deck."""
        return Hand.from_deck(rules, self.dealer, self.deck(), scores)


TUTORIAL_DEALS: tuple[Deal, ...] = (
    Deal(
        you="3C 4C 5C 8S 8D 8C JH QH KS 9D",
        them="8H 9H TH 5S 5D 5H AD 3D 6C KD",
        upcard="TS",
        stock="2S 4S 2D",
        dealer=THEM,
        opponent=(Pass(), DrawStock(), Discard(_c("6C")), DrawStock(), Knock(_c("KD")), lay_down),
        sorted_by="suit",
    ),
    Deal(
        you="7S 8S 9S 4H 4D KC JD 6D 2H AC",
        them="5C 6C 7C TH TD TC JS QH 9H 8D",
        upcard="4C",
        stock="3S TS",
        dealer=THEM,
        opponent=(DrawStock(), Discard(_c("QH")), defend, defend),
    ),
    Deal(
        you="AH 2H 3H 6C 6D 6S 6H JC QC 9D",
        them="7S 7C KC TD TS 4C 5C 8H 2D 3S",
        upcard="7D",
        stock="",
        dealer=YOU,
        opponent=(DrawDiscard(), Discard(_c("KC"))),
    ),
)
"""The tutorial's hands, in order."""


class PreparedDeals:
    """The prepared deals, dealt in order into a plain engine match (the player in seat 0).

    The match is the engine's own, handed each deck (`Match.deal_from`); this keeps count
    of which deal comes next.

    >>> deals = PreparedDeals(RuleSet.preset("standard"))
    >>> hand = deals.deal_next(deals.match)
    >>> str(hand.upcard), deals.deal_index, deals.deals_left
    ('TS', 0, 2)
    """

    def __init__(self, rules: RuleSet, deals: tuple[Deal, ...] = TUTORIAL_DEALS) -> None:
        self.match = Match(rules, random.Random(0))
        self.deals = deals

    @property
    def deal_index(self) -> int:
        """The prepared deal being played (or the next to be dealt)."""
        return len(self.match.played)

    @property
    def deals_left(self) -> int:
        """Prepared hands not dealt yet."""
        dealt = len(self.match.played) + (1 if self.match.current is not None else 0)
        return len(self.deals) - dealt

    def deal_next(self, match: Match) -> Hand:
        """Deal the next prepared hand in `match` (IllegalAction once they are all played)."""
        if match.current is not None:
            raise IllegalAction("finish the hand in progress before dealing another")
        if self.deals_left <= 0:
            raise IllegalAction("the tutorial has no more hands")
        deal = self.deals[len(match.played)]
        return match.deal_from(deal.deck(), dealer=deal.dealer)


class TutorialOpponent:
    """The opponent: plays each hand's script, a move per turn, thinking for one frame."""

    def __init__(self, deals: PreparedDeals) -> None:
        self.deals = deals
        self._hand: Hand | None = None
        self._moves: list[Move] = []

    def think(self, view: PlayerView) -> Generator[None, None, Action]:
        """The next scripted move (or a sensible fallback), after one slice."""
        yield
        hand = self.deals.match.current
        if hand is not self._hand:
            self._hand = hand
            self._moves = list(self.deals.deals[self.deals.deal_index].opponent) if hand else []
        legal = list(view.legal_actions)
        if self._moves:
            move = self._moves.pop(0)
            action = move(view) if callable(move) else move
            if action in legal:
                return action
        return fallback(view)


def fallback(view: PlayerView) -> Action:
    """Off the script: lay off the best, lay down the default, else the first legal move."""
    legal = list(view.legal_actions)
    if any(isinstance(a, LayOff | EndLayoff) for a in legal):
        return defend(view)
    if any(isinstance(a, Arrange) for a in legal):
        return lay_down(view)
    return legal[0]
