"""The end of a match: the scoreboard (points, boxes, bonuses, totals), the margins, play again."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import Match
from game.storage.settings import MatchSetup
from game.ui.core import theme
from game.ui.core.column import Column, finger_row, panel_view, row_height, split, split_by_labels
from game.ui.core.drawing import board, centred_lines, felt, wrapped_lines
from game.ui.core.keys import key_map
from game.ui.core.scene import GameApp, Scene
from game.ui.core.seating import Seating, margin_text, verb
from game.ui.core.text import blit_text, font
from game.ui.core.viewport import Viewport
from game.ui.core.widgets import Button, ButtonRow, panel_input


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


def margin_lines(match: Match, seating: Seating | None = None) -> list[str]:
    """Who pays the winner how much: one line per losing side.

    >>> import random
    >>> from game.rules import RuleSet
    >>> m = Match(RuleSet.preset("standard", players=3), random.Random(1))
    >>> m.scores = [30, 104, 0]
    >>> margin_lines(m)
    ['You pay AI West 174', 'AI East pays AI West 204']
    """
    winner = match.winner
    if winner is None:
        return []
    return margin_text(match, seating or Seating.of(match))


class MatchResultScene(Scene):
    """The end of a match: who won, bonuses, boxes, the final margin; the score sheet, play again.

    A won match (or a shutout) is celebrated first, over this screen.
    """

    name = "match_result"

    def __init__(
        self,
        app: GameApp,
        match: Match,
        setup: MatchSetup | None = None,
        seating: Seating | None = None,
        again: tuple[str, Callable[[], None]] | None = None,
    ) -> None:
        super().__init__(app)
        self.match = match
        self.setup_of_match = setup
        self.seating = seating if seating is not None else Seating.of(match, setup, app.settings.names)
        self.again = again
        """Another way on than a new local match (an online match: back to Play online)."""
        self.again_button = Button(
            again[0] if again is not None else "Play again",
            pygame.Rect(0, 0, 1, 1),
            self.play_again,
            key="Enter",
            accent=theme.ACCENT,
        )
        self.sheet_button = Button("Score sheet", pygame.Rect(0, 0, 1, 1), self.open_sheet, key="C")
        self.menu_button = Button("Menu", pygame.Rect(0, 0, 1, 1), self.open_menu, key="Esc")
        self.help_button = Button("Help", pygame.Rect(0, 0, 1, 1), self.open_help, key="F1")
        self.buttons = ButtonRow([self.again_button, self.sheet_button, self.menu_button, self.help_button])
        self.board = pygame.Rect(0, 0, 1, 1)
        self.shot_taken = False
        self.celebrated = False
        self.draw_list: list[tuple[str, str]] = []

    def resized(self) -> None:
        """A scoreboard in the middle, the buttons along its bottom (two rows on a phone)."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        edge = 12 if portrait else 8 if view.design else 50  # held sideways: little to spare
        column = Column(view, width=780, top=edge, bottom=edge)
        self.board = column.remaining()
        inner = column.inside(side=40, bottom=12 if view.design else 16)
        gap = view.px(12)
        size = view.font(theme.BUTTON_TEXT.of(view))
        buttons = self.buttons.buttons
        if portrait:
            row = inner.take_bottom(row_height(view, 46, 46))
            lower = split(row, 3, gap)
            if not _fit(buttons[1:], lower, view):
                lower = split_by_labels(row, buttons[1:], size, gap, share=1.0)
            upper = [inner.take_bottom(row_height(view, 50, 48))]
            places = [upper[0], *lower]
        else:
            row = inner.take_bottom(finger_row(view, 50, 46))
            left, right = split(row, 2, gap)
            places = [left, *split(right, 3, gap)]
            if not _fit(buttons, places, view):  # a phone held sideways: widths by label
                places = split_by_labels(row, buttons, size, gap, lead=0, share=2.0)
        for button, part in zip(buttons, places, strict=True):
            button.rect = part
            button.size = size
            button.show_key = not portrait
        self.help_button.text = "Help"

    def play_again(self) -> None:
        """A new match with the same settings."""
        if self.again is not None:
            self.again[1]()
            return
        setup = self.setup_of_match
        if setup is not None and len(setup.seats) != self.app.settings.player_count:
            setup = None
        self.app.screens.replace("table", None, setup)

    def open_menu(self) -> None:
        """The pause menu (new match, settings, quit...)."""
        self.app.screens.show("pause", None, self.match, self.setup_of_match)

    def open_sheet(self) -> None:
        """The whole match on the score sheet."""
        self.app.screens.show("score_sheet", self.match, setup=self.setup_of_match, seating=self.seating)

    def open_help(self) -> None:
        """How to play."""
        self.app.screens.show("help")

    def to_menu(self) -> None:
        """Back to the title screen."""
        self.app.screens.replace("title")

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons."""
        return self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons; Enter plays again, C the score sheet, F1 help, Esc the menu."""
        keys = key_map({"help": self.open_help, "sheet": self.open_sheet})
        panel_input(event, self.buttons, self.play_again, self.open_menu, keys)

    def update(self, dt: float) -> None:
        """Celebrate a match won by a person (a shutout above all), then a screenshot."""
        if not self.celebrated:
            self.celebrated = True
            if self.app.stack.top is self:  # never on top of a menu already opened over it
                self.celebrate()
        if not self.shot_taken:
            self.shot_taken = True
            self.app.notable("match_result")

    def celebrate(self) -> None:
        """A won match (a shutout above all) gets its moment, if a person is on the winning side."""
        winner = self.match.winner
        seating = self.seating
        if winner is None or (seating.people and not seating.side_people(winner)):
            return
        who = verb(seating.side_name(winner), "win")
        if self.match.shutout:
            self.app.screens.show(
                "celebration", "shutout", "Shutout!", f"{who} without letting a point through"
            )
        else:
            self.app.screens.show("celebration", "match", "Match won!", f"{who} the match")

    def autopilot(self) -> None:
        """Self-play starts another match."""
        if self.shot_taken and self.app.stack.top is self:
            self.play_again()

    def title(self) -> tuple[str, list[str]]:
        """The headline and the column headers."""
        match = self.match
        seating = self.seating
        headers = [seating.side_name(s) for s in range(match.sides)]
        winner = match.winner or 0
        name = seating.subject(winner) if match.rules.players != 4 else seating.side_name(winner)
        won = verb(name, "win") + " the match"
        person = not seating.people or seating.side_people(winner)
        return won + ("!" if person else ""), headers

    def spoken(self) -> tuple[str, ...]:
        """For a screen reader: the scoreboard's words, then the keys."""
        lines = " ".join(text for kind, text in self.draw_list if kind != "button")
        return (f"The match is over. {lines}", "Enter plays again, C shows the score sheet, Escape the menu.")

    def draw(self, surface: pygame.Surface) -> None:
        """The scoreboard."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        # Held sideways (the lobby's scale) the words are sized between a phone's and a desktop's.
        sizes = (30, 16, 16, 14) if portrait else (34, 21, 20, 18) if view.design else (52, 28, 26, 22)
        surface.blit(felt(view.size), (0, 0))
        match = self.match
        area = self.board
        board(surface, self.board, view.scale)
        title, headers = self.title()
        pad = view.px(20 if portrait else 40)
        x, width = area.x + pad, area.width - 2 * pad
        y = area.y + view.px(18)
        y = centred_lines(surface, title, view.font(sizes[0]), theme.GOLD, area.centerx, y, width)
        self.draw_list = [("title", title)]
        y += view.px(16 if not view.design else 10)
        size = view.font(sizes[1])
        step = round(font(size).get_linesize() * 1.35)
        label_w = width * (0.5 if not portrait else 0.42)
        cell_w = (width - label_w) / len(headers)
        columns = [round(x + label_w + cell_w * (i + 0.5)) for i in range(len(headers))]
        two_line = False
        for column, header in zip(columns, headers, strict=True):
            head = header if font(size).size(header)[0] <= cell_w else header.replace(" & ", " &\n")
            two_line = two_line or "\n" in head
            hy = y
            for part in head.split("\n"):
                blit_text(surface, part, size, theme.INK, "midtop", (column, hy))
                hy += font(size).get_linesize()
        y += step * (2 if two_line else 1)
        for label, cells in match_lines(match):
            strong = label == "Total"
            colour = theme.GOLD if strong else theme.INK
            if strong:
                pygame.draw.line(
                    surface, theme.DIM, (x, y - view.px(6)), (x + width, y - view.px(6)), max(1, view.px(2))
                )
            below = wrapped_lines(surface, label, size, colour, x, y, round(label_w) - view.px(4))
            for column, cell in zip(columns, cells, strict=True):
                blit_text(surface, str(cell), size, colour, "midtop", (column, y))
            self.draw_list.append(("row", f"{label}: {' / '.join(str(c) for c in cells)}"))
            # A label on two lines (big text on a phone) makes its row taller.
            y = max(y + step, below + round(font(size).get_linesize() * 0.35))
        y += view.px(8)
        lines = margin_lines(match, self.seating)
        if match.rules.players == 2:
            margins = [f"Final margin: {match.margin}  ({lines[0]})"] if lines else []
        else:
            margins = ["Margins:", *lines] if len(lines) > 1 else ["Margin: " + ", ".join(lines)]
        for margin in margins:
            y = centred_lines(surface, margin, view.font(sizes[2]), theme.INK, area.centerx, y, width)
            self.draw_list.append(("margin", margin))
        hands = len(match.played)
        centred_lines(surface, f"{hands} hands played", view.font(sizes[3]), theme.DIM, area.centerx,
                 y + view.px(10), width)  # fmt: skip
        self.buttons.draw(surface)


def _fit(buttons: list[Button], places: list[pygame.Rect], view: Viewport) -> bool:
    """Whether every label fits its place at the smallest readable size."""
    least = font(round(theme.MIN_TEXT * view.density))
    return all(
        least.size(b.text)[0] + max(8, r.height // 3) <= r.width for b, r in zip(buttons, places, strict=True)
    )
