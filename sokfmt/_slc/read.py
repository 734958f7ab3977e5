"""Reading .slc files, the XML collections of Sokoban for Windows.

The full reader: expat, the standard library's XML parser, reads the
document as a stream of events, which this module checks against the
structure of ``SokobanLev.xsd`` (`_slc.schema`), building puzzles as their
``Level`` elements end and placing every problem in the caller's text
(`_slc.source`).  A document with no problem at all is read faster by
`_slc.tree`; `parse` tries that first.

XML from the internet is treated as hostile: a document type declaration
(the only way to define entities, and to fetch other files) is refused
where it starts, so that no entity is ever expanded; nesting is bounded by
the structure, and the text of an element by `MAX_TEXT`.  Text goes to
expat in blocks, so that a refusal comes before the rest is read.
"""

from __future__ import annotations

import xml.parsers.expat
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import accumulate
from typing import TypeVar

from .._files import decode_xml, xml_encoding
from .._reading import collector, content_checked, report
from .._sok.checks import named_warnings, puzzle_warnings
from ..errors import Diagnostic, Excerpt, ParseError, SlcSyntaxError, quoted
from ..puzzle import Collection, Puzzle
from . import tree
from .schema import (
    ATTRIBUTES,
    CHILDREN,
    MAX_TEXT,
    ROOT,
    ROOT_ATTRIBUTE,
    TEXT,
    XML_SPACE,
    description,
    document_collection,
    level_board,
    one_line,
    sok_copyright_doubt,
    sok_description_doubt,
    sok_level_doubts,
)
from .source import Source, decoded_offset

#: How many characters go to expat at a time.
_BLOCK = 1 << 16
_UNEXPECTED_CODE = "SLC102"
_INVALID_TOKEN = xml.parsers.expat.errors.XML_ERROR_INVALID_TOKEN
_Error = TypeVar("_Error", bound=ParseError)


@dataclass
class _Level:
    """A ``Level`` element being read."""

    line: int  # where its start tag is
    column: int
    attributes: dict[str, str]
    rows: list[str] = field(default_factory=list)
    tags: list[tuple[int, int]] = field(default_factory=list)  # (line, column) of each <L>
    ends: list[tuple[int, int]] = field(default_factory=list)  # and of each </L>


