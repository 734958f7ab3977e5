"""Every real file in ../shared/corpus loads, round-trips and counts right.

The corpus holds files written by other programs; it is not part of the
project, so these tests skip where it is absent (a user's fresh clone).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from corpus import CORPUS, needs_corpus

from sokfmt import (
    Collection,
    Diagnostic,
    Tessellation,
    dumps_sok,
    iter_sok,
    load_sok,
    loads_board,
    loads_sok,
)

pytestmark = needs_corpus

# file -> (puzzles, saved games), counted in the files by hand (and, for the
# boards of hexoban_parser_tests.sok, by its paragraphs of board rows).
COUNTS = {
    "PoulpoGaz__sokoshell/Microban_155.xsb": (155, 0),
    "PoulpoGaz__sokoshell/XSokoban_90.xsb": (90, 0),
    # 8 titled sections, one with a second board ("At least one special
    # character per interior row"), as JSoko reads it.
    "hansschaa__JSoko-2.0/Interior empty rows.sok": (9, 0),
    # 12 boards: "Invalid" (####/#@$/####) is a board with an opening.
    "hansschaa__JSoko-2.0/Parsing.sok": (12, 13),
    "hansschaa__JSoko-2.0/email quotes test.sok": (1, 2),
    "hansschaa__JSoko-2.0/empty.sok": (0, 0),
    "hansschaa__JSoko-2.0/no level data.sok": (0, 0),
    "hansschaa__JSoko-2.0/title test.sok": (4, 1),
    "hansschaa__JSoko-2.0/too big.sok": (3, 1),
    "tadams42__sokoenginepy/100_puzzles.sok": (100, 100),
    "tadams42__sokoenginepy/Hexocet.sok": (15, 0),
    "tadams42__sokoenginepy/Original_and_Extra.sok": (91, 196),
    # 68 paragraphs of board rows, the four column_removed_* boards whole.
    "tadams42__sokoenginepy/hexoban_parser_tests.sok": (68, 0),
    "tadams42__sokoenginepy/mixed_collection.sok": (10, 3),
    "tadams42__sokoenginepy/parser_test_multiple_snapshots.sok": (1, 3),
}


# file -> the doubts its reading reports, by code (only these files have any):
# Microban_155.xsb writes 11 puzzles as "; 101" / "'Lockdown'" / (blank
# line) / board, a paragraph that semicolon_titles reads as title and notes
# (counted with grep: a ";" line, a "'" line, a blank line, a "#" line).
DOUBTS = {"PoulpoGaz__sokoshell/Microban_155.xsb": {"SOK108": 11}}


def load(name: str) -> Collection:
    """The collection of corpus file `name`, its doubts those of `DOUBTS`."""
    diagnostics: list[Diagnostic] = []
    collection = load_sok(CORPUS / name, diagnostics=diagnostics)
    found = Counter(
        d.code for d in diagnostics if d.code in ("SOK103", "SOK104", "SOK105", "SOK107", "SOK108")
    )
    assert found == Counter(DOUBTS.get(name, {}))
    return collection


def test_every_corpus_file_is_counted() -> None:
    found = {
        str(path.relative_to(CORPUS))
        for path in CORPUS.rglob("*")
        if path.suffix in (".sok", ".xsb", ".txt")
    }
    assert found == set(COUNTS)


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_loads_with_the_expected_counts(name: str) -> None:
    collection = load(name)
    puzzles = len(collection.puzzles)
    games = sum(len(puzzle.saved_games) for puzzle in collection.puzzles)
    assert (puzzles, games) == COUNTS[name]


@pytest.mark.parametrize("name", sorted(COUNTS))
@pytest.mark.parametrize("rle", [False, True])
def test_round_trips(name: str, rle: bool) -> None:
    collection = load(name)
    text = dumps_sok(collection, rle=rle)
    assert _read_back(text) == collection
    assert dumps_sok(_read_back(text), rle=rle) == text


def _read_back(text: str) -> Collection:
    """What sokfmt wrote, read back: without an error or a doubt; a file
    without puzzles says so (SOK102)."""
    found: list[Diagnostic] = []
    collection = loads_sok(text, diagnostics=found, check_content=False)
    assert [d.code for d in found] == ([] if collection.puzzles else ["SOK102"])
    return collection


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_streaming_gives_the_same_puzzles(name: str) -> None:
    assert tuple(iter_sok(CORPUS / name, diagnostics=[])) == load(name).puzzles


def test_original_and_extra_in_detail() -> None:
    collection = load_sok(CORPUS / "tadams42__sokoenginepy/Original_and_Extra.sok")
    assert collection.title == "Original & Extra"
    assert collection.author == "Thinking Rabbit"
    assert collection.created_at == "2022-07-01  01:05:06"
    first = collection.puzzles[0]
    assert first.title == "Level 1"
    assert (first.boxorder, first.goalorder) == ("1 2 3 4 5 6", "6 5 4 3 2 1")
    assert first.sokoban_plus() == ((1, 2, 3, 4, 5, 6), (6, 5, 4, 3, 2, 1))
    best = first.saved_games[0]
    assert best.title == "Best Solution 230/97 (YASS 2.86 Optimizer)"
    assert (best.non_push_moves + best.pushes_count, best.pushes_count) == (230, 97)
    assert best.solved_by == "only human"
    assert sum(len(g) for p in collection.puzzles for g in p.saved_games) > 170_000


def test_mixed_collection_tessellations() -> None:
    collection = load_sok(CORPUS / "tadams42__sokoenginepy/mixed_collection.sok")
    kinds = [puzzle.tessellation for puzzle in collection.puzzles]
    assert kinds.count(Tessellation.HEXOBAN) == 5
    assert kinds.count(Tessellation.TRIOBAN) == 1
    third = collection.puzzles[0].saved_games[2]
    assert third.title == "Third Sokoban snapshot"
    assert third.solving_mode.value == "reverse"  # its jump spans two lines


def test_hexoban_layouts_normalise_as_expected() -> None:
    base = CORPUS / "tadams42__sokoenginepy"
    expected = json.loads((base / "hexoban_parser_tests.json").read_text("utf-8"))
    checked = 0
    for group in ("parsing - Hexocet", "parsing - schemes"):
        for case in expected[group].values():
            board = loads_board("\n".join(case["src"]), tessellation=Tessellation.HEXOBAN)
            assert list(board.rows) == case["parsed"]
            assert (board.width, board.height) == (case["parsed_width"], case["parsed_height"])
            checked += 1
    assert checked == 23
    for name in ("illegal_scheme1", "illegal_scheme2"):
        with pytest.raises(ValueError, match="filler column"):
            loads_board("\n".join(expected[name]), tessellation=Tessellation.HEXOBAN)


# Characters that are no part of a Sokoban moves line: other letters (the
# Hexoban and Octoban ones among them), punctuation, non-ASCII.
_WRONG = sorted(set(map(chr, range(33, 127))) - set("lurdLURD0123456789()[]{}*") | set("éü§"))


def test_one_wrong_character_in_any_solution_line_is_reported_at_that_line() -> None:
    """The mutation experiment: one character inserted into, or replacing one
    in, each solution line of Original_and_Extra.sok gives an error or a
    warning at that line, or leaves what is read unchanged (a leading ">" is
    a mail quote; a ">" alone is a blank line).  Solution lines are found
    independently of the reader: runs of lines of Sokoban move letters only."""
    path = CORPUS / "tadams42__sokoenginepy/Original_and_Extra.sok"
    lines = path.read_text(encoding="utf-8").split("\n")
    runs: list[list[int]] = [[]]
    for index, line in enumerate(lines):
        if re.fullmatch("[lurdLURD]+", line):
            runs[-1].append(index)
        elif runs[-1]:
            runs.append([])
    runs.pop()
    assert (len(runs), sum(map(len, runs))) == (196, 2652)  # counted with grep
    original = loads_sok("\n".join(lines))
    chosen = random.Random(20261201)
    silent = []
    # Round k changes line k of every run at once: each run is a saved game of
    # its own, read apart from the others.
    for round_ in range(max(map(len, runs))):
        mutated = list(lines)
        changed = {}
        for run in runs:
            if round_ < len(run):
                index = run[round_]
                line, wrong = lines[index], chosen.choice(_WRONG)
                at = chosen.randrange(len(line))
                mutated[index] = line[:at] + wrong + line[at + (round_ % 2) :]
                if mutated[index] == ">":
                    # A quoted blank line: by the format a blank line, so the
                    # moves end before it; replaying them finds that.
                    mutated[index] = "?"
                changed[index + 1] = mutated[index]
        diagnostics: list[Diagnostic] = []
        loads_sok("\n".join(mutated), diagnostics=diagnostics)
        reported = {d.line for d in diagnostics}
        for number in changed:
            if number not in reported and read_with(lines, number, changed[number]) != original:
                silent.append((number, changed[number]))
    assert silent == [], silent


def read_with(lines: list[str], number: int, line: str) -> Collection:
    """The collection of `lines` with line `number` replaced by `line`."""
    return loads_sok("\n".join([*lines[: number - 1], line, *lines[number:]]))
