"""Scripted knocks: layoffs, undercuts, gin, big gin, Simple and Oklahoma Gin, and scoring."""

from __future__ import annotations

import pytest

from game.rules import (
    Arrange,
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
    knock_limit_for,
    parse_cards,
    score_hand,
)
from tests.rules.conftest import hand_state, scripted_hand

C = Card.parse

READY = "AH 2H 3H 5S 5D 5C 9C TC JC KD"  # deadwood KD = 10
#: A-2-3H, 5-5-5, 9-T-J C for the knocker; upcard 7C by default.
TIE_DEFENDER = "2C 2D 2S 6H 7H 8H JS QS KS"  # + one odd card: its value is the defender's count
#: 4-5-6S, K-K-K, 9-T-J D and AC: draws QC (knock with AC = 1) or QD (gin).
RUNNER = "4S 5S 6S KH KD KC 9D TD JD AC"
LAYOFF_DEFENDER = "7S 8S 3S KS 2D 2H 2C 9H 9C 9S"  # 2s and 9s melded; 7S 8S 3S KS lay off


def knock_after_drawing(hand: Hand, drawn: str, discard: str | None) -> None:
    """Both pass the upcard; the non-dealer draws ``drawn`` and knocks discarding ``discard``."""
    hand.apply(Pass())
    hand.apply(Pass())
    assert hand.stock[-1] == C(drawn)
    hand.apply(DrawStock())
    hand.apply(Knock(None if discard is None else C(discard)))


def meld_index(hand: Hand, text: str) -> int:
    """The index of the knocker's meld containing this card."""
    return next(i for i, m in enumerate(hand.knocker_melds) if C(text) in m)


@pytest.mark.parametrize(
    ("odd_card", "kind", "winner", "points"),
    [
        ("4C", ResultKind.UNDERCUT, 1, 0 + 10),  # 4 v 4: a tie is an undercut
        ("3C", ResultKind.UNDERCUT, 1, 1 + 10),  # 4 v 3
        ("6C", ResultKind.KNOCK, 0, 2),  # 4 v 6
    ],
)
def test_knock_scores_difference_and_tie_is_undercut(
    odd_card: str, kind: ResultKind, winner: int, points: int
) -> None:
    hand = scripted_hand(RuleSet.preset(), READY, f"{TIE_DEFENDER} {odd_card}", "7C", "4D")
    knock_after_drawing(hand, "4D", "KD")
    hand.apply(hand.default_arrangement())
    assert hand.phase is Phase.LAYOFF and hand.to_act == 1
    assert hand.legal_actions() == [EndLayoff()]
    hand.apply(EndLayoff())
    result = hand.result
    assert result is not None
    assert (result.kind, result.winner, result.points) == (kind, winner, points)
    assert (result.knocker, result.knocker_count) == (0, 4)


def test_tie_after_knock_is_undercut() -> None:
    hand = scripted_hand(RuleSet.preset(bonuses="association"), READY, f"{TIE_DEFENDER} 4C", "7C", "4D")
    knock_after_drawing(hand, "4D", "KD")
    hand.apply(hand.default_arrangement())
    hand.apply(EndLayoff())
    assert hand.result is not None
    assert hand.result.kind is ResultKind.UNDERCUT
    assert (hand.result.knocker_count, hand.result.defender_count) == (4, 4)
    assert (hand.result.winner, hand.result.points) == (1, 25)