class _Reader:
    """The handlers of one expat parser, and what they have built."""

    def __init__(
        self,
        sink: Callable[[Puzzle], None],
        diagnostics: list[Diagnostic] | None,
        content: bool | None = None,
    ) -> None:
        self.sink = sink
        self.diagnostics = diagnostics
        self.content = content_checked(content, diagnostics)
        self.source = Source()
        self.last_tag = (1, 1)  # where the latest tag or markup begins
        self.stack: list[str | None] = [None]  # the open elements, under a None
        self.seen: list[str] = []  # the root's children so far
        self.fields: dict[str, str] = {}
        self.author = ""  # the Copyright of LevelCollection
        self.level: _Level | None = None
        self.description_at: tuple[int, int] | None = None  # its start tag, until checked
        self.parts: list[str] = []  # the text of the element being read
        self.size = 0
        self.levels = 0
        self.fed = 0  # how many characters of the document expat has been given
        parser = xml.parsers.expat.ParserCreate(encoding="UTF-8")
        parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.StartDoctypeDeclHandler = self._doctype
        parser.EntityDeclHandler = self._entity
        parser.ExternalEntityRefHandler = self._external_entity
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self._between
        parser.CommentHandler = self._comment
        parser.ProcessingInstructionHandler = self._instruction
        parser.buffer_text = True
        parser.buffer_size = _BLOCK
        self.parser = parser

    # ------------------------------------------------------------ input

    def feed(self, text: str, final: bool) -> None:
        """Parse more of the document."""
        # Keep what expat may still point into: where it stands, and the level.
        keep = self.parser.CurrentLineNumber
        self.source.add(text, keep if self.level is None else min(keep, self.level.line))
        start, self.fed = self.fed, self.fed + len(text)
        if start < 2 and "\0" in text[: 2 - start]:
            # expat takes a NUL among the first two bytes for UTF-16 and reads
            # the rest so, whatever encoding it was told: "\0<\0S..." would
            # read as "<S...".  A NUL is no character of XML 1.0.
            at = self.source.located(start + text.index("\0"))
            raise self._error(f"Malformed XML: {_INVALID_TOKEN}", *at)
        try:
            self.parser.Parse(text.encode("utf-8", "surrogatepass"), final)
        except xml.parsers.expat.ExpatError as error:
            raise self._malformed(error) from None

    def _malformed(self, error: xml.parsers.expat.ExpatError) -> SlcSyntaxError:
        """expat's error, in words that say what was expected."""
        messages = xml.parsers.expat.errors
        reason = messages.messages[error.code]
        expected = ""
        inside = self.stack[-1]
        if reason == messages.XML_ERROR_TAG_MISMATCH and inside:
            expected = f", expected </{inside}>"
        elif reason == messages.XML_ERROR_NO_ELEMENTS:
            where = f"<{inside}>" if inside else "the document"
            closer = f"</{inside}>" if inside else f"<{ROOT}>"
            line, column = self.source.end_of_text()
            return self._error(
                f"Malformed XML: the input ends inside {where}, expected {closer}", line, column
            )
        elif reason == messages.XML_ERROR_SYNTAX and not inside:
            expected = f", expected <{ROOT}>"
        elif reason == messages.XML_ERROR_UNDEFINED_ENTITY:
            expected = (
                "; .slc files use only the five predefined entities (&amp; &lt; &gt; "
                "&quot; &apos;) and character references"
            )
        line, column = error.lineno, error.offset + 1
        if reason == messages.XML_ERROR_INVALID_TOKEN and column > 1:
            # expat points at the character that cannot go on the token
            # begun before it; when the token is a lone "&" or "<" (one
            # written into text unescaped), that is the character to blame.
            at = self.source.offset_of(line, column)
            if self.source.text(at - 1, at) in ("&", "<"):
                column -= 1
        return self._error(f"Malformed XML: {reason}{expected}", line, column)

    def _error(self, message: str, line: int, column: int, code: str = "SLC101") -> SlcSyntaxError:
        """The error at a place of expat's, with the text of its line."""
        return self._with_line(self._problem(message, line, column, code))

    def _problem(self, message: str, line: int, column: int, code: str) -> SlcSyntaxError:
        """The error at a place of expat's, without the text of its line,
        which costs the length of the line: a level's problem becomes a
        diagnostic, and gets its line only when raised."""
        line, column, pos = self.source.place(line, column)
        return SlcSyntaxError(message, line=line, column=column, pos=pos, code=code)

    def _with_line(self, error: _Error) -> _Error:
        """`error` with the text of its line."""
        return type(error)(
            error.message,
            line=error.line,
            column=error.column,
            pos=error.pos,
            source_line=self.source.line_text(error.line),
            code=error.code,
        )

    def _here(self) -> tuple[int, int]:
        return self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1

    def _refuse(self, message: str, code: str) -> None:
        raise self._error(message, *self._here(), code)

    # ------------------------------------------------------------ security

    def _doctype(self, name: str, *_: object) -> None:
        line, column = self._here()  # somewhere in the declaration, after its name
        found = self.source.line_text(line).rfind("<!DOCTYPE", 0, column)
        raise self._error(
            f"A document type declaration (<!DOCTYPE {name}>) is not allowed: .slc files "
            "have none, and it could define entities or fetch other files",
            line,
            found + 1 if found >= 0 else column,
            "SLC103",
        )

    def _entity(self, name: str, *_: object) -> None:
        self._refuse(f"An entity declaration ({name}) is not allowed", "SLC103")

    def _external_entity(self, *_: object) -> int:
        self._refuse("An external entity is not allowed: sokfmt reads no other file", "SLC103")
        return 0

    # ------------------------------------------------------------ structure

    def _start(self, name: str, attributes: dict[str, str]) -> None:
        parent = self.stack[-1]
        parser = self.parser
        self.last_tag = (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if name == "L" and parent == "Level" and not attributes:  # most of a file
            self.level.tags.append(self.last_tag)  # type: ignore[union-attr]
        else:
            self._structure(parent, name, attributes)
        self.stack.append(name)
        if name in TEXT:
            self.parts = []
            self.size = 0
            parser.CharacterDataHandler = self._text

    def _structure(self, parent: str | None, name: str, attributes: dict[str, str]) -> None:
        """Check an element against the schema, and begin what it begins."""
        allowed = CHILDREN.get(parent, ())
        if name not in allowed:
            where = f"in <{parent}>" if parent else "at the top of the document"
            expected = " or ".join(f"<{child}>" for child in allowed) or f"text and </{parent}>"
            self._refuse(f"Unexpected <{name}> {where}, expected {expected}", _UNEXPECTED_CODE)
        if parent == ROOT:
            self._in_order(name)
        self._attributes(name, attributes)
        if name == "Level":
            self.level = _Level(*self._here(), attributes)
        elif name == "LevelCollection":
            self.author = self._attribute(attributes, "Copyright", name, self._here())
            self._content("SLC206", sok_copyright_doubt(self.author), self._here())
            self._description_doubt()
        elif name == "Description":
            self.description_at = self._here()
        elif name == "L":
            self.level.tags.append(self.last_tag)  # type: ignore[union-attr]

    def _in_order(self, name: str) -> None:
        """The root's children: each at most once, in the schema's order."""
        order = CHILDREN[ROOT]
        if name in self.seen:
            self._refuse(f"A second <{name}> in <{ROOT}>", _UNEXPECTED_CODE)
        later = [seen for seen in self.seen if order.index(seen) > order.index(name)]
        if later:
            self._refuse(f"<{name}> after <{later[0]}>, expected it before", _UNEXPECTED_CODE)
        self.seen.append(name)

    def _attributes(self, name: str, attributes: dict[str, str]) -> None:
        allowed = ATTRIBUTES.get(name, ())
        for attribute in attributes:
            if attribute in allowed or (name == ROOT and ROOT_ATTRIBUTE.fullmatch(attribute)):
                continue
            expected = f"one of {', '.join(allowed)}" if allowed else "none"
            if name == ROOT:
                expected = "namespace declarations and xsi:schemaLocation only"
            self._refuse(
                f"Unknown attribute {attribute!r} of <{name}>, expected {expected}", "SLC104"
            )

    # expat's text goes to `_text` inside an element of `TEXT`, else to
    # `_between` (the handler changes as such elements begin and end).

    def _text(self, data: str) -> None:
        self.size += len(data)
        if self.size > MAX_TEXT:
            self._refuse(
                f"The text of <{self.stack[-1]}> is longer than {MAX_TEXT:,} characters", "SLC105"
            )
        self.parts.append(data)

    def _between(self, data: str) -> None:
        if data.strip(XML_SPACE):
            name = self.stack[-1]
            where = f"in <{name}>, expected only elements there" if name else "outside the root"
            raise self._error(
                f"Text {data.strip()[:20]!r} {where}", *self._text_start(data), _UNEXPECTED_CODE
            )

    def _text_start(self, data: str) -> tuple[int, int]:
        """Where the first character of `data` that is not white space
        stands (expat hands buffered text over where it ends): after the
        latest tag, past the white space as written."""
        return self.source.located(self.source.after_space(self.source.after_tag(*self.last_tag)))

    def _end(self, name: str) -> None:
        self.last_tag = (self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1)
        self.stack.pop()
        if name not in TEXT:
            if name == "Level":
                self._finish_level()
            return
        self.parser.CharacterDataHandler = self._between
        parts = self.parts
        text = parts[0] if len(parts) == 1 else "".join(parts)
        if name == "L":
            self.level.rows.append(text)  # type: ignore[union-attr]
            self.level.ends.append(self.last_tag)  # type: ignore[union-attr]
        elif name == "Description":
            self.fields[name] = description(text)
        elif name in TEXT:
            self.fields[name] = self._one_line(f"<{name}>", text)

    def _one_line(
        self, name: str, text: str, *, strip: bool = True, at: tuple[int, int] | None = None
    ) -> str:
        """`one_line`, with a warning at `at` when lines are joined."""
        value, joined = one_line(text, strip=strip)
        if joined:
            self._doubt("SLC204", f"{name} of several lines, read as one (joined by spaces)", at)
        return value

    def _attribute(
        self, attributes: dict[str, str], name: str, element: str, at: tuple[int, int]
    ) -> str:
        """An attribute that is one line in the model (as written, spaces and
        all), of the element whose start tag is at `at`."""
        value = attributes.get(name, "")
        return self._one_line(f"{name} of <{element}>", value, strip=False, at=at)

    def _comment(self, text: str) -> None:
        self.last_tag = self._here()
        self._doubt("SLC201", "An XML comment, not kept (.slc has no place for comments)")

    def _instruction(self, target: str, data: str) -> None:
        self.last_tag = self._here()
        self._doubt("SLC201", f"A processing instruction <?{target} ...?>, not kept")

    # ------------------------------------------------------------ levels

    def _finish_level(self) -> None:
        level, self.level = self.level, None
        assert level is not None
        self.levels += 1
        try:
            puzzle = self._puzzle(level)
        except ParseError as error:
            if self.diagnostics is None:
                raise self._with_line(error) from None
            self.diagnostics.append(error.diagnostic())
            return
        self.sink(puzzle)

    def _puzzle(self, level: _Level) -> Puzzle:
        if not level.rows:
            raise self._problem(
                "A <Level> with no <L>, expected one <L> per row of its board",
                level.line,
                level.column,
                "SLC106",
            )
        try:
            board, doubts = level_board(level.rows, level.attributes)
        except ParseError as error:
            raise self._in_row(error, level) from None
        for doubt in doubts:
            self._doubt("SLC202", doubt, (level.line, level.column))
        puzzle = Puzzle(
            board,
            title=self._attribute(level.attributes, "Id", "Level", (level.line, level.column)),
            author=self._attribute(
                level.attributes, "Copyright", "Level", (level.line, level.column)
            ),
        )
        if self.content:
            at = (level.line, level.column)
            for doubt in sok_level_doubts(puzzle):
                name = f"Level {self.levels}" + (
                    f" {quoted(puzzle.title, 40)}" if puzzle.title else ""
                )
                self._content("SLC205", f"{name}: {doubt}", at)
            # What every reader says of what a puzzle holds (SOK401-404).
            for code, message in named_warnings(puzzle, self.levels):
                self._doubt(code, message, at)
        return puzzle

    def _in_row(self, error: ParseError, level: _Level) -> ParseError:
        """A board's error at its place in the document (without the text of
        its line, see `_problem`): `error.pos` counts in the rows joined by
        line breaks; its row's text is written between the row's tags,
        where it is walked to (references, line breaks, comments and CDATA
        as written)."""
        starts = list(accumulate((len(row) + 1 for row in level.rows), initial=0))
        index = min(bisect_right(starts, error.pos), len(level.rows)) - 1
        begins = self.source.after_tag(*level.tags[index])
        written = self.source.text(begins, self.source.offset_of(*level.ends[index]))
        offset = begins + decoded_offset(written, error.pos - starts[index])
        line, column = self.source.located(offset)
        return type(error)(error.message, line=line, column=column, pos=offset, code=error.code)

    def _description_doubt(self) -> None:
        """What .sok cannot hold of the Description, once the fields that
        .sok writes with it are known (at LevelCollection, or at the end)."""
        at, self.description_at = self.description_at, None
        if at is not None and self.content:
            doubt = sok_description_doubt(self.collection_of(()))
            self._content("SLC206", doubt, at)

    def _content(self, code: str, message: str, at: tuple[int, int]) -> None:
        """A content warning (none when `message` is empty): what .sok
        cannot hold, given only when the content checks run."""
        if message and self.content:
            self._doubt(code, message, at)

    def _doubt(self, code: str, message: str, at: tuple[int, int] | None = None) -> None:
        """A warning at `at` (default: where expat stands), where the caller chose."""
        line, column, pos = self.source.place(*(at or self._here()))
        report(Diagnostic("warning", code, message, line, column, pos), self.diagnostics)

    # ------------------------------------------------------------ the end

    def end(self) -> None:
        """The document is read: a warning when it held no level."""
        self._description_doubt()
        if self.levels == 0:
            self._doubt("SLC203", "No puzzle found: no <Level> in the document", (1, 1))

    def collection_of(self, puzzles: tuple[Puzzle, ...]) -> Collection:
        elements = {
            "title": self.fields.get("Title", ""),
            "author": self.author,
            "email": self.fields.get("Email", ""),
            "url": self.fields.get("Url", ""),
        }
        notes = self.fields.get("Description", "")
        return document_collection(elements, notes, puzzles)


def _blocks(text: Iterable[str]) -> Iterator[str]:
    """The text of `text`'s pieces in blocks of about `_BLOCK` characters,
    each ending after a line break where one is near (never inside CRLF)."""
    pending = ""
    for piece in text:
        pending += piece
        start = 0  # what is before it has been given (never copied again)
        while len(pending) - start >= _BLOCK:
            cut = pending.rfind("\n", start, start + _BLOCK) + 1 or start + _BLOCK
            if pending[cut - 1] == "\r":
                cut += 1
            yield pending[start:cut]
            start = cut
        pending = pending[start:]
    yield pending


def _run(reader: _Reader, text: Iterable[str]) -> Iterator[None]:
    """Feed `text` to `reader` a block at a time (a step per block); a
    malformed document ends the reading, reported as the reader reports."""
    try:
        for block in _blocks(text):
            reader.feed(block, final=False)
            yield
        reader.feed("", final=True)
    except SlcSyntaxError as error:
        if reader.diagnostics is None:
            raise
        reader.diagnostics.append(error.diagnostic())
        return
    reader.end()


def read_slc(
    text: str | bytes,
    diagnostics: list[Diagnostic] | None = None,
    on_puzzle: Callable[[Puzzle], object] | None = None,
    *,
    content: bool | None = None,
) -> Collection:
    """See `sokfmt.loads_slc` (`content`: its `check_content`): `text`, or
    the bytes of a file."""
    if isinstance(text, bytes) and xml_encoding(text) is not None:
        text = decode_xml(text)  # not UTF-8: the fast path reads UTF-8 bytes only
    clean = tree.read(text)
    # The fast path gives no content warning: a document with one is read
    # again by the full reader, which places it.
    if (
        clean is not None
        and content_checked(content, diagnostics)
        and any(puzzle_warnings(puzzle) for puzzle in clean.puzzles)
    ):
        clean = None
    if clean is not None:  # nothing to report: read by the fast path
        if on_puzzle is not None:
            for puzzle in clean.puzzles:
                on_puzzle(puzzle)
        return clean
    if isinstance(text, bytes):
        text = decode_xml(text)
    return parse_fully(text, diagnostics, on_puzzle, content=content)


def parse_fully(
    text: str,
    diagnostics: list[Diagnostic] | None = None,
    on_puzzle: Callable[[Puzzle], object] | None = None,
    *,
    content: bool | None = None,
) -> Collection:
    """`read_slc` by the full reader alone (the fast path is tested against it)."""
    puzzles: list[Puzzle] = []
    reader = _Reader(collector(puzzles, on_puzzle), diagnostics, content)
    # A line break at the end, as `iterate` gives every line: an input that
    # ends too soon ends at the same place for both.
    # A byte order mark stays: expat skips it, and counts it as a column
    # of line 1, as the caller's text does.
    try:
        for _ in _run(reader, [text if text.endswith(("\n", "\r")) else text + "\n"]):
            pass
    except ParseError as error:
        # With its whole line: the reader has the text only as far as it read.
        # Not at the end of input: expat reads a line break after the last
        # line, as `iterate` gives it, and says what `iterate` says.
        whole = Excerpt(text, 0, 1)
        raise type(error).at(error.message, text=whole, pos=error.pos, code=error.code) from None
    return reader.collection_of(tuple(puzzles))


def iter_slc(
    lines: Iterable[str],
    diagnostics: list[Diagnostic] | None = None,
    *,
    content: bool | None = None,
) -> Iterator[Puzzle]:
    """See `sokfmt.iter_slc`: puzzles as their ``Level`` elements end, each
    after the problems found before it and before those found after it.
    expat reads a block of levels at once: their problems are held, and
    handed to `diagnostics` with the puzzle they come before."""
    held: list[Diagnostic] | None = None if diagnostics is None else []
    ready: list[tuple[Puzzle, int]] = []  # each puzzle, and how many problems came before
    reader = _Reader(lambda puzzle: ready.append((puzzle, len(held or ()))), held, content)
    given = 0  # the problems handed on

    def hand_on() -> Iterator[Puzzle]:
        nonlocal given
        for puzzle, before in ready:
            if diagnostics is not None and held is not None:
                diagnostics.extend(held[given:before])
                given = before
            yield puzzle
        ready.clear()

    for _ in _run(reader, (line + "\n" for line in lines)):
        yield from hand_on()
    yield from hand_on()
    if diagnostics is not None and held is not None:
        diagnostics.extend(held[given:])
