"""The coach: reviews judge each decision from the player's view only, in bounded slices."""

from __future__ import annotations

import random

import pytest

import game.rules.melds
from game.ai import make_player
from game.ai.coach import DEFAULT_THRESHOLD, KINDS, Decision, Report, Review, replay
from game.rules import (
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Hand,
    IllegalAction,
    Knock,
    Pass,
    Phase,
    RecordError,
    RuleSet,
    best_defence,
    cards_to_mask,
    score_hand,
)
from tests.ai.helpers import VARIANTS, hidden_cards, look_alike
from tests.ai.test_appraise import knocking_position, scripted_deck

STANDARD = RuleSet.preset("standard")
LARGE = 3 * DEFAULT_THRESHOLD  # points: a planted blunder costs at least this


def played_hand(seed: int, level: str, opponent: str = "expert", rules: RuleSet = STANDARD) -> Hand:
    """A whole hand: seat 0 at ``level`` against ``opponent`` in seat 1."""
    hand = Hand.deal(rules, dealer=seed % 2, rng=random.Random(seed))
    players = [make_player(level, seed + 100), make_player(opponent, seed + 200)]
    while not hand.is_over:
        seat = hand.to_act or 0
        hand.apply(players[seat].choose(hand.view(seat)))
    return hand


def judgements(report: Report) -> list[tuple[int, str, tuple[Action, ...], tuple[Action, ...], float, bool]]:
    """What a review decided about each decision (its wording may tell the hand's end)."""
    return [(d.index, d.kind, d.played, d.expert, d.cost, d.flagged) for d in report.decisions]


# --- whole reviews --------------------------------------------------------------------------


def test_reviewing_the_experts_own_play_flags_only_near_ties() -> None:
    """The expert plays (another seed, so another reading of the opponent): the coach agrees
    or finds near-ties. Its own reading is sharper than the level's, so a rare choice the
    level made on a lucky or unlucky reading may cross the threshold, never by much
    (tools/bench_coach.py --flags: 2 of 157 decisions over 20 hands, at most 3.1 points)."""
    decisions: list[Decision] = []
    for seed in range(5):
        decisions.extend(Review(played_hand(seed, "expert"), player=0).run().decisions)
    assert len(decisions) >= 40
    flagged = [d for d in decisions if d.flagged]
    assert len(flagged) <= 0.03 * len(decisions), [d.text for d in flagged]
    assert all(d.cost < 2 * DEFAULT_THRESHOLD for d in decisions), [d.text for d in flagged]
    assert sum(d.played == d.expert for d in decisions) >= 0.8 * len(decisions)


def test_reviewing_random_play_flags_most_decisions() -> None:
    decisions: list[Decision] = []
    for seed in range(5):
        decisions.extend(Review(played_hand(seed, "random"), player=0).run().decisions)
    flagged = [d for d in decisions if d.flagged]
    assert len(flagged) > 0.5 * len(decisions)
    assert all(d.cost >= DEFAULT_THRESHOLD and d.played != d.expert for d in flagged)
    # what is not flagged is mostly the random player happening to choose as the expert does
    assert sum(d.played == d.expert for d in decisions) + len(flagged) > 0.8 * len(decisions)


def feeding_then_knocking() -> tuple[Hand, int, int]:
    """Seat 0 throws the opponent what it visibly collects, then knocks with 10 into a sure
    undercut; returns the hand and the indices of the 7♣ discard and of the knock.

    Seat 1 takes the upcard 5♣ and every card seat 0 throws: 6♣ 7♣, J♦ J♥ J♣, 2♥ 3♥ 4♥. By
    the knock it shows three melds and holds one unseen card, so its count is at most 10.
    """
    deck = scripted_deck(
        non_dealer="KC QS TH 9C 7H 6D 5S 3S 2S AC",
        dealer="AD 2D 3D 8S 8D 8H 9S TS KH QD",
        upcard="5C",
        stock="6C 7C JD JH JC 2H 3H 4H JS",
    )
    hand = Hand.from_deck(STANDARD, 0, deck)
    hand.apply(DrawDiscard())
    hand.apply(Discard(Card.parse("KC")))
    feeding = 0
    for drawn, thrown in zip(
        ["6C", "7C", "JD", "JH", "JC", "2H", "3H", "4H"],
        ["QS", "TH", "9C", "7H", "6D", "5S", "3S", "2S"],
        strict=True,
    ):
        hand.apply(DrawStock())
        if drawn == "7C":
            feeding = len(hand.actions)
        hand.apply(Discard(Card.parse(drawn)))
        hand.apply(DrawDiscard())
        hand.apply(Discard(Card.parse(thrown)))
    hand.apply(DrawStock())
    knock = len(hand.actions)
    hand.apply(Knock(Card.parse("QD")))
    hand.apply(hand.legal_actions()[0])
    defender = make_player("expert", 1)
    while not hand.is_over:
        hand.apply(defender.choose(hand.view(1)))
    return hand, feeding, knock


