"""Where tables live and how their news travels: in this process, or in Redis (redis_backend).

The hub asks a backend to keep table records (with compare-and-set on a version, so two
processes never apply the same move twice), to say which process owns a table (runs its
clock and its computer players), to carry a table's frames to every process with a
connection there, to carry requests to a table's owner, and to hold the quick-match queues.
:class:`MemoryBackend` is the one-process version: every table is owned here, records stay
as live objects and "publishing" is a function call.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

Deliver = Callable[[str, dict[str, str]], None]
"""The hub's hook for a table's frames: (code, {audience: frame text})."""
Inbox = Callable[[str], Coroutine[Any, Any, None]]
"""The hub's hook for a message sent to this process."""


class Backend(Protocol):
    """What the hub needs from the place tables live."""

    process: str
    shared: bool  # True when other processes serve the same tables

    async def start(self, deliver: Deliver, inbox: Inbox) -> None:
        """Connect, and call ``deliver``/``inbox`` with what arrives."""
        ...

    async def stop(self) -> None:
        """Disconnect (the process's lease then expires)."""
        ...

    async def create(self, code: str, record: str) -> bool:
        """Store a new table's record; False when the code is taken."""
        ...

    async def load(self, code: str) -> tuple[int, str] | None:
        """A table's version and record, or None."""
        ...

    async def save(self, code: str, expected: int, version: int, record: str) -> bool:
        """Replace the record if it is still at version ``expected`` (compare-and-set)."""
        ...

    async def commit(self, code: str, expected: int, version: int, record: str,
                     messages: list[dict[str, str]]) -> bool:  # fmt: skip
        """:meth:`save`, and if it saved, :meth:`publish` each of ``messages``, in one step."""
        ...

    async def close(self, code: str) -> None:
        """Forget a table; its code is remembered as closed for a day."""
        ...

    async def is_closed(self, code: str) -> bool:
        """Whether ``code`` belonged to a table that has been closed."""
        ...

    async def owner(self, code: str) -> str | None:
        """The live process that owns ``code`` (None when nobody does)."""
        ...

    async def claim(self, code: str) -> bool:
        """Become the owner when nobody live owns the table."""
        ...

    async def tables(self) -> list[str]:
        """Every open table's code."""
        ...

    async def publish(self, code: str, frames: dict[str, str]) -> None:
        """Send a table's frames (one per audience) to every process watching it."""
        ...

    async def watch(self, code: str) -> None:
        """This process has connections at ``code``: receive its frames."""
        ...

    async def unwatch(self, code: str) -> None:
        """No more connections here at ``code``."""
        ...

    async def send(self, process: str, payload: str) -> None:
        """A message to one process's inbox."""
        ...

    async def alive(self, process: str) -> bool:
        """Whether ``process`` still renews its lease."""
        ...

    async def queue_push(self, key: str, entry: str) -> None:
        """Join the quick-match queue ``key``."""
        ...

    async def queue_take(self, key: str, count: int) -> list[str] | None:
        """Take the first ``count`` entries at once, or None when fewer wait."""
        ...

    async def queue_remove(self, key: str, entry: str) -> bool:
        """Leave the queue; False when somebody already took the entry."""
        ...


_RUNNING: set[asyncio.Task[Any]] = set()


def spawn(work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
    """Run ``work`` in the background, keeping the task referenced until it is done (the
    event loop itself keeps only weak references)."""
    task = asyncio.ensure_future(work)
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)
    return task


def new_process_id() -> str:
    """A name for this server process, unique among its peers."""
    return secrets.token_hex(6)


class MemoryBackend:
    """One process, tables in memory: every table is owned here."""

    shared = False

    def __init__(self) -> None:
        self.process = new_process_id()
        self._codes: set[str] = set()
        self._closed: set[str] = set()
        self._queues: dict[str, list[str]] = {}
        self._deliver: Deliver | None = None
        self._inbox: Inbox | None = None

    async def start(self, deliver: Deliver, inbox: Inbox) -> None:
        self._deliver, self._inbox = deliver, inbox

    async def stop(self) -> None:
        return None

    async def create(self, code: str, record: str) -> bool:
        if code in self._codes or code in self._closed:
            return False
        self._codes.add(code)
        return True

    async def load(self, code: str) -> tuple[int, str] | None:
        return None  # the hub keeps every table live; there is nothing to load

    async def save(self, code: str, expected: int, version: int, record: str) -> bool:
        return code in self._codes

    async def commit(self, code: str, expected: int, version: int, record: str,
                     messages: list[dict[str, str]]) -> bool:  # fmt: skip
        if code not in self._codes:
            return False
        assert self._deliver is not None
        for frames in messages:
            self._deliver(code, frames)
        return True

    async def close(self, code: str) -> None:
        self._codes.discard(code)
        self._closed.add(code)

    async def is_closed(self, code: str) -> bool:
        return code in self._closed

    async def owner(self, code: str) -> str | None:
        return self.process if code in self._codes else None

    async def claim(self, code: str) -> bool:
        return code in self._codes

    async def tables(self) -> list[str]:
        return sorted(self._codes)

    async def publish(self, code: str, frames: dict[str, str]) -> None:
        assert self._deliver is not None
        self._deliver(code, frames)

    async def watch(self, code: str) -> None:
        return None

    async def unwatch(self, code: str) -> None:
        return None

    async def send(self, process: str, payload: str) -> None:
        assert self._inbox is not None
        await self._inbox(payload)

    async def alive(self, process: str) -> bool:
        return process == self.process

    async def queue_push(self, key: str, entry: str) -> None:
        self._queues.setdefault(key, []).append(entry)

    async def queue_take(self, key: str, count: int) -> list[str] | None:
        queue = self._queues.get(key, [])
        if len(queue) < count:
            return None
        taken, self._queues[key] = queue[:count], queue[count:]
        return taken

    async def queue_remove(self, key: str, entry: str) -> bool:
        queue = self._queues.get(key, [])
        if entry in queue:
            queue.remove(entry)
            return True
        return False
