"""Reading .sok and .xsb files: the tokens of `_sok_lexer` through the LALR
parser of grammars/sok.lark, and `_Builder`, which makes puzzles of the units
the grammar finds (its header's semantic rules).

The parser is fed token by token; its callbacks hand each unit to the
builder of the reading the unit's tokens belong to, so that no state is
shared between readings.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

from lark import Lark, Token, Transformer

from . import _board, _moves
from ._checks import puzzle_warnings
from ._lalr import grammar_path
from ._moves import step_offsets
from ._reading import collector
from ._sok_lexer import ALMOST_MOVES, TEXT_LINE, Lexer, patterns, unquoted
from .board import Board
from .errors import Diagnostic, IllegalStepError, ParseError, SokSyntaxError, warn
from .moves import SavedGame
from .properties import key_of, parse_property
from .puzzle import Collection, Puzzle, is_solution_title
from .replay import replay as replay_game
from .rle import DEFAULT_LIMIT
from .tessellation import Tessellation

# Recognised properties: key (case-folded) -> field, per kind of notes.
_FILE_KEYS = {
    "collection": "title",
    "set": "title",
    "title": "title",
    "author": "author",
    "date created": "created_at",
    "date of last change": "updated_at",
    "email": "email",
    "url": "url",
}
_PUZZLE_KEYS = {
    "title": "title",
    "author": "author",
    "game": "game",
    "boxorder": "boxorder",
    "goalorder": "goalorder",
}
_GAME_KEYS = {"title": "title", "solver": "solved_by", "author": "solved_by"}

_Parsed = TypeVar("_Parsed")
# The warnings that go to Python's `warnings` when the caller keeps no
# diagnostics: doubts about reading, and solutions that do not solve.
_DOUBTS = ("SOK103", "SOK104", "SOK105", "SOK107", "SOK502")
# About the whole file: at line 1, column 1, whatever stands there.
_NO_PUZZLE = "SOK102"


# ----------------------------------------------------------------- blocks


@dataclass
class _Block:
    """A board or moves unit, its title and the notes after it, as tokens."""

    kind: str  # "board" or "moves"
    tokens: list[Token]
    title: Token | None = None
    notes: list[Token] = field(default_factory=list)


@dataclass
class _Puzzle:
    board: _Block
    games: list[_Block] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


class _Builder:
    """The semantic rules of grammars/sok.lark: units to a collection.

    Units arrive in file order.  A puzzle is finished when the next board
    (or the end) comes; then its board and moves are decoded, and its
    errors, in input order, are raised or recorded.
    """

    def __init__(
        self,
        tessellation: Tessellation,
        diagnostics: list[Diagnostic] | None,
        sink: Callable[[Puzzle], None],
        replay: bool = False,
    ) -> None:
        self.tessellation = tessellation
        self.diagnostics = diagnostics
        self.sink = sink
        self.file_notes: list[Token] = []
        self.file_comments: list[str] = []
        self.file_game: Tessellation | None = None
        self.puzzle: _Puzzle | None = None
        self.title: Token | None = None  # waiting for the block it titles
        self.pending_comments: list[str] = []  # those of a board being read
        self.puzzles = 0
        self.boards = 0  # board units, read or not
        self.replay = replay

    # ------------------------------------------------------------ units

    def unit(self, kind: str, tokens: list[Token]) -> None:
        board_line = tokens[0].line if kind == "board" else None
        for token in tokens:
            self.comments(token, board_line)
        if kind == "title":
            self.title = tokens[0]
            return
        if kind in ("board", "moves"):
            block = _Block(kind, tokens, self.title)
            self.title = None
            if kind == "board":
                self.boards += 1
                self._finish()
                self.puzzle = _Puzzle(block, comments=self.pending_comments)
                self.pending_comments = []
            elif self.puzzle is not None:
                self.puzzle.games.append(block)
            return
        notes = self._notes_owner()
        notes += tokens

    def end(self) -> Collection:
        self._finish()
        if self.boards == 0:
            self._report(
                Diagnostic(
                    "warning", _NO_PUZZLE, "No puzzle found: no board of 3 rows or more", 1, 1
                )
            )
        fields, notes = _notes(self.file_notes, _FILE_KEYS)
        return Collection(
            title=fields.get("title", ""),
            author=fields.get("author", ""),
            created_at=fields.get("created_at", ""),
            updated_at=fields.get("updated_at", ""),
            notes=notes,
            comments=tuple(self.file_comments),
            email=fields.get("email", ""),
            url=fields.get("url", ""),
        )

    def _notes_owner(self) -> list[Token]:
        if self.puzzle is None:
            return self.file_notes
        last = self.puzzle.games[-1] if self.puzzle.games else self.puzzle.board
        return last.notes

    def comments(self, token: Token, board_line: int | None = None) -> None:
        """The comment lines that stood before `token` belong to the last
        board before them, or to the file (units arrive in order); those
        after `board_line` to the board that starts there."""
        for line, text in getattr(token, "comments", ()):
            if board_line is not None and line > board_line:
                self.pending_comments.append(text)
            else:
                (self.puzzle.comments if self.puzzle else self.file_comments).append(text)

    # ------------------------------------------------------------ puzzles

    def _finish(self) -> None:
        """Decode the puzzle read so far, report its problems, hand it on."""
        errors: list[ParseError] = []
        if self.puzzle is None:  # the file notes are complete
            self.file_game = self._game(self.file_notes, errors)
            self._problems(errors, _doubts(self.file_notes, self.tessellation))
            return
        puzzle, self.puzzle = self.puzzle, None
        warnings_: list[Diagnostic] = []
        tessellation = self._game(puzzle.board.notes, errors) or self.file_game or self.tessellation
        board = _decoded(puzzle.board.tokens, _board.parse, tessellation, errors)
        games: list[tuple[SavedGame, _Block]] = []
        for block in puzzle.games:
            game = _decoded(block.tokens, _moves.parse, tessellation, errors)
            if game is not None:
                games.append((_saved_game(game, block), block))
        for block in [puzzle.board, *puzzle.games]:
            warnings_ += _doubts(block.notes, tessellation)
            if block.title is not None and getattr(block.title, "doubt", "") in ("row", "moves"):
                warnings_ += _doubts([block.title], tessellation)
        if board is None:
            self._problems(errors, warnings_)
            return
        built = self._puzzle(puzzle, board, tuple(game for game, _ in games))
        if self.diagnostics is not None:
            name = f"puzzle {self.puzzles}" + (f" {built.title!r}" if built.title else "")
            line = puzzle.board.tokens[0].line or 0
            for code, message in puzzle_warnings(built):
                warnings_.append(Diagnostic("warning", code, f"{name}: {message}", line, 1))
        if self.replay:
            for game, block in games:
                _replayed(built, game, block, errors, warnings_)
        self._problems(errors, warnings_)
        self.sink(built)

    def _puzzle(self, puzzle: _Puzzle, board: Board, games: tuple[SavedGame, ...]) -> Puzzle:
        fields, notes = _notes(puzzle.board.notes, _PUZZLE_KEYS)
        fields.pop("game", None)
        title_line = ""
        if "title" in fields and puzzle.board.title is not None:
            title_line = str(puzzle.board.title).split("\n", 1)[0]
        title = fields.pop("title", None)
        self.puzzles += 1
        return Puzzle(
            board,
            title=_title(puzzle.board.title) if title is None else title,
            notes=notes,
            saved_games=games,
            comments=tuple(puzzle.comments),
            title_line=title_line,
            **fields,
        )

    def _game(self, notes: list[Token], errors: list[ParseError]) -> Tessellation | None:
        """The tessellation of the first "Game:" line with a value in `notes`."""
        for token in notes:
            if token.type == "PROPERTY_LINE" and key_of(str(token)) == "game":
                value = parse_property(str(token))[1]  # type: ignore[index]
                if not value:
                    continue
                try:
                    return Tessellation.from_name(value)
                except ValueError as exc:
                    line = str(token)
                    column = line.rindex(value) if value else len(line)
                    errors.append(
                        SokSyntaxError(
                            str(exc),
                            line=token.line or 0,
                            column=column + 1,
                            pos=(token.start_pos or 0) + column,
                            source_line=line,
                            code="SOK101",
                        )
                    )
                    return None
        return None

    def _problems(self, errors: list[ParseError], found: list[Diagnostic]) -> None:
        problems = [error.diagnostic() for error in errors] + found
        problems.sort(key=lambda d: (d.line, d.column))
        if self.diagnostics is None and errors:
            raise min(errors, key=lambda error: (error.line, error.column))
        for problem in problems:
            self._report(problem)

    def _report(self, problem: Diagnostic) -> None:
        if self.diagnostics is not None:
            self.diagnostics.append(problem)
        elif problem.code in _DOUBTS:
            warn(f"line {problem.line}: {problem.code} {problem.message}")


def _doubts(notes: list[Token], tessellation: Tessellation) -> list[Diagnostic]:
    """Warnings about notes that look like a board or moves."""
    found = []
    for token in notes:
        if token.type == ALMOST_MOVES:
            text = str(token)
            allowed = patterns().move_characters[tessellation]
            column = next((i for i, c in enumerate(unquoted(text)) if c not in allowed), 0)
            column += len(text) - len(unquoted(text))
            found.append(
                Diagnostic(
                    "warning",
                    "SOK104",
                    f"Text that looks like {tessellation.value} moves but for "
                    f"{text[column]!r}, kept in the notes",
                    token.line or 0,
                    column + 1,
                    (token.start_pos or 0) + column,
                )
            )
        elif token.type == TEXT_LINE and getattr(token, "doubt", "") == "board":
            found.append(
                Diagnostic(
                    "warning",
                    "SOK103",
                    "Text that looks like a board (of fewer than 3 rows), kept in the notes",
                    token.line or 0,
                    1,
                    token.start_pos or 0,
                )
            )
        elif token.type == TEXT_LINE and getattr(token, "doubt", "") == "moves":
            found.append(
                Diagnostic(
                    "warning",
                    "SOK107",
                    "A line of moves alone right above a board, read as its title",
                    token.line or 0,
                    1,
                    token.start_pos or 0,
                )
            )
        elif token.type == TEXT_LINE and getattr(token, "doubt", "") == "row":
            text = str(token)
            quotes = len(text) - len(unquoted(text))
            column = quotes + next(patterns().stray.finditer(unquoted(text))).start()
            found.append(
                Diagnostic(
                    "warning",
                    "SOK105",
                    f"Text next to a board that looks like a board row but for {text[column]!r} "
                    "(not a square of the legend), kept as text",
                    token.line or 0,
                    column + 1,
                    (token.start_pos or 0) + column,
                )
            )
    return found


@dataclass(frozen=True)
class _BlockText:
    """The lines of a block as a reader of its language sees them (mail
    quotes removed), and where each stands in the file."""

    lines: list[str]  # as in the file
    starts: list[tuple[int, int]]  # (offset, line number) of each
    quotes: list[int]  # how many ">" each begins with
    text: str  # the lines without their quotes

    @classmethod
    def of(cls, tokens: list[Token]) -> _BlockText:
        lines = [line for token in tokens for line in str(token).split("\n")]
        starts = [start for token in tokens for start in getattr(token, "starts", [])]
        text = "\n".join(lines)
        if ">" not in text:
            return cls(lines, starts, [0] * len(lines), text)
        quotes = [len(line) - len(unquoted(line)) for line in lines]
        text = "\n".join(line[quote:] for line, quote in zip(lines, quotes, strict=True))
        return cls(lines, starts, quotes, text)

    def located(self, line: int, column: int) -> tuple[int, int, int, str]:
        """A 1-based line and column of `text`: the file's line, column and
        offset there, and the file's line."""
        index = min(line, len(self.lines)) - 1
        pos, number = self.starts[index]
        column += self.quotes[index]
        return number, column, pos + column - 1, self.lines[index]

    def offset_located(self, offset: int) -> tuple[int, int, int, str]:
        """`located` for an offset in `text`."""
        line = self.text.count("\n", 0, offset) + 1
        return self.located(line, offset - self.text.rfind("\n", 0, offset))


