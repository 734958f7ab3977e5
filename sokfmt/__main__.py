"""The sokfmt command: for now, a summary of the bundled sample's saved games."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from importlib import resources
from typing import Any

from . import __version__
from .moves import SavedGame


def sample_games() -> list[tuple[str, SavedGame]]:
    """(puzzle title, game) for every saved game of the bundled sample."""
    text = resources.files("sokfmt").joinpath("samples/sample_games.json").read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return [
        (puzzle["title"], SavedGame.from_dict(game))
        for puzzle in document["puzzles"]
        for game in puzzle["saved_games"]
    ]


def summary(games: Sequence[tuple[str, SavedGame]]) -> str:
    """A table with one row per game: its mode, counts and canonical RLE text."""
    header = ("puzzle", "game", "mode", "steps", "moves", "pushes", "moves (RLE)")
    rows = [header] + [
        (
            puzzle,
            game.title,
            game.solving_mode.value,
            str(len(game)),
            str(game.moves_count),
            str(game.pushes_count),
            game.printed_steps(rle=True),
        )
        for puzzle, game in games
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    numeric = {3, 4, 5}
    lines = [
        "  ".join(
            cell.rjust(width) if column in numeric else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
    puzzles = len({puzzle for puzzle, _ in games})
    title = f"sokfmt {__version__}: bundled sample, {puzzles} puzzles, {len(games)} saved games"
    return "\n".join([title, "", *lines])


def main(argv: Sequence[str] | None = None) -> int:
    """Print the summary of the bundled sample."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments:
        print(f"usage: sokfmt   (no arguments yet; got {' '.join(arguments)})", file=sys.stderr)
        return 2
    print(summary(sample_games()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
