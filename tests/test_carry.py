"""Saved games carried from one drawing of a puzzle to another (sokfmt.carry),
checked against the geometry of the plane: compass angles for the
directions, the centres of the cells' polygons for the cells."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sokfmt import (
    Board,
    Direction,
    SavedGame,
    SolvingMode,
    Step,
    StepKind,
    Tessellation,
    ValidationError,
    loads_board,
    loads_moves,
    replay,
)
from sokfmt.carry import Isometry, carried, direction_map, isometry
from sokfmt.geometry import cell_polygon, neighbour
from sokfmt.transform import symmetries, transformed

D = Direction
T = Tessellation

# Where each direction points, in degrees clockwise from the right on the
# screen (y down).  A Trioban letter follows a strip of triangles, and the
# strips run at the angles of a hexagon's sides.
_SIX = {
    D.RIGHT: 0,
    D.SOUTH_EAST: 60,
    D.SOUTH_WEST: 120,
    D.LEFT: 180,
    D.NORTH_WEST: 240,
    D.NORTH_EAST: 300,
}
ANGLES = {
    T.SOKOBAN: {D.RIGHT: 0, D.DOWN: 90, D.LEFT: 180, D.UP: 270},
    T.OCTOBAN: {
        D.RIGHT: 0,
        D.SOUTH_EAST: 45,
        D.DOWN: 90,
        D.SOUTH_WEST: 135,
        D.LEFT: 180,
        D.NORTH_WEST: 225,
        D.UP: 270,
        D.NORTH_EAST: 315,
    },
    T.HEXOBAN: _SIX,
    T.TRIOBAN: _SIX,
}
# The angle of one turn on each grid.
TURN = {T.SOKOBAN: 90, T.OCTOBAN: 90, T.HEXOBAN: 60, T.TRIOBAN: 180}
SQUARES = "#-$.*@+"


def compass(tessellation: Tessellation, turns: int, mirror: bool) -> dict[Direction, Direction]:
    """Each direction mirrored left to right (the angle from 180 degrees),
    then turned clockwise: the expected direction map, from angles alone."""
    by_angle = {angle: d for d, angle in ANGLES[tessellation].items()}
    found = {}
    for direction, angle in ANGLES[tessellation].items():
        if mirror:
            angle = 180 - angle
        found[direction] = by_angle[(angle + TURN[tessellation] * turns) % 360]
    return found


@pytest.mark.parametrize("tessellation", list(Tessellation))
def test_the_direction_map_turns_the_compass(tessellation: Tessellation) -> None:
    for turns, mirror in symmetries(tessellation):
        assert dict(direction_map(tessellation, turns, mirror)) == compass(
            tessellation, turns, mirror
        )


def test_worked_direction_maps() -> None:
    # By hand: a quarter turn clockwise takes left to up; a sixth of a turn
    # takes a hexagon's right side to its lower right; a half turn of the
    # triangles takes the north-west strip's direction to the south-east.
    assert direction_map(T.SOKOBAN, 1, False)[D.LEFT] is D.UP
    assert direction_map(T.SOKOBAN, 0, True)[D.UP] is D.UP
    assert direction_map(T.HEXOBAN, 1, False)[D.RIGHT] is D.SOUTH_EAST
    assert direction_map(T.HEXOBAN, 0, True)[D.NORTH_WEST] is D.NORTH_EAST
    assert direction_map(T.TRIOBAN, 1, False)[D.NORTH_WEST] is D.SOUTH_EAST
    assert direction_map(T.TRIOBAN, 0, True)[D.SOUTH_WEST] is D.SOUTH_EAST
    assert direction_map(T.OCTOBAN, 1, False)[D.NORTH_EAST] is D.SOUTH_EAST


@st.composite
def boards(draw: st.DrawFn, tessellation: Tessellation) -> Board:
    """A small board with at least one wall."""
    width = draw(st.integers(1, 6))
    rows = draw(
        st.lists(st.text(alphabet=SQUARES, min_size=width, max_size=width), min_size=1, max_size=5)
    )
    row = draw(st.integers(0, len(rows) - 1))
    column = draw(st.integers(0, width - 1))
    rows[row] = rows[row][:column] + "#" + rows[row][column + 1 :]
    return Board(tessellation, tuple(rows))


@st.composite
def walled_boards(draw: st.DrawFn, tessellation: Tessellation) -> Board:
    """A small board inside a ring of walls: nothing can walk off it, so its
    games stay on every drawing of it (trimming takes floor off the edges)."""
    inside = draw(boards(tessellation)).cells
    width = len(inside[0]) + 2
    return Board(tessellation, ("#" * width, *(f"#{row}#" for row in inside), "#" * width))


def _centre(tessellation: Tessellation, cell: tuple[int, int]) -> tuple[float, float]:
    corners = cell_polygon(tessellation, cell, 6.0)
    return (
        sum(x for x, _ in corners) / len(corners),
        sum(y for _, y in corners) / len(corners),
    )


@pytest.mark.parametrize("tessellation", list(Tessellation))
@given(data=st.data())
def test_the_isometry_maps_steps_onto_steps(
    tessellation: Tessellation, data: st.DataObject
) -> None:
    board = data.draw(boards(tessellation))
    turns, mirror = data.draw(st.sampled_from(symmetries(tessellation)))
    drawn = transformed(board, turns, mirror)
    found = isometry(board, drawn)
    assert found is not None
    cells = found.cells
    assert set(cells) == {(r, c) for r in range(board.height) for c in range(board.width)}
    for cell, image in cells.items():
        # The square is the same, pushers aside (one may stand elsewhere in its region).
        there = (
            drawn[image] if 0 <= image[0] < drawn.height and 0 <= image[1] < drawn.width else "-"
        )
        assert there.replace("@", "-").replace("+", ".") == board[cell].replace("@", "-").replace(
            "+", "."
        )
        for direction in tessellation.directions:
            step = neighbour(tessellation, cell, direction)
            turned = neighbour(tessellation, image, found.directions[direction])
            if step is None:
                assert turned is None
            elif step in cells:
                assert turned == cells[step]


@pytest.mark.parametrize("tessellation", list(Tessellation))
@given(data=st.data())
def test_the_isometry_keeps_the_distances_of_the_cells(
    tessellation: Tessellation, data: st.DataObject
) -> None:
    board = data.draw(boards(tessellation))
    turns, mirror = data.draw(st.sampled_from(symmetries(tessellation)))
    found = isometry(board, transformed(board, turns, mirror))
    assert found is not None
    pairs = [(_centre(tessellation, a), _centre(tessellation, b)) for a, b in found.cells.items()]
    for (a, a_image), (b, b_image) in zip(pairs, pairs[1:] + pairs[:1], strict=True):
        assert math.isclose(math.dist(a, b), math.dist(a_image, b_image), abs_tol=1e-6)


@pytest.mark.parametrize("tessellation", list(Tessellation))
@given(data=st.data())
def test_a_carried_game_ends_where_the_game_did(
    tessellation: Tessellation, data: st.DataObject
) -> None:
    board = data.draw(walled_boards(tessellation))
    letters = "".join(tessellation.letters)
    text = data.draw(st.text(alphabet=letters + letters.upper(), max_size=12))
    game = loads_moves(text, tessellation=tessellation) if text else SavedGame((), tessellation)
    played = replay(board, game)
    if not played.legal:  # keep the steps that can be played
        assert played.failed_at is not None
        game = SavedGame(game.steps[: played.failed_at], tessellation)
        played = replay(board, game)
    drawn = transformed(board, *data.draw(st.sampled_from(symmetries(tessellation))))
    found = isometry(board, drawn)
    assert found is not None
    moved = carried(game, found)
    after = replay(drawn, moved)
    assert after.legal
    assert after.solved == played.solved
    expected = {
        found.cells[(r, c)]: square
        for r, row in enumerate(played.board.cells)
        for c, square in enumerate(row)
        if square != "-"
    }
    assert {
        (r, c): square
        for r, row in enumerate(after.board.cells)
        for c, square in enumerate(row)
        if square != "-"
    } == expected


# --------------------------------------------------------- worked examples

KEPT = "######\n#@ $.#\n#    #\n######"
# KEPT turned a quarter clockwise, the pusher one cell further from the box.
TURNED = "####\n#  #\n#@ #\n# $#\n# .#\n####"


def test_a_forward_game_first_walks_to_where_the_pusher_stood() -> None:
    kept, repeat = loads_board(KEPT), loads_board(TURNED)
    found = isometry(repeat, kept)
    assert found is not None
    assert found.symmetry == (3, False)  # three quarter turns undo one
    game = loads_moves("rD").with_metadata(title="Solution", solved_by="me", notes="By hand.")
    moved = carried(game, found)
    # TURNED's (2, 1) is KEPT's (2, 2): two moves from KEPT's pusher, round
    # the left of the box; then right is up and down is right.
    walk = str(moved)[:2]
    assert sorted(walk) == ["d", "r"]
    assert str(moved) == walk + "uR"
    assert (moved.title, moved.solved_by) == ("Solution", "me")
    assert moved.notes.splitlines() == [
        "By hand.",
        "Carried over from another drawing of this puzzle: the first 2 moves walk the pusher "
        "to where it stood there.",
    ]
    assert replay(kept, moved).solved


def test_the_position_marker_stays_on_the_same_step() -> None:
    kept, repeat = loads_board(KEPT), loads_board(TURNED)
    found = isometry(repeat, kept)
    assert found is not None
    moved = carried(loads_moves("r*D"), found)
    assert str(moved)[2:] == "u*R"


def test_a_reverse_game_jumps_to_where_the_pusher_landed() -> None:
    kept = loads_board("######\n#@ $.#\n######")
    repeat = loads_board("######\n#.$@ #\n######")  # mirrored, the pusher elsewhere
    found = isometry(repeat, kept)
    assert found is not None
    game = loads_moves("[l]R")
    moved = carried(game, found)
    # The jump landed on the repeat's (1, 2), the kept board's (1, 3): two
    # cells right of its pusher; the pull to the right is one to the left.
    assert str(moved) == "[rr]L"
    assert moved.solving_mode is SolvingMode.REVERSE
    before, after = replay(repeat, game), replay(kept, moved)
    assert before.solved
    assert after.solved
    assert after.metrics == before.metrics  # a jump is no move


def test_a_reverse_game_without_a_jump_gets_one() -> None:
    kept = loads_board("######\n#@ $.#\n######")
    repeat = loads_board("######\n#.$ @#\n######")  # mirrored
    moved = carried(loads_moves("[]llR"), isometry(repeat, kept))  # type: ignore[arg-type]
    assert str(moved) == "[]rrL"  # the pusher stands where it stood: no jump needed
    elsewhere = loads_board("######\n#.$@ #\n######")
    moved = carried(loads_moves("[]lR"), isometry(elsewhere, kept))  # type: ignore[arg-type]
    # The repeat's pusher (1, 3) is the kept board's (1, 2), a jump right.
    assert str(moved) == "[r]rL"
    assert replay(kept, moved).solved


def test_several_pushers_begin_with_the_one_that_played_first() -> None:
    kept = loads_board("#######\n#@$.  #\n#@ $. #\n#######")
    repeat = loads_board("#######\n# .$ @#\n#  .$@#\n#######")  # a half turn
    game = loads_moves("lL{drr}L")
    assert replay(repeat, game).solved
    moved = carried(game, isometry(repeat, kept))  # type: ignore[arg-type]
    # The repeat's first pusher (1, 5) is the kept board's second, (2, 1).
    assert str(moved) == "{d}rR{ull}R"
    assert replay(kept, moved).solved


@pytest.mark.parametrize(
    "rows",
    [
        ("#######", "#@-$.#-", "#######"),  # a row of hexagons
        ("#######", "#@-$.##", "#######"),  # a row of triangles
    ],
    ids=["Hexoban", "Trioban"],
)
def test_hexoban_and_trioban_games_turn_with_their_boards(rows: tuple[str, ...]) -> None:
    tessellation = T.HEXOBAN if rows[1].endswith("-") else T.TRIOBAN
    kept = Board(tessellation, rows)
    assert replay(kept, loads_moves("rR", tessellation=tessellation)).solved
    # By hand: a sixth of a turn takes a hexagon's right to its lower right
    # ("d"), a half turn of the triangles takes right to left.
    first = "dD" if tessellation is T.HEXOBAN else "lL"
    for turns, mirror in symmetries(tessellation):
        repeat = transformed(kept, turns, mirror)
        letter_of = {direction: letter for letter, direction in tessellation.letters.items()}
        letters = {d: letter_of[e] for d, e in compass(tessellation, turns, mirror).items()}
        text = letters[D.RIGHT] + letters[D.RIGHT].upper()
        if (turns, mirror) == (1, False):
            assert text == first
        game = loads_moves(text, tessellation=tessellation)
        assert replay(repeat, game).solved
        moved = carried(game, isometry(repeat, kept))  # type: ignore[arg-type]
        assert str(moved) == "rR"


def test_a_game_illegal_on_its_own_board_is_refused() -> None:
    kept, repeat = loads_board(KEPT), loads_board(TURNED)
    found = isometry(repeat, kept)
    assert found is not None
    with pytest.raises(ValidationError, match="its step 2 cannot be played on its own board"):
        carried(loads_moves("rU"), found)


def test_the_replay_proves_the_carried_game() -> None:
    kept, repeat = loads_board(KEPT), loads_board(TURNED)
    found = isometry(repeat, kept)
    assert found is not None
    unturned = Isometry(
        repeat, kept, found.symmetry, found.cells, {d: d for d in T.SOKOBAN.directions}
    )
    with pytest.raises(ValidationError, match="cannot be played on the board it goes to"):
        carried(loads_moves("rD"), unturned)
    room = loads_board(KEPT)
    swapped = {(r, c): (r, c) for r in range(room.height) for c in range(room.width)}
    swapped[2, 1], swapped[2, 2] = (2, 2), (2, 1)  # two cells below the pusher, wrongly
    identity = {d: d for d in T.SOKOBAN.directions}
    with pytest.raises(ValidationError, match="does not end in the same position"):
        carried(loads_moves("d"), Isometry(room, room, (0, False), swapped, identity))
    with pytest.raises(ValidationError, match="Hexoban game"):
        carried(SavedGame((Step(StepKind.MOVE, D.LEFT),), T.HEXOBAN), found)


def test_boards_of_other_puzzles_have_no_isometry() -> None:
    kept = loads_board(KEPT)
    assert isometry(loads_board("######\n#@$ .#\n#    #\n######"), kept) is None
    assert isometry(Board(T.HEXOBAN, kept.cells), kept) is None
    nearer = loads_board("######\n# @$.#\n#    #\n######")
    assert isometry(nearer, kept) is not None  # the same region
    behind = loads_board("######\n#  $.#\n#  @ #\n######")
    assert isometry(behind, kept) is not None
