"""What the collection readers share: where the puzzles they build go."""

from __future__ import annotations

from collections.abc import Callable

from .puzzle import Puzzle


def collector(
    puzzles: list[Puzzle], on_puzzle: Callable[[Puzzle], object] | None
) -> Callable[[Puzzle], None]:
    """A sink that keeps each puzzle in `puzzles` and, if given, hands it to
    `on_puzzle` (a progress bar's hook) as soon as it is read."""
    if on_puzzle is None:
        return puzzles.append

    def sink(puzzle: Puzzle) -> None:
        puzzles.append(puzzle)
        on_puzzle(puzzle)

    return sink
