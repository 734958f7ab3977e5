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

from collections import deque
from dataclasses import dataclass

from .board import BOX_ON_GOAL, WALL, Board, Position
from .geometry import OPPOSITE, neighbour, neighbours, outside

__all__ = ("Statistics", "statistics")


@dataclass(frozen=True, slots=True)
class Statistics:
    """Counts of one board.

    `floor` counts the squares inside the walls that are not walls (goals
    and squares under pieces included; the outside left out); `reachable`
    the squares the pushers can walk to, their own included, without
    pushing a box; `dead` the floor squares from which no box can be pushed
    to any goal (see `dead_squares`), which `dead_squares` lists.
    """

    boxes: int
    goals: int
    floor: int
    reachable: int
    boxes_on_goals: int
    dead: int
    dead_squares: tuple[Position, ...]


def statistics(board: Board) -> Statistics:
    """The `Statistics` of `board`, in any tessellation."""
    floor = floor_squares(board)
    goals = board.goals
    dead = tuple(sorted(floor - live_squares(board, floor)))
    return Statistics(
        boxes=len(board.boxes),
        goals=len(goals),
        floor=len(floor),
        reachable=len(reachable_squares(board)),
        boxes_on_goals=len(board.positions(BOX_ON_GOAL)),
        dead=len(dead),
        dead_squares=dead,
    )


def floor_squares(board: Board) -> set[Position]:
    """The squares that are not walls and not outside the walls."""
    return {
        (row, column)
        for row, cells in enumerate(board.cells)
        for column, square in enumerate(cells)
        if square != WALL
    } - outside(board)


def reachable_squares(board: Board) -> set[Position]:
    """The squares the pushers walk to without pushing: neither walls nor boxes."""
    blocked = set(board.walls) | set(board.boxes)
    seen = set(board.pushers)
    queue = deque(seen)
    while queue:
        for near in neighbours(board.tessellation, queue.popleft()):
            if near not in seen and near not in blocked and _on_board(board, near):
                seen.add(near)
                queue.append(near)
    return seen


def live_squares(board: Board, floor: set[Position]) -> set[Position]:
    """The squares of `floor` from which a lone box can be pushed to a goal.

    Pushing in direction d moves the pusher from p to s and the box from s
    to t, each one step in d.  Since the step opposite to d leads back, the
    box at t came from s = t's neighbour opposite to d, with the pusher at
    s's neighbour opposite to d.
    """
    tessellation = board.tessellation
    backwards = [OPPOSITE[d] for d in tessellation.directions]
    live = set(board.goals)  # never outside: the outside is plain floor
    queue = deque(live)
    while queue:
        target = queue.popleft()
        for back in backwards:
            source = neighbour(tessellation, target, back)
            if source is None or source in live or not _is_floor(board, source):
                continue
            pusher = neighbour(tessellation, source, back)
            if pusher is not None and _is_floor(board, pusher):
                live.add(source)
                queue.append(source)
    return live & floor


def _on_board(board: Board, position: Position) -> bool:
    row, column = position
    return 0 <= row < board.height and 0 <= column < board.width


def _is_floor(board: Board, position: Position) -> bool:
    return _on_board(board, position) and board[position] != WALL
