"""The content warnings of the readers (sokfmt._sok.checks: SOK401 to SOK403),
counted by hand: boxes and goals under the pieces count; and the options
that run the checks (`check_content`, `check_games`) and where their
warnings go, on every reader (.sok, .slc and JSON)."""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Callable
from pathlib import Path

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
# puzzles of a generator in a list.  Every collection reader takes
# check_content and check_games (.slc has no saved game to play).


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


# --------------------------------- what a puzzle holds, in .slc and JSON
#
# The same checks as in .sok (SOK401-404, and the games played: SOK501,
# SOK502), each placed in the caller's text: at a level's start tag in
# .slc, at the first character of a board's string in JSON (its first
# row), at the letter of an illegal step in a moves string, at a game's
# title.  The columns are found by searching the text (a second method),
# the codes and counts worked out by hand from the boards.

# A clean document otherwise (sizes as drawn, no comment): the fast path
# reads it, so that the content checks must send it to the full reader.
CONTENT_SLC = (
    "<SokobanLevels><LevelCollection>\n"
    '<Level Id="Fine"><L>#####</L><L>#@$.#</L><L>#####</L></Level>\n'
    '  <Level Id="Two"><L>######</L><L>#@$$.#</L><L>######</L></Level>\n'
    "<Level><L>#####</L><L>#$.-#</L><L>#####</L></Level>\n"
    '<Level Id="Open"><L>#####</L><L>#@$.-</L><L>#####</L></Level>\n'
    "</LevelCollection></SokobanLevels>\n"
)
CONTENT_SLC_FOUND = [
    ("SOK401", 3, 3, "puzzle 2 'Two': 2 boxes but 1 goal"),
    ("SOK402", 4, 1, "puzzle 3: no pusher"),
    ("SOK403", 5, 1, "puzzle 4 'Open': not closed by walls: a pusher can walk off the board"),
]
CONTENT_JSON = (
    '{"title": "Odd ones", "puzzles": [\n'
    ' {"title": "Fine", "board": {"tessellation": "Sokoban", "board": "#####\\n#@$.#\\n#####"}},\n'
    ' {"title": "Two", "board": {"tessellation": "Sokoban", '
    '"board": "######\\n#@$$.#\\n######"}},\n'
    ' {"board": {"board": "#####\\n#$.-#\\n#####", "tessellation": "Sokoban"}},\n'
    ' {"title": "Open", "board": {"tessellation": "Sokoban", "board": "#####\\n#@$.-\\n#####"}}\n'
    "]}\n"
)


def _column(text: str, line: int, written: str) -> int:
    """The column of the first character of `written` on `line` (from 1)."""
    return text.splitlines()[line - 1].index(written) + 1


CONTENT_JSON_FOUND = [
    ("SOK401", 3, _column(CONTENT_JSON, 3, "######"), "puzzle 2 'Two': 2 boxes but 1 goal"),
    ("SOK402", 4, _column(CONTENT_JSON, 4, "#####"), "puzzle 3: no pusher"),
    (
        "SOK403",
        5,
        _column(CONTENT_JSON, 5, "#####"),
        "puzzle 4 'Open': not closed by walls: a pusher can walk off the board",
    ),
]
JSON_READERS: dict[str, Callable[..., object]] = {
    "loads": lambda text, **options: sokfmt.loads(text, "json", **options),
    "loads bytes": lambda text, **options: sokfmt.loads(text.encode(), "json", **options),
    "load": lambda text, **options: sokfmt.load(_bytes(text), format="json", **options),
}
CHECKED_READERS = [
    *((f"{name} slc", read, CONTENT_SLC, CONTENT_SLC_FOUND) for name, read in SLC_READERS.items()),
    *(
        (f"{name} json", read, CONTENT_JSON, CONTENT_JSON_FOUND)
        for name, read in JSON_READERS.items()
    ),
]


@pytest.mark.parametrize(
    ("name", "read", "text", "expected"), CHECKED_READERS, ids=[c[0] for c in CHECKED_READERS]
)
def test_slc_and_json_get_the_content_checks(
    name: str,
    read: Callable[..., object],
    text: str,
    expected: list[tuple[str, int, int, str]],
) -> None:
    found: list[sokfmt.Diagnostic] = []
    read(text, diagnostics=found)
    assert [(d.code, d.line, d.column, d.message) for d in found] == expected
    assert all(d.severity == "warning" for d in found)
    lines = [(code, line) for code, line, _, _ in expected]
    assert _read(read, text, check_content=True) == lines
    assert _read(read, text) == []
    found = []
    read(text, diagnostics=found, check_content=False)
    assert found == []


