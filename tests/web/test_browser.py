"""The built game, played for real in headless Chromium.

tools/build_web.py builds gin-rummy.apk; a server of the test's own on 127.0.0.1 serves it
with the loader page (tests/web/chromium/page/: Pyodide standing in for pygbag's runtime,
pygbag's own pygame-ce wasm wheel, the published page's JavaScript and CSS), and Playwright
plays it with real mouse, touch and keyboard input. The outcome is read through the game's
test probe (game/ui/probe.py), which only this loader page switches on; every scenario
saves screenshots in build/browser-test/ (GIN_RUMMY_BROWSER_SHOTS names another folder).

Any console error, uncaught page error, Python traceback or request to a host other than
127.0.0.1 fails the scenario it happens in.

One Chromium serves the whole module, and the scenarios of each device share one page (a
desktop window by mouse, a phone by touch), so they run in the order written: each says
where it starts and leaves the page where the next one expects it.

Needs Playwright, Chromium, npm's pyodide (tests/web/package.json) and the pygame-ce wasm
wheel (see tests/web/chromium/harness.py). Without the wheel the module skips with one line
saying how to enable it; in CI (CI=true) anything else missing is a failure.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.web.chromium import harness, player
from tests.web.chromium.harness import GamePage, Snapshot
from tests.web.chromium.play import Played, back_to_title, play_hand, start_match

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_web  # noqa: E402 - tools/ is not a package
import find_browser_seeds  # noqa: E402

SHOTS = Path(os.environ.get("GIN_RUMMY_BROWSER_SHOTS", ROOT / "build" / "browser-test"))
DESKTOP_SEED = 11
"""Hand 1: the player takes a discard and knocks, the AI lays off (tools/find_browser_seeds.py)."""
PHONE_SEED = 13
"""Hand 1: the player takes a discard, the AI knocks, and the player lays a card off."""

try:
    WHEEL = harness.find_wheel()
except harness.Unavailable as missing:
    pytest.skip(f"browser test: {missing}", allow_module_level=True)

pytestmark = pytest.mark.slow


def _require(check: Any) -> Any:
    try:
        return check()
    except harness.Unavailable as missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing} (required in CI)")
        pytest.skip(str(missing))


@dataclass
class Chromium:
    """The browser and the local server every scenario shares."""

    browser: Any
    site: harness.LocalSite


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    _require(harness.require_playwright)
    _require(harness.chromium_path)
    _require(harness.require_pygbag)
    pyodide = _require(harness.ensure_pyodide)
    from playwright.sync_api import sync_playwright

    built = build_web.build(tmp_path_factory.mktemp("browser") / "web")
    with harness.LocalSite(built.site, WHEEL, pyodide) as site, sync_playwright() as playwright:
        browser = harness.launch(playwright)
        try:
            yield Chromium(browser, site)
        finally:
            browser.close()


@pytest.fixture(scope="module")
def desktop(chromium: Chromium) -> Iterator[GamePage]:
    """A 1280x720 window played by mouse; the page opens on the title screen."""
    clipboard = ["clipboard-read", "clipboard-write"]  # what a player grants by copying
    with harness.game_page(chromium.browser, chromium.site, SHOTS / "desktop", permissions=clipboard) as game:
        game.open("--seed", str(DESKTOP_SEED), "--speed", "3")
        yield game


@pytest.fixture(scope="module")
def phone(chromium: Chromium) -> Iterator[GamePage]:
    """A 390x844 phone at devicePixelRatio 3, played by touch; opens on the title screen."""
    with harness.game_page(chromium.browser, chromium.site, SHOTS / "phone", phone=True) as game:
        game.open("--seed", str(PHONE_SEED))
        yield game


@pytest.fixture(autouse=True)
def _no_problems(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every scenario fails on any console error, page error, traceback or foreign request."""
    yield
    for name in ("desktop", "phone"):  # (the online page checks itself)
        if name in request.fixturenames:
            page: GamePage = request.getfixturevalue(name)
            problems, page.problems = page.problems, []
            assert not problems, "the page reported problems:\n" + "\n".join(problems)