def test_layoff_onto_run_extended_by_earlier_layoff_in_play() -> None:
    hand = scripted_hand(RuleSet.preset(), RUNNER, LAYOFF_DEFENDER, "5H", "QC")
    knock_after_drawing(hand, "QC", "QC")
    hand.apply(hand.default_arrangement())
    run = meld_index(hand, "5S")
    before = hand_state(hand)
    with pytest.raises(IllegalAction, match="does not fit onto"):
        hand.apply(LayOff(C("8S"), run))  # 8S needs 7S first
    assert hand_state(hand) == before
    hand.apply(LayOff(C("7S"), run))
    assert LayOff(C("8S"), run) in hand.legal_actions()
    hand.apply(LayOff(C("8S"), run))  # chained onto 4-5-6-7S
    hand.apply(LayOff(C("3S"), run))  # and at the other end
    assert LayOff(C("9S"), run) in hand.legal_actions()  # the chain goes on
    assert [str(c) for c in hand.knocker_melds[run]] == ["3S", "4S", "5S", "6S", "7S", "8S"]
    hand.apply(LayOff(C("KS"), meld_index(hand, "KH")))
    hand.apply(EndLayoff())
    result = hand.result
    assert result is not None
    # The defender keeps 2-2-2 and 9-9-9: count 0 against the knocker's AC: undercut.
    assert (result.kind, result.winner, result.defender_count, result.points) == (
        ResultKind.UNDERCUT, 1, 0, 1 + 10,
    )  # fmt: skip
    hand.check_invariants()


def test_set_takes_only_its_fourth_card_in_play() -> None:
    hand = scripted_hand(RuleSet.preset(), RUNNER, LAYOFF_DEFENDER, "5H", "QC")
    knock_after_drawing(hand, "QC", "QC")
    hand.apply(hand.default_arrangement())
    kings = meld_index(hand, "KH")
    assert {a for a in hand.legal_actions() if isinstance(a, LayOff) and a.meld_index == kings} == {
        LayOff(C("KS"), kings)
    }
    with pytest.raises(IllegalAction, match="does not fit onto"):
        hand.apply(LayOff(C("2D"), kings))
    hand.apply(LayOff(C("KS"), kings))
    assert len(hand.knocker_melds[kings]) == 4
    assert not any(isinstance(a, LayOff) and a.meld_index == kings for a in hand.legal_actions())


def test_four_card_set_accepts_nothing_in_play() -> None:
    # The knocker melds all four kings (deadwood AC 2C); nothing can join them.
    hand = scripted_hand(
        RuleSet.preset(), "4S 5S 6S 7S KH KD KC KS AC 2C", "7H 8H 2D 2H 9H 9C 9S QH JH 3D", "5H", "QC"
    )
    knock_after_drawing(hand, "QC", "QC")
    hand.apply(Arrange([parse_cards("4S 5S 6S 7S"), parse_cards("KH KD KC KS")]))
    kings = meld_index(hand, "KH")
    assert not any(isinstance(a, LayOff) and a.meld_index == kings for a in hand.legal_actions())
    for card in ("9S", "QH", "7H"):
        with pytest.raises(IllegalAction):
            hand.apply(LayOff(C(card), kings))


def test_layoff_never_onto_deadwood() -> None:
    # The knocker's deadwood is 2C; the defender's 3C (and 4C) may not be laid off onto it.
    hand = scripted_hand(
        RuleSet.preset(), "4S 5S 6S KH KD KC 9D TD JD 2C", "3C 4C 7H 8H 2D 2H 9H 9C 9S QH", "5H", "QC"
    )
    knock_after_drawing(hand, "QC", "QC")
    hand.apply(hand.default_arrangement())
    assert hand.knocker_deadwood == (C("2C"),)
    assert not any(isinstance(a, LayOff) and a.card in (C("3C"), C("4C")) for a in hand.legal_actions())
    for index in (-1, len(hand.knocker_melds)):
        with pytest.raises(IllegalAction, match="no meld number"):
            hand.apply(LayOff(C("3C"), index))


