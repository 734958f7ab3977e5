"""The exceptions sokfmt raises on purpose.

Every error about bad text is a `ParseError` that knows where the problem is,
relative to the whole input the caller passed, so that a mistake on line 812
of a file is reported on line 812.
"""

from __future__ import annotations

import enum
import os
import re
import sys
import warnings
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Literal, TypeVar

__all__ = (
    "BoardSyntaxError",
    "DecodeError",
    "Diagnostic",
    "IllegalMoveError",
    "LevSyntaxError",
    "ParseError",
    "ReplayFailure",
    "RleSyntaxError",
    "SavedGameSyntaxError",
    "SokSyntaxError",
    "SokfmtError",
    "SokfmtWarning",
    "ValidationError",
)


class SokfmtError(Exception):
    """Base class of every exception that sokfmt raises on purpose.

    >>> issubclass(ParseError, SokfmtError), issubclass(ValidationError, SokfmtError)
    (True, True)
    >>> try:
    ...     loads_board("#?#")
    ... except SokfmtError as error:
    ...     print(type(error).__name__)
    BoardSyntaxError
    """


_Error = TypeVar("_Error", bound="ParseError")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class ParseError(SokfmtError, ValueError):
    """The text is not valid in its language.

    >>> try:
    ...     loads_moves("rRx")
    ... except ParseError as error:
    ...     print(isinstance(error, ValueError), error.line, error.column)
    ...     print(error.context())
    True 1 3
    rRx
      ^

    Attributes:
        message: what was found and what was expected, without the position.
        line, column: 1-based position in the whole input.
        pos: 0-based character offset in the whole input.
        source_line: the text of that line, for `context()`.
        at_end: True when the input ended where more was expected.
        code: the stable code of the rule broken (README lists them), such
            as ``SOK201``.
    """

    #: The code of an error of this class when none more precise is given.
    default_code = "SOK001"

    def __init__(
        self,
        message: str,
        *,
        line: int,
        column: int,
        pos: int,
        source_line: str = "",
        at_end: bool = False,
        code: str = "",
    ) -> None:
        self.message = message
        self.code = code or self.default_code
        self.line = line
        self.column = column
        self.pos = pos
        self.source_line = source_line
        self.at_end = at_end
        where = "at end of input" if at_end else f"at line {line}, column {column}"
        super().__init__(f"{message} ({where})")

    @classmethod
    def at(
        cls: type[_Error], message: str, *, text: str | Excerpt, pos: int, code: str = ""
    ) -> _Error:
        """Build the error for offset `pos` of the caller's text, the whole
        of which is `text` (or the lines of it that `text` holds), at the
        line and column `line_and_column` gives."""
        pos, line, column, source_line, at_end = _placed(text, pos)
        return cls(
            message,
            line=line,
            column=column,
            pos=pos,
            source_line=source_line,
            at_end=at_end,
            code=code,
        )

    def context(self) -> str:
        """The offending line with a caret under the column."""
        return f"{self.source_line}\n{' ' * (self.column - 1)}^"

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword-only arguments need help to survive pickling.
        rebuild = partial(
            type(self),
            line=self.line,
            column=self.column,
            pos=self.pos,
            source_line=self.source_line,
            at_end=self.at_end,
            code=self.code,
        )
        return (rebuild, (self.message,))

    def diagnostic(self) -> Diagnostic:
        """This error as a diagnostic."""
        return Diagnostic("error", self.code, self.message, self.line, self.column, self.pos)


@dataclass(frozen=True, slots=True)
class Excerpt:
    """Whole lines of the caller's text: their text, the offset of the
    first in the caller's text and its number.  A reader that has not the
    whole text at hand (it reads a stream) or places many problems in it
    gives the lines around each, so that placing one costs its lines, not
    the text before them."""

    text: str
    start: int
    line: int
    #: whether the caller's text ends where these lines end
    ends_input: bool = False


