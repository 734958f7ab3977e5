"""sokfmt info: a table of the puzzles of a file (the bundled sample by default)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import __version__
from ..board_stats import Statistics, statistics
from ..lev import LevPuzzle
from ..puzzle import Collection, Puzzle
from ..replaying import Replay, best_solution_index, replay
from .files import (
    FILE_ERRORS,
    FORMATS,
    ContentError,
    UsageError,
    add_tessellation_option,
    failed,
    input_format,
    load,
    refuse_folder,
    sample,
)
from .grouping import add_warning_options
from .output import cannot_write, display_name, unwritable
from .selection import Chosen, add_puzzle_option, refuse_for_lev, select
from .text import table


def register(commands: Any) -> None:
    command = commands.add_parser(
        "info",
        help="summarise a collection or .lev puzzle",
        description="A table of the puzzles of FILE: size, boxes, saved games, how many of "
        "them solve (replayed on the board, classic rules), and the best solution by moves "
        "and by pushes with its six metrics; then each board's squares: goals, floor, "
        "reachable by the pusher, boxes on goals, dead squares (from which no box can be "
        "pushed to a goal). Without FILE, the bundled sample collection. With --puzzle, the "
        "puzzles chosen alone, numbered by their positions in FILE.",
    )
    command.add_argument("file", nargs="?", metavar="FILE")
    add_puzzle_option(command, "summarise only these puzzles")
    command.add_argument("--format", choices=FORMATS, help="read FILE in this format")
    command.add_argument("--json", action="store_true", help="print the same as JSON")
    add_tessellation_option(command)
    add_warning_options(command)
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    try:
        if arguments.file is None:
            item: Collection | LevPuzzle = sample()
            name = "bundled sample"
        else:
            refuse_folder(arguments.file, "info")
            chosen = input_format(arguments.file, arguments.format)
            item = load(
                arguments.file, chosen, arguments.tessellation, verbosity=arguments.verbosity
            )
            name = display_name(arguments.file)
        if isinstance(item, LevPuzzle):
            refuse_for_lev(arguments.puzzles)
            puzzles: tuple[Chosen, ...] = ()
        else:
            puzzles = select(item.puzzles, arguments.puzzles)
    except (*FILE_ERRORS, UsageError) as error:
        return failed(arguments.file, error)
    if arguments.json:
        if isinstance(item, LevPuzzle):
            data = lev_data(item, name)
        else:
            data = collection_data(item, name, puzzles)
        text = json.dumps(data, indent=1, ensure_ascii=False)
        if unwritable(text):  # JSON's own escapes say the same in ASCII
            text = json.dumps(data, indent=1)
    else:
        if isinstance(item, LevPuzzle):
            text = lev_summary(item, name)
        else:
            text = summary(item, name, puzzles)
        character = unwritable(text)
        if character:
            # Escapes would shift the columns and change the titles: refuse.
            return failed(
                arguments.file,
                ContentError(f"{cannot_write(character)}, or use --json, which escapes it"),
            )
    print(text)
    return 0


_METRICS = ("moves", "pushes", "box_lines", "box_changes", "pushing_sessions", "pusher_lines")


@dataclass(frozen=True)
class _Replayed:
    """A puzzle's saved games replayed, and its best solutions."""

    puzzle: Puzzle
    replays: tuple[Replay, ...]
    by_moves: int | None  # index of the best solved game by moves
    by_pushes: int | None

    @classmethod
    def of(cls, puzzle: Puzzle) -> _Replayed:
        replays = tuple(replay(puzzle, game) for game in puzzle.saved_games)
        return cls(
            puzzle,
            replays,
            best_solution_index(replays, by="moves"),
            best_solution_index(replays, by="pushes"),
        )

    @property
    def solved(self) -> int:
        return sum(result.solved for result in self.replays)


def summary(collection: Collection, name: str, chosen: Sequence[Chosen] | None = None) -> str:
    """One row per puzzle (size, boxes, saved games, how many solve, the best
    by moves and by pushes as moves/pushes), a line of totals above, and the
    six metrics of each best solution below: of the puzzles `chosen` (all
    by default), numbered by their positions."""
    if chosen is None:
        chosen = select(collection.puzzles, [])
    numbers = [each.number for each in chosen]
    replayed = [_Replayed.of(each.puzzle) for each in chosen]
    rows = [("#", "title", "game", "size", "boxes", "saved", "solved", "best moves", "best pushes")]
    best = [("#", "best by", *(name.replace("_", " ") for name in _METRICS), "title")]
    for number, item in zip(numbers, replayed, strict=True):
        puzzle, board = item.puzzle, item.puzzle.board
        rows.append(
            (
                str(number),
                puzzle.title,
                puzzle.tessellation.value,
                f"{board.width}x{board.height}",
                str(len(board.boxes)),
                str(len(puzzle.saved_games)),
                str(item.solved),
                _moves_pushes(item, item.by_moves),
                _moves_pushes(item, item.by_pushes),
            )
        )
        for by, index in (("moves", item.by_moves), ("pushes", item.by_pushes)):
            if index is not None and (by == "moves" or index != item.by_moves):
                metrics = item.replays[index].metrics
                title = puzzle.saved_games[index].title
                best.append((str(number), by, *map(str, metrics), title))
    games = sum(len(item.replays) for item in replayed)
    solved = sum(item.solved for item in replayed)
    kinds = sorted({item.puzzle.tessellation.value for item in replayed})
    total = len(collection.puzzles)
    count = f"{len(replayed)} of {total}" if len(replayed) != total else f"{total}"
    head = (
        f"sokfmt {__version__}: {collection.title or name}: {count} "
        f"puzzle{'s' * (total != 1)} ({', '.join(kinds) or 'none'}), "
        f"{games} saved game{'s' * (games != 1)}, {solved} solving their puzzle"
    )
    text = f"{head}\n\n{table(rows, frozenset({0, 4, 5, 6, 7, 8}))}"
    if len(best) > 1:
        text += f"\n\nBest solutions:\n{table(best, frozenset(range(2, 8)))}"
    if chosen:
        text += f"\n\nSquares:\n{_squares(chosen)}"
    return text


