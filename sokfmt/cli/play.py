"""sokfmt play: a terminal game on `sokfmt.Game`, drawn with curses.

`Session` is the game without the terminal: it takes key names and gives
the lines of the screen, so that it can be tested without one.  `run` puts
it in a curses window: the board is drawn with the symbols of `sokfmt show`.
`saving` says where the games go, `refusals` why a key cannot move.
curses is imported only to play (Windows' Python has none), so that the
other commands work without it.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import locale
import os
import sys
from collections.abc import Mapping
from typing import Any

from ..board import Board
from ..errors import IllegalMoveError
from ..game import Game
from ..lev import LevPuzzle
from ..moves import SavedGame, SolvingMode
from ..puzzle import Puzzle
from ..tessellation import Direction, Tessellation
from .files import (
    FILE_ERRORS,
    FORMATS,
    ContentError,
    UsageError,
    add_tessellation_option,
    failed,
    format_of,
    load,
    message,
    sample,
)
from .refusals import DIRECTION_WORDS, in_words, refused
from .saving import GameFile
from .selection import add_puzzle_option, select
from .show import SQUARE_GRIDS, SQUARES, drawn_squares

D = Direction

# The keys that move, per tessellation.  The move letters of the files
# cannot be keys: u, r, n and s are commands.  Hexoban and Trioban take the
# six keys around "s" on a QWERTY keyboard; Octoban the arrows for its four
# straight directions and the same corners for its diagonals; the numeric
# keypad works everywhere, its digits where the directions point.
_STRAIGHT = {
    "left": D.LEFT,
    "right": D.RIGHT,
    "up": D.UP,
    "down": D.DOWN,
    "h": D.LEFT,
    "l": D.RIGHT,
    "k": D.UP,
    "j": D.DOWN,
    "4": D.LEFT,
    "6": D.RIGHT,
    "8": D.UP,
    "2": D.DOWN,
}
_CORNERS = {
    "w": D.NORTH_WEST,
    "e": D.NORTH_EAST,
    "z": D.SOUTH_WEST,
    "x": D.SOUTH_EAST,
    "7": D.NORTH_WEST,
    "9": D.NORTH_EAST,
    "1": D.SOUTH_WEST,
    "3": D.SOUTH_EAST,
}
_SIDEWAYS = {"left": D.LEFT, "right": D.RIGHT, "a": D.LEFT, "d": D.RIGHT, "4": D.LEFT, "6": D.RIGHT}
KEYS: Mapping[Tessellation, Mapping[str, Direction]] = {
    Tessellation.SOKOBAN: _STRAIGHT,
    Tessellation.HEXOBAN: _SIDEWAYS | _CORNERS,
    Tessellation.TRIOBAN: _SIDEWAYS | _CORNERS,
    Tessellation.OCTOBAN: _STRAIGHT | _CORNERS,
}
_COMMANDS = "u/U undo/redo  r restart  n/p next/previous puzzle  s save  q quit"
_HELP = {
    Tessellation.SOKOBAN: [
        "arrows/hjkl move  u/U undo/redo  r restart  n/p next/previous  s save  q quit"
    ],
    Tessellation.HEXOBAN: [
        "move: a/d left/right, w/e up-left/up-right, z/x down-left/down-right",
        _COMMANDS,
    ],
    Tessellation.OCTOBAN: [
        "move: arrows/hjkl; w/e up-left/up-right, z/x down-left/down-right",
        _COMMANDS,
    ],
}
_HELP[Tessellation.TRIOBAN] = _HELP[Tessellation.HEXOBAN]
_SOLVED = "*** Solved! ***  s saves the solution, n goes to the next puzzle"
#: Where the games played on the bundled sample go: in the current folder,
#: as the sample itself is part of sokfmt.
SAMPLE_GAMES = "sample.sok"


def register(commands: Any) -> None:
    command = commands.add_parser(
        "play",
        help="play a puzzle in the terminal",
        description="Play the puzzles of FILE in the terminal (from the first, or the first "
        "that --puzzle chooses; n and p go to the next and previous puzzle of FILE).  s saves "
        "the game, unless FILE holds its moves already: into FILE when its format holds saved "
        "games (.sok, .json), else into FILE.sok beside it.  Without FILE, the bundled sample "
        f"(the one sokfmt info shows), whose games go into {SAMPLE_GAMES} in the current "
        "folder.  The keys are listed on screen; the numeric keypad moves too, its digits "
        "where the directions point (7 up-left, 9 up-right...).",
    )
    command.add_argument("file", nargs="?", metavar="FILE")
    add_puzzle_option(command, "start with the first of these puzzles")
    command.add_argument(
        "--resume", action="store_true", help="continue the puzzle's last saved game"
    )
    command.add_argument("--format", choices=FORMATS, help="read FILE in this format")
    add_tessellation_option(command)
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    try:
        store = _store(arguments.file, arguments.format, arguments.tessellation)
        index = select(store.collection.puzzles, arguments.puzzles)[0].number - 1
        name = "bundled sample" if arguments.file is None else os.path.basename(arguments.file)
        session = Session(name, store, index, arguments.resume)
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise UsageError("sokfmt play needs a terminal")
        try:
            import curses
        except ImportError:
            raise UsageError("sokfmt play needs Python's curses module") from None
        locale.setlocale(locale.LC_ALL, "")
        try:
            curses.wrapper(_play, session)
        except curses.error as error:
            raise UsageError(f"cannot draw the game in this terminal: {error}") from None
    except (*FILE_ERRORS, UsageError) as error:
        return failed(arguments.file, error)
    return 0


def _store(path: str | None, format: str | None, tessellation: Tessellation | None) -> GameFile:
    """The puzzles to play, of FILE or of the bundled sample, and where
    their games go.

    Raises:
        UsageError: FILE is standard input, or a .lev file; or --format or
            --tessellation without FILE.
        ContentError: FILE holds no puzzle.
        SokfmtError, OSError: FILE cannot be read.
    """
    if path is None:
        if format or tessellation:
            raise UsageError("--format and --tessellation say how to read FILE: name FILE")
        return GameFile("the bundled sample", "sok", None, sample(), beside=SAMPLE_GAMES)
    if path == "-":
        raise UsageError("play reads a file, not standard input, which the game needs")
    chosen = format_of(path, format)
    item = load(path, chosen, tessellation)
    if isinstance(item, LevPuzzle):
        raise UsageError("sokfmt play plays Sokoban-family puzzles, not .lev sliding blocks")
    if not item.puzzles:
        raise ContentError("the file holds no puzzle")
    return GameFile(path, chosen, tessellation, item)


# ------------------------------------------------------------------ the game


@dataclasses.dataclass
class Screen:
    """What to draw: the lines, the range of lines that hold the board, the
    line of the "solved" banner, and where the active pusher is drawn (to
    mark it when there are several).  `squares` holds a line for each line
    of the board, of the same length: for each character drawn, the symbol
    of the board legend of the square it draws (which says its colours)."""

    lines: list[str]
    board_rows: range
    banner: int | None
    marked: tuple[int, int] | None
    squares: list[str] = dataclasses.field(default_factory=list)


class Session:
    """The puzzles of one file in play, one `Game` each, as keys come."""

    def __init__(self, name: str, store: GameFile, index: int, resume: bool = False) -> None:
        self.name = name  # of the file, on the screen
        self.store = store
        self.collection = store.collection
        self.index = index
        self.games: dict[int, Game] = {}
        self.saved: dict[int, SavedGame] = {}  # what was saved of each game last
        self.message = ""
        self.quitting = False
        if resume:
            self._resume()

    # ------------------------------------------------------------ the puzzle

    @property
    def puzzle(self) -> Puzzle:
        return self.collection.puzzles[self.index]

    @property
    def game(self) -> Game:
        if self.index not in self.games:
            self.games[self.index] = Game(self.puzzle)
        return self.games[self.index]

    def _resume(self) -> None:
        """Continue the puzzle's last saved game, where `s` saves them."""
        saved = self.store.last_game(self.index)
        if saved is None:
            self.message = "No saved game to resume: a new game"
            return
        if saved.solving_mode is SolvingMode.REVERSE:
            self.message = "The last saved game is a reverse game, which play cannot continue"
            return
        try:
            self.games[self.index] = Game.resume(self.puzzle, saved)
        except IllegalMoveError as error:
            why = in_words(error.failure)
            self.message = f"Cannot resume {_name(saved)}: step {error.index + 1}: {why}"
            return
        self.saved[self.index] = saved
        self.message = f"Resumed {_name(saved)} at step {saved.current_move_idx} of {len(saved)}"

    # ------------------------------------------------------------ keys

    def handle(self, key: str) -> bool:
        """Play the key named `key` ("left", "right", "up", "down", "tab",
        or the character); False when it quits."""
        if key != "q":
            self.quitting = False
        game = self.game
        direction = KEYS[game.tessellation].get(key)
        if direction is not None:
            try:
                game.move(direction)
                self.message = ""
            except IllegalMoveError as error:
                why = refused(game, direction, error)
                self.message = f"Cannot move {DIRECTION_WORDS[direction]}: {why}"
        elif key == "u":
            self.message = "" if game.undo() else "Nothing to undo"
        elif key == "U":
            self._redo()
        elif key == "r":
            game.restart()
            self.message = "Restarted: U plays the steps again"
        elif key in ("n", "p"):
            self._turn(1 if key == "n" else -1)
        elif key == "s":
            self.message = self._save()
        elif key == "tab":
            self._next_pusher()
        elif key == "q":
            if self.quitting or not self._unsaved():
                return False
            self.quitting = True
            self.message = "Moves not saved: q again quits, s saves"
        return True

    def _redo(self) -> None:
        game = self.game
        try:
            self.message = "" if game.redo() else "Nothing to redo"
        except IllegalMoveError as error:
            step = game.saved_game().steps[game.played]
            self.message = f"Cannot redo: {refused(game, step.direction, error)}"

    def _turn(self, by: int) -> None:
        index = self.index + by
        if not 0 <= index < len(self.collection.puzzles):
            self.message = "This is the " + ("last puzzle" if by > 0 else "first puzzle")
            return
        self.index = index
        self.message = ""

    def _next_pusher(self) -> None:
        game = self.game
        pushers = game.pushers
        if len(pushers) < 2:
            self.message = "Tab changes pushers on boards with several"
            return
        active = pushers.index(game.pusher) if game.pusher in pushers else 0
        game.select(pushers[(active + 1) % len(pushers)])
        self.message = ""

    def _unsaved(self) -> bool:
        for index, game in self.games.items():
            if game.played and game.saved_game() != self._saved_steps(index):
                return True
        return False

    def _saved_steps(self, index: int) -> SavedGame | None:
        saved = self.saved.get(index)
        if saved is None:
            return None
        return saved.with_metadata(title="", solved_by="", notes="")

    # ------------------------------------------------------------ saving

    def _save(self) -> str:
        """Save the game; what to say about it."""
        game = self.game
        if not game.played:
            return "Nothing to save: no step played"
        solved = game.solved
        saved = game.saved_game(title="Solution" if solved else "Snapshot")
        if solved:  # a solution ends where it solves
            saved = SavedGame(
                saved.steps[: game.played], saved.tessellation, saved.solving_mode, title="Solution"
            )
        try:
            held = self.store.holder(self.index, saved)
            if held is not None:
                where, holder = held
                self.saved[self.index] = holder
                named = f" ({holder.title!r})" if holder.title else ""
                return f"Nothing new to save: {where} holds these moves{named}"
            where = self.store.append(self.index, saved)
        except (*FILE_ERRORS, UsageError) as error:
            return f"Not saved: {message(error)}"
        self.saved[self.index] = saved
        return f"Saved {_name(saved)} ({game.moves}/{game.pushes}) to {where}"

    # ------------------------------------------------------------ the screen

    def screen(self, width: int, height: int, glyphs: bool = True) -> Screen:
        """The screen of `width` x `height`: title, counts, the board (around
        the pusher when it does not fit, saying which part is shown), a
        banner when solved, the keys and the last message.  Without
        `glyphs`, the board in the file's letters."""
        game, puzzle = self.game, self.puzzle
        count = len(self.collection.puzzles)
        title = puzzle.title or "(untitled)"
        counts = f"Moves {game.moves}  Pushes {game.pushes}"
        details = (
            f"{counts}   box lines {game.box_lines}  box changes {game.box_changes}  "
            f"sessions {game.pushing_sessions}  pusher lines {game.pusher_lines}"
        )
        head = [
            f"sokfmt play  {self.name}  puzzle {self.index + 1}/{count}: {title}",
            details if len(details) < width else counts,
            "",
        ]
        several = len(game.pushers) > 1
        foot = [
            _SOLVED if game.solved else "",
            *_HELP[game.tessellation],
            *(["Tab: the next pusher plays (the one marked plays now)"] if several else []),
            self.message,
        ]
        board = game.board
        rows, squares = _drawing(board, glyphs)
        marked = _drawn_at(board, game.pusher, glyphs) if several else None
        room = max(height - len(head) - len(foot), 1)
        focus = _drawn_at(board, game.pusher, glyphs) or (0, 0)
        top = _window(len(rows), room, focus[0])
        shown = slice(top, top + room)
        left = 0
        widest = max(map(len, rows[shown]), default=0)
        if widest > width - 1:
            left = _window(widest, width - 1, focus[1])
        columns = slice(left, left + width - 1)
        lines = head + [row[columns] for row in rows[shown]]
        cut = _cut(
            board,
            glyphs,
            range(len(rows))[shown],
            range(widest)[columns] if widest > width - 1 else None,
        )
        if cut:
            lines[len(head) - 1] = cut
        board_lines = range(len(head), len(lines))
        lines += foot
        if marked is not None:
            marked = (marked[0] - top + len(head), marked[1] - left)
            if marked[0] not in board_lines:
                marked = None
        return Screen(
            [line[: width - 1] for line in lines[:height]],
            board_lines,
            board_lines.stop if game.solved else None,
            marked,
            [row[columns] for row in squares[shown]],
        )


