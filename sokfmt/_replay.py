"""The replay engine behind `sokfmt.replay`: flat arrays and one tight loop.

The board becomes one flat list of cell values framed by a border of
off-board cells, so that no step needs a bounds check, and every direction
has a table from a cell's index to its neighbour's (`Layout`, built once per
tessellation and size).  The steps become one byte each, looked up by the
identity of the canonical `Step` objects that every `SavedGame` holds.  A run
of moves and pushes (or pulls) is played by one loop over those bytes that
reads and writes only local variables; the metrics that depend on the steps
alone (pushes, pushing sessions, pusher lines) are counted afterwards by
C-level `bytes` methods, and the loop records only where the pushed box
changes.  Jumps and pusher changes, rare and short, are played one group at
a time by plain code.

This module knows nothing of the public `Replay`: it returns an `Outcome`
with failure codes as strings, which `sokfmt.replay` turns into its enum.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache
from operator import length_hint
from typing import NamedTuple

from .board import BOX as BOX_SQUARE
from .board import BOX_ON_GOAL, FLOOR, GOAL, PUSHER_ON_GOAL, Board, Position
from .board import PUSHER as PUSHER_SQUARE
from .board import WALL as WALL_SQUARE
from .geometry import _STEP_OFFSETS, OPPOSITE, cell_shape, outside
from .moves import Step, StepKind, decoding_table
from .tessellation import Direction, Tessellation

# ------------------------------------------------------------------ cell values

FREE = 0
WALL = 1
OFF = 2  # the border around the board
NOWAY = 3  # the sentinel cell that a missing direction leads to
PUSHER = 4  # a pusher that is not the active one (Multiban)
BOX = 8  # BOX + k: a box of the k-th Sokoban+ id (k = 0 under classic rules)

# Text squares to cell values; "x" is the border.  Pushers and boxes are
# placed afterwards, so their squares read as floor here.
_CELL_OF = bytes.maketrans(
    f"{WALL_SQUARE}{PUSHER_SQUARE}{PUSHER_ON_GOAL}{BOX_SQUARE}{BOX_ON_GOAL}{GOAL}{FLOOR}x".encode(),
    bytes((WALL, FREE, FREE, FREE, FREE, FREE, FREE, OFF)),
)
_PIECES = str.maketrans(
    f"{PUSHER_SQUARE}{PUSHER_ON_GOAL}{BOX_SQUARE}{BOX_ON_GOAL}", f"{FLOOR}{GOAL}{FLOOR}{GOAL}"
)
_BOXES = re.compile(re.escape(BOX_SQUARE) + "|" + re.escape(BOX_ON_GOAL))
_GOALS = re.compile("|".join(map(re.escape, (GOAL, PUSHER_ON_GOAL, BOX_ON_GOAL))))
_PUSHERS = re.compile(re.escape(PUSHER_SQUARE) + "|" + re.escape(PUSHER_ON_GOAL))
_BOX_VALUE = re.compile(rb"[\x08-\xff]")  # a cell value of BOX or more, as a byte

# ------------------------------------------------------------------ step codes
#
# A move in direction d is 2d, a push or pull 2d + 1, a jump step 16 + d, a
# pusher change step 24 + d, where d indexes DIRECTIONS.

DIRECTIONS = tuple(Direction)
_KIND_BASE = {
    StepKind.MOVE: 0,
    StepKind.PUSH_OR_PULL: 1,
    StepKind.JUMP: 16,
    StepKind.PUSHER_CHANGE: 24,
}
_JUMP, _CHANGE = 16, 24


def _code(step: Step) -> int:
    d = DIRECTIONS.index(step.direction)
    base = _KIND_BASE[step.kind]
    return base + 2 * d if base < _JUMP else base + d


_CANONICAL_STEPS = {
    id(step): step
    for tessellation in Tessellation
    for opening in ("", "[", "{")
    for step in decoding_table(tessellation, opening).values()
}
_CODE_OF_ID = {key: _code(step) for key, step in _CANONICAL_STEPS.items()}

# Code -> 1 for a push or pull, 0 otherwise; code -> its direction index.
_PUSH_BIT = bytes(code & 1 if code < _JUMP else 0 for code in range(256))
_DIRECTION_OF = bytes((code >> 1 if code < _JUMP else code & 7) for code in range(256))
_SEGMENT = re.compile(rb"[\x00-\x0f]+|[\x10-\x17]+|[\x18-\x1f]+")


def codes_of(steps: Sequence[Step]) -> bytes:
    """One byte per step.  Steps of a SavedGame are canonical instances, so
    their identity finds the code at C speed; other equal steps take the slow way."""
    try:
        return bytes(map(_CODE_OF_ID.__getitem__, map(id, steps)))
    except KeyError:
        return bytes(map(_code, steps))


# ------------------------------------------------------------------ layouts


class Layout(NamedTuple):
    """The framed grid of one tessellation and size, and its neighbour tables."""

    tessellation: Tessellation
    width: int  # the board's width in cells
    height: int
    stride: int  # width + 2: a row of the framed grid
    size: int  # cells of the framed grid; index `size` is the NOWAY sentinel
    tables: tuple[list[int], ...]  # by code: the neighbour table of its direction
    backs: tuple[list[int], ...]  # by code: the table of the opposite direction

    def index_of(self, position: Position) -> int:
        return (position[0] + 1) * self.stride + position[1] + 1

    def position_of(self, index: int) -> Position:
        return index // self.stride - 1, index % self.stride - 1


@lru_cache(maxsize=256)
def layout(tessellation: Tessellation, width: int, height: int) -> Layout:
    """The layout of a `width` x `height` board (cached: collections repeat sizes)."""
    stride = width + 2
    size = stride * (height + 2)
    by_direction = {d: _table(tessellation, width, height, d) for d in DIRECTIONS}
    tables = tuple(by_direction[_direction_of_code(code)] for code in range(32))
    backs = tuple(by_direction[OPPOSITE[_direction_of_code(code)]] for code in range(32))
    return Layout(tessellation, width, height, stride, size, tables, backs)


def _direction_of_code(code: int) -> Direction:
    return DIRECTIONS[_DIRECTION_OF[code]]


def _table(tessellation: Tessellation, width: int, height: int, direction: Direction) -> list[int]:
    """index -> the index of the neighbour in `direction`, NOWAY where the
    cell has no side that way.  Border cells lead to themselves: nothing
    ever steps from one, since a step onto the border fails."""
    stride = width + 2
    size = stride * (height + 2)
    table = list(range(size + 1))
    shapes = _STEP_OFFSETS[tessellation]
    for row in range(height):
        start = (row + 1) * stride + 1
        for first in (0, 1):  # the cells of even, then odd, columns
            column_start = start + first
            count = len(range(column_start, start + width, 2))
            if count == 0:
                continue
            offset = shapes[cell_shape(tessellation, (row, first))].get(direction)
            stop = column_start + 2 * count
            if offset is None:
                table[column_start:stop:2] = [size] * count
            else:
                delta = offset[0] * stride + offset[1]
                table[column_start:stop:2] = range(column_start + delta, stop + delta, 2)
    return table


# ------------------------------------------------------------------ the loops


def forward_run(
    codes: bytes, tables: Sequence[list[int]], cells: list[int], p: int, last: int
) -> tuple[int, int, int, list[int]]:
    """Play moves and pushes from `p` until one fails or the codes end.

    Returns the pusher, the square of the last pushed box, how many codes
    were played, and the number of codes left after each push that moved a
    box other than the last pushed one.
    """
    changes: list[int] = []
    mark = changes.append
    it = iter(codes)
    for code in it:
        nb = tables[code]
        t = nb[p]
        if code & 1:
            v = cells[t]
            if v < BOX:
                return p, last, len(codes) - length_hint(it) - 1, changes
            b = nb[t]
            if cells[b]:
                return p, last, len(codes) - length_hint(it) - 1, changes
            cells[t] = FREE
            cells[b] = v
            if t != last:
                mark(length_hint(it))
            last = b
        elif cells[t]:
            return p, last, len(codes) - length_hint(it) - 1, changes
        p = t
    return p, last, len(codes), changes


def reverse_run(
    codes: bytes,
    tables: Sequence[list[int]],
    backs: Sequence[list[int]],
    cells: list[int],
    p: int,
    last: int,
) -> tuple[int, int, int, list[int]]:
    """Play moves and pulls of a reverse game; returns what `forward_run` does."""
    changes: list[int] = []
    mark = changes.append
    it = iter(codes)
    for code in it:
        t = tables[code][p]
        if cells[t]:
            return p, last, len(codes) - length_hint(it) - 1, changes
        if code & 1:
            k = backs[code][p]
            v = cells[k]
            if v < BOX:
                return p, last, len(codes) - length_hint(it) - 1, changes
            cells[k] = FREE
            cells[p] = v
            if k != last:
                mark(length_hint(it))
            last = p
        p = t
    return p, last, len(codes), changes


# ------------------------------------------------------------------ a game


class Outcome(NamedTuple):
    """What a replay found; `sokfmt.replay` makes a `Replay` of it."""

    played: int
    failed_at: int | None
    failure: str | None  # a ReplayFailure value
    reason: str
    solved: bool
    cells: tuple[str, ...]  # the board's cells after the last step played
    pusher: Position | None
    moves: int
    pushes: int
    box_lines: int
    box_changes: int
    pushing_sessions: int
    pusher_lines: int


class _Failed(Exception):
    """Raised inside `_Game` to stop at a step that cannot be played."""

    def __init__(self, index: int, failure: str, reason: str) -> None:
        super().__init__(reason)
        self.index, self.failure, self.reason = index, failure, reason


class _Game:
    """The state of one replay between runs, and the slow parts of it."""

    def __init__(
        self,
        board: Board,
        reverse: bool,
        box_ids: Sequence[int],
        goal_ids: Sequence[int],
    ) -> None:
        self.board = board
        self.reverse = reverse
        self.layout = lay = layout(board.tessellation, board.width, board.height)
        frame = "x" * lay.stride
        text = frame + "".join(f"x{row}x" for row in board.cells) + frame
        self.text = text
        self.cells = cells = list(text.encode("ascii").translate(_CELL_OF))
        cells.append(NOWAY)
        ids = {i: k for k, i in enumerate(sorted({0, *box_ids, *goal_ids}))}
        boxes = [m.start() for m in _BOXES.finditer(text)]
        goals = [m.start() for m in _GOALS.finditer(text)]
        box_values = [BOX + ids[i] for i in _padded(box_ids, len(boxes))]
        goal_values = [BOX + ids[i] for i in _padded(goal_ids, len(goals))]
        # Where boxes start and where they must end, with the value each
        # must have there: a reverse game starts where a forward one ends.
        if reverse:
            starts, self.targets = (
                list(zip(goals, goal_values, strict=True)),
                list(zip(boxes, box_values, strict=True)),
            )
        else:
            starts, self.targets = (
                list(zip(boxes, box_values, strict=True)),
                list(zip(goals, goal_values, strict=True)),
            )
        for index, value in starts:
            cells[index] = value
        self.box_count = len(starts)
        self.pushers = [m.start() for m in _PUSHERS.finditer(text)]
        self.under: dict[int, int] = {}  # boxes under pushers that are not active
        for index in self.pushers[1:]:
            self._park(index)
        self.active = 0
        self.last = -1  # the square of the last pushed (or pulled) box
        self.moves = self.pushes = self.box_lines = 0
        self.box_changes = self.pushing_sessions = self.pusher_lines = 0
        self._outside: set[int] | None = None

    # ---------------------------------------------------------------- runs

    def play_run(self, codes: bytes, start: int) -> None:
        """Play a run of moves and pushes (pulls) that begins at step `start`."""
        lay, cells = self.layout, self.cells
        p = self._pusher(start)
        if self.reverse:
            if cells[p] >= BOX:
                raise _Failed(start, *_on_box(lay, p))
            p, last, played, changes = reverse_run(
                codes, lay.tables, lay.backs, cells, p, self.last
            )
        else:
            p, last, played, changes = forward_run(codes, lay.tables, cells, p, self.last)
        self.pushers[self.active] = p
        self.last = last
        self._count(codes[:played], [len(codes) - left - 1 for left in changes])
        if played < len(codes):
            code = codes[played]
            diagnose = _diagnose_reverse if self.reverse else _diagnose_forward
            raise _Failed(start + played, *diagnose(lay, cells, p, code))

    def _count(self, run: bytes, changes: list[int]) -> None:
        """Add the metrics of a run that was played whole."""
        if not run:
            return
        pushed = run.translate(_PUSH_BIT)
        directions = run.translate(_DIRECTION_OF)
        sessions = pushed.count(b"\x00\x01") + (pushed[0] == 1)
        # A box line begins where a session begins or the pushed box changes.
        mid_session = sum(1 for i in changes if i and pushed[i - 1])
        self.moves += len(run)
        self.pushes += pushed.count(1)
        self.pushing_sessions += sessions
        self.box_changes += len(changes)
        self.box_lines += sessions + mid_session
        self.pusher_lines += _runs(directions)

    # ---------------------------------------------------------------- groups

    def play_jump(self, codes: bytes, start: int) -> None:
        """Play a jump: the pusher goes over anything on the board and must
        land on an empty square inside the walls; only before the first pull."""
        lay, cells = self.layout, self.cells
        p = self._pusher(start)
        if self.pushes:
            raise _Failed(start, "jump-after-pull", "a jump after the first pull")
        q = self._cursor(codes, p, start, "jump")
        if q == p:
            return
        value = cells[q]
        where = lay.position_of(q)
        if value == WALL:
            raise _Failed(start, "jump-blocked", f"the jump ends on the wall at {where}")
        if value >= BOX:
            raise _Failed(start, "jump-blocked", f"the jump ends on the box at {where}")
        if value == PUSHER:
            raise _Failed(start, "jump-blocked", f"the jump ends on another pusher at {where}")
        if q in self._outside_cells():
            raise _Failed(start, "jump-blocked", f"the jump ends outside the walls at {where}")
        self.pushers[self.active] = q

    def play_change(self, codes: bytes, start: int) -> None:
        """Play a pusher change: the letters lead from the active pusher to
        the one that becomes active."""
        p = self._pusher(start)
        q = self._cursor(codes, p, start, "pusher change")
        if q == p:
            return
        if q not in self.pushers:
            where = self.layout.position_of(q)
            raise _Failed(
                start,
                "no-pusher-to-change-to",
                f"the pusher change ends at {where}, where no pusher stands",
            )
        self._park(p)
        self.active = self.pushers.index(q)
        self.cells[q] = self.under.pop(q, FREE)

    def _cursor(self, codes: bytes, p: int, start: int, what: str) -> int:
        """Follow the letters of a jump or pusher change from `p`, over walls
        and boxes; a letter that leaves the board, or that the cell has no
        side for, stops the group."""
        lay, cells = self.layout, self.cells
        q = p
        for offset, code in enumerate(codes):
            r = lay.tables[code][q]
            if cells[r] == OFF:
                raise _Failed(start, "off-board", f"the {what} leaves the board")
            if r == lay.size:
                raise _Failed(
                    start,
                    "direction-unavailable",
                    f"letter {offset + 1} of the {what} goes "
                    f"{_direction_of_code(code).value} from {lay.position_of(q)}, "
                    "which has no side that way",
                )
            q = r
        return q

    # ---------------------------------------------------------------- helpers

    def _pusher(self, start: int) -> int:
        if not self.pushers:
            raise _Failed(start, "no-pusher", "the board has no pusher")
        return self.pushers[self.active]

    def _park(self, index: int) -> None:
        """Make the pusher at `index` an obstacle (it stops being active)."""
        if self.cells[index] >= BOX:
            self.under[index] = self.cells[index]
        self.cells[index] = PUSHER

    def _outside_cells(self) -> set[int]:
        if self._outside is None:
            self._outside = {self.layout.index_of(cell) for cell in outside(self.board)}
        return self._outside

    # ---------------------------------------------------------------- the end

    def solved(self) -> bool:
        """Every box on a target of its own value; in a reverse game also
        every pusher where it can walk from its start in the start position."""
        cells, under = self.cells, self.under
        on_target = sum(
            1 for index, value in self.targets if cells[index] == value or under.get(index) == value
        )
        if on_target != self.box_count:
            return False
        return not self.reverse or self._pushers_can_walk_back()

    def _pushers_can_walk_back(self) -> bool:
        """Whether each pusher stands where it could walk from its own start
        square in the start position (walls and the board's boxes block; the
        other pushers do not), as YASC requires of a reverse solution: the
        game played backwards is then a forward solution."""
        lay, text = self.layout, self.text
        start = list(text.encode("ascii").translate(_CELL_OF))
        start.append(NOWAY)
        for m in _BOXES.finditer(text):
            start[m.start()] = BOX
        tables = [lay.tables[2 * DIRECTIONS.index(d)] for d in lay.tessellation.directions]
        origins = [m.start() for m in _PUSHERS.finditer(text)]
        return all(
            now in _reachable(tables, start, origin)
            for now, origin in zip(self.pushers, origins, strict=True)
        )

    def squares(self) -> tuple[str, ...]:
        """The board's cells now: a box hides a pusher standing on it."""
        lay = self.layout
        squares = list(self.text.translate(_PIECES))
        for index in [*self._boxes(), *self.under]:
            squares[index] = "*" if squares[index] == "." else "$"
        for index in self.pushers:
            if squares[index] in "-.":
                squares[index] = "+" if squares[index] == "." else "@"
        text = "".join(squares)
        stride, width = lay.stride, lay.width
        return tuple(
            text[start : start + width]
            for start in range(stride + 1, (lay.height + 1) * stride, stride)
        )

    def _boxes(self) -> list[int]:
        """Where the boxes stand (not those under inactive pushers)."""
        cells = self.cells
        try:
            # Found by a C-level scan of the values as bytes, which they
            # fit in unless a puzzle has some 250 Sokoban+ ids.
            values = bytes(cells)
        except ValueError:
            return [index for index, value in enumerate(cells) if value >= BOX]
        return [m.start() for m in _BOX_VALUE.finditer(values)]


