"""Which format a file is in, reading files (or "-") within bounds, and how
a command reports a failure.  (Writing is `output`'s job.)"""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import re
import signal
import stat
import sys
import time
import warnings
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import IO

from ..errors import Diagnostic, ParseError, SokfmtError, SokfmtWarning, ValidationError
from ..files import (
    FILE_FORMATS,
    file_format,
    load_handing_on,
    unused_checks,
    unused_tessellation,
)
from ..formats import loads_sok
from ..lev import LevPuzzle
from ..puzzle import Collection, Puzzle
from ..tessellation import Tessellation
from .grouping import GROUPED, Said, told
from .output import say

#: The names of the formats, as options take them.
FORMATS = tuple(format.name for format in FILE_FORMATS)

#: Exit statuses other than 0; each means one thing.
FILE_ERROR = 1  # a file cannot be read, is not valid, or cannot be converted or written
USAGE_ERROR = 2  # the command line asks for something that cannot be done
INTERNAL_ERROR = 3  # a bug in sokfmt
INTERRUPTED = 130  # Ctrl-C, as a shell reports SIGINT
OUTPUT_CLOSED = 141  # the reader of standard output went away, as a shell reports SIGPIPE


#: The collection bundled with sokfmt, in the package: what `info` and
#: `play` read without a file.
SAMPLE = "samples/sample.sok"


def sample() -> Collection:
    """The collection bundled with sokfmt (`SAMPLE`)."""
    return loads_sok(resources.files("sokfmt").joinpath(SAMPLE).read_text("utf-8"))


