"""A hand the AIs play without you (three players: you sit out; four: the other table), shown
move by move on a small table you can follow or skip, then its result."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules import Card, Event, Hand, Match, ResultKind, best_melds, card_symbol
from game.storage.settings import MatchSetup
from game.ui.core import theme
from game.ui.core.art import CardArt
from game.ui.core.column import Column, finger_row, split
from game.ui.core.drawing import board, centred_lines, scrim
from game.ui.core.keys import key_map
from game.ui.core.layout import card_size
from game.ui.core.richtext import render_rich
from game.ui.core.scene import GameApp, Scene
from game.ui.core.seating import Seating, round_complete, round_lines, verb
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button, ButtonRow, panel_input
from game.ui.table.background import BackgroundGame
from game.ui.table.flow import meld_ordered
from game.ui.table.outcome import headline


class AwayTable(Protocol):
    """What the AI-only hand's panel needs of the table under it."""

    @property
    def match(self) -> Match | None: ...

    @property
    def setup_of_match(self) -> MatchSetup | None: ...

    @property
    def seating(self) -> Seating: ...

    background: BackgroundGame | None

    def next_hand(self) -> None: ...

    def open_menu(self) -> None: ...

    def open_help(self) -> None: ...

    def open_sheet(self) -> None: ...


