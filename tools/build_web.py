"""Build the browser version of Gin Rummy with pygbag, offline.

    python tools/build_web.py              # build/web/: index.html, gin-rummy.apk, .tar.gz, favicon
    python tools/build_web.py --archive    # also build/web.zip, the file to upload to itch.io
    python tools/build_web.py --out /tmp/site --archive   # /tmp/site/ and /tmp/site.zip
    python tools/build_web.py --server wss://play.example.org   # the page's online server

Why the detour through a staging folder:

* pygbag names the archive after the folder it packs; staging into a folder called
  ``gin-rummy`` gives ``gin-rummy.apk`` whatever the checkout is called.
* Only ``main.py``, ``game/`` and ``assets/`` are copied there, so tests, tools, caches and
  virtual environments cannot leak into the archive (``pygbag.ini`` says the same for anyone
  running ``python -m pygbag .`` by hand).
* pygbag reformats the folder it packs with ``black`` when black is importable; it only
  ever touches the staging copy, and pygbag runs with ``black`` blocked from import anyway.

The page template (tools/web/gin-rummy.tmpl) and the icon (assets/icon.png) are passed as
local files, so pygbag never tries its CDN, which would hang forever on a machine without
network. Every step has a time limit and a failure says what went wrong.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.flags import decimal_number  # noqa: E402  (after the path: run as tools/build_web.py)

APP_NAME = "gin-rummy"
TITLE = "Gin Rummy"
WEB_DIR = ROOT / "tools" / "web"
TEMPLATE = WEB_DIR / "gin-rummy.tmpl"
PAGE_PARTS = ("page.js", "page.css")
"""Files the template includes (`/* gin-include: NAME */`); the browser test's page loads them too."""
INCLUDE_MARKER = re.compile(r"^[ \t]*/\* gin-include: ([\w.-]+) \*/[ \t]*$", re.MULTILINE)
ICON = ROOT / "assets" / "icon.png"
PYGBAG_INI = ROOT / "pygbag.ini"
DEFAULT_OUT = ROOT / "build" / "web"
# What the browser needs; everything else in the repository stays home.
SHIPPED = ("main.py", "game", "assets")
SKIPPED_NAMES = ("__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*.corrupt-*")
DESKTOP_ONLY_MODULES = ("game/arena.py", "game/ai/styles.py", "game/server", "game/client")
"""Desktop-only parts of the package the page never imports, left out of the archive: the
arena and its opponent styles, the game server and the headless network client (the page's
online play needs only the session library, game/online)."""
PAGE_ONLY_ASSETS = ("assets/icon.png",)
"""Assets the game never opens: the icon reaches the page as favicon.png beside the archive,
so a copy inside it would only cost a first visit its 4 KB again."""
ENDPOINTS = Path("game") / "online" / "endpoints.py"
BUILT_IN_LINE = "BUILT_IN_SERVERS: tuple[str, ...] = ()"
OUTPUTS = ("index.html", f"{APP_NAME}.apk", f"{APP_NAME}.tar.gz", "favicon.png")
DEFAULT_TIMEOUT_S = 300.0
WIDTH, HEIGHT = 1280, 720

# Runs pygbag's command line in a child interpreter where `import black` fails, so
# pygbag's optimiser cannot reformat anything, whatever is installed.
PYGBAG_BOOTSTRAP = (
    "import runpy, sys; sys.modules['black'] = None; sys.argv[0] = 'pygbag'; "
    "runpy.run_module('pygbag', run_name='__main__', alter_sys=True)"
)


class BuildError(RuntimeError):
    """A build step failed; the message says which and why."""


@dataclass(frozen=True)
class BuildResult:
    """Where the build went and how big the game archive is."""

    site: Path
    apk: Path
    web_zip: Path | None
    apk_bytes: int
    apk_members: tuple[str, ...]


def require_pygbag() -> None:
    """Fail with install instructions when pygbag is not importable."""
    if importlib.util.find_spec("pygbag") is None:
        raise BuildError(
            "pygbag is not installed. Install the web extra:\n"
            '    python -m pip install -e ".[web]"      (pins pygbag==0.9.3)'
        )


