"""Matches: target, boxes, game and shutout bonuses, dealers, three players and partnerships."""

from __future__ import annotations

import random

import pytest

from game.rules import (
    HandResult,
    IllegalAction,
    Match,
    NextDealer,
    RecordError,
    ResultKind,
    RuleSet,
)
from game.rules.records import seal
from tests.rules.conftest import force_result
from tests.rules.players import play_out, play_to_void


def win(seat: int, points: int, kind: ResultKind = ResultKind.KNOCK, extra_boxes: int = 0) -> HandResult:
    """A hand won by ``seat`` (seats 0 and 1 of that deal)."""
    return HandResult(kind, seat, points, knocker=seat, extra_boxes=extra_boxes)


VOID = HandResult(ResultKind.VOID, None, 0)


def play(match: Match, player: int, points: int, **kwargs: object) -> None:
    """Deal the next hand and let ``player`` (a match player, not a seat) win it."""
    hand = match.new_hand()
    force_result(hand, win(match.seats.index(player), points, **kwargs))  # type: ignore[arg-type]
    match.record_hand(hand)


def test_box_points_never_count_towards_target() -> None:
    match = Match(RuleSet.preset(), random.Random(1))
    for _ in range(9):
        play(match, 0, 10)  # 90 points and nine boxes (180 box points)
    assert match.scores == [90, 0] and match.boxes == [9, 0]
    assert not match.finished and match.winner is None
    play(match, 1, 99)
    assert not match.finished
    play(match, 1, 1)  # player 1 reaches 100 first
    assert match.finished and match.winner == 1
    assert match.final_totals == [90 + 9 * 20, 100 + 2 * 20 + 100]
    assert match.margin == match.final_totals[1] - match.final_totals[0]


def test_game_bonus_goes_to_player_who_reached_target() -> None:
    match = Match(RuleSet.preset(), random.Random(2))
    play(match, 1, 60)
    play(match, 0, 40)
    play(match, 0, 65)  # player 0 reaches 105; player 1 has 60
    assert match.winner == 0
    totals = match.final_totals
    assert totals == [105 + 2 * 20 + 100, 60 + 20]
    assert match.margin == totals[0] - totals[1]
    with pytest.raises(IllegalAction, match="over"):
        match.new_hand()


def test_game_bonus_goes_to_the_winner_not_the_last_to_act() -> None:
    # In real hands a knock is finished by the defender's EndLayoff: the loser acts last.
    rules = RuleSet.preset("standard", target=30)
    loser_acted_last = 0
    for seed in range(8):
        match = Match(rules, random.Random(seed))
        rng = random.Random(seed)
        while not match.finished:
            hand = match.new_hand()
            play_out(hand, rng)
            match.record_hand(hand)
        winner = match.winner
        assert winner is not None
        assert [s for s in range(2) if match.scores[s] >= 30] == [winner]
        last_actor = match.seats[hand.actions[-1][0]]
        loser_acted_last += last_actor != winner
        bonus = match.final_totals[winner] - match.scores[winner] - match.boxes[winner] * 20
        assert bonus in (100, 200)
        assert match.final_totals[1 - winner] == match.scores[1 - winner] + match.boxes[1 - winner] * 20
    assert loser_acted_last > 0


def test_shutout_bonus_200() -> None:
    match = Match(RuleSet.preset(), random.Random(3))
    play(match, 0, 50)
    play(match, 0, 50)
    assert match.winner == 0 and match.shutout
    assert match.final_totals == [100 + 2 * 20 + 200, 0]
    assert match.margin == 340


def test_shutout_doubles() -> None:
    match = Match(RuleSet.preset("standard", shutout_doubles=True), random.Random(3))
    play(match, 1, 50)
    play(match, 1, 50)
    assert match.winner == 1 and match.shutout
    # Instead of the 200 shutout bonus, the winner's total (with the game bonus) is doubled.
    assert match.final_totals == [0, (100 + 2 * 20 + 100) * 2]


def test_no_shutout_once_the_loser_has_scored() -> None:
    match = Match(RuleSet.preset("standard", shutout_doubles=True), random.Random(3))
    play(match, 1, 5)
    play(match, 0, 100)
    assert match.winner == 0 and not match.shutout
    assert match.final_totals == [100 + 20 + 100, 5 + 20]


