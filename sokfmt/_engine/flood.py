"""Floods over a board's flat cells: the closed-board test, the outside, the
squares a pusher reaches and the squares a box can be pulled back to from a
goal, in every tessellation, without a call per square.

A board is laid out flat, row after row, each row after one cell of frame
(`Layout.index`), with a row of frame above and below: every neighbour of a
board cell is a cell of this layout, and a step is the same offset of the
index wherever it is taken (per cell shape, see `sokfmt.geometry.cell_shape`).
A set of cells is an integer whose bit i stands for cell i.  Small boards
(`SMALL` cells or fewer, Boxoban's among them) flood a whole front at a time
with shifts of those integers, a few operations a step however many cells it
adds; larger ones, where a long corridor would make that quadratic, flood a
cell at a time over a bytearray, in time linear in their size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress

from ..board import Board, Position
from ..tessellation import Tessellation

__all__ = (
    "FRAME",
    "SMALL",
    "Layout",
    "bits",
    "first_cells",
    "layout",
    "positions",
    "pull",
    "spread",
)

#: Boards of up to this many cells of layout flood as integers.
SMALL = 2048
#: The layout's character for the frame round the board.
FRAME = "~"


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the cells of a board of one tessellation and size stand in its
    flat layout, and the offsets of its steps.

    `moves` gives, per cell shape, the bits of the board cells of that
    shape and the offsets of their neighbours (`shifts`: the same as
    shifts of a set of cells, left for a positive offset, right for a
    negative one); `pulls`, per shape, the bits
    of its cells and, for each direction, (offset of the cell a box pushed
    from there goes to, offset of the cell its pusher stands on).
    """

    tessellation: Tessellation
    height: int
    width: int
    stride: int
    cells: int
    board: int
    edge: int
    moves: tuple[tuple[int, tuple[int, ...]], ...]
    shifts: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]
    pulls: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    #: The position of each index, for small boards (a lookup, not a division).
    places: tuple[Position, ...]

    def index(self, position: Position) -> int:
        row, column = position
        return (row + 1) * self.stride + column + 1

    def position(self, index: int) -> Position:
        row, column = divmod(index, self.stride)
        return row - 1, column - 1

    def squares(self, board: Board) -> bytes:
        """The squares of `board` in layout order, the frame as `FRAME`."""
        frame = FRAME * (self.stride + 1)
        return (frame + FRAME.join(board.cells) + frame).encode("ascii")

    def shape(self, index: int) -> int:
        """The shape of the cell at `index` (see `sokfmt.geometry.cell_shape`)."""
        if self.tessellation is Tessellation.SOKOBAN:
            return 0
        row, column = divmod(index, self.stride)
        if self.tessellation is Tessellation.HEXOBAN:
            return (row - 1) % 2
        return (row + column) % 2  # (row - 1) + (column - 1) has the same parity


