"""Reading .lev files: grammars/lev.lark with its line lexer, and the
transformer that builds and checks a `LevPuzzle`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer
from lark.common import LexerConf
from lark.lexer import Lexer

from . import _grammar
from .errors import LevSyntaxError
from .lev import EMPTY, LevPuzzle, UnknownSection

_KEYWORDS = ("size", "initial", "target", "color", "end", "img", "fgimg", "bgimg")
_USAGE = {
    "size": "size WIDTH HEIGHT",
    "initial": "initial",
    "target": "target",
    "color": "color LABEL R G B",
    "end": "end",
    "img": "img LABEL FILE",
    "fgimg": "fgimg FILE",
    "bgimg": "bgimg FILE",
}
_ROW_LIKE = re.compile(r"[0-9A-Za-z.]+")
# Words are separated by spaces and tabs (the grammar's _SPACE), never by
# other white space: "2\x0b" is a word, and not a number.
_WORD = re.compile(r"[^ \t]+")
_SPACES = re.compile(r"[ \t]+")
# The largest size a file may give: far beyond any real puzzle, small
# enough to convert (Python refuses to convert over 4,300 digits).
_MAX_SIZE_DIGITS = 9


@dataclass
class _Reading:
    """The text of one parse, passed to the parser as its input."""

    text: str
    strict: bool


def _error(message: str, line: int, column: int, pos: int, source_line: str) -> LevSyntaxError:
    return LevSyntaxError(message, line=line, column=column, pos=pos, source_line=source_line)


class _LineLexer(Lexer):
    """Steps 1 to 5 of grammars/lev.lark: one token per line."""

    __future_interface__ = 2

    def __init__(self, conf: LexerConf) -> None:
        self.conf = conf

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:
        reading: _Reading = lexer_state.text
        yield from _tokens(reading.text, _keyword_lines())


@cache
def _keyword_lines() -> dict[str, re.Pattern[str]]:
    """Each keyword's line pattern, from the grammar's terminals."""
    terminals = _grammar.terminal_patterns(_parser())
    return {keyword: terminals[keyword.upper()] for keyword in _KEYWORDS}


@cache
def _argument_patterns() -> dict[str, re.Pattern[str]]:
    """The patterns of keyword arguments (NUMBER, LABEL), from the grammar's terminals."""
    terminals = _grammar.terminal_patterns(_parser())
    return {name: terminals[name] for name in ("NUMBER", "LABEL")}


def _tokens(text: str, keyword_lines: dict[str, re.Pattern[str]]) -> Iterator[Token]:
    height = width = None
    rows_left = 0  # rows still expected after "initial" or "target"
    rows_done = False  # the line before was the last expected row
    other: list[str] = []
    other_at = (0, 0)
    rows: list[str] = []
    rows_at = (0, 0)
    pos = 0
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()  # the line break that ends the last line
    for number, line in enumerate(lines, start=1):
        here = pos
        pos += len(line) + 1
        stripped = line.strip(" \t")
        kind = None
        if line.startswith(";"):
            kind = "COMMENT"
        elif rows_left:
            kind = "ROW"
        elif not stripped:
            kind = "_BLANK"
        else:
            word = _WORD.match(stripped)[0]  # type: ignore[index]
            if word in keyword_lines:
                if not keyword_lines[word].fullmatch(stripped):
                    raise _malformed(word, line, number, here)
                kind = word.upper()
            elif rows_done and width and len(stripped) == width and _ROW_LIKE.fullmatch(stripped):
                raise _error(
                    f"One row too many: the size gives {height} rows",
                    number,
                    1,
                    here,
                    line,
                )
        if kind is None:  # step 5: a line of an unknown section
            if not other:
                other_at = (number, here)
            other.append(line)
            rows_done = False
            continue
        if other:
            yield Token("OTHER", "\n".join(other), other_at[1], other_at[0], 1)
            other = []
        if kind == "ROW":
            if not rows:
                rows_at = (number, here)
            rows.append(line)
            rows_left -= 1
            if rows_left == 0:
                yield Token("ROWS", "\n".join(rows), rows_at[1], rows_at[0], 1)
                rows = []
            rows_done = rows_left == 0
            continue
        if rows_left:  # a comment ends a section; the rows check reports the shortfall
            rows_left = 0
            if rows:
                yield Token("ROWS", "\n".join(rows), rows_at[1], rows_at[0], 1)
                rows = []
        rows_done = False
        if kind == "SIZE":
            width, height = _size(stripped, line, number, here)
        if kind in ("INITIAL", "TARGET"):
            if height is None:
                raise _error(
                    f"'{kind.lower()}' needs a 'size' line before it",
                    number,
                    line.index(kind.lower()) + 1,
                    here + line.index(kind.lower()),
                    line,
                )
            rows_left = height
        yield Token(kind, stripped if kind != "COMMENT" else line, here, number, 1)
    if rows:
        yield Token("ROWS", "\n".join(rows), rows_at[1], rows_at[0], 1)
    if other:
        yield Token("OTHER", "\n".join(other), other_at[1], other_at[0], 1)


