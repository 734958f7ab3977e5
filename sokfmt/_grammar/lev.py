"""Reading .lev files with grammars/lev.lark: its lexer (step 1 of its
header) and postlex (step 2: rules 1 and 2) make one token per line, its
rules (step 3, run by the table driver) arrange the tokens into sections,
and rules 3 to 6 check the sections while the puzzle is built.

Every problem is collected with its position; the reader then raises the
first error in input order (its warnings, when it has none, going to
Python's warnings), or hands them all to the caller's diagnostics.  A line
left out reads as a blank line, and reading goes on with the next one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from .._reading import report
from ..errors import Diagnostic, Excerpt, LevSyntaxError
from ..lev import EMPTY, MAX_COLOR, MAX_SIZE, LevPuzzle, UnknownSection, misplaced
from . import lalr

# What the arguments' terminals are, in LEV101's words.
_KINDS = {"NUMBER": "a number", "LABEL": "a one-character label", "FILE": "a file name"}
# Words are apart by spaces and tabs (the grammar's _SPACE) only.
_WORD = re.compile(r"[^ \t]+")
_SPACES = re.compile(r"[ \t]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_ONCE = ("end", "fgimg", "bgimg")  # rule 3
#: The type of a line that matches no terminal.
NO_TERMINAL = "NO_TERMINAL"


class Section(NamedTuple):
    """A section the rules made: its kind (the rule's name), and its lines
    (by index): the first, and the one after the last."""

    kind: str
    first: int
    end: int


@dataclass(frozen=True)
class _Grammar:
    """What the reader takes from lev.lark."""

    automaton: lalr.Automaton  # the rules
    classes: re.Pattern[str]  # step 1: a line, in a group named after its token
    keywords: tuple[str, ...]  # the keywords, in the grammar's order
    # per keyword, its arguments' terminals in their order: the name of each
    # after the keyword's (SIZE_WIDTH: "WIDTH"), its words, its pattern
    arguments: dict[str, tuple[tuple[str, str, re.Pattern[str]], ...]]
    row: re.Pattern[str]  # ROW_LINE
    cell: re.Pattern[str]  # CELL
    cells: re.Pattern[str]  # CELL+


@cache
def _grammar() -> _Grammar:
    table = lalr.table("lev")
    terminals = table.terminals
    keyword = terminals["KEYWORD"]
    # The keyword lines are the terminals named after a KEYWORD, in their order.
    keywords = [name for name in terminals if re.fullmatch(keyword, name.lower())]
    classes = {
        "COMMENT": terminals["COMMENT"],
        "BLANK": terminals["BLANK_LINE"],
        **{name: terminals[name] for name in keywords},
        NO_TERMINAL: rf"[ \t]*{keyword}(?:[ \t].*)?",  # a keyword line that matches none
        "OTHER": r".*",
    }
    arguments = {
        name.lower(): tuple(
            (argument.removeprefix(f"{name}_"), _kind(terminals, argument), re.compile(rule))
            for argument, rule in terminals.items()
            if argument.startswith(f"{name}_")
        )
        for name in keywords
    }
    return _Grammar(
        automaton=lalr.automaton("lev"),
        classes=re.compile("|".join(f"(?P<{name}>{rule})" for name, rule in classes.items())),
        keywords=tuple(name.lower() for name in keywords),
        arguments=arguments,
        row=re.compile(terminals["ROW_LINE"]),
        cell=re.compile(terminals["CELL"]),
        cells=re.compile(f"(?:{terminals['CELL']})+"),
    )


def _kind(terminals: Mapping[str, str], argument: str) -> str:
    """An argument's terminal in words: what it is made of."""
    return next(words for kind, words in _KINDS.items() if terminals[kind] == terminals[argument])


@dataclass
class _Reading:
    """One read: its lines, what they set, and the problems found."""

    source: str  # the caller's text
    text: str  # the caller's text without a byte order mark, line breaks as LF
    strict: bool
    lines: list[str] = field(default_factory=list)
    width: int = 0
    height: int = 0
    sections: list[Section] = field(default_factory=list)
    firsts: dict[str, Section] = field(default_factory=dict)  # the first kept of each kind
    errors: list[LevSyntaxError] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    _starts: list[int] = field(default_factory=list)  # of the lines, when a problem needs them

    def __post_init__(self) -> None:
        self.lines = self.text.split("\n")
        if not self.lines[-1]:
            self.lines.pop()  # a line break ends the last line, and begins none

    def _place(self, index: int, column: int) -> tuple[Excerpt, int]:
        """The line of `index` in the caller's text, and the offset there of
        a column of the line as read (a byte order mark is not read)."""
        if not self._starts:
            breaks = _LINE_BREAK.finditer(self.source)
            self._starts = [0, *(found.end() for found in breaks), len(self.source)]
        start, end = self._starts[index], self._starts[index + 1]
        line = Excerpt(self.source[start:end], start, index + 1, end == len(self.source))
        dropped = index == 0 and self.source.startswith("\ufeff")
        return line, start + column - 1 + dropped

    def error(self, message: str, index: int, column: int, code: str) -> None:
        """An error at a column of the line of `index`."""
        line, pos = self._place(index, column)
        self.errors.append(LevSyntaxError.at(message, text=line, pos=pos, code=code))

    def at_end(self, message: str, code: str) -> None:
        end = len(self.source)
        self.errors.append(LevSyntaxError.at(message, text=self.source, pos=end, code=code))

    def warning(self, message: str, index: int, column: int, code: str) -> None:
        line, pos = self._place(index, column)
        self.problems.append(Diagnostic.at("warning", code, message, text=line, pos=pos))


# ----------------------------------------------------------- steps 1 and 2


def tokens(reading: _Reading) -> Iterator[tuple[int, str]]:
    """Each line's token, by the line's index: its class (step 1), or what
    rules 1 and 2 make of it (step 2)."""
    classes = _grammar().classes.fullmatch
    rows_left = 0  # rows still expected
    last_row = False  # the line before was the last expected row
    sized = False
    for index, line in enumerate(reading.lines):
        if rows_left and line[:1] != ";":  # 1. rows_by_count (a comment ends them)
            rows_left -= 1
            last_row = not rows_left
            yield index, "ROW"
            continue
        rows_left = 0
        kind: str = classes(line).lastgroup  # type: ignore[union-attr, assignment]
        if kind == "OTHER":
            if last_row and _one_row_too_many(reading, index):
                kind = "BLANK"  # 2. one_row_too_many: left out
        elif kind == "SIZE" and not sized:  # 1. rows_by_count: WIDTH and HEIGHT
            reading.width, reading.height = _size(reading, index)
            sized = True
        elif kind == "INITIAL" or kind == "TARGET":
            rows_left = reading.height
        last_row = False
        yield index, kind


def _one_row_too_many(reading: _Reading, index: int) -> bool:
    """Rule 2: whether an OTHER right after the last row is one row more."""
    line = reading.lines[index]
    if len(line.strip(" \t")) != reading.width or not _grammar().row.fullmatch(line):
        return False
    rows = _count(reading.height)
    reading.error(f"One row too many: the size gives {rows}", index, 1, "LEV114")
    return True


def _size(reading: _Reading, index: int) -> tuple[int, int]:
    """Rule 1: WIDTH and HEIGHT of a SIZE line, 0 when out of range."""
    words = reading.lines[index].split()[1:]  # a SIZE has spaces and tabs only
    for number, word in enumerate(words, start=1):
        if len(word.lstrip("0")) > len(str(MAX_SIZE)) or not 1 <= int(word) <= MAX_SIZE:
            message = f"Size {_shown(word)} is out of range, expected 1 to {MAX_SIZE:,}"
            reading.error(message, index, _word_column(reading.lines[index], number), "LEV115")
            return 0, 0
    return int(words[0]), int(words[1])


def _malformed(reading: _Reading, index: int) -> None:
    """Step 1's error for a keyword line that does not match its terminal:
    at the first argument that is wrong or missing, or at a word too many (a
    FILE, the rest of the line, takes every word: a line with all of its
    arguments right matches its terminal)."""
    line = reading.lines[index]
    words = list(_WORD.finditer(line))
    keyword = words[0][0]
    arguments = _grammar().arguments[keyword]
    usage = " ".join([keyword, *(name for name, _, _ in arguments)])
    column, found, wanted = 0, "", "end of line"
    for number, (name, kind, pattern) in enumerate(arguments, start=1):
        if number == len(words):
            column, found, wanted = len(line.rstrip(" \t")) + 1, "end of line", f"{name}, {kind}"
            break
        word = words[number]
        if not pattern.fullmatch(word[0]):
            column, found, wanted = word.start() + 1, repr(word[0]), f"{name}, {kind}"
            break
    else:
        extra = words[len(arguments) + 1]
        column, found = extra.start() + 1, repr(extra[0])
    message = f"Unexpected {found} in a '{keyword}' line, expected {wanted} ('{usage}')"
    reading.error(message, index, column, "LEV101")


# ----------------------------------------------------------------- step 3


def _read_sections(reading: _Reading) -> None:
    """The sections into `reading.sections`, by the rules (step 3), which take
    every stream of lines.  A line left out reads as a BLANK."""
    automaton = _grammar().automaton
    steps = automaton.steps
    configuration = 0
    first = 0  # the first line of the section being read
    index = -1
    for index, kind in tokens(reading):
        if kind == NO_TERMINAL:
            _malformed(reading, index)
            kind = "BLANK"
        step = (steps[configuration] or automaton.row(configuration))[kind]
        assert step is not None, "the rules take every line"
        configuration, reduced = step
        for name in reduced:  # the section that ends before this line
            _section(reading, name, first, index)
            first = index
    end = automaton.row(configuration)[lalr.END]
    assert end is not None, "the rules take every end"
    for name in end[1][:-1]:  # the last is the whole file, start
        _section(reading, name, first, index + 1)


def _section(reading: _Reading, kind: str, first: int, end: int) -> None:
    """A section the rules made, kept unless rule 3 leaves it out; an
    unknown section's warning (an error in strict mode); the error of a
    rule named for one."""
    if kind == "blank":
        return
    if kind in _BROKEN_ORDER:
        _BROKEN_ORDER[kind](reading, first)
        return
    if kind in reading.firsts and kind in _ONCE:  # 3. sections_once
        _second(reading, kind, first, reading.firsts[kind].first)
        return
    if kind == "unknown":
        _unknown(reading, first)
    section = Section(kind, first, end)
    reading.sections.append(section)
    reading.firsts.setdefault(kind, section)


def _needs_size(reading: _Reading, index: int) -> None:
    """LEV102: an "initial" or "target" before "size"."""
    line = reading.lines[index]
    message = f"'{_keyword(line)}' needs a 'size' line before it"
    reading.error(message, index, _indent(line), "LEV102")


def _again(reading: _Reading, index: int) -> None:
    """LEV104: a second "size", "initial" or "target"."""
    kind = _keyword(reading.lines[index])
    _second(reading, kind, index, reading.firsts[kind].first)


def _no_size(reading: _Reading, index: int) -> None:
    reading.at_end("No 'size' section, expected 'size WIDTH HEIGHT'", "LEV102")


def _no_initial(reading: _Reading, index: int) -> None:
    reading.at_end("No 'initial' section, expected 'initial' and its rows", "LEV103")


# The rules of lev.lark named for an error of the order of sections.
_BROKEN_ORDER: dict[str, Callable[[_Reading, int], None]] = {
    "needs_size": _needs_size,
    "again": _again,
    "no_size": _no_size,
    "no_initial": _no_initial,
}


def _second(reading: _Reading, kind: str, index: int, first: int) -> None:
    """LEV104: a section of a kind given once, given again."""
    message = f"A second '{kind}' section, the first is on line {first + 1}"
    reading.error(message, index, _indent(reading.lines[index]), "LEV104")


def _unknown(reading: _Reading, index: int) -> None:
    """An unknown section: a warning, an error in strict mode (LEV113)."""
    line = reading.lines[index]
    keywords = ", ".join(_grammar().keywords)
    message = f"Unknown section {_WORD.findall(line)[0]!r}, expected one of {keywords}"
    if reading.strict:
        reading.error(f"{message} (strict mode)", index, _indent(line), "LEV113")
    else:
        reading.warning(f"{message}: kept as it is", index, _indent(line), "LEV113")


def _keyword(line: str) -> str:
    """The first word of a keyword line: its keyword."""
    return _SPACES.split(line.strip(" \t"), maxsplit=1)[0]


def _indent(line: str) -> int:
    """The column of a line's first word."""
    return len(line) - len(line.lstrip(" \t")) + 1


# ------------------------------------------------------------------ puzzle


def read_lev(text: str, *, strict: bool, diagnostics: list[Diagnostic] | None = None) -> LevPuzzle:
    """See `sokfmt.loads_lev`."""
    reading = _reading(text, strict)
    _read_sections(reading)
    puzzle = _build(reading)
    errors = sorted(reading.errors, key=lambda error: error.pos)
    if diagnostics is not None:
        found = [error.diagnostic() for error in errors] + reading.problems
        diagnostics += sorted(found, key=lambda d: (d.line, d.column))
    if errors and (diagnostics is None or puzzle is None):
        raise errors[0]
    if diagnostics is None:
        for warning in reading.problems:
            report(warning, None)
    assert puzzle is not None
    return puzzle


def _reading(text: str, strict: bool) -> _Reading:
    """A read of `text`: lines end at LF, CRLF or CR, a byte order mark dropped."""
    normalised = text.removeprefix("\ufeff")
    if "\r" in normalised:
        normalised = normalised.replace("\r\n", "\n").replace("\r", "\n")
    return _Reading(text, normalised, strict)


def _build(reading: _Reading) -> LevPuzzle | None:
    """Rules 4 to 6 while the puzzle is built; None when it cannot be."""
    firsts, lines, sections = reading.firsts, reading.lines, reading.sections
    if "initial" not in firsts or not reading.width:
        return None
    initial = _rows(reading, firsts["initial"])
    target = _rows(reading, firsts["target"]) if "target" in firsts else ()
    if initial is None or target is None:
        return None
    if target and not _target_shapes(reading, initial, target, firsts["target"].first + 1):
        target = ()
    colors, images, accepted = _colors(reading, initial)
    return LevPuzzle._trusted(
        width=reading.width,
        height=reading.height,
        initial=initial,
        target=target,
        colors=colors,
        images=images,
        foreground=_file(reading, firsts.get("fgimg")),
        background=_file(reading, firsts.get("bgimg")),
        end="end" in firsts,
        comments=tuple(lines[s.first] for s in sections if s.kind == "comment"),
        unknown=tuple(
            UnknownSection("\n".join(lines[s.first : s.end]), s.first + 1)
            for s in sections
            if s.kind == "unknown"
        ),
        layout=tuple(
            s.kind
            for s in sections
            if ((s.kind != "color" and s.kind != "img") or s in accepted)
            and (s.kind != "target" or target)
        ),
    )


def _file(reading: _Reading, section: Section | None) -> str:
    """The file of a FGIMG or BGIMG."""
    if section is None:
        return ""
    return _SPACES.split(reading.lines[section.first].strip(" \t"), maxsplit=1)[1]


def _rows(reading: _Reading, section: Section) -> tuple[str, ...] | None:
    """Rule 4 for the rows of a section; None when they break it."""
    width, height = reading.width, reading.height
    first = section.first + 1
    rows = tuple(row.rstrip(" \t") for row in reading.lines[first : section.end])
    grammar = _grammar()
    fit = len(rows) == height and all(len(row) == width for row in rows)
    if fit and grammar.cells.fullmatch("".join(rows)):
        return rows
    kind = section.kind
    if len(rows) < height:
        message = f"'{kind}' has {_count(len(rows))}, expected {height}"
        if section.end == len(reading.lines):
            reading.at_end(message, "LEV105")
        else:  # at the comment that ended them
            reading.error(message, section.end, 1, "LEV105")
    for index, row in enumerate(rows, start=first):
        for column, cell in enumerate(row[:width], start=1):
            if not grammar.cell.fullmatch(cell):
                message = f"Unexpected {cell!r} in '{kind}', expected '.' or an alphanumeric label"
                reading.error(message, index, column, "LEV107")
                break
        else:
            if len(row) != width:
                message = f"A row of '{kind}' has {_count(len(row), 'cell')}, expected {width}"
                reading.error(message, index, min(len(row), width) + 1, "LEV106")
    return None


def _target_shapes(
    reading: _Reading, initial: tuple[str, ...], target: tuple[str, ...], first: int
) -> bool:
    """Rule 5 (`first`: the index of the target's first row); whether the
    target keeps it."""
    kept = True
    for label, (row, column), is_piece in misplaced(initial, target):
        if not is_piece:
            message = f"Label {label!r} of 'target' is no piece of 'initial'"
            reading.error(message, first + row, column + 1, "LEV108")
        else:
            message = (
                f"Piece {label!r} has another shape in 'target' than in 'initial', "
                "expected a moved copy of it"
            )
            reading.error(message, first + row, column + 1, "LEV109")
        kept = False
    return kept


def _colors(
    reading: _Reading, initial: tuple[str, ...]
) -> tuple[tuple[tuple[str, tuple[int, int, int]], ...], tuple[tuple[str, str], ...], set[Section]]:
    """Rule 6: the colors and images, and the sections kept."""
    labels = set("".join(initial))
    labels.discard(EMPTY)
    colors: dict[str, tuple[int, int, int]] = {}
    images: dict[str, str] = {}
    kept: set[Section] = set()
    for section in reading.sections:
        kind = section.kind
        if kind != "color" and kind != "img":
            continue
        index = section.first
        line = reading.lines[index]
        words = _SPACES.split(line.strip(" \t"), maxsplit=2 if kind == "img" else 4)
        label = words[1]
        if label not in labels:
            message = f"{kind} for {label!r}, which is no piece of 'initial'"
            reading.error(message, index, _word_column(line, 1), "LEV111")
        elif label in (colors if kind == "color" else images):
            message = f"A second {kind} for {label!r}"
            reading.error(message, index, _word_column(line, 1), "LEV112")
        elif kind == "img":
            images[label] = words[2]
            kept.add(section)
        elif (rgb := _rgb(reading, index, words[2:])) is not None:
            colors[label] = rgb
            kept.add(section)
    return tuple(colors.items()), tuple(images.items()), kept


def _rgb(reading: _Reading, index: int, words: list[str]) -> tuple[int, int, int] | None:
    """Rule 6: a color's values, None when one is out of range (LEV110)."""
    for number, word in enumerate(words, start=2):
        if len(word.lstrip("0")) > len(str(MAX_COLOR)) or int(word) > MAX_COLOR:
            message = f"Color value {_shown(word)} is out of range, expected 0 to {MAX_COLOR}"
            reading.error(message, index, _word_column(reading.lines[index], number), "LEV110")
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
