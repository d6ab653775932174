"""The guided first hand's prompts, one at a time, and the tutor that moves through them.

Each :class:`Lesson` is one prompt: what to do and why, what it points at, and what
finishes it. Kinds:

- ``read``: an explanation; the player presses Next.
- ``do``: a move to make. An engine action finishes it when `expect` accepts it; some are
  finished by a state of the table instead (`done`, e.g. the hand sorted by melds). Any
  other legal move is refused with `correction`, so nothing changes. Skip makes the move.
- ``watch``: the opponent moves; it ends by itself when `done` holds.
- ``result``: a hand's result is on screen; it ends when the player carries on.
- ``finish``: the last words.

The texts use the hand on the table and the rule set for their numbers (the knock limit,
the bonuses, the counts), so they say what really happened.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.rules import (
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Knock,
    LayOff,
    Pass,
    Phase,
    ResultKind,
    RuleSet,
    best_melds,
    card_symbol,
)

if TYPE_CHECKING:
    from game.rules import Hand, Match, Meld
    from game.ui.core.scene import GameApp
    from game.ui.core.widgets import Button
    from game.ui.table.hand_order import HandOrder
    from game.ui.table.layout import TableLayout


class ResultPanel(Protocol):
    """The hand result panel, as a lesson reads it."""

    next_button: Button


class TutorTable(Protocol):
    """The table with the tutor (`game.ui.tutorial.scene.TutorialScene`), as the lessons see
    it: what is on the table, the person's choices, and the controls a lesson's Skip uses."""

    @property
    def hand(self) -> Hand | None: ...

    @property
    def match(self) -> Match | None: ...

    @property
    def me(self) -> int: ...

    @property
    def app(self) -> GameApp: ...

    layout: TableLayout
    order: HandOrder
    knock_mode: bool

    def human_turn(self) -> bool: ...

    def result_panel(self) -> ResultPanel | None: ...

    def sort(self, mode: str) -> None: ...

    def pass_turn(self) -> bool: ...

    def draw_stock(self, insert_at: int | None = None) -> bool: ...

    def take_discard(self, insert_at: int | None = None) -> bool: ...

    def discard(self, card: Card) -> bool: ...

    def lay_off(self, card: Card, meld_index: int | None = None) -> bool: ...

    def finish_layoffs(self) -> bool: ...

    def start_knock(self) -> None: ...

    def knock(self, card: Card | None) -> bool: ...

    def lay_down(self, melds: tuple[Meld, ...] | None = None) -> bool: ...

    def go_gin(self) -> None: ...


READ, DO, WATCH, RESULT, FINISH = "read", "do", "watch", "result", "finish"
KINDS = (READ, DO, WATCH, RESULT, FINISH)

Text = str | Callable[["TutorTable"], str]
Points = tuple[str, ...] | Callable[["TutorTable"], tuple[str, ...]]


@dataclass(frozen=True)
class Lesson:
    """One prompt of the tutorial.

    `point` names what to ring: "stock", "discard", "button:NAME", "card:XX" (a card in the
    player's hand), "cards:XX YY ZZ" (several, one ring per row of the hand), "meld:XX" (the
    knocker's meld holding XX) or "result" (the result panel's button).
    """

    key: str
    kind: str
    text: Text
    point: Points = ()
    expect: Callable[[Action], bool] | None = None
    done: Callable[[TutorTable], bool] | None = None
    perform: Callable[[TutorTable], object] | None = None
    correction: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown lesson kind {self.kind!r}")
        if self.kind == DO and self.perform is None:
            raise ValueError(f"lesson {self.key!r} asks for a move but cannot make it on Skip")

    def words(self, scene: TutorTable) -> str:
        """The prompt's text now."""
        return self.text(scene) if callable(self.text) else self.text

    def targets(self, scene: TutorTable) -> tuple[str, ...]:
        """The names of what the prompt points at now."""
        return self.point(scene) if callable(self.point) else self.point

    def accepts(self, action: Action) -> bool:
        """True when `action` is the move this lesson asks for."""
        return self.expect is not None and self.expect(action)


def _c(text: str) -> Card:
    return Card.parse(text)


