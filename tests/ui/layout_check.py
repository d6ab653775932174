"""Checks every scene's pressable rectangles against the window it is laid out for.

`layout_problems(app)` looks at the top scene's `hit_targets()`: each must lie inside the
window, no two may overlap, and in portrait each must be at least 44 logical pixels in both
directions (a fingertip). Tests call it for every scene at every size in `SIZES`.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.ui.app import App

SIZES = [(360, 640), (390, 844), (768, 1024), (1280, 720), (1920, 1080)]
"""Two phones and a tablet upright, a laptop and a big monitor."""
TOUCH_MIN = 44


def layout_problems(app: App, touch_min: float = TOUCH_MIN) -> list[str]:
    """What is wrong with the top scene's pressable rectangles (empty when nothing is)."""
    scene = app.stack.top
    assert scene is not None
    window = pygame.Rect((0, 0), app.viewport.size)
    targets = scene.hit_targets()
    problems = []
    for name, rect in targets:
        if not window.contains(rect):
            problems.append(f"{name!r} {rect} is not inside the {window.size} window")
        if app.viewport.portrait:
            short = min(rect.width, rect.height) / app.viewport.density
            if short < touch_min:
                problems.append(f"{name!r} {rect} is {short:.0f} px across: under {touch_min} for a finger")
    for (a_name, a), (b_name, b) in itertools.combinations(targets, 2):
        if a.colliderect(b):
            problems.append(f"{a_name!r} {a} overlaps {b_name!r} {b}")
    return problems


# --- what a frame draws: text sizes -----------------------------------------------------------

from game.ui.core.theme import MIN_TEXT  # noqa: E402  (the smallest em of any text, issue 18)


@contextmanager
def drawn_text() -> Iterator[list[tuple[str, int]]]:
    """Record every line of text rendered while the block runs: (text, em in real pixels).

    Every text the game draws is rendered by `game.ui.core.text.label` or
    `game.ui.core.richtext.render_rich`; both are wrapped here, in every module that holds
    them, and put back afterwards.
    """
    from game.ui.core import richtext, text

    seen: list[tuple[str, int]] = []
    originals = {"label": text.label, "render_rich": richtext.render_rich}

    def label(words: str, size: int, *args: object, **kwargs: object) -> pygame.Surface:
        seen.append((words, size))
        return originals["label"](words, size, *args, **kwargs)  # type: ignore[operator]

    def render_rich(words: str, size: int, *args: object, **kwargs: object) -> pygame.Surface:
        seen.append((words, size))
        return originals["render_rich"](words, size, *args, **kwargs)  # type: ignore[operator]

    wrappers = {"label": label, "render_rich": render_rich}
    patched: list[tuple[object, str, object]] = []
    for module in list(sys.modules.values()):
        if module is None or not getattr(module, "__name__", "").startswith("game.ui"):
            continue
        for name, wrapper in wrappers.items():
            if getattr(module, name, None) is originals[name]:
                patched.append((module, name, originals[name]))
                setattr(module, name, wrapper)
    try:
        yield seen
    finally:
        for module, name, original in patched:
            setattr(module, name, original)


def text_size_problems(app: App, minimum: float = MIN_TEXT) -> list[str]:
    """Every line of text the window draws now whose em is under `minimum` logical pixels."""
    with drawn_text() as seen:
        app.stack.draw(app.surface)
    density = app.viewport.density
    small = sorted({(size, words) for words, size in seen if words.strip() and size / density < minimum})
    return [f"{words!r} is drawn {size / density:.0f} px high (em): under {minimum}" for size, words in small]


# --- the table: what it drew, and what covers what ----------------------------------------------


