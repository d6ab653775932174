"""How the client reaches the server: a WebSocket, natively or in the page.

A :class:`Transport` sends and receives text frames, asynchronously, and nothing else.
Natively it is the `websockets` client (:class:`NativeTransport`); in the browser it is the
page's own ``WebSocket`` reached through pygbag's ``platform.window``
(:class:`BrowserTransport`): no threads and no blocking, the page's callbacks put frames
into an asyncio queue the session awaits. :func:`default_connector` picks the right one.
Both import their platform's pieces only when used, so this module imports anywhere.

>>> in_browser()
False
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

OPEN_TIMEOUT_S = 5.0
MAX_RECEIVED_BYTES = 2**20


class TransportClosed(ConnectionError):
    """The connection is gone (or never opened); ``reason`` says what is known."""


class Transport(Protocol):
    """One open connection to a server."""

    async def send(self, text: str) -> None:
        """Send one text frame (raises :class:`TransportClosed` when the connection is gone)."""
        ...

    async def recv(self) -> str:
        """The next text frame; :class:`TransportClosed` when the connection ends."""
        ...

    async def close(self) -> None:
        """Close the connection (harmless when already closed)."""
        ...


Connector = Callable[[str], Awaitable[Transport]]
"""Opens a connection to a server URL (``ws://`` or ``wss://``)."""


def in_browser() -> bool:
    """True in the WebAssembly build."""
    return sys.platform == "emscripten"


def default_connector() -> Connector:
    """The page's WebSocket in the browser, the `websockets` client natively."""
    return BrowserTransport.open if in_browser() else NativeTransport.open


class NativeTransport:
    """The `websockets` library's asyncio client."""

    def __init__(self, connection: Any) -> None:
        self._connection = connection

    @classmethod
    async def open(cls, url: str) -> Transport:
        """Connect to ``url``; :class:`TransportClosed` when it cannot."""
        try:
            from websockets.asyncio.client import connect
        except ImportError:
            raise TransportClosed('the native client needs websockets: pip install -e ".[online]"') from None
        try:
            connection = await connect(
                url, compression=None, open_timeout=OPEN_TIMEOUT_S, max_size=MAX_RECEIVED_BYTES, proxy=None
            )
        except (OSError, TimeoutError) as error:
            raise TransportClosed(f"cannot reach {url}: {error}") from None
        except Exception as error:  # the handshake failed (not a WebSocket server, refused...)
            raise TransportClosed(f"cannot open {url}: {error}") from None
        return cls(connection)

    async def send(self, text: str) -> None:
        try:
            await self._connection.send(text)
        except Exception as error:
            raise TransportClosed(str(error)) from None

    async def recv(self) -> str:
        try:
            frame = await self._connection.recv()
        except Exception as error:
            raise TransportClosed(str(error)) from None
        return frame if isinstance(frame, str) else bytes(frame).decode("utf-8", "replace")

    async def close(self) -> None:
        try:
            await self._connection.close()
        except Exception:
            return


class BrowserTransport:
    """The page's ``WebSocket``, through pygbag's ``platform.window``.

    The page calls back into Python (``onopen``, ``onmessage``, ``onclose``); each callback
    only puts something in an asyncio queue or resolves a future, so nothing ever blocks the
    single thread the page and the game share.
    """

    def __init__(self, socket: Any, frames: asyncio.Queue[str | None], keep: list[Any]) -> None:
        self._socket = socket
        self._frames = frames
        self._keep = keep  # the callbacks' proxies live as long as the connection

    @classmethod
    async def open(cls, url: str) -> Transport:
        """Open the page's WebSocket to ``url`` and wait for it to connect."""
        window = _window()
        if window is None:
            raise TransportClosed("the page's WebSocket is only there in the browser")
        loop = asyncio.get_running_loop()
        opened: asyncio.Future[bool] = loop.create_future()
        frames: asyncio.Queue[str | None] = asyncio.Queue()

        def on_open(_event: Any) -> None:
            if not opened.done():
                opened.set_result(True)

        def on_message(event: Any) -> None:
            frames.put_nowait(str(event.data))

        def on_close(event: Any) -> None:
            if not opened.done():
                opened.set_exception(TransportClosed(f"cannot reach {url}"))
            frames.put_nowait(None)

        try:
            socket = window.WebSocket.new(url)
        except Exception as error:
            raise TransportClosed(f"the page could not open {url}: {error}") from None
        keep = [_proxy(on_open), _proxy(on_message), _proxy(on_close)]
        socket.onopen, socket.onmessage, socket.onclose = keep
        try:
            await asyncio.wait_for(opened, OPEN_TIMEOUT_S)
        except TimeoutError:
            socket.close()
            raise TransportClosed(f"{url} did not answer within {OPEN_TIMEOUT_S:g} s") from None
        return cls(socket, frames, keep)

    async def send(self, text: str) -> None:
        if int(self._socket.readyState) != 1:  # WebSocket.OPEN
            raise TransportClosed("the connection is closed")
        self._socket.send(text)

    async def recv(self) -> str:
        frame = await self._frames.get()
        if frame is None:
            self._frames.put_nowait(None)  # every later recv() also sees the end
            raise TransportClosed("the connection closed")
        return frame

    async def close(self) -> None:
        try:
            self._socket.close()
        except Exception:
            return


def _window() -> Any | None:
    if not in_browser():
        return None
    try:
        import platform as bridge  # pygbag's module in the browser

        return getattr(bridge, "window", None)
    except Exception:
        return None


def _proxy(function: Callable[[Any], None]) -> Any:
    """A callback the page may keep (pyodide's create_proxy where it exists)."""
    try:
        from pyodide.ffi import create_proxy
    except ImportError:
        return function
    return create_proxy(function)
