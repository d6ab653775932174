"""Why a level throws one card rather than another, in words a player can check on the cards.

The hint and the coach both say why a discard was chosen. What decided it is read from the
level's own values of the discards (:func:`discard_values`): the hand evaluator's cost of
each hand left, and, for the levels that discard safely, its reading of how likely each
card is to give the opponent a meld. The reason names the card and what it is to the hand
(it fits nothing, it only goes with two others, a meld stays whole without it), then what
set it apart from the next best discard: it counts more, the other one builds a meld, or
the other one would help the opponent. A card is called unlikely to help the opponent only
when that reading says so, and a risky one is never called safe.

>>> from game.rules import parse_cards
>>> hand = parse_cards("7H 8H 9H TH KS 2C 3C")
>>> [role(hand, Card.parse(c)).said() for c in ("KS", "2C", "TH")]
['K♠ fits none of your other cards', '2♣ only goes with 3♣', '7♥8♥9♥10♥ stays a meld without 10♥']
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from game.ai.base import finish
from game.ai.levels import CONFIGS
from game.ai.search import SearchPlayer
from game.ai.tracking import opponent_moves
from game.rules import Card, Discard, PlayerView, best_melds, card_symbol, cards_to_mask, is_meld

SAFE = 0.1
"""A discard the level reads as feeding the opponent less often than this is "unlikely to help"."""
RISKY = 0.35
"""From this chance on, the reason warns that the card may give the opponent a meld."""


@dataclass(frozen=True, slots=True)
class DiscardValues:
    """A level's values of the discards open in one view, as it compares them.

    ``hand`` is the hand evaluator's cost of the hand left after each discard (lower is
    better), ``danger`` the level's chance that the card gives the opponent a meld, and
    ``safety`` what the level charges per unit of that chance: a discard's total is
    ``hand + safety * danger``.
    """

    hand: dict[Card, float]
    danger: dict[Card, float]
    safety: float

    def total(self, card: Card) -> float:
        """What the level charges for discarding ``card``."""
        return self.hand[card] + self.safety * self.danger[card]


def discard_values(view: PlayerView, level: str = "hard", seed: int = 0) -> DiscardValues:
    """``level``'s values of every legal discard in ``view``, read as its own decision reads
    them (its reading of the opponent, then its hand evaluator): a few milliseconds."""
    return finish(think_discard_values(view, level, seed))


def think_discard_values(
    view: PlayerView, level: str = "hard", seed: int = 0
) -> Generator[None, None, DiscardValues]:
    """:func:`discard_values` in slices, like a player's ``think`` (for the coach's review)."""
    context = SearchPlayer(CONFIGS[level], seed).context(view)
    yield from context.read_opponent()
    hand: dict[Card, float] = {}
    for action in view.legal_actions:
        if isinstance(action, Discard):
            hand[action.card] = context.evaluator.hand_cost(context.hand & ~action.card.bit)
            yield
    danger = {c: context.danger(c.index) for c in hand}
    return DiscardValues(hand, danger, context.config.safety)


@dataclass(frozen=True, slots=True)
class Role:
    """What one card is to a hand: in a meld (which stays whole without it or not), with
    cards it could meld with, or with nothing."""

    card: Card
    meld: tuple[Card, ...] = ()
    whole: bool = False
    mates: tuple[Card, ...] = ()

    def said(self) -> str:
        """The card's role as a clause with the card as subject."""
        name = card_symbol(self.card)
        if self.meld and self.whole:
            return f"{run_text(self.meld)} stays a meld without {name}"
        if self.meld:
            return f"{name} would break up {run_text(self.meld)}"
        if self.mates:
            return f"{name} only goes with {cards_text(self.mates)}"
        return f"{name} fits none of your other cards"

    def worth(self) -> str:
        """What keeping the card is worth, as a predicate ("" when nothing): "goes with 9♠"."""
        if self.meld and not self.whole:
            return f"is in {run_text(self.meld)}"
        if self.mates:
            return f"goes with {cards_text(self.mates)}"
        return ""


def role(hand: Sequence[Card], card: Card) -> Role:
    """What ``card`` is to ``hand`` (which holds it), by the hand's best melds."""
    result = best_melds(cards_to_mask(hand))
    for meld in result.melds:
        if card in meld:
            rest = [c for c in meld if c != card]
            return Role(card, tuple(meld), len(rest) >= 3 and is_meld(rest))
    mates = tuple(
        c
        for c in result.deadwood
        if c != card and (c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2))
    )
    return Role(card, mates=mates[:2])


def discard_reason(
    view: PlayerView, card: Card, values: DiscardValues, rival: Card | None = None, danger_note: bool = True
) -> str:
    """Why discarding ``card`` in ``view``: what it is to the hand, what set it apart from
    ``rival`` (by default the next best discard by the level's values), and (``danger_note``)
    what the level reads of its danger."""
    hand = list(view.hand)
    mine = role(hand, card)
    parts = [mine.said()]
    others = [c for c in values.hand if c != card]
    if rival is None and others:
        rival = min(others, key=values.total)
    if rival is not None and rival in values.hand and card in values.hand:
        theirs = role(hand, rival)
        better_hand = values.hand[rival] - values.hand[card]
        safer = values.safety * (values.danger[rival] - values.danger[card])
        if values.total(card) <= values.total(rival) and safer > max(0.0, better_hand):
            warning = f"{card_symbol(rival)} would do about as well for your hand, but could give the opponent a meld"
            parts.append(warning + took_note(view, rival))
        elif theirs.worth() and card not in (*theirs.mates, *theirs.meld):
            parts.append(f"{card_symbol(rival)} stays: it {theirs.worth()}")
        elif not mine.meld and card.value > rival.value:
            parts.append(f"it counts more than {card_symbol(rival)} ({card.value} to {rival.value})")
        elif better_hand > 0:
            parts.append(f"{card_symbol(rival)} stays: more of the unseen cards would meld with it")
    if danger_note and card in values.danger:
        danger = values.danger[card]
        if danger < SAFE:
            parts.append(f"{card_symbol(card)} is unlikely to help the opponent")
        elif danger >= RISKY:
            parts.append(f"careful: {card_symbol(card)} may give the opponent a meld{took_note(view, card)}")
    return "; ".join(parts)


def took_note(view: PlayerView, card: Card) -> str:
    """ " (it took 8♥)" when the opponent took a card that melds with ``card``, else ""."""
    for kind, other in reversed(opponent_moves(view)):
        if kind == "took" and (
            other.rank == card.rank or (other.suit == card.suit and abs(other.rank - card.rank) <= 2)
        ):
            return f" (it took {card_symbol(other)})"
    return ""


def cards_text(cards: Sequence[Card]) -> str:
    """Cards with suit symbols, e.g. ``"7♥ 8♥"``."""
    return " ".join(card_symbol(c) for c in cards)


def run_text(meld: Sequence[Card]) -> str:
    """A meld as ``"7♥8♥9♥"``."""
    return "".join(card_symbol(c) for c in sorted(meld, key=lambda c: (c.rank, c.suit)))
