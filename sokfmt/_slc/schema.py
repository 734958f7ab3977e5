"""The .slc format as both of its readers see it: the structure of
``SokobanLev.xsd``, and what a level's fields and rows mean."""

from __future__ import annotations

import re
from dataclasses import replace

from .._grammar import board as _board
from .._losses import floor_rows_of, without_floor_rows
from .._notes import places
from ..board import FLOOR, Board
from ..errors import quoted
from ..properties import FILE_FIELDS, fields_by_key, file_fields
from ..puzzle import Collection, Puzzle
from ..rle import DEFAULT_LIMIT
from ..tessellation import Tessellation

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


#: The keys of a Description's ``Key: value`` lines that give a field of the
#: collection, case-folded, as in .sok file notes (grammars/sok.lark).
DESCRIPTION_KEYS = fields_by_key(FILE_FIELDS)


def description(text: str) -> str:
    """The notes a ``Description`` holds: its text without the line breaks
    and indentation the writer puts around it."""
    return _FORMATTING.sub("", text.removeprefix("\n"))


def document_collection(
    elements: dict[str, str], notes: str, puzzles: tuple[Puzzle, ...]
) -> Collection:
    """The collection of a document: `elements` gives the fields its elements
    and attributes hold (title, author, email, url), `notes` the
    ``Description``'s text.

    The description is the file notes, read as .sok reads them: a
    ``Key: value`` line of one of `DESCRIPTION_KEYS` (``Date Created:``,
    ``Author:``...) with a value is the field it names, the first of each
    field, when the elements leave that field empty (the dates always: .slc
    has no element for them); it leaves the notes, and every other line
    stays.  So a collection reads the same from .slc and from the .sok file
    it converts to; where its lines stood is kept (`Collection.fields_at`)."""
    fields = {name: value for name, value in elements.items() if value}
    taken = {}
    for index, name, value in description_properties(notes):
        if name not in fields:
            fields[name] = value
            taken[index] = name
    fields_at: tuple[tuple[str, int], ...] = ()
    if taken:
        kept: list[str] = []
        above = []  # (field, the lines kept above its line)
        for index, line in enumerate(notes.split("\n")):
            if index in taken:
                above.append((taken[index], len(kept)))
            else:
                kept.append(line)
        notes = "\n".join(kept)
        fields_at = places(kept, above)
    return Collection(**file_fields(fields), notes=notes, puzzles=puzzles, fields_at=fields_at)


def description_properties(notes: str) -> list[tuple[int, str, str]]:
    """(index of the line, field, value) of each line of `notes` that a
    reader may take for a field of the collection: a ``Key: value`` line of
    `DESCRIPTION_KEYS` with a value, as .sok reads it."""
    if ":" not in notes and "=" not in notes:
        return []  # no line can be a property
    from .._sok.holds import key_value_lines

    found = []
    for index, key, value in key_value_lines(notes):
        name = DESCRIPTION_KEYS.get(key)
        if name and value:
            found.append((index, name, value))
    return found


def sok_level_doubts(puzzle: Puzzle) -> list[str]:
    """What .sok cannot hold of a level as it is, in words: white space
    around its ``Id`` or ``Copyright`` and rows of floor alone above or below
    its board, which converting it drops (when asked to be lossy), and a
    board whose rows .sok would read otherwise, which it cannot convert."""
    found = []
    for name, value in (("Id", puzzle.title), ("Copyright", puzzle.author)):
        if value != value.strip():
            shown = f" {quoted(value)}" if name == "Copyright" else ""  # the Id names the level
            found.append(
                f"its {name}{shown} has white space around it, which .sok cannot hold (a "
                "lossy conversion drops it)"
            )
    board = puzzle.board
    floor = floor_rows_of(board)
    if floor:
        rows = "a row" if floor == 1 else f"{floor} rows"
        found.append(
            f"{rows} of floor alone above or below its board, which .sok cannot hold (a "
            f"lossy conversion drops {'it' if floor == 1 else 'them'})"
        )
        board = without_floor_rows(board)
    from .._sok.holds import board_problem

    problem = board_problem(board)
    if problem:
        found.append(f"its board cannot be written in the .sok format: {problem}")
    return found


def sok_copyright_doubt(author: str) -> str:
    """What .sok cannot hold of the ``Copyright`` of ``LevelCollection`` (the
    collection's `author`), in words, or "": white space around it, which
    converting it drops (when asked to be lossy)."""
    if author == author.strip():
        return ""
    return (
        f"the Copyright {quoted(author)} of <LevelCollection> has white space around it, "
        "which .sok cannot hold (a lossy conversion drops it)"
    )


def sok_description_doubt(collection: Collection) -> str:
    """What .sok cannot hold of a document's ``Description`` (the notes of
    `collection`, with its other fields), in words, or "": lines it would
    read otherwise (as comments, as a board...), which it cannot convert."""
    if not collection.notes:
        return ""
    from .._sok.holds import file_notes_problem

    problem = file_notes_problem(replace(collection, author=collection.author.strip()))
    if not problem:
        return ""
    return "the <Description>: " + problem.removeprefix("the collection: ")


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
        BoardSyntaxError: as `sokfmt.loads_board`, at a line and column of
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
