"""The rules screen: the selected variant's rules in words, with small examples in real cards.

`RulesScene(app, rules)` shows a :class:`~game.rules.RuleSet` (or, with `rules=None`, the one
the player's settings give). What it says comes from :mod:`game.ui.screens.rules_text`, so every
number (knock limit, bonuses, target) is the rule set's own. Push it over any screen; Back,
Esc or Backspace pops it. The text scrolls: mouse wheel, arrow and page keys, or a finger
dragged up and down.

Content is laid out once per window size into a list of items in content coordinates;
drawing blits the ones in view at the current scroll, so a screen at rest costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.rules import Card, RuleSet
from game.ui.core import theme
from game.ui.core.column import Column, row_height
from game.ui.core.drawing import felt
from game.ui.core.layout import card_size
from game.ui.core.richtext import render_rich
from game.ui.core.scene import GameApp, Scene
from game.ui.core.scrolling import Drag
from game.ui.core.sprites import ring
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.viewport import Viewport
from game.ui.core.widgets import Button, ButtonRow
from game.ui.screens.rules_text import Example, Section, Table, rules_sections, subtitle, title

SIDEWAYS_DESIGN = (760, 400)
"""The design area on a short landscape window (a phone held sideways): text stays readable."""
TAP_SLOP = 10
"""Logical pixels a finger may move before a press becomes a scroll."""


@dataclass(frozen=True)
class Item:
    """One thing laid out in the scrolling body, in content coordinates (y from the top).

    `kind` is "heading", "text", "caption", "cell" (a table's text) or "card".
    """

    kind: str
    rect: pygame.Rect
    text: str = ""
    size: int = 0
    colour: tuple[int, int, int] = theme.INK
    card: Card | None = None
    marked: bool = False


class RulesScene(Scene):
    """The rules of one rule set, scrolling, with a Back button."""

    name = "rules"

    def __init__(self, app: GameApp, rules: RuleSet | None = None) -> None:
        super().__init__(app)
        self.rules: RuleSet = rules if rules is not None else app.settings.ruleset()
        self.sections: list[Section] = rules_sections(self.rules)
        self.back = Button("Back", pygame.Rect(0, 0, 1, 1), self.close, key="Esc", accent=theme.ACCENT)
        self.buttons = ButtonRow([self.back])
        self.items: list[Item] = []
        self.content_height = 0
        self.scroll = 0
        self.title_at = (0, 0)
        self.subtitle_at = (0, 0)
        self.body = pygame.Rect(0, 0, 1, 1)
        self._drag = Drag()
        self.drawn: list[tuple[str, str]] = []
        """(kind, text) of every item drawn in the last frame (tests read it)."""

    # --- layout -------------------------------------------------------------------------------

    @property
    def view(self) -> Viewport:
        """The window, at a larger scale on a phone held sideways (as the table does there)."""
        view: Viewport = self.app.viewport
        if view.short_landscape:
            return replace(view, design=SIDEWAYS_DESIGN)
        return view

    @property
    def tight(self) -> bool:
        """A phone, upright or sideways: a smaller heading leaves the rules more room."""
        return self.view.portrait or self.app.viewport.short_landscape

    def resized(self) -> None:
        """Heading at the top, Back at the bottom, the rules scrolling in between."""
        view = self.view
        portrait = view.portrait
        tight = self.tight
        column = Column(view, width=820, top=10 if tight else 18, bottom=8 if tight else 14)
        heading = column.take(36 if tight else 52, gap=0)
        self.title_at = heading.center
        under = column.take(22 if tight else 30, gap=8)
        self.subtitle_at = under.center
        back_row = column.take_bottom(row_height(view, 44, 44), gap=8)
        width = view.px(200 if not portrait else 160)
        self.back.rect = pygame.Rect(0, 0, min(width, back_row.width), back_row.height)
        self.back.rect.center = back_row.center
        self.back.size = view.font(22 if not portrait else 19)
        self.back.show_key = not portrait
        self.body = column.remaining()
        fraction = self.scroll / max(1, self.content_height)
        self._lay_out()
        self.scroll = max(0, min(self.max_scroll, round(fraction * self.content_height)))

    @property
    def max_scroll(self) -> int:
        """How far the body can scroll."""
        return max(0, self.content_height - self.body.height)

    def _lay_out(self) -> None:
        view = self.view
        portrait = view.portrait
        width = self.body.width - view.px(10)  # room for the scroll bar
        f = view.font
        sizes = {
            "heading": f(21 if portrait else 28),
            "text": f(16 if portrait else 21),
            "caption": f(14 if portrait else 18),
        }
        self.items = []
        y = 0
        for index, section in enumerate(self.sections):
            if index:
                y += view.px(14 if portrait else 18)
            size = sizes["heading"]
            height = font(size, bold=True).get_linesize()
            self.items.append(
                Item("heading", pygame.Rect(0, y, width, height), section.title, size, theme.GOLD)
            )
            y += height + view.px(4)
            for block in section.blocks:
                if isinstance(block, str):
                    y = self._paragraph(block, sizes["text"], width, y)
                elif isinstance(block, Example):
                    y = self._example(block, sizes["caption"], width, y)
                elif isinstance(block, Table):
                    y = self._table(block, sizes["text"], width, y)
                y += view.px(6)
        self.content_height = y + view.px(8)

    def _paragraph(self, text: str, size: int, width: int, y: int) -> int:
        step = font(size).get_linesize()
        for line in wrap(text, size, int(width * 0.97)):
            self.items.append(Item("text", pygame.Rect(0, y, width, step), line, size))
            y += step
        return y

    def _example(self, example: Example, size: int, width: int, y: int) -> int:
        """Card groups side by side, each over its caption; a group that does not fit goes below."""
        view = self.view
        card_w, card_h = card_size(view.px(42 if view.portrait else 62))
        step = round(card_w * 0.52)
        gap = view.px(18 if view.portrait else 28)
        line = font(size).get_linesize()
        x, row_bottom = 0, y
        top = y + view.px(4)
        for group in example.groups:
            cards_w = card_w + step * (len(group.cards) - 1)
            caption_w = font(size).size(group.caption)[0]
            slot_w = max(cards_w, min(caption_w, width))
            captions = wrap(group.caption, size, slot_w)
            if x > 0 and x + slot_w > width:
                x, top = 0, row_bottom + view.px(8)
            for index, card in enumerate(group.cards):
                rect = pygame.Rect(x + index * step, top, card_w, card_h)
                self.items.append(Item("card", rect, card=card, marked=card in group.marked))
            caption_y = top + card_h + view.px(4)
            for text in captions:
                self.items.append(
                    Item("caption", pygame.Rect(x, caption_y, slot_w, line), text, size, theme.DIM)
                )
                caption_y += line
            row_bottom = max(row_bottom, caption_y)
            x += slot_w + gap
        return row_bottom + view.px(4)

    def _table(self, table: Table, size: int, width: int, y: int) -> int:
        view = self.view
        step = font(size).get_linesize() + view.px(2)
        name_w = min(width - view.px(60), view.px(300))
        for name, value in table.rows:
            self.items.append(Item("cell", pygame.Rect(0, y, name_w, step), name, size))
            self.items.append(
                Item("cell", pygame.Rect(name_w, y, view.px(60), step), value, size, theme.GOLD)
            )
            y += step
        return y

    # --- reading it -----------------------------------------------------------------------------

    def texts(self) -> list[str]:
        """Every line laid out (headings, text, captions, table cells), in order."""
        return [item.text for item in self.items if item.kind != "card"]

    def cards_shown(self) -> list[Card]:
        """Every card drawn as an example, in order."""
        return [item.card for item in self.items if item.card is not None]

    # --- input ----------------------------------------------------------------------------------

    def close(self) -> None:
        """Back to whatever was underneath."""
        self.app.screens.close(self)

    def scroll_by(self, pixels: int) -> None:
        """Scroll the body (clamped)."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The Back button."""
        return self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Back (button, Esc, Backspace); scrolling by wheel, keys or a dragging finger."""
        view = self.view
        page = max(view.px(40), self.body.height - view.px(40))
        line = font(view.font(21 if not view.portrait else 16)).get_linesize()
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_DOWN: 3 * line,
                pygame.K_UP: -3 * line,
                pygame.K_PAGEDOWN: page,
                pygame.K_SPACE: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -self.content_height,
                pygame.K_END: self.content_height,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * line)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.buttons.click(event.pos):
                return
            if self.body.collidepoint(event.pos):
                self._drag.press(event.pos, self.scroll)
        elif event.type == pygame.MOUSEMOTION:
            if not getattr(event, "touch", False):
                self.buttons.hover(event.pos)
            offset = self._drag.move(event.pos, TAP_SLOP * view.density)
            if offset is not None:
                self.scroll = max(0, min(self.max_scroll, offset))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._drag.release()

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the heading, the rules in view, a scroll bar and Back."""
        view = self.view
        tight = self.tight
        surface.blit(felt(view.size), (0, 0))
        heading = f"Rules: {title(self.rules)}"
        blit_text(
            surface, heading, view.font(34 if tight else 50), theme.GOLD, "center", self.title_at, bold=True
        )
        blit_text(
            surface,
            subtitle(self.rules),
            view.font(15 if tight else 21),
            theme.DIM,
            "center",
            self.subtitle_at,
        )
        self.drawn = [("title", heading), ("subtitle", subtitle(self.rules))]
        clip = surface.get_clip()
        surface.set_clip(self.body)
        four = self.app.settings.four_colour
        offset = (self.body.x, self.body.y - self.scroll)
        for item in self.items:
            rect = item.rect.move(offset)
            if rect.bottom < self.body.top or rect.top > self.body.bottom:
                continue
            self._draw_item(surface, item, rect, four)
            self.drawn.append((item.kind, item.text or str(item.card)))
        surface.set_clip(clip)
        if self.max_scroll:
            self._scroll_bar(surface)
        self.buttons.draw(surface)

    def _draw_item(self, surface: pygame.Surface, item: Item, rect: pygame.Rect, four: bool) -> None:
        view = self.view
        if item.card is not None:
            face = self.app.art.face(int(item.card.rank), item.card.suit.char, rect.size, four)
            surface.blit(self.app.art.shadow(rect.size), rect.move(view.px(2), view.px(3)))
            surface.blit(face, rect)
            if item.marked:
                ring(surface, rect, theme.POINTER, max(2, view.px(3)))
        elif item.kind == "heading":
            blit_text(surface, item.text, item.size, item.colour, "topleft", rect.topleft, bold=True)
        elif item.kind == "cell" and item.colour == theme.GOLD:
            blit_text(surface, item.text, item.size, item.colour, "topright", rect.topright)
        else:
            surface.blit(render_rich(item.text, item.size, item.colour), rect.topleft)

    def _scroll_bar(self, surface: pygame.Surface) -> None:
        view = self.view
        body = self.body
        track = pygame.Rect(body.right - view.px(4), body.y, max(3, view.px(4)), body.height)
        length = max(view.px(24), body.height * body.height // max(1, self.content_height))
        top = track.y + (body.height - length) * self.scroll // max(1, self.max_scroll)
        pygame.draw.rect(surface, theme.RULE, track, border_radius=2)
        pygame.draw.rect(surface, theme.GOLD, (track.x, top, track.width, length), border_radius=2)