def test_oklahoma_extra_boxes_count_at_the_end_only() -> None:
    rules = RuleSet.preset("oklahoma", oklahoma_extra_boxes=True)
    match = Match(rules, random.Random(4))
    play(match, 0, 40, kind=ResultKind.GIN, extra_boxes=4)
    assert match.boxes == [5, 0] and match.scores == [40, 0]
    play(match, 1, 148, kind=ResultKind.UNDERCUT, extra_boxes=1)
    assert not match.finished  # 148 < 150 although 148 + boxes would pass it
    play(match, 1, 2)
    assert match.winner == 1
    assert match.final_totals == [40 + 5 * 20, 150 + 3 * 20 + 100]


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        # (winner of each hand) -> dealer of the next hand
        (NextDealer.LOSER, [1, 0, 0]),
        (NextDealer.WINNER, [0, 1, 1]),
        (NextDealer.ALTERNATE, None),
    ],
)
def test_next_dealer_loser_winner_alternate(rule: NextDealer, expected: list[int] | None) -> None:
    match = Match(RuleSet.preset("standard", next_dealer=rule), random.Random(5))
    dealers = []
    for winner in (0, 1, 1):
        play(match, winner, 5)
        dealers.append(match.dealer)
        hand = match.new_hand()
        assert hand.dealer == match.dealer  # two players: seat = player
        force_result(hand, VOID)
        match.record_hand(hand)
        assert match.dealer == dealers[-1]  # a void hand does not move the deal
    if expected is None:
        first = match.first_cut[0]
        assert dealers == [1 - first, first, 1 - first]
    else:
        assert dealers == expected


def test_first_dealer_is_the_lower_cut() -> None:
    for seed in range(20):
        match = Match(RuleSet.preset("standard", players=3), random.Random(seed))
        dealer, cut = match.first_cut
        ranks = [c[0] for c in cut]
        order = "A23456789TJQK"
        low = min(order.index(r) for r in ranks)
        assert order.index(ranks[dealer]) == low
        assert sum(1 for r in ranks if order.index(r) == low) == 1
        assert match.dealer == dealer


def test_void_hand_redealt_by_same_dealer() -> None:
    match = Match(RuleSet.preset(), random.Random(6))
    hand = match.new_hand()
    dealer = hand.dealer
    play_to_void(hand)
    assert hand.result is not None and hand.result.kind is ResultKind.VOID
    played = match.record_hand(hand)
    assert played.winner is None and played.loser is None
    assert match.scores == [0, 0] and match.boxes == [0, 0]
    again = match.new_hand()
    assert again.dealer == dealer
    assert again.deck != hand.deck  # a fresh shuffle


def test_void_hand_redealt_by_same_dealer_three_players() -> None:
    match = Match(RuleSet.preset("standard", players=3), random.Random(7))
    hand = match.new_hand()
    seats, sitting_out = match.seats, match.sitting_out
    play_to_void(hand)
    match.record_hand(hand)
    match.new_hand()
    assert (match.seats, match.sitting_out) == (seats, sitting_out)


def test_three_player_rotation() -> None:
    match = Match(RuleSet.preset("standard", players=3), random.Random(8))
    assert match.sides == 3
    first_dealer = match.dealer
    expected_players: set[int] | None = None
    for step, winner_pick in enumerate([0, 1, 1, 0, 0, 1]):
        hand = match.new_hand()
        seats, sat_out = match.seats, match.sitting_out
        if expected_players is None:
            assert sat_out == first_dealer  # the first dealer deals to the other two, sits out
        else:
            assert set(seats) == expected_players
        assert sat_out not in seats and len({*seats, sat_out}) == 3
        winner, loser = seats[winner_pick], seats[1 - winner_pick]
        force_result(hand, win(winner_pick, 10 + step))
        played = match.record_hand(hand)
        assert (played.winner, played.loser) == (winner, loser)
        assert played.dealer == sat_out  # the dealer is the one who sat this hand out
        # The loser deals next and sits out; the winner plays the one who sat out.
        assert match.sitting_out == loser and match.dealer == loser
        expected_players = {winner, sat_out}
    assert sum(match.scores) == sum(10 + step for step in range(6))
    assert sum(match.boxes) == 6


def test_three_player_individual_scores_and_bonus() -> None:
    match = Match(RuleSet.preset("standard", players=3), random.Random(9))
    while not match.finished:
        hand = match.new_hand()
        force_result(hand, win(0, 30))  # whoever is in seat 0 wins
        match.record_hand(hand)
    winner = match.winner
    assert winner is not None and match.scores[winner] >= 100
    totals = match.final_totals
    for side in range(3):
        base = match.scores[side] + match.boxes[side] * 20
        if side == winner:
            assert totals[side] - base in (100, 200)
        else:
            assert totals[side] == base
    assert match.margin == min(totals[winner] - totals[s] for s in range(3) if s != winner)


