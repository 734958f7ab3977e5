"""Reading .sok and .xsb files: the tokens of `_sok.postlex` through the
LALR tables of grammars/sok.lark, and `_Builder`, which does what each step
of the grammar says (its name) and applies the header's semantic rules.

The reader never decides where a board, a saved game or a title stands:
the grammar's steps do.  The builder keeps the lines a step hands it, and
turns each finished puzzle into objects, with its errors and doubts.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from typing import Any, TypeVar

from .._grammar import board as _board
from .._grammar import lalr
from .._grammar import moves as _moves
from .._notes import places
from .._reading import collector
from ..board import Board
from ..errors import Diagnostic, Excerpt, ParseError, SokSyntaxError
from ..moves import SavedGame
from ..properties import (
    FILE_FIELDS,
    GAME_FIELDS,
    PUZZLE_FIELDS,
    fields_by_key,
    file_fields,
)
from ..puzzle import Collection, Puzzle
from ..rle import DEFAULT_LIMIT
from ..tessellation import Tessellation
from . import bare as _sok_bare
from . import plain
from .checks import Checks, Lines, Place, Read
from .postlex import BOARDS, MAY_BE_ROWS, PostLex, lex, patterns, title_of, unquoted
from .tokens import ALMOST, BLANK, PROPERTY, ROWS, STRAY, Line

# Recognised properties: key (case-folded) -> field, per kind of notes.
_FILE_KEYS = fields_by_key(FILE_FIELDS)
_PUZZLE_KEYS = fields_by_key(PUZZLE_FIELDS)
_GAME_KEYS = fields_by_key(GAME_FIELDS)

_Parsed = TypeVar("_Parsed")
# About the whole file: at line 1, column 1, whatever stands there.
_NO_PUZZLE = "SOK102"
_LOOKS_LIKE_A_BOARD = "Text that looks like a board (of fewer than 3 rows), kept in the notes"


# ------------------------------------------------------------------ units


@dataclass
class _Unit:
    """What a rule of the grammar's units gives: its lines, and the lines
    after a board that are text (`after`: "lines" or "title")."""

    kind: str  # "board", "moves", "lines" or "title"
    tokens: list[Line]
    after: _Unit | None = None


def _unit(kind: str) -> Callable[[list[Any]], _Unit]:
    def build(children: list[Any]) -> _Unit:
        if children and isinstance(children[-1], _Unit):
            return _Unit(kind, children[:-1], children[-1])
        return _Unit(kind, children)

    return build


@dataclass(slots=True)
class _Block:
    """A board or a block of moves: its lines, title and notes."""

    tokens: list[Line]
    title: Line | None
    notes: list[Line]


@dataclass(slots=True)
class _Puzzle:
    board: _Block
    games: list[_Block] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


class _Builder:
    """The steps and units of grammars/sok.lark, each a method named after
    its alias or rule (found by name, as lark's `Transformer` finds its
    methods), and the semantic rules of its header: lines to a collection.

    A puzzle is finished when the next board (or the end) comes; then its
    board and moves are decoded, and handed to `hand_on` with where they
    stand and the problems of reading them (see `_sok.checks.Read`).
    """

    def __init__(self, tessellation: Tessellation, hand_on: Callable[[Read], None]) -> None:
        self.tessellation = tessellation
        self.hand_on = hand_on
        self.file_notes: list[Line] = []
        self.file_comments: list[str] = []
        self.file_game: Tessellation | None = None
        self.into = self.file_notes  # where lines of notes go now
        self.pending: list[Line] = []  # a title (and its blank line), or a ";" paragraph
        self.puzzle: _Puzzle | None = None
        self.comments: list[tuple[int, str]] = []  # the lexer's, not yet given to anyone
        self.puzzles = 0
        self.boards = 0
        self.doubts: list[Diagnostic] = []  # those of the puzzle being read

    def callbacks(self) -> dict[str, Callable[[list[Any]], Any]]:
        """Its steps and units, by the names sok.lark gives them."""
        return lalr.by_name(self, lalr.table("sok"))

    # ------------------------------------------------------------- units

    board = board_notes = board_note = staticmethod(_unit("board"))
    moves = long_moves = staticmethod(_unit("moves"))
    notes = almosts = staticmethod(_unit("lines"))
    rows = staticmethod(_unit("rows"))
    row = staticmethod(_unit("row"))
    note = almost = staticmethod(_unit("title"))
    board_semicolon = board

    @staticmethod
    def stray_title(children: list[Any]) -> _Unit:
        """A line of rule 4 after rows and before no row: the text it is, a
        doubt (SOK105); after a board, a line that may title what follows."""
        token: Line = children[0]
        token.type = token.type.removeprefix(STRAY)
        token.stray = True
        return _Unit("lines" if token.type == PROPERTY else "title", [token])

    stray_semicolon = stray_line = stray_title

    # ------------------------------------------------------------- steps

    def start_file(self, children: list[Any]) -> None:
        """The file begins: nothing to do."""

    def line(self, children: list[Any]) -> None:
        """Lines of notes."""
        self._flush()
        self._add_notes(children[1:])

    blank = line

    def title(self, children: list[Any]) -> None:
        """A line that titles the next block if one comes right after it."""
        self._flush()
        self.pending = _lines(children[1:])

    def title_blank(self, children: list[Any]) -> None:
        """The blank line between a title and its block."""
        self.pending.append(children[1])

    held = title_blank  # a line of a ";" paragraph, held until a board comes or not

    def untitled_board(self, children: list[Any]) -> None:
        self._flush()
        self._board(children[-1].tokens, None, children[-1].after)

    def titled_board(self, children: list[Any]) -> None:
        title, self.pending = self.pending[0], []
        self._board(children[-1].tokens, title, children[-1].after)

    def semicolon_board(self, children: list[Any]) -> None:
        """A ";" line and text under it, right above a board: its title and
        notes (the rule semicolon_titles, a doubt)."""
        held, self.pending = self.pending, []
        lines = [token for token in held[1:] if token.type != BLANK]
        self._board(children[-1].tokens, held[0], children[-1].after, before=lines)
        self.doubts.append(
            _warning(
                "SOK108",
                "A paragraph right above a board, read as its title (the ';' line) "
                "and its notes; the format reads it as notes of what stands before it",
                lines[0],
            )
        )

    def moves_title(self, children: list[Any]) -> None:
        """A line of moves alone above a board, read as its title (the rule
        moves_titles; a doubt when it reads as moves)."""
        self._flush()
        title: Line = children[1]
        self._board(children[2].tokens, title, children[2].after)
        if _reads_as_moves(title.text):
            self.doubts.append(
                _warning(
                    "SOK107", "A line of moves alone right above a board, read as its title", title
                )
            )

    def untitled_moves(self, children: list[Any]) -> None:
        self._flush()
        self._moves_of(children[1:], None)

    def titled_moves(self, children: list[Any]) -> None:
        title, self.pending = self.pending[0], []
        self._moves_of(children[1:], title)

    # ------------------------------------------------------------ blocks

    def _flush(self) -> None:
        """A pending title that no block followed: notes."""
        if self.pending:
            self.into += self.pending
            self.pending = []

    def _add_notes(self, children: Iterable[Any]) -> None:
        for child in children:
            if isinstance(child, _Unit) and child.kind in ("rows", "row"):
                run = child.tokens[-1].run
                if run is not None and run.lines > 1 and run.squares:
                    self.doubts.append(_warning("SOK103", _LOOKS_LIKE_A_BOARD, run.first))
        self.into += _lines(children)

    def _after(self, unit: _Unit) -> None:
        """The rows after a board, or after a block of moves: notes, or a line
        that may title what comes next."""
        if unit.kind in ("title", "row"):
            self.pending = list(unit.tokens)
        else:
            self._add_notes([unit])

    def _board(
        self,
        tokens: list[Line],
        title: Line | None,
        after: _Unit | None = None,
        before: list[Line] | None = None,
    ) -> None:
        if self.comments:
            self._give_comments(before=tokens[0].line)
        self._finish()
        notes = before or []
        self.puzzle = _Puzzle(_Block(tokens, title, notes))
        self.into = notes
        self.boards += 1
        if after is not None:
            self._after(after)

    def _moves_of(self, children: list[Any], title: Line | None) -> None:
        """A step's moves: a unit of them (or a MOVES), and the unit after them."""
        first = children[0]
        self._moves(first.tokens if isinstance(first, _Unit) else [first], title)
        if len(children) > 1:
            self._after(children[1])

    def _moves(self, tokens: list[Line], title: Line | None) -> None:
        notes: list[Line] = []
        assert self.puzzle is not None, "the grammar reads moves as text before the first board"
        self.puzzle.games.append(_Block(tokens, title, notes))
        self.into = notes

    def _give_comments(self, before: int | None = None) -> None:
        """Comment lines belong to the last board that begins before them."""
        owner = self.puzzle.comments if self.puzzle is not None else self.file_comments
        taken = 0
        for line, text in self.comments:
            if before is not None and line > before:
                break
            owner.append(text)
            taken += 1
        del self.comments[:taken]

    # ----------------------------------------------------------- puzzles

    def end(self) -> Collection:
        self._flush()
        self._give_comments()
        self._finish()
        if self.boards == 0:
            self.hand_on(
                Read(
                    doubts=[
                        Diagnostic(
                            "warning",
                            _NO_PUZZLE,
                            "No puzzle found: no board of 3 rows or more",
                            1,
                            1,
                        )
                    ]
                )
            )
        fields, notes, fields_at = _notes(self.file_notes, _FILE_KEYS, placed=True)
        return Collection(
            **file_fields(fields),
            notes=notes,
            comments=tuple(self.file_comments),
            fields_at=fields_at,
        )

    def _finish(self) -> None:
        """Decode the puzzle read so far and hand it on (for the file notes,
        their problems)."""
        doubts, self.doubts = self.doubts, []
        errors: list[ParseError] = []
        if self.puzzle is None:  # the file notes are complete
            if self.boards == 0 and self.file_game is None:
                self.file_game = _decided(self.file_notes, errors)
                doubts += _doubts(self.file_notes, self.tessellation, file_notes=True)
                self.hand_on(Read(errors=errors, doubts=doubts))
            return
        puzzle, self.puzzle = self.puzzle, None
        block = puzzle.board
        doubtful: list[Line] = []  # lines of notes and titles that look like moves or a row
        fields, notes, _ = _notes(block.notes, _PUZZLE_KEYS, doubtful)
        # Only notes with a "Game:" line with a value (a field) hold a decision.
        decided = _decided(block.notes, errors) if fields.pop("game", None) else None
        tessellation = decided or self.file_game or self.tessellation
        board = _decoded(_BlockText(block.tokens), _board.read_board, tessellation, errors)
        games = []
        placed: list[tuple[SavedGame, Lines, Place]] = []  # each game, its lines and title
        for game_block in puzzle.games:
            lines = _BlockText(game_block.tokens)
            metadata = _game_metadata(game_block, doubtful)
            game = _decoded(lines, _moves.read_moves, tessellation, errors, **metadata)
            if game is not None:
                games.append(game)
                placed.append((game, lines, game_block.title or game_block.tokens[0]))
        for titled in (block, *puzzle.games):
            if titled.title is not None and titled.title.stray:
                doubtful.append(titled.title)
        if doubtful:
            doubts += _doubts(doubtful, tessellation)
        made = None if board is None else self._puzzle(puzzle, board, tuple(games), fields, notes)
        self.hand_on(Read(made, self.puzzles, block.tokens[0], placed, errors, doubts))

    def _puzzle(
        self,
        puzzle: _Puzzle,
        board: Board,
        games: tuple[SavedGame, ...],
        fields: dict[str, str],
        notes: str,
    ) -> Puzzle:
        """The puzzle of `board`, with the fields and notes of its notes."""
        title = fields.pop("title", None)
        title_line = ""
        if title is not None and puzzle.board.title is not None:
            # The line the Title property overrides; the title itself carries nothing.
            title_line = _first_line(puzzle.board.title)
            title_line = "" if title_line == title else title_line
        self.puzzles += 1
        # Lines of text, comment lines and games of the board's tessellation:
        # what Puzzle checks holds.
        return Puzzle._trusted(
            board,
            title=_title(puzzle.board.title) if title is None else title,
            notes=notes,
            saved_games=games,
            comments=tuple(puzzle.comments),
            title_line=title_line,
            **fields,
        )


