"""The search's appraisal: its values of every choice, and a pick that is exactly the level's."""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.ai.base import finish
from game.ai.levels import CONFIGS
from game.ai.search import RERANK_MARGIN, SearchPlayer
from game.rules import (
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    Knock,
    LayOff,
    Pass,
    Phase,
    RuleSet,
    best_defence,
    cards_to_mask,
    deadwood_value,
    parse_cards,
)
from tests.ai.helpers import VARIANTS, mid_hand_states, shuffled_deck
from tests.ai.test_legal import deck_with

STANDARD = RuleSet.preset("standard")


@pytest.mark.parametrize("variant", ["standard", "oklahoma", "simple", "last_discard_chance"])
def test_appraisal_picks_exactly_what_each_level_chooses(variant: str) -> None:
    """The appraisal runs the level's own decision: same seed, same view, same action."""
    for hand in mid_hand_states(VARIANTS[variant], seed=17, count=8):
        view = hand.view(hand.to_act or 0)
        for level in ("easy", "medium", "hard", "expert"):
            player = make_player(level, seed=4)
            assert isinstance(player, SearchPlayer)
            assert finish(player.appraise(view)).pick == player.choose(view), (level, variant)


def test_appraisal_values_every_draw_and_discard() -> None:
    expert = SearchPlayer(CONFIGS["expert"], seed=2)
    seen = set()
    for hand in mid_hand_states(STANDARD, seed=23, count=16):
        view = hand.view(hand.to_act or 0)
        appraisal = finish(expert.appraise(view))
        legal = set(view.legal_actions)
        seen.add(view.phase)
        if view.phase in (Phase.UPCARD_OFFER, Phase.DRAW) and DrawDiscard() in legal:
            assert set(appraisal.costs) == legal
        if view.phase is Phase.DISCARD:
            assert {a for a in legal if isinstance(a, Discard)} <= set(appraisal.costs)
        costed = [a for a in appraisal.costs if a in legal]
        cheapest = min((appraisal.costs[a] for a in costed), default=None)
        if appraisal.pick in appraisal.costs and appraisal.pick not in appraisal.deeper:
            assert appraisal.costs[appraisal.pick] == cheapest
        if appraisal.deeper:
            # the deeper search only reorders the near-best discards, and picks the best of them
            assert appraisal.pick in appraisal.deeper
            assert appraisal.deeper[appraisal.pick] == min(appraisal.deeper.values())
            assert cheapest is not None
            assert all(appraisal.costs[a] <= cheapest + RERANK_MARGIN for a in appraisal.deeper)
    assert {Phase.DRAW, Phase.DISCARD} <= seen


def test_taking_includes_the_levels_take_bias() -> None:
    """Taking must beat the stock by the bias: its appraised cost carries the bias."""
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 6C 9C TC JC KD", "5C"))
    config = CONFIGS["expert"]
    appraisal = finish(SearchPlayer(config, 1).appraise(hand.view(1)))
    other = SearchPlayer(config, 1).context(hand.view(1))
    finish(other.read_opponent())
    take_cost, _ = finish(other.take_plan(Card.parse("5C").index))
    assert appraisal.costs[DrawDiscard()] == pytest.approx(take_cost + config.take_bias)
    assert appraisal.pick == DrawDiscard()  # 5C makes the set of fives: an easy take


def knocking_position() -> Hand:
    """Seat 1 holds two melds and a low card and takes a discard that lets it knock."""
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC 3D", "8D"))
    hand.apply(DrawDiscard())
    return hand


def test_knocks_are_valued_in_sampled_points_with_an_undercut_chance() -> None:
    hand = knocking_position()
    view = hand.view(1)
    chosen = Knock(Card.parse("3D"))
    also = Knock(Card.parse("8D")) if Knock(Card.parse("8D")) in view.legal_actions else chosen
    appraisal = finish(SearchPlayer(CONFIGS["expert"], 3).appraise(view, also=(also,)))
    knocks = [a for a in appraisal.points if isinstance(a, Knock)]
    assert knocks and also in appraisal.points
    for knock in knocks:
        odds = appraisal.knocks[knock]
        assert 0.0 <= odds.undercut <= 1.0 and 0.0 <= odds.opponent_ready <= 1.0
        assert odds.opponent_deadwood >= 0.0
        kept = cards_to_mask(view.hand) & ~(knock.card.bit if knock.card else 0)
        assert odds.count >= deadwood_value(kept)  # deadwood plus the expected layoffs
    # every legal discard is still costed, for comparing the knock with playing on
    assert {a for a in view.legal_actions if isinstance(a, Discard)} <= set(appraisal.costs)


def test_a_gin_is_valued_with_its_bonus() -> None:
    hand = Hand.from_deck(STANDARD, 0, deck_with("2H 3H 4H 5S 5D 5C 9C TC JC KD", "QC"))
    hand.apply(DrawDiscard())  # QC: 9C TC JC QC, and KD can go face down for gin
    view = hand.view(1)
    appraisal = finish(SearchPlayer(CONFIGS["expert"], 3).appraise(view))
    gin = Knock(Card.parse("KD"))
    assert appraisal.pick == gin
    assert appraisal.points[gin] >= STANDARD.gin_bonus
    assert appraisal.knocks[gin].undercut == 0.0


