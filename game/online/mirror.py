"""A hand the client can show: an engine :class:`~game.rules.Hand` that agrees with all a seat knows.

The server keeps the real hand; a seat is sent only its view (a spectator only the public
view). The table scene, though, draws and animates an engine ``Hand``. :func:`build_world`
makes one: a deck whose every card the seat can see sits where the server's deal put it
(its own cards, the upcard, every card that went face up), the cards it cannot see filled
in with the unseen ones, and the history's moves replayed on it. Everything the seat may
know of that hand is then exactly what it knows of the real one (its cards, the piles,
whose turn, its legal moves), and the hidden cards are drawn face down, so which unseen
card stands in for which never shows. Once the hand is over the server reveals the deck
and salt, and the world is the real hand, move for move.

The fill-in is kept stable from one update to the next (``previous``): a card stays where
it was unless something seen forces it to move, so the table renames at most the card that
just turned up (:func:`renames`).

>>> import random
>>> from game.rules import Hand, RuleSet, DrawStock, Pass
>>> real = Hand.deal(RuleSet.preset("standard"), 0, random.Random(5))
>>> _ = real.apply(Pass()); _ = real.apply(Pass()); _ = real.apply(DrawStock())
>>> world = build_world(known_of_view(real.view(1)))
>>> world.view(1).hand == real.view(1).hand, world.view(1).legal_actions == real.view(1).legal_actions
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.online.views import PublicView, public_view
from game.rules import (
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Event,
    Hand,
    HandResult,
    IllegalAction,
    Knock,
    LayOff,
    Match,
    Pass,
    PlayedHand,
    PlayerView,
    RuleSet,
)
from game.rules.cards import FULL_DECK

FILLER_SALT = "0" * 32
"""The salt of a world dealt before the real deck is revealed (it commits to nothing)."""
DEAL_CARDS = 20
UPCARD_AT = 20
STOCK_FROM = 21


class MirrorError(ValueError):
    """What the server sent cannot be the state of any hand (the client asks for it again)."""


@dataclass(frozen=True)
class Known:
    """What one seat (or a spectator, ``seat`` None) knows of a hand in progress."""

    rules: RuleSet
    dealer: int
    players: tuple[int, int]
    scores: tuple[int, int]
    seat: int | None
    history: tuple[Event, ...]
    upcard: Card | None
    hand: tuple[Card, ...] | None = None
    """The seat's own cards now (None for a spectator)."""
    knock_card: Card | None = None
    knocker_deadwood: tuple[Card, ...] = ()
    deck: tuple[Card, ...] | None = None
    """The whole deck once the hand is over (with its salt)."""
    salt: str | None = None


def known_of_view(view: PlayerView, players: tuple[int, int] = (0, 1)) -> Known:
    """What a seat's view says about the hand."""
    return Known(
        view.rules, view.dealer, players, view.scores, view.player, view.history, view.upcard,
        view.hand, view.knock_card, view.knocker_deadwood, view.deck, view.salt,
    )  # fmt: skip


def known_of_public(view: PublicView, rules: RuleSet, players: tuple[int, int] = (0, 1)) -> Known:
    """What the public view (a spectator, a player sitting out) says about the hand."""
    return Known(
        rules, view.dealer, players, view.scores, None, view.history, view.upcard, None,
        view.knock_card, view.knocker_deadwood, view.deck, view.salt,
    )  # fmt: skip


Token = int | Card
"""A card in a hand as the history shows it: a card seen, or the deck position of one unseen."""


def replayable(known: Known) -> int:
    """How many of the history's moves a world can show now: all of them, except an
    opponent's knock whose cards are not laid out yet (its face-down discard must leave a
    knock the engine allows, which only the laid-out melds make sure of)."""
    history = known.history
    for index in range(len(history) - 1, -1, -1):
        event = history[index]
        opponents = event.kind in ("knock", "big_gin") and known.deck is None and event.player != known.seat
        if opponents and not any(later.kind == "arrange" for later in history[index + 1 :]):
            return index
    return len(history)