def _decided(notes: list[Line], errors: list[ParseError]) -> Tessellation | None:
    """The tessellation that the "Game:" line of `notes` decided (step 2
    marks it: see `_sok.postlex.Games`); SOK101 goes to `errors`."""
    for token in notes:
        if token.type == PROPERTY and (found := getattr(token, "game", None)) is not None:
            if isinstance(found, ParseError):
                errors.append(found)
                return None
            return found  # type: ignore[no-any-return]
    return None


def _reads_as_moves(line: str) -> bool:
    """Whether `line` (quotes aside) reads as moves by moves.lark, whatever
    its letters ("L12" and "R2D2", whose counts end them, do not)."""
    try:
        _moves.decode_moves(unquoted(line), Tessellation.OCTOBAN, DEFAULT_LIMIT)
    except ParseError:
        return False
    return True


def _lines(children: Iterable[Any]) -> list[Line]:
    """The lines of a step's children, units opened."""
    found: list[Line] = []
    for child in children:
        if isinstance(child, _Unit):
            found += _lines([*child.tokens, *([child.after] if child.after else [])])
        elif child is not None:
            found.append(child)
    return found


def _warning(code: str, message: str, token: Line, index: int = 0) -> Diagnostic:
    """A warning at character `index` of the first line of `token`."""
    return Diagnostic.at("warning", code, message, text=token.excerpt(), pos=token.pos + index)


