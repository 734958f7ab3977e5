"""sokfmt check: every problem of each file (or of every level file in a
folder), as FILE:LINE:COL: severity: CODE message, as one JSON document, or
as GitHub Actions annotations (see `report`)."""

from __future__ import annotations

import argparse
from bisect import bisect_right
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from ..errors import Diagnostic, ParseError
from ..lev import LevPuzzle
from ..puzzle import Puzzle
from ..tessellation import Tessellation
from .files import (
    FILE_ERRORS,
    FORMATS,
    USAGE_ERROR,
    NotALevelFile,
    UsageError,
    add_tessellation_option,
    input_format,
    load,
    message,
)
from .grouping import add_warning_options
from .output import escaped, say
from .report import REPORTS, Problem, printed
from .selection import Spec, add_puzzle_option, refuse_for_lev, select
from .walk import add_jobs_option, level_files, run_each, tick

#: The formats check reads: every one (JSON's problems are placed in its
#: text too; JSON that is not a collection or .lev puzzle at all is a
#: problem of the file, without a line).
CHECKED = FORMATS

#: The severity of a `Problem` that is not the file's but the command
#: line's: --puzzle chooses nothing in it (exit status 2).
MISUSE = "usage"


def register(commands: Any) -> None:
    command = commands.add_parser(
        "check",
        help="report every error and warning of level files",
        description="Parse each file and print its problems as FILE:LINE:COL: error|warning: "
        "CODE message (or, with --format json, one JSON document; with --format github, "
        "GitHub Actions annotations). Saved games are replayed on their boards: a step that "
        "cannot be played is an error at its letter, a solution (by title) that does not "
        "solve a warning. A folder stands for every level file under it. With --puzzle, the "
        "problems of the puzzles chosen in each file (those of the file's notes go with its "
        "first puzzle), and those after its last puzzle. Exit status 0 when no file has an "
        "error, 1 otherwise, 2 on a usage error.",
    )
    command.add_argument("files", nargs="+", metavar="FILE", help="a level file, or a folder")
    command.add_argument(
        "--format",
        dest="report",
        type=_report_format,
        default="text",
        metavar="{" + ",".join(REPORTS) + "}",
        help="how to print the problems (default text)",
    )
    command.add_argument(
        "--from", dest="source", choices=CHECKED, help="read every file in this format"
    )
    add_puzzle_option(command, "report only the problems of these puzzles")
    add_tessellation_option(command)
    command.add_argument(
        "--no-replay",
        dest="check_games",
        action="store_false",
        help="do not replay the saved games (read and check the text only)",
    )
    add_jobs_option(command, "check")
    add_warning_options(command)
    command.set_defaults(run=run)


def _report_format(name: str) -> str:
    """--format: a way to print the problems; an input format (what the
    option meant before 0.2) is named with --from."""
    if name in REPORTS:
        return name
    if name in CHECKED:
        raise argparse.ArgumentTypeError(
            f"--format chooses how problems are printed ({', '.join(REPORTS)}); "
            f"name the format of the files with --from {name}"
        )
    raise argparse.ArgumentTypeError(f"invalid choice: {name!r} (choose from {', '.join(REPORTS)})")


def run(arguments: argparse.Namespace) -> int:
    found = level_files(arguments.files, CHECKED)
    tasks = [(path, path in found.in_folder) for path in found.files]
    problems = [Problem(path, 0, 0, "warning", "", why) for path, why in found.unreachable.items()]
    misused: list[Problem] = []
    checked: dict[str, int] = {}
    skipped: dict[str, str] = {}
    options = (
        arguments.source,
        arguments.check_games,
        arguments.tessellation,
        arguments.puzzles,
    )
    with closing(run_each(check_file, tasks, options, arguments.jobs)) as results:
        for (path, _), result in zip(tasks, results, strict=True):
            if result.skipped:
                skipped[path] = result.skipped
            elif any(problem.severity == MISUSE for problem in result.problems):
                misused += result.problems  # not checked: the command line is at fault
            else:
                checked[path] = result.puzzles
                problems += result.problems
    for folder in found.without_level_files(set(skipped)):
        problems.append(Problem(folder, 0, 0, "error", "", found.nothing_in(folder, set(skipped))))
    printed(arguments.report, problems, checked, skipped, arguments.verbosity)
    for problem in misused:  # after the report, where a reader of the terminal sees it
        say(escaped(f"sokfmt: {problem.file}: {problem.message}"))
    if misused:
        return USAGE_ERROR
    return 1 if any(problem.severity == "error" for problem in problems) else 0


