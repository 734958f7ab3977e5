"""Board text to `Board`: grammars/board.lark for the squares and their
run-length encoding, then, for Hexoban, the two-columns-per-cell layout
(the semantic rules of its header)."""

from __future__ import annotations

import re
from functools import cache

from ..board import FLOOR, SQUARE_NAMES, Board
from ..errors import BoardSyntaxError
from ..tessellation import Tessellation
from . import lalr, rle
from .language import Language

_WHITESPACE = " \t"
_CRLF = re.compile("\r\n")


@cache
def _legend() -> tuple[dict[int, str], str]:
    """The legend's squares to canonical ones (by character code), and the
    legend as a message shows it."""
    terminals = lalr.terminals("board")
    table: dict[int, str] = {}
    for name, square in SQUARE_NAMES.items():
        table.update(dict.fromkeys(map(ord, lalr.characters(terminals[name])), square))
    shown = " ".join(chr(code) for code in table if chr(code) not in " \t")
    return table, shown


@cache
def language() -> Language:
    """board.lark, its errors and their codes."""
    return Language(
        name="board",
        error=BoardSyntaxError,
        terminals={"RUN": "a square", "COUNT": "a count", "LINE_BREAK": "a line break"},
        countable="one square or '(' on the same line",
        codes={"syntax": "SOK301", "zero": "SOK302", "limit": "SOK303"},
        stray=f"Unexpected {{found}} in a board, expected a square of the legend ({_legend()[1]})",
    )


def read_board(text: str, tessellation: Tessellation, *, limit: int) -> Board:
    """See `sokfmt.loads_board`."""
    rows = cells(text, tessellation, limit=limit)
    width = max(map(len, rows))
    # Canonical squares (the legend's table), every row padded to the width:
    # what Board checks holds.
    return Board._trusted(tessellation, tuple(row.ljust(width, FLOOR) for row in rows))


@cache
def _plain() -> re.Pattern[str]:
    """Text of the legend's squares and line breaks only: no RLE to decode,
    nothing to report (the fast path of `cells`)."""
    table = _legend()[0]
    return re.compile("[" + re.escape("".join(map(chr, table))) + "\n]*")


def plain_cells(rows: list[str]) -> list[str] | None:
    """`cells` of Sokoban rows, each of squares of the legend alone and none
    blank (as real .slc levels are), without joining and splitting them;
    None for any other rows."""
    table = _legend()[0]
    squares = [row.rstrip(_WHITESPACE) for row in rows]
    joined = "".join(squares)
    if not all(squares) or "\n" in joined or not _plain().fullmatch(joined):
        return None  # a blank row, a row of several lines, or not squares alone
    return [row.translate(table) for row in squares]


def cells(text: str, tessellation: Tessellation, *, limit: int) -> list[str]:
    """The rows of canonical squares `text` draws, from its first row with a
    square to its last, each as long as it is drawn (a `Board` pads them
    with floor to the same width).

    Raises:
        BoardSyntaxError: as `sokfmt.loads_board`.
    """
    if "\r" not in text:
        return _cells(text, tessellation, limit)
    try:
        return _cells(text.replace("\r\n", "\n").replace("\r", "\n"), tessellation, limit)
    except BoardSyntaxError as error:
        pos = _before_unifying(text, error.pos)
        raise BoardSyntaxError.at(error.message, text=text, pos=pos, code=error.code) from None


def _cells(text: str, tessellation: Tessellation, limit: int, fast: bool = True) -> list[str]:
    """`cells` of a text with one kind of line break; `fast=False` always
    decodes (the fast path is tested against it)."""
    if fast and len(text) <= limit and _plain().fullmatch(text):
        return _squares(text, text, tessellation)
    return _squares(drawn(text, limit=limit, fast=fast), text, tessellation)


def drawn(text: str, *, limit: int, fast: bool = True) -> str:
    """The squares `text` draws, its rows apart by line breaks, as board.lark
    reads it (a "|" that ends a line adds no row).

    Raises:
        BoardSyntaxError: at the first error in `text`.
    """
    shortened, dropped = _without_final_separators(text)
    try:
        return rle.decode(shortened, limit, fast=fast, language=language())
    except BoardSyntaxError as error:
        raise BoardSyntaxError.at(
            error.message, text=text, pos=_restored(error.pos, dropped), code=error.code
        ) from None


