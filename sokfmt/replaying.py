"""Replaying saved games: is a step legal, does the game solve its puzzle, and
the standard solution metrics.

`replay(puzzle_or_board, game)` plays `game` on the board and returns a
`Replay`.  The rules, for every tessellation (the neighbours of
`sokfmt.geometry.neighbour`):

- **Forward games** push: a lower-case letter moves the pusher to an empty
  square, an upper-case one moves it into a box and the box one square
  further the same way.  The game is solved when every box stands on a goal
  (with `sokoban_plus`, on a goal of its own Sokoban+ id).
- **Reverse games** (`SolvingMode.REVERSE`, a game that holds a jump) pull,
  as in Sokoban YASC: a box starts on every goal (with `sokoban_plus`,
  carrying the goal's id), the pushers where the board has them.  A
  lower-case letter moves the pusher to an empty square; an upper-case one
  moves it the same way and pulls the box from the square behind it.  A jump
  (``[...]``) moves the pusher along its letters over walls, boxes and other
  pushers, must stay on the board and end on an empty square inside the
  walls, and is allowed only before the first pull (YASC's default; the
  ``sokoban_elements`` crate says the same).  A pusher whose start square is
  a goal starts on a box and must jump off it first.  The game is solved when
  every box stands on a square where the board has a box (with `sokoban_plus`,
  one of its own id) and every pusher stands where it could walk from its own
  start square in the start position: YASC's condition, which makes the game
  played backwards a forward solution.
- **Pusher changes** (``{...}``, Multiban): the letters lead, over anything
  on the board, from the active pusher to the square of the one that becomes
  active; at the start of a game the top-left pusher (the first in board
  order) is active.  Pushers that are not active are obstacles.  A board with
  several pushers needs no pusher change: the top-left pusher plays.
- **Case matters**: a lower-case letter into a box, and an upper-case letter
  with no box to push or pull, are illegal.  (YASC, JSoko and sokoenginepy
  ignore the case of the letters they replay; sokfmt reports it, since the
  case is what the file says.)
- A jump or a pusher change is played whole or not at all: `upto` inside
  one stops before it, and a failure inside one is reported at its first step.
- Steps after the position is solved are played like any others, and it is
  the position at the end that counts (JSoko cuts such steps off a solution,
  YASC refuses them).  In the corpus only JSoko's own test file has some:
  "RRRDD", solved by its first push, is illegal at its second.
- Trioban: cell (0, 0) points down, and a triangle points down when its row
  and column add up to an even number, up when odd (sokoenginepy's grid, and
  the sokoban-elements crate's).  Each letter follows one of the three strips
  of triangles, so every letter leads somewhere from every triangle: from a
  triangle pointing down, u and n lead up, d right and s left; from one
  pointing up, u leads left, n right, d and s down (see `sokfmt.geometry`).
  Octoban: a square has no diagonal side, so a diagonal step from a square is
  illegal (`ReplayFailure.DIRECTION_UNAVAILABLE`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from ._arguments import checked, checked_flag, items
from ._engine import replay as _replay
from .board import Board, Position
from .errors import ReplayFailure, ValidationError
from .moves import SavedGame, SolvingMode
from .puzzle import Puzzle

__all__ = ("Replay", "ReplayFailure", "best_solution_index", "replay")


@dataclass(frozen=True, slots=True)
class Replay:
    """The result of replaying a saved game on a board.

    >>> board = loads_board("#####\\n#@$.#\\n#####")
    >>> result = replay(board, loads_moves("l"))
    >>> result.legal, result.solved, result.failed_at, result.failure
    (False, False, 0, <ReplayFailure.WALL: 'wall'>)
    >>> result.reason
    'the pusher would enter the wall at (1, 0)'

    Attributes:
        solved: the steps played are legal and the position is solved (see
            the module docstring: every box on a goal; for a reverse game,
            every box on a box square of the board and the pushers where
            they could walk from).  A board whose boxes all start solved is
            solved by the empty game.
        legal: every step played could be played (`failed_at` is None).
        failed_at: the index in ``game.steps`` of the first step that cannot
            be played (of the first step of a jump or pusher change that
            cannot), or None.
        failure: why, as a stable code; None when legal.
        reason: why, in words ("" when legal).
        board: the position after the last step played, with the puzzle's
            goals (also in a reverse game, whose boxes then stand where its
            pulls left them).  A pusher standing on a box (a reverse game's
            pusher before its first jump) is hidden by the box.
        pusher: where the active pusher stands, or None without a pusher.
        played: how many steps were played (`failed_at` when not legal).
        moves: the steps the pushers made, pushes and pulls included,
            jumps and pusher changes not: the first number of a solution
            title's "230/97", as YASC and JSoko count.  Unlike
            `SavedGame.non_push_moves`, which follows the ``sokoban_elements``
            crate and leaves pushes out.
        pushes: the pushes (forward game) or pulls (reverse game).
        box_lines: the pushes that start a box line: a push starts one when
            it begins a pushing session or moves another box than the
            previous push.  So a box line is a run of pushes of one box
            with no other step between them.  This is JSoko's definition;
            YASC starts a line instead when the box or the direction
            changes, so pushing one box on along the same line after
            walking around counts once in YASC and twice here.  sokfmt
            follows JSoko because its numbers are the ones published with
            solutions, and because the direction of a Trioban push is not
            the direction the box travels.  The two agree on every solution
            of Original_and_Extra.sok.
        box_changes: the pushes that move another box than the previous
            push, the first push included (YASC and JSoko agree).
        pushing_sessions: the pushes that follow a step that is not a push,
            or begin the game (YASC and JSoko agree): the number of runs of
            consecutive pushes.  A jump or a pusher change ends a run.
        pusher_lines: the steps (counted in `moves`) whose direction differs
            from the previous step's, the first step included: the number
            of straight runs of the pusher, pushes included.  This is YASC's
            "player lines" (JSoko computes it but does not keep it); a jump
            or a pusher change ends a line.

    Invariants: ``pushing_sessions <= box_lines <= pushes <= moves``,
    ``box_changes <= box_lines <= box_changes + pushing_sessions``,
    ``pusher_lines <= moves``, and ``pusher_lines == 0`` only when
    ``moves == 0``; ``box_changes`` and ``pushing_sessions`` are 0 exactly
    when ``pushes`` is.
    """

    solved: bool
    legal: bool
    failed_at: int | None
    failure: ReplayFailure | None
    reason: str
    board: Board
    pusher: Position | None
    played: int
    moves: int
    pushes: int
    box_lines: int
    box_changes: int
    pushing_sessions: int
    pusher_lines: int

    def __post_init__(self) -> None:
        if self.legal != (self.failed_at is None) or self.legal != (self.failure is None):
            raise ValidationError("legal must be True exactly when failed_at and failure are None")
        if self.solved and not self.legal:
            raise ValidationError("an illegal game cannot be solved")

    @property
    def metrics(self) -> tuple[int, int, int, int, int, int]:
        """moves, pushes, box lines, box changes, pushing sessions, pusher lines."""
        return (
            self.moves,
            self.pushes,
            self.box_lines,
            self.box_changes,
            self.pushing_sessions,
            self.pusher_lines,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON object with every field; `failure` as its code, `board` as
        `Board.to_dict` writes it, `pusher` as ``[row, column]``."""
        return {
            "solved": self.solved,
            "legal": self.legal,
            "failed_at": self.failed_at,
            "failure": None if self.failure is None else self.failure.value,
            "reason": self.reason,
            "board": self.board.to_dict(),
            "pusher": None if self.pusher is None else list(self.pusher),
            "played": self.played,
            "moves": self.moves,
            "pushes": self.pushes,
            "box_lines": self.box_lines,
            "box_changes": self.box_changes,
            "pushing_sessions": self.pushing_sessions,
            "pusher_lines": self.pusher_lines,
        }


