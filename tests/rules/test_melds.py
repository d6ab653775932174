"""Melds, deadwood, knock arrangements and layoffs: the examples and edge cases of RULES.md."""

from __future__ import annotations

import pytest

from game.rules import (
    best_defence,
    best_melds,
    can_lay_off,
    deadwood_value,
    default_arrangement,
    format_cards,
    is_meld,
    is_run,
    is_set,
    knock_arrangements,
    parse_cards,
)
from tests.rules.conftest import melds_text
from tests.rules.reference import brute_defence


def melds_of(text: str) -> set[frozenset[object]]:
    return melds_text(best_melds(parse_cards(text)).melds)


def test_runs_need_three_consecutive_cards_of_one_suit() -> None:
    assert is_run(parse_cards("4S 5S 6S"))
    assert is_run(parse_cards("6S 4S 5S"))  # order of play does not matter
    assert is_run(parse_cards("4S 5S 6S 7S 8S 9S TS JS QS KS"))
    assert not is_run(parse_cards("4S 5S"))
    assert not is_run(parse_cards("4S 5S 7S"))
    assert not is_run(parse_cards("4S 5S 6H"))


def test_ace_two_three_is_a_run() -> None:
    assert is_run(parse_cards("AH 2H 3H"))
    assert deadwood_value(parse_cards("AH 2H 3H")) == 0


@pytest.mark.parametrize("text", ["QH KH AH", "KH AH 2H", "QH KH AH 2H"])
def test_queen_king_ace_is_not_a_run(text: str) -> None:
    assert not is_run(parse_cards(text))
    assert not is_meld(parse_cards(text))


def test_runs_never_wrap() -> None:
    # J Q K A 2 3 of hearts: only J-Q-K and A-2-3 are runs; no meld crosses K-A.
    result = best_melds(parse_cards("JH QH KH AH 2H 3H"))
    assert result.deadwood_value == 0
    assert melds_text(result.melds) == melds_text([parse_cards("JH QH KH"), parse_cards("AH 2H 3H")])
    assert deadwood_value(parse_cards("QH KH AH 2H")) == 23  # no meld at all: 10+10+1+2
    assert deadwood_value(parse_cards("KH AH 2H")) == 13


def test_sets_are_three_or_four_of_one_rank() -> None:
    assert is_set(parse_cards("7C 7D 7H"))
    assert is_set(parse_cards("7C 7D 7H 7S"))
    assert not is_set(parse_cards("7C 7D"))
    assert not is_set(parse_cards("7C 7D 8H"))
    assert not is_set(parse_cards("7C 7C 7D"))  # the same card twice is not a set


def test_card_in_only_one_meld() -> None:
    hand = parse_cards("7D 7S 7H 8H 9H")
    result = best_melds(hand)
    # Either the sevens (deadwood 8H 9H = 17) or the heart run (deadwood 7D 7S = 14), not both.
    assert result.deadwood_value == 14
    assert melds_text(result.melds) == {frozenset(parse_cards("7H 8H 9H"))}
    assert format_cards(sorted(result.deadwood)) == "7D 7S"


@pytest.mark.parametrize("sixth", ["7C", "TH"])
def test_card_in_only_one_meld_sixth_card_gives_both(sixth: str) -> None:
    result = best_melds(parse_cards("7D 7S 7H 8H 9H " + sixth))
    assert result.deadwood_value == 0
    assert len(result.melds) == 2
    cards_in_melds = [c for m in result.melds for c in m]
    assert len(cards_in_melds) == len(set(cards_in_melds)) == 6


def test_two_five_card_runs_are_gin() -> None:
    hand = parse_cards("AH 2H 3H 4H 5H 6S 7S 8S 9S TS")
    assert best_melds(hand).deadwood_value == 0
    assert len(best_melds(hand).melds) == 2
    assert knock_arrangements(hand, 0)


