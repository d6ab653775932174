"""Run the game server: ``python -m game.server [--host H] [--port P] [--redis URL] [--records DIR]``.

It prints ``listening on ws://HOST:PORT`` once it accepts connections, and stops cleanly on
SIGINT or SIGTERM. docs/online.md describes the protocol and how to host it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import sys
from pathlib import Path

from game.ai import LEVELS as AI_LEVELS
from game.server.config import ServerConfig

GC_YOUNG_THRESHOLD = 2_000


def parse_args(argv: list[str] | None = None) -> ServerConfig:
    """The configuration the command line asks for (exit 2 with a message on bad flags)."""
    defaults = ServerConfig()
    parser = argparse.ArgumentParser(prog="python -m game.server", description="The Gin Rummy game server.")
    parser.add_argument("--host", default=defaults.host, help="address to listen on (default 127.0.0.1)")
    parser.add_argument(
        "--port", type=int, default=defaults.port, help="port (default 8765; 0 picks a free one)"
    )
    parser.add_argument("--redis", metavar="URL", help="keep tables in Redis, shared with other processes")
    parser.add_argument("--records", type=Path, metavar="DIR", help="write each finished hand's export here")
    parser.add_argument(
        "--grace",
        type=float,
        default=defaults.grace_s,
        metavar="S",
        help="seconds a dropped player keeps the seat before the computer takes it (120)",
    )
    parser.add_argument(
        "--between-hands",
        type=float,
        default=defaults.between_hands_s,
        metavar="S",
        help="longest wait before the next hand is dealt (20)",
    )
    parser.add_argument(
        "--ai-delay",
        type=float,
        default=defaults.ai_delay_s,
        metavar="S",
        help="pause before each of the computer's moves (0.6)",
    )
    parser.add_argument(
        "--quick-wait",
        type=float,
        default=defaults.quick_wait_s,
        metavar="S",
        help="how long a quick match waits for a stranger (10)",
    )
    parser.add_argument(
        "--quick-level",
        choices=AI_LEVELS,
        default=defaults.quick_level,
        help="the computer's level when it takes a quick-match seat",
    )
    parser.add_argument(
        "--keep-finished",
        type=float,
        default=defaults.keep_finished_s,
        metavar="S",
        help="how long a finished match's table stays open (600)",
    )
    parser.add_argument(
        "--lease",
        type=float,
        default=defaults.lease_s,
        metavar="S",
        help="with Redis: seconds before a silent process's tables are taken over (3)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=defaults.rate_per_s,
        metavar="N",
        help="frames per second a connection may send (20)",
    )
    parser.add_argument(
        "--burst",
        type=int,
        default=defaults.rate_burst,
        metavar="N",
        help="frames a connection may send at once (40)",
    )
    parser.add_argument(
        "--stats",
        type=float,
        default=0.0,
        metavar="S",
        help="print move handling times and event-loop lag every S seconds",
    )
    parser.add_argument("--relay-pause", type=float, default=0.0, help=argparse.SUPPRESS)  # tests only
    parser.add_argument("--page", metavar="URL", help="the web page, to give each table a ?table= link")
    parser.add_argument("--log", default="warning", choices=("debug", "info", "warning", "error"))
    args = parser.parse_args(argv)
    for name in ("grace", "between_hands", "ai_delay", "quick_wait", "keep_finished", "relay_pause"):
        if getattr(args, name) < 0:
            parser.error(f"--{name.replace('_', '-')} cannot be negative")
    if args.lease <= 0 or args.rate <= 0 or args.burst < 1:
        parser.error("--lease and --rate must be positive and --burst at least 1")
    if not 0 <= args.port <= 65535:
        parser.error("--port must be between 0 and 65535")
    if args.redis and not args.redis.startswith(("redis://", "rediss://", "unix://")):
        parser.error("--redis takes a URL such as redis://127.0.0.1:6379/0")
    logging.basicConfig(level=args.log.upper(), format="%(asctime)s %(levelname)s %(message)s")
    return ServerConfig(
        host=args.host, port=args.port, redis=args.redis, records=args.records, grace_s=args.grace,
        between_hands_s=args.between_hands, ai_delay_s=args.ai_delay, quick_wait_s=args.quick_wait,
        quick_level=args.quick_level, keep_finished_s=args.keep_finished, lease_s=args.lease,
        rate_per_s=args.rate, rate_burst=args.burst, page_url=args.page, stats_s=args.stats,
        relay_pause_s=args.relay_pause,
    )  # fmt: skip


async def serve(config: ServerConfig) -> None:
    """Serve until SIGINT or SIGTERM."""
    try:
        from websockets.asyncio.server import serve as websocket_serve
    except ImportError:
        print('the server needs the websockets package: pip install -e ".[online]"', file=sys.stderr)
        raise SystemExit(2) from None
    from game.server.backend import Backend, MemoryBackend, spawn
    from game.server.connection import handle_connection
    from game.server.hub import Hub

    backend: Backend
    if config.redis:
        from game.server.redis_backend import RedisBackend

        redis_backend = RedisBackend(config.redis, config.lease_s)
        backend = redis_backend
    else:
        backend = MemoryBackend()
    hub = Hub(config, backend)
    if config.redis:
        redis_backend.on_lost = hub.lose_all
    await hub.start()
    # Everything loaded so far lives as long as the process: keep it out of the collector's
    # full passes, which otherwise pause every table for tens of milliseconds as the heap
    # grows; and collect the young generation less often (the server makes few cycles).
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 20, 50)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)

    async def handler(websocket: object) -> None:
        await handle_connection(websocket, hub, config)

    async with websocket_serve(
        handler, config.host, config.port, max_size=config.hard_frame_bytes, compression=None,
        ping_interval=20, ping_timeout=20, close_timeout=2, max_queue=64,
    ) as server:  # fmt: skip
        port = next(iter(server.sockets)).getsockname()[1]
        print(f"listening on ws://{config.host}:{port} (process {hub.process})", flush=True)
        reporter = spawn(hub.report(config.stats_s)) if config.stats_s > 0 else None
        await stop.wait()
        if reporter is not None:
            reporter.cancel()
    with contextlib.suppress(Exception):
        await hub.stop()


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    config = parse_args(argv)
    try:
        asyncio.run(serve(config))
    except OSError as error:
        print(f"game.server: cannot listen on {config.host}:{config.port}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