def partnership_round(match: Match, winners: tuple[int, int], points: tuple[int, int]) -> None:
    """Play one round (two games) with these winning players and points."""
    for winner, pts in zip(winners, points, strict=True):
        hand = match.new_hand()
        assert winner in match.seats
        force_result(hand, win(match.seats.index(winner), pts))
        match.record_hand(hand)


def test_partnership_same_team_wins_both_scores_the_sum() -> None:
    match = Match(RuleSet.preset("standard", players=4), random.Random(10))
    assert match.sides == 2 and match.target == 125
    partnership_round(match, (0, 2), (15, 20))
    assert match.scores == [35, 0] and match.boxes == [2, 0]


def test_partnership_split_higher_score_team_scores_difference() -> None:
    match = Match(RuleSet.preset("standard", players=4), random.Random(11))
    hand = match.new_hand()
    assert set(match.seats) == {0, 1}
    force_result(hand, win(match.seats.index(0), 15))
    match.record_hand(hand)
    assert match.scores == [0, 0]  # nothing counts until both games of the round are over
    hand = match.new_hand()
    assert set(match.seats) == {2, 3}
    force_result(hand, win(match.seats.index(3), 20))
    match.record_hand(hand)
    assert match.scores == [0, 5]
    assert match.boxes == [1, 1]
    partnership_round(match, (0, 1), (12, 12))  # equal split: nobody scores
    assert match.scores == [0, 5]


def test_partnership_partners_switch_opponents_every_hand() -> None:
    match = Match(RuleSet.preset("standard", players=4), random.Random(12))
    pairings = []
    for _ in range(3):
        for winner_seat in (0, 0):
            hand = match.new_hand()
            pairings.append(frozenset(match.seats))
            force_result(hand, win(winner_seat, 1))
            match.record_hand(hand)
    assert pairings[0:2] == [frozenset({0, 1}), frozenset({2, 3})]
    assert pairings[2:4] == [frozenset({0, 3}), frozenset({2, 1})]
    assert pairings[4:6] == pairings[0:2]
    for pair in pairings:
        assert len({p % 2 for p in pair}) == 2  # always one player of each team


def test_partnership_first_team_to_125() -> None:
    match = Match(RuleSet.preset("standard", players=4), random.Random(13))
    partnership_round(match, (1, 3), (60, 60))
    assert match.scores == [0, 120] and not match.finished
    partnership_round(match, (3, 1), (2, 3))  # round two pairs 0 v 3 and 2 v 1
    assert match.scores == [0, 125] and match.finished and match.winner == 1
    assert match.final_totals[1] == 125 + 4 * 20 + 200  # team 0 never scored: shutout


def test_match_refuses_out_of_order_calls() -> None:
    match = Match(RuleSet.preset(), random.Random(14))
    hand = match.new_hand()
    with pytest.raises(IllegalAction, match="in progress"):
        match.new_hand()
    with pytest.raises(IllegalAction, match="not over"):
        match.record_hand(hand)
    other = Match(RuleSet.preset(), random.Random(14)).new_hand()
    play_to_void(other)
    with pytest.raises(IllegalAction, match="not the hand"):
        match.record_hand(other)
    play_to_void(hand)
    with pytest.raises(IllegalAction, match="Record the finished hand"):
        match.new_hand()
    match.record_hand(hand)
    match.new_hand()


def test_partnership_first_dealer_is_decided_by_the_cut() -> None:
    # RULES.md: the first dealer is decided at random, the lowest cut deals. With four players
    # the lowest cutter deals the first game at their table, and their partner at the other.
    dealers_seen = set()
    for seed in range(40):
        match = Match(RuleSet.preset("standard", players=4), random.Random(seed))
        cutter = match.first_cut[0]
        partner = (cutter + 2) % 4
        firsts = []
        for _ in range(2):
            hand = match.new_hand()
            firsts.append(match.seats[hand.dealer])
            force_result(hand, win(0, 1))
            match.record_hand(hand)
        assert set(firsts) == {cutter, partner}
        dealers_seen.add(firsts[0])
    assert dealers_seen == {0, 1}  # either player of the first table may deal first


