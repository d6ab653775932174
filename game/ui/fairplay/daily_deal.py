"""The daily deal: one hand a day, the same cards for every player anywhere, against the expert.

The deck of the day comes from the date alone (`game.rules.daily_deck`; no server), so
everyone who plays on the same calendar day gets the same cards. The player sits in seat 0
and plays first (seat 1 deals); the expert AI plays seat 1 with a seed made from the date,
so it answers the same moves the same way for everyone too.

The flow: the title screen's "Daily deal · 30 Nov" entry opens the hand on the real table
(:class:`DailyTable`, shown by name; :func:`open_daily` does the same); the hand's result panel closes onto the daily
result (:class:`DailyResultScene`): a one-line summary to share (copied to the clipboard),
the streak of days, the deal check. Only the day's first result is recorded; playing the
deal again that day is practice, and the screens say so.
"""

from __future__ import annotations

import datetime

import pygame

from game.rules import Hand, IllegalAction, Match, RuleSet, daily_deck, daily_salt
from game.rules.daily import DAILY_DEALER, daily_date
from game.storage.stats import DailyResult
from game.ui.core import browser, dates, theme
from game.ui.core.column import Column, finger_row, panel_view, split
from game.ui.core.drawing import felt, panel
from game.ui.core.page import ButtonBar, Page, ScrollBody
from game.ui.core.scene import GameApp, OneHandPause, Scene
from game.ui.core.text import blit_text, font
from game.ui.core.widgets import Button
from game.ui.fairplay.daily_share import DailyOutcome, recorded_line
from game.ui.fairplay.deals import OneHand
from game.ui.fairplay.one_hand import OneHandTable
from game.ui.table.flow import FlowOptions
from game.ui.table.outcome import PlayedDeal, played_deal
from game.ui.table.protocols import TableApp

DAILY_LEVEL = "expert"
PLAYER_SEAT = 0
"""The player's seat in the daily deal (seat 1 deals, so the player acts first)."""


def daily_game(day: datetime.date) -> OneHand:
    """The day's deal as a one-hand game: standard rules, classic bonuses, seat 1 deals."""
    return OneHand(RuleSet.preset("standard"), DAILY_DEALER, daily_deck(day), daily_salt(day))


def daily_seed(day: datetime.date) -> int:
    """The expert's seed for the day (the date as a number), the same for every player.

    >>> daily_seed(datetime.date(2026, 11, 30))
    20261130
    """
    return day.year * 10000 + day.month * 100 + day.day


def open_daily(app: GameApp, day: datetime.date | None = None) -> None:
    """Start the daily deal of `day` (today by default) on the table."""
    app.screens.replace("daily_table", day or dates.today())


def copy_to_clipboard(text: str) -> bool:
    """Put `text` on the clipboard: the page's in the browser, SDL's on the desktop.

    False when that is not possible here (the text stays on screen to copy by hand).
    """
    if browser.in_browser():
        return browser.copy_text(text)
    try:
        import pygame.scrap as scrap

        scrap.put_text(text)
        return bool(scrap.has_text())
    except Exception:  # no clipboard on this system or driver: showing the line is enough
        return False


