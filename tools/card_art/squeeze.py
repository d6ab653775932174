"""Recompress the card art's PNG files losslessly with zopflipng, keeping only proven wins.

    apt-get install zopfli          # Debian's zopflipng
    python tools/card_art/squeeze.py [--iterations 50] [FILES...]   # default: assets/cards/*.png

`render.mjs` writes the PNGs with UPNG's deflate; zopflipng finds smaller encodings of the
same pixels (about a tenth smaller here). PNG files are already compressed, so the browser
archive's zip cannot shrink them: every byte saved here is a byte saved in `gin-rummy.apk`.
A file is replaced only when the new one is smaller and pygame decodes it to exactly the
same RGBA pixels; otherwise it is left as it is and the reason printed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

ROOT = Path(__file__).resolve().parents[2]


def pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    """The image's size and its RGBA bytes as pygame decodes them."""
    image = pygame.image.load(str(path))
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def squeeze(path: Path, iterations: int) -> tuple[int, int, str]:
    """Try one file; (bytes before, bytes after, what happened)."""
    before = path.stat().st_size
    with tempfile.TemporaryDirectory() as work:
        candidate = Path(work) / path.name
        command = ["zopflipng", "-y", "-m", f"--iterations={iterations}", "--filters=01234mepb",
                   str(path), str(candidate)]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0 or not candidate.exists():
            return before, before, f"kept: zopflipng failed ({done.stderr.strip() or done.returncode})"
        after = candidate.stat().st_size
        if after >= before:
            return before, before, "kept: already as small"
        if pixels(candidate) != pixels(path):
            return before, before, "kept: the new file's pixels differ"
        shutil.copyfile(candidate, path)
        return before, after, "replaced"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("files", nargs="*", type=Path, help="PNG files (default: assets/cards/*.png)")
    parser.add_argument("--iterations", type=int, default=50, help="zopfli iterations per file (50)")
    args = parser.parse_args(argv)
    if shutil.which("zopflipng") is None:
        print("zopflipng is not installed (Debian: apt-get install zopfli)", file=sys.stderr)
        return 2
    files = args.files or sorted((ROOT / "assets" / "cards").glob("*.png"))
    total_before = total_after = 0
    for path in files:
        before, after, what = squeeze(path, args.iterations)
        total_before += before
        total_after += after
        print(f"{path.name:16} {before:7,} -> {after:7,}  {what}")
    print(f"{'total':16} {total_before:7,} -> {total_after:7,}  ({total_before - total_after:,} bytes saved)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
