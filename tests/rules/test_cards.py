"""Cards: parsing, text forms, values, indexes and masks."""

from __future__ import annotations

import pytest

from game.rules import (
    FULL_DECK,
    Card,
    CardParseError,
    Rank,
    Suit,
    card_symbol,
    cards_to_mask,
    format_cards,
    mask_to_cards,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7H", Rank.SEVEN, Suit.HEARTS),
        ("7h", Rank.SEVEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("10S", Rank.TEN, Suit.SPADES),
        ("AC", Rank.ACE, Suit.CLUBS),
        ("kd", Rank.KING, Suit.DIAMONDS),
        (" qs ", Rank.QUEEN, Suit.SPADES),
        ("JC", Rank.JACK, Suit.CLUBS),
    ],
)
def test_card_parse_reads_rank_then_suit_in_any_case(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("1H", "rank"),
        ("11H", "rank and a suit"),
        ("7X", "suit"),
        ("H7", "rank"),
        ("", "rank and a suit"),
        ("7", "rank and a suit"),
        ("7HH", "rank and a suit"),
        ("10", "rank and a suit"),
        ("ZZ", "rank"),
    ],
)
def test_card_parse_rejects_bad_text_saying_why(text: str, why: str) -> None:
    with pytest.raises(CardParseError, match=why):
        Card.parse(text)


def test_card_parse_rejects_non_text() -> None:
    with pytest.raises(CardParseError):
        Card.parse(7)  # type: ignore[arg-type]
    assert issubclass(CardParseError, ValueError)


def test_card_str_is_rank_char_then_suit_char_and_round_trips() -> None:
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "TH"
    assert str(Card(Rank.ACE, Suit.SPADES)) == "AS"
    assert [str(c) for c in FULL_DECK[:3]] == ["AC", "2C", "3C"]
    for card in FULL_DECK:
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card).lower()) == card
        assert eval(repr(card)) == card  # repr is Card.parse('..')


def test_card_values_ace_one_faces_ten() -> None:
    values = {str(c): c.value for c in FULL_DECK if c.suit == Suit.CLUBS}
    assert values == {
        "AC": 1, "2C": 2, "3C": 3, "4C": 4, "5C": 5, "6C": 6, "7C": 7,
        "8C": 8, "9C": 9, "TC": 10, "JC": 10, "QC": 10, "KC": 10,
    }  # fmt: skip
    assert sum(c.value for c in FULL_DECK) == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 40)


def test_card_index_and_bit_are_suit_major() -> None:
    assert len(FULL_DECK) == 52 and len(set(FULL_DECK)) == 52
    for i, card in enumerate(FULL_DECK):
        assert card.index == i == card.suit * 13 + card.rank - 1
        assert card.bit == 1 << i
        assert Card.from_index(i) == card
    with pytest.raises(CardParseError):
        Card.from_index(52)
    with pytest.raises(CardParseError):
        Card.from_index(-1)


def test_card_symbol_shows_ten_as_10() -> None:
    assert card_symbol(Card.parse("TH")) == "10♥"
    assert card_symbol(Card.parse("7D")) == "7♦"
    assert card_symbol(Card.parse("AS")) == "A♠"
    assert card_symbol(Card.parse("KC")) == "K♣"


def test_parse_and_format_cards_round_trip() -> None:
    cards = parse_cards("7H, 8h 9H  10h")
    assert format_cards(cards) == "7H 8H 9H TH"
    assert parse_cards("") == ()
    with pytest.raises(CardParseError):
        parse_cards("7H 8Q")


def test_masks_round_trip_in_mask_order() -> None:
    cards = parse_cards("KS AC 7H 2C")
    mask = cards_to_mask(cards)
    assert mask == (1 << 51) | 1 | (1 << 32) | (1 << 1)
    assert format_cards(mask_to_cards(mask)) == "AC 2C 7H KS"
    assert mask_to_cards(0) == ()
    assert mask_to_cards((1 << 52) - 1) == FULL_DECK


def test_cards_are_frozen_and_hashable() -> None:
    card = Card.parse("7H")
    with pytest.raises(AttributeError):
        card.rank = Rank.EIGHT  # type: ignore[misc]
    assert {card, Card(7, 2)} == {card}