def test_layoffs_are_valued_by_the_deadwood_the_best_defence_leaves() -> None:
    hand = knocking_position()
    hand.apply(Knock(Card.parse("3D")))
    hand.apply(hand.legal_actions()[0])
    view = hand.view(0)
    appraisal = finish(SearchPlayer(CONFIGS["expert"], 3).appraise(view))
    best = best_defence(view.hand, view.knocker_melds).deadwood_value
    assert set(appraisal.points) == set(view.legal_actions)
    assert max(appraisal.points.values()) == -best
    assert appraisal.points[appraisal.pick] == -best
    for action in view.legal_actions:
        assert isinstance(action, LayOff | EndLayoff)


def test_arrangements_are_valued_by_deadwood_and_likely_layoffs() -> None:
    # Seat 1 knocks with A-4C 4D 4H KS KH KD 2D: the 4C goes to the run or to the fours.
    deck = scripted_deck(
        non_dealer="AC 2C 3C 4C 4D 4H KS KH KD 2D",
        dealer="5S 6H 7D 8C 9H TS JD QC 3H 6S",
        upcard="QS",
        stock="9S",
    )
    hand = Hand.from_deck(STANDARD, 0, deck)
    for action in (Pass(), Pass(), DrawStock(), Knock(Card.parse("9S"))):
        hand.apply(action)
    view = hand.view(1)
    options = [a for a in view.legal_actions if isinstance(a, Arrange)]
    assert len(options) >= 2
    appraisal = finish(SearchPlayer(CONFIGS["expert"], 3).appraise(view))
    assert set(appraisal.points) == set(options)
    assert appraisal.points[appraisal.pick] == max(appraisal.points.values())
    fours_set = next(
        a for a in options if any(len({c.rank for c in m}) == 1 and m[0].rank == 4 for m in a.melds)
    )
    long_run = next(a for a in options if any(len(m) == 4 and m[0].rank == 1 for m in a.melds))
    # 2 deadwood against 10: the set of fours is worth 8 points more, before layoffs
    assert appraisal.points[fours_set] > appraisal.points[long_run]


def test_the_last_discard_chance_values_passing_at_zero() -> None:
    """Seat 0 sits on 5 deadwood while both draw and throw back until the stock runs low."""
    rules = VARIANTS["last_discard_chance"]
    deck = scripted_deck(
        non_dealer="KS QH JD 9C 7H 5S 3D 2H TC 8D", dealer="AC 2C 3C 4D 5D 6D 7S 8S 9S 5H", upcard="KC"
    )
    hand = Hand.from_deck(rules, 0, deck)
    hand.apply(Pass())
    hand.apply(Pass())
    while hand.phase is not Phase.LAST_CHANCE:
        seat = hand.to_act or 0
        hand.apply(DrawStock())
        hand.apply(Discard(hand.hands[seat][-1]))  # throw back the card just drawn
    assert hand.to_act == 0 and DrawDiscard() in hand.legal_actions()
    appraisal = finish(SearchPlayer(CONFIGS["expert"], 1).appraise(hand.view(0)))
    assert appraisal.points[Pass()] == 0.0
    assert DrawDiscard() in appraisal.points and DrawDiscard() in appraisal.knocks


def test_appraising_changes_no_later_decision() -> None:
    """An appraisal keeps no state: the level decides the same before and after one."""
    player = make_player("expert", seed=6)
    assert isinstance(player, SearchPlayer)
    for hand in mid_hand_states(STANDARD, seed=29, count=4):
        view = hand.view(hand.to_act or 0)
        before = player.choose(view)
        finish(player.appraise(view, also=tuple(view.legal_actions)))
        assert player.choose(view) == before


def scripted_deck(non_dealer: str, dealer: str, upcard: str, stock: str = "", seed: int = 0) -> list[Card]:
    """A deck dealing these hands and upcard, with ``stock`` drawn first (in that order)."""
    first, second = parse_cards(non_dealer), parse_cards(dealer)
    up, drawn = Card.parse(upcard), parse_cards(stock)
    placed = {*first, *second, up, *drawn}
    assert len(placed) == 21 + len(drawn), "a card is placed twice"
    rest = [c for c in shuffled_deck(seed) if c not in placed]
    deck = [card for pair in zip(first, second, strict=True) for card in pair]
    return [*deck, up, *drawn, *rest]


def test_a_near_best_discard_asked_about_is_searched_deeper_too() -> None:
    """The expert searches its best few discards a draw deeper; a near-best discard the
    player chose is searched the same way, so the two are compared alike."""
    expert = SearchPlayer(CONFIGS["expert"], seed=2)
    checked = 0
    for hand in mid_hand_states(STANDARD, seed=41, count=30):
        view = hand.view(hand.to_act or 0)
        if view.phase is not Phase.DISCARD:
            continue
        plain = finish(expert.appraise(view))
        if not plain.deeper:
            continue
        best = min(c for a, c in plain.costs.items() if isinstance(a, Discard))
        near = [
            a
            for a, c in plain.costs.items()
            if isinstance(a, Discard) and a not in plain.deeper and c <= best + RERANK_MARGIN
        ]
        far = [a for a, c in plain.costs.items() if isinstance(a, Discard) and c > best + RERANK_MARGIN]
        asked = finish(expert.appraise(view, also=(*near[:1], *far[:1])))
        assert asked.pick == plain.pick and asked.costs == plain.costs
        assert set(plain.deeper) <= set(asked.deeper)
        assert all(a in asked.deeper for a in near[:1])
        assert not any(a in asked.deeper for a in far[:1])
        checked += bool(near)
    assert checked >= 1
