"""The closed-board test, the outside and the statistics of a board as
sokfmt computed them before it flooded flat cells: a walk square by square
over positions, each neighbour found by `sokfmt.geometry.neighbours` and
`neighbour`.  The second method that tests/test_flood.py holds the floods to."""

from __future__ import annotations

from collections import deque

from sokfmt import Board, Statistics
from sokfmt.board import BOX_ON_GOAL, FLOOR, WALL
from sokfmt.geometry import OPPOSITE, neighbour, neighbours

Position = tuple[int, int]


def _on_board(board: Board, position: Position) -> bool:
    row, column = position
    return 0 <= row < board.height and 0 <= column < board.width


def _is_floor(board: Board, position: Position) -> bool:
    return _on_board(board, position) and board[position] != WALL


def outside(board: Board) -> set[Position]:
    seen: set[Position] = set()
    queue: deque[Position] = deque()
    for row in range(board.height):
        for column in range(board.width):
            position = (row, column)
            if board[position] != FLOOR:
                continue
            if any(not _on_board(board, n) for n in neighbours(board.tessellation, position)):
                seen.add(position)
                queue.append(position)
    while queue:
        for near in neighbours(board.tessellation, queue.popleft()):
            if _on_board(board, near) and near not in seen and board[near] == FLOOR:
                seen.add(near)
                queue.append(near)
    return seen


def is_closed(board: Board) -> bool:
    seen = set(board.pushers)
    queue = deque(seen)
    while queue:
        for near in neighbours(board.tessellation, queue.popleft()):
            if not _on_board(board, near):
                return False
            if near not in seen and board[near] != WALL:
                seen.add(near)
                queue.append(near)
    return True


def floor_squares(board: Board) -> set[Position]:
    return {
        (row, column)
        for row, cells in enumerate(board.cells)
        for column, square in enumerate(cells)
        if square != WALL
    } - outside(board)


def reachable_squares(board: Board) -> set[Position]:
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
    tessellation = board.tessellation
    backwards = [OPPOSITE[d] for d in tessellation.directions]
    live = set(board.goals)
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


def statistics(board: Board) -> Statistics:
    floor = floor_squares(board)
    dead = tuple(sorted(floor - live_squares(board, floor)))
    return Statistics(
        boxes=len(board.boxes),
        goals=len(board.goals),
        floor=len(floor),
        reachable=len(reachable_squares(board)),
        boxes_on_goals=len(board.positions(BOX_ON_GOAL)),
        dead=len(dead),
        dead_squares=dead,
    )