@pytest.fixture(scope="module")
def planted() -> tuple[Hand, int, int, Report]:
    hand, feeding, knock = feeding_then_knocking()
    return hand, feeding, knock, Review(hand, player=0).run()


def test_completing_the_opponents_known_run_is_a_large_cost(planted: tuple[Hand, int, int, Report]) -> None:
    _, feeding, _, report = planted
    decision = next(d for d in report.decisions if d.index == feeding)
    assert decision.kind == "discard" and decision.played == (Discard(Card.parse("7C")),)
    assert decision.flagged and decision.cost >= LARGE
    assert decision.expert != decision.played
    # the hand is over: the explanation may say what the opponent did with the card
    assert "7♣" in decision.text and "gave the AI its run 5♣6♣7♣" in decision.text


def test_knocking_into_a_sure_undercut_is_a_large_cost(planted: tuple[Hand, int, int, Report]) -> None:
    hand, _, knock, report = planted
    assert hand.result is not None and hand.result.kind.value == "undercut"
    decision = next(d for d in report.decisions if d.index == knock)
    assert decision.kind == "knock" and decision.played == (Knock(Card.parse("QD")),)
    assert not isinstance(decision.expert[0], Knock)  # the expert plays on
    assert decision.flagged and decision.cost >= LARGE
    assert "undercut" in decision.text
    # the worst decision of the hand leads the summary
    assert report.summary.startswith(f"{len(report.flagged)} decisions cost about")
    worst = max(report.decisions, key=lambda d: d.cost)
    assert worst.headline in report.summary


def test_layoffs_are_charged_the_exact_points_left_on_the_table() -> None:
    """Seat 0 defends and lays off nothing although the best defence lays off."""
    hand = knocking_position()
    hand.apply(Knock(Card.parse("3D")))
    hand.apply(hand.legal_actions()[0])
    view = hand.view(0)
    best = best_defence(view.hand, view.knocker_melds)
    assert best.layoffs, "the position must offer a layoff"
    index = len(hand.actions)
    hand.apply(EndLayoff())
    report = Review(hand, player=0).run()
    decision = next(d for d in report.decisions if d.kind == "layoff")
    knocker_count = sum(c.value for c in view.knocker_deadwood)

    def points_for_defender(count: int) -> int:
        result = score_hand(STANDARD, knocker=1, knocker_count=knocker_count, defender_count=count,
                            gin=False, big_gin=False, spade_upcard=False)  # fmt: skip
        return result.points if result.winner == 0 else -result.points

    own = hand.result
    assert own is not None
    expected = points_for_defender(best.deadwood_value) - points_for_defender(own.defender_count)
    assert expected > 0
    assert decision.index == index and decision.cost == expected
    assert decision.played == (EndLayoff(),) and decision.expert[-1] == EndLayoff()


def test_a_costly_arrangement_is_charged_its_deadwood_and_likely_layoffs() -> None:
    """Seat 1 knocks and lays A-4♣ out as one run, leaving 4♦ 4♥ 2♦ (10) instead of 2."""
    deck = scripted_deck(
        non_dealer="AC 2C 3C 4C 4D 4H KS KH KD 2D",
        dealer="5S 6H 7D 8C 9H TS JD QC 3H 6S",
        upcard="QS",
        stock="9S",
    )
    hand = Hand.from_deck(STANDARD, 0, deck)
    for action in (Pass(), Pass(), DrawStock(), Knock(Card.parse("9S"))):
        hand.apply(action)
    index = len(hand.actions)
    long_run = next(
        a for a in hand.legal_actions() if isinstance(a, Arrange) and any(len(m) == 4 for m in a.melds)
    )
    hand.apply(long_run)
    defender = make_player("expert", 1)
    while not hand.is_over:
        hand.apply(defender.choose(hand.view(0)))
    decision = next(d for d in Review(hand, player=1).run().decisions if d.index == index)
    assert decision.kind == "arrange" and decision.played == (long_run,)
    assert decision.expert != decision.played and decision.flagged
    assert decision.cost >= 8 - 1  # 8 more deadwood, give or take the expected layoffs
    assert "laid out" in decision.text and "4♣" in decision.text