class Ended(BaseException):
    """A signal that ends the command (SIGTERM, SIGHUP) came while it had
    worker processes: raised, so that they are ended first (see `walk`);
    then `end` ends the command as the signal would have."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number

    def end(self) -> int:
        """End this process by the signal, as its default handling does; the
        exit status a shell reports for it, should the signal not end it."""
        signal.signal(self.number, signal.SIG_DFL)
        signal.raise_signal(self.number)
        return 128 + self.number


class UsageError(Exception):
    """The command line asks for something that cannot be done (exit status 2)."""


class ContentError(Exception):
    """A file holds something the command cannot use (exit status 1)."""


#: What a file can do wrong: a command reports these and goes on (or ends with status 1).
FILE_ERRORS = (SokfmtError, OSError, ContentError)


def failed(path: str | None, error: Exception) -> int:
    """Report why a command failed on standard error; its exit status."""
    if isinstance(error, UsageError):
        say(f"sokfmt: {error}")
        return USAGE_ERROR
    if isinstance(error, OSError) and error.filename:
        path = str(error.filename)
    where = path
    if isinstance(error, ParseError) and path:
        where = f"{path}:{error.line}:{error.column}"
    text = message(error)
    say(f"sokfmt: {where}: error: {text}" if where else f"sokfmt: {text}")
    return FILE_ERROR


def message(error: Exception) -> str:
    """What went wrong, in words, without the file or the position."""
    if isinstance(error, ParseError):
        return error.message
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)


def format_of(path: str, chosen: str | None, option: str = "--format") -> str:
    """The format of `path`: `chosen` when given, else by its extension;
    `option` is the one that names it, for the message."""
    if chosen:
        return chosen
    try:
        return file_format(path).name
    except ValidationError:
        what = "standard input or output" if path == "-" else f"{path!r}"
        known = ", ".join(extension for f in FILE_FORMATS for extension in f.extensions)
        raise UsageError(
            f"cannot tell the format of {what} (sokfmt knows {known}); "
            f"name it with {option} (one of {', '.join(FORMATS)})"
        ) from None


def input_format(path: str, chosen: str | None, option: str = "--format") -> str:
    """`format_of` a file to read: one that does not exist is reported as
    missing rather than as of a format that cannot be told.

    Raises:
        FileNotFoundError: no such file (or folder).
        UsageError: as `format_of`.
    """
    if path != "-" and not os.path.lexists(path):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
    return format_of(path, chosen, option)


def refuse_folder(path: str, command: str) -> None:
    """A command that reads one file (info, show) refuses a folder.

    Raises:
        UsageError: `path` is a folder.
    """
    if path != "-" and os.path.isdir(path):
        raise UsageError(
            f"{command} reads one file, and {path} is a folder "
            "(check, convert and dedup read every level file of a folder)"
        )


def add_tessellation_option(command: argparse.ArgumentParser) -> None:
    """--tessellation: what puzzles without a "Game:" line are (as `load_sok`'s `tessellation`)."""
    command.add_argument(
        "--tessellation",
        type=_tessellation,
        metavar="NAME",
        help="read puzzles that have no Game: line as this tessellation "
        "(Sokoban, Hexoban, Trioban or Octoban; default Sokoban)",
    )


def _tessellation(name: str) -> Tessellation:
    try:
        return Tessellation.from_name(name)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


#: The most bytes a file may have: far more than any level file (the largest
#: collections are a few megabytes), and a bound on what a file that never
#: ends (/dev/zero) or a huge one costs before it is refused.
MAX_BYTES = 100_000_000


def read_bytes(path: str) -> bytes:
    """Every byte of `path`, or of standard input for "-".

    A FIFO without a writer is refused rather than waited for, and so is
    anything longer than `MAX_BYTES` (a regular file by its size, before
    it is read).

    Raises:
        OSError: the file cannot be read.
        ContentError: a FIFO that nobody writes to, or too many bytes.
    """
    if path == "-":
        return _bounded(sys.stdin.buffer)
    if stat.S_ISFIFO(os.stat(path).st_mode) and hasattr(os, "O_NONBLOCK"):
        return _fifo_bytes(path)
    with open(path, "rb") as file:
        status = os.fstat(file.fileno())
        if stat.S_ISREG(status.st_mode) and status.st_size > MAX_BYTES:
            raise ContentError(
                f"too large for a level file: {status.st_size:,} bytes "
                f"(sokfmt reads files of up to {MAX_BYTES:,} bytes)"
            )
        return _bounded(file)


def _bounded(file: IO[bytes], first: bytes = b"") -> bytes:
    """`first` and the rest of `file`, refused past `MAX_BYTES`: read in
    parts, so that a stream that never ends costs no more than that.

    Raises:
        ContentError: more than `MAX_BYTES`.
    """
    parts, size = [first], len(first)
    while size <= MAX_BYTES:
        part = file.read(min(1 << 20, MAX_BYTES + 1 - size))
        if not part:
            return b"".join(parts)
        parts.append(part)
        size += len(part)
    raise ContentError(
        f"too large for a level file: more than {MAX_BYTES:,} bytes, the most sokfmt reads "
        "(is it a device that never ends, such as /dev/zero?)"
    )


#: How long a FIFO may go without a writer before it is refused.
FIFO_WAIT = 2.0


def _fifo_bytes(path: str) -> bytes:
    """Everything written to the FIFO `path`, once a writer has it open.

    Raises:
        ContentError: no writer opens it within `FIFO_WAIT` seconds (an
            empty FIFO whose writer has gone looks the same), or it brings
            more than `MAX_BYTES`.
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        # Without a writer, a non-blocking read finds the end of the file at
        # once; with one, it finds data or would have to wait for it.
        deadline = time.monotonic() + FIFO_WAIT
        while True:
            try:
                first = os.read(descriptor, 1 << 16)
            except BlockingIOError:
                first = b""
                break  # a writer, no data yet
            if first or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        if not first and time.monotonic() > deadline:
            raise ContentError("a FIFO with no writer (or an empty one): nothing to read")
        os.set_blocking(descriptor, True)
        with open(descriptor, "rb", closefd=False) as rest:
            return _bounded(rest, first)
    finally:
        os.close(descriptor)


class NotALevelFile(ContentError):
    """A file found in a folder that is clearly not a level file: skipped."""


#: The keys of which the top level of sokfmt's JSON holds at least one: a
#: collection's "puzzles", a puzzle's or a board's "board", a .lev puzzle's
#: "initial" (what `to_dict` writes).
_JSON_KEYS = frozenset({"puzzles", "board", "initial"})


def _json_of_another_kind(data: bytes) -> bool:
    """Whether `data` is JSON whose top level is not sokfmt's: not an object,
    or one without any key of `_JSON_KEYS` (package.json, a config file).
    JSON that cannot be read at all may be a damaged level file: not this."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        return False
    return not (isinstance(document, dict) and _JSON_KEYS & document.keys())


def load(
    path: str,
    format: str,
    tessellation: Tessellation | None = None,
    *,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
    in_folder: bool = False,
    verbosity: str = GROUPED,
) -> Collection | LevPuzzle:
    """The collection or .lev puzzle in `path` ("-": standard input); the
    reader's doubts go to standard error as warnings, told as `verbosity`
    says (see `grouping`), unless `diagnostics` keeps them (with the
    errors read past, and the content checks unless `check_content` is
    False, as `sokfmt.load` keeps them).  Each puzzle
    is handed to `on_puzzle` as it is read (`files.load_handing_on`).

    A file found `in_folder` (not named on the command line) that is
    clearly not a level file is refused as `NotALevelFile`: a .txt file in
    which the reader finds no board and no error (a licence, a read-me),
    or JSON of another kind (see `_json_of_another_kind`).

    `tessellation` (--tessellation) goes to a file found `in_folder` only
    if its format uses it: a folder of .sok and .slc files read as Hexoban
    gives no warning (LOAD101) per .slc file; a file named on the command
    line gets it, and the warning, whatever its format.  `check_games`
    (on unless --no-replay) goes only to files that may hold saved games.

    Raises:
        SokfmtError: the text is malformed, or a JSON document is not a
            collection or .lev puzzle.
        NotALevelFile: as above.
        ContentError: a FIFO without a writer, or a file too large.
        OSError: the file cannot be read.
    """
    chosen = file_format(name=format)
    if in_folder and unused_tessellation(chosen, tessellation):
        tessellation = None
    # `check` plays the saved games unless told not to: for a format that
    # holds none, that is no option given.
    if unused_checks(chosen, None, check_games):
        check_games = False
    data = read_bytes(path)
    if in_folder and format == "json" and _json_of_another_kind(data):
        raise NotALevelFile("JSON of another kind than sokfmt's")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SokfmtWarning)
        item = load_handing_on(
            io.BytesIO(data),
            format=format,
            tessellation=tessellation,
            diagnostics=diagnostics,
            check_content=check_content,
            check_games=check_games,
            on_puzzle=on_puzzle,
        )
    if in_folder and _text_without_boards(path, item, diagnostics):
        raise NotALevelFile("a .txt file with no board in it")
    _print_warnings(path, caught, verbosity)
    return item


