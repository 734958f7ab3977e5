"""Reading and writing .sok collections (and the .xsb/.txt files that share them)."""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Iterator
from typing import BinaryIO

from ._files import FileLike, read_bytes
from .puzzle import Collection, Puzzle
from .tessellation import Tessellation

__all__ = ("decode_bytes", "dump_sok", "iter_sok", "load_sok", "parse_sok")


def _cp1252_fallback(error: UnicodeError) -> tuple[str, int]:
    """Decode the bytes UTF-8 refused as cp1252 (Latin-1 where cp1252 has none)."""
    assert isinstance(error, UnicodeDecodeError)
    bad = error.object[error.start : error.end]
    return "".join(_cp1252(bytes([byte])) for byte in bad), error.end


def _cp1252(byte: bytes) -> str:
    try:
        return byte.decode("cp1252")
    except UnicodeDecodeError:
        return byte.decode("latin-1")


codecs.register_error("sokfmt.cp1252", _cp1252_fallback)


def parse_sok(text: str, *, tessellation: Tessellation | None = None) -> Collection:
    """The collection written as `text`.

    `tessellation` applies to puzzles that neither they nor the file give a
    ``Game:`` for (default Sokoban).

    Raises:
        ParseError: a malformed board (`BoardSyntaxError`), moves
            (`SavedGameSyntaxError`) or an unknown ``Game:`` (`SokSyntaxError`),
            at its line and column in `text`.
    """
    from ._sok import parse

    return parse(text, tessellation or Tessellation.SOKOBAN)


def decode_bytes(data: bytes, encoding: str | None = None) -> str:
    """Text of a level file: `encoding` if given, else UTF-8, else cp1252
    (Latin-1 for the few bytes cp1252 leaves undefined)."""
    if encoding is not None:
        return data.decode(encoding)
    if data.startswith(codecs.BOM_UTF8):
        return data[len(codecs.BOM_UTF8) :].decode("utf-8", errors="sokfmt.cp1252")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def load_sok(
    file: FileLike,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
) -> Collection:
    """The collection in a file, given by path or as a binary file object.

    Raises:
        ParseError: as `parse_sok`.
        OSError: the file cannot be read.
    """
    return parse_sok(decode_bytes(read_bytes(file), encoding), tessellation=tessellation)


def dump_sok(collection: Collection, *, rle: bool = False, wrap: int | None = 70) -> str:
    """The collection as .sok text (format 0.19) that `parse_sok` reads back
    to an equal collection.

    Boards are written as canonical rows, or run-length encoded on one line
    with `rle`; moves are wrapped at `wrap` columns (None: not wrapped).
    ``Game:`` is written for every puzzle that is not Sokoban.

    Raises:
        ValidationError: something the format cannot hold: an empty saved
            game, a board row that does not begin and end with a wall or a
            box on a goal, a board of fewer than 3 rows, notes with ``::`` lines.
    """
    from ._sok_write import dump

    return dump(collection, rle=rle, wrap=wrap)


def iter_sok(
    file: FileLike,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
) -> Iterator[Puzzle]:
    """The puzzles of a file, one at a time, as they are read: memory is
    bounded by the largest puzzle, not by the file.

    Without `encoding`, lines are read as UTF-8, and bytes that are not UTF-8
    as cp1252.  The file notes are not returned (use `load_sok` for them).

    Raises:
        ParseError: as `parse_sok`, when the generator reaches the bad text.
        OSError: the file cannot be read.
    """
    from ._sok import iterate

    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as opened:
            yield from iterate(_text_lines(opened, encoding), tessellation or Tessellation.SOKOBAN)
    else:
        yield from iterate(_text_lines(file, encoding), tessellation or Tessellation.SOKOBAN)


def _text_lines(binary: BinaryIO, encoding: str | None) -> Iterator[str]:
    """Lines without their line breaks (CR, LF or CRLF) and without a BOM."""
    text = io.TextIOWrapper(
        binary,
        encoding=encoding or "utf-8",
        errors="strict" if encoding else "sokfmt.cp1252",
        newline=None,
    )
    try:
        for number, line in enumerate(text):
            if number == 0 and line.startswith("\ufeff"):
                line = line[1:]
            yield line[:-1] if line.endswith("\n") else line
    finally:
        text.detach()  # the caller's file stays open
