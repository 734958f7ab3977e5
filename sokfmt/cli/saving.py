"""Where `sokfmt play` keeps the games played: with the puzzle's saved games
in the file played when its format holds saved games (.sok, .json), else in
FILE.sok beside it; written so that a failure leaves the file as it was."""

from __future__ import annotations

import dataclasses
import io
import os

from ..files import dumps, file_format
from ..files import load as load_file
from ..moves import SavedGame
from ..puzzle import Collection, Puzzle
from ..tessellation import Tessellation
from .files import UsageError
from .output import write_text


class GameFile:
    """The saved games of the puzzles of `collection`, read from `path` in
    `format` (puzzles without a ``Game:`` line being `tessellation`).  The
    games played go into `path` when its format holds saved games, else
    into `beside` (by default FILE.sok)."""

    def __init__(
        self,
        path: str,
        format: str,
        tessellation: Tessellation | None,
        collection: Collection,
        beside: str | None = None,
    ) -> None:
        self.path = path
        self.format = format
        self.tessellation = tessellation
        self.collection = collection
        if beside is None and not file_format(name=format).saved_games:
            beside = f"{path}.sok"
        self.beside = beside

    def games(self, index: int) -> tuple[SavedGame, ...]:
        """The saved games of puzzle `index`: its own, then those of its
        twin in the file beside, in the order `append` adds them.

        Raises:
            SokfmtError, OSError: the file beside cannot be read.
        """
        return tuple(game for _, games in self._places(index) for game in games)

    def last_game(self, index: int) -> SavedGame | None:
        """The last saved game of puzzle `index`, where `append` puts them.

        Raises:
            SokfmtError, OSError: the file beside cannot be read.
        """
        games = self.games(index)
        return games[-1] if games else None

    def holder(self, index: int, saved: SavedGame) -> tuple[str, SavedGame] | None:
        """The file, and the saved game of puzzle `index` in it, with the
        moves of `saved` (the same steps, position and solving mode, whatever
        the titles, solvers and notes); None when no game has them.

        Raises:
            SokfmtError, OSError: the file beside cannot be read.
        """
        moves = same_moves(saved)
        for where, games in self._places(index):
            for game in games:
                if same_moves(game) == moves:
                    return where, game
        return None

    def _places(self, index: int) -> list[tuple[str, tuple[SavedGame, ...]]]:
        """Each file that holds saved games of puzzle `index`, with them."""
        puzzle = self.collection.puzzles[index]
        places = [(self.path, puzzle.saved_games)]
        if self.beside is not None:
            twin = _twin(self._read_beside(), puzzle)
            places.append((self.beside, twin.saved_games if twin is not None else ()))
        return places

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


def same_moves(saved: SavedGame) -> SavedGame:
    """`saved` without its title, solver and notes: its moves alone."""
    return saved.with_metadata(title="", solved_by="", notes="")


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
    """Write `collection` to `path` in `format`, checked to read back equal,
    as every command writes a file (`output.write_text`): whole or not at
    all, a new file with the umask's mode, a file replaced keeping its own.

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
    write_text(path, text, durable=True)