def test_meld_finding_is_exhaustive_not_greedy() -> None:
    # Greedy "longest meld first" takes 4-7 of spades and strands 7C 7D (14).
    hand = parse_cards("4S 5S 6S 7S 7C 7D")
    assert deadwood_value(hand) == 0
    assert melds_text(best_melds(hand).melds) == melds_text(
        [parse_cards("4S 5S 6S"), parse_cards("7S 7C 7D")]
    )
    # Greedy "sets first" takes the four eights (deadwood 32); the best uses three of them.
    hand = parse_cards("6H 7H 8H 8C 8D 8S 9S TS")
    assert deadwood_value(hand) == 13
    assert melds_text(best_melds(hand).melds) == melds_text(
        [parse_cards("8C 8D 8H"), parse_cards("8S 9S TS")]
    )


def test_deadwood_counts_values_of_unmelded_cards() -> None:
    assert deadwood_value(parse_cards("AH 2H 3H 5S 5D 5C 9C TC JC KD")) == 10
    assert deadwood_value(parse_cards("KS QD JH TC")) == 40
    assert deadwood_value(()) == 0
    assert deadwood_value(0) == 0
    hand = parse_cards("AC 2D 3H 4S")
    assert deadwood_value(hand) == 10 == best_melds(hand).deadwood_value


def test_best_melds_deadwood_is_the_cards_not_in_melds() -> None:
    hand = parse_cards("7D 7S 7H 8H 9H 2C 3C 4C KS QS")
    result = best_melds(hand)
    melded = {c for m in result.melds for c in m}
    assert set(result.deadwood) == set(hand) - melded
    assert result.deadwood_value == sum(c.value for c in result.deadwood) == 34
    assert all(is_meld(m) for m in result.melds)


# --- layoffs --------------------------------------------------------------------------------


def test_set_takes_only_its_fourth_card() -> None:
    three = parse_cards("9C 9H 9S")
    assert can_lay_off(parse_cards("9D")[0], three)
    for other in parse_cards("8D TD 8S TS 9C"):
        assert not can_lay_off(other, three)


def test_four_card_set_accepts_nothing() -> None:
    four = parse_cards("9C 9D 9H 9S")
    for card in parse_cards("9C 9D 8C TC 8S TS AS KS"):
        assert not can_lay_off(card, four)


def test_runs_take_cards_at_either_end_only() -> None:
    run = parse_cards("4S 5S 6S")
    assert can_lay_off(parse_cards("3S")[0], run)
    assert can_lay_off(parse_cards("7S")[0], run)
    assert not can_lay_off(parse_cards("8S")[0], run)
    assert not can_lay_off(parse_cards("5S")[0], run)
    assert not can_lay_off(parse_cards("7H")[0], run)
    assert not can_lay_off(parse_cards("KS")[0], parse_cards("AS 2S 3S"))  # no wrap
    assert not can_lay_off(parse_cards("AS")[0], parse_cards("JS QS KS"))


def test_nothing_lays_off_onto_deadwood() -> None:
    # 2C 3C is not a meld: 4C cannot extend it.
    assert not can_lay_off(parse_cards("4C")[0], parse_cards("2C 3C"))
    assert not can_lay_off(parse_cards("KC")[0], parse_cards("KD"))


def test_layoff_onto_run_extended_by_earlier_layoff() -> None:
    defence = best_defence(parse_cards("7S 8S 2D"), [parse_cards("4S 5S 6S")])
    assert [str(c) for c, _ in defence.layoffs] == ["7S", "8S"]
    assert defence.deadwood_value == 2
    defence = best_defence(parse_cards("3S 2S KD"), [parse_cards("4S 5S 6S")])
    assert [str(c) for c, _ in defence.layoffs] == ["3S", "2S"]
    assert defence.deadwood_value == 10
    defence = best_defence(parse_cards("2S KD"), [parse_cards("4S 5S 6S")])  # 3S missing
    assert defence.layoffs == ()