# --- playing a hand ---------------------------------------------------------------------------


def check_result(game: GamePage, played: Played) -> Snapshot:
    """The result panel is up over the table, and says who won what."""
    result = played.result
    assert result is not None and result.top == "hand_result"
    assert [scene["name"] for scene in result["scenes"]][-2:] == ["table", "hand_result"]
    table = result.table
    assert table["phase"] == "FINISHED" and table["result"] is not None
    assert "Next hand" in result.targets()
    game.shot("result")
    return result


def assert_played_as_natively(seed: int, played: Played) -> None:
    """The browser's hand 1 is the one the same seed and moves give natively, move for move.

    The seeds were chosen natively (tools/find_browser_seeds.py); this also proves that
    `--seed` deals the same hands under WebAssembly as on the desktop.
    """
    assert played.result is not None
    table = played.result.table
    native = find_browser_seeds.first_hand(seed)
    seen = {"result": table["result"], "knocked": table["knocker"], "layoffs": table["layoffs"]}
    assert seen == {key: native[key] for key in seen}, (seen, native)
    assert played.actions == native["actions"]


def next_hand(game: GamePage) -> Snapshot:
    """Next hand from the result panel: hand 2 is dealt."""
    game.press("Next hand")
    dealt = game.wait(lambda s: s.table.get("hand_number") == 2 and player.my_turn(s.state), "hand 2's deal")
    assert len(dealt.table["mine"]) in (10, 11)
    game.shot("hand-2")
    return dealt


# --- the desktop, by mouse -----------------------------------------------------------------------


def test_first_minute_by_mouse(desktop: GamePage) -> None:
    """Title, new match, a whole hand to its result (with a knock and a layoff), next hand."""
    game = desktop
    title = game.probe()
    assert title.top == "title" and title["viewport"]["size"] == [1280, 720]
    assert title["seed"] == DESKTOP_SEED
    game.shot("title")
    start_match(game)
    played = play_hand(game, throw_by_drag=True)
    assert played.reordered is not None
    assert played.did("take") and played.did("throw"), played.actions
    assert played.did("knock"), played.actions
    result = check_result(game, played)
    assert result.table["knocker"] == 0
    assert result.table["layoffs"], "the AI laid nothing off: seed no longer shows layoffs"
    assert_played_as_natively(DESKTOP_SEED, played)
    next_hand(game)


# --- the phone, by touch -----------------------------------------------------------------------


def test_first_minute_by_touch(phone: GamePage) -> None:
    """The same minute on a phone held upright, every input a tap or a drag of a finger."""
    game = phone
    title = game.probe()
    assert title.top == "title"
    # The canvas fills the page; at devicePixelRatio 3 it gets 2 real pixels per CSS pixel
    # (game/ui/core/browser.py, MAX_DENSITY) and the browser scales it the rest of the way.
    assert title["viewport"] == {"size": [780, 1688], "density": 2, "portrait": True}
    assert title.box[2:] == (390, 844)
    game.shot("title")
    # No sound before the first gesture: the page's audio is suspended, the game plays nothing.
    assert audio_states(game) == ["suspended"] and title["sound"]["played"] == 0
    assert not title["sound"]["unlocked"]
    start_match(game)
    dealt = game.probe()
    assert dealt["sound"]["unlocked"] and dealt["sound"]["played"] > 0  # the deal was heard
    assert audio_states(game) == ["running"]
    played = play_hand(game, take_by_drag=True)
    assert played.reordered is not None
    assert played.did("take") and played.did("throw"), played.actions
    assert played.did("lay off"), played.actions
    result = check_result(game, played)
    assert result.table["knocker"] == 1
    assert any(card in played.reordered[0] for card, _ in result.table["layoffs"])
    assert_played_as_natively(PHONE_SEED, played)
    next_hand(game)


