"""Reading .sok and .xsb files: grammars/sok.lark with its line lexer, and the
transformer that builds puzzles from the blocks."""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, UnexpectedInput
from lark.common import LexerConf
from lark.lexer import Lexer

from . import _grammar
from ._grammar import Language
from ._sok_lexer import (
    BOARD_LINES,
    Line,
    blocks,
    classify,
    game_of,
    regions,
    settle_moves,
    token,
)
from .board import Board
from .errors import ParseError, SokSyntaxError
from .moves import SavedGame
from .properties import key_of, parse_property
from .puzzle import Collection, Puzzle
from .tessellation import Tessellation

SOK = Language(
    name="sok",
    error=SokSyntaxError,
    terminals={
        "BOARD": "a board",
        "MOVES": "moves",
        "PARAGRAPH": "text",
        "LINE": "a line of text",
        "COMMENT": "a comment",
        "BLANK": "a blank line",
        "PUZZLE_TITLE": "a puzzle title",
        "GAME_TITLE": "a saved game title",
    },
    countable="",
)

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


@dataclass
class _Reading:
    """One read: the lexer's input, and what callbacks look up.  Passed to the
    parser as its input and set in a context variable for the transformer."""

    source: Iterable[str]  # the file's lines, without line breaks
    tessellation: Tessellation
    lines: dict[int, Line] = field(default_factory=dict)  # by line number
    boards: dict[int, Tessellation] = field(default_factory=dict)  # by first line
    sink: Callable[[Puzzle], None] | None = None  # set when puzzles stream out


_reading: contextvars.ContextVar[_Reading] = contextvars.ContextVar("sokfmt_sok_reading")


# ------------------------------------------------------------------ lexing


class _BlockLexer(Lexer):
    """Steps 1 and 2 of grammars/sok.lark: the file's lines to block tokens."""

    __future_interface__ = 2  # lex() takes the lexer state, whose text is a _Reading

    def __init__(self, conf: LexerConf) -> None:
        self.conf = conf

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:
        reading: _Reading = lexer_state.text
        yield from _tokens(reading, _compiled().parser)


def _lines(parser: Lark, reading: _Reading) -> Iterator[Line]:
    pos = 0
    for number, text in enumerate(reading.source, start=1):
        line = classify(parser, number, pos, text)
        reading.lines[number] = line
        pos += len(text) + 1
        yield line


def _tokens(reading: _Reading, parser: Lark) -> Iterator[Token]:
    """Block tokens with titles settled; each region waits for the next, whose
    first block decides whether the region's last line is a title."""
    file_game: Tessellation | None = None
    waiting: list[tuple[str, list[Line]]] = []
    for region in regions(_lines(parser, reading)):
        in_puzzle = bool(region.lines) and region.lines[0].kind in BOARD_LINES
        game = game_of(region)
        if not in_puzzle:
            file_game = game
        tessellation = game or file_game or reading.tessellation
        settle_moves(region, tessellation)
        if in_puzzle:
            reading.boards[region.lines[0].number] = tessellation
        current = blocks(region.lines)
        yield from _emit(_with_titles(waiting, current))
        waiting = current
    yield from _emit(_with_titles(waiting, []))


def _with_titles(
    waiting: list[tuple[str, list[Line]]], following: list[tuple[str, list[Line]]]
) -> list[tuple[str, list[Line]]]:
    """`waiting` with each LINE that titles the block after it renamed."""
    sequence = waiting + following[:1]
    settled = list(waiting)
    for index, (kind, group) in enumerate(waiting):
        if kind != "LINE" or parse_property(group[0].content) is not None:
            continue
        after = index + 1
        while after < len(sequence) and sequence[after][0] in ("BLANK", "COMMENT"):
            after += 1
        if after == len(sequence) or sequence[after][0] not in ("BOARD", "MOVES"):
            continue
        if _has_title_property(sequence, after, following):
            continue
        title_kind = "PUZZLE_TITLE" if sequence[after][0] == "BOARD" else "GAME_TITLE"
        settled[index] = (title_kind, group)
    return settled


