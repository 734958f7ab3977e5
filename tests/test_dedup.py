"""sokfmt dedup --keep first: the saved games of the repeats are carried over
to the puzzle kept, turned with its board, or reported."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from corpus import CORPUS, needs_corpus

from sokfmt import (
    Board,
    Collection,
    Puzzle,
    SavedGame,
    Tessellation,
    dumps_sok,
    load_sok,
    loads_board,
    loads_moves,
    replay,
)
from sokfmt.transform import transformed

T = Tessellation
ROOM = "######\n#@-$.#\n#----#\n######"
# ROOM turned a quarter clockwise (by hand), the pusher one cell further
# from the box: "rD" solves it.
TURNED = "####\n#--#\n#@-#\n#-$#\n#-.#\n####"
HEX_ROW = ("#######", "#@-$.#-", "#######")
TRI_ROW = ("#######", "#@-$.##", "#######")


def sokfmt(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sokfmt", *arguments], capture_output=True, text=True, check=False
    )


def _game(moves: str, tessellation: Tessellation, title: str) -> SavedGame:
    return loads_moves(moves, tessellation=tessellation).with_metadata(title=title)


def _write(path: Path, *puzzles: Puzzle) -> Path:
    path.write_text(dumps_sok(Collection(puzzles=puzzles)), encoding="utf-8")
    return path


def _games(collection: Collection) -> int:
    return sum(len(puzzle.saved_games) for puzzle in collection)


def test_keep_first_carries_the_games_of_the_repeats(tmp_path: Path) -> None:
    hexoban, trioban = Board(T.HEXOBAN, HEX_ROW), Board(T.TRIOBAN, TRI_ROW)
    mine = _write(
        tmp_path / "mine.sok",
        Puzzle(loads_board(ROOM), "Room", saved_games=(_game("rR", T.SOKOBAN, "Solution"),)),
        Puzzle(hexoban, "Hexagons"),
        Puzzle(trioban, "Triangles"),
    )
    # The same puzzles drawn otherwise, with their solutions in their own
    # letters, worked out by hand: a hexagon's right mirrored is its left,
    # which a sixth of a turn clockwise takes to its upper left ("u"); a
    # triangle's right turned half round is its left.
    theirs = _write(
        tmp_path / "theirs.sok",
        Puzzle(loads_board(TURNED), "Turned", saved_games=(_game("rD", T.SOKOBAN, "Short"),)),
        Puzzle(
            transformed(hexoban, 1, True),
            "Hexagons turned",
            saved_games=(_game("uU", T.HEXOBAN, "Hex solution"),),
        ),
        Puzzle(
            transformed(trioban, 1, False),
            "Triangles turned",
            saved_games=(_game("lL", T.TRIOBAN, "Tri solution"), _game("l", T.TRIOBAN, "Start")),
        ),
    )
    merged = tmp_path / "merged.sok"
    result = sokfmt("dedup", str(mine), str(theirs), "--keep", "first", "-o", str(merged))
    assert result.returncode == 0
    assert result.stderr == ""
    assert (
        result.stdout.splitlines()[-1] == "2 files, 6 puzzles: 3 occur more than once (3 repeats)"
    )
    kept = load_sok(merged)
    assert [p.title for p in kept] == ["Room", "Hexagons", "Triangles"]
    assert _games(kept) == _games(load_sok(mine)) + _games(load_sok(theirs)) == 5
    assert [[g.title for g in p.saved_games] for p in kept] == [
        ["Solution", "Short"],
        ["Hex solution"],
        ["Tri solution", "Start"],
    ]
    for puzzle in kept:
        for game in puzzle.saved_games:
            assert replay(puzzle, game).solved == (game.title != "Start")
    # The pusher of "Turned" stood two cells from where "Room" has it.
    short = kept[0].saved_games[1]
    assert str(short).endswith("uR")
    assert len(short) == 4
    assert "the first 2 moves walk the pusher" in short.notes
    assert [str(g) for g in kept[2].saved_games] == ["rR", "r"]


def test_keep_first_reports_the_games_it_does_not_carry(tmp_path: Path) -> None:
    mine = _write(
        tmp_path / "mine.sok",
        Puzzle(loads_board(ROOM), "Room", saved_games=(_game("rR", T.SOKOBAN, "Solution"),)),
    )
    mirrored = loads_board("######\n#.$-@#\n#----#\n######")
    theirs = _write(
        tmp_path / "theirs.sok",
        Puzzle(loads_board("####\n#@.#\n####"), "Other"),
        Puzzle(
            mirrored,
            "Mirrored",
            saved_games=(
                _game("lL", T.SOKOBAN, "Same"),  # "rR" on the kept board
                _game("lU", T.SOKOBAN, "Broken"),  # up from (1, 3) is a wall
                _game("dluL", T.SOKOBAN, "Longer"),
            ),
        ),
    )
    merged = tmp_path / "merged.sok"
    found = sokfmt("dedup", str(mine), str(theirs))
    assert found.returncode == 1  # repeats found, nothing asked to be written
    result = sokfmt("dedup", str(mine), str(theirs), "--keep", "first", "-o", str(merged))
    assert result.returncode == 0
    first, second = result.stderr.splitlines()
    assert first == (
        f"sokfmt: {theirs}:#2 'Mirrored': warning: saved game 1 'Same' not carried over to "
        f"{mine}:#1 'Room', which has the same moves"
    )
    assert second.startswith(
        f"sokfmt: {theirs}:#2 'Mirrored': warning: saved game 2 'Broken' not carried over to "
        f"{mine}:#1 'Room': its step 2 cannot be played on its own board: "
    )
    room = load_sok(merged)[0]
    assert [(g.title, str(g)) for g in room.saved_games] == [
        ("Solution", "rR"),
        ("Longer", "druR"),
    ]


def test_keep_first_writes_nothing_without_a_file_read(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    merged = tmp_path / "merged.sok"
    result = sokfmt("dedup", str(empty), "--keep", "first", "-o", str(merged))
    assert result.returncode == 1
    assert "not written: a folder holds no level file" in result.stdout
    assert not merged.exists()


def test_keep_first_names_what_out_cannot_hold_in_the_command_s_words(tmp_path: Path) -> None:
    room = Puzzle(loads_board(ROOM), "Room", saved_games=(_game("rR", T.SOKOBAN, "Solution"),))
    mine = _write(tmp_path / "mine.sok", room)
    merged = tmp_path / "merged.xsb"
    result = sokfmt("dedup", str(mine), "--keep", "first", "-o", str(merged))
    assert result.returncode == 1
    assert result.stderr.endswith(
        f"sokfmt: {merged}: error: .xsb cannot hold 1 saved game (puzzle 1 'Room'): "
        "--lossy drops it (.sok and .json keep it)\n"
    )
    assert not merged.exists()
    lossy = sokfmt("dedup", str(mine), "--keep", "first", "-o", str(merged), "--lossy")
    assert lossy.returncode == 0
    assert load_sok(merged) == Collection(puzzles=(Puzzle(room.board, "Room"),))


@needs_corpus
def test_the_corpus_merge_keeps_every_saved_game(tmp_path: Path) -> None:
    xsb = CORPUS / "PoulpoGaz__sokoshell" / "XSokoban_90.xsb"
    sok = CORPUS / "tadams42__sokoenginepy" / "Original_and_Extra.sok"
    if not (xsb.is_file() and sok.is_file()):
        pytest.skip(f"{xsb.name} or {sok.name} is not in the corpus at {CORPUS}")
    merged = tmp_path / "merged.sok"
    result = sokfmt("dedup", str(xsb), str(sok), "--keep", "first", "-o", str(merged))
    assert result.returncode == 0
    assert result.stderr == ""
    first, second, kept = load_sok(xsb), load_sok(sok), load_sok(merged)
    # Counted another way: the games of both files, less those of a repeat
    # that the first file's puzzle has already.  The boards are compared
    # as drawn, each trimmed of the floor around it and its pusher taken
    # off, since the two files draw these puzzles the same way up.
    by_board = {_bare(p.board): p for p in first}
    repeats = [p for p in second if _bare(p.board) in by_board]
    assert len(repeats) == 75
    duplicates = sum(
        1
        for p in repeats
        for game in p.saved_games
        if game.steps in {g.steps for g in by_board[_bare(p.board)].saved_games}
    )
    assert _games(kept) == _games(first) + _games(second) - duplicates == 196
    titles = Counter(g.title for p in (*first, *second) for g in p.saved_games)
    assert Counter(g.title for p in kept for g in p.saved_games) == titles
    solved = sum(replay(p, g).solved for p in second for g in p.saved_games)
    assert sum(replay(p, g).solved for p in kept for g in p.saved_games) == solved


def _bare(board: Board) -> tuple[str, ...]:
    """The rows of `board` without its pusher and the floor around it."""
    rows = [row.replace("@", "-").replace("+", ".") for row in board.cells]
    rows = [row for row in rows if row.strip("-")]
    left = min(len(row) - len(row.lstrip("-")) for row in rows)
    return tuple(row[left:].rstrip("-") for row in rows)


# ------------------------------------------------- warnings alike, told once


def _doubtful(count: int) -> str:
    """`count` puzzles of 8 lines each, puzzle i with a line of moves but
    for an 'x' at line 7 + 8 * i (a doubt, SOK104)."""
    return "".join(f"T{i}\n#####\n#@$.#\n#####\n\nMoves\nrRxRR\n\n" for i in range(count))


def test_dedup_tells_a_doubt_repeated_5000_times_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "5000_puzzles.sok"
    path.write_text(_doubtful(5000), encoding="utf-8")
    result = sokfmt("dedup", str(path))
    assert result.returncode == 1  # one puzzle, 5,000 times
    assert result.stderr.splitlines() == [
        f"sokfmt: {path}:7: warning: SOK104 Text that looks like Sokoban moves but for 'x', "
        "kept in the notes (5,000 times in this file: lines 7, 15, 23, 31, 39 and 4,995 more; "
        "--verbose lists each)"
    ]
    each = sokfmt("dedup", "--verbose", str(path)).stderr.splitlines()
    assert len(each) == 5000
    assert each[4999] == (
        f"sokfmt: {path}:{7 + 8 * 4999}: warning: SOK104 Text that looks like Sokoban moves "
        "but for 'x', kept in the notes"
    )
    quiet = sokfmt("dedup", "--quiet", str(path))
    assert (quiet.returncode, quiet.stderr, quiet.stdout) == (1, "", result.stdout)


def test_keep_first_tells_the_games_not_carried_for_one_reason_in_one_line(
    tmp_path: Path,
) -> None:
    room = Puzzle(loads_board(ROOM), "Room", saved_games=(_game("rR", T.SOKOBAN, "Solution"),))
    again = [
        Puzzle(loads_board(ROOM), f"Again {n}", saved_games=(_game("rR", T.SOKOBAN, "Same"),))
        for n in range(2, 9)
    ]
    path = _write(tmp_path / "repeats.sok", room, *again)
    merged = tmp_path / "merged.sok"
    result = sokfmt("dedup", str(path), "--keep", "first", "-o", str(merged))
    assert result.returncode == 0
    assert result.stderr.splitlines() == [
        f"sokfmt: {path}:#2 'Again 2': warning: saved game 1 'Same' not carried over to "
        f"{path}:#1 'Room', which has the same moves (7 times in this file: puzzles "
        "#2 'Again 2', #3 'Again 3', #4 'Again 4', #5 'Again 5', #6 'Again 6' and 2 more; "
        "--verbose lists each)"
    ]
    each = sokfmt("dedup", str(path), "--keep", "first", "-o", str(merged), "-v")
    assert [line.split(": warning: ")[0] for line in each.stderr.splitlines()] == [
        f"sokfmt: {path}:#{n} 'Again {n}'" for n in range(2, 9)
    ]
    # --verbose names every place of a group too.
    assert each.stdout.splitlines()[0] == "8 times: " + ", ".join(
        [f"{path}:#1 'Room'"] + [f"{path}:#{n} 'Again {n}'" for n in range(2, 9)]
    )


# ------------------------------------------------- a file with a bad puzzle

# Three puzzles, the second with an "X" that is no square: line 9 (counted
# by hand: One 1-4, a blank line, Bad 6-10), column 3.  The first is unbalanced
# (two boxes, one goal): a content check, which dedup does not run.  The
# third is ROOM, which other.sok holds turned.
WITH_A_BAD_PUZZLE = (
    f"One\n######\n#@$$.#\n######\n\nBad\n######\n#@$.#\n#-X-.#\n######\n\nRoom\n{ROOM}\n"
)


def test_dedup_reads_the_good_puzzles_of_a_file_and_reports_the_bad_one(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.sok"
    mixed.write_text(WITH_A_BAD_PUZZLE, encoding="utf-8")
    other = tmp_path / "other.sok"
    other.write_text(f"Turned\n{TURNED}\n", encoding="utf-8")
    result = sokfmt("dedup", str(mixed), str(other))
    # As check gives it: the bad puzzle at its file, line and column, status 1.
    checked = sokfmt("check", "--no-replay", str(mixed))
    errors = [line for line in checked.stdout.splitlines() if ": error: " in line]
    assert errors == [
        f"{mixed}:9:3: error: SOK301 Unexpected 'X' in a board, expected a square of the legend "
        "(# W @ m p + M P $ b * B . o - _)"
    ]
    assert result.stderr.splitlines() == [f"sokfmt: {errors[0]}"]
    assert (result.returncode, checked.returncode) == (1, 1)
    # The good puzzles are read and compared, across the bad one: Room and
    # Turned are one puzzle (numbered among the puzzles read).
    assert result.stdout.splitlines() == [
        f"2 times: {mixed}:#2 'Room', {other}:#1 'Turned'",
        "2 files, 3 puzzles: 1 occur more than once (1 repeats); 1 error, puzzles left out",
    ]
    merged = tmp_path / "merged.sok"
    kept = sokfmt("dedup", str(mixed), str(other), "--keep", "first", "-o", str(merged))
    assert kept.returncode == 1
    assert f"sokfmt: {merged} not written: some puzzles could not be read" in kept.stdout
    assert not merged.exists()


def test_dedup_of_a_file_with_a_bad_puzzle_and_no_repeat_fails_as_check(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.sok"
    mixed.write_text(WITH_A_BAD_PUZZLE, encoding="utf-8")
    result = sokfmt("dedup", "--json", str(mixed))
    assert result.returncode == 1
    assert '"errors": 1' in result.stdout
    assert "SOK301" in result.stderr
    assert "SOK401" not in result.stderr  # no content check: what a puzzle holds