def test_long_press_explains_a_card(phone: GamePage) -> None:
    """Starts at hand 2, the player's turn: a finger resting on a card says what it is."""
    game = phone
    snapshot = game.wait(lambda s: player.my_turn(s.state), "the player's turn")
    card = snapshot.table["mine"][3]
    game.hold(*snapshot.centre(card), seconds=0.9)
    explained = game.wait(lambda s: s.table.get("toast") is not None, "the explanation")
    toast = explained.table["toast"]
    assert "deadwood" in toast or "meld" in toast, toast
    assert explained.table["selected"] == card
    assert explained.table["mine"] == snapshot.table["mine"]  # a long press moves nothing
    game.shot("long-press")


LONG_REST_S = 60.0
"""How long the tests let the resting loop wait between looks: far longer than they wait."""


def rest_long(game: GamePage) -> Snapshot:
    """Let the game's loop rest a minute between looks (game/ui/app.py, REST_SLEEP_S) and
    wait until it does: input, and anything due, must then end the rest, since the next
    look on its own comes a minute later."""
    game.read(f"gin_pyodide.runPython('import game.ui.app as a; a.REST_SLEEP_S = {LONG_REST_S}')")
    return game.wait(
        lambda s: s["loop"]["input_wakes"] and s["loop"]["rest_s"] == LONG_REST_S, "a long rest", 15.0
    )


def taken_at_once(rested: Snapshot, taken: Snapshot) -> None:
    """The press after `rested` was taken by the loop's next pass or the one after."""
    passes = rested["loop"]["passes"]
    assert passes < taken["loop"]["input_pass"] <= passes + 2, (rested["loop"], taken["loop"])


def test_each_tap_acts_once(phone: GamePage) -> None:
    """Starts at hand 2 on the player's turn: one tap draws one card, one tap selects a card.

    A tap that fired twice would draw and then be refused, or select and then discard.
    Each press comes after the loop has rested long: the page's call wakes it, and the press
    is taken at once; a refusal's message still goes in its time while the loop rests.
    """
    game = phone
    snapshot = game.wait(lambda s: player.my_turn(s.state), "the player's turn")
    if snapshot.table["phase"] == "UPCARD_OFFER":
        game.press("Pass", snapshot)
        snapshot = game.wait(
            lambda s: player.my_turn(s.state) and s.table["phase"] == "DRAW", "the player's draw", 30.0
        )
    assert snapshot.table["phase"] == "DRAW"
    stock = snapshot.table["stock"]
    usual = game.read("gin_pyodide.runPython('import game.ui.app as a; a.REST_SLEEP_S')")
    try:
        rested = rest_long(game)
        game.press("stock", rested)
        drew = game.wait(lambda s: s.table["phase"] == "DISCARD" and not s.table["moving"], "the draw")
        assert drew.table["stock"] == stock - 1 and len(drew.table["mine"]) == 11
        taken_at_once(rested, drew)
        # A refused tap's message, seen and then gone, with the loop resting in between.
        rested = rest_long(game)
        game.press("stock", rested)
        refused = game.wait(lambda s: s.table["toast"], "the refusal's message", 5.0)
        taken_at_once(rested, refused)
        game.wait(lambda s: s.table["toast"] is None, "the message to go", 15.0)
        # A key after a long rest: Y reads the hand out to the page's live region.
        said = game.read("gin_said_count")
        rested = rest_long(game)
        game.key("KeyY")
        heard = game.wait(lambda s: game.read("gin_said_count") > said, "the hand read out", 5.0)
        taken_at_once(rested, heard)
        line = game.read("document.getElementById('gin-said').lastElementChild.textContent")
        assert line.startswith("Your hand, 11 cards, left to right:")
        rested = rest_long(game)
        card = drew.table["mine"][0]
        game.press(card, rested)
        taken_at_once(rested, game.wait(lambda s: s.table["selected"] == card, "the card selected", 5.0))
    finally:
        game.read(f"gin_pyodide.runPython('import game.ui.app as a; a.REST_SLEEP_S = {usual}')")
    game.page.wait_for_timeout(1000)  # longer than any echo of the tap could take to arrive
    selected = game.probe()
    assert selected.table["selected"] == card and len(selected.table["mine"]) == 11
    assert selected.table["stock"] == stock - 1 and selected.table["toast"] is None
    game.shot("one-tap-one-action")


