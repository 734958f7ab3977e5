"""sokfmt.load_arrays: Boxoban-shaped files (tests/boxoban.py) against the
ten-line split reader, and the fast path (sokfmt._sok.arrays) against the
reader (`load`, then `to_arrays`) on those files edited at random: every
array and title equal, every error the same at the same place."""

from __future__ import annotations

import os
import random
import re
import warnings
from pathlib import Path
from typing import Any

import boxoban
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sokfmt import (
    Board,
    ParseError,
    SokfmtError,
    Tessellation,
    ValidationError,
    load,
    load_arrays,
    to_arrays,
)
from sokfmt._grammar import lalr
from sokfmt._sok import arrays as _bare_arrays

np = pytest.importorskip("numpy", reason="numpy (the numpy extra) is not installed")


def _by_the_reader(paths: list[Path], shape: tuple[int, int] | None = None) -> Any:
    puzzles = [puzzle for path in paths for puzzle in load(path).puzzles]
    return to_arrays(puzzles, shape=shape), [puzzle.title for puzzle in puzzles]


def test_boxoban_files_read_as_the_split_reader_reads_them(tmp_path: Path) -> None:
    paths = boxoban.write(tmp_path, files=3, levels=200)
    stack, titles = load_arrays(paths, titles=True)
    expected, expected_titles = boxoban.split_reader(paths)
    assert stack.dtype == np.uint8
    assert stack.shape == (600, 10, 10)
    assert (stack == expected).all()
    assert titles == expected_titles == [str(n) for n in range(600)]
    # Read by the fast path, a whole file at a time.
    assert all(_bare_arrays.read(path.read_bytes(), np) is not None for path in paths)
    assert (load_arrays(paths) == expected).all()
    assert (load_arrays(str(paths[1])) == expected[200:400]).all()  # one path


def test_a_board_of_the_fast_path_worked_out_by_hand(tmp_path: Path) -> None:
    # The legend's other spellings (W, p, _, o, b, B, M), floor that reaches
    # the edge through the top row (outside), a title with spaces round it.
    path = tmp_path / "one.sok"
    path.write_bytes(b";  17 ?  \nW_oW\n#pb#\n#BM#\n####\n")
    assert _bare_arrays.read(path.read_bytes(), np) is not None
    stack, titles = load_arrays(path, titles=True)
    assert titles == ["17 ?"]
    assert stack.tolist() == [[[2, 0, 3, 2], [2, 6, 4, 2], [2, 5, 7, 2], [2, 2, 2, 2]]]


# Files at the edges of what the fast path decides, each with whether it
# decides it: what the reader makes of each is not the fast path's to guess.
EDGES = [
    ("; 1\n#####\n#@$.#\n#####\n", True),
    ("; 1\n#####\n#@$.#\n#####", True),  # no line break at the end
    ("; 1\n#####\n#@$.#\n#####\n\n\n\n", True),
    ("  ;  7 \n#####\n#@$.#\n#####\n", True),  # spaces round the ";" and the title
    ("; 1\n#####\n#@$.$\n#####\n", False),  # a row that ends with a box: no wall row
    ("; 1\n#####\n#@$. \n#####\n", False),  # nor with a blank
    ("; 1\n#### \n#@$. \n#### \n", False),  # a blank column at the right: a narrower board
    ("; 1\n#####\n#@$.*\n#####\n", False),  # a box on a goal ends a wall row, but no wall
    ("; 1\n###\n#@#\n", False),  # two rows: no board
    ("; 1\n#\n#\n#\n", True),  # three rows of one wall
    ("; 1\n###\n#@#\n###\nX\n; 2\n###\n#@#\n###\n", False),  # a line where a blank belongs
    ("; 1\n###\n#@#\n###\n\n; 2\n###\n#@#\n###\nX\n; 3\n###\n#@#\n###\n", False),
    ("; 1\n###\n#@#\n###\n\n; 2\n####\n#@$#\n####\n", False),  # two sizes
    ("; 1\t\n#####\n#@$.#\n#####\n", False),  # a tab
    ("; 1 \u00e9\n#####\n#@$.#\n#####\n", False),  # a letter outside ASCII
    ("; 1\r\n#####\r\n#@$.#\r\n#####\r\n", False),  # CRLF
    ("; lurd\n#####\n#@$.#\n#####\n", False),  # a title that rule 3 looks at
    ("; #\n#####\n#@$.#\n#####\n", False),  # and one rule 4 looks at
    ("Title\n#####\n#@$.#\n#####\n", False),
    ("\n; 1\n#####\n#@$.#\n#####\n", False),  # a blank line first
    ("; 1\n#####\n#@ .#\n#   #\n## ##\n", True),  # floor open at the bottom: outside
]


