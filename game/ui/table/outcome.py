"""A finished hand as the screens after it see it: values the table builds once the hand is over.

:class:`HandOutcome` is what the hand result panel shows (the result explained line by line,
the scores, the deal check) and the way on ("Next hand", "See the match result", "Done").
:class:`PlayedDeal` is what the screens after a hand need to check or replay it (the deal
check, an export, the coach's review): the hand, the person's seat, who sat where and the
commitment shown before the deal. :class:`ResultControls` are the callbacks the panel may
call on the table. The panel and those screens read these values; none of them reads the
table.

>>> headline(ResultKind.GIN, "You", 45)
'Gin! You score 45'
>>> headline(ResultKind.UNDERCUT, "The AI", 12)
'Undercut! The AI scores 12'
>>> headline(ResultKind.VOID, None, 0)
'Void hand: nobody scores'
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.ai import LEVELS
from game.rules import Card, Hand, Match, ResultKind, card_symbol, fingerprint
from game.ui.core.seating import Seating, round_complete, round_lines, verb
from game.ui.core.text import font
from game.ui.core.widgets import Button
from game.ui.table.layout import TableLayout, knock_card_slot
from game.verify import AISeat, PersonSeat, Seat

CHECK_KINDS = ("check", "check_failed", "deck", "salt")
"""What the result panel says about the deal's commitment."""


def headline(kind: ResultKind, winner: str | None, points: int) -> str:
    """The big line of a hand result; `winner` is the winner as a sentence's subject."""
    if kind is ResultKind.VOID or winner is None:
        return "Void hand: nobody scores"
    word = {
        ResultKind.GIN: "Gin!",
        ResultKind.BIG_GIN: "Big gin!",
        ResultKind.UNDERCUT: "Undercut!",
        ResultKind.KNOCK: "Knock.",
    }[kind]
    return f"{word} {verb(winner, 'score')} {points}"


def score_sentence(lines: tuple[str, ...] | list[str]) -> str:
    """The engine's scoring lines as one sentence, the total not said twice.

    >>> score_sentence(("Knock: defender 53 - knocker 10 = 43", "Total: 43"))
    'Knock: defender 53 - knocker 10 = 43.'
    >>> score_sentence(("Gin: bonus 25", "Defender's deadwood: 30", "Total: 55"))
    "Gin: bonus 25; defender's deadwood: 30; total 55."
    """
    parts = list(lines)
    if len(parts) >= 2 and parts[-1].startswith("Total: "):
        total = parts[-1].removeprefix("Total: ")
        if len(parts) == 2 and parts[0].endswith(f"= {total}"):
            parts.pop()  # the one line already ends in the total
        else:
            parts[-1] = f"total {total}"
    text = "; ".join(part if index == 0 else part[:1].lower() + part[1:] for index, part in enumerate(parts))
    return text if text.endswith(".") else f"{text}."


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


def deal_check_lines(hand: Hand, shown: str | None) -> list[tuple[str, str]]:
    """After a hand: whether the deck matches the fingerprint shown before the deal, the deck
    itself and the salt, as (kind, text); nothing when the deal was shown no commitment."""
    if not hand.is_over or shown is None:
        return []
    check = "check" if hand.commitment_matches(shown) else "check_failed"
    short = fingerprint(shown)
    if check == "check":
        lines = [(check, f"Deal check: ✓ the deck matches the fingerprint shown before the deal ({short})")]
    else:
        lines = [(check, f"Deal check: ✗ the deck does NOT match the fingerprint shown ({short})")]
    lines.append(("deck", f"Deck, in deal order: {' '.join(card_symbol(card) for card in hand.deck)}"))
    if hand.salt:
        lines.append(("salt", f"Salt: {hand.salt}"))
    return lines