def build_world(
    known: Known,
    *,
    draws: Mapping[int, Card] | None = None,
    previous: Sequence[Card] | None = None,
    upto: int | None = None,
) -> Hand:
    """An engine hand that agrees with `known`, with the first `upto` moves of its history
    applied (all those :func:`replayable` allows by default).

    `draws` are the cards the seat is known to have drawn from the stock, by deck position
    (21 is the first card drawn); `previous` the deck of the last world shown, whose
    fill-in is kept wherever nothing seen contradicts it. :class:`MirrorError` when the
    history cannot be replayed.
    """
    limit = replayable(known)
    upto = limit if upto is None else min(upto, limit)
    knock = known.knock_card
    if known.deck is not None:
        deck, salt = known.deck, known.salt
    else:
        usable = previous if previous is not None and len(previous) == len(FULL_DECK) else None
        deal = _Deal(known, dict(draws or {}), usable)
        deck, knock, salt = *deal.result(), FILLER_SALT
    try:
        hand = Hand.from_deck(known.rules, known.dealer, deck, known.scores, salt=salt, players=known.players)
    except IllegalAction as error:
        raise MirrorError(f"the hand cannot be dealt: {error}") from None
    for number, event in enumerate(known.history[:upto], 1):
        action = action_of(event, knock)
        try:
            hand.apply(action)
        except IllegalAction as error:
            raise MirrorError(f"move {number} ({event}) does not replay: {error}") from None
    return hand


def action_of(event: Event, knock_card: Card | None = None) -> Action:
    """The action behind a public event (the knock's face-down card given separately)."""
    kind = event.kind
    if kind == "pass":
        return Pass()
    if kind == "draw_stock":
        return DrawStock()
    if kind in ("take_upcard", "draw_discard"):
        return DrawDiscard()
    if kind == "big_gin":
        return Knock(None)
    if kind == "knock":
        if knock_card is None:
            raise MirrorError("a knock whose face-down card is not known yet")
        return Knock(knock_card)
    if kind == "arrange":
        return Arrange(event.melds)
    if kind == "end_layoff":
        return EndLayoff()
    if event.card is None:
        raise MirrorError(f"a {kind.replace('_', ' ')} without its card")
    if kind == "discard":
        return Discard(event.card)
    if kind == "lay_off":
        if event.meld_index is None:
            raise MirrorError("a layoff without its meld")
        return LayOff(event.card, event.meld_index)
    raise MirrorError(f"an unknown move: {kind!r:.30}")


# --- the deck -----------------------------------------------------------------------------------


