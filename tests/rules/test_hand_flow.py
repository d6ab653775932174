"""Scripted hands: the deal, the upcard offer, turns, discards and the stock running out."""

from __future__ import annotations

import pytest

from game.rules import (
    FULL_DECK,
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    IllegalAction,
    Knock,
    LayOff,
    Pass,
    Phase,
    ResultKind,
    RuleSet,
    parse_cards,
)
from tests.rules.conftest import build_deck, hand_state, scripted_hand

C = Card.parse

#: Melds A-2-3H, 5S 5D 5C, 9-T-J C; deadwood KD (10): may knock after any harmless draw.
READY = "AH 2H 3H 5S 5D 5C 9C TC JC KD"
#: Melds A-2-3H, 5S 5D 5C; deadwood 9C TC QS KD (39): cannot knock soon.
FAR = "AH 2H 3H 5S 5D 5C 9C TC QS KD"
#: The same shape for the dealer: A-2-3S, 6D 6C 6H, 9-T-J D; deadwood KC.
READY_DEALER = "AS 2S 3S 6D 6C 6H 9D TD JD KC"
#: Dealer hands that do not touch the cards above.
JUNK = "2C 4D 6H 8S TD QC KH 3S 7D 9H"


def test_deal_gives_ten_each_from_deck_order_and_turns_up_the_21st() -> None:
    deck = list(FULL_DECK)
    hand = Hand.from_deck(RuleSet.preset(), 0, deck)
    assert hand.hands[1] == deck[0:20:2]  # the non-dealer (seat 1) gets the first card
    assert hand.hands[0] == deck[1:20:2]
    assert hand.discard_pile == [deck[20]] and hand.upcard == deck[20]
    assert len(hand.stock) == 31
    assert hand.phase is Phase.UPCARD_OFFER and hand.to_act == 1
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    assert hand.hands[1][-1] == deck[21]  # the stock is drawn from deck[21] onward
    hand.check_invariants()


def test_build_deck_helper_deals_what_it_says() -> None:
    hand = scripted_hand(RuleSet.preset(), READY, JUNK, "7C", "8C 6C")
    assert sorted(hand.hands[0]) == sorted(parse_cards(READY))
    assert sorted(hand.hands[1]) == sorted(parse_cards(JUNK))
    assert hand.upcard == C("7C") and hand.stock[-2:] == [C("6C"), C("8C")]


def test_deal_refuses_a_bad_deck() -> None:
    deck = list(FULL_DECK)
    with pytest.raises(IllegalAction, match="52"):
        Hand.from_deck(RuleSet.preset(), 0, deck[:51])
    with pytest.raises(IllegalAction, match="52"):
        Hand.from_deck(RuleSet.preset(), 0, [deck[0], *deck[:51]])
    with pytest.raises(IllegalAction, match="dealer"):
        Hand.from_deck(RuleSet.preset(), 2, deck)


# --- the upcard offer ------------------------------------------------------------------------


def test_upcard_offer_goes_to_non_dealer_then_dealer_then_stock() -> None:
    hand = scripted_hand(RuleSet.preset(), FAR, JUNK, "7C")
    assert (hand.phase, hand.to_act) == (Phase.UPCARD_OFFER, 0)
    assert set(hand.legal_actions()) == {DrawDiscard(), Pass()}
    with pytest.raises(IllegalAction, match="upcard"):
        hand.apply(DrawStock())
    hand.apply(Pass())
    assert (hand.phase, hand.to_act) == (Phase.UPCARD_OFFER, 1)
    hand.apply(Pass())
    # Both passed: the non-dealer must draw from the stock.
    assert (hand.phase, hand.to_act) == (Phase.DRAW, 0)
    assert hand.legal_actions() == [DrawStock()]
    with pytest.raises(IllegalAction, match="Both players passed"):
        hand.apply(DrawDiscard())
    hand.apply(DrawStock())
    assert hand.phase is Phase.DISCARD and hand.to_act == 0


def test_refused_upcard_stays_on_the_discard_pile() -> None:
    hand = scripted_hand(RuleSet.preset(), FAR, JUNK, "7C", "4H")
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    hand.apply(Discard(C("4H")))
    assert hand.discard_pile == [C("7C"), C("4H")]
    hand.apply(DrawDiscard())  # the dealer takes 4H, the top card; the upcard stays below
    assert C("4H") in hand.hands[1] and hand.discard_pile == [C("7C")]


