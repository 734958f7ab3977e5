"""The content warnings of the readers (sokfmt._sok.checks: SOK401 to SOK403),
counted by hand: boxes and goals under the pieces count."""

from __future__ import annotations

import pytest

from sokfmt import Puzzle, loads_board
from sokfmt._sok.checks import puzzle_warnings


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("#####\n#@$.#\n#####", []),
        ("######\n#@*$.#\n######", []),  # a box on a goal is a box and a goal
        ("#####\n#@*.#\n#####", [("SOK401", "1 box but 2 goals")]),
        ("######\n#+$*$#\n######", [("SOK401", "3 boxes but 2 goals")]),
        ("######\n#+$--#\n######", []),  # the pusher on the goal
        ("#####\n#$.-#\n#####", [("SOK402", "no pusher")]),
        (
            "#####\n#@$.-\n#####",
            [("SOK403", "not closed by walls: a pusher can walk off the board")],
        ),
        ("-----\n-#####\n-#@$.#\n-#####", []),  # floor outside, the pusher walled in
    ],
)
def test_warnings_worked_out_by_hand(board: str, expected: list[tuple[str, str]]) -> None:
    assert puzzle_warnings(Puzzle(loads_board(board))) == expected