def _doubts(
    notes: list[Line], tessellation: Tessellation, *, file_notes: bool = False
) -> list[Diagnostic]:
    """Warnings about notes that look like a board or moves."""
    found = []
    for token in notes:
        text = token.text
        if token.type == ALMOST and not file_notes:
            allowed = patterns().not_move[tessellation]
            bare = unquoted(text)
            column = len(text) - len(bare) + (m.start() if (m := allowed.search(bare)) else 0)
            found.append(
                _warning(
                    "SOK104",
                    f"Text that looks like {tessellation.value} moves but for "
                    f"{text[column]!r}, kept in the notes",
                    token,
                    column,
                )
            )
        elif token.stray:
            bare = unquoted(text)
            column = len(text) - len(bare) + next(patterns().stray.finditer(bare)).start()
            found.append(
                _warning(
                    "SOK105",
                    f"Text next to a board that looks like a board row but for "
                    f"{text[column]!r} (not a square of the legend), kept as text",
                    token,
                    column,
                )
            )
    return found


class _BlockText:
    """The lines of a block as a reader of its language sees them (mail
    quotes removed), and where each stands in the file (worked out only
    when something is to be placed: a board of a million rows keeps no list
    of them)."""

    def __init__(self, tokens: list[Line]) -> None:
        self.tokens = tokens
        joined = tokens[0].text if len(tokens) == 1 else "\n".join(t.text for t in tokens)
        self.quoted = ">" in joined
        self.text = _unquoted_lines(joined) if self.quoted else joined

    @cached_property
    def lines(self) -> list[str]:
        """The block's lines as in the file."""
        return [line for token in self.tokens for line in token.lines]

    @cached_property
    def starts(self) -> list[tuple[int, int]]:
        """The offset and number of each line."""
        return [start for token in self.tokens for start in token.starts]

    @cached_property
    def quotes(self) -> list[int]:
        """How many ">" each line begins with."""
        if not self.quoted:
            return [0] * len(self.lines)
        return [len(line) - len(unquoted(line)) for line in self.lines]

    def line(self, index: int) -> Excerpt:
        """Line `index` of the block as the file has it (see `Line.excerpt`)."""
        for token in self.tokens:
            if index < token.rows:
                return token.excerpt(index)
            index -= token.rows
        raise IndexError(index)

    def in_file(self, offset: int) -> tuple[Excerpt, int]:
        """An offset of `text`: the file's line that holds it, and its offset
        in the file (past the mail quotes of the line)."""
        index = self.text.count("\n", 0, offset)
        column = offset - self.text.rfind("\n", 0, offset) - 1
        return self.line(index), self.starts[index][0] + self.quotes[index] + column


