"""The table in sentences, for a screen reader: each move, a hand on request, each result.

No pygame here, and nothing read from pixels: the sentences are made from the engine's hand
and the flow's news (the same `on_action` and `on_hand_over` the table hears), and handed to
a `say` function (the app's speech: the browser page's live region, a log). A computer
player's draw is held back until its discard, so one sentence tells the whole turn:
"The computer drew from the stock and discarded the 7 of hearts."

Cards are said in words ("the queen of spades", `game.ui.core.speech`), which every screen
reader reads alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.rules import (
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    Knock,
    LayOff,
    Match,
    MeldResult,
    Pass,
    ResultKind,
)
from game.ui.core.seating import Seating
from game.ui.core.speech import SUIT_WORDS, card_words, rank_words

PLURAL_RANKS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings", 6: "sixes"}


def _join(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def meld_words(meld: Sequence[Card]) -> str:
    """A meld as it is said: "7, 8 and 9 of hearts" or "three kings: clubs, hearts and spades".

    >>> from game.rules import parse_cards
    >>> meld_words(parse_cards("7H 8H 9H")), meld_words(parse_cards("KC KH KS"))
    ('7, 8 and 9 of hearts', 'three kings: clubs, hearts and spades')
    """
    cards = sorted(meld, key=lambda c: (c.rank, c.suit))
    if len({c.suit for c in cards}) == 1:
        return f"{_join([rank_words(int(c.rank)) for c in cards])} of {SUIT_WORDS[cards[0].suit.char]}"
    rank = int(cards[0].rank)
    count = {3: "three", 4: "four"}.get(len(cards), str(len(cards)))
    plural = PLURAL_RANKS.get(rank, f"{rank}s")
    return f"{count} {plural}: {_join([SUIT_WORDS[c.suit.char] for c in cards])}"


def arrangement_words(arrangement: MeldResult) -> str:
    """Melds and deadwood as they are said."""
    parts = []
    if arrangement.melds:
        parts.append("melds " + "; ".join(meld_words(m) for m in arrangement.melds))
    if arrangement.deadwood:
        dead = sorted(arrangement.deadwood, key=lambda c: (c.rank, c.suit))
        cards = ", ".join(card_words(c).removeprefix("the ") for c in dead)
        parts.append(f"deadwood {arrangement.deadwood_value}: {cards}")
    else:
        parts.append("no deadwood")
    return ". ".join(part[:1].upper() + part[1:] for part in parts)


def spoken_name(subject: str) -> str:
    """A player's name as a sentence's subject, said: "The computer" for the lone AI."""
    return "The computer" if subject == "The AI" else subject


@dataclass
class _HeldDraw:
    seat: int
    words: str


class Narrator:
    """Turns the flow's news into sentences and hands them to `say`.

    `seating()` and `pairing()` give who sits where now (they change with the hand and with
    pass and play); `viewer()` is the seat at the bottom of the table, whose own draws from
    the stock are said with the card (unless people share the device, where the next person
    would hear it).
    """

    def __init__(
        self,
        say: Callable[[str], None],
        seating: Callable[[], Seating],
        pairing: Callable[[], tuple[int, int]],
        viewer: Callable[[], int],
    ) -> None:
        self.say = say
        self.seating = seating
        self.pairing = pairing
        self.viewer = viewer
        self._held: _HeldDraw | None = None

    def who(self, seat: int) -> str:
        """The player in `seat` as a sentence's subject ("You", "The computer", "West")."""
        subject = self.seating().subject(self.pairing()[seat])
        return spoken_name(subject)

    def _flush(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            self.say(f"{self.who(held.seat)} drew {held.words}.")

    def action(self, hand: Hand, seat: int, action: Action) -> None:
        """`action` was just applied to `hand` for `seat`: say it (a draw waits for what follows)."""
        who = self.who(seat)
        own = seat == self.viewer()
        # The card drawn from the stock, or knocked with, is the viewer's secret: said only
        # when nobody else shares the device (they would hear it).
        mine = own and not self.seating().shared
        if isinstance(action, DrawStock | DrawDiscard):
            self._flush()
            card = hand.hands[seat][-1]
            if isinstance(action, DrawDiscard):
                words = f"{card_words(card)} from the discard pile"
            elif mine:
                words = f"{card_words(card)} from the stock"
            else:
                words = "from the stock"
            if own:
                self.say(f"{who} drew {words}.")
            else:
                self._held = _HeldDraw(seat, words)
            return
        held = self._held if self._held is not None and self._held.seat == seat else None
        self._held = None if held is not None else self._held
        opening = f"{who} drew {held.words} and " if held is not None else f"{who} "
        if held is None:
            self._flush()
        if isinstance(action, Discard):
            self.say(f"{opening}discarded {card_words(action.card)}.")
        elif isinstance(action, Knock):
            if action.card is None:
                self.say(f"{opening}went big gin.")
            elif mine:
                self.say(f"{opening}knocked, discarding {card_words(action.card)} face down.")
            else:
                self.say(f"{opening}knocked.")
        elif isinstance(action, Pass):
            self.say(f"{who} passed.")
        elif isinstance(action, Arrange):
            deadwood = sum(c.value for c in hand.knocker_deadwood)
            melds = tuple(tuple(meld) for meld in hand.knocker_melds)
            laid = MeldResult(melds, tuple(hand.knocker_deadwood), deadwood)
            went = "went gin" if not hand.knocker_deadwood else "laid down"
            self.say(f"{who} {went}. {arrangement_words(laid)}.")
        elif isinstance(action, LayOff):
            meld = (
                hand.knocker_melds[action.meld_index] if action.meld_index < len(hand.knocker_melds) else ()
            )
            on = f" on {meld_words(meld)}" if meld else ""
            self.say(f"{who} laid off {card_words(action.card)}{on}.")
        elif isinstance(action, EndLayoff):
            self.say(f"{who} finished laying off.")

    def hand_over(self, hand: Hand, match: Match) -> None:
        """The hand ended: who won, how, for how many points, and the scores."""
        self._flush()
        result = hand.result
        if result is None or result.kind is ResultKind.VOID or result.winner is None:
            self.say("The hand is void: the stock ran out. Nobody scores.")
        else:
            how = {
                ResultKind.GIN: "with gin",
                ResultKind.BIG_GIN: "with big gin",
                ResultKind.UNDERCUT: "by an undercut",
                ResultKind.KNOCK: "by knocking",
            }[result.kind]
            winner = self.who(result.winner)
            past = "win" if winner == "You" else "wins"
            points = f"{result.points} point{'s' if result.points != 1 else ''}"
            self.say(f"{winner} {past} the hand {how}: {points}.")
        self.say(scores_words(match, self.seating()))

    def hand_text(self, hand: Hand, seat: int, order: Sequence[Card], arrangement: MeldResult) -> str:
        """What the Y key reads: the hand in screen order, its melds and deadwood, the piles."""
        held = [card_words(c).removeprefix("the ") for c in order]
        parts = [f"Your hand, {len(held)} cards, left to right: {', '.join(held)}."]
        parts.append(arrangement_words(arrangement) + ".")
        if hand.discard_pile:
            parts.append(f"On the discard pile: {card_words(hand.discard_pile[-1])}.")
        parts.append(f"{len(hand.stock)} cards in the stock.")
        return " ".join(parts)


def scores_words(match: Match, seating: Seating) -> str:
    """The match's scores in a sentence ("Scores: you 10, the computer 35, playing to 100.")."""
    sides = []
    for side in range(match.sides):
        name = spoken_name(seating.side_subject(side))
        name = {"You": "you", "The computer": "the computer"}.get(name, name)
        sides.append(f"{name} {match.scores[side]}")
    return f"Scores: {', '.join(sides)}, playing to {match.target}."