def test_turning_the_phone_keeps_the_hand(phone: GamePage) -> None:
    """Starts in hand 2 with a card selected, 11 held: turn the phone while a card flies."""
    game = phone
    before = game.probe()
    assert before.table["phase"] == "DISCARD" and before.table["selected"] is not None
    # Sort by suit: every card slides to its new place; turn the phone while they move.
    game.press("Suit", before)
    moving = game.wait(lambda s: s.table["moving"], "the cards to start moving", 5.0)
    game.page.set_viewport_size({"width": 844, "height": 390})
    turned = game.wait(lambda s: s["viewport"]["size"] == [1688, 780], "the layout to follow the page")
    turned = game.settle()
    table = turned.table
    assert not turned["viewport"]["portrait"]
    assert sorted(table["mine"]) == sorted(moving.table["mine"])
    assert table["mine"] == moving.table["mine"]  # the sort that was moving has arrived
    assert table["selected"] == before.table["selected"]
    assert table["phase"] == "DISCARD" and table["stock"] == before.table["stock"]
    width, height = turned["viewport"]["size"]
    for card in table["mine"]:
        x, y, w, h = table["cards"][card]["rect"]
        assert x >= 0 and y >= 0 and x + w <= width and y + h <= height, (card, table["cards"][card])
        assert table["cards"][card]["face"]
    # The line under the piles used to start off the left edge here.
    (fingerprint,) = turned.drawn("fingerprint")
    x, y, w, h = fingerprint[2]
    assert x >= 0 and x + w <= width, fingerprint
    game.shot("turned-landscape")
    game.page.set_viewport_size({"width": 390, "height": 844})
    back = game.wait(lambda s: s["viewport"]["size"] == [780, 1688] and not s["animating"], "portrait again")
    assert back.table["mine"] == table["mine"] and back.table["selected"] == table["selected"]
    game.shot("turned-back")


def audio_states(game: GamePage) -> list[str]:
    """The state of every AudioContext the page's runtime made (tools/web/page.js keeps them)."""
    states: list[str] = game.read("gin_audio_contexts.map((context) => context.state)")
    return states


def test_quiet_audio_rests_and_the_next_sound_wakes_it(phone: GamePage) -> None:
    """Starts in hand 2 with a card selected: silence lets the page's audio rest; a discard wakes it."""
    game = phone
    rested = game.wait(lambda s: not s["sound"]["awake"], "the audio to rest", 15.0)
    # The game has asked; the context's suspend() settles a moment later. (The first key the
    # page saw, the Y above, came while the audio rested: the runtime's own resume on a first
    # key or tap must not have woken it behind the game's back.)
    game.wait(lambda s: audio_states(game) == ["suspended"], "the page's audio to be suspended", 5.0)
    played = rested["sound"]["played"]
    card = rested.table["selected"]
    assert rested.table["armed"] == card  # raised by the tap that chose it
    game.press(card, rested)  # the second tap on the raised card discards it
    woke = game.wait(lambda s: s["sound"]["played"] > played, "the discard's sound")
    assert card in woke.table["discard"] and woke["sound"]["awake"]
    game.wait(lambda s: audio_states(game) == ["running"], "the audio to run again", 5.0)
    game.wait(lambda s: player.my_turn(s.state), "the player's next turn", 30.0)


