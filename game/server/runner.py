"""The owner's side of a table: apply requests one at a time, save, send, run the clock and
the computer players.

Only the process that owns a table runs its :class:`TableRunner`. Every change happens under
the runner's lock: the table changes (or refuses, unchanged), the record is saved with
compare-and-set on its version (shared mode), and only then the frames go out, each
audience its own. The computer thinks in slices of ``think_slice_s`` between which the event
loop serves every other table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from game.ai import make_player
from game.online.protocol import PHRASES, ErrorCode, encode
from game.rules import Action, Event, action_from_data
from game.server.backend import Backend, spawn
from game.server.config import ServerConfig
from game.server.records import write_hand
from game.server.table import BETWEEN, OVER, PLAYING, PUBLIC, VERSION, WAITING, Table, TableError

LOG = logging.getLogger("game.server")
SAY_INTERVAL_S = 1.0
"""A player may send one quick message a second (more would drown the table)."""


def how_long(seconds: float) -> str:
    """A wait as a person says it: "2 minutes", "1 minute", "90 seconds", "1 second".

    Whole minutes are said in minutes; anything else in whole seconds (at least one), so a
    short grace never reads "0.00833333 minutes"."""
    whole = max(1, round(seconds))
    if whole % 60 == 0:
        minutes = whole // 60
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{whole} second{'s' if whole != 1 else ''}"


class LostTable(Exception):
    """Another process saved a newer version: this one no longer owns the table."""


class TableRunner:
    """Runs one table for its owner."""

    def __init__(self, table: Table, backend: Backend, config: ServerConfig,
                 on_lost: Callable[[str], None]) -> None:  # fmt: skip
        self.table = table
        self.backend = backend
        self.config = config
        self.on_lost = on_lost
        self.lock = asyncio.Lock()
        self.saved = table.version
        self._timer: asyncio.TimerHandle | None = None
        self._thinking: asyncio.Task[None] | None = None
        self._thinking_at: tuple[int, int] | None = None  # (table version, player)
        self.closed = False
        self._said: dict[int, float] = {}  # when each player last sent a quick message

    @property
    def code(self) -> str:
        return self.table.code

    # --- requests -------------------------------------------------------------------------

    async def handle(self, op: dict[str, Any]) -> dict[str, Any]:
        """Carry out one request; ``{"ok": {...}}`` or ``{"error": {"code", "message"}}``."""
        if self.closed:
            return _error(ErrorCode.NO_TABLE, "this table has closed")
        async with self.lock:
            try:
                return {"ok": await self._handle(op)}
            except TableError as error:
                return _error(error.code, error.message)
            except LostTable:
                return _error(ErrorCode.UNAVAILABLE, "the table moved to another server: try again")

    async def _handle(self, op: dict[str, Any]) -> dict[str, Any]:
        table, now, kind = self.table, time.time(), op["op"]
        player: Any = op.get("player")
        if kind == "join":
            dealt_before = table.hand_number
            seated, token = table.take_seat(player, op["from"], now)
            await self._commit(dealt=table.hand_number > dealt_before)
            return {"player": seated, "token": token, "frame": self._full(seated)}
        if kind == "resume":
            found = table.player_of_token(op["token"])
            if found is None:
                raise TableError(ErrorCode.BAD_TOKEN, "no seat at this table has that token")
            back = table.seats[found].computer or table.seats[found].present is None
            self._cancel_thinking_for(found)
            table.arrive(found, op["from"])
            await self._commit(notice=f"Player {found + 1} is back." if back else None)
            return {"player": found, "frame": self._full(found)}
        if kind == "spectate" or kind == "sync":
            return {"frame": self._full(player)}
        if kind == "gone":
            if player is not None and table.seats[player].present == op["from"]:
                table.depart(player, now)
                await self._commit()
            return {}
        if kind == "act":
            action = action_from_data(op["action"])
            player = self._require_player(player)
            event = table.act(player, action, now, version=op.get("version"))
            self._cancel_thinking_for(player)
            await self._commit(event=event)
            return {}
        if kind == "say":
            player = self._require_player(player)
            if now - self._said.get(player, 0.0) < SAY_INTERVAL_S:
                raise TableError(
                    ErrorCode.RATE_LIMITED, f"one quick message every {SAY_INTERVAL_S:g} seconds"
                )
            self._said[player] = now
            phrase = op["phrase"]
            frame = {"type": "said", "player": player, "phrase": phrase, "text": PHRASES[phrase]}
            await self.backend.publish(self.code, {PUBLIC: encode(frame)})
            return {}
        if kind == "next":
            player = self._require_player(player)
            dealt = table.next_ready(player, now)
            await self._commit(dealt=dealt)
            return {}
        if kind == "fill":
            player = self._require_player(player)
            filled = table.fill(player, op.get("level"), now)
            names = ", ".join(f"player {p + 1}" for p in filled)
            await self._commit(dealt=True, notice=f"The computer takes {names}." if filled else None)
            return {}
        if kind == "leave":
            player = self._require_player(player)
            table.leave(player)
            await self._commit(
                notice=f"Player {player + 1} left: the computer plays for them until they are back."
            )
            return {}
        raise TableError(ErrorCode.UNKNOWN_TYPE, f"no such request {kind!r:.20}")

    def _require_player(self, player: object) -> int:
        if not isinstance(player, int):
            raise TableError(ErrorCode.SPECTATOR, "spectators watch: only the players may do that")
        return player

    def _full(self, player: int | None) -> dict[str, Any]:
        frame = self.table.frame(self.table.audience_of(player), time.time(), full=True)
        frame["player"] = player
        return frame

    # --- saving and sending ---------------------------------------------------------------

    async def _commit(self, *, event: Event | None = None, dealt: bool = False, notice: str | None = None,
                      full: bool = False) -> None:  # fmt: skip
        table = self.table
        if table.version == self.saved and not full:
            return
        now = time.time()
        hand = table.hand
        messages: list[dict[str, str]] = []
        if dealt and hand is not None:
            # The commitment goes out on its own, before any frame holding a card of the deal.
            commitment = {"type": "commitment", "version": table.version, "hand": table.hand_number,
                          "commitment": hand.commitment, "fingerprint": hand.fingerprint}  # fmt: skip
            messages.append({PUBLIC: encode(commitment), VERSION: str(table.version)})
        messages.append({
            audience: encode(table.frame(audience, now, full=full, event=event, dealt=dealt, notice=notice))
            for audience in table.audiences()
        } | {VERSION: str(table.version)})  # fmt: skip
        record = json.dumps(table.to_record(), separators=(",", ":")) if self.backend.shared else ""
        # Saved (compare-and-set on the version) and sent in one step: nothing goes out that
        # is not saved, and a process that lost the table can do neither.
        if not await self.backend.commit(self.code, self.saved, table.version, record, messages):
            self._lose()
            raise LostTable(self.code)
        self.saved = table.version
        if event is not None and table.hand is not None and table.hand.is_over:
            self.write_records()
        self.schedule()

    def write_records(self) -> None:
        """Write every finished hand's export not yet written (with ``--records``)."""
        folder = self.config.records
        if folder is None:
            return
        for number in range(1, len(self.table.match.played) + 1):
            try:
                write_hand(folder, self.code, number, self.table.export(number))
            except OSError as error:
                LOG.error("could not write hand %s of %s: %s", number, self.code, error)

    async def announce(self) -> None:
        """Send everybody the whole table (after taking it over from a dead process)."""
        async with self.lock:
            self.table.version += 1
            await self._commit(full=True, notice="The table moved to another server; play on.")

    def _lose(self) -> None:
        self.stop()
        self.on_lost(self.code)

    def stop(self) -> None:
        """Stop the clock and the computer (the table closed, or went to another process)."""
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
        if self._thinking is not None:
            self._thinking.cancel()

    # --- the clock and the computer -------------------------------------------------------

    def schedule(self) -> None:
        """Set the next moment something must happen at this table without anybody asking."""
        if self.closed:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        table, now, config = self.table, time.time(), self.config
        moments: list[float] = []
        for seat in table.seats:
            if seat.away_since is not None and not seat.computer and seat.token is not None:
                moments.append(seat.away_since + config.grace_s)
        if table.stage == PLAYING:
            player = table.player_to_act()
            assert player is not None
            if table.computer_plays(player, now, config.grace_s):
                self._think(player, delay=config.ai_delay_s if table.seats[player].kind == "ai" else 0.0)
            elif table.deadline is not None:
                moments.append(table.deadline)
        elif table.stage == BETWEEN and table.next_at is not None:
            moments.append(table.next_at)
        elif table.stage == OVER and table.finished_at is not None:
            moments.append(table.finished_at + config.keep_finished_s)
        if not table.people() or all(table.seats[p].present is None for p in table.people()):
            moments.append(self._last_seen() + config.abandon_s)
        if moments:
            delay = max(0.0, min(moments) - now) + 0.01
            self._timer = asyncio.get_running_loop().call_later(delay, self._wake)

    def _last_seen(self) -> float:
        seen = [seat.away_since for seat in self.table.seats if seat.away_since is not None]
        return max(seen, default=self.table.created)

    def _wake(self) -> None:
        self._timer = None
        spawn(self._on_time())

    async def _on_time(self) -> None:
        async with self.lock:
            if self.closed:
                return
            try:
                await self._due(time.time())
            except LostTable:
                return
        self.schedule()

    async def _due(self, now: float) -> None:
        table, config = self.table, self.config
        for player, seat in enumerate(table.seats):
            if seat.away_since is not None and not seat.computer and now - seat.away_since >= config.grace_s:
                table.hand_to_computer(player)
                await self._commit(
                    notice=f"Player {player + 1} has been away {how_long(config.grace_s)}: "
                    "the computer plays for them until they are back."
                )
        people_gone = not table.people() or all(table.seats[p].present is None for p in table.people())
        if people_gone and now >= self._last_seen() + config.abandon_s and table.stage != OVER:
            await self.close("everybody left")
            return
        if table.stage == PLAYING and table.deadline is not None and now >= table.deadline:
            to_act = table.player_to_act()
            if to_act is not None and not table.computer_plays(to_act, now, config.grace_s):
                self._think(to_act, delay=0.0, clock=True)
        elif table.stage == BETWEEN and table.next_at is not None and now >= table.next_at:
            table.deal_now(now)
            await self._commit(dealt=True)
        elif (
            table.stage == OVER
            and table.finished_at is not None
            and now >= table.finished_at + config.keep_finished_s
        ):
            await self.close("the match is over")
        elif table.stage == WAITING and now >= table.created + config.abandon_s:
            await self.close("nobody came")

    async def close(self, reason: str) -> None:
        """Close the table: its record goes, its tokens expire."""
        self.stop()
        frame = encode({"type": "closed", "code": self.code, "reason": reason})
        await self.backend.publish(self.code, {PUBLIC: frame})
        await self.backend.close(self.code)
        self.on_lost(self.code)

    def _cancel_thinking_for(self, player: int) -> None:
        if self._thinking is not None and self._thinking_at is not None and self._thinking_at[1] == player:
            self._thinking.cancel()
            self._thinking, self._thinking_at = None, None

    def _think(self, player: int, delay: float, clock: bool = False) -> None:
        at = (self.table.version, player)
        if self._thinking_at == at and self._thinking is not None and not self._thinking.done():
            return
        if self._thinking is not None:
            self._thinking.cancel()
        self._thinking_at = at
        self._thinking = spawn(self._play_for(player, at, delay, clock))

    async def _play_for(self, player: int, at: tuple[int, int], delay: float, clock: bool) -> None:
        table = self.table
        seat = table.seat_in_hand(player)
        hand = table.hand
        if seat is None or hand is None:
            return
        if delay:
            await asyncio.sleep(delay)
        level, seed = table.computer_for(player)
        action = await self._decide(make_player(level, seed), hand.view(seat))
        async with self.lock:
            if self.closed or (table.version, player) != at:
                return  # the table moved on while the computer thought
            self._thinking, self._thinking_at = None, None
            try:
                event = table.act(player, action, time.time(), by_computer=True)
            except TableError as error:
                LOG.error("the computer's move was refused at %s: %s", self.code, error.message)
                return
            notice = None
            if clock:
                notice = f"The clock ran out: the computer moved for player {player + 1}."
            with contextlib.suppress(LostTable):
                await self._commit(event=event, notice=notice)

    async def _decide(self, ai: Any, view: Any) -> Action:
        thought = ai.think(view)
        slice_s = self.config.think_slice_s
        while True:
            deadline = time.perf_counter() + slice_s
            try:
                while time.perf_counter() < deadline:
                    next(thought)
            except StopIteration as done:
                action: Action = done.value
                return action
            await asyncio.sleep(0)  # let every other table have the loop


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}