def test_no_layoffs_after_gin() -> None:
    hand = scripted_hand(RuleSet.preset(), RUNNER, LAYOFF_DEFENDER, "5H", "QD")
    knock_after_drawing(hand, "QD", "AC")  # 4-5-6S, K-K-K, 9-T-J-Q D: gin
    hand.apply(hand.default_arrangement())
    assert hand.phase is Phase.FINISHED and hand.to_act is None
    with pytest.raises(IllegalAction, match="over"):
        hand.apply(LayOff(C("7S"), 0))
    result = hand.result
    assert result is not None
    # 7S 8S 3S KS would all lay off, but after gin they count: 7 + 8 + 3 + 10 = 28.
    assert (result.kind, result.winner, result.defender_count) == (ResultKind.GIN, 0, 28)
    assert result.points == 20 + 28
    assert hand.layoffs == []


def test_gin_never_undercut_even_if_defender_has_zero() -> None:
    hand = scripted_hand(RuleSet.preset(), RUNNER, "2D 2H 2C 9H 9C 9S 5H 6H 7H 8H", "3D", "QD")
    knock_after_drawing(hand, "QD", "AC")
    hand.apply(hand.default_arrangement())
    result = hand.result
    assert result is not None
    assert (result.kind, result.winner, result.defender_count, result.points) == (ResultKind.GIN, 0, 0, 20)


def test_knocker_never_lays_off() -> None:
    # The knocker's deadwood AC would extend the defender's 2-3-4C, but it still counts 1.
    hand = scripted_hand(RuleSet.preset(), RUNNER, "2C 3C 4C 7H 8H 9H QH QS QD 5D", "5H", "QC")
    knock_after_drawing(hand, "QC", "QC")
    hand.apply(hand.default_arrangement())
    assert hand.to_act == 1  # only the defender acts after the knock
    assert all(isinstance(a, LayOff | EndLayoff) for a in hand.legal_actions())
    hand.apply(EndLayoff())
    result = hand.result
    assert result is not None and hand.to_act is None
    assert (result.kind, result.knocker_count, result.defender_count, result.points) == (
        ResultKind.KNOCK, 1, 5, 4,
    )  # fmt: skip


def test_knocker_may_pick_any_legal_arrangement() -> None:
    hand = scripted_hand(RuleSet.preset(), READY, f"{TIE_DEFENDER} 6C", "7C", "4D")
    knock_after_drawing(hand, "4D", "KD")
    legal = hand.legal_actions()
    assert legal[0] == hand.default_arrangement()
    # Not melding 9-T-J C leaves 33 deadwood: over the limit.
    with pytest.raises(IllegalAction, match="limit"):
        hand.apply(Arrange([parse_cards("AH 2H 3H"), parse_cards("5S 5D 5C")]))
    with pytest.raises(IllegalAction, match="not a set or a run"):
        hand.apply(Arrange([parse_cards("AH 2H 3H 4D"), parse_cards("5S 5D 5C")]))
    with pytest.raises(IllegalAction, match="not in your hand"):
        hand.apply(Arrange([parse_cards("4H 5H 6H")]))
    with pytest.raises(IllegalAction, match="two melds"):
        hand.apply(Arrange([parse_cards("AH 2H 3H"), parse_cards("AH 2H 3H")]))
    with pytest.raises(IllegalAction, match="lay out"):
        hand.apply(EndLayoff())
    assert all(hand.can(a) for a in legal)


def test_knock_over_the_limit_is_refused_saying_why() -> None:
    hand = scripted_hand(RuleSet.preset(), READY, f"{TIE_DEFENDER} 6C", "7C", "QH")
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    before = hand_state(hand)
    with pytest.raises(IllegalAction, match="leaves 25 points of deadwood: the knock limit is 10"):
        hand.apply(Knock(C("AH")))  # breaks A-2-3H: 2H 3H KD QH
    assert hand_state(hand) == before


# --- Simple Gin and big gin -------------------------------------------------------------------


