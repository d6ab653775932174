"""A whole hand played as a human with real mouse and keyboard events from a fixed deck."""

from __future__ import annotations

import pygame

from game.rules import Arrange, Card, DrawStock, EndLayoff, Knock, Pass, Phase, best_defence
from game.ui.table.hand_result import HandResultScene

from .harness import (
    button,
    card_point,
    cards_in_play,
    click,
    deck_for,
    drag,
    frames,
    key,
    make_app,
    run_until,
    start_table,
)

C = Card.parse


def _defend(view):
    """Scripted defender: the engine's best layoffs, one per turn."""
    defence = best_defence(view.hand, view.knocker_melds)
    if defence.layoffs:
        from game.rules import LayOff

        card, index = defence.layoffs[0]
        return LayOff(card, index)
    return EndLayoff()


def test_human_plays_a_hand_with_offer_draws_reorder_knock_and_arrangement_choice():
    app = make_app()
    deck = deck_for(
        human="6H 7H 8H 9H 9C 9D 9S 2C 3D KS",
        ai="2H 5H JD JS QS QH 4C 4S TD 8C",
        upcard="KC",
        stock="AD 5C",
        dealer=1,
    )
    ai_moves = [Pass(), DrawStock(), lambda v: _discard(v, "2H"), _defend, _defend, _defend]
    table = start_table(app, deck, dealer=1, script=ai_moves)
    hand = table.hand
    assert hand.phase is Phase.UPCARD_OFFER and hand.to_act == 0
    assert any(k == "status" and "upcard" in text for k, text, _, _ in table.draw_list)

    # The upcard offer: pass with the on-screen button; the AI passes too.
    click(app, button(table, "Pass").center)
    run_until(app, lambda: hand.phase is Phase.DRAW and hand.to_act == 0)
    assert hand.stock_only

    # Draw from the stock with a click.
    layout = table.layout
    STOCK_POS, DISCARD_POS, HAND_Y = layout.stock.center, layout.discard.center, layout.hand_rows[0]
    click(app, STOCK_POS)
    assert C("AD") in hand.hands[0] and hand.phase is Phase.DISCARD

    # Discard the king by dragging it onto the discard pile.
    drag(app, card_point(table, "KS"), DISCARD_POS)
    assert hand.discard_pile[-1] == C("KS")
    run_until(app, lambda: hand.to_act == 0 and hand.phase is Phase.DRAW)
    assert hand.discard_pile[-1] == C("2H")

    # Take the AI's discard by dragging it into the hand.
    drag(app, DISCARD_POS, (300, HAND_Y))
    assert C("2H") in hand.hands[0]

    # It cannot go straight back: the engine says why, on screen.
    drag(app, card_point(table, "2H"), DISCARD_POS)
    assert C("2H") in hand.hands[0]
    assert table.toast.remaining > 0 and "2♥" in table.toast.text
    assert any(kind == "toast" for kind, *_ in table.draw_list)

    # Reorder: drag the leftmost card to the far right of the hand.
    first = table.order.cards[0]
    drag(app, card_point(table, str(first)), (960, HAND_Y))
    assert table.order.cards[-1] == first and table.order.mode is None

    # Knock (K), choosing the face-down discard with a click.
    key(app, pygame.K_k)
    assert table.knock_mode
    assert any(k == "button" and t == "Cancel knock" for k, t, _, _ in table.draw_list)
    click(app, card_point(table, "3D"))
    assert hand.phase is Phase.ARRANGE and hand.knock_card == C("3D")
    assert len(table.arrangements) >= 2

    # Pick the second arrangement with the arrow key, lay it down with Enter.
    key(app, pygame.K_RIGHT)
    chosen = table.arrangements[1]
    assert table.arrangement_index == 1
    key(app, pygame.K_RETURN)
    arranged = next(e for e in hand.history if e.kind == "arrange")
    assert arranged.player == 0
    assert Arrange(chosen.melds).melds == tuple(tuple(m) for m in arranged.melds)

    # The AI lays off 5H on the heart run, then the hand is scored.
    run_until(app, lambda: hand.phase is Phase.FINISHED)
    assert (C("5H"), next(i for i, m in enumerate(hand.knocker_melds) if C("5H") in m)) in hand.layoffs
    assert len(set(cards_in_play(hand))) == 52
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app, 2)
    result_scene = app.stack.top
    assert result_scene.draw_list[0][1].startswith("Knock. You score")
    lines = [text for kind, text in result_scene.draw_list if kind == "line"]
    assert lines and hand.result is not None and lines[0] == hand.result.lines[0][: len(lines[0])]
    assert table.match.scores[0] == hand.result.points

    # Enter deals the next hand.
    key(app, pygame.K_RETURN)
    assert app.stack.top is table
    assert table.hand is not hand


def _discard(view, text):
    from game.rules import Discard

    return Discard(C(text))


def test_human_defender_lays_off_with_the_suggestion_and_sees_the_score():
    app = make_app()
    deck = deck_for(
        human="5S 6S TC 8H 8D 8C KH QH 4D JD",
        ai="2S 3S 4S 7D 7C 7H JC QC KC 9D",
        upcard="2D",
        stock="",
        dealer=0,
    )

    def arrange(view):
        return next(a for a in view.legal_actions if isinstance(a, Arrange))

    from game.rules import DrawDiscard

    table = start_table(app, deck, dealer=0, script=[DrawDiscard(), Knock(C("9D")), arrange])
    hand = table.hand
    run_until(app, lambda: hand.phase is Phase.LAYOFF and hand.to_act == 0)
    # The AI's melds are on the table; the human's proposed layoffs are one key away.
    assert table.laid_out
    assert any(k == "button" and t == "Lay off best" for k, t, _, _ in table.draw_list)
    key(app, pygame.K_l)
    frames(app, 5)
    laid = {card for card, _ in hand.layoffs}
    assert {C("5S"), C("6S"), C("TC")} <= laid
    # A card that fits nowhere is refused with a reason.
    click(app, card_point(table, "KH"))
    assert "fits none" in table.toast.text
    click(app, button(table, "Done").center)
    assert hand.phase is Phase.FINISHED
    assert hand.result.winner == 1
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app, 2)
    assert "The AI scores" in app.stack.top.draw_list[0][1]
    assert len(set(cards_in_play(hand))) == 52