class _Deal:
    """The history followed card by card, each unseen card as its deck position."""

    def __init__(self, known: Known, draws: dict[int, Card], previous: Sequence[Card] | None) -> None:
        self.known = known
        self.previous = previous
        self.pins: dict[int, Card] = dict(draws)
        self.knock_at: int | None = None  # a face-down knock card still unseen: its position
        self.knock_card: Card | None = None
        dealer = known.dealer
        self.hands: list[list[Token]] = [[], []]
        for index in range(DEAL_CARDS):
            self.hands[1 - dealer if index % 2 == 0 else dealer].append(index)
        if known.rules.eleven_card_deal:
            self.hands[1 - dealer].append(UPCARD_AT)
        elif known.upcard is None:
            raise MirrorError("a deal with an upcard, but none was sent")
        else:
            self._pin(UPCARD_AT, known.upcard)
        self.next_draw = STOCK_FROM

    def _pin(self, position: int, card: Card) -> None:
        if self.pins.get(position, card) != card:
            raise MirrorError(
                f"card {position + 1} of the deck cannot be both {self.pins[position]} and {card}"
            )
        self.pins[position] = card

    def take(self, seat: int, card: Card) -> None:
        """`card` leaves `seat`'s hand face up: it was one the others saw it take, or one of
        its unseen cards (which one: the position that already holds it, else the one it
        held in the last world, else any free one)."""
        tokens = self.hands[seat]
        if card in tokens:
            tokens.remove(card)
            return
        free = [t for t in tokens if isinstance(t, int) and self.pins.get(t) in (None, card)]
        if not free:
            raise MirrorError(f"{card} left a hand that cannot have held it")

        def rank(position: int) -> int:
            if self.pins.get(position) == card:
                return 0
            previous = self.previous
            return 1 if previous is not None and previous[position] == card else 2

        chosen = min(free, key=rank)
        self._pin(chosen, card)
        tokens.remove(chosen)

    def follow(self) -> None:
        """Every move of the history, in order."""
        known = self.known
        for event in known.history:
            seat, kind = event.player, event.kind
            if kind == "draw_stock":
                self.hands[seat].append(self.next_draw)
                self.next_draw += 1
            elif kind in ("take_upcard", "draw_discard"):
                if event.card is None:
                    raise MirrorError("a taken discard without its card")
                self.hands[seat].append(event.card)
            elif kind in ("discard", "lay_off"):
                if event.card is None:
                    raise MirrorError(f"a {kind} without its card")
                self.take(seat, event.card)
            elif kind == "knock" and seat == known.seat and known.knock_card is not None:
                self.take(seat, known.knock_card)
                self.knock_card = known.knock_card
            elif kind == "arrange":
                self._arrange(seat, event)
        if self.next_draw > len(FULL_DECK):
            raise MirrorError("more cards were drawn than the stock holds")

    def _arrange(self, seat: int, event: Event) -> None:
        known = self.known
        for meld in event.melds:
            for card in meld:
                self.take(seat, card)
        for card in known.knocker_deadwood:
            self.take(seat, card)
        knocked = next((e for e in reversed(known.history) if e.kind in ("knock", "big_gin")), None)
        left = self.hands[seat]
        if knocked is None or knocked.kind == "big_gin" or self.knock_card is not None:
            if left:
                raise MirrorError("the knocker's cards are not all on the table")
            return
        if len(left) != 1:
            raise MirrorError("the knocker's melds and deadwood do not leave one face-down card")
        token = left.pop()
        if isinstance(token, Card):
            self.knock_card = token
        elif known.knock_card is not None:
            self._pin(token, known.knock_card)
            self.knock_card = known.knock_card
        else:
            self.knock_at = token

    def own_cards(self) -> None:
        """The seat's unseen-by-others cards now are its hand's: put them at its positions."""
        known = self.known
        if known.seat is None or known.hand is None:
            return
        tokens = self.hands[known.seat]
        taken = [t for t in tokens if isinstance(t, Card)]
        rest = [card for card in known.hand if card not in taken]
        positions = [t for t in tokens if isinstance(t, int)]
        if len(rest) != len(positions) or any(card not in known.hand for card in taken):
            raise MirrorError("the seat's cards do not fit the moves it made")
        free = []
        for position in positions:
            pinned = self.pins.get(position)
            if pinned is None:
                free.append(position)
            elif pinned in rest:
                rest.remove(pinned)
            else:
                raise MirrorError(f"the seat drew {pinned} but does not hold it")
        previous = self.previous
        for position in list(free):  # keep last time's card where it still fits
            card = previous[position] if previous is not None else None
            if card is not None and card in rest:
                self.pins[position] = card
                rest.remove(card)
                free.remove(position)
        for position, card in zip(free, rest, strict=True):
            self.pins[position] = card

    def result(self) -> tuple[tuple[Card, ...], Card | None]:
        """The deck of this world and the knocker's face-down card in it (if known or filled)."""
        self.follow()
        self.own_cards()
        deck = self.deck()
        return deck, self.knock_card if self.knock_at is None else deck[self.knock_at]

    def deck(self) -> tuple[Card, ...]:
        """The whole deck: the pinned cards, and the unseen ones wherever they were before."""
        pins = self.pins
        if len(set(pins.values())) != len(pins):
            raise MirrorError("a card was seen in two places")
        unseen = [card for card in FULL_DECK if card not in set(pins.values())]
        left = set(unseen)
        deck: list[Card | None] = [pins.get(position) for position in range(len(FULL_DECK))]
        previous = self.previous
        if previous is not None:
            for position, card in enumerate(deck):
                if card is None and previous[position] in left:
                    deck[position] = previous[position]
                    left.discard(previous[position])
        # The rest in a shuffled order: a fill-in sorted by rank would put runs in the stock.
        rest = [card for card in unseen if card in left]
        random.Random(len(self.known.history)).shuffle(rest)
        for position, card in enumerate(deck):
            if card is None:
                deck[position] = rest.pop()
        return tuple(c for c in deck if c is not None)