@dataclass(frozen=True)
class PlayedDeal:
    """A finished hand as the screens after it need it: the hand, the person's seat, who
    sat where, the commitment shown before play, and names for both seats."""

    hand: Hand
    me: int
    seats: tuple[Seat, Seat]
    shown: str | None
    names: tuple[str, str] = ("you", "the AI")
    day: datetime.date | None = None

    @property
    def opponent(self) -> AISeat | None:
        """The AI the person played against (None when a person sat there)."""
        seat = self.seats[1 - self.me]
        return seat if isinstance(seat, AISeat) else None


def seat_of(player: object, name: str = "") -> Seat:
    """How an export names whoever played a seat: an AI by its level and seed, else a person.

    AI players keep their `level` and `seed`; anything else at the table (a person, a test's
    script) is a person, whose moves the verifier does not check.
    """
    level, seed = getattr(player, "level", None), getattr(player, "seed", None)
    if isinstance(level, str) and level in LEVELS and isinstance(seed, int) and not isinstance(seed, bool):
        return AISeat(level, seed)
    return PersonSeat(name)


class FinishedTable(Protocol):
    """What :func:`played_deal` reads of a table whose hand is over."""

    @property
    def hand(self) -> Hand | None: ...

    @property
    def me(self) -> int: ...

    @property
    def pairing(self) -> tuple[int, int]: ...

    @property
    def shown_commitment(self) -> str | None: ...

    def player_name(self, player: int) -> str: ...

    def seat_player(self, seat: int) -> object | None: ...


def played_deal(table: FinishedTable, day: datetime.date | None = None) -> PlayedDeal:
    """The finished hand on `table` as a :class:`PlayedDeal`."""
    hand = table.hand
    assert hand is not None and hand.is_over
    seats: list[Seat] = []
    names: list[str] = []
    for seat in (0, 1):
        name = table.player_name(table.pairing[seat])
        names.append("you" if seat == table.me else ("the AI" if name == "AI" else name))
        person = "" if seat == table.me and name == "You" else name
        seats.append(seat_of(table.seat_player(seat), person))
    shown = table.shown_commitment or hand.commitment
    return PlayedDeal(hand, table.me, (seats[0], seats[1]), shown, (names[0], names[1]), day)


@dataclass(frozen=True)
class HandOutcome:
    """A finished hand as the result panel shows it, built by the table once the hand is over.

    `next_label` is the panel's way on ("Next hand", "See the match result", "Done");
    `shown` the commitment the table showed before the deal (None: the deal had none to
    check, as a prepared lesson); `played` the hand for the screens after it.
    """

    hand: Hand
    match: Match
    seating: Seating
    pairing: tuple[int, int]
    next_label: str
    shown: str | None
    played: PlayedDeal

    @property
    def checked(self) -> bool:
        """True when the deal can be checked against the commitment shown before it."""
        return self.shown is not None

    def winner_is_person(self) -> bool | None:
        """Whether a person here won the hand (None for a void hand)."""
        result = self.hand.result
        if result is None or result.winner is None:
            return None
        return self.seating.is_person(self.pairing[result.winner])

    def texts(self) -> list[tuple[str, str]]:
        """What the panel says, as (kind, text), top to bottom (the scores come last)."""
        hand, match, seating = self.hand, self.match, self.seating
        result = hand.result
        assert result is not None
        winner = None if result.winner is None else seating.subject(self.pairing[result.winner])
        out = [("headline", headline(result.kind, winner, result.points))]
        out += [("line", line) for line in result.lines]
        if match.rules.players == 4 and result.winner is not None:
            if round_complete(match):
                out.append(("note", "Round scoring:"))
                out += [("line", line) for line in round_lines(match, seating)]
            else:
                side = seating.side_name(match.side_of(self.pairing[result.winner]))
                out.append(
                    ("note", f"These {result.points} points count for {side} once the other game is played.")
                )
        out += deal_check_lines(hand, self.shown)
        return out

    def score_heading(self) -> str:
        """The line over the scores: what they are, and the target."""
        match = self.match
        heading = "Scores"
        if match.rules.players == 4:
            heading = "Team scores" if round_complete(match) else "Team scores before this round"
        return heading + f", to {match.target}"

    def score_lines(self) -> list[str]:
        """Each side's score and boxes (with four players, before the round when it is open)."""
        match = self.match
        lines = []
        for side in range(match.sides):
            boxes = match.boxes[side]
            lines.append(
                f"{self.seating.side_name(side)}: {match.scores[side]}  ({boxes} box{'es' if boxes != 1 else ''})"
            )
        return lines


