"""Compare two folders of screenshots pixel by pixel (for refactors that must not change a frame).

    python tools/compare_shots.py BEFORE_DIR AFTER_DIR [--noise BEFORE_AGAIN_DIR]

Walks BEFORE_DIR for PNGs, finds each at the same relative path under AFTER_DIR and compares
size and every pixel. Prints one line per differing or missing image (with how many pixels
differ and the box that holds them) and a summary; exits 1 if anything differs, 0 if every
image is equal. Images only in AFTER_DIR are listed as new.

A few screens show something that changes from run to run (a temporary data folder's name).
`--noise` takes a second rendering of the *before* code: pixels that differ between the two
before runs are reported separately and not counted as differences, and every other pixel
must still be equal.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame


@dataclass(frozen=True)
class Difference:
    """How two images of the same name differ."""

    name: str
    reason: str


def _pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    image = pygame.image.load(str(path))
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def _differing(a: bytes, b: bytes) -> set[int]:
    """Indexes of the pixels that differ between two same-sized RGBA buffers."""
    return {index // 4 for index in range(0, len(a), 4) if a[index : index + 4] != b[index : index + 4]}


def _box(pixels: set[int], width: int) -> str:
    xs = [pixel % width for pixel in pixels]
    ys = [pixel // width for pixel in pixels]
    return f"x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}"


def compare_images(before: Path, after: Path, noise: Path | None = None) -> tuple[str | None, str | None]:
    """(how `after` differs from `before`, or None; the run-to-run noise ignored, or None)."""
    size, a = _pixels(before)
    after_size, b = _pixels(after)
    if size != after_size:
        return f"size {size} -> {after_size}", None
    if a == b:
        return None, None
    changed = _differing(a, b)
    ignored: set[int] = set()
    if noise is not None and noise.exists():
        noise_size, c = _pixels(noise)
        if noise_size == size and c != a:
            ignored = _differing(a, c)
    real = changed - ignored
    note = (
        f"{len(changed & ignored)} run-to-run pixels ignored in {_box(ignored, size[0])}" if ignored else None
    )
    if not real:
        return None, note
    return f"{len(real)} pixels differ in the box {_box(real, size[0])}", note


def compare_folders(
    before: Path, after: Path, noise: Path | None = None
) -> tuple[int, list[Difference], list[Difference]]:
    """(images compared, differences, noise ignored) for every PNG under `before`, and new ones."""
    names = sorted(path.relative_to(before) for path in before.rglob("*.png"))
    differences: list[Difference] = []
    ignored: list[Difference] = []
    for name in names:
        if not (after / name).exists():
            differences.append(Difference(str(name), "missing after"))
            continue
        reason, note = compare_images(before / name, after / name, None if noise is None else noise / name)
        if reason is not None:
            differences.append(Difference(str(name), reason))
        if note is not None:
            ignored.append(Difference(str(name), note))
    known = set(names)
    for path in sorted(after.rglob("*.png")):
        if path.relative_to(after) not in known:
            differences.append(Difference(str(path.relative_to(after)), "new (not in before)"))
    return len(names), differences, ignored


def main(argv: list[str] | None = None) -> int:
    """Compare the folders and print the result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--noise", type=Path, help="a second rendering of the before code")
    args = parser.parse_args(argv)
    for folder in (args.before, args.after, args.noise):
        if folder is not None and not folder.is_dir():
            parser.error(f"{folder} is not a folder")
    count, differences, ignored = compare_folders(args.before, args.after, args.noise)
    for note in ignored:
        print(f"NOISE   {note.name}: {note.reason}")
    for difference in differences:
        print(f"DIFFERS {difference.name}: {difference.reason}")
    print(f"{count} images compared, {count - len(differences)} equal, {len(differences)} differ")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
