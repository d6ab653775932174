"""The defects found in the play-test, each with the test that would have caught it."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game.rules import (
    Arrange,
    Card,
    DrawDiscard,
    EndLayoff,
    Knock,
    LayOff,
    Match,
    Pass,
    Phase,
    ResultKind,
    RuleSet,
    best_defence,
)
from game.ui import app as app_module
from game.ui.core.text import font
from game.ui.core.theme import DEADWOOD_MARK, MELD_COLOURS
from game.ui.screens.help import HelpScene
from game.ui.screens.match_result import MatchResultScene
from game.ui.screens.pause import PauseScene
from game.ui.screens.score_sheet import ScoreSheetScene
from game.ui.table.away_game import AwayGameScene
from game.ui.table.hand_result import HandResultScene
from game.ui.table.outcome import headline, headline_lines
from game.ui.table.scene import TableScene
from game.ui.table.seats import ThinkingSeat, make_ai

from .harness import click, deck_for, frames, key, make_app, run_until, start_table
from .table_support import TABLE_IDS, TABLE_SIZES, played_match, sized_app, tap, target

C = Card.parse
_KINDS = [ResultKind.UNDERCUT, ResultKind.KNOCK, ResultKind.GIN, ResultKind.BIG_GIN]
AI_KNOCKS = dict(
    human="5H 9C 9D 2S 3D KS QD JC TD 8S",
    ai="6H 7H 8H 9S 9H 2C 3C 4C AD 5D",
    upcard="AC",
    stock="KD 4S",
    dealer=0,
)
HUMAN_KNOCKS = dict(
    human="6H 7H 8H 9C 9D 9S 2C 3C 4C KS",
    ai="2H 5H JD JS QS QH 4D 4S TD 8C",
    upcard="KC",
    stock="AD 5C 7D AS",
    dealer=1,
)
UNDERCUT = dict(
    human="2H 3H 4H 5C 5D 5S 7C 8C AC KS",
    ai="9H 9S 9D 2D 3D 4D QC JC TC AS",
    upcard="KH",
    stock="9C",
    dealer=1,
)
GIN = dict(
    human="2H 3H 4H 7C 7D 7S QS KS JS 9D",
    ai="2C 4C 6C 8C TC 2D 4D 6D 8D TD",
    upcard="5H",
    stock="AC",
    dealer=1,
)
WIDE_MELDS = dict(  # Oklahoma: three melds that layoffs make four cards each
    human="AS 2S 3S 7H 7D 7C 9D TD JD 2C",
    ai="4S 7S 8D 5H 5C 5D QH QC QS KS",
    upcard="KC",
    stock="KH",
    dealer=1,
)


def _arrange(view):
    return next(a for a in view.legal_actions if isinstance(a, Arrange))


def _defend(view):
    defence = best_defence(view.hand, view.knocker_melds)
    if defence.layoffs:
        card, index = defence.layoffs[0]
        return LayOff(card, index)
    return EndLayoff()


def _ai_knocks(app):
    table = start_table(
        app, deck_for(**AI_KNOCKS), dealer=0, script=[DrawDiscard(), Knock(C("5D")), _arrange]
    )
    run_until(app, lambda: table.hand.phase is Phase.LAYOFF and table.hand.to_act == 0)
    return table


# --- 1. Enter ends the layoffs at once, with layoffs still possible -----------------------------


@pytest.mark.parametrize("how", ["enter", "done_tapped"])
def test_finishing_layoffs_early_still_lays_off_the_best_set(how):
    app = sized_app((390, 844) if how == "done_tapped" else (1280, 720))
    table = _ai_knocks(app)
    hand = table.hand
    defence = best_defence(hand.hands[0], hand.knocker_melds)
    assert defence.layoffs  # something can still be laid off
    if how == "enter":
        key(app, pygame.K_RETURN)
    else:
        tap(app, target(table, "Done").center)
    assert hand.phase is Phase.FINISHED
    assert sorted(card for card, _ in hand.layoffs) == sorted(card for card, _ in defence.layoffs)
    assert hand.result.defender_count == defence.deadwood_value


# --- 2. Meld bars under the revealed hands ---------------------------------------------------


def _expected_groups(table, seat):
    hand = table.hand
    if hand.knocker == seat:
        return {}
    return {c: i for i, meld in enumerate(hand.defender_melds) for c in meld}


def _check_marks(app, table):
    """Every card of both revealed rows has one bar, of its engine meld or red for deadwood,
    drawn under the part of that card that shows (checked on the pixels)."""
    surface = pygame.Surface(app.viewport.size)
    table.draw(surface)
    marks = {text: (group, bar) for kind, text, bar, group in table.draw_list if kind == "mark"}
    for seat in (table.me, table.opp):
        row = table.row_cards(seat)
        expected = _expected_groups(table, seat)
        colour_of: dict[int, object] = {}
        rects = [table.sprites[c].rect(lifted=False) for c in row]
        for index, (card, rect) in enumerate(zip(row, rects, strict=True)):
            group, bar = marks[str(card)]
            if card in expected:
                assert group != "deadwood", f"{card} is melded by the engine, marked deadwood"
                assert colour_of.setdefault(expected[card], group) == group, (
                    f"{card} marked apart from its meld"
                )
            else:
                assert group == "deadwood", f"{card} is deadwood for the engine, marked as meld {group}"
            following = rects[index + 1] if index + 1 < len(rects) else None
            right = following.left if following is not None and following.left < rect.right else rect.right
            if following is not None and following.left <= rect.left:
                right = rect.right  # the next card starts the row below (a phone's second row)
            assert rect.left <= bar.left < right, f"{card}'s bar starts outside its card"
            x = (bar.left + min(bar.right, right)) // 2
            colour = DEADWOOD_MARK if group == "deadwood" else MELD_COLOURS[group % len(MELD_COLOURS)]
            assert tuple(surface.get_at((x, bar.centery)))[:3] == colour, f"{card}: another colour under it"
        assert len(set(colour_of.values())) == len(colour_of)  # different melds, different bars


def _to_the_end(app, table):
    run_until(app, lambda: table.hand.is_over, limit=3000)
    table.animator.finish_all()
    frames(app)


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["laptop", "phone"])
def test_meld_bars_match_the_engine_when_the_person_knocks(size):
    app = sized_app(size)
    table = start_table(app, deck_for(**HUMAN_KNOCKS), dealer=1, script=[Pass(), _defend, _defend, _defend])
    table.pass_turn()
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    table.draw_stock()
    table.start_knock()
    table.knock(table.selected)
    table.lay_down()
    _to_the_end(app, table)
    _check_marks(app, table)


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["laptop", "phone"])
def test_meld_bars_match_the_engine_when_the_ai_knocks(size):
    app = sized_app(size)
    table = _ai_knocks(app)
    key(app, pygame.K_RETURN)
    _to_the_end(app, table)
    _check_marks(app, table)


@pytest.mark.parametrize("deal", ["undercut", "gin"])
def test_meld_bars_match_the_engine_on_an_undercut_and_a_gin(deal):
    app = sized_app((1280, 720))
    spec = UNDERCUT if deal == "undercut" else GIN
    table = start_table(app, deck_for(**spec), dealer=1, script=[Pass(), EndLayoff()])
    if deal == "undercut":
        key(app, pygame.K_p)
        run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
        key(app, pygame.K_s)
        table.knock(C("KS"))
        key(app, pygame.K_RETURN)
    else:
        for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
            key(app, code)
    _to_the_end(app, table)
    assert table.hand.result.kind.value == deal
    _check_marks(app, table)


def _autoplay_until_hand_over(app, table, limit=20000):
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, AwayGameScene):
            top.next()
        elif top is not table and top is not None:
            app.stack.pop()
        hand = table.hand
        if hand is not None and hand.is_over and top is table:
            return
        if hand is not None and table.me not in table.seats:
            table.seats[table.me] = table.human_ai = ThinkingSeat(make_ai("simple", seed=4))
        frames(app)
    raise AssertionError("no hand ended")


def test_meld_bars_match_the_engine_with_four_players():
    app = sized_app((1280, 720))
    app.settings.players = "4"
    table = TableScene(app, Match(RuleSet.preset("standard", players=4), random.Random(6)))
    app.stack.replace_all(table)
    _autoplay_until_hand_over(app, table)
    table.animator.finish_all()
    _check_marks(app, table)


# --- 3. The result panel over wide melds -----------------------------------------------------


@pytest.mark.parametrize("size", TABLE_SIZES, ids=TABLE_IDS)
def test_the_result_panel_never_covers_a_meld_card(size):
    app = sized_app(size)
    app.settings.variant = "oklahoma"
    table = start_table(
        app, deck_for(**WIDE_MELDS), dealer=1, script=[Pass(), _defend, _defend, _defend, _defend]
    )
    table.pass_turn()
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    table.draw_stock()
    table.knock(C("KH"))
    table.lay_down()
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app)
    panel = app.stack.top
    assert sorted(len(m) for m in table.hand.knocker_melds) == [4, 4, 4]
    melds = [table.sprites[c].rect() for meld in table.hand.knocker_melds for c in meld]
    assert not any(panel.rect.colliderect(rect) for rect in melds)
    if panel.band is not None:
        assert not any(panel.band.colliderect(rect) for rect in melds)


# --- 4. Menu and Help on the result screens ----------------------------------------------------


def _hand_result(size=(1280, 720)):
    app = sized_app(size)
    table = start_table(app, deck_for(**GIN), dealer=1, script=[])
    for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
        key(app, code)
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app)
    return app, table, app.stack.top


@pytest.mark.parametrize(
    ("code", "opens"),
    [(pygame.K_ESCAPE, PauseScene), (pygame.K_F1, HelpScene), (pygame.K_c, ScoreSheetScene)],
    ids=["esc", "f1", "c"],
)
def test_keys_on_the_hand_result_open_the_menu_help_and_sheet(code, opens):
    app, _table, result = _hand_result()
    key(app, code)
    assert isinstance(app.stack.top, opens)
    app.stack.pop()
    assert app.stack.top is result


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["laptop", "phone"])
def test_the_tables_buttons_beside_the_result_panel_work_and_the_rest_look_off(size):
    app, table, result = _hand_result(size)
    live = dict(result.hit_targets())
    assert "Menu" in live
    opened = {}
    for name, kind in (("Menu", PauseScene), ("Help", HelpScene), ("Score sheet", ScoreSheetScene)):
        if name not in live:
            continue
        tap(app, live[name].center)
        opened[name] = isinstance(app.stack.top, kind)
        app.stack.pop()
    assert opened and all(opened.values())
    shown = {text: on for kind, text, _, on in table.draw_list if kind == "button"}
    assert shown.get("Rank") is not True and shown.get("Hint") is not True  # drawn as off


def test_the_match_result_menu_help_and_sheet_work_by_key_and_button():
    app = make_app()
    match = played_match(2, finish=True, seed=2)
    scene = MatchResultScene(app, match)
    app.stack.replace_all(scene)
    frames(app)  # the won match is celebrated first
    run_until(app, lambda: app.stack.top is scene)
    for code, kind in (
        (pygame.K_ESCAPE, PauseScene),
        (pygame.K_F1, HelpScene),
        (pygame.K_c, ScoreSheetScene),
    ):
        key(app, code)
        assert isinstance(app.stack.top, kind)
        app.stack.pop()
    for button, kind in ((scene.menu_button, PauseScene), (scene.help_button, HelpScene)):
        click(app, button.rect.center)
        assert isinstance(app.stack.top, kind)
        app.stack.pop()


# --- 5. Hints and messages leave with the move they describe ----------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["laptop", "phone"])
def test_a_hint_shows_on_the_status_line_off_the_piles_and_goes_with_the_next_move(size):
    app = sized_app(size)
    table = start_table(app, deck_for(**HUMAN_KNOCKS), dealer=1, script=[Pass()])
    key(app, pygame.K_h)
    run_until(app, lambda: table.hint_seat is None, limit=3000)
    frames(app)
    toasts = [rect for kind, _, rect, _ in table.draw_list if kind == "toast"]
    assert toasts
    labels = [rect for kind, _, rect, _ in table.draw_list if kind in ("label", "fingerprint")]
    for box in toasts:
        assert not box.colliderect(table.layout.stock) and not box.colliderect(table.layout.discard)
        assert not any(box.colliderect(label) for label in labels)
    key(app, pygame.K_p)  # the move: the hint was about it
    frames(app)
    assert not any(kind == "toast" for kind, *_ in table.draw_list)


# --- 6. Engine wording reaching the player ------------------------------------------------------------


CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS])\b")


def test_a_refused_discard_names_the_card_with_its_suit_symbol():
    app = make_app()
    table = start_table(app, deck_for(**GIN), dealer=1, script=[])
    key(app, pygame.K_t)  # takes the 5♥
    table.discard(C("5H"))
    assert "5♥" in table.toast.text and not CODE.search(table.toast.text)


def test_k_before_drawing_says_draw_first():
    app = make_app()
    table = start_table(app, deck_for(**HUMAN_KNOCKS), dealer=1, script=[Pass()])
    key(app, pygame.K_p)
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    key(app, pygame.K_k)
    assert table.toast.text.startswith("Draw first")


def test_k_in_simple_gin_says_only_gin_may_knock():
    app = make_app()
    app.settings.variant = "simple"
    table = start_table(app, deck_for(**HUMAN_KNOCKS), dealer=1, script=[Pass()])
    key(app, pygame.K_p)
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    key(app, pygame.K_s)
    key(app, pygame.K_k)
    assert "gin" in table.toast.text.lower() and "0 or less" not in table.toast.text


def test_after_a_gin_the_log_says_gin_not_knocked():
    app = make_app()
    table = start_table(app, deck_for(**GIN), dealer=1, script=[])
    for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
        key(app, code)
    table.draw(app.surface)
    log = [text for kind, text, *_ in table.draw_list if kind == "log"]
    assert "You went gin" in log and "You knocked" not in log


# --- 7. Four players: no spoiler, and the other game can be watched ---------------------------------


def test_four_players_the_result_shows_the_scores_before_the_round_and_the_other_game_is_watched():
    app = sized_app((1280, 720))
    app.settings.players = "4"
    match = Match(RuleSet.preset("standard", players=4), random.Random(6))
    table = TableScene(app, match)
    app.stack.replace_all(table)
    before = list(match.scores)
    for _ in range(20000):
        if isinstance(app.stack.top, HandResultScene):
            break
        if app.stack.top is not table:
            app.stack.pop()
        if table.hand is not None and table.me not in table.seats:
            table.seats[table.me] = table.human_ai = ThinkingSeat(make_ai("simple", seed=4))
        frames(app)
    result = app.stack.top
    assert isinstance(result, HandResultScene) and table.background is not None
    for _ in range(120):  # time passes on the result panel: the other game does not
        frames(app)
    assert table.background.moves == 0 and match.scores == before
    notes = " ".join(text for kind, text in result.draw_list if kind == "note")
    assert "Team scores before this round, to 125" in notes
    assert "once the other game is played" in " ".join(
        text for kind, text in result.draw_list if kind == "note"
    )
    app.speed_override = 1.0
    key(app, pygame.K_RETURN)
    away = app.stack.top
    assert isinstance(away, AwayGameScene) and table.hand is None
    rows = [text for kind, text in away.draw_list if kind == "mini_row"]
    assert len(rows) == 2 and all(len(text.split(": ")[1].split()) == 10 for text in rows)
    moves = []
    for _ in range(90):
        frames(app)
        moves.append(table.background.moves)
    assert 1 <= moves[-1] <= 4  # move by move at the table's pace, not all at once
    assert any(kind == "line" and text.startswith(f"Move {moves[-1]}:") for kind, text in away.draw_list)
    key(app, pygame.K_RETURN)  # skip to the end
    run_until(app, lambda: away.done, limit=3000)
    frames(app)
    lines = [text for kind, text in away.draw_list if kind == "line"]
    assert "Round scoring:" in lines


# --- 8. The opponent's name, and the table while sitting out -----------------------------------------


@pytest.mark.parametrize("size", TABLE_SIZES, ids=TABLE_IDS)
@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_the_opponents_name_sits_beside_its_row_never_on_its_cards(size, players):
    app = sized_app(size)
    app.settings.players = players
    table = TableScene(app, Match(RuleSet.preset("standard", players=int(players)), random.Random(5)))
    app.stack.replace_all(table)
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, AwayGameScene):
            if not top.done:
                top.skip()
            else:
                top.next()
        elif table.hand is not None and not table.dealing and top is table:
            break
        frames(app)
    frames(app)
    names = [rect for kind, _, rect, _ in table.draw_list if kind == "opponent"]
    cards = [table.sprites[c].rect() for c in table.row_cards(table.opp)]
    assert len(names) == 1
    name = names[0]
    assert app.surface.get_rect().contains(name)
    assert not any(name.colliderect(card) for card in cards)
    assert name.right <= min(card.left for card in cards)
    assert min(c.top for c in cards) <= name.centery <= max(c.bottom for c in cards)


def test_while_the_person_sits_out_the_table_shows_no_old_hand():
    app = make_app()
    match = Match(RuleSet.preset("standard", players=3), random.Random(1))
    table = TableScene(app, match)
    app.stack.replace_all(table)
    run_until(app, lambda: isinstance(app.stack.top, AwayGameScene))
    frames(app)
    assert table.hand is None
    assert not any(kind == "card" for kind, *_ in table.draw_list)
    assert any(kind == "away" and text == "AI West v AI East: playing" for kind, text, *_ in table.draw_list)


# --- 9. Small things on the result panel and the score strip -----------------------------------------


@pytest.mark.parametrize("width", [150, 200, 260, 330, 600])
def test_the_headline_never_leaves_the_points_alone_on_a_line(width):
    size = 30
    for text in (headline(k, who, 110) for k in _KINDS for who in ("The AI", "You", "AI North")):
        lines, used = headline_lines(text, size, width)
        assert 1 <= len(lines) <= 2
        assert all(not line.isdigit() for line in lines)
        assert all(font(used).size(line)[0] <= width for line in lines) or used == 8


@pytest.mark.parametrize("size", TABLE_SIZES, ids=TABLE_IDS)
def test_an_undercut_headline_fits_its_panel(size):
    app = sized_app(size)
    table = start_table(app, deck_for(**UNDERCUT), dealer=1, script=[Pass(), EndLayoff()])
    table.pass_turn()
    run_until(app, lambda: table.hand.phase is Phase.DRAW and table.hand.to_act == 0)
    table.draw_stock()
    table.knock(C("KS"))
    table.lay_down()
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    frames(app)
    result = app.stack.top
    assert result.draw_list[0] == ("headline", "Undercut! The AI scores 10")
    assert result.line_rects and all(result.rect.contains(rect) for rect in result.line_rects)
    lines = [text for kind, text in result.draw_list if kind == "headline_line"]
    assert all(len(line.split()) > 1 or not line.split()[0].isdigit() for line in lines)


def test_boxes_on_the_phones_score_strip_are_drawn_squares_not_a_letter():
    app = sized_app((390, 844))
    table = start_table(app, deck_for(**GIN), dealer=1, script=[])
    for code in (pygame.K_t, pygame.K_g, pygame.K_RETURN):
        key(app, code)
    run_until(app, lambda: isinstance(app.stack.top, HandResultScene))
    table.draw(app.surface)
    boxes = [(name, rect, count) for kind, name, rect, count in table.draw_list if kind == "boxes"]
    assert boxes == [(boxes[0][0], boxes[0][1], 1)] and boxes[0][0] == "You"
    mark = boxes[0][1]
    assert tuple(app.surface.get_at((mark.left + 2, mark.bottom - 4)))[:3] == (255, 212, 90)


# --- The result panel's buttons: one label size a row ------------------------------------------


def _at_card_size(step, monkeypatch):
    """Every app made from now on starts at card and text size `step`."""
    real = app_module.App._apply_looks

    def sized(self):
        self.settings.card_size = step
        real(self)

    monkeypatch.setattr(app_module.App, "_apply_looks", sized)


LABEL_SIZES = [(1280, 720), (390, 844), (844, 390), (360, 640)]


@pytest.mark.parametrize("size", LABEL_SIZES, ids=[f"{w}x{h}" for w, h in LABEL_SIZES])
@pytest.mark.parametrize("step", [100, 160])
def test_the_result_panels_buttons_share_one_label_size_a_row_the_largest_that_fits(size, step, monkeypatch):
    _at_card_size(step, monkeypatch)
    app, _table, result = _hand_result(size)
    assert app.settings.card_size == step
    buttons = [*result.after_buttons, result.next_button]
    assert len(buttons) >= 3  # the deal check and the review beside Next
    rows: dict[int, list] = {}
    for button in buttons:
        rows.setdefault(button.rect.y, []).append(button)
    for row in rows.values():
        sizes = {button.size for button in row}
        assert len(sizes) == 1, [(b.text, b.size) for b in row]
        (shared,) = sizes
        room = [(b, b.rect.width - max(8, b.rect.height // 3)) for b in row]
        assert all(font(shared).size(b.text)[0] <= width for b, width in room)
        if shared < result.label_size:  # smaller than usual only because a label needs it
            assert any(font(shared + 1).size(b.text)[0] > width for b, width in room), shared


# --- Bigger text keeps the hand's cards --------------------------------------------------------


_APPLY_LOOKS = app_module.App._apply_looks


def _hand_card(size, step, monkeypatch):
    real = _APPLY_LOOKS  # not a patched one: each app starts at exactly `step`

    def sized(self):
        self.settings.card_size = step
        real(self)

    monkeypatch.setattr(app_module.App, "_apply_looks", sized)
    app = sized_app(size)
    table = start_table(app, deck_for(**HUMAN_KNOCKS), dealer=1, script=[Pass()])
    frames(app)
    assert app.settings.card_size == step
    held = table.row_cards(table.me)
    sizes = {table.sprites[card].rect().size for card in held}
    assert len(sizes) == 1, sizes
    return sizes.pop()


PHONE_SIZES = [(360, 640), (390, 844), (844, 390)]


@pytest.mark.parametrize("size", PHONE_SIZES, ids=[f"{w}x{h}" for w, h in PHONE_SIZES])
@pytest.mark.parametrize("step", [120, 140, 160])
def test_a_bigger_card_and_text_size_never_makes_the_hands_cards_smaller(size, step, monkeypatch):
    usual = _hand_card(size, 100, monkeypatch)
    bigger = _hand_card(size, step, monkeypatch)
    assert bigger[0] >= usual[0] and bigger[1] >= usual[1], (usual, bigger)


# --- The table's tools: one label size, the largest every label fits ---------------------------


@pytest.mark.parametrize("size", LABEL_SIZES, ids=[f"{w}x{h}" for w, h in LABEL_SIZES])
@pytest.mark.parametrize("step", [100, 160])
def test_the_tool_buttons_share_one_label_size_the_largest_that_fits(size, step, monkeypatch):
    _at_card_size(step, monkeypatch)
    app = sized_app(size)
    table = start_table(app, deck_for(**GIN), dealer=1, script=[])
    frames(app)
    menu = table.controls.buttons["menu"]
    tools = [b for b in table.panel_buttons.buttons if b is not menu and b.rect.width > 1]
    assert {"Rank", "Suit", "Help"} <= {b.text for b in tools}
    sizes = {button.size for button in tools}
    assert len(sizes) == 1, [(b.text, b.size) for b in tools]
    (shared,) = sizes
    room = [(b, b.rect.width - max(8, b.rect.height // 3)) for b in tools]
    if shared > tools[0].least:  # (at the readable floor a label may use the button's margin)
        assert all(font(shared).size(b.text)[0] <= width for b, width in room)
        # as large as the narrowest label allows
        usual = max(table.layout.font(22), shared)
        assert shared == usual or any(font(shared + 1).size(b.text)[0] > width for b, width in room)