def is_(wanted: Action) -> Callable[[Action], bool]:
    """Accept exactly `wanted`."""
    return lambda action: action == wanted


def lay_off_of(card: Card) -> Callable[[Action], bool]:
    """Accept laying `card` off on any meld that takes it."""
    return lambda action: isinstance(action, LayOff) and action.card == card


def any_arrangement(action: Action) -> bool:
    """Accept any arrangement of the knocker's melds."""
    return isinstance(action, Arrange)


def _my_turn(scene: TutorTable) -> bool:
    return scene.human_turn()


def _hand_over(scene: TutorTable) -> bool:
    hand = scene.hand
    return hand is not None and hand.is_over


def _arranging(scene: TutorTable) -> bool:
    hand = scene.hand
    return hand is not None and hand.phase in (Phase.ARRANGE, Phase.LAYOFF, Phase.FINISHED)


def _deadwood(scene: TutorTable) -> int:
    hand = scene.hand
    return best_melds(hand.hands[scene.me]).deadwood_value if hand is not None else 0


def _rules(scene: TutorTable) -> RuleSet:
    assert scene.match is not None
    return scene.match.rules


def _top_discard(scene: TutorTable) -> str:
    hand = scene.hand
    return card_symbol(hand.discard_pile[-1]) if hand is not None and hand.discard_pile else "it"


def _drawn(scene: TutorTable) -> str:
    hand = scene.hand
    return card_symbol(hand.hands[scene.me][-1]) if hand is not None else "a card"


def _press(scene: TutorTable) -> str:
    """ "Tap" on a phone, "Click" with a mouse."""
    return "Tap" if scene.layout.portrait else "Click"


def explain_result(scene: TutorTable) -> str:
    """Why the hand on the table scored what it did, in a sentence or two."""
    hand = scene.hand
    result = hand.result if hand is not None else None
    if hand is None or result is None or result.winner is None:
        return "The stock ran out: nobody scores."
    rules = _rules(scene)
    me = scene.me
    knocker = "You" if result.knocker == me else "The AI"
    defender = "the AI" if result.knocker == me else "you"
    k, d, points = result.knocker_count, result.defender_count, result.points
    laid = " ".join(card_symbol(card) for card, _ in hand.layoffs)
    after = f" after laying off {laid}" if laid else ""
    if result.kind is ResultKind.UNDERCUT:
        scores = "you score" if result.winner == me else "the AI scores"
        return (
            f"Undercut! {knocker} knocked with {k}, and {defender} had {d}{after}. The knocker "
            f"must have less, so {scores} the difference plus the undercut bonus: "
            f"{k - d} + {rules.undercut_bonus} = {points}."
        )
    if result.kind in (ResultKind.GIN, ResultKind.BIG_GIN):
        bonus = rules.big_gin_bonus if result.kind is ResultKind.BIG_GIN else rules.gin_bonus
        return f"Gin! It scores the gin bonus, {bonus}, plus the other player's deadwood, {d}: {points}."
    return (
        f"{knocker} knocked with {k}, and {defender} had {d}{after}. The lower count scores "
        f"the difference: {d} - {k} = {points}."
    )


def _result_text(scene: TutorTable) -> str:
    panel = scene.result_panel()
    button = panel.next_button.text if panel is not None else "Next hand"
    return f"{explain_result(scene)} Press {button}."


def _welcome(scene: TutorTable) -> str:
    return (
        "Welcome! You and the AI each hold ten cards. You try to group yours into melds and "
        "keep the rest, your deadwood, low. These hands are prepared so you can try every move."
    )


def _deadwood_text(scene: TutorTable) -> str:
    return (
        "Cards in no meld are deadwood, marked red: 9♦ J♥ Q♥ K♠. They count against you: "
        f"J, Q and K 10 each, an ace 1, the others their number. Here that is {_deadwood(scene)}."
    )


def _draw_stock_text(scene: TutorTable) -> str:
    return (
        "The AI passed too, so you start by drawing the top card of the stock, the face-down "
        f"pile. {_press(scene)} it."
    )