def test_non_dealer_takes_upcard_discards_then_dealer_plays() -> None:
    hand = scripted_hand(RuleSet.preset(), FAR, JUNK, "7C")
    hand.apply(DrawDiscard())
    assert (hand.phase, hand.to_act, len(hand.hands[0])) == (Phase.DISCARD, 0, 11)
    hand.apply(Discard(C("QS")))
    assert (hand.phase, hand.to_act) == (Phase.DRAW, 1)
    assert DrawDiscard() in hand.legal_actions()


def test_dealer_takes_upcard_after_non_dealer_passes() -> None:
    hand = scripted_hand(RuleSet.preset(), FAR, JUNK, "7C")
    hand.apply(Pass())
    hand.apply(DrawDiscard())
    assert (hand.phase, hand.to_act) == (Phase.DISCARD, 1)
    assert C("7C") in hand.hands[1]
    hand.apply(Discard(C("KH")))
    assert (hand.phase, hand.to_act) == (Phase.DRAW, 0)  # play continues with the other player


# --- discards ----------------------------------------------------------------------------------


def test_no_rediscard_of_taken_card() -> None:
    hand = scripted_hand(RuleSet.preset(), FAR, JUNK, "7C", "4H 8H")
    hand.apply(DrawDiscard())
    before = hand_state(hand)
    with pytest.raises(IllegalAction, match="just taken"):
        hand.apply(Discard(C("7C")))
    assert Discard(C("7C")) not in hand.legal_actions()
    assert hand_state(hand) == before
    hand.apply(Discard(C("QS")))
    hand.apply(DrawStock())  # dealer draws 4H
    hand.apply(Discard(C("4H")))
    hand.apply(DrawStock())  # non-dealer draws 8H; 7C may go now, on a later turn
    assert hand.can(Discard(C("7C")))
    hand.apply(Discard(C("7C")))


def test_taken_discard_may_not_be_knocked_with_either() -> None:
    # READY + upcard 7H: discarding KD leaves 7 deadwood, discarding 7H would leave 10.
    hand = scripted_hand(RuleSet.preset(), READY, JUNK, "7H")
    hand.apply(DrawDiscard())
    assert hand.can(Knock(C("KD")))
    with pytest.raises(IllegalAction, match="just taken"):
        hand.apply(Knock(C("7H")))


def _rediscard_table(non_dealer: str) -> Hand:
    """Non-dealer draws 8D and discards KD; the dealer takes KD and throws it straight back."""
    rules = RuleSet.preset("standard", allow_rediscard=True)
    hand = scripted_hand(rules, non_dealer, JUNK, "7C", "8D 4H")
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    hand.apply(Discard(C("KD")))
    hand.apply(DrawDiscard())
    hand.apply(Discard(C("KD")))  # allowed by the association rule
    return hand


def test_allow_rediscard_original_discarder_may_not_retake_unless_knocking() -> None:
    hand = _rediscard_table(FAR)
    assert hand.to_act == 0 and hand.discard_pile[-1] == C("KD")
    assert DrawDiscard() not in hand.legal_actions()
    before = hand_state(hand)
    with pytest.raises(IllegalAction, match="only to knock"):
        hand.apply(DrawDiscard())
    assert hand_state(hand) == before
    hand.apply(DrawStock())


def test_allow_rediscard_original_discarder_retakes_to_knock() -> None:
    hand = _rediscard_table(READY)  # READY - KD + 8D, plus KD back: discard 8D, deadwood 10
    assert DrawDiscard() in hand.legal_actions()
    hand.apply(DrawDiscard())
    with pytest.raises(IllegalAction, match="must knock"):
        hand.apply(Discard(C("8D")))
    assert all(isinstance(a, Knock) for a in hand.legal_actions())
    hand.apply(Knock(C("8D")))
    assert hand.phase is Phase.ARRANGE


def test_without_allow_rediscard_taken_card_cannot_go_straight_back() -> None:
    hand = scripted_hand(RuleSet.preset(), FAR, JUNK, "7C", "8D 4H")
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    hand.apply(Discard(C("KD")))
    hand.apply(DrawDiscard())
    with pytest.raises(IllegalAction, match="just taken"):
        hand.apply(Discard(C("KD")))


# --- the eleven-card deal ----------------------------------------------------------------------


