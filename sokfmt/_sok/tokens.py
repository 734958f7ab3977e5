"""The tokens of grammars/sok.lark's steps 1 and 2 (`_sok.postlex`): their
types, the names the grammar declares, and `Line`, a line or a run of lines
of the caller's text with its type and its place in that text, what the
builder reads of it (a key/value line's key and value) and, for a row, the
run of rows it stands in (what SOK103 asks of rows that make no board).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .._grammar import lalr
from ..errors import Excerpt, SokSyntaxError
from ..properties import keyed_property
from ..tessellation import Tessellation

# Token types (grammar %declare).
BLANK, TEXT, SEMICOLON, PROPERTY = "BLANK", "TEXT", "SEMICOLON", "PROPERTY"
ALMOST, MOVES, MOVES_LINES = "ALMOST", "MOVES", "MOVES_LINES"
WALL_ROW, EDGE_ROW, PAIR_ROWS, ROWS = "WALL_ROW", "EDGE_ROW", "PAIR_ROWS", "ROWS"
OPEN_ROW, FLOOR_ROW = "OPEN_ROW", "FLOOR_ROW"
RLE, COMMENT = "RLE", "COMMENT"  # step 1 only: rule 1 retypes the one, the other is set aside
STRAY = "STRAY_"  # rule 4: STRAY_TEXT, STRAY_SEMICOLON, STRAY_PROPERTY
#: A line and its line break (LF, CRLF or CR).
LINES = re.compile("([^\r\n]*)(?:\r\n|\r|\n)")


class Line:
    """A token: one line, or lines of walled rows (then `text` joins them
    with "\\n", and `raw` holds them as written, line breaks and all).  It
    knows the offset `pos` and the number `line` of its first line in the
    caller's text, and `starts` works out those of each line.  A TEXT that
    rule 4 doubts has `stray` set; a row (and a line of rule 4 after one), the
    `run` of rows it stands in; the
    "Game:" line that decides the tessellation in effect, the decision
    (`game`, see `Games`)."""

    __slots__ = ("game", "keyed", "line", "pos", "raw", "rows", "run", "stray", "text", "type")

    def __init__(self, kind: str, text: str, pos: int, line: int, raw: str = "") -> None:
        self.type = kind
        self.text = text
        self.pos = pos
        self.line = line
        self.raw = raw
        self.rows = text.count("\n") + 1 if raw else 1  # how many lines it holds
        self.stray = False
        self.run: Run | None = None
        # A PROPERTY's key (case-folded, inner spaces made single) and value
        # (stripped): every reader of one asks for them.
        self.keyed = keyed_property(text) if kind == PROPERTY else None
        # `game` is set on the PROPERTY that decides alone (a text of a
        # million lines spends no time on it): the builder reads it.
        self.game: Tessellation | SokSyntaxError

    def key_value(self) -> tuple[str, str]:
        """A PROPERTY's `keyed`."""
        assert self.keyed is not None, "a PROPERTY is a PROPERTY_LINE as it stands"
        return self.keyed

    @property
    def starts(self) -> list[tuple[int, int]]:
        """The offset and number of each of its lines."""
        if not self.raw:
            return [(self.pos, self.line)]
        return [
            (self.pos + found.start(), self.line + number)
            for number, found in enumerate(LINES.finditer(self.raw))
        ]

    @property
    def lines(self) -> list[str]:
        """Its lines: one, but for a run."""
        return self.text.split("\n") if self.raw else [self.text]

    def excerpt(self, index: int = 0) -> Excerpt:
        """Its `index`-th line as the caller's text has it, to place a
        problem in: the first line of the text with the byte order mark that
        step 1 stepped over."""
        start, number = self.starts[index]
        text = self.lines[index]
        if number == 1 and start:
            return Excerpt("\ufeff" + text, 0, 1)
        return Excerpt(text, start, number)

    def __repr__(self) -> str:
        return f"Line({self.type}, {self.text!r}, line {self.line})"


@dataclass
class Run:
    """Lines of rows one after another: how many, the first that is not of
    floor alone, and whether one holds a pusher, box or goal (SOK103 asks it
    of runs that make no board)."""

    first: Line
    lines: int = 0
    squares: bool = False

    def add(self, token: Line, kind: str) -> None:
        """`token`, a row of the run (of class `kind`): its lines, and a
        pusher, box or goal."""
        if self.first.type == FLOOR_ROW and kind != FLOOR_ROW:
            self.first = token  # SOK103 stands at a line that is not of floor alone
        self.lines += token.rows
        self.squares = self.squares or _puzzle_square().search(token.text) is not None


@cache
def _puzzle_square() -> re.Pattern[str]:
    """INNER or BOX_ON_GOAL: a pusher, box or goal (SOK103's doubt)."""
    terminals = lalr.terminals("sok")
    return re.compile(f"{terminals['INNER']}|{terminals['BOX_ON_GOAL']}")
