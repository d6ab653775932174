"""Fit the opponent model's survival table by self-play, and write game/ai/survival.py.

    python tools/fit_opponent_model.py [--hands 4000] [--seed 1] [--check]

The search levels weigh two kinds of opponent (:mod:`game.ai.opponent`): one that knocks as
soon as its deadwood allows, and one that waits for gin. An opponent that has not knocked
after many turns is more likely the second kind; how much more depends on how likely a
knock-when-able player is to have gone that long without a hand it could knock with. This
tool measures that: the simple baseline plays itself under Simple Gin rules (so hands run
until gin or the end of the stock and nobody's knock cuts the others' counting short), and
for every knock limit from 1 to 10 the Kaplan-Meier estimate of the chance that a player's
deadwood after its discard has stayed above the limit for its first ``t`` turns is written
out, rounded to three places. The same seed gives the same file. ``--check`` compares the
table with the one shipped and fails if they differ (for CI or review).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import make_player  # noqa: E402
from game.rules import Discard, Hand, Knock, RuleSet, cards_to_mask, deadwood_value  # noqa: E402

OUT = ROOT / "game" / "ai" / "survival.py"
TURNS = 20  # turns tabulated; later turns use the last entry
LIMITS = range(1, 11)

HEADER = '''"""How long a player who knocks as soon as it can goes without being able to (generated).

``SURVIVAL[limit - 1][t]``: the chance that such a player's deadwood after its discard has
stayed above ``limit`` (1 to 10) through its first ``t`` turns (``t`` from 0). Written by
``python tools/fit_opponent_model.py --hands {hands} --seed {seed}`` from the simple
baseline playing itself; do not edit by hand.
"""

# fmt: off
SURVIVAL: tuple[tuple[float, ...], ...] = (
'''


def first_knockable(hands: int, seed: int) -> list[tuple[dict[int, int], int]]:
    """Per player and hand: {limit: first turn its deadwood was within it}, and turns played."""
    rules = RuleSet.preset("simple")
    rng = random.Random(seed)
    players = [make_player("simple", seed), make_player("simple", seed + 1)]
    out: list[tuple[dict[int, int], int]] = []
    for number in range(hands):
        hand = Hand.deal(rules, dealer=number % 2, rng=rng)
        turns = [0, 0]
        first: list[dict[int, int]] = [{}, {}]
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = players[seat].choose(hand.view(seat))
            hand.apply(action)
            if isinstance(action, Discard | Knock):
                turns[seat] += 1
                # a knock under Simple Gin is gin: nothing left unmelded
                count = 0 if isinstance(action, Knock) else deadwood_value(cards_to_mask(hand.hands[seat]))
                for limit in LIMITS:
                    if count <= limit and limit not in first[seat]:
                        first[seat][limit] = turns[seat]
        out.extend((first[s], turns[s]) for s in (0, 1))
    return out


def survival(records: list[tuple[dict[int, int], int]], limit: int) -> list[float]:
    """Kaplan-Meier: the chance of no knockable hand through each of the first turns."""
    alive = 1.0
    row = [1.0]
    for t in range(1, TURNS):
        at_risk = sum(1 for first, played in records if first.get(limit, played + 1) >= t and played >= t)
        events = sum(1 for first, _ in records if first.get(limit) == t)
        if at_risk:
            alive *= 1.0 - events / at_risk
        row.append(round(alive, 3))
    return row


def render(hands: int, seed: int) -> str:
    """The module's text."""
    records = first_knockable(hands, seed)
    lines = [HEADER.format(hands=hands, seed=seed)]
    for limit in LIMITS:
        row = ", ".join(f"{p:.3f}".rstrip("0").rstrip(".") if p not in (0.0, 1.0) else f"{p:.1f}"
                        for p in survival(records, limit))  # fmt: skip
        lines.append(f"    ({row}),\n")
    lines.append(")\n# fmt: on\n")
    return "".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="fail if the shipped table differs")
    args = parser.parse_args(argv)
    text = render(args.hands, args.seed)
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("the shipped table matches" if same else f"{OUT} differs from a fresh fit")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
