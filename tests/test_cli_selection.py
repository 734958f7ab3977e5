"""--puzzle SPEC in info, check, show and convert: positions from 1 whatever
the titles say, ranges, exact titles, and usage errors for the rest."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sokfmt import Puzzle, load_sok, loads_board, loads_sok
from sokfmt.cli.files import USAGE_ERROR, UsageError
from sokfmt.cli.selection import Spec, parse_spec, select

BOARD = "#####\n#@$.#\n#####"
OPEN = "#####\n#@$.#\n## ##"  # a pusher can walk off it (SOK403)


def sokfmt(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sokfmt", *arguments], capture_output=True, text=True, check=False
    )


def _numbered(count: int) -> str:
    """A collection whose titles are "0", "1", ...: "; 0" above each board."""
    return "".join(f"; {n}\n{BOARD}\n\n" for n in range(count))


@pytest.fixture
def numbered(tmp_path: Path) -> Path:
    path = tmp_path / "numbered.xsb"
    path.write_text(_numbered(10), encoding="utf-8")
    return path


# ------------------------------------------------------------ the module


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("5", Spec("5", 5, 5)),
        ("3-7", Spec("3-7", 3, 7)),
        ("4-4", Spec("4-4", 4, 4)),
        ("05", Spec("05", 5, 5)),
        ("title:0", Spec("title:0", title="0")),
        ("title:", Spec("title:", title="")),
        ("title:a:b 3-4", Spec("title:a:b 3-4", title="a:b 3-4")),
    ],
    ids=["number", "range", "range of one", "leading zero", "title", "no title", "odd title"],
)
def test_specs(text: str, spec: Spec) -> None:
    assert parse_spec(text) == spec


@pytest.mark.parametrize(
    "text",
    ["0", "0-3", "7-3", "-2", "2-", "+2", " 2", "2 ", "x", "Title:x", "1,2", "٣", "", "9" * 19],
)
def test_malformed_specs(text: str) -> None:
    with pytest.raises(UsageError, match="--puzzle"):
        parse_spec(text)


def _titled(*titles: str) -> list[Puzzle]:
    board = loads_board(BOARD)
    return [Puzzle(board, title=title) for title in titles]


def test_select_takes_positions_once_each_in_file_order() -> None:
    puzzles = _titled("a", "b", "c", "d", "b")
    chosen = select(puzzles, [parse_spec("4"), parse_spec("title:b"), parse_spec("1-2")])
    assert [(each.number, each.puzzle.title) for each in chosen] == [
        (1, "a"),
        (2, "b"),
        (4, "d"),
        (5, "b"),
    ]
    assert [each.number for each in select(puzzles, [])] == [1, 2, 3, 4, 5]


def test_numbers_are_positions_even_when_titles_are_numbers() -> None:
    puzzles = list(loads_sok(_numbered(10)).puzzles)
    assert [each.puzzle.title for each in select(puzzles, [parse_spec("5")])] == ["4"]
    assert [each.number for each in select(puzzles, [parse_spec("title:0")])] == [1]
    assert [each.puzzle.title for each in select(puzzles, [parse_spec("9-10")])] == ["8", "9"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6", "--puzzle 6: the file holds 5 puzzles"),
        ("4-6", "--puzzle 4-6: the file holds 5 puzzles"),
        ("title:B", "--puzzle title:B: no puzzle is titled 'B'"),
    ],
)
def test_a_spec_that_selects_nothing_is_a_usage_error(text: str, message: str) -> None:
    with pytest.raises(UsageError) as raised:
        select(_titled("a", "b", "c", "d", "e"), [parse_spec(text)])
    assert str(raised.value) == message
    with pytest.raises(UsageError, match="the file holds no puzzle"):
        select([], [parse_spec("1")])


# ------------------------------------------------------------ the commands


def test_show_chooses_by_position_range_and_title(numbered: Path) -> None:
    fifth = sokfmt("show", str(numbered), "--puzzle", "5", "--color", "never")
    assert (fifth.returncode, fifth.stdout) == (0, "4\n██████████\n██● ■ · ██\n██████████\n")
    zero = sokfmt("show", str(numbered), "--puzzle", "title:0", "--color", "never")
    assert zero.stdout.splitlines()[0] == "0"
    several = sokfmt("show", str(numbered), "--puzzle", "9-10", "--puzzle", "title:1")
    drawn = several.stdout.split("\n\n")
    assert [drawing.splitlines()[0] for drawing in drawn] == ["1", "8", "9"]


def test_show_svg_draws_one_puzzle(numbered: Path, tmp_path: Path) -> None:
    picture = tmp_path / "one.svg"
    one = sokfmt("show", str(numbered), "--puzzle", "title:3", "--svg", str(picture))
    assert one.returncode == 0
    assert "<title>3</title>" in picture.read_text(encoding="utf-8")
    two = sokfmt("show", str(numbered), "--puzzle", "2-3", "--svg", str(tmp_path / "two.svg"))
    assert (two.returncode, two.stderr) == (
        USAGE_ERROR,
        "sokfmt: --svg draws one puzzle, and --puzzle chooses 2\n",
    )
    assert not (tmp_path / "two.svg").exists()


def test_show_html_numbers_the_cards_by_position(numbered: Path, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    result = sokfmt("show", str(numbered), "--puzzle", "7", "--puzzle", "2", "--html", str(page))
    assert result.returncode == 0
    html = page.read_text(encoding="utf-8")
    # Positions 2 and 7 hold the titles "1" and "6"; the anchors are positions.
    assert html.count("<section") == 2
    assert '<section id="puzzle-2">\n<h2><a href="#puzzle-2">2. 1</a></h2>' in html
    assert '<section id="puzzle-7">\n<h2><a href="#puzzle-7">7. 6</a></h2>' in html


def test_convert_writes_the_selection_with_the_notes(tmp_path: Path) -> None:
    source = tmp_path / "in.sok"
    source.write_text(
        "Title: Numbers\nAuthor: Me\nA note about them all.\n\n" + _numbered(6), encoding="utf-8"
    )
    target = tmp_path / "out.sok"
    arguments = ("--puzzle", "title:0", "--puzzle", "4-5")
    result = sokfmt("convert", str(source), str(target), *arguments)
    assert result.returncode == 0, result.stderr
    written = load_sok(target)
    assert [puzzle.title for puzzle in written.puzzles] == ["0", "3", "4"]
    assert (written.title, written.author) == ("Numbers", "Me")
    assert "A note about them all." in written.notes


def test_info_summarises_the_selection(numbered: Path) -> None:
    result = sokfmt("info", str(numbered), "--puzzle", "3", "--puzzle", "10")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert "2 of 10 puzzles (Sokoban)" in lines[0]
    end = lines.index("", 3)
    rows = [line.split()[:2] for line in lines[3:end]]
    assert rows == [["3", "2"], ["10", "9"]]  # position, then title
    squares = lines.index("Squares:")  # the statistics of the same puzzles
    assert [line.split()[0] for line in lines[squares + 2 :]] == ["3", "10"]
    data = json.loads(sokfmt("info", str(numbered), "--puzzle", "title:9", "--json").stdout)
    assert [(p["number"], p["title"]) for p in data["puzzles"]] == [(10, "9")]


def test_check_reports_the_problems_of_the_puzzles_chosen(tmp_path: Path) -> None:
    # Lines 1-3 the file's notes, puzzle 1 "One" from line 4 (its solution
    # "RR" on line 10 pushes the box into the wall: step 2, column 2),
    # puzzle 2 "Two" from line 12 (open: SOK403 at its first row, line 13).
    path = tmp_path / "mixed.sok"
    path.write_text(
        f"Title: Mixed\n\n\nOne\n{BOARD}\n\nSolution\nRR\n\nTwo\n{OPEN}\n", encoding="utf-8"
    )
    every = sokfmt("check", str(path)).stdout.splitlines()
    assert [line.split(": ")[0] for line in every[:-1]] == [f"{path}:10:2", f"{path}:13:1"]
    first = sokfmt("check", str(path), "--puzzle", "1")
    assert (first.returncode, first.stdout.splitlines()) == (
        1,
        [every[0], "1 file checked: 1 error, 0 warnings"],
    )
    second = sokfmt("check", str(path), "--puzzle", "title:Two")
    assert (second.returncode, second.stdout.splitlines()) == (
        0,
        [every[1], "1 file checked: 0 errors, 1 warning"],
    )


def test_check_gives_a_board_that_cannot_be_read_to_the_next_puzzle(tmp_path: Path) -> None:
    # "One" (lines 1-4), a board with an 'X' (line 8, column 3) that is no
    # puzzle, then "Two" (open, from line 11): positions count the puzzles
    # read, so "Two" is puzzle 2, and the broken board's error goes with it.
    path = tmp_path / "broken.sok"
    path.write_text(
        f"One\n{BOARD}\n\nBroken\n#####\n#@X.#\n#####\n\nTwo\n{OPEN}\n", encoding="utf-8"
    )
    first = sokfmt("check", str(path), "--puzzle", "1")
    assert (first.returncode, first.stdout) == (0, "1 file checked: 0 errors, 0 warnings\n")
    second = sokfmt("check", str(path), "--puzzle", "2").stdout.splitlines()
    assert [line.split(" ")[:4] for line in second[:-1]] == [
        [f"{path}:8:3:", "error:", "SOK301", "Unexpected"],
        [f"{path}:12:1:", "warning:", "SOK403", "puzzle"],
    ]
    assert second[-1] == "1 file checked: 1 error, 1 warning"


def test_check_tells_the_puzzles_of_a_file_of_bare_boards(tmp_path: Path) -> None:
    # Titles and boards alone: the reader's fast path, which must hand each
    # puzzle on after its own warnings.
    from sokfmt import Tessellation
    from sokfmt._sok import bare as _sok_bare

    text = f"; 1\n{BOARD}\n\n; 2\n{OPEN}\n\n; 3\n{BOARD}\n"
    assert _sok_bare.read_bare(text, Tessellation.SOKOBAN, [], lambda _: None) is not None
    path = tmp_path / "bare.xsb"
    path.write_text(text, encoding="utf-8")
    second = sokfmt("check", str(path), "--puzzle", "2")
    assert second.stdout.splitlines()[0].startswith(f"{path}:7:1: warning: SOK403 puzzle 2 '2'")
    others = sokfmt("check", str(path), "--puzzle", "1", "--puzzle", "3")
    assert others.stdout == "1 file checked: 0 errors, 0 warnings\n"


def test_check_reports_a_selection_that_fails_in_a_file(tmp_path: Path) -> None:
    small = tmp_path / "small.sok"
    small.write_text(f"One\n{BOARD}\n", encoding="utf-8")
    large = tmp_path / "large.sok"
    large.write_text(f"One\n{BOARD}\n\nTwo\n{OPEN}\n", encoding="utf-8")
    result = sokfmt("check", str(small), str(large), "--puzzle", "2")
    assert result.returncode == USAGE_ERROR
    assert result.stderr == f"sokfmt: {small}: --puzzle 2: the file holds 1 puzzle\n"
    assert result.stdout.splitlines()[-1] == "1 file checked: 0 errors, 1 warning"


@pytest.mark.parametrize(
    "command",
    [
        ["info", "{file}"],
        ["check", "{file}"],
        ["show", "{file}"],
        ["convert", "{file}", "{out}"],
    ],
    ids=["info", "check", "show", "convert"],
)
@pytest.mark.parametrize("spec", ["11", "title:10", "x", "0", "3-2"])
def test_every_command_refuses_a_spec_that_selects_nothing(
    numbered: Path, tmp_path: Path, command: list[str], spec: str
) -> None:
    out = tmp_path / "out.sok"
    arguments = [part.format(file=numbered, out=out) for part in command]
    result = sokfmt(*arguments, "--puzzle", spec)
    assert result.returncode == USAGE_ERROR
    assert f"--puzzle {spec}" in result.stderr or f"--puzzle '{spec}'" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()


def test_a_lev_file_and_a_folder_refuse_a_selection(tmp_path: Path) -> None:
    lev = str(Path(__file__).parent / "vectors" / "lev" / "c19.lev")
    for command in (["info", lev], ["show", lev], ["check", lev]):
        result = sokfmt(*command, "--puzzle", "1")
        assert result.returncode == USAGE_ERROR, command
        assert "a .lev file holds one sliding-block puzzle" in result.stderr
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.sok").write_text(f"One\n{BOARD}\n", encoding="utf-8")
    folder = sokfmt("convert", str(tmp_path / "in"), str(tmp_path / "out"), "--to", "xsb")
    assert folder.returncode == 0
    chosen = ("--to", "xsb", "--puzzle", "1")
    refused = sokfmt("convert", str(tmp_path / "in"), str(tmp_path / "out2"), *chosen)
    assert refused.returncode == USAGE_ERROR
    assert "IN is a folder" in refused.stderr
