"""A minimal Sokoban player for tests: does a saved game solve its board?
And the opposite of each direction, for tests that walk back.

Only for checking the bundled sample; sokfmt itself never plays games.
"""

from __future__ import annotations

from sokfmt import Board, Direction, SavedGame, SolvingMode, StepKind

# The direction back, written out (the geometry under test has its own).
OPPOSITE = {
    Direction.LEFT: Direction.RIGHT,
    Direction.RIGHT: Direction.LEFT,
    Direction.UP: Direction.DOWN,
    Direction.DOWN: Direction.UP,
    Direction.NORTH_WEST: Direction.SOUTH_EAST,
    Direction.SOUTH_EAST: Direction.NORTH_WEST,
    Direction.NORTH_EAST: Direction.SOUTH_WEST,
    Direction.SOUTH_WEST: Direction.NORTH_EAST,
}

_OFFSETS = {
    Direction.LEFT: (0, -1),
    Direction.RIGHT: (0, 1),
    Direction.UP: (-1, 0),
    Direction.DOWN: (1, 0),
}


def solves(game: SavedGame, board: Board) -> bool:
    """Whether `game` (forward or reverse, Sokoban) solves `board`."""
    walls = set(board.walls)
    goals = set(board.goals)
    start_boxes = set(board.boxes)
    (pusher,) = board.pushers
    boxes = set(goals) if game.solving_mode is SolvingMode.REVERSE else set(start_boxes)
    for step in game:
        dy, dx = _OFFSETS[step.direction]
        target = (pusher[0] + dy, pusher[1] + dx)
        if target in walls or target in boxes:
            if not (
                step.kind is StepKind.PUSH_OR_PULL and game.solving_mode is SolvingMode.FORWARD
            ):
                return False
            beyond = (target[0] + dy, target[1] + dx)
            if beyond in walls or beyond in boxes:
                return False
            boxes.remove(target)
            boxes.add(beyond)
        elif step.kind is StepKind.PUSH_OR_PULL:
            if game.solving_mode is SolvingMode.FORWARD:
                return False  # a push with no box to push
            behind = (pusher[0] - dy, pusher[1] - dx)
            if behind not in boxes:
                return False
            boxes.remove(behind)
            boxes.add(pusher)
        pusher = target
    if game.solving_mode is SolvingMode.REVERSE:
        return boxes == start_boxes and pusher == board.pushers[0]
    return boxes == goals