def _has_title_property(
    sequence: list[tuple[str, list[Line]]], block: int, following: list[tuple[str, list[Line]]]
) -> bool:
    """Whether the notes of the block at `block` hold a Title property."""
    # The block looked ahead to (the next region's board) has its notes there.
    lookahead = block == len(sequence) - 1 and bool(following)
    rest = following[1:] if lookahead else sequence[block + 1 :]
    for kind, group in rest:
        if kind in ("BOARD", "MOVES"):
            return False
        if kind in ("LINE", "PARAGRAPH") and any(key_of(line.text) == "title" for line in group):
            return True
    return False


def _emit(settled: list[tuple[str, list[Line]]]) -> Iterator[Token]:
    for kind, group in settled:
        yield token(kind, group)


# ------------------------------------------------------------- transforming


@dataclass(frozen=True)
class _GameParts:
    title: Token | None
    moves: Token
    text: list[Token]


class _SokTransformer(Transformer[Token, Any]):
    """Builds puzzles as the parser reduces them (one callback per rule)."""

    def start(self, children: list[Any]) -> tuple[list[Token], list[Puzzle]]:
        text = [child for child in children if isinstance(child, Token)]
        puzzles = [child for child in children if isinstance(child, Puzzle)]
        return text, puzzles

    def saved_game(self, children: list[Token]) -> _GameParts:
        title = children[0] if children[0].type == "GAME_TITLE" else None
        moves_at = next(i for i, child in enumerate(children) if child.type == "MOVES")
        return _GameParts(title, children[moves_at], _notes_tokens(children, moves_at))

    def puzzle(self, children: list[Any]) -> Puzzle | None:
        reading = _reading.get()
        tokens = [child for child in children if isinstance(child, Token)]
        games = [child for child in children if isinstance(child, _GameParts)]
        board_at = next(i for i, child in enumerate(tokens) if child.type == "BOARD")
        board_token = tokens[board_at]
        tessellation = reading.boards[board_token.line]  # type: ignore[index]
        board = _relocated(reading, board_token, Board.parsed, tessellation)
        title_token = tokens[0] if tokens[0].type == "PUZZLE_TITLE" else None
        comments = [t for t in tokens[:board_at] if t.type == "COMMENT"]
        notes_tokens = _notes_tokens(tokens, board_at)
        fields, notes = _notes(reading, notes_tokens, _PUZZLE_KEYS)
        comments += [t for t in notes_tokens if t.type == "COMMENT"]
        saved_games = []
        for game in games:
            saved_games.append(_saved_game(reading, game, tessellation))
            comments += [t for t in game.text if t.type == "COMMENT"]
        fields.pop("game", None)  # the board carries the tessellation
        title = fields.pop("title", None)
        puzzle = Puzzle(
            board,
            title=_title(reading, title_token) if title is None else title,
            notes=notes,
            saved_games=tuple(saved_games),
            comments=_comment_lines(comments),
            **fields,
        )
        if reading.sink is not None:
            reading.sink(puzzle)
            _forget_through(reading, _last_line(children))
            return None
        return puzzle


def _last_line(children: list[Any]) -> int:
    tokens = [c for c in children if isinstance(c, Token)]
    tokens += [t for c in children if isinstance(c, _GameParts) for t in (c.moves, *c.text)]
    return max((t.line or 0) + t.count("\n") for t in tokens)


def _forget_through(reading: _Reading, last: int) -> None:
    """Drop the lines of a puzzle already handed out (iter_sok's memory stays bounded)."""
    lines = reading.lines
    while lines:
        number = next(iter(lines))
        if number > last:
            break
        del lines[number]


def _notes_tokens(children: list[Any], block_at: int) -> list[Token]:
    return [c for c in children[block_at + 1 :] if isinstance(c, Token)]


def _saved_game(reading: _Reading, parts: _GameParts, tessellation: Tessellation) -> SavedGame:
    game: SavedGame = _relocated(reading, parts.moves, SavedGame.parsed, tessellation)
    fields, notes = _notes(reading, parts.text, _GAME_KEYS)
    title = fields.get("title")
    return game.with_metadata(
        title=_title(reading, parts.title) if title is None else title,
        solved_by=fields.get("solved_by", ""),
        notes=notes,
    )


