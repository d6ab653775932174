"""The online screens laid out at the sizes people play at: every row in view, text readable.

The Say panel (the preset quick messages) is shown over the title with a recorder for what
is said; the lobby is the game's own, at a table opened on a real server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pygame
import pytest

from game.online.protocol import PHRASES
from game.ui.app import App
from game.ui.online.menus import QuickMessagesScene
from game.ui.online.words import seat_words
from tests.online.ingame import Driver
from tests.online.support import Bot, servers
from tests.online.test_ingame import create_table, drawn
from tests.ui.harness import click, frames, make_app
from tests.ui.layout_check import drawn_text, layout_problems

SIZES = [(1280, 720), (1920, 1080), (390, 844), (360, 640), (844, 390)]
"""A laptop, a big monitor, two phones upright, a phone held sideways."""
DESKTOP_LEAST = 14
"""The smallest em on a desktop, in pixels: the table's status line and names are 15 to 17."""


def readable(app: App, size: tuple[int, int]) -> list[str]:
    """What the top scene draws too small to read: under 12 px, or `DESKTOP_LEAST` on a desktop.
    (Only the top scene: the title under the Say panel here is not an online screen.)"""
    least = DESKTOP_LEAST if size[0] >= 1280 and size[1] >= 720 else 12
    scene = app.stack.top
    assert scene is not None
    with drawn_text() as seen:
        scene.draw(app.surface)
    density = app.viewport.density
    return sorted(
        {f"{text!r} at {em / density:.0f} px" for text, em in seen if text.strip() and em / density < least}
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_say_panel_shows_every_message_and_back_without_scrolling(size: tuple[int, int]) -> None:
    app = make_app("--window", "x".join(map(str, size)))
    app.screens.show("title")
    said: list[str] = []
    panel = QuickMessagesScene(app, said.append)
    app.stack.push(panel)
    frames(app, 2)
    menu = panel.panel.menu
    assert menu.max_scroll == 0
    shown = dict(panel.hit_targets())
    assert list(shown) == [*PHRASES.values(), "Back"]  # every row pressable, none scrolled away
    assert layout_problems(app) == []
    assert readable(app, size) == []
    click(app, shown["Nice gin!"].center)
    assert said == ["nice_gin"] and app.stack.top is not panel
    app.stack.push(panel := QuickMessagesScene(app, said.append))
    frames(app)
    click(app, dict(panel.hit_targets())["Back"].center)
    assert said == ["nice_gin"] and app.stack.top is not panel
    pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (390, 844), (360, 640), (844, 390)])
def test_the_lobby_is_readable_and_every_row_in_view(tmp_path: Path, size: tuple[int, int]) -> None:
    """The host's lobby of a table for two, and a guest's of a table for three (more seats),
    with the Say panel over it."""
    with servers(tmp_path, 1) as (server,):

        async def scenario() -> None:
            window = "x".join(map(str, size))
            host = Driver("--window", window)
            try:
                await create_table(host, server.url)
                check_lobby(host, size)
                await host.press("Say")
                await host.until(lambda s: s["top"] == "quick_messages", "the Say panel")
                assert host.top.panel.menu.max_scroll == 0 and layout_problems(host.app) == []
            finally:
                host.close()
            bot = Bot(
                ["--server", server.url, "--create", "--players", "3", "--bot", "easy"], tmp_path, "host"
            )
            guest = Driver("--window", window)
            try:
                code = bot.code()
                guest.app.settings.online_server = server.url
                await guest.press("Play online")
                await guest.press("Join a table")
                for char in code:
                    await guest.press(char)
                await guest.press("Join")
                await guest.until(
                    lambda s: s["top"] == "online_lobby" and len(drawn(s, "seat")) == 3, "the lobby"
                )
                check_lobby(guest, size)
            finally:
                bot.kill()
                guest.close()

        asyncio.run(scenario())


def check_lobby(game: Driver, size: tuple[int, int]) -> None:
    lobby = game.top
    assert lobby.name == "online_lobby"
    assert lobby.menu.max_scroll == 0 and len(lobby.hit_targets()) == len(lobby.items)
    assert layout_problems(game.app) == []
    assert readable(game.app, size) == []
    with drawn_text() as seen:
        game.app.stack.draw(game.app.surface)
    words = {text for text, _ in seen}
    state = lobby.state
    assert state is not None and lobby.info.height > 0
    for player, seat in enumerate(drawn(game.snapshot(), "seat")):
        name, status = seat_words(state, player)
        whole = seat in words or {name, status} <= words  # a desktop's box: the name over its words
        assert whole, f"{seat!r} is cut short"  # whole, not shortened with "..."
    if size[0] >= 1280:
        check_desktop_lobby(lobby, seen)


def check_desktop_lobby(lobby, seen: list[tuple[str, int]]) -> None:
    """A desktop's lobby is composed like the game's other boards: the code large in the left
    half with the rules and what happens next under it, the seats in the right half with the
    rows under them, all inside a board that holds no empty band."""
    code = " ".join(lobby.state.code)
    (em,) = {size for text, size in seen if text == code}
    assert em >= 3 * max(size for text, size in seen if text.startswith("Standard Gin")), (
        "the code stands out"
    )
    seats, rows, info, board = lobby.seat_area, lobby.menu.rect, lobby.info, lobby.board
    assert seats is not None
    assert info.right < seats.left and info.right < rows.left  # side by side, not stacked
    assert seats.bottom <= rows.top and board.contains(seats) and board.contains(rows)
    assert board.contains(info.clip(board)) and info.top == seats.top
    assert rows.bottom + lobby.app.viewport.px(60) > board.bottom  # no empty band under the rows
    assert any(kind == "note" for kind, _ in lobby.draw_list)  # what happens next is said