def test_simple_gin_knock_only_with_gin() -> None:
    rules = RuleSet.preset("simple")
    hand = scripted_hand(rules, READY, f"{TIE_DEFENDER} 6C", "7C", "4D")
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    with pytest.raises(IllegalAction, match="Only gin may knock"):
        hand.apply(Knock(C("KD")))
    assert not any(isinstance(a, Knock) for a in hand.legal_actions())
    gin = scripted_hand(rules, RUNNER, LAYOFF_DEFENDER, "5H", "QD")
    knock_after_drawing(gin, "QD", "AC")
    gin.apply(gin.default_arrangement())
    assert gin.result is not None and gin.result.kind is ResultKind.GIN


def test_big_gin_eleven_cards_melded_no_discard() -> None:
    rules = RuleSet.preset("standard", big_gin=True)
    hand = scripted_hand(rules, "4S 5S 6S KH KD KC 9D TD JD QD", LAYOFF_DEFENDER, "5H", "8D")
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    assert Knock(None) in hand.legal_actions()
    hand.apply(Knock(None))
    assert hand.legal_actions()[0] == hand.default_arrangement()
    # A discard-free knock must meld all eleven: no deadwood at all is allowed.
    with pytest.raises(IllegalAction, match="this knock must be gin"):
        hand.apply(Arrange([parse_cards("4S 5S 6S"), parse_cards("KH KD KC")]))
    hand.apply(hand.default_arrangement())
    result = hand.result
    assert result is not None and hand.phase is Phase.FINISHED
    assert (result.kind, result.winner, result.points) == (ResultKind.BIG_GIN, 0, 31 + 28)
    hand.check_invariants()


def test_big_gin_needs_the_option_and_eleven_melded_cards() -> None:
    plain = scripted_hand(RuleSet.preset(), "4S 5S 6S KH KD KC 9D TD JD QD", LAYOFF_DEFENDER, "5H", "8D")
    plain.apply(Pass())
    plain.apply(Pass())
    plain.apply(DrawStock())
    with pytest.raises(IllegalAction, match="Big gin is not played"):
        plain.apply(Knock(None))
    assert Knock(C("8D")) in plain.legal_actions()  # ordinary gin is still there
    rules = RuleSet.preset("standard", big_gin=True)
    short = scripted_hand(rules, "4S 5S 6S KH KD KC 9D TD JD QD", LAYOFF_DEFENDER, "5H", "4H")
    short.apply(Pass())
    short.apply(Pass())
    short.apply(DrawStock())  # 4H does not meld
    with pytest.raises(IllegalAction, match="all eleven"):
        short.apply(Knock(None))


# --- Oklahoma Gin -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("upcard", "limit"),
    [("KH", 10), ("QC", 10), ("JD", 10), ("TS", 10), ("9H", 9), ("7D", 7), ("3D", 3), ("AH", 1)],
)
def test_oklahoma_knock_limit_from_upcard(upcard: str, limit: int) -> None:
    rules = RuleSet.preset("oklahoma")
    assert knock_limit_for(rules, C(upcard)) == limit
    hand = scripted_hand(rules, READY, f"{TIE_DEFENDER} 6C", upcard if upcard != "AH" else "AD")
    assert hand.knock_limit == limit
    assert knock_limit_for(RuleSet.preset("standard"), C(upcard)) == 10


def test_oklahoma_seven_upcard_means_seven_or_less() -> None:
    rules = RuleSet.preset("oklahoma")
    over = scripted_hand(rules, READY, f"{TIE_DEFENDER} 6C", "7D", "8D")
    over.apply(Pass())
    over.apply(Pass())
    over.apply(DrawStock())
    with pytest.raises(IllegalAction, match="knock limit is 7"):
        over.apply(Knock(C("KD")))
    at_limit = scripted_hand(rules, READY, f"{TIE_DEFENDER} 6C", "7D", "7S")
    knock_after_drawing(at_limit, "7S", "KD")
    assert at_limit.phase is Phase.ARRANGE