def test_eleven_card_deal() -> None:
    rules = RuleSet.preset("standard", eleven_card_deal=True)
    hand = scripted_hand(rules, FAR + " 4C", JUNK, None, "8D")
    assert len(hand.hands[0]) == 11 and len(hand.hands[1]) == 10
    assert hand.upcard is None and hand.discard_pile == []
    assert len(hand.stock) == 31
    # The non-dealer's first turn is only a discard: no drawing at all.
    assert (hand.phase, hand.to_act) == (Phase.DISCARD, 0)
    legal = hand.legal_actions()
    assert not any(isinstance(a, DrawStock | DrawDiscard | Pass) for a in legal)
    assert {a.card for a in legal if isinstance(a, Discard)} == set(hand.hands[0])
    for action in (DrawStock(), DrawDiscard(), Pass()):
        with pytest.raises(IllegalAction):
            hand.apply(action)
    hand.apply(Discard(C("4C")))
    assert (hand.phase, hand.to_act) == (Phase.DRAW, 1)
    assert set(hand.legal_actions()) == {DrawStock(), DrawDiscard()}
    hand.apply(DrawStock())
    assert hand.hands[1][-1] == C("8D")
    hand.check_invariants()


# --- the stock running out -------------------------------------------------------------------


def _play_down_to_last_discard(rules: RuleSet, non_dealer: str, dealer: str, last: str) -> Hand:
    """Both pass the upcard; each player then draws from the stock and discards that card.

    The non-dealer draws the 29th card (``last``), which leaves two in the stock, and has
    not discarded yet.
    """
    named = set(parse_cards(non_dealer)) | set(parse_cards(dealer)) | {C("7C"), C(last)}
    junk = [c for c in FULL_DECK if c not in named]
    hand = scripted_hand(rules, non_dealer, dealer, "7C", [*junk[:28], C(last)])
    hand.apply(Pass())
    hand.apply(Pass())
    for _ in range(28):
        drawn_by = hand.to_act
        assert drawn_by is not None
        hand.apply(DrawStock())
        hand.apply(Discard(hand.hands[drawn_by][-1]))
    assert hand.to_act == 0
    hand.apply(DrawStock())
    assert len(hand.stock) == 2 and hand.hands[0][-1] == C(last)
    return hand


def test_stock_down_to_two_after_discard_is_void() -> None:
    hand = _play_down_to_last_discard(RuleSet.preset(), FAR, JUNK, "8D")
    hand.apply(Discard(C("8D")))
    assert hand.phase is Phase.VOID and hand.to_act is None
    assert hand.result is not None
    assert (hand.result.kind, hand.result.winner, hand.result.points) == (ResultKind.VOID, None, 0)
    with pytest.raises(IllegalAction, match="over"):
        hand.apply(DrawStock())
    hand.check_invariants()


def test_knock_with_two_cards_left_in_stock_still_scores() -> None:
    hand = _play_down_to_last_discard(RuleSet.preset(), READY, JUNK, "8D")
    hand.apply(Knock(C("8D")))
    hand.apply(hand.default_arrangement())
    assert hand.phase is Phase.LAYOFF
    hand.apply(EndLayoff())
    assert hand.phase is Phase.FINISHED
    assert hand.result is not None
    assert (hand.result.kind, hand.result.winner) == (ResultKind.KNOCK, 0)
    assert hand.result.knocker_count == 10 and hand.result.points > 0
    hand.check_invariants()


def test_last_discard_chance_take_only_to_knock() -> None:
    rules = RuleSet.preset("standard", last_discard_chance=True)
    # The dealer holds FAR-like cards: 8D does not bring them under the knock limit.
    hand = _play_down_to_last_discard(rules, FAR, "AS 2S 3S 6D 6C 6H TH JD QH KC", "8D")
    hand.apply(Discard(C("8D")))
    assert (hand.phase, hand.to_act) == (Phase.LAST_CHANCE, 1)
    assert hand.legal_actions() == [Pass()]
    before = hand_state(hand)
    with pytest.raises(IllegalAction, match="only to knock"):
        hand.apply(DrawDiscard())
    with pytest.raises(IllegalAction, match="stock is down to two"):
        hand.apply(DrawStock())
    assert hand_state(hand) == before
    hand.apply(Pass())
    assert hand.phase is Phase.VOID
    assert hand.result is not None and hand.result.kind is ResultKind.VOID


def test_last_discard_chance_declined_is_void() -> None:
    rules = RuleSet.preset("standard", last_discard_chance=True)
    hand = _play_down_to_last_discard(rules, FAR, "AS 2S 3S 6D 6C 6H TH JD QH KC", "JH")
    hand.apply(Discard(C("JH")))  # TH JH QH would be a run for the dealer
    assert DrawDiscard() in hand.legal_actions()
    hand.apply(Pass())
    assert hand.phase is Phase.VOID


