"""The reasons a hint and the coach give for a discard say what decided it (issue 18,
defect 10): the card thrown and what it is to the hand, what set it apart from the next best
discard, and a word on its danger only as the level itself reads it."""

from __future__ import annotations

import re

from game.ai.coach import Review
from game.ai.hints import explain, hint
from game.ai.reasons import RISKY, SAFE, discard_values
from game.rules import (
    FULL_DECK,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Hand,
    RuleSet,
    card_symbol,
    parse_cards,
)

from .helpers import VARIANTS, mid_hand_states

STANDARD = RuleSet.preset("standard")


def _deck(opponent: str, person: str, upcard: str, first_draw: str) -> list[Card]:
    """Seat 0 (non-dealer, the opponent) gets `opponent`, seat 1 `person`; the first stock
    card drawn is `first_draw`."""
    a, b = parse_cards(opponent), parse_cards(person)
    named = {*a, *b, Card.parse(upcard), Card.parse(first_draw)}
    rest = [c for c in FULL_DECK if c not in named]
    deck = [card for pair in zip(a, b, strict=True) for card in pair] + [Card.parse(upcard)]
    return deck + rest + [Card.parse(first_draw)]  # the stock is drawn from the deck's end


def test_a_card_next_to_one_the_opponent_took_is_never_called_safe():
    """The opponent took 8♥ and threw 7♣: 7♥ was called safe "because it discarded 7♣"."""
    hand = Hand.from_deck(
        STANDARD, 1, _deck("9H TH KC KD 2S 3S 4D 5D QC 7C", "7H 7S 2C 4H 6D JS QS AH 3D 9C", "8H", "KS")
    )
    hand.apply(DrawDiscard())  # the opponent takes 8♥ for its run 8-9-10♥
    hand.apply(Discard(Card.parse("7C")))
    hand.apply(DrawStock())
    view = hand.view(1)
    reason = explain(view, Discard(Card.parse("7H")))
    assert "safe" not in reason and "unlikely to help" not in reason
    assert discard_values(view).danger[Card.parse("7H")] >= RISKY
    assert "careful: 7♥ may give the opponent a meld (it took 8♥)" in reason


def _discard_views(count: int = 60) -> list:
    views = []
    for variant in ("standard", "oklahoma"):
        for hand in mid_hand_states(VARIANTS[variant], seed=7, count=count):
            view = hand.view(hand.to_act or 0)
            if any(isinstance(a, Discard) for a in view.legal_actions):
                views.append(view)
    return views


def test_what_a_reason_says_of_danger_is_what_the_level_reads():
    claims = 0
    for view in _discard_views():
        tip = hint(view)
        if not isinstance(tip.action, Discard):
            continue
        danger = discard_values(view).danger[tip.action.card]
        name = card_symbol(tip.action.card)
        assert "is safe" not in tip.reason
        if f"{name} is unlikely to help the opponent" in tip.reason:
            claims += 1
            assert danger < SAFE, (tip.reason, danger)
        if f"{name} may give the opponent a meld" in tip.reason:
            claims += 1
            assert danger >= RISKY, (tip.reason, danger)
    assert claims >= 3  # the claims were put to the test


def test_a_discard_reason_is_about_the_card_thrown_not_the_first_meld_kept():
    shapes = set()
    reasons = 0
    for view in _discard_views():
        tip = hint(view)
        if not isinstance(tip.action, Discard):
            continue
        reasons += 1
        name = card_symbol(tip.action.card)
        head, _, why = tip.reason.partition(": ")
        assert head == f"Discard {name}" and name in why, tip.reason
        assert "keeps the meld" not in why
        shapes.add(re.sub(r"\d+|[AJQK10]*[♣♦♥♠]", "#", why.split(";")[0]))
    assert reasons >= 20 and len(shapes) >= 3, shapes


def test_a_higher_loose_card_kept_is_explained():
    # K♠ and 9♣ both fit nothing; the hint throws K♠ because it counts more.
    hand = Hand.from_deck(
        STANDARD, 1, _deck("2C 3D 5H 6S 8D TC JH QS AH 4C", "7H 8H 9H 2S 2D KS 9C 4D 5S 6C", "AD", "3H")
    )
    hand.apply(DrawStock() if DrawStock() in hand.legal_actions() else hand.legal_actions()[0])
    view = None
    while hand.to_act != 1 or not any(isinstance(a, Discard) for a in hand.legal_actions()):
        hand.apply(next(a for a in hand.legal_actions() if not isinstance(a, DrawDiscard)))
    view = hand.view(1)
    reason = explain(view, Discard(Card.parse("KS")))
    assert reason.startswith("Discard K♠: K♠ fits none of your other cards")


def test_the_coach_says_why_the_experts_discard_beats_the_one_played():
    import random

    from game.ai import make_player

    hand = Hand.deal(STANDARD, dealer=1, rng=random.Random(4))
    players = [make_player("random", 1), make_player("hard", 2)]
    while not hand.is_over:
        hand.apply(players[hand.to_act].choose(hand.view(hand.to_act)))
    report = Review(hand.to_dict(), player=0).run()
    judged = [d for d in report.decisions if d.kind == "discard" and d.played != d.expert]
    assert judged
    for decision in judged:
        thrown = card_symbol(decision.expert[0].card)
        assert f"the expert would discard {thrown}" in decision.text
        assert f": {thrown} " in decision.text or f"{thrown} fits" in decision.text, decision.text


def test_a_reason_never_argues_from_the_pair_it_breaks():
    """Seen in play: "Discard 7♥: 7♥ only goes with 5♥; 5♥ stays: it goes with 7♥"."""
    for view in _discard_views():
        tip = hint(view)
        if not isinstance(tip.action, Discard):
            continue
        name = card_symbol(tip.action.card)
        stays = re.search(r"(\S+) stays: it goes with ([^;]+)", tip.reason)
        assert stays is None or name not in stays.group(2), tip.reason