def test_threshold_decides_flags_not_costs() -> None:
    hand = played_hand(5, "medium")
    strict, lenient = Review(hand, 0, threshold=0.0).run(), Review(hand, 0, threshold=1000.0).run()
    assert [d.cost for d in strict.decisions] == [d.cost for d in lenient.decisions]
    assert [d.flagged for d in strict.decisions] == [d.cost > 0 for d in strict.decisions]
    assert lenient.flagged == () and lenient.summary.startswith("No decision cost")


def test_texts_are_single_lines_naming_cards_with_suit_symbols() -> None:
    report = Review(played_hand(7, "random"), player=0).run()
    assert report.decisions
    for decision in report.decisions:
        assert "\n" not in decision.text and decision.text.startswith(f"Turn {decision.turn}: you ")
        if decision.kind in ("discard", "knock", "upcard"):
            assert any(symbol in decision.text for symbol in "♣♦♥♠"), decision.text
    assert "\n" not in report.summary


@pytest.mark.parametrize(
    "variant", ["oklahoma", "eleven_card_deal", "allow_rediscard", "last_discard_chance"]
)
def test_every_variant_is_reviewed_for_both_seats(variant: str) -> None:
    rules = VARIANTS[variant]
    hand = Hand.deal(rules, dealer=1, rng=random.Random(1))
    players = [make_player("random", 1), make_player("simple", 1)]
    while not hand.is_over:
        hand.apply(players[hand.to_act or 0].choose(hand.view(hand.to_act or 0)))
    for seat in (0, 1):
        report = Review(hand.to_dict(), player=seat).run()
        assert report.decisions
        for decision in report.decisions:
            assert decision.kind in KINDS and decision.cost >= 0
            assert hand.actions[decision.index] == (seat, decision.played[0])


# --- only the player's view counts -----------------------------------------------------------


def hands_in_progress(count: int, seed: int) -> list[Hand]:
    """Hands of medium against hard stopped part-way, after seat 0 has decided a few times."""
    states: list[Hand] = []
    rng = random.Random(seed)
    attempt = 0
    while len(states) < count:
        attempt += 1
        hand = Hand.deal(STANDARD, dealer=attempt % 2, rng=random.Random(seed * 100 + attempt))
        players = [make_player("medium", attempt), make_player("hard", attempt + 1)]
        stop = rng.randrange(8, 30)
        while not hand.is_over and len(hand.actions) < stop and hand.phase is not Phase.LAYOFF:
            hand.apply(players[hand.to_act or 0].choose(hand.view(hand.to_act or 0)))
        if not hand.is_over:
            states.append(hand)
    return states


def test_review_ignores_the_hidden_cards_of_a_hand_in_progress() -> None:
    """Permute the opponent's unseen cards and the stock, keeping every public event: the
    judgements do not move."""
    for n, hand in enumerate(hands_in_progress(4, seed=3)):
        twin = look_alike(hand, 0, seed=n)
        assert hidden_cards(hand, 0) == hidden_cards(twin, 0)
        assert hand.hands[1] != twin.hands[1] or hand.stock != twin.stock
        original, permuted = Review(hand, 0).run(), Review(twin, 0).run()
        assert original.decisions, "the player must have decided something"
        assert judgements(original) == judgements(permuted)
        assert [d.text for d in original.decisions] == [d.text for d in permuted.decisions]


def never_shown_swap(hand: Hand, player: int) -> Hand | None:
    """A copy of a finished hand in which an opponent card never shown before the end and a
    card left in the stock change places, if every view of ``player`` stays the same."""
    other = 1 - player
    secret = [c for c in hand.hands[other] if c not in hand.known[other]]
    decisions = [i for i, (seat, _) in enumerate(hand.actions) if seat == player]
    views = [replay(hand, i).view(player) for i in decisions]
    for mine in secret:
        for theirs in hand.stock:
            deck = [theirs if c == mine else mine if c == theirs else c for c in hand.deck]
            twin = Hand.from_deck(hand.rules, hand.dealer, deck, hand.scores)
            try:
                for _, action in hand.actions:
                    twin.apply(action)
            except IllegalAction:
                continue
            if [replay(twin, i).view(player) for i in decisions] == views:
                return twin
    return None


