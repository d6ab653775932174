"""The new-match screen: every option of the rules engine and of the table, in plain words.

Each row names an option and its value as a player would say them ("Gin 25, undercut 20,
box 20", not a preset's code name); the option with the focus is explained beside the list
(landscape) or under it (portrait). Changing an option focuses it, so its explanation is
what the player reads next. An option that does nothing with the chosen variant or format
(Oklahoma's options in Standard Gin, the eleven-card deal under Oklahoma) stays in the list,
greyed, with the reason, and keeps its value for when it applies again.

Everything is read from and written to `game.storage.settings.Settings` (`options()`, `option()`,
`cycle()`, `ruleset()`, `new_match()`, `match_setup()`), and saved as it changes. "Start"
asks before a new match replaces a saved one.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import Match
from game.storage.settings import VARIANT_NAMES, MatchSetup, OptionInfo, Settings
from game.ui.core import theme
from game.ui.core.column import TOUCH_MIN, Column, finger_row, panel_view, row_height, split
from game.ui.core.drawing import felt
from game.ui.core.keys import codes
from game.ui.core.menu import Menu, MenuItem, fit_text
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font, wrap
from game.ui.core.widgets import Button, ButtonRow

HINT = "Arrows choose and change; a click steps a value on, its left arrow back."
ONLINE_SEATS = (
    "Online, a person's seat is for a friend who joins with the table's code; the computer plays the others."
)
FORMAT_WORDS = {"2": "two players", "3": "three players", "4": "four in partnerships"}

OPTION_ORDER = (
    "variant",
    "players",
    "seat0",
    "seat1",
    "seat2",
    "seat3",
    "ai_level",
    "bonuses",
    "target",
    "oklahoma_ace_gin_only",
    "oklahoma_extra_boxes",
    "oklahoma_spade_double",
    "shutout_doubles",
    "big_gin",
    "allow_rediscard",
    "last_discard_chance",
    "eleven_card_deal",
    "next_dealer",
    "first_dealer",
)
"""The rows of the screen, in order: the game, who plays, then the finer rules."""


def shown_options(settings: Settings) -> list[str]:
    """The options the screen lists: every one, but only the seats of players at the table.

    >>> shown_options(Settings(players="2"))[:5]
    ['variant', 'players', 'seat0', 'seat1', 'ai_level']
    """
    players = settings.player_count
    return [name for name in OPTION_ORDER if not (name.startswith("seat") and int(name[4:]) >= players)]


def row_label(info: OptionInfo) -> str:
    """What a row is called: seats say whose seat they are."""
    return f"Seat: {info.label}" if info.name.startswith("seat") else info.label


def match_summary(settings: Settings) -> str:
    """The match the settings make, in a few words.

    >>> match_summary(Settings(variant="oklahoma"))
    'Oklahoma Gin, two players, to 150'
    """
    rules = settings.ruleset()
    game = VARIANT_NAMES[settings.variant].split(" (")[0]
    return f"{game}, {FORMAT_WORDS[settings.players]}, to {rules.match_target}"


def _current_note(info: OptionInfo) -> str:
    """The line saying what the chosen value does (the computer's level), or ""."""
    for (value, _), note in zip(info.choices, info.choice_notes, strict=False):
        if value == info.value and type(value) is type(info.value):
            return f"{info.value_label}: {note}"
    return ""


def open_table(app: GameApp, match: Match, setup: MatchSetup | None) -> None:
    """Play `match` with `setup` (who sits where) at the table, in place of every screen."""
    app.screens.replace("table", match, setup)


class NewMatchScene(Scene):
    """Choose the game, who plays and every rule, then start."""

    name = "new_match"

    def __init__(self, app: GameApp, online: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.online = online
        """Choosing an online table's rules: "Create table" calls this instead of starting."""
        self.settings: Settings = app.settings
        self.menu = Menu([], pygame.Rect(0, 0, 1, 1))
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.summary_rect = pygame.Rect(0, 0, 1, 1)
        self.details = pygame.Rect(0, 0, 1, 1)
        here = pygame.Rect(0, 0, 1, 1)
        self.back_button = Button("Back", here.copy(), self.back, key="Esc")
        start = "Create table" if online is not None else "Start match"
        self.start_button = Button(start, here.copy(), self.start, key="Enter", accent=theme.ACCENT)
        self.buttons = ButtonRow([self.back_button, self.start_button])
        self.draw_list: list[tuple[str, str]] = []
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.choice_rects: list[tuple[str, object, pygame.Rect]] = []
        """The focused option's choices listed beside it (landscape): label, value, where."""
        self.choice_hover: int | None = None
        self._build()

    # --- the rows ---------------------------------------------------------------------------

    def _build(self) -> None:
        """(Re)make the rows: the seats listed follow the number of players."""
        focused = self.menu.focused.name if self.menu.focused is not None else ""
        settings = self.settings
        self.menu.items = [self._item(name) for name in shown_options(settings)]
        index = self.menu.index_of(focused)
        self.menu.focus = index if index is not None else min(self.menu.focus, len(self.menu.items) - 1)
        self.menu.scroll = min(self.menu.scroll, self.menu.max_scroll)

    def _item(self, name: str) -> MenuItem:
        settings = self.settings
        return MenuItem(
            row_label(settings.option(name)),
            value=lambda: settings.option(name).value_label,
            change=lambda step: self.change(name, step),
            unavailable=lambda: settings.option(name).reason,
            name=name,
            labels=lambda: [label for _, label in settings.option(name).choices],
        )

    def change(self, name: str, step: int) -> None:
        """Move option `name` to its next (step 1) or previous (-1) choice, and keep it."""
        info = self.settings.option(name)
        if not info.applies:
            return
        self.settings.cycle(name, step)
        self.app.save_settings()
        self._build()
        index = self.menu.index_of(name)
        if index is not None:
            self.menu.focus = index
        self.menu.follow_focus()

    def focused_option(self) -> OptionInfo | None:
        """The option whose explanation is shown."""
        item = self.menu.focused
        return self.settings.option(item.name) if item is not None else None

    # --- layout ---------------------------------------------------------------------------

    def resized(self) -> None:
        """Portrait: list, explanation, buttons stacked. Landscape: list | explanation + buttons."""
        view = panel_view(self.app.viewport)
        for button in self.buttons.buttons:
            button.size = view.font(24 if not view.portrait else 19)
            button.show_key = not view.portrait
        if view.portrait:
            self._portrait()
        else:
            self._landscape()
        self.menu.density = view.density
        self.menu.scroll = min(self.menu.scroll, self.menu.max_scroll)
        self.menu.follow_focus()

    def _portrait(self) -> None:
        view = panel_view(self.app.viewport)
        column = Column(view, width=520, top=10, bottom=10)
        self.title_rect = column.take(40, gap=0)
        self.summary_rect = column.take(22, gap=8)
        row = column.take_bottom(row_height(view, 46))
        self.back_button.rect, self.start_button.rect = split(row, 2, view.px(12))
        self.details = column.take_bottom(104, gap=8)
        self._menu_in(column.remaining(), row_height(view, 58, 58), 21)
        self.menu.stacked = True

    def _landscape(self) -> None:
        view = panel_view(self.app.viewport)
        design_w, design_h = view.design_size
        width = min(1240.0, design_w - 40)
        left = (design_w - width) / 2
        # Held sideways (the lobby's scale): a shorter heading, so more rows are in view.
        top, title_h, summary_h, gap = (6.0, 40.0, 24.0, 8.0) if view.design else (18.0, 56.0, 28.0, 14.0)
        self.title_rect = view.rect(left, top, width, title_h)
        self.summary_rect = view.rect(left, top + title_h, width, summary_h)
        body_top = top + title_h + summary_h + gap
        list_w = width * 0.56
        body_h = design_h - body_top - (10 if view.design else 20)
        self._menu_in(view.rect(left, body_top, list_w, body_h), finger_row(view, 46), 24)
        side_x = left + list_w + 28
        side_w = width - list_w - 28
        buttons_h = 50.0
        self.details = view.rect(side_x, body_top, side_w, body_h - buttons_h - 16)
        row = view.rect(side_x, body_top + body_h - buttons_h, side_w, buttons_h)
        self.back_button.rect, self.start_button.rect = split(row, 2, view.px(16))

    def _menu_in(self, area: pygame.Rect, rows: float, text: float) -> None:
        view = panel_view(self.app.viewport)
        old = self.menu
        self.menu = Menu(old.items, area, row_height=view.px(rows), font_size=view.font(text))
        self.menu.focus, self.menu.scroll = old.focus, old.scroll

    # --- what the buttons do ----------------------------------------------------------------

    def back(self) -> None:
        """Back to where the screen was opened from (the settings stay as chosen)."""
        self.app.screens.back(self)

    def start(self) -> None:
        """Start the match; ask first when it would replace a saved one."""
        if self.online is not None:
            self.app.screens.close(self)
            self.online()  # the online table's rules are chosen: the server deals
            return
        persistence = self.app.persistence
        saved = persistence.peek_saved_match() if persistence.has_saved_match() else None
        if saved is None:
            self.start_now()
            return
        self.app.screens.show(
            "confirm",
            "Replace your saved match?",
            f"You have a match to continue ({saved.summary}). A new match takes its place.",
            yes=("Start new match", self.start_now),
            no="Keep it",
        )

    def start_now(self) -> None:
        """Deal the first hand of a match with these settings."""
        settings = self.settings
        match = settings.new_match(self.app.match_rng())
        open_table(self.app, match, settings.match_setup())

    # --- input ----------------------------------------------------------------------------

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows in view, the focused option's choices (landscape) and the two buttons."""
        choices = [(f"choice {label}", rect) for label, _, rect in self.choice_rects]
        return self.menu.targets() + choices + self.buttons.targets()

    def choose(self, value: object) -> None:
        """A choice listed beside the focused option was clicked: that value, kept."""
        info = self.focused_option()
        if info is None or not info.applies:
            return
        self.settings.set_option(info.name, value)
        self.app.save_settings()
        self._build()

    def _choice_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, (_, _, rect) in enumerate(self.choice_rects) if rect.collidepoint(pos)), None)

    def handle(self, event: pygame.event.Event) -> None:
        """Rows by pointer or arrows (Left/Right/Space change), Enter starts, Esc goes back."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE or event.key == pygame.K_BACKSPACE:
                self.back()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return
            if event.key in codes("help"):
                self.app.screens.show("help")
                return
        if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self.buttons.hover(event.pos)
            self.choice_hover = self._choice_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.buttons.click(event.pos):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self._choice_at(event.pos)
            if index is not None:
                self.choose(self.choice_rects[index][1])
                return
        self.menu.handle(event)

    def autopilot(self) -> None:
        """Self-play starts the match."""
        self.start_now()

    # --- drawing --------------------------------------------------------------------------

    def spoken(self) -> tuple[str, ...]:
        """For a screen reader: the screen and its keys, then the focused option."""
        return (
            "New match. Up and down choose, left and right change, Enter starts the match.",
            self.menu.spoken(),
        )

    def draw(self, surface: pygame.Surface) -> None:
        """Title, what the match will be, the rows, the explanation and the buttons."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        surface.blit(felt(view.size), (0, 0))
        title = "Create a table" if self.online is not None else "New match"
        blit_text(surface, title, view.font(48 if not portrait else 32), theme.GOLD, "center",
                  self.title_rect.center)  # fmt: skip
        summary_size = view.font(24 if not portrait else 16)
        summary = fit_text(match_summary(self.settings), summary_size, self.summary_rect.width)
        blit_text(surface, summary, summary_size, theme.DIM, "center", self.summary_rect.center)
        self.draw_list = [("summary", match_summary(self.settings))]
        self.drawn = self.menu.draw(surface)
        self._draw_details(surface)
        focus = self.start_button
        self.buttons.draw(surface, focus if not portrait else None)

    def _draw_details(self, surface: pygame.Surface) -> None:
        info = self.focused_option()
        if info is None:
            return
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        rect = self.details
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=max(6, view.px(10)))
        pad = view.px(10 if portrait else 18)
        x, y, width = rect.x + pad, rect.y + pad // 2 + pad // 3, rect.width - 2 * pad
        head = view.font(22 if not portrait else 18)
        size = view.font(21 if not portrait else 17)
        step = font(size).get_linesize()
        bottom = rect.bottom - pad // 2
        clip = surface.get_clip()
        surface.set_clip(rect)
        heading = f"{row_label(info)}: {info.value_label}"
        blit_text(surface, fit_text(heading, head, width), head, theme.GOLD, "topleft", (x, y))
        y += font(head).get_linesize() + (pad // 3)
        explanation = info.explanation
        if self.online is not None and info.name.startswith("seat"):
            explanation = ONLINE_SEATS
        lines = [(line, theme.INK) for line in wrap(explanation, size, width)]
        note = _current_note(info)
        if note:
            lines += [(line, theme.DIM) for line in wrap(note, size, width)]
            self.draw_list.append(("note", note))
        if not info.applies:
            lines = [(line, theme.REASON) for line in wrap(f"Not used: {info.reason}", size, width)] + lines
        self.draw_list += [("explain", explanation)]
        if not info.applies:
            self.draw_list += [("reason", info.reason)]
        for line, colour in lines:
            if y + step > bottom:
                break
            blit_text(surface, line, size, colour, "topleft", (x, y))
            y += step
        self.choice_rects = []
        if not portrait:
            hint = view.font(18)
            hint_y = bottom - font(hint).get_linesize()
            y = self._draw_choices(surface, info, x, y + step // 2, width, size, hint_y)
            self._draw_ignored(surface, x, y + step // 2, width, size, hint_y)
            blit_text(surface, fit_text(HINT, hint, width), hint, theme.DIM, "topleft", (x, hint_y))
        surface.set_clip(clip)

    def _draw_choices(
        self, surface: pygame.Surface, info: OptionInfo, x: int, y: int, width: int, size: int, bottom: int
    ) -> int:
        """The option's choices as rows to click, the current one marked (landscape, where
        there is room)."""
        view = panel_view(self.app.viewport)
        step = round(font(size).get_linesize() * 1.25)
        if view.design:  # held sideways: each choice a fingertip tall, or none where no room
            step = max(step, round(TOUCH_MIN * view.density) + max(2, view.px(3)))
        if len(info.choices) <= 2 or y + step * (len(info.choices) + 1) > bottom:
            return y
        blit_text(surface, "Choose:", size, theme.DIM, "topleft", (x, y))
        y += font(size).get_linesize()
        radius = max(3, view.px(6))
        for index, (value, text) in enumerate(info.choices):
            current = value == info.value and type(value) is type(info.value)
            row = pygame.Rect(x, y, width, step - max(2, view.px(3)))
            if info.applies:
                fill = theme.ROW_HOVER if index == self.choice_hover else theme.ROW
                pygame.draw.rect(surface, fill, row, border_radius=radius)
                self.choice_rects.append((text, value, row))
            if current:
                pygame.draw.rect(surface, theme.FOCUS, row, width=max(1, view.px(2)), border_radius=radius)
            marker = "✓ " if current else ""
            colour = theme.GOLD if current else (theme.INK if info.applies else theme.GREY)
            label = fit_text(marker + text, size, width - 2 * view.px(8))
            blit_text(surface, label, size, colour, "midleft", (x + view.px(8), row.centery))
            y += step
        return y

    def _draw_ignored(
        self, surface: pygame.Surface, x: int, y: int, width: int, size: int, bottom: int
    ) -> None:
        """Choices the player made that this game does not use, with the reasons."""
        ignored = self.settings.ignored_options()
        if not ignored:
            return
        step = font(size).get_linesize()
        lines = [("Set but not used in this game:", theme.DIM)]
        for info in ignored:
            text = f"{row_label(info)} ({info.value_label}): {info.reason}"
            lines += [(line, theme.REASON) for line in wrap(text, size, width)]
            self.draw_list.append(("ignored", f"{info.label}: {info.reason}"))
        for line, colour in lines:
            if y + step > bottom:
                break
            blit_text(surface, line, size, colour, "topleft", (x, y))
            y += step
