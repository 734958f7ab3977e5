"""Reading .sok and .xsb files: grammars/sok.lark with its block lexer, and
the transformer that builds puzzles from the blocks."""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

from lark import Lark, Token, Transformer
from lark.common import LexerConf
from lark.lexer import Lexer

from . import _board, _grammar, _moves
from ._sok_lexer import (
    BOARD,
    COMMENT,
    GAME_TITLE,
    MOVES,
    PUZZLE_TITLE,
    Block,
    game_of,
    regions,
    runs,
    settle_moves,
    with_titles,
)
from .board import Board
from .errors import ParseError
from .moves import SavedGame
from .properties import key_of, parse_property
from .puzzle import Collection, Puzzle
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


@dataclass
class _Reading:
    """One read: the lexer's input (passed to the parser as its text), and
    what the transformer needs (found in a context variable)."""

    chunks: Iterable[str]  # whole lines, each ending with a line break
    tessellation: Tessellation
    sink: Callable[[Puzzle], None] | None = None  # set when puzzles stream out
    # The tessellation of each board, by its offset: the lexer settles it
    # (the puzzle's "Game:", the file's, the caller's), the puzzle takes it.
    boards: dict[int, Tessellation] = field(default_factory=dict)
    # The line of each puzzle's board, in order, for tools that report on puzzles.
    board_lines: list[int] = field(default_factory=list)


_reading: contextvars.ContextVar[_Reading] = contextvars.ContextVar("sokfmt_sok_reading")


# ------------------------------------------------------------------ lexing


class _BlockLexer(Lexer):
    """Steps 1 and 2 of grammars/sok.lark: the file's lines to block tokens."""

    __future_interface__ = 2  # lex() takes the lexer state, whose text is a _Reading

    def __init__(self, conf: LexerConf) -> None:
        self.conf = conf

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:
        reading: _Reading = lexer_state.text
        yield from _tokens(reading, _parser())


def _tokens(reading: _Reading, parser: Lark) -> Iterator[Token]:
    """Block tokens with titles settled.  Each region waits for the next one,
    whose first block decides whether the region's last line is a title."""
    file_game: Tessellation | None = None
    waiting: list[Block] = []
    for region in regions(parser, runs(parser, reading.chunks)):
        game = game_of(parser, region)
        if not region.is_puzzle:
            file_game = game
        tessellation = game or file_game or reading.tessellation
        settle_moves(region, tessellation)
        if region.is_puzzle:
            reading.boards[region.blocks[0].pos] = tessellation
        for block in with_titles(waiting, region.blocks):
            yield block.token()
        waiting = region.blocks
    for block in with_titles(waiting, []):
        yield block.token()


# ------------------------------------------------------------- transforming


@dataclass(frozen=True)
class _GameParts:
    title: Token | None
    moves: Token
    notes: list[Token]


class _SokTransformer(Transformer[Token, Any]):
    """Builds puzzles as the parser reduces them (one callback per rule)."""

    def start(self, children: list[Any]) -> tuple[list[Token], list[Puzzle]]:
        text = [child for child in children if isinstance(child, Token)]
        puzzles = [child for child in children if isinstance(child, Puzzle)]
        return text, puzzles

    def saved_game(self, children: list[Token]) -> _GameParts:
        moves_at = next(i for i, child in enumerate(children) if child.type == MOVES)
        title = children[0] if children[0].type == GAME_TITLE else None
        return _GameParts(title, children[moves_at], children[moves_at + 1 :])

    def puzzle(self, children: list[Any]) -> Puzzle | None:
        reading = _reading.get()
        tokens = [child for child in children if isinstance(child, Token)]
        games = [child for child in children if isinstance(child, _GameParts)]
        board_at = next(i for i, child in enumerate(tokens) if child.type == BOARD)
        notes = tokens[board_at + 1 :]
        fields, notes_text = _notes(notes, _PUZZLE_KEYS)
        fields.pop("game", None)  # the board carries it
        tessellation = reading.boards.pop(tokens[board_at].start_pos or 0)
        if reading.sink is None:  # streaming keeps nothing per puzzle
            reading.board_lines.append(tokens[board_at].line or 0)
        board: Board = _relocated(tokens[board_at], _parse_board, tessellation)
        comments = [t for t in tokens[:board_at] + notes if t.type == COMMENT]
        saved_games = []
        for game in games:
            saved_games.append(_saved_game(game, tessellation))
            comments += [t for t in game.notes if t.type == COMMENT]
        title = fields.pop("title", None)
        puzzle = Puzzle(
            board,
            title=_title(tokens[0]) if title is None else title,
            notes=notes_text,
            saved_games=tuple(saved_games),
            comments=_comment_lines(comments),
            **fields,
        )
        if reading.sink is None:
            return puzzle
        reading.sink(puzzle)
        return None


def _saved_game(parts: _GameParts, tessellation: Tessellation) -> SavedGame:
    game: SavedGame = _relocated(parts.moves, _parse_moves, tessellation)
    fields, notes = _notes(parts.notes, _GAME_KEYS)
    title = fields.get("title")
    return game.with_metadata(
        title=_title(parts.title) if title is None else title,
        solved_by=fields.get("solved_by", ""),
        notes=notes,
    )


