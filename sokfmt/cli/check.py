"""sokfmt check: every problem of each file, as FILE:LINE:COL: severity: message."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from .._files import read_text
from .._sok import parse_with_lines
from ..errors import ParseError, ValidationError
from ..formats import parse_lev
from ..geometry import is_closed
from ..puzzle import Collection, Puzzle
from ..tessellation import Tessellation
from .files import FILE_ERRORS, FORMATS, UsageError, format_of, message, opened
from .text import Progress


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
        "message. Exit status 0 when no file has an error, 1 otherwise.",
    )
    command.add_argument("files", nargs="+", metavar="FILE")
    command.add_argument("--format", choices=FORMATS, help="read every file in this format")
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    problems: list[Problem] = []
    progress = Progress(len(arguments.files))
    for done, path in enumerate(arguments.files, start=1):
        progress.update(done - 1, path)
        problems += check_file(path, arguments.format)
    progress.update(len(arguments.files), "")
    progress.close()
    for problem in problems:
        print(problem)
    errors = sum(problem.severity == "error" for problem in problems)
    warnings = len(problems) - errors
    files = len(arguments.files)
    print(
        f"{files} file{'s' * (files != 1)} checked: "
        f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    )
    return 1 if errors else 0


def check_file(path: str, chosen: str | None) -> list[Problem]:
    """The problems of one file; whatever goes wrong with it is one of them."""
    try:
        format = format_of(path, chosen)
        if format == "json":
            return [Problem(path, 0, 0, "error", "check reads .sok, .xsb, .txt and .lev files")]
        with opened(path) as file:
            text = read_text(file)
        if format == "lev":
            puzzle = parse_lev(text)
            return [
                Problem(
                    path,
                    section.line,
                    1,
                    "warning",
                    f"unknown section {section.keyword!r} kept as it is",
                )
                for section in puzzle.unknown
            ]
        collection, lines = parse_with_lines(text, Tessellation.SOKOBAN)
    except ParseError as error:
        return [Problem(path, error.line, error.column, "error", error.message)]
    except (*FILE_ERRORS, UsageError) as error:
        return [Problem(path, 0, 0, "error", message(error))]
    return _collection_warnings(path, collection, lines)


def _collection_warnings(path: str, collection: Collection, lines: list[int]) -> list[Problem]:
    problems = []
    for number, (puzzle, line) in enumerate(zip(collection.puzzles, lines, strict=True), start=1):
        for warning in puzzle_warnings(puzzle):
            name = f"puzzle {number}" + (f" {puzzle.title!r}" if puzzle.title else "")
            problems.append(Problem(path, line, 1, "warning", f"{name}: {warning}"))
    return problems


def puzzle_warnings(puzzle: Puzzle) -> list[str]:
    """What is odd about a puzzle that reads well."""
    board = puzzle.board
    found = []
    boxes, goals = len(board.boxes), len(board.goals)
    if boxes != goals:
        found.append(f"{boxes} box{'es' * (boxes != 1)} but {goals} goal{'s' * (goals != 1)}")
    if not board.pushers:
        found.append("no pusher")
    elif not is_closed(board):
        found.append("not closed by walls: a pusher can walk off the board")
    try:
        puzzle.sokoban_plus()
    except ValidationError as error:
        found.append(f"Sokoban+: {error}")
    return found