def black_is_importable() -> bool:
    """True when pygbag would reformat sources with black (we block it, but say so)."""
    return importlib.util.find_spec("black") is not None


def stage(root: Path, staging_parent: Path, servers: tuple[str, ...] = ()) -> Path:
    """Copy the shipped files into `staging_parent`/gin-rummy and return that folder.

    ``servers`` are the game servers the published page plays online with, unless its address
    says otherwise (``?server=``); they are written into the staged copy only.
    """
    app = staging_parent / APP_NAME
    app.mkdir()
    ignore = shutil.ignore_patterns(*SKIPPED_NAMES)
    for name in SHIPPED:
        source = root / name
        if not source.exists():
            raise BuildError(f"missing {source}: the game needs it in the browser")
        if source.is_dir():
            shutil.copytree(source, app / name, ignore=ignore)
        else:
            shutil.copy2(source, app / name)
    if PYGBAG_INI.is_file():
        shutil.copy2(PYGBAG_INI, staging_parent / "pygbag.ini")
    for name in DESKTOP_ONLY_MODULES + PAGE_ONLY_ASSETS:
        target = app / name
        if target.is_dir():
            shutil.rmtree(target)
        else:
            target.unlink(missing_ok=True)
    if servers:
        write_servers(app / ENDPOINTS, servers)
    for source in sorted((app / "game").rglob("*.py")):
        source.write_text(slim_source(source.read_text(encoding="utf-8")), encoding="utf-8")
    return app


def write_servers(endpoints: Path, servers: tuple[str, ...]) -> None:
    """Write the build's game servers into the staged `game/online/endpoints.py`."""
    for url in servers:
        if not url.startswith(("ws://", "wss://")) or any(c in url for c in "\"'\\ \n"):
            raise BuildError(f"--server takes ws:// or wss:// URLs, not {url!r}")
    text = endpoints.read_text(encoding="utf-8")
    if BUILT_IN_LINE not in text:
        raise BuildError(f"{ENDPOINTS} has no line {BUILT_IN_LINE!r} to fill in")
    endpoints.write_text(
        text.replace(BUILT_IN_LINE, f"BUILT_IN_SERVERS: tuple[str, ...] = {servers!r}"), "utf-8"
    )


def slim_source(text: str) -> str:
    r"""Python source without its docstrings, comments and type hints, for the download only.

    Players download every byte of the archive and never read the docs in it; this cuts the
    game's code by about a fifth once zipped, and the type hints 12 KB more (measured on the
    whole archive, December 2026). The program is the same: the source is parsed
    and written back from its syntax tree (`ast.unparse`), with each docstring (a string
    standing alone as the first statement of a module, class or function, or after an
    assignment) removed; nothing in the game reads `__doc__` at run time. The type hints of
    functions and of names outside classes go too: every module has
    ``from __future__ import annotations``, so they are never evaluated, and nothing reads
    them (`inspect.signature` is asked for parameter names only). A class keeps its
    annotations: they make a dataclass's fields.

    >>> source = "'Doc.'\nX: int = 1  # why\n'X doc.'\ndef f(a: int) -> int:\n    'f doc.'\n    return X\n"
    >>> print(slim_source(source))
    X = 1
    <BLANKLINE>
    def f(a):
        return X
    <BLANKLINE>
    """
    tree = _Unhinted().visit(ast.parse(text))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        kept = [statement for statement in body if not _is_docstring(statement)]
        if len(kept) != len(body):
            node.body = kept or [ast.Pass()]  # type: ignore[attr-defined]
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


