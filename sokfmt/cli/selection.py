"""--puzzle SPEC: which puzzles of a collection a command works on.

A SPEC is a position ("5": the fifth puzzle of the file, counted from 1,
whatever the titles say), a range of positions ("3-7", both ends
included), or "title:TEXT" (every puzzle whose title is exactly TEXT).
The option may be repeated; the puzzles chosen are taken once each, in
file order.  A SPEC that is malformed, or that names a position the file
does not have or a title no puzzle has, is a usage error: nothing is
quietly left out.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..puzzle import Puzzle
from .files import UsageError

#: "title:" before a title; anything else is a position or a range.
TITLE = "title:"

_NUMBERS = re.compile("([0-9]+)(?:-([0-9]+))?")

#: Positions longer than this are past the end of any collection (and
#: Python refuses to turn more than 4,300 digits into a number).
_MOST_DIGITS = 18


@dataclass(frozen=True, slots=True)
class Spec:
    """One --puzzle SPEC: the positions `first` to `last` (from 1), or,
    when `title` is not None, the puzzles of that exact title.  `text` is
    the SPEC as written, for messages."""

    text: str
    first: int = 0
    last: int = 0
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Chosen:
    """A puzzle chosen, with its position in the file (from 1)."""

    number: int
    puzzle: Puzzle


def parse_spec(text: str) -> Spec:
    """The SPEC `text` of a --puzzle option.

    Raises:
        UsageError: not a position, a range A-B with A <= B, or title:TEXT.
    """
    if text.startswith(TITLE):
        return Spec(text, title=text[len(TITLE) :])
    found = _NUMBERS.fullmatch(text) if text.isascii() else None
    if found is None:
        raise UsageError(
            f"--puzzle {text!r}: expected a position from 1 (5), a range (3-7) or "
            f"title:TEXT (title:{text})"
        )
    if any(len(part.lstrip("0")) > _MOST_DIGITS for part in found.groups("")):
        raise UsageError(f"--puzzle {text}: no file holds that many puzzles")
    first = int(found[1])
    last = int(found[2]) if found[2] else first
    if first < 1:
        raise UsageError(f"--puzzle {text}: positions count from 1")
    if last < first:
        raise UsageError(f"--puzzle {text}: a range runs from the lower position to the higher")
    return Spec(text, first, last)


def spec_argument(text: str) -> Spec:
    """`parse_spec` as argparse's `type`: a malformed SPEC is its usage error."""
    try:
        return parse_spec(text)
    except UsageError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_puzzle_option(command: argparse.ArgumentParser, what: str) -> None:
    """--puzzle SPEC, repeatable; `what` says what the command does with
    the puzzles chosen."""
    command.add_argument(
        "--puzzle",
        dest="puzzles",
        action="append",
        type=spec_argument,
        default=[],
        metavar="SPEC",
        help=f"{what}: a position from 1 (5), a range (3-7) or title:TEXT (the exact title); "
        "repeatable",
    )


def select(puzzles: Sequence[Puzzle], specs: Sequence[Spec]) -> tuple[Chosen, ...]:
    """The puzzles of `specs` (all of them when there is none), each once,
    in file order.

    Raises:
        UsageError: a SPEC chooses no puzzle, or names a position past the
            last.
    """
    if not specs:
        return tuple(Chosen(number, puzzle) for number, puzzle in enumerate(puzzles, start=1))
    chosen: set[int] = set()  # positions from 1
    for spec in specs:
        chosen |= _positions(puzzles, spec)
    return tuple(Chosen(number, puzzles[number - 1]) for number in sorted(chosen))


def _positions(puzzles: Sequence[Puzzle], spec: Spec) -> set[int]:
    """The positions `spec` chooses.

    Raises:
        UsageError: none, or one past the last.
    """
    if spec.title is not None:
        found = {n for n, puzzle in enumerate(puzzles, start=1) if puzzle.title == spec.title}
        if not found:
            raise UsageError(f"--puzzle {spec.text}: no puzzle is titled {spec.title!r}")
        return found
    if spec.last > len(puzzles):
        held = f"{len(puzzles)} puzzle{'s' * (len(puzzles) != 1)}" if puzzles else "no puzzle"
        raise UsageError(f"--puzzle {spec.text}: the file holds {held}")
    return set(range(spec.first, spec.last + 1))


def refuse_for_lev(specs: Sequence[Spec]) -> None:
    """A .lev file is one sliding-block puzzle: nothing to choose among.

    Raises:
        UsageError: `specs` were given.
    """
    if specs:
        raise UsageError(
            "--puzzle chooses among the puzzles of a collection, and a .lev file "
            "holds one sliding-block puzzle"
        )