@lru_cache(maxsize=64)
def layout(tessellation: Tessellation, height: int, width: int) -> Layout:
    """The layout of boards of `tessellation`, `height` rows of `width` cells."""
    from ..geometry import _STEP_OFFSETS, OPPOSITE, cell_shape

    stride = width + 1
    tables = _STEP_OFFSETS[tessellation]
    # The masks are built as texts of "0" and "1", in time linear in the
    # board (or-ing one bit at a time into an integer would be quadratic).
    # A cell's shape depends on its row's parity and its column's only.
    shape_bits = []
    for shape in range(len(tables)):
        rows = [
            "".join(
                "1" if cell_shape(tessellation, (row, c)) == shape else "0" for c in range(width)
            )
            for row in (0, 1)
        ]
        shape_bits.append(_mask(stride, [rows[row % 2] for row in range(height)]))
    board = _mask(stride, ["1" * width] * height)
    # Only cells of the first and last rows and columns have a neighbour off the board.
    border = bytearray(b"0" * ((height + 2) * stride + 1))
    for row in range(height):
        for column in range(width) if row in (0, height - 1) else {0, width - 1}:
            steps = tables[cell_shape(tessellation, (row, column))].values()
            if any(not (0 <= row + dy < height and 0 <= column + dx < width) for dy, dx in steps):
                border[(row + 1) * stride + column + 1] = ord("1")
    edge = int(border.decode("ascii")[::-1], 2)
    moves = []
    pulls = []
    for shape, table in enumerate(tables):
        offsets = sorted({dy * stride + dx for dy, dx in table.values()})
        moves.append((shape_bits[shape], tuple(offsets)))
        pairs = set()
        for direction, (dy, dx) in table.items():
            back = table.get(OPPOSITE[direction])
            if back is not None:
                pairs.add((dy * stride + dx, back[0] * stride + back[1]))
        pulls.append((shape_bits[shape], tuple(sorted(pairs))))
    cells = (height + 2) * stride + 1
    places = tuple(
        (index // stride - 1, index % stride - 1) for index in range(cells if cells <= SMALL else 0)
    )
    shifts = tuple(
        (mask, tuple(o for o in offsets if o > 0), tuple(-o for o in offsets if o < 0))
        for mask, offsets in moves
    )
    return Layout(
        tessellation, height, width, stride, cells, board, edge,
        tuple(moves), shifts, tuple(pulls), places,
    )  # fmt: skip


def _mask(stride: int, rows: list[str]) -> int:
    """The cells marked "1" in `rows` (one text of "0" and "1" a row)."""
    frame = "0" * (stride + 1)
    return int((frame + "0".join(rows) + frame)[::-1], 2)


def bits(squares: bytes, wanted: str) -> int:
    """The cells of a layout's `squares` that hold one of `wanted`."""
    return int(squares.translate(_table(wanted))[::-1], 2)


@lru_cache(maxsize=32)
def _table(wanted: str) -> bytes:
    """Each byte to "1" if it is one of `wanted`, else to "0"."""
    return bytes(ord("1" if chr(byte) in wanted else "0") for byte in range(256))


def first_cells(squares: bytes, wanted: bytes) -> int:
    """The cells of `squares` that hold the square `wanted`, found one by one
    (fewer operations than `bits` for a square that stands once or twice,
    as pushers do)."""
    cells = 0
    index = squares.find(wanted)
    while index >= 0:
        cells |= 1 << index
        index = squares.find(wanted, index + 1)
    return cells


def positions(plan: Layout, cells: int) -> list[Position]:
    """The positions of `cells`, row by row."""
    text = format(cells, "b")[::-1]
    if plan.places:  # picked by the flags, in C
        return list(compress(plan.places, text.encode("ascii").translate(_FLAGS)))
    found = []
    index = text.find("1")
    while index >= 0:
        found.append(plan.position(index))
        index = text.find("1", index + 1)
    return found


_FLAGS = bytes.maketrans(b"01", b"\x00\x01")


def _shifted(cells: int, offset: int) -> int:
    """Bit i of the result is bit i + offset of `cells`."""
    return cells >> offset if offset >= 0 else cells << -offset


def spread(plan: Layout, reached: int, passable: int, stop: int = 0) -> int:
    """`reached` and every cell of `passable` a walk from it reaches through
    cells of `passable`; as soon as it reaches a cell of `stop`, what it
    has reached so far."""
    passable &= plan.board
    if plan.cells > SMALL:
        return _spread_cells(plan, reached, passable, stop)
    # Each round adds the cells next to the last round's (the front).
    passable &= ~reached
    front = reached
    if plan.tessellation is Tessellation.SOKOBAN:  # the four steps written out
        stride = plan.stride
        while front and not reached & stop:
            front = ((front << 1) | (front >> 1) | (front << stride) | (front >> stride)) & passable
            passable ^= front
            reached |= front
        return reached
    while front and not reached & stop:
        near = 0
        for mask, ups, downs in plan.shifts:
            cells = front & mask
            for shift in ups:
                near |= cells << shift
            for shift in downs:
                near |= cells >> shift
        front = near & passable
        passable ^= front
        reached |= front
    return reached


def pull(plan: Layout, goals: int, floor: int) -> int:
    """The cells of `floor` a lone box can be pushed from onto one of
    `goals`, the goals among them: a box goes from s to t when its pusher
    stands on the cell before s in that direction, s and that cell on
    `floor`.  The search pulls it back from t to s."""
    floor &= plan.board
    if plan.cells > SMALL:
        return _pull_cells(plan, goals, floor)
    # For each shape and direction, the cells s whose pusher's cell is floor.
    pullable = [
        (mask & floor & _shifted(floor, back), ahead)
        for mask, pairs in plan.pulls
        for ahead, back in pairs
    ]
    live = front = goals
    while front:
        grown = 0
        for cells, ahead in pullable:
            grown |= cells & _shifted(front, ahead)
        front = grown & ~live
        live |= front
    return live


# ------------------------------------------------- cell by cell, for large boards


def _flags(plan: Layout, cells: int) -> bytearray:
    return bytearray(format(cells, "b")[::-1].ljust(plan.cells, "0").encode("ascii"))


def _from_flags(flags: bytearray) -> int:
    return int(flags.decode("ascii")[::-1], 2)


def _spread_cells(plan: Layout, reached: int, passable: int, stop: int) -> int:
    seen = _flags(plan, reached)
    open_ = _flags(plan, passable & ~reached)
    stops = _flags(plan, stop)
    one, zero = ord("1"), ord("0")
    queue = [i for i, flag in enumerate(seen) if flag == one]
    single = plan.moves[0][1] if len(plan.moves) == 1 else None
    for index in queue:
        if stops[index] == one:
            break
        for offset in single or plan.moves[plan.shape(index)][1]:
            near = index + offset
            if open_[near] == one:
                open_[near] = zero
                seen[near] = one
                queue.append(near)
    return _from_flags(seen)


def _pull_cells(plan: Layout, goals: int, floor: int) -> int:
    live = _flags(plan, goals)
    ground = _flags(plan, floor)
    one = ord("1")
    queue = [i for i, flag in enumerate(live) if flag == one]
    for target in queue:
        for offset in plan.moves[plan.shape(target)][1]:
            source = target + offset
            if live[source] == one or ground[source] != one:
                continue
            # The directions are those of the source's shape.
            for ahead, back in plan.pulls[plan.shape(source)][1]:
                if source + ahead == target and ground[source + back] == one:
                    live[source] = one
                    queue.append(source)
                    break
    return _from_flags(live)