def test_json_content_warnings_of_a_file_by_its_extension(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(CONTENT_JSON, encoding="utf-8")
    found: list[sokfmt.Diagnostic] = []
    sokfmt.load(path, diagnostics=found)
    assert [(d.code, d.line, d.column, d.message) for d in found] == CONTENT_JSON_FOUND


# A step that cannot be played (the second: after "r" the pusher stands on
# the floor right of its start, and "L" pushes nothing), its "r" written as
# an escape of six characters; and a game titled as a solution that does
# not solve (one step right, the box still off its goal).
GAMES_JSON = (
    '{"puzzles": [{"title": "Tiny", "board": {"tessellation": "Sokoban", '
    '"board": "######\\n#@ $.#\\n######"},\n'
    ' "saved_games": [{"tessellation": "Sokoban", "moves": "\\u0072L", "title": "Try"},\n'
    '  {"tessellation": "Sokoban", "moves": "r", "title": "Solution"}]}]}\n'
)
ILLEGAL_AT = (2, _column(GAMES_JSON, 2, '"\\u0072L"') + 1 + 6)
UNSOLVED_AT = (3, _column(GAMES_JSON, 3, '"Solution"') + 1)


@pytest.mark.parametrize("name", JSON_READERS)
def test_json_check_games_plays_the_saved_games_when_asked(name: str) -> None:
    read = JSON_READERS[name]
    read(GAMES_JSON)  # not asked: the games are read, not played
    with pytest.raises(sokfmt.IllegalStepError) as raised:
        read(GAMES_JSON, check_games=True)
    assert (raised.value.line, raised.value.column, raised.value.code) == (*ILLEGAL_AT, "SOK501")
    assert raised.value.message.startswith("In 'Try', step 2 cannot be played")
    found: list[sokfmt.Diagnostic] = []
    collection = read(GAMES_JSON, diagnostics=found, check_games=True)
    assert [(d.severity, d.code, d.line, d.column) for d in found] == [
        ("error", "SOK501", *ILLEGAL_AT),
        ("warning", "SOK502", *UNSOLVED_AT),
    ]
    assert isinstance(collection, sokfmt.Collection)
    assert len(collection.puzzles[0].saved_games) == 2  # the games are kept
    found = []
    read(GAMES_JSON, diagnostics=found)
    assert found == []


@pytest.mark.parametrize("name", SLC_READERS)
def test_slc_readers_take_check_games(name: str) -> None:
    # An .slc level holds no saved game: nothing to play, the same reading.
    # The .slc readers take the option as every reader does; `load` and
    # `loads`, which choose a reader by format, say that it had no effect
    # (LOAD101, README's rule for an option a format has no use for).
    read = SLC_READERS[name]
    unused = name in ("load", "loads")
    found: list[sokfmt.Diagnostic] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert read(CONTENT_SLC, check_games=True, check_content=False) == read(CONTENT_SLC)
    assert [str(w.message).split()[0] for w in caught] == (["LOAD101"] if unused else [])
    read(CONTENT_SLC, diagnostics=found, check_games=True)
    told = "check_games=True was given, which has no effect on .slc files: they hold no saved games"
    expected = [("LOAD101", 1, 1, told)] if unused else []
    assert [(d.code, d.line, d.column, d.message) for d in found] == expected + CONTENT_SLC_FOUND


def test_json_problems_come_before_their_puzzle() -> None:
    # As the .sok readers hand a puzzle on after its problems (what `check
    # --puzzle` counts on): puzzle 2's warning before puzzle 2.
    found: list[sokfmt.Diagnostic] = []
    seen: list[tuple[str, int]] = []
    sokfmt.files.load_handing_on(
        _bytes(CONTENT_JSON),
        format="json",
        diagnostics=found,
        on_puzzle=lambda puzzle: seen.append((puzzle.title, len(found))),
    )
    assert seen == [("Fine", 0), ("Two", 1), ("", 2), ("Open", 3)]


@pytest.mark.parametrize("line_break", ["\r\n", "\r"], ids=["CRLF", "CR"])
def test_json_warnings_are_placed_whatever_ends_the_lines(line_break: str) -> None:
    found: list[sokfmt.Diagnostic] = []
    sokfmt.loads(CONTENT_JSON.replace("\n", line_break), "json", diagnostics=found)
    assert [(d.code, d.line, d.column, d.message) for d in found] == CONTENT_JSON_FOUND