def _discard_king_text(scene: TutorTable) -> str:
    return (
        f"You drew {_drawn(scene)} and hold eleven cards: now throw one away. K♠ fits nothing "
        f"and counts 10. {_press(scene)} it twice, or drag it onto the discard pile."
    )


def _take_discard_text(scene: TutorTable) -> str:
    return (
        f"The AI threw away {_top_discard(scene)}. It extends your run 3♣ 4♣ 5♣, so take it: "
        f"{_press(scene).lower()} the discard pile."
    )


def _knock_watch_text(scene: TutorTable) -> str:
    limit = _rules(scene).knock_limit
    return (
        f"The AI's turn. Watch: with {limit} or less deadwood a player may knock, "
        "laying the cards down to end the hand."
    )


def _lay_off_text(scene: TutorTable) -> str:
    hand = scene.hand
    left = sum(c.value for c in hand.knocker_deadwood) if hand is not None else 0
    return (
        f"The AI knocked with {left} deadwood; its melds are on the table. Now you may lay off: "
        f"add your cards to its melds. {_press(scene)} J♥: it extends the run 8♥ 9♥ 10♥."
    )


def _knock_text(scene: TutorTable) -> str:
    limit = _rules(scene).knock_limit
    return (
        f"You drew {_drawn(scene)}: your run is 7♠ 8♠ 9♠ 10♠. Throwing J♦ would leave "
        f"6♦ 2♥ A♣, 9 points. That is {limit} or less, so you may knock: press Knock."
    )


def _knock_card_points(scene: TutorTable) -> tuple[str, ...]:
    return ("card:JD",) if scene.knock_mode else ("button:knock",)


def _knock_card_text(scene: TutorTable) -> str:
    if not scene.knock_mode:
        return "Press Knock, then pick the card to knock with: J♦."
    return f"Now pick the card to knock with: {_press(scene).lower()} J♦. It goes face down on the pile."


def _finish_text(scene: TutorTable) -> str:
    # The lessons' hands are not a match: the target is the one the player's matches use,
    # the same the Rules button shows.
    target = scene.app.settings.ruleset().match_target
    return (
        "That is the whole game: draw, discard, then knock or go gin. Your matches go on until "
        f"someone reaches {target} points. The rules and this tutorial are on the "
        "title screen whenever you want them."
    )


