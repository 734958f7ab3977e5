"""Boards turned, mirrored and trimmed, without changing what they mean, and
one canonical form for all the ways of drawing the same puzzle.

The transformations are the symmetries of each tessellation's grid that the
grid's rows and columns can show:

- Sokoban and Octoban: the 8 of the square (4 quarter turns, each mirrored);
- Hexoban: the 12 of the hexagon (6 turns of 60 degrees, each mirrored);
- Trioban: 4 (a half turn, and the mirror images left to right and top to
  bottom); the turns of 60 and 120 degrees would stand the rows of triangles
  on a slant, which the grid cannot draw.

A turn is clockwise; `transformed(board, turns, mirror)` mirrors left to
right first, then turns.  The result is placed in the grid of its
tessellation (an Octoban octagon or a Trioban triangle pointing down in the
top left corner, even Hexoban rows to the left) and trimmed: rows and
columns of floor alone at its edges mean nothing inside the walls, and .sok
cannot hold them at the top or the bottom; a column of floor stays where
the grid needs it.  All functions return new boards.
"""

from __future__ import annotations

from collections import deque

from ._arguments import checked, checked_flag, whole
from .board import BOX, BOX_ON_GOAL, FLOOR, GOAL, PUSHER, PUSHER_ON_GOAL, WALL, Board, Position
from .geometry import neighbours
from .tessellation import Tessellation

__all__ = ("canonical", "mirrored", "rotated", "symmetries", "transformed", "trimmed")

Symmetry = tuple[int, bool]  # (turns, mirror)

#: How many turns make a full circle on each grid.
TURNS = {
    Tessellation.SOKOBAN: 4,
    Tessellation.OCTOBAN: 4,
    Tessellation.HEXOBAN: 6,
    Tessellation.TRIOBAN: 2,
}
# Where a pusher can stand: marks for the cells of its region in `canonical`.
_REACHED_FLOOR, _REACHED_GOAL = "r", "g"
_MARKS = str.maketrans({_REACHED_FLOOR: FLOOR, _REACHED_GOAL: GOAL})


def symmetries(tessellation: Tessellation) -> tuple[Symmetry, ...]:
    """Every (turns, mirror) of `tessellation`, the identity first."""
    checked(tessellation, Tessellation, "tessellation")
    return tuple(
        (turns, mirror) for mirror in (False, True) for turns in range(TURNS[tessellation])
    )


def transformed(board: Board, turns: int = 0, mirror: bool = False) -> Board:
    """`board` mirrored left to right (with `mirror`), then turned clockwise
    `turns` times (a quarter turn on square grids, a sixth on Hexoban's, a
    half on Trioban's), and trimmed."""
    checked(board, Board, "board")
    turns = whole(turns, "turns")
    checked_flag(mirror, "mirror")
    cells = _squares(board.cells)
    if not cells:
        return Board(board.tessellation, (FLOOR,))
    return Board(board.tessellation, _drawn(board.tessellation, cells, turns, mirror))


def rotated(board: Board, turns: int = 1) -> Board:
    """`board` turned clockwise `turns` times."""
    return transformed(board, turns)


def mirrored(board: Board) -> Board:
    """The mirror image of `board`, left to right."""
    return transformed(board, 0, True)


def trimmed(board: Board) -> Board:
    """`board` without the rows and columns around it that hold floor only
    (a board of floor only keeps one cell)."""
    return transformed(board)


def canonical(board: Board) -> Board:
    """One board for all the ways of drawing the same puzzle: the least (by
    its rows) of its trimmed transformations, a single pusher moved to the
    first cell it can walk to.  Two boards are the same puzzle exactly when
    their canonical boards are equal."""
    checked(board, Board, "board")
    tessellation = board.tessellation
    rows = _with_region(board)
    if tessellation is Tessellation.SOKOBAN:
        variants = _square_variants(_trimmed_rows(rows))
    else:
        cells = _squares(rows)
        if not cells:
            return Board(tessellation, (FLOOR,))
        variants = [_drawn(tessellation, cells, *symmetry) for symmetry in symmetries(tessellation)]
    return Board(tessellation, min(map(_pusher_placed, variants)))


# ----------------------------------------------------------------- the grids


