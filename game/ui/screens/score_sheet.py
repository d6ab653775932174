"""The score sheet: the classic gin score pad for the match in progress (or just finished).

One row per hand: who won it and how (knock, gin, big gin, undercut, or void), what it
scored, each side's running total and the boxes won. With four players each game of a round
is written with its points in brackets (they do not count yet) and the round's team score
follows on its own row. At the end come the boxes, the game or shutout bonus, the totals
and what each loser pays.

:func:`sheet_rows` builds the rows from the engine's :class:`~game.rules.Match` alone (pure,
no pygame); :class:`ScoreSheetScene` shows them over whatever is on screen, scrolling when
the match is long. Esc, Enter, C or the Close button closes it.

>>> import random
>>> from game.rules import Match, RuleSet
>>> match = Match(RuleSet.preset("standard"), random.Random(1))
>>> [row.kind for row in sheet_rows(match, Seating.of(match))]
['boxes']
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import Match, PlayedHand, ResultKind
from game.storage.settings import MatchSetup
from game.ui.core import theme
from game.ui.core.column import Column, finger_row, panel_view
from game.ui.core.drawing import panel, scrim
from game.ui.core.richtext import render_rich
from game.ui.core.scene import GameApp, Scene
from game.ui.core.scrolling import Drag
from game.ui.core.seating import Seating, margin_text, result_word, verb
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button, ButtonRow

CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_c)
TAP_SLOP = 10
"""Logical pixels a finger may move and still tap (more is a scroll)."""


@dataclass(frozen=True)
class SheetRow:
    """One line of the score pad.

    `kind` is "hand" (a scored hand), "void", "playing" (the hand in progress), "game" (four
    players: one table's game, not yet counted), "round" (four players: the round's team
    score), "boxes", "bonus" (game or shutout bonus) or "total". `points` holds what the row
    scores for each side ("+45", or "(22)" for a game not counted yet), `totals` each side's
    running total after it ("" where the row changes nothing), `boxes` the boxes it wins.
    """

    kind: str
    label: str
    detail: str
    points: tuple[str, ...]
    totals: tuple[str, ...]
    boxes: tuple[int, ...]
    played: int | None = None
    """For a hand's row: its index in the match's played hands (to review it)."""


def how(match: Match, played: PlayedHand, seating: Seating) -> str:
    """Who won a hand and how, in words ("Gin by West", "South v West: undercut by West")."""
    result = played.result
    if played.winner is None:
        text = "Void: the stock ran out"
    else:
        winner = seating.name(played.winner) if match.rules.players == 2 else seating.short(played.winner)
        text = f"{result_word(result.kind).capitalize()} by {winner}"
        if result.kind is ResultKind.KNOCK:
            text += f" ({result.knocker_count} v {result.defender_count})"
        elif result.kind is ResultKind.UNDERCUT:
            text += f" ({result.defender_count} v {result.knocker_count})"
        if result.multiplier > 1:
            text += f", spade x{result.multiplier}"
    if match.rules.players > 2:
        a, b = (seating.short(p) for p in played.players)
        text = f"{a} v {b}: {text[:1].lower() + text[1:]}"
    return text


def sheet_headers(match: Match, seating: Seating) -> list[str]:
    """The column names: one per player, or per team with four players."""
    return [seating.side_name(side) for side in range(match.sides)]


def sheet_rows(match: Match, seating: Seating) -> list[SheetRow]:
    """Every row of the score pad, in order; the running totals end at the match's scores."""
    sides = match.sides
    blank = ("",) * sides
    none = (0,) * sides
    running = [0] * sides
    rows: list[SheetRow] = []
    pending: list[PlayedHand] = []  # four players: the round's games so far
    rounds = 0
    for index, played in enumerate(match.played):
        label = str(played.number)
        if played.winner is None:
            rows.append(SheetRow("void", label, how(match, played, seating), blank, blank, none, index))
            continue
        side = match.side_of(played.winner)
        points, boxes = list(blank), [0] * sides
        boxes[side] = played.result.boxes
        if match.rules.players != 4:
            running[side] += played.result.points
            points[side] = f"+{played.result.points}"
            rows.append(SheetRow("hand", label, how(match, played, seating), tuple(points),
                                 tuple(map(str, running)), tuple(boxes), index))  # fmt: skip
            continue
        points[side] = f"({played.result.points})"
        rows.append(
            SheetRow("game", label, how(match, played, seating), tuple(points), blank, tuple(boxes), index)
        )
        pending.append(played)
        if len(pending) == 2:
            rounds += 1
            rows.append(_round_row(match, seating, rounds, pending, running))
            pending = []
    if match.current is not None:  # dealt and not yet recorded
        number = str(len(match.played) + 1)
        detail = "Being played"
        if match.rules.players > 2:
            a, b = (seating.short(p) for p in match.seats)
            detail = f"{a} v {b}: being played"
        rows.append(SheetRow("playing", number, detail, blank, blank, none))
    rows += _closing_rows(match)
    return rows