def line_and_column(text: str | Excerpt, pos: int) -> tuple[int, int, str]:
    """The 1-based line and column of offset `pos` of the caller's text,
    the whole of which is `text` (or the lines of it that an `Excerpt`
    holds), and the text of that line: where a position becomes a line and
    a column.  LF, CRLF and CR each end a line, whatever the language makes
    of a CR (as an editor shows the text), and a line break's characters
    belong to the line they end.  Counted, not indexed: a text of millions
    of lines costs no memory."""
    first = 1
    if isinstance(text, Excerpt):
        pos, first = pos - text.start, text.line
        text = text.text
    inside_crlf = pos > 0 and text.startswith("\r\n", pos - 1)
    end = pos - 1 if inside_crlf else pos  # no CRLF straddles `end`
    breaks = text.count("\n", 0, end) + text.count("\r", 0, end) - text.count("\r\n", 0, end)
    start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
    found = _LINE_BREAK.search(text, start)
    return first + breaks, pos - start + 1, text[start : found.start() if found else len(text)]


def _placed(text: str | Excerpt, pos: int) -> tuple[int, int, int, str, bool]:
    """Offset `pos` kept within `text` (the caller's text, or lines of it),
    its line, column and line's text, and whether it is the end of the input."""
    if isinstance(text, Excerpt):
        start, end, ends_input = text.start, text.start + len(text.text), text.ends_input
    else:
        start, end, ends_input = 0, len(text), True
    pos = max(start, min(pos, end))
    line, column, source_line = line_and_column(text, pos)
    return pos, line, column, source_line, ends_input and pos >= end


class RleSyntaxError(ParseError):
    """Run-length encoded text is malformed.

    >>> decode_rle("2(#-")
    Traceback (most recent call last):
        ...
    sokfmt.errors.RleSyntaxError: Unclosed group, expected ')' (at end of input)
    """

    default_code = "RLE101"


class SavedGameSyntaxError(ParseError):
    """A move string (saved game or solution) is malformed.

    >>> loads_moves("ruX")
    Traceback (most recent call last):
        ...
    sokfmt.errors.SavedGameSyntaxError: Unexpected 'X', expected ... (at line 1, column 3)
    """

    default_code = "SOK201"


class BoardSyntaxError(ParseError):
    """A board is malformed: a character outside the legend, bad RLE, or a
    Hexoban layout that puts a square between cells.

    >>> try:
    ...     loads_board("#####\\n#@x.#")
    ... except BoardSyntaxError as error:
    ...     print(error.line, error.column)
    2 3
    """

    default_code = "SOK301"


class IllegalStepError(ParseError):
    """A saved game has a step that cannot be played on its board (found
    when a reader plays the saved games it reads: ``check_games=True``).

    >>> loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n\\nSolution\\nL\\n", check_games=True)
    Traceback (most recent call last):
        ...
    sokfmt.errors.IllegalStepError: In 'Solution', step 1 cannot be ... (at line 7, column 1)
    """

    default_code = "SOK501"


class LevSyntaxError(ParseError):
    """A glotski/bloksi .lev file is malformed or breaks a rule of the format.

    >>> loads_lev("size 2 1\\ninitial\\nA\\n")
    Traceback (most recent call last):
        ...
    sokfmt.errors.LevSyntaxError: A row of 'initial' has 1 cell, expected 2 (at line 3, column 2)
    """

    default_code = "LEV101"


class SokSyntaxError(ParseError):
    """A .sok or .xsb file is malformed (for example an unknown ``Game:``).

    >>> loads_sok("#####\\n#@$.#\\n#####\\nGame: Chess\\n")
    Traceback (most recent call last):
        ...
    sokfmt.errors.SokSyntaxError: Unknown tessellation 'Chess', ... (at line 4, column 7)
    """

    default_code = "SOK101"