@dataclass(frozen=True)
class TableRoom:
    """Where the table leaves the panel room: its layout, where the knocker's melds lie, and
    what the piles take (the stock, the discard pile with the knocker's face-down card on
    it, and their labels)."""

    layout: TableLayout
    melds: list[pygame.Rect]
    piles: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


@dataclass(frozen=True)
class ResultControls:
    """What the result panel may ask of the table under it, as callbacks."""

    carry_on: Callable[[], None]
    """The panel closed: the table's next step (deal again, the match result, ...)."""
    open_menu: Callable[[], None]
    open_help: Callable[[], None]
    open_sheet: Callable[[], None]
    room: Callable[[], TableRoom]
    """Where the table leaves the panel room now (asked again when the window changes)."""
    shortcuts: Callable[[pygame.Rect], list[Button]]
    """The table's Menu, Help and Score sheet buttons left in view beside a panel there."""


def pile_room(layout: TableLayout) -> pygame.Rect:
    """What the piles take on the table: both piles, the knocker's card askew on the discard
    pile, and a line of labels under them."""
    x, y, w, h = knock_card_slot(layout)
    knocked = pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)
    piles = layout.stock.union(layout.discard).union(knocked)
    return piles.inflate(layout.px(8), 0).union(piles.move(0, layout.px(30)))


def meld_rects(
    hand: Hand | None, laid_out: bool, targets: dict[Card, tuple[float, float, bool, int, tuple[int, int]]]
) -> list[pygame.Rect]:
    """Where the knocker's meld cards lie on the table (where the layout sends them)."""
    if hand is None or not laid_out:
        return []
    rects = []
    for meld in hand.knocker_melds:
        for card in meld:
            if card in targets:
                x, y, _, _, (w, h) = targets[card]
                rects.append(pygame.Rect(round(x - w / 2), round(y - h / 2), w, h))
    return rects


class ResultTable(FinishedTable, Protocol):
    """What :func:`outcome_of` and :func:`controls_of` read of a table whose hand is over."""

    @property
    def match(self) -> Match | None: ...

    @property
    def seating(self) -> Seating: ...

    @property
    def laid_out(self) -> bool: ...

    layout: TableLayout

    def checks_deal(self) -> bool: ...

    def next_label(self) -> str: ...

    def targets(self) -> dict[Card, tuple[float, float, bool, int, tuple[int, int]]]: ...

    def shortcut_buttons(self, cover: pygame.Rect) -> list[Button]: ...

    def next_hand(self) -> None: ...

    def open_menu(self) -> None: ...

    def open_help(self) -> None: ...

    def open_sheet(self) -> None: ...


def outcome_of(table: ResultTable) -> HandOutcome:
    """The finished hand on `table` as the result panel shows it."""
    hand, match = table.hand, table.match
    assert hand is not None and match is not None
    shown = table.shown_commitment if table.checks_deal() else None
    return HandOutcome(
        hand, match, table.seating, table.pairing, table.next_label(), shown, played_deal(table)
    )


def controls_of(table: ResultTable) -> ResultControls:
    """What the result panel may ask of `table`: carry on, other screens, and its room."""
    return ResultControls(
        carry_on=table.next_hand,
        open_menu=table.open_menu,
        open_help=table.open_help,
        open_sheet=table.open_sheet,
        room=lambda: TableRoom(
            table.layout, meld_rects(table.hand, table.laid_out, table.targets()), pile_room(table.layout)
        ),
        shortcuts=table.shortcut_buttons,
    )
