"""Files of bare boards of one size read straight into an array of codes,
with numpy, a whole file at a time: the fast path of `sokfmt.load_arrays`.

DeepMind's Boxoban levels (1.5 million of them, 1,000 a file) are written
as ``; N`` title lines, each above ten rows of ten squares, a blank line
after each board.  For such a file the reader's steps are known in advance
(grammars/sok.lark: a title line, then a run of walled rows, is
`titled_board`; see also sokfmt._sok.bare): this module checks the shape
of the whole file with a few numpy operations and codes every square in
one lookup.  It decides only what it can decide that way, and says None for
anything else (a CR, a tab or any byte that is not printable ASCII, a mail
quote, notes, a title that rules 3 and 4 of the grammar might retype, a
board of another size, a row that does not begin and end with a wall...),
which the caller then reads with `sokfmt.load`.

The legend is the grammar's: the characters of each square are those of
board.lark's terminals (WALL, FLOOR, ...), and a title line is one that
matches the pattern sokfmt._sok.bare takes titles by without a second look.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from .._grammar import lalr
from ..rle import DEFAULT_LIMIT
from .bare import _quiet_title

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ("read",)

LINE_FEED = 0x0A
#: Codes of `sokfmt.arrays` by the name of the board grammar's terminal.
_CODE_OF_SQUARE = {
    "FLOOR": 1,
    "WALL": 2,
    "GOAL": 3,
    "BOX": 4,
    "BOX_ON_GOAL": 5,
    "PUSHER": 6,
    "PUSHER_ON_GOAL": 7,
}
NOT_A_SQUARE = 0xFF


@cache
def _tables() -> tuple[bytes, bytes, re.Pattern[bytes]]:
    """(the code of each byte, NOT_A_SQUARE for a byte that is none; the
    bytes the fast path reads at all; the pattern of a title line).

    The bytes are the printable ASCII characters and the line feed: a tab
    is floor to the grammar, but trailing tabs are not squares, and other
    control characters break lines or are no text; sokfmt decodes printable
    ASCII the same way in every encoding it reads.
    """
    terminals = lalr.terminals("board")
    printable = "".join(chr(byte) for byte in range(0x20, 0x7F))
    codes = bytearray([NOT_A_SQUARE]) * 256
    for name, code in _CODE_OF_SQUARE.items():
        for character in lalr.characters(terminals[name], among=printable):
            codes[ord(character)] = code
    readable = bytearray(256)
    for character in [*printable, "\n"]:
        readable[ord(character)] = 1
    title = re.compile(_quiet_title().pattern.encode("ascii"))
    return bytes(codes), bytes(readable), title


def read(data: bytes, numpy: Any) -> tuple[npt.NDArray[np.uint8], list[bytes]] | None:
    """The codes of the boards of `data` (the bytes of a file read as a
    Sokoban collection), shape (boards, height, width), the outside still
    coded as floor, and their title lines (see `titles`); None unless
    `data` is title lines and boards of one size, a blank line after each
    (or the end of the file)."""
    codes, readable, title = _tables()
    if not data.endswith(b"\n"):
        data += b"\n"  # the end of the text ends the last line
    text = numpy.frombuffer(data, dtype=numpy.uint8)
    if not numpy.frombuffer(readable, dtype=numpy.uint8)[text].all():
        return None
    ends = numpy.flatnonzero(text == LINE_FEED)
    starts = numpy.empty_like(ends)
    starts[0] = 0
    starts[1:] = ends[:-1] + 1
    lengths = ends - starts
    # Blank lines at the end of the file are blank lines after the last board.
    lines = len(lengths)
    while lines and lengths[lines - 1] == 0:
        lines -= 1
    if lines == 0:
        return None
    # The first board's height and width: its rows run to the first blank line.
    blank = numpy.flatnonzero(lengths[:lines] == 0)
    height = (int(blank[0]) if len(blank) else lines) - 1
    if height < 3:  # a board has three rows or more (grammars/sok.lark)
        return None
    width = int(lengths[1])
    block = height + 2  # a title line, the rows, a blank line
    if (lines + 1) % block or width * height > DEFAULT_LIMIT:
        return None
    boards = (lines + 1) // block
    shape = numpy.zeros(boards * block, dtype=lengths.dtype)
    shape[:lines] = lengths[:lines]
    shape = shape.reshape(boards, block)
    if not (shape[:, 1:-1] == width).all() or shape[:, -1].any() or not shape[:, 0].all():
        return None
    row_starts = starts[1:lines:block]
    rows = text[row_starts[:, None] + numpy.arange(height * (width + 1))]
    squares = numpy.frombuffer(codes, dtype=numpy.uint8)[rows.reshape(boards, height, width + 1)]
    squares = squares[:, :, :width]
    wall = _CODE_OF_SQUARE["WALL"]
    # A row of squares that begins and ends with a wall is a WALL_ROW_LINE.
    if (squares == NOT_A_SQUARE).any() or not (
        (squares[:, :, 0] == wall).all() and (squares[:, :, -1] == wall).all()
    ):
        return None
    titles = []
    for start, end in zip(
        starts[0:lines:block].tolist(), ends[0:lines:block].tolist(), strict=True
    ):
        if title.fullmatch(data, start, end) is None:
            return None
        titles.append(data[start:end])
    return squares, titles


def titles(lines: list[bytes]) -> list[str]:
    """The titles the title lines of `read` give, as `title_of` gives them:
    without the leading ";" and the spaces round it and the title (these
    lines hold no other white space, and no mail quotes)."""
    return _TITLE.findall(b"\n".join(lines).decode("ascii"))


_TITLE = re.compile(r"^ *; *(.*?) *$", re.MULTILINE)
