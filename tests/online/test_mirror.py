"""The client's world: an engine hand that agrees with all a seat (or a spectator) knows.

Real hands are played by the AI under every rule option; after every move the world is
built from what each seat is sent (its view, the public view) and checked against it.
"""

from __future__ import annotations

import itertools
import random

import pytest

from game.ai import make_player
from game.online.mirror import (
    MirrorError,
    RemoteMatch,
    build_world,
    differences,
    known_of_public,
    known_of_view,
    renames,
    replayable,
)
from game.online.views import public_view
from game.rules import Card, Event, Hand, Match, RuleSet

RULES = [
    RuleSet.preset("standard"),
    RuleSet.preset("oklahoma", bonuses="association"),
    RuleSet.preset("standard", eleven_card_deal=True, big_gin=True),
    RuleSet.preset("standard", last_discard_chance=True, allow_rediscard=True),
    RuleSet.preset("simple"),
]


def played(rules: RuleSet, seed: int) -> list[Hand]:
    """Every state of one hand played by two AIs (fresh copies, first to last)."""
    hand = Hand.deal(rules, seed % 2, random.Random(seed), players=(0, 1))
    bots = [make_player("easy", seed), make_player("simple", seed + 1)]
    states = [Hand.from_dict(hand.to_dict())]
    while not hand.is_over:
        assert hand.to_act is not None
        hand.apply(bots[hand.to_act].choose(hand.view(hand.to_act)))
        states.append(Hand.from_dict(hand.to_dict()))
    return states


@pytest.mark.parametrize(
    "rules", RULES, ids=lambda r: r.variant.value + ("-11" if r.eleven_card_deal else "")
)
def test_every_world_agrees_with_what_each_seat_and_the_public_know(rules: RuleSet) -> None:
    checked = deferred = 0
    for seed in range(6):
        previous: dict[int | None, tuple[Card, ...] | None] = {0: None, 1: None, None: None}
        for state in played(rules, seed):
            for seat in (0, 1, None):
                view = state.view(seat) if seat is not None else public_view(state)
                known = known_of_view(view) if seat is not None else known_of_public(view, rules)
                world = build_world(known, previous=previous[seat])
                previous[seat] = world.deck
                if replayable(known) < len(known.history):
                    deferred += 1  # an opponent's knock before its melds: shown once they are
                    assert state.history[-1].kind in ("knock", "big_gin")
                    assert len(world.actions) == len(state.actions) - 1
                    continue
                assert differences(world, view) == [], (seed, seat, len(state.actions))
                checked += 1
                if state.is_over:
                    # Once over, the world is the real hand: the same record, commitment and all.
                    assert world.to_dict() == state.to_dict()
    assert checked > 300 and deferred > 0


def test_a_world_never_holds_a_seen_card_anywhere_but_where_it_was_seen() -> None:
    """The spectator's world puts every card the public saw where it is, and the rest of
    the hidden cards are all unseen ones (a spectator's table has nothing to leak)."""
    rules = RULES[0]
    for state in played(rules, 3)[5:25]:
        public = public_view(state)
        world = build_world(known_of_public(public, rules))
        seen = public.cards
        hidden = [*world.hands[0], *world.hands[1], *world.stock]
        for card in hidden:
            if card in seen:
                assert card in public.known[0] or card in public.known[1]


def test_the_fill_in_stays_put_so_only_the_card_that_turned_up_is_relabelled() -> None:
    rules = RULES[0]
    states = played(rules, 4)
    previous = None
    before: Hand | None = None
    for state in states[:-1]:
        view = state.view(0)
        known = known_of_view(view)
        world = build_world(known, previous=previous)
        if (
            before is not None
            and replayable(known) == len(known.history)
            and len(before.actions) < len(world.actions)
        ):
            # The world before this move, rebuilt with what is known now, differs from the
            # one shown at most by the opponent's card that just went face up.
            again = build_world(known, previous=previous, upto=len(before.actions))
            changed = renames(before, again)
            news = state.history[len(before.actions) :]
            seen = {e.card for e in news} | {c for e in news for meld in e.melds for c in meld}
            seen |= set(view.knocker_deadwood)
            assert set(changed.values()) <= seen, (changed, news)
            assert len(changed) <= 1 or any(e.kind == "arrange" for e in news)
            hidden = set(before.hands[1]) | set(before.stock)
            assert set(changed) <= hidden  # only face-down cards are ever relabelled
        previous, before = world.deck, world


def test_the_draws_the_seat_watched_put_each_drawn_card_last_in_its_hand() -> None:
    rules = RULES[0]
    states = played(rules, 2)
    draws: dict[int, Card] = {}
    drawn = 0
    for earlier, later in itertools.pairwise(states):
        event = later.history[-1]
        if event.kind == "draw_stock":
            position = 21 + sum(1 for e in earlier.history if e.kind == "draw_stock")
            if event.player == 0:
                (new,) = set(later.view(0).hand) - set(earlier.view(0).hand)
                draws[position] = new
                world = build_world(known_of_view(later.view(0)), draws=draws)
                assert world.hands[0][-1] == new
                drawn += 1
    assert drawn > 0


def test_a_history_that_cannot_be_is_refused_with_the_reason() -> None:
    rules = RULES[0]
    state = played(rules, 1)[6]
    view = state.view(0)
    known = known_of_view(view)
    mine = view.hand[0]
    forged = known.__class__(**{**known.__dict__, "history": (*known.history, Event(1, "discard", mine))})
    with pytest.raises(MirrorError, match="seen in two places"):
        build_world(forged)


def test_the_remote_match_scores_the_server_hands_as_the_engine_does() -> None:
    rules = RuleSet.preset("standard", players=4)
    match = Match(rules, random.Random(8))
    entries = []
    bots = [make_player("simple", n) for n in range(2)]
    while len(match.played) < 4:
        hand = match.new_hand()
        while not hand.is_over:
            assert hand.to_act is not None
            hand.apply(bots[hand.to_act].choose(hand.view(hand.to_act)))
        played_hand = match.record_hand(hand)
        entries.append({"number": played_hand.number, "players": list(played_hand.players),
                        "dealer": played_hand.dealer, "result": played_hand.result.to_dict()})  # fmt: skip
    remote = RemoteMatch(rules)
    remote.follow(entries[:2], [0, 0], [0, 0])  # scores wrong on purpose: the server's stand
    assert remote.scores == [0, 0]
    remote.follow(entries, match.scores, match.boxes)
    mine = RemoteMatch(rules)
    for entry in entries:
        mine.add(entry)
    assert mine.scores == match.scores and mine.boxes == match.boxes
    assert [p.result for p in mine.played] == [p.result for p in match.played]