# What each argument of a keyword line must be, for the error message.
_ARGUMENTS = {
    "size": ("NUMBER", "NUMBER"),
    "color": ("LABEL", "NUMBER", "NUMBER", "NUMBER"),
    "img": ("LABEL", "FILE"),
    "fgimg": ("FILE",),
    "bgimg": ("FILE",),
}
_ARGUMENT_NAMES = {"NUMBER": "a number", "LABEL": "a one-character label", "FILE": "a file name"}


def _malformed(word: str, line: str, number: int, here: int) -> LevSyntaxError:
    """The error for a keyword line that does not match its terminal: at the
    first argument that is wrong or missing."""
    words = list(_WORD.finditer(line))
    expected = _ARGUMENTS.get(word, ())
    for index, kind in enumerate(expected, start=1):
        if index >= len(words):
            column = len(line.rstrip(" \t")) + 1
            found = "end of line"
            break
        if kind == "FILE":
            return _error(
                f"Malformed {word} line, expected '{_USAGE[word]}'", number, 1, here, line
            )
        if not _argument_patterns()[kind].fullmatch(words[index][0]):
            column = words[index].start() + 1
            found = repr(words[index][0])
            break
    else:
        column = words[len(expected) + 1].start() + 1
        found, kind = repr(words[len(expected) + 1][0]), ""
    wanted = _ARGUMENT_NAMES.get(kind, "end of line")
    return _error(
        f"Unexpected {found} in a '{word}' line, expected {wanted} ('{_USAGE[word]}')",
        number,
        column,
        here + column - 1,
        line,
    )


_Section = tuple[str, Token, list[Token]]


class _LevTransformer(Transformer[Token, Any]):
    """Collects the sections in file order, as (kind, first token, the rest);
    `_Builder` then checks them and builds the puzzle."""

    def start(self, items: list[_Section]) -> list[_Section]:
        return items


def _section(kind: str) -> Any:
    def callback(self: _LevTransformer, children: list[Token]) -> _Section:
        return (kind, children[0], children[1:])

    callback.__name__ = kind
    return callback


# One callback per section rule of grammars/lev.lark.
for _kind in (
    "size",
    "initial",
    "target",
    "color",
    "end",
    "img",
    "fgimg",
    "bgimg",
    "comment",
    "unknown",
):
    setattr(_LevTransformer, _kind, _section(_kind))


@cache
def _parser() -> Lark:
    return _grammar.build("lev", _LevTransformer(), _LineLexer)


def parse(text: str, *, strict: bool, diagnostics: list[Any] | None = None) -> LevPuzzle:
    """See `sokfmt.parse_lev`."""
    try:
        return _parse(text.replace("\r\n", "\n").replace("\r", "\n"), strict=strict)
    except LevSyntaxError as error:
        raise error.located(text, dropped_bom=True) from None


