"""Steps 1 and 2 of grammars/sok.lark: lines to the tokens its rules read.

Step 1 types each line by the grammar's own line classes (one regular
expression made of them, matched line after line; three or more lines of
walled rows in a row are one token, and so are two or more lines of
moves).  Step 2, the postlex, retypes single lines by what stands around
them: its four numbered rules, each a method
named after it.  Both keep the caller's text as it is: a token knows the
offset and number of each of its lines in it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from .._grammar import board as _board
from .._grammar import lalr
from .._grammar.moves import refused_letters
from ..errors import ParseError, SokSyntaxError
from ..properties import FILE_FIELDS, GAME_FIELDS, PUZZLE_FIELDS, fields_by_key
from ..tessellation import Tessellation
from .tokens import (
    ALMOST,
    BLANK,
    COMMENT,
    EDGE_ROW,
    FLOOR_ROW,
    LINES,
    MOVES,
    MOVES_LINES,
    OPEN_ROW,
    PAIR_ROWS,
    PROPERTY,
    RLE,
    ROWS,
    SEMICOLON,
    STRAY,
    TEXT,
    WALL_ROW,
    Line,
    Run,
)

ROW_TOKENS = frozenset((WALL_ROW, EDGE_ROW, PAIR_ROWS, ROWS, OPEN_ROW, FLOOR_ROW))
# The grammar's units that are a board: reducing one, the parser has read a board.
BOARDS = frozenset(("board", "board_notes", "board_note", "board_semicolon"))
_CLOSED = frozenset((WALL_ROW, EDGE_ROW, PAIR_ROWS, ROWS))
# Lines of text that rules 3 and 4 look at, and what rule 4 makes of them.
_TEXTS = (TEXT, SEMICOLON, PROPERTY)
STRAYS = frozenset(STRAY + kind for kind in _TEXTS)
# What may be a row: the parser settles the rows before a line that is neither.
MAY_BE_ROWS = ROW_TOKENS | STRAYS
_MOVES = (MOVES, MOVES_LINES)
_CLASSES = {
    "BLANK_LINE": BLANK,
    "WALL_ROW_LINE": WALL_ROW,
    "EDGE_ROW_LINE": EDGE_ROW,
    "FLOOR_ROW_LINE": FLOOR_ROW,
    "OPEN_ROW_LINE": OPEN_ROW,
    "RLE_LINE": RLE,
    "MOVES_LINE": MOVES,
    "SEMICOLON_LINE": SEMICOLON,
}
_LINE_END = r"(?:\r\n|\r|\n|\Z)"


@dataclass(frozen=True)
class _Patterns:
    line: re.Pattern[str]  # one line: its quotes, class and line break
    walls: re.Pattern[str]  # lines of walled rows, a block of them at most
    row_start: str  # what a line of walled rows begins with: a mail quote, FLOOR or EDGE
    moves_lines: re.Pattern[str]  # lines of MOVES_LINE, a block of them at most
    moves: dict[Tessellation, re.Pattern[str]]  # MOVES_LINE of a tessellation
    not_move: dict[Tessellation, re.Pattern[str]]  # a character no moves line of it has
    far_from_moves: re.Pattern[str]  # two characters no moves line has, quotes aside
    no_moves: re.Pattern[str]  # far_from_moves, or no MOVE_LETTER
    stray: re.Pattern[str]  # a character outside the legend
    solid: re.Pattern[str]  # a square of EDGE or INNER
    edge: re.Pattern[str]  # a square of EDGE
    wall: str  # a character of WALL
    wall_row: re.Pattern[str]  # WALL_ROW_LINE
    rle_line: re.Pattern[str]  # RLE_LINE


#: The line classes with a group repeated for each square: Python's `re`
#: keeps a record of every repetition it might undo (116 bytes a character:
#: a row of a million walls took 116 MB to match), so the readers match them
#: with each such group possessive, which undoes none.  The grammar writes
#: these classes so that a line matches them in one way only (what stands
#: before a character they require cannot hold it), so no repetition is ever
#: to be undone (tests/test_sok.py holds the two forms to each other).
PER_SQUARE = ("WALL_ROW_LINE", "EDGE_ROW_LINE")


@cache
def line_terminals() -> dict[str, str]:
    """sok.lark's terminals as the readers match them (see `PER_SQUARE`)."""
    found = dict(lalr.terminals("sok"))
    for name in PER_SQUARE:
        found[name] = found[name].replace(")*", ")*+")
    return found


