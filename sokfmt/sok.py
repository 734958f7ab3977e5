"""Reading and writing .sok collections (and the .xsb/.txt files that share them)."""

from __future__ import annotations

from collections.abc import Iterator

from ._files import FileLike, read_text, text_lines
from .puzzle import Collection, Puzzle
from .tessellation import Tessellation

__all__ = ("dump_sok", "iter_sok", "load_sok", "parse_sok")


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


def load_sok(
    file: FileLike,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
) -> Collection:
    """The collection in a file, given by path or as a file object.

    sokfmt decodes the bytes itself: `encoding` if given, else each line as
    UTF-8 when it is valid UTF-8 and as cp1252 otherwise (a UTF-8 byte order
    mark is dropped).  A file object opened in text mode is read as its
    opener decodes it.

    Raises:
        ParseError: as `parse_sok`; `DecodeError` for bytes that are not
            text in `encoding`.
        ValidationError: `encoding` names no codec, or `file` is neither a
            path nor a file object.
        OSError: the file cannot be read.
    """
    return parse_sok(read_text(file, encoding), tessellation=tessellation)


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

    The file is decoded as `load_sok` decodes it, and gives the same puzzles.
    The file notes are not returned (use `load_sok` for them).

    Raises:
        as `load_sok`, when the generator reaches the bad text.
    """
    from ._sok import iterate

    yield from iterate(text_lines(file, encoding), tessellation or Tessellation.SOKOBAN)
