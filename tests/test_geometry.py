"""sokfmt.geometry's direction-aware neighbours agree with its neighbour lists,
with the polygons of the cells, and, for Trioban, with sokoenginepy's rule."""

from __future__ import annotations

import pytest
from replay import OPPOSITE

from sokfmt import Board, Direction, Tessellation
from sokfmt.geometry import cell_polygon, cell_shape, is_closed, neighbour, neighbours, outside

D = Direction
CELLS = [(row, column) for row in range(-2, 4) for column in range(-2, 5)]


@pytest.mark.parametrize("tessellation", Tessellation)
def test_the_directions_reach_exactly_the_listed_neighbours(tessellation: Tessellation) -> None:
    for cell in CELLS:
        reached = {neighbour(tessellation, cell, d) for d in tessellation.directions}
        assert reached - {None} == set(neighbours(tessellation, cell))


@pytest.mark.parametrize("tessellation", Tessellation)
def test_the_opposite_direction_leads_back(tessellation: Tessellation) -> None:
    for cell in CELLS:
        for direction in tessellation.directions:
            near = neighbour(tessellation, cell, direction)
            if near is not None:
                assert neighbour(tessellation, near, OPPOSITE[direction]) == cell


# Worked out from the layouts in the module docstring, not from the code.
@pytest.mark.parametrize(
    ("tessellation", "cell", "direction", "expected"),
    [
        (Tessellation.SOKOBAN, (2, 2), D.UP, (1, 2)),
        # Hexoban: odd rows stand half a cell to the right.
        (Tessellation.HEXOBAN, (2, 2), D.NORTH_WEST, (1, 1)),
        (Tessellation.HEXOBAN, (2, 2), D.NORTH_EAST, (1, 2)),
        (Tessellation.HEXOBAN, (1, 2), D.NORTH_WEST, (0, 2)),
        (Tessellation.HEXOBAN, (1, 2), D.SOUTH_EAST, (2, 3)),
        # Trioban: (0, 0) points down, its third side is at the top.
        (Tessellation.TRIOBAN, (0, 0), D.NORTH_WEST, (-1, 0)),
        (Tessellation.TRIOBAN, (0, 0), D.NORTH_EAST, (-1, 0)),
        (Tessellation.TRIOBAN, (0, 0), D.SOUTH_WEST, (0, -1)),
        (Tessellation.TRIOBAN, (0, 1), D.NORTH_EAST, (0, 2)),
        (Tessellation.TRIOBAN, (0, 1), D.SOUTH_EAST, (1, 1)),
        # Octoban: (0, 0) is an octagon, (0, 1) a square.
        (Tessellation.OCTOBAN, (0, 0), D.SOUTH_EAST, (1, 1)),
        (Tessellation.OCTOBAN, (0, 1), D.SOUTH_EAST, None),
        (Tessellation.OCTOBAN, (0, 1), D.DOWN, (1, 1)),
    ],
)
def test_worked_examples(
    tessellation: Tessellation,
    cell: tuple[int, int],
    direction: Direction,
    expected: tuple[int, int] | None,
) -> None:
    assert neighbour(tessellation, cell, direction) == expected


def test_shapes() -> None:
    assert [cell_shape(Tessellation.HEXOBAN, (r, 0)) for r in range(3)] == [0, 1, 0]
    # Trioban: 0 points down (row + column even), 1 points up.
    assert [cell_shape(Tessellation.TRIOBAN, (1, c)) for c in range(3)] == [1, 0, 1]
    assert cell_shape(Tessellation.TRIOBAN, (0, 0)) == 0
    assert cell_shape(Tessellation.SOKOBAN, (3, 5)) == 0


def test_a_direction_the_tessellation_lacks_is_an_error() -> None:
    with pytest.raises(ValueError, match="Hexoban has no direction UP"):
        neighbour(Tessellation.HEXOBAN, (0, 0), D.UP)


