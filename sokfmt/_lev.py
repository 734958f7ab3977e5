"""Reading .lev files with grammars/lev.lark: its lexer (step 1 of its
header) and postlex (step 2: rules 1 and 2) make one token per line, its
rules (step 3, run by the table driver) arrange the tokens into sections,
and rules 3 to 6 check the sections while the puzzle is built.

Every problem is collected with its position; the reader then raises the
first in input order, or hands them all to the caller's diagnostics.  A line
left out reads as a blank line, and reading goes on with the next one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from . import _lalr
from .errors import Diagnostic, LevSyntaxError, LineIndex
from .lev import EMPTY, MAX_SIZE, LevPuzzle, UnknownSection, _cells, _is_moved_copy

# What an argument of a keyword line must be, for the message of LEV101.
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
_ARGUMENTS = {
    "size": ("NUMBER", "NUMBER"),
    "color": ("LABEL", "NUMBER", "NUMBER", "NUMBER"),
    "img": ("LABEL", "FILE"),
    "fgimg": ("FILE",),
    "bgimg": ("FILE",),
}
_ARGUMENT_NAMES = {"NUMBER": "a number", "LABEL": "a one-character label", "FILE": "a file name"}
# Words are apart by spaces and tabs (the grammar's _SPACE) only.
_WORD = re.compile(r"[^ \t]+")
_SPACES = re.compile(r"[ \t]+")
_ONCE = ("end", "fgimg", "bgimg")  # rule 3
_NO_TERMINAL = ""  # the type of a line that matches no terminal


class Token(NamedTuple):
    """A line as a token of lev.lark: its type (`_NO_TERMINAL` when it
    matches none), its text, its number and the offset of its start."""

    type: str
    text: str
    line: int
    pos: int


class Section(NamedTuple):
    """A section the rules made: its kind (the rule's name) and its lines."""

    kind: str
    tokens: list[Token]


@dataclass(frozen=True)
class _Grammar:
    """What the reader takes from lev.lark."""

    table: _lalr.Table
    lines: re.Pattern[str]  # step 1: a line and its line break, in a group named after its token
    keyword: re.Pattern[str]  # KEYWORD
    arguments: dict[str, re.Pattern[str]]  # NUMBER, LABEL
    row: re.Pattern[str]  # ROW_LINE
    cells: re.Pattern[str]  # CELL+


@cache
def _grammar() -> _Grammar:
    table = _lalr.table("lev")
    terminals = table.terminals
    keyword = terminals["KEYWORD"]
    # The keyword lines are the tokens named after a KEYWORD.
    keywords = [name for name in table.tokens if re.fullmatch(keyword, name.lower())]
    classes = {
        "COMMENT": terminals["COMMENT"],
        "BLANK": terminals["BLANK_LINE"],
        **{name: terminals[name] for name in keywords},
        "NO_TERMINAL": rf"[ \t]*{keyword}(?:[ \t][^\n]*)?",  # a keyword line that matches none
        "OTHER": r"[^\n]*",
    }
    lines = "|".join(f"(?P<{name}>{pattern})" for name, pattern in classes.items())
    return _Grammar(
        table=table,
        lines=re.compile(rf"(?:{lines})\n"),
        keyword=re.compile(keyword),
        arguments={name: re.compile(terminals[name]) for name in ("NUMBER", "LABEL")},
        row=re.compile(terminals["ROW_LINE"]),
        cells=re.compile(f"(?:{terminals['CELL']})+"),
    )


@dataclass
class _Reading:
    """One read: its text, what the lines set, and the problems found."""

    text: str  # line breaks as LF, and one after the last line
    strict: bool
    added_break: bool  # the one after the last line was not in the text
    width: int = 0
    height: int = 0
    lines: int = 0  # how many
    sections: list[Section] = field(default_factory=list)
    firsts: dict[str, Token] = field(default_factory=dict)  # the first token of each type
    errors: list[LevSyntaxError] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)

    def error(self, message: str, token: Token, column: int, code: str) -> None:
        """An error at a column of a line."""
        pos = token.pos + column - 1
        at_end = pos >= len(self.text) - self.added_break
        self.errors.append(
            LevSyntaxError(message, line=token.line, column=column, pos=pos, at_end=at_end, code=code)
        )

    def at_end(self, message: str, code: str) -> None:
        text = self.text[:-1] if self.added_break else self.text
        self.errors.append(LevSyntaxError.at(message, text=text, pos=len(text), code=code))

    def warning(self, message: str, line: int, column: int, code: str) -> None:
        self.problems.append(Diagnostic("warning", code, message, line, column))


# ----------------------------------------------------------- steps 1 and 2