def _decoded(
    tokens: list[Token],
    parse: Callable[..., _Parsed],
    tessellation: Tessellation,
    errors: list[ParseError],
) -> _Parsed | None:
    """A block's lines (without their mail quotes) parsed, with errors at
    their positions in the file; a line quoted unlike most is an error."""
    block = _BlockText.of(tokens)
    quotes = block.quotes
    usual = max(quotes, key=Counter(quotes).__getitem__)  # that of most lines, else the first's
    requoted = next((i for i, quote in enumerate(quotes) if quote != usual), None)
    try:
        parsed = parse(block.text, tessellation, limit=DEFAULT_LIMIT)
    except ParseError as error:
        if requoted is None or error.line - 1 < requoted:
            number, column, pos, line = block.located(error.line, error.column)
            errors.append(
                type(error)(
                    error.message,
                    line=number,
                    column=column,
                    pos=pos,
                    source_line=line,
                    code=error.code,
                )
            )
            return None
    else:
        if requoted is None:
            return parsed
    pos, number = block.starts[requoted]
    errors.append(
        SokSyntaxError(
            f"A line {_quoting(quotes[requoted])} in a block whose lines are "
            f"{_quoting(usual)}, expected the same mail quotes on every line",
            line=number,
            column=1,
            pos=pos,
            source_line=block.lines[requoted],
            code="SOK106",
        )
    )
    return None