# --- a chosen first dealer -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_chosen_first_dealer_deals_the_first_hand(players: int) -> None:
    for first in range(players):
        match = Match(RuleSet.preset("standard", players=players), random.Random(4), first_dealer=first)
        assert match.first_dealer == first and match.first_cut == (first, [])
        hand = match.new_hand()
        dealer = match.seats[hand.dealer]
        if players == 3:
            assert match.sitting_out == first and first not in match.seats
        elif players == 4:
            # As after a cut: the chosen player deals at their table, their partner at the other.
            force_result(hand, win(0, 5))
            match.record_hand(hand)
            other = match.new_hand()
            assert first in (dealer, match.seats[other.dealer])
        else:
            assert dealer == first


def test_a_chosen_first_dealer_draws_no_cut_from_the_generator() -> None:
    decks = [Match(RuleSet.preset(), random.Random(4), first_dealer=f).new_hand().deck for f in (0, 1)]
    assert decks[0] == decks[1]
    cut = Match(RuleSet.preset(), random.Random(4)).new_hand().deck
    assert cut != decks[0]


@pytest.mark.parametrize(("players", "bad"), [(2, 2), (2, -1), (3, 3), (4, 4), (2, True), (2, 1.0), (2, "0")])
def test_a_first_dealer_out_of_range_is_refused(players: int, bad: object) -> None:
    with pytest.raises(ValueError, match=f"first dealer must be a player number from 0 to {players - 1}"):
        Match(RuleSet.preset("standard", players=players), random.Random(1), first_dealer=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3])
def test_a_chosen_first_dealer_is_recorded_and_replays(players: int) -> None:
    match = Match(RuleSet.preset("standard", players=players), random.Random(6), first_dealer=1)
    hand = match.new_hand()
    play_out(hand, random.Random(2))
    match.record_hand(hand)
    match.new_hand()
    record = match.to_dict()
    assert record["first_dealer"] == 1
    loaded = Match.from_dict(record)
    assert loaded.first_dealer == 1 and loaded.to_dict() == record
    for forged in (0, 2, 5, 1.0):  # another dealer changes the deals; others are not players
        changed = {**record, "first_dealer": forged}
        changed.pop("checksum")
        with pytest.raises(RecordError):
            Match.from_dict(seal(changed))


# --- a match handed its decks (prepared hands, the daily deal, replays) ---------------------


def test_a_match_deals_a_given_deck_as_it_is_and_draws_nothing_from_its_generator() -> None:
    from game.rules import FULL_DECK, daily_deck

    match = Match(RuleSet.preset("standard", next_dealer="loser"), random.Random(3), first_dealer=0)
    before = match.rng.getstate()
    hand = match.deal_from(daily_deck("2024-03-01"), dealer=1, salt="ab" * 16)
    assert hand.deck == daily_deck("2024-03-01") and hand.dealer == 1 and hand.salt == "ab" * 16
    assert match.current is hand and match.hand_records == (hand,) and match.rng.getstate() == before
    force_result(hand, win(0, 30))
    match.record_hand(hand)
    assert match.scores == [30, 0] and match.played[0].dealer == 1
    # The loser deals next, and the next given deck carries the scores into the hand.
    second = match.deal_from(list(reversed(FULL_DECK)))
    assert second.dealer == 1 and second.scores == (30, 0) and second.deck[0] == FULL_DECK[-1]


def test_a_bad_given_deck_or_dealer_is_refused_and_changes_nothing() -> None:
    from game.rules import FULL_DECK

    match = Match(RuleSet.preset("standard"), random.Random(3), first_dealer=0)
    with pytest.raises(IllegalAction, match="52 cards"):
        match.deal_from(FULL_DECK[:51])
    with pytest.raises(IllegalAction, match="salt"):
        match.deal_from(FULL_DECK, salt="not hex")
    with pytest.raises(IllegalAction, match="player 0 or 1"):
        match.deal_from(FULL_DECK, dealer=2)
    assert match.current is None and match.hand_records == () and match.dealer == 0
    three = Match(RuleSet.preset("standard", players=3), random.Random(3))
    with pytest.raises(IllegalAction, match="two-player"):
        three.deal_from(FULL_DECK, dealer=0)
    assert three.current is None


def test_a_match_dealt_from_a_given_deck_is_not_saved() -> None:
    from game.rules import FULL_DECK

    match = Match(RuleSet.preset("standard"), random.Random(3))
    match.to_dict()  # an ordinary match saves
    match.deal_from(FULL_DECK, dealer=0)
    with pytest.raises(IllegalAction, match="not saved"):
        match.to_dict()
