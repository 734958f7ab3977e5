"""sokfmt show: draw a board in the terminal, or as an SVG picture."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..board import FLOOR, WALL, Board
from ..lev import LevPuzzle
from ..puzzle import Collection, Puzzle
from ..tessellation import Tessellation
from .files import (
    FILE_ERRORS,
    FORMATS,
    ContentError,
    UsageError,
    add_tessellation_option,
    failed,
    input_format,
    load,
    refuse_folder,
)
from .gallery import gallery_html
from .output import display_name, escaped, unwritable, write_text
from .svg import board_svg, lev_svg
from .text import wants_colour

# Each canonical square: its character, and its ANSI colour.  A goal's
# square is also dark red behind its character, so that it stays in sight
# under a box or a pusher.
_GOAL_BACKGROUND = "48;5;52"
_SQUARES = {
    "#": ("█", "38;5;244"),
    "-": (" ", ""),
    ".": ("·", f"38;5;196;{_GOAL_BACKGROUND}"),
    "$": ("■", "38;5;178"),
    "*": ("▣", f"38;5;34;{_GOAL_BACKGROUND}"),
    "@": ("●", "38;5;33"),
    "+": ("◉", f"38;5;33;{_GOAL_BACKGROUND}"),
}
# Where cells are squares (Sokoban, and Octoban, whose octagons and squares
# stand in rows and columns), a square is two characters wide, as a
# character is about twice as high as it is wide: a wall twice its
# character, anything else its character and a blank.  Hexoban's rows are
# spaced so already, and a Trioban triangle is half a cell wide.
_SQUARE_GRIDS = (Tessellation.SOKOBAN, Tessellation.OCTOBAN)


def register(commands: Any) -> None:
    command = commands.add_parser(
        "show",
        help="draw a board in the terminal or as SVG",
        description="Draw one puzzle of FILE (the first, or --puzzle NUMBER or TITLE) in the "
        "terminal, in colour when it supports it (in the ASCII symbols of the board legend "
        "when its encoding has no block characters), or as an SVG picture with --svg; or every "
        "puzzle of FILE on a static HTML page with --html. With both --svg and --html, both "
        "files are written.",
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
        refuse_folder(arguments.file, "show")
        _refuse_one_output_twice(arguments.svg, arguments.html)
        chosen = input_format(arguments.file, arguments.format)
        item = load(arguments.file, chosen, arguments.tessellation)
        # Each of --svg and --html writes its file; without them, the drawing.
        pictures: list[tuple[str, str]] = []
        if arguments.html:
            if isinstance(item, LevPuzzle):
                raise UsageError("--html draws collections; use --svg for a .lev puzzle")
            pictures.append((arguments.html, gallery_html(item, display_name(arguments.file))))
        if arguments.svg:
            pictures.append((arguments.svg, _picture(item, arguments.puzzle)))
        drawing = None if pictures else _drawing(item, arguments.puzzle, arguments.color)
        for path, picture in pictures:
            write_text(path, picture)
    except (*FILE_ERRORS, UsageError) as error:
        return failed(arguments.file, error)
    if drawing is not None:
        print(drawing)
    return 0


def _refuse_one_output_twice(svg: str | None, html: str | None) -> None:
    """--svg and --html write two things: not into one file.

    Raises:
        UsageError: they name the same file, or both standard output.
    """
    if svg and html and (svg == html or os.path.realpath(svg) == os.path.realpath(html)):
        where = "standard output" if svg == "-" else svg
        raise UsageError(f"--svg and --html would both write {where}: name two files")


def _picture(item: Collection | LevPuzzle, wanted: str | None) -> str:
    """The SVG picture of the .lev puzzle, or of the chosen puzzle."""
    if isinstance(item, LevPuzzle):
        return lev_svg(item)
    puzzle = choose(item, wanted)
    return board_svg(puzzle.board, puzzle.title)


def _drawing(item: Collection | LevPuzzle, wanted: str | None, colour_choice: str) -> str:
    """The drawing for the terminal: in Unicode symbols, or where standard
    output cannot write those, all in ASCII: the symbols of the board
    legend, and the title with backslash escapes ("Caf\\xe9").  A title
    that standard output cannot write has those escapes in any case."""
    colour = wants_colour(sys.stdout, colour_choice)
    if isinstance(item, LevPuzzle):
        return draw_lev(item, colour)  # labels and dots: ASCII
    puzzle = choose(item, wanted)
    drawing = draw(puzzle.board, colour)
    title = escaped(puzzle.title)
    if unwritable(drawing):
        # An encoding without block characters: a legacy console, or one
        # misnamed.  ASCII alone reads the same in every one of them.
        drawing = draw(puzzle.board, colour, in_ascii=True)
        title = puzzle.title.encode("ascii", "backslashreplace").decode("ascii")
    return f"{title}\n{drawing}" if puzzle.title else drawing


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


def draw(board: Board, colour: bool, in_ascii: bool = False) -> str:
    """The board in Unicode characters (its canonical rows), or `in_ascii`
    in the symbols of the board legend (# @ + $ * . and blanks for floor),
    coloured with ANSI codes; a square two characters wide."""
    wide = board.tessellation in _SQUARE_GRIDS
    lines = []
    for row in board.rows:
        cells = []
        for square in row:
            character, code = _SQUARES[square]
            if in_ascii:
                character = " " if square == FLOOR else square
            if wide:
                character += character if square == WALL else " "
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
