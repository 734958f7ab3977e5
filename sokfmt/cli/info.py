"""sokfmt info: a table of the puzzles of a file (the bundled sample by default)."""

from __future__ import annotations

import argparse
from importlib import resources
from typing import Any

from .. import __version__
from ..formats import parse_sok
from ..lev import LevPuzzle
from ..puzzle import Collection
from .files import FILE_ERRORS, FORMATS, UsageError, failed, format_of, load
from .text import table


def register(commands: Any) -> None:
    command = commands.add_parser(
        "info",
        help="summarise a collection or .lev puzzle",
        description="A table of the puzzles of FILE: size, boxes, saved games and solutions, "
        "moves and pushes, tessellation. Without FILE, the bundled sample collection.",
    )
    command.add_argument("file", nargs="?", metavar="FILE")
    command.add_argument("--format", choices=FORMATS, help="read FILE in this format")
    command.set_defaults(run=run)


def sample() -> Collection:
    """The collection bundled with sokfmt."""
    text = resources.files("sokfmt").joinpath("samples/sample.sok").read_text("utf-8")
    return parse_sok(text)


def run(arguments: argparse.Namespace) -> int:
    try:
        if arguments.file is None:
            item: Collection | LevPuzzle = sample()
            name = "bundled sample"
        else:
            item = load(arguments.file, format_of(arguments.file, arguments.format))
            name = arguments.file
    except (*FILE_ERRORS, UsageError) as error:
        return failed(arguments.file, error)
    print(lev_summary(item, name) if isinstance(item, LevPuzzle) else summary(item, name))
    return 0


def summary(collection: Collection, name: str) -> str:
    """One row per puzzle: tessellation, size, boxes, saved games, solutions and the
    shortest solution's moves and pushes; a line of totals above."""
    rows = [("#", "title", "game", "size", "boxes", "saved", "solutions", "moves/pushes")]
    total_steps = total_pushes = 0
    for number, puzzle in enumerate(collection.puzzles, start=1):
        board = puzzle.board
        solutions = puzzle.solutions
        shortest = min(solutions, key=lambda g: (len(g), g.pushes_count), default=None)
        for game in puzzle.saved_games:
            total_steps += game.moves_count + game.pushes_count
            total_pushes += game.pushes_count
        rows.append(
            (
                str(number),
                puzzle.title,
                puzzle.tessellation.value,
                f"{board.width}x{board.height}",
                str(len(board.boxes)),
                str(len(puzzle.saved_games)),
                str(len(solutions)),
                f"{shortest.moves_count + shortest.pushes_count}/{shortest.pushes_count}"
                if shortest
                else "",
            )
        )
    games = sum(len(puzzle.saved_games) for puzzle in collection.puzzles)
    kinds = sorted({puzzle.tessellation.value for puzzle in collection.puzzles})
    head = (
        f"sokfmt {__version__}: {collection.title or name}: {len(collection.puzzles)} puzzles "
        f"({', '.join(kinds) or 'none'}), {games} saved games, "
        f"{total_steps} moves and pushes ({total_pushes} pushes)"
    )
    return f"{head}\n\n{table(rows, frozenset({0, 4, 5, 6, 7}))}"


def _hex(color: tuple[int, int, int]) -> str:
    red, green, blue = color
    return f"#{red:02x}{green:02x}{blue:02x}"


def lev_summary(puzzle: LevPuzzle, name: str) -> str:
    """The size, the pieces with their cells and colors, and the target."""
    pieces = puzzle.pieces
    target = {c for row in puzzle.target for c in row} - {"."}
    rows = [("piece", "cells", "color", "in target")]
    for label in sorted(pieces):
        piece = pieces[label]
        rows.append(
            (
                label,
                str(len(piece.cells)),
                _hex(piece.color),
                "yes" if label in target else "",
            )
        )
    head = (
        f"sokfmt {__version__}: {name}: sliding-block puzzle {puzzle.width}x{puzzle.height}, "
        f"{len(pieces)} pieces, {len(puzzle.unknown)} unknown sections"
    )
    return f"{head}\n\n{table(rows, frozenset({1}))}"
