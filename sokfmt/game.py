"""Playing a puzzle step by step: `Game`, for players and solvers.

A `Game` is the one mutable object of sokfmt: a position on a board that
moves as steps are played, taken back and played again.  It plays by the
rules of `sokfmt.replay` (read its module docstring), on the same engine,
and counts the same six metrics; a step it cannot play raises an
`IllegalMoveError` with the `ReplayFailure` code that `replay` gives for
that step in a saved game.  What was played comes out as a `SavedGame`,
ready for `Puzzle.with_games` and any writer.

A `Game` keeps the board's cells in one array and the steps in another,
one byte each (and, for each push of another box than the push before it,
where that box stood): playing and taking back a step cost the same
however long the game.  As `replay` does, it counts the metrics from the steps'
bytes when they are asked for, the stretch played since they last were.

For agents and solvers: `Game.copy` (also `copy.copy`, `copy.deepcopy`
and pickle) makes an independent game, `state` a compact key of the
position for a visited set, and `to_array` the position's codes as
`sokfmt.to_array` gives them for `board`, kept up to date step by step
(`sokfmt._engine.observe`) rather than built from a `Board`.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from contextlib import suppress
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn, cast

from ._arguments import checked_flag, whole
from ._engine import replay as _replay
from ._engine.observe import UNSEEN, View, frame
from ._engine.replay import (
    CHANGE,
    DIRECTIONS,
    JUMP,
    OTHER_BOX,
    START,
    STEPS,
    Engine,
    StepFailed,
    tally,
)
from .arrays import _numpy
from .board import Board, Position
from .errors import IllegalMoveError, ValidationError
from .moves import SavedGame, SolvingMode, Step
from .puzzle import Puzzle
from .replaying import ReplayFailure, board_and_ids
from .tessellation import Direction, Tessellation

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ("Game",)

# Per tessellation: a direction's value -> the code of a move that way.
# Keyed by the value (a str) because an enum member hashes in Python code,
# which would cost `move` a quarter of its time.  (Plain dicts, never
# changed: a game holds one and can be copied.)
_MOVE_CODES: Mapping[Tessellation, dict[str, int]] = MappingProxyType(
    {
        tessellation: {d._value_: 2 * DIRECTIONS.index(d) for d in tessellation.directions}
        for tessellation in Tessellation
    }
)


class Game:
    """A game in play on a board: moves, pushes, pulls, jumps and pusher
    changes, undo and redo.  Mutable, unlike every other sokfmt object.

    ``Game(puzzle_or_board)`` starts a forward game; ``reverse=True`` a
    reverse one (boxes start on the goals, the pusher pulls; see
    `sokfmt.replay`); ``sokoban_plus=True`` plays a puzzle's Sokoban+ ids.
    `Game.resume` continues a saved game.

    Steps undone stay after the current step until a different step is
    played (or `redo` plays them again): `saved_game` writes them after the
    ``*``.  Playing the step that comes next keeps them.  Consecutive jumps
    are one jump, and consecutive pusher changes one change, as a saved game
    writes them: a jump right after a jump replaces it with one from where
    the first began, and `undo` takes back both.

    >>> game = Game(loads_board("#####\\n#@$.#\\n#####"))
    >>> game.move(Direction.RIGHT)
    Step(kind=<StepKind.PUSH_OR_PULL: 'push or pull'>, direction=<Direction.RIGHT: 'right'>)
    >>> game.solved, game.moves, game.pushes
    (True, 1, 1)

    Raises:
        ValidationError: as `sokfmt.replay` for its first argument and
            `sokoban_plus`.
    """

    # Every attribute is listed here, and `copy` and `__reduce__` handle
    # each: a test checks that a copy shares no container that changes.
    __slots__ = (
        "_board",
        "_codes",
        "_counted",
        "_engine",
        "_ids",
        "_move_codes",
        "_played",
        "_totals",
        "_view",
    )

    def __init__(
        self, puzzle_or_board: Puzzle | Board, *, reverse: bool = False, sokoban_plus: bool = False
    ) -> None:
        checked_flag(reverse, "reverse")
        board, box_ids, goal_ids = board_and_ids(puzzle_or_board, sokoban_plus)
        self._start(board, reverse, (box_ids, goal_ids))

    def _start(self, board: Board, reverse: bool, ids: tuple[tuple[int, ...], ...]) -> None:
        self._board = board
        self._ids = ids
        self._engine = _engine(board, reverse, ids)
        self._move_codes = _MOVE_CODES[board.tessellation]
        self._codes = bytearray()  # every step, those undone after the played ones
        self._played = 0
        self._totals = (0, 0, 0, 0, 0, 0)  # the metrics of the first `_counted` steps
        self._counted = 0
        self._view: View | None = None  # made by the first `to_array`

    @classmethod
    def resume(
        cls, puzzle_or_board: Puzzle | Board, saved_game: SavedGame, *, sokoban_plus: bool = False
    ) -> Game:
        """The game `saved_game` on the board, played up to its ``*`` (its
        `current_move_idx`; a jump or pusher change that the ``*`` cuts is
        not played), the steps after it ready for `redo`.  A reverse saved
        game makes a reverse game.

        Raises:
            ValidationError: as `Game`, or `saved_game` is not a SavedGame
                of the board's tessellation.
            IllegalMoveError: a step before the ``*`` cannot be played
                (`index` is that step of `saved_game`).
        """
        if not isinstance(saved_game, SavedGame):
            raise ValidationError(f"saved_game must be a SavedGame, not {saved_game!r:.60}")
        game = cls(
            puzzle_or_board,
            reverse=saved_game.solving_mode is SolvingMode.REVERSE,
            sokoban_plus=sokoban_plus,
        )
        if saved_game.tessellation is not game.tessellation:
            raise ValidationError(
                f"A {saved_game.tessellation.value} game cannot be played on a "
                f"{game.tessellation.value} board"
            )
        game._codes[:] = _replay.codes_of(saved_game.steps)
        upto = saved_game.current_move_idx
        while game._played < upto and game._next_end() <= upto:
            game.redo()
        return game

    # ------------------------------------------------------------------ playing

    def move(self, direction: Direction, *, pull: bool = False) -> Step:
        """Play what a player's key for `direction` plays: a move, or a push
        when a box is in the way (forward games); a move, or with `pull` a
        pull of the box behind the pusher (reverse games).  Returns the step
        played.

        Raises:
            ValidationError: `direction` is not one of the tessellation's,
                or `pull` is asked of a forward game.
            IllegalMoveError: the step cannot be played (nothing changes).
        """
        try:
            code = self._move_codes[direction._value_]
        except (AttributeError, KeyError, TypeError):
            self._refuse_direction(direction)
        if DIRECTIONS[code >> 1] is not direction:
            self._refuse_direction(direction)
        engine = self._engine
        checked_flag(pull, "pull")
        if pull:
            if not engine.reverse:
                raise ValidationError("Only a reverse game pulls: a forward game pushes")
            code += 1
        played = self._played
        try:
            code = engine.step(code, played, True)
        except StepFailed as failed:
            raise _illegal(failed) from None
        codes = self._codes
        if played == len(codes):
            codes.append(code)
        elif codes[played] & ~OTHER_BOX == code & ~OTHER_BOX:  # the next step undone: keep the rest
            codes[played] = code
        else:  # a new branch: the steps undone are gone
            self._forget_after(played)
            codes.append(code)
        self._played = played + 1
        return STEPS[code]

    def jump(self, position: Position) -> tuple[Step, ...]:
        """Jump to `position` (reverse games, before the first pull): the
        pusher goes over anything on the board to an empty square inside the
        walls, along a shortest way.  Returns the jump's steps (those of the
        jump it replaces when it follows one; none when it ends where that
        one began, which takes both back).

        Raises:
            ValidationError: a forward game, or `position` is not a pair of
                whole numbers.
            IllegalMoveError: the board has no pusher, a pull was played,
                or the jump is blocked or leaves the board.
        """
        if not self._engine.reverse:
            raise ValidationError("Only a reverse game jumps: a forward game pushes")
        if self._engine.pulls:
            raise IllegalMoveError(
                "a jump after the first pull",
                failure=ReplayFailure.JUMP_AFTER_PULL,
                index=self._played,
            )
        return self._group(position, JUMP)

    def select(self, position: Position) -> tuple[Step, ...]:
        """Make the pusher at `position` the active one (Multiban), along a
        shortest way from the active one (the directions tried in the order
        of the tessellation's letters, as for `jump`).  Returns the steps of the pusher
        change (as `jump` does for a change that follows a change).

        Raises:
            ValidationError: `position` is not a pair of whole numbers.
            IllegalMoveError: the board has no pusher, or none stands at
                `position`.
        """
        return self._group(position, CHANGE)

    def undo(self) -> tuple[Step, ...]:
        """Take back the last step (a whole jump or pusher change); returns
        the steps taken back, none at the start.  They stay for `redo`."""
        played = self._played
        if not played:
            return ()
        codes = self._codes
        code = codes[played - 1]
        if not _grouped(code):
            self._engine.unstep(code)
            self._played = played - 1
            return (STEPS[code],)
        start = self._group_start(played)
        group = bytes(codes[start:played])
        if code < CHANGE:
            self._engine.unjump(group)
        else:
            self._engine.unchange(group)
        self._played = start
        return tuple(STEPS[code] for code in group)

    def redo(self) -> tuple[Step, ...]:
        """Play again the next step undone (a whole jump or pusher change);
        returns its steps, none when there is none.

        Raises:
            IllegalMoveError: it cannot be played (a step of a resumed saved
                game after its ``*``); nothing changes.
        """
        played, codes, engine = self._played, self._codes, self._engine
        if played == len(codes):
            return ()
        code = codes[played]
        try:
            if not _grouped(code):
                # The code again, with OTHER_BOX as this position says (a
                # resumed game's steps come without it).
                codes[played] = engine.step(code & ~OTHER_BOX, played)
                end = played + 1
            else:
                end = self._next_end()
                group = bytes(codes[played:end])
                if code < CHANGE:
                    engine.play_jump(group, played)
                else:
                    engine.play_change(group, played)
        except StepFailed as failed:
            raise _illegal(failed) from None
        self._played = end
        return tuple(STEPS[code] for code in codes[played:end])

    def restart(self) -> None:
        """Go back to the start; every step played stays for `redo`."""
        self._engine = _engine(self._board, self._engine.reverse, self._ids)
        self._played = 0

    def legal_moves(self) -> tuple[Step, ...]:
        """The steps `move` can play now, in the order of the tessellation's
        letters: for each direction the move or push of a forward game; the
        move and the pull of a reverse game."""
        engine, played = self._engine, self._played
        found = []
        for d in self._move_codes.values():
            for code in (d, d + 1) if engine.reverse else (d,):
                try:
                    code = engine.step(code, played, True)
                except StepFailed:
                    continue
                engine.unstep(code)
                found.append(STEPS[code])
        return tuple(found)

    # ------------------------------------------------------------------ the position

    @property
    def tessellation(self) -> Tessellation:
        return self._board.tessellation

    @property
    def reverse(self) -> bool:
        """Whether this is a reverse game (it pulls)."""
        return self._engine.reverse

    @property
    def board(self) -> Board:
        """The position now, with the puzzle's goals (as `Replay.board`: a
        pusher on a box is hidden by the box)."""
        return Board(self._board.tessellation, self._engine.squares())

    @property
    def pushers(self) -> tuple[Position, ...]:
        """Where the pushers stand, in the order of the start board."""
        position_of = self._engine.layout.position_of
        return tuple(position_of(index) for index in self._engine.pushers)

    @property
    def pusher(self) -> Position | None:
        """Where the active pusher stands (None without a pusher)."""
        engine = self._engine
        return engine.layout.position_of(engine.pushers[engine.active]) if engine.pushers else None

    @property
    def boxes(self) -> tuple[Position, ...]:
        """Where the boxes stand, row by row."""
        engine = self._engine
        indexes = sorted([*engine.box_cells(), *engine.under])
        return tuple(map(engine.layout.position_of, indexes))

    @property
    def solved(self) -> bool:
        """Whether the position is solved, by the rules of `sokfmt.replay`."""
        return self._engine.solved()

    @property
    def moves(self) -> int:
        """Moves so far, pushes and pulls included (`Replay.moves`)."""
        return self.metrics[0]

    @property
    def pushes(self) -> int:
        """Pushes (pulls) so far (`Replay.pushes`)."""
        return self.metrics[1]

    @property
    def box_lines(self) -> int:
        """Box lines so far (`Replay.box_lines`)."""
        return self.metrics[2]

    @property
    def box_changes(self) -> int:
        """Box changes so far (`Replay.box_changes`)."""
        return self.metrics[3]

    @property
    def pushing_sessions(self) -> int:
        """Pushing sessions so far (`Replay.pushing_sessions`)."""
        return self.metrics[4]

    @property
    def pusher_lines(self) -> int:
        """Pusher lines so far (`Replay.pusher_lines`)."""
        return self.metrics[5]

    @property
    def metrics(self) -> tuple[int, int, int, int, int, int]:
        """moves, pushes, box lines, box changes, pushing sessions, pusher
        lines, as `Replay.metrics`: counted by `replay`'s counter from the
        steps played since they were last asked for (or taken back)."""
        played, counted = self._played, self._counted
        if counted != played:
            low, high = sorted((counted, played))
            codes = self._codes
            stretch = tally(codes[low:high], codes[low - 1] if low else START)
            sign = 1 if counted < played else -1
            self._totals = (
                self._totals[0] + sign * stretch[0],
                self._totals[1] + sign * stretch[1],
                self._totals[2] + sign * stretch[2],
                self._totals[3] + sign * stretch[3],
                self._totals[4] + sign * stretch[4],
                self._totals[5] + sign * stretch[5],
            )
            self._counted = played
        return self._totals

    @property
    def played(self) -> int:
        """How many steps are played (the ``*`` of `saved_game`)."""
        return self._played

    def saved_game(self, *, title: str = "", solved_by: str = "", notes: str = "") -> SavedGame:
        """The steps as a `SavedGame`: those played, then those undone, with
        the ``*`` between them.

        Raises:
            ValidationError: a title or solver of more than one line.
        """
        return SavedGame(
            map(STEPS.__getitem__, self._codes),
            self._board.tessellation,
            SolvingMode.REVERSE if self._engine.reverse else SolvingMode.FORWARD,
            title=title,
            solved_by=solved_by,
            notes=notes,
            current_move_idx=self._played,
        )

    def __repr__(self) -> str:
        mode = "reverse" if self._engine.reverse else "forward"
        return (
            f"<Game: {self._board.tessellation.value}, {mode}, "
            f"{self._played} of {len(self._codes)} steps played>"
        )

    # ------------------------------------------------------------------ for agents and solvers

    def copy(self) -> Game:
        """An independent game in the same state: the position, the steps
        played and undone, the metrics.  Playing either leaves the other as
        it was.  (`copy.copy` and `copy.deepcopy` give the same; what never
        changes, the board and its tables, is shared.)"""
        twin = object.__new__(type(self))
        twin._board = self._board
        twin._ids = self._ids
        twin._move_codes = self._move_codes
        twin._engine = self._engine.copy()
        twin._codes = self._codes[:]
        twin._played = self._played
        twin._totals = self._totals
        twin._counted = self._counted
        view = self._view
        twin._view = None if view is None else view.copy()
        return twin

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        twin = memo[id(self)] = self.copy()
        return twin

    def __reduce__(self) -> tuple[object, ...]:
        # The steps, played again on unpickling: no engine internals in the
        # pickle, which stays valid across versions that change them.
        board, ids, reverse = self._board, self._ids, self._engine.reverse
        return _unpickled, (type(self), board, ids, reverse, bytes(self._codes), self._played)

    @property
    def state(self) -> bytes:
        """A key of the position for a search's visited set: equal for two
        games on one board exactly when their pushers (and which one is
        active) and their boxes (with their Sokoban+ ids) stand on the same
        squares, however they got there.  Compact (a byte a cell) and
        hashable; keys of games on different boards mean nothing to each
        other."""
        engine = self._engine
        cells = engine.cells
        key = bytes(cells) if isinstance(cells, bytearray) else array("I", cells).tobytes()
        where = [engine.pushers[engine.active] if engine.pushers else -1]
        for index, value in sorted(engine.under.items()):  # boxes under parked pushers
            where += (index, value)
        return key + array("q", where).tobytes()

    def to_array(self, out: npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
        """The position's codes as `sokfmt.to_array` gives them for `board`
        (a ``uint8`` array of shape (height, width)), without building a
        `Board`: brought up to date from the steps played since the last
        call.  With `out`, they are written into it, which is returned.
        Needs numpy (``pip install 'sokfmt[numpy]'``).

        Raises:
            ValidationError: `out` is not a writeable ``uint8`` numpy array
                of the board's shape.
        """
        view = self._view
        if view is not None and out is view.target and out is not None:
            # The loop of an agent: a step since, into the same array.
            played, seen = self._played, view.seen
            if played == seen + 1:
                # View.advance, inlined: a call would cost a fifth of a move.
                code = self._codes[seen]
                near = view.plain[code]
                if near is not None:  # a move or a push (pull)
                    cells, p = view.cells, view.pusher
                    t = near[p]
                    cells[p] = view.empty[p]
                    if code & 1:
                        if view.reverse:  # the box behind comes onto p
                            k = view.backs[code & 31][p]
                            cells[k] = view.empty[k]
                            cells[p] = view.boxed[p]
                        else:  # the box on t goes one further
                            b = near[t]
                            cells[b] = view.boxed[b]
                    cells[t] = view.manned[t]
                    view.pusher, view.seen = t, played
                    view.written[:] = cells
                    return out
            elif played == seen:
                view.written[:] = view.cells
                return out
        return self._array(out)

    def _array(self, out: object) -> npt.NDArray[np.uint8]:
        """`to_array` when it does more than one step."""
        view = self._view
        if view is None:
            view = self._view = View(frame(self._board), self._engine.reverse)
        if not view.frame.sealed:
            return self._array_of_board(out)
        if self._played != view.seen:
            view.update(self._codes, self._played, self._engine)
        return self._written(view, out)

    def _written(self, view: View, out: object) -> npt.NDArray[np.uint8]:
        """The view's codes in a new array, or written into `out` (which
        becomes the view's target when its memory is one block)."""
        numpy = _numpy()
        frame = view.frame
        codes = numpy.frombuffer(view.cells, dtype=numpy.uint8).reshape(frame.height, frame.width)
        if out is None:
            fresh: npt.NDArray[np.uint8] = codes.copy()
            return fresh
        target = self._checked_out(out, numpy)
        if target.flags.c_contiguous:
            view.target, view.written = target, memoryview(cast(Any, target)).cast("B")
            view.written[:] = view.cells
        else:
            target[...] = codes
        return target

    def _array_of_board(self, out: object) -> npt.NDArray[np.uint8]:
        """`to_array` by way of `board`, for boards that a view cannot follow."""
        from .arrays import to_array

        codes = to_array(self.board)
        if out is None:
            return codes
        target = self._checked_out(out, _numpy())
        target[...] = codes
        return target

    def _checked_out(self, out: object, numpy: Any) -> npt.NDArray[np.uint8]:
        """`out`, if `to_array` can write the board's codes into it.

        Raises:
            ValidationError: it cannot.
        """
        shape = (self._board.height, self._board.width)
        if not isinstance(out, numpy.ndarray):
            raise ValidationError(
                f"to_array writes into a numpy array of shape {shape}, not {type(out).__name__}"
            )
        if out.dtype != numpy.uint8 or out.shape != shape:
            raise ValidationError(
                f"to_array writes into a uint8 array of shape {shape}, "
                f"not a {out.dtype} array of shape {out.shape}"
            )
        if not out.flags.writeable:
            raise ValidationError("to_array cannot write into a read-only array")
        checked: npt.NDArray[np.uint8] = out
        return checked

    # ------------------------------------------------------------------ helpers

    def _group(self, position: Position, base: int) -> tuple[Step, ...]:
        """Play a jump or pusher change (`base`) to `position`, in place of
        one of the same kind played just before; nothing when the active
        pusher stands there."""
        engine, codes = self._engine, self._codes
        position = _checked(position)
        played = self._played
        if not engine.pushers:
            raise IllegalMoveError(
                "the board has no pusher", failure=ReplayFailure.NO_PUSHER, index=played
            )
        target = self._index(position)
        if target == engine.pushers[engine.active]:
            return ()
        undone = b""
        if played and base <= codes[played - 1] < base + 8:
            undone = bytes(codes[self._group_start(played) : played])
            self.undo()
        start = self._played
        route = engine.route(target, base)
        try:
            if route:
                (engine.play_jump if base == JUMP else engine.play_change)(route, start)
        except StepFailed as failed:
            if undone:
                self.redo()
            raise _illegal(failed) from None
        if undone or route:
            self._forget_after(start)
            codes += route
            self._played = start + len(route)
        return tuple(STEPS[code] for code in route)

    def _forget_after(self, played: int) -> None:
        """Drop the steps after the first `played` (undone ones), the
        metrics first brought back to those steps, which they may count."""
        _ = self.metrics  # counted up to `played`, with the steps still there
        del self._codes[played:]
        view = self._view
        if view is not None and view.seen > played:
            view.seen = UNSEEN  # it saw steps that are gone: it cannot take them back

    def _index(self, position: Position) -> int:
        """The engine's index of `position`.

        Raises:
            IllegalMoveError: a position off the board.
        """
        row, column = position
        board = self._board
        if not (0 <= row < board.height and 0 <= column < board.width):
            raise IllegalMoveError(
                f"{position} is off the {board.width}x{board.height} board",
                failure=ReplayFailure.OFF_BOARD,
                index=self._played,
            )
        return self._engine.layout.index_of(position)

    def _group_start(self, end: int) -> int:
        """Where the jump or pusher change that ends at step `end` begins."""
        codes = self._codes
        base = JUMP if codes[end - 1] < CHANGE else CHANGE
        start = end - 1
        while start and base <= codes[start - 1] < base + 8:
            start -= 1
        return start

    def _next_end(self) -> int:
        """Where the next step undone (a whole group) ends."""
        codes, start = self._codes, self._played
        code = codes[start]
        if not _grouped(code):
            return start + 1
        base = JUMP if code < CHANGE else CHANGE
        end = start + 1
        while end < len(codes) and base <= codes[end] < base + 8:
            end += 1
        return end

    def _refuse_direction(self, direction: object) -> NoReturn:
        tessellation = self._board.tessellation
        if isinstance(direction, Direction):
            raise ValidationError(f"{tessellation.value} has no direction {direction.name}")
        raise ValidationError(f"direction must be a Direction, not {direction!r:.60}")


