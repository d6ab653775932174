"""How many tables one game server carries: N concurrent tables of light bot clients on loopback.

    python tools/bench_server.py                          # 100, 500 and 1000 tables, one process
    python tools/bench_server.py --tables 1000 --procs 1,2  # one process, then two sharing Redis
    nice -n 10 python tools/bench_server.py ...           # be kind to the others on the machine

Each table has two bot connections that take a random legal move after a pause (``--think``,
uniform between half and one and a half times it, like a person; the server's AI does not
play). The bots run in ``--load-procs`` separate processes, apart from the server, and read
only what they need from each frame. A move's round trip is the time from sending ``act``
to receiving the update it caused. Tables are opened at ``--ramp`` per second, then the
measurement runs ``--duration`` seconds. Printed per run: moves per second, round-trip p50
and p99, the server's CPU (percent of one core) and memory (RSS, and per table above an empty
server), and from the server's own ``--stats`` lines the worst two-second p99 of its time to
handle a move (from the frame read to the update written) and of its event loop's lateness;
the load processes' CPU and how late they wake show when the load side, not the server, is
what is slow; "waited %" is the share of the time the server was ready to run but another
process had the CPU (from /proc/PID/schedstat). With ``--procs 2`` the tables are spread over two server processes sharing a
private redis-server; ``--split`` puts each table's two players on different processes (every
move then crosses Redis twice).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


# --- the load side (one of several processes) ------------------------------------------------


class BotStats:
    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.lags: list[float] = []
        self.moves = 0
        self.errors = 0
        self.codes: dict[str, int] = {}
        self.measuring = False


async def bot(url: str, stats: BotStats, think: float, rng: random.Random, code_box: asyncio.Future[str] | None,
              code: str | None) -> None:  # fmt: skip
    """One seat: create (host) or join (guest), then move whenever it is our turn."""
    from websockets.asyncio.client import connect

    async with connect(url, compression=None, max_size=2**20, open_timeout=60) as ws:
        await ws.recv()  # welcome
        if code_box is not None:
            setup = {"rules": _rules(), "seats": ["open", "open"]}
            await ws.send(json.dumps({"type": "create", "setup": setup}))
        else:
            await ws.send(json.dumps({"type": "join", "code": code}))
        pending: tuple[int, float] | None = None  # (version sent at, when)
        mover: asyncio.Task[None] | None = None
        async for text in ws:
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "joined" and code_box is not None and not code_box.done():
                code_box.set_result(frame["code"])
                continue
            if kind == "error":
                stats.errors += 1
                stats.codes[frame["code"]] = stats.codes.get(frame["code"], 0) + 1
                pending = None
                continue
            if kind not in ("table", "update"):
                continue
            version = frame["version"]
            if pending is not None and version > pending[0]:
                if stats.measuring:
                    stats.round_trips.append(time.perf_counter() - pending[1])
                    stats.moves += 1
                pending = None
            if "match_over" in frame:
                return
            if frame["stage"] == "between":
                await ws.send('{"type":"next"}')
                continue
            view = (frame.get("hand") or {}).get("view")
            if not view or view["to_act"] != view["player"] or not view["legal_actions"]:
                continue
            if mover is not None and not mover.done():
                mover.cancel()

            async def move(actions: list[Any] = view["legal_actions"], at: int = version) -> None:
                nonlocal pending
                pause = think * rng.uniform(0.5, 1.5)
                due = time.perf_counter() + pause
                await asyncio.sleep(pause)
                if stats.measuring:  # how late this process woke up: its own CPU starvation
                    stats.lags.append(time.perf_counter() - due)
                action = _light_choice(actions, rng)
                pending = (at, time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action, "version": at}))

            mover = asyncio.ensure_future(move())


def _light_choice(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    # Knock or lay out when offered (hands end, as real ones do), otherwise any legal move.
    for kind in ("arrange", "knock", "end_layoff"):
        chosen = [a for a in actions if a["type"] == kind]
        if chosen:
            return chosen[0]
    return rng.choice(actions)


def _rules() -> dict[str, Any]:
    sys.path.insert(0, str(ROOT))
    from game.rules import RuleSet

    return RuleSet.preset("standard").to_dict()


async def table_forever(urls: tuple[str, str], stats: BotStats, think: float, seed: int) -> None:
    rng = random.Random(seed)
    while True:
        box: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        host = asyncio.ensure_future(bot(urls[0], stats, think, rng, box, None))
        try:
            code = await asyncio.wait_for(box, 60)
        except Exception:
            stats.errors += 1
            host.cancel()
            await asyncio.sleep(1)
            continue
        guest = asyncio.ensure_future(bot(urls[1], stats, think, rng, None, code))
        try:
            await asyncio.gather(host, guest)
        except Exception:
            stats.errors += 1
            host.cancel()
            guest.cancel()
            await asyncio.sleep(0.5)


async def load(args: argparse.Namespace) -> None:
    """Run ``--tables`` tables until told to measure and report (one line per command on stdin)."""
    stats = BotStats()
    urls = args.urls.split(",")
    tasks = []
    for number in range(args.tables):
        server = number % len(urls)
        pair = (urls[server], urls[(server + 1) % len(urls)] if args.split else urls[server])
        tasks.append(
            asyncio.ensure_future(table_forever(pair, stats, args.think, args.seed * 100_000 + number))
        )
        await asyncio.sleep(1 / args.ramp)
    print("ready", flush=True)
    reader = asyncio.StreamReader()
    await asyncio.get_running_loop().connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), sys.stdin
    )
    while True:
        line = (await reader.readline()).decode().strip()
        if line == "start":
            stats.measuring, stats.round_trips, stats.lags, stats.moves, stats.errors = True, [], [], 0, 0
        elif line == "stop":
            stats.measuring = False
            print(json.dumps({"round_trips": stats.round_trips, "lags": stats.lags, "moves": stats.moves, "errors": stats.errors,
                              "codes": stats.codes}),
                  flush=True)  # fmt: skip
        elif line in ("quit", ""):
            for task in tasks:
                task.cancel()
            return


# --- the conductor ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")


def start_server(extra: list[str], logs: Path) -> tuple[subprocess.Popen[str], str, Path]:
    """A server writing to a log file (a pipe nobody reads while it runs would fill up and
    stop the server at its next log line)."""
    port = free_port()
    log = logs / f"server-{port}.log"
    command = [sys.executable, "-m", "game.server", "--port", str(port), "--rate", "1000", "--burst", "1000",
               "--between-hands", "0.5", "--stats", "2", *extra]  # fmt: skip
    process = subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT, text=True, env=env())
    deadline = time.monotonic() + 30
    while "listening on" not in log.read_text(encoding="utf-8"):
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("the server did not start:\n" + log.read_text(encoding="utf-8"))
        time.sleep(0.05)
    port_url = f"ws://127.0.0.1:{port}"
    return process, port_url, log


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def run_queue_seconds(pid: int) -> float:
    """Time the process spent ready to run but waiting for a CPU (other processes had it)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run(tables: int, procs: int, args: argparse.Namespace, redis_url: str | None) -> dict[str, Any]:
    extra = ["--redis", redis_url] if redis_url else []
    logs = args.server_logs or Path(tempfile.mkdtemp(prefix="bench-server-"))
    logs.mkdir(parents=True, exist_ok=True)
    started_servers = [start_server(extra, logs) for _ in range(procs)]
    servers = [(process, url) for process, url, _ in started_servers]
    time.sleep(0.5)
    empty = [rss_mb(p.pid) for p, _ in servers]
    urls = ",".join(url for _, url in servers)
    loaders = []
    for number in range(args.load_procs):
        share = tables // args.load_procs + (1 if number < tables % args.load_procs else 0)
        command = [sys.executable, __file__, "--load", "--urls", urls, "--tables", str(share), "--think",
                   str(args.think), "--seed", str(number + 1), "--ramp", str(args.ramp / args.load_procs)]  # fmt: skip
        if args.split:
            command.append("--split")
        loaders.append(
            subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env())
        )
    for loader in loaders:
        assert loader.stdout is not None
        if loader.stdout.readline().strip() != "ready":
            raise SystemExit("a load process failed")
    time.sleep(args.settle)
    for loader in loaders:
        assert loader.stdin is not None
        loader.stdin.write("start\n")
        loader.stdin.flush()
    window_start = time.time()
    cpu_before = [cpu_seconds(p.pid) for p, _ in servers]
    waits_before = [run_queue_seconds(p.pid) for p, _ in servers]
    load_before = sum(cpu_seconds(loader.pid) for loader in loaders)
    started = time.monotonic()
    time.sleep(args.duration)
    elapsed = time.monotonic() - started
    window_end = time.time()
    cpu = [
        (cpu_seconds(p.pid) - before) / elapsed * 100
        for (p, _), before in zip(servers, cpu_before, strict=True)
    ]
    rss = [rss_mb(p.pid) for p, _ in servers]
    waited = [
        (run_queue_seconds(p.pid) - w) / elapsed * 100
        for (p, _), w in zip(servers, waits_before, strict=True)
    ]
    load_cpu = (sum(cpu_seconds(loader.pid) for loader in loaders) - load_before) / elapsed * 100
    trips: list[float] = []
    lags: list[float] = []
    moves = errors = 0
    codes: dict[str, int] = {}
    for loader in loaders:
        assert loader.stdin is not None and loader.stdout is not None
        loader.stdin.write("stop\n")
        loader.stdin.flush()
        report = json.loads(loader.stdout.readline())
        trips += report["round_trips"]
        lags += report["lags"]
        moves += report["moves"]
        errors += report["errors"]
        for name, count in report["codes"].items():
            codes[name] = codes.get(name, 0) + count
        loader.stdin.write("quit\n")
        loader.stdin.flush()
    for loader in loaders:
        try:
            loader.wait(20)
        except subprocess.TimeoutExpired:
            loader.kill()
    handle: list[float] = []
    loop_lag: list[float] = []
    for process, _, log in started_servers:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        out = log.read_text(encoding="utf-8")
        problems = [
            line for line in out.splitlines() if "Traceback" in line or "WARNING" in line or "ERROR" in line
        ]
        if problems:
            print(f"  server {process.pid}: {len(problems)} warnings or errors (see {log})", file=sys.stderr)
        for line in out.splitlines():
            fields = dict(part.split("=", 1) for part in line.split()[1:] if "=" in part)
            if line.startswith("stats ") and window_start + 2 <= float(fields["t"]) <= window_end:
                handle.append(float(fields["handle_p99_ms"]))
                loop_lag.append(float(fields["loop_lag_p99_ms"]))
    trips.sort()
    lags.sort()
    return {
        "waited": waited,
        "handle_p99_ms": max(handle, default=float("nan")), "loop_lag_ms": max(loop_lag, default=float("nan")),
        "load_cpu": load_cpu, "lag_p99_ms": 1000 * lags[int(0.99 * (len(lags) - 1))] if lags else float("nan"),
        "procs": procs, "tables": tables, "moves_per_s": moves / elapsed,
        "p50_ms": 1000 * statistics.median(trips) if trips else float("nan"),
        "p99_ms": 1000 * trips[int(0.99 * (len(trips) - 1))] if trips else float("nan"),
        "cpu": cpu, "rss": rss, "kb_per_table": sum(r - e for r, e in zip(rss, empty, strict=True)) * 1024 / tables,
        "errors": errors, "codes": codes,
    }  # fmt: skip