def test_settings_survive_a_reload(phone: GamePage) -> None:
    """Starts at the table (hand 2): Menu, Settings, speed to Fast; then back to the table."""
    game = phone
    game.press("Menu")
    game.press("Settings", game.wait_for_target("Settings"))
    settings = game.wait_for_target("Speed")
    assert "Normal" in settings.drawn_text() or settings.top == "settings"
    game.press("Speed", settings)
    game.wait(lambda s: "Fast" in s.drawn_text() or _stored_speed(game) == "fast", "the speed to change")
    game.shot("speed-fast")
    assert _stored_speed(game) == "fast"
    # Full screen goes through the page's own gin_fullscreen (tools/web/page.js), on the tap.
    assert game.read("document.fullscreenEnabled") and not game.read("Boolean(document.fullscreenElement)")
    game.press("Full screen")
    game.wait(lambda s: game.read("Boolean(document.fullscreenElement)"), "the page to go full screen", 5.0)
    game.wait(lambda s: "Full screen: on" in s.drawn_text(), "the row to say so", 5.0)
    game.shot("full-screen")
    game.press("Full screen", game.wait_for_target("Full screen"))
    game.wait(lambda s: not game.read("Boolean(document.fullscreenElement)"), "full screen to end", 5.0)
    game.wait(lambda s: "Full screen: off" in s.drawn_text(), "the row to say so", 5.0)
    game.press("Done")
    game.press("Resume", game.wait_for_target("Resume"))
    game.wait(lambda s: s.top == "table", "the table again")


def _stored_speed(game: GamePage) -> str | None:
    import json

    stored = game.local_storage().get("gin-rummy:settings")
    return json.loads(stored).get("speed") if stored else None


def test_a_reload_mid_hand_offers_continue(phone: GamePage) -> None:
    """Starts at the table mid-hand: reload; the title offers Continue; it resumes the hand.

    Settings and statistics (one hand played) come back from localStorage too.
    """
    import json

    game = phone
    before = game.wait(lambda s: player.my_turn(s.state), "the player's turn")
    stored = game.local_storage()
    assert {"gin-rummy:settings", "gin-rummy:statistics", "gin-rummy:saved-match"} <= set(stored)
    statistics = json.loads(stored["gin-rummy:statistics"])
    game.reload()
    title = game.wait_for_target("Continue match")
    assert title.top == "title"
    assert set(game.local_storage()) >= {
        "gin-rummy:settings",
        "gin-rummy:statistics",
        "gin-rummy:saved-match",
    }
    assert json.loads(game.local_storage()["gin-rummy:statistics"]) == statistics
    game.shot("continue-offered")
    game.press("Continue match", title)
    # The match is kept at the person's last move; the AI's reply after it is played again
    # (the same reply: its choices follow from the seed and what it sees).
    resumed = game.wait(lambda s: player.my_turn(s.state) and not s["animating"], "the match to resume", 30.0)
    for key in ("hand_number", "phase", "to_act", "stock", "discard", "scores", "knock_limit"):
        assert resumed.table[key] == before.table[key], key
    assert sorted(resumed.table["mine"]) == sorted(before.table["mine"])
    game.shot("resumed")
    assert _stored_speed(game) == "fast"
    game.press("Menu")
    game.press("Settings", game.wait_for_target("Settings"))
    settings = game.wait_for_target("Speed")
    game.shot("settings-after-reload")
    game.press("Done", settings)
    game.press("Resume", game.wait_for_target("Resume"))


