"""What the server sends about a hand: a seat's view, or the public view a spectator gets.

A seat's view is the engine's :class:`~game.rules.PlayerView`, written as JSON by
:func:`view_to_data` and read back, equal, by :func:`view_from_data`. A spectator (and a
player sitting out this hand) gets a :class:`PublicView`: what *both* seats can see, so
no card either player holds in secret. It is computed from the two seats' views
(:func:`public_view`), never from the hidden cards.

>>> import random
>>> from game.rules import Hand, RuleSet
>>> hand = Hand.deal(RuleSet.preset("standard"), 0, random.Random(1))
>>> view_from_data(view_to_data(hand.view(1)), hand.rules) == hand.view(1)
True
>>> public = public_view(hand)
>>> public.hand_sizes, public.known, public.discard_pile == (hand.upcard,)
((10, 10), ((), ()), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.rules import (
    Action,
    Card,
    Event,
    Hand,
    HandResult,
    Phase,
    PlayerView,
    RecordError,
    RuleSet,
    RuleSetError,
    action_from_data,
    action_to_data,
)
from game.rules.cards import CardParseError, card_from_data


class ViewError(ValueError):
    """A view or event in a message is malformed (the client asks for a fresh snapshot)."""


# --- cards, events ------------------------------------------------------------------------------


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _read_card(data: object) -> Card:
    try:
        return card_from_data(data)
    except CardParseError as error:
        raise ViewError(str(error)) from None


def _read_cards(data: object) -> tuple[Card, ...]:
    if not isinstance(data, list):
        raise ViewError(f"expected a list of cards, not {type(data).__name__}")
    return tuple(_read_card(card) for card in data)


def _read_melds(data: object) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(data, list):
        raise ViewError("melds must be a list")
    return tuple(_read_cards(meld) for meld in data)


def event_to_data(event: Event) -> dict[str, Any]:
    """An event as everyone at the table saw it (its card only when it moved face up)."""
    data: dict[str, Any] = {"player": event.player, "kind": event.kind}
    if event.card is not None:
        data["card"] = str(event.card)
    if event.melds:
        data["melds"] = [_cards(meld) for meld in event.melds]
    if event.meld_index is not None:
        data["meld_index"] = event.meld_index
    return data


def event_from_data(data: object) -> Event:
    """Read :func:`event_to_data` output."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ViewError("an event must be an object with a kind")
    player = data.get("player")
    if player not in (0, 1) or isinstance(player, bool):
        raise ViewError(f"an event's player must be seat 0 or 1, not {player!r:.20}")
    card = _read_card(data["card"]) if "card" in data else None
    index = data.get("meld_index")
    if index is not None and (not isinstance(index, int) or isinstance(index, bool)):
        raise ViewError("an event's meld index must be a whole number")
    return Event(player, data["kind"], card, _read_melds(data.get("melds", [])), index)


def _optional(value: Any, write: Any) -> Any:
    return None if value is None else write(value)


# --- a seat's view ------------------------------------------------------------------------------


def view_to_data(view: PlayerView, *, history: bool = True) -> dict[str, Any]:
    """A seat's view as JSON; without ``history`` the events are left out (an update sends
    only the newest event, and the client keeps the rest)."""
    data: dict[str, Any] = {
        "player": view.player,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "knock_limit": view.knock_limit,
        "hand": _cards(view.hand),
        "discard_pile": _cards(view.discard_pile),
        "stock_size": view.stock_size,
        "opponent_hand_size": view.opponent_hand_size,
        "opponent_known": _cards(view.opponent_known),
        "history_length": len(view.history),
        "legal_actions": [action_to_data(action) for action in view.legal_actions],
        "upcard": _optional(view.upcard, str),
        "taken_discard": _optional(view.taken_discard, str),
        "turn": view.turn,
        "scores": list(view.scores),
        "knocker": view.knocker,
        "knocker_melds": [_cards(meld) for meld in view.knocker_melds],
        "knocker_deadwood": _cards(view.knocker_deadwood),
        "layoffs": [[str(card), index] for card, index in view.layoffs],
        "opponent_hand": _optional(view.opponent_hand, _cards),
        "knock_card": _optional(view.knock_card, str),
        "result": _optional(view.result, HandResult.to_dict),
        "commitment": view.commitment,
        "deck": _optional(view.deck, _cards),
        "salt": view.salt,
    }
    if history:
        data["history"] = [event_to_data(event) for event in view.history]
    return data


