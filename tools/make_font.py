"""Subset DejaVu Sans to the characters the game draws, into assets/fonts/.

(Bold text is emboldened by FreeType at run time; a bold file would cost 30 KB a page load.)

The full fonts are about 700 KB each; the game needs Latin-1, a few dashes, quotes and
arrows, the suit symbols and a handful of marks, which fit in a small fraction of that.
The source is the npm package `dejavu-fonts-ttf` pinned in tools/card_art/package.json:

    (cd tools/card_art && npm ci)
    python -m pip install -e ".[assets]"      # fontTools
    python tools/make_font.py                 # writes assets/fonts/*.ttf and the licence

Kerning is kept in the legacy `kern` table, the one pygame-ce's SDL_ttf applies (checked:
a subset with only the OpenType GPOS kerning renders "To" unkerned, and HarfBuzz falls back
to `kern` too), so the OpenType layout tables are dropped. The TrueType hinting is kept:
it is what makes DejaVu crisp at 12-14 px (about 13 KB a face, compressed).
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "tools" / "card_art" / "node_modules" / "dejavu-fonts-ttf"
OUT = ROOT / "assets" / "fonts"
FACES = {"DejaVuSans.ttf": "DejaVuSans-subset.ttf"}
LICENCE_OUT = "LICENSE-DejaVu.txt"

# Code points kept, as inclusive ranges. Why each is there:
KEEP = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1: accented names, ×, ·, °, «», ±, ½
    (0x2010, 0x2027),  # hyphens, en and em dashes, curly quotes, bullet, ellipsis
    (0x2030, 0x2030),  # per mille
    (0x2032, 0x2033),  # primes
    (0x2039, 0x203A),  # single guillemets
    (0x20AC, 0x20AC),  # euro
    (0x2122, 0x2122),  # trade mark
    (0x2190, 0x2195),  # arrows: left, up, right, down, left-right, up-down
    (0x21D0, 0x21D4),  # double arrows
    (0x2212, 0x2212),  # minus sign (scores)
    (0x2260, 0x2265),  # not equal, less or equal, greater or equal
    (0x25B2, 0x25B2),  # triangles for menus and sort markers
    (0x25B6, 0x25B6),
    (0x25BC, 0x25BC),
    (0x25C0, 0x25C0),
    (0x25CB, 0x25CB),  # white and black circles
    (0x25CF, 0x25CF),
    (0x2605, 0x2606),  # black and white stars
    (0x2660, 0x2667),  # the suits, black and white forms
    (0x2713, 0x2714),  # check marks
    (0x2717, 0x2718),  # ballot crosses
    (0xFFFD, 0xFFFD),  # replacement character, for anything else
]


def code_points() -> list[int]:
    """Every code point the subset keeps.

    >>> points = code_points()
    >>> all(ord(c) in points for c in "Jä ♠♥♦♣♤♡♢♧ ×·…—–→✓")
    True
    """
    return [point for low, high in KEEP for point in range(low, high + 1)]


def subset(source: Path, target: Path) -> None:
    """Write the subset of `source` to `target`, keeping legacy kerning, hinting and the names."""
    from fontTools import subset as ft_subset

    options = ft_subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]  # keep copyright and licence strings
    options.name_languages = ["*"]
    options.hinting = True
    options.legacy_kern = True
    options.notdef_outline = True
    options.drop_tables += ["FFTM", "MATH", "GPOS", "GSUB", "GDEF"]
    font = ft_subset.load_font(str(source), options)
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=code_points())
    subsetter.subset(font)
    ft_subset.save_font(font, str(target), options)


def main(argv: list[str] | None = None) -> int:
    """Command line: subset both faces and copy the licence."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="the dejavu-fonts-ttf package")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    fonts = args.source / "ttf"
    if not fonts.is_dir():
        parser.error(f"{fonts} not found: run `npm ci` in tools/card_art first")
    args.out.mkdir(parents=True, exist_ok=True)
    for name, out_name in FACES.items():
        target = args.out / out_name
        subset(fonts / name, target)
        print(f"{out_name:28} {target.stat().st_size / 1024:6.1f} KB")
    shutil.copyfile(args.source / "LICENSE", args.out / LICENCE_OUT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