def _squares(chosen: Sequence[Chosen]) -> str:
    """One row per puzzle chosen: the counts of `sokfmt.statistics` but the boxes."""
    rows: list[tuple[str, ...]] = [("#", "goals", "floor", "reachable", "boxes on goals", "dead")]
    for number, puzzle in ((each.number, each.puzzle) for each in chosen):
        counts = statistics(puzzle.board)
        numbers = (counts.goals, counts.floor, counts.reachable, counts.boxes_on_goals, counts.dead)
        rows.append((str(number), *map(str, numbers)))
    return table(rows, frozenset(range(6)))


def _statistics_data(counts: Statistics) -> dict[str, Any]:
    return {
        "goals": counts.goals,
        "floor": counts.floor,
        "reachable": counts.reachable,
        "boxes_on_goals": counts.boxes_on_goals,
        "dead": counts.dead,
        "dead_squares": [list(position) for position in counts.dead_squares],
    }


def _moves_pushes(item: _Replayed, index: int | None) -> str:
    if index is None:
        return ""
    result = item.replays[index]
    return f"{result.moves}/{result.pushes}"


def collection_data(
    collection: Collection, name: str, chosen: Sequence[Chosen] | None = None
) -> dict[str, Any]:
    """`summary` as a JSON object: every game's replay, and the best two."""
    if chosen is None:
        chosen = select(collection.puzzles, [])
    puzzles = []
    for number, item in ((each.number, _Replayed.of(each.puzzle)) for each in chosen):
        puzzle, board = item.puzzle, item.puzzle.board
        games = [
            {
                "title": game.title,
                "legal": result.legal,
                "solved": result.solved,
                "failed_at": result.failed_at,
                "failure": None if result.failure is None else result.failure.value,
                **{metric: getattr(result, metric) for metric in _METRICS},
            }
            for game, result in zip(puzzle.saved_games, item.replays, strict=True)
        ]
        puzzles.append(
            {
                "number": number,
                "title": puzzle.title,
                "game": puzzle.tessellation.value,
                "width": board.width,
                "height": board.height,
                "boxes": len(board.boxes),
                **_statistics_data(statistics(board)),
                "saved_games": games,
                "solved": item.solved,
                "best_by_moves": item.by_moves,
                "best_by_pushes": item.by_pushes,
            }
        )
    return {"file": name, "title": collection.title, "puzzles": puzzles}


def _hex(color: tuple[int, int, int]) -> str:
    red, green, blue = color
    return f"#{red:02x}{green:02x}{blue:02x}"


def lev_summary(puzzle: LevPuzzle, name: str) -> str:
    """The size, the pieces with their cells and colors, and the target."""
    pieces = puzzle.pieces
    target = {c for row in puzzle.target for c in row} - {"."}
    rows = [("piece", "cells", "color", "in target")]
    for label in sorted(pieces):
        piece = pieces[label]
        rows.append(
            (
                label,
                str(len(piece.cells)),
                _hex(piece.color),
                "yes" if label in target else "",
            )
        )
    unknown = len(puzzle.unknown)
    head = (
        f"sokfmt {__version__}: {name}: sliding-block puzzle {puzzle.width}x{puzzle.height}, "
        f"{len(pieces)} piece{'s' * (len(pieces) != 1)}, "
        f"{unknown} unknown section{'s' * (unknown != 1)}"
    )
    return f"{head}\n\n{table(rows, frozenset({1}))}"


def lev_data(puzzle: LevPuzzle, name: str) -> dict[str, Any]:
    """`lev_summary` as a JSON object."""
    target = {c for row in puzzle.target for c in row} - {"."}
    return {
        "file": name,
        "width": puzzle.width,
        "height": puzzle.height,
        "pieces": {
            label: {
                "cells": len(piece.cells),
                "color": _hex(piece.color),
                "in_target": label in target,
            }
            for label, piece in sorted(puzzle.pieces.items())
        },
        "unknown_sections": len(puzzle.unknown),
    }