def _replayed(
    puzzle: Puzzle,
    game: SavedGame,
    block: _Block,
    errors: list[ParseError],
    warnings_: list[Diagnostic],
) -> None:
    """Replay `game`: an illegal step is an error at the letter that wrote
    it; a game titled as a solution that does not solve, a warning."""
    result = replay_game(puzzle, game)
    name = repr(game.title) if game.title else "an untitled saved game"
    if result.failed_at is not None:
        text = _BlockText.of(block.tokens)
        offset = step_offsets(text.text, game.tessellation)[result.failed_at]
        number, column, pos, line = text.offset_located(offset)
        errors.append(
            IllegalStepError(
                f"In {name}, step {result.failed_at + 1} cannot be played: {result.reason}",
                line=number,
                column=column,
                pos=pos,
                source_line=line,
            )
        )
    elif not result.solved and is_solution_title(game.title):
        token = block.title if block.title is not None else block.tokens[0]
        warnings_.append(
            Diagnostic(
                "warning",
                "SOK502",
                f"{name} is titled as a solution but does not solve the puzzle",
                token.line or 0,
                1,
                token.start_pos or 0,
            )
        )


def _quoting(quotes: int) -> str:
    return f"quoted {'>' * quotes!r}" if quotes else "not quoted"


def _saved_game(game: SavedGame, block: _Block) -> SavedGame:
    fields, notes = _notes(block.notes, _GAME_KEYS)
    title = fields.get("title")
    if title is not None and block.title is not None:
        # An overridden title line stays with the game it labels, in its notes.
        notes = "\n".join(filter(None, [str(block.title).split("\n", 1)[0], notes]))
    return game.with_metadata(
        title=_title(block.title) if title is None else title,
        solved_by=fields.get("solved_by", ""),
        notes=notes,
    )