@cache
def patterns() -> _Patterns:
    terminals = line_terminals()
    classes = "|".join(f"(?P<{name}>{terminals[name]})" for name in _CLASSES)
    wall_row = terminals["WALL_ROW_LINE"]
    refused = {t: refused_letters(t) for t in Tessellation}
    move = re.compile(terminals["MOVE"])
    far = f">*+(?:{move.pattern}*+(?!{move.pattern}).){{2}}"
    moves = lalr.characters(move)
    characters = {t: "".join(c for c in moves if c not in refused[t]) for t in Tessellation}
    return _Patterns(
        line=re.compile(
            f"(?P<COMMENT>{terminals['COMMENT_LINE']}){_LINE_END}"
            # A PROPERTY_LINE holds a ":" or "=": the look-ahead spares the
            # lines without (long lines of moves) a search for a key in them.
            f"|(?=[^\\r\\n:=]*+[:=])(?P<PROPERTY>{terminals['PROPERTY_LINE']}){_LINE_END}"
            f"|(?P<QUOTES>>*)(?:(?:{classes}){_LINE_END}|(?P<TEXT>[^\\r\\n]*){_LINE_END})"
        ),
        walls=_block_of(wall_row),
        row_start=">" + lalr.characters(f"{terminals['FLOOR']}|{terminals['EDGE']}"),
        moves_lines=_block_of(terminals["MOVES_LINE"]),
        moves={t: re.compile(_without(terminals["MOVES_LINE"], refused[t])) for t in Tessellation},
        not_move={t: re.compile(f"[^{re.escape(characters[t])}]") for t in Tessellation},
        far_from_moves=re.compile(far, re.DOTALL),
        no_moves=re.compile(f"{far}|>*+(?:(?!{terminals['MOVE_LETTER']}).)*+\\Z", re.DOTALL),
        stray=re.compile(f"(?!{terminals['SQUARE']}).", re.DOTALL),
        solid=re.compile(f"{terminals['EDGE']}|{terminals['INNER']}"),
        edge=re.compile(terminals["EDGE"]),
        wall=lalr.characters(terminals["WALL"])[0],
        wall_row=re.compile(wall_row),
        rle_line=re.compile(terminals["RLE_LINE"]),
    )


def _block_of(line: str) -> re.Pattern[str]:
    """Lines of the class `line` (with their mail quotes and line breaks), as
    many as a block holds at most."""
    return re.compile(f"(?:>*{line}(?:\\r\\n|\\r|\\n)){{1,{RUN_LINES}}}")


def _without(pattern: str, letters: str) -> str:
    """A pattern of MOVES_LINE without the letters a tessellation refuses."""
    for letter in letters:
        pattern = pattern.replace(letter, "")
    return pattern


def unquoted(line: str) -> str:
    """`line` without its mail quotes (leading ">")."""
    return line.lstrip(">")


def title_of(line: str) -> str:
    """The title a title line gives: no mail quotes, no ".xsb" semicolon."""
    text = unquoted(line).strip()
    return text[1:].strip() if text.startswith(";") else text


# ------------------------------------------------------------------ step 1


def lex(
    chunks: Iterable[str], comments: list[tuple[int, str]], start: tuple[int, int] = (0, 1)
) -> Iterator[Line]:
    """The tokens of the text in `chunks` (each of whole lines, but for the
    last), by the line classes of the grammar, from the line at offset and
    number `start`; comment lines go to `comments` as (line number, text)."""
    found = patterns()
    line_pattern, row_start = found.line, found.row_start
    walls, moves_lines = found.walls, found.moves_lines
    (skip, number), offset = start, 0
    for chunk in chunks:
        pos = skip or (1 if offset == 0 and chunk.startswith("\ufeff") else 0)
        skip = 0
        end = len(chunk)
        while pos < end:
            first = chunk[pos]
            if first == "\n":  # an empty line: a BLANK_LINE (tested), half of many files
                yield Line(BLANK, "", offset + pos, number)
                number += 1
                pos += 1
                continue
            stop = _run_end(walls, chunk, pos, 3) if first in row_start else None
            if stop is not None:
                token = _run(ROWS, chunk[pos:stop], offset + pos, number)
                number += token.rows
                yield token
                pos = stop
                continue
            match = line_pattern.match(chunk, pos)
            assert match is not None, "TEXT takes any line"
            kind = match.lastgroup or TEXT
            if kind == "MOVES_LINE" and (stop := _run_end(moves_lines, chunk, pos, 2)):
                token = _run(MOVES_LINES, chunk[pos:stop], offset + pos, number)
                number += token.rows
                yield token
                pos = stop
                continue
            text = match[0].rstrip("\r\n")
            if kind == COMMENT:
                comments.append((number, text))
            else:
                kind = PROPERTY if kind == PROPERTY else _CLASSES.get(kind, TEXT)
                yield Line(kind, text, offset + pos, number)
            number += 1
            pos = match.end()
        offset += end


