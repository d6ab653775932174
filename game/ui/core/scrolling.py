"""Dragging a list or a page with a finger or the mouse: one press, followed until released.

Every scrolling screen (menus, help, notices, statistics, the rules, the score sheet, the
deal check) reads a press the same way: a press that moves less than the tap slop is a tap,
more is a drag, and while dragging the content follows the pointer from where it was.

>>> drag = Drag()
>>> drag.press((10, 100), offset=40)
>>> drag.move((10, 104), slop=8) is None  # still a tap
True
>>> drag.move((10, 80), slop=8)  # dragged 20 px up: the content moves 20 px on
60
>>> drag.release()
True
"""

from __future__ import annotations


class Drag:
    """The press in progress: where it started, the scroll offset then, and whether it moved."""

    def __init__(self) -> None:
        self.start: tuple[int, int] | None = None
        self.offset = 0
        self.moved = False

    @property
    def pressing(self) -> bool:
        """True between a press and its release."""
        return self.start is not None

    def press(self, pos: tuple[int, int], offset: int) -> None:
        """A button or finger went down at `pos` with the content scrolled to `offset`."""
        self.start, self.offset, self.moved = pos, offset, False

    def move(self, pos: tuple[int, int], slop: float) -> int | None:
        """The pointer moved: the new scroll offset once the press is a drag, else None.

        The offset is not clamped: the caller keeps it within its content.
        """
        if self.start is None:
            return None
        dy = pos[1] - self.start[1]
        if abs(dy) > slop:
            self.moved = True
        return self.offset - dy if self.moved else None

    def release(self) -> bool:
        """The press ended; True when it was a drag (not a tap)."""
        moved = self.moved
        self.start, self.moved = None, False
        return moved
