"""Reading .lev files: the line lexer of grammars/lev.lark (rules 1 to 6 of its
header), its LALR parser for the order of the sections, and the checks of
rules 7 to 10 while the puzzle is built.

Every problem is collected with its position; the reader then raises the
first in input order, or hands them all to the caller's diagnostics.  A
line that breaks a rule is left out and reading goes on with the next one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import accumulate

from . import _lalr
from .errors import Diagnostic, LevSyntaxError, LineIndex
from .lev import EMPTY, MAX_SIZE, LevPuzzle, UnknownSection, _cells, _is_moved_copy

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
# What each argument of a keyword line must be, for the error message.
_ARGUMENTS = {
    "size": ("NUMBER", "NUMBER"),
    "color": ("LABEL", "NUMBER", "NUMBER", "NUMBER"),
    "img": ("LABEL", "FILE"),
    "fgimg": ("FILE",),
    "bgimg": ("FILE",),
}
_ARGUMENT_NAMES = {"NUMBER": "a number", "LABEL": "a one-character label", "FILE": "a file name"}
# Words are separated by spaces and tabs (the grammar's _SPACE), never by
# other white space: "2\x0b" is a word, and not a number.
_WORD = re.compile(r"[^ \t]+")
_SPACES = re.compile(r"[ \t]+")
_ONCE = ("target", "end", "fgimg", "bgimg")


@dataclass(frozen=True)
class Token:
    """A token of lev.lark: its type, its text (the line's, or the lines of
    an unknown section), the offset and number of its first line."""

    type: str
    text: str
    pos: int
    line: int


@dataclass(frozen=True)
class _Patterns:
    keywords: dict[str, re.Pattern[str]]  # each keyword's line
    arguments: dict[str, re.Pattern[str]]  # NUMBER, LABEL
    row: re.Pattern[str]


@cache
def _patterns() -> _Patterns:
    terminals = _lalr.terminals("lev")
    return _Patterns(
        keywords={keyword: re.compile(terminals[keyword.upper()]) for keyword in _KEYWORDS},
        arguments={name: re.compile(terminals[name]) for name in ("NUMBER", "LABEL")},
        row=re.compile(terminals["ROW_TEXT"]),
    )


@dataclass
class _Reading:
    """One read: its lines and the problems found so far."""

    text: str
    strict: bool
    lines: list[str] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)  # the offset of each line
    problems: list[Diagnostic] = field(default_factory=list)
    errors: list[LevSyntaxError] = field(default_factory=list)
    width: int = 0
    height: int = 0

    def __post_init__(self) -> None:
        self.lines = self.text.split("\n")
        self.starts = list(accumulate((len(line) + 1 for line in self.lines), initial=0))

    def error(self, message: str, line: int, column: int, code: str) -> None:
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        start = self.starts[min(max(line, 1), len(self.starts)) - 1]
        self.errors.append(
            LevSyntaxError(
                message,
                line=line,
                column=column,
                pos=start + column - 1,
                source_line=source,
                at_end=start + column - 1 >= len(self.text),
                code=code,
            )
        )

    def at_end(self, message: str, code: str) -> None:
        self.errors.append(
            LevSyntaxError.at(message, text=self.text, pos=len(self.text), code=code)
        )

    def warning(self, message: str, line: int, column: int, code: str) -> None:
        self.problems.append(Diagnostic("warning", code, message, line, column))


# ------------------------------------------------------------------ lexer


def _tokens(reading: _Reading) -> Iterator[Token]:
    """Rules 1 to 6: one token per line, consecutive OTHER lines together."""
    rows_left = 0  # rows still expected after "initial" or "target"
    rows_done = False  # the line before was the last expected row
    sized = False  # a "size" line was read
    other: list[str] = []
    other_at = (0, 0)
    pos = 0
    lines = reading.lines[:-1] if reading.lines and not reading.lines[-1] else reading.lines
    for number, line in enumerate(lines, start=1):
        here = pos
        pos += len(line) + 1
        stripped = line.strip(" \t")
        kind = "OTHER"
        if line.startswith(";"):
            kind, rows_left = "COMMENT", 0  # a comment ends the rows early
        elif rows_left:
            kind, rows_left = "ROW", rows_left - 1
        elif not stripped:
            kind = "BLANK"
        elif (word := _WORD.match(stripped)[0]) in _KEYWORDS:  # type: ignore[index]
            if not _patterns().keywords[word].fullmatch(stripped):
                _malformed(reading, word, line, number)
                kind = ""
            else:
                kind = word.upper()
        elif rows_done and len(stripped) == reading.width and _patterns().row.fullmatch(stripped):
            reading.error(
                f"One row too many: the size gives {_count(reading.height)}", number, 1, "LEV114"
            )
            kind = ""
        rows_done = kind == "ROW" and rows_left == 0
        if kind == "OTHER":
            if not other:
                other_at = (number, here)
            other.append(line)
            continue
        if other:
            yield Token("OTHER", "\n".join(other), other_at[1], other_at[0])
            other = []
        if kind == "SIZE" and not sized:  # the grammar refuses a second one
            reading.width, reading.height = _size(reading, stripped, line, number)
            sized = True
        elif kind in ("INITIAL", "TARGET") and reading.height:
            rows_left = reading.height
        if kind:
            yield Token(kind, line if kind in ("COMMENT", "ROW") else stripped, here, number)
    if other:
        yield Token("OTHER", "\n".join(other), other_at[1], other_at[0])


def _malformed(reading: _Reading, word: str, line: str, number: int) -> None:
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
            reading.error(f"Malformed {word} line, expected '{_USAGE[word]}'", number, 1, "LEV101")
            return
        if not _patterns().arguments[kind].fullmatch(words[index][0]):
            column = words[index].start() + 1
            found = repr(words[index][0])
            break
    else:
        column = words[len(expected) + 1].start() + 1
        found, kind = repr(words[len(expected) + 1][0]), ""
    wanted = _ARGUMENT_NAMES.get(kind, "end of line")
    message = f"Unexpected {found} in a '{word}' line, expected {wanted} ('{_USAGE[word]}')"
    reading.error(message, number, column, "LEV101")


def _size(reading: _Reading, stripped: str, line: str, number: int) -> tuple[int, int]:
    """Width and height of a SIZE line (rule 8): 0 when wrong."""
    words = _WORD.findall(stripped)[1:3]
    for word in words:
        if len(word.lstrip("0")) > len(str(MAX_SIZE)) or not 1 <= int(word) <= MAX_SIZE:
            column = [m.start() for m in _WORD.finditer(line)][words.index(word) + 1] + 1
            reading.error(
                f"Size {_shown(word)} is out of range, expected 1 to {MAX_SIZE:,}",
                number,
                column,
                "LEV115",
            )
            return 0, 0
    return int(words[0]), int(words[1])


# ----------------------------------------------------------------- parser


def _sections(reading: _Reading) -> list[tuple[str, Token, list[Token]]]:
    """The sections in file order, as (kind, first token, its rows), with the
    tokens the grammar refuses left out (and reported)."""
    sections: list[tuple[str, Token, list[Token]]] = []
    firsts: dict[str, Token] = {}  # the first section of each kind
    table = _lalr.table("lev")
    parser = _lalr.Recognizer(table)
    refused = False  # the rows of a section left out are left out too
    for token in _tokens(reading):
        if refused and token.type == "ROW":
            continue
        try:
            parser.feed(table.token_index[token.type])
        except _lalr.Refused:
            _misplaced(reading, token, firsts)
            refused = True
            continue
        refused = False
        if token.type == "ROW":
            sections[-1][2].append(token)
        elif token.type != "BLANK":
            kind = "unknown" if token.type == "OTHER" else token.type.lower()
            sections.append((kind, token, []))
            firsts.setdefault(kind, token)
    try:
        parser.end()
    except _lalr.Refused:
        if "size" not in firsts:
            reading.at_end("No 'size' section, expected 'size WIDTH HEIGHT'", "LEV102")
        else:
            reading.at_end("No 'initial' section, expected 'initial' and its rows", "LEV103")
    return sections


def _misplaced(reading: _Reading, token: Token, firsts: dict[str, Token]) -> None:
    kind = token.type.lower()
    line = token.line
    column = _indent(reading, line)
    first = firsts.get(kind)
    if first is not None:
        reading.error(
            f"A second '{kind}' section, the first is on line {first.line}", line, column, "LEV104"
        )
    elif kind in ("initial", "target", "row"):
        reading.error(f"'{kind}' needs a 'size' line before it", line, column, "LEV102")
    else:  # pragma: no cover - the grammar refuses nothing else
        reading.error(f"Unexpected '{kind}' section", line, column, "LEV104")


def _indent(reading: _Reading, line: int) -> int:
    text = reading.lines[line - 1]
    return len(text) - len(text.lstrip(" \t")) + 1


# ------------------------------------------------------------------ puzzle


def parse(text: str, *, strict: bool, diagnostics: list[Diagnostic] | None = None) -> LevPuzzle:
    """See `sokfmt.parse_lev`."""
    normalised = text.replace("\r\n", "\n").replace("\r", "\n").removeprefix("\ufeff")
    reading = _Reading(normalised, strict)
    puzzle = _build(reading, _sections(reading))
    errors = sorted(reading.errors, key=lambda error: error.pos)
    if diagnostics is not None:
        lines = LineIndex(text)  # searched once for every problem
        found = [error.located(lines, dropped_bom=True).diagnostic() for error in errors]
        found += [problem.located(lines, dropped_bom=True) for problem in reading.problems]
        diagnostics += sorted(found, key=lambda d: (d.line, d.column))
    if errors and (diagnostics is None or puzzle is None):
        raise errors[0].located(text, dropped_bom=True)
    assert puzzle is not None
    return puzzle


def _unknown_sections(
    reading: _Reading, kept: list[tuple[str, Token, list[Token]]]
) -> tuple[UnknownSection, ...]:
    """Rule 6: each unknown section kept, with a warning (an error in strict mode)."""
    unknown = []
    for kind, token, _ in kept:
        if kind == "unknown":
            first = token.text.split("\n", 1)[0]
            keywords = ", ".join(_KEYWORDS)
            message = f"Unknown section {_WORD.findall(first)[0]!r}, expected one of {keywords}"
            column = len(first) - len(first.lstrip(" \t")) + 1
            if reading.strict:
                reading.error(f"{message} (strict mode)", token.line, column, "LEV113")
            else:
                reading.warning(f"{message}: kept as it is", token.line, column, "LEV113")
            unknown.append(UnknownSection(token.text, token.line))
    return tuple(unknown)


def _build(reading: _Reading, sections: list[tuple[str, Token, list[Token]]]) -> LevPuzzle | None:
    """Rules 7 to 10 while the puzzle is built; None when it cannot be."""
    seen: dict[str, Token] = {}
    kept = []
    for kind, token, rows in sections:
        if kind in _ONCE and kind in seen:
            reading.error(
                f"A second '{kind}' section, the first is on line {seen[kind].line}",
                token.line,
                _indent(reading, token.line),
                "LEV104",
            )
            continue
        seen.setdefault(kind, token)
        kept.append((kind, token, rows))
    unknown = _unknown_sections(reading, kept)
    width, height = reading.width, reading.height
    if "initial" not in seen or not width:
        return None
    initial = _rows(reading, "initial", seen["initial"], _rows_of(kept, "initial"))
    target = (
        _rows(reading, "target", seen["target"], _rows_of(kept, "target"))
        if "target" in seen
        else ()
    )
    if initial is None or target is None:
        return None
    labels = {c for row in initial for c in row} - {EMPTY}
    target = _checked_target(reading, initial, target, seen.get("target"), labels)
    colors, images, accepted = _colors_and_images(reading, kept, labels)
    return LevPuzzle(
        width=width,
        height=height,
        initial=initial,
        target=target,
        colors=colors,
        images=images,
        foreground=_file(seen.get("fgimg")),
        background=_file(seen.get("bgimg")),
        end="end" in seen,
        comments=tuple(token.text for kind, token, _ in kept if kind == "comment"),
        unknown=unknown,
        layout=tuple(
            kind
            for kind, token, _ in kept
            if (kind not in ("color", "img") or id(token) in accepted)
            and (kind != "target" or target)
        ),
    )


def _rows_of(sections: list[tuple[str, Token, list[Token]]], kind: str) -> list[Token]:
    return next(rows for k, _, rows in sections if k == kind)


def _file(token: Token | None) -> str:
    return _SPACES.split(token.text, maxsplit=1)[1] if token is not None else ""


def _rows(
    reading: _Reading, kind: str, keyword: Token, rows: list[Token]
) -> tuple[str, ...] | None:
    """Rule 8 for the rows of `kind`; None when they are wrong."""
    width, height = reading.width, reading.height
    errors = len(reading.errors)
    if len(rows) < height:
        message = f"'{kind}' has {_count(len(rows))}, expected {height}"
        after = keyword.line + len(rows) + 1
        if after > len(reading.lines) - (not reading.lines[-1]):
            reading.at_end(message, "LEV105")
        else:
            reading.error(message, after, 1, "LEV105")
    result = []
    for token in rows:
        text = token.text.rstrip(" \t")
        for column, cell in enumerate(text[:width], start=1):
            if not (cell == EMPTY or (cell.isascii() and cell.isalnum())):
                message = f"Unexpected {cell!r} in '{kind}', expected '.' or an alphanumeric label"
                reading.error(message, token.line, column, "LEV107")
                break
        else:
            if len(text) != width:
                message = f"A row of '{kind}' has {_count(len(text), 'cell')}, expected {width}"
                reading.error(message, token.line, min(len(text), width) + 1, "LEV106")
        result.append(text)
    return tuple(result) if len(reading.errors) == errors else None


def _checked_target(
    reading: _Reading,
    initial: tuple[str, ...],
    target: tuple[str, ...],
    keyword: Token | None,
    labels: set[str],
) -> tuple[str, ...]:
    """Rule 9; the target, or none when it breaks the rule."""
    if not target or keyword is None:
        return target
    errors = len(reading.errors)
    shapes = _cells(initial)
    for label, cells in sorted(_cells(target).items(), key=lambda item: min(item[1])):
        first = min(cells)
        line, column = keyword.line + first[0] + 1, first[1] + 1
        if label not in labels:
            reading.error(
                f"Label {label!r} of 'target' is no piece of 'initial'", line, column, "LEV108"
            )
            continue
        if not _is_moved_copy(shapes[label], cells):
            reading.error(
                f"Piece {label!r} has another shape in 'target' than in 'initial', "
                "expected a moved copy of it",
                line,
                column,
                "LEV109",
            )
    return target if len(reading.errors) == errors else ()


def _colors_and_images(
    reading: _Reading, sections: list[tuple[str, Token, list[Token]]], labels: set[str]
) -> tuple[tuple[tuple[str, tuple[int, int, int]], ...], tuple[tuple[str, str], ...], set[int]]:
    """Rules 7 and 10 for colors and images; and the ids of the tokens kept."""
    colors: dict[str, tuple[int, int, int]] = {}
    images: dict[str, str] = {}
    kept: set[int] = set()
    for kind, token, _ in sections:
        if kind not in ("color", "img"):
            continue
        number = token.line
        line = reading.lines[number - 1]
        words = _SPACES.split(token.text, maxsplit=2 if kind == "img" else 4)
        label, label_column = words[1], _word_column(line, 1)
        if label not in labels:
            message = f"{kind} for {label!r}, which is no piece of 'initial'"
            reading.error(message, number, label_column, "LEV111")
            continue
        if label in (colors if kind == "color" else images):
            reading.error(f"A second {kind} for {label!r}", number, label_column, "LEV112")
            continue
        if kind == "img":
            images[label] = words[2]
            kept.add(id(token))
            continue
        values = []
        for index, word in enumerate(words[2:5], start=2):
            if len(word.lstrip("0")) > 3 or int(word) > 255:
                message = f"Color value {_shown(word)} is out of range, expected 0 to 255"
                reading.error(message, number, _word_column(line, index), "LEV110")
                break
            values.append(int(word))
        else:
            colors[label] = (values[0], values[1], values[2])
            kept.add(id(token))
    return tuple(colors.items()), tuple(images.items()), kept


def _shown(word: str) -> str:
    """A word for a message, cut short when it is long."""
    return word if len(word) < 10 else f"{word[:9]}\u2026"


def _count(number: int, unit: str = "row") -> str:
    """ "1 row", "2 rows"."""
    return f"{number} {unit}" if number == 1 else f"{number} {unit}s"


def _word_column(line: str, index: int) -> int:
    """The 1-based column of the index-th word of `line`."""
    return [m.start() for m in _WORD.finditer(line)][index] + 1
