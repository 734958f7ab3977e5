"""sokfmt dedup: the puzzles that occur more than once across files (up to
turning, mirroring and where the pusher stands), and a merged collection
without them."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

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


@dataclass(frozen=True)
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
        "only where it first occurs (the first file's notes and title).",
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
    collections: list[tuple[str, Collection]] = []
    unread = 0
    found = level_files(arguments.files, READ)
    skipped: set[str] = set()
    for path in found.files:
        try:
            if path == "-":
                raise UsageError("dedup reads files and folders, not standard input")
            item = load(
                path,
                input_format(path, None),
                arguments.tessellation,
                in_folder=path in found.in_folder,
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
        collections.append((path, item))
    empty = found.without_level_files(skipped)
    for folder in empty:
        failed(folder, ContentError(found.nothing_in(folder, skipped)))
    groups = repeats(collections)
    for places in groups:
        print(escaped(f"{len(places)} times: " + ", ".join(map(str, places))))
    puzzles = sum(len(collection) for _, collection in collections)
    repeated = sum(len(places) - 1 for places in groups)
    print(
        escaped(
            f"{len(collections)} file{'s' * (len(collections) != 1)}, {puzzles} puzzles: "
            f"{len(groups)} occur more than once ({repeated} repeats)"
            + (f"; {unread} file{'s' * (unread != 1)} could not be read" if unread else "")
            + (f"; {len(skipped)} skipped as not level files" if skipped else "")
            + (f"; {len(empty)} folder{'s' * (len(empty) != 1)} without any" if empty else "")
        )
    )
    if target and collections:
        if unread or empty:
            why = "some files could not be read" if unread else "a folder holds no level file"
            print(escaped(f"sokfmt: {arguments.output} not written: {why}"))
        else:
            try:
                merged = merged_first(collections)
                write_text(arguments.output, dumps(merged, target, lossy=arguments.lossy))
            except (*FILE_ERRORS, UsageError) as error:
                return failed(arguments.output, error)
    return 1 if groups or unread or empty else 0


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


def repeats(collections: list[tuple[str, Collection]]) -> list[list[Place]]:
    """The places of each puzzle that occurs more than once, in file order."""
    seen: dict[Board, list[Place]] = {}
    for path, collection in collections:
        for number, puzzle in enumerate(collection, start=1):
            key = puzzle.board.canonical()
            seen.setdefault(key, []).append(Place(path, number, puzzle.title))
    return [places for places in seen.values() if len(places) > 1]


def merged_first(collections: list[tuple[str, Collection]]) -> Collection:
    """Every puzzle of the collections where it first occurs, under the
    first collection's notes."""
    kept: list[Puzzle] = []
    seen: set[Board] = set()
    for _, collection in collections:
        for puzzle in collection:
            key = puzzle.board.canonical()
            if key not in seen:
                seen.add(key)
                kept.append(puzzle)
    first = collections[0][1]
    return first[:0].with_puzzles(*kept)