def renames(before: Hand, after: Hand) -> dict[Card, Card]:
    """Which face-down card of `before` stands as which card in `after` (the same moves
    made in both): what the table relabels so that no card seems to jump."""
    if len(before.actions) != len(after.actions):
        raise ValueError("compare worlds at the same move")
    mapping: dict[Card, Card] = {}
    for seat in (0, 1):
        for old, new in zip(before.hands[seat], after.hands[seat], strict=False):
            if old != new:
                mapping[old] = new
    if (
        before.knock_card is not None
        and after.knock_card is not None
        and before.knock_card != after.knock_card
    ):
        mapping[before.knock_card] = after.knock_card
    return mapping


# --- the match ----------------------------------------------------------------------------------


class RemoteMatch(Match):
    """The server's match as a client follows it: its rules, each finished hand's result, the
    scores; the hand on the table is the world shown (``current``). It is never dealt from
    nor saved: the server deals, and keeps the match."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules, random.Random(0), first_dealer=0)
        self.exports: dict[int, Hand] = {}
        """The real finished hands by number, from the server's exports."""

    def follow(
        self, played: Sequence[Mapping[str, object]], scores: Sequence[int], boxes: Sequence[int]
    ) -> None:
        """Start over from the server's list of finished hands, then take its scores."""
        self.scores = [0] * self.sides
        self.boxes = [0] * self.sides
        self.played = []
        self._round_results = []
        for entry in played:
            self.add(entry)
        self.agree(scores, boxes)

    def add(self, entry: Mapping[str, object]) -> PlayedHand:
        """One more finished hand (``{"number", "players", "dealer", "result"}``), scored."""
        players = entry["players"]
        number, dealer = entry["number"], entry["dealer"]
        if not isinstance(players, list | tuple) or len(players) != 2:
            raise MirrorError("a played hand needs its two players")
        if not isinstance(number, int) or not isinstance(dealer, int):
            raise MirrorError("a played hand needs its number and dealer")
        played = PlayedHand(
            number, (int(players[0]), int(players[1])), dealer, HandResult.from_dict(entry["result"])
        )
        if any(p.number == played.number for p in self.played):
            return played
        self.played.append(played)
        if self.rules.players == 4:
            self._record_partnership(played)
        else:
            self._record_individual(played)
        return played

    def agree(self, scores: Sequence[int], boxes: Sequence[int]) -> None:
        """The server's scores stand (they come from the same engine, so they agree)."""
        if len(scores) == self.sides and len(boxes) == self.sides:
            self.scores, self.boxes = [int(s) for s in scores], [int(b) for b in boxes]

    def show(self, hand: Hand | None, seats: tuple[int, int]) -> None:
        """The hand on the table and the players in its seats."""
        self.current = hand
        self.seats = seats

    @property
    def hand_records(self) -> tuple[Hand, ...]:
        """Nothing: the server keeps the records (each finished hand's export is in `exports`)."""
        return ()

    def to_dict(self) -> dict[str, object]:
        """An online match is kept by the server, never saved here."""
        raise IllegalAction("An online match is kept by its server: it is not saved on this device.")


# --- checking a world -----------------------------------------------------------------------------

_COMPARED = (
    "phase", "to_act", "dealer", "knock_limit", "discard_pile", "stock_size", "opponent_hand_size",
    "opponent_known", "history", "upcard", "taken_discard", "turn", "scores", "knocker",
    "knocker_melds", "knocker_deadwood", "layoffs", "opponent_hand", "knock_card", "result",
)  # fmt: skip
_COMPARED_PUBLIC = (
    "phase", "to_act", "dealer", "knock_limit", "discard_pile", "stock_size", "hand_sizes", "known",
    "history", "upcard", "turn", "scores", "knocker", "knocker_melds", "knocker_deadwood", "layoffs",
    "result", "hands", "knock_card",
)  # fmt: skip


def differences(world: Hand, view: PlayerView | PublicView) -> list[str]:
    """What the world's view says differently from the server's (nothing, when it agrees).

    The commitment is left out (a world before the reveal commits to nothing); the seat's
    cards and legal moves are compared as sets (their order is the table's business).
    """
    if isinstance(view, PlayerView):
        mine = world.view(view.player)
        found = [name for name in _COMPARED if getattr(mine, name) != getattr(view, name)]
        if sorted(mine.hand) != sorted(view.hand):
            found.append("hand")
        if set(mine.legal_actions) != set(view.legal_actions):
            found.append("legal_actions")
        return found
    public = public_view(world)
    return [name for name in _COMPARED_PUBLIC if getattr(public, name) != getattr(view, name)]