def _name(saved: SavedGame) -> str:
    return repr(saved.title) if saved.title else "the game"


def _window(size: int, room: int, focus: int) -> int:
    """The first of `room` lines (columns) out of `size`, keeping `focus` in sight."""
    if size <= room:
        return 0
    return min(max(focus - room // 2, 0), size - room)


def _drawing(board: Board, glyphs: bool) -> tuple[list[str], list[str]]:
    """The lines that draw `board` (with `glyphs`, as `sokfmt show` draws
    it; else its rows, in the file's letters), and the same lines in the
    symbols of the squares that each character draws."""
    if not glyphs:
        return list(board.rows), list(board.rows)
    rows, squares = [], []
    for row in drawn_squares(board):
        line = "".join(text for _, text in row).rstrip()
        rows.append(line)
        squares.append("".join(square * len(text) for square, text in row)[: len(line)])
    return rows, squares


def _cut(board: Board, glyphs: bool, rows: range, columns: range | None) -> str:
    """What the screen says of a board of which it shows the `rows` and the
    `columns` (None: all) of the drawing: the rows and the columns of the
    board that it shows whole, counted from 1; nothing when it shows all."""
    parts = []
    if len(rows) < board.height:
        parts.append(f"rows {rows.start + 1}-{rows.stop} of {board.height}")
    if columns is not None:
        whole = [
            column
            for column in range(board.width)
            if all(
                _cell_columns(board, (row, column), glyphs).start in columns
                and _cell_columns(board, (row, column), glyphs)[-1] in columns
                for row in rows[:2]  # a Hexoban row is shifted a column from the next
            )
        ]
        shown = f"{whole[0] + 1}-{whole[-1] + 1}" if whole else "none"
        parts.append(f"columns {shown} of {board.width}")
    return f"Cut to fit the terminal: {', '.join(parts)} shown" if parts else ""


def _cell_columns(board: Board, position: tuple[int, int], glyphs: bool) -> range:
    """The columns of the drawing that draw the cell at `position`."""
    row, column = position
    if board.tessellation is Tessellation.HEXOBAN:
        return range(2 * column + 1 + row % 2, 2 * column + 2 + row % 2)
    if glyphs and board.tessellation in SQUARE_GRIDS:
        return range(2 * column, 2 * column + 2)
    return range(column, column + 1)


def _drawn_at(
    board: Board, position: tuple[int, int] | None, glyphs: bool
) -> tuple[int, int] | None:
    """Where the cell at `position` is in the drawing (Hexoban rows take two
    columns a cell, odd rows shifted by one; with `glyphs`, `sokfmt show`'s
    drawing, Sokoban and Octoban squares are two columns wide too)."""
    if position is None:
        return None
    return position[0], _cell_columns(board, position, glyphs).start


# ------------------------------------------------------------------ curses


def _play(window: Any, session: Session) -> None:
    """Draw the session and feed it keys until it quits."""
    import curses

    names = {
        curses.KEY_LEFT: "left",
        curses.KEY_RIGHT: "right",
        curses.KEY_UP: "up",
        curses.KEY_DOWN: "down",
        "\t": "tab",
    }
    with contextlib.suppress(curses.error):
        curses.curs_set(0)
    glyphs = _can_draw("".join(look.character for look in SQUARES.values()))
    colours = _colours()
    while True:
        height, width = window.getmaxyx()
        screen = session.screen(width, height, glyphs)
        window.erase()
        for y, line in enumerate(screen.lines):
            attribute = curses.A_BOLD if y == screen.banner else curses.A_NORMAL
            with contextlib.suppress(curses.error):
                window.addstr(y, 0, line, attribute)
        for y, squares in zip(screen.board_rows, screen.squares, strict=False):
            for x, square in enumerate(squares):
                if square in colours:
                    with contextlib.suppress(curses.error):
                        window.chgat(y, x, 1, colours[square])
        if screen.marked is not None:
            with contextlib.suppress(curses.error):
                window.chgat(*screen.marked, 1, curses.A_REVERSE)
        window.refresh()
        key = window.get_wch()
        name = names.get(key, key if isinstance(key, str) else "")
        if not session.handle(name):
            return


def _can_draw(text: str) -> bool:
    """Whether the terminal's encoding has the characters of `text`."""
    try:
        text.encode(locale.getpreferredencoding(False))
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _colours() -> dict[str, int]:
    """The colour attribute of each square of the board legend, as `sokfmt
    show` colours it (its foreground and background), where the terminal
    has 256 colours; else none (the symbols tell the squares apart without
    them)."""
    import curses

    found: dict[str, int] = {}
    try:
        if not curses.has_colors():
            return found
        curses.start_color()
        curses.use_default_colors()  # -1: the terminal's own colour
        if curses.COLORS < 256 or len(SQUARES) > curses.COLOR_PAIRS:
            return found
        for number, (square, look) in enumerate(SQUARES.items(), start=1):
            if look.foreground is None and look.background is None:
                continue
            foreground = -1 if look.foreground is None else look.foreground
            background = -1 if look.background is None else look.background
            curses.init_pair(number, foreground, background)
            found[square] = curses.color_pair(number)
    except curses.error:
        return {}
    return found
