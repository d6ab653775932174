"""Three-player and four-player partnership matches through the real loop, and statistics."""

from __future__ import annotations

import itertools
import random
import time

import pygame

from game.rules import Match, RuleSet
from game.ui.app import create_app
from game.ui.core.seating import round_lines
from game.ui.screens.match_result import MatchResultScene
from game.ui.table.away_game import AwayGameScene
from game.ui.table.hand_result import HandResultScene
from game.ui.table.scene import TableScene

from .harness import DT, frames, key, make_app


def _selfplay(players: str, hands: int, seed: str = "5"):
    """Self-play (an AI in the human's seat too) through the real loop until `hands` end.

    Returns the app, the table and what was seen on the way: the human's seat in each hand
    dealt to the table, and the AI-only hands' panels once they were over.
    """
    app = create_app(
        ["--selfplay", str(hands), "--players", players, "--level", "simple", "--speed", "0", "--seed", seed]
    )
    table = TableScene(app)
    app.stack.push(table)
    seats_seen: set[int] = set()
    away_panels: list[list[tuple[str, str]]] = []
    hand_panels: list[list[tuple[str, str]]] = []
    for _ in range(6000):
        if not app.running:
            break
        top = app.stack.top
        if isinstance(top, TableScene) and top.hand is not None:
            seats_seen.add(top.me)
        if isinstance(top, AwayGameScene) and top.done and top.shot_taken:
            away_panels.append(list(top.draw_list))
        if isinstance(top, HandResultScene) and top.shot_taken:
            hand_panels.append(list(top.draw_list))
        if isinstance(top, MatchResultScene):
            break
        app.frame(DT)
    return app, table, seats_seen, away_panels, hand_panels


def _check_scores(match: Match) -> None:
    """The match's scores are exactly what its played hands give, side by side."""
    scores = [0] * match.sides
    if match.rules.players == 3:
        for played in match.played:
            if played.winner is not None:
                scores[played.winner] += played.result.points
    else:
        games = [p for p in match.played if p.winner is not None]
        for first, second in zip(games[0::2], games[1::2], strict=False):
            a, b = first.result.points, second.result.points
            team_a, team_b = first.winner % 2, second.winner % 2
            if team_a == team_b:
                scores[team_a] += a + b
            elif a != b:
                scores[team_a if a > b else team_b] += abs(a - b)
    assert scores == match.scores


def test_three_players_rotate_the_sitter_out_and_play_away_hands():
    _app, table, seats_seen, away_panels, hand_panels = _selfplay("3", hands=7)
    match = table.match
    assert match.rules.players == 3 and len(match.scores) == 3
    played = match.played
    assert len(played) >= 6
    for hand in played:
        assert hand.dealer not in hand.players  # the dealer sits out
    for before, after in itertools.pairwise(played):
        if before.winner is None:
            assert after.players == before.players  # a void hand is played again
        else:
            assert after.dealer == before.loser  # the loser deals ...
            assert set(after.players) == {before.winner, before.dealer}  # ... winner v sitter
    _check_scores(match)
    # The human sat out at least once: that hand was played by the AIs off the table.
    away = [p for p in played if 0 not in p.players]
    assert away and away_panels
    assert away_panels[0][0] == ("title", "You sit out this hand")
    assert any(kind == "line" and "scores" in text for kind, text in away_panels[0])
    # The human played from both seats (seat 1 when the player dealt before them sat out).
    assert seats_seen == {0, 1}
    assert hand_panels and sum(1 for kind, _ in hand_panels[0] if kind == "score") == 3


def test_four_players_play_partner_games_and_score_rounds_as_teams():
    _app, table, seats_seen, away_panels, hand_panels = _selfplay("4", hands=8, seed="7")
    match = table.match
    assert match.rules.players == 4 and match.target == 125 and len(match.scores) == 2
    games = [p for p in match.played if p.winner is not None]
    assert len(games) >= 4
    pairs = [p.players for p in games]
    rounds = [tuple(pairs[i : i + 2]) for i in range(0, len(pairs) - 1, 2)]
    for number, pair in enumerate(rounds):  # partners switch opponents every round
        assert pair == (((0, 1), (2, 3)) if number % 2 == 0 else ((0, 3), (2, 1)))
    assert seats_seen == {0}
    _check_scores(match)
    # Each partner game's panel explains the round's team scoring line by line.
    assert away_panels
    lines = [text for kind, text in away_panels[0] if kind == "line"]
    assert "Round scoring:" in lines
    scoring = lines[lines.index("Round scoring:") + 3]
    assert scoring.startswith(("Both games to", "One game each"))
    assert any(kind == "score" and text.startswith("You & North:") for kind, text in away_panels[0])
    assert any(kind == "note" for kind, _ in hand_panels[0])


