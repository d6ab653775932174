"""Sentences for a screen reader: what the game says, where it goes, and cards in words.

The app owns one :class:`Speech`. Screens and the table's narration hand it sentences
(`app.announce(...)`); the app also asks the top screen what it would say now
(`Scene.spoken()`, a few parts such as a question and the focused row) and says each part
that changed. Every sentence is kept in `history` (tests read it); when the "Moves in words"
setting is on it also goes to the browser page's live region (`game.ui.core.browser.say`),
and with ``--narrate`` to standard output, so a terminal's screen reader can follow on the
desktop. No pygame here.

>>> speech = Speech(lambda: True)
>>> speech.say("You drew 7♥.  "); speech.say(""); list(speech.history)
['You drew the 7 of hearts.']
>>> from game.rules import Card
>>> card_words(Card.parse("QS")), in_words("Take the upcard (K♣) or pass?")
('the queen of spades', 'Take the upcard (the king of clubs) or pass?')
"""

from __future__ import annotations

import re
import sys
from collections import deque
from collections.abc import Callable

from game.rules import Card
from game.ui.core import browser

RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
_CARD_TEXT = re.compile(r"\b(10|[2-9AJQK])([♣♦♥♠♧♢♡♤])")
_RANK_OF_TEXT = {"A": 1, "J": 11, "Q": 12, "K": 13}
HISTORY = 300
"""How many sentences are kept."""


def rank_words(rank: int) -> str:
    """A rank as it is said: "ace", "7", "queen"."""
    return RANK_WORDS.get(rank, str(rank))


def card_words(card: Card) -> str:
    """A card as it is said, with "the": "the 7 of hearts"."""
    return f"the {rank_words(int(card.rank))} of {SUIT_WORDS[card.suit.char]}"


def in_words(text: str) -> str:
    """`text` with every card written as "7♥" said in words instead (symbols read badly)."""

    def spoken(match: re.Match[str]) -> str:
        rank_text, symbol = match.group(1), match.group(2)
        rank = _RANK_OF_TEXT.get(rank_text) or int(rank_text)
        return f"the {rank_words(rank)} of {SUIT_WORDS[_SYMBOLS[symbol]]}"

    words = _CARD_TEXT.sub(spoken, text)
    for symbol, suit in _SYMBOLS.items():  # a suit alone ("♠ first")
        words = words.replace(symbol, SUIT_WORDS[suit])
    return words


class Speech:
    """Where sentences go: kept always; to the page and standard output when asked."""

    def __init__(self, enabled: Callable[[], bool], echo: bool = False) -> None:
        self.enabled = enabled
        """Whether sentences go out to the page (the "Moves in words" setting)."""
        self.echo = echo
        """Also print each sentence (``--narrate``)."""
        self.history: deque[str] = deque(maxlen=HISTORY)
        self._heard: tuple[int, tuple[str, ...]] = (0, ())

    def say(self, text: str) -> None:
        """Say `text` (cards in words, spaces closed up; nothing for an empty text)."""
        # The screen's "The AI" is "the computer" in every sentence, as the moves say it.
        sentence = " ".join(in_words(text).split()).replace("The AI ", "The computer ")
        sentence = sentence.replace("the AI", "the computer")
        if not sentence:
            return
        self.history.append(sentence)
        if self.echo:
            print(sentence, file=sys.stdout, flush=True)
        if self.enabled():
            browser.say(sentence)

    def follow(self, screen: int, parts: tuple[str, ...]) -> None:
        """What screen `screen` (an id) would say now: say the parts that changed since the
        last look (all of them when another screen came up)."""
        last_screen, last = self._heard
        self._heard = (screen, parts)
        for index, part in enumerate(parts):
            if screen != last_screen or index >= len(last) or _settled(last[index]) != _settled(part):
                self.say(part)


def _settled(text: str) -> str:
    # "The AI is thinking..." grows dots while it waits: the same news each time.
    return text.rstrip(". ")