def tokens(reading: _Reading) -> Iterator[Token]:
    """Step 1: each line as the token of the terminal it matches."""
    number = 0
    for number, found in enumerate(_grammar().lines.finditer(reading.text), start=1):
        kind: str = found.lastgroup  # type: ignore[assignment]
        yield Token(
            _NO_TERMINAL if kind == "NO_TERMINAL" else kind,
            found.group(kind),
            number,
            found.start(),
        )
    reading.lines = number


def postlex(tokens: Iterator[Token], reading: _Reading) -> Iterator[Token]:
    """Step 2: rules 1 and 2 of lev.lark."""
    rows_left = 0  # rows still expected
    last_row = False  # the line before was the last expected row
    sized = False
    for token in tokens:
        kind = token.type
        if kind == "COMMENT":
            rows_left = 0  # 1. rows_by_count: a comment ends the rows early
        elif rows_left:  # 1. rows_by_count
            rows_left -= 1
            last_row = not rows_left
            yield token._replace(type="ROW")
            continue
        elif last_row and kind == "OTHER" and _one_row_too_many(reading, token):
            token = token._replace(type="BLANK")  # 2. one_row_too_many
        elif kind == "SIZE" and not sized:  # 1. rows_by_count: WIDTH and HEIGHT
            reading.width, reading.height = _size(reading, token)
            sized = True
        elif kind == "INITIAL" or kind == "TARGET":
            rows_left = reading.height
        last_row = False
        yield token


def _one_row_too_many(reading: _Reading, token: Token) -> bool:
    """Rule 2: whether an OTHER right after the last row is one row more."""
    text = token.text
    if len(text.strip(" \t")) != reading.width or not _grammar().row.fullmatch(text):
        return False
    rows = "1 row" if reading.height == 1 else f"{reading.height} rows"
    reading.error(f"One row too many: the size gives {rows}", token, 1, "LEV114")
    return True


def _size(reading: _Reading, token: Token) -> tuple[int, int]:
    """Rule 1: WIDTH and HEIGHT of a SIZE line, 0 when out of range."""
    words = list(_WORD.finditer(token.text))[1:3]
    for word in words:
        value = word[0]
        if len(value.lstrip("0")) > len(str(MAX_SIZE)) or not 1 <= int(value) <= MAX_SIZE:
            message = f"Size {_shown(value)} is out of range, expected 1 to {MAX_SIZE:,}"
            reading.error(message, token, word.start() + 1, "LEV115")
            return 0, 0
    return int(words[0][0]), int(words[1][0])


def _malformed(reading: _Reading, token: Token) -> None:
    """Step 1's error for a keyword line that does not match its terminal:
    at the first argument that is wrong or missing."""
    line = token.text
    words = list(_WORD.finditer(line))
    word = words[0][0]
    expected = _ARGUMENTS.get(word, ())
    for index, kind in enumerate(expected, start=1):
        if index >= len(words):
            column = len(line.rstrip(" \t")) + 1
            found = "end of line"
            break
        if kind == "FILE":
            reading.error(f"Malformed {word} line, expected '{_USAGE[word]}'", token, 1, "LEV101")
            return
        if not _grammar().arguments[kind].fullmatch(words[index][0]):
            column = words[index].start() + 1
            found = repr(words[index][0])
            break
    else:
        column = words[len(expected) + 1].start() + 1
        found, kind = repr(words[len(expected) + 1][0]), ""
    wanted = _ARGUMENT_NAMES.get(kind, "end of line")
    message = f"Unexpected {found} in a '{word}' line, expected {wanted} ('{_USAGE[word]}')"
    reading.error(message, token, column, "LEV101")


# ----------------------------------------------------------------- step 3


def _read_sections(reading: _Reading) -> None:
    """The sections into `reading.sections`, by the rules (step 3)."""
    table = _grammar().table
    index = table.token_index
    blank = index["BLANK"]
    parser = _lalr.Parser(table, _callbacks(reading), atomic=True)
    firsts = reading.firsts
    for token in postlex(tokens(reading), reading):
        kind = token.type
        if kind == _NO_TERMINAL:
            _malformed(reading, token)
            kind = "BLANK"
        try:
            parser.feed(index[kind], token)
        except _lalr.Refused as refused:
            if kind != "ROW":  # a row of a section left out is no error
                _refused(reading, token, refused.expected)
            parser.feed(blank, token)
            continue
        if kind not in firsts:
            firsts[kind] = token
    parser.feed(blank)  # closes the last section, even when the end is refused
    try:
        parser.end()
    except _lalr.Refused as refused:
        if "SIZE" in refused.expected:
            reading.at_end("No 'size' section, expected 'size WIDTH HEIGHT'", "LEV102")
        else:
            reading.at_end("No 'initial' section, expected 'initial' and its rows", "LEV103")