class _Unhinted(ast.NodeTransformer):
    """Drops the type hints `slim_source` may drop (see there), keeping classes' fields."""

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._function(node)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.returns = None
        arguments = node.args
        for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
            argument.annotation = None
        for rest in (arguments.vararg, arguments.kwarg):
            if rest is not None:
                rest.annotation = None
        node.body = self._statements(node.body)
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        # The class's own annotated names stay (dataclass fields); its methods lose theirs.
        node.body = [self.visit(s) if not isinstance(s, ast.AnnAssign) else s for s in node.body]
        return node

    def visit_Module(self, node: ast.Module) -> ast.AST:
        node.body = self._statements(node.body)
        return node

    def _statements(self, body: list[ast.stmt]) -> list[ast.stmt]:
        kept: list[ast.stmt] = []
        for statement in body:
            if isinstance(statement, ast.AnnAssign) and statement.simple:
                if statement.value is not None:
                    kept.append(ast.copy_location(ast.Assign([statement.target], statement.value), statement))
                continue  # a bare `name: type` does nothing at run time
            visited = self.visit(statement)
            if isinstance(visited, ast.stmt):
                kept.append(visited)
        return kept or [ast.Pass()]

    def generic_visit(self, node: ast.AST) -> ast.AST:
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                setattr(node, name, self._statements(block))
        for handler in getattr(node, "handlers", []):
            handler.body = self._statements(handler.body)
        for case in getattr(node, "cases", []):
            case.body = self._statements(case.body)
        return node


def compose_template(target: Path, template: Path = TEMPLATE) -> Path:
    """Write the page template with its `gin-include` lines replaced by those files; return `target`.

    The page's JavaScript and CSS live in files of their own (tools/web/page.js, page.css)
    so that the browser test's loader page can load the very same code; the published page
    gets them inlined, one file with no extra download.
    """
    folder = template.parent

    def include(match: re.Match[str]) -> str:
        name = match.group(1)
        part = folder / name
        if name not in PAGE_PARTS or not part.is_file():
            raise BuildError(f"{template.name} includes {name!r}, which is not a page part in {folder}")
        text = part.read_text(encoding="utf-8")
        if "{{" in text:
            raise BuildError(f"{part} holds a template field; the test page could not load it as it is")
        return text.rstrip("\n")

    composed = INCLUDE_MARKER.sub(include, template.read_text(encoding="utf-8"))
    if "gin-include:" in composed:
        raise BuildError(f"{template.name} has a gin-include line this build does not understand")
    target.write_text(composed, encoding="utf-8")
    return target


def pygbag_command(app: Path, *, archive: bool, cdn: str | None, template: Path) -> list[str]:
    """The pygbag invocation: local template (composed) and icon, no test server, no gesture gate."""
    command = [
        sys.executable,
        "-c",
        PYGBAG_BOOTSTRAP,
        "--build",
        "--no_opt",
        "--ume_block",
        "0",
        "--title",
        TITLE,
        "--width",
        str(WIDTH),
        "--height",
        str(HEIGHT),
        "--template",
        str(template),
        "--icon",
        str(ICON),
    ]
    if cdn:
        command += ["--cdn", cdn]
    if archive:
        command.append("--archive")
    # pygbag takes the folder to pack from the last argument.
    command.append(str(app))
    return command


