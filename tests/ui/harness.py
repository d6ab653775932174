"""Drive the real app with real pygame events, frame by frame, for the UI tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pygame

from game.rules import Card, Hand, Match, Phase, parse_cards
from game.ui.app import App, create_app
from game.ui.table.scene import TableScene, new_match
from game.ui.table.seats import ThinkingSeat

DT = 1.0 / 60.0


def make_app(*extra: str, speed: float = 0.0) -> App:
    """A headless app with nothing loaded or saved; `speed` 0 makes animation instant."""
    return create_app(["--no-storage", "--seed", "3", "--speed", str(speed), *extra])


def frames(app: App, count: int = 1) -> None:
    """Run `count` frames of the real loop body."""
    for _ in range(count):
        app.frame(DT)


def run_until(app: App, condition: Callable[[], bool], limit: int = 600) -> None:
    """Run frames until `condition()` holds (fails after `limit` frames)."""
    for _ in range(limit):
        if condition():
            return
        app.frame(DT)
    assert condition(), "the condition never came true"


def post(kind: int, **attrs: object) -> None:
    """Queue one pygame event (window coordinates)."""
    pygame.event.post(pygame.event.Event(kind, attrs))


def click(app: App, pos: tuple[int, int]) -> None:
    """Press and release the left button at `pos`, one frame each."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    frames(app)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """Press at `start`, move in steps to `end`, release there."""
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frames(app)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        frames(app)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    frames(app)


def key(app: App, code: int, mod: int = 0) -> None:
    """Press and release a key."""
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
    frames(app)


class Script:
    """A stand-in AI that plays given actions (or functions of its view) in turn."""

    def __init__(self, steps: Iterable[object]) -> None:
        self.steps = list(steps)

    def think(self, view):
        yield
        while not self.steps:
            yield  # out of script: think forever, so the test decides what happens next
        step = self.steps.pop(0)
        return step(view) if callable(step) else step


def deck_for(human: str, ai: str, upcard: str, stock: str, dealer: int) -> list[Card]:
    """A full deck dealing `human` to seat 0 and `ai` to seat 1, then the upcard, then the
    stock in drawing order; the unnamed cards follow in a fixed order."""
    human_cards, ai_cards = parse_cards(human), parse_cards(ai)
    first, second = (ai_cards, human_cards) if dealer == 0 else (human_cards, ai_cards)
    deck: list[Card] = []
    for a, b in zip(first, second, strict=True):
        deck += [a, b]
    deck.append(Card.parse(upcard))
    deck += parse_cards(stock)
    rest = [c for c in sorted(set(_all_cards()) - set(deck))]
    return deck + rest


def _all_cards() -> list[Card]:
    return [Card.from_index(i) for i in range(52)]


def fixed_match(app: App, deck: list[Card], dealer: int) -> Match:
    """A match (with the app's settings) whose first hand is dealt from `deck`."""
    match = new_match(app.settings, random.Random(0))
    deal_next = match.new_hand

    def fixed_hand() -> Hand:
        dealt = deal_next()
        hand = Hand.from_deck(match.rules, dealer, deck, dealt.scores)
        match.current = hand
        match._records[-1] = hand
        return hand

    match.new_hand = fixed_hand  # type: ignore[method-assign]
    return match


def start_table(app: App, deck: list[Card], dealer: int, script: Iterable[object]) -> TableScene:
    """A table whose first hand is dealt from `deck`, with a scripted AI opponent."""
    table = TableScene(app, fixed_match(app, deck, dealer))
    app.stack.replace_all(table)
    table.seats[1] = ThinkingSeat(Script(script))
    frames(app, 3)
    return table


def card_point(table: TableScene, text: str) -> tuple[int, int]:
    """A point on the visible part of a card (its left edge strip in a fanned hand)."""
    rect = table.sprites[Card.parse(text)].rect()
    return rect.x + 12, rect.centery


def button(table: TableScene, text: str) -> pygame.Rect:
    """The rect of the visible button labelled `text`."""
    for kind, label, rect, live in table.draw_list:
        if kind == "button" and label == text and live:
            return rect
    raise AssertionError(f"no live button {text!r}; drawn: {table.draw_list}")


def cards_in_play(hand: Hand) -> list[Card]:
    """Every card the hand holds anywhere: 52 of them when it is consistent."""
    cards = list(hand.hands[0]) + list(hand.hands[1]) + list(hand.stock) + list(hand.discard_pile)
    if hand.phase is not Phase.ARRANGE:
        cards += [c for meld in hand.knocker_melds for c in meld] + list(hand.knocker_deadwood)
    if hand.knock_card is not None:
        cards.append(hand.knock_card)
    return cards
