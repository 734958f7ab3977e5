"""sokfmt.geometry's direction-aware neighbours agree with its neighbour lists."""

from __future__ import annotations

import pytest
from replay import OPPOSITE

from sokfmt import Direction, Tessellation
from sokfmt.geometry import cell_shape, neighbour, neighbours

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
        # Trioban: (0, 0) points up, its third side is at the bottom.
        (Tessellation.TRIOBAN, (0, 0), D.SOUTH_WEST, (1, 0)),
        (Tessellation.TRIOBAN, (0, 0), D.SOUTH_EAST, (1, 0)),
        (Tessellation.TRIOBAN, (0, 0), D.NORTH_WEST, (0, -1)),
        (Tessellation.TRIOBAN, (0, 1), D.NORTH_EAST, (-1, 1)),
        (Tessellation.TRIOBAN, (0, 1), D.SOUTH_EAST, (0, 2)),
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
    assert [cell_shape(Tessellation.TRIOBAN, (1, c)) for c in range(3)] == [1, 0, 1]
    assert cell_shape(Tessellation.SOKOBAN, (3, 5)) == 0


def test_a_direction_the_tessellation_lacks_is_an_error() -> None:
    with pytest.raises(ValueError, match="Hexoban has no direction UP"):
        neighbour(Tessellation.HEXOBAN, (0, 0), D.UP)
