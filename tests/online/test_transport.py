"""The browser transport, driven by a stand-in for the page's WebSocket (its real-browser test
comes with the table screens); and the server URL a build plays with."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from game.online import endpoints, transport
from game.online.transport import BrowserTransport, TransportClosed


class PageSocket:
    """Behaves like the page's WebSocket: callbacks fire later, from the event loop."""

    def __init__(self, url: str, opens: bool) -> None:
        self.url, self.sent, self.readyState = url, [], 0
        self.onopen = self.onmessage = self.onclose = None
        loop = asyncio.get_running_loop()
        loop.call_soon(self._open if opens else self._refuse)

    def _open(self) -> None:
        self.readyState = 1
        self.onopen(SimpleNamespace())

    def _refuse(self) -> None:
        self.readyState = 3
        self.onclose(SimpleNamespace(code=1006))

    def send(self, text: str) -> None:
        self.sent.append(text)
        asyncio.get_running_loop().call_soon(lambda: self.onmessage(SimpleNamespace(data="echo " + text)))

    def close(self) -> None:
        self.readyState = 3
        asyncio.get_running_loop().call_soon(lambda: self.onclose(SimpleNamespace(code=1000)))


def page(opens: bool) -> Any:
    made: list[PageSocket] = []

    def new(url: str) -> PageSocket:
        made.append(PageSocket(url, opens))
        return made[-1]

    return SimpleNamespace(WebSocket=SimpleNamespace(new=new), made=made)


def test_the_browser_transport_turns_page_callbacks_into_awaitable_frames(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = page(opens=True)
    monkeypatch.setattr(transport, "_window", lambda: window)

    async def talk() -> None:
        connection = await BrowserTransport.open("wss://play.example/ws")
        await connection.send('{"type":"ping"}')
        assert await connection.recv() == 'echo {"type":"ping"}'
        await connection.close()
        with pytest.raises(TransportClosed):
            await connection.recv()
        with pytest.raises(TransportClosed):
            await connection.send("late")

    asyncio.run(talk())
    assert window.made[0].url == "wss://play.example/ws" and window.made[0].sent == ['{"type":"ping"}']


def test_a_refused_page_connection_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transport, "_window", lambda: page(opens=False))
    with pytest.raises(TransportClosed, match="cannot reach"):
        asyncio.run(BrowserTransport.open("wss://nowhere.example/ws"))


def test_natively_there_is_no_page_socket() -> None:
    with pytest.raises(TransportClosed, match="only there in the browser"):
        asyncio.run(BrowserTransport.open("ws://127.0.0.1:1"))
    assert transport.default_connector() == transport.NativeTransport.open


def test_a_built_in_server_is_the_last_resort(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(endpoints, "BUILT_IN_SERVERS", ("wss://built.example/ws",))
    assert endpoints.server_urls("") == ["wss://built.example/ws"]
    assert endpoints.server_urls("?server=wss://page.example/ws") == ["wss://page.example/ws"]
    assert endpoints.server_urls("", setting="wss://mine.example/ws") == ["wss://mine.example/ws"]
    assert endpoints.server_urls("", page_is_https=True) == ["wss://built.example/ws"]
