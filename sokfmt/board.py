"""Boards: a grid of squares in one of the four tessellations."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .errors import ValidationError
from .rle import encode_rle
from .tessellation import Tessellation

__all__ = ("Board", "Position")

#: (row, column) of a cell, both counted from 0 at the top left.
Position = tuple[int, int]

WALL, PUSHER, PUSHER_ON_GOAL, BOX, BOX_ON_GOAL, GOAL, FLOOR = "#@+$*.-"
SQUARES = "#@+$*.-"
_PUSHERS, _BOXES, _GOALS = "@+", "$*", ".+*"

#: The canonical square of each square of the legend, by the name the
#: grammar (grammars/sok.lark) gives it; readers map the legend's spellings
#: ("W", "p", "_", ...) onto these.
SQUARE_NAMES = {
    "WALL": WALL,
    "PUSHER": PUSHER,
    "PUSHER_ON_GOAL": PUSHER_ON_GOAL,
    "BOX": BOX,
    "BOX_ON_GOAL": BOX_ON_GOAL,
    "GOAL": GOAL,
    "FLOOR": FLOOR,
}


@dataclass(frozen=True, slots=True)
class Board:
    """A board: `height` rows of `width` cells, each a canonical square
    (``# @ + $ * . -``, ``-`` being floor).

    `rows` (and `str()`) give the canonical text: the cells themselves, except
    for Hexoban, whose text uses two columns per cell (see grammars/board.lark).

    >>> board = loads_board("#####\\n#@$.#\\n#####")
    >>> board.width, board.height
    (5, 3)
    >>> board.pushers, board.boxes, board.goals
    (((1, 1),), ((1, 2),), ((1, 3),))
    >>> print(board)
    #####
    #@$.#
    #####
    """

    tessellation: Tessellation
    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.tessellation, Tessellation):
            raise ValidationError(f"tessellation must be a Tessellation, not {self.tessellation!r}")
        if not isinstance(self.cells, tuple) or not all(isinstance(r, str) for r in self.cells):
            raise ValidationError("cells must be a tuple of strings, one per row")
        widths = {len(row) for row in self.cells}
        if not self.cells or 0 in widths:
            raise ValidationError("A board needs at least one row and one column")
        if len(widths) > 1:
            raise ValidationError(f"Every row must have the same width, not {sorted(widths)}")
        stray = set("".join(self.cells)) - set(SQUARES)
        if stray:
            raise ValidationError(
                f"Cells must be canonical squares {SQUARES!r}, not {''.join(sorted(stray))!r}"
            )

    @classmethod
    def _trusted(cls, tessellation: Tessellation, cells: tuple[str, ...]) -> Board:
        """A board of canonical rows of one width, as a reader built them (no checks)."""
        board = object.__new__(cls)
        object.__setattr__(board, "tessellation", tessellation)
        object.__setattr__(board, "cells", cells)
        return board

    # ----------------------------------------------------------------- queries

    @property
    def width(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    @property
    def height(self) -> int:
        return len(self.cells)

    def __getitem__(self, position: Position) -> str:
        """The canonical square at (row, column)."""
        row, column = position
        if not (0 <= row < self.height and 0 <= column < self.width):
            raise IndexError(f"{position} is outside a {self.width}x{self.height} board")
        return self.cells[row][column]

    def positions(self, squares: str) -> tuple[Position, ...]:
        """Every (row, column) holding one of `squares`, row by row."""
        return tuple(
            (r, c) for r, row in enumerate(self.cells) for c, s in enumerate(row) if s in squares
        )

    @property
    def pushers(self) -> tuple[Position, ...]:
        return self.positions(_PUSHERS)

    @property
    def boxes(self) -> tuple[Position, ...]:
        return self.positions(_BOXES)

    @property
    def goals(self) -> tuple[Position, ...]:
        return self.positions(_GOALS)

    @property
    def walls(self) -> tuple[Position, ...]:
        return self.positions(WALL)

    # ---------------------------------------------------------------- printing

    @property
    def rows(self) -> tuple[str, ...]:
        """The canonical text rows."""
        if self.tessellation is Tessellation.HEXOBAN:
            return hexoban_text(self.cells)
        return self.cells

    def __str__(self) -> str:
        return "\n".join(self.rows)

    def __iter__(self) -> Iterator[str]:
        return iter(self.rows)

    def printed(self, *, rle: bool = False) -> str:
        """The canonical text; with `rle`, run-length encoded on one line."""
        return encode_rle(str(self)) if rle else str(self)

    def to_dict(self) -> dict[str, Any]:
        """``{"tessellation": ..., "board": ...}``, the text in canonical rows."""
        return {"tessellation": self.tessellation.value, "board": str(self)}


def hexoban_text(cells: tuple[str, ...]) -> tuple[str, ...]:
    """The two-columns-per-cell text of a Hexoban board.

    Cells of even rows stand in odd text columns, cells of odd rows (half a
    cell to the right) in even ones, fillers between them.  The last text
    column, which only odd rows' last cells reach, is left out when the
    squares of even rows reach further right than those of odd rows (the
    layout of sokoban_elements and sokoenginepy): it then holds floor only,
    which the reader restores by padding rows.
    """
    lines = [
        (FLOOR if r % 2 else "") + "".join(FLOOR + c for c in row) for r, row in enumerate(cells)
    ]
    width = max(map(len, lines), default=0)
    lines = [line.ljust(width, FLOOR) for line in lines]
    if len(lines) > 1 and _rightmost_square_is_in_an_even_row(lines):
        lines = [line[:-1] for line in lines]
    return tuple(lines)


def _rightmost_square_is_in_an_even_row(lines: list[str]) -> bool:
    rightmost = {0: -1, 1: -1}
    for r, line in enumerate(lines):
        stripped = line.rstrip(FLOOR)
        rightmost[r % 2] = max(rightmost[r % 2], len(stripped) - 1)
    return rightmost[0] > rightmost[1]