def _callbacks(reading: _Reading) -> dict[str, Callable[[list[Any]], None]]:
    """What each section rule does: rule 3, and the warning (or error) of an
    unknown section; the others are kept as they are."""
    sections = reading.sections
    kept: set[str] = set()

    def section(kind: str) -> Callable[[list[Any]], None]:
        def keep(children: list[Any]) -> None:
            if kind in _ONCE:  # 3. sections_once
                if kind in kept:
                    _second(reading, children[0])
                    return
                kept.add(kind)
            elif kind == "unknown":
                _unknown(reading, children[0])
            sections.append(Section(kind, children))

        return keep

    return {name: section(name) for name in set(_grammar().table.callbacks) - {"", "start"}}


def _refused(reading: _Reading, token: Token, expected: frozenset[str]) -> None:
    """The error for a token the rules refuse."""
    kind = token.type.lower()
    if "SIZE" in expected:
        column = _indent(token.text)
        reading.error(f"'{kind}' needs a 'size' line before it", token, column, "LEV102")
    else:
        _second(reading, token)


def _second(reading: _Reading, token: Token) -> None:
    """LEV104: a section of a kind given once, given again."""
    first = reading.firsts[token.type]
    message = f"A second '{token.type.lower()}' section, the first is on line {first.line}"
    reading.error(message, token, _indent(token.text), "LEV104")


def _unknown(reading: _Reading, token: Token) -> None:
    """An unknown section: a warning, an error in strict mode (LEV113)."""
    keywords = ", ".join(_USAGE)
    message = f"Unknown section {_WORD.findall(token.text)[0]!r}, expected one of {keywords}"
    column = _indent(token.text)
    if reading.strict:
        reading.error(f"{message} (strict mode)", token, column, "LEV113")
    else:
        reading.warning(f"{message}: kept as it is", token.line, column, "LEV113")


def _indent(line: str) -> int:
    """The column of a line's first word."""
    return len(line) - len(line.lstrip(" \t")) + 1


# ------------------------------------------------------------------ puzzle


def parse(text: str, *, strict: bool, diagnostics: list[Diagnostic] | None = None) -> LevPuzzle:
    """See `sokfmt.parse_lev`."""
    normalised = text.removeprefix("\ufeff")
    if "\r" in normalised:
        normalised = normalised.replace("\r\n", "\n").replace("\r", "\n")
    added_break = normalised != "" and not normalised.endswith("\n")
    reading = _Reading(normalised + "\n" if added_break else normalised, strict, added_break)
    _read_sections(reading)
    puzzle = _build(reading)
    errors = sorted(reading.errors, key=lambda error: (error.line, error.column))
    if diagnostics is not None:
        lines = LineIndex(text)  # searched once for every problem
        found = [error.located(lines, dropped_bom=True).diagnostic() for error in errors]
        found += [problem.located(lines, dropped_bom=True) for problem in reading.problems]
        diagnostics += sorted(found, key=lambda d: (d.line, d.column))
    if errors and (diagnostics is None or puzzle is None):
        raise errors[0].located(text, dropped_bom=True)
    assert puzzle is not None
    return puzzle


def _build(reading: _Reading) -> LevPuzzle | None:
    """Rules 4 to 6 while the puzzle is built; None when it cannot be."""
    found = {section.kind: section for section in reversed(reading.sections)}  # the first of each
    if "initial" not in found or not reading.width:
        return None
    initial = _rows(reading, found["initial"])
    target = _rows(reading, found["target"]) if "target" in found else ()
    if initial is None or target is None:
        return None
    labels = set("".join(initial))
    labels.discard(EMPTY)
    if target and not _target_shapes(reading, initial, target, found["target"].tokens[1:]):
        target = ()
    colors, images, accepted = _colors(reading, labels)
    return LevPuzzle._trusted(
        width=reading.width,
        height=reading.height,
        initial=initial,
        target=target,
        colors=colors,
        images=images,
        foreground=_file(found.get("fgimg")),
        background=_file(found.get("bgimg")),
        end="end" in found,
        comments=tuple(s.tokens[0].text for s in reading.sections if s.kind == "comment"),
        unknown=tuple(
            UnknownSection("\n".join(token.text for token in s.tokens), s.tokens[0].line)
            for s in reading.sections
            if s.kind == "unknown"
        ),
        layout=tuple(
            s.kind
            for s in reading.sections
            if (s.kind != "color" and s.kind != "img" or id(s) in accepted)
            and (s.kind != "target" or target)
        ),
    )


