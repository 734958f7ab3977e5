"""What the readers share: where the puzzles they build go, whether the
content checks run, and where a warning goes (the one rule of every reader:
the caller's `diagnostics` list, else Python's `warnings`)."""

from __future__ import annotations

from collections.abc import Callable

from .errors import Diagnostic, warn
from .puzzle import Puzzle


def collector(
    puzzles: list[Puzzle], on_puzzle: Callable[[Puzzle], object] | None
) -> Callable[[Puzzle], None]:
    """A sink that keeps each puzzle in `puzzles` and, if given, hands it to
    `on_puzzle` (a progress bar's hook) as soon as it is read."""
    if on_puzzle is None:
        return puzzles.append

    def sink(puzzle: Puzzle) -> None:
        puzzles.append(puzzle)
        on_puzzle(puzzle)

    return sink


def content_checked(check_content: bool | None, diagnostics: list[Diagnostic] | None) -> bool:
    """Whether the content checks run: as the caller asked, and by default
    when it keeps diagnostics (a linter's reading, not a program's)."""
    return diagnostics is not None if check_content is None else bool(check_content)


def report(problem: Diagnostic, diagnostics: list[Diagnostic] | None) -> None:
    """A problem where the caller chose: appended to `diagnostics`, else (a
    warning: without a list, an error is raised instead) a `SokfmtWarning`
    at the caller's line, its line in the text first, as the command reads
    it back."""
    if diagnostics is not None:
        diagnostics.append(problem)
    else:
        warn(f"line {problem.line}: {problem.code} {problem.message}")