def _title(token: Token | None) -> str:
    return "" if token is None else title_of(str(token).split("\n", 1)[0])


def title_of(line: str) -> str:
    """The title a title line gives: no mail quotes, no ".xsb" semicolon."""
    text = unquoted(line).strip()
    return text[1:].strip() if text.startswith(";") else text


def _notes(tokens: Iterable[Token], keys: dict[str, str]) -> tuple[dict[str, str], str]:
    """The recognised properties of a block's notes (the first of each key
    with a value), and the rest of its text."""
    fields: dict[str, str] = {}
    lines: list[str] = []
    for token in tokens:
        if token.type == "PROPERTY_LINE":
            key, value = parse_property(str(token))  # type: ignore[misc]
            name = keys.get(" ".join(key.casefold().split()))
            if name and value and name not in fields:
                fields[name] = value
                continue
        lines += str(token).split("\n")
    while lines and not lines[0].strip(" \t>"):
        lines.pop(0)
    while lines and not lines[-1].strip(" \t>"):
        lines.pop()
    return fields, "\n".join(lines)


# ---------------------------------------------------------------- grammar


class _Units(Transformer[Token, None]):
    """The grammar's callbacks: each unit goes to the builder of its reading."""

    def start(self, children: list[Any]) -> None:
        return None

    @staticmethod
    def _unit(kind: str) -> Any:
        def callback(self: _Units, children: list[Any]) -> None:
            tokens = [child for child in children if isinstance(child, Token)]
            tokens[0].reading.unit(kind, tokens)  # type: ignore[attr-defined]

        return callback