def _title(reading: _Reading, title: Token | None) -> str:
    if title is None:
        return ""
    text = reading.lines[title.line].content.strip()  # type: ignore[index]
    return text[1:].strip() if text.startswith(";") else text


def _notes(
    reading: _Reading, tokens: Iterable[Token], keys: dict[str, str]
) -> tuple[dict[str, str], str]:
    """The recognised properties of a block's notes, and the rest of its text."""
    lines: list[str] = []
    for item in tokens:
        if item.type == "BLANK":
            lines.extend("" for _ in range(item.count("\n") + 1))
        elif item.type != "COMMENT":
            lines.extend(item.split("\n"))
    fields: dict[str, str] = {}
    rest = []
    for line in lines:
        key = key_of(line)
        name = keys.get(key) if key else None
        if name and name not in fields:
            fields[name] = parse_property(line)[1]  # type: ignore[index]
        else:
            rest.append(line)
    return fields, "\n".join(rest).strip("\n")


def _comment_lines(tokens: list[Token]) -> tuple[str, ...]:
    return tuple(line for item in tokens for line in item.split("\n"))


def _relocated(
    reading: _Reading, block: Token, parse: Callable[..., Any], tessellation: Tessellation
) -> Any:
    """Parse a block's text (mail quotes removed), with errors at file positions."""
    first = block.line or 1
    count = block.count("\n") + 1
    lines = [reading.lines[first + i] for i in range(count)]
    try:
        return parse("\n".join(line.content for line in lines), tessellation)
    except ParseError as error:
        line = lines[min(error.line, count) - 1]
        raise error.relocated(
            line_offset=first - 1,
            pos_offset=line.pos + line.quote - (error.pos - error.column + 1),
            column_offset=line.quote,
            source_line=line.text,
        ) from None


# ---------------------------------------------------------------- entry points


@cache
def _compiled_parser() -> Lark:
    return Lark(
        _grammar.grammar_path("sok").read_text(encoding="utf-8"),
        parser="lalr",
        lexer=_BlockLexer,
        transformer=_SokTransformer(),
    )


@dataclass(frozen=True)
class _Compiled:
    parser: Lark


@cache
def _compiled() -> _Compiled:
    return _Compiled(_compiled_parser())


def normalise(text: str) -> str:
    """One newline convention (CR, LF and CRLF all end a line), no BOM."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def parse(text: str, tessellation: Tessellation) -> Collection:
    """See `sokfmt.parse_sok`."""
    reading = _Reading(normalise(text).split("\n"), tessellation)
    reset = _reading.set(reading)
    try:
        result: tuple[list[Token], list[Puzzle]] = _compiled().parser.parse(reading)  # type: ignore[assignment]
        preamble, puzzles = result
    except UnexpectedInput as exc:  # pragma: no cover - the lexer makes only grammatical streams
        raise SokSyntaxError(f"Unexpected {exc}", line=1, column=1, pos=0) from None
    finally:
        _reading.reset(reset)
    return _collection(reading, preamble, puzzles)


def _collection(reading: _Reading, preamble: list[Token], puzzles: list[Puzzle]) -> Collection:
    fields, notes = _notes(reading, preamble, _FILE_KEYS)
    comments = [t for t in preamble if t.type == "COMMENT"]
    return Collection(
        notes=notes, puzzles=tuple(puzzles), comments=_comment_lines(comments), **fields
    )


def iterate(lines: Iterable[str], tessellation: Tessellation) -> Iterator[Puzzle]:
    """See `sokfmt.iter_sok`: puzzles as they are read, the file never whole in memory."""
    ready: list[Puzzle] = []
    reading = _Reading(lines, tessellation, sink=ready.append)
    # The transformer finds the reading in a context of this generator's own,
    # so that two generators read side by side do not mix.
    context = contextvars.copy_context()
    context.run(_reading.set, reading)
    interactive = context.run(_compiled().parser.parse_interactive, reading)
    steps = interactive.iter_parse()
    while context.run(next, steps, None) is not None:
        yield from ready
        ready.clear()
    context.run(interactive.feed_eof)
    yield from ready
