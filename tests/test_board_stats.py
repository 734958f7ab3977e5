"""sokfmt.statistics: counts worked out by hand, and dead squares checked
against a brute-force search written here, whose only rules are sokfmt.replay's
(a pusher and one box, every step tried by replaying it)."""

from __future__ import annotations

import copy
import pickle
from collections import deque
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sokfmt import Board, Statistics, Tessellation, loads_board, loads_moves, replay, statistics

Position = tuple[int, int]


def test_counts_of_a_board_worked_out_by_hand() -> None:
    # Two boxes (one on a goal), two goals, the pusher boxed in by the box
    # beside it.  The outside (the blanks at the edge) is no floor.  Dead:
    # (1, 3) and (2, 1), which cannot be pushed at all (walls on two sides
    # that face each other's free side), and column 4, whose squares have a
    # wall on their right: a box there slides up and down it, never onto a
    # goal.  Live: the goals, and (2, 2), pushed right onto (2, 3) from (2, 1).
    board = loads_board("  ####\n###  #\n#@$. #\n###* #\n ### #\n   ###")
    result = statistics(board)
    assert result == Statistics(
        boxes=2,
        goals=2,
        floor=9,
        reachable=1,
        boxes_on_goals=1,
        dead=6,
        dead_squares=((1, 3), (1, 4), (2, 1), (2, 4), (3, 4), (4, 4)),
    )
    assert pickle.loads(pickle.dumps(result)) == result == copy.deepcopy(result)


def test_a_board_without_goals_is_dead_everywhere_and_the_pusher_walks_round() -> None:
    # Eight floor squares in a ring round a wall; the pusher reaches all of
    # them but the box's.
    board = loads_board("#####\n#@$ #\n# # #\n#   #\n#####")
    result = statistics(board)
    assert (result.floor, result.reachable, result.goals, result.dead) == (8, 7, 0, 8)


# ------------------------------------------------------------ brute force


def _replayed(board: Board, letter: str) -> tuple[Position, Position | None] | None:
    """Where the pusher (and the box, if any) stand after one step, or None
    when replay refuses it."""
    result = replay(board, loads_moves(letter, tessellation=board.tessellation))
    if not result.legal:
        return None
    assert result.pusher is not None
    boxes = result.board.boxes
    return result.pusher, boxes[0] if boxes else None


def _placed(
    tessellation: Tessellation, plan: tuple[str, ...], pieces: dict[Position, str]
) -> Board:
    rows = [list(row) for row in plan]
    for (row, column), piece in pieces.items():
        on_goal = rows[row][column] == "."
        rows[row][column] = {"@": "+", "$": "*"}[piece] if on_goal else piece
    return Board(tessellation, tuple(map("".join, rows)))


def _squares(plan: tuple[str, ...]) -> set[Position]:
    """Every square that is no wall (the plans are walled: none is outside)."""
    return {(r, c) for r, row in enumerate(plan) for c, square in enumerate(row) if square != "#"}


def _rules(
    tessellation: Tessellation, plan: tuple[str, ...]
) -> tuple[dict[tuple[Position, str], Position], dict[tuple[Position, str], Position]]:
    """The moves (pusher, letter) -> pusher and the pushes (pusher, letter) ->
    box (the box standing where that move leads) of a board of one pusher
    and one box, each found by replaying it."""
    moves, pushes = {}, {}
    for pusher in _squares(plan):
        for letter in tessellation.letters:
            moved = _replayed(_placed(tessellation, plan, {pusher: "@"}), letter)
            if moved is None:
                continue
            moves[pusher, letter] = moved[0]
            board = _placed(tessellation, plan, {pusher: "@", moved[0]: "$"})
            pushed = _replayed(board, letter.upper())
            if pushed is not None:
                assert pushed[0] == moved[0]
                assert pushed[1] is not None
                pushes[pusher, letter] = pushed[1]
    return moves, pushes


