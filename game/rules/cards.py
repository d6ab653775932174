"""Cards, ranks and suits, with compact text and bit-mask forms.

A card's *index* is ``suit * 13 + (rank - 1)``, so each suit occupies 13 consecutive bits of a
hand mask and a run is a block of consecutive bits inside one suit's 13 bits.

>>> card = Card.parse("7h")
>>> card, str(card), card.value
(Card.parse('7H'), '7H', 7)
>>> Card.parse("TS").value, Card.parse("KD").value, Card.parse("AC").value
(10, 10, 1)
>>> card_symbol(Card.parse("TH"))
'10♥'
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"


class CardParseError(ValueError):
    """Raised for text that does not name a card."""


class Rank(IntEnum):
    """Card ranks; the ace is always low."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def char(self) -> str:
        """The one-letter name: ``A 2 .. 9 T J Q K``."""
        return RANK_CHARS[self - 1]


class Suit(IntEnum):
    """The four suits, in the order their bits appear in a hand mask."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The one-letter name: ``C D H S``."""
        return SUIT_CHARS[self]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Ordered by suit, then rank (the mask order)."""

    suit: Suit
    rank: Rank

    def __init__(self, rank: Rank | int, suit: Suit | int) -> None:
        # Rank first reads naturally ("seven of hearts"); order by suit for mask order.
        object.__setattr__(self, "rank", Rank(rank))
        object.__setattr__(self, "suit", Suit(suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"7H"``, ``"th"`` or ``"10h"`` (rank then suit, any case).

        >>> Card.parse("10d") == Card.parse("TD")
        True
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        game.rules.cards.CardParseError: '1H' is not a card: the rank must be one of A23456789TJQK
        """
        if not isinstance(text, str):
            raise CardParseError(f"{text!r} is not a card: expected text such as '7H'")
        raw = text.strip().upper()
        if raw.startswith("10"):
            raw = "T" + raw[2:]
        if len(raw) != 2:
            raise CardParseError(f"{text!r} is not a card: expected a rank and a suit, such as '7H'")
        rank_char, suit_char = raw[0], raw[1]
        if rank_char not in RANK_CHARS:
            raise CardParseError(f"{text!r} is not a card: the rank must be one of {RANK_CHARS}")
        if suit_char not in SUIT_CHARS:
            raise CardParseError(f"{text!r} is not a card: the suit must be one of {SUIT_CHARS}")
        return cls(RANK_CHARS.index(rank_char) + 1, SUIT_CHARS.index(suit_char))

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this mask index (0..51).

        >>> Card.from_index(0), Card.from_index(51)
        (Card.parse('AC'), Card.parse('KS'))
        """
        if not 0 <= index < 52:
            raise CardParseError(f"card index {index} is outside 0..51")
        return _BY_INDEX[index]

    @property
    def index(self) -> int:
        """Position in a hand mask: ``suit * 13 + rank - 1``."""
        return self.suit * 13 + self.rank - 1

    @property
    def bit(self) -> int:
        """This card's bit in a hand mask."""
        return 1 << (self.suit * 13 + self.rank - 1)

    @property
    def value(self) -> int:
        """Deadwood value: ace 1, number cards their number, faces 10."""
        return min(int(self.rank), 10)

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 1] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"


_BY_INDEX: tuple[Card, ...] = tuple(Card(i % 13 + 1, i // 13) for i in range(52))

#: The 52 cards in mask order (clubs A..K, diamonds, hearts, spades).
FULL_DECK: tuple[Card, ...] = _BY_INDEX

#: Mask with all 52 bits set.
FULL_MASK = (1 << 52) - 1


def card_symbol(card: Card) -> str:
    """Display text with a suit symbol, e.g. ``"7♥"`` or ``"10♠"``."""
    rank = "10" if card.rank == Rank.TEN else card.rank.char
    return rank + SUIT_SYMBOLS[card.suit]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read space- or comma-separated cards.

    >>> parse_cards("7H 8H,9h")
    (Card.parse('7H'), Card.parse('8H'), Card.parse('9H'))
    """
    return tuple(Card.parse(part) for part in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, e.g. ``"7H 8H 9H"``."""
    return " ".join(str(card) for card in cards)


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of cards.

    >>> cards_to_mask(parse_cards("AC 2C")) == 0b11
    True
    """
    mask = 0
    for card in cards:
        mask |= 1 << (card.suit * 13 + card.rank - 1)
    return mask


_SUIT_CARDS: list[dict[int, tuple[Card, ...]]] = [{}, {}, {}, {}]


def _suit_cards(suit: int, bits: int) -> tuple[Card, ...]:
    cache = _SUIT_CARDS[suit]
    cards = cache.get(bits)
    if cards is None:
        cards = tuple(_BY_INDEX[suit * 13 + r] for r in range(13) if bits >> r & 1)
        cache[bits] = cards
    return cards


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in mask order.

    >>> format_cards(mask_to_cards(0b101))
    'AC 3C'
    """
    out: tuple[Card, ...] = ()
    for suit in range(4):
        bits = mask >> (13 * suit) & 0x1FFF
        if bits:
            out += _suit_cards(suit, bits)
    return out


def card_from_data(data: object) -> Card:
    """Read a card from its serialised form, exactly as the engine writes it (``"7H"``).

    >>> card_from_data("TH")
    Card.parse('TH')
    >>> card_from_data("10h")
    Traceback (most recent call last):
    ...
    game.rules.cards.CardParseError: expected a card written as the game writes it, such as '7H', got '10h'
    """
    if isinstance(data, str) and len(data) == 2:
        card = Card.parse(data)
        if str(card) == data:
            return card
    raise CardParseError(
        f"expected a card written as the game writes it, such as '7H', got {reprlib.repr(data)}"
    )
