"""Boards as numpy arrays, for programs that learn from levels.

numpy is an optional dependency (``pip install 'sokfmt[numpy]'``) imported
only when one of these functions is called.  An array holds one code per
cell, rows by columns, as `Board.cells` stores them (a Hexoban row is its
cells, not its two-column text):

====  ==============  ==============================================
code  square          text
====  ==============  ==============================================
0     outside         floor that reaches the edge without a wall
1     floor           ``-`` (or a blank) inside the walls
2     wall            ``#``
3     goal            ``.``
4     box             ``$``
5     box on goal     ``*``
6     pusher          ``@``
7     pusher on goal  ``+``
====  ==============  ==============================================

The outside is found as `sokfmt.geometry.outside` finds it, one step of all
boards at a time, so that a stack of a million small levels costs little
more than reading them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from itertools import chain
from typing import TYPE_CHECKING, Any, Literal, overload

from ._arguments import checked, checked_flag, items
from ._deprecated import keyword_only_since_0_3
from .board import Board
from .errors import ValidationError
from .geometry import _STEP_OFFSETS
from .puzzle import Puzzle
from .rle import DEFAULT_LIMIT
from .tessellation import Tessellation

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = (
    "BOX",
    "BOX_ON_GOAL",
    "FLOOR",
    "GOAL",
    "OUTSIDE",
    "PUSHER",
    "PUSHER_ON_GOAL",
    "WALL",
    "from_array",
    "load_arrays",
    "to_array",
    "to_arrays",
)

OUTSIDE, FLOOR, WALL, GOAL, BOX, BOX_ON_GOAL, PUSHER, PUSHER_ON_GOAL = range(8)

#: The square of each code; the outside reads back as floor, as in a Board.
SQUARE_OF_CODE = "--#.$*@+"
# Canonical squares to codes, the floor coded as floor (the outside is found after).
_CODES = bytes.maketrans(
    b"-#.$*@+", bytes((FLOOR, WALL, GOAL, BOX, BOX_ON_GOAL, PUSHER, PUSHER_ON_GOAL))
)


def to_array(board: Board) -> npt.NDArray[np.uint8]:
    """The codes of `board`'s cells, a ``uint8`` array of shape (height, width).

    >>> to_array(loads_board("#####\\n#@$.#\\n#####"))
    array([[2, 2, 2, 2, 2],
           [2, 6, 4, 3, 2],
           [2, 2, 2, 2, 2]], dtype=uint8)
    """
    checked(board, Board, "board")
    layer: npt.NDArray[np.uint8] = to_arrays([board])[0]
    return layer


def _numpy() -> Any:
    """numpy, imported on first use; without it, an error that names the extra."""
    try:
        import numpy
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(
            "sokfmt's arrays need numpy: python -m pip install 'sokfmt[numpy]'", name="numpy"
        ) from error
    return numpy


@keyword_only_since_0_3("shape")
def to_arrays(
    puzzles: Iterable[Puzzle | Board], *, shape: tuple[int, int] | None = None
) -> npt.NDArray[np.uint8]:
    """The boards of `puzzles` (puzzles or boards, of one tessellation)
    stacked into one ``uint8`` array of shape (count, height, width), each
    board at the top left of its layer and the rest outside.  `shape` is
    (height, width), by default that of the tallest and the widest board.

    >>> boards = to_arrays([loads_board("#####\\n#@$.#\\n#####"), loads_board("###\\n#@#\\n###")])
    >>> boards.shape
    (2, 3, 5)
    >>> boards[1]
    array([[2, 2, 2, 0, 0],
           [2, 6, 2, 0, 0],
           [2, 2, 2, 0, 0]], dtype=uint8)

    Raises:
        ValidationError: boards of different tessellations (an array does
            not say which its boards are), an item that is neither a puzzle
            nor a board, a `shape` that is not two whole numbers, a board
            that does not fit in it, or a layer of more than
            `sokfmt.DEFAULT_LIMIT` squares.
    """
    numpy = _numpy()
    boards = [_board_of(item) for item in items(puzzles, "puzzles", "puzzles and boards")]
    _one_tessellation(boards)
    # Boards of one size are coded together, from one text.
    groups: dict[tuple[int, int], list[int]] = {}
    for index, board in enumerate(boards):
        groups.setdefault((len(board.cells), len(board.cells[0])), []).append(index)
    height = max((rows for rows, _ in groups), default=0)
    width = max((columns for _, columns in groups), default=0)
    height, width = _fitted(height, width, shape)
    # A frame of one cell round every layer stands for the world off the
    # board, where the outside begins.
    codes = numpy.zeros((len(boards), height + 2, width + 2), dtype=numpy.uint8)
    for (rows, columns), indices in groups.items():
        text = "".join(chain.from_iterable(boards[i].cells for i in indices))
        coded = numpy.frombuffer(text.encode("ascii").translate(_CODES), dtype=numpy.uint8)
        codes[indices, 1 : rows + 1, 1 : columns + 1] = coded.reshape(len(indices), rows, columns)
    if boards:
        codes[_outside(boards[0].tessellation, codes)] = OUTSIDE
    inside: npt.NDArray[np.uint8] = codes[:, 1:-1, 1:-1].copy()
    return inside


def _board_of(item: object) -> Board:
    if isinstance(item, Puzzle):
        return item.board
    if isinstance(item, Board):
        return item
    raise ValidationError(
        f"puzzles must be an iterable of puzzles and boards, not of {type(item).__name__}"
    )


def _one_tessellation(boards: list[Board]) -> None:
    """Refuse boards of more than one tessellation, naming the first of each."""
    first: dict[Tessellation, int] = {}
    for number, board in enumerate(boards, start=1):
        first.setdefault(board.tessellation, number)
    _refuse_mixed(first)


def _refuse_mixed(first: dict[Tessellation, int]) -> None:
    """Refuse the boards whose first board of each tessellation `first` gives
    (numbered from 1) if they are of more than one."""
    if len(first) > 1:
        found = ", ".join(f"{t.value} (board {n})" for t, n in first.items())
        raise ValidationError(f"An array holds boards of one tessellation, not {found}")


def _shape(shape: object) -> tuple[int, int]:
    """`shape` as (height, width), checked before anything is allocated."""
    if (
        not isinstance(shape, (tuple, list))
        or len(shape) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in shape)
    ):
        raise ValidationError(f"A shape is (height, width), two whole numbers, not {shape!r}")
    height, width = shape
    if height * width > DEFAULT_LIMIT:
        raise ValidationError(
            f"A shape of {height * width:,} squares is more than a board may have "
            f"({DEFAULT_LIMIT:,})"
        )
    return height, width


def _fitted(height: int, width: int, shape: object) -> tuple[int, int]:
    """The shape of an array of boards as large as `height` by `width`: those,
    or `shape` (checked) when one is asked for."""
    if shape is None:
        return height, width
    wanted = _shape(shape)
    if height > wanted[0] or width > wanted[1]:
        raise ValidationError(
            f"The boards need a shape of at least {(height, width)} (height, width), not {wanted}"
        )
    return wanted


Paths = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]


@overload
def load_arrays(
    files: Paths, *, shape: tuple[int, int] | None = None, titles: Literal[False] = False
) -> npt.NDArray[np.uint8]: ...


@overload
def load_arrays(
    files: Paths, *, shape: tuple[int, int] | None = None, titles: Literal[True]
) -> tuple[npt.NDArray[np.uint8], list[str]]: ...


def load_arrays(
    files: Paths, *, shape: tuple[int, int] | None = None, titles: bool = False
) -> npt.NDArray[np.uint8] | tuple[npt.NDArray[np.uint8], list[str]]:
    """The boards of `files` (a path or paths, each read as `sokfmt.load`
    reads it) in one array, as `to_arrays` stacks them; with `titles`, the
    array and the list of the puzzles' titles.

    A file of bare boards of one size (``; N`` title lines, each above the
    rows of a board that begin and end with a wall, a blank line after
    each: DeepMind's Boxoban levels) is read straight into the array, a
    whole file at a time, with the checks `load` makes; any other file is
    read by `load`, and the array and titles are the same either way.

    >>> from importlib.resources import as_file, files
    >>> with as_file(files("sokfmt") / "samples" / "tiny.sok") as path:
    ...     boards = load_arrays(path)
    >>> boards.shape
    (2, 3, 5)
    >>> boards[1]
    array([[2, 2, 2, 2, 2],
           [2, 6, 4, 3, 2],
           [2, 2, 0, 2, 2]], dtype=uint8)

    Raises:
        ParseError: a file is not valid in its format, at its line and
            column in that file (a note names the file).
        ValidationError: as `to_arrays` (boards of different tessellations,
            a `shape` they do not fit), or as `load` (a file whose format
            sokfmt cannot tell).
        OSError: a file cannot be read.
    """
    from ._sok import arrays as _bare_arrays
    from .errors import SokfmtError
    from .files import file_format, load

    numpy = _numpy()
    checked_flag(titles, "titles")
    if isinstance(files, (str, os.PathLike)):
        paths = [files]
    else:
        paths = items(files, "files", "paths")
        for path in paths:
            checked(path, (str, os.PathLike), "files", "a path or an iterable of paths")
    layers: list[npt.NDArray[np.uint8]] = []
    names: list[str] = []
    first: dict[Tessellation, int] = {}  # the first board of each tessellation
    count = 0
    for path in paths:
        chosen = file_format(path)
        found = None
        if chosen.name in ("sok", "xsb"):  # Sokoban, unless a "Game:" line says otherwise
            with open(path, "rb") as file:
                found = _bare_arrays.read(file.read(), numpy)
        if found is not None:
            squares, lines = found
            layer = _with_outside(numpy, Tessellation.SOKOBAN, squares)
            if titles:
                names.extend(_bare_arrays.titles(lines))
            first.setdefault(Tessellation.SOKOBAN, count + 1)
        else:
            try:
                puzzles = load(path).puzzles
            except SokfmtError as error:
                error.add_note(f"in {os.fspath(path)}")
                raise
            for number, puzzle in enumerate(puzzles, start=count + 1):
                first.setdefault(puzzle.board.tessellation, number)
            _refuse_mixed(first)
            layer = to_arrays(puzzles)
            if titles:
                names.extend(puzzle.title for puzzle in puzzles)
        _refuse_mixed(first)
        count += len(layer)
        layers.append(layer)
    stack = _stacked(numpy, [layer for layer in layers if len(layer)], count, shape)
    return (stack, names) if titles else stack


def _with_outside(
    numpy: Any, tessellation: Tessellation, squares: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint8]:
    """`squares` with the outside coded, found as `to_arrays` finds it."""
    codes = numpy.zeros((len(squares), squares.shape[1] + 2, squares.shape[2] + 2), numpy.uint8)
    codes[:, 1:-1, 1:-1] = squares
    codes[_outside(tessellation, codes)] = OUTSIDE
    inside: npt.NDArray[np.uint8] = codes[:, 1:-1, 1:-1]
    return inside


def _stacked(
    numpy: Any,
    layers: list[npt.NDArray[np.uint8]],
    count: int,
    shape: tuple[int, int] | None,
) -> npt.NDArray[np.uint8]:
    """`layers` (boards of one tessellation) in one array, each at the top
    left of its layers, as `to_arrays` places them."""
    height = max((layer.shape[1] for layer in layers), default=0)
    width = max((layer.shape[2] for layer in layers), default=0)
    height, width = _fitted(height, width, shape)
    if all(layer.shape[1:] == (height, width) for layer in layers):
        if not layers:
            return numpy.zeros((0, height, width), dtype=numpy.uint8)  # type: ignore[no-any-return]
        return numpy.concatenate(layers)  # type: ignore[no-any-return]
    stack = numpy.zeros((count, height, width), dtype=numpy.uint8)
    start = 0
    for layer in layers:
        stack[start : start + len(layer), : layer.shape[1], : layer.shape[2]] = layer
        start += len(layer)
    return stack  # type: ignore[no-any-return]


def _outside(tessellation: Tessellation, codes: npt.NDArray[np.uint8]) -> Any:
    """Where `codes` (framed layers) is outside: the frame, the padding, and
    the floor that reaches them without crossing a wall.

    The outside grows from the frame a step at a time: a floor cell joins
    it when one of its neighbours (by its own shape, see
    `sokfmt.geometry.cell_shape`) is in it.
    """
    import numpy as np

    floor = codes == FLOOR
    reached = codes == OUTSIDE
    height, width = codes.shape[1] - 2, codes.shape[2] - 2
    shapes = _shape_masks(tessellation, height, width)
    moved = np.empty_like(reached)
    while True:
        near = np.zeros_like(reached)
        for mask, offsets in shapes:
            for dy, dx in offsets:
                moved[...] = False
                _shift_into(moved, reached, dy, dx)
                near |= moved & mask
        grown = reached | (near & floor)
        if np.array_equal(grown, reached):
            return reached
        reached = grown


def _shape_masks(tessellation: Tessellation, height: int, width: int) -> list[tuple[Any, Any]]:
    """(mask of the framed grid's board cells of one shape, their neighbours' offsets)."""
    import numpy as np

    rows = np.arange(height)[:, None]
    columns = np.arange(width)[None, :]
    if tessellation is Tessellation.SOKOBAN:
        kinds = np.zeros((height, width), dtype=np.int64)
    elif tessellation is Tessellation.HEXOBAN:
        kinds = np.broadcast_to(rows % 2, (height, width))
    else:
        kinds = (rows + columns) % 2
    masks = []
    for kind, offsets in enumerate(_STEP_OFFSETS[tessellation]):
        mask = np.zeros((height + 2, width + 2), dtype=bool)
        mask[1:-1, 1:-1] = kinds == kind
        masks.append((mask, sorted(set(offsets.values()))))
    return masks


def _shift_into(out: Any, source: Any, dy: int, dx: int) -> None:
    """out[:, r, c] = source[:, r + dy, c + dx] where both lie in the grid."""
    height, width = source.shape[1], source.shape[2]
    rows_out = slice(max(0, -dy), height - max(0, dy))
    rows_in = slice(max(0, dy), height - max(0, -dy))
    columns_out = slice(max(0, -dx), width - max(0, dx))
    columns_in = slice(max(0, dx), width - max(0, -dx))
    out[:, rows_out, columns_out] = source[:, rows_in, columns_in]


@keyword_only_since_0_3("tessellation")
def from_array(array: npt.ArrayLike, *, tessellation: Tessellation = Tessellation.SOKOBAN) -> Board:
    """The board whose cells `array` (rows by columns of codes) holds; the
    outside reads as floor.

    >>> print(from_array([[2, 2, 2, 2, 2], [2, 7, 5, 1, 2], [2, 2, 2, 2, 2]]))
    #####
    #+*-#
    #####

    Raises:
        ValidationError: not an array of two dimensions (ragged rows among
            them), or a value that is no code.
    """
    checked(tessellation, Tessellation, "tessellation")
    numpy = _numpy()
    try:
        codes = numpy.asarray(array)
    except (ValueError, TypeError) as error:  # ragged rows, or what is no array
        raise ValidationError(
            f"array must be a board's array, rows of one length: {error}"
        ) from error
    if codes.ndim != 2 or 0 in codes.shape:
        raise ValidationError(
            f"array must be a board's array, two dimensions, not shape {codes.shape}"
        )
    if not numpy.issubdtype(codes.dtype, numpy.integer) or codes.min() < 0 or codes.max() > 7:
        raise ValidationError("array must be a board's array, the codes 0 to 7 only")
    squares = numpy.frombuffer(SQUARE_OF_CODE.encode("ascii"), dtype=numpy.uint8)[codes]
    text = squares.tobytes().decode("ascii")
    columns = codes.shape[1]
    cells = tuple(text[start : start + columns] for start in range(0, len(text), columns))
    return Board(tessellation, cells)
