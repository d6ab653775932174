"""Contact sheets of the card art and text samples to look at, and how long a resize costs.

    python tools/card_art/preview.py                 # PNGs into /tmp/card-art-preview
    python tools/card_art/preview.py --out DIR --repeat 5

For each size it renders all 52 faces and the back into a fresh cache, prints the time
that took (the work a window resize triggers), and saves a sheet. It also saves lines of
text at several sizes, plain and with suit symbols, on a light and on a dark background.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.flags import whole_number
from game.ui.core import art, richtext, text

SIZES = ((40, 56), (50, 70), (96, 134), (200, 280), (260, 364))
TEXT_SIZES = (12, 14, 20, 28, 48)
SAMPLE = "J♣ 7♠ 10♥ Q♦ — Play it, lay off"
FELT = (21, 101, 52)


def time_full_deck(size: tuple[int, int], four_colour: bool, repeat: int) -> float:
    """Best of `repeat` runs: ms to render 52 faces and the back into an empty cache."""
    best = float("inf")
    for _ in range(repeat):
        art.reset()
        cards = art.CardArt()
        start = time.perf_counter()
        cards.prerender(four_colour, size)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def deck_sheet(size: tuple[int, int], four_colour: bool) -> pygame.Surface:
    """All 52 faces, suit by suit in rows, and the back at the end of the first row."""
    cards = art.CardArt()
    w, h = size
    gap = max(4, w // 12)
    sheet = pygame.Surface((14 * (w + gap) + gap, 4 * (h + gap) + gap))
    sheet.fill(FELT)
    for row, suit in enumerate(art.SUITS):
        for col, rank in enumerate(range(1, 14)):
            sheet.blit(
                cards.face(rank, suit, size, four_colour), (gap + col * (w + gap), gap + row * (h + gap))
            )
    sheet.blit(cards.back(size), (gap + 13 * (w + gap), gap))
    return sheet


def text_sheet() -> pygame.Surface:
    """The sample line at each size, plain and rich, on light and on dark."""
    rows = []
    for size in TEXT_SIZES:
        rows.append((text.label(f"{size} px  {SAMPLE}  Toy AVA ♣♠♣♠", size, (20, 20, 20)), (250, 248, 240)))
        rows.append((richtext.render_rich(f"{size} px  {SAMPLE}  ♣♠♣♠", size, (20, 20, 20)), (250, 248, 240)))
        rows.append(
            (richtext.render_rich(f"{size} px  {SAMPLE}  ♣♠♣♠", size, (250, 250, 240), bold=True), FELT)
        )
    width = max(image.get_width() for image, _ in rows) + 20
    sheet = pygame.Surface((width, sum(image.get_height() + 6 for image, _ in rows) + 10))
    y = 5
    for image, background in rows:
        sheet.fill(background, (0, y - 3, width, image.get_height() + 6))
        sheet.blit(image, (10, y))
        y += image.get_height() + 6
    return sheet


def main(argv: list[str] | None = None) -> int:
    """Command line: write the sheets and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/card-art-preview"))
    parser.add_argument(
        "--repeat", type=whole_number(1, 100), default=3, help="timing runs per size (best is shown)"
    )
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1, 1))
    args.out.mkdir(parents=True, exist_ok=True)
    art.sources()  # loading the files once is not part of a resize
    print(f"52 faces + back into an empty cache (best of {args.repeat}):")
    for size in SIZES:
        for four in (False, True):
            ms = time_full_deck(size, four, args.repeat)
            print(f"  {size[0]:>3}x{size[1]:<3} {'four' if four else 'two '}-colour  {ms:7.1f} ms")
    for size in SIZES:
        for four in (False, True):
            name = f"deck-{size[0]}x{size[1]}{'-four' if four else ''}.png"
            pygame.image.save(deck_sheet(size, four), str(args.out / name))
    pygame.image.save(text_sheet(), str(args.out / "text.png"))
    print(f"sheets in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