def test_oklahoma_ace_gin_only() -> None:
    plain = RuleSet.preset("oklahoma")
    gin_only = RuleSet.preset("oklahoma", oklahoma_ace_gin_only=True)
    assert knock_limit_for(plain, C("AS")) == 1
    assert knock_limit_for(gin_only, C("AS")) == 0
    assert knock_limit_for(gin_only, C("2S")) == 2
    hand = scripted_hand(gin_only, READY, f"{TIE_DEFENDER} 6C", "AD", "AC")
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    with pytest.raises(IllegalAction, match="Only gin may knock"):
        hand.apply(Knock(C("KD")))  # deadwood AC = 1 would do under the plain rule
    ok = scripted_hand(plain, READY, f"{TIE_DEFENDER} 6C", "AD", "AC")
    knock_after_drawing(ok, "AC", "KD")
    assert ok.phase is Phase.ARRANGE


@pytest.mark.parametrize(("upcard", "multiplier"), [("7S", 2), ("7D", 1)])
def test_oklahoma_spade_doubles_score_including_bonuses(upcard: str, multiplier: int) -> None:
    rules = RuleSet.preset("oklahoma")
    undercut = scripted_hand(rules, READY, f"{TIE_DEFENDER} 4C", upcard, "4D")
    knock_after_drawing(undercut, "4D", "KD")
    undercut.apply(undercut.default_arrangement())
    undercut.apply(EndLayoff())
    assert undercut.result is not None
    assert undercut.result.kind is ResultKind.UNDERCUT
    assert undercut.result.points == (0 + 10) * multiplier
    assert undercut.result.multiplier == multiplier
    gin_upcard = "TS" if multiplier == 2 else "TH"
    gin = scripted_hand(rules, RUNNER, LAYOFF_DEFENDER, gin_upcard, "QD")
    knock_after_drawing(gin, "QD", "AC")
    gin.apply(gin.default_arrangement())
    assert gin.result is not None and gin.result.kind is ResultKind.GIN
    assert gin.result.points == (20 + 28) * multiplier


def test_oklahoma_spade_double_option_off() -> None:
    rules = RuleSet.preset("oklahoma", oklahoma_spade_double=False)
    gin = scripted_hand(rules, RUNNER, LAYOFF_DEFENDER, "TS", "QD")
    knock_after_drawing(gin, "QD", "AC")
    gin.apply(gin.default_arrangement())
    assert gin.result is not None and gin.result.points == 20 + 28 and gin.result.multiplier == 1


@pytest.mark.parametrize(
    ("gin", "knocker_count", "defender_count", "spade", "extra"),
    [
        (True, 0, 12, False, 2),
        (True, 0, 12, True, 4),
        (False, 5, 5, False, 1),  # undercut
        (False, 5, 5, True, 2),
        (False, 2, 9, False, 0),  # a plain knock earns no extra box
        (False, 2, 9, True, 0),
    ],
)
def test_oklahoma_extra_boxes(
    gin: bool, knocker_count: int, defender_count: int, spade: bool, extra: int
) -> None:
    rules = RuleSet.preset("oklahoma", oklahoma_extra_boxes=True)
    result = score_hand(rules, knocker=0, knocker_count=knocker_count, defender_count=defender_count,
                        gin=gin, big_gin=False, spade_upcard=spade)  # fmt: skip
    assert result.extra_boxes == extra
    assert result.boxes == 1 + extra
    without = score_hand(RuleSet.preset("oklahoma"), knocker=0, knocker_count=knocker_count,
                         defender_count=defender_count, gin=gin, big_gin=False, spade_upcard=spade)  # fmt: skip
    assert without.extra_boxes == 0 and without.boxes == 1
    assert result.points == without.points  # extra boxes never change the hand's points