#: The most lines one match of a run takes: a regular expression keeps
#: state for every repetition it may undo, so a run of a million lines is
#: matched a block at a time here, and the fast paths leave a longer run to
#: this path.
RUN_LINES = 1024


def _run_end(block: re.Pattern[str], chunk: str, pos: int, least: int) -> int | None:
    """Where a run of `least` or more lines of `block`'s class at `pos` ends,
    if one stands there."""
    found = block.match(chunk, pos)
    if found is None:
        return None
    end = found.end()
    lines = size = _breaks(found[0])
    while size == RUN_LINES and (more := block.match(chunk, end)) is not None:
        end, size = more.end(), _breaks(more[0])
        lines += size
    return end if lines >= least else None


def _run(kind: str, raw: str, pos: int, number: int) -> Line:
    """A token of the lines `raw` (each with its line break)."""
    text = "\n".join(line[1] for line in LINES.finditer(raw)) if "\r" in raw else raw[:-1]
    return Line(kind, text, pos, number, raw)


def _breaks(text: str) -> int:
    """How many line breaks (LF, CRLF or CR) `text` holds."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


# ------------------------------------------------------------------ step 2


class Games:
    """Where the reader stands (in the file notes, a puzzle's notes or a
    saved game's), and the tessellation in effect, decided here alone: step
    2 types lines in it (rule 2), and each board and its saved games are
    read in it.

    Its scopes are the file notes (before the first board) and each
    puzzle's notes (after its board, before its first moves): the first
    "Game:" PROPERTY with a value in a scope decides, and carries the
    decision (`Line.game`) to the reader: the tessellation it names, or
    SOK101 when it names none (the scope then names none).
    """

    __slots__ = ("after_moves", "file", "in_puzzle", "open", "tessellation")

    def __init__(self, caller: Tessellation) -> None:
        self.file = caller  # the file notes' decision, else the caller's
        self.tessellation = caller  # in effect: the puzzle's decision, else `file`
        self.in_puzzle = False  # after the first board
        self.after_moves = False  # after moves after the last board
        self.open = True  # no "Game:" line with a value in the scope yet

    def new_board(self) -> None:
        """A board was read: the scope of its puzzle opens."""
        self.in_puzzle, self.after_moves, self.open = True, False, True
        self.tessellation = self.file

    def moves(self) -> None:
        """Moves were read: after a board, its puzzle's scope closes."""
        self.after_moves = self.in_puzzle

    def recognised(self, token: Line) -> bool:
        """Whether the key of `token`, a PROPERTY, is recognised where it stands."""
        return recognised(token, self.in_puzzle, self.after_moves)

    def read(self, token: Line) -> None:
        """A PROPERTY."""
        if not self.open or self.after_moves:
            return
        key, value = token.key_value()
        if key != "game" or not value:
            return
        self.open = False
        try:
            game = token.game = Tessellation.from_name(value)
        except ValueError as exc:
            pos = token.pos + token.text.rindex(value)
            token.game = SokSyntaxError.at(str(exc), text=token.excerpt(), pos=pos, code="SOK101")
            return
        if not self.in_puzzle:
            self.file = game
        self.tessellation = game


# ------------------------------------------------------------------ step 2


class PostLex:
    """The postlex of sok.lark: rules 1 to 4, each a method named after it.

    The reader lends it `settle`, which makes the parser finish what the
    lines before a line ended (the reductions a line that is no row would
    make) and says whether they read a board (one of `BOARDS`): so a line
    right after a board is typed in the tessellation of that board.  Every
    board is read so (tests/test_sok.py goes through every configuration of
    the parser): the rows of a board end where a line that is no row comes.
    """

    def __init__(self, tessellation: Tessellation, settle: Callable[[], bool]) -> None:
        self.games = Games(tessellation)
        self.settle = settle
        # Lines that rule 3 leaves as they are: with two characters that no
        # moves line holds; right after no moves, also one without a letter.
        self.far_from_moves = patterns().far_from_moves.match
        self.no_moves = patterns().no_moves.match
        self.in_moves = False  # the line before is one of moves (a MOVES, or an ALMOST after one)
        self.stray: Line | None = None  # the line before, of rule 4 right after a row

    def _settle(self) -> None:
        """Have the parser settle the rows before, and the line of rule 4
        after them (text, then); a board read, its "Game:" lines (that line's
        too) come after it."""
        stray, self.stray = self.stray, None
        game = stray if stray is not None and stray.type == STRAY + PROPERTY else None
        if self.settle():
            self.games.new_board()
        if game is not None:
            self.games.read(game)

    def process(self, tokens: Iterable[Line]) -> Iterator[Line]:
        """The tokens, retyped (lark's postlex interface)."""
        previous: Line | None = None  # the last token handed on
        typed = self._typed
        for token in tokens:
            kind = token.type
            if kind == RLE:
                kind = token.type = self.rle_lines(token)
            if kind in ROW_TOKENS and previous is not None and previous.type in _TEXTS:
                previous.stray = stray_row(previous.text)  # rule 4: a row after it, a doubt
            if kind in (ROWS, MOVES_LINES) and self._apart(token, previous):
                for line in _split(token):  # each line on its own
                    yield typed(line, previous)
                    previous = line
                continue
            yield typed(token, previous)
            previous = token
        if self.stray is not None:
            self._settle()

    def _typed(self, token: Line, previous: Line | None) -> Line:
        """`token`, with the rules that depend on the tessellation applied."""
        kind = token.type
        row = previous if previous is not None and previous.type in ROW_TOKENS else None
        if kind in ROW_TOKENS:
            if self.in_moves:
                kind = self.almost_moves(token, kind)  # a row right after moves may go on with them
            elif self.stray is not None:  # a line of rule 4 between rows: a row of their run
                row, self.stray = self.stray, None
                _run_of(row).add(row, WALL_ROW)
        elif row is not None and kind in _TEXTS and stray_row(token.text):
            return self.stray_rows(token, row)
        elif row is not None or self.stray is not None:
            self._settle()  # what the rows before were: perhaps a board, and a new puzzle
        if kind == BLANK:
            token.type = kind
            self.in_moves = False
            return token
        if kind in ROW_TOKENS:
            token.run = _run_of(row) if row is not None else Run(token)
            token.run.add(token, kind)
        else:
            if kind == MOVES:
                kind = self.tessellation_of_moves(token)
            elif kind in _TEXTS and not (self.far_from_moves if self.in_moves else self.no_moves)(
                token.text
            ):
                kind = self.almost_moves(token, kind)  # (else rule 3 leaves it, as it stands)
            if kind == PROPERTY:
                self.games.read(token)
            elif kind in _MOVES:
                self.games.moves()
        token.type = kind
        # Before the first board, moves are text: nothing goes on with them.
        self.in_moves = self.games.in_puzzle and (
            kind in _MOVES or (kind == ALMOST and self.in_moves)
        )
        return token

    def rle_lines(self, token: Line) -> str:
        """Rule 1: the class of what an RLE_LINE draws, or TEXT."""
        return rle_class(unquoted(token.text))

    def tessellation_of_moves(self, token: Line) -> str:
        """Rule 2: MOVES, ALMOST or TEXT by the letters the tessellation in
        effect refuses."""
        return moves_class(token.text, self.games.tessellation)

    def _apart(self, token: Line, previous: Line | None) -> bool:
        """Whether a run of lines is to be read a line at a time: lines of
        moves one of which holds a letter the tessellation in effect refuses
        (rule 2), or rows right after moves (rule 3 may make them ALMOST)."""
        if token.type == ROWS:
            return self.in_moves and bool(token.raw)  # not an RLE line
        if token.type != MOVES_LINES:
            return False
        if previous is not None and (previous.type in ROW_TOKENS or previous is self.stray):
            self._settle()  # the rows before may be a board, of another tessellation
        return _refused(token.text, self.games.tessellation) > 0

    def almost_moves(self, token: Line, kind: str) -> str:
        """Rule 3: a line one character away from a moves line is an ALMOST,
        but for a key/value line whose key is recognised where it stands."""
        return almost_moves_class(
            token, kind, self.games.tessellation, self.in_moves, self.games.recognised
        )

    def stray_rows(self, token: Line, row: Line) -> Line:
        """Rule 4 for a TEXT, SEMICOLON or PROPERTY right after a row, shaped
        like a closed row but for a few characters outside the legend: a
        STRAY_*, which the rules read as a row before a row and else as the
        text it is.  It comes before rule 3 (the parser has not settled the
        rows before it: they may go on), and the rows' run may go on."""
        token.type, token.run, self.stray = STRAY + token.type, row.run, token
        self.in_moves = False
        return token


def moves_class(text: str, tessellation: Tessellation) -> str:
    """Rule 2 for a MOVES_LINE `text` (quotes and all) in `tessellation`:
    MOVES, ALMOST (a moves line but for one letter, as rule 3 has it) or TEXT."""
    bare = unquoted(text)
    if not _refused(bare, tessellation):
        return MOVES
    return ALMOST if _almost(bare, tessellation) else TEXT


def almost_moves_class(
    token: Line,
    kind: str,
    tessellation: Tessellation,
    in_moves: bool,
    recognised: Callable[[Line], bool],
) -> str:
    """Rule 3 for `token` of class `kind` in `tessellation`, right after a
    line of moves or not (`in_moves`); `recognised` says whether a
    PROPERTY's key is recognised where it stands."""
    if kind == PROPERTY and recognised(token):
        return kind
    bare = unquoted(token.text)
    if in_moves and _ends_moves(bare, tessellation):
        return ALMOST
    if kind in _TEXTS and _almost(bare, tessellation):
        return ALMOST
    return kind


def _split(token: Line) -> Iterator[Line]:
    """The lines of a run, each a token of the class the lexer gave it."""
    kind = MOVES if token.type == MOVES_LINES else WALL_ROW
    for text, (pos, number) in zip(token.lines, token.starts, strict=True):
        yield Line(kind, text, pos, number)


def _run_of(row: Line) -> Run:
    """The run of rows that `row` (a row, or a line of rule 4 after one) stands in."""
    assert row.run is not None, "step 2 gives every row, and every line of rule 4, its run"
    return row.run


def _refused(text: str, tessellation: Tessellation) -> int:
    """How many letters of moves.lark that `tessellation` refuses `text`
    holds (a search for each letter: lines of moves are long, and most hold
    none of them)."""
    letters = refused_letters(tessellation)
    if not any(map(text.__contains__, letters)):
        return 0
    return sum(map(text.count, letters))


def _strays(bare: str, tessellation: Tessellation) -> list[int]:
    """The positions of the first two characters of `bare` that no moves
    line of `tessellation` holds."""
    not_move = patterns().not_move[tessellation]
    found = not_move.search(bare)
    if found is None:
        return []
    second = not_move.search(bare, found.end())
    return [found.start()] if second is None else [found.start(), second.start()]


def _almost(bare: str, tessellation: Tessellation) -> bool:
    """Without one of its characters, `bare` is a moves line."""
    strays = _strays(bare, tessellation)
    if len(strays) != 1:
        return False
    without = bare[: strays[0]] + bare[strays[0] + 1 :]
    return patterns().moves[tessellation].fullmatch(without) is not None


def _ends_moves(bare: str, tessellation: Tessellation) -> bool:
    """With one of its characters replaced by a move letter, `bare` would be
    a moves line of `tessellation`."""
    strays = _strays(bare, tessellation)
    if not strays:  # moves syntax, no letter: any character will do
        return bool(bare)
    if len(strays) > 1:
        return False
    replaced = bare[: strays[0]] + "r" + bare[strays[0] + 1 :]
    return patterns().moves[tessellation].fullmatch(replaced) is not None


def stray_row(line: str) -> bool:
    """Rule 4's shape: `line` (quotes and all) would be a closed row if its
    characters outside the legend were walls (one may stand where the
    row's first or last wall should), those are no more than its walls,
    boxes, goals and pushers, and it has a wall or a box on a goal of its
    own ("Good", whose "oo" are goals, is text).  An RLE_LINE is rule 1's
    alone: a board would read its digits as counts, so one that rule 1 makes
    text ("#.999999####" draws a million walls) stays text."""
    bare = unquoted(line)
    found = patterns()
    if found.edge.search(bare) is None:  # first: most text has no wall (a title, a note)
        return False
    if found.rle_line.fullmatch(bare):
        return False
    strays = found.stray.findall(bare)
    if not strays or len(strays) > len(found.solid.findall(bare)):
        return False
    return found.wall_row.fullmatch(found.stray.sub(found.wall, bare)) is not None


@cache
def _keys() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The keys recognised in the file notes, a puzzle's and a saved game's."""
    return tuple(  # type: ignore[return-value]
        frozenset(fields_by_key(fields)) for fields in (FILE_FIELDS, PUZZLE_FIELDS, GAME_FIELDS)
    )


def recognised(token: Line, after_board: bool, after_moves: bool) -> bool:
    """Whether the key of `token`, a PROPERTY, is one the format recognises
    where it stands: in the file notes (before the first board), a saved
    game's (after moves after the last board) or a puzzle's (else)."""
    file_keys, puzzle_keys, game_keys = _keys()
    keys = file_keys if not after_board else game_keys if after_moves else puzzle_keys
    return token.key_value()[0] in keys


#: Rule 1 draws a line up to this many squares for each of its characters,
#: and up to `MOST_DRAWN` in all (row ends count as squares).  No board is
#: written denser (a row of 100 walls is "100#", 25 a character) nor larger
#: on one line (YASC's largest board is 100 x 100); drawing more would cost
#: time and memory out of proportion to the text: matching a drawn row to
#: its class costs some 280 bytes a square, and "2500000(2#)", padded to a
#: row of 549 characters, drew 5,000,000 walls under a bound of 10,000 a
#: character alone.  The density bounds what a file draws, byte for byte;
#: the most, what one line does, however long.
DENSEST = 100
MOST_DRAWN = 20_000


def drawing_limit(text: str) -> int:
    """How many squares rule 1 draws of the RLE line `text` at most."""
    return min(DENSEST * len(text), MOST_DRAWN)


def rle_class(text: str) -> str:
    """Rule 1 for the text of an RLE_LINE (quotes removed)."""
    try:
        drawn = _board.drawn(text, limit=drawing_limit(text))
    except ParseError:
        return TEXT
    rows = drawn.split("\n")
    while rows and not rows[-1].strip(" \t"):
        rows.pop()
    while rows and not rows[0].strip(" \t"):
        rows.pop(0)
    kinds = [_row_class(row) for row in rows]
    if len(kinds) == 1:
        return kinds[0]
    if len(kinds) > 1 and {kinds[0], kinds[-1]} <= _CLOSED and WALL_ROW in kinds:
        return PAIR_ROWS if len(kinds) == 2 else ROWS
    return TEXT


def _row_class(row: str) -> str:
    """The class of one drawn row (spaces alone are floor between rows)."""
    match = patterns().line.fullmatch(row)
    kind = _CLASSES.get(match.lastgroup or "", TEXT) if match else TEXT
    return FLOOR_ROW if kind == BLANK else kind


def line_class(line: str) -> str:
    """The token one line is on its own (step 1, and rule 1 for an RLE
    line): what a writer asks of a line it puts somewhere.  A comment is
    COMMENT."""
    match = patterns().line.fullmatch(line)
    kind = match.lastgroup if match else None
    if kind in (COMMENT, PROPERTY):
        return kind
    kind = _CLASSES.get(kind or "", TEXT)
    return rle_class(unquoted(line)) if kind == RLE else kind


def almost(line: str, tessellation: Tessellation) -> bool:
    """Rule 3's first half: `line` without one of its characters is a
    moves line of `tessellation`."""
    return _almost(unquoted(line), tessellation)
