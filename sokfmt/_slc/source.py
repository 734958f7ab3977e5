"""The text behind the positions of the .slc reader.

expat gives the line and column of each event, but hands text over in the
form it decodes it to: entities expanded, line breaks as LF, comments and
the brackets of CDATA sections gone, buffered text at its end.  `Source`
keeps the blocks of the document that an error may still point into, and
walks the text as written, so that every position is one in the caller's
text.

A document may report a problem at every element, and may be one line of
many megabytes, so a place is found by bisection, never by reading the
text from the start of its line or of the document: each position costs
the logarithm of the kept blocks, and a walk the text it walks over.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

_LINE_BREAK = re.compile(r"\r\n?|\n")
# Markup that stands for no character of the decoded text, outside CDATA.
_NOTHING = re.compile(r"<!--.*?-->|<\?.*?\?>", re.DOTALL)
_CDATA_OPEN, _CDATA_CLOSE = "<![CDATA[", "]]>"
# What stands for one character of decoded text: a reference, a line break
# (CRLF is one), or any other character; inside CDATA, no reference.
_CHARACTER = re.compile(r"&#?[A-Za-z0-9]+;|\r\n?|.", re.DOTALL)
_LITERAL = re.compile(r"\r\n?|.", re.DOTALL)
# Runs of characters that stand for themselves, one each.
_PLAIN = re.compile(r"[^&<\r]+")
_PLAIN_CDATA = re.compile(r"[^\]\r]+")
# A tag from its "<" to its ">": its attribute values may hold a ">".
_TAG = re.compile(r"""[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>""")
# How many blocks keep their line starts (those that positions are looked
# for in are the latest few, and the level being read).
_CACHED = 4


@dataclass
class _Block:
    line: int  # the line it begins on
    offset: int  # where it begins in the document
    text: str
    breaks: int  # how many line breaks it holds

    @property
    def last_line(self) -> int:
        return self.line + self.breaks


def decoded_offset(written: str, characters: int) -> int:
    """Where character `characters` (0-based) of the text that `written`
    (XML text as written, between two tags) decodes to is written in it:
    past references (one character each), line breaks (CRLF is one), and
    the markup that stands for none (comments, processing instructions,
    the brackets of CDATA sections, inside which every character stands
    for itself).  The end of `written` when it decodes to fewer."""
    at, cdata = 0, False
    while at < len(written):
        if cdata and written.startswith(_CDATA_CLOSE, at):
            at, cdata = at + len(_CDATA_CLOSE), False
            continue
        if not cdata:
            if written.startswith(_CDATA_OPEN, at):
                at, cdata = at + len(_CDATA_OPEN), True
                continue
            if markup := _NOTHING.match(written, at):
                at = markup.end()
                continue
        if characters == 0:
            return at
        if plain := (_PLAIN_CDATA if cdata else _PLAIN).match(written, at):
            step = min(plain.end() - at, characters)
            at, characters = at + step, characters - step
            continue
        at = (_LITERAL if cdata else _CHARACTER).match(written, at).end()  # type: ignore[union-attr]
        characters -= 1
    return at


class Source:
    """The document's text as far as it is read, in the blocks given to
    expat: the current one, and those that the caller keeps."""

    def __init__(self) -> None:
        self.blocks: list[_Block] = []
        self.lines: list[int] = []  # the line each kept block begins on
        self.offsets: list[int] = []  # and its offset
        self.line = 1  # where the next block begins
        self.offset = 0
        self._starts: dict[int, list[int]] = {}  # a few blocks' line starts, by block offset

    def add(self, text: str, keep_from: int) -> None:
        """Add the next block; forget those that end before line `keep_from`."""
        forget = 0
        while forget < len(self.blocks) and self.blocks[forget].last_line < keep_from:
            forget += 1
        del self.blocks[:forget], self.lines[:forget], self.offsets[:forget]
        breaks = text.count("\n") + text.count("\r") - text.count("\r\n")
        block = _Block(self.line, self.offset, text, breaks)
        self.blocks.append(block)
        self.lines.append(block.line)
        self.offsets.append(block.offset)
        self.line = block.last_line
        self.offset += len(text)

    def _line_starts(self, block: _Block) -> list[int]:
        """The offsets in the document where the lines after `block`'s first
        begin, found again for a block that has not been looked in lately."""
        starts = self._starts.pop(block.offset, None)
        if starts is None:
            starts = [block.offset + found.end() for found in _LINE_BREAK.finditer(block.text)]
        self._starts[block.offset] = starts
        if len(self._starts) > _CACHED:
            del self._starts[next(iter(self._starts))]  # the one looked in least lately
        return starts

    # ------------------------------------------------------------ lines

    def _line_start(self, line: int) -> int | None:
        """The offset where a 1-based line begins (the end of what is read
        for a line not begun), or None once it is forgotten."""
        if line <= 1:
            return 0
        index = bisect_right(self.lines, line - 1) - 1  # the block that ends line - 1
        if index < 0 or not self.blocks[index].line <= line - 1:
            return None
        block = self.blocks[index]
        if line - 1 >= block.last_line:
            return self.offset
        return self._line_starts(block)[line - 1 - block.line]

    def line_start(self, line: int) -> int:
        """`_line_start`, 0 once forgotten."""
        return self._line_start(line) or 0

    def offset_of(self, line: int, column: int) -> int:
        """The offset of a 1-based line and column."""
        return self.line_start(line) + column - 1

    def line_text(self, line: int) -> str:
        """The text of a 1-based line without its line break ("" once forgotten)."""
        start = self._line_start(line)
        if start is None:
            return ""
        text = self.text(start, self.line_start(line + 1))
        found = _LINE_BREAK.search(text)
        return text[: found.start()] if found else text

    def place(self, line: int, column: int) -> tuple[int, int, int]:
        """A line and column as the caller's text has them: the line, the
        column and the offset.  A place on the empty line after the last
        line break is the end of the line before it, so that an input ends
        at its last character whether or not a line break follows."""
        if line >= self.line > 1 and self.line_start(line) >= self.offset:
            line, column = line - 1, len(self.line_text(line - 1)) + 1
        return line, column, self.offset_of(line, column)

    def located(self, offset: int) -> tuple[int, int]:
        """The line and column of an offset in the kept text."""
        index = bisect_right(self.offsets, offset) - 1
        if index < 0:
            return 1, 1
        block = self.blocks[index]
        starts = self._line_starts(block)
        passed = bisect_right(starts, offset)
        start = starts[passed - 1] if passed else self.line_start(block.line)
        return block.line + passed, offset - start + 1

    def end_of_text(self) -> tuple[int, int]:
        """Just after the last character that is not white space (line 1,
        column 1 when there is none)."""
        for block in reversed(self.blocks):
            stripped = block.text.rstrip()
            if stripped:
                return self.located(block.offset + len(stripped))
        return 1, 1

    # ------------------------------------------------------------ text

    def text(self, start: int, end: int) -> str:
        """The kept text from offset `start` to offset `end`."""
        index = max(bisect_right(self.offsets, start) - 1, 0)
        pieces = []
        while index < len(self.blocks) and self.blocks[index].offset < end:
            block = self.blocks[index]
            pieces.append(block.text[max(start - block.offset, 0) : end - block.offset])
            index += 1
        return "".join(pieces)

    def after_tag(self, line: int, column: int) -> int:
        """The offset just after the tag that begins at `line`, `column`."""
        start = self.offset_of(line, column)
        size = 256
        while True:  # the text is read as far as the tag goes, not further
            found = _TAG.match(self.text(start, start + size))
            if found:
                return start + found.end()
            if start + size >= self.offset:
                return start
            size *= 2

    def after_space(self, offset: int) -> int:
        """The offset of the first character from `offset` on that is not
        XML white space."""
        rest = self.text(offset, self.offset)
        return offset + len(rest) - len(rest.lstrip(" \t\r\n"))
