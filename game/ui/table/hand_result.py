"""The hand result panel, over the table: what happened, the score explained line by line,
the running total, and the buttons for what comes next.

The panel is built from values, not from the table: a :class:`~game.ui.table.outcome.HandOutcome`
(what it says), :class:`~game.ui.table.outcome.ResultControls` (the callbacks it may call on the table: carry on,
the menu, the help, the score sheet, and where the table leaves it room) and the
after-hand buttons other parts of the game registered (`game.ui.table.after_hand`). Esc (or
Menu) opens the pause menu, F1 (or Help) the help and C (or Score sheet) the score sheet, as
at the table; the table's own buttons that stay in view beside the panel work too.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.core import theme
from game.ui.core.column import row_height
from game.ui.core.drawing import board, fitting_size
from game.ui.core.keys import key_map
from game.ui.core.richtext import render_rich
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.theme import MIN_TEXT
from game.ui.core.widgets import Button, ButtonRow, panel_input
from game.ui.table.after_hand import AfterHand, place_row
from game.ui.table.outcome import CHECK_KINDS, HandOutcome, ResultControls, headline_lines, score_sentence


class HandResultScene(Scene):
    """Over the table: what happened, the score explained line by line, the running total.

    Landscape: a panel over the stock and discard pile (nothing left to see there), so both
    hands and the knocker's melds with their layoffs stay in view beside the explanation.
    Portrait: a sheet over the lower part of the table, leaving the melds and the opponent's
    revealed hand in view.
    """

    modal = True
    name = "hand_result"

    def __init__(
        self, app: GameApp, outcome: HandOutcome, controls: ResultControls, after: list[AfterHand]
    ) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.controls = controls
        self.next_button = Button(
            outcome.next_label, pygame.Rect(0, 0, 1, 1), self.next, key="Enter", accent=theme.ACCENT
        )
        here = pygame.Rect(0, 0, 1, 1)
        self.after_buttons = [
            Button(item.label, here.copy(), self._presser(item), key=item.key) for item in after
        ]
        self.after_keys = {item.code: self._presser(item) for item in after}
        self.buttons = ButtonRow([*self.after_buttons, self.next_button])
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.shot_taken = False
        self.draw_list: list[tuple[str, str]] = []
        self.label_size = 19
        """The buttons' usual label size (a row whose labels do not all fit takes a smaller one)."""
        self.band: pygame.Rect | None = None
        """Landscape: where the deal check and the deck are shown (under the melds)."""
        self.band_box: pygame.Rect | None = None
        """The box drawn in the band, as tall as its lines need."""
        self.content_bottom = 0
        """Where the last line drawn ends (the tests check it stays above the button)."""
        self.line_rects: list[pygame.Rect] = []
        """Where each headline line was drawn (the tests check they fit the panel)."""
        self.view = app.viewport.unzoomed()
        """The scale the panel is drawn at: the table's (set as it is laid out)."""
        self.brief = False
        """True where the panel has room for the result in brief only (a phone held sideways)."""
        self.overflows = False

    def _presser(self, item: AfterHand) -> Callable[[], None]:
        def press() -> None:
            if self.outcome.hand.is_over:
                item.press(self.app, self.outcome)

        return press

    def resized(self) -> None:
        """Where the panel goes: beside the melds, or over the hand on a phone."""
        room = self.controls.room()
        layout, melds = room.layout, room.melds
        # The table's own scale: a phone held sideways has a larger one than the window's
        # usual landscape design, and the panel's text must be read at it too.
        view = self.view = layout.view
        self.band = None
        self.brief = layout.compact
        if view.portrait:
            top = layout.status.top  # the line of facts above it stays in view
            self.rect = pygame.Rect(
                view.px(6), top, view.width - 2 * view.px(6), view.height - top - view.px(6)
            )
        elif layout.compact:
            # A phone held sideways: a sheet over the lower part of the table, as on a phone
            # held upright, leaving the opponent's row and the melds in view. It says the
            # result in brief: the deck and the salt are on the deal check, a tap away.
            top = min(layout.status.top, layout.meld_area.bottom) - view.px(2)
            left, right = view.px(4), layout.panel.left - view.px(6)
            if layout.mirrored:  # left-handed: the side panel is at the left edge
                left, right = layout.panel.right + view.px(6), view.width - view.px(4)
            self.rect = pygame.Rect(left, top, right - left, view.height - top - view.px(3))
        else:
            multi = self.outcome.match.rules.players > 2
            left = view.px(14)
            top = layout.opp_y + layout.opp_card[1] // 2 + view.px(56 if multi else 74)
            bottom = layout.hand_rows[0] - layout.card[1] // 2 - view.px(20)
            piles = room.piles
            if layout.compact:  # a phone held sideways: every pixel of the left column, piles and all
                left = min(left, piles.left - view.px(4))
                top = piles.top - view.px(6)
                right = min(r.left for r in melds) - view.px(10) if melds else layout.meld_area.left
                right = max(right, piles.right + view.px(6))
            elif piles.left < view.px(200):
                # The piles stepped aside for the melds: the panel lies over all of them (the
                # knocker's face-down card too) and their labels, never half over them.
                right = max(piles.right + view.px(12), left + view.px(240))
                top = min(top, piles.top - view.px(10))
                bottom = max(bottom, piles.bottom + view.px(8))
            else:
                right = piles.left - view.px(16)  # the piles are still mid-table: beside them
            if melds:
                right = min(right, min(r.left for r in melds) - view.px(10))
            least = view.px(150 if layout.compact else 240)
            self.rect = pygame.Rect(left, top, max(least, right - left), bottom - top)
            # The deal check needs width: a band under the melds, above the hand.
            band_top = max((r.bottom for r in melds), default=layout.meld_area.bottom) + view.px(10)
            band_bottom = bottom - view.px(4)
            band_left, band_right = self.rect.right + view.px(12), layout.panel.left - view.px(12)
            if band_bottom - band_top >= view.px(48) and band_right - band_left >= view.px(300):
                self.band = pygame.Rect(band_left, band_top, band_right - band_left, band_bottom - band_top)
        button_h = view.px(row_height(view, 46))
        self.next_button.rect = pygame.Rect(0, 0, self.rect.width - view.px(40), button_h)
        self.next_button.rect.midbottom = (self.rect.centerx, self.rect.bottom - view.px(14))
        self.label_size = view.font(24 if not view.portrait else 19)
        self.next_button.size = fitting_size(self.next_button, self.label_size)
        self.next_button.show_key = not view.portrait
        place_row(self.after_buttons, self.next_button, view)

    def next(self) -> None:
        """Close the panel and carry on."""
        self.app.screens.close(self)
        self.controls.carry_on()

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The panel's button and the table's shortcuts left in view."""
        return self.buttons.targets() + [(b.text, b.rect) for b in self.controls.shortcuts(self.rect)]

    def handle(self, event: pygame.event.Event) -> None:
        """Enter/Space or the button continues; Esc, F1 and C as on the table."""
        controls = self.controls
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in controls.shortcuts(self.rect):
                if button.hit(event.pos):
                    button.action()
                    return
        if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            ButtonRow(controls.shortcuts(self.rect)).hover(event.pos)
        keys = key_map({"help": controls.open_help, "sheet": controls.open_sheet}) | self.after_keys
        panel_input(event, self.buttons, self.next, controls.open_menu, keys)

    def update(self, dt: float) -> None:
        """Take the screenshot for self-play once it is on screen."""
        if not self.shot_taken:
            self.shot_taken = True
            self.app.notable("hand_result")
            person = self.outcome.winner_is_person()
            if person is not None:
                self.app.play("win" if person else "lose")

    def autopilot(self) -> None:
        """Self-play presses Next."""
        if self.shot_taken:
            self.next()

    def texts(self) -> list[tuple[str, str]]:
        """What the panel says, as (kind, text), top to bottom (the scores come last); in
        brief, the score's working in one sentence and the deal check without the deck."""
        texts = self.outcome.texts()
        if not self.brief:
            return texts
        lines = [text for kind, text in texts if kind == "line"]
        brief = [(kind, text) for kind, text in texts if kind not in ("line", "deck", "salt")]
        return brief[:1] + ([("line", score_sentence(lines))] if lines else []) + brief[1:]

    def score_lines(self) -> list[str]:
        """Each side's score and boxes (with four players, before the round when it is open)."""
        return self.outcome.score_lines()

    def spoken(self) -> tuple[str, ...]:
        """For a screen reader: the result explained line by line, then the keys."""
        # The deal check is said in a word: the whole deck and its salt are for the eye.
        texts = [(k, t) for k, t in self.outcome.texts() if k not in ("deck", "salt")]
        texts = [(k, t.split(" (")[0] if k in CHECK_KINDS else t) for k, t in texts]
        said = " ".join(t if t.endswith((".", ":", "!")) else f"{t}." for _, t in texts)
        keys = f"Enter: {self.next_button.text}. C: the score sheet. Escape: the menu."
        return (f"Hand result. {said}", keys)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel."""
        view = self.view
        portrait = view.portrait
        board(surface, self.rect, view.scale)
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
        self.overflows = False
        head, body, small, score_size, note_size = self._sizes(texts, width, room)
        if self.overflows and not self.brief:
            # No room for all of it at a readable size: the result in brief.
            self.brief = True
            texts = [t for t in self.texts() if t[0] not in CHECK_KINDS or not banded]
            head, body, small, score_size, note_size = self._sizes(texts, width, room)
        for kind, text in texts:
            if kind == "headline":
                lines, size = headline_lines(text, head, width)
                self.draw_list.append(("headline", text))
                for line in lines:
                    image = render_rich(line, size, theme.GOLD)
                    surface.blit(image, (x, y))
                    self.draw_list.append(("headline_line", line))
                    self.line_rects.append(image.get_rect(topleft=(x, y)))
                    y += font(size).get_linesize()
                y += view.px(6)
                continue
            size = small if kind in CHECK_KINDS else body
            colour = {
                "note": theme.DIM,
                "check": theme.GOOD,
                "check_failed": theme.BAD,
                "deck": theme.DIM,
                "salt": theme.DIM,
            }.get(kind, theme.INK)
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
        pygame.draw.line(surface, theme.DIM, (x, y - view.px(6)), (x + width, y - view.px(6)), 1)
        for part in wrap(heading, note_size, width):
            rect = blit_text(surface, part, note_size, theme.DIM, "topleft", (x, y))
            self.draw_list.append(("note", part))
            y = rect.bottom
        for text in scores:
            blit_text(surface, text, score_size, theme.INK, "topleft", (x, y))
            self.draw_list.append(("score", text))
            y += step
        self.content_bottom = y
        self.buttons.draw(surface)
        self._draw_band(surface, banded)

    def score_heading(self) -> str:
        """The line over the scores: what they are, and the target."""
        return self.outcome.score_heading()

    def _sizes(self, texts: list[tuple[str, str]], width: int, room: int) -> tuple[int, int, int, int, int]:
        """Text sizes (headline, body, small, scores, notes) that fit `room` pixels: the usual
        ones, or a step smaller at a time when a long result would push the scores onto the
        button."""
        view = self.view
        portrait = view.portrait
        base = (32, 21, 18, 22, 18) if not portrait else (22, 17, 17, 17, 17)
        floor = round(MIN_TEXT * view.density)
        sizes = tuple(max(floor, view.font(b)) for b in base)
        # Bigger text may take the result's room: down, step by step, to the usual smallest.
        shrinks = [0.92**step for step in range(12) if 0.92**step * view.text_zoom >= 0.7]
        for shrink in shrinks:
            sizes = tuple(max(floor, view.font(b * shrink)) for b in base)
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
        else:
            self.overflows = True
        head, body, small, score, note = sizes
        return head, body, small, score, note

    def _draw_band(self, surface: pygame.Surface, texts: list[tuple[str, str]]) -> None:
        """The deal check, the deck and the salt, in the band under the melds (no taller
        than its lines need)."""
        band = self.band
        if band is None or not texts:
            return
        view = self.view
        pad = view.px(10)
        width = band.width - 2 * pad
        # Bigger text: a step smaller at a time to fit the band, never under the readable
        # least; where even that will not do, the check alone (the deck and the salt are a
        # press of Deal check away).
        least = round(MIN_TEXT * view.density)
        size = view.font(18)
        while True:
            step = font(size).get_linesize()
            lines = [(kind, part) for kind, text in texts for part in wrap(text, size, width)]
            if len(lines) * step + view.px(12) <= band.height:
                break
            if size <= least:
                if any(kind in ("deck", "salt") for kind, _ in texts):
                    texts = [(kind, text) for kind, text in texts if kind not in ("deck", "salt")]
                    size = view.font(18)
                    continue
                break
            size -= 1
        height = len(lines) * step + view.px(12)
        # Over the status line whole, never across it (the panel says what it said).
        status = self.controls.room().layout.status
        if status.colliderect(band) and band.top < status.bottom:
            height = max(height, status.bottom + view.px(4) - band.y)
        box = pygame.Rect(band.x, band.y, band.width, min(band.height, height))
        self.band_box = box
        pygame.draw.rect(surface, theme.WELL, box, border_radius=view.px(10))
        x, y = box.x + pad, box.y + view.px(6)
        for kind, part in lines:
            colour = {"check": theme.GOOD, "check_failed": theme.BAD}.get(kind, theme.DIM)
            surface.blit(render_rich(part, size, colour), (x, y))
            self.draw_list.append((kind, part))
            y += step
