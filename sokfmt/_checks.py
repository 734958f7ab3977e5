"""What is odd about a puzzle that reads well: the content warnings of the
readers' diagnostics (codes SOK401 to SOK404)."""

from __future__ import annotations

from .errors import ValidationError
from .geometry import is_closed
from .puzzle import Puzzle


def puzzle_warnings(puzzle: Puzzle) -> list[tuple[str, str]]:
    """(code, message) for each oddity of `puzzle`: boxes and goals that do
    not balance, no pusher, a pusher that can walk off the board, Sokoban+
    orders that disagree."""
    board = puzzle.board
    found = []
    boxes, goals = len(board.boxes), len(board.goals)
    if boxes != goals:
        found.append(
            ("SOK401", f"{boxes} box{'es' * (boxes != 1)} but {goals} goal{'s' * (goals != 1)}")
        )
    if not board.pushers:
        found.append(("SOK402", "no pusher"))
    elif not is_closed(board):
        found.append(("SOK403", "not closed by walls: a pusher can walk off the board"))
    try:
        puzzle.sokoban_plus()
    except ValidationError as error:
        found.append(("SOK404", f"Sokoban+: {error}"))
    return found
