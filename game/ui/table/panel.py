"""Painting the table's scores and facts: the side panel (landscape), the strip at the top
(portrait) or the compact panel (a phone held sideways), with the deadwood and the last moves.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.rules import Card, Event, Hand, Match, Phase, ResultKind, best_melds, card_symbol
from game.ui.core import theme
from game.ui.core.richtext import render_rich
from game.ui.core.text import blit_text, font, wrap
from game.ui.table.hand_order import best_discard_deadwood

if TYPE_CHECKING:
    from game.ui.table.protocols import Table


def draw_panel(scene: Table, surface: pygame.Surface) -> None:
    """The scores and facts, where the layout puts them (side panel, strip or compact panel)."""
    if scene.layout.portrait:
        _draw_strip(scene, surface)
        return
    if scene.layout.compact:
        _draw_compact_panel(scene, surface)
        return
    hand = scene.hand
    match = scene.match
    assert match is not None
    layout = scene.layout
    f = layout.font
    z = layout.zoom  # bigger text: the lines are that much further apart

    def step(units: float) -> int:
        return layout.px(units * z)

    panel = layout.panel
    x = panel.x + layout.px(16)
    right = panel.right - layout.px(16)
    y = panel.y + layout.px(14)
    rules = match.rules
    if z < 1.3:  # with big text the panel keeps its room for the scores and the deadwood
        blit_text(surface, "GIN RUMMY", f(28), theme.GOLD, "topleft", (x, y))
        y += step(34)
        line = variant_line(match, scene.match_goal())
        rect = blit_text(surface, line, f(18), theme.DIM, "topleft", (x, y))
        scene.draw_list.append(("goal", line, rect, None))
        y += step(30)
    if rules.players == 2:
        y = _draw_two_scores(scene, surface, x, right, y)
    else:
        y = _draw_side_scores(scene, surface, x, right, y)
    if hand is None:
        game = scene.background
        if game is not None:
            text = f"{' v '.join(game.names)}: {'over' if game.done else 'playing'}"
            for line in wrap(text, f(18), right - x):
                rect = blit_text(surface, line, f(18), theme.DIM, "topleft", (x, y))
                y = rect.bottom
            scene.draw_list.append(("away", text, pygame.Rect(x, y, right - x, 1), None))
        return
    blit_text(surface, _hand_line(scene), f(18), theme.DIM, "topleft", (x, y))
    y += step(30)
    limit = "Gin only" if hand.knock_limit == 0 else f"Knock limit: {hand.knock_limit}"
    limit_rect = pygame.Rect(x - layout.px(6), y - layout.px(4), right - x + layout.px(12), step(30))
    pygame.draw.rect(surface, theme.ROW, limit_rect, border_radius=layout.px(8))
    blit_text(surface, limit, f(22), theme.GOLD, "midleft", (x + layout.px(2), limit_rect.centery))
    scene.draw_list.append(("knock_limit", limit, limit_rect, hand.knock_limit))
    y += step(32)
    note = _oklahoma_note(scene)
    if note:
        blit_text(surface, note, f(17), theme.DIM, "topleft", (x, y))
        y += step(24)
    elif z == 1.0:
        y += step(24)
    _draw_deadwood(scene, surface, x, y)
    _draw_log(scene, surface)


def _draw_compact_panel(scene: Table, surface: pygame.Surface) -> None:
    """A phone held sideways: the scores, the knock limit and the deadwood in a few lines."""
    match, hand, layout = scene.match, scene.hand, scene.layout
    assert match is not None
    f = layout.font
    panel = layout.panel
    x, right = panel.x + layout.px(8), panel.right - layout.px(8)
    y = panel.y + layout.px(6)
    step = font(f(18)).get_linesize()
    for side, name in enumerate(_side_names(scene)):
        active = (
            hand is not None and hand.to_act is not None and match.side_of(scene.pairing[hand.to_act]) == side
        )
        colour = theme.GOLD if active else theme.INK
        scene.draw_list.append(
            ("heading", name, blit_text(surface, name, f(18), colour, "topleft", (x, y)), None)
        )
        shown = round(scene.tally.side(side))
        rect = blit_text(surface, str(shown), f(18), colour, "topright", (right, y))
        scene.draw_list.append(("score", name, rect, shown))
        y += step
    boxes = " ".join(str(b) for b in match.boxes)
    goal = scene.match_goal()
    line = goal if goal != f"to {match.target}" else f"{goal} · boxes {boxes}"
    least = round(theme.MIN_TEXT * layout.view.density)
    if font(_fitting(line, f(18), right - x, least)).size(line)[0] > right - x:
        line = goal  # bigger text: the boxes are on the score sheet
    rect = blit_text(surface, line, _fitting(line, f(18), right - x, least), theme.DIM, "topleft", (x, y))
    scene.draw_list.append(("goal", line, rect, None))
    y += font(f(18)).get_linesize() + layout.px(4)
    if hand is None:
        return
    limit = "Gin only" if hand.knock_limit == 0 else f"Knock limit {hand.knock_limit}"
    rect = blit_text(surface, limit, f(18), theme.GOLD, "topleft", (x, y))
    scene.draw_list.append(("knock_limit", limit, rect, hand.knock_limit))
    y += font(f(18)).get_linesize()
    _draw_deadwood(scene, surface, x, y, compact=True)
    _draw_log(scene, surface)


def variant_line(match: Match, goal: str) -> str:
    """ "Standard gin, to 100" (or "Standard gin, one hand") for the panel."""
    return f"{match.rules.variant.value.capitalize()} gin, {goal}"


def _oklahoma_note(scene: Table) -> str:
    hand, match = scene.hand, scene.match
    assert hand is not None and match is not None
    rules = match.rules
    if rules.variant.value != "oklahoma" or hand.upcard is None:
        return ""
    note = "Set by the upcard"
    if rules.oklahoma_spade_double and hand.upcard.suit.char == "S":
        note += " - spade: x2"
    return note


def _draw_strip(scene: Table, surface: pygame.Surface) -> None:
    """Portrait: the scores, the knock limit and the deadwood in one strip at the top."""
    match, hand, layout = scene.match, scene.hand, scene.layout
    assert match is not None
    f = layout.font
    strip = layout.panel
    x = strip.x + layout.px(8)
    top = strip.y + layout.px(4)
    names = _side_names(scene)
    parts = []
    for side, name in enumerate(names):
        active = (
            hand is not None and hand.to_act is not None and match.side_of(scene.pairing[hand.to_act]) == side
        )
        parts.append((name, round(scene.tally.side(side)), active, side))
    menu = layout.buttons["menu"]
    if menu.centerx < strip.centerx:  # left-handed: the Menu button is at the left end
        x = menu.right + layout.px(8)
        right = strip.right - layout.px(4)
    else:
        right = menu.left - layout.px(4)
    column = (right - x) // max(1, len(parts) + 1)
    least = round(theme.MIN_TEXT * layout.view.density)
    room = column - layout.px(4)
    # Bigger text: a column's words shrink to their column, never under the readable least.
    heading = min(_fitting(name, f(18), room, least) for name in [*names, scene.match_goal()])
    for index, (name, score, active, side) in enumerate(parts):
        cx = x + index * column
        colour = theme.GOLD if active else theme.INK
        rect = blit_text(
            surface, f"{name}", heading, theme.DIM if not active else theme.GOLD, "topleft", (cx, top)
        )
        scene.draw_list.append(("heading", name, rect, None))
        score_rect = blit_text(surface, str(score), f(21), colour, "topleft", (cx, rect.bottom))
        scene.draw_list.append(("score", name, score_rect, score))
        boxes = match.boxes[side]
        if boxes:
            # The boxes as small squares beside the score (a drawn mark: no glyph to miss).
            mark = max(4, layout.px(6))
            box = pygame.Rect(
                score_rect.right + layout.px(4), score_rect.bottom - layout.px(4) - mark, mark, mark
            )
            pygame.draw.rect(surface, theme.GOLD, box, border_radius=max(1, mark // 4))
            count = blit_text(
                surface,
                str(boxes),
                f(18),
                theme.DIM,
                "bottomleft",
                (box.right + layout.px(2), box.bottom + layout.px(2)),
            )
            scene.draw_list.append(("boxes", name, box.union(count), boxes))
    cx = x + len(parts) * column
    goal = scene.match_goal()
    rect = blit_text(surface, goal, heading, theme.DIM, "topleft", (cx, top))
    scene.draw_list.append(("goal", goal, rect, None))
    if hand is not None:
        limit = "Gin only" if hand.knock_limit == 0 else f"Knock {hand.knock_limit}"
        size = _fitting(limit, f(18), room, least)
        rect = blit_text(surface, limit, size, theme.GOLD, "topleft", (cx, rect.bottom))
        scene.draw_list.append(("knock_limit", limit, rect, hand.knock_limit))
    if hand is not None and layout.facts is not None:
        _draw_deadwood(scene, surface, layout.facts.centerx, layout.facts.y, compact=True, centre=True)
        _draw_log(scene, surface)


def _fitting(text: str, size: int, room: int, least: int) -> int:
    """The largest text size up to `size` at which `text` fits `room` pixels (not under `least`)."""
    while size > least and font(size).size(text)[0] > room:
        size -= 1
    return size


def _side_names(scene: Table) -> list[str]:
    match = scene.match
    assert match is not None
    return [scene.seating.side_name(side) for side in range(match.sides)]


def _hand_line(scene: Table) -> str:
    """Which hand this is and who deals (with three players, who sits out)."""
    hand, match = scene.hand, scene.match
    assert hand is not None and match is not None
    players = match.rules.players
    if players == 3:
        out = next(p for p in range(3) if p not in scene.pairing)
        return f"Hand {scene.hand_number} - {scene.player_name(out)} sits out"
    dealer = scene.player_name(scene.pairing[hand.dealer])
    return f"Hand {scene.hand_number} - dealer: {'you' if dealer == 'You' else dealer}"


def _draw_two_scores(scene: Table, surface: pygame.Surface, x: int, right: int, y: int) -> int:
    hand = scene.hand
    seating = scene.seating
    for side in range(2):
        name = seating.name(side)
        if not seating.is_person(side):
            name += f" ({level_label(scene)})"
        active = hand is not None and hand.to_act is not None and scene.pairing[hand.to_act] == side
        y = _draw_score_row(
            scene, surface, name, theme.GOLD if active else theme.INK, side, (x, right, y), compact=False
        )
    return y + scene.layout.px(4)


def level_label(scene: Table) -> str:
    """The computer's level for this match."""
    setup = scene.setup_of_match
    return setup.ai_level if setup is not None else scene.app.settings.ai_level


