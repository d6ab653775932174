"""The coach's words: actions, judgements and what happened afterwards, with suit symbols.

>>> from game.rules import parse_cards
>>> cards_text(parse_cards("7H 8H")), meld_text(parse_cards("9H 7H 8H")), points_text(1), points_text(2.5)
('7♥ 8♥', '7♥8♥9♥', '1 point', '2.5 points')
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.search import Appraisal
from game.rules import (
    Action,
    Arrange,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Hand,
    Knock,
    LayOff,
    Pass,
    Phase,
    PlayerView,
    card_symbol,
    cards_to_mask,
    deadwood_value,
    is_set,
)


def cards_text(cards: Sequence[Card]) -> str:
    """Cards with suit symbols, e.g. ``"7♥ 8♥"``."""
    return " ".join(card_symbol(c) for c in cards)


def meld_text(meld: Sequence[Card]) -> str:
    """A meld as ``"7♥8♥9♥"``."""
    return "".join(card_symbol(c) for c in sorted(meld, key=lambda c: (c.rank, c.suit)))


def points_text(points: float) -> str:
    """``"1 point"``, ``"3 points"``, ``"2.5 points"``."""
    amount = round(points, 1)
    shown = f"{amount:.0f}" if amount == int(amount) else f"{amount:.1f}"
    return f"{shown} point{'' if shown == '1' else 's'}"


def knock_count(view: PlayerView, action: Knock) -> int:
    """Deadwood left by knocking with ``action``."""
    kept = cards_to_mask(view.hand) & ~(action.card.bit if action.card else 0)
    return deadwood_value(kept)


def describe(view: PlayerView, action: Action, past: bool) -> str:
    """An action in words with suit symbols, as done (``past``) or as advice."""
    top = view.discard_pile[-1] if view.discard_pile else None

    def verb(now: str, then: str) -> str:
        return then if past else now

    if isinstance(action, DrawDiscard):
        shown = card_symbol(top) if top else "the discard"
        if view.phase is Phase.LAST_CHANCE:
            return f"{verb('take', 'took')} {shown} to knock"
        return f"{verb('take', 'took')} {shown}"
    if isinstance(action, DrawStock):
        return f"{verb('draw', 'drew')} from the stock"
    if isinstance(action, Pass):
        if view.phase is Phase.LAST_CHANCE:
            return f"{verb('pass', 'passed')}, leaving the hand void"
        return f"{verb('pass', 'passed')} {card_symbol(top)}" if top else verb("pass", "passed")
    if isinstance(action, Discard):
        return f"{verb('discard', 'discarded')} {card_symbol(action.card)}"
    if isinstance(action, Knock):
        if action.card is None:
            return verb("go big gin", "went big gin")
        count = knock_count(view, action)
        if count == 0:
            return f"{verb('go', 'went')} gin, discarding {card_symbol(action.card)}"
        return f"{verb('knock', 'knocked')} with {count}, discarding {card_symbol(action.card)}"
    if isinstance(action, Arrange):
        return f"{verb('lay out', 'laid out')} " + " ".join(meld_text(m) for m in action.melds)
    if isinstance(action, LayOff):
        return f"{verb('lay off', 'laid off')} {card_symbol(action.card)}"
    return str(action)


def gerund(view: PlayerView, kind: str, action: Action) -> str:
    """A short "-ing" phrase for the summary, e.g. ``"discarding 7♥"``."""
    top = view.discard_pile[-1] if view.discard_pile else None
    if isinstance(action, Discard):
        if kind == "knock":
            return f"not knocking (discarding {card_symbol(action.card)})"
        return f"discarding {card_symbol(action.card)}"
    if isinstance(action, DrawDiscard):
        return f"taking {card_symbol(top)}" if top else "taking the discard"
    if isinstance(action, DrawStock):
        return "drawing from the stock"
    if isinstance(action, Pass):
        return f"passing {card_symbol(top)}" if top and view.phase is not Phase.LAST_CHANCE else "passing"
    if isinstance(action, Knock):
        if action.card is not None and knock_count(view, action) == 0:
            return "going gin"
        return "knocking"
    if isinstance(action, Arrange):
        return "laying out " + " ".join(meld_text(m) for m in action.melds)
    return str(action)


def describe_decision(
    view: PlayerView, kind: str, played: Action, appraisal: Appraisal, cost: float, flagged: bool
) -> str:
    """The one-line judgement of a decision."""
    line = f"Turn {view.turn + 1}: you {describe(view, played, past=True)}"
    pick = appraisal.pick
    if played == pick:
        return line + ", as the expert would"
    advice = describe(view, pick, past=False)
    if kind == "knock" and not isinstance(pick, Knock):
        advice = f"play on and {advice}"
    line += f"; the expert would {advice}"
    reason = knock_reason(appraisal, played, pick) if kind == "knock" else ""
    if cost <= 0:
        return line + f"{reason} (just as good by its values)"
    return line + f"{reason} (about {points_text(cost)}{'' if flagged else ': a near-tie'})"


def knock_reason(appraisal: Appraisal, played: Action, pick: Action) -> str:
    """Why a knock was or was not the expert's choice: its sampled undercut chance, and what
    it valued knocking and playing on at under these rules."""
    knock = played if isinstance(played, Knock) else pick
    odds = appraisal.knocks.get(knock)
    if odds is None or not isinstance(knock, Knock) or knock.card is None:
        return ""
    reason = f": it put the chance of an undercut at {round(100 * odds.undercut)}%"
    if odds.play_on is not None and knock in appraisal.points:
        now, on = appraisal.points[knock], odds.play_on
        reason += f", knocking at {now:+.0f} points and playing on at {on:+.0f}"
    return reason


def consequence(hand: Hand, index: int, played: Action, player: int, opponent: str) -> str:
    """What the rest of the hand showed about one choice, as a verb phrase ("" if nothing).

    For example "gave the AI its run 5♣6♣7♣": the summary puts it after the choice
    ("discarding 7♣ on turn 4 gave ..."), a decision's line after "it".
    """
    later = hand.history[index + 1 :]
    other = 1 - player
    if isinstance(played, Discard):
        took = next((e for e in later if e.player == other), None)
        if took is None or took.kind != "draw_discard" or took.card != played.card:
            return ""
        meld = final_meld_of(hand, other, played.card)
        if meld is None:
            return f"went to {opponent}"
        return f"gave {opponent} its {'set' if is_set(meld) else 'run'} {meld_text(meld)}"
    result = hand.result
    if isinstance(played, Knock) and result is not None and result.kind.value == "undercut":
        return f"was undercut ({points_text(result.points)} to {opponent})"
    return ""


def final_meld_of(hand: Hand, seat: int, card: Card) -> tuple[Card, ...] | None:
    """The meld holding ``card`` that ``seat`` showed when the hand ended (None if none)."""
    if not hand.is_over or hand.knocker is None:
        return None
    if seat == hand.knocker:
        melds: Sequence[Sequence[Card]] = hand.knocker_melds
        # A layoff by the defender grows the knocker's melds: the card was the knocker's own.
    else:
        melds = hand.defender_melds
    for meld in melds:
        if card in meld:
            return tuple(meld)
    return None
