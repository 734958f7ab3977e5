"""Machine-readable output: check --format json|github and dedup --json,
parsed back; and the text of dedup kept to readable lines."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sokfmt import Board, loads_board
from sokfmt.cli.report import Problem, annotation, escape_data, escape_property
from sokfmt.transform import transformed

BOARD = "#####\n#@$.#\n#####"
OPEN = "#####\n#@$.#\n## ##"

# A workflow command as GitHub reads one (the test's own reading, from
# GitHub's documentation): ::command key=value,key=value::message, values
# and message without a raw line break, and a value without a raw "," or
# ":" (escaped as %2C and %3A).
ANNOTATION = re.compile(
    r"::(?P<command>error|warning) "
    r"(?P<properties>[a-z]+=[^,:\r\n]*(?:,[a-z]+=[^,:\r\n]*)*)"
    r"::(?P<message>[^\r\n]*)"
)


def sokfmt(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sokfmt", *arguments], capture_output=True, text=True, check=False
    )


def _unescaped(text: str) -> str:
    """GitHub's reading of an escaped value (the inverse of its escapes)."""
    for escape, character in (
        ("%0D", "\r"),
        ("%0A", "\n"),
        ("%3A", ":"),
        ("%2C", ","),
        ("%25", "%"),
    ):
        text = text.replace(escape, character)
    return text


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    """bad.sok: a jump with a push in it ("u[lR]": the R is at line 9,
    column 4, SOK202), and an open board from line 12 (SOK403, at its first
    row); good.sok: nothing to say."""
    bad = tmp_path / "bad.sok"
    bad.write_text(f"Bad\n\n{BOARD}\n\nSnapshot\nR\nu[lR]\n\nOpen\n{OPEN}\n", encoding="utf-8")
    good = tmp_path / "good.sok"
    good.write_text(f"Good\n{BOARD}\n\nSolution\nR\n", encoding="utf-8")
    return bad, good


def test_check_json_is_one_document(files: tuple[Path, Path]) -> None:
    bad, good = files
    result = sokfmt("check", "--format", "json", str(bad), str(good), str(bad.parent / "no.sok"))
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert document["diagnostics"] == [
        {
            "file": str(bad),
            "line": 9,
            "column": 4,
            "severity": "error",
            "code": "SOK202",
            "message": "Unexpected 'R' in a jump, expected lower-case moves only "
            "(no pushes or pulls)",
        },
        {
            "file": str(bad),
            "line": 12,
            "column": 1,
            "severity": "warning",
            "code": "SOK403",
            "message": "puzzle 2 'Open': not closed by walls: a pusher can walk off the board",
        },
        {
            "file": str(bad.parent / "no.sok"),
            "line": None,
            "column": None,
            "severity": "error",
            "code": None,
            "message": "No such file or directory",
        },
    ]
    # bad.sok holds two puzzles (Bad, Open), good.sok one; no.sok none.
    assert document["files"] == [
        {"file": str(bad), "puzzles": 2, "errors": 1, "warnings": 1},
        {"file": str(good), "puzzles": 1, "errors": 0, "warnings": 0},
        {"file": str(bad.parent / "no.sok"), "puzzles": 0, "errors": 1, "warnings": 0},
    ]
    assert document["skipped"] == []
    assert document["summary"] == {
        "files": 3,
        "puzzles": 3,
        "errors": 2,
        "warnings": 1,
        "skipped": 0,
    }
    assert document["schema_version"] == 1
    clean = json.loads(sokfmt("check", "--format", "json", str(good)).stdout)
    assert clean == {
        "schema_version": 1,
        "diagnostics": [],
        "files": [{"file": str(good), "puzzles": 1, "errors": 0, "warnings": 0}],
        "skipped": [],
        "summary": {"files": 1, "puzzles": 1, "errors": 0, "warnings": 0, "skipped": 0},
    }


