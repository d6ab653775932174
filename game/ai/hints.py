"""Hints for a human player: the move the hard level would make, and why, in one line.

When a knock is on, the reason comes from the level's own judgement of knocking against
playing on under the rules being played (:mod:`game.ai.knocking`): the undercut bonus, the
gin bonus and the score of the match, so "knock" and "play on" mean what they say here.

>>> import random
>>> from game.rules import Hand, RuleSet
>>> hand = Hand.deal(RuleSet.preset("standard"), dealer=0, rng=random.Random(5))
>>> tip = hint(hand.view(1))
>>> tip.action in hand.legal_actions(), bool(tip.reason)
(True, True)
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from game.ai.base import finish
from game.ai.levels import CONFIGS
from game.ai.reasons import DiscardValues, discard_reason, discard_values, think_discard_values
from game.ai.search import KnockOdds, SearchPlayer
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
    PlayerView,
    best_melds,
    card_symbol,
    cards_to_mask,
    deadwood_value,
)


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and a one-line reason naming real cards."""

    action: Action
    reason: str


HINT_LEVEL = "hard"
"""The level whose move a hint suggests, and whose values and knock judgement say why."""


def hint(view: PlayerView, seed: int = 0) -> Hint:
    """What the hard level would do for ``view``'s player, with the reason."""
    return finish(think_hint(view, seed))


def think_hint(view: PlayerView, seed: int = 0) -> Generator[None, None, Hint]:
    """:func:`hint` in slices, like a player's ``think``: the reason comes from the very
    judgement that chose the move (for a screen that must not stall while it thinks)."""
    context = SearchPlayer(CONFIGS[HINT_LEVEL], seed).context(view)
    action = (yield from context.decide()).action
    values = (
        (yield from think_discard_values(view, HINT_LEVEL, seed)) if isinstance(action, Discard) else None
    )
    return Hint(action, explain(view, action, judged_knock(context.knocks), judged=True, values=values))


def judged_knock(knocks: dict[Action, KnockOdds]) -> KnockOdds | None:
    """The knock short of gin that a decision judged against playing on, if any."""
    return next(
        (odds for a, odds in knocks.items() if isinstance(a, Knock) and odds.play_on is not None), None
    )


def knock_judgement(view: PlayerView, seed: int = 0) -> KnockOdds | None:
    """The hint level's judgement of its best knock in ``view`` (None when it had none to make)."""
    if not any(isinstance(a, Knock) and a.card is not None for a in view.legal_actions):
        return None
    context = SearchPlayer(CONFIGS[HINT_LEVEL], seed).context(view)
    finish(context.decide())
    return judged_knock(context.knocks)


def knock_phrase(view: PlayerView, odds: KnockOdds, knocking: bool) -> str:
    """Why knock or play on, from the judgement and the bonuses of these rules."""
    rules = view.rules
    undercut = round(100 * odds.undercut)
    on = odds.play_on if odds.play_on is not None else 0.0
    if knocking != (odds.now >= on):  # judged again with other samples: they disagree
        return f"a close call: knocking now is worth about {odds.now:+.0f} points, one more turn {on:+.0f}"
    if knocking:
        return f"{undercut}% undercut risk"  # short: the toast keeps to one line on a phone
    if odds.undercut >= 0.25:
        return (
            f"no knock yet: the opponent may well undercut ({undercut}%, and an undercut pays "
            f"{rules.undercut_bonus} extra)"
        )
    return (
        f"no knock yet: one more turn is worth about {on:+.0f} points, knocking now {odds.now:+.0f} "
        f"(gin pays {rules.gin_bonus})"
    )


def symbols(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards as display text, e.g. ``"7♥8♥9♥"``."""
    return "".join(card_symbol(c) for c in sorted(cards, key=lambda c: (c.suit, c.rank)))


def explain(
    view: PlayerView,
    action: Action,
    odds: KnockOdds | None = None,
    judged: bool = False,
    values: DiscardValues | None = None,
) -> str:
    """A one-line reason for ``action`` in ``view``, naming the cards involved.

    ``odds`` is the hint level's judgement of its best knock; ``judged`` says it was passed
    from the decision that chose ``action`` (None then: there was no knock to judge). Else,
    when a knock is on, the level judges it again here (the same seed as :func:`hint`'s
    default). ``values`` are the level's values of the discards (read here when not given):
    what decided a discard. Both are slices of work the cooperative :func:`think_hint` does
    before it calls this.
    """
    hand = tuple(view.hand)
    if odds is None and not judged and isinstance(action, Discard | Knock):
        odds = knock_judgement(view)
    top = view.discard_pile[-1] if view.discard_pile else None
    if isinstance(action, Discard):
        why = discard_reason(view, action.card, values or discard_values(view, HINT_LEVEL))
        reason = f"Discard {card_symbol(action.card)}: {why}"
        if odds is not None:
            reason += "; " + knock_phrase(view, odds, False)
        return reason
    if isinstance(action, Knock):
        if action.card is None:
            return "Big gin: all eleven cards " + symbols(hand) + " are melded"
        kept = tuple(c for c in hand if c != action.card)
        count = deadwood_value(kept)
        if count == 0:
            return f"Gin! Discard {card_symbol(action.card)} face down: every other card is melded"
        reason = f"Knock, discarding {card_symbol(action.card)}: {count} deadwood"
        if odds is not None:
            reason += ", " + knock_phrase(view, odds, True)
        else:
            reason += f" is within the limit of {view.knock_limit}"
        return reason
    if isinstance(action, DrawDiscard) and top is not None:
        with_top = best_melds(cards_to_mask(hand) | top.bit)
        for meld in with_top.melds:
            if top in meld:
                return f"Take {card_symbol(top)}: it makes the meld {symbols(meld)}"
        mates = [
            c for c in hand if c.rank == top.rank or (c.suit == top.suit and abs(c.rank - top.rank) <= 2)
        ]
        if mates:
            return f"Take {card_symbol(top)}: it goes with {symbols(mates[:2])}"
        return f"Take {card_symbol(top)}: a low card that lowers your deadwood"
    if isinstance(action, DrawStock | Pass) and view.phase is not Phase.LAST_CHANCE:
        verb = "Draw from the stock" if isinstance(action, DrawStock) else "Pass"
        if top is None:
            return f"{verb}: there is no discard to take"
        if DrawDiscard() not in view.legal_actions:
            return f"{verb}: {card_symbol(top)} may not be taken now"
        mates = [
            c for c in hand if c.rank == top.rank or (c.suit == top.suit and abs(c.rank - top.rank) <= 2)
        ]
        if mates:
            return (
                f"{verb}: {card_symbol(top)} would only go with {symbols(mates[:2])}; "
                "an unknown card is likely to help more"
            )
        return f"{verb}: {card_symbol(top)} does not go with any of your cards"
    if isinstance(action, Pass) and top is not None:
        return f"Pass: taking {card_symbol(top)} would not give a good knock"
    if isinstance(action, DrawDiscard):
        return "Take the discard"
    if isinstance(action, Arrange):
        used = {c for m in action.melds for c in m}
        count = sum(c.value for c in hand if c not in used)
        melds = " ".join(symbols(m) for m in action.melds)
        return f"Lay out {melds}: {count} deadwood and the fewest likely layoffs"
    if isinstance(action, LayOff):
        meld = view.knocker_melds[action.meld_index]
        return f"Lay off {card_symbol(action.card)} on {symbols(meld)}"
    if isinstance(action, EndLayoff):
        return "Finish: nothing more of " + (symbols(hand) or "your hand") + " can be laid off"
    return str(action)