def _round_row(
    match: Match, seating: Seating, number: int, games: list[PlayedHand], running: list[int]
) -> SheetRow:
    """Four players: the round's team score from its two games (running totals updated)."""
    first, second = games
    a, b = first.result.points, second.result.points
    team_a, team_b = match.side_of(first.winner or 0), match.side_of(second.winner or 0)
    points = [""] * match.sides
    if team_a == team_b:
        gain, side, detail = a + b, team_a, f"Both games to {seating.side_name(team_a)}: {a} + {b}"
    elif a == b:
        gain, side, detail = 0, team_a, f"One game each, {a} - {b}: nobody scores"
    else:
        side = team_a if a > b else team_b
        gain = abs(a - b)
        detail = f"One game each: {verb(seating.side_name(side), 'score')} {max(a, b)} - {min(a, b)}"
    if gain:
        running[side] += gain
        points[side] = f"+{gain}"
    return SheetRow("round", f"Round {number}", detail, tuple(points), tuple(map(str, running)),
                    (0,) * match.sides)  # fmt: skip


def _closing_rows(match: Match) -> list[SheetRow]:
    """Boxes (always), then once the match is over the bonus and the totals."""
    rules = match.rules
    sides = match.sides
    count = tuple(str(n) for n in match.boxes)
    worth = tuple(f"+{n * rules.box_bonus}" for n in match.boxes)
    rows = [
        SheetRow(
            "boxes", "Boxes", f"{rules.box_bonus} each, added at the end", count, worth, tuple(match.boxes)
        )
    ]
    winner = match.winner
    if winner is None:
        return rows
    totals = match.final_totals
    base = match.scores[winner] + match.boxes[winner] * rules.box_bonus
    bonus = [""] * sides
    bonus[winner] = f"+{totals[winner] - base}"
    if match.shutout and rules.shutout_doubles:
        label, detail = "Shutout", "Game bonus, and the total doubled"
    elif match.shutout:
        label, detail = "Shutout", f"{rules.shutout_bonus}: the loser never scored"
    else:
        label, detail = "Game", f"Bonus {rules.game_bonus} for reaching {match.target}"
    rows.append(SheetRow("bonus", label, detail, tuple(bonus), ("",) * sides, (0,) * sides))
    rows.append(SheetRow("total", "Total", "", ("",) * sides, tuple(str(t) for t in totals), (0,) * sides))
    return rows


def setup_at_table(app: GameApp, match: Match) -> MatchSetup | None:
    """The seats of `match` as the table playing it knows them (None if no table plays it)."""
    for scene in reversed(app.stack.scenes):
        # A table is a screen whose flow plays this match (the score sheet cannot import it).
        flow = getattr(scene, "flow", None)
        setup = getattr(flow, "setup", None)
        if getattr(flow, "match", None) is match and isinstance(setup, MatchSetup):
            return setup
    return None


@dataclass
class _Placed:
    """A row laid out: its wrapped detail and its height in pixels."""

    row: SheetRow
    lines: list[str]
    height: int