def test_check_json_of_a_folder_without_level_files_says_nothing_was_read(
    tmp_path: Path,
) -> None:
    """A valid document: no file read, no puzzle; the folder's error among
    the diagnostics; the licence that was skipped named, with why."""
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "LICENSE.txt").write_text("MIT License\n\nPermission is granted.\n", "utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    for path, skipped in ((folder, 1), (empty, 0)):
        result = sokfmt("check", "--format", "json", str(path))
        assert result.returncode == 1
        document = json.loads(result.stdout)
        assert document["schema_version"] == 1
        assert document["files"] == []
        assert document["summary"] == {
            "files": 0,
            "puzzles": 0,
            "errors": 1,
            "warnings": 0,
            "skipped": skipped,
        }
        [error] = document["diagnostics"]
        assert (error["file"], error["severity"], error["line"]) == (str(path), "error", None)
        assert error["message"].startswith("no level file in this folder (")
    assert document["skipped"] == []
    named = json.loads(sokfmt("check", "--format", "json", str(folder)).stdout)["skipped"]
    assert named == [
        {"file": str(folder / "LICENSE.txt"), "reason": "a .txt file with no board in it"}
    ]


def test_check_json_counts_the_puzzles_of_each_file(tmp_path: Path) -> None:
    """Puzzles by file, counted from the files as written here: three in a
    .sok file (one of them after a board that cannot be read), one in a
    .lev file, one in an .slc file; JSON of another kind is skipped."""
    folder = tmp_path / "levels"
    (folder / "deeper").mkdir(parents=True)
    three = f"One\n{BOARD}\n\nBroken\n#####\n#@X.#\n#####\n\nTwo\n{BOARD}\n\nThree\n{OPEN}\n"
    (folder / "a.sok").write_text(three, encoding="utf-8")
    lev = Path(__file__).parent / "vectors" / "lev" / "c19.lev"
    (folder / "deeper" / "c19.lev").write_bytes(lev.read_bytes())
    (folder / "deeper" / "one.slc").write_text(
        '<?xml version="1.0"?>\n<SokobanLevels><Title>S</Title><LevelCollection>'
        '<Level Id="L"><L>#####</L><L>#@$.#</L><L>#####</L></Level>'
        "</LevelCollection></SokobanLevels>\n",
        encoding="utf-8",
    )
    document = json.loads(sokfmt("check", "--format", "json", str(folder)).stdout)
    assert [(each["file"], each["puzzles"]) for each in document["files"]] == [
        (str(folder / "a.sok"), 3),
        (str(folder / "deeper" / "c19.lev"), 1),
        (str(folder / "deeper" / "one.slc"), 1),
    ]
    assert document["summary"]["puzzles"] == 5


def test_check_github_annotations(files: tuple[Path, Path], tmp_path: Path) -> None:
    bad, good = files
    odd = tmp_path / "a,b:c%.sok"  # a name with every character a property escapes
    odd.write_text(f"Open, 100%\n{OPEN}\n", encoding="utf-8")
    result = sokfmt("check", "--format", "github", str(bad), str(good), str(odd))
    assert result.returncode == 1
    *lines, summary = result.stdout.splitlines()
    assert summary == "3 files checked: 1 error, 2 warnings"
    found = []
    for line in lines:
        match = ANNOTATION.fullmatch(line)
        assert match, line
        properties = dict(part.split("=", 1) for part in match["properties"].split(","))
        found.append(
            (
                match["command"],
                {key: _unescaped(value) for key, value in properties.items()},
                _unescaped(match["message"]),
            )
        )
    assert found == [
        (
            "error",
            {"file": str(bad), "line": "9", "col": "4", "title": "SOK202"},
            "Unexpected 'R' in a jump, expected lower-case moves only (no pushes or pulls)",
        ),
        (
            "warning",
            {"file": str(bad), "line": "12", "col": "1", "title": "SOK403"},
            "puzzle 2 'Open': not closed by walls: a pusher can walk off the board",
        ),
        (
            "warning",
            {"file": str(odd), "line": "2", "col": "1", "title": "SOK403"},
            "puzzle 1 'Open, 100%': not closed by walls: a pusher can walk off the board",
        ),
    ]


def test_check_text_tells_warnings_alike_once_and_errors_each(tmp_path: Path) -> None:
    """Seven puzzles, each with the same doubt (SOK104, at line 7 + 8 * i)
    and, in the first three, the same error (a board square outside the
    legend, SOK301, at line 3 + 8 * i, column 3)."""
    puzzles = [
        f"T{i}\n#####\n#@{'X' if i < 3 else '$'}.#\n#####\n\nMoves\nrRxRR\n\n" for i in range(7)
    ]
    path = tmp_path / "seven.sok"
    path.write_text("".join(puzzles), encoding="utf-8")
    doubt = "warning: SOK104 Text that looks like Sokoban moves but for 'x', kept in the notes"
    error = (
        "error: SOK301 Unexpected 'X' in a board, expected a square of the legend "
        "(# W @ m p + M P $ b * B . o - _)"
    )
    summary = "1 file checked: 3 errors, 7 warnings"
    grouped = sokfmt("check", str(path))
    assert grouped.returncode == 1
    assert grouped.stdout.splitlines() == [
        f"{path}:3:3: {error}",
        f"{path}:7:3: {doubt} (7 times in this file: lines 7, 15, 23, 31, 39 and 2 more; "
        "--verbose lists each)",
        f"{path}:11:3: {error}",
        f"{path}:19:3: {error}",
        summary,
    ]
    each = sokfmt("check", "--verbose", str(path)).stdout.splitlines()
    assert [line for line in each if "SOK104" in line] == [
        f"{path}:{7 + 8 * i}:3: {doubt}" for i in range(7)
    ]
    assert len(each) == 3 + 7 + 1
    quiet = sokfmt("check", "-q", str(path))
    assert (quiet.returncode, quiet.stdout.splitlines()) == (
        1,
        [f"{path}:{3 + 8 * i}:3: {error}" for i in range(3)] + [summary],
    )
    # Programs get every problem, whatever is asked of the text.
    document = json.loads(sokfmt("check", "-q", "--format", "json", str(path)).stdout)
    assert len(document["diagnostics"]) == 10
    github = sokfmt("check", "--format", "github", str(path)).stdout.splitlines()
    assert len(github) == 10 + 1


def test_told_keeps_the_order_and_names_the_first_places() -> None:
    from sokfmt.cli.grouping import EACH, GROUPED, NONE, Said, told

    said = [
        Said("a:1: warning: W", ("a", "W"), "1"),
        Said("a:2: error: E"),
        Said("b:2: warning: W", ("b", "W"), "2"),  # another file: not alike
        Said("a:3: warning: W", ("a", "W"), "3"),
        Said("a:4: error: E"),
    ]
    assert told(said, GROUPED) == [
        "a:1: warning: W (2 times in this file: lines 1, 3; --verbose lists each)",
        "a:2: error: E",
        "b:2: warning: W",
        "a:4: error: E",
    ]
    assert told(said, EACH) == [each.text for each in said]
    assert told(said, NONE) == ["a:2: error: E", "a:4: error: E"]
    many = [Said(f"w{n}", "same", str(n)) for n in range(1, 7)]
    assert told(many, places="puzzles") == [
        "w1 (6 times in this file: puzzles 1, 2, 3, 4, 5 and 1 more; --verbose lists each)"
    ]


def test_github_escapes() -> None:
    # GitHub's rules for workflow commands, applied by hand.
    assert escape_data("100% a\r\nb: c, d") == "100%25 a%0D%0Ab: c, d"
    assert escape_property("C:\\x,y%.sok") == "C%3A\\x%2Cy%25.sok"
    problem = Problem("f", 0, 0, "error", "", "cannot read\nat all")
    assert annotation(problem) == "::error file=f::cannot read%0Aat all"


def test_check_format_names_the_output_and_from_the_input(files: tuple[Path, Path]) -> None:
    bad, _ = files
    renamed = bad.with_suffix(".txt2")
    renamed.write_text(bad.read_text(encoding="utf-8"), encoding="utf-8")
    read = sokfmt("check", "--from", "sok", "--format", "json", str(renamed))
    assert json.loads(read.stdout)["summary"]["errors"] == 1
    old = sokfmt("check", "--format", "sok", str(renamed))
    assert old.returncode == 2
    assert "name the format of the files with --from sok" in old.stderr
    assert sokfmt("check", "--format", "xml", str(bad)).returncode == 2


# ------------------------------------------------------------------ dedup

# ROOM turned a quarter clockwise, by hand; and mirrored left to right.
ROOM = "######\n#@ $.#\n#    #\n######"
TURNED = "####\n#  #\n# @#\n# $#\n# .#\n####"
MIRRORED = "######\n#.$ @#\n#    #\n######"


def _without_pusher(board: Board) -> tuple[str, ...]:
    return tuple(row.replace("@", "-") for row in board.cells)


def test_dedup_json_gives_each_group_with_its_symmetries(tmp_path: Path) -> None:
    first = tmp_path / "first.sok"
    first.write_text(f"Room\n{ROOM}\n\nOther\n{BOARD}\n", encoding="utf-8")
    second = tmp_path / "second.sok"
    second.write_text(f"Turned\n{TURNED}\n\nMirrored\n{MIRRORED}\n", encoding="utf-8")
    result = sokfmt("dedup", "--json", str(first), str(second))
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert document["summary"] == {
        "files": 2,
        "puzzles": 4,
        "groups": 1,
        "repeats": 2,
        "unread": 0,
        "skipped": 0,
        "folders_without_level_files": 0,
        "errors": 0,
    }
    (group,) = document["groups"]
    assert [(m["file"], m["number"], m["title"]) for m in group] == [
        (str(first), 1, "Room"),
        (str(second), 1, "Turned"),
        (str(second), 2, "Mirrored"),
    ]
    # The room has no symmetry of its own: one way each, worked out by hand.
    assert [m["symmetry"] for m in group] == [
        {"turns": 0, "mirror": False},
        {"turns": 3, "mirror": False},  # three more quarter turns undo one
        {"turns": 0, "mirror": True},
    ]
    # And each maps its board onto the first's, as `transformed` reads it.
    room = loads_board(ROOM)
    for member, text in zip(group[1:], (TURNED, MIRRORED), strict=True):
        symmetry = member["symmetry"]
        moved = transformed(loads_board(text), symmetry["turns"], symmetry["mirror"])
        assert _without_pusher(moved) == _without_pusher(room)


def test_dedup_text_names_the_first_places_then_how_many_more(tmp_path: Path) -> None:
    many = tmp_path / "many.sok"
    many.write_text("".join(f"Copy {n}\n{BOARD}\n\n" for n in range(1, 9)), encoding="utf-8")
    result = sokfmt("dedup", str(many))
    assert result.stdout.splitlines() == [
        f"8 times: {many}:#1 'Copy 1', {many}:#2 'Copy 2', {many}:#3 'Copy 3', "
        f"{many}:#4 'Copy 4', {many}:#5 'Copy 5' and 3 more",
        "1 file, 8 puzzles: 1 occur more than once (7 repeats)",
    ]
    data = json.loads(sokfmt("dedup", "--json", str(many)).stdout)
    assert [m["number"] for m in data["groups"][0]] == list(range(1, 9))  # JSON: every one


def test_dedup_json_keeps_standard_output_a_document_when_keep_fails(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    one = tmp_path / "one.sok"
    one.write_text(f"One\n{BOARD}\n", encoding="utf-8")
    merged = tmp_path / "merged.sok"
    result = sokfmt(
        "dedup", "--json", str(one), str(tmp_path / "empty"), "--keep", "first", "-o", str(merged)
    )
    assert result.returncode == 1
    assert json.loads(result.stdout)["summary"]["folders_without_level_files"] == 1
    assert "not written: a folder holds no level file" in result.stderr
    assert not merged.exists()


# ----------------------------------------------------------------- README

README = Path(__file__).parent.parent / "README.md"