# --- score_hand directly ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bonuses", "gin", "undercut"), [("classic", 20, 10), ("classic_25_20", 25, 20), ("association", 25, 25)]
)
def test_score_hand_uses_the_bonus_preset(bonuses: str, gin: int, undercut: int) -> None:
    rules = RuleSet.preset("standard", bonuses=bonuses)
    knock = score_hand(rules, knocker=1, knocker_count=3, defender_count=11, gin=False, big_gin=False,
                       spade_upcard=False)  # fmt: skip
    assert (knock.kind, knock.winner, knock.points) == (ResultKind.KNOCK, 1, 8)
    under = score_hand(rules, knocker=1, knocker_count=9, defender_count=2, gin=False, big_gin=False,
                       spade_upcard=False)  # fmt: skip
    assert (under.kind, under.winner, under.points) == (ResultKind.UNDERCUT, 0, 7 + undercut)
    gin_result = score_hand(rules, knocker=1, knocker_count=0, defender_count=0, gin=True, big_gin=False,
                            spade_upcard=False)  # fmt: skip
    assert (gin_result.kind, gin_result.winner, gin_result.points) == (ResultKind.GIN, 1, gin)
    assert gin_result.lines and gin_result.lines[-1] == f"Total: {gin}"
    # A spade upcard doubles nothing outside Oklahoma.
    spade = score_hand(rules, knocker=1, knocker_count=3, defender_count=11, gin=False, big_gin=False,
                       spade_upcard=True)  # fmt: skip
    assert spade.points == 8


def test_opponent_known_cards_leave_with_the_knockers_layout() -> None:
    # The knocker took the upcard 4D and then laid it out as deadwood: it is on the table now,
    # so the defender's view must no longer claim the knocker holds it.
    hand = scripted_hand(RuleSet.preset(), READY, f"{TIE_DEFENDER} 6C", "4D", "8D")
    hand.apply(DrawDiscard())
    assert hand.view(1).opponent_known == (C("4D"),)
    hand.apply(Knock(C("KD")))
    hand.apply(hand.default_arrangement())
    assert hand.phase is Phase.LAYOFF and hand.hands[0] == []
    assert C("4D") in hand.knocker_deadwood
    assert hand.view(1).opponent_known == ()


#: Eleven cards that are already gin with a discard (8D) and big gin as they stand.
ELEVEN_GIN = "4S 5S 6S KH KD KC 9D TD JD QD 8D"
ELEVEN_DEALER = "7H 8H 2D 2H 9H 9C 9S QH JH 3D"


@pytest.mark.parametrize("big_gin", [False, True])
def test_eleven_card_deal_first_turn_is_only_a_discard(big_gin: bool) -> None:
    # RULES.md: with the eleven-card deal, the non-dealer's first turn is only a discard.
    # A hand that is gin (and even big gin) on the deal may not knock until its next turn.
    rules = RuleSet.preset("standard", eleven_card_deal=True, big_gin=big_gin)
    hand = scripted_hand(rules, ELEVEN_GIN, ELEVEN_DEALER, None, "2C 3C")
    legal = hand.legal_actions()
    assert legal == [Discard(c) for c in hand.hands[0]]
    for action in [Knock(None), *(Knock(c) for c in parse_cards(ELEVEN_GIN))]:
        assert not hand.can(action)
        before = hand_state(hand)
        with pytest.raises(IllegalAction, match="first turn of the eleven-card deal is only a discard"):
            hand.verify(action)
        with pytest.raises(IllegalAction, match="first turn of the eleven-card deal is only a discard"):
            hand.apply(action)
        assert hand_state(hand) == before
    for action in (DrawStock(), DrawDiscard(), Pass()):
        with pytest.raises(IllegalAction, match="only a discard: choose a card to throw"):
            hand.apply(action)
    assert hand.can(Discard(C("8D")))
    hand.apply(Discard(C("8D")))
    # From the next turn on, knocking is open as usual: the non-dealer draws 3C and goes gin.
    hand.apply(DrawStock())
    hand.apply(Discard(C("2C")))
    hand.apply(DrawStock())
    assert hand.can(Knock(C("3C")))
    assert Knock(C("3C")) in hand.legal_actions()
    hand.apply(Knock(C("3C")))
    hand.apply(hand.default_arrangement())
    assert hand.result is not None and hand.result.kind is ResultKind.GIN