def test_defender_melds_and_layoffs_optimised_together_not_greedily() -> None:
    knocker = [parse_cards("4S 5S 6S")]
    # Laying off 7S first would break the defender's set of sevens (24 instead of 10).
    defence = best_defence(parse_cards("7S 7H 7D KD"), knocker)
    assert defence.layoffs == ()
    assert defence.deadwood_value == 10
    # Melding the four sevens first would strand 8S (8); laying off 7S 8S leaves a set: 0.
    defence = best_defence(parse_cards("7S 8S 7H 7D 7C"), knocker)
    assert {str(c) for c, _ in defence.layoffs} == {"7S", "8S"}
    assert defence.deadwood_value == 0
    assert melds_text(defence.melds) == melds_text([parse_cards("7H 7D 7C")])
    # A card that fits two knocker melds goes where it lets the most follow.
    knocker = [parse_cards("7C 7D 7H"), parse_cards("4S 5S 6S")]
    defence = best_defence(parse_cards("7S 8S QD"), knocker)
    assert defence.deadwood_value == 10
    assert [(str(c), i) for c, i in defence.layoffs] == [("7S", 1), ("8S", 1)]
    assert defence.deadwood_value == brute_defence(parse_cards("7S 8S QD"), knocker)


def test_best_defence_layoffs_are_playable_in_order() -> None:
    knocker = [list(parse_cards("4S 5S 6S")), list(parse_cards("9C 9H 9S"))]
    defence = best_defence(parse_cards("3S 2S 7S 9D KH KC"), knocker)
    for card, index in defence.layoffs:
        assert can_lay_off(card, knocker[index])
        knocker[index].append(card)
    assert defence.deadwood_value == 20


# --- knock arrangements ---------------------------------------------------------------------


def test_knock_arrangements_are_legal_and_best_first() -> None:
    hand = parse_cards("3C 4C 5C 6C 7C 8C KH KS KD 2D")
    arrangements = knock_arrangements(hand, 10)
    assert arrangements
    values = [a.deadwood_value for a in arrangements]
    assert values == sorted(values) and values[0] == 2
    for a in arrangements:
        assert a.deadwood_value <= 10
        assert all(is_meld(m) for m in a.melds)
        used = [c for m in a.melds for c in m]
        assert len(used) == len(set(used))
        assert set(used) | set(a.deadwood) == set(hand)
    # A six-card run as one meld or as two are different arrangements (different layoffs).
    shapes = {tuple(sorted(len(m) for m in a.melds)) for a in arrangements if a.deadwood_value == 2}
    assert {(3, 6), (3, 3, 3)} <= shapes
    assert knock_arrangements(hand, 1) == []


def test_default_arrangement_lowest_deadwood_first() -> None:
    hand = parse_cards("3C 4C 5C 6C 7C 8C KH KS KD 2D")
    best = default_arrangement(hand, 10, hand)
    assert best is not None and best.deadwood_value == 2
    assert default_arrangement(hand, 1, hand) is None


def test_default_arrangement_four_card_set_exposes_less_than_longer_run() -> None:
    # Gin either way: [4S-7S][7C 7D 7H] exposes 3S, 8S; [4S-6S][7C 7D 7H 7S] only 3S.
    hand = parse_cards("4S 5S 6S 7S 7C 7D 7H KC KD KH")
    best = default_arrangement(hand, 10, hand)
    assert best is not None
    assert melds_text(best.melds) == melds_text(
        [parse_cards("4S 5S 6S"), parse_cards("7C 7D 7H 7S"), parse_cards("KC KD KH")]
    )


def test_default_arrangement_breaks_ties_by_unseen_layoff_cards() -> None:
    # Equal deadwood 20 both ways:
    #   A: [TS JS QS] [KS KC KD], deadwood TC TD; layoff cards 9S and KH (KS is held)
    #   B: [JS QS KS] [TS TC TD], deadwood KC KD; layoff card TH only (no card above a king)
    hand = parse_cards("TS JS QS KS TC TD KC KD")
    option_a = melds_text([parse_cards("TS JS QS"), parse_cards("KS KC KD")])
    option_b = melds_text([parse_cards("JS QS KS"), parse_cards("TS TC TD")])
    nothing_seen = default_arrangement(hand, 20, hand)
    assert nothing_seen is not None and melds_text(nothing_seen.melds) == option_b
    seen = (*hand, *parse_cards("9S KH"))  # A's layoff cards are in the discard pile
    a_is_safe = default_arrangement(hand, 20, seen)
    assert a_is_safe is not None and melds_text(a_is_safe.melds) == option_a
