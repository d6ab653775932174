"""The hand result panel (over the table), the match result screen, and the AI-only hands.

Every screen here keeps the game's shortcuts alive: Esc (or Menu) opens the pause menu,
F1 (or Help) opens the help and C (or Score sheet) the score sheet; the table's own buttons
that stay in view beside the hand result panel work too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import Card, Match, ResultKind, best_melds
from game.ui.column import Column, row_height, split
from game.ui.fairplay_panel import AfterHandButtons
from game.ui.layout import card_size
from game.ui.menus import scrim
from game.ui.players import Seating, margin_text, round_complete, round_lines, verb
from game.ui.richtext import render_rich
from game.ui.scene import Scene
from game.ui.text import blit_text, font, wrap
from game.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.table import TableScene

INK = (245, 242, 230)
DIM = (190, 215, 195)
GOLD = (255, 212, 90)
GOOD = (130, 235, 140)
BAD = (255, 130, 110)
PANEL_FILL = (16, 44, 31, 255)
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
SHORTCUTS = ("menu", "help", "sheet")
"""The table's buttons that keep working while a result panel is over the table."""


def headline(kind: ResultKind, winner: str | None, points: int) -> str:
    """The big line of a hand result; `winner` is the winner as a sentence's subject.

    >>> headline(ResultKind.GIN, "You", 45)
    'Gin! You score 45'
    >>> headline(ResultKind.UNDERCUT, "The AI", 12)
    'Undercut! The AI scores 12'
    >>> headline(ResultKind.VOID, None, 0)
    'Void hand: nobody scores'
    """
    if kind is ResultKind.VOID or winner is None:
        return "Void hand: nobody scores"
    word = {
        ResultKind.GIN: "Gin!",
        ResultKind.BIG_GIN: "Big gin!",
        ResultKind.UNDERCUT: "Undercut!",
        ResultKind.KNOCK: "Knock.",
    }[kind]
    return f"{word} {verb(winner, 'score')} {points}"


def headline_lines(text: str, size: int, width: int) -> tuple[list[str], int]:
    """The headline in at most two lines that never leave a number alone: (lines, size).

    It breaks after its first word ("Undercut!" / "The AI scores 10") rather than before
    the points, and shrinks when even that does not fit.
    """
    face = font(size)
    if face.size(text)[0] <= width:
        return [text], size
    first, _, rest = text.partition(" ")
    while size > 8:
        face = font(size)
        if max(face.size(first)[0], face.size(rest)[0]) <= width:
            return [first, rest], size
        size -= 1
    return [first, rest], size


def open_pause(app: Any, table: TableScene | None, match: Match | None = None, setup: Any = None) -> None:
    """The pause menu over what is on screen: the table's, or a finished match's (`table` None).

    `setup` (who plays each seat) goes with it, so a restart keeps the same people.
    """
    from game.ui.menus import PauseScene

    if setup is None and table is not None:
        setup = table.setup_of_match
    app.stack.push(PauseScene(app, table, match=match, setup=setup))


def open_help(app: Any) -> None:
    """How to play, over what is on screen."""
    from game.ui.menus import HelpScene

    app.stack.push(HelpScene(app))


def open_sheet(app: Any, match: Match | None, setup: Any = None) -> None:
    """The score sheet of `match`, over what is on screen."""
    from game.ui.scoresheet import ScoreSheetScene

    if match is not None:
        app.stack.push(ScoreSheetScene(app, match, setup=setup))


