"""The floods over flat cells (sokfmt._engine.flood, behind sokfmt.geometry's
is_closed and outside and sokfmt.statistics) against the walk square by
square they replaced (tests/per_square.py), on random boards of every
tessellation, both ways of flooding: as integers (small boards) and cell by
cell (large ones)."""

from __future__ import annotations

from unittest.mock import patch

import per_square
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sokfmt import Board, Puzzle, Statistics, Tessellation, ValidationError, loads_board, statistics
from sokfmt._engine import flood as _flood
from sokfmt.geometry import is_closed, outside


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Boards of walls, floor and pieces, often open at the edge, with no,
    one or several pushers."""
    tessellation = draw(st.sampled_from(list(Tessellation)))
    height, width = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    walls = draw(st.sampled_from(["#-", "##-", "#---", "#"]))
    squares = walls * 6 + ".$*@+"
    cells = tuple(
        "".join(draw(st.sampled_from(squares)) for _ in range(width)) for _ in range(height)
    )
    if draw(st.booleans()):  # walled all round, the pieces inside
        cells = (
            "#" * (width + 2),
            *(f"#{row}#" for row in cells),
            "#" * (width + 2),
        )
    return Board(tessellation, cells)


# As integers (boards up to SMALL cells), or cell by cell (every board).
WAYS = pytest.mark.parametrize("small", [_flood.SMALL, 0], ids=["integers", "cells"])


@WAYS
@settings(max_examples=300)
@given(board=boards())
def test_floods_equal_the_walk_square_by_square(small: int, board: Board) -> None:
    with patch.object(_flood, "SMALL", small):
        assert is_closed(board) == per_square.is_closed(board)
        assert outside(board) == per_square.outside(board)
        assert statistics(board) == per_square.statistics(board)


@pytest.mark.parametrize("tessellation", list(Tessellation), ids=lambda t: t.value)
def test_a_long_corridor_of_a_large_board(tessellation: Tessellation) -> None:
    # A snake of floor through a 120x120 board (above SMALL: flooded cell
    # by cell), a walk of over 7,000 squares from the pusher's corner.
    rows = []
    for row in range(120):
        if row % 2 == 0:
            rows.append("-" * 120)
        else:
            rows.append(("#" * 119 + "-") if row % 4 == 1 else ("-" + "#" * 119))
    board = Board(tessellation, ("#" * 120, "#@$" + rows[0][3:-1] + ".", *rows[1:-1], "#" * 120))
    assert _flood.layout(tessellation, 120, 120).cells > _flood.SMALL
    assert is_closed(board) == per_square.is_closed(board)
    assert outside(board) == per_square.outside(board)
    assert statistics(board) == per_square.statistics(board)


def test_statistics_takes_a_puzzle() -> None:
    board = loads_board("#####\n#@$.#\n#####")
    assert statistics(Puzzle(board)) == statistics(board)
    with pytest.raises(ValidationError, match="a Board or a Puzzle, not str"):
        statistics("#####")  # type: ignore[arg-type]


def test_a_board_of_a_million_cells_worked_out_by_hand() -> None:
    # Walls but for a room of six squares at the top left and one floor
    # square on the bottom edge (outside).  Its layout is built in time
    # linear in its size, and it floods cell by cell.  The pusher reaches
    # all of the room but the box; a box is live on the goal and on
    # (1, 2), pushed right onto it from (1, 1): the rest of the room is
    # dead (each push from there needs a pusher on a wall).
    rows = ["#" * 1000 for _ in range(1000)]
    rows[1] = "#@$." + "#" * 996
    rows[2] = "#---" + "#" * 996
    rows[999] = "#" * 500 + "-" + "#" * 499
    board = Board(Tessellation.SOKOBAN, tuple(rows))
    assert is_closed(board)
    assert outside(board) == {(999, 500)}
    assert statistics(board) == Statistics(
        boxes=1,
        goals=1,
        floor=6,
        reachable=5,
        boxes_on_goals=0,
        dead=4,
        dead_squares=((1, 1), (2, 1), (2, 2), (2, 3)),
    )
