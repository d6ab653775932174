"""The hand result panel (over the table) and the match result screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import Match, ResultKind
from game.ui.players import player_name, round_lines, side_name
from game.ui.scene import Scene
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.table import TableScene

INK = (245, 242, 230)
DIM = (190, 215, 195)
GOLD = (255, 212, 90)
PANEL_FILL = (16, 44, 31, 255)
MINI_CARD = (38, 53)
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


def _panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, PANEL_FILL, shade.get_rect(), border_radius=18)
    pygame.draw.rect(shade, (255, 212, 90, 200), shade.get_rect(), width=3, border_radius=18)
    surface.blit(shade, rect)


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
    """Over the table: what happened, the score explained line by line, the running total."""

    modal = True
    name = "hand_result"

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        # Over the stock and discard pile (nothing left to see there), so both hands and the
        # knocker's melds with their layoffs stay in view beside the explanation.
        assert table.match is not None
        multi = table.match.rules.players > 2
        self.rect = pygame.Rect(14, 172, 348, 364) if multi else pygame.Rect(14, 190, 348, 344)
        last = "See the match result" if table.match.finished else "Next hand"
        if table.background is not None:
            last = "Next: the other game" if table.match.rules.players == 4 else "Next: you sit out"
        self.buttons = ButtonRow(
            [Button(last, pygame.Rect(0, 0, 300, 46), self.next, key="Enter", accent=(250, 200, 90))]
        )
        self.buttons.buttons[0].rect.midbottom = (self.rect.centerx, self.rect.bottom - 16)
        self.shot_taken = False
        self.draw_list: list[tuple[str, str]] = []

    def next(self) -> None:
        """Close the panel and carry on."""
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.table.next_hand()

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
        _panel(surface, self.rect)
        x, y = self.rect.x + 20, self.rect.y + 16
        width = self.rect.width - 40
        title = headline(result.kind, result.winner, result.points, self.table.me, self.table.opp_the)
        self.draw_list = [("headline", title)]
        for part in wrap(title, 34, width):
            blit_text(surface, part, 34, GOLD, "topleft", (x, y))
            y += 32
        y += 8
        for line in result.lines:
            for part in wrap(line, 22, width):
                blit_text(surface, part, 22, INK, "topleft", (x, y))
                self.draw_list.append(("line", part))
                y += 22
        four = match.rules.players == 4
        rows = 24 * match.sides + (22 if four else 0)
        top = self.rect.bottom - 80 - rows
        y = max(y + 8, top)
        pygame.draw.line(surface, DIM, (x, y - 6), (x + width, y - 6), 1)
        if four:
            note = "Team scores change after the other game"
            blit_text(surface, note, 19, DIM, "topleft", (x, y))
            self.draw_list.append(("note", note))
            y += 22
        blit_text(surface, f"to {match.target}", 20, DIM, "topright", (x + width, y + 2))
        for side in range(match.sides):
            boxes = match.boxes[side]
            name = NAMES[side] if match.rules.players == 2 else side_name(match, side)
            text = f"{name}: {match.scores[side]}  ({boxes} box{'es' if boxes != 1 else ''})"
            blit_text(surface, text, 24, INK, "topleft", (x, y))
            self.draw_list.append(("score", text))
            y += 24
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
        self.buttons = ButtonRow(
            [
                Button(
                    "Play again",
                    pygame.Rect(420, 590, 200, 50),
                    self.play_again,
                    key="Enter",
                    accent=(250, 200, 90),
                ),
                Button("Menu", pygame.Rect(660, 590, 200, 50), self.to_menu, key="Esc"),
            ]
        )
        self.shot_taken = False
        self.draw_list: list[tuple[str, str]] = []

    def play_again(self) -> None:
        """A new match with the same settings."""
        from game.ui.table import TableScene

        self.app.stack.replace_all(TableScene(self.app))

    def to_menu(self) -> None:
        """Back to the title screen."""
        from game.ui.title import TitleScene

        self.app.stack.replace_all(TitleScene(self.app))

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

    def draw(self, surface: pygame.Surface) -> None:
        """The scoreboard."""
        from game.ui.table_draw import felt

        surface.blit(felt(), (0, 0))
        match = self.match
        board = pygame.Rect(250, 60, 780, 600)
        _panel(surface, board)
        winner = match.winner
        players = match.rules.players
        if players == 2:
            title = "You win the match!" if winner == 0 else "The AI wins the match"
            headers = ["You", "AI"]
        else:
            headers = [side_name(match, s) for s in range(match.sides)]
            if winner == 0:
                title = "Your team wins the match!" if players == 4 else "You win the match!"
            else:
                title = f"{headers[winner or 0]} win{'' if players == 4 else 's'} the match"
        blit_text(surface, title, 56, GOLD, "midtop", (board.centerx, board.y + 28))
        self.draw_list = [("title", title)]
        y = board.y + 110
        columns = (
            [board.x + 520, board.x + 680]
            if match.sides == 2
            else [board.x + 430, board.x + 560, board.x + 690]
        )
        for column, header in zip(columns, headers, strict=True):
            blit_text(surface, header, 30 if len(header) < 8 else 26, INK, "midtop", (column, y))
        y += 44
        for label, cells in match_lines(match):
            strong = label == "Total"
            colour = GOLD if strong else INK
            if strong:
                pygame.draw.line(surface, DIM, (board.x + 40, y - 6), (board.right - 40, y - 6), 2)
            blit_text(surface, label, 30, colour, "topleft", (board.x + 50, y))
            for column, cell in zip(columns, cells, strict=True):
                blit_text(surface, str(cell), 30, colour, "midtop", (column, y))
            self.draw_list.append(("row", f"{label}: {' / '.join(str(c) for c in cells)}"))
            y += 44
        y += 10
        if players == 2:
            loser = "The AI pays you" if winner == 0 else "You pay the AI"
            margins = [f"Final margin: {match.margin}  ({loser} {match.margin})"]
        else:
            owed = margin_lines(match)
            margins = [("Margins: " if len(owed) > 1 else "Margin: ") + ", ".join(owed)]
            if len(margins[0]) > 48:
                margins = ["Margins:", *margin_lines(match)]
        for margin in margins:
            blit_text(surface, margin, 30 if len(margins) == 1 else 26, INK, "midtop", (board.centerx, y))
            self.draw_list.append(("margin", margin))
            y += 30
        hands = len(match.played)
        blit_text(surface, f"{hands} hands played", 24, DIM, "midtop", (board.centerx, y + 14))
        self.buttons.draw(surface)


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
        self.rect = pygame.Rect(250, 96, 640, 520)
        self.clock = 0.0
        self.continue_button = Button(
            "Continue", pygame.Rect(0, 0, 260, 46), self.next, key="Enter", accent=(250, 200, 90)
        )
        self.continue_button.rect.midbottom = (self.rect.centerx, self.rect.bottom - 18)
        self.buttons = ButtonRow([self.continue_button])
        self.draw_list: list[tuple[str, str]] = []
        self.shot_taken = False

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
        art = self.app.art
        hand = game.hand
        x = self.rect.x + 28
        for seat, name in enumerate(game.names):
            colour = GOLD if hand.to_act == seat else INK
            row_y = y + seat * 62
            blit_text(surface, name, 22, colour, "midleft", (x, row_y + MINI_CARD[1] // 2))
            _mini_row(surface, art, len(hand.hands[seat]), x + 70, row_y)
        pile_x = self.rect.right - 28 - 2 * MINI_CARD[0] - 16
        if hand.stock:
            surface.blit(art.back(MINI_CARD), (pile_x, y + 30))
        if hand.discard_pile:
            top = hand.discard_pile[-1]
            face = art.face(int(top.rank), top.suit.char, MINI_CARD, self.app.settings.four_colour)
            surface.blit(face, (pile_x + MINI_CARD[0] + 16, y + 30))
        self.draw_list.append(("mini", f"{len(hand.hands[0])} v {len(hand.hands[1])}"))

    def draw(self, surface: pygame.Surface) -> None:
        """A panel over the dimmed table."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        _panel(surface, self.rect)
        title, subtitle, body = self.lines()
        match = self.table.match
        assert match is not None
        x, y = self.rect.x + 28, self.rect.y + 18
        width = self.rect.width - 56
        blit_text(surface, title, 40, GOLD, "midtop", (self.rect.centerx, y))
        y += 42
        blit_text(surface, subtitle, 26, DIM, "midtop", (self.rect.centerx, y))
        y += 40
        self.draw_list = [("title", title), ("subtitle", subtitle)]
        for index, line in enumerate(body):
            size = 30 if index == 0 else 23
            colour = GOLD if index == 0 or line.endswith(":") else INK
            if not line:
                y += 10
                continue
            for part in wrap(line, size, width):
                blit_text(surface, part, size, colour, "topleft", (x, y))
                self.draw_list.append(("line", part))
                y += size - 2
        game = self.table.background
        if game is not None and not self.done:
            self._draw_mini_table(surface, game, y + 6)
        y = self.rect.bottom - 84 - 26 * match.sides
        pygame.draw.line(surface, DIM, (x, y - 6), (x + width, y - 6), 1)
        blit_text(surface, f"to {match.target}", 20, DIM, "topright", (x + width, y + 2))
        for side in range(match.sides):
            boxes = match.boxes[side]
            text = (
                f"{side_name(match, side)}: {match.scores[side]}  ({boxes} box{'es' if boxes != 1 else ''})"
            )
            blit_text(surface, text, 24, INK, "topleft", (x, y))
            self.draw_list.append(("score", text))
            y += 26
        self.continue_button.visible = self.done
        self.buttons.draw(surface)


def _mini_row(surface: pygame.Surface, art: Any, count: int, x: int, y: int) -> None:
    """`count` small face-down cards fanned from (x, y)."""
    back = art.back(MINI_CARD)
    for index in range(count):
        surface.blit(back, (x + index * 15, y))


def _away_event(match: Match, players: tuple[int, int], event: Any) -> str:
    """One move of an AI-only hand in words (discards named, stock draws hidden)."""
    from game.ui.table import card_name

    who = player_name(match, players[event.player])
    card = f" the {card_name(event.card)}" if event.card is not None else ""
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
