"""sokfmt play: the game behind the screen (`Session`, keys in, lines out),
and the real command in a terminal: tmux runs it, the test sends keys and
reads the screen.  Without tmux the terminal test skips (CI installs it and
sets SOKFMT_REQUIRE_TMUX=1, so that it never skips there)."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sokfmt import (
    Board,
    Collection,
    Direction,
    Puzzle,
    ReplayFailure,
    SolvingMode,
    Tessellation,
    load,
    load_sok,
    loads_moves,
    loads_sok,
    replay,
)
from sokfmt.cli import saving
from sokfmt.cli.files import sample
from sokfmt.cli.play import KEYS, Session, _store
from sokfmt.cli.refusals import in_words
from sokfmt.cli.saving import GameFile

TINY = """Collection: Tiny
Author: Me

Corner
#####
#@$.#
#####

Two Boxes
#######
#.$@$.#
#######

Solution
LrR
"""


def session(path: Path, format: str = "sok", index: int = 0, resume: bool = False) -> Session:
    collection = load(path)
    assert isinstance(collection, Collection)
    return Session(path.name, GameFile(str(path), format, None, collection), index, resume)


def on_board(board: Board, name: str = "x.sok") -> Session:
    """A session of one puzzle on `board`, of a file `name` never written."""
    collection = Collection(puzzles=(Puzzle(board),))
    return Session(name, GameFile(name, "sok", None, collection), 0)


def keys(played: Session, *names: str) -> None:
    for name in names:
        assert played.handle(name)


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.sok"
    path.write_text(TINY, encoding="utf-8")
    return path


# ------------------------------------------------------------------ the screen


def test_the_screen_shows_title_counts_board_and_keys(tiny: Path) -> None:
    played = session(tiny)
    lines = played.screen(80, 24).lines
    assert lines[:7] == [
        "sokfmt play  tiny.sok  puzzle 1/2: Corner",
        "Moves 0  Pushes 0   box lines 0  box changes 0  sessions 0  pusher lines 0",
        "",
        "██████████",  # the symbols of sokfmt show, a square two characters wide
        "██● ■ · ██",
        "██████████",
        "",
    ]
    assert lines[7] == (
        "arrows/hjkl move  u/U undo/redo  r restart  n/p next/previous  s save  q quit"
    )
    keys(played, "right")
    lines = played.screen(80, 24).lines
    assert lines[1].startswith("Moves 1  Pushes 1")
    assert lines[3:7] == [
        "██████████",
        "██  ● ▣ ██",
        "██████████",
        "*** Solved! ***  s saves the solution, n goes to the next puzzle",
    ]
    assert all(len(line) < 80 for line in lines)
    assert played.screen(80, 24, glyphs=False).lines[4] == "#-@*#"


def test_undo_redo_restart_and_moving_between_puzzles(tiny: Path) -> None:
    played = session(tiny)
    keys(played, "n", "left", "right")
    assert played.screen(80, 24).lines[0].endswith("puzzle 2/2: Two Boxes")
    assert played.game.metrics[:2] == (2, 1)
    keys(played, "u")
    assert played.game.metrics[:2] == (1, 1)
    keys(played, "U", "U")
    assert played.message == "Nothing to redo"
    keys(played, "r")
    assert (played.game.moves, played.game.board) == (0, played.puzzle.board)
    keys(played, "n")
    assert played.message == "This is the last puzzle"
    keys(played, "p", "p")
    assert (played.index, played.message) == (0, "This is the first puzzle")
    keys(played, "n")
    assert played.game.saved_game().printed_steps() == "*Lr"  # each puzzle keeps its game


def test_an_illegal_key_says_why_and_changes_nothing(tiny: Path) -> None:
    played = session(tiny)
    keys(played, "left")
    assert played.message == "Cannot move left: a wall is in the way"
    assert played.game.moves == 0
    keys(played, "?", "u")
    assert played.message == "Nothing to undo"


# Each refusal a key can meet, on a row of cells where the keypad's 4 and 6
# go left and right in every tessellation (a cell and the next in a row
# share a side in all four): the board, the key, the words after "Cannot
# move left: " or "right: ".
REFUSALS = [
    ("#@-", "4", "a wall is in the way"),
    ("#@@#", "6", "another pusher is in the way"),
    ("#@$#", "6", "the box has a wall behind it"),
    ("#@$$-#", "6", "the box has another box behind it"),
    ("#@$@#", "6", "the box has another pusher behind it"),
    ("@-", "4", "the pusher would walk off the board, which walls do not close"),
    ("-@$", "6", "the box would leave the board, which walls do not close"),
    ("#-$.#", "6", "the board has no pusher"),
]


@pytest.mark.parametrize("tessellation", list(Tessellation), ids=lambda t: t.value)
@pytest.mark.parametrize(("row", "key", "why"), REFUSALS, ids=[r[2] for r in REFUSALS])
def test_a_refused_move_says_why_in_words_about_the_board(
    tessellation: Tessellation, row: str, key: str, why: str
) -> None:
    played = on_board(Board(tessellation, (row,)))
    before = played.game.board
    keys(played, key)
    way = "left" if key == "4" else "right"
    assert played.message == f"Cannot move {way}: {why}"
    assert played.game.board == before


@pytest.mark.parametrize(
    ("tessellation", "rows", "why"),
    [
        # Up-left from the middle: the wall above (Hexoban's odd rows stand
        # half a cell right; a Trioban cell with an even row + column points
        # down, and its third side is above).
        (Tessellation.HEXOBAN, ("###", "#@#", "###"), "a wall is in the way"),
        (Tessellation.TRIOBAN, ("###", "#@#", "###"), "a wall is in the way"),
        (Tessellation.OCTOBAN, ("###", "#@#", "###"), "a wall is in the way"),  # an octagon
        (
            Tessellation.OCTOBAN,  # (1, 2): a square, with four sides
            ("####", "#-@#", "####"),
            "the pusher stands on a square, which has no diagonal sides (only octagons have them)",
        ),
    ],
)
def test_a_refused_diagonal_names_its_direction(
    tessellation: Tessellation, rows: tuple[str, ...], why: str
) -> None:
    played = on_board(Board(tessellation, rows))
    keys(played, "w")
    assert played.message == f"Cannot move up-left: {why}"


def test_every_refusal_has_words_without_positions() -> None:
    for failure in ReplayFailure:
        for box in (None, False, True):
            words = in_words(failure, box)
            assert words, failure
            assert not re.search(r"\d", words), (failure, words)


def test_redo_and_resume_say_why_in_words(tiny: Path) -> None:
    # Two Boxes (#.$@$.#) with games whose steps after the * cannot be
    # played: after L, the box stands on the left goal against the wall.
    tiny.write_text(TINY + "\nPushed\nL*L\n", "utf-8")
    played = session(tiny, index=1, resume=True)
    keys(played, "U")
    assert played.message == "Cannot redo: the box has a wall behind it"
    tiny.write_text(TINY + "\nWalked\nL*l\n", "utf-8")
    played = session(tiny, index=1, resume=True)
    keys(played, "U")
    assert played.message == "Cannot redo: the saved game walks into a box without pushing it"
    tiny.write_text(TINY + "\nBroken\nLL\n", "utf-8")
    played = session(tiny, index=1, resume=True)
    assert played.message == "Cannot resume 'Broken': step 2: the box has a wall behind it"


def test_each_tessellation_moves_with_its_keys() -> None:
    # Every key of a tessellation's table moves the pusher one step its way
    # on an open board, and back with the opposite key.
    opposite = {
        Direction.LEFT: Direction.RIGHT,
        Direction.UP: Direction.DOWN,
        Direction.NORTH_WEST: Direction.SOUTH_EAST,
        Direction.NORTH_EAST: Direction.SOUTH_WEST,
    }
    opposite |= {b: a for a, b in opposite.items()}
    for tessellation, table in KEYS.items():
        assert set(table.values()) == set(tessellation.directions)
        for key, direction in table.items():
            back = next(k for k, d in table.items() if d is opposite[direction])
            board = Board(tessellation, ("-----", "-----", "--@--", "-----", "-----"))
            played = on_board(board)
            keys(played, key)
            assert played.game.saved_game().steps[0].direction is direction, (tessellation, key)
            keys(played, back)
            assert played.game.pusher == (2, 2)
    for reserved in "uUrnpsq":
        assert all(reserved not in table for table in KEYS.values())


def test_hexoban_help_lists_its_own_keys() -> None:
    board = Board(Tessellation.HEXOBAN, ("#####", "#@$.#", "#####"))
    played = on_board(board, "x.hsb")
    lines = played.screen(80, 24).lines
    assert "move: a/d left/right, w/e up-left/up-right, z/x down-left/down-right" in lines
    keys(played, "d")
    assert played.game.solved


def test_a_big_board_scrolls_to_keep_the_pusher_in_sight() -> None:
    rows = ["#" * 100] + ["#" + "-" * 98 + "#" for _ in range(38)] + ["#" * 100]
    rows[30] = "#" + "-" * 80 + "@" + "-" * 17 + "#"
    board = Board(Tessellation.SOKOBAN, tuple(rows))
    played = on_board(board)
    screen = played.screen(80, 24)
    assert len(screen.lines) <= 24
    assert all(len(line) < 80 for line in screen.lines)
    assert sum("●" in screen.lines[row] for row in screen.board_rows) == 1
    # 24 lines less 3 above and 3 below: 18 rows, from 9 above the pusher's
    # (row 31 of 40): rows 22-39.  79 columns of the 200 that draw 100
    # squares, from 39 left of the pusher's (drawn at 162), but no further
    # than 200 - 79 = 121: columns 121-199, square 61 (from 0) drawn at 122
    # the first whole one.
    assert screen.lines[2] == (
        "Cut to fit the terminal: rows 22-39 of 40, columns 62-100 of 100 shown"
    )
    assert screen.board_rows == range(3, 21)
    assert screen.lines[3] == " " * 77 + "██"  # half of square 60, floor, the wall
    assert played.screen(201, 50).lines[2] == ""  # all of it fits (the last column stays free)


def test_a_cut_hexoban_board_names_the_cells_shown_in_every_row() -> None:
    # 60 cells a row; a row's cells are drawn at 2 * column + 1, an odd
    # row's one column further right; the pusher, (1, 50), at 102.  The 121
    # columns are shown from 102 - 39 = 63, but no further than 121 - 79 =
    # 42: columns 42-120 show cells 21-59 of row 0 and 20-59 of row 1.
    middle = "#" + "-" * 49 + "@" + "-" * 8 + "#"
    board = Board(Tessellation.HEXOBAN, ("#" * 60, middle, "#" * 60))
    screen = on_board(board).screen(80, 24)
    assert screen.lines[2] == "Cut to fit the terminal: columns 22-60 of 60 shown"
    # The pusher at (1, 30), drawn at 62: columns 23-101, which show cells
    # 11-50 of row 0 and 11-49 of row 1.
    middle = "#" + "-" * 29 + "@" + "-" * 28 + "#"
    board = Board(Tessellation.HEXOBAN, ("#" * 60, middle, "#" * 60))
    screen = on_board(board).screen(80, 24)
    assert screen.lines[2] == "Cut to fit the terminal: columns 12-50 of 60 shown"


def test_several_pushers_tab_and_the_marked_one(tmp_path: Path) -> None:
    board = Board(Tessellation.SOKOBAN, ("######", "#@-$.#", "#@---#", "######"))
    played = on_board(board)
    screen = played.screen(80, 24)
    assert screen.marked == (4, 2)  # the top-left pusher, on the first line of the board
    assert "Tab: the next pusher plays (the one marked plays now)" in screen.lines
    keys(played, "tab", "right")
    assert played.game.saved_game().printed_steps() == "{d}r"
    assert played.screen(80, 24).marked == (5, 4)


# ------------------------------------------------------------------ saving


def test_s_saves_into_the_file_and_everything_else_reads_back_equal(tiny: Path) -> None:
    before = load_sok(tiny)
    played = session(tiny, index=1)
    # The right box first: another solution than the file's LrR.
    keys(played, "right", "left", "left", "s")
    assert played.message == f"Saved 'Solution' (3/2) to {tiny}"
    after = load_sok(tiny)
    puzzles = list(before.puzzles)
    puzzles[1] = puzzles[1].with_games(loads_moves("RlL").with_metadata(title="Solution"))
    assert after == Collection(
        title=before.title, author=before.author, notes=before.notes, puzzles=tuple(puzzles)
    )
    assert [path.name for path in tiny.parent.iterdir()] == ["tiny.sok"]  # no temporary left
    # A snapshot keeps the steps undone after its *.
    keys(played, "u", "s")
    assert played.message == f"Saved 'Snapshot' (2/1) to {tiny}"
    assert load_sok(tiny).puzzles[1].saved_games[-1].printed_steps() == "Rl*L"


def test_s_saves_beside_a_file_without_saved_games(tmp_path: Path) -> None:
    xsb = tmp_path / "levels.xsb"
    text = "; One\n#####\n#@$.#\n#####\n\n; Two\n######\n#@$-.#\n######\n"
    xsb.write_text(text, "utf-8")
    played = session(xsb, "xsb", index=1)
    keys(played, "right", "s")
    beside = tmp_path / "levels.xsb.sok"
    assert played.message == f"Saved 'Snapshot' (1/1) to {beside}"
    keys(played, "right", "s")
    assert xsb.read_text("utf-8") == text  # untouched
    (puzzle,) = load_sok(beside).puzzles
    assert (puzzle.title, puzzle.board) == ("Two", load(xsb).puzzles[1].board)  # type: ignore[union-attr]
    assert [g.printed_steps() for g in puzzle.saved_games] == ["R", "RR"]
    assert replay(puzzle, puzzle.saved_games[1]).solved
    # --resume finds it there.
    resumed = session(xsb, "xsb", index=1, resume=True)
    assert resumed.message == "Resumed 'Solution' at step 2 of 2"
    assert resumed.game.solved


def test_s_saves_into_json(tmp_path: Path) -> None:
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(loads_sok(TINY).to_dict()), "utf-8")
    played = session(path, "json")
    keys(played, "right", "s")
    assert load(path).puzzles[0].saved_games[0].printed_steps() == "R"  # type: ignore[union-attr]


def test_resume_continues_the_last_saved_game(tiny: Path) -> None:
    text = TINY + "\nSnapshot\nL*rR\n"
    tiny.write_text(text, "utf-8")
    played = session(tiny, index=1, resume=True)
    assert played.message == "Resumed 'Snapshot' at step 1 of 3"
    assert played.game.saved_game().printed_steps() == "L*rR"
    keys(played, "U", "U")
    assert played.game.solved
    fresh = session(tiny, index=0, resume=True)
    assert fresh.message == "No saved game to resume: a new game"


def test_resume_refuses_a_reverse_game_and_starts_afresh(tiny: Path) -> None:
    tiny.write_text(TINY + "\nBackwards\n[ll]R\n", "utf-8")
    assert load_sok(tiny).puzzles[1].saved_games[-1].solving_mode is SolvingMode.REVERSE
    played = session(tiny, index=1, resume=True)
    assert played.message == "The last saved game is a reverse game, which play cannot continue"
    assert played.game.played == 0


def test_s_saves_only_what_the_file_does_not_hold(tiny: Path) -> None:
    # Two Boxes holds the solution LrR: resumed, it is saved already.
    played = session(tiny, index=1, resume=True)
    assert played.message == "Resumed 'Solution' at step 3 of 3"
    keys(played, "s")
    assert played.message == f"Nothing new to save: {tiny} holds these moves ('Solution')"
    assert played.handle("q") is False  # nothing unsaved
    # Played again by hand, it is the same moves, whatever the title.
    played = session(tiny, index=1)
    keys(played, "left", "right", "right", "s")
    assert played.message == f"Nothing new to save: {tiny} holds these moves ('Solution')"
    # Moves held under another title are held all the same.
    tiny.write_text(TINY.replace("#####\n\nTwo", "#####\n\nTry\nR\n\nTwo"), "utf-8")
    corner = session(tiny)
    keys(corner, "right", "s")
    assert corner.message == f"Nothing new to save: {tiny} holds these moves ('Try')"
    tiny.write_text(TINY, "utf-8")
    # A snapshot saved once; then once more, nothing new.
    keys(played, "u", "s")
    assert played.message == f"Saved 'Snapshot' (2/1) to {tiny}"
    keys(played, "s")
    assert played.message == f"Nothing new to save: {tiny} holds these moves ('Snapshot')"
    assert tiny.read_text("utf-8") == TINY + "\nSnapshot\nLr*R\n"


def test_s_saves_only_what_the_file_beside_does_not_hold(tmp_path: Path) -> None:
    xsb = tmp_path / "levels.xsb"
    xsb.write_text("; One\n#####\n#@$.#\n#####\n", "utf-8")
    played = session(xsb, "xsb")
    keys(played, "right", "s", "s")
    beside = tmp_path / "levels.xsb.sok"
    assert played.message == f"Nothing new to save: {beside} holds these moves ('Solution')"
    assert [len(p.saved_games) for p in load_sok(beside).puzzles] == [1]


def test_nothing_to_save_and_a_file_that_changed(tiny: Path) -> None:
    played = session(tiny)
    keys(played, "s")
    assert played.message == "Nothing to save: no step played"
    tiny.write_text("Other\n####\n#@.#\n####\n", "utf-8")
    keys(played, "right", "s")
    assert played.message == f"Not saved: {tiny} changed since it was read: nothing written"


def test_a_failed_write_leaves_the_file_as_it_was(
    tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*arguments: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    played = session(tiny)
    keys(played, "right", "s")
    assert played.message == "Not saved: Permission denied"
    assert tiny.read_text("utf-8") == TINY
    assert [path.name for path in tiny.parent.iterdir()] == ["tiny.sok"]


def test_a_text_that_would_not_read_back_equal_is_not_written(
    tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = saving.dumps
    monkeypatch.setattr(
        saving, "dumps", lambda item, format: real(item, format).replace("Corner", "Comer")
    )
    played = session(tiny)
    keys(played, "right", "s")
    assert played.message == f"Not saved: {tiny} would not read back as written: nothing written"
    assert tiny.read_text("utf-8") == TINY


def test_saving_keeps_the_file_permissions(tiny: Path) -> None:
    tiny.chmod(0o640)
    played = session(tiny)
    keys(played, "right", "s")
    assert stat.S_IMODE(tiny.stat().st_mode) == 0o640
    assert load_sok(tiny).puzzles[0].saved_games[0].printed_steps() == "R"


def test_q_asks_again_when_moves_are_not_saved(tiny: Path) -> None:
    played = session(tiny)
    assert played.handle("q") is False  # nothing played
    played = session(tiny)
    keys(played, "right")
    assert played.handle("q") is True
    assert played.message == "Moves not saved: q again quits, s saves"
    assert played.handle("q") is False
    played = session(tiny)
    keys(played, "right", "s")
    assert played.handle("q") is False


# ------------------------------------------------------------------ the command


def _sokfmt(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sokfmt", *arguments],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )


def test_play_needs_a_terminal_and_a_collection(tiny: Path, tmp_path: Path) -> None:
    result = _sokfmt("play", str(tiny))
    assert (result.returncode, result.stderr) == (2, "sokfmt: sokfmt play needs a terminal\n")
    result = _sokfmt("play")  # the bundled sample
    assert (result.returncode, result.stderr) == (2, "sokfmt: sokfmt play needs a terminal\n")
    result = _sokfmt("play", "--format", "xsb")
    assert (result.returncode, result.stderr) == (
        2,
        "sokfmt: --format and --tessellation say how to read FILE: name FILE\n",
    )
    lev = tmp_path / "blocks.lev"
    lev.write_text("size 2 1\ninitial\nA.\n", "utf-8")
    result = _sokfmt("play", str(lev))
    assert result.returncode == 2
    assert "not .lev sliding blocks" in result.stderr
    result = _sokfmt("play", str(tiny), "--puzzle", "9")
    assert (result.returncode, result.stderr) == (
        2,
        "sokfmt: --puzzle 9: the file holds 2 puzzles\n",
    )


# ------------------------------------------------------------------ in a terminal

TMUX = shutil.which("tmux")
ROOT = Path(__file__).resolve().parent.parent
README_SCREEN = '<!-- play-screen: sokfmt play --puzzle "title:Two Boxes" --resume -->\n'


class Terminal:
    """An 80x24 terminal of 256 colours that tmux runs on a socket of its
    own: a command started in `folder`, keys sent, the screen read with
    capture-pane (its characters, or with their colours)."""

    def __init__(self, folder: Path) -> None:
        assert TMUX is not None, "SOKFMT_REQUIRE_TMUX is set, and there is no tmux"
        self.tmux_path = TMUX
        self.folder = folder
        self.socket = folder / "tmux.sock"

    def tmux(self, *arguments: str) -> str:
        result = subprocess.run(
            [self.tmux_path, "-S", str(self.socket), *arguments],
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        )
        return result.stdout

    def start(self, *arguments: str) -> None:
        """Run `sokfmt ARGUMENTS` with this Python (the server has the test's
        environment), then say how it ended."""
        command = (
            f"cd {shlex.quote(str(self.folder))} && umask {UMASK:03o} && "
            "LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen-256color "
            f"{shlex.quote(sys.executable)} -m sokfmt {shlex.join(arguments)}; "
            'echo "play ended with $?"; sleep 600'
        )
        self.tmux("-u", "new-session", "-d", "-s", "play", "-x", "80", "-y", "24", command)

    def keys(self, *names: str) -> None:
        self.tmux("send-keys", "-t", "play", *names)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "play")

    def colours(self) -> list[list[tuple[str, int | None, int | None]]]:
        """Each line of the screen as its characters, each with its
        foreground and background colours (None: the terminal's own)."""
        return _coloured(self.tmux("capture-pane", "-p", "-e", "-t", "play"))

    def wait_for(self, found: Callable[[str], bool]) -> str:
        # Waits for the program, which answers when the machine lets it: a
        # generous limit, and the screen in the message when it is reached.
        deadline = time.monotonic() + 60
        while True:
            shown = self.screen()
            if found(shown) or time.monotonic() > deadline:
                assert found(shown), shown
                return shown
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run(
            [self.tmux_path, "-S", str(self.socket), "kill-server"],
            capture_output=True,
            check=False,
        )


# The umask of the game in the terminal: a file it makes has mode 0o640.
UMASK = 0o027
_SGR = re.compile(r"(\x1b\[[0-9;]*m)")


def _coloured(captured: str) -> list[list[tuple[str, int | None, int | None]]]:
    """The characters of `capture-pane -e` output with the colours that its
    SGR codes set (as ECMA-48 defines them: 0 resets, 38;5;N and 48;5;N set
    a 256-colour foreground and background, 30-37/90-97 and 40-47/100-107
    the first 16, 39 and 49 go back to the terminal's); tmux sets a colour
    once for the characters after it, across lines."""
    foreground: int | None = None
    background: int | None = None
    lines = []
    for line in captured.split("\n"):
        characters = []
        for part in _SGR.split(line):
            if not _SGR.fullmatch(part):
                characters += [(character, foreground, background) for character in part]
                continue
            codes = [int(code) if code else 0 for code in part[2:-1].split(";")]
            while codes:
                code = codes.pop(0)
                if code == 0:
                    foreground = background = None
                elif code in (38, 48) and codes[:1] == [5]:
                    number = codes[1]
                    del codes[:2]
                    if code == 38:
                        foreground = number
                    else:
                        background = number
                elif code in (39, 49):
                    foreground, background = (
                        (None, background) if code == 39 else (foreground, None)
                    )
                elif 30 <= code <= 37 or 90 <= code <= 97:
                    foreground = code - 30 if code < 90 else code - 82
                elif 40 <= code <= 47 or 100 <= code <= 107:
                    background = code - 40 if code < 100 else code - 92
        lines.append(characters)
    return lines


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    if TMUX is None and not os.environ.get("SOKFMT_REQUIRE_TMUX"):
        pytest.skip("no tmux to play the game in a terminal: install Debian's tmux package")
    opened = Terminal(tmp_path)
    try:
        yield opened
    finally:
        opened.close()


def test_playing_in_a_terminal(terminal: Terminal, tmp_path: Path) -> None:
    path = tmp_path / "tiny.sok"
    path.write_text(TINY, encoding="utf-8")
    before = load_sok(path)
    terminal.start("play", "tiny.sok", "--puzzle", "2")
    shown = terminal.wait_for(lambda text: "puzzle 2/2: Two Boxes" in text)
    lines = shown.splitlines()
    assert lines[3:6] == ["██████████████", "██· ■ ● ■ · ██", "██████████████"]
    # The file's solution is LrR; this one pushes the right box first.
    terminal.keys("Right", "Left")  # a push onto the right goal, a step back
    shown = terminal.wait_for(lambda text: "Moves 2  Pushes 1" in text)
    assert "██· ■ ●   ▣ ██" in shown.splitlines()
    assert "Solved" not in shown
    terminal.keys("h")  # left, as hjkl go: the other box onto its goal
    shown = terminal.wait_for(lambda text: "*** Solved! ***" in text)
    assert "██▣ ●     ▣ ██" in shown.splitlines()
    terminal.keys("s")
    terminal.wait_for(lambda text: "Saved 'Solution' (3/2) to tiny.sok" in text)
    terminal.keys("s")  # again: the file holds it now
    again = "Nothing new to save: tiny.sok holds these moves ('Solution')"
    terminal.wait_for(lambda text: again in text)
    terminal.keys("q")
    terminal.wait_for(lambda text: "play ended with 0" in text)
    # The file holds what it held, and the game played as the puzzle's
    # second saved game, after the one it had.
    after = load_sok(path)
    assert [len(puzzle.saved_games) for puzzle in after.puzzles] == [0, 2]
    puzzles = (before.puzzles[0], before.puzzles[1].with_games(after.puzzles[1].saved_games[1]))
    assert after == Collection(
        title=before.title, author=before.author, notes=before.notes, puzzles=puzzles
    )
    puzzle = after.puzzles[1]
    game = puzzle.saved_games[1]
    assert (game.title, game.printed_steps()) == ("Solution", "RlL")
    assert replay(puzzle, game).solved


def test_a_terminal_shows_goals_boxes_and_pushers_in_the_colours_of_show(
    terminal: Terminal, tmp_path: Path
) -> None:
    # README (show): a goal's square is dark red (256-colour 52) behind its
    # character and behind the box or pusher on it; in front, the colours of
    # `sokfmt show`: walls grey 244, boxes orange 178, a box on a goal green
    # 34, pushers blue 33, goals red 196.  A square is two characters wide,
    # coloured whole.
    (tmp_path / "goals.sok").write_text("Goals\n#######\n#+*.$$#\n#######\n", "utf-8")
    terminal.start("play", "goals.sok")
    terminal.wait_for(lambda text: "puzzle 1/1: Goals" in text)
    wall, floor = (244, None), (None, None)
    squares = [
        ("██", wall),
        ("◉ ", (33, 52)),
        ("▣ ", (34, 52)),
        ("· ", (196, 52)),
        ("■ ", (178, None)),
        ("■ ", (178, None)),
        ("██", wall),
    ]
    expected = [(character, *colours) for text, colours in squares for character in text]
    lines = terminal.colours()
    assert lines[4][: len(expected)] == expected
    assert lines[3][:14] == [("█", *wall)] * 14
    assert all(colours == floor for _, *colours in lines[4][len(expected) :])
    terminal.keys("q")
    terminal.wait_for(lambda text: "play ended with 0" in text)


def test_play_without_a_file_plays_the_bundled_sample(terminal: Terminal, tmp_path: Path) -> None:
    # Hallway: #. $ @ # -- the sample's solution is lLL; lLrlL is another.
    terminal.start("play")
    terminal.wait_for(lambda text: "sokfmt play  bundled sample  puzzle 1/4: Hallway" in text)
    terminal.keys("h", "h", "h", "s")
    terminal.wait_for(
        lambda text: (
            "Nothing new to save: the bundled sample holds these moves ('Solution')" in text
        )
    )
    assert not (tmp_path / "sample.sok").exists()
    terminal.keys("r", "h", "h", "l", "h", "h")
    terminal.wait_for(lambda text: "Moves 5  Pushes 2" in text and "Solved" in text)
    terminal.keys("s")
    terminal.wait_for(lambda text: "Saved 'Solution' (5/2) to sample.sok" in text)
    terminal.keys("q")
    terminal.wait_for(lambda text: "play ended with 0" in text)
    saved = tmp_path / "sample.sok"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o666 & ~UMASK
    (puzzle,) = load_sok(saved).puzzles
    solution = loads_moves("lLrlL").with_metadata(title="Solution")
    assert puzzle == dataclasses.replace(sample().puzzles[0], saved_games=(solution,))


def test_resume_without_a_file_takes_the_last_game_saved_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    played = Session("bundled sample", _store(None, None, None), 0, resume=True)
    # Hallway's last saved game in the sample is a reverse one.
    assert played.message == "The last saved game is a reverse game, which play cannot continue"
    keys(played, "r", "h", "h", "l", "h", "h", "s")
    assert played.message == "Saved 'Solution' (5/2) to sample.sok"
    played = Session("bundled sample", _store(None, None, None), 0, resume=True)
    assert played.message == "Resumed 'Solution' at step 5 of 5"
    assert (tmp_path / "sample.sok").exists()
    assert [path.name for path in tmp_path.iterdir()] == ["sample.sok"]


def _readme_screen() -> str:
    readme = (ROOT / "README.md").read_text("utf-8")
    return readme.split(README_SCREEN, 1)[1].split("```text\n", 1)[1].split("```", 1)[0]


def test_readme_shows_the_screen_that_tmux_captures(terminal: Terminal, tmp_path: Path) -> None:
    terminal.start("play", "--puzzle", "title:Two Boxes", "--resume")
    shown = terminal.wait_for(lambda text: "Resumed" in text)
    assert shown.rstrip("\n") + "\n" == _readme_screen()
    terminal.keys("q")
    terminal.wait_for(lambda text: "play ended with 0" in text)


def test_readme_shows_the_real_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same screen without a terminal: what `Session` draws.
    monkeypatch.chdir(tmp_path)  # where no game of the sample was saved
    played = Session("bundled sample", _store(None, None, None), 2, resume=True)
    lines = played.screen(80, 24).lines
    while lines and not lines[-1]:
        lines.pop()
    assert "\n".join(lines) + "\n" == _readme_screen()


def test_play_tells_warnings_as_the_other_commands_do(tmp_path: Path) -> None:
    # Two lines of notes that look like moves but for an "x" (SOK104, lines 7
    # and 13): one line for both by default, one line each with -v, none with -q.
    path = tmp_path / "doubts.sok"
    board = "#####\n#@$.#\n#####\n"
    path.write_text(f"A\n{board}\nB\nRxR\n{board}\nC\nRxR\n{board}", encoding="utf-8")
    refusal = "sokfmt: sokfmt play needs a terminal"
    grouped = _sokfmt("play", str(path)).stderr.splitlines()
    assert len(grouped) == 2
    assert "SOK104" in grouped[0]
    assert "2 times in this file: lines 7, 13" in grouped[0]
    assert grouped[1] == refusal
    each = _sokfmt("play", "-v", str(path)).stderr.splitlines()
    assert [line.split(": ")[1] for line in each[:2]] == [f"{path}:7", f"{path}:13"]
    assert each[2:] == [refusal]
    assert _sokfmt("play", "-q", str(path)).stderr.splitlines() == [refusal]