def table_problems(table: object) -> list[str]:
    """What is wrong with the table as last drawn (`table.draw_list`, in drawing order).

    - every card, line of text, button and mark lies inside the window;
    - no two lines of text overlap;
    - every face-up card's corner index is readable: nothing drawn after the card covers its
      index (a card above it may cover the turned index of a fanned card, and the cards
      under the top of the discard pile are the pile's own);
    - a ring round a card stays on that card and under every card lying above it.
    """
    from game.ui.table.draw import TEXT_KINDS

    hand = getattr(table, "hand", None)
    entries = list(getattr(table, "draw_list", []))
    window = pygame.Rect((0, 0), table.app.viewport.size)  # type: ignore[attr-defined]
    problems: list[str] = []
    pile_under = set()
    if hand is not None:
        pile = [str(c) for c in hand.discard_pile]
        pile_under = set(pile[:-1] if hand.knock_card is None else pile)
    for kind, text, rect, _ in entries:
        drawn = kind in ("card", "button", "mark") or kind in TEXT_KINDS
        if drawn and not window.contains(rect):
            problems.append(f"{kind} {text!r} {rect} is not wholly inside the {window.size} window")
    texts = [(kind, text, rect) for kind, text, rect, _ in entries if kind in TEXT_KINDS]
    for (a_kind, a, a_rect), (b_kind, b, b_rect) in itertools.combinations(texts, 2):
        if a_rect.colliderect(b_rect):
            problems.append(f"{a_kind} {a!r} {a_rect} overlaps {b_kind} {b!r} {b_rect}")
    cards = {}
    for position, (kind, text, rect, face) in enumerate(entries):
        if kind == "card":
            cards[text] = (position, rect)
        if kind != "card" or not face or text in pile_under:
            continue
        problems += _index_covered(text, rect, entries[position + 1 :], table.app.viewport.density)  # type: ignore[attr-defined]
    for position, (kind, text, rect, _) in enumerate(entries):
        if kind != "ring" or text not in cards:
            continue
        card_at, card_rect = cards[text]
        if not card_rect.contains(rect):
            problems.append(f"the ring round {text} {rect} reaches outside the card {card_rect}")
        for other_kind, other, other_rect, _ in entries[card_at + 1 : position]:
            if other_kind == "card" and other_rect.colliderect(rect):
                problems.append(f"the ring round {text} is drawn over {other}, which lies above it")
    return problems


PAINTED = frozenset({"card", "mark", "ring", "button", "toast"})
"""Draw-list kinds that paint something (besides text); the rest name what was drawn."""


def _index_covered(
    name: str, rect: pygame.Rect, later: list[tuple[str, str, pygame.Rect, object]], density: float
) -> list[str]:
    """Whether anything drawn after card `name` (at `rect`) covers its corner indices.

    The top-left index must stay clear of everything. The turned index (bottom-right, on a
    full-size card) may disappear under the next card of a fan; once a card covers it,
    nothing drawn later can hide it any more than it is.
    """
    from game.ui.core.art import index_boxes
    from game.ui.table.draw import TEXT_KINDS

    corners = [box.move(rect.topleft) for box in index_boxes(rect.size, density)]
    alive = [True] * len(corners)
    problems = []
    for kind, text, drawn, value in later:
        if kind not in PAINTED and kind not in TEXT_KINDS:
            continue
        if kind == "ring" and text == name:
            continue  # its own ring, on its edge
        shape = ring_edges(drawn, int(value)) if kind == "ring" else [drawn]  # type: ignore[call-overload]
        for number, corner in enumerate(corners):
            if not alive[number] or not any(corner.colliderect(part) for part in shape):
                continue
            if kind == "card" and number > 0:
                alive[number] = False  # a fanned card's turned index goes under the next card
                continue
            problems.append(f"{name}'s corner index {corner} is covered by {kind} {text!r}")
            alive[number] = False
    return problems


def ring_edges(rect: pygame.Rect, w: int) -> list[pygame.Rect]:
    """The four strips a ring `w` pixels wide paints inside `rect`'s edge."""
    return [
        pygame.Rect(rect.left, rect.top, rect.width, w),
        pygame.Rect(rect.left, rect.bottom - w, rect.width, w),
        pygame.Rect(rect.left, rect.top, w, rect.height),
        pygame.Rect(rect.right - w, rect.top, w, rect.height),
    ]


def cut_by(cover: pygame.Rect, table: object) -> list[str]:
    """Cards and lines of text of the table that `cover` (a panel over it) cuts: each must be
    wholly under the panel or wholly clear of it."""
    from game.ui.table.draw import TEXT_KINDS

    problems = []
    for kind, text, rect, _ in getattr(table, "draw_list", []):
        if kind != "card" and kind not in TEXT_KINDS:
            continue
        if rect.colliderect(cover) and not cover.contains(rect):
            problems.append(f"the panel {cover} cuts {kind} {text!r} {rect}")
    return problems


def table_layout_problems(app: App) -> list[str]:
    """Everything the table's layout tests check: the pressable things (`layout_problems`),
    the size of every line of text, and, with the table in view at rest, what covers what."""
    problems = layout_problems(app)
    top = app.stack.top
    if top is not None and (top.name in TABLE_NAMES or top.name == "hand_result"):
        problems += text_size_problems(app)
    table = next((s for s in reversed(app.stack.scenes) if s.name in TABLE_NAMES), None)
    if table is None or getattr(table, "hand", None) is None:
        return problems
    surface = pygame.Surface(app.viewport.size)
    table.draw(surface)
    problems += table_problems(table)
    if top is not None and top.name == "hand_result":
        problems += cut_by(top.rect, table)  # type: ignore[attr-defined]
        band = getattr(top, "band_box", None)
        if band is not None:
            problems += cut_by(band, table)
    return problems


TABLE_NAMES = ("table", "one_hand_table", "daily_table", "tutorial")
"""The names the table scene goes by."""
