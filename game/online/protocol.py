"""The online table's protocol: JSON text frames, versioned, the same for both ends.

Every frame is one JSON object with a ``type``. What a client may send is read by
:func:`read_request`, which accepts only the exact shapes documented in docs/online.md and
raises :class:`ProtocolError` (a code and a sentence) for anything else, so the server
answers bad input with an ``error`` frame and changes nothing.

>>> read_request('{"type": "act", "action": {"type": "draw_stock"}}')
Act(action=DrawStock(), version=None, player=None, id=None)
>>> read_request('{"type": "act"}')
Traceback (most recent call last):
...
game.online.protocol.ProtocolError: bad_field: act needs the field action
>>> encode({"type": "pong"})
'{"type":"pong"}'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game.rules import Action, RecordError, action_from_data

PROTOCOL_VERSION = 1
"""Bumped when a message changes shape; the server says its version in ``welcome``."""

MAX_FRAME_BYTES = 8192
"""Frames longer than this are refused with an ``error`` (the connection stays open)."""
HARD_FRAME_BYTES = 65536
"""Frames longer than this close the connection (WebSocket close code 1009)."""
RATE_PER_SECOND = 20.0
"""Frames a connection may send per second, on average..."""
RATE_BURST = 40
"""...and in one burst. Beyond that frames are dropped with a ``rate_limited`` error."""
FLOOD_CLOSE = 200
"""Dropped frames (within one burst window) after which the server closes the connection."""

PHRASES: dict[str, str] = {
    "hello": "Hello!",
    "good_luck": "Good luck!",
    "good_game": "Good game",
    "nice_gin": "Nice gin!",
    "nice_play": "Nice play",
    "well_played": "Well played",
    "thanks": "Thanks",
    "oops": "Oops",
    "thinking": "Let me think...",
    "one_more": "One more match?",
    "be_right_back": "Be right back",
}
"""The preset quick messages: a player sends the key, everybody sees the words. No free text."""

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Table codes use letters and digits nobody confuses (no 0/O, 1/I/L)."""
CODE_LENGTH = 6
MAX_TOKEN = 64


class ErrorCode:
    """The ``code`` of an ``error`` frame (docs/online.md lists what each means)."""

    BAD_JSON = "bad_json"
    NOT_AN_OBJECT = "not_an_object"
    UNKNOWN_TYPE = "unknown_type"
    BAD_FIELD = "bad_field"
    TOO_BIG = "too_big"
    RATE_LIMITED = "rate_limited"
    NOT_SEATED = "not_seated"
    ALREADY_SEATED = "already_seated"
    NO_TABLE = "no_table"
    TABLE_FULL = "table_full"
    SEAT_TAKEN = "seat_taken"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_YOUR_SEAT = "not_your_seat"
    ILLEGAL = "illegal"
    STALE = "stale"
    BAD_TOKEN = "bad_token"
    EXPIRED_TOKEN = "expired_token"
    SPECTATOR = "spectator"
    NOT_HOST = "not_host"
    NOT_NOW = "not_now"
    BAD_RULES = "bad_rules"
    UNAVAILABLE = "unavailable"


class ProtocolError(ValueError):
    """A frame the other end must refuse: ``code`` (an :class:`ErrorCode`) and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def encode(message: dict[str, Any]) -> str:
    """One frame's text: compact JSON (the protocol never needs more than ASCII-safe JSON)."""
    return json.dumps(message, separators=(",", ":"))


