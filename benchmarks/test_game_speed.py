"""Playing games key by key: `sokfmt.Game.move` against a plain-Python
player (`references.SokobanGame`) and, where it is installed, sokoenginepy's
`Mover.move`.

The games are those of the replay benchmark (every saved game of
Original_and_Extra.sok, 178,142 steps, or 200 generated games without the
corpus).  Each implementation starts a game per saved game (a `Game`, a
reference player, a `Mover` over a `BoardGraph`) and plays every step's
direction with one call, the key's call: it moves, or pushes when a box is
in the way.  The steps per second of each are in ``extra_info``;
`ratios.py` prints them.

The game-length group times the same moves, undos and redos at the end of a
game of 10 steps and of a million.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import references
from inputs import Games
from inputs import saved_games as games
from pytest_benchmark.fixture import BenchmarkFixture

from sokfmt import Board, Direction, Game, Tessellation, replay

Keys = list[tuple[Any, list[Direction]]]


def _keys(items: Games) -> Keys:
    return [(board, [step.direction for step in game.steps]) for board, game in items]


def _sokfmt(keys: Keys) -> list[tuple[Any, ...]]:
    results = []
    for board, directions in keys:
        game = Game(board)
        move = game.move
        for direction in directions:
            move(direction)
        results.append((game.solved, *game.metrics))
    return results


def _reference(keys: Keys) -> list[tuple[Any, ...]]:
    results = []
    for board, directions in keys:
        game = references.SokobanGame(board.cells)
        move = game.move
        for direction in directions:
            move(direction)
        results.append(game.result())
    return results


def _mover_input(items: Games) -> list[tuple[Any, list[Any]]]:
    """sokoenginepy puzzles and directions, converted outside the timing."""
    from sokoenginepy.game import Direction as MoverDirection
    from sokoenginepy.io import SokobanPuzzle

    directions = {d: getattr(MoverDirection, d.name) for d in Tessellation.SOKOBAN.directions}
    return [
        (SokobanPuzzle(board=str(board)), [directions[step.direction] for step in game.steps])
        for board, game in items
    ]


def _mover(converted: list[tuple[Any, list[Any]]]) -> int:
    from sokoenginepy.game import BoardGraph, Mover

    played = 0
    for puzzle, directions in converted:
        mover = Mover(BoardGraph(puzzle))
        move = mover.move
        for direction in directions:
            move(direction)
        played += len(directions)
    return played


def _time(
    benchmark: BenchmarkFixture, implementation: str, run: Callable[[Any], Any], data: Any
) -> Any:
    items = games()
    benchmark.group = "game"
    benchmark.extra_info["implementation"] = implementation
    benchmark.extra_info["steps"] = sum(len(game) for _, game in items)
    benchmark.extra_info["games"] = len(items)
    return benchmark(run, data)


def _replayed(items: Games) -> list[tuple[Any, ...]]:
    return [(r.solved, *r.metrics) for r in (replay(board, game) for board, game in items)]


def test_game_sokfmt(benchmark: BenchmarkFixture) -> None:
    items = games()
    assert _time(benchmark, "sokfmt", _sokfmt, _keys(items)) == _replayed(items)


def test_game_reference(benchmark: BenchmarkFixture) -> None:
    items = games()
    assert _time(benchmark, "reference", _reference, _keys(items)) == _replayed(items)


def test_game_mover(benchmark: BenchmarkFixture) -> None:
    pytest.importorskip(
        "sokoenginepy", reason="no sokoenginepy for the Mover comparison (install .[bench])"
    )
    items = games()
    if any(board.tessellation is not Tessellation.SOKOBAN for board, _ in items):
        pytest.skip("the Mover comparison plays Sokoban games only")
    played = _time(benchmark, "mover", _mover, _mover_input(items))
    assert played == sum(len(game) for _, game in items)


# ------------------------------------------------------------------ game length
#
# `move` and `undo` cost the same whatever the length of the game: the same
# keys, undos and redos timed at the end of a game of 10 steps and of one
# of a million (`x sokfmt` in ratios.py's steps table is the ratio).

ROOM = Board(Tessellation.SOKOBAN, ("#######", "#-----#", "#-@$-.#", "#-----#", "#######"))
# The box pushed right, the pusher round it, the box pushed back, home.
ROUND = (
    *(Direction.RIGHT, Direction.UP, Direction.RIGHT, Direction.RIGHT, Direction.DOWN),
    *(Direction.LEFT, Direction.UP, Direction.LEFT, Direction.LEFT, Direction.DOWN),
)
CALLS = 8  # moves, undos and redos in a pass of `_keys_at_the_end`


def _long_game(rounds: int) -> Game:
    game = Game(ROOM)
    move = game.move
    for _ in range(rounds):
        for direction in ROUND:
            move(direction)
    _ = game.metrics
    return game


def _keys_at_the_end(game: Game) -> Game:
    """A push and its undo, an undo and a new branch, a redo, the metrics
    as a screen asks for them: the game ends as it began."""
    move, undo, redo = game.move, game.undo, game.redo
    for _ in range(1_000):
        move(Direction.RIGHT)
        undo()
        undo()
        move(Direction.LEFT)
        undo()
        redo()
        undo()
        move(Direction.DOWN)
        _ = game.metrics
    return game


@pytest.mark.parametrize(("rounds", "implementation"), [(1, "sokfmt"), (100_000, "after 1M steps")])
def test_game_length(benchmark: BenchmarkFixture, rounds: int, implementation: str) -> None:
    game = _long_game(rounds)
    before = game.saved_game()
    benchmark.group = "game-length"
    benchmark.extra_info["implementation"] = implementation
    benchmark.extra_info["steps"] = 1_000 * CALLS
    assert benchmark(_keys_at_the_end, game).saved_game() == before
    assert game.played == 10 * rounds