def _unquoted_lines(text: str) -> str:
    return "\n".join(unquoted(line) for line in text.split("\n"))


def _decoded(
    block: _BlockText,
    parse: Callable[..., _Parsed],
    tessellation: Tessellation,
    errors: list[ParseError],
    **metadata: str,
) -> _Parsed | None:
    """A block's lines (without their mail quotes) parsed (with `metadata`),
    with errors at their positions in the file; a line quoted unlike most is
    an error."""
    requoted, usual = _requoted(block) if block.quoted else (None, 0)
    try:
        parsed = parse(block.text, tessellation, limit=DEFAULT_LIMIT, **metadata)
    except ParseError as error:
        line, pos = block.in_file(error.pos)
        if requoted is None or line.line < block.starts[requoted][1]:
            errors.append(type(error).at(error.message, text=line, pos=pos, code=error.code))
            return None
    else:
        if requoted is None:
            return parsed
    line = block.line(requoted)
    errors.append(
        SokSyntaxError.at(
            f"A line {_quoting(block.quotes[requoted])} in a block whose lines are "
            f"{_quoting(usual)}, expected the same mail quotes on every line",
            text=line,
            pos=block.starts[requoted][0],
            code="SOK106",
        )
    )
    return None


def _requoted(block: _BlockText) -> tuple[int | None, int]:
    """The first line of a block quoted unlike most of its lines (None: all
    alike), and the quoting of most (the first's, on a tie)."""
    quotes = block.quotes
    usual = max(quotes, key=Counter(quotes).__getitem__)
    return next((i for i, quote in enumerate(quotes) if quote != usual), None), usual