# Trioban as sokoenginepy plays it (its TriobanTessellation, and the
# sokoban-elements crate's documentation of Tessellation::Trioban): cell
# (0, 0) points down, and a cell points down when row + column is even, up
# when it is odd.  A triangle pointing down has a side on its left (a "\\"),
# one on its right (a "/") and one on top; one pointing up has a "/" on its
# left, a "\\" on its right and one at the bottom.  Each letter follows a
# strip of triangles: l and r the horizontal one; u (north-west) and d
# (south-east) the strip between two "\\" lines, crossing "/" and horizontal
# sides; n (north-east) and s (south-west) the strip between two "/" lines,
# crossing "\\" and horizontal sides.  So from a triangle pointing down, u and
# n lead up across the top side, d right and s left; from one pointing up, u
# leads left, n right, and d and s down across the bottom side.  The cells
# below are written out by hand from that rule, letter by letter.
TRIOBAN_RULE = {
    # pointing down (row + column even)
    (0, 0): {"l": (0, -1), "r": (0, 1), "u": (-1, 0), "n": (-1, 0), "d": (0, 1), "s": (0, -1)},
    (1, 1): {"l": (1, 0), "r": (1, 2), "u": (0, 1), "n": (0, 1), "d": (1, 2), "s": (1, 0)},
    (2, 4): {"l": (2, 3), "r": (2, 5), "u": (1, 4), "n": (1, 4), "d": (2, 5), "s": (2, 3)},
    (3, 3): {"l": (3, 2), "r": (3, 4), "u": (2, 3), "n": (2, 3), "d": (3, 4), "s": (3, 2)},
    # pointing up (row + column odd)
    (0, 1): {"l": (0, 0), "r": (0, 2), "u": (0, 0), "n": (0, 2), "d": (1, 1), "s": (1, 1)},
    (1, 0): {"l": (1, -1), "r": (1, 1), "u": (1, -1), "n": (1, 1), "d": (2, 0), "s": (2, 0)},
    (2, 3): {"l": (2, 2), "r": (2, 4), "u": (2, 2), "n": (2, 4), "d": (3, 3), "s": (3, 3)},
    (3, 2): {"l": (3, 1), "r": (3, 3), "u": (3, 1), "n": (3, 3), "d": (4, 2), "s": (4, 2)},
}


@pytest.mark.parametrize("cell", sorted(TRIOBAN_RULE))
def test_trioban_follows_sokoenginepys_rule(cell: tuple[int, int]) -> None:
    expected = TRIOBAN_RULE[cell]
    assert set(expected) == set(Tessellation.TRIOBAN.letters) == set("lrunds")
    for letter, near in expected.items():
        direction = Tessellation.TRIOBAN.letters[letter]
        assert neighbour(Tessellation.TRIOBAN, cell, direction) == near, letter


def _corners(tessellation: Tessellation, cell: tuple[int, int]) -> set[tuple[float, float]]:
    return {(round(x, 6), round(y, 6)) for x, y in cell_polygon(tessellation, cell, 6.0)}


@pytest.mark.parametrize("cell", sorted(TRIOBAN_RULE))
def test_trioban_triangles_point_as_their_cells_say(cell: tuple[int, int]) -> None:
    corners = _corners(Tessellation.TRIOBAN, cell)
    top = min(y for _, y in corners)
    bottom = max(y for _, y in corners)
    at_top = sum(y == top for _, y in corners)
    down = sum(cell) % 2 == 0
    # Pointing down: two corners at the top (a side), one at the bottom (the point).
    assert at_top == (2 if down else 1)
    assert sum(y == bottom for _, y in corners) == (1 if down else 2)


def test_trioban_cell_0_0_points_down() -> None:
    (apex,) = [p for p in _corners(Tessellation.TRIOBAN, (0, 0)) if p[1] > 0]
    assert apex == (3.0, round(6.0 * 3**0.5 / 2, 6))  # the point, below the middle of the top


@pytest.mark.parametrize(
    "tessellation", [Tessellation.SOKOBAN, Tessellation.HEXOBAN, Tessellation.TRIOBAN]
)
def test_neighbours_share_a_side_of_their_polygons(tessellation: Tessellation) -> None:
    # (Octoban's pictures draw its squares smaller, touching the octagons at
    # a corner, so its polygons do not tile the plane.)
    for cell in CELLS:
        corners = _corners(tessellation, cell)
        for near in neighbours(tessellation, cell):
            assert len(corners & _corners(tessellation, near)) == 2, (cell, near)
        touching = [
            (r, c)
            for r in range(cell[0] - 2, cell[0] + 3)
            for c in range(cell[1] - 3, cell[1] + 4)
            if (r, c) != cell and len(corners & _corners(tessellation, (r, c))) == 2
        ]
        assert sorted(touching) == sorted(neighbours(tessellation, cell))


def test_a_trioban_triangle_is_closed_by_the_walls_its_sides_touch() -> None:
    # (1, 1) points down: its sides touch (1, 0), (1, 2) and (0, 1) above it.
    walled_above = Board(Tessellation.TRIOBAN, ("-#-", "#@#", "---"))
    assert is_closed(walled_above)
    # Walled below instead, it reaches (0, 1), which points up: to (0, 0),
    # which points down, to the row above the board.
    walled_below = Board(Tessellation.TRIOBAN, ("---", "#@#", "-#-"))
    assert not is_closed(walled_below)
    # A floor cell of the last row is outside when it points up, its third
    # side on the edge of the board: (2, 1) and (2, 3); not (2, 2), which
    # points down, between walls on its left, right and top.
    assert outside(Board(Tessellation.TRIOBAN, ("#####", "#####", "#-#-#"))) == {(2, 1), (2, 3)}
    assert outside(Board(Tessellation.TRIOBAN, ("#####", "#####", "##-##"))) == set()
