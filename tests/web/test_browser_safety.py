"""The game's sources avoid what breaks or freezes a pygbag page (see browser_safety.py).

The first tests run the checker on the real tree; the rest feed it bad and good snippets,
so a checker that silently stopped finding anything would fail here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.browser_safety import check_entry_point, check_source, check_tree, game_sources

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_sources_are_browser_safe() -> None:
    problems = check_tree(ROOT)
    assert not problems, "browser-unsafe code:\n" + "\n".join(map(str, problems))


def test_the_check_covers_main_and_every_game_module() -> None:
    files = {path.relative_to(ROOT).as_posix() for path in game_sources(ROOT)}
    assert "main.py" in files
    assert "game/storage/store.py" in files
    assert "game/__init__.py" in files


def test_main_py_ends_with_asyncio_run_main() -> None:
    source = (ROOT / "main.py").read_text(encoding="utf-8")
    assert check_entry_point(source) == []


# --- the checker itself must be able to fail ----------------------------------------


def rules(source: str, path: str = "game/ui/core/scene.py") -> list[str]:
    return [violation.rule for violation in check_source(source, path)]


@pytest.mark.parametrize(
    "snippet",
    [
        "import threading",
        "import multiprocessing.pool",
        "from subprocess import run",
        "import subprocess as sp",
        "from concurrent.futures import ThreadPoolExecutor",
        "import _thread",
    ],
)
def test_thread_and_process_imports_are_caught(snippet: str) -> None:
    assert rules(snippet) == ["no-threads-or-processes"]


@pytest.mark.parametrize(
    "snippet",
    [
        "import time\ntime.sleep(0.5)",
        "import time as clock\nclock.sleep(1)",
        "from time import sleep\nsleep(1)",
        "import os\nos.system('ls')",
        "import asyncio\nasync def f():\n    await asyncio.to_thread(print)",
    ],
)
def test_blocking_calls_are_caught(snippet: str) -> None:
    assert rules(snippet) == ["no-blocking-calls"]


def test_asyncio_sleep_is_fine() -> None:
    assert rules("import asyncio\nasync def f():\n    await asyncio.sleep(0)") == []
    assert rules("from asyncio import sleep\nasync def f():\n    await sleep(0.1)") == []


@pytest.mark.parametrize(
    "snippet", ["name = input('Your name? ')", "import sys\nline = sys.stdin.readline()"]
)
def test_blocking_input_is_caught(snippet: str) -> None:
    assert rules(snippet) == ["no-blocking-input"]


@pytest.mark.parametrize(
    "snippet",
    [
        "open('scores.json', 'w')",
        "open('log.txt', mode='a')",
        "open('x.bin', 'r+b')",
        "open(path, chosen_mode)",
        "from pathlib import Path\nPath('s.json').write_text('{}')",
        "from pathlib import Path\nPath('s.json').open('w')",
        "import os\nos.replace('a', 'b')",
        "import shutil\nshutil.copy('a', 'b')",
        "import tempfile\ntempfile.mkstemp()",
        "import pygame\npygame.image.save(screen, 'shot.png')",
    ],
)
def test_file_writes_are_caught_outside_storage(snippet: str) -> None:
    assert rules(snippet) == ["no-file-writes"]


def test_reading_files_is_fine() -> None:
    assert rules("open('cards.json')\nopen('cards.json', 'rb')") == []
    assert rules("import webbrowser\nwebbrowser.open('https://example.org/rules')") == []


def test_writes_are_allowed_only_in_the_storage_desktop_backend() -> None:
    snippet = "import os\nclass DiskBackend:\n    def w(self):\n        os.replace('a', 'b')\n"
    assert rules(snippet, "game/storage/store.py") == []
    # The same code elsewhere in storage.py, or in another module, is refused.
    outside = "import os\ndef w():\n    os.replace('a', 'b')\n"
    assert rules(outside, "game/storage/store.py") == ["no-file-writes"]
    assert rules(snippet, "game/ui/core/scene.py") == ["no-file-writes"]


def test_desktop_tool_allowances_are_per_function() -> None:
    allowed = "import pygame\nclass App:\n    def notable(self):\n"
    allowed += "        pygame.image.save(surface, 'shot.png')\n"
    assert rules(allowed, "game/ui/app.py") == []
    other = allowed.replace("notable", "draw")
    assert rules(other, "game/ui/app.py") == ["no-file-writes"]


def test_process_allowance_covers_only_its_function_and_rule() -> None:
    inside = "def run(jobs):\n    import multiprocessing\n"
    assert rules(inside, "game/arena.py") == []
    assert rules("import multiprocessing\n", "game/arena.py") == ["no-threads-or-processes"]
    # The waiver is for processes only: a sleep in the same function is still refused.
    sleepy = "import time\ndef run(jobs):\n    time.sleep(1)\n"
    assert rules(sleepy, "game/arena.py") == ["no-blocking-calls"]


def test_entry_point_checks_fail_on_bad_main() -> None:
    good = "import asyncio\nasync def main():\n    pass\nasyncio.run(main())\n"
    assert check_entry_point(good) == []
    trailing = good + "print('after the loop')\n"
    assert [v.rule for v in check_entry_point(trailing)] == ["entry-point"]
    not_async = "import asyncio\ndef main():\n    pass\nasyncio.run(main())\n"
    assert [v.rule for v in check_entry_point(not_async)] == ["entry-point"]
    guarded = "import asyncio\nasync def main():\n    pass\nif __name__ == '__main__':\n"
    guarded += "    asyncio.run(main())\n"
    assert [v.rule for v in check_entry_point(guarded)] == ["entry-point"]


def test_a_violation_says_where_and_why() -> None:
    [violation] = check_source("x = 1\nimport threading\n", "game/ai/search.py")
    assert str(violation) == "game/ai/search.py:2: no-threads-or-processes: import threading"
