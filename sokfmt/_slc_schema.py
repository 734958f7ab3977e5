"""The .slc format as both of its readers see it: the structure of
``SokobanLev.xsd``, and what a level's fields and rows mean."""

from __future__ import annotations

import re

from . import _board
from .board import FLOOR, Board
from .rle import DEFAULT_LIMIT
from .tessellation import Tessellation

ROOT = "SokobanLevels"
#: The elements each element may hold, in the order the schema gives them.
CHILDREN: dict[str | None, tuple[str, ...]] = {
    None: (ROOT,),
    ROOT: ("Title", "Description", "Email", "Url", "LevelCollection"),
    "LevelCollection": ("Level",),
    "Level": ("L",),
}
#: The attributes each element may have (the root's namespace declarations
#: and schema location aside).
ATTRIBUTES = {
    "LevelCollection": ("Copyright", "MaxWidth", "MaxHeight"),
    "Level": ("Id", "Width", "Height", "Copyright"),
}
ROOT_ATTRIBUTE = re.compile(r"xmlns(:.*)?|xsi:.*")
#: Elements that hold text; the others hold only elements and white space.
TEXT = frozenset(("Title", "Description", "Email", "Url", "L"))
#: XML's white space, which may stand between elements.
XML_SPACE = " \t\r\n"
#: The most characters an element's text may have: far above any real
#: description or board row, far below what would exhaust memory.
MAX_TEXT = 1_000_000
# The line break and indentation that end a description as .slc files write it.
_FORMATTING = re.compile(r"\n[ \t]*\Z")


def description(text: str) -> str:
    """The notes a ``Description`` holds: its text without the line breaks
    and indentation the writer puts around it."""
    return _FORMATTING.sub("", text.removeprefix("\n"))


def one_line(text: str, *, strip: bool = True) -> tuple[str, bool]:
    """The value of a one-line field (an element's text without the white
    space around it with `strip`, or an attribute), and whether lines had
    to be joined (by spaces) to make it one."""
    kept = text.strip() if strip else text
    if "\n" not in kept and "\r" not in kept:
        return kept, False
    return " ".join(text.split()), True


def level_board(rows: list[str], attributes: dict[str, str]) -> tuple[Board, list[str]]:
    """The board a level's rows draw, and what disagrees about its size.

    A blank is floor; the floor that rows leave out at their end is there
    when the ``Width`` says so, and blank rows above and below the squares
    are rows of the board.  A ``Width`` narrower than the rows, or a
    ``Height`` that is not their number, is a doubt (the rows are kept).

    Raises:
        BoardSyntaxError: as `sokfmt.parse_board`, at a line and column of
            the rows joined by line breaks.
    """
    size = sum(map(len, rows)) + len(rows)  # as the joined text, which the limit is for
    drawn = _board.plain_cells(rows) if size <= DEFAULT_LIMIT else None
    if drawn is None:
        drawn = _board.cells("\n".join(rows), Tessellation.SOKOBAN, limit=DEFAULT_LIMIT)
    doubts = []
    width = max(map(len, drawn))
    declared = attributes.get("Width", str(width)).strip()
    wider = int(declared) if declared.isdigit() and len(declared) < 7 else 0
    if width <= wider and wider * len(rows) <= DEFAULT_LIMIT:
        width = wider
    elif declared != str(width):
        doubts.append(f"Width={declared!r}, but its rows make {width} (the rows are kept)")
    height = attributes.get("Height", str(len(rows))).strip()
    if height != str(len(rows)):
        doubts.append(f"Height={height!r}, but it has {len(rows)} rows (the rows are kept)")
    if doubts:
        doubts = [f"Level {attributes.get('Id', '')!r}: {doubt}" for doubt in doubts]
    cells = [row.ljust(width, FLOOR) for row in drawn]
    if len(cells) < len(rows):  # blank rows above or below the squares
        blank = [not row.strip() for row in rows]
        above, below = blank.index(False), blank[::-1].index(False)
        cells = [FLOOR * width] * above + cells + [FLOOR * width] * below
    return Board(Tessellation.SOKOBAN, tuple(cells)), doubts
