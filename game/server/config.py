"""The server's settings, from its command line (``python -m game.server --help``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.online.protocol import FLOOD_CLOSE, HARD_FRAME_BYTES, MAX_FRAME_BYTES, RATE_BURST, RATE_PER_SECOND


@dataclass(frozen=True)
class ServerConfig:
    """Everything a server process is told at start."""

    host: str = "127.0.0.1"
    port: int = 8765
    redis: str | None = None
    records: Path | None = None
    grace_s: float = 120.0
    """A person who drops keeps the seat this long before the computer takes it over."""
    between_hands_s: float = 20.0
    """After a hand, the next is dealt when everybody is ready or after this long."""
    ai_delay_s: float = 0.6
    """The computer's own seats wait this long before moving, so people can follow."""
    quick_wait_s: float = 10.0
    """A quick match waits this long for a stranger before the computer takes the seat."""
    quick_level: str = "medium"
    keep_finished_s: float = 600.0
    """A finished match stays (results, tokens) this long, then the table closes."""
    abandon_s: float = 1800.0
    """A table nobody is at closes after this long."""
    lease_s: float = 3.0
    """With Redis: how long a silent process keeps its tables before others take them."""
    think_slice_s: float = 0.002
    """The computer thinks at most this long before letting other tables have the loop."""
    frame_bytes: int = MAX_FRAME_BYTES
    hard_frame_bytes: int = HARD_FRAME_BYTES
    rate_per_s: float = RATE_PER_SECOND
    rate_burst: int = RATE_BURST
    flood_close: int = FLOOD_CLOSE
    stats_s: float = 0.0
    """Print handling times and event-loop lag this often (0: never)."""
    relay_pause_s: float = 0.0
    """Tests only: a relay waits this long after a table's owner answered a join, resume or
    spectate before going on (the moment frames used to be lost in)."""
    page_url: str | None = None
    """The published web page, to give each table a link (``<page>?table=CODE``)."""
