"""Reading and writing .sok collections (and the .xsb/.txt files that share them)."""

from __future__ import annotations

import os
from typing import BinaryIO

from .puzzle import Collection
from .tessellation import Tessellation

__all__ = ("decode_bytes", "dump_sok", "load_sok", "parse_sok")


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
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def load_sok(
    file: str | os.PathLike[str] | BinaryIO,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
) -> Collection:
    """The collection in a file, given by path or as a binary file object.

    Raises:
        ParseError: as `parse_sok`.
        OSError: the file cannot be read.
    """
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as opened:
            data = opened.read()
    else:
        data = file.read()
    return parse_sok(decode_bytes(data, encoding), tessellation=tessellation)


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