def view_from_data(
    data: object, rules: RuleSet | None = None, history: Sequence[Event] | None = None
) -> PlayerView:
    """Read :func:`view_to_data` output back into the engine's :class:`PlayerView`.

    ``rules`` is the table's rule set (a view message leaves it out: it never changes during a
    match); ``history`` the events kept by the client, when the message carries none.
    """
    if not isinstance(data, dict):
        raise ViewError("a view must be an object")
    try:
        return _read_view(data, rules, history)
    except (KeyError, TypeError) as error:
        raise ViewError(f"malformed view: {error!r:.80}") from None
    except (RecordError, RuleSetError, ValueError) as error:
        raise ViewError(f"malformed view: {error}") from None


def _read_view(data: dict[str, Any], rules: RuleSet | None, history: Sequence[Event] | None) -> PlayerView:
    events = tuple(event_from_data(e) for e in data["history"]) if "history" in data else tuple(history or ())
    if len(events) != data["history_length"]:
        raise ViewError(f"the view follows {data['history_length']} events, the client has {len(events)}")
    actions: tuple[Action, ...] = tuple(action_from_data(a) for a in data["legal_actions"])
    to_act, knocker = data["to_act"], data["knocker"]
    for name, seat in (("to_act", to_act), ("knocker", knocker)):
        if seat not in (None, 0, 1):
            raise ViewError(f"{name} must be a seat or null")
    return PlayerView(
        player=_seat(data["player"]),
        phase=Phase(data["phase"]),
        to_act=to_act,
        rules=rules if rules is not None else RuleSet.from_dict(data["rules"]),
        dealer=_seat(data["dealer"]),
        knock_limit=_number(data["knock_limit"]),
        hand=_read_cards(data["hand"]),
        discard_pile=_read_cards(data["discard_pile"]),
        stock_size=_number(data["stock_size"]),
        opponent_hand_size=_number(data["opponent_hand_size"]),
        opponent_known=_read_cards(data["opponent_known"]),
        history=events,
        legal_actions=actions,
        upcard=_optional(data["upcard"], _read_card),
        taken_discard=_optional(data["taken_discard"], _read_card),
        turn=_number(data["turn"]),
        scores=(_number(data["scores"][0]), _number(data["scores"][1])),
        knocker=knocker,
        knocker_melds=_read_melds(data["knocker_melds"]),
        knocker_deadwood=_read_cards(data["knocker_deadwood"]),
        layoffs=tuple((_read_card(card), _number(index)) for card, index in data["layoffs"]),
        opponent_hand=_optional(data["opponent_hand"], _read_cards),
        knock_card=_optional(data["knock_card"], _read_card),
        result=_optional(data["result"], HandResult.from_dict),
        commitment=data["commitment"],
        deck=_optional(data["deck"], _read_cards),
        salt=data["salt"],
    )


def _seat(value: object) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise ViewError(f"expected seat 0 or 1, not {value!r:.20}")
    assert isinstance(value, int)
    return value


def _number(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ViewError(f"expected a whole number, not {value!r:.20}")
    return value


# --- the public view ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PublicView:
    """What anyone watching the table may know: only what both seats can see.

    ``known[s]`` are the cards seat ``s`` is known to hold (taken face up from the discard
    pile); ``hands`` holds both hands only once the hand is over.
    """

    phase: Phase
    to_act: int | None
    dealer: int
    knock_limit: int
    discard_pile: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, int]
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    history: tuple[Event, ...]
    upcard: Card | None
    turn: int
    scores: tuple[int, int]
    knocker: int | None
    knocker_melds: tuple[tuple[Card, ...], ...]
    knocker_deadwood: tuple[Card, ...]
    layoffs: tuple[tuple[Card, int], ...]
    result: HandResult | None
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    knock_card: Card | None = None
    commitment: str | None = None
    deck: tuple[Card, ...] | None = None
    salt: str | None = None

    @property
    def cards(self) -> set[Card]:
        """Every card this view shows (what a spectator may see at this moment)."""
        shown: set[Card] = set(self.discard_pile) | set(self.known[0]) | set(self.known[1])
        shown |= {card for meld in self.knocker_melds for card in meld} | set(self.knocker_deadwood)
        shown |= {card for card, _ in self.layoffs} | {e.card for e in self.history if e.card is not None}
        shown |= {card for meld_event in self.history for meld in meld_event.melds for card in meld}
        if self.upcard is not None:
            shown.add(self.upcard)
        for extra in (
            self.hands[0] if self.hands else (),
            self.hands[1] if self.hands else (),
            self.deck or (),
        ):
            shown |= set(extra)
        if self.knock_card is not None:
            shown.add(self.knock_card)
        return shown