def _draw_score_row(
    scene: Table,
    surface: pygame.Surface,
    name: str,
    colour: tuple[int, int, int],
    side: int,
    place: tuple[int, int, int],
    *,
    compact: bool,
) -> int:
    """One side's name, counted-up score, boxes and box tally; returns the next row's y."""
    assert scene.match is not None
    layout = scene.layout
    x, right, y = place
    name_size, score_size, box_size, gap, after = (22, 26, 17, 23, 22) if compact else (24, 28, 17, 26, 28)
    if not layout.compact and not layout.portrait:
        gap, after = round(gap * layout.zoom), round(after * layout.zoom)
    blit_text(surface, name, layout.font(name_size), colour, "topleft", (x, y))
    shown = round(scene.tally.side(side))
    rect = blit_text(
        surface, str(shown), layout.font(score_size), colour, "topright", (right, y - layout.px(2))
    )
    scene.draw_list.append(("score", name, rect, shown))
    y += layout.px(gap)
    boxes = scene.match.boxes[side]
    blit_text(surface, f"{boxes} box{'es' if boxes != 1 else ''}", layout.font(box_size), theme.DIM, "topleft",
              (x + layout.px(2), y))  # fmt: skip
    tally = _draw_box_tally(surface, right, y + layout.px(2), boxes, layout.view.scale)
    if tally is not None:
        scene.draw_list.append(("boxes", name, tally, boxes))
    return y + layout.px(after)


