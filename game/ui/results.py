"""The hand result panel (over the table) and the match result screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import Match, ResultKind
from game.ui.column import Column, row_height, split
from game.ui.menus import scrim
from game.ui.players import player_name, round_lines, side_name
from game.ui.richtext import render_rich
from game.ui.scene import Scene
from game.ui.text import blit_text, font, wrap
from game.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.table import TableScene

INK = (245, 242, 230)
DIM = (190, 215, 195)
GOLD = (255, 212, 90)
PANEL_FILL = (16, 44, 31, 255)
MINI_CARD_W = 38
NAMES = ("You", "AI")


def headline(kind: ResultKind, winner: int | None, points: int, me: int = 0, them: str = "The AI") -> str:
    """The big line of a hand result, from the human's point of view (the human in seat `me`).

    >>> headline(ResultKind.GIN, 0, 45)
    'Gin! You score 45'
    >>> headline(ResultKind.UNDERCUT, 1, 12)
    'Undercut! The AI scores 12'
    >>> headline(ResultKind.KNOCK, 0, 9, me=1, them="AI 2")
    'Knock. AI 2 scores 9'
    """
    if kind is ResultKind.VOID or winner is None:
        return "Void hand: nobody scores"
    who = "You score" if winner == me else f"{them} scores"
    word = {
        ResultKind.GIN: "Gin!",
        ResultKind.BIG_GIN: "Big gin!",
        ResultKind.UNDERCUT: "Undercut!",
        ResultKind.KNOCK: "Knock.",
    }[kind]
    return f"{word} {who} {points}"


def _panel(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0) -> None:
    radius = max(8, round(18 * scale))
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, PANEL_FILL, shade.get_rect(), border_radius=radius)
    pygame.draw.rect(
        shade, (255, 212, 90, 200), shade.get_rect(), width=max(2, round(3 * scale)), border_radius=radius
    )
    surface.blit(shade, rect)


def _lines(
    surface: pygame.Surface, text: str, size: int, colour: tuple[int, int, int], x: int, y: int, width: int
) -> int:
    """Wrapped text (suits drawn as symbols) from (x, y); returns the y below it."""
    step = font(size).get_linesize()
    for part in wrap(text, size, width):
        surface.blit(render_rich(part, size, colour), (x, y))
        y += step
    return y


CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)


def panel_input(
    event: pygame.event.Event,
    buttons: ButtonRow,
    on_confirm: Callable[[], None],
    on_escape: Callable[[], None] | None = None,
) -> None:
    """The result panels' input: hover and click the buttons, Enter/Space confirm, Esc leaves."""
    if event.type == pygame.MOUSEMOTION:
        buttons.hover(event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        buttons.click(event.pos)
    elif event.type == pygame.KEYDOWN:
        if event.key in CONFIRM_KEYS:
            on_confirm()
        elif event.key == pygame.K_ESCAPE and on_escape is not None:
            on_escape()


class HandResultScene(Scene):
    """Over the table: what happened, the score explained line by line, the running total.

    Landscape: a panel over the stock and discard pile (nothing left to see there), so both
    hands and the knocker's melds with their layoffs stay in view beside the explanation.
    Portrait: a sheet over the lower part of the table, leaving the melds and the opponent's
    revealed hand in view.
    """

    modal = True
    name = "hand_result"

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        assert table.match is not None
        last = "See the match result" if table.match.finished else "Next hand"
        if table.background is not None:
            last = "Next: the other game" if table.match.rules.players == 4 else "Next: you sit out"
        self.next_button = Button(
            last, pygame.Rect(0, 0, 1, 1), self.next, key="Enter", accent=(250, 200, 90)
        )
        self.buttons = ButtonRow([self.next_button])
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.shot_taken = False
        self.draw_list: list[tuple[str, str]] = []

    def setup(self) -> None:
        """Lay out for the window."""
        self.resized()

    def resized(self) -> None:
        """Where the panel goes: beside the melds, or over the hand on a phone."""
        view = self.app.viewport
        table = self.table
        assert table.match is not None
        layout = table.layout
        if view.portrait:
            top = layout.status.top - view.px(6)
            self.rect = pygame.Rect(
                view.px(6), top, view.width - 2 * view.px(6), view.height - top - view.px(6)
            )
        else:
            multi = table.match.rules.players > 2
            left = view.px(14)
            right = min(layout.meld_area.left, layout.stock.right + view.px(120)) - view.px(10)
            top = layout.opp_y + layout.opp_card[1] // 2 + view.px(56 if multi else 74)
            bottom = layout.hand_rows[0] - layout.card[1] // 2 - view.px(20)
            self.rect = pygame.Rect(left, top, max(view.px(300), right - left), bottom - top)
        button_h = view.px(row_height(view, 46))
        self.next_button.rect = pygame.Rect(0, 0, self.rect.width - view.px(40), button_h)
        self.next_button.rect.midbottom = (self.rect.centerx, self.rect.bottom - view.px(14))
        self.next_button.size = view.font(24 if not view.portrait else 19)
        self.next_button.show_key = not view.portrait

    def next(self) -> None:
        """Close the panel and carry on."""
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.table.next_hand()

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The panel's buttons."""
        return self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Enter/Space or the button continues."""
        panel_input(event, self.buttons, self.next)

    def update(self, dt: float) -> None:
        """Take the screenshot for self-play once it is on screen."""
        if not self.shot_taken:
            self.shot_taken = True
            self.app.notable("hand_result")
            result = self.table.hand.result if self.table.hand is not None else None
            if result is not None and result.winner is not None:
                self.app.play("win" if result.winner == self.table.me else "lose")

    def autopilot(self) -> None:
        """Self-play presses Next."""
        if self.shot_taken:
            self.next()

    def draw(self, surface: pygame.Surface) -> None:
        """The panel."""
        hand = self.table.hand
        match = self.table.match
        assert hand is not None and match is not None
        result = hand.result
        assert result is not None
        view = self.app.viewport
        portrait = view.portrait
        _panel(surface, self.rect, view.scale)
        pad = view.px(16 if portrait else 20)
        x, y = self.rect.x + pad, self.rect.y + view.px(12)
        width = self.rect.width - 2 * pad
        title = headline(result.kind, result.winner, result.points, self.table.me, self.table.opp_the)
        self.draw_list = [("headline", title)]
        y = _lines(surface, title, view.font(32 if not portrait else 22), GOLD, x, y, width) + view.px(6)
        body = view.font(21 if not portrait else 15)
        for line in result.lines:
            y = _lines(surface, line, body, INK, x, y, width)
            for part in wrap(line, body, width):
                self.draw_list.append(("line", part))
        four = match.rules.players == 4
        score_size = view.font(22 if not portrait else 16)
        step = font(score_size).get_linesize()
        rows = step * match.sides + (step if four else 0)
        top = self.next_button.rect.top - view.px(12) - rows
        y = max(y + view.px(10), top)
        pygame.draw.line(surface, DIM, (x, y - view.px(6)), (x + width, y - view.px(6)), 1)
        if four:
            note = "Team scores change after the other game"
            y = _lines(surface, note, view.font(17 if not portrait else 13), DIM, x, y, width)
            self.draw_list.append(("note", note))
        blit_text(
            surface,
            f"to {match.target}",
            view.font(18 if not portrait else 14),
            DIM,
            "topright",
            (x + width, y + 2),
        )
        for side in range(match.sides):
            boxes = match.boxes[side]
            name = NAMES[side] if match.rules.players == 2 else side_name(match, side)
            text = f"{name}: {match.scores[side]}  ({boxes} box{'es' if boxes != 1 else ''})"
            blit_text(surface, text, score_size, INK, "topleft", (x, y))
            self.draw_list.append(("score", text))
            y += step
        self.buttons.draw(surface)


def match_lines(match: Match) -> list[tuple[str, list[int]]]:
    """The match result as rows (label, one cell per side) for the scoreboard."""
    rules = match.rules
    winner = match.winner
    sides = range(match.sides)
    rows = [("Points", [match.scores[s] for s in sides])]
    rows.append((f"Boxes x {rules.box_bonus}", [match.boxes[s] * rules.box_bonus for s in sides]))
    totals = match.final_totals
    base = [match.scores[s] + match.boxes[s] * rules.box_bonus for s in sides]
    if winner is not None:
        bonus = totals[winner] - base[winner]
        label = "Shutout" if match.shutout else "Game bonus"
        if match.shutout and rules.shutout_doubles:
            label = "Shutout: game bonus, doubled"
        cells = [0] * match.sides
        cells[winner] = bonus
        rows.append((label, cells))
    rows.append(("Total", list(totals)))
    return rows


def margin_lines(match: Match) -> list[str]:
    """Who pays the winner how much: one line per losing side.

    >>> import random
    >>> from game.rules import RuleSet
    >>> m = Match(RuleSet.preset("standard", players=3), random.Random(1))
    >>> m.scores = [30, 104, 0]
    >>> margin_lines(m)
    ['You pay AI 1 174', 'AI 2 pays AI 1 204']
    """
    winner = match.winner
    if winner is None:
        return []
    four = match.rules.players == 4

    def name(side: int) -> str:
        if side == 0:
            return "your team" if four else "you"
        return side_name(match, side)

    lines = []
    for side, margin in enumerate(match.margins):
        if side == winner:
            continue
        payer = name(side)
        verb = "pays" if (four and side == 0) or (not four and side != 0) else "pay"
        lines.append(f"{payer[:1].upper() + payer[1:]} {verb} {name(winner)} {margin}")
    return lines


class MatchResultScene(Scene):
    """The end of a match: who won, bonuses, boxes, the final margin, play again."""

    name = "match_result"

    def __init__(self, app: Any, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.again_button = Button(
            "Play again", pygame.Rect(0, 0, 1, 1), self.play_again, key="Enter", accent=(250, 200, 90)
        )
        self.menu_button = Button("Menu", pygame.Rect(0, 0, 1, 1), self.to_menu, key="Esc")
        self.buttons = ButtonRow([self.again_button, self.menu_button])
        self.board = pygame.Rect(0, 0, 1, 1)
        self.shot_taken = False
        self.draw_list: list[tuple[str, str]] = []

    def setup(self) -> None:
        """Lay out for the window."""
        self.resized()

    def resized(self) -> None:
        """A scoreboard in the middle, the two buttons along its bottom."""
        view = self.app.viewport
        column = Column(view, width=780, top=12 if view.portrait else 60, bottom=12 if view.portrait else 60)
        self.board = column.remaining()
        inner = Column(
            view, width=column.width - 40, top=column.y, bottom=view.design_size[1] - column.floor + 16
        )
        row = inner.take_bottom(row_height(view, 50, 46))
        for button, part in zip(self.buttons.buttons, split(row, 2, view.px(16)), strict=True):
            button.rect = part
            button.size = view.font(24 if not view.portrait else 19)
            button.show_key = not view.portrait

    def play_again(self) -> None:
        """A new match with the same settings."""
        from game.ui.table import TableScene

        self.app.stack.replace_all(TableScene(self.app))

    def to_menu(self) -> None:
        """Back to the title screen."""
        from game.ui.title import TitleScene

        self.app.stack.replace_all(TitleScene(self.app))

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The panel's buttons."""
        return self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons, Enter (play again), Esc (menu)."""
        panel_input(event, self.buttons, self.play_again, self.to_menu)

    def update(self, dt: float) -> None:
        """Screenshot once shown."""
        if not self.shot_taken:
            self.shot_taken = True
            self.app.notable("match_result")

    def autopilot(self) -> None:
        """Self-play starts another match."""
        if self.shot_taken:
            self.play_again()

    def title(self) -> tuple[str, list[str]]:
        """The headline and the column headers."""
        match = self.match
        winner = match.winner
        players = match.rules.players
        if players == 2:
            return ("You win the match!" if winner == 0 else "The AI wins the match"), ["You", "AI"]
        headers = [side_name(match, s) for s in range(match.sides)]
        if winner == 0:
            return ("Your team wins the match!" if players == 4 else "You win the match!"), headers
        return f"{headers[winner or 0]} win{'' if players == 4 else 's'} the match", headers

    def draw(self, surface: pygame.Surface) -> None:
        """The scoreboard."""
        from game.ui.table_draw import felt

        view = self.app.viewport
        portrait = view.portrait
        surface.blit(felt(view.size), (0, 0))
        match = self.match
        board = self.board
        _panel(surface, board, view.scale)
        title, headers = self.title()
        pad = view.px(20 if portrait else 40)
        x, width = board.x + pad, board.width - 2 * pad
        y = board.y + view.px(18)
        y = _centred(surface, title, view.font(52 if not portrait else 30), GOLD, board.centerx, y, width)
        self.draw_list = [("title", title)]
        y += view.px(16)
        size = view.font(28 if not portrait else 16)
        step = round(font(size).get_linesize() * 1.35)
        label_w = width * (0.5 if not portrait else 0.42)
        cell_w = (width - label_w) / len(headers)
        columns = [round(x + label_w + cell_w * (i + 0.5)) for i in range(len(headers))]
        for column, header in zip(columns, headers, strict=True):
            head = header if font(size).size(header)[0] <= cell_w else header.replace(" & ", " &\n")
            hy = y
            for part in head.split("\n"):
                blit_text(surface, part, size, INK, "midtop", (column, hy))
                hy += font(size).get_linesize()
        y += step * (2 if any(" &" in h for h in headers) and portrait else 1)
        for label, cells in match_lines(match):
            strong = label == "Total"
            colour = GOLD if strong else INK
            if strong:
                pygame.draw.line(
                    surface, DIM, (x, y - view.px(6)), (x + width, y - view.px(6)), max(1, view.px(2))
                )
            _lines(surface, label, size, colour, x, y, round(label_w) - view.px(4))
            for column, cell in zip(columns, cells, strict=True):
                blit_text(surface, str(cell), size, colour, "midtop", (column, y))
            self.draw_list.append(("row", f"{label}: {' / '.join(str(c) for c in cells)}"))
            y += step
        y += view.px(8)
        if match.rules.players == 2:
            loser = "The AI pays you" if match.winner == 0 else "You pay the AI"
            margins = [f"Final margin: {match.margin}  ({loser} {match.margin})"]
        else:
            margins = (
                ["Margins:", *margin_lines(match)]
                if len(margin_lines(match)) > 1
                else ["Margin: " + ", ".join(margin_lines(match))]
            )
        for margin in margins:
            y = _centred(surface, margin, view.font(26 if not portrait else 16), INK, board.centerx, y, width)
            self.draw_list.append(("margin", margin))
        hands = len(match.played)
        _centred(surface, f"{hands} hands played", view.font(22 if not portrait else 14), DIM, board.centerx,
                 y + view.px(10), width)  # fmt: skip
        self.buttons.draw(surface)


def _centred(
    surface: pygame.Surface, text: str, size: int, colour: tuple[int, int, int], cx: int, y: int, width: int
) -> int:
    """Wrapped lines centred on `cx` from `y`; returns the y below them."""
    step = font(size).get_linesize()
    for part in wrap(text, size, width):
        image = render_rich(part, size, colour)
        surface.blit(image, image.get_rect(midtop=(cx, y)))
        y += step
    return y


class AwayGameScene(Scene):
    """Over the table: a hand the AIs play without the human, then its result.

    With three players this is the hand the human sits out; with four, the other table's
    game of the round, whose result completes the round's team scoring (shown line by line).
    The table plays the hand a slice per frame (`TableScene._play_background`); this scene
    only shows it and waits for the human to carry on once it is over.
    """

    modal = True
    name = "away_game"

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.clock = 0.0
        self.continue_button = Button(
            "Continue", pygame.Rect(0, 0, 1, 1), self.next, key="Enter", accent=(250, 200, 90)
        )
        self.buttons = ButtonRow([self.continue_button])
        self.draw_list: list[tuple[str, str]] = []
        self.shot_taken = False

    def setup(self) -> None:
        """Lay out for the window."""
        self.resized()

    def resized(self) -> None:
        """A panel over the middle of the table (most of a phone's screen)."""
        view = self.app.viewport
        column = Column(view, width=640, top=12 if view.portrait else 96, bottom=12 if view.portrait else 104)
        self.rect = column.remaining()
        button = self.continue_button
        button.rect = pygame.Rect(
            0, 0, min(self.rect.width - view.px(40), view.px(300)), view.px(row_height(view, 46))
        )
        button.rect.midbottom = (self.rect.centerx, self.rect.bottom - view.px(16))
        button.size = view.font(24 if not view.portrait else 19)
        button.show_key = not view.portrait

    def animating(self) -> bool:
        """The dots move while the hand is being played."""
        return not self.done

    @property
    def done(self) -> bool:
        """True once the hand is over (and scored by the table)."""
        game = self.table.background
        return game is None or (
            game.done and self.table.match is not None and game.hand is not self.table.match.current
        )

    def next(self) -> None:
        """Carry on with the match (only once the hand is over)."""
        if not self.done:
            return
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.table.background = None
        self.table.next_hand()

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The panel's buttons."""
        return self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Enter/Space or the button continues; Esc opens the menu."""
        panel_input(event, self.buttons, self.next, self.table.open_menu)

    def update(self, dt: float) -> None:
        """Animate the dots; a screenshot once the result is in."""
        self.clock += dt
        if self.done and not self.shot_taken:
            self.shot_taken = True
            self.app.notable("away_result")

    def autopilot(self) -> None:
        """Self-play carries on once the hand is over."""
        if self.done and self.shot_taken:
            self.next()

    def lines(self) -> tuple[str, str, list[str]]:
        """(title, subtitle, body lines) for what is on screen now."""
        game, match = self.table.background, self.table.match
        assert match is not None
        four = match.rules.players == 4
        if game is None:
            return ("", "", [])
        a, b = game.names
        title = "The other game" if four else "You sit out this hand"
        note = "your partner is AI North" if four else "you dealt to them"
        subtitle = f"{a} v {b}  ({note})"
        hand = game.hand
        if not self.done:
            dots = "." * (1 + int(self.clock * 2.5) % 3)
            body = [f"Playing{dots}", f"Moves: {game.moves}  -  stock: {len(hand.stock)}"]
            for event in hand.history[-3:]:
                body.append(_away_event(match, game.players, event))
            return title, subtitle, body
        played = match.played[-1]
        result = played.result
        winner = player_name(match, played.winner) if played.winner is not None else ""
        if played.winner is None:
            body = ["Void hand: the stock ran out.", "The same players play again."]
        else:
            body = [headline(result.kind, 1, result.points, 0, winner)]
            body += list(result.lines)
        if four and played.winner is not None:
            body.append("")
            body.append("Round scoring:")
            body += round_lines(match)
        elif not four and played.loser is not None and not match.finished:
            loser = player_name(match, played.loser)
            body.append("")
            body.append(f"{loser} lost and deals the next hand: you play {winner}.")
        return title, subtitle, body

    def _draw_mini_table(self, surface: pygame.Surface, game: Any, y: int) -> None:
        """Both hands face down, the stock and the top discard, so the hand can be followed."""
        from game.ui.layout import card_size

        view = self.app.viewport
        art = self.app.art
        hand = game.hand
        mini = card_size(view.px(MINI_CARD_W if not view.portrait else 30))
        x = self.rect.x + view.px(20)
        name_w = max(font(view.font(20)).size(n)[0] for n in game.names) + view.px(10)
        for seat, name in enumerate(game.names):
            colour = GOLD if hand.to_act == seat else INK
            row_y = y + seat * (mini[1] + view.px(8))
            blit_text(
                surface,
                name,
                view.font(20 if not view.portrait else 14),
                colour,
                "midleft",
                (x, row_y + mini[1] // 2),
            )
            _mini_row(surface, art, len(hand.hands[seat]), x + name_w, row_y, mini, view.px(12))
        pile_x = self.rect.right - view.px(20) - 2 * mini[0] - view.px(12)
        pile_y = y + (mini[1] + view.px(8)) * 2 + view.px(6) if view.portrait else y + mini[1] // 2
        if hand.stock:
            surface.blit(art.back(mini), (pile_x, pile_y))
        if hand.discard_pile:
            top = hand.discard_pile[-1]
            face = art.face(int(top.rank), top.suit.char, mini, self.app.settings.four_colour)
            surface.blit(face, (pile_x + mini[0] + view.px(12), pile_y))
        self.draw_list.append(("mini", f"{len(hand.hands[0])} v {len(hand.hands[1])}"))

    def draw(self, surface: pygame.Surface) -> None:
        """A panel over the dimmed table."""
        view = self.app.viewport
        portrait = view.portrait
        scrim(surface, (0, 0, 0, 120))
        _panel(surface, self.rect, view.scale)
        title, subtitle, body = self.lines()
        match = self.table.match
        assert match is not None
        pad = view.px(20 if portrait else 28)
        x, y = self.rect.x + pad, self.rect.y + view.px(14)
        width = self.rect.width - 2 * pad
        y = _centred(surface, title, view.font(38 if not portrait else 26), GOLD, self.rect.centerx, y, width)
        y = _centred(
            surface, subtitle, view.font(24 if not portrait else 15), DIM, self.rect.centerx, y, width
        )
        y += view.px(10)
        self.draw_list = [("title", title), ("subtitle", subtitle)]
        for index, line in enumerate(body):
            size = view.font((28 if index == 0 else 21) if not portrait else (19 if index == 0 else 14))
            colour = GOLD if index == 0 or line.endswith(":") else INK
            if not line:
                y += view.px(8)
                continue
            for part in wrap(line, size, width):
                surface.blit(render_rich(part, size, colour), (x, y))
                self.draw_list.append(("line", part))
                y += font(size).get_linesize()
        game = self.table.background
        if game is not None and not self.done:
            self._draw_mini_table(surface, game, y + view.px(6))
        score_size = view.font(22 if not portrait else 15)
        step = font(score_size).get_linesize()
        y = self.continue_button.rect.top - view.px(14) - step * match.sides
        pygame.draw.line(surface, DIM, (x, y - view.px(6)), (x + width, y - view.px(6)), 1)
        blit_text(
            surface,
            f"to {match.target}",
            view.font(18 if not portrait else 13),
            DIM,
            "topright",
            (x + width, y + 2),
        )
        for side in range(match.sides):
            boxes = match.boxes[side]
            text = (
                f"{side_name(match, side)}: {match.scores[side]}  ({boxes} box{'es' if boxes != 1 else ''})"
            )
            blit_text(surface, text, score_size, INK, "topleft", (x, y))
            self.draw_list.append(("score", text))
            y += step
        self.continue_button.visible = self.done
        self.buttons.draw(surface)


def _mini_row(
    surface: pygame.Surface, art: Any, count: int, x: int, y: int, size: tuple[int, int], step: int
) -> None:
    """`count` small face-down cards fanned from (x, y)."""
    back = art.back(size)
    for index in range(count):
        surface.blit(back, (x + index * step, y))


def _away_event(match: Match, players: tuple[int, int], event: Any) -> str:
    """One move of an AI-only hand in words (discards named, stock draws hidden)."""
    from game.ui.table import card_name

    who = player_name(match, players[event.player])
    card = f" {card_name(event.card)}" if event.card is not None else ""
    verb = {
        "pass": "passed",
        "draw_stock": "drew from the stock",
        "draw_discard": f"took{card}",
        "take_upcard": "took the upcard",
        "discard": f"discarded{card}",
        "knock": "knocked",
        "big_gin": "went big gin",
        "arrange": f"laid down {len(event.melds)} melds",
        "lay_off": f"laid off{card}",
        "end_layoff": "finished laying off",
    }.get(event.kind, event.kind.replace("_", " "))
    return f"{who} {verb}"
