"""The fast path of grammars/sok.lark for collections of bare boards.

Large generated collections are nothing but boards, each with a title line
above it, blank lines between: "; 17" and ten rows, a million times.  For
such a text the grammar's steps are known in advance (a title line, then a
run of walled rows, is `titled_board`; the run alone, `untitled_board`),
so the reader can skip the tokens.  The shape is matched with the
grammar's own terminals (WALL_ROW_LINE, BLANK_LINE), and a title line is
one that step 1 types TEXT or SEMICOLON and that rule 4 leaves alone (rule 3
may make it an ALMOST, which the grammar takes as a title too);
anything else (line breaks other than LF, mail quotes, comments, notes, a
board of other rows) goes down the full path: each exit says why in a
comment "# exit: ...".  tests/test_sok.py holds the two readings to each
other on generated collections, and counts the exits they reach.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from .._grammar import board as _board
from .._reading import content_checked
from ..errors import Diagnostic, ParseError
from ..puzzle import Collection, Puzzle
from ..rle import DEFAULT_LIMIT
from ..tessellation import Tessellation
from . import postlex, tokens
from .checks import Checks, Read


@cache
def _paragraph() -> re.Pattern[str]:
    """Blank lines (at the start of the text), a title line or none, three
    walled rows or more, and the blank lines after them (at least one, or
    the end of the text)."""
    terminals = postlex.line_terminals()
    row, blank = terminals["WALL_ROW_LINE"], terminals["BLANK_LINE"]
    title = f"(?!{blank}\\n|{row}\\n)[^\\r\\n]*"
    # At most RUN_LINES rows, as a match of step 1 (a taller board takes the
    # full path).
    return re.compile(
        f"(?:{blank}\\n)*(?:(?P<title>{title})\\n)?"
        f"(?P<rows>{row}(?:\\n{row}){{2,{postlex.RUN_LINES - 1}}})"
        f"(?:(?:\\n{blank})+\\n?\\Z|\\n?\\Z|(?:\\n{blank})+\\n)"
    )


def read_bare(
    text: str,
    tessellation: Tessellation,
    diagnostics: list[Diagnostic] | None,
    sink: Callable[[Puzzle], None],
    *,
    content: bool | None = None,
) -> Collection | None:
    """The collection `text` holds if it is made of bare boards, else None
    (before anything is handed to `sink`)."""
    if text.startswith("\ufeff"):
        return None  # exit: a byte order mark (the full path sets it aside)
    paragraph = _paragraph()
    pos = 0
    found: list[tuple[str | None, str, int]] = []  # title, rows, offset of the rows
    while pos < len(text):
        match = paragraph.match(text, pos)
        if match is None:
            return None  # exit: no paragraph of a title and a board here
        title = match["title"]
        if title is not None and not _quiet_title().fullmatch(title):
            if postlex.line_class(title) not in (tokens.TEXT, tokens.SEMICOLON):
                return None  # exit: a title line of another class
            if postlex.stray_row(title):
                return None  # exit: rule 4 (a stray row right above a board)
        found.append((title, match["rows"], match.start("rows")))
        pos = match.end()
    if not found:
        return None  # exit: no board (the full path says so)
    try:
        puzzles = [
            Puzzle._trusted(
                _board.read_board(rows, tessellation, limit=DEFAULT_LIMIT),
                title=postlex.title_of(title) if title is not None else "",
            )
            for title, rows, _ in found
        ]
    except ParseError:
        return None  # exit: a board that does not read (the full path places the error)
    if not content_checked(content, diagnostics):  # nothing to check (the boards read well)
        for puzzle in puzzles:
            sink(puzzle)
        return Collection()
    checks = Checks(diagnostics, False, sink, content=content)
    line, counted = 1, 0
    for number, (puzzle, (_, rows, start)) in enumerate(zip(puzzles, found, strict=True), start=1):
        line += text.count("\n", counted, start)
        counted = start
        checks(Read(puzzle, number, tokens.Line(tokens.ROWS, rows[: rows.find("\n")], start, line)))
    return Collection()


@cache
def _quiet_title() -> re.Pattern[str]:
    """A SEMICOLON_LINE without a square of EDGE or INNER and without a
    MOVE_LETTER ("; 17"): rule 4 wants such squares, rule 3 a move letter,
    so neither looks at it (what most titles are, found in one match)."""
    terminals = postlex.line_terminals()
    loud = "|".join(terminals[name] for name in ("EDGE", "INNER", "MOVE_LETTER"))
    return re.compile(f"[ \\t]*;(?:(?!{loud})[^\\r\\n])*")