class AwayGameScene(Scene):
    """Over the table: a hand the AIs play without any person, shown as a small table.

    With three players this is the hand the person sits out; with four, the other table's
    game of the round, whose result completes the round's team scoring (shown line by line).
    The hand starts when this screen opens and goes move by move at the table's pace (both
    hands face up: nobody here plays it), so it can be followed; Skip plays it to the end at
    once. Continue carries on once it is over; Menu (Esc), Help (F1) and C work as at the table.
    """

    modal = True
    name = "away_game"

    def __init__(self, app: GameApp, table: AwayTable) -> None:
        super().__init__(app)
        self.table = table
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.area = pygame.Rect(0, 0, 1, 1)
        self.clock = 0.0
        self.continue_button = Button(
            "Continue", pygame.Rect(0, 0, 1, 1), self.next, key="Enter", accent=theme.ACCENT
        )
        self.skip_button = Button("Skip to the end", pygame.Rect(0, 0, 1, 1), self.skip, key="Enter")
        self.menu_button = Button("Menu", pygame.Rect(0, 0, 1, 1), table.open_menu, key="Esc")
        self.buttons = ButtonRow([self.continue_button, self.skip_button, self.menu_button])
        self.draw_list: list[tuple[str, str]] = []
        self.shot_taken = False
        self.body_bottom = 0
        self.scores_top = 0
        """Where the small table and the text end, and the scores begin (for the tests)."""

    def resized(self) -> None:
        """A panel over the middle of the table (most of a phone's screen)."""
        view = self.app.viewport
        portrait = view.portrait
        # Bigger text, or a phone held sideways: every unit of the height (there the buttons
        # grow to a fingertip, the small table keeps the table's scale).
        edge = 12 if portrait or view.zoom > 1 or view.short_landscape else 40
        column = Column(view, width=700, top=edge, bottom=edge)
        self.rect = column.remaining()
        inner = column.inside(side=32, top=8, bottom=14)
        row = inner.take_bottom(finger_row(view, 46))
        main, menu = split(row, 2, view.px(12)) if portrait else (None, None)
        if main is None or menu is None:
            main = pygame.Rect(row.x, row.y, row.width * 2 // 3, row.height)
            menu = pygame.Rect(
                main.right + view.px(12), row.y, row.right - main.right - view.px(12), row.height
            )
        self.continue_button.rect = main
        self.skip_button.rect = main.copy()
        self.menu_button.rect = menu
        for button in self.buttons.buttons:
            button.size = view.font(theme.BUTTON_TEXT.of(view))
            button.show_key = not portrait
        inner.take(58 if not portrait else 50, gap=4)  # the title and who plays
        self.area = inner.remaining()

    def animating(self) -> bool:
        """True while the hand is being played (a move may come any frame)."""
        return not self.done

    @property
    def game(self) -> BackgroundGame | None:
        """The AI-only hand (None once the table has moved on)."""
        return self.table.background

    @property
    def done(self) -> bool:
        """True once the hand is over (and scored by the table)."""
        game = self.game
        return game is None or (
            game.done and self.table.match is not None and game.hand is not self.table.match.current
        )

    def skip(self) -> None:
        """Play the rest of the hand at once (in slices, over the next frames)."""
        if self.game is not None:
            self.game.paced = False

    def next(self) -> None:
        """Skip while it plays; carry on with the match once it is over."""
        if not self.done:
            self.skip()
            return
        self.app.screens.close(self)
        self.table.background = None
        self.table.next_hand()

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The panel's buttons."""
        self._show_buttons()
        return self.buttons.targets()

    def _show_buttons(self) -> None:
        self.continue_button.visible = self.done
        self.skip_button.visible = not self.done and self.game is not None and self.game.paced

    def handle(self, event: pygame.event.Event) -> None:
        """Enter/Space or the button skips, then continues; Esc, F1 and C as at the table."""
        self._show_buttons()
        table = self.table
        keys = key_map({"help": table.open_help, "sheet": table.open_sheet})
        panel_input(event, self.buttons, self.next, table.open_menu, keys)

    def update(self, dt: float) -> None:
        """Animate the dots; a screenshot once the result is in."""
        self.clock += dt
        if self.done and not self.shot_taken:
            self.shot_taken = True
            self.app.notable("away_result")

    def autopilot(self) -> None:
        """Self-play skips, then carries on once the hand is over."""
        if not self.done:
            self.skip()
        elif self.shot_taken:
            self.next()

    def lines(self) -> tuple[str, str, list[str]]:
        """(title, subtitle, body lines) for what is on screen now."""
        game, match = self.game, self.table.match
        assert match is not None
        seating = self.table.seating
        four = match.rules.players == 4
        if game is None:
            return ("", "", [])
        a, b = game.names
        out = [p for p in range(match.rules.players) if p not in game.players]
        if four:
            title = "The other game"
        elif seating.shared or not seating.people:
            title = f"{seating.name(out[0])} sits out this hand"
        else:
            title = "You sit out this hand"
        subtitle = f"{a} v {b}"
        hand = game.hand
        if not self.done:
            dots = "." * (1 + int(self.clock * 2.5) % 3)
            event = game.last_event
            moved = _away_event(game, event) if event is not None else f"Playing{dots}"
            return title, subtitle, [f"Move {game.moves}: {moved}", f"Stock: {len(hand.stock)} cards"]
        played = match.played[-1]
        result = played.result
        winner = seating.subject(played.winner) if played.winner is not None else None
        if played.winner is None:
            body = ["Void hand: the stock ran out.", "The same players play again."]
        else:
            body = [headline(result.kind, winner, result.points), *result.lines]
        if four and played.winner is not None and round_complete(match):
            body += ["", "Round scoring:", *round_lines(match, seating)]
        elif not four and played.loser is not None and not match.finished:
            loser, sitter = seating.name(played.loser), seating.subject(out[0])
            body += [
                "",
                f"{loser} lost and deals the next hand: {verb(sitter, 'play')} {seating.name(played.winner or 0)}.",
            ]
        return title, subtitle, body

    def draw(self, surface: pygame.Surface) -> None:
        """A panel over the dimmed table: the small table, the last move or the result, scores."""
        view = self.app.viewport
        portrait = view.portrait
        scrim(surface, theme.SCRIM_LIGHT)
        board(surface, self.rect, view.scale)
        title, subtitle, body = self.lines()
        match = self.table.match
        assert match is not None
        x, width = self.area.x, self.area.width
        y = self.rect.y + view.px(10)
        y = centred_lines(
            surface, title, view.font(38 if not portrait else 26), theme.GOLD, self.rect.centerx, y, width
        )
        centred_lines(
            surface, subtitle, view.font(24 if not portrait else 15), theme.DIM, self.rect.centerx, y, width
        )
        self.draw_list = [("title", title), ("subtitle", subtitle)]
        y = self.area.y
        game = self.game
        if game is not None:
            y = self._draw_mini_table(surface, game, y) + view.px(8)
        score_size = view.font(22 if not portrait else 15)
        step = font(score_size).get_linesize()
        scores_y = self.continue_button.rect.top - view.px(10) - step * match.sides
        sizes = self._body_sizes(body, width, scores_y - view.px(6) - y)
        for index, line in enumerate(body):
            size = sizes[0] if index == 0 else sizes[1]
            colour = theme.GOLD if index == 0 or line.endswith(":") else theme.INK
            if not line:
                y += view.px(6)
                continue
            for part in wrap(line, size, width):
                surface.blit(render_rich(part, size, colour), (x, y))
                self.draw_list.append(("line", part))
                y += font(size).get_linesize()
        self.body_bottom = y
        y = scores_y
        self.scores_top = y - view.px(5)
        pygame.draw.line(surface, theme.DIM, (x, y - view.px(5)), (x + width, y - view.px(5)), 1)
        blit_text(surface, f"to {match.target}", view.font(18 if not portrait else 13), theme.DIM, "topright",
                  (x + width, y + 2))  # fmt: skip
        for side in range(match.sides):
            boxes = match.boxes[side]
            text = f"{self.table.seating.side_name(side)}: {match.scores[side]}  ({boxes} box{'es' if boxes != 1 else ''})"
            blit_text(surface, text, score_size, theme.INK, "topleft", (x, y))
            self.draw_list.append(("score", text))
            y += step
        self._show_buttons()
        self.buttons.draw(surface)

    def _body_sizes(self, body: list[str], width: int, room: int) -> tuple[int, int]:
        """The text sizes (first line, the others) of the body: the usual ones, or smaller
        a step at a time while the lines would not fit `room` pixels (bigger text, a long
        result), down to the usual smallest."""
        view = self.app.viewport
        first, rest = (26, 20) if not view.portrait else (17, 13)
        shrink = 1.0
        while True:
            sizes = (view.font(first * shrink), view.font(rest * shrink))
            height = sum(
                view.px(6)
                if not line
                else font(sizes[index > 0]).get_linesize() * len(wrap(line, sizes[index > 0], width))
                for index, line in enumerate(body)
            )
            if height <= room or shrink * view.zoom < 0.66:
                return sizes
            shrink *= 0.92

    def _draw_mini_table(self, surface: pygame.Surface, game: BackgroundGame, y: int) -> int:
        """Both hands face up (the AIs': nobody here plays them), the stock, the discard pile
        and any melds laid down, so the hand can be followed move by move; returns the y below."""
        view = self.app.viewport
        art, four = self.app.art, self.app.settings.four_colour
        hand = game.hand
        portrait = view.portrait
        # Cards the usual size whatever the text's: the AIs' hands are to follow, not to read
        # closely, and bigger words need the room.
        mini = card_size(view.unzoomed().px(52 if not portrait else 32))
        if view.zoom > 1:  # and never more than half the panel's room: the words come first
            tallest = (self.area.height * 0.42 - 3 * view.px(8)) / 3
            mini = card_size(min(mini[0], tallest / 1.4))
        name_size = view.font(20 if not portrait else 13)
        left = self.area.x
        name_w = 0 if portrait else max(font(name_size).size(n)[0] for n in game.names) + view.px(12)
        cards_left = left + name_w
        span = self.area.right - cards_left
        for row, seat in enumerate((1, 0)):
            name = game.names[seat]
            colour = theme.GOLD if hand.to_act == seat else theme.INK
            if portrait:
                rect = blit_text(surface, name, name_size, colour, "topleft", (left, y))
                y = rect.bottom + view.px(2)
            else:
                blit_text(surface, name, name_size, colour, "midleft", (left, y + mini[1] // 2))
            cards = self._row_cards(hand, seat)
            self._fan(surface, art, four, cards, cards_left, y, span, mini)
            self.draw_list.append(("mini_row", f"{name}: {' '.join(str(c) for c in cards)}"))
            y += mini[1] + view.px(8)
            if row == 0:
                y = self._draw_middle(surface, hand, cards_left, y, span, mini) + view.px(8)
        return y

    def _row_cards(self, hand: Hand, seat: int) -> list[Card]:
        """A seat's cards as shown: its melds first, then the rest by rank (the knocker's row
        is its deadwood once the melds are down)."""
        if hand.knocker == seat and hand.knocker_melds:
            return list(hand.knocker_deadwood)
        cards = list(hand.hands[seat])
        return meld_ordered(cards, best_melds(cards).melds)

    def _draw_middle(
        self, surface: pygame.Surface, hand: Hand, x: int, y: int, span: int, mini: tuple[int, int]
    ) -> int:
        """The stock, the top discard and the knocker's melds; returns the y below them."""
        view = self.app.viewport
        art, four = self.app.art, self.app.settings.four_colour
        gap = view.px(10)
        if hand.stock:
            surface.blit(art.back(mini), (x, y))
            blit_text(surface, str(len(hand.stock)), view.font(16 if not view.portrait else 12), theme.DIM,
                      "midtop", (x + mini[0] // 2, y + mini[1] + view.px(1)))  # fmt: skip
        x += mini[0] + gap
        if hand.discard_pile:
            top = hand.discard_pile[-1]
            surface.blit(art.face(int(top.rank), top.suit.char, mini, four), (x, y))
            self.draw_list.append(("mini_discard", str(top)))
        x += mini[0] + gap * 2
        for meld in hand.knocker_melds:
            width = mini[0] + (len(meld) - 1) * mini[0] // 3
            if x + width > self.area.right:
                break
            for index, card in enumerate(meld):
                surface.blit(
                    art.face(int(card.rank), card.suit.char, mini, four), (x + index * mini[0] // 3, y)
                )
            x += width + gap
        return y + mini[1] + view.px(14)

    def _fan(
        self,
        surface: pygame.Surface,
        art: CardArt,
        four: bool,
        cards: list[Card],
        x: int,
        y: int,
        span: int,
        mini: tuple[int, int],
    ) -> None:
        """`cards` face up in a row from (x, y), overlapping to fit `span` pixels."""
        if not cards:
            return
        step = min(mini[0] + mini[0] // 8, (span - mini[0]) // max(1, len(cards) - 1))
        for index, card in enumerate(cards):
            surface.blit(art.face(int(card.rank), card.suit.char, mini, four), (x + index * step, y))


def _away_event(game: BackgroundGame, event: Event) -> str:
    """One move of an AI-only hand in words (discards named, stock draws hidden)."""

    who = game.seating.name(game.players[event.player])
    card = f" {card_symbol(event.card)}" if event.card is not None else ""
    knocked = "knocked"
    if event.kind == "knock" and game.hand.result is not None and game.hand.result.kind is ResultKind.GIN:
        knocked = "went gin"
    verb_text = {
        "pass": "passed",
        "draw_stock": "drew from the stock",
        "draw_discard": f"took{card}",
        "take_upcard": "took the upcard",
        "discard": f"discarded{card}",
        "knock": knocked,
        "big_gin": "went big gin",
        "arrange": f"laid down {len(event.melds)} melds",
        "lay_off": f"laid off{card}",
        "end_layoff": "finished laying off",
    }.get(event.kind, event.kind.replace("_", " "))
    return f"{who} {verb_text}"