def _parse(text: str, *, strict: bool) -> LevPuzzle:
    if text.startswith("\ufeff"):
        text = text[1:]
    items: list[_Section] = _parser().parse(_Reading(text, strict))  # type: ignore[assignment]
    return _Builder(text, strict).build(items)


class _Builder:
    """Checks the semantic rules of grammars/lev.lark while building the puzzle."""

    def __init__(self, text: str, strict: bool) -> None:
        self.text = text
        self.lines = text.split("\n")
        self.strict = strict

    def error(
        self, message: str, token: Token, column: int = 1, line_offset: int = 0
    ) -> LevSyntaxError:
        line = (token.line or 1) + line_offset
        source = self.lines[line - 1] if line - 1 < len(self.lines) else ""
        start = sum(len(x) + 1 for x in self.lines[: line - 1])
        return _error(message, line, column, start + column - 1, source)

    def at_end(self, message: str) -> LevSyntaxError:
        return LevSyntaxError.at(message, text=self.text, pos=len(self.text))

    def build(self, items: list[_Section]) -> LevPuzzle:
        seen: dict[str, Token] = {}
        for kind, token, _ in items:
            if kind in ("size", "initial", "target", "end", "fgimg", "bgimg"):
                if kind in seen:
                    raise self.error(
                        f"A second '{kind}' section, the first is on line {seen[kind].line}",
                        token,
                        self._column(token),
                    )
                seen[kind] = token
        if "size" not in seen:
            raise self.at_end("No 'size' section, expected 'size WIDTH HEIGHT'")
        if "initial" not in seen:
            raise self.at_end("No 'initial' section, expected 'initial' and its rows")
        width, height = _size(str(seen["size"]), "", 0, 0)
        if width < 1 or height < 1:
            raise self.error(
                "A puzzle needs a width and a height of at least 1",
                seen["size"],
                self._column(seen["size"]),
            )
        sections = {kind: rows for kind, _, rows in items if kind in ("initial", "target")}
        initial = self.rows("initial", seen["initial"], sections["initial"], width, height)
        target: tuple[str, ...] = ()
        if "target" in seen:
            target = self.rows("target", seen["target"], sections["target"], width, height)
        labels = {c for row in initial for c in row} - {EMPTY}
        if target:
            self.check_target(initial, target, seen["target"], labels)
        colors, images = self.colors_and_images(items, labels)
        unknown = []
        for kind, token, _ in items:
            if kind == "unknown":
                if self.strict:
                    first = str(token).split("\n", 1)[0]
                    raise self.error(
                        f"Unknown section {_WORD.findall(first)[0]!r} (strict mode), "
                        f"expected one of {', '.join(_KEYWORDS)}",
                        token,
                        len(first) - len(first.lstrip(" \t")) + 1,
                    )
                unknown.append(UnknownSection(str(token), token.line or 0))
        return LevPuzzle(
            width=width,
            height=height,
            initial=initial,
            target=target,
            colors=colors,
            images=images,
            foreground=_SPACES.split(str(seen["fgimg"]), maxsplit=1)[1] if "fgimg" in seen else "",
            background=_SPACES.split(str(seen["bgimg"]), maxsplit=1)[1] if "bgimg" in seen else "",
            end="end" in seen,
            comments=tuple(str(token) for kind, token, _ in items if kind == "comment"),
            unknown=tuple(unknown),
            layout=tuple(kind for kind, _, _ in items),
        )

    def _column(self, token: Token) -> int:
        line = self.lines[(token.line or 1) - 1]
        return len(line) - len(line.lstrip(" \t")) + 1

    def rows(
        self, kind: str, keyword: Token, block: list[Token], width: int, height: int
    ) -> tuple[str, ...]:
        rows = str(block[0]).split("\n") if block else []
        if len(rows) < height:
            message = f"'{kind}' has {_rows(len(rows))}, expected {height}"
            after = len(rows) + 1
            if (keyword.line or 1) + after > len(self.lines) - (not self.lines[-1]):
                raise self.at_end(message)
            raise self.error(message, keyword, 1, after)
        result = []
        for offset, line in enumerate(rows):
            text = line.rstrip(" \t")
            for column, cell in enumerate(text[:width], start=1):
                if not (cell == EMPTY or (cell.isascii() and cell.isalnum())):
                    raise self.error(
                        f"Unexpected {cell!r} in '{kind}', expected '.' or an alphanumeric label",
                        block[0],
                        column,
                        offset,
                    )
            if len(text) != width:
                raise self.error(
                    f"A row of '{kind}' has {len(text)} cells, expected {width}",
                    block[0],
                    min(len(text), width) + 1,
                    offset,
                )
            result.append(text)
        return tuple(result)

    def check_target(
        self, initial: tuple[str, ...], target: tuple[str, ...], keyword: Token, labels: set[str]
    ) -> None:
        shapes = _cells(initial)
        for label, cells in _cells(target).items():
            first = min(cells)
            if label not in labels:
                raise self.error(
                    f"Label {label!r} of 'target' is no piece of 'initial'",
                    keyword,
                    first[1] + 1,
                    first[0] + 1,
                )
            shape = shapes[label]
            dy, dx = first[0] - min(shape)[0], first[1] - min(shape)[1]
            if {(r + dy, c + dx) for r, c in shape} != cells:
                raise self.error(
                    f"Piece {label!r} has another shape in 'target' than in 'initial', "
                    "expected a moved copy of it",
                    keyword,
                    first[1] + 1,
                    first[0] + 1,
                )

    def colors_and_images(
        self, items: list[_Section], labels: set[str]
    ) -> tuple[tuple[tuple[str, tuple[int, int, int]], ...], tuple[tuple[str, str], ...]]:
        colors: dict[str, tuple[int, int, int]] = {}
        images: dict[str, str] = {}
        for kind, token, _ in items:
            if kind not in ("color", "img"):
                continue
            line = self.lines[(token.line or 1) - 1]
            words = _SPACES.split(str(token), maxsplit=2 if kind == "img" else 4)
            label = words[1]
            label_column = _word_column(line, 1)
            if label not in labels:
                raise self.error(
                    f"{kind} for {label!r}, which is no piece of 'initial'", token, label_column
                )
            if label in (colors if kind == "color" else images):
                raise self.error(f"A second {kind} for {label!r}", token, label_column)
            if kind == "img":
                images[label] = words[2]
                continue
            values = []
            for index, word in enumerate(words[2:5], start=2):
                if len(word.lstrip("0")) > 3 or int(word) > 255:
                    raise self.error(
                        f"Color value {_shown(word)} is out of range, expected 0 to 255",
                        token,
                        _word_column(line, index),
                    )
                values.append(int(word))
            colors[label] = (values[0], values[1], values[2])
        return tuple(colors.items()), tuple(images.items())


