"""The content warnings of the readers (sokfmt._sok.checks: SOK401 to SOK403),
counted by hand: boxes and goals under the pieces count; and the options
that run the checks (`check_content`, `check_games`) and where their
warnings go, on every reader."""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Callable

import pytest

import sokfmt
from sokfmt import Puzzle, SokfmtWarning, loads_board
from sokfmt._sok.checks import puzzle_warnings

# A puzzle with 2 boxes and 1 goal (SOK401 at its board's first line): in a
# file of bare boards (read by _sok_bare) and in one the full path reads
# (a title that could be moves); and what .sok cannot hold: a collection's
# Copyright with a space after it (SLC206 at its start tag), a level whose
# Id has spaces around it (SLC205 at its start tag).
ODD_SOK = "Two boxes\n######\n#@$$.#\n######\n"
ODD_SOK_FULL = "Odd\n######\n#@$$.#\n######\n"
ODD_SOK_WARNINGS = [("SOK401", 2)]
ODD_SLC = (
    '<SokobanLevels>\n<LevelCollection Copyright="Me ">\n'
    '<Level Id=" Tiny " Width="5" Height="3"><L>#####</L><L>#@$.#</L><L>#####</L></Level>\n'
    "</LevelCollection></SokobanLevels>\n"
)
ODD_SLC_WARNINGS = [("SLC206", 2), ("SLC205", 3)]


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("#####\n#@$.#\n#####", []),
        ("######\n#@*$.#\n######", []),  # a box on a goal is a box and a goal
        ("#####\n#@*.#\n#####", [("SOK401", "1 box but 2 goals")]),
        ("######\n#+$*$#\n######", [("SOK401", "3 boxes but 2 goals")]),
        ("######\n#+$--#\n######", []),  # the pusher on the goal
        ("#####\n#$.-#\n#####", [("SOK402", "no pusher")]),
        (
            "#####\n#@$.-\n#####",
            [("SOK403", "not closed by walls: a pusher can walk off the board")],
        ),
        ("-----\n-#####\n-#@$.#\n-#####", []),  # floor outside, the pusher walled in
    ],
)
def test_warnings_worked_out_by_hand(board: str, expected: list[tuple[str, str]]) -> None:
    assert puzzle_warnings(Puzzle(loads_board(board))) == expected


# ------------------------------------------- the options of every reader
#
# Each reader as the tests call it: (text, options) -> what it read, the
# puzzles of a generator in a list.  The .sok family's and .slc's readers
# take check_content; the .sok family's take check_games too.


def _bytes(text: str) -> io.BytesIO:
    return io.BytesIO(text.encode("utf-8"))


SOK_READERS: dict[str, Callable[..., object]] = {
    "loads_sok": sokfmt.loads_sok,
    "load_sok": lambda text, **options: sokfmt.load_sok(_bytes(text), **options),
    "iter_sok": lambda text, **options: list(sokfmt.iter_sok(_bytes(text), **options)),
    "load": lambda text, **options: sokfmt.load(_bytes(text), format="sok", **options),
    "loads": lambda text, **options: sokfmt.loads(text, "sok", **options),
}
SLC_READERS: dict[str, Callable[..., object]] = {
    "loads_slc": sokfmt.loads_slc,
    "load_slc": lambda text, **options: sokfmt.load_slc(_bytes(text), **options),
    "iter_slc": lambda text, **options: list(sokfmt.iter_slc(_bytes(text), **options)),
    "load": lambda text, **options: sokfmt.load(_bytes(text), format="slc", **options),
    "loads": lambda text, **options: sokfmt.loads(text, "slc", **options),
}
CONTENT_READERS = [
    *((name, read, ODD_SOK, ODD_SOK_WARNINGS) for name, read in SOK_READERS.items()),
    *((f"{name} full", read, ODD_SOK_FULL, ODD_SOK_WARNINGS) for name, read in SOK_READERS.items()),
    *((f"{name} slc", read, ODD_SLC, ODD_SLC_WARNINGS) for name, read in SLC_READERS.items()),
]
CONTENT_IDS = [name for name, *_ in CONTENT_READERS]


def _warnings(caught: list[warnings.WarningMessage]) -> list[tuple[str, int]]:
    """(code, line) of each SokfmtWarning, from its text: "line N: CODE ..."."""
    found = []
    for warning in caught:
        assert issubclass(warning.category, SokfmtWarning)
        line, code = re.match(r"line (\d+): (\w+) ", str(warning.message)).groups()  # type: ignore[union-attr]
        found.append((code, int(line)))
    return found