def test_daily_share_line_reaches_the_clipboard_and_export_downloads(
    desktop: GamePage, tmp_path: Path
) -> None:
    """Starts at the table (hand 2): the daily deal played through, Copy result, Export hand."""
    import json
    import subprocess

    game = desktop
    title = back_to_title(game)
    daily = next(name for name in title.targets() if name.startswith("Daily deal"))
    game.press(daily, title)
    game.wait(lambda s: s.top == "daily_table", "the daily deal's table")
    played = play_hand(game, reorder=False)
    assert played.result is not None
    game.press("See the daily result", played.result)
    result = game.wait_for_target("Copy result")
    assert result.top == "daily_result"
    shown = [entry[1] for entry in result.drawn("share")]
    assert len(shown) == 1 and shown[0].startswith("Gin Rummy daily "), result["drawn"]
    game.press("Copy result", result)
    copied = game.wait(lambda s: bool(s.drawn("copied")), "the copy note")
    note = copied.drawn("copied")[0][1]
    assert note.startswith("Copied"), note
    assert game.page.evaluate("() => navigator.clipboard.readText()") == shown[0]
    game.shot("daily-copied")

    game.press("Deal check", copied)
    check = game.wait_for_target("Export hand")
    assert check.top == "deal_check"
    with game.page.expect_download() as started:
        game.press("Export hand", check)
    download = started.value
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert saved.suffix == ".json" and saved.name.startswith("gin-rummy-")
    export = json.loads(saved.read_text(encoding="utf-8"))
    assert isinstance(export, dict)
    game.shot("exported")
    # The file the browser saved is a real export: the verifier replays it and passes it.
    verified = subprocess.run(
        [sys.executable, "-m", "game.verify", str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_pass_and_play_hides_the_other_persons_cards(phone: GamePage) -> None:
    """Starts at the table: a new match for two people at this phone, one turn each."""
    game = phone
    title = back_to_title(game)
    game.press("New match", title)
    setup = game.wait_for_target("Seat: Your opponent")
    game.press("Seat: Your opponent", setup)
    game.wait(
        lambda s: "pass and play" in s.drawn_text().lower() or s.has("Start match"), "the seat to change"
    )
    game.press("Start match")
    confirm = game.wait(lambda s: s.top in ("confirm", "privacy"), "the new match to start")
    if confirm.top == "confirm":  # the match in progress is saved: starting anew asks first
        game.press("Start new match", confirm)
    first = game.wait(lambda s: s.top == "privacy", "the pass-and-play screen")
    game.page.wait_for_timeout(800)  # the tap that started the match must not act here too
    first = game.probe()
    assert first.top == "privacy", [scene["name"] for scene in first["scenes"]]
    check_hidden(first)
    game.shot("privacy-first")
    one = ready(game, first)
    turn = one
    while turn.top != "privacy":  # the first person plays their turn (the upcard, a discard)
        move = player.choose(turn.state)
        assert move is not None, turn.table
        game.do(move, turn)
        turn = game.wait(lambda s: s.top == "privacy" or player.my_turn(s.state), "the turn to end", 30.0)
    held = set(turn.table["mine"])  # the first person's hand after their discard
    assert len(held) == 10
    check_hidden(turn)
    game.shot("privacy-second")
    other = ready(game, turn)
    assert other.table["me"] != one.table["me"]
    assert not set(other.table["mine"]) & held
    for card in held:  # the first person's cards, now across the table, show their backs
        if card not in other.table["discard"] and card not in other.table["opponent_known"]:
            assert not other.table["cards"][card]["face"], card


def check_hidden(snapshot: Snapshot) -> None:
    """Only the pass-and-play screen is drawn: no table, no card of anyone's."""
    assert [scene["name"] for scene in snapshot["scenes"] if scene["visible"]] == ["privacy"]
    assert "Pass the device to" in snapshot.drawn_text()


def ready(game: GamePage, privacy: Snapshot) -> Snapshot:
    """The person the device was passed to says so; their table comes back, only theirs face up."""
    button = next(name for name in privacy.targets() if name.startswith("I'm "))
    game.press(button, privacy)
    table = game.wait(lambda s: player.my_turn(s.state), "the table for the next person", 30.0)
    public = set(table.table["mine"]) | set(table.table["discard"]) | set(table.table["opponent_known"])
    face_up = {card for card, drawn in table.table["cards"].items() if drawn["face"]}
    assert face_up <= public, face_up - public
    game.shot(f"ready-{button}")
    return table


def test_the_published_path_leaves_the_probe_off(chromium: Chromium) -> None:
    """The same build loaded without the loader's flag: the game runs, its probe refuses."""
    with harness.game_page(chromium.browser, chromium.site, SHOTS / "no-probe") as game:
        game.open(probe=False)
        enabled = game.read("gin_pyodide.runPython('import game.ui.probe as p\\np.enabled()')")
        assert enabled is False
        with pytest.raises(Exception, match="the test probe is off"):
            game.probe()
        game.problems.clear()  # the refusal above is the point, not a fault of the page
        game.shot("title-without-probe")
        game.assert_clean()


# --- online: the page's own WebSocket against a real server and a native bot ---------------------


def _online_move(game: GamePage, snapshot: Snapshot) -> None:
    """The plain player's next move at the online table, by touch, once the game took it."""
    move = player.choose(snapshot.state)
    assert move is not None, snapshot.table
    game.do(move, snapshot)


def _online_turn(game: GamePage, stop: Any, what: str) -> Snapshot:
    """Wait until the person may move at the online table (caught up with the server), or `stop`."""

    def ready(s: Snapshot) -> bool:
        return stop(s) or (bool(s.table.get("ready")) and player.choose(s.state) is not None)

    return game.wait(ready, what, 40.0)


def test_an_online_hand_by_touch_against_a_native_bot_and_a_reload_keeps_the_seat(
    chromium: Chromium, tmp_path: Path
) -> None:
    """A `python -m game.client` bot opens a table on a real server on 127.0.0.1; the phone
    page opens the table's link (``?server=...&table=CODE``), joins through the page's own
    WebSocket and plays by touch. Mid-hand the page is reloaded: the token kept in
    localStorage takes the same seat back at the same position, and the hand is played to
    its result, whose deal check passes."""
    import json

    from tests.online.support import Bot, servers

    with servers(tmp_path, 1, "--ai-delay", "0.05") as (server,):
        bot = Bot(["--server", server.url, "--create", "--bot", "easy"], tmp_path, "host")
        try:
            code = bot.code()
            with harness.game_page(chromium.browser, chromium.site, SHOTS / "online", phone=True) as game:
                query = f"&server={server.url}&table={code}"
                game.page.goto(chromium.site.loader_url(["--speed", "3"]) + query)
                game.wait_started()
                table = _online_turn(game, lambda s: False, "the joined table's first turn")
                assert table.top == "online_table" and table.table["me"] in (0, 1)
                game.shot("online-joined")
                stored = json.loads(game.local_storage()["gin-rummy:online-seat"])
                assert stored["code"] == code and stored["urls"] == [server.url]
                for _ in range(3):  # a few moves, then the page reloads mid-hand
                    snapshot = _online_turn(game, lambda s: s.top == "hand_result", "the person's turn")
                    if snapshot.top == "hand_result":
                        break
                    _online_move(game, snapshot)
                # On the person's turn the table waits for them: the position cannot change.
                before = _online_turn(game, lambda s: s.top == "hand_result", "the person's turn").table
                game.reload()
                back = _online_turn(
                    game, lambda s: s.top == "hand_result", "the seat to come back after the reload"
                )
                game.shot("online-after-reload")
                assert back.top == "online_table" or before.get("phase") in (None, "FINISHED", "VOID")
                if back.top == "online_table":
                    for key in ("hand_number", "me", "phase", "to_act", "stock", "discard", "scores"):
                        assert back.table[key] == before[key], key
                    assert sorted(back.table["mine"]) == sorted(before["mine"])
                moves = 0
                while True:
                    snapshot = _online_turn(game, lambda s: s.top == "hand_result", "the hand's end")
                    if snapshot.top == "hand_result":
                        break
                    _online_move(game, snapshot)
                    moves += 1
                    assert moves < 80, "the hand did not end"
                result = game.wait(lambda s: bool(s.drawn("check")), "the deal check line")
                assert any(entry[1].startswith("Deal check: ✓") for entry in result.drawn("check")), (
                    result.drawn("check")
                )
                game.shot("online-result")
                game.assert_clean()
        finally:
            bot.kill()