def _text_without_boards(
    path: str, item: Collection | LevPuzzle, diagnostics: list[Diagnostic] | None
) -> bool:
    """Whether `path` is a .txt file in which the reader found no puzzle and
    no error (an error, which is raised unless `diagnostics` keeps it, means
    that something looked like a board)."""
    return (
        Path(path).suffix.lower() == ".txt"
        and isinstance(item, Collection)
        and not item.puzzles
        and not any(d.severity == "error" for d in diagnostics or ())
    )


_WARNING = re.compile(r"line (\d+): (.*)", re.DOTALL)


def _print_warnings(path: str, caught: list[warnings.WarningMessage], verbosity: str) -> None:
    """Print the reader's `SokfmtWarning`s as FILE:LINE: warning: ...,
    those that say the same thing as one line unless `verbosity` is EACH."""
    said = []
    for warning in caught:
        found = _WARNING.fullmatch(str(warning.message))
        # A warning without a line is about the whole file (LOAD101): at
        # line 1, where `load` puts it in a diagnostics list and `check`
        # prints it.
        line, what = (found[1], found[2]) if found else ("1", str(warning.message))
        said.append(warned(path, what, line))
    for text in told(said, verbosity):
        say(text)


def warned(path: str, what: str, place: str = "") -> Said:
    """A warning of the command on standard error: "sokfmt: PATH:PLACE:
    warning: WHAT", told with the others of `path` that say `what`."""
    where = f"{path}:{place}" if place else path
    return Said(f"sokfmt: {where}: warning: {what}", (path, what), place)
