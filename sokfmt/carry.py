"""Saved games carried from one drawing of a puzzle to another.

Two boards are the same puzzle when one is the other turned, mirrored,
trimmed, and with its pusher elsewhere in its region (`Board.canonical`).
A saved game belongs to the drawing it was recorded on: its letters are
directions on that board.  `isometry(source, target)` finds how the cells
and the directions of `source` map onto `target`, and `carried(game,
isometry)` is the game as it is played on `target`, proved by replaying it
there.

Everything about the grids comes from `sokfmt.transform` (where a
transformation puts the cells) and `sokfmt.geometry` (which cell is one step
away in each direction), so that a change of layout there is followed here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from ._arguments import checked
from .board import BOX, BOX_ON_GOAL, FLOOR, GOAL, PUSHER, PUSHER_ON_GOAL, WALL, Board, Position
from .errors import ValidationError
from .geometry import neighbour
from .moves import SavedGame, SolvingMode, Step, StepKind
from .replaying import replay
from .tessellation import Direction, Tessellation
from .transform import symmetries, transformed, trimmed

__all__ = ("Isometry", "carried", "direction_map", "isometry")

Symmetry = tuple[int, bool]  # (turns, mirror), as sokfmt.transform takes them

# The squares that are not floor once the pushers are taken off.
_SOLID = WALL + BOX + BOX_ON_GOAL + GOAL
_BLOCKING = WALL + BOX + BOX_ON_GOAL  # where a pusher cannot walk
_NO_PUSHERS = str.maketrans({PUSHER: FLOOR, PUSHER_ON_GOAL: GOAL})


@dataclass(frozen=True, slots=True)
class Isometry:
    """How the board `source` maps onto the board `target`, the same puzzle
    drawn another way.

    `symmetry` is the (turns, mirror) of `sokfmt.transform.transformed` that
    turns `source` into `target`; `cells` gives, for every cell of
    `source`'s rows and columns, the cell of `target` it lands on (in
    `target`'s rows and columns; floor around `source` may land off
    `target`'s edges); `directions` gives the direction each direction of
    `source` becomes.
    """

    source: Board
    target: Board
    symmetry: Symmetry
    cells: Mapping[Position, Position]
    directions: Mapping[Direction, Direction]


@cache
def direction_map(
    tessellation: Tessellation, turns: int, mirror: bool
) -> Mapping[Direction, Direction]:
    """The direction each direction of `tessellation` becomes when a board
    is mirrored (with `mirror`) and turned `turns` times: the direction in
    which a step from the image of any cell lands on the image of the cell
    a step away.

    Raises:
        ValueError: no direction, or several, fit (the grid and its
            transformations disagree).
    """
    image = _traced(tessellation, turns, mirror)

    def fits(direction: Direction, candidate: Direction) -> bool:
        for cell, landed in image.items():
            near = neighbour(tessellation, cell, direction)
            there = neighbour(tessellation, landed, candidate)
            if (near is None) != (there is None) or (near in image and image[near] != there):
                return False
        return True

    found = {}
    for direction in tessellation.directions:
        (found[direction],) = (d for d in tessellation.directions if fits(direction, d))
    return MappingProxyType(found)


# The side of the block of cells whose images give the direction map: big
# enough for every shape of cell to have all its neighbours in it.
_BLOCK = 4


def _traced(tessellation: Tessellation, turns: int, mirror: bool) -> dict[Position, Position]:
    """Where `transformed` puts each cell of a block of cells, none of them
    floor: each board of the trace writes one bit of every cell's number (a
    wall for 1, a goal for 0), and the images spell the numbers back."""
    cells = [(row, column) for row in range(_BLOCK) for column in range(_BLOCK)]
    numbers: dict[Position, int] = {}
    for bit in range((len(cells) - 1).bit_length()):
        digits = [WALL if number >> bit & 1 else GOAL for number in range(len(cells))]
        rows = tuple("".join(digits[row * _BLOCK : (row + 1) * _BLOCK]) for row in range(_BLOCK))
        drawn = transformed(Board(tessellation, rows), turns, mirror)
        for landed in drawn.positions(WALL + GOAL):
            numbers[landed] = numbers.get(landed, 0) | (drawn[landed] == WALL) << bit
    return {cells[number]: landed for landed, number in numbers.items()}


def isometry(source: Board, target: Board) -> Isometry | None:
    """How `source` maps onto `target` when they are the same puzzle (their
    `transform.canonical` are equal): the first symmetry under which the
    boards without their pushers match, and the pushers do too (exactly,
    when there are several; a single one anywhere in the region where
    `target`'s can walk).  None when there is no such symmetry."""
    checked(source, Board, "source")
    checked(target, Board, "target")
    tessellation = source.tessellation
    if target.tessellation is not tessellation:
        return None
    bare_source, bare_target = _without_pushers(source), _without_pushers(target)
    wanted = trimmed(bare_target)
    solid_source = bare_source.positions(_SOLID)
    if not solid_source:
        return None
    # Trimming only moves a board, so the cells that are not floor keep their order.
    in_target = dict(zip(wanted.positions(_SOLID), bare_target.positions(_SOLID), strict=False))
    anchor = solid_source[0]
    marked = Board(
        tessellation,
        tuple(
            "".join(
                BOX if (r, c) == anchor else (FLOOR if square == FLOOR else WALL)
                for c, square in enumerate(row)
            )
            for r, row in enumerate(bare_source.cells)
        ),
    )
    for turns, mirror in symmetries(tessellation):
        if transformed(bare_source, turns, mirror) != wanted:
            continue
        (landed,) = transformed(marked, turns, mirror).positions(BOX)
        directions = direction_map(tessellation, turns, mirror)
        cells = _spread(source, anchor, in_target[landed], directions)
        if cells is not None and _pushers_match(source, target, cells):
            return Isometry(source, target, (turns, mirror), cells, directions)
    return None


def _without_pushers(board: Board) -> Board:
    return Board(board.tessellation, tuple(row.translate(_NO_PUSHERS) for row in board.cells))


def _spread(
    board: Board, start: Position, image: Position, directions: Mapping[Direction, Direction]
) -> dict[Position, Position] | None:
    """Where every cell of `board` goes, from where `start` goes: the image
    of a step is a step in the mapped direction from the image (None when
    a step has no image: the cells do not fit the grid that way).  The
    steps go round the edges too, where a narrow board's cells touch only
    through cells beside it (a column of triangles)."""
    tessellation = board.tessellation
    cells = {start: image}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for direction in tessellation.directions:
            near = neighbour(tessellation, cell, direction)
            if near is None or near in cells or not _around(board, near):
                continue
            there = neighbour(tessellation, cells[cell], directions[direction])
            if there is None:
                return None
            cells[near] = there
            queue.append(near)
    return {cell: there for cell, there in cells.items() if _on(board, cell)}


def _pushers_match(source: Board, target: Board, cells: Mapping[Position, Position]) -> bool:
    landed = [cells[p] for p in source.pushers]
    if len(landed) != 1 or len(target.pushers) != 1:
        return sorted(landed) == sorted(target.pushers)
    return _way(target, target.pushers[0], landed[0], _walkable) is not None


def _walkable(square: str) -> bool:
    return square not in _BLOCKING


def _anywhere(square: str) -> bool:
    return True


def _on(board: Board, position: Position) -> bool:
    return 0 <= position[0] < board.height and 0 <= position[1] < board.width


def _around(board: Board, position: Position) -> bool:
    """Whether `position` is on `board` or on the ring of cells around it."""
    return -1 <= position[0] <= board.height and -1 <= position[1] <= board.width


def _way(
    board: Board, start: Position, end: Position, passable: Callable[[str], bool]
) -> list[Direction] | None:
    """The directions of a shortest way from `start` to `end` over the cells
    of `board` whose squares are `passable` (`start`'s need not be), or None."""
    if not _on(board, end) or not (end == start or passable(board[end])):
        return None
    tessellation = board.tessellation
    came: dict[Position, tuple[Position, Direction] | None] = {start: None}
    queue = deque([start])
    while queue and end not in came:
        cell = queue.popleft()
        for direction in tessellation.directions:
            near = neighbour(tessellation, cell, direction)
            if near is None or near in came or not _on(board, near) or not passable(board[near]):
                continue
            came[near] = (cell, direction)
            queue.append(near)
    if end not in came:
        return None
    way = []
    step = came[end]
    while step is not None:
        way.append(step[1])
        step = came[step[0]]
    return way[::-1]


# ------------------------------------------------------------------ the games


def carried(game: SavedGame, isometry: Isometry) -> SavedGame:
    """`game`, recorded on `isometry.source`, as it is played on
    `isometry.target`: every step turned with the board.

    Where the pusher stands may differ: a forward game then begins with the
    shortest walk (moves only) from where `target` has the pusher to where
    `source` had it, which its notes say (its moves grow by the walk's); a
    reverse game's first jump leads there instead (or a jump is put first).
    With several pushers, which stand where they stood, a pusher change to
    the one that played first comes first, when another one is the first
    on `target`.  Title, solver and notes are kept, and the ``*`` position
    stays where it was in the game.

    Raises:
        ValidationError: `game` is not of the boards' tessellation, cannot
            be played on `source` (its first illegal step is said), or does
            not replay on `target` as it does on `source`.
    """
    checked(game, SavedGame, "game")
    checked(isometry, Isometry, "isometry")
    source, target = isometry.source, isometry.target
    if game.tessellation is not source.tessellation:
        raise ValidationError(
            f"A {game.tessellation.value} game cannot be carried from a "
            f"{source.tessellation.value} board"
        )
    before = replay(source, game)
    if not before.legal:
        assert before.failed_at is not None
        raise ValidationError(
            f"its step {before.failed_at + 1} cannot be played on its own board: {before.reason}"
        )
    turned = [Step(step.kind, isometry.directions[step.direction]) for step in game.steps]
    lead, prefix, notes = 0, [], game.notes
    pushers = len(source.pushers)
    if pushers > 1:
        first = isometry.cells[source.pushers[0]]
        prefix = _steps(StepKind.PUSHER_CHANGE, target, target.pushers[0], first, _anywhere)
    elif pushers == 1 and game.solving_mode is SolvingMode.REVERSE:
        lead = next((i for i, s in enumerate(game.steps) if s.kind is not StepKind.JUMP), len(game))
        jumped = replay(source, game, upto=lead).pusher
        assert jumped is not None  # the board has a pusher
        prefix = _steps(StepKind.JUMP, target, target.pushers[0], isometry.cells[jumped], _anywhere)
    elif pushers == 1:
        start = isometry.cells[source.pushers[0]]
        prefix = _steps(StepKind.MOVE, target, target.pushers[0], start, _walkable)
        if prefix:
            notes = _with_line(notes, _walk_note(len(prefix)))
    # The position marked inside a jump is the one before it (a replay
    # plays a jump whole or not at all).
    position = game.current_move_idx
    position = position - lead + len(prefix) if position >= lead else 0
    moved = SavedGame(
        (*prefix, *turned[lead:]),
        target.tessellation,
        game.solving_mode,
        title=game.title,
        solved_by=game.solved_by,
        notes=notes,
        current_move_idx=position,
    )
    after = replay(target, moved)
    if not after.legal:
        raise ValidationError(f"it cannot be played on the board it goes to: {after.reason}")
    if _squares(after.board) != _images(before.board, isometry.cells):
        raise ValidationError("it does not end in the same position on the board it goes to")
    return moved


def _squares(board: Board) -> dict[Position, str]:
    """The squares of `board` that are not floor, by cell."""
    return {
        (r, c): square
        for r, row in enumerate(board.cells)
        for c, square in enumerate(row)
        if square != FLOOR
    }


def _images(board: Board, cells: Mapping[Position, Position]) -> dict[Position, str]:
    """The squares of `board` that are not floor, by the cells they map onto."""
    return {cells[p]: square for p, square in _squares(board).items()}


def _steps(
    kind: StepKind,
    board: Board,
    start: Position,
    end: Position,
    passable: Callable[[str], bool],
) -> list[Step]:
    """Steps of `kind` along a shortest way from `start` to `end`.

    Raises:
        ValidationError: there is no way.
    """
    way = _way(board, start, end, passable)
    if way is None:
        raise ValidationError(f"no way leads from {start} to {end} on the board it goes to")
    return [Step(kind, d) for d in way]


def _walk_note(moves: int) -> str:
    walk = "move walks" if moves == 1 else f"{moves} moves walk"
    return (
        f"Carried over from another drawing of this puzzle: the first {walk} "
        "the pusher to where it stood there."
    )


def _with_line(notes: str, line: str) -> str:
    return f"{notes}\n{line}" if notes else line
