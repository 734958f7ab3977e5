"""The engine behind `sokfmt.replay` and `sokfmt.Game`: flat arrays, one
tight loop for whole games, and single steps that can be taken back.

The board becomes one flat list of cell values framed by a border of
off-board cells, so that no step needs a bounds check, and every direction
has a table from a cell's index to its neighbour's (`Layout`, built once per
tessellation and size).  The steps become one byte each, looked up by the
identity of the canonical `Step` objects that every `SavedGame` holds.

`Engine` holds one position and plays it two ways, over the same cells,
tables and failure diagnoses:

- `replay` plays a saved game by runs: a run of moves and pushes (or pulls)
  is played by one loop over its bytes that reads and writes only local
  variables, and records only where the pushed box changes.
- `Game` plays one step at a time (`Engine.step`, the same rule for one
  step), which records the same, and takes steps back (`Engine.unstep`).

Either way, a push that moves another box than the push before it gets
OTHER_BOX added to its code, and `tally` counts the six metrics from the
codes afterwards, by C-level `bytes` methods: for a run, or for the stretch
of a game played since the metrics were last asked for.  Jumps and pusher
changes, rare and short, are played one group at a time by plain code, for
both.  The tests play every saved game of the corpus both ways and compare.

This module knows nothing of the public `Replay`: it returns an `Outcome`
with failure codes as strings, which `sokfmt.replay` turns into its enum.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, MutableSequence, Sequence
from functools import lru_cache
from operator import length_hint
from typing import NamedTuple

from ..board import BOX as BOX_SQUARE
from ..board import BOX_ON_GOAL, FLOOR, GOAL, PUSHER_ON_GOAL, Board, Position
from ..board import PUSHER as PUSHER_SQUARE
from ..board import WALL as WALL_SQUARE
from ..geometry import _STEP_OFFSETS, OPPOSITE, cell_shape, outside
from ..moves import Step, StepKind, decoding_table
from ..tessellation import Direction, Tessellation

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
JUMP, CHANGE = 16, 24
#: Added to the code of a push (pull) that moves another box than the push
#: before it: what the metrics need to know of the position.
OTHER_BOX = 32
#: The step before the first: neither a push nor a step in any direction.
START = 0xFF


def _code(step: Step) -> int:
    d = DIRECTIONS.index(step.direction)
    base = _KIND_BASE[step.kind]
    return base + 2 * d if base < JUMP else base + d


_CANONICAL_STEPS = {
    id(step): step
    for tessellation in Tessellation
    for opening in ("", "[", "{")
    for step in decoding_table(tessellation, opening).values()
}
_CODE_OF_ID = {key: _code(step) for key, step in _CANONICAL_STEPS.items()}
_BY_CODE = sorted(_CANONICAL_STEPS.values(), key=_code)
#: Code -> its canonical step, for the 32 codes, and for pushes also OTHER_BOX.
STEPS = tuple(_BY_CODE[code & 31] for code in range(2 * OTHER_BOX))


def _plain(code: int) -> bool:
    """A move or a push (pull), OTHER_BOX or not: not a group step, not START."""
    return code < 2 * OTHER_BOX and code & 31 < JUMP


# For `tally`, code -> 1 for a move or push, 0 otherwise; -> 0 when not a
# push, 1 for a push of the box pushed last, 2 for one of another box; ->
# the direction of a move or push, 8 (none) otherwise.
_PLAIN = bytes(_plain(code) for code in range(256))
_PUSH_CLASS = bytes(
    (2 if code & OTHER_BOX else 1) if _plain(code) and code & 1 else 0 for code in range(256)
)
_LINE_OF = bytes((code & 31) >> 1 if _plain(code) else 8 for code in range(256))
_DIRECTION_OF = bytes((code >> 1 if code < JUMP else code & 7) for code in range(256))
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
    codes: bytes, tables: Sequence[list[int]], cells: MutableSequence[int], p: int, last: int
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
    cells: MutableSequence[int],
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


#: A stack of squares: the top, and the stack below it (None: empty).
Lasts = tuple[int, "Lasts | None"]


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


class StepFailed(Exception):
    """Raised inside `Engine` to stop at a step that cannot be played."""

    def __init__(self, index: int, failure: str, reason: str) -> None:
        super().__init__(reason)
        self.index, self.failure, self.reason = index, failure, reason


class Engine:
    """One position in play: the cells, the pushers, the last pushed box and
    the metrics so far.  Mutable: `replay` and `Game` each own one."""

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
        self.tables = lay.tables
        self.pulls = 0  # jumps come before the first pull
        # Before each box change, where the last pushed box was: a stack of
        # pairs (square, the stack below), which copies share.
        self.lasts: Lasts | None = None
        frame = "x" * lay.stride
        text = frame + "".join(f"x{row}x" for row in board.cells) + frame
        self.text = text
        # A list; `Game` makes it a bytearray (see `sokfmt.game._engine`).
        self.cells: MutableSequence[int] = list(text.encode("ascii").translate(_CELL_OF))
        cells = self.cells
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
        # Boxes under pushers that are not active.  Never changed in place
        # (pusher changes, rare, make another), so that copies share it.
        self.under: dict[int, int] = {}
        for index in self.pushers[1:]:
            self._park(index)
        self.active = 0
        self.last = -1  # the square of the last pushed (or pulled) box
        self.moves = self.pushes = self.box_lines = 0
        self.box_changes = self.pushing_sessions = self.pusher_lines = 0
        self._outside: set[int] | None = None

    def copy(self) -> Engine:
        """An independent engine in the same position: the containers that
        playing changes in place (cells, pushers) are copied; the rest (the
        board, the layout's tables, the targets, the outside once found,
        the boxes under pushers and the stack of `lasts`, which are
        replaced rather than changed) is shared."""
        state = self.__dict__.copy()
        state["cells"] = state["cells"][:]
        state["pushers"] = state["pushers"][:]
        twin = Engine.__new__(Engine)
        twin.__dict__ = state
        return twin

    # ---------------------------------------------------------------- runs

    def play_run(self, codes: bytes, start: int) -> None:
        """Play a run of moves and pushes (pulls) that begins at step `start`."""
        lay, cells = self.layout, self.cells
        p = self._pusher(start)
        if self.reverse:
            if cells[p] >= BOX:
                raise StepFailed(start, *_on_box(lay, p))
            p, last, played, changes = reverse_run(
                codes, lay.tables, lay.backs, cells, p, self.last
            )
        else:
            p, last, played, changes = forward_run(codes, lay.tables, cells, p, self.last)
        self.pushers[self.active] = p
        self.last = last
        self._count(codes[:played], changes, len(codes) - 1)
        if played < len(codes):
            code = codes[played]
            diagnose = _diagnose_reverse if self.reverse else _diagnose_forward
            raise StepFailed(start + played, *diagnose(lay, cells, p, code))

    def _count(self, run: bytes, changes: list[int], end: int) -> None:
        """Add the metrics of a run that was played whole, after a group or
        the start.  A push moved another box than the last at index `end`
        less each of `changes` (the loops count what is left to play)."""
        if not run:
            return
        flagged: bytes | bytearray = run
        if changes:
            flagged = bytearray(run)
            for left in changes:
                flagged[end - left] |= OTHER_BOX
        moves, pushes, box_lines, box_changes, sessions, pusher_lines = tally(flagged, START)
        self.moves += moves
        self.pushes += pushes
        self.box_lines += box_lines
        self.box_changes += box_changes
        self.pushing_sessions += sessions
        self.pusher_lines += pusher_lines
        if self.reverse:
            self.pulls += pushes

    # ---------------------------------------------------------------- single steps
    #
    # The rule of `forward_run` and `reverse_run` for one step, as a Game
    # plays it: one call per step, not the set-up of a run.  Like the runs,
    # a step records only where the pushed box changes (its code returned
    # with OTHER_BOX); `tally` counts the metrics from the codes.  The
    # failures are the runs' own diagnoses.

    def step(self, code: int, index: int, key: bool = False) -> int:
        """Play the move or push (pull) `code` as step `index`, and return
        the code played, with OTHER_BOX when it pushed another box than the
        push before.  With `key`, a forward move into a box pushes it, as a
        player's key does.  A step that cannot be played raises
        `StepFailed` and changes nothing."""
        cells = self.cells
        nb = self.tables[code]
        try:
            p = self.pushers[self.active]
        except IndexError:
            raise StepFailed(index, "no-pusher", "the board has no pusher") from None
        t = nb[p]
        value = cells[t]
        if self.reverse:
            if cells[p] >= BOX:
                raise StepFailed(index, *_on_box(self.layout, p))
            if value:
                raise StepFailed(index, *_diagnose_reverse(self.layout, cells, p, code))
            if code & 1:
                k = self.layout.backs[code][p]
                value = cells[k]
                if value < BOX:
                    raise StepFailed(index, *_diagnose_reverse(self.layout, cells, p, code))
                cells[k] = FREE
                cells[p] = value
                self.pulls += 1
                if k != self.last:
                    self.lasts = (self.last, self.lasts)
                    code |= OTHER_BOX
                self.last = p
        elif value >= BOX and (key or code & 1):
            b = nb[t]
            if cells[b]:
                raise StepFailed(index, *_diagnose_forward(self.layout, cells, p, code | 1))
            cells[t] = FREE
            cells[b] = value
            code |= 1
            if t != self.last:
                self.lasts = (self.last, self.lasts)
                code |= OTHER_BOX
            self.last = b
        elif value or code & 1:
            raise StepFailed(index, *_diagnose_forward(self.layout, cells, p, code))
        self.pushers[self.active] = t
        return code

    def unstep(self, code: int) -> None:
        """Take back `code` (as `step` returned it), the step played last."""
        lay, cells = self.layout, self.cells
        code, changed = code & ~OTHER_BOX, code & OTHER_BOX
        t = self.pushers[self.active]
        p = lay.backs[code][t]
        if code & 1:
            if self.reverse:
                origin = lay.backs[code][p]
                cells[origin] = cells[p]
                cells[p] = FREE
                self.pulls -= 1
            else:
                origin, b = t, lay.tables[code][t]
                cells[t] = cells[b]
                cells[b] = FREE
            lasts = self.lasts
            if changed and lasts is not None:
                self.last, self.lasts = lasts
            else:
                self.last = origin
        self.pushers[self.active] = p

    # ---------------------------------------------------------------- groups

    def play_jump(self, codes: bytes, start: int) -> None:
        """Play a jump: the pusher goes over anything on the board and must
        land on an empty square inside the walls; only before the first pull."""
        lay, cells = self.layout, self.cells
        p = self._pusher(start)
        if self.pulls:
            raise StepFailed(start, "jump-after-pull", "a jump after the first pull")
        q = self._cursor(codes, p, start, "jump")
        if q == p:
            return
        value = cells[q]
        where = lay.position_of(q)
        if value == WALL:
            raise StepFailed(start, "jump-blocked", f"the jump ends on the wall at {where}")
        if value >= BOX:
            raise StepFailed(start, "jump-blocked", f"the jump ends on the box at {where}")
        if value == PUSHER:
            raise StepFailed(start, "jump-blocked", f"the jump ends on another pusher at {where}")
        if q in self._outside_cells():
            raise StepFailed(start, "jump-blocked", f"the jump ends outside the walls at {where}")
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
            raise StepFailed(
                start,
                "no-pusher-to-change-to",
                f"the pusher change ends at {where}, where no pusher stands",
            )
        self._activate(p, q)

    def _activate(self, p: int, q: int) -> None:
        """The pusher at `q` becomes active; the one at `p` stops being so."""
        self._park(p)
        self.active = self.pushers.index(q)
        if q in self.under:
            self.under = under = self.under.copy()
            self.cells[q] = under.pop(q)
        else:
            self.cells[q] = FREE

    def unjump(self, codes: bytes) -> None:
        """Take back the jump `codes`, the group played last."""
        self.pushers[self.active] = self._back(codes)

    def unchange(self, codes: bytes) -> None:
        """Take back the pusher change `codes`, the group played last."""
        q = self.pushers[self.active]
        p = self._back(codes)
        if p != q:
            self._activate(q, p)

    def _back(self, codes: bytes) -> int:
        """Where the letters of a group played last began."""
        backs = self.layout.backs
        q = self.pushers[self.active]
        for code in reversed(codes):
            q = backs[code][q]
        return q

    def route(self, target: int, base: int) -> bytes:
        """The codes of a shortest way from the active pusher to `target`
        over anything on the board (`base`: JUMP or CHANGE), the directions
        tried in the order of the tessellation's letters."""
        lay, cells = self.layout, self.cells
        here = self.pushers[self.active]
        codes = [base + DIRECTIONS.index(d) for d in lay.tessellation.directions]
        before: dict[int, tuple[int, int] | None] = {here: None}
        queue = deque(before)
        while queue and target not in before:
            here = queue.popleft()
            for code in codes:
                near = lay.tables[code][here]
                if near not in before and near != lay.size and cells[near] != OFF:
                    before[near] = (here, code)
                    queue.append(near)
        path = []
        while (link := before[target]) is not None:
            target, code = link
            path.append(code)
        return bytes(reversed(path))

    def _cursor(self, codes: bytes, p: int, start: int, what: str) -> int:
        """Follow the letters of a jump or pusher change from `p`, over walls
        and boxes; a letter that leaves the board, or that the cell has no
        side for, stops the group."""
        lay, cells = self.layout, self.cells
        q = p
        for offset, code in enumerate(codes):
            r = lay.tables[code][q]
            if cells[r] == OFF:
                raise StepFailed(start, "off-board", f"the {what} leaves the board")
            if r == lay.size:
                raise StepFailed(
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
            raise StepFailed(start, "no-pusher", "the board has no pusher")
        return self.pushers[self.active]

    def _park(self, index: int) -> None:
        """Make the pusher at `index` an obstacle (it stops being active)."""
        if self.cells[index] >= BOX:
            self.under = {**self.under, index: self.cells[index]}
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
        for index in [*self.box_cells(), *self.under]:
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

    def box_cells(self) -> list[int]:
        """Where the boxes stand (not those under inactive pushers)."""
        cells = self.cells
        try:
            # Found by a C-level scan of the values as bytes, which they
            # fit in unless a puzzle has some 250 Sokoban+ ids.
            values = bytes(cells)
        except ValueError:
            return [index for index, value in enumerate(cells) if value >= BOX]
        return [m.start() for m in _BOX_VALUE.finditer(values)]


def _runs(values: bytes | bytearray) -> int:
    """How many runs of equal bytes `values` holds (at least one byte).

    One byte shifted against the next as big integers: their XOR has a zero
    byte wherever a byte equals the one before, found in C at any length
    (ten times faster than comparing the bytes pairwise in Python)."""
    size = len(values)
    number = int.from_bytes(values, "big")
    return size - (number ^ (number >> 8)).to_bytes(size, "big")[1:].count(0)


def tally(codes: bytes | bytearray, previous: int) -> tuple[int, int, int, int, int, int]:
    """The metrics that the steps `codes` add when they follow the step
    `previous` (`START` at the start): moves, pushes, box lines, box
    changes, pushing sessions, pusher lines.

    The pushes that move another box than the push before them carry
    OTHER_BOX: with it each step's part depends on the step and the one
    before alone, so that the metrics are counted from the bytes, by
    C-level methods, for any stretch of a game.
    """
    if not codes:
        return 0, 0, 0, 0, 0, 0
    pushed = codes.translate(_PUSH_CLASS)
    lines = codes.translate(_LINE_OF)
    groups = lines.count(8)
    after_push = _PUSH_CLASS[previous] != 0
    changes = pushed.count(2)
    # A session begins at a push after a step that is not one; a box line
    # where a session begins or the pushed box changes (counted once when
    # both do).
    opened_by_change = pushed.count(b"\x00\x02") + (pushed[0] == 2 and not after_push)
    sessions = pushed.count(b"\x00\x01") + (pushed[0] == 1 and not after_push)
    sessions += opened_by_change
    # A pusher line begins at a move or push whose direction is not the
    # step before's (a group step or START has none): at every pair of
    # unlike neighbours, but a move or push followed by a group step.
    pusher_lines = _runs(lines) - 1 + (lines[0] != _LINE_OF[previous])
    if groups:
        plain = codes.translate(_PLAIN)
        pusher_lines -= plain.count(b"\x01\x00") + (_PLAIN[previous] and not plain[0])
    return (
        len(codes) - groups,
        len(codes) - pushed.count(0),
        sessions + changes - opened_by_change,
        changes,
        sessions,
        pusher_lines,
    )


def _reachable(tables: Iterable[list[int]], cells: MutableSequence[int], origin: int) -> set[int]:
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


def _blocked(lay: Layout, cells: MutableSequence[int], index: int, what: str) -> tuple[str, str]:
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


def _diagnose_forward(
    lay: Layout, cells: MutableSequence[int], p: int, code: int
) -> tuple[str, str]:
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


def _diagnose_reverse(
    lay: Layout, cells: MutableSequence[int], p: int, code: int
) -> tuple[str, str]:
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
    game = Engine(board, reverse, box_ids, goal_ids)
    codes = codes_of(steps)
    played, failed_at, failure, reason = upto, None, None, ""
    try:
        if grouped:
            for m in _SEGMENT.finditer(codes):
                start, end = m.span()
                if start >= upto:
                    break
                kind = codes[start]
                if kind < JUMP:
                    game.play_run(codes[start : min(end, upto)], start)
                elif end > upto:
                    played = start
                    break
                elif kind < CHANGE:
                    game.play_jump(codes[start:end], start)
                else:
                    game.play_change(codes[start:end], start)
        elif upto:
            game.play_run(codes[:upto], 0)
    except StepFailed as stop:
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