def _read(read: Callable[..., object], text: str, **options: object) -> list[tuple[str, int]]:
    """What `read` warns of, without a list: (code, line) of each."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read(text, **options)
    return _warnings(caught)


@pytest.mark.parametrize(("name", "read", "text", "expected"), CONTENT_READERS, ids=CONTENT_IDS)
def test_check_content_runs_the_content_checks_when_asked(
    name: str, read: Callable[..., object], text: str, expected: list[tuple[str, int]]
) -> None:
    # By default: with a list, not without one.
    found: list[sokfmt.Diagnostic] = []
    read(text, diagnostics=found)
    assert [(d.code, d.line) for d in found] == expected
    assert _read(read, text) == []
    # Asked: without a list, they go to Python's warnings.
    assert _read(read, text, check_content=True) == expected
    # Not asked: none, even with a list.
    found = []
    read(text, diagnostics=found, check_content=False)
    assert found == []
    assert _read(read, text, check_content=False) == []


@pytest.mark.parametrize("name", SOK_READERS)
def test_check_games_plays_the_saved_games_when_asked(name: str) -> None:
    read = SOK_READERS[name]
    illegal = "Tiny\n#####\n#@$.#\n#####\n\nSolution\nL\n"
    read(illegal)  # not asked: the games are read, not played
    with pytest.raises(sokfmt.IllegalStepError) as raised:
        read(illegal, check_games=True)
    assert (raised.value.line, raised.value.column, raised.value.code) == (7, 1, "SOK501")
    found: list[sokfmt.Diagnostic] = []
    read(illegal, diagnostics=found, check_games=True)
    assert [(d.severity, d.code, d.line, d.column) for d in found] == [("error", "SOK501", 7, 1)]
    # A game titled as a solution that does not solve: a warning (line 6:
    # its title), where the caller chose.
    unsolved = "Short\n######\n#@ $.#\n######\n\nSolution\nr\n"
    assert _read(read, unsolved, check_games=True) == [("SOK502", 6)]
    assert _read(read, unsolved) == []


# Texts and the warnings each gives, worked out by hand: (code, line).
WARNED = [
    ("sok no puzzle", "loads_sok", "Just notes\n", {}, [("SOK102", 1)]),
    (
        "sok almost moves",
        "loads_sok",
        "Label\n#####\n#@$.#\n#####\n\nSolution\nrRxRR\n",
        {},
        [("SOK104", 7)],
    ),
    ("sok content", "loads_sok", ODD_SOK, {"check_content": True}, ODD_SOK_WARNINGS),
    (
        "sok unsolved",
        "loads_sok",
        "Short\n######\n#@ $.#\n######\n\nSolution\nr\n",
        {"check_games": True},
        [("SOK502", 6)],
    ),
    ("lev unknown section", "loads_lev", "size 1 1\ninitial\nA\nfrob 1 2\n", {}, [("LEV113", 4)]),
    (
        "slc no level",
        "loads_slc",
        "<SokobanLevels><LevelCollection></LevelCollection></SokobanLevels>",
        {},
        [("SLC203", 1)],
    ),
    (
        "slc comment",
        "loads_slc",
        "<SokobanLevels><LevelCollection>\n<!-- a comment -->\n"
        '<Level Id="Tiny"><L>#####</L><L>#@$.#</L><L>#####</L></Level>\n'
        "</LevelCollection></SokobanLevels>\n",
        {},
        [("SLC201", 2)],
    ),
    ("slc content", "loads_slc", ODD_SLC, {"check_content": True}, ODD_SLC_WARNINGS),
]


@pytest.mark.parametrize(
    ("reader", "text", "options", "expected"),
    [case[1:] for case in WARNED],
    ids=[case[0] for case in WARNED],
)
def test_every_warning_goes_where_the_caller_chose(
    reader: str, text: str, options: dict[str, bool], expected: list[tuple[str, int]]
) -> None:
    read = getattr(sokfmt, reader)
    found: list[sokfmt.Diagnostic] = []
    read(text, diagnostics=found, **options)
    assert [(d.code, d.line) for d in found] == expected
    assert _read(read, text, **options) == expected