def _file(section: Section | None) -> str:
    if section is None:
        return ""
    return _SPACES.split(section.tokens[0].text.strip(" \t"), maxsplit=1)[1]


def _rows(reading: _Reading, section: Section) -> tuple[str, ...] | None:
    """Rule 4 for the rows of a section; None when they break it."""
    width, height = reading.width, reading.height
    keyword, *rows = section.tokens
    result = tuple(token.text.rstrip(" \t") for token in rows)
    if len(rows) == height and _grammar().cells.fullmatch("".join(result)):
        if all(len(row) == width for row in result):
            return result
    kind = section.kind
    if len(rows) < height:
        message = f"'{kind}' has {_count(len(rows))}, expected {height}"
        after = keyword.line + len(rows) + 1
        if after > reading.lines:
            reading.at_end(message, "LEV105")
        else:
            # the comment that ended them (never the end of the input)
            reading.errors.append(LevSyntaxError(message, line=after, column=1, pos=0, code="LEV105"))
    for token, text in zip(rows, result, strict=True):
        for column, cell in enumerate(text[:width], start=1):
            if not (cell == EMPTY or (cell.isascii() and cell.isalnum())):
                message = f"Unexpected {cell!r} in '{kind}', expected '.' or an alphanumeric label"
                reading.error(message, token, column, "LEV107")
                break
        else:
            if len(text) != width:
                message = f"A row of '{kind}' has {_count(len(text), 'cell')}, expected {width}"
                reading.error(message, token, min(len(text), width) + 1, "LEV106")
    return None


def _target_shapes(
    reading: _Reading, initial: tuple[str, ...], target: tuple[str, ...], rows: list[Token]
) -> bool:
    """Rule 5 (`rows`: the target's tokens); whether the target keeps it."""
    errors = len(reading.errors)
    shapes = _cells(initial)
    for label, cells in _cells(target).items():  # in the order of their first cells
        row, column = min(cells)
        if label not in shapes:
            message = f"Label {label!r} of 'target' is no piece of 'initial'"
            reading.error(message, rows[row], column + 1, "LEV108")
        elif not _is_moved_copy(shapes[label], cells):
            message = (
                f"Piece {label!r} has another shape in 'target' than in 'initial', "
                "expected a moved copy of it"
            )
            reading.error(message, rows[row], column + 1, "LEV109")
    return len(reading.errors) == errors


def _colors(
    reading: _Reading, labels: set[str]
) -> tuple[tuple[tuple[str, tuple[int, int, int]], ...], tuple[tuple[str, str], ...], set[int]]:
    """Rule 6: the colors and images, and the ids of the sections kept."""
    colors: dict[str, tuple[int, int, int]] = {}
    images: dict[str, str] = {}
    kept: set[int] = set()
    for section in reading.sections:
        kind = section.kind
        if kind != "color" and kind != "img":
            continue
        token = section.tokens[0]
        words = _SPACES.split(token.text.strip(" \t"), maxsplit=2 if kind == "img" else 4)
        label = words[1]
        if label not in labels:
            message = f"{kind} for {label!r}, which is no piece of 'initial'"
            reading.error(message, token, _word_column(token.text, 1), "LEV111")
        elif label in (colors if kind == "color" else images):
            message = f"A second {kind} for {label!r}"
            reading.error(message, token, _word_column(token.text, 1), "LEV112")
        elif kind == "img":
            images[label] = words[2]
            kept.add(id(section))
        elif (rgb := _rgb(reading, token, words[2:5])) is not None:
            colors[label] = rgb
            kept.add(id(section))
    return tuple(colors.items()), tuple(images.items()), kept


def _rgb(reading: _Reading, token: Token, words: list[str]) -> tuple[int, int, int] | None:
    """Rule 6: a color's values, None when one is out of range (LEV110)."""
    for index, word in enumerate(words, start=2):
        if len(word.lstrip("0")) > 3 or int(word) > 255:
            message = f"Color value {_shown(word)} is out of range, expected 0 to 255"
            reading.error(message, token, _word_column(token.text, index), "LEV110")
            return None
    return int(words[0]), int(words[1]), int(words[2])


def _shown(word: str) -> str:
    """A word for a message, cut short when it is long."""
    return word if len(word) < 10 else f"{word[:9]}\u2026"


def _count(number: int, unit: str = "row") -> str:
    """ "1 row", "2 rows"."""
    return f"{number} {unit}" if number == 1 else f"{number} {unit}s"


def _word_column(line: str, index: int) -> int:
    """The 1-based column of the index-th word of `line`."""
    return [m.start() for m in _WORD.finditer(line)][index] + 1
