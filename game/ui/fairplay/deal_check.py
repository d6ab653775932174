"""The deal check screen: after a hand, the proof that its deck was fixed before play.

Before each deal the table shows a short fingerprint of the deal's commitment (SHA-256 of the
deal's terms: the rules, the dealer, the scores, a salt and the deck order; docs/fairness.md).
Once the hand is over the deck and the salt are revealed, and this screen computes the
commitment again, on the spot: it shows the fingerprint shown before the deal, the salt, the
deck in deal order as small cards, whether the two agree ("✓ matches" / "✗ does not match"),
and how to check it without the game.

From here the hand can be exported (the file ``python -m game.verify`` checks) and the deal
replayed, from the same seat or the other one, against the same AI. The hand result panel
offers this screen through the button :func:`deal_check_button` registers with the table.

>>> from game.rules import daily_hand
>>> hand = daily_hand("2024-03-01")
>>> from dataclasses import replace
>>> check = DealCheck(hand.commitment, hand.terms)
>>> check.matches, check.verdict
(True, '✓ matches')
>>> DealCheck(hand.commitment, replace(hand.terms, deck=hand.deck[::-1])).verdict
'✗ does not match'
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass

import pygame

from game.rules import Card, DealTerms, fingerprint, verify_commitment
from game.ui.core import theme
from game.ui.core.column import Column, panel_view, place_button_bar
from game.ui.core.drawing import felt, panel
from game.ui.core.layout import card_size
from game.ui.core.page import ButtonBar, Page, ScrollBody, wrap_anywhere
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, font
from game.ui.core.widgets import Button
from game.ui.fairplay.deals import replay_deal
from game.ui.fairplay.export import export_hand_file
from game.ui.table.after_hand import AfterHand
from game.ui.table.outcome import FinishedTable, HandOutcome, PlayedDeal, played_deal

VERIFY_COMMAND = "python -m game.verify"
GUIDE = "docs/fairness.md"


@dataclass(frozen=True)
class DealCheck:
    """The commitment shown before a deal, checked against the deal's revealed terms."""

    shown: str | None
    """The commitment as the table showed it before play (None: the deal had none)."""
    terms: DealTerms | None
    """What the deal committed to (rules, dealer, scores, salt, deck), revealed after the hand."""

    @property
    def matches(self) -> bool:
        """Whether SHA-256 of the deal's terms gives the commitment shown."""
        return self.shown is not None and self.terms is not None and verify_commitment(self.shown, self.terms)

    @property
    def computed(self) -> str | None:
        """The commitment computed now from the revealed terms (None without a commitment)."""
        return self.terms.commitment if self.terms is not None else None

    @property
    def verdict(self) -> str:
        """The check in two words and a mark."""
        if self.shown is None:
            return "No commitment"
        return "✓ matches" if self.matches else "✗ does not match"


def check_of(deal: PlayedDeal) -> DealCheck:
    """The deal check of a finished hand."""
    return DealCheck(deal.shown, deal.hand.terms)


def deck_groups(deal: PlayedDeal) -> list[tuple[str, list[Card]]]:
    """The deck in order, in three labelled parts: the deal, the 21st card, the stock.

    >>> from game.rules import daily_hand
    >>> from game.verify import PersonSeat
    >>> hand = daily_hand("2024-03-01")
    >>> [(label, len(cards)) for label, cards in deck_groups(PlayedDeal(hand, 0, (PersonSeat(), PersonSeat()), None))]
    [('Cards 1 to 20, dealt one at a time, the first to you:', 20), ('Card 21, the upcard:', 1), ('Cards 22 to 52, the stock, drawn in this order:', 31)]
    """
    hand = deal.hand
    deck = list(hand.deck)
    first = deal.names[1 - hand.dealer]
    eleventh = "the upcard" if not hand.rules.eleven_card_deal else f"the eleventh card, to {first}"
    return [
        (f"Cards 1 to 20, dealt one at a time, the first to {first}:", deck[:20]),
        (f"Card 21, {eleventh}:", deck[20:21]),
        ("Cards 22 to 52, the stock, drawn in this order:", deck[21:]),
    ]