def with_redis(callback: Any) -> Any:
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("--procs 2 needs redis-server (apt-get install redis-server)")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", folder,
                                    "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)  # fmt: skip
        time.sleep(0.5)
        try:
            return callback(f"redis://127.0.0.1:{port}/0", process.pid)
        finally:
            process.terminate()
            process.wait(10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="100,500,1000", help="concurrent tables, comma-separated")
    parser.add_argument("--procs", default="1", help="server processes to try, comma-separated (1,2)")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds a bot waits before moving")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds measured per run")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds between the ramp and measuring")
    parser.add_argument("--ramp", type=float, default=200.0, help="tables opened per second")
    parser.add_argument("--load-procs", type=int, default=2, help="load generator processes")
    parser.add_argument("--server-logs", type=Path, metavar="DIR", help="keep each server's output here")
    parser.add_argument("--load-nice", type=int, default=0, help="run the load processes under nice -n N")
    parser.add_argument("--split", action="store_true", help="with 2 processes: a table's players on both")
    parser.add_argument("--load", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--urls", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.load:
        args.tables = int(args.tables)
        asyncio.run(load(args))
        return 0
    print(f"bench_server: bots think {args.think:g} s on average, {args.load_procs} load processes, "
          f"{args.duration:g} s measured per run, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"{'procs':>5} {'tables':>6} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'server CPU %':>14} "
          f"{'RSS MB':>12} {'KB/table':>8} {'waited %':>9} {'handle p99':>10} {'loop lag':>9} {'load CPU %':>10} {'load lag p99':>12} "
          f"{'errors':>6}")  # fmt: skip
    for procs in [int(p) for p in args.procs.split(",")]:
        for tables in [int(t) for t in args.tables.split(",")]:
            if procs == 1:
                row = run(tables, 1, args, None)
                redis_cpu = ""
            else:

                def measured(url: str, pid: int, tables: int = tables, procs: int = procs) -> dict[str, Any]:
                    before = cpu_seconds(pid)
                    started = time.monotonic()
                    result = run(tables, procs, args, url)
                    result["redis_cpu"] = (cpu_seconds(pid) - before) / (time.monotonic() - started) * 100
                    return result

                row = with_redis(measured)
                redis_cpu = f"  (redis {row['redis_cpu']:.0f}% over the whole run)"
            cpu = "+".join(f"{c:.0f}" for c in row["cpu"])
            rss = "+".join(f"{r:.0f}" for r in row["rss"])
            print(f"{row['procs']:>5} {row['tables']:>6} {row['moves_per_s']:>8.0f} {row['p50_ms']:>7.1f} "
                  f"{row['p99_ms']:>7.1f} {cpu:>14} {rss:>12} {row['kb_per_table']:>8.1f} {'+'.join(f'{w:.0f}' for w in row['waited']):>9} {row['handle_p99_ms']:>7.2f} ms {row['loop_lag_ms']:>6.1f} ms {row['load_cpu']:>10.0f} {row['lag_p99_ms']:>9.1f} ms {row['errors']:>6}{redis_cpu} {row['codes'] or ''}",
                  flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
