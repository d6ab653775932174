"""Real server processes, Redis and network bots on 127.0.0.1 for the online tests."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 20.0
# Test servers: the computer moves at once, hands follow each other quickly, and the rate
# limit is far above what bots send (the limit itself is tested on its own).
FAST = ["--ai-delay", "0", "--between-hands", "0.5", "--rate", "2000", "--burst", "2000"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def environment() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONUNBUFFERED="1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


class Server:
    """One `python -m game.server` process."""

    def __init__(self, port: int, process: subprocess.Popen[str], log: Path) -> None:
        self.port, self.process, self.log = port, process, log

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """kill -9: no goodbye, no cleanup."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(tmp: Path, *extra: str, name: str = "server") -> Server:
    port = free_port()
    log = tmp / f"{name}-{port}.log"
    out = log.open("w", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "game.server", "--port", str(port), *FAST, *extra],
        stdout=out, stderr=subprocess.STDOUT, text=True, env=environment(), cwd=ROOT,
    )  # fmt: skip
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if "listening on" in log.read_text(encoding="utf-8"):
            return Server(port, process, log)
        if process.poll() is not None:
            raise AssertionError("the server did not start:\n" + log.read_text(encoding="utf-8"))
        time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start in time:\n" + log.read_text(encoding="utf-8"))


@contextmanager
def servers(tmp: Path, count: int = 1, *extra: str) -> Iterator[list[Server]]:
    started: list[Server] = []
    try:
        for number in range(count):
            started.append(start_server(tmp, *extra, name=f"server{number}"))
        yield started
    finally:
        for server in started:
            server.stop()


class Redis:
    """A private redis-server on a free loopback port, in a temporary folder."""

    def __init__(self, port: int, process: subprocess.Popen[bytes]) -> None:
        self.port, self.process = port, process

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


@contextmanager
def redis_server(tmp: Path) -> Iterator[Redis]:
    binary = shutil.which("redis-server")
    if binary is None:
        message = "redis-server is not installed (apt-get install redis-server)"
        if os.environ.get("CI"):
            pytest.fail(message + "; .ci/run must install it")
        pytest.skip(message)
    port = free_port()
    folder = tmp / "redis"
    folder.mkdir()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "",
         "--appendonly", "no", "--protected-mode", "yes"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise AssertionError("redis-server did not start")
            time.sleep(0.05)
        yield Redis(port, process)
    finally:
        process.terminate()
        process.wait(10)


class Bot:
    """One `python -m game.client` process."""

    def __init__(self, args: Sequence[str], tmp: Path, name: str) -> None:
        self.out_path = tmp / f"{name}.out"
        self.err_path = tmp / f"{name}.err"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.client", *args],
            stdout=self.out_path.open("w"), stderr=self.err_path.open("w"), text=True,
            env=environment(), cwd=ROOT,
        )  # fmt: skip

    def lines(self) -> list[str]:
        return self.out_path.read_text(encoding="utf-8").splitlines()

    def code(self, timeout: float = START_TIMEOUT_S) -> str:
        """The table code the bot printed first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.lines()
            if lines:
                assert lines[0].startswith("table "), lines
                return lines[0].split()[1]
            if self.process.poll() is not None:
                raise AssertionError(f"the bot ended without a table: {self.err_path.read_text()}")
            time.sleep(0.05)
        raise AssertionError("the bot printed no table code")

    def result(self, timeout: float = 120.0) -> dict[str, Any]:
        """Wait for the bot to finish; its final JSON line."""
        code = self.process.wait(timeout)
        assert code == 0, f"exit {code}: {self.err_path.read_text()[-2000:]}"
        final: dict[str, Any] = json.loads(self.lines()[-1])
        return final

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)


def verify_records(folder: Path) -> list[Path]:
    """Every hand export in ``folder`` passes game.verify's checks (and its command line exits 0)."""
    from game.verify import verify_export

    files = sorted(folder.glob("*.json"))
    for path in files:
        checks = verify_export(json.loads(path.read_text(encoding="utf-8")))
        assert all(check.passed for check in checks), [check.line() for check in checks]
    for path in files[:1] + files[-1:]:  # and the command line itself, as a player would run it
        done = subprocess.run(
            [sys.executable, "-m", "game.verify", str(path)], capture_output=True, text=True,
            env=environment(), cwd=ROOT, timeout=60,
        )  # fmt: skip
        assert done.returncode == 0, f"{path.name}: {done.stdout}{done.stderr}"
    return files


def wait_mid_hand(url: str, code: str, moves: int = 4, timeout: float = 60.0) -> dict[str, Any]:
    """Watch table ``code`` until a hand is ``moves`` actions in; that frame's hand part.

    The timeout is generous (bots are whole processes starting on a shared machine); when it
    runs out the failure says what the table last showed."""
    import asyncio

    from websockets.asyncio.client import connect

    last: dict[str, Any] = {}

    async def watch() -> dict[str, Any]:
        async with connect(url, compression=None) as socket:
            await socket.send(json.dumps({"type": "spectate", "code": code}))
            async for text in socket:
                frame = json.loads(text)
                last.clear()
                last.update(frame)
                part = frame.get("hand")
                if frame.get("stage") == "playing" and part and part["public"]["history_length"] >= moves:
                    found: dict[str, Any] = part
                    return found
        raise AssertionError(f"the table closed before a hand got going: {json.dumps(last)[:500]}")

    async def bounded() -> dict[str, Any]:
        try:
            return await asyncio.wait_for(watch(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"no hand {moves} moves in after {timeout:.0f} s: {json.dumps(last)[:500]}"
            ) from None

    return asyncio.run(bounded())