def _size(stripped: str, line: str, number: int, here: int) -> tuple[int, int]:
    """Width and height of a size line (`stripped`, a SIZE token).

    Raises:
        LevSyntaxError: a number too large to be the size of any file's rows.
    """
    words = _WORD.findall(stripped)[1:3]
    for word in words:
        if len(word.lstrip("0")) > _MAX_SIZE_DIGITS:
            column = line.find(word) + 1
            raise _error(
                f"Size {_shown(word)} is too large, expected at most {_MAX_SIZE_DIGITS} digits",
                number,
                column,
                here + column - 1,
                line,
            )
    return int(words[0]), int(words[1])


def _shown(word: str) -> str:
    """A word for a message, cut short when it is long."""
    return word if len(word) < 10 else f"{word[:9]}\u2026"


def _rows(count: int) -> str:
    return f"{count} row" if count == 1 else f"{count} rows"


def _word_column(line: str, index: int) -> int:
    """The 1-based column of the index-th whitespace-separated word of `line`."""
    return [m.start() for m in _WORD.finditer(line)][index] + 1


def _cells(rows: tuple[str, ...]) -> dict[str, set[tuple[int, int]]]:
    cells: dict[str, set[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, label in enumerate(row):
            if label != EMPTY:
                cells.setdefault(label, set()).add((r, c))
    return cells
