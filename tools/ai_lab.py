"""Duplicate-deal AI lab: compare two players hand by hand, or measure a reading ceiling.

    python tools/ai_lab.py --a hard --b simple --deals 400 [--seed 1] [--rules standard]
                           [--set a.mistake_rate=0] [--oracle feeds,discards,knock,holds]
                           [--jobs 2] [--json] [--baseline COMMIT --old a|b|both]

Every deal is played twice from the same deck, once from each seat. A deal that favours one
seat favours each player once, so the average of the pair is steadier than two separate
hands (about half the variance for medium against simple). It prints A's points per hand
with its standard error over the deal pairs, the hands A won, how hands ended and how many
discards each side took per hand. Whole matches and game wins are the arena's job
(``python -m game.arena``).

``--set side.field=value`` changes one field of a search level's configuration for one
side (repeatable), to test a change before making it.

``--baseline COMMIT --old SIDE`` plays that side (or both) as the commit had it
(``tools/frozen_ai.py``), on the same deals and seeds: old and new side by side.

``--oracle`` is a measurement, never a way to play: A (a level that reads the opponent from
sampled hands) is told the truth about the opponent's hidden hand for the parts named:

* ``feeds``: which of A's discards would give the opponent a meld;
* ``discards``: the card the opponent would throw next (what A fishes for);
* ``knock``: the hand a knock is tested against;
* ``holds``: which unseen cards the opponent holds and which are in the stock.

The gap between a part told and the same level reading fairly is what better reading of
that part could win at most.

A benchmark that prints numbers; it is not a test, and the game never imports it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import PLAYERS, make_player
from game.ai.base import Player
from game.ai.inference import Belief, feeding
from game.ai.levels import CONFIGS
from game.ai.search import LevelConfig, Reader, SearchPlayer
from game.ai.tracking import Tracker
from game.arena import RULE_TABLES, add_pairing_arguments, count
from game.rules import DrawDiscard, Hand, PlayerView, RuleSet, cards_to_mask
from tools import frozen_ai

ORACLE_PARTS = ("feeds", "discards", "knock", "holds")


@dataclass(frozen=True, slots=True)
class PartlyTrue(Belief):
    """A fair belief with some parts replaced by the truth about the opponent's hand."""

    truth: int = 0
    parts: frozenset[str] = frozenset()

    def next_discards(self) -> dict[int, float]:
        """The opponent's next discard: from its real hand when ``discards`` is told."""
        if "discards" in self.parts:
            return Belief((self.truth,), (1.0,), self.holds, self.feeds).next_discards()
        return Belief.next_discards(self)

    def draw(self, rng: random.Random) -> int:
        """A hand to test a knock against: its real hand when ``knock`` is told."""
        return self.truth if "knock" in self.parts else Belief.draw(self, rng)


def oracle_reader(parts: frozenset[str], truth: dict[str, int]) -> Reader:
    """A reader that reads fairly, then swaps in the truth (``truth["hand"]``) for ``parts``."""

    def read(
        view: PlayerView, tracker: Tracker, rng: random.Random, samples: int
    ) -> Generator[None, None, Belief]:
        fair = yield from Belief.build(view, tracker, rng, samples)
        hand = truth["hand"]
        holds = tuple(float(hand >> i & 1) for i in range(52)) if "holds" in parts else fair.holds
        fed = feeding(hand)
        feeds = tuple(float(fed >> i & 1) for i in range(52)) if "feeds" in parts else fair.feeds
        return PartlyTrue(fair.hands, fair.weights, holds, feeds, hand, parts)

    return read