@dataclass(frozen=True)
class Checked:
    """What checking a file found: its `problems`, and how many `puzzles`
    it holds (those read); or why it was `skipped`, clearly not a level
    file ("" when it was checked)."""

    problems: list[Problem]
    puzzles: int = 0
    skipped: str = ""


def check_file(
    path: str,
    in_folder: bool,
    chosen: str | None,
    check_games: bool = True,
    tessellation: Tessellation | None = None,
    specs: tuple[Spec, ...] | list[Spec] = (),
) -> Checked:
    """The problems of one file (of the puzzles `specs` choose, as `_Read`
    tells them); whatever goes wrong with it is one of them, and a
    SPEC that chooses nothing in it is a problem of severity `MISUSE`.
    A file found `in_folder` that is clearly not a level file is skipped."""
    found: list[Diagnostic] = []
    read = _Read(path)

    def alone(severity: str, text: str) -> Checked:
        return Checked([Problem(path, 0, 0, severity, "", text)], len(read.puzzles))

    try:
        format = input_format(path, chosen)
        if format not in CHECKED:
            return alone("error", f"check reads {', '.join(CHECKED)} files")
        if format == "lev" and specs:
            try:
                refuse_for_lev(specs)
            except UsageError as error:
                return alone(MISUSE, str(error))
        item = load(
            path,
            format,
            tessellation,
            diagnostics=found,
            check_games=check_games,
            on_puzzle=lambda puzzle: read.add(puzzle, len(found)),
            in_folder=in_folder,
        )
        if isinstance(item, LevPuzzle):
            read.lev = True
    except NotALevelFile as error:
        return Checked([], skipped=str(error))
    except ParseError as error:  # what the reader could not get past
        if error.diagnostic() not in found:
            found.append(error.diagnostic())
    except (*FILE_ERRORS, UsageError) as error:
        return alone("error", message(error))
    try:
        found = read.of_puzzles(found, specs)
    except UsageError as error:
        return alone(MISUSE, str(error))
    problems = [
        Problem(path, d.line, d.column, d.severity, d.code, d.message)
        for d in sorted(found, key=lambda d: (d.line, d.column))
    ]
    return Checked(problems, 1 if read.lev else len(read.puzzles))


class _Read:
    """The puzzles of a file as the reader hands them on, each with how
    many problems were found before it: those are its own and those of
    the text before it (the file's notes go with the first puzzle, a board
    that cannot be read with the next one); the problems found after the
    last puzzle are the file's."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.puzzles: list[Puzzle] = []
        self.bounds: list[int] = []
        self.lev = False  # a .lev puzzle, read whole (its reader hands on no puzzle)

    def add(self, puzzle: Puzzle, problems: int) -> None:
        self.puzzles.append(puzzle)
        self.bounds.append(problems)
        tick(self.path)

    def of_puzzles(self, found: list[Diagnostic], specs: Sequence[Spec]) -> list[Diagnostic]:
        """The problems of `found` (in the order found) that go with the
        puzzles `specs` choose, or with none; all of them without `specs`.

        Raises:
            UsageError: a SPEC chooses nothing.
        """
        if not specs:
            return found
        chosen = {each.number for each in select(self.puzzles, specs)}
        last = len(self.puzzles)
        kept = []
        for index, problem in enumerate(found):
            number = bisect_right(self.bounds, index) + 1  # from 1; past the last: the file's
            if number > last or number in chosen:
                kept.append(problem)
        return kept
