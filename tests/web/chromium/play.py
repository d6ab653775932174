"""Playing through the game in a browser page: a whole hand, starting a match, menus.

Shared by the browser test (tests/web/test_browser.py) and the benchmark
(tools/bench_browser.py); every input is a real click, tap or drag (harness.GamePage).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.web.chromium import player
from tests.web.chromium.harness import GamePage, Snapshot

HAND_MOVES_LIMIT = 80


@dataclass
class Played:
    """What happened while a hand was played through the browser."""

    moves: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    """The moves in the game's terms, whatever input made them (see player.Move.action)."""
    reordered: tuple[list[str], list[str]] | None = None
    result: Snapshot | None = None

    def did(self, action: str) -> bool:
        """True when some move's action starts with `action` ("take", "knock", "lay off")."""
        return any(done.startswith(action) for done in self.actions)


def play_hand(
    game: GamePage, *, reorder: bool = True, take_by_drag: bool = False, throw_by_drag: bool = False
) -> Played:
    """Play the hand on the table to its result panel with the plain player's moves.

    With `reorder`, the first time the player must discard, one card is dragged to the
    other end of the hand first (and the new order checked).
    """
    played = Played()
    snapshot = game.probe()
    for _ in range(HAND_MOVES_LIMIT):
        snapshot = game.wait(
            lambda s: s.top == "hand_result" or player.choose(s.state) is not None, "the player's turn", 30.0
        )
        if snapshot.top == "hand_result":
            played.result = snapshot
            return played
        if reorder and played.reordered is None and snapshot.table["phase"] == "DISCARD":
            played.reordered = reorder_hand(game, snapshot)
            continue
        move = player.choose(snapshot.state, take_by_drag=take_by_drag, throw_by_drag=throw_by_drag)
        assert move is not None
        played.moves.append(move.why)
        if move.action is not None:
            played.actions.append(move.action)
        if len(played.moves) == 1:
            game.shot(f"first-move-{move.why}")
        if "lay off" in move.why or move.why == "knock":
            game.shot(move.why)
        game.do(move, snapshot)
    raise AssertionError(f"the hand did not end within {HAND_MOVES_LIMIT} moves: {played.moves}")


def reorder_hand(game: GamePage, snapshot: Snapshot) -> tuple[list[str], list[str]]:
    """Drag the hand's first card past its last; check it moved there and nothing else changed."""
    before = list(snapshot.table["mine"])
    first, last = before[0], before[-1]
    x, y, w, h = snapshot.table["cards"][last]["rect"]
    end = snapshot.to_page(x + w * 0.9, y + h / 2)
    game.drag(snapshot.centre(first), end)
    after = game.wait(
        lambda s: s.table["mine"] != before and not s.table["moving"], "the card to move"
    ).table["mine"]
    assert sorted(after) == sorted(before)
    assert after[-1] == first and after[:-1] == before[1:], (before, after)
    game.shot("reordered")
    return before, after


def start_match(game: GamePage) -> Snapshot:
    """From the title: New match, then Start match; returns the table once the deal is done."""
    title = game.wait_for_target("New match")
    assert title.top == "title"
    game.press("New match")
    setup = game.wait_for_target("Start match")
    assert setup.top == "new_match"
    game.shot("new-match")
    game.press("Start match")
    dealt = game.wait(lambda s: player.my_turn(s.state), "the deal")
    assert len(dealt.table["mine"]) == 10 and dealt.table["opponent_count"] == 10
    game.shot("dealt")
    return dealt


def back_to_title(game: GamePage) -> Snapshot:
    """From the table: Menu, then Quit to title (the match in progress is kept)."""
    game.press("Menu")
    game.press("Quit to title", game.wait_for_target("Quit to title"))
    return game.wait(lambda s: s.top == "title", "the title")
