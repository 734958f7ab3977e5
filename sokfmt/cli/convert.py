"""sokfmt convert: a file, or every level file of a folder, into another format."""

from __future__ import annotations

import argparse
import os
from contextlib import closing
from pathlib import Path
from typing import Any

from ..files import FILE_FORMATS, file_format, text_of
from ..lev import LevPuzzle
from ..puzzle import Collection
from ..tessellation import Tessellation
from .files import (
    FILE_ERRORS,
    FORMATS,
    ContentError,
    NotALevelFile,
    UsageError,
    add_tessellation_option,
    failed,
    format_of,
    input_format,
    load,
    message,
    warned,
)
from .grouping import GROUPED, add_warning_options, told
from .naming import Renamed, output_names, settled
from .output import escaped, say, write_text
from .selection import Spec, add_puzzle_option, refuse_for_lev, select
from .walk import add_jobs_option, level_files, run_each, tick


def register(commands: Any) -> None:
    command = commands.add_parser(
        "convert",
        help="convert level files between formats",
        description="Convert IN to OUT, each format chosen by its extension (or --from/--to); "
        "'-' is standard input or output. When IN is a folder, every level file under it "
        "that the --to format can hold is converted into the folder OUT, keeping its path "
        "(files that would share a name, or have a folder's, keep their own extension "
        "before the new one: x.json.sok beside x.sok). "
        ".sok, .xsb, .hsb, .tsb, .slc and .json hold collections; .lev and .json hold "
        "sliding-block puzzles. A conversion that would lose information (saved games into "
        ".xsb or .slc, the notes of puzzles into .slc...) is refused, naming what, unless "
        "--lossy. With --puzzle, only the puzzles chosen are written (with the collection's "
        "notes).",
    )
    command.add_argument("input", metavar="IN", help="a file, '-', or a folder")
    command.add_argument("output", metavar="OUT", help="a file, '-', or a folder (IN a folder)")
    command.add_argument("--from", dest="source", choices=FORMATS, help="the format of IN")
    command.add_argument("--to", dest="target", choices=FORMATS, help="the format of OUT")
    command.add_argument("--rle", action="store_true", help="run-length encode boards")
    command.add_argument(
        "--classic",
        action="store_true",
        help="draw boards as classic files do: blanks for floor, no floor at the end of rows",
    )
    command.add_argument(
        "--lossy",
        action="store_true",
        help="drop what the format of OUT has no place for (saved games in .xsb, ...)",
    )
    add_puzzle_option(command, "write only these puzzles of IN (a file)")
    add_jobs_option(command, "for a folder, convert")
    add_tessellation_option(command)
    add_warning_options(command)
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    if arguments.input != "-" and os.path.isdir(arguments.input):
        return _run_folder(arguments)
    # Each failure names the file it is about: IN, OUT, or neither.
    path = None
    try:
        source = input_format(arguments.input, arguments.source, "--from")
        target = format_of(arguments.output, arguments.target, "--to")
        path = arguments.input
        item = load(arguments.input, source, arguments.tessellation, verbosity=arguments.verbosity)
        # What cannot be converted is about what IN holds.
        path = arguments.input if arguments.input != "-" else None
        item = _chosen(item, arguments.puzzles)
        text = converted(item, target, arguments.rle, arguments.lossy, arguments.classic)
        path = arguments.output
        write_text(arguments.output, text)
    except (*FILE_ERRORS, UsageError) as error:
        return failed(path, error)
    return 0


