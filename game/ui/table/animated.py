"""Values the table's animations move: the scores counting up, the half-decks of the shuffle.

Animation is data advanced by time (`game.ui.core.anim`): a tween changes these fields
frame by frame, and the view draws whatever they hold.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.core.anim import Animator, Tween
from game.ui.table.layout import TableLayout


@dataclass
class Tally:
    """The scores as shown on the panel (one per side): they count up after each hand."""

    s0: float = 0.0
    s1: float = 0.0
    s2: float = 0.0

    @property
    def you(self) -> float:
        """The person's side."""
        return self.s0

    @property
    def ai(self) -> float:
        """The second side (the AI in a two-player match)."""
        return self.s1

    def side(self, index: int) -> float:
        """The shown score of side `index`."""
        return float(getattr(self, f"s{index}"))

    def targets(self, scores: list[int]) -> dict[str, float]:
        """Tween targets for the match's scores."""
        return {f"s{i}": float(v) for i, v in enumerate(scores[:3])}


@dataclass(eq=False)
class PileGhost:
    """Half of the deck during the shuffle animation (drawn as a stack of backs)."""

    x: float
    y: float
    count: int


def shuffle_ghosts(animator: Animator, layout: TableLayout) -> list[PileGhost]:
    """Two half-decks that split apart and riffle together three times."""
    sx, sy = layout.stock.center
    spread, lift = layout.stock.width * 0.42, layout.px(6)
    left = PileGhost(sx, sy, 26)
    right = PileGhost(sx, sy, 26)
    for _ in range(3):

        def split(left: PileGhost = left, right: PileGhost = right) -> None:
            animator.add(Tween(left, {"x": sx - spread, "y": sy + lift}, 0.14, "ease_out_quad"))
            animator.add(Tween(right, {"x": sx + spread, "y": sy - lift}, 0.14, "ease_out_quad"))

        def join(left: PileGhost = left, right: PileGhost = right) -> None:
            animator.add(Tween(left, {"x": sx, "y": sy}, 0.12, "ease_in_quad"))
            animator.add(Tween(right, {"x": sx, "y": sy}, 0.12, "ease_in_quad"))

        animator.then(split)
        animator.then(join)
    return [left, right]