class ScoreSheetScene(Scene):
    """The score pad over the table or a result screen; scrolls when the match is long."""

    modal = True
    name = "score_sheet"

    def __init__(
        self, app: GameApp, match: Match, setup: MatchSetup | None = None, seating: Seating | None = None
    ) -> None:
        super().__init__(app)
        self.match = match
        self.setup_of_match = setup if setup is not None else setup_at_table(app, match)
        self.seating = (
            seating if seating is not None else Seating.of(match, self.setup_of_match, app.settings.names)
        )
        self.rows = sheet_rows(match, self.seating)
        self.headers = sheet_headers(match, self.seating)
        self.margins = margin_text(match, self.seating)
        self.close = Button("Close", pygame.Rect(0, 0, 1, 1), self.leave, key="Esc", accent=theme.GOLD)
        self.buttons = ButtonRow([self.close])
        self.box = pygame.Rect(0, 0, 1, 1)
        self.body = pygame.Rect(0, 0, 1, 1)
        self.head = pygame.Rect(0, 0, 1, 1)
        self.columns: list[tuple[int, int]] = []
        """Left and right edge of each side's column (pixels)."""
        self.number_w = 0
        self.placed: list[_Placed] = []
        self.scroll = 0
        self._drag = Drag()
        self._opened = False
        self.focus: int | None = None
        """The placed row a key review (R) opens: the latest hand of yours until Tab moves it."""
        self.draw_list: list[tuple[str, str, pygame.Rect]] = []

    # --- layout -------------------------------------------------------------------------------

    @property
    def text_size(self) -> int:
        """The rows' text size in pixels."""
        view = panel_view(self.app.viewport)
        return view.font(22 if not view.portrait else 15)

    @property
    def small_size(self) -> int:
        """The details' text size in pixels."""
        view = panel_view(self.app.viewport)
        return view.font(18 if not view.portrait else 13)

    def resized(self) -> None:
        """A tall panel: title, column names, the scrolling rows, the Close button."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        edge = 10 if portrait else 8 if view.design else 30  # held sideways: little to spare
        column = Column(view, width=900, top=edge, bottom=edge)
        self.box = column.remaining()
        inner = column.inside(side=24, top=8, bottom=10)
        inner.take(46 if not portrait else 50, gap=4)  # the title and the rules line
        self.close.rect = inner.take_bottom(finger_row(view, 44), gap=8)
        self.close.size = view.font(24 if not portrait else 19)
        self.close.show_key = not portrait
        heading = (
            2 if any(font(self.text_size).size(h)[0] > self._side_width(inner) for h in self.headers) else 1
        )
        self.head = inner.take(heading * font(self.text_size).get_linesize() / view.scale + 6, gap=2)
        self.body = inner.remaining()
        width = self.body.width - view.px(10)  # room for the scroll bar
        self.number_w = view.px(64 if not portrait else 30)
        sides = self.match.sides
        side_w = self._side_width(inner)
        left = self.body.x + width - side_w * sides
        self.columns = [(left + i * side_w, left + (i + 1) * side_w) for i in range(sides)]
        detail_w = left - self.body.x - self.number_w - view.px(6)
        line = font(self.text_size).get_linesize()
        small = font(self.small_size).get_linesize()
        self.placed = []
        for row in self.rows:
            lines = wrap(row.detail, self.small_size, max(20, detail_w)) if row.detail else []
            two = row.kind in ("hand", "round", "boxes")
            height = max(line + small * max(0, len(lines) - 1), line * 2 if two else line) + view.px(8)
            if self.reviewable(row) and (portrait or view.design):  # a finger opens it
                height = max(height, round(44 * view.density) + 2)
            self.placed.append(_Placed(row, lines, height))
        mine = [i for i, placed in enumerate(self.placed) if self.reviewable(placed.row)]
        if self.focus not in mine:
            self.focus = mine[-1] if mine else None
        if not self._opened:
            self._opened = True
            self.scroll = self.max_scroll  # the latest hands first in view
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def _side_width(self, inner: Column) -> int:
        view = panel_view(self.app.viewport)
        share = (
            (0.19 if self.match.sides == 2 else 0.16)
            if not view.portrait
            else (0.27 if self.match.sides == 2 else 0.2)
        )
        return round(view.px(inner.width) * share)

    @property
    def content_height(self) -> int:
        """Pixels all the rows take, the margin lines included."""
        step = font(self.small_size).get_linesize()
        return sum(p.height for p in self.placed) + step * (len(self.margins) + (1 if self.margins else 0))

    @property
    def max_scroll(self) -> int:
        """How far the rows can scroll."""
        return max(0, self.content_height - self.body.height)

    # --- input --------------------------------------------------------------------------------

    def leave(self) -> None:
        """Back to what was underneath."""
        self.app.screens.close(self)

    def reviewable(self, row: SheetRow) -> bool:
        """True for a hand you played (its review opens from its row)."""
        if row.played is None or row.played >= len(self.match.played):
            return False
        if row.played >= len(self.match.hand_records):
            return False  # an online match: the server keeps the hands
        return 0 in self.match.played[row.played].players

    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(placed index, rect) of each row wholly in view."""
        rects = []
        y = self.body.y - self.scroll
        for index, placed in enumerate(self.placed):
            rect = pygame.Rect(
                self.body.x, y, self.body.width - panel_view(self.app.viewport).px(10), placed.height
            )
            if self.body.contains(rect):
                rects.append((index, rect))
            y += placed.height
        return rects

    def review(self, index: int | None) -> None:
        """Step through the hand of placed row `index` with the coach."""
        if index is None or not self.reviewable(self.placed[index].row):
            return

        played_index = self.placed[index].row.played
        assert played_index is not None
        played = self.match.played[played_index]
        hand = self.match.hand_records[played_index]
        me = played.players.index(0)
        other = played.players[1 - me]
        title = f"Review of hand {played.number}"
        self.app.screens.show("review", hand, me, self.seating.name(other), title=title)

    def _move_focus(self, step: int) -> None:
        mine = [i for i, placed in enumerate(self.placed) if self.reviewable(placed.row)]
        if not mine:
            return
        at = mine.index(self.focus) if self.focus in mine else len(mine) - 1
        self.focus = mine[(at + step) % len(mine)]
        top = sum(p.height for p in self.placed[: self.focus])
        bottom = top + self.placed[self.focus].height
        if top < self.scroll:
            self.scroll = top
        elif bottom > self.scroll + self.body.height:
            self.scroll = min(self.max_scroll, bottom - self.body.height)

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The Close button, and each hand of yours in view (pressing one reviews it)."""
        rows = [
            (f"hand {self.placed[i].row.label}", rect)
            for i, rect in self.row_rects()
            if self.reviewable(self.placed[i].row)
        ]
        return self.buttons.targets() + rows

    def _scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def handle(self, event: pygame.event.Event) -> None:
        """Close by key or button; scroll by arrows, page keys, the wheel or a drag."""
        page = max(1, self.body.height - font(self.text_size).get_linesize())
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page}
            if event.key in steps:
                self._scroll_by(
                    panel_view(self.app.viewport).px(steps[event.key])
                    if abs(steps[event.key]) == 60
                    else steps[event.key]
                )
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll = self.max_scroll
            elif event.key == pygame.K_TAB:
                self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif event.key == pygame.K_r:
                self.review(self.focus)
            elif event.key in CLOSE_KEYS:
                self.leave()
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * font(self.text_size).get_linesize() * 2)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._drag.press(event.pos, self.scroll)
        elif event.type == pygame.MOUSEMOTION:
            if not getattr(event, "touch", False):
                self.buttons.hover(event.pos)
            offset = self._drag.move(event.pos, panel_view(self.app.viewport).px(TAP_SLOP))
            if offset is not None:
                self.scroll = max(0, min(self.max_scroll, offset))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed = self._drag.start
            if self._drag.release() or pressed is None:
                return
            if self.buttons.click(event.pos):
                return
            if not self.box.collidepoint(pressed):
                self.leave()  # a tap outside the sheet closes it
                return
            for index, rect in self.row_rects():
                if rect.collidepoint(event.pos) and self.reviewable(self.placed[index].row):
                    self.focus = index
                    self.review(index)
                    return

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The pad: title, column names, rows (clipped and scrolled), the Close button."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        scrim(surface, theme.SCRIM_DARK)
        radius = max(8, round(18 * view.scale))
        pygame.draw.rect(
            surface, theme.PANEL, self.box, border_radius=radius
        )  # opaque: nothing shows through
        panel(surface, self.box, view.scale)
        self.draw_list = []
        rules = self.match.rules
        title = "Score sheet"
        blit_text(surface, title, view.font(28 if portrait or view.design else 40), theme.GOLD, "midtop",
                  (self.box.centerx, self.box.y + view.px(8)))  # fmt: skip
        variant = rules.variant.value.capitalize()
        note = f"{variant} gin to {self.match.target}; gin {rules.gin_bonus}, undercut {rules.undercut_bonus}"
        blit_text(surface, note, view.font(17 if not portrait else 12), theme.DIM, "midtop",
                  (self.box.centerx, self.box.y + view.px(36 if not portrait else 32)))  # fmt: skip
        size = self.text_size
        for (left, right), header in zip(self.columns, self.headers, strict=True):
            lines = (
                wrap(header, size, right - left - view.px(4))
                if font(size).size(header)[0] > right - left
                else [header]
            )
            y = self.head.y
            for line in lines[:2]:
                rect = blit_text(surface, line, size, theme.INK, "midtop", ((left + right) // 2, y))
                y = rect.bottom
            self.draw_list.append(
                ("header", header, pygame.Rect(left, self.head.y, right - left, self.head.height))
            )
        blit_text(surface, "Hand", view.font(17 if not portrait else 12), theme.DIM, "bottomleft",
                  (self.body.x, self.head.bottom - view.px(2)))  # fmt: skip
        pygame.draw.line(
            surface, theme.RULE, (self.body.x, self.head.bottom), (self.body.right, self.head.bottom), 1
        )
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.body.y - self.scroll
        for index, placed in enumerate(self.placed):
            if y + placed.height >= self.body.y and y <= self.body.bottom:
                if index == self.focus:
                    band = pygame.Rect(
                        self.body.x, y, self.body.width - view.px(10), placed.height - view.px(2)
                    )
                    pygame.draw.rect(surface, theme.ROW_BAND, band, border_radius=view.px(6))
                    hint = "tap to review" if portrait else "R: review this hand  (Tab: another)"
                    blit_text(surface, hint, view.font(14 if not portrait else 11), theme.GOLD, "bottomright",
                              (self.columns[0][0] - view.px(8), band.bottom - view.px(2)))  # fmt: skip
                self._draw_row(surface, placed, y)
            y += placed.height
        step = font(self.small_size).get_linesize()
        y += step // 2
        for line in self.margins:
            rect = blit_text(surface, line, self.small_size + 1, theme.GOLD, "midtop", (self.body.centerx, y))
            self.draw_list.append(("margin", line, rect))
            y += step
        surface.set_clip(clip)
        if self.max_scroll:
            self._scroll_bar(surface)
        self.buttons.draw(surface)

    def _draw_row(self, surface: pygame.Surface, placed: _Placed, y: int) -> None:
        view = panel_view(self.app.viewport)
        row = placed.row
        size, small = self.text_size, self.small_size
        line = font(size).get_linesize()
        strong = row.kind in ("total", "round")
        colour = theme.GOLD if row.kind == "total" else theme.INK
        if row.kind in ("boxes", "total"):
            pygame.draw.line(surface, theme.RULE, (self.body.x, y), (self.body.right - view.px(10), y), 1)
        x = self.body.x
        label_colour = theme.DIM if row.kind in ("void", "playing") else colour
        blit_text(surface, row.label, size if not row.label.isdigit() else small + 2, label_colour, "topleft",
                  (x, y + view.px(4)))  # fmt: skip
        detail_x = (
            x + self.number_w if row.label.isdigit() else x + font(size).size(row.label)[0] + view.px(8)
        )
        dy = y + view.px(4) + (line - font(small).get_linesize()) // 2
        for text in placed.lines:
            surface.blit(render_rich(text, small, theme.DIM), (detail_x, dy))
            dy += font(small).get_linesize()
        for side, (left, right) in enumerate(self.columns):
            centre = (left + right) // 2
            top = y + view.px(4)
            points = row.points[side]
            if points:
                ink = theme.GOLD if points.startswith("+") and row.kind != "boxes" else theme.DIM
                rect = blit_text(surface, points, size, ink, "midtop", (centre, top))
                self._draw_boxes(
                    surface,
                    rect.right + view.px(4),
                    rect.centery,
                    row.boxes[side] if row.kind != "boxes" else 0,
                )
                if row.kind == "boxes":
                    self._draw_boxes(surface, rect.right + view.px(4), rect.centery, min(1, row.boxes[side]))
            total = row.totals[side]
            if total:
                ty = top + (line if row.kind in ("hand", "round", "boxes") else 0)
                blit_text(surface, total, size, colour, "midtop", (centre, ty))
                if strong:
                    rect = pygame.Rect(
                        left + view.px(6), ty + line - view.px(2), right - left - view.px(12), 1
                    )
                    pygame.draw.rect(surface, theme.RULE, rect)
        cells = " / ".join(f"{p}{'=' + t if t else ''}" for p, t in zip(row.points, row.totals, strict=True))
        self.draw_list.append(
            (
                "row",
                f"{row.label} | {row.detail} | {cells}",
                pygame.Rect(x, y, self.body.width, placed.height),
            )
        )

    def _draw_boxes(self, surface: pygame.Surface, x: int, cy: int, count: int) -> None:
        """`count` small squares, the boxes a hand won (a mark, not a letter)."""
        side = max(4, panel_view(self.app.viewport).px(7))
        gap = max(1, side // 3)
        for index in range(count):
            pygame.draw.rect(surface, theme.GOLD, (x + index * (side + gap), cy - side // 2, side, side),
                             border_radius=max(1, side // 4))  # fmt: skip

    def _scroll_bar(self, surface: pygame.Surface) -> None:
        body = self.body
        track = pygame.Rect(
            body.right - panel_view(self.app.viewport).px(5),
            body.y,
            max(3, panel_view(self.app.viewport).px(4)),
            body.height,
        )
        content = self.content_height
        length = max(12, body.height * body.height // max(1, content))
        top = track.y + (body.height - length) * self.scroll // max(1, content - body.height)
        pygame.draw.rect(surface, theme.RULE, track, border_radius=2)
        pygame.draw.rect(surface, theme.GOLD, (track.x, top, track.width, length), border_radius=2)
