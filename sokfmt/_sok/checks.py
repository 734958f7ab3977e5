"""The pass over the puzzles a reader reads: what is odd about a puzzle
that reads well (the content warnings, SOK401 to SOK404), whether its
saved games play (SOK501 and SOK502), and the problems of each puzzle in
the order a caller gets them.  The readers build puzzles and say where
their parts stand (`Read`); this pass runs what the caller asked for.
The .sok and JSON readers run it whole; the .slc reader, whose levels
hold no saved games, gives `named_warnings` at each level's start tag.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from .._grammar.moves import step_offsets
from .._reading import content_checked, report
from ..board import BOX, BOX_ON_GOAL, GOAL, PUSHER, PUSHER_ON_GOAL
from ..errors import Diagnostic, Excerpt, IllegalStepError, ParseError, ValidationError
from ..geometry import is_closed
from ..moves import SavedGame
from ..puzzle import Puzzle, is_solution_title
from ..replaying import replay as replay_game


class Place(Protocol):
    """Where a line stands in the caller's text: its offset and the line."""

    @property
    def pos(self) -> int: ...

    def excerpt(self) -> Excerpt: ...


class Lines(Protocol):
    """A block's lines as read (`text`, without mail quotes), able to place
    an offset of that text in the caller's."""

    @property
    def text(self) -> str: ...

    def in_file(self, offset: int) -> tuple[Excerpt, int]: ...


@dataclass(slots=True)
class Read:
    """What a reader read up to a puzzle's end: the puzzle (None if its
    board did not read, or for the file notes), its number, the place of
    its board's first line, its saved games with their lines and the line
    that titles each (or its first), and the problems of reading it."""

    puzzle: Puzzle | None = None
    number: int = 0
    board: Place | None = None
    games: list[tuple[SavedGame, Lines, Place]] = field(default_factory=list)
    errors: list[ParseError] = field(default_factory=list)
    doubts: list[Diagnostic] = field(default_factory=list)


class Checks:
    """The pass: each `Read` checked as the caller asked (the content
    checks as `content_checked` says, the saved games played with `games`),
    its problems in input order raised (the first error, when no
    diagnostics are kept) or reported (`report`), and its puzzle handed to
    `sink`."""

    def __init__(
        self,
        diagnostics: list[Diagnostic] | None,
        games: bool,
        sink: Callable[[Puzzle], object],
        *,
        content: bool | None = None,
    ) -> None:
        self.diagnostics = diagnostics
        self.games = games
        self.content = content_checked(content, diagnostics)
        self.sink = sink

    def __call__(self, read: Read) -> None:
        puzzle, errors, found = read.puzzle, read.errors, read.doubts
        oddities = named_warnings(puzzle, read.number) if puzzle and self.content else []
        if oddities:  # most puzzles have none: nothing to place
            assert read.board is not None
            excerpt, pos = read.board.excerpt(), read.board.pos
            for code, message in oddities:
                found.append(Diagnostic.at("warning", code, message, text=excerpt, pos=pos))
        if puzzle is not None and self.games:
            for game, lines, title in read.games:
                _replayed(puzzle, game, lines, title, errors, found)
        if errors or found:
            problems = [error.diagnostic() for error in errors] + found
            problems.sort(key=lambda d: (d.line, d.column))
            if self.diagnostics is None and errors:
                raise min(errors, key=lambda error: (error.line, error.column))
            for problem in problems:  # (errors among them only when kept)
                report(problem, self.diagnostics)
        if puzzle is not None:
            self.sink(puzzle)


def named_warnings(puzzle: Puzzle, number: int) -> list[tuple[str, str]]:
    """`puzzle_warnings`, each message naming the puzzle as every reader
    names it: "puzzle 3 'Title': ..." (`number` counts from 1)."""
    oddities = puzzle_warnings(puzzle)
    if not oddities:  # most puzzles have none: nothing to name
        return oddities
    name = f"puzzle {number}" + (f" {puzzle.title!r}" if puzzle.title else "")
    return [(code, f"{name}: {message}") for code, message in oddities]


def puzzle_warnings(puzzle: Puzzle) -> list[tuple[str, str]]:
    """(code, message) for each oddity of `puzzle`: boxes and goals that do
    not balance, no pusher, a pusher that can walk off the board, Sokoban+
    orders that disagree."""
    board = puzzle.board
    found = []
    # Counted in the text of the cells, not square by square (`check` reads
    # a million boards).
    squares = "".join(board.cells)
    on_goals = squares.count(BOX_ON_GOAL)
    boxes = squares.count(BOX) + on_goals
    goals = squares.count(GOAL) + on_goals + squares.count(PUSHER_ON_GOAL)
    if boxes != goals:
        found.append(
            ("SOK401", f"{boxes} box{'es' * (boxes != 1)} but {goals} goal{'s' * (goals != 1)}")
        )
    if PUSHER not in squares and PUSHER_ON_GOAL not in squares:
        found.append(("SOK402", "no pusher"))
    elif not is_closed(board):
        found.append(("SOK403", "not closed by walls: a pusher can walk off the board"))
    try:
        puzzle.sokoban_plus()
    except ValidationError as error:
        found.append(("SOK404", f"Sokoban+: {error}"))
    return found


def _replayed(
    puzzle: Puzzle,
    game: SavedGame,
    lines: Lines,
    title: Place,
    errors: list[ParseError],
    found: list[Diagnostic],
) -> None:
    """Replay `game`: an illegal step is an error at the letter that wrote
    it; a game titled as a solution that does not solve, a warning at its
    title."""
    result = replay_game(puzzle, game)
    name = repr(game.title) if game.title else "an untitled saved game"
    if result.failed_at is not None:
        offset = step_offsets(lines.text, game.tessellation)[result.failed_at]
        line, pos = lines.in_file(offset)
        errors.append(
            IllegalStepError.at(
                f"In {name}, step {result.failed_at + 1} cannot be played: {result.reason}",
                text=line,
                pos=pos,
            )
        )
    elif not result.solved and is_solution_title(game.title):
        found.append(
            Diagnostic.at(
                "warning",
                "SOK502",
                f"{name} is titled as a solution but does not solve the puzzle",
                text=title.excerpt(),
                pos=title.pos,
            )
        )