def _runs(values: bytes) -> int:
    """How many runs of equal bytes `values` holds (at least one byte).

    One byte shifted against the next as big integers: their XOR has a zero
    byte wherever a byte equals the one before, found in C at any length
    (ten times faster than comparing the bytes pairwise in Python)."""
    size = len(values)
    number = int.from_bytes(values, "big")
    return size - (number ^ (number >> 8)).to_bytes(size, "big")[1:].count(0)


def _reachable(tables: Iterable[list[int]], cells: list[int], origin: int) -> set[int]:
    """The squares a pusher walks to from `origin` without pushing."""
    seen = {origin}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        for table in tables:
            near = table[here]
            if not cells[near] and near not in seen:
                seen.add(near)
                queue.append(near)
    return seen


def _padded(ids: Sequence[int], count: int) -> list[int]:
    """Sokoban+ ids for `count` pieces: pieces the list leaves out get 0."""
    return [*ids[:count], *[0] * (count - len(ids))]


# ------------------------------------------------------------------ diagnoses


def _at(lay: Layout, index: int) -> Position:
    return lay.position_of(index)


def _blocked(lay: Layout, cells: list[int], index: int, what: str) -> tuple[str, str]:
    """Why `what` cannot enter the cell at `index` (which is not free)."""
    value = cells[index]
    if value == OFF:
        return "off-board", f"{what} would leave the board"
    if value == WALL:
        return "wall", f"{what} would enter the wall at {_at(lay, index)}"
    if value == PUSHER:
        return "pusher-in-the-way", f"another pusher stands at {_at(lay, index)}"
    raise AssertionError(value)  # NOWAY and boxes are diagnosed by the callers