class DailyTable(OneHandTable):
    """The day's hand on the table, against the expert; the daily result follows it.

    It is one attempt: the day counts as played (and lost) from the deal, and the hand in
    progress is kept after each of the person's moves and on leaving, so quitting, closing
    the program or reloading the page and coming back resumes it exactly where it was.
    """

    name = "daily_table"
    after_hand_label = "See the daily result"

    def __init__(self, app: TableApp, day: datetime.date) -> None:
        game = daily_game(day)
        self.day = day
        self.earlier: DailyResult | None = app.stats.daily_result(day)
        """The day's recorded result when the deal was played before today: this is practice."""
        kept = app.persistence.load_daily_hand(daily_date(day)) if self._unfinished else None
        match = _resumed(game, kept) if kept is not None else None
        self.resumed = match is not None
        """True when the day's hand was left unfinished and is picked up where it was."""
        super().__init__(app, game, DAILY_LEVEL, daily_seed(day), match=match)
        self.outcome: DailyOutcome | None = None
        self.played: PlayedDeal | None = None
        self.counted = False
        self.given_up = False

    @property
    def _unfinished(self) -> bool:
        return self.earlier is not None and self.earlier.unfinished

    @property
    def practice(self) -> bool:
        """True when today's deal was already played: this game does not count."""
        return self.earlier is not None and not self.resumed

    def flow_options(self) -> FlowOptions:
        """As a one-hand game, and the hand in progress kept to resume (unless practice)."""
        options = super().flow_options()
        return FlowOptions(
            deal=options.deal,
            players=options.players,
            records=False,
            keep=None if self.practice else self.keep,
        )

    def keep(self, hand: Hand) -> None:
        """Keep the day's hand in progress (dropped once it is over or given up)."""
        persistence = self.app.persistence
        if self.given_up or hand.is_over:
            persistence.discard_daily_hand()
        else:
            persistence.save_daily_hand(daily_date(self.day), hand)

    def setup(self) -> None:
        """Deal the day's hand (or pick it up where it was left) and say what it is."""
        if self.resumed:
            self.intro = "Today's deal, where you left it. It is still your one game of the day."
        elif self.earlier is not None and self.earlier.unfinished:
            self.intro = (
                "Practice: today's deal was left unfinished, so it counted as lost. This game does not count."
            )
        elif self.earlier is not None:
            first = recorded_line(self.earlier.won, self.earlier.points, self.earlier.turns)
            self.intro = f"Practice: today's deal counted already ({first}). This game does not count again."
        else:
            self.intro = "Today's deal: the same cards for everyone. You play first, against the expert."
            if not self.app.selfplay and self.app.stats.begin_daily(self.day):
                self.app.persistence.save_stats(self.app.stats)
        super().setup()

    def pause_menu(self) -> OneHandPause:
        """The day's deal: quit to the title (it is kept to resume), or give it up."""
        if self.practice:
            return OneHandPause("Leave this practice game", self.leave)
        give_up = (
            "Give up today's deal",
            "Give up today's deal?",
            "It counts as lost, and today's deal cannot be played again for the record.",
            self.give_up,
        )
        return OneHandPause("Quit to title", self.leave, give_up)

    def leave(self) -> None:
        """To the title; the day's hand is kept to resume (the table keeps it as it goes)."""
        self.app.screens.replace("title")

    def give_up(self) -> None:
        """The day counts as lost (as it has since the deal) and its hand is dropped."""
        self.given_up = True
        self.app.persistence.discard_daily_hand()
        self.app.screens.replace("title")

    def on_hand_over(self) -> None:
        """The hand is over: record the day's result (only the first of the day counts)."""
        super().on_hand_over()
        hand = self.hand
        assert hand is not None
        self.outcome = DailyOutcome.of(hand, PLAYER_SEAT, self.day)
        self.played = played_deal(self, self.day)
        if self.app.selfplay:
            return
        outcome = self.outcome
        if self.practice:
            return  # practice: the day's record stays as it was
        self.counted = self.app.stats.record_daily(self.day, outcome.won, outcome.points, outcome.turns)
        if self.counted:
            self.app.persistence.save_stats(self.app.stats)

    def hand_done(self) -> None:
        """The result panel was closed: the daily result screen."""
        outcome, played = self.outcome, self.played
        if outcome is None or played is None:
            super().hand_done()
            return
        self.app.screens.replace("daily_result", outcome, played, self.counted, self.earlier)


def _resumed(game: OneHand, kept: Hand) -> Match | None:
    """The day's match with its hand replayed to where it was left (None if it will not go)."""
    match = game.match()
    hand = game.deal(match)
    try:
        for _, action in kept.actions:
            hand.apply(action)
    except IllegalAction:
        return None  # checked when it was read; a hand that no longer replays is not resumed
    return match


