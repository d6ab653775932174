"""How well a level reads the undercut risk of its knocks, against the truth.

    python tools/knock_calibration.py --a expert --b waiter --rules competition --deals 100
                                      [--seed 1] [--jobs 2] [--baseline COMMIT] [--json]

Deals are played from both seats (as in ``tools/ai_lab.py``) by level A against B. At each
of A's discards where a knock short of gin is legal, A's own appraisal
(``SearchPlayer.appraise``) gives the undercut chance of its best knock; the truth is the
opponent's real hand laying off against that knock's melds. It prints the mean predicted
chance against the real undercut rate, the Brier score, a calibration table by predicted
chance, and the same for the knocks A really made. ``--baseline`` lets ``base:LEVEL`` name a
level of an earlier commit (``tools/frozen_ai.py``).

A benchmark that prints numbers; it is not a test, and the game never imports it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.base import finish
from game.arena import MAX_JOBS, RULE_TABLES, count
from game.rules import Discard, Hand, Knock, Phase, best_defence, best_melds, cards_to_mask
from tools import frozen_ai

BINS = (0.0, 0.1, 0.2, 0.35, 0.5, 0.7, 1.01)


def play_deal(task: tuple[str, str, str, int, int, bool, str | None]) -> list[dict[str, Any]]:
    """One deal, A in seat 1 when ``swapped``: A's knock positions with prediction and truth."""
    a, b, table, seed, deal, swapped, baseline = task
    if baseline is not None:
        frozen_ai.use_baseline(baseline)
    rules = RULE_TABLES[table]
    hand = Hand.deal(rules, dealer=deal % 2, rng=random.Random(f"calibration|{seed}|{deal}"))
    a_seat = 1 if swapped else 0
    players: dict[int, Any] = {
        a_seat: frozen_ai.make_named(a, seed * 1_000_003 + deal * 2 + a_seat),
        1 - a_seat: frozen_ai.make_named(b, seed * 1_000_003 + deal * 2 + 1 - a_seat),
    }
    found: list[dict[str, Any]] = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        if seat == a_seat and view.phase is Phase.DISCARD:
            knocks = [k for k in view.legal_actions if isinstance(k, Knock) and k.card is not None]
            mine = cards_to_mask(view.hand)
            real = [
                k for k in knocks if k.card is not None and best_melds(mine & ~k.card.bit).deadwood_value > 0
            ]
            if real and any(isinstance(x, Discard) for x in view.legal_actions):
                appraisal = finish(players[seat].appraise(view))
                best = min(
                    (k for k in appraisal.knocks if k in real),
                    key=lambda k: appraisal.knocks[k].count,
                    default=None,
                )
                if best is not None and best.card is not None:
                    kept = best_melds(mine & ~best.card.bit)
                    opponent = cards_to_mask(hand.hands[1 - seat])
                    theirs = best_defence(opponent, kept.melds).deadwood_value
                    found.append(
                        {
                            "predicted": appraisal.knocks[best].undercut,
                            "undercut": theirs <= kept.deadwood_value,
                            "knocked": isinstance(appraisal.pick, Knock),
                            "turn": view.turn,
                            "opponent_deadwood": best_melds(opponent).deadwood_value,
                            "predicted_deadwood": appraisal.knocks[best].opponent_deadwood,
                        }
                    )
        hand.apply(players[seat].choose(view))
    return found


def summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Mean prediction, real rate, Brier score and the calibration bins of some positions."""
    if not rows:
        return {"positions": 0}
    n = len(rows)
    bins = []
    for low, high in itertools.pairwise(BINS):
        inside = [r for r in rows if low <= r["predicted"] < high]
        if inside:
            bins.append(
                {
                    "from": low,
                    "to": min(high, 1.0),
                    "positions": len(inside),
                    "predicted": round(sum(r["predicted"] for r in inside) / len(inside), 3),
                    "real": round(sum(r["undercut"] for r in inside) / len(inside), 3),
                }
            )
    return {
        "positions": n,
        "predicted": round(sum(r["predicted"] for r in rows) / n, 3),
        "real": round(sum(r["undercut"] for r in rows) / n, 3),
        "brier": round(sum((r["predicted"] - r["undercut"]) ** 2 for r in rows) / n, 4),
        "predicted_deadwood": round(sum(r["predicted_deadwood"] for r in rows) / n, 2),
        "real_deadwood": round(sum(r["opponent_deadwood"] for r in rows) / n, 2),
        "bins": bins,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="tools/knock_calibration.py", description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="expert")
    parser.add_argument("--b", default="simple")
    parser.add_argument("--rules", choices=tuple(RULE_TABLES), default="standard")
    parser.add_argument("--deals", type=count(1, 100_000), default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=count(1, MAX_JOBS), default=1)
    parser.add_argument("--baseline", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.baseline is not None:
        frozen_ai.use_baseline(args.baseline)
    tasks = [
        (args.a, args.b, args.rules, args.seed, d, s, args.baseline)
        for d in range(args.deals)
        for s in (0, 1)
    ]
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            found = [r for rows in pool.map(play_deal, tasks, chunksize=4) for r in rows]
    else:
        found = [r for t in tasks for r in play_deal(t)]
    result = {"all": summary(found), "knocked": summary([r for r in found if r["knocked"]])}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{args.a} vs {args.b} ({args.rules}), {args.deals} deals from both seats")
    for name, s in result.items():
        if not s["positions"]:
            print(f"{name}: no positions")
            continue
        print(
            f"{name}: {s['positions']} positions; undercut chance predicted {s['predicted']:.3f}, "
            f"real {s['real']:.3f}; Brier {s['brier']:.4f}; opponent deadwood predicted "
            f"{s['predicted_deadwood']:.1f}, real {s['real_deadwood']:.1f}"
        )
        for b in s["bins"]:
            print(f"   predicted {b['from']:.2f}-{b['to']:.2f}: {b['positions']:5} positions, "
                  f"mean {b['predicted']:.3f}, real {b['real']:.3f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
