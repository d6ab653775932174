"""One deal of Gin Rummy as an explicit state machine.

Seats are 0 and 1. Every action goes through :meth:`Hand.verify` (which raises
:class:`IllegalAction` saying why) before anything changes, so a refused action leaves the
hand exactly as it was. A hand is fully described by its deal terms (rules, dealer, the
players in its seats, the scores, the deck order and the salt: :class:`DealTerms`) and the
actions taken, which is also how it is saved and replayed.

>>> import random
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(7))
>>> hand.phase, hand.to_act
(<Phase.UPCARD_OFFER: 'upcard_offer'>, 1)
>>> hand.legal_actions()
[DrawDiscard(), Pass()]
>>> event = hand.apply(Pass())
>>> hand.to_act
0
>>> hand.apply(Discard(hand.view(0).hand[0]))
Traceback (most recent call last):
...
game.rules.errors.IllegalAction: This is the first turn: take the upcard (...) or pass.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.rules.actions import (
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Knock,
    LayOff,
    Meld,
    Pass,
    action_from_data,
    action_to_data,
    describe_melds,
)
from game.rules.cards import (
    FULL_DECK,
    Card,
    CardParseError,
    card_from_data,
    card_symbol,
    cards_to_mask,
)
from game.rules.errors import IllegalAction, RecordError, RuleSetError
from game.rules.fairness import (
    COMMITMENT_VERSION,
    SALT_DIGITS,
    DealTerms,
    is_commitment,
    is_salt,
    new_salt,
    prepared_salt,
)
from game.rules.fairness import MAX_SCORE as TERMS_MAX_SCORE
from game.rules.fairness import fingerprint as commitment_fingerprint
from game.rules.melds import (
    best_melds,
    can_lay_off,
    deadwood_value,
    default_arrangement,
    is_meld,
    knock_arrangements,
)
from game.rules.records import open_record, seal, show, whole_number, whole_numbers
from game.rules.ruleset import RuleSet
from game.rules.scoring import VOID_RESULT, HandResult, knock_limit_for, score_hand

#: Version 2 added the deal's salt and commitment (format 1: salt and deck); version 3 the
#: players in the seats, and a commitment to every deal term (format 2).
RECORD_VERSION = 3
_V1_FIELDS = {"rules", "dealer", "scores", "deck", "actions", "state"}
HAND_LAYOUTS: dict[int, set[str]] = {
    1: _V1_FIELDS,
    2: _V1_FIELDS | {"salt", "commitment"},
    3: _V1_FIELDS | {"salt", "commitment", "players"},
}
#: The commitment format of each record version (version 1 has none).
FORMAT_OF_RECORD = {2: 1, 3: 2}
#: No real match comes near this score; a record claiming more is corrupt.
MAX_SCORE = TERMS_MAX_SCORE


def _name(card: Card) -> str:
    """A card as players read it in a message: ``J♣``, never ``JC``."""
    return card_symbol(card)


def _names(cards: Sequence[Card]) -> str:
    return " ".join(card_symbol(card) for card in cards)


def _json(data: object) -> str:
    return json.dumps(data, sort_keys=True)


def _points(count: int) -> str:
    return "1 point" if count == 1 else f"{count} points"


class Phase(Enum):
    """Where a hand stands."""

    UPCARD_OFFER = "upcard_offer"  # first turn: take the upcard or pass
    DRAW = "draw"
    DISCARD = "discard"
    LAST_CHANCE = "last_chance"  # option last_discard_chance: take the last discard to knock
    ARRANGE = "arrange"  # the knocker lays out melds
    LAYOFF = "layoff"  # the defender lays off onto the knocker's melds
    FINISHED = "finished"
    VOID = "void"


@dataclass(frozen=True, slots=True)
class Event:
    """What one action did, as everyone at the table saw it.

    ``card`` is the card that moved when it was seen face up (a discard, a taken discard, a
    layoff); a card drawn from the stock and the knocker's face-down discard stay hidden
    (``None``) until the hand is over.
    """

    player: int
    kind: str
    card: Card | None = None
    melds: tuple[Meld, ...] = ()
    meld_index: int | None = None

    def __str__(self) -> str:
        text = f"player {self.player} {self.kind.replace('_', ' ')}"
        if self.card is not None:
            text += f" {self.card}"
        if self.melds:
            text += " " + describe_melds(self.melds)
        return text


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything one player may know at this moment, and nothing more."""

    player: int
    phase: Phase
    to_act: int | None
    rules: RuleSet
    dealer: int
    knock_limit: int
    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    stock_size: int
    opponent_hand_size: int
    opponent_known: tuple[Card, ...]
    history: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    upcard: Card | None
    taken_discard: Card | None
    turn: int
    scores: tuple[int, int] = (0, 0)
    knocker: int | None = None
    knocker_melds: tuple[Meld, ...] = ()
    knocker_deadwood: tuple[Card, ...] = ()
    layoffs: tuple[tuple[Card, int], ...] = ()
    opponent_hand: tuple[Card, ...] | None = None  # only once the hand is over
    knock_card: Card | None = None  # the face-down discard, shown once the hand is over
    result: HandResult | None = None
    # Once the hand is over: the deal's commitment, and the deck and salt that prove it.
    # (During play the table shows Hand.fingerprint; a view leaves the commitment out, since
    # it is computed from hidden cards and a view holds only what the seat can see.)
    commitment: str | None = None
    deck: tuple[Card, ...] | None = None
    salt: str | None = None