def _engine(board: Board, reverse: bool, ids: tuple[tuple[int, ...], ...]) -> Engine:
    """An engine for a game at the start."""
    engine = Engine(board, reverse, *ids)
    with suppress(ValueError):  # (a puzzle of some 250 Sokoban+ ids keeps a list)
        # The cells one byte each: read and written as fast as a list's,
        # copied by `Game.copy` in one block, and keyed by `state` in C.
        engine.cells = bytearray(engine.cells)
    return engine


def _unpickled(
    cls: type[Game],
    board: Board,
    ids: tuple[tuple[int, ...], ...],
    reverse: bool,
    codes: bytes,
    played: int,
) -> Game:
    """The game that `Game.__reduce__` pickled: its steps played again up to
    where it stood, those undone kept for `redo`."""
    game = object.__new__(cls)
    game._start(board, reverse, ids)
    game._codes[:] = codes
    while game._played < played:
        game.redo()
    return game


def _grouped(code: int) -> bool:
    """Whether `code` is a step of a jump or a pusher change."""
    return JUMP <= code < OTHER_BOX


def _checked(position: object) -> Position:
    """`position` as a pair of ints, if it is a (row, column) pair of whole
    numbers: ints, or numpy integers (`numpy.argwhere` gives those) and
    whatever else `operator.index` takes.

    Raises:
        ValidationError: it is not.
    """
    if isinstance(position, tuple) and len(position) == 2:
        with suppress(ValidationError):
            return whole(position[0], "row"), whole(position[1], "column")
    raise ValidationError(
        f"position must be a (row, column) pair of whole numbers, not {position!r:.60}"
    )


def _illegal(failed: StepFailed) -> IllegalMoveError:
    return IllegalMoveError(
        failed.reason, failure=ReplayFailure(failed.failure), index=failed.index
    )
