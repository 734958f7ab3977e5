"""What is odd about a puzzle that reads well: the content warnings of the
readers' diagnostics (codes SOK401 to SOK404)."""

from __future__ import annotations

from .board import BOX, BOX_ON_GOAL, GOAL, PUSHER, PUSHER_ON_GOAL
from .errors import ValidationError
from .geometry import is_closed
from .puzzle import Puzzle


def puzzle_warnings(puzzle: Puzzle) -> list[tuple[str, str]]:
    """(code, message) for each oddity of `puzzle`: boxes and goals that do
    not balance, no pusher, a pusher that can walk off the board, Sokoban+
    orders that disagree."""
    board = puzzle.board
    found = []
    # Counted in the text of the cells, not square by square (`check` reads
    # a million boards).
    squares = "".join(board.cells)
    on_goals = squares.count(BOX_ON_GOAL)
    boxes = squares.count(BOX) + on_goals
    goals = squares.count(GOAL) + on_goals + squares.count(PUSHER_ON_GOAL)
    if boxes != goals:
        found.append(
            ("SOK401", f"{boxes} box{'es' * (boxes != 1)} but {goals} goal{'s' * (goals != 1)}")
        )
    if PUSHER not in squares and PUSHER_ON_GOAL not in squares:
        found.append(("SOK402", "no pusher"))
    elif not is_closed(board):
        found.append(("SOK403", "not closed by walls: a pusher can walk off the board"))
    try:
        puzzle.sokoban_plus()
    except ValidationError as error:
        found.append(("SOK404", f"Sokoban+: {error}"))
    return found