_CALLBACKS = {
    "title": "title",
    "note_b": "note",
    "note_apart": "note",
    "note": "note",
    "paragraph_b": "paragraph",
    "paragraph": "paragraph",
    "board": "board",
    "moves": "moves",
    "blank": "blank",
}
for _rule, _kind in _CALLBACKS.items():
    setattr(_Units, _rule, _Units._unit(_kind))


@cache
def _parser() -> Lark:
    return Lark(
        grammar_path("sok").read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",
        transformer=_Units(),
        maybe_placeholders=False,
    )


def _feed(builder: _Builder, tessellation: Tessellation, chunks: Iterable[str]) -> Iterator[None]:
    """Feed the tokens of `chunks` to the parser, one at a time (a step per
    token, so that a stream is read only as far as needed)."""
    interactive = _parser().parse_interactive()
    trailing = None  # comment lines after the last token: theirs once all is read
    for token in Lexer(tessellation, builder).tokens(chunks):
        if token.type == "COMMENTS":
            trailing = token
            continue
        interactive.feed_token(token)
        yield
    interactive.feed_eof()  # type: ignore[no-untyped-call]
    if trailing is not None:
        builder.comments(trailing)


def normalise(text: str) -> str:
    """One newline convention (CR, LF and CRLF all end a line), no BOM."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def parse(
    text: str,
    tessellation: Tessellation,
    diagnostics: list[Diagnostic] | None = None,
    replay: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
) -> Collection:
    """See `sokfmt.parse_sok`."""
    puzzles: list[Puzzle] = []
    builder = _Builder(tessellation, diagnostics, collector(puzzles, on_puzzle), replay)
    reported = 0 if diagnostics is None else len(diagnostics)
    normalised = normalise(text)
    try:
        for _ in _feed(
            builder, tessellation, [normalised if normalised.endswith("\n") else normalised + "\n"]
        ):
            pass
        collection = builder.end()
    except ParseError as error:
        raise error.located(text, dropped_bom=True) from None
    if diagnostics is not None and normalised is not text:  # positions in the caller's text
        diagnostics[reported:] = [
            found if found.code == _NO_PUZZLE else found.located(text, dropped_bom=True)
            for found in diagnostics[reported:]
        ]
    return dataclasses.replace(collection, puzzles=tuple(puzzles))


def iterate(
    lines: Iterable[str],
    tessellation: Tessellation,
    diagnostics: list[Diagnostic] | None = None,
    replay: bool = False,
) -> Iterator[Puzzle]:
    """See `sokfmt.iter_sok`: puzzles as they are read, the file never whole in memory."""
    ready: list[Puzzle] = []
    builder = _Builder(tessellation, diagnostics, ready.append, replay)
    for _ in _feed(builder, tessellation, _chunks(lines)):
        yield from ready
        ready.clear()
    builder.end()
    yield from ready


def _chunks(lines: Iterable[str]) -> Iterator[str]:
    """Lines gathered into chunks that end after a blank line (runs of
    lines never cross one), each line with its line break."""
    chunk: list[str] = []
    for line in lines:
        chunk.append(line)
        if not line.strip(" \t>"):
            yield "\n".join(chunk) + "\n"
            chunk = []
    if chunk:
        yield "\n".join(chunk) + "\n"
