"""One online table as the referee keeps it: the match, the seats, the clock. No sockets here.

Every change goes through a method that checks it first and raises :class:`TableError` (an
error code and a sentence) with nothing changed; a change that happens bumps ``version``.
The table turns into JSON (:meth:`Table.to_record`) and back by replaying the match from its
secret seed and the actions taken (:meth:`Table.from_record`), which is how another server
process takes it over. What each connection is sent comes from :meth:`Table.frame`: a seat's
own view (the engine's ``Hand.view``) for a person playing this hand, the public view for
everyone else.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from game.ai import LEVELS as AI_LEVELS
from game.online.protocol import ErrorCode
from game.online.tablesetup import SEAT_AI, SetupError, TableSetup
from game.online.views import event_to_data, public_to_data, public_view, view_to_data
from game.rules import (
    Action,
    Event,
    Hand,
    IllegalAction,
    Match,
    RecordError,
    action_from_data,
    action_to_data,
)
from game.verify import AISeat, PersonSeat, Seat, export_hand

RECORD_VERSION = 1
WAITING, PLAYING, BETWEEN, OVER = "waiting", "playing", "between", "over"
AI_SEED_LIMIT = 2**31
"""AI seeds are drawn below this: hand exports keep every number exact in any JSON reader."""
PUBLIC = "*"
VERSION = "v"
"""Not an audience: the table version a published message's frames are at (a relay drops
those a connection's whole table already holds)."""
"""The audience of the public view: spectators, and players sitting out the hand."""