def test_review_of_a_finished_hand_ignores_what_was_never_shown() -> None:
    """Swap an opponent card, hidden until the hand ended, with a stock card: the end shows a
    different hand, so the story may change, but no judgement does."""
    checked = 0
    seed = 0
    while checked < 2:
        seed += 1
        hand = played_hand(seed, "hard", "medium")
        if hand.knocker != 0:
            continue  # the opponent must have defended, so its hand stayed hidden to the end
        twin = never_shown_swap(hand, 0)
        if twin is None:
            continue
        assert cards_to_mask(twin.hands[1]) != cards_to_mask(hand.hands[1])
        assert judgements(Review(hand, 0).run()) == judgements(Review(twin, 0).run())
        checked += 1


# --- slices and positions --------------------------------------------------------------------


def test_review_slices_are_no_bigger_than_the_ais_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Count meld solves (every deadwood count and arrangement) between two yields: a review's
    slice does no more work than the expert's own thinking does in one slice."""
    calls = [0]
    real = game.rules.melds._best_melded

    def counting(mask: int) -> tuple[int, int]:
        calls[0] += 1
        return real(mask)

    monkeypatch.setattr(game.rules.melds, "_best_melded", counting)

    def worst_slice(work: object) -> int:
        worst = 0
        while True:
            calls[0] = 0
            try:
                next(work)  # type: ignore[call-overload]
            except StopIteration:
                return max(worst, calls[0])
            worst = max(worst, calls[0])

    hands = [played_hand(seed, level) for seed, level in ((11, "random"), (12, "medium"))]
    hands.append(feeding_then_knocking()[0])
    review_worst = max(worst_slice(Review(hand, 0).steps()) for hand in hands)
    thinking_worst = 0
    for hand in hands:
        for index, (seat, _) in enumerate(hand.actions):
            state = replay(hand, index)
            if seat == 0 and len(state.legal_actions()) > 1:
                thinking_worst = max(
                    thinking_worst, worst_slice(make_player("expert", 0).think(state.view(0)))
                )
    assert 0 < review_worst <= thinking_worst


def test_positions_step_through_the_hand_showing_only_the_players_view() -> None:
    hand = played_hand(2, "medium")
    review = Review(hand.to_dict(), player=0)
    assert review.length == len(hand.actions)
    state = replay(hand, 0)
    for index in range(review.length + 1):
        position = review.position(index)
        assert position.view == state.view(0)
        assert (position.full is not None) == state.is_over
        if index < review.length:
            assert position.action == hand.actions[index]
            assert position.view.opponent_hand is None
            state.apply(hand.actions[index][1])
        else:
            assert position.action is None and position.full is not None
            assert sorted(position.full.hands[1]) == sorted(hand.hands[1])
    with pytest.raises(ValueError, match="outside the hand"):
        review.position(review.length + 1)


def test_reviews_are_repeatable_and_in_order() -> None:
    hand = played_hand(9, "simple")
    first, second = Review(hand, 0).run(), Review(hand.to_dict(), 0).run()
    assert first == second
    assert [d.index for d in first.decisions] == sorted(d.index for d in first.decisions)
    for decision in first.decisions:
        assert hand.actions[decision.index][0] == 0
        assert hand.actions[decision.index][1] == decision.played[0]


def test_progress_counts_the_actions_reviewed_up_to_the_whole_hand() -> None:
    hand = played_hand(9, "simple")
    review = Review(hand, 0)
    seen = [review.reviewed]
    work = review.steps()
    with pytest.raises(StopIteration):
        while True:
            next(work)
            seen.append(review.reviewed)
    assert seen[0] == 0 and seen == sorted(seen) and seen[-1] == review.length == len(hand.actions)


def test_bad_input_is_refused() -> None:
    hand = played_hand(1, "simple")
    record = hand.to_dict()
    record["deck"][0], record["deck"][1] = record["deck"][1], record["deck"][0]
    with pytest.raises(RecordError):
        Review(record)
    with pytest.raises(ValueError, match="seat 0 or 1"):
        Review(hand, player=2)
    with pytest.raises(ValueError, match="threshold"):
        Review(hand, threshold=-1.0)
