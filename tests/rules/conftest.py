"""Helpers for scripting hands with an exact deck order.

``Hand.from_deck`` deals ``deck[0]`` to the non-dealer, then alternates; ``deck[20]`` is the
upcard (or the non-dealer's eleventh card with the eleven-card deal) and the stock is drawn
from ``deck[21]`` onward. :func:`build_deck` builds such a deck from the hands we want.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules import FULL_DECK, Card, Hand, Phase, RuleSet, parse_cards
from game.rules.scoring import HandResult

CardsLike = str | Iterable[Card]


def cards(text: CardsLike) -> tuple[Card, ...]:
    """Cards from text such as ``"7H 8H 9H"`` (or a collection of cards, unchanged)."""
    return parse_cards(text) if isinstance(text, str) else tuple(text)


def build_deck(
    non_dealer: CardsLike,
    dealer: CardsLike,
    upcard: str | Card | None = None,
    stock: CardsLike = (),
) -> list[Card]:
    """A 52-card deck that deals exactly these hands, this upcard and this stock order.

    ``non_dealer`` has 10 cards (11 for the eleven-card deal, then ``upcard`` is None);
    ``stock`` lists the cards in the order they will be drawn; every card not named goes to
    the bottom of the stock in a fixed order.
    """
    first, second = cards(non_dealer), cards(dealer)
    if isinstance(upcard, str):
        upcard = Card.parse(upcard)
    if upcard is None:
        assert len(first) == 11 and len(second) == 10, "eleven-card deal: 11 and 10 cards"
        top = [first[10]]
    else:
        assert len(first) == 10 and len(second) == 10, "each player gets 10 cards"
        top = [upcard]
    deck: list[Card] = []
    for mine, theirs in zip(first[:10], second, strict=True):
        deck += [mine, theirs]
    deck += top
    deck += cards(stock)
    named = set(deck)
    assert len(named) == len(deck), "a card is named twice"
    deck += [c for c in FULL_DECK if c not in named]
    return deck


def scripted_hand(
    rules: RuleSet,
    non_dealer: CardsLike,
    dealer: CardsLike,
    upcard: str | Card | None = None,
    stock: CardsLike = (),
    dealer_seat: int = 1,
) -> Hand:
    """A hand dealt from :func:`build_deck`; by default seat 0 is the non-dealer (plays first)."""
    return Hand.from_deck(rules, dealer_seat, build_deck(non_dealer, dealer, upcard, stock))


def force_result(hand: Hand, result: HandResult) -> None:
    """End a dealt hand with a chosen result, to test match bookkeeping in isolation."""
    hand.result = result
    hand.phase = Phase.VOID if result.winner is None else Phase.FINISHED
    hand.to_act = None


def hand_state(hand: Hand) -> dict[str, object]:
    """Everything a refused action must leave unchanged: the record and every attribute."""
    attributes = {k: repr(v) for k, v in vars(hand).items()}
    return {"record": hand.to_dict(), "attributes": attributes}


def melds_text(melds: Sequence[Sequence[Card]]) -> set[frozenset[Card]]:
    """Melds as a comparable set of card sets."""
    return {frozenset(m) for m in melds}