def _reach(start: Iterable[Position], edges: dict[Position, set[Position]]) -> set[Position]:
    seen = set(start)
    queue = deque(seen)
    while queue:
        for near in edges.get(queue.popleft(), ()):
            if near not in seen:
                seen.add(near)
                queue.append(near)
    return seen


def _dead_by_brute_force(
    tessellation: Tessellation, plan: tuple[str, ...]
) -> tuple[set[Position], set[Position]]:
    """(dead squares when the pusher may stand anywhere before each push,
    dead squares when it must walk there round the box): squares from which
    no series of pushes of a lone box ends on a goal."""
    moves, pushes = _rules(tessellation, plan)
    squares = _squares(plan)
    goals = {(r, c) for r, row in enumerate(plan) for c, s in enumerate(row) if s == "."}
    # Anywhere: box s -> t when some pusher can push it so.
    backwards: dict[Position, set[Position]] = {}
    for (pusher, letter), box in pushes.items():
        backwards.setdefault(box, set()).add(moves[pusher, letter])
    dead_anywhere = squares - _reach(goals, backwards)
    # Walking: states (box, pusher), from every pusher square.
    dead_walking = set()
    for box in squares:
        seen = {(box, pusher) for pusher in squares if pusher != box}
        queue = deque(seen)
        solved = box in goals
        while queue and not solved:
            at_box, pusher = queue.popleft()
            for letter in tessellation.letters:
                entered = moves.get((pusher, letter))
                if entered is None:
                    continue
                if entered != at_box:
                    state = (at_box, entered)
                elif (pusher, letter) in pushes:
                    state = (pushes[pusher, letter], entered)
                else:
                    continue
                if state not in seen:
                    seen.add(state)
                    queue.append(state)
                    solved = solved or state[0] in goals
        if not solved:
            dead_walking.add(box)
    return dead_anywhere, dead_walking


@st.composite
def _plans(draw: st.DrawFn) -> tuple[str, ...]:
    """Small walled plans of walls, floor and one or two goals."""
    height, width = draw(st.integers(3, 5)), draw(st.integers(3, 6))
    inner = [[draw(st.sampled_from("#----")) for _ in range(width)] for _ in range(height)]
    for _ in range(draw(st.integers(1, 2))):
        inner[draw(st.integers(0, height - 1))][draw(st.integers(0, width - 1))] = "."
    wall = "#" * (width + 2)
    return (wall, *("#" + "".join(row) + "#" for row in inner), wall)


@pytest.mark.parametrize("tessellation", list(Tessellation), ids=lambda t: t.value)
@settings(max_examples=25)
@given(plan=_plans())
def test_dead_squares_are_those_of_a_brute_force_search(
    tessellation: Tessellation, plan: tuple[str, ...]
) -> None:
    board = Board(tessellation, plan)
    dead_anywhere, dead_walking = _dead_by_brute_force(tessellation, plan)
    dead = set(statistics(board).dead_squares)
    assert dead == dead_anywhere
    # The search lets the pusher stand anywhere: a square it calls dead is.
    assert dead <= dead_walking


def test_the_search_is_the_standard_one_not_the_walking_one() -> None:
    # The box at (1, 1) can go right to the goal only from a pusher on its
    # left, a wall: dead either way.  The box at (2, 2) can be pushed up to
    # (1, 2) from (3, 2), then right from (1, 1) onto the goal: the pusher,
    # below the box after the first push, cannot walk to (1, 1) round it in
    # this corridor, so it is live for the standard search only.
    plan = ("#####", "#--.#", "##-##", "##-##", "#####")
    dead_anywhere, dead_walking = _dead_by_brute_force(Tessellation.SOKOBAN, plan)
    assert (2, 2) in dead_walking - dead_anywhere
    assert (2, 2) not in statistics(Board(Tessellation.SOKOBAN, plan)).dead_squares