def test_stock_running_out_offers_the_last_discard_then_voids_the_hand():
    from game.rules import DrawStock, Pass

    app = make_app()
    app.settings.last_discard_chance = True
    deck = deck_for(
        human="2C 4C 6C 8C TC 2D 4D 6D 8D TD",
        ai="3H 5H 7H 9H JH 3S 5S 7S 9S JS",
        upcard="KC",
        stock="",
        dealer=0,  # the AI draws first, so the AI makes the discard that leaves two cards
    )
    turn = [DrawStock(), lambda v: _discard(v, str(v.hand[-1]))]
    table = start_table(app, deck, dealer=0, script=[Pass(), *(turn * 15)])
    hand = table.hand
    run_until(app, lambda: hand.to_act == 0)
    key(app, pygame.K_p)  # both passed the upcard
    while True:
        run_until(app, lambda: hand.to_act == 0 or hand.is_over)
        if hand.phase is not Phase.DRAW:
            break
        key(app, pygame.K_s)  # draw, and throw the drawn (focused) card straight back
        key(app, pygame.K_RETURN)
    assert hand.phase is Phase.LAST_CHANCE and len(hand.stock) == 2
    status = [text for kind, text, *_ in table.draw_list if kind == "status"]
    assert "Last discard" in status[0]
    take = [live for kind, text, _, live in table.draw_list if kind == "button" and text == "Take"]
    assert take == [False]  # nothing to knock with, so taking it is not allowed
    click(app, button(table, "Pass").center)
    assert hand.phase is Phase.VOID
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app, 2)
    assert app.stack.top.draw_list[0][1].startswith("Void hand")
    assert table.match.scores == [0, 0]


def test_gin_button_knocks_with_the_card_that_leaves_no_deadwood():
    from game.rules import ResultKind

    app = make_app()
    deck = deck_for(
        human="2H 3H 4H 7C 7D 7S QS KS JS 9D",
        ai="2C 4C 6C 8C TC 2D 4D 6D 8D TD",
        upcard="5H",
        stock="AC",
        dealer=1,
    )
    table = start_table(app, deck, dealer=1, script=[])
    hand = table.hand
    assert not any(k == "button" and t == "Gin" for k, t, *_ in table.draw_list)
    click(app, button(table, "Take").center)  # 2H-5H run: now only the 9D is deadwood
    assert any(k == "button" and t == "Gin" and live for k, t, _, live in table.draw_list)
    key(app, pygame.K_g)
    assert hand.phase is Phase.ARRANGE and hand.knock_card == C("9D")
    key(app, pygame.K_RETURN)
    assert hand.phase is Phase.FINISHED and hand.result.kind is ResultKind.GIN
    assert hand.layoffs == []  # no layoffs after gin


def test_defender_drags_a_card_onto_the_meld_it_extends():
    from game.rules import DrawDiscard

    app = make_app()
    deck = deck_for(
        human="5S 6S TC 8H 8D 8C KH QH 4D JD",
        ai="2S 3S 4S 7D 7C 7H JC QC KC 9D",
        upcard="2D",
        stock="",
        dealer=0,
    )

    def arrange(view):
        return next(a for a in view.legal_actions if isinstance(a, Arrange))

    table = start_table(app, deck, dealer=0, script=[DrawDiscard(), Knock(C("9D")), arrange])
    hand = table.hand
    run_until(app, lambda: hand.phase is Phase.LAYOFF and hand.to_act == 0)
    clubs = next(i for i, meld in enumerate(hand.knocker_melds) if C("KC") in meld)
    target = table.sprites[C("JC")].rect().center
    drag(app, card_point(table, "TC"), target)
    assert (C("TC"), clubs) in hand.layoffs
    assert C("TC") in hand.knocker_melds[clubs]


def test_a_card_that_fits_but_is_better_kept_is_not_called_a_misfit():
    """10♠ fits the AI's J♠ Q♠ K♠ but sits in the player's three tens: the table says so."""
    app = make_app()
    deck = deck_for(
        human="TC TH TS 4C 6D 7H 5C 8D 9H KD",
        ai="JS QS KS 2C 2D 2H AC AD AH 9S",
        upcard="3D",
        stock="",
        dealer=0,
    )

    def arrange(view):
        return next(a for a in view.legal_actions if isinstance(a, Arrange))

    from game.rules import DrawDiscard

    table = start_table(app, deck, dealer=0, script=[DrawDiscard(), Knock(C("9S")), arrange])
    hand = table.hand
    run_until(app, lambda: hand.phase is Phase.LAYOFF and hand.to_act == 0)
    frames(app, 2)
    status = [text for kind, text, _, _ in table.draw_list if kind == "status"]
    assert status == ["10♠ would fit, but laying off would not lower your deadwood: press Done."]
    key(app, pygame.K_l)  # "Lay off best" has nothing to play, and says why
    assert table.toast.text == "10♠ would fit, but laying off would not lower your deadwood."
    assert hand.layoffs == []