def parse_settings(items: Sequence[str]) -> dict[str, dict[str, Any]]:
    """``side.field=value`` items as {"a": {...}, "b": {...}}, each value typed like the field."""
    fields = {f.name: f for f in dataclasses.fields(LevelConfig)}
    out: dict[str, dict[str, Any]] = {"a": {}, "b": {}}
    for item in items:
        key, sep, text = item.partition("=")
        side, dot, name = key.partition(".")
        if not sep or not dot or side not in out:
            raise ValueError(f"--set {item!r}: write it as a.field=value or b.field=value")
        if name not in fields or name == "name":
            choices = ", ".join(sorted(n for n in fields if n != "name"))
            raise ValueError(f"--set {item!r}: {name!r} is not a level setting (one of {choices})")
        kind = str(fields[name].type)  # the annotation's text, e.g. "int | None"
        value: Any
        try:
            if "None" in kind and text.lower() == "none":
                value = None
            elif kind == "bool":
                if text.lower() not in ("true", "false", "1", "0"):
                    raise ValueError(text)
                value = text.lower() in ("true", "1")
            elif kind.startswith("int"):
                value = int(text)
            elif kind == "float":
                value = float(text)
            else:
                value = text  # stock_search: LevelConfig checks the word
        except ValueError:
            raise ValueError(f"--set {item!r}: {text!r} is not a valid {name}") from None
        out[side][name] = value
    return out


@dataclass(frozen=True)
class Side:
    """How to build one side's player."""

    level: str
    settings: tuple[tuple[str, Any], ...] = ()
    oracle: frozenset[str] = frozenset()
    baseline: str | None = None  # a commit: the level as it was there (tools/frozen_ai.py)

    def check(self) -> None:
        """Refuse settings or an oracle the level cannot take, with the reason."""
        if self.baseline is not None and (self.settings or self.oracle):
            raise ValueError("--old plays a level as its commit had it: no --set or --oracle on that side")
        if self.level not in PLAYERS:
            raise ValueError(f"unknown level {self.level!r}: choose one of {', '.join(PLAYERS)}")
        if (self.settings or self.oracle) and self.level not in CONFIGS:
            raise ValueError(f"{self.level!r} is a fixed baseline: --set and --oracle need a search level")
        if self.settings:
            self.config()  # LevelConfig refuses a value it cannot use
        unknown = self.oracle - set(ORACLE_PARTS)
        if unknown:
            raise ValueError(
                f"unknown oracle part {sorted(unknown)[0]!r}: choose from {', '.join(ORACLE_PARTS)}"
            )
        if self.oracle and not self.config().belief_samples:
            raise ValueError(f"{self.level!r} does not read the opponent: --oracle needs hard or expert")

    def config(self) -> LevelConfig:
        """The level's configuration with the settings applied."""
        return dataclasses.replace(CONFIGS[self.level], **dict(self.settings))

    def build(self, seed: int, truth: dict[str, int]) -> Player:
        """The player, seeded."""
        if self.baseline is not None:
            player: Player = frozen_ai.load(self.baseline).make_player(self.level, seed)
            return player
        if self.level not in CONFIGS:
            return make_player(self.level, seed)
        reader = oracle_reader(self.oracle, truth) if self.oracle else Belief.build
        return SearchPlayer(self.config(), seed, reader=reader)


def play_deal(task: tuple[Side, Side, dict[str, Any], int, int, bool]) -> dict[str, Any]:
    """One deal with A in seat 1 when ``swapped``; seat k's player is seeded by seat, not side."""
    a, b, rules_data, seed, deal, swapped = task
    rules = RuleSet.from_dict(rules_data)
    hand = Hand.deal(rules, dealer=deal % 2, rng=random.Random(f"ai_lab|{seed}|{deal}"))
    a_seat = 1 if swapped else 0
    truth = {"hand": 0}
    players = {
        a_seat: a.build(seed * 1_000_003 + deal * 2 + a_seat, truth),
        1 - a_seat: b.build(seed * 1_000_003 + deal * 2 + 1 - a_seat, truth),
    }
    takes = Counter[str]()
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        truth["hand"] = cards_to_mask(hand.hands[1 - seat])
        action = players[seat].choose(hand.view(seat))
        if isinstance(action, DrawDiscard):
            takes["a" if seat == a_seat else "b"] += 1
        hand.apply(action)
    result = hand.result
    assert result is not None
    points = 0 if result.winner is None else (result.points if result.winner == a_seat else -result.points)
    winner = None if result.winner is None else ("a" if result.winner == a_seat else "b")
    return {"points": points, "winner": winner, "kind": result.kind.value, "takes": dict(takes)}


