"""The web page's address, as online play reads it: its ``?server=`` and ``?table=``, and links.

In the browser the page's address says which server to play with (``?server=wss://...``)
and, in a table's link, which table to join (``?table=CODE``); the page's own address with
``?table=CODE`` is the link a host sends. On the desktop there is no page: the query is
empty and a table has its code, not a link.

>>> page_query(), page_is_https(), table_link("K7PX3M") is None
('', False, True)
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from game.online.endpoints import server_urls, table_code
from game.storage.settings import Settings
from game.ui.core import browser


def page_query() -> str:
    """The page's query string (``?server=...&table=...``), "" on the desktop."""
    window = browser._window()
    if window is None:
        return ""
    try:
        return str(window.location.search or "")
    except Exception:
        return ""


def page_is_https() -> bool:
    """True when the page was served over https (it may then use only wss:// servers)."""
    window = browser._window()
    if window is None:
        return False
    try:
        return str(window.location.protocol) == "https:"
    except Exception:
        return False


def servers(settings: Settings) -> list[str]:
    """The servers to try, in order: the page's, the player's setting, the build's, the local one."""
    return server_urls(page_query(), settings.online_server or None, page_is_https=page_is_https())


def linked_table() -> str | None:
    """The table the page's address asks to join (``?table=CODE``), if any."""
    return table_code(page_query())


def table_link(code: str) -> str | None:
    """The page's address with ``?table=CODE`` (keeping its ``?server=``); None on the desktop."""
    window = browser._window()
    if window is None:
        return None
    try:
        base = f"{window.location.origin}{window.location.pathname}"
    except Exception:
        return None
    kept = [(key, value) for key, value in parse_qsl(page_query().lstrip("?")) if key == "server"]
    return f"{base}?{urlencode([*kept, ('table', code)])}"
