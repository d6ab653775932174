"""A hand played in Chromium by keyboard alone, the way a blind player would: every decision is
made from the sentences the page's live region (#gin-said) received, never from the picture.

From the title (Enter, Enter) to the hand's result, the scenario listens to the region:
the prompt says what to do now ("Take the upcard ... or pass?", "Draw: ...", "Discard:
..."), Y reads the hand with its deadwood, the arrows say the card they select, and the
result is said with the scores. The region's text is checked along the way. The harness
(tests/web/chromium/) is the browser test's: the built page's own page.js, the apk,
Pyodide and pygbag's pygame-ce wheel, served from 127.0.0.1.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest

from tests.web.chromium import harness
from tests.web.chromium.harness import GamePage
from tests.web.test_browser import SHOTS, Chromium, chromium

__all__ = ["chromium"]

pytestmark = pytest.mark.slow

SEED = 11
SAID_JS = "Array.from(document.querySelectorAll('#gin-said p')).map(line => [Number(line.dataset.n), line.textContent])"
RANKS = {"ace": 1, "jack": 11, "queen": 12, "king": 13}
CARD = re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (clubs|diamonds|hearts|spades)\b")
MOVES_LIMIT = 60


class Listener:
    """What the page's live region has said, read as a screen reader would hear it."""

    def __init__(self, game: GamePage) -> None:
        self.game = game
        self.heard = 0
        """The number of the last line heard (the page numbers every line it is given)."""
        self.everything: list[str] = []

    def numbered(self) -> list[tuple[int, str]]:
        """The lines the region holds now (the latest 40), with their numbers."""
        return [(int(n), text) for n, text in self.game.read(SAID_JS) or []]

    def lines(self) -> list[str]:
        """The lines the region holds now."""
        return [text for _, text in self.numbered()]

    def all_text(self) -> str:
        """Everything heard so far, as one text."""
        return "\n".join(self.everything)

    def next_lines(self, timeout: float = 20.0, settle: float = 0.4) -> list[str]:
        """The lines said since the last call (waits for some, then for a pause)."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.numbered()
            if lines and lines[-1][0] > self.heard:
                time.sleep(settle)  # a turn says a few things in a row: hear them all
                lines = self.numbered()
                new = [text for n, text in lines if n > self.heard]
                assert lines[0][0] <= self.heard + 1, "lines were dropped before they were heard"
                self.heard = lines[-1][0]
                self.everything += new
                return new
            if self.game.problems:
                raise AssertionError("; ".join(self.game.problems))
            if time.monotonic() > deadline:
                self.game.shot("nothing-said")
                raise AssertionError(f"the page said nothing for {timeout:.0f} s after: {lines[-4:]}")
            time.sleep(0.05)

    def press(self, key: str, timeout: float = 20.0) -> list[str]:
        """Press a key and hear what it brings."""
        self.game.key(key)
        return self.next_lines(timeout)


def _value(card: str) -> int:
    rank = card.split(" of ")[0]
    return min(10, RANKS.get(rank) or int(rank))


def _deadwood(hand_text: str) -> list[str]:
    """The deadwood cards named in a "Your hand, ..." sentence, highest first."""
    match = re.search(r"Deadwood \d+: ([^.]*)\.", hand_text)
    if match is None:
        return []
    cards = [card.strip() for card in match.group(1).split(",")]
    return sorted(cards, key=_value, reverse=True)


def _select(listener: Listener, card: str) -> None:
    """Arrows until the region says `card` is selected."""
    for _ in range(12):
        heard = listener.press("ArrowRight")
        if any(line.startswith(f"Selected: the {card},") for line in heard):
            return
    raise AssertionError(f"the arrows never selected {card}")


def _prompt(lines: list[str]) -> str:
    """The newest line that tells the player what to do (or that the hand is over)."""
    cues = ("Take the upcard", "Both passed", "Draw:", "Discard:", "Knock:", "Arrangement",
            "Lay off:", "Nothing of yours fits", "Hand result.", "Last discard")  # fmt: skip
    for line in reversed(lines):
        if line.startswith(cues):
            return line
    return ""


@pytest.fixture(scope="module")
def desktop(chromium: Chromium) -> Iterator[GamePage]:
    """A 1280x720 window, nothing but the keyboard used."""
    with harness.game_page(chromium.browser, chromium.site, SHOTS / "keyboard") as game:
        game.open("--seed", str(SEED), "--speed", "3")
        yield game


def test_a_hand_played_by_keyboard_alone_from_what_the_live_region_says(desktop: GamePage) -> None:
    game = desktop
    listener = Listener(game)
    said = listener.next_lines()
    assert "Gin Rummy. Up and down choose, Enter picks." in said
    assert any(line.startswith("New match, 1 of ") for line in said), said
    said = listener.press("Enter")
    assert any(line.startswith("New match. Up and down choose") for line in said), said
    said = listener.press("Enter")  # Start match
    hand_read = ""
    for _ in range(MOVES_LIMIT):
        while not _prompt(said) or "is thinking" in said[-1]:
            said = said + listener.next_lines(timeout=30)
        prompt = _prompt(said)
        if prompt.startswith("Hand result."):
            break
        if prompt.startswith(("Take the upcard", "Last discard")):
            said = listener.press("KeyP")
        elif prompt.startswith(("Both passed", "Draw:")):
            said = listener.press("KeyS")
            assert any(re.match(r"You drew the .* from the stock\.", line) for line in said), "\n".join(
                listener.lines()
            )
        elif prompt.startswith("Discard:"):
            hand_read = listener.press("KeyY")[-1]
            assert hand_read.startswith("Your hand, 11 cards, left to right: "), hand_read
            assert len(CARD.findall(hand_read.split(".")[0])) == 11
            knock = listener.press("KeyK")
            if any(line.startswith("Knock: pick the card") for line in knock):
                said = listener.press("Enter")  # the game offered its best knock card
                assert any(line.startswith("You knocked, discarding the ") for line in said), said
                continue
            card = _deadwood(hand_read)[0]
            _select(listener, card)
            said = listener.press("Enter")
            assert f"You discarded the {card}." in said, said
        elif prompt.startswith("Arrangement") or prompt.startswith(("Lay off:", "Nothing of yours fits")):
            said = listener.press("Enter")
        else:
            raise AssertionError(f"what now? {said[-5:]}")
    else:
        raise AssertionError(f"the hand did not end within {MOVES_LIMIT} moves")
    game.shot("result-by-keyboard")
    text = listener.all_text()
    (game.shots / "heard.txt").write_text(text + "\n", encoding="utf-8")  # the hand as it was heard
    assert hand_read, "the hand was never read aloud"
    assert re.search(r"^The computer (drew|passed|took)", text, re.M), text[-800:]
    assert re.search(
        r"^(You win|The computer wins) the hand .*: \d+ points?\.$|^The hand is void", text, re.M
    )
    assert re.search(r"^Scores: you \d+, the computer \d+, playing to 100\.$", text, re.M)
    assert "Enter: Next hand. C: the score sheet. Escape: the menu." in text
    result = game.probe()
    assert result.top == "hand_result" and result.table["phase"] == "FINISHED"
    game.assert_clean()


def test_the_region_is_visually_hidden_and_read_as_a_log(desktop: GamePage) -> None:
    region = desktop.read(
        "(() => { const r = document.getElementById('gin-said'); const box = r.getBoundingClientRect();"
        " return {role: r.getAttribute('role'), live: r.getAttribute('aria-live'),"
        " width: box.width, height: box.height, lines: r.childElementCount} })()"
    )
    assert region["role"] == "log" and region["live"] == "polite"
    assert region["width"] <= 1 and region["height"] <= 1 and 0 < region["lines"] <= 40
