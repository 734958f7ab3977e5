"""The text behind the positions of the .slc reader.

expat gives the line and column of each event, but hands text over in the
form it decodes it to: entities expanded, line breaks as LF, buffered text
at its end.  `Source` keeps the blocks of the document that an error may
still point into, and walks the text as written, so that every position is
one in the caller's text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

_LINE_BREAK = re.compile(r"\r\n?|\n")
# What stands for one character of decoded text: a reference, a line break
# (CRLF is one), or any other character.
_CHARACTER = re.compile(r"&#?[A-Za-z0-9]+;|\r\n?|.", re.DOTALL)


@dataclass
class _Block:
    line: int  # the line it begins on
    offset: int  # where it begins in the document
    text: str
    _starts: list[int] = field(default_factory=list)  # of its lines, from the second

    @property
    def starts(self) -> list[int]:
        """The offsets in `text` where its lines after the first begin."""
        if not self._starts and self.text:
            self._starts = [found.end() for found in _LINE_BREAK.finditer(self.text)]
        return self._starts

    @property
    def last_line(self) -> int:
        return self.line + len(self.starts)


class Source:
    """The document's text as far as it is read, in the blocks given to
    expat: the current one, and those that the caller keeps."""

    def __init__(self) -> None:
        self.blocks: list[_Block] = []
        self.line = 1  # where the next block begins
        self.offset = 0

    def add(self, text: str, keep_from: int) -> None:
        """Add the next block; forget those that end before line `keep_from`."""
        self.blocks = [block for block in self.blocks if block.last_line >= keep_from]
        block = _Block(self.line, self.offset, text)
        self.blocks.append(block)
        self.line = block.last_line
        self.offset += len(text)

    # ------------------------------------------------------------ lines

    def line_at(self, line: int) -> tuple[int, str]:
        """The offset and text of a 1-based line ((0, "") once forgotten)."""
        for index, block in enumerate(self.blocks):
            if block.line <= line <= block.last_line:
                start = 0 if line == block.line else block.starts[line - block.line - 1]
                return block.offset + start, self._rest_of_line(index, start)
        return 0, ""

    def _rest_of_line(self, index: int, start: int) -> str:
        pieces = []
        for block in self.blocks[index:]:
            found = _LINE_BREAK.search(block.text, start)
            pieces.append(block.text[start : found.start() if found else len(block.text)])
            if found:
                break
            start = 0
        return "".join(pieces)

    def place(self, line: int, column: int) -> tuple[int, int, int, str]:
        """A line and column as the caller's text has them: the line, the
        column, the offset and the line's text.  A place on the empty line
        after the last line break is the end of the line before it, so that
        an input ends at its last character whether or not a line break
        follows."""
        if line >= self.line > 1 and not self.line_at(line)[1]:
            line, column = line - 1, len(self.line_at(line - 1)[1]) + 1
        offset, text = self.line_at(line)
        return line, column, offset + column - 1, text

    def end_of_text(self) -> tuple[int, int]:
        """Just after the last character that is not white space (line 1,
        column 1 when there is none)."""
        for block in reversed(self.blocks):
            stripped = block.text.rstrip()
            if stripped:
                lines = _LINE_BREAK.split(stripped)
                return block.line + len(lines) - 1, len(lines[-1]) + 1
        return 1, 1

    # ------------------------------------------------------------ walks

    def _text_from(self, offset: int) -> str:
        """The kept text from `offset` to the end of what is read."""
        for index, block in enumerate(self.blocks):
            if block.offset <= offset < block.offset + len(block.text):
                start = offset - block.offset
                return block.text[start:] + "".join(b.text for b in self.blocks[index + 1 :])
        return ""

    def _located(self, offset: int) -> tuple[int, int]:
        """The line and column of an offset in the kept text."""
        for block in self.blocks:
            if block.offset <= offset <= block.offset + len(block.text):
                passed = bisect_right(block.starts, offset - block.offset)
                if passed == 0:  # on the block's first line, which may begin before it
                    return block.line, offset - self.line_at(block.line)[0] + 1
                return block.line + passed, offset - block.offset - block.starts[passed - 1] + 1
        return 1, 1

    def after_tag(self, line: int, column: int) -> int:
        """The offset just after the tag that begins at `line`, `column`
        (its attribute values may hold a ">")."""
        start = self.line_at(line)[0] + column - 1
        text = self._text_from(start)
        quote = ""
        for index, character in enumerate(text):
            if quote:
                quote = "" if character == quote else quote
            elif character in "\"'":
                quote = character
            elif character == ">":
                return start + index + 1
        return start

    def walk(self, offset: int, characters: int, *, skip_space: bool = False) -> tuple[int, int]:
        """The line and column reached from `offset` after `characters`
        characters of decoded text (a reference or a line break is one),
        then past XML white space with `skip_space`."""
        text = self._text_from(offset)
        at = 0
        for _ in range(characters):
            found = _CHARACTER.match(text, at)
            if found is None:
                break
            at = found.end()
        if skip_space:
            at = len(text) - len(text[at:].lstrip(" \t\r\n"))
        return self._located(offset + at)