def _quoting(quotes: int) -> str:
    return f"quoted {'>' * quotes!r}" if quotes else "not quoted"


def _game_metadata(block: _Block, doubtful: list[Line]) -> dict[str, str]:
    """The title, solver and notes of a saved game, from its lines (those
    that look like moves or a row go to `doubtful`)."""
    fields, notes, _ = _notes(block.notes, _GAME_KEYS, doubtful)
    title = fields.get("title")
    if title is not None and block.title is not None:
        # An overridden title line stays with the game it labels, in its notes.
        notes = "\n".join(filter(None, [_first_line(block.title), notes]))
    title = _title(block.title) if title is None else title
    return {"title": title, "solved_by": fields.get("solved_by", ""), "notes": notes}


def _title(token: Line | None) -> str:
    return "" if token is None else title_of(_first_line(token))


def _first_line(token: Line) -> str:
    """The first line of a token (a run's lines are joined by "\\n")."""
    return token.text.partition("\n")[0]


def _notes(
    tokens: Iterable[Line],
    keys: dict[str, str],
    doubtful: list[Line] | None = None,
    *,
    placed: bool = False,
) -> tuple[dict[str, str], str, tuple[tuple[str, int], ...]]:
    """The recognised properties of a block's notes (the first of each key
    with a value), the rest of its text, and, when `placed` (the file notes:
    only a collection keeps them), where those properties stood in it (as
    `Collection.fields_at`).  Lines that look like moves (ALMOST) or a row
    (`stray`) go to `doubtful`, if given."""
    fields: dict[str, str] = {}
    texts: list[str] = []
    taken: list[tuple[str, int]] = []  # (field, how many tokens of text stood above it)
    for token in tokens:
        kind = token.type
        if doubtful is not None and (kind == ALMOST or token.stray):
            doubtful.append(token)
        if kind == PROPERTY and (keyed := token.keyed) is not None:
            key, value = keyed
            name = keys.get(key)
            if name and value and name not in fields:
                fields[name] = value
                if placed:
                    taken.append((name, len(texts)))
                continue
        texts.append(token.text)
    # Lines blank but for spaces, tabs and ">" are tokens of one line (each
    # line of a run has a wall or a move letter): trimmed token by token.
    first, end = 0, len(texts)
    while first < end and not texts[first].strip(" \t>"):
        first += 1
    while end > first and not texts[end - 1].strip(" \t>"):
        end -= 1
    notes = "\n".join(texts[first:end])
    if not taken:
        return fields, notes, ()
    lines = "\n".join(texts).split("\n")
    above = [0]  # the lines above each token of text
    for text in texts:
        above.append(above[-1] + text.count("\n") + 1)
    return fields, notes, places(lines, [(name, above[i]) for name, i in taken], " \t>")


# ------------------------------------------------------------------ reading


