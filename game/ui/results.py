"""The hand result panel (over the table) and the match result screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules import Match, ResultKind
from game.ui.scene import Scene
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.table import TableScene

INK = (245, 242, 230)
DIM = (190, 215, 195)
GOLD = (255, 212, 90)
PANEL_FILL = (16, 44, 31, 255)
NAMES = ("You", "AI")


def headline(kind: ResultKind, winner: int | None, points: int) -> str:
    """The big line of a hand result, from the human's point of view.

    >>> headline(ResultKind.GIN, 0, 45)
    'Gin! You score 45'
    >>> headline(ResultKind.UNDERCUT, 1, 12)
    'Undercut! The AI scores 12'
    """
    if kind is ResultKind.VOID or winner is None:
        return "Void hand: nobody scores"
    who = "You score" if winner == 0 else "The AI scores"
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


class HandResultScene(Scene):
    """Over the table: what happened, the score explained line by line, the running total."""

    modal = True
    name = "hand_result"

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        # Over the stock and discard pile (nothing left to see there), so both hands and the
        # knocker's melds with their layoffs stay in view beside the explanation.
        self.rect = pygame.Rect(14, 190, 348, 344)
        assert table.match is not None
        last = "See the match result" if table.match.finished else "Next hand"
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
        if event.type == pygame.MOUSEMOTION:
            self.buttons.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.buttons.click(event.pos)
        elif event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_SPACE,
            pygame.K_KP_ENTER,
        ):
            self.next()

    def update(self, dt: float) -> None:
        """Take the screenshot for self-play once it is on screen."""
        if not self.shot_taken:
            self.shot_taken = True
            self.app.notable("hand_result")
            result = self.table.hand.result if self.table.hand is not None else None
            if result is not None and result.winner is not None:
                self.app.play("win" if result.winner == 0 else "lose")

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
        title = headline(result.kind, result.winner, result.points)
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
        y = max(y + 8, self.rect.bottom - 128)
        pygame.draw.line(surface, DIM, (x, y - 6), (x + width, y - 6), 1)
        for seat in (0, 1):
            boxes = match.boxes[seat]
            text = f"{NAMES[seat]}: {match.scores[seat]}  ({boxes} box{'es' if boxes != 1 else ''})"
            blit_text(surface, text, 24, INK, "topleft", (x, y))
            y += 24
        blit_text(surface, f"to {match.target}", 20, DIM, "topright", (x + width, self.rect.bottom - 126))
        self.buttons.draw(surface)


def match_lines(match: Match) -> list[tuple[str, int, int]]:
    """The match result as rows (label, you, AI) for the scoreboard."""
    rules = match.rules
    winner = match.winner
    rows = [("Points", match.scores[0], match.scores[1])]
    rows.append(
        (f"Boxes x {rules.box_bonus}", match.boxes[0] * rules.box_bonus, match.boxes[1] * rules.box_bonus)
    )
    totals = match.final_totals
    base = [match.scores[s] + match.boxes[s] * rules.box_bonus for s in (0, 1)]
    if winner is not None:
        bonus = totals[winner] - base[winner]
        label = "Shutout" if match.shutout else "Game bonus"
        if match.shutout and rules.shutout_doubles:
            label = "Shutout: game bonus, doubled"
        cells = [0, 0]
        cells[winner] = bonus
        rows.append((label, cells[0], cells[1]))
    rows.append(("Total", totals[0], totals[1]))
    return rows


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
        if event.type == pygame.MOUSEMOTION:
            self.buttons.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.buttons.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.play_again()
            elif event.key == pygame.K_ESCAPE:
                self.to_menu()

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
        title = "You win the match!" if winner == 0 else "The AI wins the match"
        blit_text(surface, title, 56, GOLD, "midtop", (board.centerx, board.y + 28))
        self.draw_list = [("title", title)]
        y = board.y + 110
        blit_text(surface, "You", 30, INK, "midtop", (board.x + 520, y))
        blit_text(surface, "AI", 30, INK, "midtop", (board.x + 680, y))
        y += 44
        for label, mine, theirs in match_lines(match):
            strong = label == "Total"
            colour = GOLD if strong else INK
            if strong:
                pygame.draw.line(surface, DIM, (board.x + 40, y - 6), (board.right - 40, y - 6), 2)
            blit_text(surface, label, 30, colour, "topleft", (board.x + 50, y))
            blit_text(surface, str(mine), 30, colour, "midtop", (board.x + 520, y))
            blit_text(surface, str(theirs), 30, colour, "midtop", (board.x + 680, y))
            self.draw_list.append(("row", f"{label}: {mine} / {theirs}"))
            y += 44
        y += 10
        loser = "The AI pays you" if winner == 0 else "You pay the AI"
        margin = f"Final margin: {match.margin}  ({loser} {match.margin})"
        blit_text(surface, margin, 30, INK, "midtop", (board.centerx, y))
        self.draw_list.append(("margin", margin))
        hands = len(match.played)
        blit_text(surface, f"{hands} hands played", 24, DIM, "midtop", (board.centerx, y + 44))
        self.buttons.draw(surface)
