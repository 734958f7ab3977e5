"""sokfmt dedup: the puzzles that occur more than once across files (up to
turning, mirroring and where the pusher stands), and a merged collection
without them."""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass
from typing import Any

from .. import transform
from ..board import Board
from ..errors import Diagnostic, ParseError, ValidationError
from ..files import FILE_FORMATS, file_format, text_of
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
    warned,
)
from .grouping import EACH, SHOWN, Said, add_warning_options, told
from .output import display_name, escaped, say, unwritable, write_text
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
        "floor around it and where the pusher stands in its region. A puzzle with an error is "
        "left out and reported, as check reports it, and the other puzzles are read. Exit "
        "status 1 when some are found, or on an error. With --keep first, write the puzzles "
        "of all the files into OUT, each "
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
    command.add_argument(
        "--json",
        action="store_true",
        help="print the groups and the summary as one JSON document, with the symmetry "
        "that maps each repeat onto the first (this keeps every first board in memory)",
    )
    add_tessellation_option(command)
    add_warning_options(command)
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    try:
        target = _target(arguments)
    except UsageError as error:
        return failed(None, error)
    verbosity = arguments.verbosity
    found = Repeats(symmetries=arguments.json)
    merged = Merge() if target else None
    read = unread = 0
    files = level_files(arguments.files, READ)
    for text in told([warned(path, why) for path, why in files.unreachable.items()], verbosity):
        say(text)
    skipped: set[str] = set()
    errors = 0  # of the files read: their puzzles with an error are left out
    for path in files.files:
        # As check reads: a puzzle with an error is left out and reported,
        # and the file's other puzzles are read on.
        problems: list[Diagnostic] = []
        try:
            if path == "-":
                raise UsageError("dedup reads files and folders, not standard input")
            item = load(
                path,
                input_format(path, None),
                arguments.tessellation,
                diagnostics=problems,
                check_content=False,  # what a puzzle holds is not dedup's business
                in_folder=path in files.in_folder,
                verbosity=verbosity,
            )
            if not isinstance(item, Collection):
                raise UsageError("a sliding-block puzzle, which has no board to compare")
        except NotALevelFile:
            skipped.add(path)
            continue
        except ParseError as error:  # what the reader could not read past
            if error.diagnostic() not in problems:
                problems.append(error.diagnostic())
            tell(path, problems, verbosity)
            unread += 1
            continue
        except (*FILE_ERRORS, UsageError) as error:
            tell(path, problems, verbosity)
            failed(path, error)  # reported; the other files are read on
            unread += 1
            continue
        errors += tell(path, problems, verbosity)
        read += 1
        if merged is not None:
            merged.head(item)
        for number, puzzle in enumerate(item, start=1):
            place = Place(path, number, puzzle.title)
            first = found.add(digest(puzzle.board), place, puzzle.board)
            if merged is not None:
                merged.add(puzzle, place, first)
        if merged is not None:  # what could not be carried over, said per file
            for text in told(merged.said(), verbosity, places="puzzles"):
                say(text)
    empty = files.without_level_files(skipped)
    for folder in empty:
        failed(folder, ContentError(files.nothing_in(folder, skipped)))
    groups = found.groups()
    repeated = sum(len(places) - 1 for places in groups)
    if arguments.json:
        counts = (read, found.puzzles, repeated, unread, len(skipped), len(empty), errors)
        print(_json_text(document(groups, found, counts)))
    else:
        for places in groups:
            print(escaped(group_line(places, every=verbosity == EACH)))
        print(
            escaped(
                f"{read} file{'s' * (read != 1)}, {found.puzzles} puzzles: "
                f"{len(groups)} occur more than once ({repeated} repeats)"
                + (f"; {unread} file{'s' * (unread != 1)} could not be read" if unread else "")
                + (f"; {errors} error{'s' * (errors != 1)}, puzzles left out" if errors else "")
                + (f"; {len(skipped)} skipped as not level files" if skipped else "")
                + (f"; {len(empty)} folder{'s' * (len(empty) != 1)} without any" if empty else "")
            )
        )
    if merged is None or target is None:
        return 1 if groups or unread or empty or errors else 0
    if unread or errors or empty or not read:
        why = (
            "some files could not be read"
            if unread
            else "some puzzles could not be read"
            if errors
            else "a folder holds no level file"
            if empty
            else "no level file was read"
        )
        # Beside the JSON document, not in it.
        where = sys.stderr if arguments.json else sys.stdout
        print(escaped(f"sokfmt: {arguments.output} not written: {why}"), file=where)
        return 1
    try:
        text = text_of(
            merged.collection(),
            target,
            rle=False,
            lossy=arguments.lossy,
            classic=False,
            remedy="--lossy drops",
        )
        write_text(arguments.output, text)
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


def group_line(places: list[Place], every: bool = False) -> str:
    """A group as a line of text: how many times, and the first `SHOWN`
    places (then how many more), so that a line stays readable when a
    puzzle occurs hundreds of times; `every` place with --verbose."""
    named = ", ".join(map(str, places if every else places[:SHOWN]))
    more = len(places) - SHOWN
    return f"{len(places)} times: {named}" + (f" and {more} more" if more > 0 and not every else "")


