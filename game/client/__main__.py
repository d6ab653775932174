"""A headless network player, for tests and load: it plays a whole match with an AI level.

    python -m game.client --server ws://127.0.0.1:8765[,ws://...:8766] \\
        (--create --players N [--rules VARIANT[,option=value...]] | --join CODE | --spectate CODE | --quick) \\
        --bot LEVEL [--seat-file FILE]

With ``--create`` the first line printed is ``table CODE``. The last line is one JSON
object with the final result (``scores``, ``totals``, ``winner``...). With ``--seat-file``
the seat's token is kept in FILE, and running the same command again with it takes the seat
back (after a crash, say) instead of creating or joining. Exit status: 0 when the match was
played to its end, 1 when it could not be (no server, refused), 2 for bad flags.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from game.ai import LEVELS, make_player
from game.ai.base import Player
from game.online.session import Session, SessionError, TableState
from game.online.tablesetup import SetupError, TableSetup
from game.rules import Phase, RuleSet, RuleSetError

THINK_SLICE_S = 0.005
RETRY = {"stale": 0.0, "not_your_turn": 0.0, "rate_limited": 1.0, "unavailable": 0.5}
"""Refusals after which the bot looks again (after that many seconds) and moves if it is to."""


def parse_rules(text: str, players: int) -> RuleSet:
    """``standard``, ``oklahoma,big_gin=true,target=150``...: a variant then options.

    >>> parse_rules("oklahoma,big_gin=true", 2).big_gin
    True
    """
    variant, *options = [part.strip() for part in text.split(",") if part.strip()] or ["standard"]
    overrides: dict[str, Any] = {}
    bonuses = "classic"
    for option in options:
        name, _, value = option.partition("=")
        if not value:
            raise ValueError(f"rule option {option!r} needs a value (name=value)")
        if name == "bonuses":
            bonuses = value
            continue
        overrides[name] = _value(value)
    try:
        return RuleSet.preset(variant, bonuses=bonuses, players=players, **overrides)
    except (RuleSetError, TypeError) as error:
        raise ValueError(str(error)) from None


def _value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line; exits 2 with a message for bad flags."""
    parser = argparse.ArgumentParser(
        prog="python -m game.client", description="A headless Gin Rummy network player."
    )
    parser.add_argument("--server", required=True, help="server URL(s), comma-separated, tried in turn")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--create", action="store_true", help="open a table (print its code first)")
    how.add_argument("--join", metavar="CODE", help="take a seat at table CODE")
    how.add_argument("--spectate", metavar="CODE", help="watch table CODE")
    how.add_argument("--quick", action="store_true", help="play whoever else is waiting (or the computer)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2, help="with --create/--quick")
    parser.add_argument("--rules", default="standard", help="variant[,option=value...] (standard)")
    parser.add_argument(
        "--ai-seats",
        type=int,
        default=0,
        metavar="N",
        help="with --create: the server's computer plays the last N seats",
    )
    parser.add_argument("--timer", type=int, default=None, help="with --create: seconds per move")
    parser.add_argument(
        "--first-dealer", type=int, default=None, metavar="P", help="with --create: player P deals first"
    )
    parser.add_argument("--bot", choices=LEVELS, help="the AI level that plays this seat")
    parser.add_argument("--seed", type=int, default=1, help="the bot's seed")
    parser.add_argument(
        "--pace",
        type=float,
        default=0.06,
        metavar="S",
        help="at least this long between moves (0.06 keeps within the server's rate limit)",
    )
    parser.add_argument("--seat-file", type=Path, help="keep the seat's token here; rerun to resume")
    parser.add_argument("--timeout", type=float, default=600.0, help="give up after this many seconds")
    args = parser.parse_args(argv)
    urls = [url.strip() for url in args.server.split(",") if url.strip()]
    if not urls or not all(url.startswith(("ws://", "wss://")) for url in urls):
        parser.error("--server takes ws:// or wss:// URLs, separated by commas")
    args.urls = urls
    resuming = args.seat_file is not None and args.seat_file.is_file()
    if not (args.create or args.join or args.spectate or args.quick or resuming):
        parser.error("say how to sit down: --create, --join CODE, --spectate CODE or --quick")
    if args.bot is None and not args.spectate:
        parser.error("--bot LEVEL is needed to play a seat")
    try:
        args.ruleset = parse_rules(args.rules, args.players)
        if args.create:
            seats = ["open"] * args.players
            for seat in range(args.players - args.ai_seats, args.players):
                seats[seat] = "ai"
            args.setup = TableSetup(
                args.ruleset, tuple(seats), move_seconds=args.timer, first_dealer=args.first_dealer
            )
    except (ValueError, SetupError) as error:
        parser.error(str(error))
    return args


def save_seat(path: Path, record: dict[str, Any]) -> None:
    """Keep the seat record, written whole (a crash never leaves half a file)."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(record), encoding="utf-8")
    os.replace(temporary, path)


async def take_place(session: Session, args: argparse.Namespace) -> TableState:
    """Resume from the seat file, or create, join, spectate or queue as asked."""
    if args.seat_file is not None and args.seat_file.is_file():
        record = json.loads(args.seat_file.read_text(encoding="utf-8"))
        if record.get("token"):
            state = await session.resume(record["token"])
            moves = len(state.history)
            print(f"resumed table {state.code} as player {state.player} at hand {state.hand_number} "
                  f"after {moves} moves", file=sys.stderr, flush=True)  # fmt: skip
            return state
        if record.get("code") and record.get("player") is None:
            return await session.spectate(record["code"])
    if args.create:
        state = await session.create(args.setup)
        print(f"table {state.code}", flush=True)
        return state
    if args.join:
        return await session.join(args.join)
    if args.spectate:
        return await session.spectate(args.spectate)
    state = await session.quick(args.ruleset)
    print(f"table {state.code}", flush=True)
    return state


async def decide(bot: Player, state: TableState) -> Any:
    """The bot's move, thought in slices so the connection keeps being served."""
    assert state.view is not None
    thought = bot.think(state.view)
    loop = asyncio.get_running_loop()
    while True:
        deadline = loop.time() + THINK_SLICE_S
        try:
            while loop.time() < deadline:
                next(thought)
        except StopIteration as done:
            return done.value
        await asyncio.sleep(0)


async def play(args: argparse.Namespace) -> dict[str, Any]:
    """Play (or watch) until the match ends; the final result."""
    session = Session(args.urls)
    state = await take_place(session, args)
    if args.seat_file is not None:
        save_seat(args.seat_file, session.seat_record())
    bot = make_player(args.bot, args.seed) if args.bot else None
    acted_at, ready_for = -1, 0
    loop = asyncio.get_running_loop()
    last_sent = 0.0
    while True:
        state = session.state or state
        if state.match_over is not None:
            break
        if bot is not None and state.my_turn and state.version != acted_at:
            acted_at = state.version
            action = await decide(bot, state)
            wait = args.pace - (loop.time() - last_sent)
            if wait > 0:
                await asyncio.sleep(wait)  # stay within the server's rate limit
            if state.view is not None and action in state.view.legal_actions and session.state is state:
                last_sent = loop.time()
                await session.act(action)
            continue
        if bot is not None and state.stage == "between" and state.hand_number != ready_for:
            ready_for = state.hand_number
            await session.next_hand()
        try:
            event = await session.next_event(timeout=30.0)
        except TimeoutError:
            continue  # nothing happened (others still joining, or thinking): look again
        if event.kind == "lost":
            raise SessionError("unavailable", event.data.get("message", "no server answers"))
        if event.kind == "error" and event.data.get("code") in RETRY:
            if event.data.get("code") == "unavailable":
                print(f"refused: {event.data.get('message')}", file=sys.stderr, flush=True)
            await asyncio.sleep(RETRY[event.data["code"]])
            acted_at = -1  # look again at the newest state (a move refused was not made)
        elif event.kind == "error":
            print(f"refused: {event.data.get('message')}", file=sys.stderr, flush=True)
        if event.kind == "notice":
            print(f"notice: {event.data.get('text')}", file=sys.stderr, flush=True)
        if event.kind == "closed":
            raise SessionError("closed", event.data.get("reason", "the table closed"))
        if event.kind in ("reconnecting", "reconnected") and args.seat_file is not None:
            print(f"{event.kind}", file=sys.stderr, flush=True)
    final = dict(state.match_over)
    final.update(code=state.code, player=state.player, server=session.server)
    if state.view is not None and state.view.phase in (Phase.FINISHED, Phase.VOID):
        final["last_hand"] = state.hand_number
    await session.close()
    return final


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    args = parse_args(argv)
    try:
        final = asyncio.run(asyncio.wait_for(play(args), args.timeout))
    except SessionError as error:
        print(f"game.client: {error.message}", file=sys.stderr)
        return 1
    except TimeoutError:
        print(f"game.client: the match did not end within {args.timeout:g} s", file=sys.stderr)
        return 1
    print(json.dumps(final, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
