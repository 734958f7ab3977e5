"""Steps 1 and 2 of grammars/sok.lark: lines to classes, classes to block tokens.

The line patterns are the grammar's own terminals.  For speed, step 1 does
not look at lines one by one: one regular expression built from those
terminals matches whole runs of lines of a class at a time, and only the
runs that step 2 must look into (boards, and moves that may hold letters
the tessellation refuses) are split into lines.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache

from lark import Lark, Token

from . import _grammar, _rle
from .errors import ParseError, SokSyntaxError
from .properties import key_of, parse_property
from .rle import DEFAULT_LIMIT
from .tessellation import Tessellation

# Line classes (grammar terminals) and block tokens (grammar %declare).
COMMENT_LINE, BLANK_LINE, BOARD_ROW, EMPTY_ROW, RLE_ROW, MOVES_LINE = (
    "COMMENT_LINE",
    "BLANK_LINE",
    "BOARD_ROW",
    "EMPTY_ROW",
    "RLE_ROW",
    "MOVES_LINE",
)
TEXT_LINE = "TEXT_LINE"
BOARD, MOVES, TEXT, COMMENT, BLANK = "BOARD", "MOVES", "TEXT", "COMMENT", "BLANK"
LINE, PARAGRAPH, PUZZLE_TITLE, GAME_TITLE = "LINE", "PARAGRAPH", "PUZZLE_TITLE", "GAME_TITLE"

MIN_BOARD_ROWS = 3
_QUOTES = re.compile(">*")


@dataclass(frozen=True)
class _Patterns:
    runs: re.Pattern[str]  # a run of lines of one class, at a position
    line: re.Pattern[str]  # the class of one line (quotes removed)
    game: re.Pattern[str]  # a "Game" property line, anywhere in a text
    # In a run of board-like lines: an RLE row (a count or "|") or a line of floor only.
    rle_or_empty: re.Pattern[str]


@cache
def _patterns(parser: Lark) -> _Patterns:
    terminals = {name: p.pattern for name, p in _grammar.terminal_patterns(parser).items()}
    board_line = f"{terminals[BOARD_ROW]}|{terminals[EMPTY_ROW]}|{terminals[RLE_ROW]}"
    classed = f"::|>*(?:{terminals[BLANK_LINE]}|{board_line}|{terminals[MOVES_LINE]})(?:\\n|\\Z)"
    blank_lines = f"(?:>*{terminals[BLANK_LINE]}\\n)"
    # A run of one class, then the blank lines after it (they belong to it).
    runs = (
        f"(?:(?P<{COMMENT}>(?:{terminals[COMMENT_LINE]}\\n)+)"
        f"|(?P<{BLANK}>{blank_lines}+)"
        f"|(?P<{BOARD}>(?:>*(?:{board_line})\\n)+)"
        f"|(?P<{MOVES}>(?:>*(?:{terminals[MOVES_LINE]})\\n)+)"
        f"|(?P<{TEXT}>(?:(?!{classed})[^\\n]*\\n)+))"
        f"{blank_lines}*"
    )
    single = "|".join(
        f"(?P<{name}>{terminals[name]})"
        for name in (COMMENT_LINE, BLANK_LINE, BOARD_ROW, EMPTY_ROW, RLE_ROW, MOVES_LINE)
    )
    return _Patterns(
        runs=re.compile(runs),
        line=re.compile(single),
        game=re.compile(r"^[ \t]*game[ \t]*[:=]", re.IGNORECASE | re.MULTILINE),
        rle_or_empty=re.compile(f"[0-9|]|^>*(?:{terminals['FLOOR']})*$", re.MULTILINE),
    )


def line_class(parser: Lark, line: str) -> str:
    """Step 1 for one line: its class, or TEXT_LINE (the writer asks this)."""
    if not line.startswith("::"):
        line = line[_QUOTES.match(line).end() :]  # type: ignore[union-attr]
        if line.startswith("::"):
            return TEXT_LINE  # a mail-quoted comment is text
    found = _patterns(parser).line.fullmatch(line)
    kind = found.lastgroup if found and found.lastgroup else TEXT_LINE
    if kind == RLE_ROW and rle_rows(parser, line) is None:
        return TEXT_LINE
    return kind


def rle_rows(parser: Lark, line: str) -> int | None:
    """How many board rows an RLE row decodes to, or None if it is no board row."""
    try:
        decoded = _rle.decode(line, DEFAULT_LIMIT, language="board")
    except ParseError:
        return None
    rows = decoded.rstrip("\n").split("\n")
    patterns = _patterns(parser).line
    classes = [patterns.fullmatch(row) for row in rows]
    # Interior rows may be floor only, even spaces only ("#|   |#"); one at least is a wall row.
    if not any(c and c.lastgroup == BOARD_ROW for c in classes):
        return None
    if all(
        (c and c.lastgroup in (BOARD_ROW, EMPTY_ROW)) or not row.strip()
        for c, row in zip(classes, rows, strict=True)
    ):
        return len(rows)
    return None


@dataclass(slots=True)
class Block:
    """Consecutive lines of one kind: `text` is the lines as written, joined,
    and `blank` the blank lines after them, which belong to the block."""

    kind: str
    pos: int  # offset of its first character in the file
    line: int  # its first line, 1-based
    text: str
    blank: list[str] = field(default_factory=list)  # as written, quotes and all

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def token(self) -> Token:
        """The lark token: the lines, and the blank lines after them when
        they are part of notes (text and comments)."""
        if self.blank and self.kind in (LINE, PARAGRAPH, COMMENT, BLANK):
            value = "\n".join([self.text, *self.blank])
        else:
            value = self.text
        return Token(self.kind, value, self.pos, self.line, 1)


def _split(block: Block, kinds: list[str]) -> list[Block]:
    """`block` cut where the kinds of its lines change."""
    parts: list[Block] = []
    pos, number = block.pos, block.line
    for line, kind in zip(block.lines, kinds, strict=True):
        if parts and parts[-1].kind == kind:
            parts[-1].text += "\n" + line
        else:
            parts.append(Block(kind, pos, number, line))
        pos += len(line) + 1
        number += 1
    parts[-1].blank = block.blank
    return parts


# ------------------------------------------------------------------ step 1


def runs(parser: Lark, chunks: Iterable[str]) -> Iterator[Block]:
    """Runs of lines of one class; each chunk holds whole lines, each ending
    with a line break, and a run never crosses a blank line, so chunks cut
    after blank lines give the runs of the whole text."""
    pattern = _patterns(parser).runs
    pos, number = 0, 1
    for chunk in chunks:
        at = 0
        while at < len(chunk):
            found = pattern.match(chunk, at)
            if found is not None and found.lastgroup:
                kind, end, blank_end = found.lastgroup, found.end(found.lastgroup), found.end()
            else:  # pragma: no cover - every line belongs to one class or to TEXT
                kind, end = TEXT, chunk.index("\n", at) + 1
                blank_end = end
            text = chunk[at : end - 1]
            block = Block(kind, pos + at, number, text)
            number += text.count("\n") + 1
            if blank_end > end:
                block.blank = chunk[end : blank_end - 1].split("\n")
                number += len(block.blank)
            at = blank_end
            yield block
        pos += len(chunk)


# ------------------------------------------------------------------ step 2


def _board_blocks(parser: Lark, block: Block) -> list[Block]:
    """A run of board-like lines: boards of 3 rows or more, with empty rows
    only between board rows; everything else in it is text."""
    patterns = _patterns(parser)
    if not patterns.rle_or_empty.search(block.text):
        # No RLE row and no empty row (the common case): one board, if tall enough.
        if block.text.count("\n") + 1 >= MIN_BOARD_ROWS:
            return [block]
        return [Block(TEXT, block.pos, block.line, block.text, block.blank)]
    lines = block.lines
    kinds: list[str] = []
    rows: list[int] = []
    for line in lines:
        kind = line_class(parser, line)
        kinds.append(kind)
        rows.append(rle_rows(parser, _unquoted(line)) or 0 if kind == RLE_ROW else 1)
    result: list[str] = [TEXT] * len(lines)
    start = 0
    while start < len(lines):
        if kinds[start] not in (BOARD_ROW, RLE_ROW):
            start += 1
            continue
        end = start  # last board row of this board
        probe = start + 1
        while probe < len(lines) and kinds[probe] in (BOARD_ROW, RLE_ROW, EMPTY_ROW):
            if kinds[probe] != EMPTY_ROW:
                end = probe
            probe += 1
        board_rows = sum(rows[i] for i in range(start, end + 1) if kinds[i] != EMPTY_ROW)
        if board_rows >= MIN_BOARD_ROWS:
            result[start : end + 1] = [BOARD] * (end + 1 - start)
        start = probe
    return _split(block, result)


def _unquoted(line: str) -> str:
    return line[_QUOTES.match(line).end() :]  # type: ignore[union-attr]


@cache
def _refused(tessellation: Tessellation) -> str:
    """The move letters of the grammar that `tessellation` does not have."""
    return "".join(
        letter for letter in "lurdneswLURDNESW" if letter.lower() not in tessellation.letters
    )


def _moves_blocks(block: Block, tessellation: Tessellation) -> list[Block]:
    """Moves lines with a letter the tessellation refuses are text ("used")."""
    refused = _refused(tessellation)
    if not any(map(block.text.__contains__, refused)):
        return [block]
    kinds = [TEXT if any(map(line.__contains__, refused)) else MOVES for line in block.lines]
    return _split(block, kinds)


@dataclass(slots=True)
class Region:
    """The blocks from one board to the next (or, first, those before any board)."""

    blocks: list[Block]

    @property
    def is_puzzle(self) -> bool:
        return bool(self.blocks) and self.blocks[0].kind == BOARD


def regions(parser: Lark, blocks: Iterable[Block]) -> Iterator[Region]:
    """Settle boards and group the blocks into regions."""
    region = Region([])
    for block in blocks:
        parts = _board_blocks(parser, block) if block.kind == BOARD else [block]
        for part in parts:
            if part.kind == BOARD:
                yield region
                region = Region([])
            _append(region.blocks, part)
    yield region


def _append(blocks: list[Block], block: Block) -> None:
    """Add `block`: blank lines join the block before them, and text joins
    text that it follows directly."""
    if not blocks:
        blocks.append(block)
        return
    last = blocks[-1]
    if block.kind == BLANK and last.kind != BLANK:
        last.blank.extend(block.lines)
    elif block.kind == last.kind and block.kind in (TEXT, BLANK) and not last.blank:
        last.text += "\n" + block.text
        last.blank = block.blank
    else:
        blocks.append(block)


def game_of(parser: Lark, region: Region) -> Tessellation | None:
    """The tessellation that the region's first ``Game:`` line names, if any.

    Raises:
        SokSyntaxError: the value names no tessellation.
    """
    pattern = _patterns(parser).game
    for block in region.blocks:
        if block.kind != TEXT or not pattern.search(block.text):
            continue
        for offset, line in enumerate(block.lines):
            if key_of(line) != "game":
                continue
            value = parse_property(line)[1]  # type: ignore[index]
            try:
                return Tessellation.from_name(value)
            except ValueError as exc:
                column = line.index(value) if value else len(line)
                pos = block.pos + sum(len(x) + 1 for x in block.lines[:offset]) + column
                raise SokSyntaxError(
                    str(exc), line=block.line + offset, column=column + 1, pos=pos, source_line=line
                ) from None
    return None


def settle_moves(region: Region, tessellation: Tessellation) -> None:
    """Moves stand only after a board, with letters the tessellation allows."""
    refused = _refused(tessellation)
    if not any(
        block.kind == MOVES and (not region.is_puzzle or any(map(block.text.__contains__, refused)))
        for block in region.blocks
    ):
        return  # nothing to change, the common case
    settled: list[Block] = []
    for block in region.blocks:
        if block.kind != MOVES:
            parts = [block]
        elif region.is_puzzle:
            parts = _moves_blocks(block, tessellation)
        else:
            parts = [Block(TEXT, block.pos, block.line, block.text, block.blank)]
        for part in parts:
            _append(settled, part)
    region.blocks = settled


# ------------------------------------------------------------------ titles


def with_titles(waiting: list[Block], following: list[Block]) -> list[Block]:
    """`waiting` with text blocks renamed LINE or PARAGRAPH, and each LINE that
    titles the block after it renamed PUZZLE_TITLE or GAME_TITLE.  `following`
    is the next region, whose board may be titled by `waiting`'s last line."""
    for block in waiting:
        if block.kind == TEXT:
            block.kind = LINE if "\n" not in block.text else PARAGRAPH
    count = len(waiting)
    for index, block in enumerate(waiting):
        if block.kind != LINE:
            continue
        after = index + 1
        while after < count and waiting[after].kind == COMMENT:
            after += 1
        if after < count:
            titled = waiting[after]
            notes = (waiting, after + 1)  # its notes: the rest of this region
        elif following:
            titled = following[0]
            notes = (following, 1)  # the next region's board: its notes are there
        else:
            continue
        if titled.kind not in (BOARD, MOVES) or parse_property(_unquoted(block.text)):
            continue
        if not _has_title_property(*notes):
            block.kind = PUZZLE_TITLE if titled.kind == BOARD else GAME_TITLE
    return waiting


def _has_title_property(blocks: list[Block], start: int) -> bool:
    """Whether the notes that start at blocks[start] hold a Title property."""
    for block in itertools.islice(blocks, start, None):
        if block.kind in (BOARD, MOVES):
            return False
        if block.kind in (TEXT, LINE, PARAGRAPH) and any(
            key_of(line) == "title" for line in block.lines if ":" in line or "=" in line
        ):
            return True
    return False