class FairPlayScene(Scene):
    """Deal check: the fingerprint, the salt, the deck, the check; export and replay."""

    name = "deal_check"

    def __init__(self, app: GameApp, deal: PlayedDeal) -> None:
        super().__init__(app)
        self.deal = deal
        self.body = ScrollBody()
        self.page = Page(1)
        self.board = pygame.Rect(0, 0, 1, 1)
        self.title_rect = pygame.Rect(0, 0, 1, 1)
        self.notice_rect = pygame.Rect(0, 0, 1, 1)
        self.notice = ""
        self.notice_ok = True
        here = pygame.Rect(0, 0, 1, 1)
        self.export_button = Button("Export hand", here.copy(), self.export, key="E")
        self.mine_button = Button("Replay my cards", here.copy(), lambda: self.replay(True), key="R")
        self.theirs_button = Button("Replay their cards", here.copy(), lambda: self.replay(False), key="O")
        self.back_button = Button("Back", here.copy(), self.back, key="Esc", accent=theme.ACCENT)
        buttons = [self.export_button, self.mine_button, self.theirs_button, self.back_button]
        self.bar = ButtonBar(
            buttons,
            {
                pygame.K_e: self.export_button,
                pygame.K_r: self.mine_button,
                pygame.K_o: self.theirs_button,
                pygame.K_ESCAPE: self.back_button,
                pygame.K_BACKSPACE: self.back_button,
            },
        )

    # --- layout -------------------------------------------------------------------------------

    def resized(self) -> None:
        """A board over the felt: title, the scrolling check, a notice line, the buttons."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        tight = portrait or view.design is not None  # a phone, upright or held sideways
        outer = Column(view, width=1000, top=8 if tight else 24, bottom=8 if tight else 24, margin=8)
        self.board = outer.remaining()
        inner = outer.inside(side=(24 if portrait else 48), top=8, bottom=10)
        self.title_rect = inner.take(36 if tight else 48, gap=4)
        place_button_bar(view, inner, self.bar.buttons)  # at the lobby's scale, a fingertip tall
        self.notice_rect = inner.take_bottom(40 if tight else 46, gap=6)
        body = inner.remaining()
        self.page = self._build_page(body.width - view.px(10))
        self.body.place(body, self.page.height, line=font(self._body_size).get_linesize())

    @property
    def _body_size(self) -> int:
        return panel_view(self.app.viewport).font(21 if not panel_view(self.app.viewport).portrait else 16)

    def _build_page(self, width: int) -> Page:
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        deal, check = self.deal, check_of(self.deal)
        body, small = self._body_size, view.font(17 if not portrait else 14)
        page = Page(width)
        colour = theme.GOOD if check.matches else theme.BAD
        page.text(check.verdict, view.font(34 if not portrait else 24), colour, "verdict", bold=True)
        page.space(view.px(4))
        shown = fingerprint(check.shown) if check.shown else ""
        computed = check.computed
        if check.shown is None:
            page.text("This hand was dealt before deals carried a commitment: there is nothing to check.",
                      body, theme.INK, "explain")  # fmt: skip
        elif check.matches:
            page.text(
                "SHA-256 of the deal's terms (rules, dealer, scores, the salt and the deck below), "
                f"computed now, gives {shown}..., "
                "the fingerprint shown before the deal. The deck was fixed before the first card was played.",
                body, theme.INK, "explain",
            )  # fmt: skip
        else:
            now = fingerprint(computed) if computed else "nothing"
            page.text(
                "SHA-256 of the deal's terms (rules, dealer, scores, the salt and the deck below), "
                f"computed now, gives {now}..., but the "
                f"fingerprint shown before the deal was {shown}: the deal changed after it was committed.",
                body, theme.BAD, "explain",
            )  # fmt: skip
        page.space(view.px(10))
        page.text("Fingerprint shown before the deal", small, theme.DIM, "label")
        page.text(
            shown or "none", view.font(26 if not portrait else 19), theme.GOLD, "fingerprint", bold=True
        )
        page.space(view.px(6))
        page.text("Salt, revealed after the hand", small, theme.DIM, "label")
        page.text(deal.hand.salt or "none", body, theme.INK, "salt")
        page.space(view.px(6))
        page.text(
            "Commitment computed now (its first 12 digits are the fingerprint)", small, theme.DIM, "label"
        )
        page.text(_spaced(computed) if computed else "none", small, theme.INK, "computed")
        page.space(view.px(12))
        page.text(
            "The deck, in deal order", view.font(24 if not portrait else 17), theme.GOLD, "heading", bold=True
        )
        gap = max(2, view.px(4))
        minimum = view.px(34 if portrait else 40)
        per_row = max(4, min(13, (width + gap) // (minimum + gap)))
        card_w = min(view.px(60), (width - gap * (per_row - 1)) // per_row)
        for label, cards in deck_groups(deal):
            page.space(view.px(4))
            page.text(label, small, theme.DIM, "group")
            page.space(view.px(2))
            page.cards(cards, card_size(card_w), per_row, gap)
        page.space(view.px(10))
        page.text(
            "Check it yourself", view.font(24 if not portrait else 17), theme.GOLD, "heading", bold=True
        )
        page.text(
            f"Export this hand, then run {VERIFY_COMMAND} on the file: it checks the commitment, "
            "replays every move and asks the AI again for each of its own.",
            body, theme.INK, "howto",
        )  # fmt: skip
        page.text(f"{GUIDE} shows the same check by hand, with sha256sum.", body, theme.INK, "howto")
        return page

    # --- actions ------------------------------------------------------------------------------

    def export(self) -> None:
        """Save the hand export (or download it in the browser) and say where it went."""
        day = self.deal.day or datetime.date.today()
        result = export_hand_file(self.deal.hand, self.deal.seats, day)
        self.notice, self.notice_ok = result.message, result.saved
        self.invalidate()

    def replay(self, same_seat: bool) -> None:
        """Play this deck again: my cards, or the other seat's, against the same AI."""
        deal = self.deal
        opponent = deal.opponent
        level = opponent.level if opponent is not None else self.app.settings.ai_level
        seed = opponent.seed if opponent is not None else self.app.seed + 1
        game = replay_deal(deal.hand, deal.me, same_seat)
        whose = "your cards" if same_seat else f"{deal.names[1 - deal.me]}'s cards"
        intro = f"Replay: the same deck, {whose}. Practice: this hand counts nowhere."
        self.app.screens.show("one_hand_table", game, level, seed, intro)

    def back(self) -> None:
        """Back to where the check was opened from."""
        self.app.screens.close(self)

    # --- input and drawing --------------------------------------------------------------------

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons (the body only scrolls)."""
        return self.bar.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons and their keys first, then scrolling."""
        if self.bar.handle(event):
            return
        self.body.handle(event, panel_view(self.app.viewport).density)

    def animating(self) -> bool:
        """Only while a finger drags the deck along."""
        return self.body.pressing

    def texts(self) -> list[str]:
        """Everything the screen says, top to bottom (for tests)."""
        return ["Deal check", *self.page.texts(), *self._notice_lines()]

    def _notice_lines(self) -> list[str]:
        if not self.notice:
            return []
        size = panel_view(self.app.viewport).font(17 if not panel_view(self.app.viewport).portrait else 13)
        return wrap_anywhere(self.notice, size, self.notice_rect.width)

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the scrolled check, the notice and the buttons."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        surface.blit(felt(view.size), (0, 0))
        panel(surface, self.board, view.scale)
        title = view.font(30 if view.design else theme.TITLE.of(view))
        blit_text(surface, "Deal check", title, theme.GOLD, "midleft",
                  self.title_rect.midleft)  # fmt: skip
        body = self.body.rect
        self.page.draw(
            surface, body.topleft, body, self.body.scroll, self.app.art, self.app.settings.four_colour
        )
        self.body.draw_bar(surface, theme.GOLD, max(3, view.px(4)))
        size = view.font(17 if not portrait else 13)
        y = self.notice_rect.y
        colour = theme.DIM if self.notice_ok else theme.BAD
        for line in self._notice_lines()[:3]:
            blit_text(surface, line, size, colour, "topleft", (self.notice_rect.x, y))
            y += font(size).get_linesize()
        self.bar.draw(surface)


def _spaced(digits: str) -> str:
    """Hex digits in groups of four, so a long digest wraps and reads in chunks.

    >>> _spaced("0123456789ab")
    '0123 4567 89ab'
    """
    return " ".join(digits[i : i + 4] for i in range(0, len(digits), 4))


def open_deal_check(app: GameApp, table: FinishedTable) -> None:
    """Show the deal check of the finished hand on `table`."""
    app.screens.show("deal_check", played_deal(table, datetime.date.today()))


def deal_check_button() -> AfterHand:
    """The result panel's Deal check button: offered when the deal showed a commitment (not
    for a prepared lesson, nor a hand saved before deals carried one)."""

    def press(app: GameApp, outcome: HandOutcome) -> None:
        app.screens.show("deal_check", dataclasses.replace(outcome.played, day=datetime.date.today()))

    return AfterHand("Deal check", "D", press, offered=lambda outcome: outcome.checked)
