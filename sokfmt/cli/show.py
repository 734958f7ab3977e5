"""sokfmt show: draw a board in the terminal, or as an SVG picture."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..board import Board
from ..lev import LevPuzzle
from ..puzzle import Collection, Puzzle
from .files import (
    FILE_ERRORS,
    FORMATS,
    ContentError,
    UsageError,
    add_tessellation_option,
    failed,
    format_of,
    load,
    write_text,
)
from .gallery import gallery_html
from .svg import board_svg, lev_svg
from .text import wants_colour

# Each canonical square: its character, and its ANSI colour.
_SQUARES = {
    "#": ("█", "38;5;244"),
    "-": (" ", ""),
    ".": ("·", "38;5;196"),
    "$": ("■", "38;5;178"),
    "*": ("▣", "38;5;34"),
    "@": ("●", "38;5;33"),
    "+": ("◉", "38;5;33"),
}


def register(commands: Any) -> None:
    command = commands.add_parser(
        "show",
        help="draw a board in the terminal or as SVG",
        description="Draw one puzzle of FILE (the first, or --puzzle NUMBER or TITLE) in the "
        "terminal, in colour when it supports it, or as an SVG picture with --svg; or every "
        "puzzle of FILE on a static HTML page with --html.",
    )
    command.add_argument("file", metavar="FILE")
    command.add_argument("--puzzle", help="the puzzle's number (from 1) or title")
    command.add_argument(
        "--svg", metavar="OUT.svg", help="write an SVG picture ('-': standard output)"
    )
    command.add_argument(
        "--html",
        metavar="OUT.html",
        help="write a page of every puzzle of FILE: pictures, sizes, boxes, best solutions",
    )
    command.add_argument("--format", choices=FORMATS, help="read FILE in this format")
    add_tessellation_option(command)
    command.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour the drawing"
    )
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    try:
        chosen = format_of(arguments.file, arguments.format)
        item = load(arguments.file, chosen, arguments.tessellation)
        colour = wants_colour(sys.stdout, arguments.color)
        if arguments.html:
            if isinstance(item, LevPuzzle):
                raise UsageError("--html draws collections; use --svg for a .lev puzzle")
            write_text(arguments.html, gallery_html(item, arguments.file))
            return 0
        if isinstance(item, LevPuzzle):
            picture, drawing = lev_svg(item), draw_lev(item, colour)
        else:
            puzzle = choose(item, arguments.puzzle)
            picture = board_svg(puzzle.board, puzzle.title)
            drawing = draw(puzzle.board, colour)
            if puzzle.title:
                drawing = f"{puzzle.title}\n{drawing}"
        if arguments.svg:
            write_text(arguments.svg, picture)
        else:
            print(drawing)
    except (*FILE_ERRORS, UsageError) as error:
        return failed(arguments.file, error)
    return 0


def choose(collection: Collection, wanted: str | None) -> Puzzle:
    """The puzzle numbered or titled `wanted` (the first when None).

    Raises:
        ContentError: the file holds no puzzle.
        UsageError: no such puzzle.
    """
    puzzles = collection.puzzles
    if not puzzles:
        raise ContentError("the file holds no puzzle")
    if wanted is None:
        return puzzles[0]
    if wanted.isascii() and wanted.isdigit():
        number = int(wanted) if len(wanted) < 10 else 0
        if not 1 <= number <= len(puzzles):
            raise UsageError(f"no puzzle {wanted}: the file holds {len(puzzles)}")
        return puzzles[number - 1]
    for puzzle in puzzles:
        if puzzle.title == wanted:
            return puzzle
    for puzzle in puzzles:
        if puzzle.title.casefold() == wanted.casefold():
            return puzzle
    raise UsageError(f"no puzzle titled {wanted!r}")


def draw(board: Board, colour: bool) -> str:
    """The board in Unicode characters (its canonical rows), coloured with ANSI codes."""
    lines = []
    for row in board.rows:
        cells = []
        for square in row:
            character, code = _SQUARES[square]
            cells.append(f"\x1b[{code}m{character}\x1b[0m" if colour and code else character)
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def draw_lev(puzzle: LevPuzzle, colour: bool) -> str:
    """The initial position, each label on its piece's colour."""
    pieces = puzzle.pieces
    lines = []
    for row in puzzle.initial:
        cells = []
        for label in row:
            if colour and label != ".":
                r, g, b = pieces[label].color
                cells.append(f"\x1b[48;2;{r};{g};{b}m{label}\x1b[0m")
            else:
                cells.append(label)
        lines.append("".join(cells))
    return "\n".join(lines)
