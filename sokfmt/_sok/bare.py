"""The fast path of grammars/sok.lark for collections of bare boards.

Large generated collections are nothing but boards, each with a title line
above it, blank lines between: "; 17" and ten rows, a million times.  For
such a text the grammar's steps are known in advance (a title line, then a
run of walled rows, is `titled_board`; the run alone, `untitled_board`),
so the reader can skip the tokens.  The shape is matched with the
grammar's own terminals (WALL_ROW_LINE, BLANK_LINE), and a title line is
one that step 1 types TEXT or SEMICOLON and that rules 3 and 4 leave alone;
anything else (line breaks other than LF, mail quotes, comments, notes, a
board of other rows) goes down the full path.  tests/test_sok.py holds the
two readings to each other on generated collections.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from .._grammar import board as _board
from .._grammar import lalr
from .._reading import content_checked
from ..errors import Diagnostic, Excerpt, ParseError
from ..puzzle import Collection, Puzzle
from ..rle import DEFAULT_LIMIT
from ..tessellation import Tessellation
from .checks import Checks, Read
from .postlex import RUN_LINES, SEMICOLON, TEXT, almost, line_class, stray_row, title_of


@cache
def _paragraph() -> re.Pattern[str]:
    """A title line or none, three walled rows or more, and the blank lines
    after them (at least one, or the end of the text)."""
    terminals = lalr.terminals("sok")
    row, blank = terminals["WALL_ROW_LINE"], terminals["BLANK_LINE"]
    title = f"(?!{blank}\\n|{row}\\n)[^\\r\\n]*"
    # At most RUN_LINES rows, as a match of step 1 (a taller board takes the
    # full path).
    return re.compile(
        f"(?:(?P<title>{title})\\n)?(?P<rows>{row}(?:\\n{row}){{2,{RUN_LINES - 1}}})"
        f"(?:(?:\\n{blank})+\\n?\\Z|\\n?\\Z|(?:\\n{blank})+\\n)"
    )


@cache
def _blank_lines() -> re.Pattern[str]:
    return re.compile(f"(?:{lalr.terminals('sok')['BLANK_LINE']}\\n)*")


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
        return None  # the full path sets the mark aside
    paragraph = _paragraph()
    pos = _blank_lines().match(text).end()  # type: ignore[union-attr]
    found: list[tuple[str | None, str, int]] = []  # title, rows, offset of the rows
    while pos < len(text):
        match = paragraph.match(text, pos)
        if match is None:
            return None
        title = match["title"]
        if title is not None and not _plain_title(title, tessellation):
            return None
        found.append((title, match["rows"], match.start("rows")))
        pos = match.end()
    if not found:
        return None  # no board: the full path says so
    try:
        puzzles = [
            Puzzle._trusted(
                _board.read_board(rows, tessellation, limit=DEFAULT_LIMIT),
                title=title_of(title) if title is not None else "",
            )
            for title, rows, _ in found
        ]
    except ParseError:
        return None  # the full path places the error
    if not content_checked(content, diagnostics):
        # Nothing to check: the boards read well, and there are no games to play.
        for puzzle in puzzles:
            sink(puzzle)
        return Collection()
    checks = Checks(diagnostics, False, sink, content=content)
    line, counted = 1, 0
    for number, (puzzle, (_, _, start)) in enumerate(zip(puzzles, found, strict=True), start=1):
        line += text.count("\n", counted, start)
        counted = start
        checks(Read(puzzle, number, _Row(_row(text, start, line))))
    return Collection()


def _plain_title(line: str, tessellation: Tessellation) -> bool:
    """A line that step 1 types TEXT or SEMICOLON and that neither rule 3
    (almost moves) nor rule 4 (a stray row) retypes or doubts."""
    if _quiet_title().fullmatch(line):
        return True
    return (
        line_class(line) in (TEXT, SEMICOLON)
        and not stray_row(line)
        and not almost(line, tessellation)
    )


@cache
def _quiet_title() -> re.Pattern[str]:
    """A SEMICOLON_LINE without a square of EDGE or INNER and without a
    MOVE_LETTER ("; 17"): rule 4 wants such squares, rule 3 a move letter,
    so neither looks at it (what most titles are, found in one match)."""
    terminals = lalr.terminals("sok")
    loud = "|".join(terminals[name] for name in ("EDGE", "INNER", "MOVE_LETTER"))
    return re.compile(f"[ \\t]*;(?:(?!{loud})[^\\r\\n])*")


class _Row:
    """The place of a board's first row (see `_sok.checks.Place`)."""

    __slots__ = ("_excerpt",)

    def __init__(self, excerpt: Excerpt) -> None:
        self._excerpt = excerpt

    @property
    def pos(self) -> int:
        return self._excerpt.start

    def excerpt(self) -> Excerpt:
        return self._excerpt


def _row(text: str, start: int, line: int) -> Excerpt:
    """The line of `text` that begins at offset `start`, line `line`."""
    end = text.find("\n", start)
    return Excerpt(text[start : end if end >= 0 else len(text)], start, line)