def _parse_board(text: str, tessellation: Tessellation) -> Board:
    return _board.parse(text, tessellation, limit=DEFAULT_LIMIT)


def _parse_moves(text: str, tessellation: Tessellation) -> SavedGame:
    return _moves.parse(text, tessellation, limit=DEFAULT_LIMIT)


def _title(token: Token | None) -> str:
    """The title a title line gives: no mail quotes, no ".xsb" semicolon."""
    if token is None or token.type not in (PUZZLE_TITLE, GAME_TITLE):
        return ""
    text = token.split("\n", 1)[0].lstrip(">").strip()
    return text[1:].strip() if text.startswith(";") else text


def _notes(tokens: Iterable[Token], keys: dict[str, str]) -> tuple[dict[str, str], str]:
    """The recognised properties of a block's notes, and the rest of its text."""
    lines: list[str] = []
    for item in tokens:
        for line in item.split("\n"):
            if not line.strip(" \t>"):
                lines.append("")  # a blank line, mail-quoted or not
            elif item.type != COMMENT:
                lines.append(line)
    fields: dict[str, str] = {}
    rest = []
    for line in lines:
        key = key_of(line) if ":" in line or "=" in line else None
        name = keys.get(key) if key else None
        if name and name not in fields:
            fields[name] = parse_property(line)[1]  # type: ignore[index]
        else:
            rest.append(line)
    return fields, "\n".join(rest).strip("\n")


def _comment_lines(tokens: list[Token]) -> tuple[str, ...]:
    return tuple(line for item in tokens for line in item.split("\n") if line.startswith("::"))


def _relocated(
    block: Token, parse: Callable[[str, Tessellation], _Parsed], tessellation: Tessellation
) -> _Parsed:
    """Parse a block's lines (without their mail quotes), with errors at
    their positions in the file."""
    text = str(block)
    if ">" in text:
        lines = text.split("\n")
        quotes = [len(line) - len(line.lstrip(">")) for line in lines]
        text = "\n".join(line[quote:] for line, quote in zip(lines, quotes, strict=True))
    try:
        return parse(text, tessellation)
    except ParseError as error:
        lines = str(block).split("\n")
        quotes = [len(line) - len(line.lstrip(">")) for line in lines]
        index = min(error.line, len(lines)) - 1
        line_start = (block.start_pos or 0) + sum(len(line) + 1 for line in lines[:index])
        column_start = error.pos - error.column + 1
        raise error.relocated(
            line_offset=(block.line or 1) - 1,
            pos_offset=line_start + quotes[index] - column_start,
            column_offset=quotes[index],
            source_line=lines[index],
        ) from None


# ---------------------------------------------------------------- entry points


@cache
def _parser() -> Lark:
    return _grammar.build("sok", _SokTransformer(), _BlockLexer)


def normalise(text: str) -> str:
    """One newline convention (CR, LF and CRLF all end a line), no BOM."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def parse(
    text: str, tessellation: Tessellation, diagnostics: list[Any] | None = None
) -> Collection:
    """See `sokfmt.parse_sok`."""
    return parse_with_lines(text, tessellation)[0]


def parse_with_lines(text: str, tessellation: Tessellation) -> tuple[Collection, list[int]]:
    """The collection, and the line where each puzzle's board starts."""
    try:
        return _parse_with_lines(normalise(text), tessellation)
    except ParseError as error:
        raise error.located(text, dropped_bom=True) from None


def _parse_with_lines(text: str, tessellation: Tessellation) -> tuple[Collection, list[int]]:
    reading = _Reading([text if text.endswith("\n") else text + "\n"], tessellation)
    reset = _reading.set(reading)
    try:
        result: tuple[list[Token], list[Puzzle]] = _parser().parse(reading)  # type: ignore[assignment]
    finally:
        _reading.reset(reset)
    preamble, puzzles = result
    fields, notes = _notes(preamble, _FILE_KEYS)
    comments = _comment_lines([t for t in preamble if t.type == COMMENT])
    collection = Collection(notes=notes, puzzles=tuple(puzzles), comments=comments, **fields)
    return collection, reading.board_lines


def iterate(
    lines: Iterable[str], tessellation: Tessellation, diagnostics: list[Any] | None = None
) -> Iterator[Puzzle]:
    """See `sokfmt.iter_sok`: puzzles as they are read, the file never whole in memory."""
    ready: list[Puzzle] = []
    reading = _Reading(_chunks(lines), tessellation, sink=ready.append)
    # The transformer finds the reading in a context of this generator's own,
    # so that two generators read side by side do not mix.
    context = contextvars.copy_context()
    context.run(_reading.set, reading)
    interactive = context.run(_parser().parse_interactive, reading)
    steps = interactive.iter_parse()
    while context.run(next, steps, None) is not None:
        yield from ready
        ready.clear()
    context.run(interactive.feed_eof)
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