def public_view(hand: Hand) -> PublicView:
    """The public view of ``hand``, built from its two seats' views (the engine's own)."""
    seat0, seat1 = hand.view(0), hand.view(1)
    over = seat0.opponent_hand is not None
    return PublicView(
        phase=seat0.phase,
        to_act=seat0.to_act,
        dealer=seat0.dealer,
        knock_limit=seat0.knock_limit,
        discard_pile=seat0.discard_pile,
        stock_size=seat0.stock_size,
        hand_sizes=(seat1.opponent_hand_size, seat0.opponent_hand_size),
        known=(seat1.opponent_known, seat0.opponent_known),
        history=seat0.history,
        upcard=seat0.upcard,
        turn=seat0.turn,
        scores=seat0.scores,
        knocker=seat0.knocker,
        knocker_melds=seat0.knocker_melds,
        knocker_deadwood=seat0.knocker_deadwood,  # both seats see it once it is laid out
        layoffs=seat0.layoffs,
        result=seat0.result,
        hands=(seat1.opponent_hand or (), seat0.opponent_hand or ()) if over else None,
        knock_card=seat0.knock_card if over else None,
        commitment=seat0.commitment,
        deck=seat0.deck,
        salt=seat0.salt,
    )


def public_to_data(view: PublicView, *, history: bool = True) -> dict[str, Any]:
    """The public view as JSON (``history`` as in :func:`view_to_data`)."""
    data: dict[str, Any] = {
        "phase": view.phase.value,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "knock_limit": view.knock_limit,
        "discard_pile": _cards(view.discard_pile),
        "stock_size": view.stock_size,
        "hand_sizes": list(view.hand_sizes),
        "known": [_cards(view.known[0]), _cards(view.known[1])],
        "history_length": len(view.history),
        "upcard": _optional(view.upcard, str),
        "turn": view.turn,
        "scores": list(view.scores),
        "knocker": view.knocker,
        "knocker_melds": [_cards(meld) for meld in view.knocker_melds],
        "knocker_deadwood": _cards(view.knocker_deadwood),
        "layoffs": [[str(card), index] for card, index in view.layoffs],
        "result": _optional(view.result, HandResult.to_dict),
        "hands": _optional(view.hands, lambda hands: [_cards(hands[0]), _cards(hands[1])]),
        "knock_card": _optional(view.knock_card, str),
        "commitment": view.commitment,
        "deck": _optional(view.deck, _cards),
        "salt": view.salt,
    }
    if history:
        data["history"] = [event_to_data(event) for event in view.history]
    return data


def public_from_data(data: object, history: Sequence[Event] | None = None) -> PublicView:
    """Read :func:`public_to_data` output."""
    if not isinstance(data, dict):
        raise ViewError("a public view must be an object")
    try:
        events = (
            tuple(event_from_data(e) for e in data["history"]) if "history" in data else tuple(history or ())
        )
        if len(events) != data["history_length"]:
            raise ViewError("the public view and the client's history disagree")
        hands = data["hands"]
        return PublicView(
            phase=Phase(data["phase"]),
            to_act=data["to_act"],
            dealer=_seat(data["dealer"]),
            knock_limit=_number(data["knock_limit"]),
            discard_pile=_read_cards(data["discard_pile"]),
            stock_size=_number(data["stock_size"]),
            hand_sizes=(_number(data["hand_sizes"][0]), _number(data["hand_sizes"][1])),
            known=(_read_cards(data["known"][0]), _read_cards(data["known"][1])),
            history=events,
            upcard=_optional(data["upcard"], _read_card),
            turn=_number(data["turn"]),
            scores=(_number(data["scores"][0]), _number(data["scores"][1])),
            knocker=data["knocker"],
            knocker_melds=_read_melds(data["knocker_melds"]),
            knocker_deadwood=_read_cards(data["knocker_deadwood"]),
            layoffs=tuple((_read_card(card), _number(index)) for card, index in data["layoffs"]),
            result=_optional(data["result"], HandResult.from_dict),
            hands=None if hands is None else (_read_cards(hands[0]), _read_cards(hands[1])),
            knock_card=_optional(data["knock_card"], _read_card),
            commitment=data["commitment"],
            deck=_optional(data["deck"], _read_cards),
            salt=data["salt"],
        )
    except (KeyError, TypeError, IndexError) as error:
        raise ViewError(f"malformed public view: {error!r:.80}") from None
    except (RecordError, ValueError) as error:
        if isinstance(error, ViewError):
            raise
        raise ViewError(f"malformed public view: {error}") from None