def _no_side(lay: Layout, index: int, code: int) -> tuple[str, str]:
    direction = _direction_of_code(code).value
    return (
        "direction-unavailable",
        f"the cell at {_at(lay, index)} has no side to the {direction}",
    )


def _diagnose_forward(lay: Layout, cells: list[int], p: int, code: int) -> tuple[str, str]:
    """Why the move or push `code` cannot be played from `p`."""
    nb = lay.tables[code]
    t = nb[p]
    value = cells[t]
    if t == lay.size:
        return _no_side(lay, p, code)
    if not code & 1:
        if value >= BOX:
            return "move-into-box", (
                f"a lower-case move into the box at {_at(lay, t)} (a push is upper case)"
            )
        return _blocked(lay, cells, t, "the pusher")
    if value == FREE:
        return "push-without-box", f"an upper-case step with no box to push at {_at(lay, t)}"
    if value < BOX:
        return _blocked(lay, cells, t, "the pusher")
    b = nb[t]
    behind = cells[b]
    if b == lay.size:
        return _no_side(lay, t, code)
    if behind >= BOX:
        return "box-into-box", f"the box at {_at(lay, t)} has another box behind it"
    if behind == WALL:
        return "box-into-wall", f"the box at {_at(lay, t)} has a wall behind it"
    if behind == PUSHER:
        return "box-into-pusher", f"the box at {_at(lay, t)} has a pusher behind it"
    return _blocked(lay, cells, b, "the box")