class SlcSyntaxError(ParseError):
    """An .slc file is not well-formed XML, breaks the structure of
    ``SokobanLev.xsd``, or holds what sokfmt refuses to read (a document
    type declaration, text beyond `sokfmt._slc.read.MAX_TEXT`).

    >>> loads_slc("<SokobanLevels>")
    Traceback (most recent call last):
        ...
    sokfmt.errors.SlcSyntaxError: Malformed XML: ... (at line 1, column 16)
    """

    default_code = "SLC101"


class JsonSyntaxError(ParseError):
    """A JSON document is not JSON (`sokfmt.loads(text, "json")`).

    >>> loads("{", "json")
    Traceback (most recent call last):
        ...
    sokfmt.errors.JsonSyntaxError: Not JSON: ... (at end of input)
    """

    default_code = "JSON101"


class DecodeError(ParseError):
    """The bytes of a file are not text in the encoding the caller named.
    `pos` is the offset of the first bad byte; `column` counts characters.

    >>> import io
    >>> load_sok(io.BytesIO(b"\\xff#"), encoding="utf-8")
    Traceback (most recent call last):
        ...
    sokfmt.errors.DecodeError: Bytes ff are not utf-8 text; ... (at line 1, column 1)
    """

    default_code = "DEC101"


class SokfmtWarning(UserWarning):
    """A doubt about text that was read: it reads, but perhaps not as meant.

    Readers given a `diagnostics` list put their warnings there instead.

    >>> import warnings
    >>> text = "Short\\n######\\n#@ $.#\\n######\\n\\nSolution\\nr\\n"
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     collection = loads_sok(text, check_games=True)
    >>> [warning.category.__name__ for warning in caught]
    ['SokfmtWarning']
    >>> print(caught[0].message)
    line 6: SOK502 'Solution' is titled as a solution but does not solve the puzzle
    """


def warn(message: str) -> None:
    """Emit a `SokfmtWarning` attributed to the caller's own line: the first
    frame outside the sokfmt package, however deep the reader is."""
    level, frame = 1, sys._getframe(0)
    while frame is not None and _in_package(frame.f_code.co_filename):
        frame, level = frame.f_back, level + 1  # type: ignore[assignment]
    warnings.warn(message, SokfmtWarning, stacklevel=level)


@cache
def _in_package(filename: str) -> bool:
    """Whether the code of `filename` is sokfmt's (asked of every frame of
    every warning: a reading of many warnings asks of few files)."""
    return os.path.abspath(filename).startswith(os.path.dirname(os.path.abspath(__file__)))


