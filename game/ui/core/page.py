"""Pages of text and cards that scroll, and bars of buttons with keys (the deal check, the
daily result and the review are made of them).

- :class:`ScrollBody`: a tall column of content seen through a window-sized rectangle,
  scrolled by dragging (a finger or the mouse), the wheel, or the keys (Up, Down, Page Up,
  Page Down, Home, End). Nothing in it is pressable, so a press in it is always a scroll.
- :class:`ButtonBar`: buttons pressed by pointer, by their shortcut key, or by keyboard focus
  (Tab, or Left/Right unless the screen uses them, moves it; Enter or Space presses). The
  focus ring appears only once the keyboard has been used, so a touch screen never shows it.
- :class:`Page`: wrapped lines of text (suits drawn as symbols), boxed text and rows of small
  cards, laid out once for a width and drawn at any scroll offset.

>>> import pygame
>>> body = ScrollBody()
>>> body.place(pygame.Rect(0, 0, 100, 50), content_height=200)
>>> body.max_scroll, body.scroll_by(500), body.scroll
(150, True, 150)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.rules import Card, card_symbol
from game.ui.core import theme
from game.ui.core.art import CardArt
from game.ui.core.richtext import render_rich
from game.ui.core.scrolling import Drag
from game.ui.core.text import font, wrap
from game.ui.core.widgets import Button, ButtonRow

TAP_SLOP = 8
"""Logical pixels a pointer may move before a press in the body becomes a drag."""

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)


class ScrollBody:
    """A rectangle showing part of a taller content, scrolled by drag, wheel and keys."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.content_height = 0
        self.scroll = 0
        self.line = 40
        """Pixels one arrow key or wheel notch scrolls."""
        self._drag = Drag()
        self.dragged = False
        """True when the last press was a drag rather than a tap."""

    def place(self, rect: pygame.Rect, content_height: int, line: int = 40) -> None:
        """Lay the body out in `rect` for content `content_height` pixels tall."""
        self.rect = rect
        self.content_height = max(0, int(content_height))
        self.line = max(1, line)
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def max_scroll(self) -> int:
        """How far the content can scroll."""
        return max(0, self.content_height - self.rect.height)

    def scroll_by(self, pixels: int) -> bool:
        """Scroll by `pixels` (down when positive); True when the view moved."""
        before = self.scroll
        self.scroll = max(0, min(self.max_scroll, self.scroll + int(pixels)))
        return self.scroll != before

    def scroll_to_show(self, top: int, bottom: int) -> None:
        """Scroll just enough that content rows `top`..`bottom` are in view."""
        if top < self.scroll:
            self.scroll = max(0, top)
        elif bottom > self.scroll + self.rect.height:
            self.scroll = min(self.max_scroll, bottom - self.rect.height)

    def handle(self, event: pygame.event.Event, density: float = 1.0) -> bool:
        """Drag, wheel and scrolling keys; True when the event was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                return False
            self._drag.press(event.pos, self.scroll)
            self.dragged = False
            return True
        if event.type == pygame.MOUSEMOTION and self._drag.pressing:
            offset = self._drag.move(event.pos, TAP_SLOP * density)
            if offset is not None:
                self.dragged = True
                self.scroll = max(0, min(self.max_scroll, offset))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressing = self._drag.pressing
            self._drag.release()
            return pressing
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_by(-event.y * self.line) or self.max_scroll > 0
        if event.type == pygame.KEYDOWN:
            page = max(self.line, self.rect.height - self.line)
            steps = {
                pygame.K_UP: -self.line,
                pygame.K_DOWN: self.line,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -self.content_height,
                pygame.K_END: self.content_height,
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
        return False

    @property
    def pressing(self) -> bool:
        """True while a pointer is down in the body."""
        return self._drag.pressing

    def cancel(self) -> None:
        """Forget a press (the window changed under it)."""
        self._drag.release()
        self.dragged = False

    def draw_bar(self, surface: pygame.Surface, colour: tuple[int, int, int], width: int) -> None:
        """A thin bar at the body's right edge showing where it is scrolled (when it scrolls)."""
        if not self.max_scroll:
            return
        rect = self.rect
        track = pygame.Rect(rect.right - width, rect.y, width, rect.height)
        length = max(width * 3, rect.height * rect.height // max(1, self.content_height))
        top = track.y + (rect.height - length) * self.scroll // max(1, self.max_scroll)
        pygame.draw.rect(surface, theme.TRACK, track, border_radius=width // 2)
        pygame.draw.rect(surface, colour, (track.x, top, width, length), border_radius=width // 2)


class ButtonBar:
    """Buttons with pointer, shortcut keys and a keyboard focus.

    `keys` maps pygame key codes to the button they press (its shortcut, shown on the button
    in landscape). Buttons that are hidden or disabled are skipped by the focus.
    """

    def __init__(
        self, buttons: list[Button], keys: dict[int, Button] | None = None, arrows: bool = True
    ) -> None:
        self.row = ButtonRow(buttons)
        self.keys = dict(keys or {})
        self.arrows = arrows
        """Left/Right move the focus too (a screen that uses the arrows itself says False)."""
        self.focus = 0
        self.show_focus = False
        """Set once the keyboard moved the focus: then the focused button is ringed."""

    @property
    def buttons(self) -> list[Button]:
        """Every button, shown or not."""
        return self.row.buttons

    def live(self) -> list[Button]:
        """The buttons that can be pressed now."""
        return [b for b in self.row.buttons if b.live]

    def focused(self) -> Button | None:
        """The button the keyboard would press."""
        live = self.live()
        if not live:
            return None
        return live[min(self.focus, len(live) - 1)]

    def move_focus(self, step: int) -> None:
        """Move the focus to the next (or previous) live button."""
        live = self.live()
        if live:
            current = min(self.focus, len(live) - 1)
            self.focus = (current + step) % len(live) if self.show_focus else current
        self.show_focus = True

    def handle(self, event: pygame.event.Event) -> bool:
        """Press, hover, shortcut and focus keys; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            if not getattr(event, "touch", False):
                self.row.hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.row.click(event.pos)
        if event.type != pygame.KEYDOWN:
            return False
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if shift else 1)
            return True
        if self.arrows and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_focus(-1 if event.key == pygame.K_LEFT else 1)
            return True
        if event.key in CONFIRM_KEYS and self.show_focus:
            button = self.focused()
            if button is not None:
                button.action()
                return True
        button = self.keys.get(event.key)
        if button is not None and button.live:
            button.action()
            return True
        return False

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """(text, rect) of every live button."""
        return self.row.targets()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the buttons (the focused one ringed once the keyboard is in use)."""
        self.row.draw(surface, self.focused() if self.show_focus else None)


def wrap_anywhere(text: str, size: int, width: int) -> list[str]:
    """Like `text.wrap`, but a word too long for a line (a file's path) is broken too,
    after a slash where it can be.

    >>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    'dummy'
    >>> lines = wrap_anywhere("Saved as /home/someone/.local/share/gin-rummy/hands/hand.json", 14, 150)
    >>> "".join(lines).replace("Saved as", "Saved as ") == "Saved as /home/someone/.local/share/gin-rummy/hands/hand.json"
    True
    >>> all(font(14).size(line)[0] <= 150 for line in lines)
    True
    """
    face = font(size)
    lines: list[str] = []
    for line in wrap(text, size, width):
        while face.size(line)[0] > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and face.size(line[:cut])[0] > width:
                cut -= 1
            slash = line.rfind("/", 1, cut)
            if slash > cut // 2:
                cut = slash + 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


@dataclass
class Piece:
    """One laid-out line of a :class:`Page`: text already rendered, or a row of small cards."""

    kind: str
    text: str
    y: int
    height: int
    image: pygame.Surface | None = None
    x: int = 0
    cards: list[tuple[Card, pygame.Rect]] = field(default_factory=list)


class Page:
    """A column of wrapped text lines (suits drawn as symbols) and rows of small cards,
    laid out once for a width and drawn at any scroll offset.

    Every piece records its kind and text, so tests can read what a screen says.
    """

    def __init__(self, width: int) -> None:
        self.width = max(1, width)
        self.y = 0
        self.pieces: list[Piece] = []

    @property
    def height(self) -> int:
        """The content's height in pixels."""
        return self.y

    def space(self, pixels: int) -> None:
        """Leave `pixels` empty."""
        self.y += max(0, pixels)

    def text(
        self,
        text: str,
        size: int,
        colour: tuple[int, int, int],
        kind: str = "line",
        bold: bool = False,
        centre: bool = False,
        indent: int = 0,
    ) -> None:
        """`text` wrapped to the width at font size `size`."""
        step = font(size, bold).get_linesize()
        for part in wrap(text, size, self.width - indent, bold) or [""]:
            image = render_rich(part, size, colour, bold=bold)
            x = (self.width - image.get_width()) // 2 if centre else indent
            self.pieces.append(Piece(kind, part, self.y, step, image, x))
            self.y += step

    def boxed(
        self,
        text: str,
        size: int,
        ink: tuple[int, int, int],
        fill: tuple[int, int, int],
        pad: int,
        kind: str = "box",
        bold: bool = False,
    ) -> None:
        """`text` wrapped inside a filled rounded box as wide as the page (one piece)."""
        lines = wrap(text, size, self.width - 2 * pad, bold) or [""]
        step = font(size, bold).get_linesize()
        box = pygame.Surface((self.width, step * len(lines) + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(box, fill, box.get_rect(), border_radius=max(4, pad))
        for index, line in enumerate(lines):
            image = render_rich(line, size, ink, bold=bold)
            box.blit(image, image.get_rect(midtop=(self.width // 2, pad + index * step)))
        self.pieces.append(Piece(kind, text, self.y, box.get_height(), box, 0))
        self.y += box.get_height()

    def cards(
        self, cards: list[Card], size: tuple[int, int], per_row: int, gap: int, kind: str = "cards"
    ) -> None:
        """`cards` as small faces, `per_row` to a row, left to right then down."""
        per_row = max(1, per_row)
        for start in range(0, len(cards), per_row):
            row = cards[start : start + per_row]
            placed = [
                (card, pygame.Rect(index * (size[0] + gap), 0, size[0], size[1]))
                for index, card in enumerate(row)
            ]
            text = " ".join(card_symbol(card) for card in row)
            self.pieces.append(Piece(kind, text, self.y, size[1], None, 0, placed))
            self.y += size[1] + gap

    def texts(self, kind: str | None = None) -> list[str]:
        """The text of every piece (of one kind), top to bottom."""
        return [p.text for p in self.pieces if kind is None or p.kind == kind]

    def draw(
        self,
        surface: pygame.Surface,
        origin: tuple[int, int],
        clip: pygame.Rect,
        scroll: int,
        art: CardArt,
        four_colour: bool,
    ) -> None:
        """Draw the pieces that show in `clip`, the content's top-left at `origin` less `scroll`."""
        previous = surface.get_clip()
        surface.set_clip(clip.clip(previous) if previous else clip)
        ox, oy = origin[0], origin[1] - scroll
        for piece in self.pieces:
            top = oy + piece.y
            if top > clip.bottom or top + piece.height < clip.top:
                continue
            if piece.image is not None:
                surface.blit(piece.image, (ox + piece.x, top))
            for card, rect in piece.cards:
                face = art.face(int(card.rank), card.suit.char, rect.size, four_colour)
                surface.blit(face, (ox + rect.x, top))
        surface.set_clip(previous)