class _Reading:
    """One reading: the lexer, the postlex, the parser and the builder."""

    def __init__(self, builder: _Builder, tessellation: Tessellation) -> None:
        table = lalr.table("sok")
        self.index = table.token_index
        self.builder = builder
        self.parser = lalr.AutomatonParser(lalr.automaton("sok"), builder.callbacks())
        lines = frozenset(self.index[kind] for kind in table.tokens if kind not in MAY_BE_ROWS)
        boards = frozenset(rule for rule, name in enumerate(table.callbacks) if name in BOARDS)
        self.postlex = PostLex(
            tessellation, lambda: not boards.isdisjoint(self.parser.settle(lines))
        )

    def steps(self, chunks: Iterable[str], laid: plain.Layout | None = None) -> Iterator[None]:
        """Feed the tokens of `chunks` to the parser, a step per token (so that
        a stream is read only as far as needed); the lines before `laid.rest`
        as the fast path laid them out (its tokens are step 1's)."""
        index, parser = self.index, self.parser
        before: Iterable[Line] = ()
        start = 0, 1  # (offset and number of the first line to lex)
        if laid is not None and laid.rest is not None:
            self.builder.comments[:0] = laid.comments
            before, start = laid.tokens(), laid.rest
        tokens = chain(before, lex(chunks, self.builder.comments, start))
        for token in self.postlex.process(tokens):
            parser.feed(index[token.type], token)
            yield
        parser.end()


def read_sok(
    text: str,
    tessellation: Tessellation,
    diagnostics: list[Diagnostic] | None = None,
    games: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
    fast: bool = True,
    *,
    content: bool | None = None,
) -> Collection:
    """See `sokfmt.loads_sok` (`games`: its `check_games`, `content`: its
    `check_content`); `fast=False` reads every text through the tokens (the
    fast paths are tested against it)."""
    puzzles: list[Puzzle] = []
    sink = collector(puzzles, on_puzzle)
    collection = (
        _sok_bare.read_bare(text, tessellation, diagnostics, sink, content=content)
        if fast
        else None
    )
    if collection is None:
        builder = _Builder(tessellation, Checks(diagnostics, games, sink, content=content))
        layout = plain.layout(text, tessellation) if fast else None
        if layout is not None and layout.rest is None:
            _laid_out(builder, layout)
        else:
            for _ in _Reading(builder, tessellation).steps([text], layout):
                pass
        collection = builder.end()
    return dataclasses.replace(collection, puzzles=tuple(puzzles))


def _laid_out(builder: _Builder, layout: plain.Layout) -> None:
    """What the grammar's steps do with a text in the common layout (see
    `_sok.plain`): each block is `titled_board` or `titled_moves`, and each
    other line a `line` of notes of the block above it."""
    builder.comments = layout.comments
    builder.into += layout.file_notes
    # Taken from the end of the list, each block leaves it: the tokens of a
    # puzzle are freed once it is built, rather than kept to the end for the
    # garbage collector to go through again and again (a tenth of the time
    # of 5,000 small puzzles).
    blocks = layout.blocks[::-1]
    layout.blocks.clear()
    while blocks:
        block = blocks.pop()
        if block.token.type == ROWS:
            builder._board([block.token], block.title)
        else:
            builder._moves([block.token], block.title)
        builder.into += block.notes


#: How much text the reader takes at a time from a stream.
_CHUNK = 1 << 16


def chunks_of(lines: Iterable[str]) -> Iterator[str]:
    """Lines (each with its line break) gathered into chunks of whole lines."""
    gathered: list[str] = []
    size = 0
    for line in lines:
        gathered.append(line)
        size += len(line)
        if size >= _CHUNK:
            yield "".join(gathered)
            gathered, size = [], 0
    if gathered:
        yield "".join(gathered)


def iter_sok(
    chunks: Iterable[str],
    tessellation: Tessellation,
    diagnostics: list[Diagnostic] | None = None,
    games: bool = False,
    *,
    content: bool | None = None,
) -> Iterator[Puzzle]:
    """See `sokfmt.iter_sok`: puzzles as they are read, the file never whole in
    memory; `chunks` hold whole lines, with their line breaks."""
    ready: list[Puzzle] = []
    builder = _Builder(tessellation, Checks(diagnostics, games, ready.append, content=content))
    for _ in _Reading(builder, tessellation).steps(chunks):
        yield from ready
        ready.clear()
    builder.end()
    yield from ready
