"""Steps 1 and 2 of grammars/sok.lark: lines to classes, classes to blocks.

The line patterns are the grammar's own terminals; the rules that join lines
into blocks are written out in the grammar's header, and here.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache

from lark import Lark, Token

from . import _grammar, _rle
from .errors import ParseError, SokSyntaxError
from .properties import key_of, parse_property
from .tessellation import Tessellation

COMMENT, BLANK, BOARD_ROW, EMPTY_ROW, RLE_ROW, MOVES_LINE, TEXT = (
    "COMMENT_LINE",
    "BLANK_LINE",
    "BOARD_ROW",
    "EMPTY_ROW",
    "RLE_ROW",
    "MOVES_LINE",
    "TEXT_LINE",
)
_CLASSES = (COMMENT, BLANK, BOARD_ROW, EMPTY_ROW, RLE_ROW, MOVES_LINE)
BOARD_LINES = (BOARD_ROW, RLE_ROW)
_MIN_BOARD_ROWS = 3
_QUOTES = re.compile(r">+")


@dataclass(slots=True)
class Line:
    """One line of the file."""

    number: int  # 1-based
    pos: int  # offset of its first character in the file
    text: str  # as written
    quote: int  # how many mail-quote characters lead it
    kind: str
    rows: int = 1  # board rows it stands for (an RLE row may hold several)

    @property
    def content(self) -> str:
        """The line without its mail quotes."""
        return self.text[self.quote :]


@dataclass(frozen=True)
class _Patterns:
    classify: re.Pattern[str]
    board_row: re.Pattern[str]
    empty_row: re.Pattern[str]
    letters: re.Pattern[str]


@cache
def _patterns(parser: Lark) -> _Patterns:
    terminals = _grammar.terminal_patterns(parser)
    alternatives = "|".join(f"(?P<{name}>{terminals[name].pattern})" for name in _CLASSES)
    return _Patterns(
        classify=re.compile(f"(?:{alternatives})"),
        board_row=terminals[BOARD_ROW],
        empty_row=terminals[EMPTY_ROW],
        letters=re.compile("[a-zA-Z]"),
    )


def classify(parser: Lark, number: int, pos: int, text: str) -> Line:
    """Step 1: the class of one line."""
    quote = 0
    if not text.startswith("::") and text.startswith(">"):
        quote = _QUOTES.match(text).end()  # type: ignore[union-attr]
    content = text[quote:] if quote else text
    patterns = _patterns(parser)
    found = patterns.classify.fullmatch(content)
    kind = found.lastgroup if found and found.lastgroup else TEXT
    line = Line(number, pos, text, quote, kind)
    if kind == RLE_ROW:
        _check_rle_row(line, patterns)
    return line


def _check_rle_row(line: Line, patterns: _Patterns) -> None:
    """An RLE row is one only if it decodes to board rows; else it is text."""
    try:
        decoded = _rle.decode(line.content, _rle_row_limit(), language="board")
    except ParseError:
        line.kind = TEXT
        return
    rows = decoded.rstrip("\n").split("\n")
    # Interior rows may be floor only, even spaces only ("#|   |#"); one at least is a wall row.
    if any(patterns.board_row.fullmatch(row) for row in rows) and all(
        patterns.board_row.fullmatch(row) or patterns.empty_row.fullmatch(row) or not row.strip()
        for row in rows
    ):
        line.rows = len(rows)
    else:
        line.kind = TEXT


def _rle_row_limit() -> int:
    from .rle import DEFAULT_LIMIT

    return DEFAULT_LIMIT


# --------------------------------------------------------------- step 2


@dataclass
class Region:
    """The lines from one board to the next (or, first, the lines before any board)."""

    lines: list[Line] = field(default_factory=list)
    tessellation: Tessellation | None = None  # its "Game:", when it has one


def regions(lines: Iterable[Line]) -> Iterator[Region]:
    """Group classified lines into regions, settling which lines are boards."""
    region = Region()
    pending: list[Line] = []  # board-like lines whose block is not settled yet
    for line in lines:
        if line.kind in BOARD_LINES or (line.kind == EMPTY_ROW and pending):
            pending.append(line)
            continue
        if pending:
            region = yield from _settle(region, pending)
            pending = []
        if line.kind == EMPTY_ROW:
            line.kind = TEXT  # floor outside a board is text ("-----" under notes)
        region.lines.append(line)
    if pending:
        region = yield from _settle(region, pending)
    yield region


def _settle(region: Region, pending: list[Line]) -> Generator[Region, None, Region]:
    """Close a run of board-like lines: a board starts a new region; too
    short a run, and empty rows after its last board row, are text."""
    end = len(pending)
    while pending[end - 1].kind == EMPTY_ROW:
        end -= 1
    board, tail = pending[:end], pending[end:]
    rows = sum(line.rows for line in board if line.kind != EMPTY_ROW)
    if rows >= _MIN_BOARD_ROWS:
        yield region
        region = Region(lines=board)
    else:
        tail = board + tail
    for line in tail:
        line.kind = TEXT
    region.lines.extend(tail)
    return region


def game_of(region: Region) -> Tessellation | None:
    """The tessellation a region's first ``Game:`` line names, if any.

    Raises:
        SokSyntaxError: the value names no tessellation.
    """
    for line in region.lines:
        if line.kind == TEXT and key_of(line.text) == "game":
            value = parse_property(line.text)[1]  # type: ignore[index]
            try:
                return Tessellation.from_name(value)
            except ValueError as exc:
                column = line.text.index(value) if value else len(line.text)
                raise SokSyntaxError(
                    str(exc),
                    line=line.number,
                    column=column + 1,
                    pos=line.pos + column,
                    source_line=line.text,
                ) from None
    return None


def settle_moves(region: Region, tessellation: Tessellation) -> None:
    """MOVES_LINEs stand only after a board, with letters the tessellation allows."""
    allowed = set(tessellation.letters) | {letter.upper() for letter in tessellation.letters}
    in_puzzle = bool(region.lines) and region.lines[0].kind in BOARD_LINES
    for line in region.lines:
        if line.kind == MOVES_LINE and (
            not in_puzzle or not set(re.findall("[a-zA-Z]", line.content)) <= allowed
        ):
            line.kind = TEXT


# Block tokens of the grammar, and the line classes they gather.
_TOKEN_OF = {
    BOARD_ROW: "BOARD",
    RLE_ROW: "BOARD",
    EMPTY_ROW: "BOARD",
    MOVES_LINE: "MOVES",
    COMMENT: "COMMENT",
    BLANK: "BLANK",
    TEXT: "TEXT",
}


def blocks(lines: list[Line]) -> list[tuple[str, list[Line]]]:
    """Consecutive lines of one token kind; text runs become PARAGRAPH or LINE."""
    result: list[tuple[str, list[Line]]] = []
    for line in lines:
        kind = _TOKEN_OF[line.kind]
        if result and result[-1][0] == kind:
            result[-1][1].append(line)
        else:
            result.append((kind, [line]))
    return [(_text_kind(group) if kind == "TEXT" else kind, group) for kind, group in result]


def _text_kind(group: list[Line]) -> str:
    return "LINE" if len(group) == 1 else "PARAGRAPH"


def token(kind: str, group: list[Line]) -> Token:
    """The lark token of a block: its lines' text, positioned at its first line."""
    first = group[0]
    return Token(kind, "\n".join(line.text for line in group), first.pos, first.number, 1)
