"""Serve the built game from 127.0.0.1 and drive it in headless Chromium with real input.

What it takes (tests/web/test_browser.py and tools/bench_browser.py use it):

- **Chromium**: Debian's `chromium` (`GIN_RUMMY_CHROMIUM` names another binary), driven by
  Playwright from PyPI; Playwright's own browser download is never needed.
- **CPython for WebAssembly**: npm `pyodide` 0.27.7 (CPython 3.12, as pygbag 0.9.3 runs),
  pinned in tests/web/package.json and installed with `npm ci` on first use.
- **pygame-ce for WebAssembly**: pygbag's own wheel, the file a player's browser loads. No
  registry carries it; it is found at the path `GIN_RUMMY_PYGAME_WHEEL` names (the file or
  its folder), else in `../shared/web-runtime/` next to the repository (CI has it), else
  downloaded from pygbag's CDN when that can be reached, and always checked against its
  sha256. Without it the browser test skips with one line saying how to enable it.
- **The page**: tests/web/chromium/page/loader.html, which loads the published page's own
  JavaScript and CSS (tools/web/page.js, page.css) and does what pygbag's loader does.

Chromium runs with every host name resolving to nothing except 127.0.0.1, and the page
records any request to another host, any console error, uncaught page error or Python
traceback as a problem: `GamePage.problems`.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
WEB_TESTS = ROOT / "tests" / "web"
PAGE_DIR = Path(__file__).resolve().parent / "page"
SHARED_PAGE_DIR = ROOT / "tools" / "web"
PYODIDE_DIR = WEB_TESTS / "node_modules" / "pyodide"
PYODIDE_VERSION = "0.27.7"

WHEEL_NAME = "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
WHEEL_SHA256 = "9c6aa80480c7f199dd024639fc1e1f6b4a5c5c6a7a888b11110ad17b35abdd27"
WHEEL_ENV = "GIN_RUMMY_PYGAME_WHEEL"
SHARED_RUNTIME = ROOT.parent / "shared" / "web-runtime"
CDN_WHEEL_URL = f"https://pygame-web.github.io/cdn/cp312/{WHEEL_NAME}"
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "gin-rummy" / "web-runtime"
ENABLE_HINT = (
    f"set {WHEEL_ENV} to pygbag's {WHEEL_NAME} (sha256 {WHEEL_SHA256[:12]}...) "
    "or put it in ../shared/web-runtime/"
)

CHROMIUM_ENV = "GIN_RUMMY_CHROMIUM"
CHROMIUM_DEFAULT = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    # Every host name but 127.0.0.1 resolves to nothing: the page cannot reach the network.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    # Desktop Chrome's own policy: a page's audio starts only after the user's activation
    # (checked here: a page loaded this way gets a suspended AudioContext). The test reads
    # the page without a gesture (GamePage.read) so that only real input activates it.
    "--autoplay-policy=document-user-activation-required",
]
INSTALL_TIMEOUT_S = 600
DOWNLOAD_TIMEOUT_S = 60
BOOT_TIMEOUT_S = 60.0
POLL_S = 0.05


class Unavailable(Exception):
    """Something the browser test needs is not on this machine (the message says what)."""


class WheelError(Exception):
    """The pygame-ce wheel named or downloaded is not the expected file."""


# --- the pygame-ce wheel -----------------------------------------------------------------


def sha256_of(path: Path) -> str:
    """The sha256 of a file, in hex."""
    digest = hashlib.sha256()
    with path.open("rb") as source:
        for block in iter(lambda: source.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def _checked(path: Path, origin: str) -> Path:
    actual = sha256_of(path)
    if actual != WHEEL_SHA256:
        raise WheelError(f"{path} ({origin}) has sha256 {actual}, not {WHEEL_SHA256}: not pygbag's wheel")
    return path


def find_wheel(
    env: dict[str, str] | None = None,
    shared: Path = SHARED_RUNTIME,
    cache: Path = CACHE_DIR,
    download: Callable[[str, Path], None] | None = None,
) -> Path:
    """The checked pygame-ce wasm wheel: named by `GIN_RUMMY_PYGAME_WHEEL`, shared, or downloaded.

    Raises Unavailable when there is none (the message says how to enable the test) and
    WheelError when a file is there but is not the right one (never silently skipped).
    """
    env = os.environ if env is None else env
    named = env.get(WHEEL_ENV)
    if named:
        path = Path(named).expanduser()
        if path.is_dir():
            path = path / WHEEL_NAME
        if not path.is_file():
            raise WheelError(f"{WHEEL_ENV}={named}: no such file ({WHEEL_NAME} expected)")
        return _checked(path, WHEEL_ENV)
    for folder in (shared, cache):
        if (folder / WHEEL_NAME).is_file():
            return _checked(folder / WHEEL_NAME, str(folder))
    target = cache / WHEEL_NAME
    try:
        (download or _download)(CDN_WHEEL_URL, target)
    except OSError as error:
        target.unlink(missing_ok=True)
        raise Unavailable(f"no pygame-ce wasm wheel (pygbag's CDN: {error}); {ENABLE_HINT}") from None
    try:
        return _checked(target, CDN_WHEEL_URL)
    except WheelError:
        target.unlink(missing_ok=True)
        raise


def _download(url: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".part")
    with urllib.request.urlopen(url, timeout=DOWNLOAD_TIMEOUT_S) as response, partial.open("wb") as out:
        shutil.copyfileobj(response, out)
    partial.replace(target)


# --- Pyodide and Chromium -------------------------------------------------------------------


def ensure_pyodide() -> Path:
    """tests/web/node_modules/pyodide, installed from the lock file with `npm ci` if missing."""
    if not (PYODIDE_DIR / "pyodide.js").is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise Unavailable("npm is not installed: the browser test needs Pyodide from npm")
        done = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"],
            cwd=WEB_TESTS,
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT_S,
            check=False,
        )
        if done.returncode != 0:
            raise Unavailable(f"`npm ci` in {WEB_TESTS} failed:\n{done.stdout}\n{done.stderr}")
    installed = json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    if installed != PYODIDE_VERSION:
        raise Unavailable(
            f"tests/web/node_modules has pyodide {installed}, not {PYODIDE_VERSION}: run `npm ci` in tests/web"
        )
    return PYODIDE_DIR


def chromium_path(env: dict[str, str] | None = None) -> str:
    """The Chromium binary to drive (Debian's by default)."""
    env = os.environ if env is None else env
    path = env.get(CHROMIUM_ENV, CHROMIUM_DEFAULT)
    if not Path(path).is_file():
        raise Unavailable(f"no Chromium at {path} (apt-get install chromium, or set {CHROMIUM_ENV})")
    return path


def require_playwright() -> None:
    """Fail with install instructions when Playwright is not importable."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        raise Unavailable('Playwright is not installed (python -m pip install -e ".[test]")') from None


def require_pygbag() -> None:
    """Fail with install instructions when pygbag (which builds the apk) is not importable."""
    import importlib.util

    if importlib.util.find_spec("pygbag") is None:
        raise Unavailable('pygbag is not installed (python -m pip install -e ".[web]")')


def launch(playwright: Any) -> Any:
    """Headless Chromium that can reach 127.0.0.1 only."""
    return playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)


# --- the local server ----------------------------------------------------------------------


@dataclass
class Served:
    """One request the local server answered."""

    path: str
    status: int
    size: int


class LocalSite:
    """A static server on 127.0.0.1 (a free port): the loader page, Pyodide, the wheel, the build.

    `/` is the loader page; `/page/` its scripts; `/tools/web/` the published page's own
    JavaScript and CSS; `/pyodide/` Pyodide from npm; `/wheel/` the pygame-ce wheel; `/site/`
    the output of tools/build_web.py (gin-rummy.apk, favicon.png, index.html).
    """

    def __init__(self, site: Path, wheel: Path, pyodide: Path = PYODIDE_DIR) -> None:
        self.routes = {
            "/page/": PAGE_DIR,
            "/tools/web/": SHARED_PAGE_DIR,
            "/pyodide/": pyodide,
            "/site/": site,
        }
        self.wheel = wheel
        self.served: list[Served] = []
        self._lock = threading.Lock()
        handler = functools.partial(_Handler, self)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        """http://127.0.0.1:PORT"""
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def loader_url(self, options: list[str] | tuple[str, ...] = (), probe: bool = True) -> str:
        """The loader page's address, passing `options` to the game through the probe."""
        query = [("wheel", f"/wheel/{self.wheel.name}")] + [("arg", option) for option in options]
        if not probe:
            query.append(("probe", "0"))
        return f"{self.origin}/?{urllib.parse.urlencode(query)}"

    def resolve(self, path: str) -> Path | None:
        """The file a request path maps to, or None (never outside the served folders)."""
        path = urllib.parse.unquote(path.split("?", 1)[0])
        if path == "/":
            return PAGE_DIR / "loader.html"
        if path == f"/wheel/{self.wheel.name}":
            return self.wheel
        for prefix, folder in self.routes.items():
            if path.startswith(prefix):
                target = (folder / path[len(prefix) :]).resolve()
                if target.is_file() and target.is_relative_to(folder.resolve()):
                    return target
        return None

    def record(self, path: str, status: int, size: int) -> None:
        """Note what was served (the benchmark counts a first visit's bytes)."""
        with self._lock:
            self.served.append(Served(path, status, size))

    def start(self) -> LocalSite:
        """Start serving in a background thread."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> LocalSite:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".png": "image/png",
}


class _Handler(http.server.BaseHTTPRequestHandler):
    def __init__(self, site: LocalSite, *args: Any) -> None:
        self.site = site
        super().__init__(*args)

    def do_GET(self) -> None:
        target = self.site.resolve(self.path)
        if target is None:
            self.send_error(404)
            self.site.record(self.path, 404, 0)
            return
        body = target.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", _TYPES.get(target.suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        with suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(body)
        self.site.record(self.path.split("?", 1)[0], 200, len(body))

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: the test reports what matters


# --- one page of the game --------------------------------------------------------------------

# Reads the probe and the canvas's place on the page in one round trip.
_PROBE_JS = """() => {
    const canvas = document.getElementById("canvas")
    const box = canvas.getBoundingClientRect()
    return {state: gin_probe(), box: [box.left, box.top, box.width, box.height],
            pixels: [canvas.width, canvas.height]}
}"""


@dataclass
class Snapshot:
    """The probe's state plus where the canvas sits on the page."""

    state: dict[str, Any]
    box: tuple[float, float, float, float]
    pixels: tuple[int, int]

    def __getitem__(self, key: str) -> Any:
        return self.state[key]

    def get(self, key: str, default: Any = None) -> Any:
        """A top-level entry of the probe's state."""
        return self.state.get(key, default)

    @property
    def top(self) -> str | None:
        """The name of the scene on top."""
        return self.state["top"]

    @property
    def table(self) -> dict[str, Any]:
        """The table's state ({} when no table is in the stack)."""
        return self.state.get("table") or {}

    def targets(self) -> dict[str, list[int]]:
        """The top scene's hit targets: name -> [x, y, w, h] in canvas pixels."""
        return {target["name"]: target["rect"] for target in self.state["targets"]}

    def has(self, name: str) -> bool:
        """True when the top scene has a target called `name`."""
        return name in self.targets()

    def drawn_text(self) -> str:
        """Every text the visible scenes drew, one per line."""
        return "\n".join(entry[1] for scene in self.state["drawn"] for entry in scene)

    def drawn(self, kind: str) -> list[list[Any]]:
        """Every [kind, text, rect?] the visible scenes drew of `kind`."""
        return [entry for scene in self.state["drawn"] for entry in scene if entry[0] == kind]

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """A canvas pixel as a point on the page (CSS pixels), where input events go."""
        left, top, width, height = self.box
        return left + x * width / self.pixels[0], top + y * height / self.pixels[1]

    def centre(self, name: str) -> tuple[float, float]:
        """The page point at the middle of target `name` (or of that card on the table)."""
        targets = self.targets()
        if name in targets:
            x, y, w, h = targets[name]
        elif name in self.table.get("cards", {}):
            x, y, w, h = self.table["cards"][name]["rect"]
        elif name in self.table.get("piles", {}):
            x, y, w, h = self.table["piles"][name]  # an empty pile still has its place
        else:
            raise AssertionError(f"no target {name!r} on {self.top}: {sorted(targets)}")
        return self.to_page(x + w / 2, y + h / 2)

    def position(self) -> tuple[Any, ...]:
        """What a move changes at the table: the scene, phase, turn, hands, piles, choices."""
        table = self.table
        keys = (
            "phase",
            "to_act",
            "mine",
            "selected",
            "armed",
            "knock_mode",
            "discard",
            "stock",
            "layoffs",
            "melds",
        )
        return (self.top, *(json.dumps(table.get(key)) for key in keys))


@dataclass
class GamePage:
    """One browser page playing the game, with what went wrong in it collected."""

    page: Any
    site: LocalSite
    shots: Path
    touch: bool = False
    problems: list[str] = field(default_factory=list)
    shot_count: int = 0

    def __post_init__(self) -> None:
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("request", self._request)
        self.page.on("requestfailed", self._failed)
        self.cdp = self.page.context.new_cdp_session(self.page)
        self.shots.mkdir(parents=True, exist_ok=True)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def _request(self, request: Any) -> None:
        url = urllib.parse.urlsplit(request.url)
        if url.scheme in ("data", "blob"):
            return
        if url.hostname != "127.0.0.1":
            self.problems.append(f"request to another host: {request.url}")

    def _failed(self, request: Any) -> None:
        if not request.url.startswith("blob:"):
            self.problems.append(f"request failed: {request.url} ({request.failure})")

    # --- loading ---

    def open(self, *options: str, probe: bool = True) -> Snapshot | None:
        """Load the loader page (game options via the probe) and wait for the first frame."""
        self.page.goto(self.site.loader_url(options, probe))
        return self.wait_started(probe)

    def reload(self) -> Snapshot:
        """Reload the page (same address) and wait for the game's first frame."""
        self.page.reload()
        started = self.wait_started(True)
        assert started is not None
        return started

    def wait_started(self, probe: bool = True) -> Snapshot | None:
        """Wait until the game has presented its first frame (and, with the probe, says so)."""
        deadline = time.monotonic() + BOOT_TIMEOUT_S
        while not self.read("Boolean(window.gin_marks && window.gin_marks.first_frame)"):
            if self.problems or time.monotonic() > deadline:
                raise AssertionError("the game did not start: " + ("; ".join(self.problems) or "timed out"))
            time.sleep(POLL_S)
        if not probe:
            return None
        return self.wait(lambda s: s["frames_drawn"] > 0, "the first frame", timeout=BOOT_TIMEOUT_S)

    # --- reading the game ---

    def probe(self) -> Snapshot:
        """The game's state now."""
        raw = self.read(f"({_PROBE_JS})()")
        return Snapshot(raw["state"], tuple(raw["box"]), tuple(raw["pixels"]))

    def read(self, expression: str) -> Any:
        """Evaluate a JavaScript expression in the page and return its (JSON) value.

        Through Chromium's DevTools protocol with no user gesture, unlike Playwright's
        `page.evaluate`: a gesture would let the page start its audio (and go full screen)
        as if the player had touched it, and the test checks that only real input does.
        """
        reply = self.cdp.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True, "userGesture": False},
        )
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            raise RuntimeError(details.get("exception", {}).get("description") or details.get("text"))
        return reply["result"].get("value")

    def wait(self, condition: Callable[[Snapshot], bool], what: str, timeout: float = 20.0) -> Snapshot:
        """Poll the probe until `condition` holds; fail saying `what` did not happen."""
        deadline = time.monotonic() + timeout
        while True:
            snapshot = self.probe()
            if condition(snapshot):
                return snapshot
            if self.problems:
                raise AssertionError(f"waiting for {what}: " + "; ".join(self.problems))
            if time.monotonic() > deadline:
                self.shot(f"timeout-{what}")
                raise AssertionError(
                    f"{what} did not happen within {timeout:.0f} s; top scene {snapshot.top}, "
                    f"table {json.dumps(snapshot.table)[:600]}, targets {sorted(snapshot.targets())}"
                )
            time.sleep(POLL_S)

    def wait_for_target(self, name: str, timeout: float = 20.0) -> Snapshot:
        """Wait until the top scene offers `name`."""
        return self.wait(lambda s: s.has(name), f"target {name!r}", timeout)

    def settle(self, timeout: float = 20.0) -> Snapshot:
        """Wait until nothing moves on screen."""
        return self.wait(lambda s: not s["animating"], "the screen to come to rest", timeout)

    # --- input: real events through Chromium's input pipeline ---

    def press(self, name: str, snapshot: Snapshot | None = None) -> None:
        """Click (mouse page) or tap (touch page) the middle of target `name`."""
        snapshot = snapshot or self.wait_for_target(name)
        self.press_at(*snapshot.centre(name))

    def press_at(self, x: float, y: float) -> None:
        """Click or tap at a page point."""
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def hold(self, x: float, y: float, seconds: float) -> None:
        """Press and hold at a page point (a finger on a touch page), then let go."""
        if self.touch:
            self._touch("touchStart", x, y)
            time.sleep(seconds)
            self._touch("touchEnd")
        else:
            self.page.mouse.move(x, y)
            self.page.mouse.down()
            time.sleep(seconds)
            self.page.mouse.up()

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 12) -> None:
        """Press at `start`, move to `end` in steps, release there (finger or mouse)."""
        (x0, y0), (x1, y1) = start, end
        if self.touch:
            self._touch("touchStart", x0, y0)
        else:
            self.page.mouse.move(x0, y0)
            self.page.mouse.down()
        for step in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps
            if self.touch:
                self._touch("touchMove", x, y)
            else:
                self.page.mouse.move(x, y)
            time.sleep(0.02)  # let the game see the motion frame by frame, as from a hand
        if self.touch:
            self._touch("touchEnd")
        else:
            self.page.mouse.up()

    def _touch(self, kind: str, x: float = 0.0, y: float = 0.0) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def do(self, move: Any, snapshot: Snapshot) -> Snapshot:
        """Make a player's move (tests/web/chromium/player.py) and wait until the game took it."""
        before = snapshot.position()
        start = snapshot.centre(move.target)
        if move.kind == "press":
            self.press_at(*start)
        else:
            self.drag(start, snapshot.centre(move.onto))
        return self.wait(lambda s: s.position() != before, f"the game to take the move {move.why!r}", 10.0)

    def key(self, key: str) -> None:
        """Press and release a key (Playwright's names: "Enter", "Escape", "KeyK" ...)."""
        self.page.keyboard.press(key)

    # --- looking ---

    def shot(self, label: str) -> Path:
        """Save a screenshot of the page (numbered, in the scenario's folder)."""
        self.shot_count += 1
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in label)[:60]
        path = self.shots / f"{self.shot_count:02d}-{safe}.png"
        with suppress(Exception):  # a screenshot must never hide the real failure
            self.page.screenshot(path=str(path))
        return path

    def local_storage(self) -> dict[str, str]:
        """The page's localStorage (what survives a reload)."""
        return dict(self.read("Object.fromEntries(Object.entries(localStorage))"))

    def assert_clean(self) -> None:
        """Fail listing every console error, page error, traceback or foreign request seen."""
        assert not self.problems, "the page reported problems:\n" + "\n".join(self.problems)


@contextmanager
def game_page(
    browser: Any, site: LocalSite, shots: Path, *, phone: bool = False, **context: Any
) -> Iterator[GamePage]:
    """A fresh browser context (empty localStorage) with one game page in it.

    `phone` gives a 390x844 touch screen at devicePixelRatio 3; otherwise 1280x720, mouse.
    """
    if phone:
        options: dict[str, Any] = {
            "viewport": {"width": 390, "height": 844},
            "device_scale_factor": 3,
            "has_touch": True,
            "is_mobile": True,
        }
    else:
        options = {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": 1}
    options.update(context)
    browser_context = browser.new_context(**options)
    try:
        page = browser_context.new_page()
        yield GamePage(page, site, shots, touch=phone)
    finally:
        browser_context.close()
