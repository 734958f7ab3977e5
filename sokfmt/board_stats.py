"""What a maintainer checks a level by: counts of its squares and pieces,
the squares its pusher can reach, and its dead squares.

A dead square is a floor square from which no box can ever be pushed to a
goal, whatever the other boxes do: a box pushed onto one makes the level
unsolvable.  They are found by the standard search that pulls a box from
every goal (as solvers find them): a box on square t can have come from s
when a pusher stepping in some direction from the square before s reaches s
and then t, both s and that square being floor.  The search ignores where the
pusher could walk, so a square it calls dead is dead; a few squares it calls
live may still be dead for want of a way round the box.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._engine import flood
from .board import (
    BOX,
    BOX_ON_GOAL,
    FLOOR,
    GOAL,
    PUSHER,
    PUSHER_ON_GOAL,
    SQUARES,
    WALL,
    Board,
    Position,
)
from .errors import ValidationError
from .puzzle import Puzzle

__all__ = ("Statistics", "statistics")


@dataclass(frozen=True, slots=True)
class Statistics:
    """Counts of one board.

    `floor` counts the squares inside the walls that are not walls (goals
    and squares under pieces included; the outside left out); `reachable`
    the squares the pushers can walk to, their own included, without
    pushing a box; `dead` the floor squares from which no box can be pushed
    to any goal (see the module's docstring), which `dead_squares` lists.

    >>> stats = statistics(loads_board("#####\\n#@$.#\\n#####"))
    >>> stats.boxes, stats.goals, stats.floor, stats.reachable
    (1, 1, 3, 1)
    >>> stats.boxes_on_goals, stats.dead, stats.dead_squares
    (0, 1, ((1, 1),))
    """

    boxes: int
    goals: int
    floor: int
    reachable: int
    boxes_on_goals: int
    dead: int
    dead_squares: tuple[Position, ...]


def statistics(board: Board | Puzzle) -> Statistics:
    """The `Statistics` of `board` (or of a puzzle's board), in any tessellation.

    >>> stats = statistics(loads_board("#####\\n#@$.#\\n#####"))
    >>> stats.floor, stats.reachable, stats.dead_squares
    (3, 1, ((1, 1),))

    Raises:
        ValidationError: `board` is neither a board nor a puzzle.
    """
    if isinstance(board, Puzzle):
        board = board.board
    elif not isinstance(board, Board):
        raise ValidationError(f"board must be a Board or a Puzzle, not {type(board).__name__}")
    plan = flood.layout(board.tessellation, board.height, board.width)
    squares = plan.squares(board)
    open_ = flood.bits(squares, _NOT_WALLS)
    floor = open_
    if open_ & plan.edge:  # else walls all round the edge: nothing is outside
        # The outside is the plain floor that reaches the edge; floor is the rest.
        plain = flood.bits(squares, FLOOR)
        floor &= ~flood.spread(plan, plain & plan.edge, plain)
    pushers = flood.first_cells(squares, _PUSHER) | flood.first_cells(squares, _PUSHER_ON_GOAL)
    reached = flood.spread(plan, pushers, open_ & ~flood.bits(squares, _BOXES))
    # A box may be pushed from any square that is no wall, the outside's too.
    live = flood.pull(plan, flood.bits(squares, _GOALS), open_)
    dead = tuple(flood.positions(plan, floor & ~live))
    on_goals = squares.count(_BOX_ON_GOAL)
    return Statistics(
        boxes=squares.count(_BOX) + on_goals,
        goals=squares.count(_GOAL) + on_goals + squares.count(_PUSHER_ON_GOAL),
        floor=floor.bit_count(),
        reachable=reached.bit_count(),
        boxes_on_goals=on_goals,
        dead=len(dead),
        dead_squares=dead,
    )


_NOT_WALLS = "".join(square for square in SQUARES if square != WALL)
# The squares as the bytes of a layout's squares.
_PUSHER, _PUSHER_ON_GOAL, _BOX, _BOX_ON_GOAL, _GOAL = (
    square.encode("ascii") for square in (PUSHER, PUSHER_ON_GOAL, BOX, BOX_ON_GOAL, GOAL)
)
_BOXES = BOX + BOX_ON_GOAL
_GOALS = GOAL + BOX_ON_GOAL + PUSHER_ON_GOAL