def _mapped(tessellation: Tessellation, position: Position, turns: int, mirror: bool) -> Position:
    """Where a cell goes, before the result is placed in the grid."""
    row, column = position
    if tessellation is Tessellation.HEXOBAN:
        x, z = column - (row - (row & 1)) // 2, row  # cube coordinates; y = -x - z
        if mirror:
            x, z = -x - z, z
        for _ in range(turns % 6):
            x, z = -z, x + z  # (x, y, z) -> (-z, -x, -y)
        return z, x  # placed by `_drawn`
    if tessellation is Tessellation.TRIOBAN:
        if mirror:
            column = -column
        if turns % 2:  # a half turn: row + column changes parity, as the triangle turns over
            row, column = -row - 1, -column
        return row, column
    if mirror:
        column = -column
    for _ in range(turns % 4):
        row, column = column, -row
    return row, column


def _drawn(
    tessellation: Tessellation, cells: dict[Position, str], turns: int, mirror: bool
) -> tuple[str, ...]:
    """The rows of `cells` transformed and placed in the grid, floor elsewhere."""
    moved = {_mapped(tessellation, p, turns, mirror): square for p, square in cells.items()}
    if tessellation is Tessellation.HEXOBAN:
        # Back from cube coordinates (z, x), moved so that the rows begin at 0.
        top = min(z for z, _ in moved)
        moved = {(z - top, x + (z - top - ((z - top) & 1)) // 2): s for (z, x), s in moved.items()}
    top = min(r for r, _ in moved)
    left = min(c for _, c in moved)
    if tessellation in (Tessellation.OCTOBAN, Tessellation.TRIOBAN) and (top + left) % 2:
        left -= 1  # a floor column keeps the grid's pattern (octagons, triangles down)
    height = max(r for r, _ in moved) - top + 1
    width = max(c for _, c in moved) - left + 1
    grid = [[FLOOR] * width for _ in range(height)]
    for (r, c), square in moved.items():
        grid[r - top][c - left] = square
    return tuple(map("".join, grid))


def _squares(rows: tuple[str, ...] | list[str]) -> dict[Position, str]:
    """The cells of `rows` that are not floor."""
    return {
        (r, c): square
        for r, row in enumerate(rows)
        for c, square in enumerate(row)
        if square != FLOOR
    }


# ----------------------------------------------------------------- canonical


def _with_region(board: Board) -> list[str]:
    """The rows of `board` with a single pusher taken off and the cells it
    can walk to marked (so that where it stands in its region does not
    matter); with no pusher or several, or a pusher that can walk off the
    board, the rows as they are."""
    rows = list(board.cells)
    if len(board.pushers) != 1:
        return rows
    start = board.pushers[0]
    grid = [list(row) for row in rows]
    grid[start[0]][start[1]] = GOAL if board[start] == PUSHER_ON_GOAL else FLOOR
    seen = {start}
    queue = deque(seen)
    while queue:
        for near in neighbours(board.tessellation, queue.popleft()):
            r, c = near
            if not (0 <= r < board.height and 0 <= c < board.width):
                return rows  # an open region: its extent is the drawing's, not the puzzle's
            if near not in seen and grid[r][c] not in (WALL, BOX, BOX_ON_GOAL):
                seen.add(near)
                queue.append(near)
    for r, c in seen:
        grid[r][c] = _REACHED_GOAL if grid[r][c] == GOAL else _REACHED_FLOOR
    return ["".join(row) for row in grid]


def _trimmed_rows(rows: list[str]) -> tuple[str, ...]:
    """Square-grid rows without the floor rows and columns around them."""
    kept = [row for row in rows if row.strip(FLOOR)]
    if not kept:
        return (FLOOR,)
    left = min(len(row) - len(row.lstrip(FLOOR)) for row in kept)
    right = max(len(row.rstrip(FLOOR)) for row in kept)
    first = next(i for i, row in enumerate(rows) if row.strip(FLOOR))
    last = max(i for i, row in enumerate(rows) if row.strip(FLOOR))
    return tuple(row[left:right] for row in rows[first : last + 1])


def _square_variants(rows: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The 8 transformations of square-grid rows, with string operations."""
    found = []
    for start in (rows, tuple(row[::-1] for row in rows)):
        current = start
        for _ in range(4):
            found.append(current)
            current = tuple(map("".join, zip(*reversed(current), strict=True)))
    return found


def _pusher_placed(rows: tuple[str, ...]) -> tuple[str, ...]:
    """Rows with the pusher on the first cell of its marked region."""
    for index, row in enumerate(rows):
        column = next((c for c, square in enumerate(row) if square in "rg"), -1)
        if column >= 0:
            square = PUSHER_ON_GOAL if row[column] == _REACHED_GOAL else PUSHER
            placed = row[:column] + square + row[column + 1 :]
            return tuple(r.translate(_MARKS) for r in (*rows[:index], placed, *rows[index + 1 :]))
    return rows