def decode(text: str | bytes) -> dict[str, Any]:
    """A frame's JSON object; :class:`ProtocolError` when it is not one."""
    if isinstance(text, bytes | bytearray | memoryview):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(ErrorCode.BAD_JSON, "frames are UTF-8 JSON text") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(ErrorCode.BAD_JSON, "the frame is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError(ErrorCode.NOT_AN_OBJECT, "a frame must be a JSON object with a type")
    return data


# --- what a client sends ------------------------------------------------------------------------

RequestId = int | str | None


@dataclass(frozen=True, slots=True)
class Create:
    """Open a table with this setup (a :class:`~game.online.tablesetup.TableSetup` as JSON)."""

    setup: dict[str, Any]
    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Join:
    """Take an open seat at table ``code`` (``player``: a particular one)."""

    code: str
    player: int | None = None
    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Spectate:
    """Watch table ``code``: the public view only."""

    code: str
    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Resume:
    """Take back the seat this token was given for."""

    token: str
    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Quick:
    """Wait for strangers who want the same rules (a RuleSet as JSON)."""

    rules: dict[str, Any]
    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Act:
    """Play ``action``; ``version``, when given, is the table version it was chosen at."""

    action: Action
    version: int | None = None
    player: int | None = None
    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Say:
    """Send a preset quick message (a key of :data:`PHRASES`)."""

    phrase: str
    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Next:
    """Ready for the next hand."""

    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Fill:
    """(The host) give every open seat to the computer, at ``level`` or the table's."""

    level: str | None = None
    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the seat to the computer now (the token still brings the person back)."""

    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Sync:
    """Send the whole table again (after a missed update)."""

    id: RequestId = None


@dataclass(frozen=True, slots=True)
class Ping:
    """Are you there? (answered with ``pong``)."""

    id: RequestId = None


Request = Create | Join | Spectate | Resume | Quick | Act | Say | Next | Fill | Leave | Sync | Ping

_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # type: (required fields, optional fields); "type" and "id" are always allowed.
    "create": ({"setup"}, set()),
    "join": ({"code"}, {"player"}),
    "spectate": ({"code"}, set()),
    "resume": ({"token"}, set()),
    "quick": ({"rules"}, set()),
    "act": ({"action"}, {"version", "player"}),
    "say": ({"phrase"}, set()),
    "next": (set(), set()),
    "fill": (set(), {"level"}),
    "leave": (set(), set()),
    "sync": (set(), set()),
    "ping": (set(), set()),
}
REQUEST_TYPES = tuple(_FIELDS)


def read_request(text: str | bytes) -> Request:
    """The request a frame carries; :class:`ProtocolError` for anything malformed."""
    if len(text) > MAX_FRAME_BYTES:
        raise ProtocolError(ErrorCode.TOO_BIG, f"frames are limited to {MAX_FRAME_BYTES} bytes")
    return request_from_data(decode(text))


def request_from_data(data: dict[str, Any]) -> Request:
    """Read a decoded frame; :class:`ProtocolError` for a wrong type or field."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        shown = kind if isinstance(kind, str) else type(kind).__name__
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE, f"unknown message type {shown[:30]!r}: one of {', '.join(REQUEST_TYPES)}"
        )
    required, optional = _FIELDS[kind]
    missing = sorted(required - set(data))
    if missing:
        raise ProtocolError(ErrorCode.BAD_FIELD, f"{kind} needs the field {', '.join(missing)}")
    extra = sorted(set(data) - required - optional - {"type", "id"})
    if extra:
        raise ProtocolError(ErrorCode.BAD_FIELD, f"{kind} takes no field {', '.join(x[:20] for x in extra)}")
    request_id = _request_id(data.get("id"))
    return _build(kind, data, request_id)


def _build(kind: str, data: dict[str, Any], rid: RequestId) -> Request:
    if kind == "create":
        return Create(_object(data["setup"], "setup"), rid)
    if kind == "join":
        return Join(_code(data["code"]), _optional_player(data.get("player")), rid)
    if kind == "spectate":
        return Spectate(_code(data["code"]), rid)
    if kind == "resume":
        token = data["token"]
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
            raise ProtocolError(ErrorCode.BAD_TOKEN, "a seat token is the text the server gave on joining")
        return Resume(token, rid)
    if kind == "quick":
        return Quick(_object(data["rules"], "rules"), rid)
    if kind == "act":
        try:
            action = action_from_data(data["action"])
        except RecordError as error:
            raise ProtocolError(ErrorCode.BAD_FIELD, f"not an action: {error}") from None
        version = data.get("version")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool) or version < 0):
            raise ProtocolError(ErrorCode.BAD_FIELD, "version must be a whole number")
        return Act(action, version, _optional_player(data.get("player")), rid)
    if kind == "say":
        phrase = data["phrase"]
        if not isinstance(phrase, str) or phrase not in PHRASES:
            raise ProtocolError(
                ErrorCode.BAD_FIELD, f"phrase must be one of {', '.join(PHRASES)} (no free text)"
            )
        return Say(phrase, rid)
    if kind == "fill":
        level = data.get("level")
        if level is not None and not isinstance(level, str):
            raise ProtocolError(ErrorCode.BAD_FIELD, "level must be an AI level's name")
        return Fill(level, rid)
    simple: dict[str, type[Next | Leave | Sync | Ping]] = {
        "next": Next,
        "leave": Leave,
        "sync": Sync,
        "ping": Ping,
    }
    return simple[kind](rid)


def _request_id(value: object) -> RequestId:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53:
        return value
    if isinstance(value, str) and len(value) <= 32:
        return value
    raise ProtocolError(ErrorCode.BAD_FIELD, "id must be a whole number or up to 32 characters of text")


def _object(value: object, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolError(ErrorCode.BAD_FIELD, f"{name} must be an object")
    return value


def _code(value: object) -> str:
    if not isinstance(value, str) or len(value) != CODE_LENGTH:
        raise ProtocolError(ErrorCode.NO_TABLE, f"a table code is {CODE_LENGTH} letters and digits")
    code = value.upper()
    if any(char not in CODE_ALPHABET for char in code):
        raise ProtocolError(ErrorCode.NO_TABLE, "no table has that code")
    return code


def _optional_player(value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise ProtocolError(ErrorCode.BAD_FIELD, "player must be a player number, 0 to 3")
    return value


def error_frame(code: str, message: str, request_id: RequestId = None) -> dict[str, Any]:
    """The ``error`` frame for a refusal (``re`` echoes the request's id)."""
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if request_id is not None:
        frame["re"] = request_id
    return frame
