"""sokfmt.to_array, from_array and to_arrays (the numpy extra): codes worked
out by hand, every cell against the table of codes in README and
sokfmt.geometry.outside, round trips, stacks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sokfmt import (
    Board,
    Puzzle,
    Tessellation,
    ValidationError,
    from_array,
    loads_board,
    to_array,
    to_arrays,
)
from sokfmt.geometry import outside

np = pytest.importorskip("numpy", reason="numpy (the numpy extra) is not installed")

# The codes as README documents them.
CODE = {"#": 2, "-": 1, ".": 3, "$": 4, "*": 5, "@": 6, "+": 7}
OUTSIDE = 0


def test_codes_of_a_board_worked_out_by_hand() -> None:
    board = loads_board("  ####\n###  #\n#@$.*#\n#+ ###\n####")
    # Row 4 is padded with floor, which reaches the edge: outside.
    assert to_array(board).tolist() == [
        [0, 0, 2, 2, 2, 2],
        [2, 2, 2, 1, 1, 2],
        [2, 6, 4, 3, 5, 2],
        [2, 7, 1, 2, 2, 2],
        [2, 2, 2, 2, 0, 0],
    ]
    assert to_array(board).dtype == np.uint8


@st.composite
def _boards(draw: st.DrawFn, tessellation: Tessellation | None = None) -> Board:
    tessellation = tessellation or draw(st.sampled_from(list(Tessellation)))
    height, width = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    cells = tuple(
        "".join(draw(st.sampled_from("#-----.$*@+")) for _ in range(width)) for _ in range(height)
    )
    return Board(tessellation, cells)


@given(board=_boards())
def test_every_cell_has_its_code_and_the_array_reads_back(board: Board) -> None:
    array = to_array(board)
    out = outside(board)
    expected = [
        [OUTSIDE if (r, c) in out else CODE[square] for c, square in enumerate(row)]
        for r, row in enumerate(board.cells)
    ]
    assert array.shape == (board.height, board.width)
    assert array.tolist() == expected
    assert from_array(array, tessellation=board.tessellation) == board
    assert from_array(array.tolist(), tessellation=board.tessellation) == board  # any array-like


@given(
    boards=st.sampled_from(list(Tessellation)).flatmap(
        lambda tessellation: st.lists(_boards(tessellation), max_size=6)
    )
)
def test_to_arrays_stacks_boards_padded_with_outside(boards: list[Board]) -> None:
    stack = to_arrays(boards)
    height = max((b.height for b in boards), default=0)
    width = max((b.width for b in boards), default=0)
    assert stack.shape == (len(boards), height, width)
    assert stack.dtype == np.uint8
    for layer, board in zip(stack, boards, strict=True):
        alone = to_array(board)
        assert (layer[: board.height, : board.width] == alone).all()
        assert not layer[board.height :].any()
        assert not layer[:, board.width :].any()


def test_to_arrays_takes_puzzles_and_a_shape() -> None:
    small = loads_board("###\n#@#\n###")
    wide = loads_board("#####\n#@$.#\n#####")
    stack = to_arrays([Puzzle(small), wide], shape=(4, 6))
    assert stack.shape == (2, 4, 6)
    assert stack[0].tolist() == [
        [2, 2, 2, 0, 0, 0],
        [2, 6, 2, 0, 0, 0],
        [2, 2, 2, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
    ]
    assert stack[1, 1].tolist() == [2, 6, 4, 3, 2, 0]
    with pytest.raises(ValidationError, match=r"at least \(3, 5\) \(height, width\), not \(2, 9\)"):
        to_arrays([small, wide], shape=(2, 9))
    assert to_arrays([]).shape == (0, 0, 0)


def test_padding_is_off_the_board_for_the_outside() -> None:
    # The floor at (1, 2) reaches the board's right edge: outside, though
    # the layer is wider than the board.
    open_board = loads_board("###\n#@-\n###")
    stack = to_arrays([open_board, loads_board("#####\n#@$.#\n#####")])
    assert stack[0, 1].tolist() == [2, 6, 0, 0, 0]


@pytest.mark.parametrize(
    ("array", "message"),
    [
        ([1, 2, 3], "two dimensions, not shape \\(3,\\)"),
        ([[]], "two dimensions, not shape \\(1, 0\\)"),
        ([[1, 8]], "the codes 0 to 7 only"),
        ([[1, -1]], "the codes 0 to 7 only"),
        ([[1.0, 2.0]], "the codes 0 to 7 only"),
    ],
)
def test_from_array_refuses_what_is_no_board(array: object, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        from_array(array)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        # Each would make numpy ask for more memory than there is (MemoryError,
        # or ValueError: "array is too big"), before any check.
        ((10**6, 10**6), "1,000,000,000,000 squares is more than a board may have"),
        ((2**40, 2**40), "more than a board may have \\(5,000,000\\)"),
        ((3, 1_666_667), "5,000,001 squares"),
        ((5,), "two whole numbers, not \\(5,\\)"),
        ("ab", "two whole numbers, not 'ab'"),
        ((3.0, 5), "two whole numbers"),
        ((True, 5), "two whole numbers"),
    ],
)
def test_to_arrays_refuses_a_shape_before_allocating(shape: object, message: str) -> None:
    board = loads_board("#####\n#@$.#\n#####")
    with pytest.raises(ValidationError, match=message):
        to_arrays([board], shape=shape)  # type: ignore[arg-type]


def test_the_largest_shape_a_board_may_have_is_taken() -> None:
    board = loads_board("###\n#@#\n###")
    assert to_arrays([board], shape=(3, 1_666_666)).shape == (1, 3, 1_666_666)


@pytest.mark.parametrize(
    "array", [[[0, 1], [2]], [[0, 1], 2], [[[0], [1, 2]]]], ids=["ragged", "mixed", "deep"]
)
def test_from_array_refuses_ragged_rows(array: object) -> None:
    with pytest.raises(ValidationError, match="array must be a board's array"):
        from_array(array)  # type: ignore[arg-type]


def test_to_arrays_refuses_boards_of_different_tessellations() -> None:
    sokoban = loads_board("###\n#@#\n###")
    hexoban = Board(Tessellation.HEXOBAN, sokoban.cells)
    trioban = Board(Tessellation.TRIOBAN, sokoban.cells)
    with pytest.raises(
        ValidationError,
        match=r"one tessellation, not Sokoban \(board 1\), Hexoban \(board 3\), "
        r"Trioban \(board 4\)",
    ):
        to_arrays([sokoban, Puzzle(sokoban), Puzzle(hexoban), trioban, hexoban])
    assert to_arrays([hexoban, Puzzle(hexoban)]).shape == (2, 3, 3)
    with pytest.raises(ValidationError, match="an iterable of puzzles and boards, not of str"):
        to_arrays(["###"])  # type: ignore[list-item]
