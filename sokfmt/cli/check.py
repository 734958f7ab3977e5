"""sokfmt check: every problem of each file (or of every level file in a
folder), as FILE:LINE:COL: severity: CODE message."""

from __future__ import annotations

import argparse
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from ..errors import Diagnostic, ParseError
from ..tessellation import Tessellation
from .files import (
    FILE_ERRORS,
    FORMATS,
    NotALevelFile,
    UsageError,
    add_tessellation_option,
    input_format,
    load,
    message,
)
from .output import escaped
from .walk import add_jobs_option, level_files, run_each, tick

#: The formats check reads: those with lines and columns to report.
CHECKED = tuple(name for name in FORMATS if name != "json")


@dataclass(frozen=True)
class Problem:
    """One finding about a file: an error (it cannot be read) or a warning."""

    file: str
    line: int
    column: int
    severity: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {self.severity}: {self.message}"


def register(commands: Any) -> None:
    command = commands.add_parser(
        "check",
        help="report every error and warning of level files",
        description="Parse each file and print its problems as FILE:LINE:COL: error|warning: "
        "CODE message. Saved games are replayed on their boards: a step that cannot be "
        "played is an error at its letter, a solution (by title) that does not solve a "
        "warning. A folder stands for every level file under it. Exit status 0 when no "
        "file has an error, 1 otherwise.",
    )
    command.add_argument("files", nargs="+", metavar="FILE", help="a level file, or a folder")
    command.add_argument("--format", choices=CHECKED, help="read every file in this format")
    add_tessellation_option(command)
    command.add_argument(
        "--no-replay",
        dest="replay",
        action="store_false",
        help="do not replay the saved games (read and check the text only)",
    )
    add_jobs_option(command, "check")
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    found = level_files(arguments.files, CHECKED)
    tasks = [(path, path in found.in_folder) for path in found.files]
    problems: list[Problem] = []
    skipped: set[str] = set()
    options = (arguments.format, arguments.replay, arguments.tessellation)
    with closing(run_each(check_file, tasks, options, arguments.jobs)) as results:
        for (path, _), result in zip(tasks, results, strict=True):
            if result is None:
                skipped.add(path)
            else:
                problems += result
    for folder in found.without_level_files(skipped):
        problems.append(Problem(folder, 0, 0, "error", found.nothing_in(folder, skipped)))
    for problem in problems:
        print(escaped(str(problem)))
    errors = sum(problem.severity == "error" for problem in problems)
    warnings = len(problems) - errors
    files = len(found.files) - len(skipped)
    print(
        f"{files} file{'s' * (files != 1)} checked: "
        f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
        + (f"; {len(skipped)} skipped as not level files" if skipped else "")
    )
    return 1 if errors else 0


def check_file(
    path: str,
    in_folder: bool,
    chosen: str | None,
    replay: bool = True,
    tessellation: Tessellation | None = None,
) -> list[Problem] | None:
    """The problems of one file; whatever goes wrong with it is one of them.
    None for a file found `in_folder` that is clearly not a level file."""
    found: list[Diagnostic] = []
    try:
        format = input_format(path, chosen)
        if format not in CHECKED:
            return [Problem(path, 0, 0, "error", f"check reads {', '.join(CHECKED)} files")]
        load(
            path,
            format,
            tessellation,
            diagnostics=found,
            replay=replay,
            on_puzzle=lambda _: tick(path),
            in_folder=in_folder,
        )
    except NotALevelFile:
        return None
    except ParseError as error:  # what the reader could not get past
        if error.diagnostic() not in found:
            found.append(error.diagnostic())
    except (*FILE_ERRORS, UsageError) as error:
        return [Problem(path, 0, 0, "error", message(error))]
    return [
        Problem(path, d.line, d.column, d.severity, f"{d.code} {d.message}")
        for d in sorted(found, key=lambda d: (d.line, d.column))
    ]
