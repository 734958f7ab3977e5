"""What agents and solvers do between moves, against `Game.move` alone (the
"sokfmt" line of each group, the same run): observing the position
(`to_array(out=...)` after each move, and the way there was before it,
`to_array(game.board)`), copying the game, keying the position (`state`),
and stepping `sokfmt.gym.SokobanEnv`.

The games are those of the game benchmark (every saved game of
Original_and_Extra.sok, or generated games without the corpus); each
implementation records the steps it plays, and `ratios.py` prints steps
(moves, copies, keys) a second and the time of each against "sokfmt".
The environment group plays random actions on 100 levels of the shape of
the Boxoban set (10x10), against a plain `Game` loop that plays the same
actions and observes the same way.  Skipped without numpy (and the
environment without gymnasium).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import inputs
import pytest
from inputs import Games
from inputs import saved_games as games
from pytest_benchmark.fixture import BenchmarkFixture

from sokfmt import Direction, Game, IllegalMoveError, Puzzle, StepKind, loads_sok, to_array

PUSH = StepKind.PUSH_OR_PULL

np = pytest.importorskip("numpy", reason="numpy (the numpy extra) is not installed")

Keys = list[tuple[Any, list[Direction]]]
# `to_array(game.board)` costs some 50 moves: it plays the first games only.
BOARD_STEPS = 10_000


def _keys(items: Games, limit: int | None = None) -> Keys:
    keys, steps = [], 0
    for board, game in items:
        if limit is not None and steps >= limit:
            break
        keys.append((board, [step.direction for step in game.steps]))
        steps += len(game)
    return keys


def _moves(keys: Keys) -> int:
    played = 0
    for board, directions in keys:
        move = Game(board).move
        for direction in directions:
            move(direction)
        played += len(directions)
    return played


def _moves_and_arrays(keys: Keys) -> int:
    played = 0
    for board, directions in keys:
        game = Game(board)
        move, observe = game.move, game.to_array
        buffer = np.empty((board.height, board.width), dtype=np.uint8)
        for direction in directions:
            move(direction)
            observe(out=buffer)
        played += len(directions)
    return played


def _moves_and_boards(keys: Keys) -> int:
    played = 0
    for board, directions in keys:
        game = Game(board)
        move = game.move
        for direction in directions:
            move(direction)
            to_array(game.board)
        played += len(directions)
    return played


def _ended(keys: Keys) -> list[tuple[Game, int]]:
    """Each game played to its end, and its number of steps."""
    ended = []
    for board, directions in keys:
        game = Game(board)
        for direction in directions:
            game.move(direction)
        ended.append((game, len(directions)))
    return ended


def _copies(ended: list[tuple[Game, int]]) -> int:
    made = 0
    for game, steps in ended:
        copy = game.copy
        for _ in range(steps):
            copy()
        made += steps
    return made


def _keys_of_positions(ended: list[tuple[Game, int]]) -> int:
    made = 0
    for game, steps in ended:
        for _ in range(steps):
            _ = game.state
        made += steps
    return made


def _time(
    benchmark: BenchmarkFixture,
    group: str,
    implementation: str,
    run: Callable[[Any], int],
    data: Any,
) -> int:
    benchmark.group = group
    benchmark.extra_info["implementation"] = implementation
    played: int = benchmark(run, data)
    benchmark.extra_info["steps"] = played
    return played


ALL_STEPS = {"sokfmt": _moves, "move+to_array": _moves_and_arrays}


@pytest.mark.parametrize("implementation", [*ALL_STEPS, "move+board"])
def test_observe(benchmark: BenchmarkFixture, implementation: str) -> None:
    items = games()
    if implementation == "move+board":
        keys = _keys(items, BOARD_STEPS)
        run: Callable[[Keys], int] = _moves_and_boards
    else:
        keys, run = _keys(items), ALL_STEPS[implementation]
    assert _time(benchmark, "observe", implementation, run, keys) == sum(
        len(directions) for _, directions in keys
    )


@pytest.mark.parametrize("implementation", ["sokfmt", "copy", "state"])
def test_copy(benchmark: BenchmarkFixture, implementation: str) -> None:
    keys = _keys(games())
    steps = sum(len(directions) for _, directions in keys)
    if implementation == "sokfmt":
        assert _time(benchmark, "copy", implementation, _moves, keys) == steps
        return
    run = _copies if implementation == "copy" else _keys_of_positions
    assert _time(benchmark, "copy", implementation, run, _ended(keys)) == steps


# ------------------------------------------------------------------ the environment

ENV_STEPS = 20_000


@cache
def _levels() -> tuple[Puzzle, ...]:
    return loads_sok(inputs.bare_boards_text()).puzzles[:100]


@cache
def _actions() -> tuple[int, ...]:
    rng = np.random.default_rng(inputs.SEED)
    return tuple(int(action) for action in rng.integers(0, 4, ENV_STEPS))


def _plain_loop(actions: tuple[int, ...]) -> int:
    """What the environment does, written with a Game: a level an episode
    of 120 steps at most, each action a move (or nothing), an observation."""
    levels = _levels()
    directions = levels[0].board.tessellation.directions
    buffer = np.empty((10, 10), dtype=np.uint8)
    game, steps, level = Game(levels[0]), 0, 0
    for action in actions:
        solved = False
        try:
            step = game.move(directions[action])
        except IllegalMoveError:
            pass
        else:
            game.to_array(out=buffer)
            solved = step.kind is PUSH and game.solved  # only a push solves
        steps += 1
        if steps == 120 or solved:
            level = (level + 1) % len(levels)
            game, steps = Game(levels[level]), 0
    return len(actions)


def _environment(env: Any) -> Callable[[tuple[int, ...]], int]:
    def run(actions: tuple[int, ...]) -> int:
        env.reset(seed=inputs.SEED)
        step, reset = env.step, env.reset
        for action in actions:
            _, _, terminated, truncated, _ = step(action)
            if terminated or truncated:
                reset()
        return len(actions)

    return run


@pytest.mark.parametrize("implementation", ["sokfmt", "SokobanEnv.step"])
def test_environment(benchmark: BenchmarkFixture, implementation: str) -> None:
    actions = _actions()
    if implementation == "sokfmt":
        assert _time(benchmark, "env", implementation, _plain_loop, actions) == ENV_STEPS
        return
    pytest.importorskip("gymnasium", reason="gymnasium (the gym extra) is not installed")
    from sokfmt.gym import SokobanEnv

    run = _environment(SokobanEnv(_levels()))
    assert _time(benchmark, "env", implementation, run, actions) == ENV_STEPS