def _draw_side_scores(scene: Table, surface: pygame.Surface, x: int, right: int, y: int) -> int:
    """Three individual scores, or two team scores, each with its boxes; then who plays."""
    hand, match = scene.hand, scene.match
    assert match is not None
    playing = set(scene.pairing) if hand is not None else set()
    for side, name in enumerate(_side_names(scene)):
        active = (
            hand is not None and hand.to_act is not None and match.side_of(scene.pairing[hand.to_act]) == side
        )
        colour = theme.GOLD if active else theme.INK
        if match.rules.players == 3 and side not in playing and hand is not None:
            colour = theme.DIM
            name += " (out)"
        y = _draw_score_row(scene, surface, name, colour, side, (x, right, y), compact=True)
    if hand is not None and match.rules.players == 4:
        blit_text(
            surface, f"Your game: v {scene.opp_name}", scene.layout.font(18), theme.INK, "topleft", (x, y)
        )
        y += scene.layout.px(22)
    return y + scene.layout.px(4)


def describe_event(
    event: Event, me: int = 0, them: str = "AI", gin: bool = False, names: tuple[str, str] | None = None
) -> str:
    """One public event in words, from the viewer's point of view ("AI took 7♥").

    `gin` says the knock is gin (known to the knocker at once, to the others once the melds
    are down), so the log says "went gin", not "knocked". `names` names both seats (people
    passing the device are each named, never "You").

    >>> from game.rules import Event
    >>> describe_event(Event(0, "knock")), describe_event(Event(1, "knock"), gin=True)
    ('You knocked', 'AI went gin')
    >>> describe_event(Event(0, "pass"), names=("South", "North"))
    'South passed'
    """
    mine = "You" if event.player == me else them
    who = names[event.player] if names is not None else mine
    card = card_symbol(event.card) if event.card is not None else ""
    if event.kind == "knock" and gin:
        return f"{who} went gin"
    texts = {
        "pass": f"{who} passed",
        "draw_stock": f"{who} drew from the stock",
        "draw_discard": f"{who} took {card}",
        "take_upcard": f"{who} took the upcard",
        "discard": f"{who} discarded {card}",
        "knock": f"{who} knocked",
        "gin": f"{who} went gin",
        "big_gin": f"{who} went big gin",
        "arrange": f"{who} laid down {len(event.melds)} melds",
        "lay_off": f"{who} laid off {card}",
        "end_layoff": f"{who} finished laying off",
    }
    return texts.get(event.kind, f"{who}: {event.kind.replace('_', ' ')}")