def test_eleven_card_deal_big_gin_is_open_after_the_first_turn() -> None:
    rules = RuleSet.preset("standard", eleven_card_deal=True, big_gin=True)
    hand = scripted_hand(rules, "4S 5S 6S KH KD KC 9D TD JD QD 2C", ELEVEN_DEALER, None, "3C 8D")
    hand.apply(Discard(C("2C")))
    hand.apply(DrawStock())  # the dealer draws 3C and throws it
    hand.apply(Discard(C("3C")))
    hand.apply(DrawStock())  # 8D: 8-9-10-J-Q D, 4-5-6 S and the kings: eleven melded cards
    assert Knock(None) in hand.legal_actions()
    hand.apply(Knock(None))
    hand.apply(hand.default_arrangement())
    assert hand.result is not None and hand.result.kind is ResultKind.BIG_GIN


def test_two_five_card_runs_are_gin_in_play() -> None:
    hand = scripted_hand(
        RuleSet.preset(), "AH 2H 3H 4H 5H 6S 7S 8S 9S KD", "7H 8H 2D 2C 9H 9C 3C QH JH 3D", "KC", "TS"
    )
    knock_after_drawing(hand, "TS", "KD")
    hand.apply(hand.default_arrangement())
    result = hand.result
    assert result is not None and result.kind is ResultKind.GIN
    assert sorted(len(m) for m in hand.knocker_melds) == [5, 5]
    # Defender: 7-8-9H melded; 2D 2C 9C 3C 3D QH JH = 39.
    assert (result.defender_count, result.points) == (39, 20 + 39)


def test_defender_may_choose_layoffs_by_hand_and_the_rest_is_melded_best() -> None:
    # Knocker: 4-5-6S, K-K-K, 9-T-J D, deadwood AC. A human defender lays off only 7S and
    # stops; the engine melds what is left (7H 7D 7C) without changing the defender's choice.
    defender = "7S 8S 7H 7D 7C 2D 2H 3C QH JH"
    hand = scripted_hand(RuleSet.preset(), RUNNER, defender, "5H", "QC")
    knock_after_drawing(hand, "QC", "QC")
    hand.apply(hand.default_arrangement())
    run = meld_index(hand, "5S")
    hand.apply(LayOff(C("7S"), run))
    hand.apply(EndLayoff())
    result = hand.result
    assert result is not None
    # Left: 8S 7H 7D 7C 2D 2H 3C QH JH, best melds 7H 7D 7C: 8 + 2 + 2 + 3 + 10 + 10 = 35.
    assert result.defender_count == 35
    assert {frozenset(m) for m in hand.defender_melds} == {frozenset(parse_cards("7H 7D 7C"))}
    # Had the defender also laid off 8S, the count would be 27: the engine does not override.
    best = scripted_hand(RuleSet.preset(), RUNNER, defender, "5H", "QC")
    knock_after_drawing(best, "QC", "QC")
    best.apply(best.default_arrangement())
    best.apply(LayOff(C("7S"), run))
    best.apply(LayOff(C("8S"), run))
    best.apply(EndLayoff())
    assert best.result is not None and best.result.defender_count == 27


def test_knocking_is_never_compulsory() -> None:
    hand = scripted_hand(RuleSet.preset(), RUNNER, LAYOFF_DEFENDER, "5H", "QD")
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())  # gin is there for the taking
    assert Knock(C("AC")) in hand.legal_actions()
    assert Discard(C("AC")) in hand.legal_actions()
    hand.apply(Discard(C("AC")))
    assert (hand.phase, hand.to_act) == (Phase.DRAW, 1)