def fitting_size(button: Button, size: int) -> int:
    """The largest text size up to `size` at which `button`'s label fits inside it."""
    room = button.rect.width - max(8, button.rect.height // 3)
    while size > 8 and font(size).size(button.text)[0] > room:
        size -= 1
    return size


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


def panel_input(
    event: pygame.event.Event,
    buttons: ButtonRow,
    on_confirm: Callable[[], None],
    on_escape: Callable[[], None] | None = None,
    keys: dict[int, Callable[[], None]] | None = None,
) -> None:
    """The result panels' input: hover and click the buttons, Enter/Space confirm, Esc and
    other `keys` as given."""
    if event.type == pygame.MOUSEMOTION:
        if not getattr(event, "touch", False):
            buttons.hover(event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        buttons.click(event.pos)
    elif event.type == pygame.KEYDOWN:
        if event.key in CONFIRM_KEYS:
            on_confirm()
        elif event.key == pygame.K_ESCAPE and on_escape is not None:
            on_escape()
        elif keys and event.key in keys:
            keys[event.key]()


def shortcut_keys(
    app: Any, table: TableScene | None, match: Match | None, setup: Any = None
) -> dict[int, Callable[[], None]]:
    """F1 for help and C for the score sheet, as on the table."""
    return {
        pygame.K_F1: lambda: open_help(app),
        pygame.K_c: lambda: open_sheet(app, match, setup),
    }


def table_shortcuts(table: TableScene, cover: pygame.Rect) -> list[Button]:
    """The table's Menu, Help and Score sheet buttons left in view beside a panel at `cover`."""
    table.update_buttons()
    return [
        table.buttons[name]
        for name in SHORTCUTS
        if table.buttons[name].live and not table.buttons[name].rect.colliderect(cover)
    ]


def deal_check_lines(table: TableScene) -> list[tuple[str, str]]:
    """After a hand: whether the deck matches the fingerprint shown before the deal, and the
    deck itself (kind, text) for the result panel; nothing when the hand has no commitment."""
    flow = table.flow
    hand = table.hand
    if flow is None or hand is None:
        return []
    check = flow.deal_check()
    if check is None:
        return []
    ok, shown = check
    lines = []
    if ok:
        lines.append(
            ("check", f"Deal check: ✓ the deck matches the fingerprint shown before the deal ({shown})")
        )
    else:
        lines.append(
            ("check_failed", f"Deal check: ✗ the deck does NOT match the fingerprint shown ({shown})")
        )
    deck = " ".join(_card_text(card) for card in hand.deck)
    lines.append(("deck", f"Deck, in deal order: {deck}"))
    salt = getattr(hand, "salt", None)
    if salt:
        lines.append(("salt", f"Salt: {salt}"))
    return lines


def _card_text(card: Card) -> str:
    from game.rules import card_symbol

    return card_symbol(card)


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
            if table.seating.shared:
                last = "Next: the other game" if table.match.rules.players == 4 else "Next: the AIs' hand"
        last = getattr(table, "after_hand_label", "") or last  # a one-hand game has no next hand
        self.next_button = Button(
            last, pygame.Rect(0, 0, 1, 1), self.next, key="Enter", accent=(250, 200, 90)
        )
        self.after = AfterHandButtons(app, table)  # the deal check (game/ui/fairplay_panel.py)
        self.buttons = ButtonRow([*self.after.buttons, self.next_button])
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.shot_taken = False
        self.draw_list: list[tuple[str, str]] = []
        self.band: pygame.Rect | None = None
        """Landscape: where the deal check and the deck are shown (under the melds)."""
        self.content_bottom = 0
        """Where the last line drawn ends (the tests check it stays above the button)."""
        self.line_rects: list[pygame.Rect] = []
        """Where each headline line was drawn (the tests check they fit the panel)."""

    def resized(self) -> None:
        """Where the panel goes: beside the melds, or over the hand on a phone."""
        view = self.app.viewport
        table = self.table
        assert table.match is not None
        layout = table.layout
        melds = _meld_rects(table)
        self.band = None
        if view.portrait:
            top = layout.status.top  # the line of facts above it stays in view
            self.rect = pygame.Rect(
                view.px(6), top, view.width - 2 * view.px(6), view.height - top - view.px(6)
            )
        else:
            multi = table.match.rules.players > 2
            left = view.px(14)
            right = min(layout.meld_area.left, layout.stock.right + view.px(120)) - view.px(10)
            if melds and layout.compact:
                right = min(r.left for r in melds) - view.px(10)  # the melds sit mid-table
            elif melds:
                right = min(right, min(r.left for r in melds) - view.px(10))
            top = layout.opp_y + layout.opp_card[1] // 2 + view.px(56 if multi else 74)
            if layout.compact:  # a phone held sideways: every pixel of the left column
                top = layout.opp_y + layout.opp_card[1] // 2 + view.px(8)
            bottom = layout.hand_rows[0] - layout.card[1] // 2 - view.px(20)
            self.rect = pygame.Rect(left, top, max(view.px(240), right - left), bottom - top)
            # The deal check needs width: a band under the melds, above the hand.
            band_top = max((r.bottom for r in melds), default=layout.meld_area.bottom) + view.px(10)
            band_bottom = bottom - view.px(4)
            band_left, band_right = self.rect.right + view.px(12), layout.panel.left - view.px(12)
            if band_bottom - band_top >= view.px(48) and band_right - band_left >= view.px(300):
                self.band = pygame.Rect(band_left, band_top, band_right - band_left, band_bottom - band_top)
        button_h = view.px(row_height(view, 46))
        self.next_button.rect = pygame.Rect(0, 0, self.rect.width - view.px(40), button_h)
        self.next_button.rect.midbottom = (self.rect.centerx, self.rect.bottom - view.px(14))
        self.next_button.size = fitting_size(self.next_button, view.font(24 if not view.portrait else 19))
        self.next_button.show_key = not view.portrait
        self.after.place(self.next_button, view)

    def next(self) -> None:
        """Close the panel and carry on."""
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.table.next_hand()

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The panel's button and the table's shortcuts left in view."""
        return self.buttons.targets() + [(b.text, b.rect) for b in table_shortcuts(self.table, self.rect)]

    def handle(self, event: pygame.event.Event) -> None:
        """Enter/Space or the button continues; Esc, F1 and C as on the table."""
        table = self.table
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in table_shortcuts(table, self.rect):
                if button.hit(event.pos):
                    button.action()
                    return
        if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            ButtonRow(table_shortcuts(table, self.rect)).hover(event.pos)
        keys = shortcut_keys(self.app, table, table.match, table.setup_of_match) | self.after.keys
        panel_input(event, self.buttons, self.next, table.open_menu, keys)

    def update(self, dt: float) -> None:
        """Take the screenshot for self-play once it is on screen."""
        if not self.shot_taken:
            self.shot_taken = True
            self.app.notable("hand_result")
            table = self.table
            result = table.hand.result if table.hand is not None else None
            if result is not None and result.winner is not None:
                person = table.seating.is_person(table.pairing[result.winner])
                self.app.play("win" if person else "lose")

    def autopilot(self) -> None:
        """Self-play presses Next."""
        if self.shot_taken:
            self.next()

    def texts(self) -> list[tuple[str, str]]:
        """What the panel says, as (kind, text), top to bottom (the scores come last)."""
        table = self.table
        hand, match = table.hand, table.match
        assert hand is not None and match is not None and hand.result is not None
        result = hand.result
        seating = table.seating
        winner = None if result.winner is None else seating.subject(table.pairing[result.winner])
        out = [("headline", headline(result.kind, winner, result.points))]
        out += [("line", line) for line in result.lines]
        if match.rules.players == 4 and result.winner is not None:
            if round_complete(match):
                out.append(("note", "Round scoring:"))
                out += [("line", line) for line in round_lines(match, seating)]
            else:
                side = seating.side_name(match.side_of(table.pairing[result.winner]))
                out.append(
                    ("note", f"These {result.points} points count for {side} once the other game is played.")
                )
        out += deal_check_lines(table)
        return out

    def score_lines(self) -> list[str]:
        """Each side's score and boxes (with four players, before the round when it is open)."""
        table = self.table
        match = table.match
        assert match is not None
        lines = []
        for side in range(match.sides):
            boxes = match.boxes[side]
            text = f"{table.seating.side_name(side)}: {match.scores[side]}  ({boxes} box{'es' if boxes != 1 else ''})"
            lines.append(text)
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        """The panel."""
        match = self.table.match
        assert match is not None
        view = self.app.viewport
        portrait = view.portrait
        _panel(surface, self.rect, view.scale)
        pad = view.px(16 if portrait else 20)
        x, y = self.rect.x + pad, self.rect.y + view.px(12)
        width = self.rect.width - 2 * pad
        self.draw_list = []
        self.line_rects = []
        texts = self.texts()
        banded = [t for t in texts if t[0] in CHECK_KINDS] if self.band is not None else []
        if banded:
            texts = [t for t in texts if t[0] not in CHECK_KINDS]
        room = self.next_button.rect.top - view.px(12) - y
        head, body, small, score_size, note_size = self._sizes(texts, width, room)
        for kind, text in texts:
            if kind == "headline":
                lines, size = headline_lines(text, head, width)
                self.draw_list.append(("headline", text))
                for line in lines:
                    image = render_rich(line, size, GOLD)
                    surface.blit(image, (x, y))
                    self.draw_list.append(("headline_line", line))
                    self.line_rects.append(image.get_rect(topleft=(x, y)))
                    y += font(size).get_linesize()
                y += view.px(6)
                continue
            size = small if kind in CHECK_KINDS else body
            colour = {"note": DIM, "check": GOOD, "check_failed": BAD, "deck": DIM, "salt": DIM}.get(
                kind, INK
            )
            if kind == "check":
                y += view.px(4)
            for part in wrap(text, size, width):
                surface.blit(render_rich(part, size, colour), (x, y))
                self.draw_list.append((kind, part))
                y += font(size).get_linesize()
        step = font(score_size).get_linesize()
        scores = self.score_lines()
        heading = self.score_heading()
        rows = step * len(scores) + font(note_size).get_linesize() * len(wrap(heading, note_size, width))
        top = self.next_button.rect.top - view.px(12) - rows
        y = max(y + view.px(10), top)
        pygame.draw.line(surface, DIM, (x, y - view.px(6)), (x + width, y - view.px(6)), 1)
        for part in wrap(heading, note_size, width):
            rect = blit_text(surface, part, note_size, DIM, "topleft", (x, y))
            self.draw_list.append(("note", part))
            y = rect.bottom
        for text in scores:
            blit_text(surface, text, score_size, INK, "topleft", (x, y))
            self.draw_list.append(("score", text))
            y += step
        self.content_bottom = y
        self.buttons.draw(surface)
        self._draw_band(surface, banded)

    def score_heading(self) -> str:
        """The line over the scores: what they are, and the target."""
        match = self.table.match
        assert match is not None
        heading = "Scores"
        if match.rules.players == 4:
            heading = "Team scores" if round_complete(match) else "Team scores before this round"
        return heading + f", to {match.target}"

    def _sizes(self, texts: list[tuple[str, str]], width: int, room: int) -> tuple[int, int, int, int, int]:
        """Text sizes (headline, body, small, scores, notes) that fit `room` pixels: the usual
        ones, or a step smaller at a time when a long result would push the scores onto the
        button."""
        view = self.app.viewport
        portrait = view.portrait
        base = (32, 21, 16, 22, 17) if not portrait else (22, 15, 12, 16, 13)
        sizes = tuple(view.font(b) for b in base)
        for shrink in (1.0, 0.92, 0.85, 0.78, 0.72):
            sizes = tuple(view.font(b * shrink) for b in base)
            head, body, small, score, note = sizes
            heading = len(wrap(self.score_heading(), note, width))
            height = view.px(16) + font(note).get_linesize() * heading
            height += font(score).get_linesize() * len(self.score_lines())
            for kind, text in texts:
                if kind == "headline":
                    lines, used = headline_lines(text, head, width)
                    height += font(used).get_linesize() * len(lines) + view.px(6)
                    continue
                size = small if kind in CHECK_KINDS else body
                height += font(size).get_linesize() * len(wrap(text, size, width))
            if height <= room:
                break
        head, body, small, score, note = sizes
        return head, body, small, score, note

    def _draw_band(self, surface: pygame.Surface, texts: list[tuple[str, str]]) -> None:
        """The deal check, the deck and the salt, in the band under the melds (no taller
        than its lines need)."""
        band = self.band
        if band is None or not texts:
            return
        view = self.app.viewport
        pad = view.px(10)
        width = band.width - 2 * pad
        size = view.font(16)
        step = font(size).get_linesize()
        lines = [(kind, part) for kind, text in texts for part in wrap(text, size, width)]
        box = pygame.Rect(band.x, band.y, band.width, min(band.height, len(lines) * step + view.px(12)))
        pygame.draw.rect(surface, (10, 30, 20), box, border_radius=view.px(10))
        x, y = box.x + pad, box.y + view.px(6)
        for kind, part in lines:
            colour = {"check": GOOD, "check_failed": BAD}.get(kind, DIM)
            surface.blit(render_rich(part, size, colour), (x, y))
            self.draw_list.append((kind, part))
            y += step


CHECK_KINDS = ("check", "check_failed", "deck", "salt")
"""What the result panel says about the deal's commitment."""


def _meld_rects(table: TableScene) -> list[pygame.Rect]:
    """Where the knocker's meld cards lie on the table (where the layout sends them)."""
    hand = table.hand
    if hand is None or not table.laid_out:
        return []
    targets = table.targets()
    rects = []
    for meld in hand.knocker_melds:
        for card in meld:
            if card in targets:
                x, y, _, _, (w, h) = targets[card]
                rects.append(pygame.Rect(round(x - w / 2), round(y - h / 2), w, h))
    return rects


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

    def __init__(self, app: Any, match: Match, setup: Any = None) -> None:
        super().__init__(app)
        self.match = match
        self.setup_of_match = setup
        self.seating = Seating.of(match, setup)
        self.again_button = Button(
            "Play again", pygame.Rect(0, 0, 1, 1), self.play_again, key="Enter", accent=(250, 200, 90)
        )
        self.sheet_button = Button("Score sheet", pygame.Rect(0, 0, 1, 1), self.open_sheet, key="C")
        self.menu_button = Button("Menu", pygame.Rect(0, 0, 1, 1), self.open_menu, key="Esc")
        self.help_button = Button("Help", pygame.Rect(0, 0, 1, 1), lambda: open_help(app), key="F1")
        self.buttons = ButtonRow([self.again_button, self.sheet_button, self.menu_button, self.help_button])
        self.board = pygame.Rect(0, 0, 1, 1)
        self.shot_taken = False
        self.celebrated = False
        self.draw_list: list[tuple[str, str]] = []

    def resized(self) -> None:
        """A scoreboard in the middle, the buttons along its bottom (two rows on a phone)."""
        view = self.app.viewport
        portrait = view.portrait
        column = Column(view, width=780, top=12 if portrait else 50, bottom=12 if portrait else 50)
        self.board = column.remaining()
        inner = column.inside(side=40, bottom=16)
        gap = view.px(12)
        if portrait:
            lower = split(inner.take_bottom(row_height(view, 46, 46)), 3, gap)
            upper = [inner.take_bottom(row_height(view, 50, 48))]
            places = [upper[0], *lower]
        else:
            row = inner.take_bottom(row_height(view, 50, 46))
            left, right = split(row, 2, gap)
            places = [left, *split(right, 3, gap)]
        for button, part in zip(self.buttons.buttons, places, strict=True):
            button.rect = part
            button.size = view.font(24 if not portrait else 18)
            button.show_key = not portrait
        self.help_button.text = "Help"

    def play_again(self) -> None:
        """A new match with the same settings."""
        from game.ui.table import TableScene

        setup = self.setup_of_match
        if setup is not None and len(setup.seats) != self.app.settings.player_count:
            setup = None
        self.app.stack.replace_all(TableScene(self.app, None, setup))

    def open_menu(self) -> None:
        """The pause menu (new match, settings, quit...)."""
        open_pause(self.app, None, self.match, self.setup_of_match)

    def open_sheet(self) -> None:
        """The whole match on the score sheet."""
        open_sheet(self.app, self.match, self.setup_of_match)

    def to_menu(self) -> None:
        """Back to the title screen."""
        from game.ui.title import TitleScene

        self.app.stack.replace_all(TitleScene(self.app))

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons."""
        return self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons; Enter plays again, C the score sheet, F1 help, Esc the menu."""
        keys = shortcut_keys(self.app, None, self.match, self.setup_of_match)
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
        from game.ui.celebrate import CelebrationScene

        winner = self.match.winner
        seating = self.seating
        if winner is None or (seating.people and not seating.side_people(winner)):
            return
        who = verb(seating.side_name(winner), "win")
        if self.match.shutout:
            scene = CelebrationScene(
                self.app, "shutout", "Shutout!", f"{who} without letting a point through"
            )
        else:
            scene = CelebrationScene(self.app, "match", "Match won!", f"{who} the match")
        self.app.stack.push(scene)

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
        two_line = False
        for column, header in zip(columns, headers, strict=True):
            head = header if font(size).size(header)[0] <= cell_w else header.replace(" & ", " &\n")
            two_line = two_line or "\n" in head
            hy = y
            for part in head.split("\n"):
                blit_text(surface, part, size, INK, "midtop", (column, hy))
                hy += font(size).get_linesize()
        y += step * (2 if two_line else 1)
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
        lines = margin_lines(match, self.seating)
        if match.rules.players == 2:
            margins = [f"Final margin: {match.margin}  ({lines[0]})"] if lines else []
        else:
            margins = ["Margins:", *lines] if len(lines) > 1 else ["Margin: " + ", ".join(lines)]
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
    """Over the table: a hand the AIs play without any person, shown as a small table.

    With three players this is the hand the person sits out; with four, the other table's
    game of the round, whose result completes the round's team scoring (shown line by line).
    The hand starts when this screen opens and goes move by move at the table's pace (both
    hands face up: nobody here plays it), so it can be followed; Skip plays it to the end at
    once. Continue carries on once it is over; Menu (Esc), Help (F1) and C work as at the table.
    """

    modal = True
    name = "away_game"

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.area = pygame.Rect(0, 0, 1, 1)
        self.clock = 0.0
        self.continue_button = Button(
            "Continue", pygame.Rect(0, 0, 1, 1), self.next, key="Enter", accent=(250, 200, 90)
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
        column = Column(view, width=700, top=12 if portrait else 40, bottom=12 if portrait else 40)
        self.rect = column.remaining()
        inner = column.inside(side=32, top=8, bottom=14)
        row = inner.take_bottom(row_height(view, 46))
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
            button.size = view.font(24 if not portrait else 18)
            button.show_key = not portrait
        inner.take(58 if not portrait else 50, gap=4)  # the title and who plays
        self.area = inner.remaining()

    def animating(self) -> bool:
        """True while the hand is being played (a move may come any frame)."""
        return not self.done

    @property
    def game(self) -> Any:
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
        if self.app.stack.top is self:
            self.app.stack.pop()
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
        keys = shortcut_keys(self.app, table, table.match, table.setup_of_match)
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
        scrim(surface, (0, 0, 0, 120))
        _panel(surface, self.rect, view.scale)
        title, subtitle, body = self.lines()
        match = self.table.match
        assert match is not None
        x, width = self.area.x, self.area.width
        y = self.rect.y + view.px(10)
        y = _centred(surface, title, view.font(38 if not portrait else 26), GOLD, self.rect.centerx, y, width)
        _centred(surface, subtitle, view.font(24 if not portrait else 15), DIM, self.rect.centerx, y, width)
        self.draw_list = [("title", title), ("subtitle", subtitle)]
        y = self.area.y
        game = self.game
        if game is not None:
            y = self._draw_mini_table(surface, game, y) + view.px(8)
        for index, line in enumerate(body):
            size = view.font((26 if index == 0 else 20) if not portrait else (17 if index == 0 else 13))
            colour = GOLD if index == 0 or line.endswith(":") else INK
            if not line:
                y += view.px(6)
                continue
            for part in wrap(line, size, width):
                surface.blit(render_rich(part, size, colour), (x, y))
                self.draw_list.append(("line", part))
                y += font(size).get_linesize()
        self.body_bottom = y
        score_size = view.font(22 if not portrait else 15)
        step = font(score_size).get_linesize()
        y = self.continue_button.rect.top - view.px(10) - step * match.sides
        self.scores_top = y - view.px(5)
        pygame.draw.line(surface, DIM, (x, y - view.px(5)), (x + width, y - view.px(5)), 1)
        blit_text(surface, f"to {match.target}", view.font(18 if not portrait else 13), DIM, "topright",
                  (x + width, y + 2))  # fmt: skip
        for side in range(match.sides):
            boxes = match.boxes[side]
            text = f"{self.table.seating.side_name(side)}: {match.scores[side]}  ({boxes} box{'es' if boxes != 1 else ''})"
            blit_text(surface, text, score_size, INK, "topleft", (x, y))
            self.draw_list.append(("score", text))
            y += step
        self._show_buttons()
        self.buttons.draw(surface)

    def _draw_mini_table(self, surface: pygame.Surface, game: Any, y: int) -> int:
        """Both hands face up (the AIs': nobody here plays them), the stock, the discard pile
        and any melds laid down, so the hand can be followed move by move; returns the y below."""
        view = self.app.viewport
        art, four = self.app.art, self.app.settings.four_colour
        hand = game.hand
        portrait = view.portrait
        mini = card_size(view.px(52 if not portrait else 32))
        name_size = view.font(20 if not portrait else 13)
        left = self.area.x
        name_w = 0 if portrait else max(font(name_size).size(n)[0] for n in game.names) + view.px(12)
        cards_left = left + name_w
        span = self.area.right - cards_left
        for row, seat in enumerate((1, 0)):
            name = game.names[seat]
            colour = GOLD if hand.to_act == seat else INK
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

    def _row_cards(self, hand: Any, seat: int) -> list[Card]:
        """A seat's cards as shown: its melds first, then the rest by rank (the knocker's row
        is its deadwood once the melds are down)."""
        if hand.knocker == seat and hand.knocker_melds:
            return list(hand.knocker_deadwood)
        from game.ui.table_flow import meld_ordered

        cards = list(hand.hands[seat])
        return meld_ordered(cards, best_melds(cards).melds)

    def _draw_middle(
        self, surface: pygame.Surface, hand: Any, x: int, y: int, span: int, mini: tuple[int, int]
    ) -> int:
        """The stock, the top discard and the knocker's melds; returns the y below them."""
        view = self.app.viewport
        art, four = self.app.art, self.app.settings.four_colour
        gap = view.px(10)
        if hand.stock:
            surface.blit(art.back(mini), (x, y))
            blit_text(surface, str(len(hand.stock)), view.font(16 if not view.portrait else 12), DIM,
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
        art: Any,
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


def _away_event(game: Any, event: Any) -> str:
    """One move of an AI-only hand in words (discards named, stock draws hidden)."""
    from game.ui.table import card_name

    who = game.seating.name(game.players[event.player])
    card = f" {card_name(event.card)}" if event.card is not None else ""
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
