"""How check prints the problems it found: as text for people, as one JSON
document for programs, or as GitHub Actions annotations for CI.

- text: ``FILE:LINE:COL: severity: CODE message`` per problem, then a
  summary line.
- json: ``{"diagnostics": [...], "files": [...], "summary": {...}}``
  (README shows one); a problem that is not at a place in a file (the file
  cannot be read) has null for its line, column and code.
- github: ``::error file=F,line=L,col=C,title=CODE::message`` per problem
  (``::warning`` for a warning), escaped as GitHub's workflow commands
  require, then the summary line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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


def printed(report: str, problems: Sequence[Problem], files: Sequence[str], skipped: int) -> None:
    """Print `problems`, found in the `files` checked (`skipped` others were
    not level files), in the way `report` names."""
    if report == "json":
        print(_json_text(document(problems, files, skipped)))
        return
    for problem in problems:
        print(escaped(annotation(problem) if report == "github" else str(problem)))
    print(summary(problems, len(files), skipped))


def summary(problems: Sequence[Problem], files: int, skipped: int) -> str:
    """The last line of the text: files checked, errors and warnings."""
    errors = sum(problem.severity == "error" for problem in problems)
    warnings = len(problems) - errors
    return (
        f"{files} file{'s' * (files != 1)} checked: "
        f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
        + (f"; {skipped} skipped as not level files" if skipped else "")
    )


def document(problems: Sequence[Problem], files: Sequence[str], skipped: int) -> dict[str, Any]:
    """The JSON report: every problem, the counts of each file (those
    checked, then any other a problem is about: a folder without level
    files), and the summary."""
    counts: dict[str, dict[str, int]] = {}
    for path in [*files, *(problem.file for problem in problems)]:
        counts.setdefault(path, {"errors": 0, "warnings": 0})
    for problem in problems:
        counts[problem.file]["errors" if problem.severity == "error" else "warnings"] += 1
    errors = sum(count["errors"] for count in counts.values())
    return {
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
        "summary": {
            "files": len(files),
            "errors": errors,
            "warnings": len(problems) - errors,
            "skipped": skipped,
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