def run_with_timeout(command: list[str], cwd: Path, timeout_s: float, log: Path) -> None:
    """Run `command`, its output going to `log`; kill its whole process group on timeout."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1")
    with log.open("w", encoding="utf-8") as out:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        try:
            code = process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            raise BuildError(
                f"pygbag did not finish within {timeout_s:.0f} s (was it trying the network?)\n" + tail(log)
            ) from None
    if code != 0:
        raise BuildError(f"pygbag failed with exit code {code}\n" + tail(log))


def tail(log: Path, lines: int = 25) -> str:
    """The last lines pygbag printed, to explain a failure."""
    text = log.read_text(encoding="utf-8", errors="replace").splitlines()
    return "--- last pygbag output ---\n" + "\n".join(text[-lines:])


def check_archive(apk: Path) -> tuple[str, ...]:
    """Refuse an archive that lacks the game or carries files that must stay home."""
    with zipfile.ZipFile(apk) as packed:
        names = tuple(sorted(packed.namelist()))
    if "assets/main.py" not in names:
        raise BuildError(f"{apk.name} has no assets/main.py")
    for forbidden in (
        "tests/",
        "tools/",
        "build/",
        "docs/",
        ".git/",
        "node_modules/",
        "game/server/",
        "game/client/",
    ):
        leaked = [name for name in names if f"/{forbidden}" in f"/{name}"]
        if leaked:
            raise BuildError(f"{apk.name} contains {forbidden}: {leaked[:5]}")
    return names


def replace_output(site: Path, built: Path) -> None:
    """Put the fresh build at `site`, refusing to wipe a folder that is not a build."""
    if site.exists():
        previous = list(site.iterdir())
        if previous and not (site / "index.html").exists():
            raise BuildError(f"{site} exists and does not look like a web build; not touching it")
        shutil.rmtree(site)
    site.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(built, site, ignore=shutil.ignore_patterns("web-cache", "version.txt"))


def build(
    out: Path = DEFAULT_OUT,
    *,
    archive: bool = False,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    cdn: str | None = None,
    root: Path = ROOT,
    servers: tuple[str, ...] = (),
) -> BuildResult:
    """Build the site into `out` (and `<out>.zip` with `archive`); raise BuildError on failure."""
    require_pygbag()
    for needed in (TEMPLATE, ICON):
        if not needed.is_file():
            # Without them pygbag would fetch its own from the CDN and hang offline.
            raise BuildError(f"missing {needed}; run tools/make_icon.py for the icon")
    out = out.resolve()
    with tempfile.TemporaryDirectory(prefix="gin-rummy-web-") as scratch:
        scratch_dir = Path(scratch)
        app = stage(root, scratch_dir, servers)
        log = scratch_dir / "pygbag.log"
        template = compose_template(scratch_dir / TEMPLATE.name)
        command = pygbag_command(app, archive=archive, cdn=cdn, template=template)
        run_with_timeout(command, cwd=scratch_dir, timeout_s=timeout_s, log=log)
        built = app / "build" / "web"
        missing = [name for name in OUTPUTS if not (built / name).is_file()]
        if missing:
            raise BuildError(f"pygbag did not produce {', '.join(missing)}\n" + tail(log))
        members = check_archive(built / f"{APP_NAME}.apk")
        replace_output(out, built)
        web_zip = None
        if archive:
            made = app / "build" / "web.zip"
            if not made.is_file():
                raise BuildError("pygbag did not produce web.zip\n" + tail(log))
            web_zip = out.with_name(out.name + ".zip")
            shutil.copy2(made, web_zip)
    apk = out / f"{APP_NAME}.apk"
    return BuildResult(out, apk, web_zip, apk.stat().st_size, members)


def report(result: BuildResult, seconds: float) -> str:
    """A short human summary of what was built."""
    lines = [f"built {result.site} in {seconds:.1f} s"]
    for path in sorted(result.site.iterdir()):
        lines.append(f"  {path.name:<24} {path.stat().st_size / 1024:8.1f} KB")
    if result.web_zip:
        size_kb = result.web_zip.stat().st_size / 1024
        lines.append(f"  {result.web_zip} ({size_kb:.1f} KB) for itch.io")
    lines.append(
        f"archive {result.apk.name}: {result.apk_bytes / 1024:.1f} KB, {len(result.apk_members)} files"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns the process exit code."""
    parser = argparse.ArgumentParser(description="Build the browser version of Gin Rummy.")
    parser.add_argument("--archive", action="store_true", help="also write <out>.zip for itch.io")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="site folder (build/web)")
    parser.add_argument(
        "--timeout", type=decimal_number(1, 3600), default=DEFAULT_TIMEOUT_S, help="seconds before giving up"
    )
    parser.add_argument("--cdn", default=None, help="runtime CDN (default: pygbag's own)")
    parser.add_argument(
        "--server",
        default="",
        metavar="URL[,URL]",
        help="the game server(s) the page plays online with (wss:// for an https page)",
    )
    args = parser.parse_args(argv)
    if black_is_importable():
        print("note: black is installed; pygbag runs with it blocked so no source is reformatted")
    started = time.monotonic()
    try:
        servers = tuple(url.strip() for url in args.server.split(",") if url.strip())
        result = build(args.out, archive=args.archive, timeout_s=args.timeout, cdn=args.cdn, servers=servers)
    except BuildError as error:
        print(f"build_web: error: {error}", file=sys.stderr)
        return 1
    print(report(result, time.monotonic() - started))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