@pytest.mark.parametrize(("text", "decided"), EDGES)
def test_the_edges_of_the_fast_path(tmp_path: Path, text: str, decided: bool) -> None:
    path = tmp_path / "edge.txt"
    path.write_bytes(text.encode("utf-8"))
    assert (_bare_arrays.read(path.read_bytes(), np) is not None) == decided
    expected = _outcome(lambda: _by_the_reader([path]))
    assert _outcome(lambda: load_arrays(path, titles=True)) == expected
    if decided:
        assert len(expected) == 4
        assert expected[0][0] >= 1  # read without an error, boards and all


# Lines and characters that the fast path must see as what they are.
CHARACTERS = "# -_.$*@+WpmPMbBo\t\r\n;:>xX1(|)\u00e9"
LINES = [
    "",
    " ",
    "Title: x",
    "Game: Hexoban",
    "game: trioban",
    ":: a comment",
    "> ; 1",
    "#####",
    "#   #",
    "; x",
    "; 7 ",
    "Author: me",
    "lurd",
    "LLUURRDD",
    "2(#-)#",
    "Level 3",
]


def _edited(text: str, rng: random.Random) -> str:
    """`text` with one to three random edits."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text) + 1)
        lines = text.split("\n")
        line = rng.randrange(len(lines))
        edit = rng.randrange(11)
        if edit >= 9:  # a square inside a row: the file keeps its shape
            row = rng.choice([n for n, line in enumerate(lines) if line.startswith("#")])
            column = rng.randrange(1, len(lines[row]) - 1)
            lines[row] = (
                lines[row][:column] + rng.choice("#-_ .$*@+WpmPMbBo") + lines[row][column + 1 :]
            )
            text = "\n".join(lines)
        elif edit == 0:
            text = text[:at] + rng.choice(CHARACTERS) + text[at + 1 :]
        elif edit == 1:
            text = text[:at] + rng.choice(CHARACTERS) + text[at:]
        elif edit == 2:
            text = text[:at] + text[at + 1 :]
        elif edit == 3:
            text = "\n".join(lines[:line] + lines[line + 1 :])
        elif edit == 4:
            text = "\n".join(lines[: line + 1] + lines[line:])
        elif edit == 5:
            text = "\n".join([*lines[:line], rng.choice(LINES), *lines[line:]])
        elif edit == 6:
            text = text.rstrip("\n") if rng.random() < 0.5 else text + "\n" * rng.randint(1, 2)
        elif edit == 7:
            text = text.replace("\n", rng.choice(["\r\n", "\r"]), rng.randint(1, 3))
        else:
            text = rng.choice(["\ufeff", "\n", " \n", "; first\n"]) + text
    return text


def _outcome(call: Any) -> Any:
    """What `call` gives: its result, or its error's kind, text and place;
    and the warnings it gives."""
    with warnings.catch_warnings(record=True) as given:
        warnings.simplefilter("always")
        try:
            stack, titles = call()
        except SokfmtError as error:
            place = (error.line, error.column) if isinstance(error, ParseError) else None
            return type(error), str(error), place, [str(w.message) for w in given]
    return stack.shape, stack.tolist(), titles, [str(w.message) for w in given]


def test_the_fast_path_and_the_reader_agree_on_edited_files(tmp_path: Path) -> None:
    decided = edited_and_decided = 0
    for seed in range(400):
        rng = random.Random(seed)
        suffix = rng.choice([".txt", ".sok", ".xsb", ".hsb"])
        text = boxoban.text(levels=rng.randint(1, 3), seed=seed)
        edited = rng.random() < 0.8
        if edited:
            text = _edited(text, rng)
        path = tmp_path / f"{seed}{suffix}"
        path.write_bytes(text.encode("utf-8"))
        expected = _outcome(lambda: _by_the_reader([path]))  # noqa: B023
        assert _outcome(lambda: load_arrays([path], titles=True)) == expected, seed  # noqa: B023
        # .hsb files are Hexoban: never the fast path's, whatever they hold.
        if suffix != ".hsb" and _bare_arrays.read(path.read_bytes(), np) is not None:
            # What the fast path decides, the reader reads without an error.
            assert not isinstance(expected[0], type), seed
            decided += 1
            edited_and_decided += edited
    # The fast path decided the files it should, edited ones among them:
    # a fast path that decides nothing would pass the assertions above.
    assert decided >= 100, decided
    assert edited_and_decided >= 50, edited_and_decided


def test_files_of_different_sizes_are_stacked_as_to_arrays_stacks_them(tmp_path: Path) -> None:
    boxes = boxoban.write(tmp_path, files=2, levels=5)
    small = tmp_path / "small.xsb"
    small.write_text("; s\n#####\n#@$.#\n#####\n", encoding="ascii")
    wide = tmp_path / "wide.sok"  # read by the reader: its title has letters
    wide.write_text("Wide one\n\n############\n#@$.      #\n############\n", encoding="ascii")
    paths = [small, *boxes, wide]
    stack, titles = load_arrays(paths, titles=True)
    expected, expected_titles = _by_the_reader(paths)
    assert stack.shape == (12, 10, 12)
    assert (stack == expected).all()
    assert titles == expected_titles
    assert titles[0] == "s"
    assert titles[-1] == "Wide one"
    fitted = load_arrays(paths, shape=(11, 13))
    assert (fitted == _by_the_reader(paths, shape=(11, 13))[0]).all()
    with pytest.raises(
        ValidationError, match=r"at least \(10, 12\) \(height, width\), not \(10, 11\)"
    ):
        load_arrays(paths, shape=(10, 11))
    with pytest.raises(ValidationError, match="two whole numbers"):
        load_arrays(paths, shape=(10,))  # type: ignore[arg-type]
    assert load_arrays([]).shape == (0, 0, 0)


def test_boards_of_different_tessellations_are_refused(tmp_path: Path) -> None:
    (sokoban,) = boxoban.write(tmp_path, files=1, levels=3)
    hexoban = tmp_path / "hex.hsb"
    hexoban.write_text("#-#-#\n-#-@-#\n#-#-#\n", encoding="ascii")
    assert load(hexoban).puzzles[0].board.tessellation is Tessellation.HEXOBAN
    message = r"one tessellation, not Sokoban \(board 1\), Hexoban \(board 4\)"
    with pytest.raises(ValidationError, match=message):
        load_arrays([sokoban, hexoban, sokoban])
    with pytest.raises(ValidationError, match=message):
        to_arrays([p for path in (sokoban, hexoban) for p in load(path).puzzles])
    # A file the fast path reads, after one of another tessellation.
    with pytest.raises(ValidationError, match=r"not Hexoban \(board 1\), Sokoban \(board 2\)"):
        load_arrays([hexoban, sokoban])
    assert load_arrays([hexoban]).shape == (1, 3, 3)


def test_an_error_is_placed_in_its_file(tmp_path: Path) -> None:
    good, bad = boxoban.write(tmp_path, files=2, levels=4)
    lines = bad.read_text(encoding="ascii").split("\n")
    lines[26] = "#X" + lines[26][2:]  # the fourth row of the third level
    bad.write_text("\n".join(lines), encoding="ascii")
    with pytest.raises(ParseError) as caught:
        load_arrays([good, bad])
    assert (caught.value.line, caught.value.column) == (27, 2)
    assert caught.value.__notes__ == [f"in {os.fspath(bad)}"]
    with pytest.raises(ParseError, match=re.escape("Unexpected 'X'")):
        load(bad)


@settings(max_examples=300)
@given(
    inside=st.text(
        alphabet=st.sampled_from(sorted(set("# -_.$*@+WpmPMbBo"))), min_size=0, max_size=12
    ),
    ends=st.sampled_from(["#", "W"]),
)
def test_a_row_that_begins_and_ends_with_a_wall_is_a_wall_row(inside: str, ends: str) -> None:
    # What the fast path takes for a row, the grammar's terminal takes too.
    row = re.compile(lalr.terminals("sok")["WALL_ROW_LINE"])
    assert row.fullmatch(ends + inside + ends)
    assert row.fullmatch(ends)


def test_every_code_of_the_fast_path_is_the_readers(tmp_path: Path) -> None:
    # Every printable ASCII character in a row, each file read both ways.
    for code in range(0x20, 0x7F):
        character = chr(code)
        path = tmp_path / "one.txt"
        path.write_bytes(f"; 1\n#####\n#@{character}.#\n#####\n".encode("ascii"))
        expected = _outcome(lambda: _by_the_reader([path]))  # noqa: B023
        assert _outcome(lambda: load_arrays(path, titles=True)) == expected, character  # noqa: B023


def test_boards_round_trip_through_the_array(tmp_path: Path) -> None:
    (path,) = boxoban.write(tmp_path, files=1, levels=20)
    stack = load_arrays(path)
    from sokfmt import from_array

    assert [from_array(layer) for layer in stack] == [
        Board(Tessellation.SOKOBAN, p.board.cells) for p in load(path).puzzles
    ]