class DailyResultScene(Scene):
    """The day's result: the line to share, copying it, the streak, the deal check, the menu."""

    name = "daily_result"

    def __init__(
        self,
        app: GameApp,
        outcome: DailyOutcome,
        deal: PlayedDeal,
        counted: bool,
        earlier: DailyResult | None = None,
    ) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.deal = deal
        self.counted = counted
        self.earlier = earlier
        self.copy_note = ""
        self.body = ScrollBody()
        self.page = Page(1)
        self.board = pygame.Rect(0, 0, 1, 1)
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        here = pygame.Rect(0, 0, 1, 1)
        self.copy_button = Button("Copy result", here.copy(), self.copy, key="C", accent=theme.ACCENT)
        self.check_button = Button("Deal check", here.copy(), self.open_check, key="D")
        self.menu_button = Button("Menu", here.copy(), self.to_menu, key="Esc")
        buttons = [self.copy_button, self.check_button, self.menu_button]
        keys = {
            pygame.K_c: self.copy_button,
            pygame.K_d: self.check_button,
            pygame.K_ESCAPE: self.menu_button,
        }
        self.review_button = Button("Review", here.copy(), self.open_review, key="R")
        buttons.insert(2, self.review_button)
        keys[pygame.K_r] = self.review_button
        self.bar = ButtonBar(buttons, keys)

    # --- layout -------------------------------------------------------------------------------

    def resized(self) -> None:
        """A board: the title, the scrolling result, the buttons along the bottom."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        tight = portrait or view.design is not None  # a phone, upright or held sideways
        outer = Column(view, width=820, top=8 if tight else 32, bottom=8 if tight else 32, margin=8)
        self.board = outer.remaining()
        inner = outer.inside(side=(24 if portrait else 56), top=8, bottom=12)
        self.title_rect = inner.take(36 if tight else 52, gap=6)
        size, gap = finger_row(view, 52, 46), view.px(10)
        count = len(self.bar.buttons)
        if portrait and count > 3:  # two rows of two on a phone
            lower = split(inner.take_bottom(size, gap=8), 2, gap)
            rects = split(inner.take_bottom(size, gap=8), 2, gap) + lower
        else:
            rects = split(inner.take_bottom(size, gap=10), count, gap)
        for button, rect in zip(self.bar.buttons, rects, strict=True):
            button.rect = rect
            button.size = view.font(22 if not portrait else 16)
            button.show_key = not portrait
        body = inner.remaining()
        self.page = self._build_page(body.width - view.px(10))
        self.body.place(body, self.page.height, line=font(view.font(20)).get_linesize())

    def _build_page(self, width: int) -> Page:
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        outcome = self.outcome
        body, small = view.font(21 if not portrait else 17), view.font(17 if not portrait else 14)
        page = Page(width)
        page.text(outcome.headline(), view.font(36 if not portrait else 24), theme.GOLD, "headline", bold=True,
                  centre=True)  # fmt: skip
        page.text(
            outcome.points_line(), view.font(24 if not portrait else 17), theme.INK, "points", centre=True
        )
        page.space(view.px(14))
        page.text("Share it: the date, the result, no cards", small, theme.DIM, "label", centre=True)
        page.space(view.px(4))
        page.boxed(
            outcome.share_line(),
            view.font(28 if not portrait else 21),
            theme.PAPER_INK,
            theme.PAPER,
            view.px(12),
            "share",
        )
        page.space(view.px(6))
        if self.copy_note:
            page.text(self.copy_note, small, theme.GOOD if self.copy_note.startswith("Copied") else theme.DIM, "copied",
                      centre=True)  # fmt: skip
        page.space(view.px(12))
        if self.counted:
            page.text("Counted: your first game of today's deal.", body, theme.INK, "counted", centre=True)
        elif self.earlier is not None:
            first = (
                "left unfinished, lost"
                if self.earlier.unfinished
                else recorded_line(self.earlier.won, self.earlier.points, self.earlier.turns)
            )
            page.text(
                f"Practice: today's deal counted already ({first}). This game does not count again.",
                body, theme.INK, "practice", centre=True,
            )  # fmt: skip
        summary = self.app.stats.daily_summary(outcome.day)
        page.space(view.px(10))
        for label, value in summary.rows():
            page.text(f"{label}: {value}", body, theme.INK, "streak", centre=True)
        page.space(view.px(12))
        page.text(
            "Everyone gets the same cards today; a new deal comes with the new day.",
            small, theme.DIM, "note", centre=True,
        )  # fmt: skip
        return page

    # --- actions ------------------------------------------------------------------------------

    def copy(self) -> None:
        """Put the line on the clipboard (and say whether it worked)."""
        if copy_to_clipboard(self.outcome.share_line()):
            self.copy_note = "Copied: paste it anywhere."
        else:
            self.copy_note = "The clipboard is not available here: copy the line above by hand."
        self.resized()
        self.invalidate()

    def open_check(self) -> None:
        """The deal check of today's hand."""
        self.app.screens.show("deal_check", self.deal)

    def open_review(self) -> None:
        """The coach's review of today's hand."""
        deal = self.deal
        self.app.screens.show("review", deal.hand, deal.me, deal.names[1 - deal.me])

    def to_menu(self) -> None:
        """Back to the title screen."""
        self.app.screens.replace("title")

    # --- input and drawing --------------------------------------------------------------------

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons."""
        return self.bar.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons and their keys, then scrolling."""
        if self.bar.handle(event):
            return
        self.body.handle(event, self.app.viewport.density)

    def animating(self) -> bool:
        """Only while a finger drags the page."""
        return self.body.pressing

    def autopilot(self) -> None:
        """Self-play goes back to the menu."""
        self.to_menu()

    def texts(self) -> list[str]:
        """Everything the screen says, top to bottom (for tests)."""
        return [self.title(), *self.page.texts()]

    def title(self) -> str:
        """The heading: "Daily deal · 30 Nov 2026"."""
        return f"Daily deal · {dates.long_date(self.outcome.day)}"

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the scrolled result and the buttons."""
        view = panel_view(self.app.viewport)
        surface.blit(felt(view.size), (0, 0))
        panel(surface, self.board, view.scale)
        blit_text(surface, self.title(), view.font(26 if view.portrait or view.design else 40), theme.GOLD, "center",
                  self.title_rect.center)  # fmt: skip
        body = self.body.rect
        # A short page sits a little above the middle of the room it has.
        top = body.y + max(0, body.height - self.page.height) // 3
        self.page.draw(
            surface, (body.x, top), body, self.body.scroll, self.app.art, self.app.settings.four_colour
        )
        self.body.draw_bar(surface, theme.GOLD, max(3, view.px(4)))
        self.bar.draw(surface)
