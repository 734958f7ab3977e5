"""Where cells are and which touch which, for the four tessellations.

Boards store cells in rows and columns; this module says what that grid means
on the plane: which cells are neighbours (to find the outside of a board) and
the polygon of each cell (to draw it).  The layouts are those of the canonical
text: Hexoban odd rows stand half a cell to the right of even rows; a Trioban
cell points down when its row and column add up to an even number (so cell
(0, 0) points down) and up when they add up to an odd one; an Octoban cell is
an octagon when they add up to an even number, and a square otherwise.

The Trioban convention is that of the programs that write Trioban into .sok
files: sokoenginepy's Trioban tessellation (a cell points down when
``(column + row % 2) % 2 == 0``) and the sokoban-elements crate's
`Tessellation::Trioban` ("alternating triangles with origin triangle
pointing down"), so that the games they record replay the same here.
"""

from __future__ import annotations

import math

from ._engine import flood
from .board import FLOOR, PUSHER, PUSHER_ON_GOAL, SQUARES, WALL, Board, Position
from .tessellation import Direction, Tessellation

__all__ = (
    "OPPOSITE",
    "cell_polygon",
    "cell_shape",
    "is_closed",
    "neighbour",
    "neighbours",
    "outside",
    "picture_size",
)

Point = tuple[float, float]

_SQUARE = ((0, -1), (0, 1), (-1, 0), (1, 0))
_EIGHT = (*_SQUARE, (-1, -1), (-1, 1), (1, -1), (1, 1))


def neighbours(tessellation: Tessellation, position: Position) -> list[Position]:
    """The cells that share an edge with `position` (some may lie off the board)."""
    row, column = position
    if tessellation is Tessellation.SOKOBAN:
        steps: tuple[tuple[int, int], ...] = _SQUARE
    elif tessellation is Tessellation.OCTOBAN:
        steps = _EIGHT if (row + column) % 2 == 0 else _SQUARE
    elif tessellation is Tessellation.HEXOBAN:
        shift = row % 2  # odd rows stand half a cell to the right
        steps = ((0, -1), (0, 1), (-1, shift - 1), (-1, shift), (1, shift - 1), (1, shift))
    else:  # Trioban: left, right, and the cell across the horizontal edge
        vertical = -1 if (row + column) % 2 == 0 else 1  # down: above; up: below
        steps = ((0, -1), (0, 1), (vertical, 0))
    return [(row + dy, column + dx) for dy, dx in steps]


# Where one step in a direction leads: (row, column) offsets per tessellation,
# per cell shape (see `cell_shape`), per direction.  A direction missing from a
# shape's table has no side there.  The letters are those of
# sokfmt.tessellation; each Trioban letter follows one of the three strips of
# triangles (horizontal, north-west to south-east, north-east to south-west),
# so every letter leads somewhere from every triangle, two of them to the
# same neighbour.  That is sokoenginepy's rule (its neighbor_position), on
# its grid: cell (0, 0) points down.
_D = Direction
_ORTHOGONAL = {_D.LEFT: (0, -1), _D.RIGHT: (0, 1), _D.UP: (-1, 0), _D.DOWN: (1, 0)}
_DIAGONAL = {
    _D.NORTH_WEST: (-1, -1),
    _D.NORTH_EAST: (-1, 1),
    _D.SOUTH_WEST: (1, -1),
    _D.SOUTH_EAST: (1, 1),
}
_STEP_OFFSETS: dict[Tessellation, tuple[dict[Direction, tuple[int, int]], ...]] = {
    Tessellation.SOKOBAN: (_ORTHOGONAL,),
    Tessellation.HEXOBAN: tuple(
        {
            _D.LEFT: (0, -1),
            _D.RIGHT: (0, 1),
            _D.NORTH_WEST: (-1, shift - 1),
            _D.NORTH_EAST: (-1, shift),
            _D.SOUTH_WEST: (1, shift - 1),
            _D.SOUTH_EAST: (1, shift),
        }
        for shift in (0, 1)
    ),
    Tessellation.TRIOBAN: (
        {  # pointing down (row + column even): the third neighbour is above
            _D.LEFT: (0, -1),
            _D.RIGHT: (0, 1),
            _D.NORTH_WEST: (-1, 0),
            _D.NORTH_EAST: (-1, 0),
            _D.SOUTH_WEST: (0, -1),
            _D.SOUTH_EAST: (0, 1),
        },
        {  # pointing up (row + column odd): the third neighbour is below
            _D.LEFT: (0, -1),
            _D.RIGHT: (0, 1),
            _D.NORTH_WEST: (0, -1),
            _D.NORTH_EAST: (0, 1),
            _D.SOUTH_WEST: (1, 0),
            _D.SOUTH_EAST: (1, 0),
        },
    ),
    Tessellation.OCTOBAN: (_ORTHOGONAL | _DIAGONAL, _ORTHOGONAL),
}