@dataclass
class Hand:
    """One deal: the cards, whose turn it is, and what has happened."""

    rules: RuleSet
    dealer: int
    deck: tuple[Card, ...]
    knock_limit: int
    hands: list[list[Card]]
    stock: list[Card]  # the next card to draw is stock[-1]
    discard_pile: list[Card]
    discarded_by: list[int | None]  # who put each discard-pile card there (None: the upcard)
    phase: Phase
    to_act: int | None
    upcard: Card | None
    scores: tuple[int, int] = (0, 0)
    turn: int = 0
    stock_only: bool = False  # both passed the upcard: the non-dealer must draw from the stock
    taken_discard: Card | None = None
    taken_from: int | None = None  # who had discarded the card just taken
    no_retake: tuple[int, Card] | None = None
    must_knock: bool = False
    known: list[list[Card]] = field(default_factory=lambda: [[], []])
    actions: list[tuple[int, Action]] = field(default_factory=list)
    history: list[Event] = field(default_factory=list)
    knocker: int | None = None
    knock_card: Card | None = None
    knocker_melds: list[list[Card]] = field(default_factory=list)
    knocker_deadwood: tuple[Card, ...] = ()
    layoffs: list[tuple[Card, int]] = field(default_factory=list)
    defender_melds: tuple[Meld, ...] = ()
    result: HandResult | None = None
    salt: str | None = None  # None only for hands saved before deals carried a commitment
    commitment: str | None = None
    players: tuple[int, int] = (0, 1)  # the match players in seats 0 and 1
    commitment_version: int | None = COMMITMENT_VERSION  # None: no commitment (see fairness)

    # --- creation -------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: RuleSet,
        dealer: int,
        rng: random.Random,
        scores: tuple[int, int] = (0, 0),
        *,
        players: tuple[int, int] = (0, 1),
        salted: bool = True,
        commitment_version: int = COMMITMENT_VERSION,
    ) -> Hand:
        """Shuffle with ``rng``, draw the salt from it too, and deal.

        The salt is drawn after the shuffle, so the same generator gives the same deck as
        before deals were salted; ``salted=False`` deals exactly as the game did then (no salt
        drawn, no commitment), only to replay matches saved in that format, and
        ``commitment_version=1`` commits as the game did before the terms were bound.
        ``players`` are the match players in seats 0 and 1.
        """
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        if not salted:
            return cls.from_deck(rules, dealer, deck, scores, players=players)._without_commitment()
        return cls.from_deck(
            rules,
            dealer,
            deck,
            scores,
            salt=new_salt(rng),
            players=players,
            commitment_version=commitment_version,
        )

    @classmethod
    def from_deck(
        cls,
        rules: RuleSet,
        dealer: int,
        deck: Sequence[Card],
        scores: tuple[int, int] = (0, 0),
        *,
        salt: str | None = None,
        players: tuple[int, int] = (0, 1),
        commitment_version: int = COMMITMENT_VERSION,
    ) -> Hand:
        """Deal from an explicit deck order (``deck[0]`` is dealt first, to the non-dealer).

        Cards go one at a time, alternately, starting with the non-dealer; the 21st card is
        the upcard, or the non-dealer's 11th card with the eleven-card deal. The hand commits
        to its terms (:class:`~game.rules.fairness.DealTerms`: the rules, the dealer, the
        ``players`` in seats 0 and 1, the scores, the deck and ``salt``, 32 lowercase hex
        digits); without a salt, the public salt of a prepared deal
        (:func:`~game.rules.fairness.prepared_salt`) is used. Within a match,
        :meth:`Match.deal_from <game.rules.match.Match.deal_from>` deals its next hand this way.

        >>> from game.rules import FULL_DECK
        >>> hand = Hand.from_deck(RuleSet.preset("standard"), 1, FULL_DECK)
        >>> [str(c) for c in hand.hands[0][:3]], str(hand.upcard), hand.to_act
        (['AC', '3C', '5C'], '8D', 0)
        """
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
            raise IllegalAction(f"The dealer must be seat 0 or 1, not {dealer!r}.")
        cards = tuple(deck)
        if len(cards) != 52 or not all(isinstance(c, Card) for c in cards) or len(set(cards)) != 52:
            raise IllegalAction("A deck must hold each of the 52 cards exactly once.")
        if salt is None:
            salt = prepared_salt(cards)
        if not is_salt(salt):
            raise IllegalAction(f"A salt is {SALT_DIGITS} lowercase hex digits, not {salt!r}.")
        try:
            terms = DealTerms(rules, dealer, tuple(players), tuple(scores), cards, salt, commitment_version)  # type: ignore[arg-type]
        except (TypeError, ValueError) as error:
            raise IllegalAction(f"These are not the terms of a deal: {error}.") from None
        non_dealer = 1 - dealer
        hands: list[list[Card]] = [[], []]
        for i in range(20):
            hands[non_dealer if i % 2 == 0 else dealer].append(cards[i])
        stock = list(reversed(cards[21:]))
        if rules.eleven_card_deal:
            hands[non_dealer].append(cards[20])
            hand = cls(rules, dealer, cards, rules.knock_limit, hands, stock, [], [],
                       Phase.DISCARD, non_dealer, None, scores)  # fmt: skip
        else:
            upcard = cards[20]
            hand = cls(rules, dealer, cards, knock_limit_for(rules, upcard), hands, stock,
                       [upcard], [None], Phase.UPCARD_OFFER, non_dealer, upcard, scores)  # fmt: skip
        hand.salt = salt
        hand.players = terms.players
        hand.commitment_version = terms.version
        hand.commitment = terms.commitment
        return hand

    def as_dealt(self) -> Hand:
        """A new hand holding this same deal before any action (its terms, commitment and
        its format), to replay the hand step by step."""
        fresh = Hand.from_deck(
            self.rules, self.dealer, self.deck, self.scores, salt=self.salt, players=self.players,
            commitment_version=self.commitment_version or COMMITMENT_VERSION,
        )  # fmt: skip
        return fresh if self.salt is not None else fresh._without_commitment()

    def _without_commitment(self) -> Hand:
        # Hands saved before record version 2 had no salt: they replay without one.
        self.salt = self.commitment = None
        self.commitment_version = None
        return self

    # --- queries --------------------------------------------------------------------------

    @property
    def non_dealer(self) -> int:
        """The seat that plays first."""
        return 1 - self.dealer

    @property
    def is_over(self) -> bool:
        """Finished or void."""
        return self.phase in (Phase.FINISHED, Phase.VOID)

    @property
    def terms(self) -> DealTerms | None:
        """What the deal committed to, in its commitment's format; None for a hand saved
        before deals carried a commitment."""
        if self.salt is None or self.commitment_version is None:
            return None
        return DealTerms(
            self.rules, self.dealer, self.players, self.scores, self.deck, self.salt, self.commitment_version
        )

    def commitment_matches(self, commitment: str | None) -> bool:
        """Whether `commitment` (as shown before the deal) is this deal's, recomputed now
        from its terms; False for a hand without a commitment."""
        terms = self.terms
        return commitment is not None and terms is not None and terms.commitment == commitment

    @property
    def fingerprint(self) -> str | None:
        """The commitment's short form (``"9f86 d081 884c"``) for the table to show before
        play; None for a hand saved before deals carried a commitment."""
        return None if self.commitment is None else commitment_fingerprint(self.commitment)

    @property
    def defender(self) -> int | None:
        """The seat that did not knock, once somebody has."""
        return None if self.knocker is None else 1 - self.knocker

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take (the defender's layoffs one at a time)."""
        if self.to_act is None:
            return []
        player = self.to_act
        hand = self.hands[player]
        phase = self.phase
        actions: list[Action] = []
        if phase is Phase.UPCARD_OFFER:
            return [DrawDiscard(), Pass()]
        if phase is Phase.DRAW:
            actions.append(DrawStock())
            if self._may_take_discard(player)[0]:
                actions.append(DrawDiscard())
            return actions
        if phase is Phase.LAST_CHANCE:
            if self._may_take_discard(player)[0]:
                actions.append(DrawDiscard())
            actions.append(Pass())
            return actions
        if phase is Phase.DISCARD:
            if not self.must_knock:
                actions.extend(Discard(c) for c in hand if self._may_discard(c))
            if self._opening_discard_only:
                return actions
            actions.extend(Knock(c) for c in hand if self._may_knock_with(c))
            if self._may_big_gin():
                actions.append(Knock(None))
            return actions
        if phase is Phase.ARRANGE:
            limit = 0 if self.knock_card is None else self.knock_limit
            arrangements = [Arrange(r.melds) for r in knock_arrangements(hand, limit)]
            default = self.default_arrangement()
            arrangements.remove(default)
            return [default, *arrangements]
        if phase is Phase.LAYOFF:
            for card in sorted(hand):
                for i, meld in enumerate(self.knocker_melds):
                    if can_lay_off(card, meld):
                        actions.append(LayOff(card, i))
            actions.append(EndLayoff())
            return actions
        return []

    def default_arrangement(self) -> Arrange:
        """In the ARRANGE phase: the lowest deadwood, then the fewest unseen layoff cards."""
        if self.phase is not Phase.ARRANGE or self.knocker is None:
            raise IllegalAction("Nobody has knocked, so there are no melds to lay out.")
        hand = self.hands[self.knocker]
        seen = cards_to_mask(hand) | cards_to_mask(self.discard_pile)
        if self.knock_card is not None:
            seen |= self.knock_card.bit
        limit = 0 if self.knock_card is None else self.knock_limit
        best = default_arrangement(hand, limit, seen)
        assert best is not None  # the knock was verified
        return Arrange(best.melds)

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalAction` saying why ``action`` is not allowed now."""
        if self.is_over:
            raise IllegalAction("The hand is over: no more moves can be made.")
        player = self.to_act
        assert player is not None
        hand = self.hands[player]
        phase = self.phase
        if phase is Phase.UPCARD_OFFER:
            if not isinstance(action, DrawDiscard | Pass):
                raise IllegalAction(
                    f"This is the first turn: take the upcard ({_name(self.discard_pile[-1])}) or pass."
                )
        elif phase is Phase.DRAW:
            if isinstance(action, DrawStock):
                return
            if not isinstance(action, DrawDiscard):
                raise IllegalAction("Draw a card first, from the stock or the discard pile.")
            allowed, why = self._may_take_discard(player)
            if not allowed:
                raise IllegalAction(why)
        elif phase is Phase.LAST_CHANCE:
            if isinstance(action, Pass):
                return
            if not isinstance(action, DrawDiscard):
                raise IllegalAction(
                    "The stock is down to two cards: take the last discard to knock with it, or pass."
                )
            allowed, why = self._may_take_discard(player)
            if not allowed:
                raise IllegalAction(why)
        elif phase is Phase.DISCARD:
            self._verify_discard_phase(action, hand)
        elif phase is Phase.ARRANGE:
            self._verify_arrange(action, hand)
        elif phase is Phase.LAYOFF:
            self._verify_layoff(action, hand)

    def _verify_discard_phase(self, action: Action, hand: list[Card]) -> None:
        if isinstance(action, Discard):
            if action.card not in hand:
                raise IllegalAction(f"{_name(action.card)} is not in your hand.")
            if self.must_knock:
                raise IllegalAction("You took that card only to knock, so you must knock this turn.")
            if not self._may_discard(action.card):
                raise IllegalAction(
                    f"{_name(action.card)} was just taken from the discard pile, so it cannot be discarded this turn."
                )
            return
        if isinstance(action, Knock):
            if self._opening_discard_only:
                raise IllegalAction(
                    "The first turn of the eleven-card deal is only a discard: "
                    "you may knock from your next turn on."
                )
            if action.card is None:
                if not self.rules.big_gin:
                    raise IllegalAction("Big gin is not played with these rules: knock by discarding a card.")
                if not self._may_big_gin():
                    raise IllegalAction("Big gin needs all eleven cards in melds.")
                return
            if action.card not in hand:
                raise IllegalAction(f"{_name(action.card)} is not in your hand.")
            if not self._may_discard(action.card) and not self._may_knock_with_taken():
                raise IllegalAction(
                    f"{_name(action.card)} was just taken from the discard pile, so it cannot be discarded this turn."
                )
            rest = cards_to_mask(hand) & ~action.card.bit
            count = deadwood_value(rest)
            if count > self.knock_limit:
                if self.knock_limit == 0:
                    raise IllegalAction(
                        f"Only gin may knock in this hand, and discarding {_name(action.card)} "
                        f"leaves {_points(count)} of deadwood."
                    )
                raise IllegalAction(
                    f"Discarding {_name(action.card)} leaves {_points(count)} of deadwood: "
                    f"the knock limit is {self.knock_limit}."
                )
            return
        if self._opening_discard_only:
            raise IllegalAction(
                "The first turn of the eleven-card deal is only a discard: choose a card to throw."
            )
        raise IllegalAction("You have drawn: now discard a card, or knock.")

    def _verify_arrange(self, action: Action, hand: list[Card]) -> None:
        if not isinstance(action, Arrange):
            raise IllegalAction("You knocked: lay out your melds now.")
        used: set[Card] = set()
        for meld in action.melds:
            if not is_meld(meld):
                raise IllegalAction(f"{_names(meld)} is not a set or a run.")
            for card in meld:
                if card not in hand:
                    raise IllegalAction(f"{_name(card)} is not in your hand.")
                if card in used:
                    raise IllegalAction(f"{_name(card)} cannot be in two melds at once.")
                used.add(card)
        count = sum(c.value for c in hand if c not in used)
        limit = 0 if self.knock_card is None else self.knock_limit
        if count > limit:
            raise IllegalAction(
                f"Those melds leave {_points(count)} of deadwood: the limit is {limit}."
                if limit
                else f"Those melds leave {_points(count)} of deadwood: this knock must be gin."
            )

    def _verify_layoff(self, action: Action, hand: list[Card]) -> None:
        if isinstance(action, EndLayoff):
            return
        if not isinstance(action, LayOff):
            raise IllegalAction("Lay off cards onto the knocker's melds, or finish laying off.")
        if action.card not in hand:
            raise IllegalAction(f"{_name(action.card)} is not in your hand.")
        if not 0 <= action.meld_index < len(self.knocker_melds):
            raise IllegalAction(f"There is no meld number {action.meld_index + 1} to lay off on.")
        meld = self.knocker_melds[action.meld_index]
        if not can_lay_off(action.card, meld):
            raise IllegalAction(f"{_name(action.card)} does not fit onto {_names(meld)}.")

    @property
    def _opening_discard_only(self) -> bool:
        # RULES.md: with the eleven-card deal the non-dealer's first turn is only a discard,
        # so no knock, gin or big gin before anybody has drawn. No action yet means that turn.
        return self.rules.eleven_card_deal and not self.actions

    def _may_discard(self, card: Card) -> bool:
        return card != self.taken_discard or self.rules.allow_rediscard

    def _may_knock_with_taken(self) -> bool:
        # The last-discard chance lets the player knock discarding that same card face down,
        # and the rediscard rule lets the retaking original discarder knock with it too.
        return self.must_knock or self.rules.allow_rediscard

    def _may_knock_with(self, card: Card) -> bool:
        if card == self.taken_discard and not self._may_knock_with_taken():
            return False
        rest = cards_to_mask(self.hands[self.to_act or 0]) & ~card.bit
        return deadwood_value(rest) <= self.knock_limit

    def _may_big_gin(self) -> bool:
        hand = self.hands[self.to_act or 0]
        return (
            self.rules.big_gin
            and not self._opening_discard_only
            and len(hand) == 11
            and deadwood_value(hand) == 0
        )

    def _can_knock_after_taking(self, player: int, card: Card) -> bool:
        mask = cards_to_mask(self.hands[player]) | card.bit
        return any(deadwood_value(mask & ~c.bit) <= self.knock_limit for c in self.hands[player] + [card])

    def _may_take_discard(self, player: int) -> tuple[bool, str]:
        if not self.discard_pile:
            return False, "The discard pile is empty."
        if self.stock_only:
            return False, "Both players passed the upcard, so draw from the stock."
        top = self.discard_pile[-1]
        if self.phase is Phase.LAST_CHANCE and not self._can_knock_after_taking(player, top):
            return (
                False,
                f"The last discard may be taken only to knock, and {_name(top)} would not let you knock.",
            )
        if self.no_retake == (player, top) and not self._can_knock_after_taking(player, top):
            return (
                False,
                f"You discarded {_name(top)} and it was thrown back: you may take it again only to knock.",
            )
        return True, ""

    # --- applying actions -----------------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Apply a legal action and return what happened, as everyone saw it."""
        self.verify(action)
        player = self.to_act
        assert player is not None
        self.actions.append((player, action))
        event = self._apply(player, action)
        self.history.append(event)
        return event

    def _apply(self, player: int, action: Action) -> Event:
        other = 1 - player
        hand = self.hands[player]
        if isinstance(action, Pass):
            if self.phase is Phase.LAST_CHANCE:
                self._void()
                return Event(player, "pass")
            if player == self.non_dealer:
                self.to_act = self.dealer
            else:
                self.phase, self.to_act, self.stock_only = Phase.DRAW, self.non_dealer, True
            return Event(player, "pass")
        if isinstance(action, DrawStock):
            hand.append(self.stock.pop())
            self.taken_discard = None
            self._after_draw(player, must_knock=False)
            return Event(player, "draw_stock")
        if isinstance(action, DrawDiscard):
            kind = "take_upcard" if self.phase is Phase.UPCARD_OFFER else "draw_discard"
            card = self.discard_pile.pop()
            self.taken_from = self.discarded_by.pop()
            hand.append(card)
            self.known[player].append(card)
            must_knock = self.phase is Phase.LAST_CHANCE or self.no_retake == (player, card)
            self.taken_discard = card
            self._after_draw(player, must_knock)
            return Event(player, kind, card)
        if isinstance(action, Discard):
            self._remove(player, action.card)
            self.no_retake = None
            if action.card == self.taken_discard and self.taken_from is not None:
                # Association rule: the card went back, so its first discarder may not retake it.
                self.no_retake = (self.taken_from, action.card)
            self.discard_pile.append(action.card)
            self.discarded_by.append(player)
            self.taken_discard = None
            if len(self.stock) <= 2:
                if self.rules.last_discard_chance:
                    self.phase, self.to_act = Phase.LAST_CHANCE, other
                else:
                    self._void()
            else:
                self.phase, self.to_act = Phase.DRAW, other
                self.turn += 1
            return Event(player, "discard", action.card)
        if isinstance(action, Knock):
            if action.card is not None:
                self._remove(player, action.card)
            self.knock_card = action.card
            self.knocker = player
            self.phase = Phase.ARRANGE
            self.taken_discard = None
            return Event(player, "knock" if action.card is not None else "big_gin")
        if isinstance(action, Arrange):
            return self._arrange(player, action)
        if isinstance(action, LayOff):
            self._remove(player, action.card)
            self.knocker_melds[action.meld_index].append(action.card)
            self.knocker_melds[action.meld_index].sort(key=lambda c: (c.rank, c.suit))
            self.layoffs.append((action.card, action.meld_index))
            return Event(player, "lay_off", action.card, meld_index=action.meld_index)
        assert isinstance(action, EndLayoff)
        self._finish(gin=False)
        return Event(player, "end_layoff", melds=self.defender_melds)

    def _after_draw(self, player: int, must_knock: bool) -> None:
        if self.no_retake is not None and self.no_retake[0] == player:
            self.no_retake = None  # the restriction lasts for the original discarder's next draw
        self.must_knock = must_knock
        self.stock_only = False
        self.phase = Phase.DISCARD
        self.to_act = player

    def _remove(self, player: int, card: Card) -> None:
        self.hands[player].remove(card)
        if card in self.known[player]:
            self.known[player].remove(card)

    def _arrange(self, player: int, action: Arrange) -> Event:
        hand = self.hands[player]
        used = {c for m in action.melds for c in m}
        self.knocker_melds = [list(m) for m in action.melds]
        self.knocker_deadwood = tuple(sorted(c for c in hand if c not in used))
        hand.clear()  # the knocker's cards are now on the table
        self.known[player].clear()  # ...so the opponent no longer knows of any in the hand
        count = sum(c.value for c in self.knocker_deadwood)
        if count == 0:
            self._finish(gin=True)
        else:
            self.phase, self.to_act = Phase.LAYOFF, 1 - player
        return Event(player, "arrange", melds=action.melds)

    def _finish(self, gin: bool) -> None:
        knocker = self.knocker
        assert knocker is not None
        defender_cards = self.hands[1 - knocker]
        arrangement = best_melds(defender_cards)
        self.defender_melds = arrangement.melds
        self.result = score_hand(
            self.rules,
            knocker=knocker,
            knocker_count=sum(c.value for c in self.knocker_deadwood),
            defender_count=arrangement.deadwood_value,
            gin=gin and self.knock_card is not None,
            big_gin=gin and self.knock_card is None,
            spade_upcard=self.upcard is not None and self.upcard.suit.char == "S",
        )
        self.phase, self.to_act = Phase.FINISHED, None

    def _void(self) -> None:
        self.phase, self.to_act = Phase.VOID, None
        self.result = VOID_RESULT

    # --- views ----------------------------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know now: never the opponent's hidden cards or the stock order."""
        if player not in (0, 1):
            raise ValueError(f"player must be seat 0 or 1, not {player!r}")
        other = 1 - player
        over = self.is_over
        return PlayerView(
            player=player,
            phase=self.phase,
            to_act=self.to_act,
            rules=self.rules,
            dealer=self.dealer,
            knock_limit=self.knock_limit,
            hand=tuple(self.hands[player]),
            discard_pile=tuple(self.discard_pile),
            stock_size=len(self.stock),
            opponent_hand_size=len(self.hands[other]),
            opponent_known=tuple(self.known[other]),
            history=tuple(self.history),
            legal_actions=tuple(self.legal_actions()) if self.to_act == player else (),
            upcard=self.upcard,
            taken_discard=self.taken_discard if self.to_act == player else None,
            turn=self.turn,
            scores=self.scores,
            knocker=self.knocker,
            knocker_melds=tuple(tuple(m) for m in self.knocker_melds),
            knocker_deadwood=self.knocker_deadwood if self.phase is not Phase.ARRANGE else (),
            layoffs=tuple(self.layoffs),
            opponent_hand=tuple(self.hands[other]) if over else None,
            knock_card=self.knock_card if over or player == self.knocker else None,
            result=self.result,
            commitment=self.commitment if over else None,
            deck=self.deck if over else None,
            salt=self.salt if over else None,
        )

    # --- records --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible record: the deal's terms, its commitment and the actions, plus a
        summary of the state they lead to (so that an edit is caught on loading).

        A hand committed in format 1 (or not at all) is written as the record version 2 it
        was read from, so that its commitment stays checkable; every other one as version 3.
        """
        record: dict[str, Any] = {
            "version": RECORD_VERSION,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "players": list(self.players),
            "scores": list(self.scores),
            "deck": [str(c) for c in self.deck],
            "salt": self.salt,
            "commitment": self.commitment,
            "actions": [[p, action_to_data(a)] for p, a in self.actions],
            "state": self._state_summary(),
        }
        if self.commitment_version != COMMITMENT_VERSION:
            record["version"] = 2
            del record["players"]
        return seal(record)

    def _state_summary(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "to_act": self.to_act,
            "hands": [[str(c) for c in sorted(h)] for h in self.hands],
            "stock": len(self.stock),
            "discard_pile": [str(c) for c in self.discard_pile],
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> Hand:
        """Rebuild a hand by replaying its record; refuse anything corrupt or tampered.

        Every problem raises :class:`RecordError`; a record written by a newer game raises its
        subclass :class:`FutureRecordError`. Version 1 records (before deals carried a salt and
        a commitment) load as hands without a commitment; version 2 records keep their
        format-1 commitment (salt and deck only).
        """
        version, record = open_record(data, "hand", HAND_LAYOUTS, RECORD_VERSION)
        hand = cls._deal_from_record(record, version)
        hand._replay(record["actions"])
        # Compared as JSON text, where 0, 0.0 and false differ (in Python they are equal).
        if _json(hand._state_summary()) != _json(record["state"]):
            raise RecordError("the recorded state does not match the replayed actions: record tampered")
        return hand

    @classmethod
    def _deal_from_record(cls, record: dict[str, Any], version: int) -> Hand:
        try:
            rules = RuleSet.from_dict(record["rules"])
        except RuleSetError as error:
            raise RecordError(f"bad rules in hand record: {error}") from None
        deck_data = record["deck"]
        if not isinstance(deck_data, list) or len(deck_data) != 52:
            raise RecordError("the deck must be a list of 52 cards")
        try:
            deck = [card_from_data(c) for c in deck_data]
        except CardParseError as error:
            raise RecordError(f"bad card in the deck: {error}") from None
        if len(set(deck)) != 52:
            raise RecordError("the deck must hold each of the 52 cards exactly once")
        scores = whole_numbers(record["scores"], "the scores", 2, 0, MAX_SCORE)
        dealer = whole_number(record["dealer"], "the dealer", 0, 1)
        players = (0, 1)
        if version >= 3:
            first, second = whole_numbers(record["players"], "the players", 2, 0, rules.players - 1)
            if first == second:
                raise RecordError(f"the players must be two different players, not {show(record['players'])}")
            players = (first, second)
        salt, commitment = (None, None) if version == 1 else (record["salt"], record["commitment"])
        if version == 1 or (version == 2 and salt is None and commitment is None):
            return cls.from_deck(rules, dealer, deck, (scores[0], scores[1]))._without_commitment()
        if not is_salt(salt):
            raise RecordError(f"the salt must be {SALT_DIGITS} lowercase hex digits, not {show(salt)}")
        if not is_commitment(commitment):
            raise RecordError(f"the commitment must be 64 lowercase hex digits, not {show(commitment)}")
        assert isinstance(salt, str)
        hand = cls.from_deck(
            rules, dealer, deck, (scores[0], scores[1]), salt=salt, players=players,
            commitment_version=FORMAT_OF_RECORD[version],
        )  # fmt: skip
        if hand.commitment != commitment:
            bound = (
                "deck and salt" if version == 2 else "terms (rules, dealer, players, scores, deck and salt)"
            )
            raise RecordError(f"the deal's commitment does not match its {bound}: record tampered")
        return hand

    def _replay(self, actions: object) -> None:
        if not isinstance(actions, list):
            raise RecordError("actions must be a list")
        for number, entry in enumerate(actions, 1):
            if not isinstance(entry, list) or len(entry) != 2:
                raise RecordError(f"action {number} must be [player, action]")
            player = whole_number(entry[0], f"the player of action {number}", 0, 1)
            action = action_from_data(entry[1])
            if self.is_over:
                raise RecordError(f"action {number} ({action}) comes after the end of the hand")
            if player != self.to_act:
                raise RecordError(f"action {number} is by player {player} but it was {self.to_act}'s turn")
            try:
                self.apply(action)
            except IllegalAction as error:
                raise RecordError(f"action {number} ({action}) is illegal: {error}") from None

    def check_invariants(self) -> None:
        """Assert the 52 cards are all accounted for exactly once (for tests and loading)."""
        places: list[Card] = [*self.hands[0], *self.hands[1], *self.stock, *self.discard_pile]
        places.extend(c for m in self.knocker_melds for c in m)
        places.extend(self.knocker_deadwood)
        if self.knock_card is not None:
            places.append(self.knock_card)
        if len(places) != 52 or set(places) != set(FULL_DECK):
            raise AssertionError(f"cards not conserved: {len(places)} placed, {len(set(places))} distinct")
