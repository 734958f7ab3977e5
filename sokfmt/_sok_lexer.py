"""Steps 1 and 2 of grammars/sok.lark: lines to the tokens its rules read.

The line classes are the grammar's own terminals.  For speed, step 1 does not
look at lines one by one: one regular expression built from those terminals
matches whole runs of lines of a class at a time; step 2 then goes through
the runs in order, with the numbered rules of the grammar's header.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache

from lark import Token

from . import _lalr, _rle
from .errors import ParseError
from .properties import parse_property
from .rle import DEFAULT_LIMIT
from .tessellation import Tessellation

# Line classes of step 1 (grammar terminals) and what steps 1 and 2 add.
COMMENT_LINE, BLANK_LINE, BOARD_ROW, EMPTY_ROW, OPEN_ROW, RLE_LINE, MOVES_LINE = (
    "COMMENT_LINE",
    "BLANK_LINE",
    "BOARD_ROW",
    "EMPTY_ROW",
    "OPEN_ROW",
    "RLE_LINE",
    "MOVES_LINE",
)
TEXT_LINE, ROWS_LINE, ALMOST_MOVES, PROPERTY_LINE, FLOOR_LINE = (
    "TEXT_LINE",
    "ROWS_LINE",
    "ALMOST_MOVES",
    "PROPERTY_LINE",
    "FLOOR_LINE",
)
# Tokens of step 2 (grammar %declare).
BLANK, BLANKS, ROWS, GAP, MOVES = "BLANK", "BLANKS", "ROWS", "GAP", "MOVES"

MIN_BOARD_ROWS = 3
# A pusher, box or goal: what makes a short run of rows look like a board.
_INNER = re.compile(r"[@pm+PM$b*B.o]")
_BOARD_CLASSES = (BOARD_ROW, EMPTY_ROW, OPEN_ROW, RLE_LINE)
# What rule 1 makes of the lines of a board run.
_RUN_CLASSES = (BOARD_ROW, EMPTY_ROW, OPEN_ROW, ROWS_LINE)
_QUOTES = re.compile(">*")


@dataclass(frozen=True)
class _Patterns:
    runs: re.Pattern[str]  # a run of lines of one family, at a position
    line: re.Pattern[str]  # the class of one line, its quotes removed
    moves: dict[Tessellation, re.Pattern[str]]  # a MOVES_LINE of a tessellation
    move_characters: dict[Tessellation, frozenset[str]]
    rows: re.Pattern[str]  # BOARD_ROW lines, without quotes
    wall: re.Pattern[str]  # a WALL square
    stray_move: dict[Tessellation, re.Pattern[str]]  # a character no moves line has
    refused: dict[Tessellation, re.Pattern[str]]  # a letter MOVES_LINE has, rule 2 refuses
    stray: re.Pattern[str]  # a character outside the legend (rule 10)
    solid: re.Pattern[str]  # a square of the legend that is not floor


@cache
def patterns() -> _Patterns:
    terminals = _lalr.terminals("sok")
    board = "|".join(terminals[name] for name in _BOARD_CLASSES)
    moves = terminals[MOVES_LINE]
    quoted = f">*(?:{terminals[BLANK_LINE]}|{board}|{moves})"
    runs = (
        f"(?P<{COMMENT_LINE}>(?:{terminals[COMMENT_LINE]}\\n)+)"
        f"|(?P<{BLANK_LINE}>(?:>*{terminals[BLANK_LINE]}\\n)+)"
        f"|(?P<BOARD>(?:>*(?:{board})\\n)+)"
        f"|(?P<{MOVES_LINE}>(?:>*(?:{moves})\\n)+)"
        f"|(?P<{TEXT_LINE}>(?!{quoted}\\n)[^\\n]*\\n)"
    )
    line = "|".join(
        f"(?P<{name}>{terminals[name]})" for name in (BLANK_LINE, *_BOARD_CLASSES, MOVES_LINE)
    )
    return _Patterns(
        runs=re.compile(runs),
        line=re.compile(line),
        moves={t: _moves_line(t) for t in Tessellation},
        move_characters={t: _move_characters(t) for t in Tessellation},
        wall=re.compile(terminals["WALL"]),
        rows=re.compile(f"(?:{terminals[BOARD_ROW]})(?:\n(?:{terminals[BOARD_ROW]}))*"),
        stray_move={
            t: re.compile(f"[^{re.escape(''.join(sorted(_move_characters(t))))}]")
            for t in Tessellation
        },
        refused={
            t: re.compile(f"[{_refused(t)}]" if _refused(t) else "(?!)") for t in Tessellation
        },
        stray=re.compile(f"(?!{terminals['SQUARE']}).", re.DOTALL),
        solid=re.compile(f"{terminals['EDGE']}|{terminals['INNER']}"),
    )


def _refused(tessellation: Tessellation) -> str:
    """The letters of MOVES_LINE that `tessellation` does not have."""
    letters = set(tessellation.letters) | {letter.upper() for letter in tessellation.letters}
    return "".join(c for c in "lurdneswLURDNESW" if c not in letters)


def _moves_line(tessellation: Tessellation) -> re.Pattern[str]:
    """MOVES_LINE without the letters `tessellation` refuses."""
    pattern = _lalr.terminals("sok")[MOVES_LINE]
    for letter in _refused(tessellation):
        pattern = pattern.replace(letter, "")
    return re.compile(pattern)


def _move_characters(tessellation: Tessellation) -> frozenset[str]:
    """The characters MOVE allows in a line of `tessellation`."""
    move = re.compile(_lalr.terminals("sok")["MOVE"])
    refused = _refused(tessellation)
    return frozenset(c for c in map(chr, range(128)) if move.fullmatch(c) and c not in refused)


def unquoted(line: str) -> str:
    """`line` without its mail quotes (leading ">")."""
    return line[_QUOTES.match(line).end() :]  # type: ignore[union-attr]


def line_class(line: str) -> str:
    """The class of step 1 of one line (rule 1 aside): the writer asks this."""
    if line.startswith("::"):
        return COMMENT_LINE
    found = patterns().line.fullmatch(unquoted(line))
    return found.lastgroup if found and found.lastgroup else TEXT_LINE


def decoded_rows(line: str) -> tuple[str, list[str]] | None:
    """Rule 1 for an RLE_LINE (quotes removed): its class and its rows, or
    None when it is text."""
    try:
        decoded = _rle.decode(line, DEFAULT_LIMIT)
    except ParseError:
        return None
    rows = decoded.split("\n")
    # Rows of nothing at the top and bottom are not part of a board.
    while rows and not rows[-1].strip(" \t"):
        rows.pop()
    while rows and not rows[0].strip(" \t"):
        rows.pop(0)
    if not rows:
        return None
    classes = []
    for row in rows:
        found = patterns().line.fullmatch(row)
        kind = found.lastgroup if found else None
        if kind == BLANK_LINE:
            kind = EMPTY_ROW  # spaces between rows of an RLE line are floor
        if kind not in (BOARD_ROW, EMPTY_ROW, OPEN_ROW):
            return None
        classes.append(kind)
    if len(rows) == 1:
        return classes[0], rows
    # Several rows: a board by itself, closed at the top and the bottom, where
    # (as rule 4 asks of a run's ends) its first and last rows hold a wall.
    wall = patterns().wall
    if classes[0] == classes[-1] == BOARD_ROW and wall.search(rows[0]) and wall.search(rows[-1]):
        return ROWS_LINE, rows
    return None


# ------------------------------------------------------------------ tokens


class Line(Token):
    """A token of step 2: one or more lines, with the comment lines that stood
    before it and the reading it belongs to (so that the grammar's callbacks
    find their reading without global state)."""

    __slots__ = ("comments", "doubt", "reading", "rows", "starts")

    comments: list[tuple[int, str]]  # (line number, text)
    reading: object
    rows: int  # a ROWS or GAP token: how many rows
    starts: list[tuple[int, int]]  # (offset, line number) of each of its lines
    doubt: str  # a TEXT_LINE: "board" when it comes from a run too short to be one


def _token(kind: str, item: _Item, reading: object) -> Line:
    value = "\n".join(item.lines)
    token: Line = str.__new__(Line, value)
    token.type, token.value, token.start_pos, token.line, token.column = (
        kind,
        value,
        item.pos,
        item.line,
        1,
    )
    token.end_line = token.end_column = token.end_pos = None
    token.comments = []
    token.reading = reading
    token.rows = item.rows
    token.starts = item.starts or [(item.pos, item.line)]
    token.doubt = item.doubt
    return token


@dataclass(slots=True)
class _Run:
    """Consecutive lines of one family, as step 1 found them."""

    kind: str  # COMMENT_LINE, BLANK_LINE, "BOARD", MOVES_LINE or TEXT_LINE
    lines: list[str]
    pos: int  # offset of the first line
    line: int  # number of the first line


def _runs(chunks: Iterable[str]) -> Iterator[_Run]:
    """Step 1: runs of lines of one family.  Each chunk holds whole lines,
    each ending with a line break; a run never crosses a blank line."""
    pattern = patterns().runs
    pos, number = 0, 1
    for chunk in chunks:
        at = 0
        while at < len(chunk):
            found = pattern.match(chunk, at)
            assert found is not None, "TEXT_LINE takes any line"
            assert found.lastgroup is not None
            lines = chunk[at : found.end() - 1].split("\n")
            yield _Run(found.lastgroup, lines, pos + at, number)
            number += len(lines)
            at = found.end()
        pos += len(chunk)


@dataclass(slots=True)
class _Item:
    """A line, or the lines of a board, on their way to becoming tokens."""

    kind: str
    lines: list[str]
    pos: int
    line: int
    rows: int = 0  # for board lines: how many rows
    parts: list[_Item] = field(default_factory=list)  # for a board: its ROWS and GAP items
    starts: list[tuple[int, int]] = field(default_factory=list)  # (offset, line) of each line
    doubt: str = ""  # see `Line.doubt`


@dataclass
class Lexer:
    """Step 2 for one reading: runs of lines to the tokens of the grammar.

    `tessellation` is the caller's; `reading` is given to every token.
    """

    tessellation: Tessellation
    reading: object = None
    file_game: Tessellation | None = None
    puzzle_game: Tessellation | None = None
    seen_board: bool = False
    moves_since_board: bool = False
    comments: list[tuple[int, str]] = field(default_factory=list)
    _run: list[_Item] = field(default_factory=list)  # lines rule 6 has not settled yet

    def tokens(self, chunks: Iterable[str]) -> Iterator[Line]:
        """The tokens of the text in `chunks` (whole lines, each ending with a
        line break), in order."""
        group: list[_Run] = []  # the runs between two blank lines
        blank: _Item | None = None  # blank lines, until what follows them
        for run in _runs(chunks):
            if run.kind == COMMENT_LINE:  # rule 8
                self.comments += [(run.line + i, line) for i, line in enumerate(run.lines)]
            elif run.kind == BLANK_LINE:
                yield from self._group(group)
                group = []
                if blank is None:
                    blank = _Item(BLANK, run.lines, run.pos, run.line)
                else:  # rule 9: only comments stood between them
                    blank.lines += run.lines
            else:
                if blank is not None:
                    yield self._blank(blank)
                    blank = None
                group.append(run)
        yield from self._group(group)
        if blank is not None:
            yield self._blank(blank)
        if self.comments:
            token = _token("COMMENTS", _Item("COMMENTS", [], 0, 0), self.reading)
            token.comments, self.comments = self.comments, []
            yield token

    def _blank(self, item: _Item) -> Line:
        """Rule 9: one blank line, or several."""
        item.kind = BLANK if len(item.lines) == 1 else BLANKS
        return self._emit(item)

    # ------------------------------------------------------------- steps

    def _group(self, runs: list[_Run]) -> Iterator[Line]:
        """Rules 1 to 7 for the lines between two blank lines."""
        items = []
        boards = False  # whether a line of the board family is among them
        for run in runs:
            if len(run.lines) == 1:
                items.append(_Item(run.kind, run.lines, run.pos, run.line))
                boards = boards or run.kind == "BOARD"
                continue
            pos, starts = run.pos, []
            for offset, text in enumerate(run.lines):
                starts.append((pos, run.line + offset))
                pos += len(text) + 1
            boards = boards or run.kind == "BOARD"
            if run.kind == MOVES_LINE and len(run.lines) > 1:
                # One item for the run, split up only when rule 2 or 5 asks.
                items.append(_Item(run.kind, run.lines, run.pos, run.line, starts=starts))
                continue
            if run.kind == "BOARD" and len(run.lines) >= MIN_BOARD_ROWS and _plain_rows(run):
                # Board rows only: a board by rule 4 whatever stands around.
                item = _Item(BOARD_ROW, run.lines, run.pos, run.line, len(run.lines), starts=starts)
                items.append(item)
                continue
            items += [
                _Item(run.kind, [text], start, number)
                for text, (start, number) in zip(run.lines, starts, strict=True)
            ]
        units = _boards(items) if boards else items
        for index, item in enumerate(units):
            if item.kind == "BOARD":
                yield from self._end_run()
                self.seen_board, self.puzzle_game, self.moves_since_board = True, None, False
                yield from map(self._emit, item.parts)
            else:
                # Rule 11: the group's first line, right above a board.
                above = index == 0 and len(units) > 1 and units[1].kind == "BOARD"
                yield from self._text_and_moves(item, above)
        yield from self._end_run()

    def _text_and_moves(self, item: _Item, above_board: bool = False) -> Iterator[Line]:
        """Rules 2, 3, 5, 7 and 11 for one line, or a run of MOVES_LINEs at
        once when each is one; rule 6 is `_claimed`.  `above_board`: the
        item stands alone between a blank line (or the start) and a board."""
        if len(item.lines) > 1:
            if self.seen_board and not patterns().refused[self._tessellation()].search(
                "\n".join(item.lines)
            ):
                self.moves_since_board = True
                yield from self._claimed(item)
                return
            for text, (pos, number) in zip(item.lines, item.starts, strict=True):
                yield from self._text_and_moves(_Item(item.kind, [text], pos, number))
            return
        text = item.lines[0]
        item.kind = self._line_kind(item.kind, text)
        if above_board and item.kind == MOVES_LINE:
            item.kind, item.doubt = TEXT_LINE, "moves"  # rule 11: the board's title
        if item.kind == PROPERTY_LINE:
            self._follow_game(text)
        elif item.kind == MOVES_LINE:
            self.moves_since_board = True
        yield from self._claimed(item)

    def _claimed(self, item: _Item) -> Iterator[Line]:
        """Rule 6: in a run of MOVES_LINE and ALMOST_MOVES lines that holds a
        MOVES_LINE, every line is moves; such a run is one MOVES token."""
        if item.kind in (MOVES_LINE, ALMOST_MOVES):
            self._run.append(item)  # it waits to see whether moves follow
            return
        yield from self._end_run()
        yield self._emit(item)

    def _end_run(self) -> Iterator[Line]:
        run, self._run = self._run, []
        if any(item.kind == MOVES_LINE for item in run):
            lines = [text for item in run for text in item.lines]
            starts = [start for item in run for start in item.starts or [(item.pos, item.line)]]
            yield self._emit(_Item(MOVES, lines, run[0].pos, run[0].line, starts=starts))
        else:
            yield from map(self._emit, run)

    def _line_kind(self, family: str, text: str) -> str:
        """Rules 2, 3, 5 and 7 for a line of the MOVES_LINE or TEXT_LINE family."""
        bare = unquoted(text)
        tessellation = self._tessellation()
        if (
            family != MOVES_LINE
            and any(item.kind == MOVES_LINE for item in self._run)
            and _ends_moves(bare, tessellation)
        ):
            return ALMOST_MOVES  # rule 3, after moves
        if family == FLOOR_LINE:
            return family
        if family == MOVES_LINE:
            refused = len(patterns().refused[tessellation].findall(bare))
            family = MOVES_LINE if refused == 0 else ALMOST_MOVES if refused == 1 else TEXT_LINE
        elif _almost(bare, tessellation):
            family = ALMOST_MOVES
        if family in (MOVES_LINE, ALMOST_MOVES) and not self.seen_board:
            family = TEXT_LINE  # rule 5
        if family == TEXT_LINE and ("=" in text or ":" in text) and parse_property(text):
            return PROPERTY_LINE
        return family

    def _follow_game(self, text: str) -> None:
        """Rule 2's tessellation in effect: the first "Game:" line with a value
        after a board and before its moves, or before the first board."""
        key_value = parse_property(text)
        if key_value is None or key_value[0].casefold() != "game" or not key_value[1]:
            return
        try:
            game = Tessellation.from_name(key_value[1])
        except ValueError:
            return  # the reader reports it; the lexer goes on with what it had
        if not self.seen_board:
            self.file_game = self.file_game or game
        elif self.puzzle_game is None and not self.moves_since_board:
            self.puzzle_game = game

    def _tessellation(self) -> Tessellation:
        return self.puzzle_game or self.file_game or self.tessellation

    def _emit(self, item: _Item) -> Line:
        """The token of `item`, with the comment lines that stood before it."""
        token = _token(item.kind, item, self.reading)
        if self.comments and self.comments[0][0] < item.line:
            before = [comment for comment in self.comments if comment[0] < item.line]
            token.comments = before
            self.comments = self.comments[len(before) :]
        return token


def _strays(bare: str, tessellation: Tessellation) -> list[int]:
    """The positions of the first two characters of `bare` that no moves
    line of `tessellation` holds."""
    found = patterns().stray_move[tessellation].search(bare)
    if found is None:
        return []
    second = patterns().stray_move[tessellation].search(bare, found.end())
    return [found.start()] if second is None else [found.start(), second.start()]


def _almost(bare: str, tessellation: Tessellation) -> bool:
    """Rule 3: without one of its characters, `bare` is a moves line."""
    strays = _strays(bare, tessellation)
    if len(strays) != 1:
        return False
    without = bare[: strays[0]] + bare[strays[0] + 1 :]
    return patterns().moves[tessellation].fullmatch(without) is not None


def _plain_rows(run: _Run) -> bool:
    """Whether every line of `run` is a BOARD_ROW (rule 1 without decoding),
    the first and the last with a wall (rule 4)."""
    wall = patterns().wall
    return (
        wall.search(run.lines[0]) is not None
        and wall.search(run.lines[-1]) is not None
        and patterns().rows.fullmatch("\n".join(run.lines)) is not None
    )


def _ends_moves(bare: str, tessellation: Tessellation) -> bool:
    """Rule 3 after a moves line: with one of its characters replaced by a
    move letter, `bare` would be a MOVES_LINE of `tessellation`."""
    strays = _strays(bare, tessellation)
    if not strays:  # moves syntax, no letter: any character will do
        return bool(bare)
    if len(strays) > 1:
        return False
    replaced = bare[: strays[0]] + "r" + bare[strays[0] + 1 :]
    return patterns().moves[tessellation].fullmatch(replaced) is not None


def _boards(items: list[_Item]) -> list[_Item]:
    """Rules 1, 4 and 10: each run of board lines becomes a BOARD item (its
    ROWS and GAP items in `parts`) or TEXT_LINE items; other items pass."""
    for item in items:
        if item.kind == "BOARD":
            item.kind, item.rows = _board_line(item.lines[0])
    _stray_rows(items)
    result: list[_Item] = []
    run: list[_Item] = []
    for item in items:
        if item.kind in _RUN_CLASSES:
            run.append(item)
            continue
        if run:
            result += _board_run(run)
            run = []
        result.append(item)
    result += _board_run(run)
    return result


def _stray_rows(items: list[_Item]) -> None:
    """Rule 10: a TEXT_LINE shaped like a board row, with characters outside
    the legend, is a BOARD_ROW between two board lines; next to one, it stays
    text with a doubt (the rest is text, untouched)."""
    for i, item in enumerate(items):
        if item.kind != TEXT_LINE:
            continue
        before = i > 0 and items[i - 1].kind in _RUN_CLASSES
        after = i + 1 < len(items) and items[i + 1].kind in _RUN_CLASSES
        if (before or after) and stray_row(item.lines[0]):
            if before and after:
                item.kind, item.rows = BOARD_ROW, 1
            else:
                item.doubt = "row"


def stray_row(line: str) -> bool:
    """Rule 10's shape: `line` (quotes and all) would be a BOARD_ROW if its
    characters outside the legend were floor, and those are fewer than its
    walls, boxes, goals and pushers."""
    bare = unquoted(line)
    strays = patterns().stray.findall(bare)
    if not strays or len(strays) > len(patterns().solid.findall(bare)):
        return False
    floored = patterns().stray.sub(" ", bare)
    return patterns().line.fullmatch(floored) is not None and line_class(floored) == BOARD_ROW


def _board_line(text: str) -> tuple[str, int]:
    """Rule 1: the class of a line of the board family, and its rows."""
    bare = unquoted(text)
    kind = line_class(bare)
    if kind != RLE_LINE:
        return kind, 1
    decoded = decoded_rows(bare)
    return (TEXT_LINE, 0) if decoded is None else (decoded[0], len(decoded[1]))


def _outside(kind: str) -> str:
    """The kind of a board line outside a board (rule 7)."""
    return FLOOR_LINE if kind == EMPTY_ROW else TEXT_LINE


def _board_run(run: list[_Item]) -> list[_Item]:
    """Rule 4 for one run of board lines."""
    closed = [i for i, item in enumerate(run) if item.kind in (BOARD_ROW, ROWS_LINE)]
    walled = [i for i in closed if patterns().wall.search(run[i].lines[0])]
    first, last = (walled[0], walled[-1]) if walled else (len(run), -1)
    if sum(item.rows for item in run[first : last + 1]) < MIN_BOARD_ROWS:
        # Too short: text, with a doubt when it holds squares of a puzzle.
        text = [_Item(_outside(i.kind), i.lines, i.pos, i.line) for i in run]
        if closed and len(run) > 1 and any(_INNER.search(i.lines[0]) for i in run):
            text[0].doubt = "board"  # one doubt for the run, at its first line
        return text
    board = _Item("BOARD", [], run[first].pos, run[first].line)
    for item in run[first : last + 1]:
        kind = ROWS if item.kind in (BOARD_ROW, ROWS_LINE) else GAP
        starts = item.starts or [(item.pos, item.line)]
        if board.parts and board.parts[-1].kind == kind:
            board.parts[-1].lines += item.lines
            board.parts[-1].rows += item.rows
            board.parts[-1].starts += starts
        else:
            board.parts.append(
                _Item(kind, list(item.lines), item.pos, item.line, item.rows, starts=list(starts))
            )
    text = [_Item(_outside(i.kind), i.lines, i.pos, i.line) for i in run]
    return [*text[:first], board, *text[last + 1 :]]