def run(
    a: Side, b: Side, deals: int, seed: int, rules: RuleSet, jobs: int = 1, table: str | None = None
) -> dict[str, Any]:
    """Play ``deals`` deals twice each and summarise them from A's side (``table``: the rules' name)."""
    a.check()
    b.check()
    if rules.players != 2:
        raise ValueError("the lab plays two-player hands")
    if deals < 2:
        raise ValueError("play at least 2 deals: the standard error needs two deal pairs")
    tasks = [(a, b, rules.to_dict(), seed, d, swapped) for d in range(deals) for swapped in (False, True)]
    if jobs > 1:
        import multiprocessing  # a desktop developer tool: several processes are fine here

        with multiprocessing.Pool(jobs) as pool:
            hands = pool.map(play_deal, tasks, chunksize=max(1, len(tasks) // (jobs * 8)))
    else:
        hands = [play_deal(t) for t in tasks]
    return summarise(a, b, rules, hands, table)


def summarise(
    a: Side, b: Side, rules: RuleSet, hands: list[dict[str, Any]], table: str | None = None
) -> dict[str, Any]:
    """Totals from A's side; ``hands`` come in pairs (the same deal from both seats)."""
    points = [h["points"] for h in hands]
    pairs = [(points[i] + points[i + 1]) / 2 for i in range(0, len(points), 2)]
    mean = sum(points) / len(points)
    spread = math.sqrt(sum((p - mean) ** 2 for p in pairs) / (len(pairs) - 1))
    ends = Counter(f"{h['winner'] or 'none'} {h['kind']}" for h in hands)

    def describe(side: Side) -> str:
        parts = [f"{frozen_ai.PREFIX}{side.level}" if side.baseline else side.level]
        parts += [f"{k}={v}" for k, v in side.settings]
        if side.oracle:
            parts.append("told " + "+".join(sorted(side.oracle)))
        return " ".join(parts)

    return {
        "a": describe(a),
        "b": describe(b),
        "rules": table or rules.variant.value,
        "deals": len(pairs),
        "hands": len(hands),
        "a_points_per_hand": round(mean, 3),
        "standard_error": round(spread / math.sqrt(len(pairs)), 3),
        "a_hand_wins": round(sum(h["winner"] == "a" for h in hands) / len(hands), 4),
        "takes_per_hand": {
            side: round(sum(h["takes"].get(side, 0) for h in hands) / len(hands), 3) for side in ("a", "b")
        },
        "ends": dict(sorted(ends.items())),
    }


def report(s: dict[str, Any]) -> str:
    """The summary as readable text."""
    return "\n".join(
        [
            f"{s['a']} vs {s['b']} ({s['rules']}): {s['deals']} deals, each from both seats",
            f"  A's points per hand {s['a_points_per_hand']:+.2f} (standard error {s['standard_error']:.2f}); "
            f"A won {100 * s['a_hand_wins']:.1f}% of the hands",
            f"  discards taken per hand: A {s['takes_per_hand']['a']:.2f}, B {s['takes_per_hand']['b']:.2f}",
            "  hands ended: " + ", ".join(f"{k} {v}" for k, v in s["ends"].items()),
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="tools/ai_lab.py", description=__doc__.splitlines()[0])
    add_pairing_arguments(parser)
    parser.add_argument("--deals", type=count(2), default=200, help="at least 2 (for the standard error)")
    parser.add_argument("--set", action="append", default=[], metavar="SIDE.FIELD=VALUE")
    parser.add_argument("--oracle", default="", help="comma-separated: " + ", ".join(ORACLE_PARTS))
    parser.add_argument("--baseline", default=None, help="a commit (for --old)")
    parser.add_argument(
        "--old", choices=("a", "b", "both"), default=None, help="play this side as --baseline had it"
    )
    args = parser.parse_args(argv)
    if (args.old is None) != (args.baseline is None):
        parser.error("--old and --baseline go together")
    try:
        settings = parse_settings(args.set)
        oracle = frozenset(p.strip() for p in args.oracle.split(",") if p.strip())
        old = {"a": args.old in ("a", "both"), "b": args.old in ("b", "both")}
        a = Side(args.a, tuple(sorted(settings["a"].items())), oracle, args.baseline if old["a"] else None)
        b = Side(args.b, tuple(sorted(settings["b"].items())), baseline=args.baseline if old["b"] else None)
        summary = run(a, b, args.deals, args.seed, RULE_TABLES[args.rules], args.jobs, args.rules)
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps(summary) if args.json else report(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
