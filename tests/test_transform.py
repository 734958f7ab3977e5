"""Board transformations, checked against the geometry of the cells: each is
an isometry of the plane that maps the board's squares onto the result's."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sokfmt import Board, Tessellation, loads_board
from sokfmt.board import Position
from sokfmt.geometry import cell_polygon
from sokfmt.transform import (
    TURNS,
    canonical,
    mirrored,
    rotated,
    symmetries,
    transformed,
    trimmed,
)

SQUARES = "#-$.*@+"
# The angle of one turn on each grid, in degrees.
STEP = {
    Tessellation.SOKOBAN: 90,
    Tessellation.OCTOBAN: 90,
    Tessellation.HEXOBAN: 60,
    Tessellation.TRIOBAN: 180,
}


@st.composite
def boards(draw: st.DrawFn, tessellation: Tessellation) -> Board:
    width = draw(st.integers(1, 6))
    rows = draw(
        st.lists(st.text(alphabet=SQUARES, min_size=width, max_size=width), min_size=1, max_size=5)
    )
    return Board(tessellation, tuple(rows))


def _centres(board: Board) -> list[tuple[str, float, float]]:
    """Each square that is not floor, with the centre of its polygon."""
    found = []
    for r, row in enumerate(board.cells):
        for c, square in enumerate(row):
            if square != "-":
                corners = cell_polygon(board.tessellation, (r, c), 6.0)
                x = sum(p[0] for p in corners) / len(corners)
                y = sum(p[1] for p in corners) / len(corners)
                found.append((square, x, y))
    return found


def _normalised(points: list[tuple[str, float, float]]) -> list[tuple[str, float, float]]:
    if not points:
        return []
    left = min(x for _, x, _ in points)
    top = min(y for _, _, y in points)
    return sorted((s, round(x - left, 3), round(y - top, 3)) for s, x, y in points)


@pytest.mark.parametrize("tessellation", list(Tessellation))
@given(data=st.data())
def test_every_transformation_is_an_isometry_of_the_squares(
    tessellation: Tessellation, data: st.DataObject
) -> None:
    board = data.draw(boards(tessellation))
    turns, mirror = data.draw(st.sampled_from(symmetries(tessellation)))
    result = transformed(board, turns, mirror)
    expected = []
    angle = math.radians(STEP[tessellation] * turns)  # clockwise on the screen (y down)
    for square, x, y in _centres(board):
        if mirror:
            x = -x
        expected.append(
            (
                square,
                x * math.cos(angle) - y * math.sin(angle),
                x * math.sin(angle) + y * math.cos(angle),
            )
        )
    assert _normalised(_centres(result)) == _normalised(expected)


@pytest.mark.parametrize("tessellation", list(Tessellation))
@given(data=st.data())
def test_turns_and_mirrors_compose_as_the_grid_s_symmetries(
    tessellation: Tessellation, data: st.DataObject
) -> None:
    board = trimmed(data.draw(boards(tessellation)))
    assert trimmed(rotated(board, TURNS[tessellation])) == board
    assert trimmed(mirrored(mirrored(board))) == board
    assert trimmed(rotated(rotated(board), TURNS[tessellation] - 1)) == board


def test_symmetries_per_tessellation() -> None:
    assert {t: len(symmetries(t)) for t in Tessellation} == {
        Tessellation.SOKOBAN: 8,
        Tessellation.OCTOBAN: 8,
        Tessellation.HEXOBAN: 12,
        Tessellation.TRIOBAN: 4,
    }


def test_worked_examples() -> None:
    board = loads_board("####\n#@$.#\n#####")
    assert rotated(board).cells == ("###", "#@#", "#$#", "#.#", "##-")
    assert mirrored(board).cells == ("-####", "#.$@#", "#####")
    padded = Board(Tessellation.SOKOBAN, ("-----", "-#@#-", "-----"))
    assert trimmed(padded).cells == ("#@#",)
    # Octoban keeps an octagon in the top left corner: a column of floor
    # makes room when the image would start with a square.
    octoban = Board(Tessellation.OCTOBAN, ("#@",))
    assert mirrored(octoban).cells == ("-@#",)
    # Trioban keeps a triangle pointing down in the top left corner, as cell
    # (0, 0) points down: "#" points down, "@" up.  Mirrored, "@" comes
    # first and still points up, so it needs a column of floor before it;
    # turned half way, each turns over, "@" now first and pointing down.
    trioban = Board(Tessellation.TRIOBAN, ("#@",))
    assert mirrored(trioban).cells == ("-@#",)
    assert rotated(trioban).cells == ("@#",)
    # Two rows turned: "." (1, 1) pointed down and points up, so it cannot
    # stand at (0, 0); it goes to (0, 1) after a column of floor.
    assert rotated(Board(Tessellation.TRIOBAN, ("#@", "$."))).cells == ("-.$", "-@#")


@pytest.mark.parametrize("tessellation", list(Tessellation))
@given(data=st.data())
def test_canonical_is_the_same_for_every_drawing_of_a_board(
    tessellation: Tessellation, data: st.DataObject
) -> None:
    board = data.draw(boards(tessellation))
    turns, mirror = data.draw(st.sampled_from(symmetries(tessellation)))
    assert canonical(transformed(board, turns, mirror)) == canonical(board)
    assert hash(canonical(board)) == hash(canonical(transformed(board, turns, mirror)))


def test_canonical_puts_the_pusher_anywhere_in_its_region() -> None:
    left = loads_board("#######\n#@  $.#\n#######")
    right = loads_board("#######\n#  @$.#\n#######")
    beyond = loads_board("#######\n#   $@#\n#######")  # the other side of the box
    assert canonical(left) == canonical(right)
    assert canonical(left) != canonical(beyond)


def test_canonical_tells_different_puzzles_apart() -> None:
    # Every board of one box and one goal in a 3x3 room (72 of them), and
    # their orbits under the 8 symmetries worked out from the positions
    # alone: boards are the same puzzle exactly when they share an orbit.
    room = [(r, c) for r in range(1, 4) for c in range(1, 4)]
    orbits: dict[Board, set[frozenset[tuple[Position, Position]]]] = {}
    for box in room:
        for goal in room:
            if box == goal:
                continue
            cells = [list("#####")] + [list("#---#") for _ in range(3)] + [list("#####")]
            cells[box[0]][box[1]] = "$"
            cells[goal[0]][goal[1]] = "."
            board = Board(Tessellation.SOKOBAN, tuple(map("".join, cells)))
            orbit = frozenset(_images(box, goal))
            orbits.setdefault(canonical(board), set()).add(orbit)
    assert all(len(found) == 1 for found in orbits.values())
    assert len({next(iter(found)) for found in orbits.values()}) == len(orbits)


def _images(box: Position, goal: Position) -> list[tuple[Position, Position]]:
    """A box and a goal of the 3x3 room under its 8 symmetries (centre (2, 2))."""
    found = []
    for mirror in (False, True):
        b, g = box, goal
        if mirror:
            b, g = (b[0], 4 - b[1]), (g[0], 4 - g[1])
        for _ in range(4):
            found.append((b, g))
            b, g = (b[1], 4 - b[0]), (g[1], 4 - g[0])
    return found


def test_transformed_boards_can_be_written() -> None:
    # Found by a newcomer: a column of floor turned into a row of floor at
    # the top, which .sok cannot hold.  Transformations trim.
    from sokfmt import Collection, Puzzle, dumps_sok, loads_sok

    board = loads_sok(" #####\n #@$.#\n #####\n").puzzles[0].board
    for turns, mirror in symmetries(board.tessellation):
        collection = Collection(puzzles=(Puzzle(transformed(board, turns, mirror)),))
        assert loads_sok(dumps_sok(collection)) == collection
