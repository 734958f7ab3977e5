"""A game's position as `sokfmt.to_array` codes, kept up to date step by
step for `Game.to_array`.

Building a `Board` and then its array costs some 50 times a move; a
learning agent asks for an observation after every move.  So a `View`
keeps the codes of the position last asked for in a `bytearray` (the
array's cells, row by row) and brings them up to date from the steps
played since: a move rewrites two cells, a push or pull three, and
taking a step back undoes what it did.  When that cannot be done (a jump
or pusher change among those steps, or steps undone and replaced by
others since), the codes are built again from the engine's position.

The codes of a cell without a piece (outside, floor, wall, goal) are those
of the board without its pieces, found once by `sokfmt.to_array`.  They
hold for every position only when no piece can ever stand outside: on a
board whose outside no square inside touches (`Frame.sealed`).  Other
boards, rare, build a `Board` each time (`Game.to_array` does).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..board import BOX as BOX_SQUARE
from ..board import BOX_ON_GOAL, FLOOR, GOAL, PUSHER_ON_GOAL, Board
from ..board import PUSHER as PUSHER_SQUARE
from ..tessellation import Tessellation
from .replay import BOX, DIRECTIONS, JUMP, OTHER_BOX, Engine, layout

# The codes of sokfmt.arrays (imported from there only with numpy).
_OUTSIDE, _FLOOR_CODE, _WALL, _GOAL_CODE = 0, 1, 2, 3
# A floor or goal code -> that cell's code with a box, with a pusher.
_BOXED = {_FLOOR_CODE: 4, _GOAL_CODE: 5}
_MANNED = {_FLOOR_CODE: 6, _GOAL_CODE: 7}
_EMPTIED = str.maketrans(
    f"{PUSHER_SQUARE}{PUSHER_ON_GOAL}{BOX_SQUARE}{BOX_ON_GOAL}", f"{FLOOR}{GOAL}{FLOOR}{GOAL}"
)


#: A view's `seen` when it holds no position: two below any step, so that
#: no step is taken for the next one (step 0 would be, after -1).
UNSEEN = -2
# A view's target before any: no `out` is this.
_NO_TARGET = object()


class Frame(NamedTuple):
    """What a board's codes need that never changes, shared by every view
    of games on the board.  Cells are indexed as in the array (row by
    row), not as in the engine (whose grid has a border)."""

    height: int
    width: int
    sealed: bool  # no piece can ever stand outside: the views may be used
    grid: Grid
    empty: list[int]  # a cell -> its code without a piece
    boxed: list[int]  # ... with a box on it
    manned: list[int]  # ... with a pusher on it
    codes: bytes  # the array's cells without pieces


class Grid(NamedTuple):
    """The engine's layout of a tessellation and size, in the array's
    indexes: shared by the frames of every board of that size."""

    flat: list[int]  # engine index -> index in the array (-1: the border)
    tables: tuple[list[int], ...]  # by step code: a cell -> its neighbour that way
    backs: tuple[list[int], ...]  # by step code: a cell -> its neighbour the other way
    # By a step's byte (OTHER_BOX or not): its table, None for a jump's or
    # pusher change's (`Game.to_array` looks steps up this way).
    plain: tuple[list[int] | None, ...]


@lru_cache(maxsize=256)
def grid(tessellation: Tessellation, width: int, height: int) -> Grid:
    """The grid of a `width` x `height` board (cached, as layouts are)."""
    lay = layout(tessellation, width, height)
    flat = [-1] * (lay.size + 1)  # the NOWAY sentinel included
    inner = [lay.index_of(divmod(at, width)) for at in range(width * height)]
    for at, index in enumerate(inner):
        flat[index] = at
    # Codes of one direction share their table: each is mapped once.
    mapped: dict[int, list[int]] = {}
    for table in (*lay.tables, *lay.backs):
        if id(table) not in mapped:
            mapped[id(table)] = [flat[table[index]] for index in inner]
    tables = tuple(mapped[id(table)] for table in lay.tables)
    plain = tuple(tables[code & 31] if code & 31 < JUMP else None for code in range(2 * OTHER_BOX))
    return Grid(flat, tables, tuple(mapped[id(table)] for table in lay.backs), plain)


# Enough for the boards of a large collection's games (a few lists each, 3 kB for 10x10).
@lru_cache(maxsize=1024)
def frame(board: Board) -> Frame:
    """The frame of `board` (cached: a collection's games share boards)."""
    from ..arrays import to_array

    engine = Engine(board, False, (), ())
    lay = engine.layout
    empty_board = Board(board.tessellation, tuple(row.translate(_EMPTIED) for row in board.cells))
    codes = bytes(to_array(empty_board).tobytes())
    grid_ = grid(board.tessellation, lay.width, lay.height)
    empty = list(codes)
    return Frame(
        height=lay.height,
        width=lay.width,
        sealed=_sealed(board, engine, grid_.flat, empty),
        grid=grid_,
        empty=empty,
        boxed=[_BOXED.get(code, code) for code in empty],
        manned=[_MANNED.get(code, code) for code in empty],
        codes=codes,
    )


def _sealed(board: Board, engine: Engine, flat: list[int], empty: list[int]) -> bool:
    """Whether no piece stands outside and no square inside touches the
    outside: pieces then never reach it, and a cell's code without a piece
    is the same in every position.  (A box outside would hide the outside
    beyond it from `to_array`'s flood; a pusher on a goal next to it could
    walk out.)"""
    pieces = [*engine.box_cells(), *engine.pushers]
    # Goals too: a reverse game starts with its boxes on them.
    pieces += [index for index, _ in engine.targets]
    if any(empty[flat[index]] == _OUTSIDE for index in pieces):
        return False
    lay = engine.layout
    tables = [lay.tables[2 * DIRECTIONS.index(d)] for d in board.tessellation.directions]
    inside = [i for i, at in enumerate(flat) if at >= 0 and empty[at] not in (_OUTSIDE, _WALL)]
    return not any(
        flat[near] >= 0 and empty[flat[near]] == _OUTSIDE
        for table in tables
        for near in (table[i] for i in inside)
    )


class View:
    """The codes of a game's position at step `seen` (`UNSEEN`: none), and
    where its active pusher stood then; `Game.to_array` brings them up to
    date.  The frame's lists are kept here too, for `advance`'s speed."""

    __slots__ = (
        "backs",
        "boxed",
        "cells",
        "empty",
        "frame",
        "manned",
        "plain",
        "pusher",
        "reverse",
        "seen",
        "tables",
        "target",
        "written",
    )

    def __init__(self, frame: Frame, reverse: bool) -> None:
        self.frame = frame
        self.reverse = reverse
        self.tables, self.backs, self.plain = frame.grid.tables, frame.grid.backs, frame.grid.plain
        self.empty, self.boxed, self.manned = frame.empty, frame.boxed, frame.manned
        self.cells = bytearray(frame.codes)
        self.seen = UNSEEN
        self.pusher = -1
        # The last `out` array, and its memory as bytes.
        self.target: object = _NO_TARGET
        self.written = memoryview(bytearray())

    def copy(self) -> View:
        """An independent view of the same position (for `Game.copy`),
        without the last `out` (the copy writes into its own)."""
        twin = View.__new__(View)
        twin.frame, twin.reverse, twin.tables, twin.backs, twin.plain = (
            self.frame,
            self.reverse,
            self.tables,
            self.backs,
            self.plain,
        )
        twin.empty, twin.boxed, twin.manned = self.empty, self.boxed, self.manned
        twin.cells, twin.seen, twin.pusher = self.cells[:], self.seen, self.pusher
        twin.target, twin.written = _NO_TARGET, memoryview(bytearray())
        return twin

    def rebuild(self, engine: Engine, played: int) -> None:
        """The codes of the engine's position, which is at step `played`."""
        frame = self.frame
        flat, cells = frame.grid.flat, self.cells
        cells[:] = frame.codes
        for index in [*engine.box_cells(), *engine.under]:
            cells[flat[index]] = frame.boxed[flat[index]]
        under, values = engine.under, engine.cells
        for index in engine.pushers:
            # A box hides a pusher on it, as in `Game.board`.
            if values[index] < BOX and index not in under:
                cells[flat[index]] = frame.manned[flat[index]]
        self.pusher = flat[engine.pushers[engine.active]] if engine.pushers else -1
        self.seen = played

    def update(self, codes: bytes | bytearray, played: int, engine: Engine) -> None:
        """Bring the codes from step `seen` to step `played` of `codes` (the
        game's steps), which must not have changed before `seen` since."""
        seen = self.seen
        if seen != UNSEEN:
            if played > seen:
                for code in codes[seen:played]:
                    if not self.advance(code):
                        break
                else:
                    return
            else:
                for code in reversed(codes[played:seen]):
                    if not self.retreat(code):
                        break
                else:
                    return
        self.rebuild(engine, played)

    def advance(self, code: int) -> bool:
        """Play the move or push (pull) `code` on the codes; False when it is
        a jump or pusher change (the codes are then to be rebuilt)."""
        code &= 31
        if code >= JUMP:
            return False
        cells, p = self.cells, self.pusher
        t = self.tables[code][p]
        cells[p] = self.empty[p]
        if code & 1:
            if self.reverse:  # the box behind comes onto p
                k = self.backs[code][p]
                cells[k] = self.empty[k]
                cells[p] = self.boxed[p]
            else:  # the box on t goes one further
                b = self.tables[code][t]
                cells[b] = self.boxed[b]
        cells[t] = self.manned[t]
        self.pusher = t
        self.seen += 1
        return True

    def retreat(self, code: int) -> bool:
        """Take back the step `code`, the last played; as `advance`."""
        code &= 31
        if code >= JUMP:
            return False
        cells, t = self.cells, self.pusher
        p = self.backs[code][t]
        cells[t] = self.empty[t]
        if code & 1:
            if self.reverse:  # the box on p goes back behind it
                k = self.backs[code][p]
                cells[k] = self.boxed[k]
            else:  # the box one further comes back onto t
                b = self.tables[code][t]
                cells[b] = self.empty[b]
                cells[t] = self.boxed[t]
        cells[p] = self.manned[p]
        self.pusher = p
        self.seen -= 1
        return True