def _run_folder(arguments: argparse.Namespace) -> int:
    """Every level file under IN that the target format can hold, into OUT."""
    if not arguments.target:
        return failed(None, UsageError("name the format of the files to write with --to"))
    if arguments.puzzles:
        return failed(None, UsageError("--puzzle chooses puzzles of a file, and IN is a folder"))
    target = arguments.target
    if arguments.output == "-" or Path(arguments.output).is_file():
        return failed(
            None, UsageError(f"converting a folder writes into a folder, not {arguments.output!r}")
        )
    holds = _sources_for(target)
    found = level_files([arguments.input], FORMATS)
    unreachable = [warned(path, why) for path, why in found.unreachable.items()]
    for line in told(unreachable, arguments.verbosity):
        say(escaped(line))
    paths = [path for path in found.files if file_format(path).name in holds]
    extension = file_format(name=target).extensions[0]
    relative = [Path(path).relative_to(arguments.input) for path in paths]
    # A file skipped or failed claims no name, so only the files whose name
    # cannot depend on the others are written as they come; the rest wait.
    at_once = settled(relative, extension)
    options = (
        target,
        arguments.rle,
        arguments.lossy,
        arguments.classic,
        arguments.tessellation,
        arguments.verbosity,
    )
    failures = 0
    skipped: set[str] = set()
    tasks = [(path,) for path in paths]
    done: list[int] = []  # the indexes of the files converted
    waiting: dict[int, str] = {}
    with closing(run_each(convert_file, tasks, options, arguments.jobs)) as results:
        for index, (source, (problem, text)) in enumerate(zip(paths, results, strict=True)):
            if problem is None:
                skipped.add(source)
                continue
            if problem:
                say(problem)
                failures += 1
                continue
            # Converted: it claims its name (even should writing it fail, as
            # its folder may be made already).
            done.append(index)
            if index not in at_once:
                waiting[index] = text
            # Written here rather than in a worker, which Ctrl-C ends at once:
            # here, an interrupted write_text removes what it began.
            elif problem := _written(_usual(arguments.output, relative[index], extension), text):
                say(problem)
                failures += 1
    names, renamed = output_names([relative[i] for i in done], extension)
    written_as: list[str] = []
    for position, (index, name) in enumerate(zip(done, names, strict=True)):
        if index not in waiting:
            continue  # written already, under its usual name
        if problem := _written(str(Path(arguments.output) / name), waiting.pop(index)):
            say(problem)
            failures += 1
        elif position in renamed:
            written_as.append(_renaming(renamed[position], arguments.input, arguments.output))
    for line in written_as:
        print(escaped(line))
    if found.without_level_files(skipped):
        return failed(arguments.input, ContentError(found.nothing_in(arguments.input, skipped)))
    converted = len(paths) - len(skipped)
    other = len(found.files) - len(paths)
    print(
        escaped(
            f"{converted - failures} of {converted} files converted to .{target} in "
            f"{arguments.output}"
            + (f"; {other} skipped (their format cannot become .{target})" if other else "")
            + (f"; {len(skipped)} skipped as not level files" if skipped else "")
            + (
                f"; {len(written_as)} written under another name, keeping their extension"
                if written_as
                else ""
            )
        )
    )
    return 1 if failures else 0


def _usual(output: str, relative: Path, extension: str) -> str:
    """The path in the folder `output` of a file `relative` to the folder
    read, under its usual name (`output_names`)."""
    return str(Path(output) / relative.with_suffix(extension))


def _renaming(renamed: Renamed, input: str, output: str) -> str:
    """The line that says where a file of the folder `input` was written in
    `output` instead of its usual name, and why."""
    others = ", ".join(str(Path(input) / other) for other in renamed.others)
    why = f"the folder {others}" if renamed.folder else f"{others} converted too"
    return (
        f"{Path(input) / renamed.source} written as {Path(output) / renamed.written} "
        f"(not {Path(output) / renamed.usual}, the name of {why})"
    )


def _chosen(item: Collection | LevPuzzle, specs: list[Spec]) -> Collection | LevPuzzle:
    """The collection with only the puzzles `specs` choose (its notes kept),
    or `item` itself without `specs`.

    Raises:
        UsageError: a SPEC chooses nothing, or `item` is a .lev puzzle.
    """
    if isinstance(item, LevPuzzle):
        refuse_for_lev(specs)
        return item
    if not specs:
        return item
    return item[:0].with_puzzles(*(each.puzzle for each in select(item.puzzles, specs)))


def _written(output: str, text: str) -> str:
    """Write `text` as `output`; "" when done, else what to print about it."""
    try:
        Path(output).parent.mkdir(parents=True, exist_ok=True)
        write_text(output, text)
    except OSError as error:
        return f"sokfmt: {output}: error: {message(error)}"
    return ""


def _sources_for(target: str) -> tuple[str, ...]:
    """The formats whose files can become `target` files: those that hold
    what it holds."""
    holds = set(file_format(name=target).holds)
    return tuple(f.name for f in FILE_FORMATS if holds & set(f.holds))


def convert_file(
    source: str,
    target: str,
    rle: bool,
    lossy: bool,
    classic: bool,
    tessellation: Tessellation | None,
    verbosity: str = GROUPED,
) -> tuple[str | None, str]:
    """Convert one file found in a folder: ("", its text), or (what to print
    about it, ""), or (None, "") when it is clearly not a level file."""
    holds = file_format(name=target).holds
    try:
        format = file_format(source).name
        item = load(
            source,
            format,
            tessellation,
            on_puzzle=lambda _: tick(source),
            in_folder=True,
            verbosity=verbosity,
        )
        if ("lev" if isinstance(item, LevPuzzle) else "collection") not in holds:
            kind = "a sliding-block puzzle" if isinstance(item, LevPuzzle) else "a collection"
            return f"sokfmt: {source}: skipped: {kind}, which .{target} cannot hold", ""
        return "", converted(item, target, rle, lossy, classic)
    except NotALevelFile:
        return None, ""
    except (*FILE_ERRORS, UsageError) as error:
        return f"sokfmt: {source}: error: {message(error)}", ""


def converted(
    item: Collection | LevPuzzle, target: str, rle: bool, lossy: bool, classic: bool
) -> str:
    """The text of `item` in `target`; what it would lose without --lossy
    is refused in the command's words.

    Raises:
        ValidationError: as `dumps`.
    """
    return text_of(item, target, rle=rle, lossy=lossy, classic=classic, remedy="--lossy drops")
