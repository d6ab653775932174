"""One WebSocket connection: limits first (frame size, rate), then the protocol, then the hub.

Frames over ``frame_bytes`` are refused with an ``error`` and the connection stays; frames
over ``hard_frame_bytes`` never reach Python (the WebSocket layer closes with 1009). Each
connection has a token bucket of ``rate_burst`` frames refilled at ``rate_per_s``: a frame
beyond it is dropped with a ``rate_limited`` error (at most one such error a second, so a
flood cannot make the server flood back), and a connection that keeps flooding is closed
(1008). Frames from one connection are handled in order, one at a time.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from game.online.protocol import Act, ErrorCode, ProtocolError, encode, error_frame, read_request
from game.server.config import ServerConfig
from game.server.hub import Conn, Hub

LOG = logging.getLogger("game.server")


class RateLimit:
    """A token bucket: ``burst`` frames at once, ``per_second`` on average.

    >>> limit = RateLimit(per_second=1, burst=2, now=0.0)
    >>> [limit.allow(0.0), limit.allow(0.0), limit.allow(0.0), limit.allow(1.0)]
    [True, True, False, True]
    """

    def __init__(self, per_second: float, burst: int, now: float) -> None:
        self.per_second = per_second
        self.burst = burst
        self.tokens = float(burst)
        self.at = now

    def allow(self, now: float) -> bool:
        """Whether a frame arriving at ``now`` may be handled (it uses up a token)."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


async def handle_connection(websocket: Any, hub: Hub, config: ServerConfig) -> None:
    """Serve one client until it goes."""
    from websockets.asyncio.server import broadcast

    def send(text: str) -> None:
        broadcast((websocket,), text)

    conn = Conn(secrets.token_hex(8), send)
    send(encode(hub.welcome(conn)))
    limit = RateLimit(config.rate_per_s, config.rate_burst, time.monotonic())
    dropped, last_warning = 0, 0.0
    try:
        async for message in websocket:
            now = time.monotonic()
            if not limit.allow(now):
                dropped += 1
                if dropped >= config.flood_close:
                    await websocket.close(1008, "too many frames: slow down")
                    break
                if now - last_warning >= 1.0:
                    last_warning = now
                    limits = f"{config.rate_per_s:g} frames a second, {config.rate_burst} at once"
                    send(encode(error_frame(ErrorCode.RATE_LIMITED, f"too many frames ({limits}): dropped")))
                continue
            dropped = max(0, dropped - 1)
            size = len(message.encode("utf-8")) if isinstance(message, str) else len(message)
            if size > config.frame_bytes:
                send(
                    encode(
                        error_frame(ErrorCode.TOO_BIG, f"frames are limited to {config.frame_bytes} bytes")
                    )
                )
                continue
            try:
                request = read_request(message)
            except ProtocolError as error:
                send(encode(error_frame(error.code, error.message)))
                continue
            try:
                started = time.perf_counter()
                await hub.request(conn, request)
                if isinstance(request, Act):
                    hub.stats.moves.append(time.perf_counter() - started)
            except Exception:  # a bug must cost one request, never the server
                LOG.exception("request failed")
                send(encode(error_frame(ErrorCode.UNAVAILABLE, "the server could not do that just now")))
    except Exception as error:  # the connection broke: same as a close
        LOG.debug("connection %s ended: %s", conn.id, error)
    finally:
        try:
            await hub.gone(conn)
        except Exception:  # Redis away: the seat's process lease tells the owner instead
            LOG.exception("could not report a closed connection")