def test_last_discard_chance_knock_after_taking() -> None:
    rules = RuleSet.preset("standard", last_discard_chance=True)
    hand = _play_down_to_last_discard(rules, FAR, "AS 2S 3S 6D 6C 6H TH JD QH KC", "JH")
    hand.apply(Discard(C("JH")))
    hand.apply(DrawDiscard())
    # Taken only to knock: a plain discard is refused.
    with pytest.raises(IllegalAction, match="must knock"):
        hand.apply(Discard(C("KC")))
    assert all(isinstance(a, Knock) for a in hand.legal_actions())
    hand.apply(Knock(C("KC")))  # TH JH QH melded, deadwood JD = 10
    hand.apply(hand.legal_actions()[0])
    assert hand.phase is Phase.LAYOFF
    hand.apply(EndLayoff())
    assert hand.result is not None and hand.result.kind is not ResultKind.VOID


def test_last_discard_chance_may_knock_discarding_the_same_card() -> None:
    rules = RuleSet.preset("standard", last_discard_chance=True)
    # The dealer's READY hand already knocks with 10: they may take 8D and throw it face down.
    hand = _play_down_to_last_discard(rules, FAR, READY_DEALER, "8D")
    hand.apply(Discard(C("8D")))
    assert hand.to_act == 1
    hand.apply(DrawDiscard())
    assert Knock(C("8D")) in hand.legal_actions()
    hand.apply(Knock(C("8D")))
    assert hand.phase is Phase.ARRANGE and hand.knock_card == C("8D")
    hand.check_invariants()


def test_without_last_discard_chance_the_other_player_gets_no_turn() -> None:
    hand = _play_down_to_last_discard(RuleSet.preset(), FAR, READY_DEALER, "8D")
    hand.apply(Discard(C("8D")))
    assert hand.phase is Phase.VOID
    assert hand.legal_actions() == []


def test_build_deck_rejects_wrong_sizes() -> None:
    with pytest.raises(AssertionError):
        build_deck(READY, JUNK + " 5H", "7C")


def test_illegal_action_messages_say_why_and_change_nothing() -> None:
    hand = scripted_hand(RuleSet.preset(), READY, JUNK, "7C", "8D 6C")
    checks: list[tuple[Action, str]] = [
        (Discard(C("AH")), "first turn: take the upcard"),
        (DrawStock(), "first turn: take the upcard"),
    ]
    for action, why in checks:
        before = hand_state(hand)
        with pytest.raises(IllegalAction, match=why):
            hand.apply(action)
        assert hand_state(hand) == before
    hand.apply(Pass())
    hand.apply(Pass())
    for action, why in [
        (Discard(C("AH")), "Draw a card first"),
        (Knock(C("KD")), "Draw a card first"),
        (Pass(), "Draw a card first"),
        (EndLayoff(), "Draw a card first"),
        (DrawDiscard(), "Both players passed"),
    ]:
        before = hand_state(hand)
        with pytest.raises(IllegalAction, match=why):
            hand.apply(action)
        assert hand_state(hand) == before
    hand.apply(DrawStock())  # 8D
    for action, why in [
        (DrawStock(), "You have drawn"),
        (Pass(), "You have drawn"),
        (Discard(C("QS")), "Q♠ is not in your hand"),
        (Knock(C("QS")), "Q♠ is not in your hand"),
        (Knock(C("AH")), "knock limit is 10"),
        (Knock(None), "Big gin is not played"),
        (LayOff(C("8D"), 0), "You have drawn"),
    ]:
        before = hand_state(hand)
        with pytest.raises(IllegalAction, match=why):
            hand.apply(action)
        assert hand_state(hand) == before
    hand.apply(Knock(C("KD")))
    for action, why in [
        (Discard(C("8D")), "lay out your melds"),
        (LayOff(C("8D"), 0), "lay out your melds"),
        (EndLayoff(), "lay out your melds"),
    ]:
        with pytest.raises(IllegalAction, match=why):
            hand.apply(action)
    hand.apply(hand.default_arrangement())
    for action, why in [
        (DrawStock(), "Lay off cards onto the knocker's melds, or finish"),
        (Discard(C("2C")), "Lay off cards onto the knocker's melds, or finish"),
        (LayOff(C("AH"), 0), "A♥ is not in your hand"),
        (LayOff(C("2C"), 7), "no meld number 8"),
    ]:
        before = hand_state(hand)
        with pytest.raises(IllegalAction, match=why):
            hand.apply(action)
        assert hand_state(hand) == before
