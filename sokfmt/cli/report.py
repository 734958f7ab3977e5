"""How check prints the problems it found: as text for people, as one JSON
document for programs, or as GitHub Actions annotations for CI.

- text: ``FILE:LINE:COL: severity: CODE message`` per problem (the
  warnings of a file that say the same as one line, unless --verbose),
  then a summary line.
- json: ``{"schema_version": 1, "diagnostics": [...], "files": [...],
  "skipped": [...], "summary": {...}}`` (README shows one); a problem that
  is not at a place in a file (the file cannot be read) has null for its
  line, column and code.
- github: ``::error file=F,line=L,col=C,title=CODE::message`` per problem
  (``::warning`` for a warning), escaped as GitHub's workflow commands
  require, then the summary line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .grouping import GROUPED, Said, told
from .output import display_name, escaped, unwritable

#: The ways to print, as --format names them.
REPORTS = ("text", "json", "github")


@dataclass(frozen=True)
class Problem:
    """One finding about a file: an error or a warning, with its code
    ("" for a file that cannot be read at all), at a line and column (0:
    not at a place in the file)."""

    file: str
    line: int
    column: int
    severity: str
    code: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        what = f"{self.code} {self.message}" if self.code else self.message
        return f"{where}: {self.severity}: {what}"


def printed(
    report: str,
    problems: Sequence[Problem],
    files: Mapping[str, int],
    skipped: Mapping[str, str],
    verbosity: str = GROUPED,
) -> None:
    """Print `problems`, found in the `files` checked (each with how many
    puzzles it holds; `skipped` others, with why, were not level files), in
    the way `report` names; text as `verbosity` tells warnings (see
    `grouping`), where the other ways give every problem."""
    if report == "json":
        print(_json_text(document(problems, files, skipped)))
        return
    if report == "github":
        lines = [annotation(problem) for problem in problems]
    else:
        lines = told([_said(problem) for problem in problems], verbosity)
    for line in lines:
        print(escaped(line))
    print(summary(problems, len(files), len(skipped)))


def _said(problem: Problem) -> Said:
    """A problem as text: a warning told with those of its file that say
    the same (its code and message), an error alone."""
    if problem.severity != "warning":
        return Said(str(problem))
    what = (problem.file, problem.code, problem.message)
    return Said(str(problem), what, str(problem.line) if problem.line else "-")


def summary(problems: Sequence[Problem], files: int, skipped: int) -> str:
    """The last line of the text: files checked, errors and warnings."""
    errors = sum(problem.severity == "error" for problem in problems)
    warnings = len(problems) - errors
    return (
        f"{files} file{'s' * (files != 1)} checked: "
        f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
        + (f"; {skipped} skipped as not level files" if skipped else "")
    )


#: The version of the JSON document's layout: it changes when a field goes
#: or changes meaning, not when one is added.
SCHEMA_VERSION = 1


def document(
    problems: Sequence[Problem], files: Mapping[str, int], skipped: Mapping[str, str]
) -> dict[str, Any]:
    """The JSON report: every problem; each file checked, with its puzzles
    and the counts of its problems; each file skipped, with why; and the
    summary.  A problem of no file checked (a folder without level files, a
    symbolic link that leads nowhere) is among the problems and in the
    summary's counts alone."""
    counts = {
        path: {"puzzles": puzzles, "errors": 0, "warnings": 0} for path, puzzles in files.items()
    }
    for problem in problems:
        if problem.file in counts:
            counts[problem.file]["errors" if problem.severity == "error" else "warnings"] += 1
    errors = sum(problem.severity == "error" for problem in problems)
    return {
        "schema_version": SCHEMA_VERSION,
        "diagnostics": [
            {
                "file": display_name(problem.file),
                "line": problem.line or None,
                "column": problem.column or None,
                "severity": problem.severity,
                "code": problem.code or None,
                "message": problem.message,
            }
            for problem in problems
        ],
        "files": [{"file": display_name(path), **count} for path, count in counts.items()],
        "skipped": [{"file": display_name(path), "reason": why} for path, why in skipped.items()],
        "summary": {
            "files": len(files),
            "puzzles": sum(files.values()),
            "errors": errors,
            "warnings": len(problems) - errors,
            "skipped": len(skipped),
        },
    }


def _json_text(data: object) -> str:
    text = json.dumps(data, indent=1, ensure_ascii=False)
    if unwritable(text):  # JSON's own escapes say the same in ASCII
        text = json.dumps(data, indent=1)
    return text


def annotation(problem: Problem) -> str:
    """`problem` as a GitHub Actions workflow command."""
    properties = [("file", display_name(problem.file))]
    if problem.line:
        properties += [("line", str(problem.line)), ("col", str(problem.column))]
    if problem.code:
        properties.append(("title", problem.code))
    command = "error" if problem.severity == "error" else "warning"
    listed = ",".join(f"{key}={escape_property(value)}" for key, value in properties)
    return f"::{command} {listed}::{escape_data(problem.message)}"


def escape_data(text: str) -> str:
    """The message of a workflow command as GitHub reads it back: "%",
    carriage returns and line feeds escaped (@actions/core's escapeData)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A property's value: as `escape_data`, and ":" and "," too, which end
    a value (@actions/core's escapeProperty)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
