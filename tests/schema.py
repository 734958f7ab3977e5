"""The test vectors' JSON form of parsed objects (tests/vectors/README.md)."""

from __future__ import annotations

from typing import Any

from sokfmt import SavedGame


def game_vector(game: SavedGame) -> dict[str, Any]:
    """A saved game as the moves vectors write their `expected`."""
    return {
        "steps": [[step.kind.value, step.direction.value] for step in game.steps],
        "solving_mode": game.solving_mode.value,
        "current_move_idx": game.current_move_idx,
        "moves_count": game.non_push_moves,
        "pushes_count": game.pushes_count,
        "printed": game.printed_steps(),
        "printed_rle": game.printed_steps(rle=True),
    }