def _draw_log(scene: Table, surface: pygame.Surface, left: int | None = None) -> None:
    """The last few moves, newest at the bottom, so nothing the AI does goes unseen.

    Portrait shows only the newest, on its own line over the buttons.
    """

    hand = scene.hand
    assert hand is not None
    if scene.dealing:
        return
    layout = scene.layout
    area = layout.log
    if left is not None:
        area = pygame.Rect(left, area.y, max(1, area.right - left), area.height)
    lines = 1 if layout.portrait else (2 if layout.compact else 3)
    size = layout.font(17 if not (layout.portrait or layout.compact) else 18)
    step = font(size).get_linesize()
    lines = max(1, min(lines, area.height // step))  # bigger text: fewer lines
    recent = hand.history[-lines:]
    y = area.bottom - step * len(recent)
    for index, event in enumerate(recent):
        colour = theme.INK if index == len(recent) - 1 else theme.DIM
        them = scene.opp_name
        if scene.match is not None and scene.match.rules.players == 4:
            them = them.removeprefix("AI ")  # "West discarded ...": the panel is narrow
        names = (scene.player_name(scene.pairing[0]), scene.player_name(scene.pairing[1]))
        gin = event.kind == "knock" and _went_gin(hand, scene.me)
        text = describe_event(event, scene.me, them, gin=gin, names=names if scene.seating.shared else None)
        image = render_rich(text, size, colour)
        if image.get_width() > area.width:
            smallest = round(theme.MIN_TEXT * layout.view.density)
            image = render_rich(text, max(smallest, size * area.width // image.get_width()), colour)
        anchor = (
            image.get_rect(midtop=(area.centerx, y))
            if layout.portrait
            else image.get_rect(topleft=(area.x, y))
        )
        surface.blit(image, anchor)
        scene.draw_list.append(("log", text, anchor, None))
        y += step


def _went_gin(hand: Hand, me: int) -> bool:
    """Whether the knock of this hand was gin: known once the knocker's melds are down, and
    to the person who knocked from the moment they knocked."""
    if hand.result is not None:
        return hand.result.kind is ResultKind.GIN
    if hand.knocker == me and hand.phase is Phase.ARRANGE:
        return best_melds(hand.hands[me]).deadwood_value == 0
    return hand.knocker is not None and bool(hand.knocker_melds) and not hand.knocker_deadwood


def _draw_box_tally(
    surface: pygame.Surface, right: int, y: int, boxes: int, scale: float
) -> pygame.Rect | None:
    """Boxes as small filled squares, in rows of five (a plain bar read as a text cursor);
    returns the area they cover."""
    side = max(4, round(8 * scale))
    gap = max(2, round(3 * scale))
    shown = min(boxes, 15)
    drawn = []
    for index in range(shown):
        row, col = divmod(index, 5)
        x = right - (5 - col) * (side + gap)
        square = pygame.Rect(x, y + row * (side + gap), side, side)
        pygame.draw.rect(surface, theme.GOLD, square, border_radius=max(1, side // 4))
        drawn.append(square)
    return drawn[0].unionall(drawn[1:]) if drawn else None


def _draw_deadwood(
    scene: Table, surface: pygame.Surface, x: int, y: int, compact: bool = False, centre: bool = False
) -> pygame.Rect | None:
    """Your deadwood, and what it would be after the best discard or layoffs: two lines in
    the side panel, one on a phone (centred on `x` with `centre`), one or two in a phone
    held sideways's narrow panel."""
    hand = scene.hand
    assert hand is not None
    layout = scene.layout
    held = hand.hands[scene.me]
    if scene.dealing:
        return None
    if scene.laid_out and hand.knocker == scene.me:
        value = sum(c.value for c in hand.knocker_deadwood)
    elif not held:
        return None
    else:
        value = scene.order.melds().deadwood_value  # cached by the hand order
    colour = theme.GOOD if value <= hand.knock_limit else theme.INK
    text = f"Deadwood: {value}"
    extra = ""
    defence = scene.suggested_defence()
    short = ""
    if defence is not None:
        extra = f"after best layoffs: {defence.deadwood_value}"
        short = f"{defence.deadwood_value} after layoffs"
    if len(held) == 11 and hand.phase is Phase.DISCARD and hand.to_act == scene.me:
        after = _best_discard(tuple(sorted(held)))
        extra = f"after best discard: {after}"
        short = f"{after} after discard"
        if after <= hand.knock_limit:
            colour = theme.GOOD
    if compact:
        size = layout.font(18)
        line = f"Deadwood {value}" + (f" ({short})" if short else "")
        if layout.compact and short and font(size).size(line)[0] > layout.panel.right - x - layout.px(6):
            # The narrow panel of a phone held sideways: the second part on its own line.
            rect = blit_text(surface, f"Deadwood {value}", size, colour, "topleft", (x, y))
            scene.draw_list.append(("deadwood", str(value), rect, value))
            room = layout.panel.right - x - layout.px(6)
            least = round(theme.MIN_TEXT * layout.view.density)
            note = blit_text(surface, f"({short})", _fitting(f"({short})", size, room, least), colour, "topleft",
                             (x, rect.bottom))  # fmt: skip
            scene.draw_list.append(("deadwood_note", short, note, None))
            return rect.union(note)
        anchor = "midtop" if centre else "topleft"
        rect = blit_text(surface, line, size, colour, anchor, (x, y))
        scene.draw_list.append(("deadwood", str(value), rect, value))
        return rect
    rect = blit_text(surface, text, layout.font(24), colour, "topleft", (x, y))
    scene.draw_list.append(("deadwood", str(value), rect, value))
    if extra:
        note = blit_text(surface, extra, layout.font(18), theme.DIM if colour != theme.GOOD else theme.GOOD, "topleft",
                         (x, y + layout.px(28 * layout.zoom)))  # fmt: skip
        scene.draw_list.append(("deadwood_note", extra, note, None))
    return rect


@lru_cache(maxsize=4)
def _best_discard(held: tuple[Card, ...]) -> int:
    """The deadwood after the best discard (asked every frame; the hand changes rarely)."""
    return int(best_discard_deadwood(list(held)))
