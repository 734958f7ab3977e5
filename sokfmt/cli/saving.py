"""Where `sokfmt play` keeps the games played: with the puzzle's saved games
in the file played when its format holds saved games (.sok, .json), else in
FILE.sok beside it; written so that a failure leaves the file as it was."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import stat
import tempfile
from pathlib import Path

from ..files import dumps, file_format
from ..files import load as load_file
from ..moves import SavedGame
from ..puzzle import Collection, Puzzle
from ..tessellation import Tessellation
from .files import UsageError


class GameFile:
    """The saved games of the puzzles of `collection`, read from `path` in
    `format` (puzzles without a ``Game:`` line being `tessellation`)."""

    def __init__(
        self, path: str, format: str, tessellation: Tessellation | None, collection: Collection
    ) -> None:
        self.path = path
        self.format = format
        self.tessellation = tessellation
        self.collection = collection

    @property
    def beside(self) -> str | None:
        """FILE.sok, where the games go when FILE's format holds none."""
        return None if file_format(name=self.format).saved_games else f"{self.path}.sok"

    def last_game(self, index: int) -> SavedGame | None:
        """The last saved game of puzzle `index`, where `append` puts them.

        Raises:
            SokfmtError, OSError: FILE.sok cannot be read.
        """
        games = self.collection.puzzles[index].saved_games
        if not games and self.beside is not None:
            twin = _twin(self._read_beside(), self.collection.puzzles[index])
            games = twin.saved_games if twin is not None else ()
        return games[-1] if games else None

    def append(self, index: int, saved: SavedGame) -> str:
        """Add `saved` to the saved games of puzzle `index`; the file written.

        Raises:
            SokfmtError, OSError: the file cannot be read or written.
            UsageError: FILE changed since it was read, or would not read
                back as written.
        """
        puzzle = self.collection.puzzles[index]
        if self.beside is None:
            current = _read(self.path, self.format, self.tessellation)
            puzzles = current.puzzles
            if index >= len(puzzles) or puzzles[index].board != puzzle.board:
                raise UsageError(f"{self.path} changed since it was read: nothing written")
            replaced = (*puzzles[:index], puzzles[index].with_games(saved), *puzzles[index + 1 :])
            updated = dataclasses.replace(current, puzzles=replaced)
            write_safely(self.path, updated, self.format, self.tessellation)
            self.collection = updated
            return self.path
        existing = self._read_beside()
        twin = _twin(existing, puzzle)
        if twin is None:
            updated = existing.with_puzzles(dataclasses.replace(puzzle, saved_games=(saved,)))
        else:
            updated = dataclasses.replace(
                existing,
                puzzles=tuple(p.with_games(saved) if p is twin else p for p in existing.puzzles),
            )
        write_safely(self.beside, updated, "sok", None)
        return self.beside

    def _read_beside(self) -> Collection:
        """What FILE.sok holds (a collection with FILE's title when it is not there)."""
        assert self.beside is not None
        if not os.path.exists(self.beside):
            return Collection(title=self.collection.title, author=self.collection.author)
        return _read(self.beside, "sok", None)


def _twin(collection: Collection, puzzle: Puzzle) -> Puzzle | None:
    """The puzzle of `collection` with `puzzle`'s board and title."""
    for other in collection.puzzles:
        if other.board == puzzle.board and other.title == puzzle.title:
            return other
    return None


def _read(path: str, format: str, tessellation: Tessellation | None) -> Collection:
    item = load_file(path, format=format, tessellation=tessellation, diagnostics=[])
    if not isinstance(item, Collection):
        raise UsageError(f"{path} does not hold a collection")
    return item


def write_safely(
    path: str, collection: Collection, format: str, tessellation: Tessellation | None
) -> None:
    """Write `collection` to `path` in `format`: checked to read back equal,
    then written to a temporary file beside it and renamed over it, so that
    a failure leaves the file as it was (its permissions are kept).

    Raises:
        UsageError: the text would not read back equal.
        SokfmtError, OSError: it cannot be written.
    """
    text = dumps(collection, format)
    back = load_file(
        io.BytesIO(text.encode("utf-8")), format=format, tessellation=tessellation, diagnostics=[]
    )
    if back != collection:
        raise UsageError(f"{path} would not read back as written: nothing written")
    target = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temporary, stat.S_IMODE(target.stat().st_mode))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
