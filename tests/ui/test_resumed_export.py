"""A hand continued after a restart exports as a fair hand: the AI keeps its seed with the match.

The AI's seed used to be the session seed plus the seat, and the session seed changes at every
start; the saved match did not keep it, so after a restart the verifier reported the AI's
earlier moves of the resumed hand as not its own ("AI cheating").
"""

from __future__ import annotations

import json

from game.ui.app import create_app
from game.ui.table.hand_result import HandResultScene
from game.ui.table.outcome import played_deal
from game.ui.table.scene import TableScene
from game.ui.table.seats import ThinkingSeat, make_ai
from game.verify import AISeat, export_hand, verify_export

from .harness import frames, run_until


def _session(seed: int):
    return create_app(["--seed", str(seed), "--speed", "0", "--window", "1280x720"])


def test_a_hand_resumed_after_a_restart_verifies_with_the_ai_s_saved_seed() -> None:
    first = _session(3)
    table = TableScene(first)
    first.stack.replace_all(table)
    frames(first, 2)
    table.flow.seats[table.me] = ThinkingSeat(make_ai("simple", seed=5))
    ai_seat = 1 - table.me

    def ai_has_moved() -> bool:
        hand = table.hand
        return hand is not None and sum(1 for who, _ in hand.actions if who == ai_seat) >= 3

    run_until(first, ai_has_moved, 20000)
    first.persistence.save_match(table.flow.match, table.flow.setup)
    assert table.hand is not None
    before = list(table.hand.actions)

    second = _session(77)  # another start: another session seed
    saved = second.persistence.take_saved_match()
    assert saved is not None and saved.setup is not None
    resumed = TableScene(second, saved.match, saved.setup)
    second.stack.replace_all(resumed)
    frames(second, 2)
    assert resumed.hand is not None and resumed.hand.actions[: len(before)] == before  # the same hand
    resumed.flow.seats[resumed.me] = ThinkingSeat(make_ai("simple", seed=5))
    run_until(second, lambda: isinstance(second.stack.top, HandResultScene), 20000)
    deal = played_deal(resumed)
    seat = deal.seats[ai_seat]
    assert isinstance(seat, AISeat)
    checks = verify_export(json.loads(json.dumps(export_hand(deal.hand, deal.seats))))
    failed = [check.line() for check in checks if not check.passed]
    assert failed == []
