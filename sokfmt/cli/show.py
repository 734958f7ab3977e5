"""sokfmt show: draw a board in the terminal, or as an SVG picture."""

from __future__ import annotations

import argparse
import dataclasses
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
from .grouping import add_warning_options
from .output import display_name, escaped, unwritable, write_text
from .selection import Chosen, Spec, add_puzzle_option, refuse_for_lev, select
from .svg import board_svg, lev_svg
from .text import wants_colour


@dataclasses.dataclass(frozen=True)
class Look:
    """How a square of the board legend is drawn in the terminal: its
    character, and the 256-colour numbers of its foreground and background
    (None: the terminal's own).  `sokfmt show` and `sokfmt play` both draw
    from `SQUARES`."""

    character: str
    foreground: int | None = None
    background: int | None = None

    @property
    def ansi(self) -> str:
        """The parameters of its ANSI colour code ("" for none)."""
        parts = [f"38;5;{self.foreground}"] if self.foreground is not None else []
        if self.background is not None:
            parts.append(f"48;5;{self.background}")
        return ";".join(parts)


# A goal's square is also dark red behind its character, so that it stays
# in sight under a box or a pusher.
_GOAL_BACKGROUND = 52
#: Each canonical square's look.
SQUARES = {
    "#": Look("█", 244),
    "-": Look(" "),
    ".": Look("·", 196, _GOAL_BACKGROUND),
    "$": Look("■", 178),
    "*": Look("▣", 34, _GOAL_BACKGROUND),
    "@": Look("●", 33),
    "+": Look("◉", 33, _GOAL_BACKGROUND),
}
# Where cells are squares (Sokoban, and Octoban, whose octagons and squares
# stand in rows and columns), a square is two characters wide, as a
# character is about twice as high as it is wide: a wall twice its
# character, anything else its character and a blank.  Hexoban's rows are
# spaced so already, and a Trioban triangle is half a cell wide.
SQUARE_GRIDS = (Tessellation.SOKOBAN, Tessellation.OCTOBAN)


def register(commands: Any) -> None:
    command = commands.add_parser(
        "show",
        help="draw a board in the terminal or as SVG",
        description="Draw a puzzle of FILE (the first, or those that --puzzle chooses) in the "
        "terminal, in colour when it supports it (in the ASCII symbols of the board legend "
        "when its encoding has no block characters), or as an SVG picture with --svg (one "
        "puzzle); or every puzzle of FILE (or those chosen) on a static HTML page with --html. "
        "With both --svg and --html, both files are written.",
    )
    command.add_argument("file", metavar="FILE")
    add_puzzle_option(command, "the puzzles to draw")
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
    add_warning_options(command)
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    try:
        refuse_folder(arguments.file, "show")
        _refuse_one_output_twice(arguments.svg, arguments.html)
        chosen = input_format(arguments.file, arguments.format)
        item = load(arguments.file, chosen, arguments.tessellation, verbosity=arguments.verbosity)
        # Each of --svg and --html writes its file; without them, the drawing.
        pictures: list[tuple[str, str]] = []
        if arguments.html:
            if isinstance(item, LevPuzzle):
                raise UsageError("--html draws collections; use --svg for a .lev puzzle")
            page = _page(item, arguments.puzzles, display_name(arguments.file))
            pictures.append((arguments.html, page))
        if arguments.svg:
            pictures.append((arguments.svg, _picture(item, arguments.puzzles)))
        drawing = None if pictures else _drawing(item, arguments.puzzles, arguments.color)
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


def _page(collection: Collection, specs: list[Spec], name: str) -> str:
    """The HTML page of the puzzles chosen (all of them without `specs`)."""
    chosen = select(collection.puzzles, specs)
    shown = collection[:0].with_puzzles(*(each.puzzle for each in chosen))
    return gallery_html(shown, name, [each.number for each in chosen])


def _picture(item: Collection | LevPuzzle, specs: list[Spec]) -> str:
    """The SVG picture of the .lev puzzle, or of the chosen puzzle.

    Raises:
        UsageError: `specs` choose several puzzles (or any, of a .lev file).
    """
    if isinstance(item, LevPuzzle):
        refuse_for_lev(specs)
        return lev_svg(item)
    (chosen,) = _shown(item, specs, one=True)
    return board_svg(chosen.puzzle.board, chosen.puzzle.title)


def _drawing(item: Collection | LevPuzzle, specs: list[Spec], colour_choice: str) -> str:
    """The drawing for the terminal of each puzzle chosen, a blank line
    between two."""
    colour = wants_colour(sys.stdout, colour_choice)
    if isinstance(item, LevPuzzle):
        refuse_for_lev(specs)
        return draw_lev(item, colour)  # labels and dots: ASCII
    return "\n\n".join(_drawn(each.puzzle, colour) for each in _shown(item, specs))


def _drawn(puzzle: Puzzle, colour: bool) -> str:
    """The drawing of a puzzle: in Unicode symbols, or where standard
    output cannot write those, all in ASCII: the symbols of the board
    legend, and the title with backslash escapes ("Caf\\xe9").  A title
    that standard output cannot write has those escapes in any case."""
    drawing = draw(puzzle.board, colour)
    title = escaped(puzzle.title)
    if unwritable(drawing):
        # An encoding without block characters: a legacy console, or one
        # misnamed.  ASCII alone reads the same in every one of them.
        drawing = draw(puzzle.board, colour, in_ascii=True)
        title = puzzle.title.encode("ascii", "backslashreplace").decode("ascii")
    return f"{title}\n{drawing}" if puzzle.title else drawing


def _shown(collection: Collection, specs: list[Spec], one: bool = False) -> tuple[Chosen, ...]:
    """The puzzles to draw: those `specs` choose, or the first.

    Raises:
        ContentError: the file holds no puzzle (and no SPEC names one).
        UsageError: a SPEC chooses none, or several when `one` is wanted.
    """
    if not specs:
        if not collection.puzzles:
            raise ContentError("the file holds no puzzle")
        return select(collection.puzzles, [])[:1]
    chosen = select(collection.puzzles, specs)
    if one and len(chosen) > 1:
        raise UsageError(f"--svg draws one puzzle, and --puzzle chooses {len(chosen)}")
    return chosen


def draw(board: Board, colour: bool, in_ascii: bool = False) -> str:
    """The board in Unicode characters (its canonical rows), or `in_ascii`
    in the symbols of the board legend (# @ + $ * . and blanks for floor),
    coloured with ANSI codes; a square two characters wide."""
    lines = []
    for row in drawn_squares(board, in_ascii):
        cells = []
        for square, text in row:
            code = SQUARES[square].ansi
            cells.append(f"\x1b[{code}m{text}\x1b[0m" if colour and code else text)
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def drawn_squares(board: Board, in_ascii: bool = False) -> list[list[tuple[str, str]]]:
    """Each row of the drawing as its squares: the square's symbol of the
    board legend, and the characters that draw it (`draw` without colours
    and without the blanks at the ends of rows)."""
    wide = board.tessellation in SQUARE_GRIDS
    rows = []
    for row in board.rows:
        cells = []
        for square in row:
            if in_ascii:
                character = " " if square == FLOOR else square
            else:
                character = SQUARES[square].character
            if wide:
                character += character if square == WALL else " "
            cells.append((square, character))
        rows.append(cells)
    return rows


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