def build_lessons() -> tuple[Lesson, ...]:
    """Every prompt of the tutorial, in order (three hands)."""
    return (
        # --- hand 1: melds, the upcard, drawing, discarding, the opponent knocks ------------
        Lesson("welcome", READ, _welcome),
        Lesson(
            "sort_melds",
            DO,
            "Your cards are sorted by suit. Press Melds to group them into melds.",
            ("button:melds",),
            done=lambda s: s.order.mode == "melds",
            perform=lambda s: s.sort("melds"),
            correction="First press Melds, to see your cards grouped into melds.",
        ),
        Lesson(
            "melds",
            READ,
            "A run is three or more cards in a row of one suit: 3♣ 4♣ 5♣. A set is three or "
            "four cards of one rank: 8♠ 8♦ 8♣. A bar in its colour marks each meld.",
            ("cards:3C 4C 5C", "cards:8S 8D 8C"),
        ),
        Lesson("deadwood", READ, _deadwood_text, ("cards:9D JH QH KS",)),
        Lesson(
            "pass_upcard",
            DO,
            "The card turned up, 10♠, is offered to you first. It fits none of your cards and "
            "would only add deadwood, so press Pass.",
            ("button:pass",),
            expect=is_(Pass()),
            perform=lambda s: s.pass_turn(),
            correction="10♠ fits none of your cards and would add 10 points: press Pass.",
        ),
        Lesson(
            "dealer_offer",
            WATCH,
            "The AI dealt, so now it may take the 10♠ or pass.",
            done=_my_turn,
        ),
        Lesson(
            "draw_stock",
            DO,
            _draw_stock_text,
            ("stock",),
            expect=is_(DrawStock()),
            perform=lambda s: s.draw_stock(),
            correction="Draw from the stock this time.",
        ),
        Lesson(
            "discard_king",
            DO,
            _discard_king_text,
            ("card:KS",),
            expect=is_(Discard(_c("KS"))),
            perform=lambda s: s.discard(_c("KS")),
            correction="Keep that card for now: throw K♠ away, which counts 10 and fits nothing.",
        ),
        Lesson(
            "watch_draw",
            WATCH,
            "The AI's turn: it draws a card, then discards one. Watch the discard pile.",
            ("discard",),
            done=_my_turn,
        ),
        Lesson(
            "take_discard",
            DO,
            _take_discard_text,
            ("discard",),
            expect=is_(DrawDiscard()),
            perform=lambda s: s.take_discard(),
            correction="The stock is a gamble, but 6♣ surely helps you: take it from the discard pile.",
        ),
        Lesson(
            "discard_nine",
            DO,
            "Now throw 9♦ away: it fits nothing. Keep J♥ Q♥, which 10♥ or K♥ would make a run.",
            ("card:9D",),
            expect=is_(Discard(_c("9D"))),
            perform=lambda s: s.discard(_c("9D")),
            correction="Throw 9♦ away instead: it has no partner, while J♥ Q♥ may still become a run.",
        ),
        Lesson("watch_knock", WATCH, _knock_watch_text, done=_my_turn),
        Lesson(
            "lay_off_jack",
            DO,
            _lay_off_text,
            ("card:JH", "meld:TH"),
            expect=lay_off_of(_c("JH")),
            perform=lambda s: s.lay_off(_c("JH")),
            correction="Lay off J♥ first: it extends the run 8♥ 9♥ 10♥.",
        ),
        Lesson(
            "lay_off_queen",
            DO,
            lambda s: f"Layoffs chain: Q♥ now fits after your J♥. {_press(s)} it.",
            ("card:QH", "meld:TH"),
            expect=lay_off_of(_c("QH")),
            perform=lambda s: s.lay_off(_c("QH")),
            correction="Q♥ still fits after your J♥: lay it off too.",
        ),
        Lesson(
            "end_layoffs",
            DO,
            "Nothing else fits: 2♠ stays deadwood. Press Done to count the hand.",
            ("button:done",),
            expect=is_(EndLayoff()),
            perform=lambda s: s.finish_layoffs(),
            correction="Press Done: nothing else fits the AI's melds.",
        ),
        Lesson("result_undercut", RESULT, _result_text, ("result",)),
        # --- hand 2: taking the upcard, knocking -------------------------------------------
        Lesson(
            "take_upcard",
            DO,
            "A new hand. The upcard 4♣ makes a set with your 4♥ 4♦: press Take.",
            ("button:take",),
            expect=is_(DrawDiscard()),
            perform=lambda s: s.take_discard(),
            correction="4♣ makes a set with your 4♥ 4♦: press Take.",
        ),
        Lesson(
            "discard_club_king",
            DO,
            lambda s: f"Eleven cards again: throw K♣ away, 10 points that fit nothing. {_press(s)} it twice.",
            ("card:KC",),
            expect=is_(Discard(_c("KC"))),
            perform=lambda s: s.discard(_c("KC")),
            correction="Throw K♣ away this time: it counts 10 and fits nothing.",
        ),
        Lesson(
            "watch_second", WATCH, "The AI's turn: watch what it throws away.", ("discard",), done=_my_turn
        ),
        Lesson(
            "draw_stock_again",
            DO,
            lambda s: (
                f"The AI threw {_top_discard(s)}, which fits none of your cards. Draw from the stock instead."
            ),
            ("stock",),
            expect=is_(DrawStock()),
            perform=lambda s: s.draw_stock(),
            correction="That card fits none of yours: draw from the stock.",
        ),
        Lesson(
            "press_knock",
            DO,
            _knock_text,
            ("button:knock",),
            expect=is_(Knock(_c("JD"))),
            done=lambda s: s.knock_mode or _arranging(s),
            perform=lambda s: s.start_knock(),
            correction="Knock rather than just discard: press Knock, then pick J♦.",
        ),
        Lesson(
            "knock_card",
            DO,
            _knock_card_text,
            _knock_card_points,
            expect=is_(Knock(_c("JD"))),
            done=_arranging,
            perform=lambda s: s.knock(_c("JD")),
            correction="To knock, press Knock and then pick J♦.",
        ),
        Lesson(
            "lay_down",
            DO,
            "Your melds 4♥ 4♦ 4♣ and 7♠ 8♠ 9♠ 10♠ are ready; 6♦ 2♥ A♣ are deadwood. Press Lay down to show them.",
            ("button:lay",),
            expect=any_arrangement,
            perform=lambda s: s.lay_down(),
            correction="Press Lay down to show your melds.",
        ),
        Lesson(
            "watch_layoffs",
            WATCH,
            "Now the AI shows its cards and lays off what fits on your melds.",
            done=_hand_over,
        ),
        Lesson("result_knock", RESULT, _result_text, ("result",)),
        # --- hand 3: gin ---------------------------------------------------------------------
        Lesson(
            "watch_upcard",
            WATCH,
            "The last hand. You dealt this time, so the AI is offered the upcard first.",
            done=_my_turn,
        ),
        Lesson(
            "take_for_gin",
            DO,
            lambda s: (
                f"The AI took the upcard and threw {_top_discard(s)}. With it, J♣ Q♣ K♣ is a run "
                "and every card but 9♦ is in a meld. Take it!"
            ),
            ("discard",),
            expect=is_(DrawDiscard()),
            perform=lambda s: s.take_discard(),
            correction="Take K♣ from the discard pile: it completes your hand.",
        ),
        Lesson(
            "go_gin",
            DO,
            "All your cards but 9♦ are in melds: that is gin. Press Gin; 9♦ goes face down.",
            ("button:gin",),
            expect=is_(Knock(_c("9D"))),
            done=_arranging,
            perform=lambda s: s.go_gin(),
            correction="A knock would leave deadwood, and gin earns a bonus: press Gin.",
        ),
        Lesson(
            "lay_down_gin",
            DO,
            "Press Lay down. Nobody may lay off on gin.",
            ("button:lay",),
            expect=any_arrangement,
            perform=lambda s: s.lay_down(),
            correction="Press Lay down to show your gin.",
        ),
        Lesson("result_gin", RESULT, _result_text, ("result",)),
        Lesson("finish", FINISH, _finish_text),
    )