def _squares(decoded: str, text: str, tessellation: Tessellation) -> list[str]:
    """The rows of canonical squares of a `decoded` board `text`."""
    table = _legend()[0]
    rows = [row.rstrip(_WHITESPACE) for row in decoded.split("\n")]
    first = next((i for i, row in enumerate(rows) if row), None)
    if first is None:
        raise BoardSyntaxError.at(
            "A board needs at least one row of squares", text=text, pos=0, code="SOK306"
        )
    while not rows[-1]:
        rows.pop()
    rows = [row.translate(table) for row in rows[first:]]
    if tessellation is Tessellation.HEXOBAN:
        rows = _hexoban_cells(rows, text, first)
    if not any(rows):  # a Hexoban text of floor in filler columns only
        raise BoardSyntaxError.at(
            "A board needs at least one cell", text=text, pos=0, code="SOK306"
        )
    return rows


def _without_final_separators(text: str) -> tuple[str, list[int]]:
    """A "|" that ends a line ends its row, as the line break does: the spec
    makes it optional there, so it must not add an empty row.  The text
    without them, and their offsets in `text`."""
    if "|\n" not in text and not text.endswith("|"):
        return text, []
    lines, dropped, pos = [], [], 0
    for line in text.split("\n"):
        if line.endswith("|") and not line[-2:-1].isdigit():
            dropped.append(pos + len(line) - 1)
            lines.append(line[:-1])
        else:
            lines.append(line)
        pos += len(line) + 1
    return "\n".join(lines), dropped


def _restored(pos: int, dropped: list[int]) -> int:
    """An offset in the text without the separators `dropped`, in the text."""
    for offset in dropped:
        if offset > pos:
            break
        pos += 1
    return pos


def _before_unifying(text: str, pos: int) -> int:
    """Offset `pos` of `text` with each CRLF made one LF, in `text` (a
    CR made LF keeps its offset)."""
    crlfs = 0
    for found in _CRLF.finditer(text):
        if found.start() - crlfs >= pos:
            break  # its LF stands at `pos` or after
        crlfs += 1
    return pos + crlfs


def _hexoban_cells(lines: list[str], text: str, first_line: int) -> list[str]:
    """The cells of a Hexoban board from its text rows (sok.lark, "Boards")."""
    width = max(map(len, lines))
    lines = [line.ljust(width, FLOOR) for line in lines]
    # An odd row needs a filler before its first cell: if one starts with a
    # square, the whole board stands one column too far left.
    shift = int(any(line[0] != FLOOR for line in lines[1::2]))
    if shift:
        lines = [FLOOR + line for line in lines]
    first = next(
        ((r, c) for r, line in enumerate(lines) for c, s in enumerate(line) if s != FLOOR), None
    )
    # The parity of the text columns that hold the cells of even rows.
    even = 1 if first is None else (first[1] + first[0]) % 2
    cells = []
    for r, line in enumerate(lines):
        parity = even if r % 2 == 0 else 1 - even
        row = []
        for c, square in enumerate(line):
            if c % 2 == parity and (r % 2 == 0 or c > 0):
                row.append(square)
            elif square != FLOOR:
                raise _layout_error(text, first_line + r, c - shift, square)
        cells.append("".join(row))
    width = max(map(len, cells))
    return [row.ljust(width, FLOOR) for row in cells]


def _layout_error(text: str, row: int, column: int, square: str) -> BoardSyntaxError:
    message = (
        f"Hexoban square {square!r} stands in a filler column between cells, "
        "expected floor there (the layout puts even and odd rows half a cell apart)"
    )
    lines = text.split("\n")
    if not any(mark in text for mark in "0123456789()|") and row < len(lines):
        # Plain text: rows are lines and columns are characters.
        pos = sum(len(line) + 1 for line in lines[:row]) + column
        return BoardSyntaxError.at(message, text=text, pos=pos, code="SOK305")
    return BoardSyntaxError.at(
        f"{message}, in row {row + 1}, column {column + 1}", text=text, pos=0, code="SOK305"
    )