def _diagnose_reverse(lay: Layout, cells: list[int], p: int, code: int) -> tuple[str, str]:
    """Why the move or pull `code` cannot be played from `p`."""
    t = lay.tables[code][p]
    value = cells[t]
    if t == lay.size:
        return _no_side(lay, p, code)
    if value >= BOX:
        if code & 1:
            return "push-in-reverse", (
                f"a reverse game pulls: the pusher would push the box at {_at(lay, t)}"
            )
        return "move-into-box", f"a lower-case move into the box at {_at(lay, t)}"
    if value:
        return _blocked(lay, cells, t, "the pusher")
    k = lay.backs[code][p]
    return "pull-without-box", (
        f"an upper-case step with no box to pull (behind the pusher, {_at(lay, k)} holds none)"
    )


def _on_box(lay: Layout, p: int) -> tuple[str, str]:
    return "pusher-on-box", (
        f"the pusher starts on the box at {_at(lay, p)} (boxes start on the goals): "
        "it must jump off first"
    )


# ------------------------------------------------------------------ the entry point


def play(
    board: Board,
    steps: Sequence[Step],
    *,
    reverse: bool,
    grouped: bool,
    box_ids: Sequence[int] = (),
    goal_ids: Sequence[int] = (),
    upto: int,
) -> Outcome:
    """Replay the first `upto` of `steps` on `board` (a jump or pusher change
    that `upto` cuts is not played).  `grouped`: the steps hold jumps or
    pusher changes."""
    game = _Game(board, reverse, box_ids, goal_ids)
    codes = codes_of(steps)
    played, failed_at, failure, reason = upto, None, None, ""
    try:
        if grouped:
            for m in _SEGMENT.finditer(codes):
                start, end = m.span()
                if start >= upto:
                    break
                kind = codes[start]
                if kind < _JUMP:
                    game.play_run(codes[start : min(end, upto)], start)
                elif end > upto:
                    played = start
                    break
                elif kind < _CHANGE:
                    game.play_jump(codes[start:end], start)
                else:
                    game.play_change(codes[start:end], start)
        elif upto:
            game.play_run(codes[:upto], 0)
    except _Failed as stop:
        played = failed_at = stop.index
        failure, reason = stop.failure, stop.reason
    pusher = game.layout.position_of(game.pushers[game.active]) if game.pushers else None
    return Outcome(
        played=played,
        failed_at=failed_at,
        failure=failure,
        reason=reason,
        solved=failed_at is None and game.solved(),
        cells=game.squares(),
        pusher=pusher,
        moves=game.moves,
        pushes=game.pushes,
        box_lines=game.box_lines,
        box_changes=game.box_changes,
        pushing_sessions=game.pushing_sessions,
        pusher_lines=game.pusher_lines,
    )