class TableError(Exception):
    """A refused change: ``code`` (an ErrorCode) and the reason, nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def token_digest(token: str) -> str:
    """What the server keeps of a seat token: its SHA-256 (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class SeatState:
    """One player's seat: who plays it and whether they are here."""

    kind: str  # "person" or "ai"
    level: str
    token: str | None = None  # the token's digest once a person has taken the seat
    present: str | None = None  # "<process>/<connection>" holding the person's connection
    away_since: float | None = None
    computer: bool = False  # the computer plays for the person (they left, or the grace ran out)

    @property
    def taken(self) -> bool:
        """Whether somebody sits here (a person who joined, or the computer)."""
        return self.kind == SEAT_AI or self.token is not None

    def status(self) -> str:
        """open, here, away, computer (the computer's own seat) or standing_in."""
        if self.kind == SEAT_AI:
            return "computer"
        if self.token is None:
            return "open"
        if self.computer:
            return "standing_in"
        return "here" if self.present else "away"

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form, for the table's record."""
        return {"kind": self.kind, "level": self.level, "token": self.token, "present": self.present,
                "away_since": self.away_since, "computer": self.computer}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatState:
        """Read :meth:`to_dict` output (records are written by servers, not by players)."""
        return cls(**data)


@dataclass
class Table:
    """The referee's state for one table."""

    code: str
    setup: TableSetup
    seed: int
    seats: list[SeatState]
    created: float
    quick: bool = False
    host: int = 0
    version: int = 0
    stage: str = WAITING
    deadline: float | None = None  # the move timer of the player to act
    next_at: float | None = None  # between hands: when the next one is dealt anyway
    ready: set[int] = field(default_factory=set)
    ai_seeds: list[list[int]] = field(default_factory=list)  # per hand, per player
    stand_ins: list[list[int]] = field(default_factory=list)  # per hand, AI moves per player
    finished_at: float | None = None
    between_seconds: float = 20.0  # the server's setting, not part of the record
    match: Match = field(init=False)
    _finished_actions: list[list[list[Any]]] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.match = Match(self.setup.rules, random.Random(self.seed), self.setup.first_dealer)

    # --- creation -----------------------------------------------------------------------

    @classmethod
    def open(cls, code: str, setup: TableSetup, now: float, *, quick: bool = False) -> Table:
        """A new table: a secret seed for the match, the computer in its seats."""
        seats = [SeatState("ai" if kind == SEAT_AI else "person", setup.ai_level) for kind in setup.seats]
        return cls(code, setup, secrets.randbits(128), seats, now, quick=quick, host=setup.open_seats[0])

    # --- queries ------------------------------------------------------------------------

    @property
    def hand(self) -> Hand | None:
        """The hand being played or just finished (None before the first deal)."""
        records = self.match.hand_records
        return records[-1] if records else None

    @property
    def hand_number(self) -> int:
        return len(self.match.hand_records)

    def hand_players(self) -> tuple[int, int] | None:
        """The players in seats 0 and 1 of the current hand."""
        return None if self.hand is None else self.match.seats

    def player_to_act(self) -> int | None:
        """The player (not seat) whose turn it is, or None."""
        hand = self.hand
        if self.stage != PLAYING or hand is None or hand.to_act is None:
            return None
        return self.match.seats[hand.to_act]

    def seat_in_hand(self, player: int) -> int | None:
        """Player ``player``'s seat in the current hand, or None when sitting it out."""
        players = self.hand_players()
        if players is None or player not in players:
            return None
        return players.index(player)

    def computer_plays(self, player: int, now: float, grace: float) -> bool:
        """Whether the computer plays ``player``'s turn now (not counting the move timer)."""
        seat = self.seats[player]
        if seat.kind == SEAT_AI or seat.computer:
            return True
        return seat.away_since is not None and now - seat.away_since >= grace

    def people(self) -> list[int]:
        """The players people play (taken person seats)."""
        return [p for p, seat in enumerate(self.seats) if seat.kind == "person" and seat.token is not None]

    # --- seats ----------------------------------------------------------------------------

    def take_seat(self, player: int | None, process: str, now: float) -> tuple[int, str]:
        """Seat a person (the first open seat, or ``player``); returns the player and token.

        The same connection (``process``) asking again gets its seat again, with a new token:
        a relay asks again when the first answer was lost on the way."""
        for again, seat in enumerate(self.seats):
            if seat.present == process and seat.token is not None and player in (None, again):
                token = f"{self.code}-{secrets.token_urlsafe(24)}"
                seat.token = token_digest(token)
                self._changed()
                return again, token
        open_seats = [p for p, seat in enumerate(self.seats) if not seat.taken]
        if player is None:
            if not open_seats:
                raise TableError(ErrorCode.TABLE_FULL, "every seat at this table is taken")
            player = open_seats[0]
        if player >= len(self.seats):
            raise TableError(ErrorCode.BAD_FIELD, f"this table has players 0 to {len(self.seats) - 1}")
        if player not in open_seats:
            raise TableError(ErrorCode.SEAT_TAKEN, f"player {player}'s seat is taken")
        token = f"{self.code}-{secrets.token_urlsafe(24)}"
        seat = self.seats[player]
        seat.token, seat.present, seat.away_since = token_digest(token), process, None
        self._changed()
        if all(s.taken for s in self.seats) and self.stage == WAITING:
            self._deal(now)
        return player, token

    def player_of_token(self, token: str) -> int | None:
        """The player this token seats here, or None (compared in constant time)."""
        digest = token_digest(token)
        found = None
        for player, seat in enumerate(self.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, digest):
                found = player
        return found

    def arrive(self, player: int, process: str) -> None:
        """The person is (back) at the table: they play their seat again."""
        seat = self.seats[player]
        seat.present, seat.away_since, seat.computer = process, None, False
        self._changed()

    def depart(self, player: int, now: float) -> None:
        """The person's connection is gone: the grace period starts."""
        seat = self.seats[player]
        if seat.present is None:
            return
        seat.present, seat.away_since = None, now
        self._changed()

    def leave(self, player: int) -> None:
        """The person left on purpose: the computer plays the seat from now on."""
        seat = self.seats[player]
        seat.computer = True
        self._changed()

    def hand_to_computer(self, player: int) -> None:
        """The grace period is over: the computer keeps the seat until the person is back."""
        self.seats[player].computer = True
        self._changed()

    def fill(self, by: int, level: str | None, now: float) -> list[int]:
        """The host gives every open seat to the computer (and the match starts)."""
        if by != self.host:
            raise TableError(ErrorCode.NOT_HOST, "only the player who opened the table may fill its seats")
        if self.stage != WAITING:
            raise TableError(ErrorCode.NOT_NOW, "the match has started: every seat is taken")
        if level is not None and level not in AI_LEVELS:
            raise TableError(ErrorCode.BAD_FIELD, f"unknown AI level: one of {', '.join(AI_LEVELS)}")
        filled = [p for p, seat in enumerate(self.seats) if not seat.taken]
        for player in filled:
            self.seats[player] = SeatState(SEAT_AI, level or self.setup.ai_level)
        self._changed()
        self._deal(now)
        return filled

    # --- play ---------------------------------------------------------------------------

    def act(self, player: int, action: Action, now: float, *, version: int | None = None,
            by_computer: bool = False) -> Event:  # fmt: skip
        """Apply ``player``'s action, checked by the engine; refused with its reason."""
        if self.stage != PLAYING:
            raise TableError(ErrorCode.NOT_NOW, self._why_no_play())
        hand = self.hand
        assert hand is not None
        if player not in self.match.seats:
            raise TableError(ErrorCode.NOT_YOUR_TURN, f"player {player} sits out this hand")
        if self.player_to_act() != player:
            raise TableError(ErrorCode.NOT_YOUR_TURN, "it is not your turn")
        if version is not None and version != self.version:
            raise TableError(ErrorCode.STALE, f"the table has moved on (version {self.version}): look again")
        try:
            event = hand.apply(action)
        except IllegalAction as error:
            raise TableError(ErrorCode.ILLEGAL, str(error)) from None
        if by_computer and self.seats[player].kind == "person":
            self.stand_ins[-1][player] += 1
        self._changed()
        if hand.is_over:
            self._finish_hand(now)
        else:
            self._start_clock(now)
        return event

    def next_ready(self, player: int, now: float) -> bool:
        """``player`` is ready for the next hand; True when it was dealt."""
        if self.stage != BETWEEN:
            raise TableError(ErrorCode.NOT_NOW, "no hand is waiting to be dealt")
        self.ready.add(player)
        self._changed()
        waiting = [
            p
            for p in self.people()
            if p not in self.ready and self.seats[p].present and not self.seats[p].computer
        ]
        if not waiting:
            self._deal(now)
            return True
        return False

    def deal_now(self, now: float) -> None:
        """Between hands, the wait is over: deal."""
        if self.stage == BETWEEN:
            self._deal(now)

    def _why_no_play(self) -> str:
        return {WAITING: "the match has not started: seats are still open",
                BETWEEN: "the hand is over: the next one is about to be dealt",
                OVER: "the match is over"}.get(self.stage, "not now")  # fmt: skip

    def _deal(self, now: float) -> None:
        self.match.new_hand()
        self.ai_seeds.append([secrets.randbelow(AI_SEED_LIMIT) for _ in self.seats])
        self.stand_ins.append([0] * len(self.seats))
        self.stage, self.ready, self.next_at = PLAYING, set(), None
        self._changed()
        self._start_clock(now)

    def _start_clock(self, now: float) -> None:
        player = self.player_to_act()
        seconds = self.setup.move_seconds
        self.deadline = now + seconds if seconds and player is not None else None

    def _finish_hand(self, now: float) -> None:
        hand = self.hand
        assert hand is not None
        self.match.record_hand(hand)
        self._finished_actions.append([[p, action_to_data(a)] for p, a in hand.actions])
        self.deadline = None
        if self.match.finished:
            self.stage, self.finished_at = OVER, now
        else:
            self.stage, self.next_at = BETWEEN, now + self.between_seconds

    def _changed(self) -> None:
        self.version += 1

    # --- what each seat sees ------------------------------------------------------------

    def audiences(self) -> list[str]:
        """Who gets a frame of their own: each person in this hand, and the public."""
        players = self.hand_players() or ()
        return [str(p) for p in players if self.seats[p].kind == "person"] + [PUBLIC]

    def audience_of(self, player: int | None) -> str:
        """The audience a connection belongs to (a player, or the public)."""
        if player is None or self.seat_in_hand(player) is None or self.stage == WAITING:
            return PUBLIC
        return str(player)

    def frame(self, audience: str, now: float, *, full: bool, event: Event | None = None,
              dealt: bool = False, notice: str | None = None) -> dict[str, Any]:  # fmt: skip
        """The update (or with ``full`` the whole table) as ``audience`` may see it."""
        frame: dict[str, Any] = {
            "type": "table" if full else "update",
            "version": self.version,
            "stage": self.stage,
            "seats": [
                {
                    "player": p,
                    "kind": s.kind,
                    "status": s.status(),
                    "level": s.level if s.kind == SEAT_AI else None,
                }
                for p, s in enumerate(self.seats)
            ],
            "scores": list(self.match.scores),
            "boxes": list(self.match.boxes),
            "clock": self._clock(now),
        }
        if full:
            frame.update(code=self.code, setup=self.setup.to_dict(), host=self.host, quick=self.quick,
                         played=self._played())  # fmt: skip
        hand = self.hand
        if hand is not None and self.stage != WAITING:
            frame["hand"] = self._hand_part(hand, audience, full)
            if dealt:
                frame["dealt"] = True
            if event is not None:
                frame["event"] = event_to_data(event)
            if hand.is_over and (full or event is not None):
                frame["hand_over"] = self._hand_over(len(self.match.played))
        if self.stage == OVER:
            frame["match_over"] = self.final()
        if notice:
            frame["notice"] = notice
        return frame

    def _hand_part(self, hand: Hand, audience: str, full: bool) -> dict[str, Any]:
        players = self.match.seats
        part: dict[str, Any] = {
            "number": self.hand_number,
            "players": list(players),
            "commitment": hand.commitment,
            "fingerprint": hand.fingerprint,
        }
        if audience != PUBLIC and int(audience) in players:
            seat = players.index(int(audience))
            part["you"] = seat
            part["view"] = view_to_data(hand.view(seat), history=full)
        else:
            part["you"] = None
            part["public"] = public_to_data(public_view(hand), history=full)
        return part

    def _clock(self, now: float) -> dict[str, Any] | None:
        player = self.player_to_act()
        if self.stage == BETWEEN and self.next_at is not None:
            return {"next_hand_in": round(max(0.0, self.next_at - now), 1)}
        if player is None or self.deadline is None:
            return None
        return {"player": player, "seconds_left": round(max(0.0, self.deadline - now), 1)}

    def _played(self) -> list[dict[str, Any]]:
        return [
            {"number": p.number, "players": list(p.players), "dealer": p.dealer, "result": p.result.to_dict()}
            for p in self.match.played
        ]

    def _hand_over(self, number: int) -> dict[str, Any]:
        played = self.match.played[number - 1]
        return {"number": number, "result": played.result.to_dict(), "export": self.export(number)}

    def final(self) -> dict[str, Any]:
        """The match's end: scores, totals with bonuses, the winning side and the margins."""
        match = self.match
        return {"scores": list(match.scores), "boxes": list(match.boxes), "totals": match.final_totals,
                "winner": match.winner, "margins": match.margins, "margin": match.margin,
                "hands": len(match.played)}  # fmt: skip

    # --- hand exports ---------------------------------------------------------------------

    def export(self, number: int) -> dict[str, Any]:
        """Finished hand ``number`` (from 1) as the hand export ``python -m game.verify`` checks."""
        hand = self.match.hand_records[number - 1]
        players = self.match.played[number - 1].players
        return export_hand(hand, [self._export_seat(number, p) for p in players])

    def _export_seat(self, number: int, player: int) -> Seat:
        seat = self.seats[player]
        if seat.kind == SEAT_AI:
            return AISeat(seat.level, self.ai_seeds[number - 1][player])
        moves = self.stand_ins[number - 1][player]
        name = f"player {player + 1}, online"
        if moves:
            name += f"; the computer played {moves} of these moves for them"
        return PersonSeat(name)

    def computer_for(self, player: int) -> tuple[str, int]:
        """The AI level and seed that play ``player`` in this hand (its own seat or standing in)."""
        seat = self.seats[player]
        level = seat.level if seat.kind == SEAT_AI else self.setup.ai_level
        return level, self.ai_seeds[-1][player]

    # --- records ----------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """Everything needed to carry on elsewhere, as JSON (the seed stays on servers)."""
        actions = list(self._finished_actions)
        hand = self.hand
        if hand is not None and len(actions) < self.hand_number:
            actions.append([[p, action_to_data(a)] for p, a in hand.actions])
        return {
            "format": "gin-rummy-online-table", "version": RECORD_VERSION, "code": self.code,
            "setup": self.setup.to_dict(), "seed": str(self.seed), "seats": [s.to_dict() for s in self.seats],
            "created": self.created, "quick": self.quick, "host": self.host, "table_version": self.version,
            "stage": self.stage, "deadline": self.deadline, "next_at": self.next_at, "ready": sorted(self.ready),
            "ai_seeds": self.ai_seeds, "stand_ins": self.stand_ins, "finished_at": self.finished_at,
            "actions": actions,
            "commitment": None if hand is None else hand.commitment,
        }  # fmt: skip

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Table:
        """Rebuild a table by replaying its match; ValueError when the record is inconsistent."""
        if data.get("format") != "gin-rummy-online-table" or data.get("version") != RECORD_VERSION:
            raise ValueError("not an online table record of this version")
        try:
            setup = TableSetup.from_dict(data["setup"])
        except SetupError as error:
            raise ValueError(f"bad setup in table record: {error}") from None
        table = cls(
            data["code"], setup, int(data["seed"]), [SeatState.from_dict(s) for s in data["seats"]],
            data["created"], quick=data["quick"], host=data["host"], stage=data["stage"],
            deadline=data["deadline"], next_at=data["next_at"], ready=set(data["ready"]),
            ai_seeds=data["ai_seeds"], stand_ins=data["stand_ins"], finished_at=data["finished_at"],
        )  # fmt: skip
        for number, actions in enumerate(data["actions"], 1):
            hand = table.match.new_hand()
            for player, action in actions:
                if player != hand.to_act:
                    raise ValueError(f"hand {number}: an action out of turn: record damaged")
                try:
                    hand.apply(action_from_data(action))
                except (IllegalAction, RecordError) as error:
                    raise ValueError(f"hand {number} does not replay ({error}): record damaged") from None
            if hand.is_over:
                table.match.record_hand(hand)
                table._finished_actions.append(actions)
        last = table.hand
        if (None if last is None else last.commitment) != data["commitment"]:
            raise ValueError("the replayed deal does not match its commitment: record damaged")
        table.version = data["table_version"]
        return table