def replay(
    puzzle_or_board: Puzzle | Board,
    game: SavedGame,
    *,
    sokoban_plus: bool = False,
    upto: int | None = None,
) -> Replay:
    """Play `game` on the board of `puzzle_or_board` (rules in the module docstring).

    `current_move_idx` does not limit the replay; ``upto=N`` stops after the
    first N steps (``upto=game.current_move_idx`` gives the position at the
    cursor).  With `sokoban_plus`, boxes and goals carry the Sokoban+ ids of
    the puzzle's boxorder and goalorder (pieces these leave out get the
    default id); a puzzle without them plays by the classic rules.

    >>> result = replay(loads_board("#####\\n#@$.#\\n#####"), loads_moves("R"))
    >>> result.legal, result.solved, result.moves, result.pushes
    (True, True, 1, 1)

    Raises:
        ValidationError: the game's tessellation is not the board's, `upto`
            is not a whole number from 0 to ``len(game)``, `sokoban_plus`
            is asked of a bare Board, or the puzzle's Sokoban+ ids are
            invalid.
    """
    board, box_ids, goal_ids = board_and_ids(puzzle_or_board, sokoban_plus)
    if not isinstance(game, SavedGame):
        raise ValidationError(f"game must be a SavedGame, not {game!r:.60}")
    if game.tessellation is not board.tessellation:
        raise ValidationError(
            f"A {game.tessellation.value} game cannot be replayed on a "
            f"{board.tessellation.value} board"
        )
    steps = game.steps
    if upto is None:
        upto = len(steps)
    elif isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= len(steps):
        raise ValidationError(f"upto must be a whole number from 0 to {len(steps)}, not {upto!r}")
    outcome = _replay.play(
        board,
        steps,
        reverse=game.solving_mode is SolvingMode.REVERSE,
        grouped=game.non_push_moves + game.pushes_count != len(steps),
        box_ids=box_ids,
        goal_ids=goal_ids,
        upto=upto,
    )
    return Replay(
        solved=outcome.solved,
        legal=outcome.failed_at is None,
        failed_at=outcome.failed_at,
        failure=None if outcome.failure is None else ReplayFailure(outcome.failure),
        reason=outcome.reason,
        board=Board(board.tessellation, outcome.cells),
        pusher=outcome.pusher,
        played=outcome.played,
        moves=outcome.moves,
        pushes=outcome.pushes,
        box_lines=outcome.box_lines,
        box_changes=outcome.box_changes,
        pushing_sessions=outcome.pushing_sessions,
        pusher_lines=outcome.pusher_lines,
    )