def test_round_lines_explain_both_cases():
    match = Match(RuleSet.preset("standard", players=4), random.Random(2))
    assert round_lines(match) == []
    from game.rules import HandResult, PlayedHand, ResultKind

    def game(players, winner_seat, points):
        return PlayedHand(0, players, players[0], HandResult(ResultKind.KNOCK, winner_seat, points))

    match.played = [game((0, 1), 0, 15), game((2, 3), 1, 22)]
    assert round_lines(match)[-1] == "One game each: West & East score 22 - 15 = 7"
    match.played = [game((0, 1), 0, 15), game((2, 3), 0, 22)]
    assert round_lines(match)[-1] == "Both games to You & North: 15 + 22 = 37"


def test_a_saved_three_player_match_continues_where_it_was():
    _app, table, *_ = _selfplay("3", hands=3, seed="9")
    record = table.match.to_dict()
    app2 = make_app("--level", "simple")
    match = Match.from_dict(record)
    resumed = TableScene(app2, match)
    app2.stack.replace_all(resumed)
    frames(app2, 3)
    assert resumed.match.scores == table.match.scores
    assert len(resumed.match.played) == len(table.match.played)
    if resumed.hand is not None:  # the human's hand, in the human's seat
        assert set(resumed.order.cards) == set(resumed.hand.hands[resumed.me])  # shown at the bottom
        assert resumed.match.seats[resumed.me] == 0
    else:  # the AIs were playing without the human: their panel is up again
        assert isinstance(app2.stack.top, AwayGameScene)


def test_a_saved_match_resumes_an_away_hand_and_plays_it_without_blocking():
    match = Match(RuleSet.preset("standard", players=3), random.Random(1))
    assert match.dealer == 0  # the human deals the first hand, so sits it out
    match.new_hand()
    app = make_app("--level", "medium")
    table = TableScene(app, Match.from_dict(match.to_dict()))
    app.stack.replace_all(table)
    frames(app)
    scene = app.stack.top
    assert isinstance(scene, AwayGameScene) and table.hand is None
    assert scene.draw_list[0] == ("title", "You sit out this hand")
    assert any(kind == "line" and text.startswith("Move 0: Playing") for kind, text in scene.draw_list)
    times: list[float] = []
    while not scene.done and len(times) < 3000:
        started = time.perf_counter()
        frames(app)
        times.append(time.perf_counter() - started)
    # Played a slice per frame, never in one go (a loose bound: test machines vary).
    assert len(times) > 5 and sorted(times)[len(times) // 2] < 0.03
    assert scene.done and len(table.match.played) == 1
    assert scene.continue_button.visible
    key(app, pygame.K_RETURN)
    frames(app, 3)
    assert app.stack.top is table and table.hand is not None
    assert 0 in table.match.seats and table.match.seats[table.me] == 0


def test_mouse_play_from_seat_one_with_three_players():
    from game.rules import Discard, DrawStock, Pass, Phase
    from game.ui.table.seats import ThinkingSeat

    from .harness import Script, card_point, click, drag

    match = Match(RuleSet.preset("standard", players=3), random.Random(9))
    assert match.dealer == 1  # AI West deals and sits out: AI East in seat 0, the human in seat 1
    app = make_app()
    table = TableScene(app, match)
    app.stack.replace_all(table)
    table.seats[0] = ThinkingSeat(Script([Pass(), DrawStock(), lambda view: Discard(view.hand[-1])]))
    frames(app, 3)
    assert table.me == 1 and table.pairing == (2, 0) and table.opp_name == "AI East"
    assert any(kind == "score" and name == "AI West (out)" for kind, name, *_ in table.draw_list)
    key(app, pygame.K_p)  # the human passes the upcard too; AI East draws and discards
    hand = table.hand
    for _ in range(60):
        if hand.phase is Phase.DRAW and hand.to_act == 1:
            break
        frames(app)
    click(app, table.layout.stock.center)
    assert len(hand.hands[1]) == 11 and hand.phase is Phase.DISCARD
    card = table.order.cards[0]
    drag(app, card_point(table, str(card)), table.layout.discard.center)
    assert hand.discard_pile[-1] == card and len(hand.hands[1]) == 10
    logs = [text for kind, text, *_ in table.draw_list if kind == "log"]
    assert any(text.startswith("You discarded") for text in logs)
    assert any(text.startswith("AI East ") for text in logs)
