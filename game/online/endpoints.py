"""Which server the game plays online with: the page's ``?server=``, the setting, or the build's.

A published web build finds its server in this order: the page's address
(``https://example.org/gin/?server=wss://play.example.org``, several URLs separated by
commas), then the player's own setting, then the servers the build was made with
(``python tools/build_web.py --server wss://...`` writes them into :data:`BUILT_IN_SERVERS`),
then, natively, the local default. A page served over https may only use ``wss://`` servers.

>>> server_urls("?server=wss://a.example/ws,wss://b.example/ws&table=ABC234")
['wss://a.example/ws', 'wss://b.example/ws']
>>> server_urls("", setting="ws://10.0.0.2:8765")
['ws://10.0.0.2:8765']
>>> server_urls("?server=ws://plain.example", page_is_https=True)
[]
>>> table_code("?table=abc234")
'ABC234'
"""

from __future__ import annotations

from urllib.parse import parse_qs

BUILT_IN_SERVERS: tuple[str, ...] = ()
"""Written by ``tools/build_web.py --server URL`` in the copy it packs (empty in the source)."""
LOCAL_SERVER = "ws://127.0.0.1:8765"
"""Where ``python -m game.server`` listens by default."""


def _urls(text: str | None, page_is_https: bool) -> list[str]:
    if not text:
        return []
    urls = [url.strip() for url in text.split(",") if url.strip()]
    allowed = ("wss://",) if page_is_https else ("ws://", "wss://")
    return [url for url in urls if url.startswith(allowed)]


def server_urls(query: str | None, setting: str | None = None, *, page_is_https: bool = False) -> list[str]:
    """The server URLs to try, in order (empty when none is allowed)."""
    from_page = parse_qs((query or "").lstrip("?")).get("server", [])
    for text in (",".join(from_page), setting, ",".join(BUILT_IN_SERVERS)):
        urls = _urls(text, page_is_https)
        if urls:
            return urls
    return [] if page_is_https else [LOCAL_SERVER]


def table_code(query: str | None) -> str | None:
    """The table a link asks to join (``?table=CODE``), upper-cased, or None."""
    codes = parse_qs((query or "").lstrip("?")).get("table", [])
    return codes[0].strip().upper() if codes and codes[0].strip() else None
