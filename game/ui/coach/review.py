"""The coach's review of a finished hand: step through it move by move, with the expert's view.

The coach (`game.ai.coach.Review`) replays the hand and, at each of the player's decisions,
asks the expert what it would have chosen and what the player's choice cost in expected
points. It works in slices: this screen advances it a few milliseconds per frame and shows
its progress, and the hand can be stepped through meanwhile; the verdicts appear once the
review is done.

Each position shows the table as the player saw it then: their own cards, the discard
pile, the stock's size, the opponent's cards face down (those taken from the discard pile
face up, as at the table), and the knocker's melds once laid down. The opponent's whole
hand is shown only at the end, as the table showed it after the hand.

Controls: the arrows or the < and > buttons (or a swipe across the cards) step back and on;
Home and End jump to the deal and the end; N or "Next mistake" jumps to the next flagged
decision; Esc closes.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import replace

import pygame

from game.ai.coach import Decision, Position, Report, Review
from game.rules import (
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Event,
    Hand,
    Knock,
    LayOff,
    PlayerView,
    ResultKind,
    best_melds,
    card_symbol,
)
from game.ui.core import theme
from game.ui.core.column import Column, place_button_bar
from game.ui.core.drawing import felt, panel
from game.ui.core.layout import card_size
from game.ui.core.page import TAP_SLOP, ButtonBar
from game.ui.core.richtext import render_rich
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button
from game.ui.table.after_hand import AfterHand
from game.ui.table.flow import meld_ordered
from game.ui.table.outcome import HandOutcome, headline, score_sentence

SLICE_BUDGET_S = 0.008
"""Time the review may think per frame (seconds): the screen keeps drawing meanwhile."""
SWIPE = 40
"""Logical pixels a finger must travel sideways for a swipe to step the hand."""


def describe_event(event: Event, who: str) -> str:
    """One move as everyone at the table saw it ("The AI drew from the stock").

    >>> describe_event(Event(1, "discard", Card.parse("7H")), "The AI")
    'The AI discarded 7♥'
    >>> describe_event(Event(0, "draw_stock"), "You")
    'You drew from the stock'
    """
    card = f" {card_symbol(event.card)}" if event.card is not None else ""
    verb = {
        "pass": "passed",
        "draw_stock": "drew from the stock",
        "draw_discard": f"took{card}",
        "take_upcard": f"took the upcard{card}",
        "discard": f"discarded{card}",
        "knock": "knocked",
        "gin": "went gin",
        "big_gin": "went big gin",
        "arrange": f"laid down {len(event.melds)} meld{'' if len(event.melds) == 1 else 's'}",
        "lay_off": f"laid off{card}",
        "end_layoff": "finished laying off",
    }.get(event.kind, event.kind.replace("_", " "))
    return f"{who} {verb}"


def _target(action: Action) -> object | None:
    """What an action is about on the table: its card, or the pile it draws from."""
    if isinstance(action, DrawStock):
        return "stock"
    if isinstance(action, DrawDiscard):
        return "discard"
    if isinstance(action, Discard | Knock | LayOff):
        return action.card
    return None


class ReviewScene(Scene):
    """The review of one finished hand for the player in seat `me`."""

    name = "review"

    def __init__(
        self, app: GameApp, hand: Hand, me: int, opponent: str = "the AI", title: str = "Review"
    ) -> None:
        super().__init__(app)
        self.hand = hand
        self.me = me
        self.opponent = opponent
        self.heading = title
        self.review = Review(hand, player=me, opponent=opponent)
        self._work: Generator[None, None, Report] | None = self.review.steps()
        self.report: Report | None = None
        self.error = ""
        self.index = 0
        self.clock = 0.0
        self._positions: dict[int, Position] = {}
        self._press: tuple[int, int] | None = None
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.summary_rect = pygame.Rect(0, 0, 1, 1)
        self.timeline_rect = pygame.Rect(0, 0, 1, 1)
        self.table_rect = pygame.Rect(0, 0, 1, 1)
        self.verdict_rect = pygame.Rect(0, 0, 1, 1)
        self.board = pygame.Rect(0, 0, 1, 1)
        self.card_w = 40
        self.draw_list: list[tuple[str, str]] = []
        here = pygame.Rect(0, 0, 1, 1)
        self.prev_button = Button("<  Back", here.copy(), lambda: self.step(-1), key="Left")
        self.next_button = Button(
            "Next  >", here.copy(), lambda: self.step(1), key="Right", accent=theme.GOLD
        )
        self.mistake_button = Button("Next mistake", here.copy(), self.next_mistake, key="N")
        self.close_button = Button("Close", here.copy(), self.close, key="Esc")
        self.bar = ButtonBar(
            [self.prev_button, self.next_button, self.mistake_button, self.close_button],
            {
                pygame.K_LEFT: self.prev_button,
                pygame.K_RIGHT: self.next_button,
                pygame.K_n: self.mistake_button,
                pygame.K_ESCAPE: self.close_button,
                pygame.K_BACKSPACE: self.close_button,
            },
            arrows=False,
        )
        self._show_buttons()

    @property
    def they(self) -> str:
        """The opponent as the subject of a sentence ("The AI")."""
        return self.opponent[:1].upper() + self.opponent[1:]

    # --- the coach's work, a slice per frame ---------------------------------------------------

    def working(self) -> bool:
        """True while the coach is still reviewing (the loop keeps its full frame rate)."""
        return self._work is not None

    def progress(self) -> tuple[int, int] | None:
        """(actions reviewed, actions in the hand) while the coach works, if it says."""
        work = self._work
        if work is None:
            return None
        return (self.review.reviewed, self.review.length)

    def think(self, budget: float = SLICE_BUDGET_S) -> None:
        """Advance the review for up to `budget` seconds."""
        work = self._work
        if work is None:
            return
        deadline = time.perf_counter() + budget
        try:
            while time.perf_counter() < deadline:
                next(work)
        except StopIteration as done:
            self.report = done.value
            self._work = None
            self._show_buttons()
        except Exception as error:  # a failed review must not end the game: say so instead
            self.error = f"The review stopped: {error}"
            self._work = None

    def update(self, dt: float) -> None:
        """Think a slice; move the progress dots."""
        self.clock += dt
        self.think()

    def animating(self) -> bool:
        """True while the coach works (the progress moves)."""
        return self._work is not None

    # --- the positions --------------------------------------------------------------------------

    def position(self, index: int) -> Position:
        """The table after `index` actions (cached)."""
        cached = self._positions.get(index)
        if cached is None:
            cached = self._positions[index] = self.review.position(index)
        return cached

    def decision(self) -> Decision | None:
        """The player's decision at the current position, once the review is done."""
        if self.report is None:
            return None
        for decision in self.report.decisions:
            if decision.index == self.index:
                return decision
        return None

    def step(self, by: int) -> None:
        """Step back or on by `by` moves (kept within the hand)."""
        self.go(self.index + by)

    def go(self, index: int) -> None:
        """Show the position after `index` actions."""
        self.index = max(0, min(self.review.length, index))
        self._show_buttons()
        self.invalidate()

    def next_mistake(self) -> None:
        """Jump to the next flagged decision (from the start again after the last)."""
        if self.report is None or not self.report.flagged:
            return
        later = [d.index for d in self.report.flagged if d.index > self.index]
        self.go(later[0] if later else self.report.flagged[0].index)

    def close(self) -> None:
        """Back to where the review was opened from."""
        if self._work is not None:
            self._work.close()
            self._work = None
        self.app.screens.close(self)

    def _show_buttons(self) -> None:
        self.prev_button.enabled = self.index > 0
        self.next_button.enabled = self.index < self.review.length
        self.mistake_button.enabled = self.report is not None and bool(self.report.flagged)

    # --- what the screen says -------------------------------------------------------------------

    def status(self) -> str:
        """The line over the table: the coach's summary, or its progress."""
        if self.error:
            return self.error
        if self.report is not None:
            return self.report.summary
        progress = self.progress()
        dots = "." * (1 + int(self.clock * 2.5) % 3)
        if progress is None:
            return f"The expert is reviewing your decisions{dots}"
        done, total = progress
        return f"The expert is reviewing your decisions: move {done} of {total}{dots}"

    def move_text(self) -> str:
        """What happens at this position: the move played from here (or the hand's end)."""
        total = self.review.length
        position = self.position(self.index)
        if position.action is None:
            result = position.view.result
            if result is None:
                return "The end of the hand."
            winner = None if result.winner is None else ("You" if result.winner == self.me else self.they)
            return f"The end of the hand. {headline(result.kind, winner, result.points)}. {score_sentence(result.lines)}"
        seat, _ = position.action
        after = self.position(self.index + 1).view
        event = after.history[self.index]
        gin = (
            event.kind == "knock" and self.hand.result is not None and self.hand.result.kind is ResultKind.GIN
        )
        if gin:
            event = replace(event, kind="gin")  # known once the hand is over: say it as it was
        if seat == self.me:
            text = describe_event(event, "You")
            if event.kind == "draw_stock":
                drawn = set(after.hand) - set(position.view.hand)
                if len(drawn) == 1:  # the player saw their own card
                    text = f"You drew {card_symbol(drawn.pop())} from the stock"
        else:
            text = describe_event(event, self.they)
        return f"Move {self.index + 1} of {total}: {text}"

    def verdict(self) -> tuple[str, tuple[int, int, int]]:
        """The coach's word on this move (and its colour), if it is one of the player's."""
        decision = self.decision()
        if decision is not None:
            return decision.text, theme.BAD if decision.flagged else theme.GOOD
        position = self.position(self.index)
        if position.action is not None and position.action[0] == self.me and self.report is None:
            return "The expert's view of this move comes once the review is done.", theme.DIM
        return "", theme.DIM

    def marks(self) -> dict[object, tuple[int, int, int]]:
        """What to ring at a decision: the card (or pile) the player chose in red when the
        expert disagreed by the threshold or more, and the expert's in green.

        Keys are cards, or "stock" and "discard" for the piles.
        """
        decision = self.decision()
        if decision is None or decision.played == decision.expert:
            return {}
        rings: dict[object, tuple[int, int, int]] = {}
        for actions, colour in (
            (decision.played, theme.BAD if decision.flagged else theme.DIM),
            (decision.expert, theme.GOOD),
        ):
            target = _target(actions[0]) if actions else None
            if target is not None and target not in rings:
                rings[target] = colour
        return rings

    # --- layout ---------------------------------------------------------------------------------

    def resized(self) -> None:
        """Title and summary, the table as the player saw it, the verdict, the buttons."""
        view = self.app.viewport
        portrait = view.portrait
        outer = Column(view, width=1100, top=6 if portrait else 16, bottom=6 if portrait else 16, margin=6)
        self.board = outer.remaining()
        inner = outer.inside(side=(20 if portrait else 48), top=6, bottom=8)
        self.title_rect = inner.take(30 if portrait else 44, gap=2)
        # Two lines of the summary, even where the text is at its smallest readable size.
        two_lines = 2 * font(view.font(19 if not portrait else 14)).get_linesize() / view.scale
        self.summary_rect = inner.take(max(56 if portrait else 50, two_lines), gap=4)
        self.timeline_rect = inner.take(14, gap=6)
        place_button_bar(view, inner, self.bar.buttons)
        self.verdict_rect = inner.take_bottom(104 if portrait else 92, gap=8)
        self.table_rect = inner.remaining()
        # Cards as large as three rows (opponent, middle, player) allow, and eleven abreast.
        by_height = self.table_rect.height / 3.9 / 1.4
        by_width = self.table_rect.width / 6.5
        self.card_w = max(view.px(24), int(min(by_height, by_width, view.px(90))))

    # --- input ------------------------------------------------------------------------------------

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons (a swipe across the table also steps)."""
        return self.bar.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons and keys; Home/End; a swipe sideways across the table steps."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.go(0 if event.key == pygame.K_HOME else self.review.length)
            return
        if self.bar.handle(event):
            self._show_buttons()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.table_rect.collidepoint(event.pos):
                self._press = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            dx = event.pos[0] - self._press[0]
            dy = event.pos[1] - self._press[1]
            self._press = None
            density = self.app.viewport.density
            if abs(dx) >= SWIPE * density and abs(dx) > 2 * abs(dy):
                self.step(1 if dx < 0 else -1)  # a swipe to the left brings the next move
            elif abs(dx) <= TAP_SLOP * density and abs(dy) <= TAP_SLOP * density:
                pass  # a tap on the table does nothing (the buttons step)

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The board: heading, summary or progress, the position, the verdict, the buttons."""
        view = self.app.viewport
        portrait = view.portrait
        surface.blit(felt(view.size), (0, 0))
        panel(surface, self.board, view.scale)
        self.draw_list = []
        blit_text(surface, self.heading, view.font(38 if not portrait else 26), theme.GOLD, "midleft",
                  self.title_rect.midleft)  # fmt: skip
        self.draw_list.append(("title", self.heading))
        status = self.status()
        colour = theme.INK if self.report is not None else theme.DIM
        self._wrapped(
            surface, status, view.font(19 if not portrait else 14), colour, self.summary_rect, "status"
        )
        self._draw_timeline(surface)
        self._draw_position(surface, self.position(self.index))
        self._draw_verdict(surface)
        self.bar.draw(surface)

    def _wrapped(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: tuple[int, int, int],
        rect: pygame.Rect,
        kind: str,
    ) -> int:
        """`text` wrapped into `rect` (shrunk a step or two if it would not fit); the y below it."""
        lines = wrap(text, size, rect.width)
        while size > theme.MIN_TEXT and len(lines) * font(size).get_linesize() > rect.height:
            size -= 1
            lines = wrap(text, size, rect.width)
        y = rect.y
        for line in lines:
            surface.blit(render_rich(line, size, colour), (rect.x, y))
            self.draw_list.append((kind, line))
            y += font(size).get_linesize()
        return y

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        """The hand as a strip of moves: yours marked (red where the expert disagreed by the
        threshold or more), the position shown ringed in gold."""
        view = self.app.viewport
        rect = self.timeline_rect
        total = max(1, self.review.length)
        judged = {d.index: d for d in self.report.decisions} if self.report is not None else {}
        width = rect.width / (total + 1)
        for index in range(total + 1):
            part = pygame.Rect(round(rect.x + index * width), rect.y, max(1, round(width) - 1), rect.height)
            seat = self.hand.actions[index][0] if index < total else None
            colour: tuple[int, int, int] = theme.TRACK
            if index in judged:
                colour = theme.BAD if judged[index].flagged else theme.GOOD
            elif seat == self.me:
                colour = theme.TRACK_DONE
            pygame.draw.rect(surface, colour, part.inflate(0, -rect.height // 2))
        marker = pygame.Rect(
            round(rect.x + self.index * width), rect.y, max(3, round(width) - 1), rect.height
        )
        pygame.draw.rect(surface, theme.GOLD, marker, width=max(1, view.px(2)), border_radius=view.px(2))

    def _draw_verdict(self, surface: pygame.Surface) -> None:
        view = self.app.viewport
        portrait = view.portrait
        rect = self.verdict_rect
        pygame.draw.rect(surface, theme.WELL_DEEP, rect, border_radius=view.px(10))
        inner = rect.inflate(-view.px(20), -view.px(12))
        move = self.move_text()
        y = self._wrapped(surface, move, view.font(19 if not portrait else 14), theme.INK, inner, "move")
        text, colour = self.verdict()
        if text:
            below = pygame.Rect(inner.x, y + view.px(4), inner.width, max(1, inner.bottom - y - view.px(4)))
            self._wrapped(surface, text, view.font(19 if not portrait else 14), colour, below, "verdict")

    def _draw_position(self, surface: pygame.Surface, position: Position) -> None:
        view = self.app.viewport
        seen = position.view
        area = self.table_rect
        size = card_size(self.card_w)
        small = view.font(15 if not view.portrait else 12)
        line = font(small).get_linesize()
        line += max(2, view.px(4))  # room for a ring round a card under its label
        row_h = size[1] + line
        gap = max(view.px(4), (area.height - 3 * row_h) // 4)
        top = area.y + gap
        opponent = self._opponent_cards(position)
        label = f"{self.they}: {seen.opponent_hand_size} cards"
        if position.full is not None:
            label = f"{self.they}'s cards, shown after the hand"
            if not opponent and seen.knocker not in (None, self.me):
                label = f"{self.they} laid every card down (below)"
        self._label(surface, label, small, (area.x, top), "opponent_label")
        self._fan(surface, opponent, pygame.Rect(area.x, top + line, area.width, size[1]), size, "opponent")
        middle = top + row_h + gap
        self._draw_middle(surface, seen, pygame.Rect(area.x, middle, area.width, row_h), size, small, line)
        bottom = middle + row_h + gap
        mine = meld_ordered(list(seen.hand), best_melds(list(seen.hand)).melds)
        count = best_melds(list(seen.hand)).deadwood_value if seen.hand else 0
        self._label(surface, f"Your cards (deadwood {count})", small, (area.x, bottom), "mine_label")
        cards = [(card, True) for card in mine]
        self._fan(surface, cards, pygame.Rect(area.x, bottom + line, area.width, size[1]), size, "mine")

    def _opponent_cards(self, position: Position) -> list[tuple[Card, bool]]:
        """The opponent's row: face down but for cards known from the discard pile; all face
        up once the hand is over (as the table showed them)."""
        seen = position.view
        if position.full is not None and seen.opponent_hand is not None:
            held = list(seen.opponent_hand)
            return [(card, True) for card in meld_ordered(held, best_melds(held).melds)]
        known = list(seen.opponent_known)
        hidden = max(0, seen.opponent_hand_size - len(known))
        back = Card.parse("AS")  # drawn face down: which card it is is never looked at
        return [(card, True) for card in known] + [(back, False)] * hidden

    def _draw_middle(
        self,
        surface: pygame.Surface,
        seen: PlayerView,
        rect: pygame.Rect,
        size: tuple[int, int],
        small: int,
        line: int,
    ) -> None:
        view = self.app.viewport
        art = self.app.art
        x = rect.x
        y = rect.y + line
        self._label(surface, f"Stock {seen.stock_size}", small, (x, rect.y), "stock")
        rings = self.marks()
        if seen.stock_size:
            surface.blit(art.back(size), (x, y))
            self._ring(surface, rings.get("stock"), pygame.Rect((x, y), size), "stock")
        # The next label starts clear of this one (on a small phone a label is wider than a card).
        x += max(size[0], font(small).size(f"Stock {seen.stock_size}")[0]) + view.px(16)
        pile = list(seen.discard_pile)[-3:]
        self._label(surface, "Discard pile", small, (x, rect.y), "discard_label")
        step = max(view.px(8), size[0] // 3)
        for index, card in enumerate(pile):
            face = art.face(int(card.rank), card.suit.char, size, self.app.settings.four_colour)
            surface.blit(face, (x + index * step, y))
        if pile:
            top = pygame.Rect((x + (len(pile) - 1) * step, y), size)
            self._ring(surface, rings.get("discard"), top, "discard")
        self.draw_list.append(("discard", " ".join(card_symbol(c) for c in pile)))
        x += max(size[0] + 2 * step, font(small).size("Discard pile")[0]) + view.px(24)
        melds = [list(meld) for meld in seen.knocker_melds]
        if seen.knocker_deadwood:
            melds.append(list(seen.knocker_deadwood))
        if melds:
            who = "Your" if seen.knocker == self.me else f"{self.they}'s"
            self._label(surface, f"{who} melds laid down", small, (x, rect.y), "melds_label")
            cards = [(card, True) for meld in melds for card in meld]
            starts = [sum(len(m) for m in melds[:i]) for i in range(1, len(melds))]
            self._fan(surface, cards, pygame.Rect(x, y, rect.right - x, size[1]), size, "melds", starts)

    def _ring(
        self, surface: pygame.Surface, colour: tuple[int, int, int] | None, rect: pygame.Rect, what: str
    ) -> None:
        """A coloured ring round a card the verdict is about (nothing when it is not)."""
        if colour is None:
            return
        view = self.app.viewport
        width = max(2, view.px(3))
        pygame.draw.rect(surface, colour, rect.inflate(width * 2, width * 2), width, border_radius=view.px(6))
        self.draw_list.append(("ring", f"{what} {'expert' if colour == theme.GOOD else 'played'}"))

    def _label(self, surface: pygame.Surface, text: str, size: int, at: tuple[int, int], kind: str) -> None:
        blit_text(surface, text, size, theme.DIM, "topleft", at)
        self.draw_list.append((kind, text))

    def _fan(
        self,
        surface: pygame.Surface,
        cards: list[tuple[Card, bool]],
        rect: pygame.Rect,
        size: tuple[int, int],
        kind: str,
        groups: list[int] | None = None,
    ) -> None:
        """Cards left to right in `rect`, overlapping as much as they must; a small gap
        before each index in `groups` (where a new meld starts)."""
        if not cards:
            self.draw_list.append((kind, ""))
            return
        starts = set(groups or [])
        spacer = size[0] // 4 if starts else 0
        room = rect.width - size[0] - spacer * len(starts)
        step = size[0] + max(2, size[0] // 12)
        if len(cards) > 1:
            step = min(step, room // (len(cards) - 1))
        art = self.app.art
        four = self.app.settings.four_colour
        rings = self.marks() if kind == "mine" else {}
        x = rect.x
        for index, (card, face_up) in enumerate(cards):
            if index in starts:
                x += spacer
            image = art.face(int(card.rank), card.suit.char, size, four) if face_up else art.back(size)
            surface.blit(image, (x, rect.y))
            if kind == "mine":
                self._ring(surface, rings.get(card), pygame.Rect((x, rect.y), size), card_symbol(card))
            x += step
        shown = " ".join(card_symbol(card) if up else "?" for card, up in cards)
        self.draw_list.append((kind, shown))


def review_button() -> AfterHand:
    """The result panel's Review button: the coach's review of the hand just played, for the
    person at the bottom of the table."""

    def press(app: GameApp, outcome: HandOutcome) -> None:
        deal = outcome.played
        app.screens.show("review", deal.hand, deal.me, deal.names[1 - deal.me])

    return AfterHand("Review", "R", press)
