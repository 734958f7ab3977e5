"""sokfmt dedup: the puzzles that occur more than once across files (up to
turning, mirroring and where the pusher stands), and a merged collection
without them."""

from __future__ import annotations

import argparse
import hashlib
import sys
from dataclasses import dataclass
from typing import Any

from .. import transform
from ..board import Board
from ..errors import ValidationError
from ..files import FILE_FORMATS, dumps, file_format
from ..puzzle import Collection, Puzzle
from .files import (
    FILE_ERRORS,
    ContentError,
    NotALevelFile,
    UsageError,
    add_tessellation_option,
    failed,
    input_format,
    load,
)
from .output import escaped, write_text
from .walk import level_files

#: The formats that hold collections, which dedup reads.
READ = tuple(f.name for f in FILE_FORMATS if "collection" in f.holds)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a puzzle stands: its file, its number there (from 1), its title."""

    file: str
    number: int
    title: str

    def __str__(self) -> str:
        return f"{self.file}:#{self.number}" + (f" {self.title!r}" if self.title else "")


def register(commands: Any) -> None:
    command = commands.add_parser(
        "dedup",
        help="find the puzzles that occur more than once across files",
        description="List every puzzle that occurs more than once in the files (a folder "
        "stands for the level files under it): the same board up to turning, mirroring, the "
        "floor around it and where the pusher stands in its region. Exit status 1 when some "
        "are found. With --keep first, write the puzzles of all the files into OUT, each "
        "only where it first occurs (the first file's notes and title), with the saved games "
        "of its repeats turned onto its board and replayed there (a forward game first walks "
        "the pusher to where it stood); a game that cannot be carried over, or that the "
        "puzzle has already, is said on standard error. Exit status 0 once OUT is written.",
    )
    command.add_argument("files", nargs="+", metavar="FILE", help="a level file, or a folder")
    command.add_argument(
        "--keep", choices=["first"], help="write a merged collection without the repeats"
    )
    command.add_argument("-o", "--output", metavar="OUT", help="where --keep writes")
    command.add_argument(
        "--lossy", action="store_true", help="let --keep drop what OUT's format cannot hold"
    )
    add_tessellation_option(command)
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    try:
        target = _target(arguments)
    except UsageError as error:
        return failed(None, error)
    found = Repeats()
    merged = Merge() if target else None
    read = unread = 0
    files = level_files(arguments.files, READ)
    skipped: set[str] = set()
    for path in files.files:
        try:
            if path == "-":
                raise UsageError("dedup reads files and folders, not standard input")
            item = load(
                path,
                input_format(path, None),
                arguments.tessellation,
                in_folder=path in files.in_folder,
            )
            if not isinstance(item, Collection):
                raise UsageError("a sliding-block puzzle, which has no board to compare")
        except NotALevelFile:
            skipped.add(path)
            continue
        except (*FILE_ERRORS, UsageError) as error:
            failed(path, error)  # reported; the other files are read on
            unread += 1
            continue
        read += 1
        if merged is not None:
            merged.head(item)
        for number, puzzle in enumerate(item, start=1):
            place = Place(path, number, puzzle.title)
            first = found.add(digest(puzzle.board), place)
            if merged is not None:
                merged.add(puzzle, place, first)
    empty = files.without_level_files(skipped)
    for folder in empty:
        failed(folder, ContentError(files.nothing_in(folder, skipped)))
    groups = found.groups()
    for places in groups:
        print(escaped(f"{len(places)} times: " + ", ".join(map(str, places))))
    repeated = sum(len(places) - 1 for places in groups)
    print(
        escaped(
            f"{read} file{'s' * (read != 1)}, {found.puzzles} puzzles: "
            f"{len(groups)} occur more than once ({repeated} repeats)"
            + (f"; {unread} file{'s' * (unread != 1)} could not be read" if unread else "")
            + (f"; {len(skipped)} skipped as not level files" if skipped else "")
            + (f"; {len(empty)} folder{'s' * (len(empty) != 1)} without any" if empty else "")
        )
    )
    if merged is None or target is None:
        return 1 if groups or unread or empty else 0
    if unread or empty or not read:
        why = (
            "some files could not be read"
            if unread
            else "a folder holds no level file"
            if empty
            else "no level file was read"
        )
        print(escaped(f"sokfmt: {arguments.output} not written: {why}"))
        return 1
    try:
        write_text(arguments.output, dumps(merged.collection(), target, lossy=arguments.lossy))
    except (*FILE_ERRORS, UsageError) as error:
        return failed(arguments.output, error)
    return 0


def _target(arguments: argparse.Namespace) -> str | None:
    """The format --keep writes, checked before any file is read.

    Raises:
        UsageError: --keep without --output, --output without --keep, or an
            output whose format cannot hold a collection.
    """
    if not arguments.keep:
        if arguments.output:
            raise UsageError("--output is where --keep writes: give --keep first too")
        return None
    if not arguments.output:
        raise UsageError("--keep needs --output OUT, the file to write")
    if arguments.output == "-":
        raise UsageError("--output must name a file, whose extension says its format")
    try:
        target = file_format(arguments.output).name
    except ValidationError as error:
        raise UsageError(str(error)) from None
    if target not in READ:
        raise UsageError(f"--output names a .{target} file, which holds no collection")
    return target


def digest(board: Board) -> bytes:
    """16 bytes that stand for the puzzle of `board` (its canonical board and
    tessellation): what dedup keeps of every board, instead of the board."""
    canonical = transform.canonical(board)
    text = "\n".join((canonical.tessellation.value, *canonical.cells))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


class Repeats:
    """The puzzles read so far, by digest: where each first occurs, and where
    it occurs again."""

    def __init__(self) -> None:
        self.puzzles = 0
        self._first: dict[bytes, int] = {}  # digest -> index in _places
        self._places: list[Place] = []
        self._again: dict[int, list[Place]] = {}

    def add(self, key: bytes, place: Place) -> Place | None:
        """Count the puzzle of digest `key` at `place`; where it first
        occurs when this is a repeat, else None."""
        self.puzzles += 1
        index = self._first.setdefault(key, len(self._places))
        if index == len(self._places):
            self._places.append(place)
            return None
        self._again.setdefault(index, []).append(place)
        return self._places[index]

    def groups(self) -> list[list[Place]]:
        """The places of each puzzle that occurs more than once, in file order."""
        return [[self._places[i], *places] for i, places in sorted(self._again.items())]


class Merge:
    """The collection --keep first writes: every puzzle where it first
    occurs, with the saved games of its repeats carried over."""

    def __init__(self) -> None:
        self._notes: Collection | None = None  # the first file's, without its puzzles
        self._kept: dict[Place, Puzzle] = {}

    def head(self, collection: Collection) -> None:
        """The notes of the first collection read head the merged one."""
        if self._notes is None:
            self._notes = collection[:0]

    def add(self, puzzle: Puzzle, place: Place, first: Place | None) -> None:
        """Keep `puzzle`, read at `place`; or, a repeat of the puzzle kept
        at `first`, carry its saved games over to that one."""
        if first is None:
            self._kept[place] = puzzle
        elif puzzle.saved_games:
            self._kept[first] = _with_games_of(self._kept[first], first, puzzle, place)

    def collection(self) -> Collection:
        notes = self._notes if self._notes is not None else Collection()
        return notes.with_puzzles(*self._kept.values())


def _with_games_of(kept: Puzzle, first: Place, repeat: Puzzle, place: Place) -> Puzzle:
    """`kept` with the saved games of `repeat` (the same puzzle at `place`)
    turned onto its board; a game it has already (the same moves once
    turned), or one that cannot be carried, is said on standard error."""
    from ..carry import carried, isometry  # the replay engine, for --keep alone

    mapping = isometry(repeat.board, kept.board)
    known = {(game.solving_mode, game.steps) for game in kept.saved_games}
    added = []
    for number, game in enumerate(repeat.saved_games, start=1):
        what = f"sokfmt: {place}: warning: saved game {number}" + (
            f" {game.title!r}" if game.title else ""
        )
        try:
            if mapping is None:
                raise ValidationError("its board does not map onto the kept one")
            moved = carried(game, mapping)
        except ValidationError as error:
            print(f"{what} not carried over to {first}: {error}", file=sys.stderr)
            continue
        if (moved.solving_mode, moved.steps) in known:
            print(f"{what} not carried over to {first}, which has the same moves", file=sys.stderr)
            continue
        added.append(moved)
    return kept.with_games(*added)
