"""Machine-readable output: check --format json|github and dedup --json,
parsed back; and the text of dedup kept to readable lines."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from itertools import pairwise
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
    assert document["files"] == [
        {"file": str(bad), "errors": 1, "warnings": 1},
        {"file": str(good), "errors": 0, "warnings": 0},
        {"file": str(bad.parent / "no.sok"), "errors": 1, "warnings": 0},
    ]
    assert document["summary"] == {"files": 3, "errors": 2, "warnings": 1, "skipped": 0}
    clean = json.loads(sokfmt("check", "--format", "json", str(good)).stdout)
    assert clean == {
        "diagnostics": [],
        "files": [{"file": str(good), "errors": 0, "warnings": 0}],
        "summary": {"files": 1, "errors": 0, "warnings": 0, "skipped": 0},
    }


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
MARK = "<!-- tests/test_cli_reports.py runs these commands and compares their output -->"


def _sessions() -> list[list[str]]:
    """The lines of each console block of README after `MARK`."""
    sessions = []
    for part in README.read_text(encoding="utf-8").split(MARK)[1:]:
        block = part.split("```console\n", 1)[1].split("\n```", 1)[0]
        sessions.append(block.split("\n"))
    return sessions


def test_readme_examples_are_true(tmp_path: Path) -> None:
    sessions = _sessions()
    assert len(sessions) == 2
    commands = 0
    for lines in sessions:
        starts = [n for n, line in enumerate(lines) if line.startswith("$ ")] + [len(lines)]
        for start, end in pairwise(starts):
            command, shown = lines[start][2:].split(), lines[start + 1 : end]
            if command[0] == "cat":  # the file, as the example shows it
                (tmp_path / command[1]).write_text("\n".join(shown) + "\n", encoding="utf-8")
                continue
            assert command[0] == "sokfmt"
            result = subprocess.run(
                [sys.executable, "-m", "sokfmt", *command[1:]],
                capture_output=True,
                text=True,
                cwd=tmp_path,
                check=False,
            )
            assert result.stdout.splitlines() == shown, lines[start]
            commands += 1
    assert commands == 3