#: Each direction's opposite: one step in a direction and one in its
#: opposite lead back to the cell they started from (see `neighbour`).
OPPOSITE = {
    _D.LEFT: _D.RIGHT,
    _D.RIGHT: _D.LEFT,
    _D.UP: _D.DOWN,
    _D.DOWN: _D.UP,
    _D.NORTH_WEST: _D.SOUTH_EAST,
    _D.SOUTH_EAST: _D.NORTH_WEST,
    _D.NORTH_EAST: _D.SOUTH_WEST,
    _D.SOUTH_WEST: _D.NORTH_EAST,
}


def cell_shape(tessellation: Tessellation, position: Position) -> int:
    """Which kind of cell stands at `position`, an index into the shapes of
    its tessellation: 0 for every Sokoban cell; for Hexoban 0 in even rows and
    1 in odd ones (half a cell to the right); for Trioban 0 pointing down
    (row + column even, as cell (0, 0)) and 1 pointing up; for Octoban 0 for
    an octagon and 1 for a square.
    """
    row, column = position
    if tessellation is Tessellation.SOKOBAN:
        return 0
    if tessellation is Tessellation.HEXOBAN:
        return row % 2
    return (row + column) % 2


def neighbour(
    tessellation: Tessellation, position: Position, direction: Direction
) -> Position | None:
    """The cell one step from `position` in `direction` (it may lie off the
    board), or None when a cell of that shape has no side in that direction
    (an Octoban square has no diagonal).  Every cell `neighbours` lists is
    the neighbour in some direction, and the opposite direction leads back.

    Raises:
        ValueError: `tessellation` has no such direction at all.
    """
    if direction not in tessellation.directions:
        raise ValueError(f"{tessellation.value} has no direction {direction.name}")
    offset = _STEP_OFFSETS[tessellation][cell_shape(tessellation, position)].get(direction)
    if offset is None:
        return None
    return position[0] + offset[0], position[1] + offset[1]


def outside(board: Board) -> set[Position]:
    """The floor cells that connect to the edge of the board without crossing
    a wall: the outside, which a picture leaves out."""
    plan = flood.layout(board.tessellation, board.height, board.width)
    floor = flood.bits(plan.squares(board), FLOOR)
    return set(flood.positions(plan, flood.spread(plan, floor & plan.edge, floor)))


def is_closed(board: Board) -> bool:
    """Whether walls close in every pusher: none of them can walk off the board."""
    plan = flood.layout(board.tessellation, board.height, board.width)
    squares = plan.squares(board)
    open_ = flood.bits(squares, _NOT_WALLS)
    if not open_ & plan.edge:
        return True  # walls all round the edge: nothing inside can reach it
    pushers = flood.bits(squares, _PUSHERS)
    return not flood.spread(plan, pushers, open_, stop=plan.edge) & plan.edge


_NOT_WALLS = "".join(square for square in SQUARES if square != WALL)
_PUSHERS = PUSHER + PUSHER_ON_GOAL


def cell_polygon(tessellation: Tessellation, position: Position, size: float) -> list[Point]:
    """The corners of a cell on a picture whose cells are `size` wide."""
    row, column = position
    if tessellation is Tessellation.HEXOBAN:
        radius = size / math.sqrt(3)  # pointy-top hexagons, `size` across the flats
        x = (column + 0.5 + 0.5 * (row % 2)) * size
        y = radius + row * 1.5 * radius
        return [
            (x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
            for a in range(30, 390, 60)
        ]
    if tessellation is Tessellation.TRIOBAN:
        height = size * math.sqrt(3) / 2
        left, top = column * size / 2, row * height
        if (row + column) % 2 == 0:  # pointing down, as cell (0, 0)
            return [(left, top), (left + size, top), (left + size / 2, top + height)]
        return [(left, top + height), (left + size, top + height), (left + size / 2, top)]
    left, top = column * size, row * size
    if tessellation is Tessellation.OCTOBAN and (row + column) % 2 == 0:
        cut = size / (2 + math.sqrt(2))  # a regular octagon in the cell's square
        return [
            (left + cut, top),
            (left + size - cut, top),
            (left + size, top + cut),
            (left + size, top + size - cut),
            (left + size - cut, top + size),
            (left + cut, top + size),
            (left, top + size - cut),
            (left, top + cut),
        ]
    if tessellation is Tessellation.OCTOBAN:  # a square between octagons, turned 45 degrees
        x, y, half = left + size / 2, top + size / 2, size / 2
        return [(x, y - half), (x + half, y), (x, y + half), (x - half, y)]
    return [(left, top), (left + size, top), (left + size, top + size), (left, top + size)]


def picture_size(board: Board, size: float) -> Point:
    """Width and height of the picture of `board` with cells `size` wide."""
    tessellation = board.tessellation
    if tessellation is Tessellation.HEXOBAN:
        radius = size / math.sqrt(3)
        return ((board.width + 0.5) * size, 2 * radius + (board.height - 1) * 1.5 * radius)
    if tessellation is Tessellation.TRIOBAN:
        return ((board.width + 1) * size / 2, board.height * size * math.sqrt(3) / 2)
    return (board.width * size, board.height * size)