class Tutor:
    """Where the player is in the lessons, and what each move does to that.

    >>> tutor = Tutor(build_lessons())
    >>> tutor.current.key, tutor.number, tutor.total > 20
    ('welcome', 1, True)
    >>> tutor.next(); tutor.current.key
    'sort_melds'
    """

    def __init__(self, lessons: tuple[Lesson, ...]) -> None:
        self.lessons = lessons
        self.index = 0
        self.age = 0.0
        """Seconds the current lesson has been shown."""

    @property
    def current(self) -> Lesson:
        """The lesson on screen."""
        return self.lessons[min(self.index, len(self.lessons) - 1)]

    @property
    def number(self) -> int:
        """The current lesson's number, from 1."""
        return min(self.index, len(self.lessons) - 1) + 1

    @property
    def total(self) -> int:
        """How many lessons there are."""
        return len(self.lessons)

    @property
    def finished(self) -> bool:
        """True once the last lesson is over."""
        return self.index >= len(self.lessons)

    def next(self) -> None:
        """On to the next lesson."""
        self.index += 1
        self.age = 0.0

    def review(self, action: Action) -> str | None:
        """Whether the player may make the legal move `action` now: None, or why not."""
        lesson = self.current
        if lesson.accepts(action):
            return None
        if lesson.kind == DO:
            return lesson.correction or "Not now: follow the note."
        if lesson.kind == READ:
            return "Read the note first, then press Next."
        return "Wait a moment: follow the note."

    def applied(self, action: Action) -> None:
        """A move of the player's was applied: a lesson asking for it is done."""
        if self.current.kind == DO and self.current.accepts(action):
            self.next()

    def settle(self, scene: TutorTable) -> bool:
        """Finish every lesson whose state has come about; True when one was finished."""
        moved = False
        while not self.finished:
            lesson = self.current
            if lesson.kind not in (DO, WATCH) or lesson.done is None or not lesson.done(scene):
                break
            self.next()
            moved = True
        return moved
