"""The hand result panel (over the table), the match result screen, and the AI-only hands.

Every screen here keeps the game's shortcuts alive: Esc (or Menu) opens the pause menu,
F1 (or Help) opens the help and C (or Score sheet) the score sheet; the table's own buttons
that stay in view beside the hand result panel work too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import Card, Match, ResultKind
from game.ui.core.column import row_height
from game.ui.core.richtext import render_rich
from game.ui.core.scene import Scene
from game.ui.core.seating import round_complete, round_lines, verb
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button, ButtonRow
from game.ui.table.after_hand import AfterHandButtons

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

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
    from game.ui.screens.pause import PauseScene

    if setup is None and table is not None:
        setup = table.setup_of_match
    app.stack.push(PauseScene(app, table, match=match, setup=setup))


def open_help(app: Any) -> None:
    """How to play, over what is on screen."""
    from game.ui.core.menu import HelpScene

    app.stack.push(HelpScene(app))


def open_sheet(app: Any, match: Match | None, setup: Any = None) -> None:
    """The score sheet of `match`, over what is on screen."""
    from game.ui.screens.score_sheet import ScoreSheetScene

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