def board_and_ids(
    puzzle_or_board: Puzzle | Board, sokoban_plus: bool
) -> tuple[Board, tuple[int, ...], tuple[int, ...]]:
    """The board to play on, and the Sokoban+ ids of its boxes and goals
    (none under the classic rules, or for a puzzle without them).

    Raises:
        ValidationError: not a Puzzle or Board, `sokoban_plus` asked of a
            bare Board, or invalid Sokoban+ ids.
    """
    if isinstance(puzzle_or_board, Puzzle):
        board = puzzle_or_board.board
    elif isinstance(puzzle_or_board, Board):
        board = puzzle_or_board
    else:
        raise ValidationError(
            f"puzzle_or_board must be a Puzzle or a Board, not {puzzle_or_board!r:.60}"
        )
    checked_flag(sokoban_plus, "sokoban_plus")
    if not sokoban_plus:
        return board, (), ()
    if not isinstance(puzzle_or_board, Puzzle):
        raise ValidationError(
            "sokoban_plus needs a Puzzle (its boxorder and goalorder), not a bare Board"
        )
    ids = puzzle_or_board.sokoban_plus()
    return (board, *ids) if ids is not None else (board, (), ())


def best_solution_index(
    replays: Iterable[Replay], *, by: Literal["moves", "pushes"] = "moves"
) -> int | None:
    """The index of the best solved replay in `replays`, or None if none is solved.

    By moves: fewest moves, then pushes, box lines, box changes, pushing
    sessions and pusher lines; by pushes: fewest pushes, then moves and the
    same.  This is JSoko's order (YASC's is the same for moves and pushes),
    with pusher lines last.  The first of equals wins.

    >>> board = loads_board("#####\\n#@$.#\\n#####")
    >>> replays = [replay(board, loads_moves(moves)) for moves in ("l", "Rl", "R")]
    >>> [result.solved for result in replays]
    [False, True, True]
    >>> best_solution_index(replays)
    2
    >>> print(best_solution_index(replays[:1]))
    None

    Raises:
        ValidationError: `by` is neither "moves" nor "pushes".
    """
    if by not in ("moves", "pushes"):
        raise ValidationError(f"by must be 'moves' or 'pushes', not {by!r}")
    replays = items(replays, "replays", "Replay")
    for result in replays:
        checked(result, Replay, "replays", "an iterable of Replay")
    best: tuple[tuple[int, ...], int] | None = None
    for index, result in enumerate(replays):
        if not result.solved:
            continue
        key = result.metrics
        if by == "pushes":
            key = (key[1], key[0], *key[2:])
        if best is None or key < best[0]:
            best = (key, index)
    return None if best is None else best[1]