def quoted(text: str, limit: int = 60) -> str:
    """`text` as a message shows it: its repr, cut short after `limit`
    characters (a row of a board, a line of notes can be very long)."""
    return repr(text if len(text) <= limit else f"{text[: limit - 3]}...")


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a text: an error (the text cannot mean anything
    valid there) or a warning (a doubt), at a 1-based line and column, with a
    stable code (README lists them) and a message.

    >>> text = "Short\\n######\\n#@ $.#\\n######\\n\\nSolution\\nr\\n"
    >>> found = []
    >>> collection = loads_sok(text, check_games=True, diagnostics=found)
    >>> [(problem.severity, problem.code, problem.line, problem.column) for problem in found]
    [('warning', 'SOK502', 6, 1)]
    """

    severity: Literal["error", "warning"]
    code: str
    message: str
    line: int
    column: int
    pos: int = field(default=0, compare=False)

    @classmethod
    def at(
        cls,
        severity: Literal["error", "warning"],
        code: str,
        message: str,
        *,
        text: str | Excerpt,
        pos: int,
    ) -> Diagnostic:
        """The diagnostic for offset `pos` of the caller's text, placed as
        `ParseError.at` places an error."""
        pos, line, column, _, _ = _placed(text, pos)
        return cls(severity, code, message, line, column, pos)

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.severity}: {self.code} {self.message}"


class ValidationError(SokfmtError, ValueError):
    """An object, or a value given to build one, would break an invariant.

    >>> encode_rle("a1")
    Traceback (most recent call last):
        ...
    sokfmt.errors.ValidationError: Cannot run-length encode '1' at index 1: ...
    """


class JsonValueError(ParseError, ValidationError):
    """A JSON document is JSON, but not a collection or .lev puzzle as
    `to_dict` writes them (a value of the wrong type, an unknown key, a
    missing key), at the key or value at fault in the caller's text.  A
    `ValidationError` too, as `from_dict` raises for the same object given
    as a dict (which has no text to place it in).

    >>> loads('{"titel": "T"}', "json")
    Traceback (most recent call last):
        ...
    sokfmt.errors.JsonValueError: Unknown key 'titel' in a collection; ... (at line 1, column 2)
    """

    default_code = "JSON102"


class ReplayFailure(enum.Enum):
    """Why a step cannot be played.  The values are stable codes for tools.

    >>> board = loads_board("#####\\n#@$.#\\n#####")
    >>> replay(board, loads_moves("r")).failure
    <ReplayFailure.MOVE_INTO_BOX: 'move-into-box'>
    """

    #: The board has no pusher, and the game has steps.
    NO_PUSHER = "no-pusher"
    #: The pusher, the box it pushes, or a jump or pusher change leaves the board.
    OFF_BOARD = "off-board"
    #: The pusher's cell has no side in that direction (an Octoban square has no diagonal).
    DIRECTION_UNAVAILABLE = "direction-unavailable"
    #: The pusher would enter a wall.
    WALL = "wall"
    #: Another pusher (Multiban) stands where the pusher would go.
    PUSHER_IN_THE_WAY = "pusher-in-the-way"
    #: A lower-case letter (a move) into a box.
    MOVE_INTO_BOX = "move-into-box"
    #: An upper-case letter of a forward game with no box to push.
    PUSH_WITHOUT_BOX = "push-without-box"
    #: The pushed box has a wall behind it.
    BOX_INTO_WALL = "box-into-wall"
    #: The pushed box has another box behind it.
    BOX_INTO_BOX = "box-into-box"
    #: The pushed box has a pusher (Multiban) behind it.
    BOX_INTO_PUSHER = "box-into-pusher"
    #: An upper-case letter of a reverse game into a box: reverse games pull.
    PUSH_IN_REVERSE = "push-in-reverse"
    #: An upper-case letter of a reverse game with no box behind the pusher.
    PULL_WITHOUT_BOX = "pull-without-box"
    #: A reverse game's pusher starts on a box (its square is a goal) and moves before jumping.
    PUSHER_ON_BOX = "pusher-on-box"
    #: A jump after the first pull.
    JUMP_AFTER_PULL = "jump-after-pull"
    #: A jump ends on a wall, a box, another pusher, or outside the walls.
    JUMP_BLOCKED = "jump-blocked"
    #: A pusher change does not end on a pusher.
    NO_PUSHER_TO_CHANGE_TO = "no-pusher-to-change-to"


class IllegalMoveError(SokfmtError, ValueError):
    """A move, push, pull, jump or pusher change that a `sokfmt.Game` cannot
    play in its position; the game is left as it was.

    `failure` says why, with the stable codes of `sokfmt.ReplayFailure`
    that `sokfmt.replay` reports for the same step in a saved game; `index`
    is the step of the game it would have been (for `Game.resume`, the step
    of the saved game that cannot be played).

    >>> game = Game(loads_board("#####\\n#@$.#\\n#####"))
    >>> game.move(Direction.LEFT)
    Traceback (most recent call last):
        ...
    sokfmt.errors.IllegalMoveError: the pusher would enter the wall at (1, 0)
    """

    def __init__(self, message: str, *, failure: ReplayFailure, index: int) -> None:
        super().__init__(message)
        self.message = message
        self.failure = failure
        self.index = index

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword-only arguments need help to survive pickling.
        return (partial(type(self), failure=self.failure, index=self.index), (self.message,))
