"""Replaying every solution of a collection: sokfmt against a plain-Python
reference and, where it is installed, sokoenginepy's Mover.

The input is every saved game of Original_and_Extra.sok (196 games, 178,142
steps) from the corpus (``SOKFMT_CORPUS``, else ``../shared/corpus``), or,
without it, 200 generated legal games of 900 steps.  Each implementation
replays them all from their boards: sokfmt with `replay`, the reference with
a loop over a list of squares (`references.replay_sokoban`), the Mover by
building a BoardGraph per game and calling `Mover.move` per step.  The steps
per second of each are in ``extra_info``; `ratios.py` prints them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import inputs
import pytest
import references
from pytest_benchmark.fixture import BenchmarkFixture

from sokfmt import (
    Puzzle,
    Tessellation,
    loads_board,
    loads_moves,
    replay,
)

COLLECTION = inputs.COLLECTION
Games = inputs.Games
games = inputs.saved_games


def _sokfmt(items: Games) -> list[tuple[Any, ...]]:
    return [(r.solved, *r.metrics) for r in (replay(board, game) for board, game in items)]


def _reference(items: Games) -> list[tuple[Any, ...]]:
    return [references.replay_sokoban(board.cells, game.steps) for board, game in items]


def _mover_input(items: Games) -> list[tuple[Any, list[Any]]]:
    """sokoenginepy puzzles and directions, converted outside the timing."""
    from sokoenginepy.game import Direction as MoverDirection
    from sokoenginepy.io import SokobanPuzzle

    directions = {d: getattr(MoverDirection, d.name) for d in Tessellation.SOKOBAN.directions}
    return [
        (SokobanPuzzle(board=str(board)), [directions[step.direction] for step in game.steps])
        for board, game in items
    ]


def _mover(converted: list[tuple[Any, list[Any]]]) -> list[bool]:
    from sokoenginepy.game import BoardGraph, Mover

    solved = []
    for puzzle, directions in converted:
        mover = Mover(BoardGraph(puzzle))
        move = mover.move
        for direction in directions:
            move(direction)
        # Not `is_solved`: the Mover's hashed manager enumerates every
        # arrangement of the boxes on the goals to answer it.
        manager = mover.board_manager
        solved.append(
            set(manager.boxes_positions.values()) == set(manager.goals_positions.values())
        )
    return solved


def _time(
    benchmark: BenchmarkFixture, implementation: str, run: Callable[[Any], Any], data: Any
) -> Any:
    items = games()
    benchmark.group = "replay"
    benchmark.extra_info["implementation"] = implementation
    benchmark.extra_info["steps"] = sum(len(game) for _, game in items)
    benchmark.extra_info["games"] = len(items)
    return benchmark(run, data)


def test_replay_sokfmt(benchmark: BenchmarkFixture) -> None:
    items = games()
    results = _time(benchmark, "sokfmt", _sokfmt, items)
    assert results == _reference(items)
    assert sum(solved for solved, *_ in results) == (193 if COLLECTION.is_file() else 0)


def test_replay_reference(benchmark: BenchmarkFixture) -> None:
    items = games()
    assert _time(benchmark, "reference", _reference, items) == _sokfmt(items)


def test_replay_mover(benchmark: BenchmarkFixture) -> None:
    pytest.importorskip(
        "sokoenginepy", reason="no sokoenginepy for the Mover comparison (install .[bench])"
    )
    items = games()
    if any(board.tessellation is not Tessellation.SOKOBAN for board, _ in items):
        pytest.skip("the Mover comparison replays Sokoban games only")
    solved = _time(benchmark, "mover", _mover, _mover_input(items))
    assert solved == [r[0] for r in _sokfmt(items)]


def test_the_inputs_are_legal_games() -> None:
    # The generated games stand in for the corpus: they must replay whole.
    for board, moves in inputs.replay_games()[:5]:
        result = replay(Puzzle(loads_board(board)), loads_moves(moves))
        assert result.legal, result.reason
        assert result.pushes > 0
