"""Which format a file is in, reading and writing files (or "-"), and how a
command reports a failure."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import stat
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TypeVar

from ..errors import Diagnostic, ParseError, SokfmtError, SokfmtWarning, ValidationError
from ..files import FILE_FORMATS, file_format
from ..files import load as load_file
from ..lev import LevPuzzle
from ..puzzle import Collection, Puzzle
from ..tessellation import Tessellation

_Item = TypeVar("_Item")

#: The names of the formats, as options take them.
FORMATS = tuple(format.name for format in FILE_FORMATS)

#: Exit statuses; each means one thing.
OK = 0
FILE_ERROR = 1  # a file cannot be read, is not valid, or cannot be converted or written
USAGE_ERROR = 2  # the command line asks for something that cannot be done
INTERNAL_ERROR = 3  # a bug in sokfmt
INTERRUPTED = 130  # Ctrl-C, as a shell reports SIGINT
OUTPUT_CLOSED = 141  # the reader of standard output went away, as a shell reports SIGPIPE


class UsageError(Exception):
    """The command line asks for something that cannot be done (exit status 2)."""


class ContentError(Exception):
    """A file holds something the command cannot use (exit status 1)."""


#: What a file can do wrong: a command reports these and goes on (or ends with status 1).
FILE_ERRORS = (SokfmtError, OSError, ContentError)


def failed(path: str | None, error: Exception) -> int:
    """Report why a command failed on standard error; its exit status."""
    if isinstance(error, UsageError):
        print(f"sokfmt: {error}", file=sys.stderr)
        return USAGE_ERROR
    if isinstance(error, OSError) and error.filename:
        path = str(error.filename)
    where = path
    if isinstance(error, ParseError) and path:
        where = f"{path}:{error.line}:{error.column}"
    text = message(error)
    print(f"sokfmt: {where}: error: {text}" if where else f"sokfmt: {text}", file=sys.stderr)
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


@contextlib.contextmanager
def opened(path: str) -> Iterator[IO[bytes]]:
    """`path` opened for reading bytes, or standard input for "-".

    A FIFO without a writer is refused rather than waited for.

    Raises:
        OSError: the file cannot be opened.
        ContentError: a FIFO that nobody writes to.
    """
    if path == "-":
        yield sys.stdin.buffer
        return
    if stat.S_ISFIFO(os.stat(path).st_mode) and hasattr(os, "O_NONBLOCK"):
        yield io.BytesIO(_fifo_bytes(path))
        return
    with open(path, "rb") as file:
        yield file


#: How long a FIFO may go without a writer before it is refused.
FIFO_WAIT = 2.0


def _fifo_bytes(path: str) -> bytes:
    """Everything written to the FIFO `path`, once a writer has it open.

    Raises:
        ContentError: no writer opens it within `FIFO_WAIT` seconds (an
            empty FIFO whose writer has gone looks the same).
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
            return first + rest.read()
    finally:
        os.close(descriptor)


def load(
    path: str,
    format: str,
    tessellation: Tessellation | None = None,
    *,
    diagnostics: list[Diagnostic] | None = None,
    replay: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
) -> Collection | LevPuzzle:
    """The collection or .lev puzzle in `path` ("-": standard input); the
    reader's doubts go to standard error as warnings (unless `diagnostics`
    keeps them).

    Raises:
        SokfmtError: the text is malformed, or a JSON document is not a
            collection or .lev puzzle.
        ContentError: a FIFO without a writer.
        OSError: the file cannot be read.
    """
    with opened(path) as file:
        return _reported(
            path,
            lambda: load_file(
                file,
                format=format,
                tessellation=tessellation,
                diagnostics=diagnostics,
                replay=replay,
                on_puzzle=on_puzzle,
            ),
        )


_WARNING = re.compile(r"line (\d+): (.*)", re.DOTALL)


def _reported(path: str, read: Callable[[], _Item]) -> _Item:
    """What `read` returns; its `SokfmtWarning`s printed as FILE:LINE: warning: ..."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SokfmtWarning)
        collection = read()
    for warning in caught:
        found = _WARNING.fullmatch(str(warning.message))
        where = f"{path}:{found[1]}" if found else path
        print(
            f"sokfmt: {where}: warning: {found[2] if found else warning.message}", file=sys.stderr
        )
    return collection


def write_text(path: str, text: str) -> None:
    """Write `text` to a file, or to standard output for "-"."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        Path(path).write_text(text, encoding="utf-8")
