"""The browser test's plumbing (tests/web/chromium/harness.py), checked without a browser.

Where the pygame-ce wheel comes from and how a wrong one is refused; the local server's
mapping of paths to files (nothing outside its folders, 404 otherwise).
"""

from __future__ import annotations

import hashlib
import urllib.request
from pathlib import Path

import pytest

from tests.web.chromium import harness

FAKE_WHEEL = b"not really a wheel, but the bytes the test expects"
FAKE_SHA = hashlib.sha256(FAKE_WHEEL).hexdigest()


@pytest.fixture
def fake_sha(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(harness, "WHEEL_SHA256", FAKE_SHA)


def no_download(url: str, target: Path) -> None:
    raise OSError("offline")


def test_the_named_wheel_wins_and_is_checked(tmp_path: Path, fake_sha: None) -> None:
    wheel = tmp_path / harness.WHEEL_NAME
    wheel.write_bytes(FAKE_WHEEL)
    found = harness.find_wheel(
        {harness.WHEEL_ENV: str(wheel)}, shared=tmp_path / "none", download=no_download
    )
    assert found == wheel
    by_folder = harness.find_wheel({harness.WHEEL_ENV: str(tmp_path)}, shared=tmp_path / "none")
    assert by_folder == wheel


def test_a_named_wheel_that_is_missing_or_wrong_is_an_error_not_a_skip(
    tmp_path: Path, fake_sha: None
) -> None:
    with pytest.raises(harness.WheelError, match="no such file"):
        harness.find_wheel({harness.WHEEL_ENV: str(tmp_path / "gone.whl")})
    wrong = tmp_path / harness.WHEEL_NAME
    wrong.write_bytes(b"something else")
    with pytest.raises(harness.WheelError, match="not pygbag's wheel"):
        harness.find_wheel({harness.WHEEL_ENV: str(wrong)})


def test_the_shared_folder_then_the_cache(tmp_path: Path, fake_sha: None) -> None:
    shared, cache = tmp_path / "shared", tmp_path / "cache"
    shared.mkdir()
    (shared / harness.WHEEL_NAME).write_bytes(FAKE_WHEEL)
    assert (
        harness.find_wheel({}, shared=shared, cache=cache, download=no_download)
        == shared / harness.WHEEL_NAME
    )
    (shared / harness.WHEEL_NAME).unlink()
    cache.mkdir()
    (cache / harness.WHEEL_NAME).write_bytes(FAKE_WHEEL)
    assert (
        harness.find_wheel({}, shared=shared, cache=cache, download=no_download) == cache / harness.WHEEL_NAME
    )


def test_without_any_wheel_the_reason_says_how_to_enable_the_test(tmp_path: Path) -> None:
    with pytest.raises(harness.Unavailable) as missing:
        harness.find_wheel({}, shared=tmp_path / "a", cache=tmp_path / "b", download=no_download)
    reason = str(missing.value)
    assert "\n" not in reason
    assert harness.WHEEL_ENV in reason and harness.WHEEL_NAME in reason and "../shared/web-runtime" in reason


def test_a_download_is_checked_and_a_wrong_one_is_not_kept(tmp_path: Path, fake_sha: None) -> None:
    asked: list[str] = []

    def download(url: str, target: Path) -> None:
        asked.append(url)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(FAKE_WHEEL)

    cache = tmp_path / "cache"
    found = harness.find_wheel({}, shared=tmp_path / "none", cache=cache, download=download)
    assert found == cache / harness.WHEEL_NAME and asked == [harness.CDN_WHEEL_URL]
    found.unlink()

    def tampered(url: str, target: Path) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(b"tampered")

    with pytest.raises(harness.WheelError):
        harness.find_wheel({}, shared=tmp_path / "none", cache=cache, download=tampered)
    assert not (cache / harness.WHEEL_NAME).exists()


def test_the_server_maps_paths_to_its_folders_only(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "gin-rummy.apk").write_bytes(b"apk")
    (tmp_path / "secret.txt").write_text("no")
    wheel = tmp_path / harness.WHEEL_NAME
    wheel.write_bytes(FAKE_WHEEL)
    server = harness.LocalSite(site, wheel, pyodide=tmp_path / "pyodide")
    try:
        assert server.resolve("/") == harness.PAGE_DIR / "loader.html"
        assert server.resolve("/site/gin-rummy.apk?x=1") == (site / "gin-rummy.apk").resolve()
        assert server.resolve(f"/wheel/{harness.WHEEL_NAME}") == wheel
        assert server.resolve("/tools/web/page.js") == (harness.SHARED_PAGE_DIR / "page.js").resolve()
        assert server.resolve("/site/../secret.txt") is None
        assert server.resolve("/site/%2e%2e/secret.txt") is None
        assert server.resolve("/elsewhere/x") is None
        url = server.loader_url(["--seed", "7"], probe=False)
        assert url.startswith("http://127.0.0.1:") and "arg=--seed&arg=7" in url and "probe=0" in url
    finally:
        server.server.server_close()


def test_the_server_answers_and_counts_bytes(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "favicon.png").write_bytes(b"\x89PNG....")
    wheel = tmp_path / harness.WHEEL_NAME
    wheel.write_bytes(FAKE_WHEEL)
    with harness.LocalSite(site, wheel) as server:
        with urllib.request.urlopen(f"{server.origin}/site/favicon.png", timeout=10) as response:
            assert response.read() == b"\x89PNG...." and response.headers["Content-Type"] == "image/png"
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{server.origin}/site/nothing.png", timeout=10)
        assert missing.value.code == 404
    assert [(s.path, s.status, s.size) for s in server.served] == [
        ("/site/favicon.png", 200, 8),
        ("/site/nothing.png", 404, 0),
    ]
