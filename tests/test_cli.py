"""The sokfmt command, run for real in a subprocess."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import pytest
from corpus import CORPUS, needs_corpus
from dropping import dropped
from replay import solves

from sokfmt import (
    Collection,
    Puzzle,
    Tessellation,
    ValidationError,
    dumps,
    load_lev,
    load_slc,
    load_sok,
    loads_board,
    loads_sok,
)
from sokfmt import load as sokfmt_load
from sokfmt.cli.info import sample
from sokfmt.geometry import outside

VECTORS = Path(__file__).parent / "vectors"
BOARD = "#####\n#@$.#\n#####"


def sokfmt(*arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sokfmt", *arguments],
        capture_output=True,
        text=True,
        input=stdin,
        check=False,
    )


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "good.sok").write_text(f"Good\n{BOARD}\n\nSolution\nR\n", encoding="utf-8")
    (tmp_path / "bad.sok").write_text(f"Bad\n\n{BOARD}\n\nSolution\nRR\nu[lR]\n", encoding="utf-8")
    (tmp_path / "odd.sok").write_text(
        "Unbalanced\n#####\n#@$$.#\n######\n\nOpen\n#####\n#@$.#\n## ##\n\n"
        "Orders\n#####\n#@$.#\n#####\nboxorder: 1\ngoalorder: 2\n",
        encoding="utf-8",
    )
    return tmp_path


# ------------------------------------------------------------------- start-up


def test_help_lists_every_command() -> None:
    result = sokfmt("--help")
    assert result.returncode == 0
    listed = [line.split()[0] for line in result.stdout.splitlines() if line.startswith("    ")]
    assert listed == ["check", "info", "convert", "show", "dedup", "play"]


def test_a_command_imports_only_its_own_module() -> None:
    # Each command module pulls in what it needs (drawing, curses, hashing);
    # `sokfmt info` starting up need not pay for `show` or `play`.
    program = (
        "import json, sys; from sokfmt.cli import main; main(['info', '--json']); "
        "names = [m for m in sys.modules if m.startswith('sokfmt.cli.')]; "
        "print(json.dumps(names), file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    imported = set(json.loads(result.stderr.splitlines()[-1]))
    assert "sokfmt.cli.info" in imported
    assert imported.isdisjoint({f"sokfmt.cli.{name}" for name in ("check", "convert", "dedup")})
    assert imported.isdisjoint({"sokfmt.cli.show", "sokfmt.cli.play", "sokfmt.cli.gallery"})


# ------------------------------------------------------------------- info


def test_info_without_a_file_shows_the_bundled_sample() -> None:
    # Worked out by hand from sokfmt/samples/sample.sok: every game solves
    # but the snapshot "llDu*rr" of Two Boxes.
    for result in (sokfmt(), sokfmt("info")):
        assert result.returncode == 0
        lines = result.stdout.splitlines()
        assert lines[0] == (
            "sokfmt 0.3.0: sokfmt sample: 4 puzzles (Sokoban), 6 saved games, "
            "5 solving their puzzle"
        )
        assert lines[2].split() == [
            "#", "title", "game", "size", "boxes", "saved", "solved", "best", "moves", "best",
            "pushes",
        ]  # fmt: skip
        two_boxes = ["3", "Two", "Boxes", "Sokoban", "7x5", "2", "2", "1", "14/5", "14/5"]
        assert lines[5].split() == two_boxes
        assert lines[6].split()[-2:] == ["23/7", "23/7"]  # "drUr2ulDrdLd2l2u2R" "lDrdL"
        best = lines[lines.index("Best solutions:") + 2 :]
        # moves, pushes, box lines, box changes, pushing sessions, pusher lines
        assert [row.split()[:8] for row in best[:3]] == [
            ["1", "moves", "3", "2", "1", "1", "1", "1"],  # lLL
            ["2", "moves", "2", "1", "1", "1", "1", "2"],  # rD
            ["3", "moves", "14", "5", "5", "4", "4", "12"],  # 2lDu2rdLdLUruL
        ]


def test_info_json_replays_every_game() -> None:
    data = json.loads(sokfmt("info", "--json").stdout)
    (hallway, _, two_boxes, _) = data["puzzles"]
    assert [game["solved"] for game in hallway["saved_games"]] == [True, True]
    assert hallway["best_by_moves"] == hallway["best_by_pushes"] == 0  # equal: the first
    snapshot = two_boxes["saved_games"][1]
    assert (snapshot["title"], snapshot["legal"], snapshot["solved"]) == ("Snapshot", True, False)
    best = two_boxes["saved_games"][two_boxes["best_by_moves"]]
    metrics = ("moves", "pushes", "box_lines", "box_changes", "pushing_sessions", "pusher_lines")
    assert [best[key] for key in metrics] == [14, 5, 5, 4, 4, 12]
    lev = json.loads(sokfmt("info", "--json", str(VECTORS / "lev" / "c19.lev")).stdout)
    assert (lev["width"], lev["height"], lev["pieces"]["A"]) == (
        4,
        5,
        {"cells": 4, "color": "#7f0000", "in_target": True},
    )


def test_info_counts_squares_and_dead_squares() -> None:
    # By hand.  Hallway "#. $ @ #": six floor squares, the pusher reaches
    # three (the box stops it), a box on the last square before the right
    # wall cannot be pushed.  Corner: a box reaches the goal (3, 3) only
    # from (2, 3), pushed down; the other eleven floor squares are dead.
    lines = sokfmt("info").stdout.splitlines()
    squares = lines[lines.index("Squares:") + 1 :]
    assert squares[0] == "#  goals  floor  reachable  boxes on goals  dead"
    assert [row.split() for row in squares[1:3]] == [
        ["1", "1", "6", "3", "0", "1"],
        ["2", "1", "13", "12", "0", "11"],
    ]
    assert max(map(len, squares)) <= 80
    corner = json.loads(sokfmt("info", "--json").stdout)["puzzles"][1]
    assert (corner["goals"], corner["floor"], corner["reachable"], corner["dead"]) == (
        1,
        13,
        12,
        11,
    )
    assert corner["boxes_on_goals"] == 0
    assert [2, 3] not in corner["dead_squares"]
    assert [1, 3] in corner["dead_squares"]


def test_info_of_a_lev_file() -> None:
    result = sokfmt("info", str(VECTORS / "lev" / "c19.lev"))
    assert result.returncode == 0
    assert "sliding-block puzzle 4x5, 9 pieces, 0 unknown sections" in result.stdout
    assert "\nA          4  #7f0000  yes\n" in result.stdout


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        # One piece, and one section .lev does not document: the singular.
        (
            "size 2 1\ninitial\nA.\ntarget\n.A\nextra\nsomething\n",
            "2x1, 1 piece, 1 unknown section",
        ),
        ("size 3 1\ninitial\nAB.\nextra\nx\n\nmore\ny\n", "3x1, 2 pieces, 2 unknown sections"),
    ],
)
def test_info_of_a_lev_file_counts_in_the_singular_and_plural(
    tmp_path: Path, text: str, counts: str
) -> None:
    path = tmp_path / "x.lev"
    path.write_text(text, encoding="utf-8")
    result = sokfmt("info", str(path))
    assert result.returncode == 0  # (LEV113 warns of each unknown section)
    first = result.stdout.splitlines()[0]
    assert first.endswith(f": {path}: sliding-block puzzle {counts}")


def test_every_sample_solution_solves_its_puzzle() -> None:
    checked = 0
    for puzzle in sample().puzzles:
        for game in puzzle.saved_games:
            finished = game.current_move_idx == len(game)
            assert solves(game, puzzle.board) is finished, (puzzle.title, game.title)
            checked += finished
    assert checked == 5


# ------------------------------------------------------------------ check


def test_check_clean_file(files: Path) -> None:
    result = sokfmt("check", str(files / "good.sok"))
    assert result.returncode == 0
    assert result.stdout == "1 file checked: 0 errors, 0 warnings\n"


def test_check_reports_errors_at_file_positions(files: Path) -> None:
    result = sokfmt("check", str(files / "good.sok"), str(files / "bad.sok"))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{files / 'bad.sok'}:9:4: error: SOK202 Unexpected 'R' in a jump, expected lower-case "
        "moves only (no pushes or pulls)",
        "2 files checked: 1 error, 0 warnings",
    ]


def test_check_warnings(files: Path) -> None:
    result = sokfmt("check", str(files / "odd.sok"), str(VECTORS / "lev" / "unknown.lev"))
    assert result.returncode == 0
    odd, lev = files / "odd.sok", VECTORS / "lev" / "unknown.lev"
    assert result.stdout.splitlines() == [
        f"{odd}:2:1: warning: SOK401 puzzle 1 'Unbalanced': 2 boxes but 1 goal",
        f"{odd}:7:1: warning: SOK403 puzzle 2 'Open': not closed by walls: "
        "a pusher can walk off the board",
        f"{odd}:12:1: warning: SOK404 puzzle 3 'Orders': Sokoban+: boxorder '1' and goalorder "
        "'2' must hold the same ids",
        f"{lev}:6:1: warning: LEV113 Unknown section 'history', expected one of size, initial, "
        "target, color, end, img, fgimg, bgimg: kept as it is",
        f"{lev}:10:1: warning: LEV113 Unknown section 'undo', expected one of size, initial, "
        "target, color, end, img, fgimg, bgimg: kept as it is",
        "2 files checked: 0 errors, 5 warnings",
    ]


def test_check_replays_saved_games(tmp_path: Path) -> None:
    # Pusher (1,1), box (1,2), goal (1,4): "RR" solves; "rR" walks into the
    # box (step 1, line 10 column 1); ">RRR" pushes the box off the goal.
    games = tmp_path / "games.sok"
    games.write_text(
        "Hall\n#######\n#@$ . #\n#######\n\nSolution\nRR\n\nSolution 2\nrR\n\n"
        "Solution 3\n>RR\n>R\n\nSnapshot\nlR\n",
        encoding="utf-8",
    )
    result = sokfmt("check", str(games))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{games}:10:1: error: SOK501 In 'Solution 2', step 1 cannot")
    assert lines[1].startswith(f"{games}:12:1: warning: SOK502 'Solution 3' is titled as a")
    assert lines[2].startswith(f"{games}:17:1: error: SOK501 In 'Snapshot', step 1 cannot")
    assert lines[3:] == ["1 file checked: 2 errors, 1 warning"]
    quiet = sokfmt("check", "--no-replay", str(games))
    assert (quiet.returncode, quiet.stdout) == (0, "1 file checked: 0 errors, 0 warnings\n")


def test_check_usage_and_missing_files(tmp_path: Path) -> None:
    assert sokfmt("check").returncode == 2
    assert sokfmt("check", "--format", "png", "x.sok").returncode == 2
    missing = sokfmt("check", str(tmp_path / "missing.sok"))
    assert missing.returncode == 1
    assert missing.stdout.startswith(f"{tmp_path / 'missing.sok'}: error: ")
    (tmp_path / "level.png").write_bytes(b"")
    unknown = sokfmt("check", str(tmp_path / "level.png"))
    assert unknown.returncode == 1
    assert "cannot tell the format" in unknown.stdout


# ---------------------------------------------------------------- convert


def test_convert_sok_json_sok_round_trips(files: Path, tmp_path: Path) -> None:
    source = VECTORS / "sok" / "moves.sok"
    assert sokfmt("convert", str(source), str(tmp_path / "c.json")).returncode == 0
    document = json.loads((tmp_path / "c.json").read_text("utf-8"))
    assert document == load_sok(source).to_dict()
    assert (
        sokfmt("convert", str(tmp_path / "c.json"), str(tmp_path / "c.sok"), "--rle").returncode
        == 0
    )
    written = (tmp_path / "c.sok").read_text("utf-8")
    assert "7#|#@$-$.#|#--.--#|7#" in written
    assert loads_sok(written) == load_sok(source)


def test_convert_refuses_to_lose_saved_games(files: Path, tmp_path: Path) -> None:
    result = sokfmt("convert", str(files / "good.sok"), str(tmp_path / "out.xsb"))
    assert result.returncode == 1
    assert result.stderr == (
        f"sokfmt: {files / 'good.sok'}: error: .xsb cannot hold 1 saved game (puzzle 1 'Good'): "
        "--lossy drops it (.sok and .json keep it)\n"
    )
    assert not (tmp_path / "out.xsb").exists()
    lossy = sokfmt("convert", str(files / "good.sok"), str(tmp_path / "out.xsb"), "--lossy")
    assert lossy.returncode == 0
    assert load_sok(tmp_path / "out.xsb").puzzles[0].saved_games == ()


def test_convert_lev_through_json_and_standard_streams() -> None:
    c19 = (VECTORS / "lev" / "c19.lev").read_text("utf-8")
    as_json = sokfmt("convert", "-", "-", "--from", "lev", "--to", "json", stdin=c19)
    assert as_json.returncode == 0
    back = sokfmt("convert", "-", "-", "--from", "json", "--to", "lev", stdin=as_json.stdout)
    assert back.stdout == c19
    assert load_lev(VECTORS / "lev" / "c19.lev").to_dict() == json.loads(as_json.stdout)


def test_convert_errors(tmp_path: Path) -> None:
    lev = str(VECTORS / "lev" / "c19.lev")
    across = sokfmt("convert", lev, str(tmp_path / "x.sok"))
    assert (across.returncode, across.stderr) == (
        1,
        f"sokfmt: {lev}: error: A sliding-block puzzle cannot be written as .sok\n",
    )
    assert sokfmt("convert", lev, str(tmp_path / "x.png")).returncode == 2
    bad = tmp_path / "bad.lev"
    bad.write_text("size 2 1\ninitial\nA#\n", encoding="utf-8")
    result = sokfmt("convert", str(bad), "-", "--to", "json")
    assert result.returncode == 1
    assert result.stderr == (
        f"sokfmt: {bad}:3:2: error: Unexpected '#' in 'initial', expected '.' or an "
        "alphanumeric label\n"
    )


# ------------------------------------------------------------------- show


def test_show_draws_in_the_terminal(files: Path) -> None:
    result = sokfmt("show", str(files / "good.sok"))
    assert result.returncode == 0
    assert result.stdout == "Good\n██████████\n██● ■ · ██\n██████████\n"
    coloured = sokfmt("show", str(files / "good.sok"), "--color", "always")
    assert "\x1b[38;5;244m██\x1b[0m" in coloured.stdout


def test_show_chooses_a_puzzle_by_number_or_title(files: Path) -> None:
    assert sokfmt("show", str(files / "odd.sok"), "--puzzle", "2").stdout.startswith("Open\n")
    assert sokfmt("show", str(files / "odd.sok"), "--puzzle", "title:Orders").stdout.startswith(
        "Orders\n"
    )
    missing = sokfmt("show", str(files / "odd.sok"), "--puzzle", "9")
    assert (missing.returncode, missing.stderr) == (
        2,
        "sokfmt: --puzzle 9: the file holds 3 puzzles\n",
    )
    # A title is exact, and named as one: a bare word is no SPEC.
    assert sokfmt("show", str(files / "odd.sok"), "--puzzle", "title:orders").returncode == 2
    assert sokfmt("show", str(files / "odd.sok"), "--puzzle", "Orders").returncode == 2


@pytest.mark.parametrize(
    ("game", "board"),
    [
        ("Sokoban", " #####\n #@  #\n # $ #\n## . #\n#  * #\n######"),
        ("Hexoban", " # # # #\n# @ $ . #\n # # # #"),
        ("Trioban", "  #####\n ##@$.##\n#########"),
        ("Octoban", "#######\n#@ $ .#\n# *   #\n#######"),
    ],
)
def test_show_writes_an_svg_picture(tmp_path: Path, game: str, board: str) -> None:
    path = tmp_path / "one.sok"
    path.write_text(f"Game: {game}\n\nOne\n{board}\n", encoding="utf-8")
    assert sokfmt("show", str(path), "--svg", str(tmp_path / "one.svg")).returncode == 0
    root = ElementTree.parse(tmp_path / "one.svg").getroot()
    parsed = loads_board(board, tessellation=load_sok(path).puzzles[0].tessellation)
    cells = parsed.width * parsed.height - len(outside(parsed))
    markers = len(parsed.goals) + len(parsed.boxes) + len(parsed.pushers)
    shapes = [element for element in root if not element.tag.endswith("title")]
    assert len(shapes) == cells + markers
    kinds = [element.get("class") for element in shapes]
    assert kinds.count("box") + kinds.count("box-on-goal") == len(parsed.boxes)
    assert kinds.count("goal") == len(parsed.goals)
    assert kinds.count("pusher") == len(parsed.pushers)
    polygons = [element for element in shapes if element.tag.endswith("polygon")]
    corners = {len(element.get("points", "").split()) for element in polygons}
    expected = {"Sokoban": {4}, "Hexoban": {6}, "Trioban": {3}, "Octoban": {8, 4}}[game]
    assert corners == expected


def test_show_lev_picture_and_drawing(tmp_path: Path) -> None:
    lev = str(VECTORS / "lev" / "c19.lev")
    assert sokfmt("show", lev).stdout == "AA11\nAA22\n78..\n6533\n6544\n"
    assert sokfmt("show", lev, "--svg", str(tmp_path / "c19.svg")).returncode == 0
    root = ElementTree.parse(tmp_path / "c19.svg").getroot()
    fills = [element.get("fill") for element in root if element.tag.endswith("polygon")]
    assert len(fills) == 20
    assert fills.count("#7f0000") == 4
    labels = sorted(element.text or "" for element in root if element.tag.endswith("text"))
    assert labels == sorted("A1278653" + "4")  # one per piece, on its first cell
    # The pieces' outlines, then the target (A's cells): an edge and a band.
    paths = [e.get("class") for e in root if e.tag.endswith("path")]
    assert paths == ["outline", "target-edge", "target"]


def test_readme_shows_the_real_info_output() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text("utf-8")
    block = readme.split("$ sokfmt info\n", 1)[1].split("```", 1)[0]
    assert sokfmt("info").stdout == block


def test_progress_bar_only_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sokfmt.cli import text

    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    quiet = text.Progress(5)
    quiet.update(2, "a.sok")
    quiet.close()
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    shown = text.Progress(4)
    try:
        shown.update(2, "b.sok")
    finally:
        shown.close()  # and the signals' handling is the test process's own again
    assert "[" + "#" * 15 + "-" * 15 + "] 2/4 b.sok" in capsys.readouterr().err
    assert not text.Progress(1).shown  # one file needs no bar


def test_progress_bar_shortens_names_at_separators_or_in_the_middle() -> None:
    from sokfmt.cli.text import shortened

    name = os.path.join("archive", "deeper", "levels", "file.sok")
    assert shortened(name, 40) == name
    # Folders left out from the start, whole: ".../" and what follows.
    assert shortened(name, 26) == "..." + os.sep + os.path.join("deeper", "levels", "file.sok")
    assert shortened(name, 25) == "..." + os.sep + os.path.join("levels", "file.sok")
    assert shortened(name, 20) == "..." + os.sep + os.path.join("levels", "file.sok")
    assert shortened(name, 12) == "..." + os.sep + "file.sok"
    assert shortened(name, 11) == "file.sok"
    # A file's name alone too long: its middle left out, both ends kept.
    assert shortened("a_very_long_name_indeed.sok", 15) == "a_very...ed.sok"
    assert shortened(os.path.join("folder", "a_very_long_name_indeed.sok"), 15) == (
        "a_very...ed.sok"
    )


def test_progress_bar_fits_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil
    import signal

    from sokfmt.cli import text

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *_: os.terminal_size((60, 24)))
    handling = [signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)]
    bar = text.Progress(4)
    assert signal.getsignal(signal.SIGTERM) != handling[1]  # the bar's, while it is shown
    try:
        bar.update(1, os.path.join("archive", "deeper", "levels", "a_long_file_name.sok"), "7 ")
        bar.update(2, "short.sok", "9 ")
    finally:
        bar.close()
    first, second, cleared = capsys.readouterr().err.split("\r")[1:4]
    # 57 columns (60, less the last and two for a "^C" that the terminal
    # echoes): the bar and "1/4 7 " take 39, which leaves 18 for the name:
    # without its folders it is 20 long, and its middle goes.
    assert first == "[" + "#" * 7 + "-" * 23 + "] 1/4 7 a_long_f...ame.sok"
    assert len(first) == 57
    assert second == ("[" + "#" * 15 + "-" * 15 + "] 2/4 9 short.sok").ljust(57)
    assert cleared == " " * 59
    # Closed, the bar leaves the signals' handling as it found it.
    assert [signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)] == handling


def test_colour_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    from sokfmt.cli.text import wants_colour

    class Terminal:
        def __init__(self, tty: bool) -> None:
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert wants_colour(Terminal(True), "auto")  # type: ignore[arg-type]
    assert not wants_colour(Terminal(False), "auto")  # type: ignore[arg-type]
    assert wants_colour(Terminal(False), "always")  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(Terminal(True), "auto")  # type: ignore[arg-type]


def test_info_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lev"
    bad.write_text("size 2 1\ninitial\nA#\n", encoding="utf-8")
    result = sokfmt("info", str(bad))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith(f"sokfmt: {bad}:3:2: error: Unexpected '#'")
    (tmp_path / "x.png").write_bytes(b"")
    assert sokfmt("info", str(tmp_path / "x.png")).returncode == 2


# ------------------------------------------------------------- robustness


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("count.sok", "T\n#####\n#@$.#\n#####\n\n" + "1" * 5000 + "R\n"),
        ("vt.lev", "size 2 2\x0b\n"),
        ("deep.json", "[" * 100_000 + "]" * 100_000),
        ("digits.json", '{"puzzles": [' + "9" * 5000 + "]}"),
        ("types.json", '{"comments": 1}'),
        ("bytes.sok", "\udcff"),
    ],
)
def test_no_traceback_on_bad_content(tmp_path: Path, name: str, content: str) -> None:
    path = tmp_path / name
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    for command in ("info", "show", "check"):
        result = sokfmt(command, str(path))
        assert "Traceback" not in result.stderr, (command, result.stderr)
        assert result.returncode in (0, 1), (command, result.returncode, result.stderr)


def test_one_bad_file_does_not_stop_check(files: Path, tmp_path: Path) -> None:
    (tmp_path / "deep.json").write_text("[" * 100_000)
    (tmp_path / "vt.lev").write_text("size 2 2\x0b\n")
    result = sokfmt(
        "check", str(tmp_path / "vt.lev"), str(tmp_path / "missing.sok"), str(files / "good.sok")
    )
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'vt.lev'}:1:8: error: LEV101 ")
    assert lines[1].startswith(f"{tmp_path / 'vt.lev'}:2:1: error: LEV102 No 'size' section")
    assert lines[2] == f"{tmp_path / 'missing.sok'}: error: No such file or directory"
    assert lines[-1] == "3 files checked: 3 errors, 0 warnings"
    assert result.returncode == 1


def test_exit_statuses_mean_one_thing_each(files: Path, tmp_path: Path) -> None:
    (tmp_path / "empty.sok").write_text("just notes\n")
    assert sokfmt("show", str(tmp_path / "empty.sok")).returncode == 1  # the file's problem
    assert sokfmt("show", str(files / "good.sok"), "--puzzle", "9").returncode == 2  # usage
    assert sokfmt("show", str(tmp_path / "missing.sok")).returncode == 1
    assert sokfmt("check", str(files / "bad.sok")).returncode == 1
    assert sokfmt("info", "--no-such-option").returncode == 2


def test_a_closed_output_pipe_ends_quietly() -> None:
    command = f"{sys.executable} -m sokfmt info | head -1"
    result = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, check=False
    )
    assert result.stdout.startswith("sokfmt 0.3.0: sokfmt sample")
    assert result.stderr == ""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_fifo_without_a_writer_does_not_block_check(tmp_path: Path, files: Path) -> None:
    fifo = tmp_path / "fifo.sok"
    os.mkfifo(fifo)
    result = subprocess.run(
        [sys.executable, "-m", "sokfmt", "check", str(fifo), str(files / "good.sok")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.stdout.splitlines()[0] == (
        f"{fifo}: error: a FIFO with no writer (or an empty one): nothing to read"
    )
    assert result.returncode == 1


def test_a_fifo_with_a_writer_is_read(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes are POSIX")
    fifo = tmp_path / "fifo.sok"
    os.mkfifo(fifo)
    reader = subprocess.Popen(
        [sys.executable, "-m", "sokfmt", "info", str(fifo), "--format", "sok"],
        stdout=subprocess.PIPE,
        text=True,
    )
    with open(fifo, "w", encoding="utf-8") as writer:
        writer.write(f"Piped\n{BOARD}\n")
    output, _ = reader.communicate(timeout=60)
    assert "1  Piped" in output


def test_doubts_are_warnings_on_standard_error(tmp_path: Path) -> None:
    doubtful = tmp_path / "doubtful.sok"
    doubtful.write_text(f"T\n{BOARD}\n\nSolution\nrRxRR\n", encoding="utf-8")
    for command in ("info", "show", "convert"):
        extra = [str(tmp_path / "out.json")] if command == "convert" else []
        result = sokfmt(command, str(doubtful), *extra)
        assert result.returncode == 0
        assert result.stderr == (
            f"sokfmt: {doubtful}:7: warning: SOK104 Text that looks like Sokoban moves "
            "but for 'x', kept in the notes\n"
        )


def test_doubts_alike_are_one_warning_line_in_every_command(tmp_path: Path) -> None:
    # Three puzzles with the same doubt, at lines 7, 15 and 23 (8 lines each).
    doubtful = tmp_path / "doubtful.sok"
    doubtful.write_text(
        "".join(f"T{i}\n{BOARD}\n\nMoves\nrRxRR\n\n" for i in range(3)), encoding="utf-8"
    )
    doubt = "warning: SOK104 Text that looks like Sokoban moves but for 'x', kept in the notes"
    for command in ("info", "show", "convert"):
        extra = [str(tmp_path / "out.json")] if command == "convert" else []
        result = sokfmt(command, str(doubtful), *extra)
        assert result.returncode == 0
        assert result.stderr == (
            f"sokfmt: {doubtful}:7: {doubt} (3 times in this file: lines 7, 15, 23; "
            "--verbose lists each)\n"
        )
        each = sokfmt(command, "--verbose", str(doubtful), *extra)
        assert each.stderr.splitlines() == [
            f"sokfmt: {doubtful}:{line}: {doubt}" for line in (7, 15, 23)
        ]
        assert sokfmt(command, "--quiet", str(doubtful), *extra).stderr == ""
    # A folder's files are read in worker processes: the same there.
    folder = tmp_path / "folder"
    folder.mkdir()
    for name in ("a.sok", "b.sok"):
        (folder / name).write_text(doubtful.read_text("utf-8"), encoding="utf-8")
    result = sokfmt("convert", "-j", "2", str(folder), str(tmp_path / "out"), "--to", "json")
    assert sorted(result.stderr.splitlines()) == [
        f"sokfmt: {folder / name}:7: {doubt} (3 times in this file: lines 7, 15, 23; "
        "--verbose lists each)"
        for name in ("a.sok", "b.sok")
    ]


def test_tessellation_option(tmp_path: Path) -> None:
    # Two text columns per cell: a Hexoban board, which Sokoban reads otherwise.
    hexoban = tmp_path / "hex.sok"
    hexoban.write_text(" # # # #\n# @ $ . #\n # # # #\n", encoding="utf-8")
    assert json.loads(sokfmt("info", "--json", str(hexoban)).stdout)["puzzles"][0]["game"] == (
        "Sokoban"
    )
    read = json.loads(sokfmt("info", "--json", "--tessellation", "hexoban", str(hexoban)).stdout)
    assert (read["puzzles"][0]["game"], read["puzzles"][0]["width"]) == ("Hexoban", 5)
    refused = sokfmt("check", "--tessellation", "squares", str(hexoban))
    assert refused.returncode == 2
    assert "Unknown tessellation 'squares'" in refused.stderr


def test_tessellation_goes_only_to_the_files_of_a_folder_that_use_it(tmp_path: Path) -> None:
    # A folder of a Hexoban .sok file (read so by the option) beside .slc,
    # JSON and .lev files, which have no use for it: no warning for those.
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "hex.sok").write_text(" # # # #\n# @ $ . #\n # # # #\n", encoding="utf-8")
    (folder / "s.slc").write_text(SLC, encoding="utf-8")
    other = "T\n######\n#@$ .#\n######\n"  # not the board of s.slc: no repeat for dedup
    (folder / "t.json").write_text(dumps(loads_sok(other), "json"), encoding="utf-8")
    (folder / "c19.lev").write_bytes((VECTORS / "lev" / "c19.lev").read_bytes())
    checked = sokfmt("check", "--tessellation", "hexoban", str(folder))
    assert (checked.returncode, checked.stdout, checked.stderr) == (
        0,
        "4 files checked: 0 errors, 0 warnings\n",
        "",
    )
    out = tmp_path / "out"
    converted = sokfmt(
        "convert", "--tessellation", "hexoban", str(folder), str(out), "--to", "json"
    )
    assert (converted.returncode, converted.stderr) == (0, "")
    assert "4 of 4 files converted" in converted.stdout
    assert sokfmt_load(out / "hex.json").puzzles[0].tessellation is Tessellation.HEXOBAN
    deduped = sokfmt("dedup", "--tessellation", "hexoban", str(folder))
    assert (deduped.returncode, deduped.stderr) == (0, "")
    # A file named on the command line is read as asked, and told so.
    named = folder / "s.slc"
    expected = (
        "LOAD101 A tessellation (Hexoban) was given, which has no effect on .slc files: "
        "they are Sokoban"
    )
    alone = sokfmt("check", "--tessellation", "hexoban", str(named))
    assert alone.stdout.splitlines() == [
        f"{named}:1:1: warning: {expected}",
        "1 file checked: 0 errors, 1 warning",
    ]
    # info and convert place it at line 1 too, as they place a reader's warnings (by line).
    info = sokfmt("info", "--tessellation", "hexoban", str(named))
    assert (info.returncode, info.stderr) == (0, f"sokfmt: {named}:1: warning: {expected}\n")
    into = tmp_path / "s.sok"
    convert = sokfmt("convert", "--tessellation", "hexoban", str(named), str(into))
    assert (convert.returncode, convert.stderr) == (0, f"sokfmt: {named}:1: warning: {expected}\n")


# ------------------------------------------------------------ folders and .slc

SLC = (
    '<?xml version="1.0" encoding="utf-8"?>\n<SokobanLevels>\n  <Title>S</Title>\n'
    '  <LevelCollection Copyright="M">\n    <Level Id="One" Width="5" Height="3">\n'
    "      <L>#####</L>\n      <L>#@$.#</L>\n      <L>#####</L>\n    </Level>\n"
    "  </LevelCollection>\n</SokobanLevels>\n"
)


@pytest.fixture
def archive(files: Path) -> Path:
    """A folder of level files at two depths, one of them bad, and a file of
    no known format."""
    (files / "deeper").mkdir()
    (files / "deeper" / "s.slc").write_text(SLC, encoding="utf-8")
    (files / "deeper" / "broken.slc").write_text(
        SLC.replace("<L>#@$.#</L>", "<L>#@X.#</L>"), encoding="utf-8"
    )
    (files / "deeper" / "c19.lev").write_bytes((VECTORS / "lev" / "c19.lev").read_bytes())
    (files / "notes.md").write_text("not a level file", encoding="utf-8")
    return files


@pytest.mark.parametrize("jobs", ["1", "3"])
def test_check_walks_a_folder(archive: Path, jobs: str) -> None:
    result = sokfmt("check", "-j", jobs, str(archive))
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    # In file order, whatever the number of processes.
    assert [line.split(":")[0] for line in lines[:-1]] == sorted(
        line.split(":")[0] for line in lines[:-1]
    )
    assert (
        f"{archive / 'deeper' / 'broken.slc'}:7:12: error: SOK301 Unexpected 'X'" in result.stdout
    )
    assert lines[-1].startswith("6 files checked: 2 errors")


def test_check_and_info_read_slc(tmp_path: Path) -> None:
    path = tmp_path / "s.slc"
    path.write_text(SLC, encoding="utf-8")
    assert sokfmt("check", str(path)).stdout == "1 file checked: 0 errors, 0 warnings\n"
    info = sokfmt("info", str(path))
    assert "S: 1 puzzle (Sokoban)" in info.stdout
    bad = tmp_path / "bad.slc"
    bad.write_text(SLC.replace("</Title>", "</Titl>"), encoding="utf-8")
    result = sokfmt("check", str(bad))
    assert (
        f"{bad}:3:13: error: SLC101 Malformed XML: mismatched tag, expected </Title>"
        in result.stdout
    )


def test_check_reports_what_slc_and_json_puzzles_hold(tmp_path: Path) -> None:
    # Two boxes and one goal (SOK401): at the <Level> start tag in .slc, at
    # the board string's first character in JSON; "RR" pushes the box into
    # the other at its first step (SOK501, at that "R").
    slc = tmp_path / "two.slc"
    slc.write_text(
        "<SokobanLevels><LevelCollection>\n"
        '<Level Id="Two"><L>######</L><L>#@$$.#</L><L>######</L></Level>\n'
        "</LevelCollection></SokobanLevels>\n",
        encoding="utf-8",
    )
    board = ' {"title": "Two", "board": {"tessellation": "Sokoban", "board": "'
    game = '  "saved_games": [{"tessellation": "Sokoban", "moves": "'
    document = tmp_path / "two.json"
    document.write_text(
        f'{{"puzzles": [\n{board}######\\n#@$$.#\\n######"}},\n'
        f'{game}RR", "title": "Solution"}}]}}\n]}}\n',
        encoding="utf-8",
    )
    unbalanced = "SOK401 puzzle 1 'Two': 2 boxes but 1 goal"
    result = sokfmt("check", str(slc), str(document))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{slc}:2:1: warning: {unbalanced}",
        f"{document}:2:{len(board) + 1}: warning: {unbalanced}",
        f"{document}:3:{len(game) + 1}: error: SOK501 In 'Solution', step 1 cannot be played: "
        "the box at (1, 2) has another box behind it",
        "2 files checked: 1 error, 2 warnings",
    ]
    quiet = sokfmt("check", "--no-replay", str(document))
    assert quiet.stdout.splitlines() == [
        f"{document}:2:{len(board) + 1}: warning: {unbalanced}",
        "1 file checked: 0 errors, 1 warning",
    ]


def test_convert_a_folder(archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = sokfmt("convert", str(archive), str(out), "--to", "slc", "--lossy", "-j", "2")
    assert result.returncode == 1  # broken.slc
    assert f"sokfmt: {archive / 'deeper' / 'broken.slc'}: error: Unexpected 'X'" in result.stderr
    written = sorted(str(path.relative_to(out)) for path in out.rglob("*"))
    # bad.sok has an error; odd.sok loses its Sokoban+ orders (--lossy); c19.lev is skipped.
    assert written == ["deeper", "deeper/s.slc", "good.slc", "odd.slc"]
    assert "3 of 5 files converted to .slc" in result.stdout
    assert "1 skipped" in result.stdout
    assert load_slc(out / "deeper" / "s.slc") == load_slc(archive / "deeper" / "s.slc")
    assert sokfmt("convert", str(archive), str(out)).returncode == 2  # --to is needed


def test_convert_writes_two_inputs_of_one_usual_name_apart(tmp_path: Path) -> None:
    # x.sok and x.json would both be x.sok, a.xsb and a.txt both a.sok: the
    # rule keeps the extension of each but the one named x.sok already.
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    for name in ("a.xsb", "a.txt", "x.sok"):
        (folder / name).write_text(f"{name}\n{BOARD}\n", encoding="utf-8")
    (folder / "x.json").write_text(dumps(loads_sok(f"x.json\n{BOARD}\n"), "json"), encoding="utf-8")
    result = sokfmt("convert", str(folder), str(out), "--to", "sok")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        f"{folder / 'a.txt'} written as {out / 'a.txt.sok'} "
        f"(not {out / 'a.sok'}, the name of {folder / 'a.xsb'} converted too)",
        f"{folder / 'a.xsb'} written as {out / 'a.xsb.sok'} "
        f"(not {out / 'a.sok'}, the name of {folder / 'a.txt'} converted too)",
        f"{folder / 'x.json'} written as {out / 'x.json.sok'} "
        f"(not {out / 'x.sok'}, the name of {folder / 'x.sok'} converted too)",
        f"4 of 4 files converted to .sok in {out}; 3 written under another name, "
        "keeping their extension",
    ]
    # Each file converted, none over another: each holds its own title.
    written = {path.name: load_sok(path).puzzles[0].title for path in out.iterdir()}
    assert written == {
        "a.txt.sok": "a.txt",
        "a.xsb.sok": "a.xsb",
        "x.json.sok": "x.json",
        "x.sok": "x.sok",
    }


def test_convert_writes_no_two_files_under_names_of_one_letter_case_apart(tmp_path: Path) -> None:
    # X.sok and x.json would be X.sok and x.sok, one file where letter case
    # is ignored (Windows, macOS): x.json keeps its extension.
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    (folder / "X.sok").write_text(f"X.sok\n{BOARD}\n", encoding="utf-8")
    (folder / "x.json").write_text(dumps(loads_sok(f"x.json\n{BOARD}\n"), "json"), encoding="utf-8")
    result = sokfmt("convert", str(folder), str(out), "--to", "sok")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines()[0] == (
        f"{folder / 'x.json'} written as {out / 'x.json.sok'} "
        f"(not {out / 'x.sok'}, the name of {folder / 'X.sok'} converted too)"
    )
    written = {path.name: load_sok(path).puzzles[0].title for path in out.iterdir()}
    assert written == {"X.sok": "X.sok", "x.json.sok": "x.json"}


def test_convert_gives_no_name_to_a_file_it_does_not_convert(tmp_path: Path) -> None:
    # levels.txt is a licence and x.json no sokfmt document: skipped, they
    # take no name, and broken.txt fails: the level files beside them keep
    # their usual names, and nothing is said to be converted too.
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    (folder / "levels.sok").write_text(f"Levels\n{BOARD}\n", encoding="utf-8")
    (folder / "levels.txt").write_text("MIT License\n\nCopyright (c) someone\n", "utf-8")
    (folder / "x.sok").write_text(f"X\n{BOARD}\n", encoding="utf-8")
    (folder / "x.json").write_text('{"name": "pkg"}\n', encoding="utf-8")
    (folder / "broken.sok").write_text(f"Broken\n{BOARD}\n", encoding="utf-8")
    (folder / "broken.txt").write_text(f"Broken\n{BOARD}\n\nSolution\nR(\n", "utf-8")
    result = sokfmt("convert", str(folder), str(out), "--to", "xsb")
    assert result.returncode == 1  # broken.txt
    assert f"sokfmt: {folder / 'broken.txt'}: error: Unexpected end" in result.stderr
    assert result.stdout.splitlines() == [
        f"3 of 4 files converted to .xsb in {out}; 2 skipped as not level files"
    ]
    written = {path.name: load_sok(path).puzzles[0].title for path in out.iterdir()}
    assert written == {"levels.xsb": "Levels", "x.xsb": "X", "broken.xsb": "Broken"}


@pytest.mark.parametrize(
    ("target", "folder", "other"), [("sok", "y.sok", "y.xsb"), ("xsb", "y.xsb", "y.sok")]
)
def test_convert_writes_no_file_under_the_name_of_a_folder(
    tmp_path: Path, target: str, folder: str, other: str
) -> None:
    # y.sok/inner.sok is written in the folder y.sok: y.xsb, whose usual
    # name that is, keeps its extension (and the mirror case, to .xsb).
    tree, out = tmp_path / "in", tmp_path / "out"
    (tree / folder).mkdir(parents=True)
    (tree / folder / "inner.sok").write_text(f"Inner\n{BOARD}\n", encoding="utf-8")
    (tree / other).write_text(f"Other\n{BOARD}\n", encoding="utf-8")
    result = sokfmt("convert", str(tree), str(out), "--to", target)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        f"{tree / other} written as {out / other}.{target} "
        f"(not {out / folder}, the name of the folder {tree / folder})",
        f"2 of 2 files converted to .{target} in {out}; 1 written under another name, "
        "keeping their extension",
    ]
    assert load_sok(out / folder / f"inner.{target}").puzzles[0].title == "Inner"
    assert load_sok(out / f"{other}.{target}").puzzles[0].title == "Other"


# A document whose Copyright, level Id and floor row below the board .sok
# cannot hold, and one whose Description has blank lines at its ends and the
# dates as lines, which every format holds.
_SPACED_SLC = (
    '<?xml version="1.0"?>\n<SokobanLevels>\n  <Title>T</Title>\n'
    '  <LevelCollection Copyright="Me ">\n'
    '    <Level Id=" One" Width="5" Height="4">\n'
    "      <L>#####</L>\n      <L>#@$.#</L>\n      <L>#####</L>\n      <L></L>\n"
    "    </Level>\n  </LevelCollection>\n</SokobanLevels>\n"
)
_DATED_SLC = SLC.replace(
    "</Title>\n",
    "</Title>\n  <Description>\n\n  \nSome levels.\n\nDate Created: 2003-01-15  22:01:00\n"
    "Date of Last Change: 2004\n\n</Description>\n",
)


def test_check_warns_of_what_sok_cannot_hold_and_convert_names_it(tmp_path: Path) -> None:
    path = tmp_path / "spaced.slc"
    path.write_text(_SPACED_SLC, encoding="utf-8")
    checked = sokfmt("check", str(path))
    assert checked.returncode == 0
    assert checked.stdout.splitlines() == [
        f"{path}:4:3: warning: SLC206 the Copyright 'Me ' of <LevelCollection> has white space "
        "around it, which .sok cannot hold (a lossy conversion drops it)",
        f"{path}:5:5: warning: SLC205 Level 1 ' One': its Id has white space around it, which "
        ".sok cannot hold (a lossy conversion drops it)",
        f"{path}:5:5: warning: SLC205 Level 1 ' One': a row of floor alone above or below its "
        "board, which .sok cannot hold (a lossy conversion drops it)",
        "1 file checked: 0 errors, 3 warnings",
    ]
    out = tmp_path / "out.sok"
    refused = sokfmt("convert", str(path), str(out))
    assert refused.returncode == 1
    assert refused.stderr == (
        f"sokfmt: {path}: error: .sok cannot hold white space around 2 titles or other one-line "
        "values (the collection, puzzle 1 ' One', such as 'Me '); 1 row of floor alone above or "
        "below a board (puzzle 1 ' One'): --lossy drops them (.slc and .json keep them)\n"
    )
    assert not out.exists()
    assert sokfmt("convert", str(path), str(out), "--lossy").returncode == 0
    square = loads_board("#####\n#@$.#\n#####")
    assert load_sok(out) == Collection(title="T", author="Me", puzzles=(Puzzle(square, "One"),))
    # Every other format holds it all.
    for other in ("slc", "json"):
        assert sokfmt("convert", str(path), str(tmp_path / f"out.{other}")).returncode == 0
    assert load_slc(tmp_path / "out.slc") == load_slc(path)


def test_convert_an_slc_description_s_blank_lines_and_dates(tmp_path: Path) -> None:
    path = tmp_path / "dated.slc"
    path.write_text(_DATED_SLC, encoding="utf-8")
    expected = Collection(
        title="S",
        author="M",
        notes="Some levels.",
        created_at="2003-01-15  22:01:00",
        updated_at="2004",
        puzzles=(Puzzle(loads_board("#####\n#@$.#\n#####"), "One"),),
    )
    assert load_slc(path) == expected
    for format in ("sok", "xsb", "slc", "json"):
        out = tmp_path / f"out.{format}"
        result = sokfmt("convert", str(path), str(out))
        assert (result.returncode, result.stderr) == (0, ""), format
        back = tmp_path / f"back.{format}.slc"
        assert sokfmt("convert", str(out), str(back)).returncode == 0
        assert load_slc(back) == expected, format
    assert "Date Created: 2003-01-15  22:01:00\n" in (tmp_path / "out.sok").read_text("utf-8")


@pytest.fixture(scope="module")
def linked_corpus(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, dict[Path, Collection]]:
    """A folder of links to the corpus's .sok, .xsb and .slc files (a .json
    file beside one of them would be written as the same file), and the
    collection each link holds."""
    sources = tmp_path_factory.mktemp("corpus")
    collections = {}
    for path in sorted(CORPUS.rglob("*")):
        if path.suffix.lower() in (".sok", ".xsb", ".slc"):
            link = sources / path.relative_to(CORPUS)
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(path)
            collection = sokfmt_load(path, diagnostics=[])
            assert isinstance(collection, Collection)
            collections[link] = collection
    return sources, collections


@needs_corpus
@pytest.mark.parametrize("format", ["sok", "xsb", "slc", "json"])
def test_convert_the_corpus_names_what_lossy_drops(
    linked_corpus: tuple[Path, dict[Path, Collection]], tmp_path: Path, format: str
) -> None:
    """Every corpus file converts without --lossy unless the format has no
    place for some of it (as tests/dropping.py has it from README's table),
    which the refusal names in the command's words; with --lossy, the file
    written reads back without just that."""
    sources, collections = linked_corpus
    squares_only = format == "slc"
    for lossy in (True, False):
        out = tmp_path / f"out{lossy}"
        options = ["--lossy"] if lossy else []
        result = sokfmt("convert", str(sources), str(out), "--to", format, "-j", "2", *options)
        errors = [line for line in result.stderr.splitlines() if ": error: " in line]
        refused = {}
        for line in errors:
            # The command's words, and no board or long text in them.
            assert "lossy=" not in line, line
            assert "created_at" not in line, line
            assert "updated_at" not in line, line
            assert len(line) < 800, line
            source, _, reason = line.removeprefix("sokfmt: ").partition(": error: ")
            refused[Path(source)] = reason
        expected = {}
        for link, collection in collections.items():
            if squares_only and any(
                p.tessellation is not Tessellation.SOKOBAN for p in collection.puzzles
            ):
                expected[link] = "is Hexoban: .slc holds Sokoban boards only"
            elif not lossy and dropped(collection, format) != collection:
                expected[link] = f".{format} cannot hold "
        assert sorted(refused) == sorted(expected)
        for link, reason in refused.items():
            assert expected[link] in reason
            if reason.startswith(f".{format} cannot hold "):
                # Each thing the library names, in the command's words.
                library = ""
                try:
                    dumps(collections[link], format)
                except ValidationError as error:
                    library = str(error)
                assert reason == library.replace("lossy=True drops", "--lossy drops")
        assert result.returncode == (1 if refused else 0)
        assert (
            f"{len(collections) - len(refused)} of {len(collections)} files converted"
            in result.stdout
        )
        for link, collection in collections.items():
            if link in refused:
                continue
            name = link.relative_to(sources).with_suffix(f".{format}")
            written = out / name
            if lossy:
                assert sokfmt_load(written, diagnostics=[]) == dropped(collection, format), name
            else:  # as --lossy wrote it, having nothing to drop
                lossy_out = tmp_path / "outTrue" / name
                assert written.read_bytes() == lossy_out.read_bytes(), name


def test_progress_counts_puzzles(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], archive: Path
) -> None:
    from sokfmt.cli import check, walk

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setattr(walk._PuzzleProgress, "put", _every_tick)
    paths = walk.level_files([str(archive)], check.CHECKED).files
    tasks = [(path, True) for path in paths]
    problems = list(walk.run_each(check.check_file, tasks, (None, True, None), 1))
    assert len(problems) == len(paths) == 6
    shown = capsys.readouterr().err
    assert " puzzles " in shown
    assert "6/6" in shown


def _every_tick(self: Any, path: str) -> None:
    self.puzzles += 1
    self.name = path
    self._show()


# ------------------------------------------------------------------- dedup


def test_dedup_finds_the_same_puzzle_turned_and_mirrored(tmp_path: Path) -> None:
    first = tmp_path / "first.sok"
    second = tmp_path / "second.xsb"
    first.write_text(f"Corner\n{BOARD}\n\nOther\n#####\n#@$ .#\n######\n", encoding="utf-8")
    # The first board mirrored, and turned a quarter, as another file draws them.
    second.write_text(
        "Mirrored\n#####\n#.$@#\n#####\n\nTurned\n###\n#@#\n#$#\n#.#\n###\n", encoding="utf-8"
    )
    result = sokfmt("dedup", str(first), str(second))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"3 times: {first}:#1 'Corner', {second}:#1 'Mirrored', {second}:#2 'Turned'",
        "2 files, 4 puzzles: 1 occur more than once (2 repeats)",
    ]
    merged = tmp_path / "merged.slc"
    kept = sokfmt("dedup", str(first), str(second), "--keep", "first", "-o", str(merged))
    assert kept.returncode == 0  # the merged file is written
    assert [p.title for p in load_slc(merged).puzzles] == ["Corner", "Other"]
    alone = sokfmt("dedup", str(first), str(first))  # a file named twice is read once
    assert alone.returncode == 0
    assert sokfmt("dedup", str(first), "--keep", "first").returncode == 2
    assert sokfmt("dedup", str(first), "-o", str(merged)).returncode == 2
    odd = sokfmt("dedup", str(first), "--keep", "first", "-o", str(tmp_path / "x.png"))
    assert (odd.returncode, odd.stdout) == (2, "")  # refused before any file is read


def test_dedup_reports_what_it_cannot_read_and_writes_nothing_then(tmp_path: Path) -> None:
    good = tmp_path / "good.sok"
    bad = tmp_path / "bad.sok"
    good.write_text(f"One\n{BOARD}\n", encoding="utf-8")
    bad.write_text("Two\n######\n#@$.X#\n######\n", encoding="utf-8")
    merged = tmp_path / "merged.sok"
    result = sokfmt("dedup", str(good), str(bad), "--keep", "first", "-o", str(merged))
    assert result.returncode == 1
    # The bad puzzle is left out, as check leaves it out, and reported.
    assert f"sokfmt: {bad}:3:5: error: SOK301 Unexpected 'X'" in result.stderr
    assert "2 files, 1 puzzles: 0 occur more than once (0 repeats); 1 error" in result.stdout
    assert "not written: some puzzles could not be read" in result.stdout
    assert not merged.exists()
    # A file that cannot be read at all (not JSON) is still one unread.
    broken = tmp_path / "broken.json"
    broken.write_text('{"puzzles": [', encoding="utf-8")
    unread = sokfmt("dedup", str(good), str(broken))
    assert unread.returncode == 1
    assert f"sokfmt: {broken}:1:14: error: JSON101 " in unread.stderr
    assert "1 file could not be read" in unread.stdout


def test_convert_a_folder_refuses_a_file_or_standard_output(archive: Path, tmp_path: Path) -> None:
    for output in ("-", str(archive / "good.sok")):
        result = sokfmt("convert", str(archive), output, "--to", "json")
        assert result.returncode == 2
        assert "writes into a folder" in result.stderr
    assert not (Path.cwd() / "-").exists()


def test_each_line_on_standard_error_is_one_write(monkeypatch: pytest.MonkeyPatch) -> None:
    # Worker processes print their files' warnings side by side: a line
    # written in two writes (print's text, then its line break) interleaved
    # with another worker's when standard error was unbuffered, which gave
    # "a...b...\n\n".  Each line goes in one write.
    import warnings

    from sokfmt import SokfmtWarning
    from sokfmt.cli import files
    from sokfmt.cli.grouping import EACH

    writes: list[str] = []

    class Recorder(io.StringIO):
        def write(self, text: str) -> int:
            writes.append(text)
            return len(text)

    monkeypatch.setattr(sys, "stderr", Recorder())
    caught = [
        warnings.WarningMessage(SokfmtWarning(f"line {n}: SOK104 x"), UserWarning, "", 0)
        for n in (7, 15)
    ]
    files._print_warnings("a.sok", caught, EACH)
    files.failed("a.sok", files.UsageError("bad"))
    assert len(writes) == 3
    assert all(text.endswith("\n") and text.count("\n") == 1 for text in writes)
