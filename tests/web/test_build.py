"""The offline browser build (tools/build_web.py) produces a complete, lean site.

The real build runs pygbag into a temporary folder, with a fake `black` on the path that
would leave a mark if pygbag imported it (pygbag reformats sources with black). Needs
pygbag (the project's `web` extra): required in CI, skipped locally when absent.
"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_web  # noqa: E402 - tools/ is not a package

# The project's limit for the browser archive: 122.6 KB before the card art and the font,
# which cost about 190 KB (docs/assets.md), online play's client library 12.8 KB zipped
# (docs/online.md), the table's looks, comfort and screen-reader options 14.3 KB of
# code (issue 18, docs/access.md); the rest is room for the screens still to come.
ARCHIVE_BUDGET_BYTES = 450_000
"""The browser archive's budget (450 kB): art, fonts, AI weights and every screen included."""
BUILD_TIMEOUT_S = 120


def require_pygbag() -> None:
    if importlib.util.find_spec("pygbag") is None:
        message = 'pygbag is not installed (python -m pip install -e ".[web]")'
        if os.environ.get("CI"):
            pytest.fail(message + "; CI must install the web extra")
        pytest.skip(message)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build once for the module, through the command line, as a developer would."""
    require_pygbag()
    scratch = tmp_path_factory.mktemp("webbuild")
    fake_black = scratch / "fake-black"
    (fake_black / "black").mkdir(parents=True)
    marker = scratch / "black-was-imported"
    (fake_black / "black" / "__init__.py").write_text(
        f"open({str(marker)!r}, 'w').close()\n", encoding="utf-8"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(fake_black), env.get("PYTHONPATH")]))
    out = scratch / "web"
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_web.py"), "--archive", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    print(done.stdout)
    assert "black is installed" in done.stdout
    assert not marker.exists(), "pygbag imported black: it would have reformatted sources"
    return out


def apk_names(site: Path) -> list[str]:
    with zipfile.ZipFile(site / "gin-rummy.apk") as packed:
        return packed.namelist()


@pytest.mark.slow
def test_build_writes_every_file(site: Path) -> None:
    for name in ("index.html", "gin-rummy.apk", "gin-rummy.tar.gz", "favicon.png"):
        assert (site / name).is_file(), name
    assert (site.parent / "web.zip").is_file()
    assert (site / "favicon.png").read_bytes() == (ROOT / "assets" / "icon.png").read_bytes()


@pytest.mark.slow
def test_page_loads_our_archive_and_the_runtime(site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    assert "{{cookiecutter" not in page
    assert 'bundle = "gin-rummy"' in page
    assert 'archive: "gin-rummy"' in page
    assert "pygame-web.github.io/cdn/0.9.3/pythons.js" in page
    assert 'id="site"' in page
    assert "ume_block: 0," in page
    assert 'width="1280" height="720"' in page
    assert "could not start" in page  # the offline message
    # The page's own script and style are inlined as they are (the browser test loads the
    # same files), and nothing in the page switches the test probe on.
    for part in ("page.js", "page.css"):
        assert (ROOT / "tools" / "web" / part).read_text(encoding="utf-8").rstrip("\n") in page
    assert "gin-include:" not in page
    assert "gin_test_probe" not in page
    # What a screen reader needs is in the page from the start: the live region the game's
    # sentences go to, and the canvas as an application whose keys are described.
    assert 'id="gin-said" class="gin-unseen" role="log" aria-live="polite"' in page
    assert 'role="application" aria-label="Gin Rummy" aria-describedby="gin-keys"' in page
    assert "function gin_say(" in page and "function gin_ask(" in page


@pytest.mark.slow
def test_archive_holds_the_game_and_nothing_else(site: Path) -> None:
    names = apk_names(site)
    assert "assets/main.py" in names
    assert "assets/game/__init__.py" in names
    assert "assets/game/storage/store.py" in names
    assert any(name.startswith("assets/game/rules/") for name in names)
    assert "assets/assets/fonts/DejaVuSans-subset.ttf" in names
    assert "assets/assets/icon.png" not in names  # the page has it as favicon.png already
    assert "assets/game/online/session.py" in names  # online play's client library ships
    assert "assets/game/ui/online/table.py" in names  # and its screens
    assert not any(name.startswith(("assets/game/server/", "assets/game/client/")) for name in names)
    assert not any("websockets" in name for name in names)  # the page's own WebSocket is used
    for name in names:
        assert name.startswith("assets/")
        inner = name.removeprefix("assets/")
        assert inner == "main.py" or inner.split("/")[0] in {"game", "assets"}, name
        assert not name.endswith((".pyc", ".tmpl", ".ini", ".toml")), name
        assert "__pycache__" not in name, name


@pytest.mark.slow
def test_tarball_matches_the_apk(site: Path) -> None:
    with tarfile.open(site / "gin-rummy.tar.gz") as tarball:
        assert sorted(tarball.getnames()) == sorted(apk_names(site))


@pytest.mark.slow
def test_itch_zip_holds_page_icon_and_archive(site: Path) -> None:
    with zipfile.ZipFile(site.parent / "web.zip") as packed:
        assert sorted(packed.namelist()) == ["favicon.png", "gin-rummy.apk", "index.html"]


@pytest.mark.slow
def test_the_slimmed_archive_still_plays(site: Path, tmp_path: Path) -> None:
    """The archive's code has no docstrings or comments: it must still run a whole hand."""
    with zipfile.ZipFile(site / "gin-rummy.apk") as packed:
        packed.extractall(tmp_path)
    shipped = tmp_path / "assets"
    table = (shipped / "game" / "ui" / "table" / "scene.py").read_text(encoding="utf-8")
    assert '"""' not in table and "# " not in table  # slimmed indeed
    assert not (shipped / "game" / "arena.py").exists()  # a developer tool, left home
    assert not (shipped / "game" / "ai" / "styles.py").exists()  # the arena's opponents, too
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH="")
    done = subprocess.run(
        [sys.executable, "main.py", "--selfplay", "1", "--speed", "0", "--seed", "2"],
        cwd=shipped,
        env=env,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_a_template_including_an_unknown_part_is_refused(tmp_path: Path) -> None:
    template = tmp_path / "page.tmpl"
    template.write_text("<script>\n/* gin-include: secrets.js */\n</script>\n", encoding="utf-8")
    with pytest.raises(build_web.BuildError, match=r"'secrets\.js', which is not a page part"):
        build_web.compose_template(tmp_path / "out.tmpl", template)
    assert not (tmp_path / "out.tmpl").exists()


def test_slimming_keeps_the_program_and_drops_the_docs() -> None:
    source = (ROOT / "game" / "rules" / "melds.py").read_text(encoding="utf-8")
    slim = build_web.slim_source(source)
    assert len(slim) < len(source) * 0.8
    assert ast.dump(ast.parse(slim)) == ast.dump(ast.parse(build_web.slim_source(slim)))
    namespace: dict[str, object] = {}
    exec(compile(slim, "melds_slim.py", "exec"), namespace)  # the slim module still works
    from game.rules import parse_cards

    cards = parse_cards("7D 7S 7H 8H 9H TH 2C 3C 4C KS")
    assert namespace["best_melds"](cards).deadwood_value == 10  # type: ignore[operator]


def test_slimming_drops_type_hints_but_keeps_dataclass_fields() -> None:
    source = (ROOT / "game" / "online" / "tablesetup.py").read_text(encoding="utf-8")
    slim = build_web.slim_source(source)
    assert "->" not in slim and ": str" not in slim.split("class ")[0]  # hints outside classes go
    import types

    module = types.ModuleType("tablesetup_slim")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    try:
        exec(compile(slim, "tablesetup_slim.py", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    from game.online.tablesetup import TableSetup

    slim_setup = module.TableSetup.for_players(3)
    assert slim_setup.to_dict() == TableSetup.for_players(3).to_dict()  # the same fields, same values


@pytest.mark.slow
def test_archive_size_is_within_budget(site: Path) -> None:
    size = (site / "gin-rummy.apk").stat().st_size
    print(f"gin-rummy.apk: {size:,} bytes ({len(apk_names(site))} files)")
    assert size < ARCHIVE_BUDGET_BYTES


# --- failures are clear and never hang ------------------------------------------------


def test_missing_pygbag_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    real_find_spec = importlib.util.find_spec

    def without_pygbag(name: str, *args: object) -> object:
        return None if name == "pygbag" else real_find_spec(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr("importlib.util.find_spec", without_pygbag)
    with pytest.raises(build_web.BuildError, match=r"pip install -e \"\.\[web\]\""):
        build_web.require_pygbag()
    assert build_web.main(["--out", "unused"]) == 1


def test_a_hanging_step_is_killed_at_its_timeout(tmp_path: Path) -> None:
    sleeper = [sys.executable, "-c", "import time; time.sleep(60)"]
    with pytest.raises(build_web.BuildError, match="did not finish within 1 s"):
        build_web.run_with_timeout(sleeper, tmp_path, 1, tmp_path / "log.txt")


def test_a_failing_step_shows_its_output(tmp_path: Path) -> None:
    failing = [sys.executable, "-c", "print('template missing'); raise SystemExit(3)"]
    with pytest.raises(build_web.BuildError, match=r"exit code 3(.|\n)*template missing"):
        build_web.run_with_timeout(failing, tmp_path, 30, tmp_path / "log.txt")


def test_output_folder_that_is_not_a_build_is_left_alone(tmp_path: Path) -> None:
    precious = tmp_path / "notes"
    precious.mkdir()
    (precious / "todo.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(build_web.BuildError, match="does not look like a web build"):
        build_web.replace_output(precious, tmp_path)
    assert (precious / "todo.txt").read_text(encoding="utf-8") == "keep me"


def test_archive_check_refuses_leaked_folders(tmp_path: Path) -> None:
    apk = tmp_path / "gin-rummy.apk"
    with zipfile.ZipFile(apk, "w") as packed:
        packed.writestr("assets/main.py", "")
        packed.writestr("assets/tests/test_x.py", "")
    with pytest.raises(build_web.BuildError, match="contains tests/"):
        build_web.check_archive(apk)


# --- pygbag.ini, for anyone running `python -m pygbag .` in a checkout ---------------


def ignored_dirs() -> list[str]:
    parser = configparser.ConfigParser()
    parser.read(ROOT / "pygbag.ini", encoding="utf-8")
    return ast.literal_eval(parser["DEPENDENCIES"]["ignoreDirs"])  # type: ignore[no-any-return]


def test_pygbag_ini_keeps_development_folders_out() -> None:
    dirs = ignored_dirs()
    assert all(entry.startswith("/") for entry in dirs), "pygbag needs the leading slash"
    for needed in ("/tests", "/tools", "/build", "/docs", "/.ci", "/.venv", "/venv"):
        assert needed in dirs
    for needed in ("/node_modules", "/.pytest_cache", "/.ruff_cache", "/.mypy_cache"):
        assert needed in dirs


@pytest.mark.slow
def test_pygbag_run_by_hand_in_a_checkout_packs_only_the_game(tmp_path: Path) -> None:
    """pygbag itself, on a copy of the repository with the usual clutter around it."""
    require_pygbag()
    checkout = tmp_path / "my-checkout"
    build_web.stage(ROOT, tmp_path)  # main.py, game/, assets/ in tmp_path/gin-rummy
    (tmp_path / "gin-rummy").rename(checkout)
    shutil.copy2(ROOT / "pygbag.ini", checkout / "pygbag.ini")
    clutter = [
        "tests/web/test_x.py",
        "tools/build_web.py",
        "docs/web.md",
        ".venv/lib/site.py",
        "venv/lib/site.py",
        "node_modules/pyodide/pyodide.mjs",
        ".ci/run",
        ".pytest_cache/v/cache",
        "build/old/stale.txt",
        "pyproject.toml",
        "README.md",
    ]
    for name in clutter:
        (checkout / name).parent.mkdir(parents=True, exist_ok=True)
        (checkout / name).write_text("clutter", encoding="utf-8")
    template = build_web.compose_template(tmp_path / "page.tmpl")
    command = build_web.pygbag_command(checkout, archive=False, cdn=None, template=template)
    build_web.run_with_timeout(command, checkout, BUILD_TIMEOUT_S, tmp_path / "pygbag.log")
    with zipfile.ZipFile(checkout / "build" / "web" / "my-checkout.apk") as packed:
        names = packed.namelist()
    assert "assets/main.py" in names
    tops = {name.removeprefix("assets/").split("/")[0] for name in names}
    assert tops == {"main.py", "game", "assets"}
    assert "assets/game/online/session.py" in names
    assert not any(name.startswith(("assets/game/server/", "assets/game/client/")) for name in names)


def test_the_build_writes_its_game_server_into_the_staged_copy_only(tmp_path: Path) -> None:
    app = build_web.stage(ROOT, tmp_path, ("wss://play.example.org/ws",))
    staged = (app / "game" / "online" / "endpoints.py").read_text(encoding="utf-8")
    assert "BUILT_IN_SERVERS = ('wss://play.example.org/ws',)" in staged  # (slimmed: no type hint)
    assert not (app / "game" / "server").exists() and not (app / "game" / "client").exists()
    assert (app / "game" / "online" / "session.py").is_file()
    source = (ROOT / "game" / "online" / "endpoints.py").read_text(encoding="utf-8")
    assert build_web.BUILT_IN_LINE in source  # the source itself is untouched
    with pytest.raises(build_web.BuildError, match="ws:// or wss://"):
        build_web.stage(ROOT, tmp_path / "again", ("http://x",)) if (
            tmp_path / "again"
        ).mkdir() is None else None


def test_icon_is_a_square_png_drawn_by_the_script() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import make_icon
    import pygame

    icon = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    assert icon.get_size() == (96, 96)
    assert make_icon.draw_icon(32).get_size() == (32, 32)
