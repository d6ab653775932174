"""The meld solver against the brute-force reference, on random hands (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import (
    FULL_DECK,
    Card,
    best_defence,
    best_melds,
    can_lay_off,
    cards_to_mask,
    deadwood_value,
    default_arrangement,
    is_meld,
    knock_arrangements,
)
from tests.rules.reference import (
    all_melds,
    all_melds_by_subsets,
    brute_arrangements,
    brute_deadwood,
    brute_defence,
    is_meld_by_definition,
)

#: Five ranks in four suits: hands drawn from here are full of overlapping sets and runs.
DENSE = tuple(c for c in FULL_DECK if 4 <= c.rank <= 8)


def hands(max_size: int = 11) -> st.SearchStrategy[list[Card]]:
    """Random hands: from the whole deck, or from a small meld-rich part of it."""
    return st.one_of(
        st.lists(st.sampled_from(FULL_DECK), max_size=max_size, unique=True),
        st.lists(st.sampled_from(DENSE), max_size=max_size, unique=True),
    )


@settings(max_examples=400, deadline=None)
@given(hands(9))
def test_reference_meld_list_matches_every_subset(hand: list[Card]) -> None:
    assert set(all_melds(hand)) == all_melds_by_subsets(hand)
    for meld in all_melds(hand):
        assert is_meld(sorted(meld)) == is_meld_by_definition(sorted(meld)) is True


@settings(max_examples=600, deadline=None)
@given(hands())
def test_best_melds_equals_brute_force(hand: list[Card]) -> None:
    result = best_melds(hand)
    assert result.deadwood_value == brute_deadwood(hand)
    assert deadwood_value(hand) == deadwood_value(cards_to_mask(hand)) == result.deadwood_value
    melded = [c for m in result.melds for c in m]
    assert len(melded) == len(set(melded)), "a card in two melds"
    assert all(is_meld_by_definition(m) for m in result.melds)
    assert set(melded) | set(result.deadwood) == set(hand)
    assert not set(melded) & set(result.deadwood)
    assert result.deadwood_value == sum(c.value for c in result.deadwood)
    assert best_melds(cards_to_mask(hand)) == result


@settings(max_examples=300, deadline=None)
@given(hands(), st.integers(0, 10))
def test_knock_arrangements_are_exactly_the_legal_ones(hand: list[Card], limit: int) -> None:
    arrangements = knock_arrangements(hand, limit)
    got = [frozenset(frozenset(m) for m in a.melds) for a in arrangements]
    assert len(got) == len(set(got)), "an arrangement listed twice"
    assert set(got) == brute_arrangements(hand, limit)
    for a in arrangements:
        assert a.deadwood_value <= limit
        assert all(is_meld_by_definition(m) for m in a.melds)
        assert a.deadwood_value == sum(c.value for c in a.deadwood)
    values = [a.deadwood_value for a in arrangements]
    assert values == sorted(values)
    best = default_arrangement(hand, limit, hand)
    if arrangements:
        assert best is not None and best.deadwood_value == values[0] == brute_deadwood(hand)
    else:
        assert best is None and brute_deadwood(hand) > limit


@st.composite
def knock_and_defender(draw: st.DrawFn) -> tuple[list[list[Card]], list[Card]]:
    """Disjoint knocker melds (any packing of a random hand) and a defender hand."""
    pool = draw(st.sampled_from([DENSE, FULL_DECK]))
    knocker = draw(st.lists(st.sampled_from(pool), min_size=3, max_size=11, unique=True))
    packings = knock_arrangements(knocker, 200)  # with a huge limit: every packing
    packing = draw(st.sampled_from(packings))
    rest = [c for c in FULL_DECK if c not in knocker]
    near = [c for c in rest if c in DENSE] or rest
    defender = draw(st.lists(st.sampled_from(draw(st.sampled_from([near, rest]))), max_size=10, unique=True))
    return [list(m) for m in packing.melds], defender


@settings(max_examples=250, deadline=None)
@given(knock_and_defender())
def test_best_defence_equals_brute_force(case: tuple[list[list[Card]], list[Card]]) -> None:
    knocker_melds, defender = case
    defence = best_defence(defender, knocker_melds)
    assert defence.deadwood_value == brute_defence(defender, knocker_melds)
    # The layoffs can be played one by one, in order, onto the melds as they grow.
    table = [list(m) for m in knocker_melds]
    laid = []
    for card, index in defence.layoffs:
        assert card in defender and card not in laid
        assert can_lay_off(card, table[index])
        table[index].append(card)
        laid.append(card)
    rest = [c for c in defender if c not in laid]
    assert best_melds(rest).deadwood_value == defence.deadwood_value
    assert set(defence.deadwood) | {c for m in defence.melds for c in m} == set(rest)


ALL_MELDS = all_melds(FULL_DECK)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ALL_MELDS), st.sampled_from(FULL_DECK))
def test_can_lay_off_matches_definition(meld: frozenset[Card], card: Card) -> None:
    cards = sorted(meld)
    expected = card not in meld and is_meld_by_definition([*cards, card])
    assert can_lay_off(card, cards) == expected


def test_every_meld_of_the_deck_is_recognised() -> None:
    assert len(ALL_MELDS) == 4 * sum(14 - n for n in range(3, 14)) + 13 * 5
    for meld in ALL_MELDS:
        assert is_meld(sorted(meld))