def document(
    groups: list[list[Place]], found: Repeats, counts: tuple[int, int, int, int, int, int, int]
) -> dict[str, Any]:
    """The JSON report: each group's places, each with the symmetry that maps
    its board onto the first's, and the summary's counts (files read,
    puzzles, repeats, files unread, skipped, folders without level files,
    errors of the files read, whose puzzles were left out)."""
    read, puzzles, repeats, unread, skipped, empty, errors = counts
    return {
        "groups": [
            [
                {
                    "file": display_name(place.file),
                    "number": place.number,
                    "title": place.title,
                    "symmetry": found.symmetry(place),
                }
                for place in places
            ]
            for places in groups
        ],
        "summary": {
            "files": read,
            "puzzles": puzzles,
            "groups": len(groups),
            "repeats": repeats,
            "unread": unread,
            "skipped": skipped,
            "folders_without_level_files": empty,
            "errors": errors,
        },
    }


def tell(path: str, problems: list[Diagnostic], verbosity: str) -> int:
    """Print the `problems` of the file `path` on standard error, in input
    order: each error (with its code, as check gives it), and the warnings
    as every command tells them; how many errors there are."""
    said = []
    for problem in sorted(problems, key=lambda p: (p.line, p.column)):
        what = f"{problem.code} {problem.message}"
        if problem.severity == "error":
            said.append(Said(f"sokfmt: {path}:{problem.line}:{problem.column}: error: {what}"))
        else:
            said.append(warned(path, what, str(problem.line)))
    for text in told(said, verbosity):
        say(text)
    return sum(problem.severity == "error" for problem in problems)


def _json_text(data: object) -> str:
    text = json.dumps(data, indent=1, ensure_ascii=False)
    if unwritable(text):  # JSON's own escapes say the same in ASCII
        text = json.dumps(data, indent=1)
    return text


def digest(board: Board) -> bytes:
    """16 bytes that stand for the puzzle of `board` (its canonical board and
    tessellation): what dedup keeps of every board, instead of the board."""
    canonical = transform.canonical(board)
    text = "\n".join((canonical.tessellation.value, *canonical.cells))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


class Repeats:
    """The puzzles read so far, by digest: where each first occurs, and where
    it occurs again; with `symmetries`, how each repeat maps onto the first
    (for which the first board of each digest is kept, as its rows)."""

    def __init__(self, symmetries: bool = False) -> None:
        self.puzzles = 0
        self._first: dict[bytes, int] = {}  # digest -> index in _places
        self._places: list[Place] = []
        self._again: dict[int, list[Place]] = {}
        self._boards: list[str] | None = [] if symmetries else None  # by index in _places
        self._symmetries: dict[Place, dict[str, Any] | None] = {}

    def add(self, key: bytes, place: Place, board: Board | None = None) -> Place | None:
        """Count the puzzle of digest `key` at `place` (its `board`, when
        symmetries are wanted); where it first occurs when this is a
        repeat, else None."""
        self.puzzles += 1
        index = self._first.setdefault(key, len(self._places))
        if index == len(self._places):
            self._places.append(place)
            if self._boards is not None and board is not None:
                self._boards.append("\n".join(board.cells))
            return None
        self._again.setdefault(index, []).append(place)
        if self._boards is not None and board is not None:
            first = Board(board.tessellation, tuple(self._boards[index].split("\n")))
            self._symmetries[place] = _symmetry(board, first)
        return self._places[index]

    def symmetry(self, place: Place) -> dict[str, Any] | None:
        """How the board at `place` maps onto the first of its group: the
        identity for the first itself; None when no symmetry maps its
        pushers onto the first's too (several pushers standing elsewhere)."""
        if place in self._symmetries:
            return self._symmetries[place]
        return {"turns": 0, "mirror": False}

    def groups(self) -> list[list[Place]]:
        """The places of each puzzle that occurs more than once, in file order."""
        return [[self._places[i], *places] for i, places in sorted(self._again.items())]


class Merge:
    """The collection --keep first writes: every puzzle where it first
    occurs, with the saved games of its repeats carried over."""

    def __init__(self) -> None:
        self._notes: Collection | None = None  # the first file's, without its puzzles
        self._kept: dict[Place, Puzzle] = {}
        self._said: list[Said] = []  # the saved games not carried over, since `said`

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
            kept = _with_games_of(self._kept[first], first, puzzle, place, self._said)
            self._kept[first] = kept

    def said(self) -> list[Said]:
        """The warnings about saved games not carried over since the last call."""
        said, self._said = self._said, []
        return said

    def collection(self) -> Collection:
        notes = self._notes if self._notes is not None else Collection()
        return notes.with_puzzles(*self._kept.values())


def _symmetry(board: Board, first: Board) -> dict[str, Any] | None:
    """The (turns, mirror) of `sokfmt.transform.transformed` that turns
    `board` into `first`, as JSON; None when there is none."""
    from ..carry import isometry

    mapping = isometry(board, first)
    if mapping is None:
        return None
    turns, mirror = mapping.symmetry
    return {"turns": turns, "mirror": mirror}


def _with_games_of(
    kept: Puzzle, first: Place, repeat: Puzzle, place: Place, said: list[Said]
) -> Puzzle:
    """`kept` with the saved games of `repeat` (the same puzzle at `place`)
    turned onto its board; a game it has already (the same moves once
    turned), or one that cannot be carried, is a warning put in `said`
    (told with those of its file that fail for the same reason)."""
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
            why = str(error)
            said.append(
                Said(f"{what} not carried over to {first}: {why}", (place.file, why), _at(place))
            )
            continue
        if (moved.solving_mode, moved.steps) in known:
            why = "which has the same moves"
            said.append(
                Said(f"{what} not carried over to {first}, {why}", (place.file, why), _at(place))
            )
            continue
        added.append(moved)
    return kept.with_games(*added)


def _at(place: Place) -> str:
    """A place within its file, as a line of warnings alike names it."""
    return f"#{place.number}" + (f" {place.title!r}" if place.title else "")
