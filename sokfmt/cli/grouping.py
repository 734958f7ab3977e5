"""Warnings alike told once: every command that prints warnings for people
(check's text report, and what info, show, convert and dedup say on
standard error) prints one line for the warnings of a file that say the
same thing, with how many there are and the first few places, unless
--verbose asks for each; --quiet prints none.  A collection of 5,000
puzzles with the same doubt gives one line, not 5,000."""

from __future__ import annotations

import argparse
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

#: How many places a line of warnings alike names before "and N more".
SHOWN = 5

#: What --verbose and --quiet set (`arguments.verbosity`): print each
#: warning, one line for warnings alike (the default), or none.
EACH, GROUPED, NONE = "each", "grouped", "none"


def add_warning_options(command: argparse.ArgumentParser) -> None:
    """-v/--verbose and -q/--quiet, into `arguments.verbosity`."""
    chosen = command.add_mutually_exclusive_group()
    chosen.add_argument(
        "-v",
        "--verbose",
        dest="verbosity",
        action="store_const",
        const=EACH,
        default=GROUPED,
        help="print each warning (by default, the warnings of a file that say the same "
        "thing are one line: how many, and the first places)",
    )
    chosen.add_argument(
        "-q", "--quiet", dest="verbosity", action="store_const", const=NONE, help="print no warning"
    )


@dataclass(frozen=True, slots=True)
class Said:
    """A line a command prints: `text` as it stands alone; `alike`, what
    the warnings it may be told with share (their file among it), None for
    a line told on its own whatever comes (an error); `place`, where it
    is, as the line of warnings alike names it ("12", "#3 'Title'")."""

    text: str
    alike: Hashable | None = None
    place: str = ""


def told(said: Sequence[Said], verbosity: str = GROUPED, places: str = "lines") -> list[str]:
    """The lines to print for `said`, in order: each of them (`verbosity`
    EACH); or, for GROUPED, the warnings alike as one line where the first
    stood, its text followed by how many and the first `SHOWN` `places`
    (the noun for them: "lines 12, 24 and 3 more"); or the lines that are
    no warnings alone (NONE)."""
    if verbosity == EACH:
        return [each.text for each in said]
    groups: dict[Hashable, list[Said]] = {}
    for each in said:
        if each.alike is not None:
            groups.setdefault(each.alike, []).append(each)
    lines = []
    for each in said:
        if each.alike is None:
            lines.append(each.text)
        elif verbosity == GROUPED and groups[each.alike][0] is each:
            lines.append(each.text + _how_many(groups[each.alike], places))
    return lines


def _how_many(group: list[Said], places: str) -> str:
    """What a line of `group` adds to the first's text (nothing for one)."""
    if len(group) == 1:
        return ""
    named = ", ".join(each.place for each in group[:SHOWN])
    more = len(group) - SHOWN
    return (
        f" ({len(group):,} times in this file: {places} {named}"
        + (f" and {more:,} more" if more > 0 else "")
        + "; --verbose lists each)"
    )
