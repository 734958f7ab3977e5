"""Why `sokfmt play` cannot play a step, in words about the board.

The engine says why it refuses a step with a `ReplayFailure` code, and in a
message that names cells by 0-based (row, column): a player sees neither.
Each code gets words here; which thing is stopped (the pusher or the box it
pushes) is read off the board where the code alone does not say.
"""

from __future__ import annotations

from ..errors import IllegalMoveError, ReplayFailure
from ..game import Game
from ..geometry import neighbour
from ..tessellation import Direction

D = Direction
F = ReplayFailure

#: The directions as the keys' help names them.
DIRECTION_WORDS = {
    D.LEFT: "left",
    D.RIGHT: "right",
    D.UP: "up",
    D.DOWN: "down",
    D.NORTH_WEST: "up-left",
    D.NORTH_EAST: "up-right",
    D.SOUTH_WEST: "down-left",
    D.SOUTH_EAST: "down-right",
}

# The words for each refusal.  A key plays a move, or a push when a box is
# in the way, so that a key meets only the first group; the second comes
# from the saved game that `--resume` continues (its letters say move or
# push, and may change pushers); play plays no reverse game, but the words
# of the last group keep every code in words all the same.
_WORDS = {
    F.NO_PUSHER: "the board has no pusher",
    F.WALL: "a wall is in the way",
    F.PUSHER_IN_THE_WAY: "another pusher is in the way",
    F.BOX_INTO_WALL: "the box has a wall behind it",
    F.BOX_INTO_BOX: "the box has another box behind it",
    F.BOX_INTO_PUSHER: "the box has another pusher behind it",
    # Only Octoban has cells without a side in a direction of its own: its
    # squares, which have no diagonal sides (its octagons have eight).
    F.DIRECTION_UNAVAILABLE: "a square has no diagonal sides (only octagons have them)",
    F.OFF_BOARD: "it would leave the board, which walls do not close",
    F.MOVE_INTO_BOX: "the saved game walks into a box without pushing it",
    F.PUSH_WITHOUT_BOX: "the saved game pushes, and there is no box to push",
    F.NO_PUSHER_TO_CHANGE_TO: "the saved game changes to a pusher that is not there",
    F.PUSH_IN_REVERSE: "a reverse game pulls boxes: it cannot push one",
    F.PULL_WITHOUT_BOX: "there is no box behind the pusher to pull",
    F.PUSHER_ON_BOX: "the pusher stands on a box, and must jump off first",
    F.JUMP_AFTER_PULL: "a jump cannot come after the first pull",
    F.JUMP_BLOCKED: "the jump ends on a wall, a box or a pusher, or outside the walls",
}
# Where the thing stopped matters, the pusher's words and the box's.
_BY_WHAT = {
    F.DIRECTION_UNAVAILABLE: (
        "the pusher stands on a square, which has no diagonal sides (only octagons have them)",
        "the box stands on a square, which has no diagonal sides (only octagons have them)",
    ),
    F.OFF_BOARD: (
        "the pusher would walk off the board, which walls do not close",
        "the box would leave the board, which walls do not close",
    ),
}


def in_words(failure: ReplayFailure, box: bool | None = None) -> str:
    """Why a step is refused, for `failure`; `box` says whether the box
    pushed (True) or the pusher (False) is what cannot go, when known."""
    if box is None or failure not in _BY_WHAT:
        return _WORDS[failure]
    return _BY_WHAT[failure][box]


def refused(game: Game, direction: Direction | None, error: IllegalMoveError) -> str:
    """Why `game` cannot play the step `direction` from where it stands."""
    return in_words(error.failure, _pushes(game, direction))


def _pushes(game: Game, direction: Direction | None) -> bool | None:
    """Whether a step `direction` from the pusher meets a box (None when
    there is no direction or no pusher to tell)."""
    if direction is None or game.pusher is None:
        return None
    ahead = neighbour(game.tessellation, game.pusher, direction)
    return ahead is not None and ahead in game.boxes
