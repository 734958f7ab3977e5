"""The sokfmt command: a summary of a collection (the bundled sample by default)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import resources

from . import __version__
from .errors import SokfmtError
from .puzzle import Collection
from .sok import load_sok, parse_sok


def sample() -> Collection:
    """The collection bundled with sokfmt."""
    text = resources.files("sokfmt").joinpath("samples/sample.sok").read_text("utf-8")
    return parse_sok(text)


def summary(collection: Collection, name: str) -> str:
    """A table with one row per puzzle: size, boxes, saved games, the shortest game."""
    header = ("#", "title", "game", "size", "boxes", "saved", "shortest game (steps/pushes)")
    rows = [header]
    for number, puzzle in enumerate(collection.puzzles, start=1):
        board = puzzle.board
        solved = [g for g in puzzle.saved_games if g.current_move_idx == len(g)]
        best = min(solved, key=lambda g: (len(g), g.pushes_count), default=None)
        rows.append(
            (
                str(number),
                puzzle.title,
                puzzle.tessellation.value,
                f"{board.width}x{board.height}",
                str(len(board.boxes)),
                str(len(puzzle.saved_games)),
                f"{best.moves_count + best.pushes_count}/{best.pushes_count} {best.title}"
                if best
                else "",
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    right = {0, 4, 5}
    lines = [
        "  ".join(
            cell.rjust(width) if column in right else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
    games = sum(len(puzzle.saved_games) for puzzle in collection.puzzles)
    title = f"{collection.title or name}: {len(collection.puzzles)} puzzles, {games} saved games"
    return "\n".join([f"sokfmt {__version__}: {title}", "", *lines])


def main(argv: Sequence[str] | None = None) -> int:
    """Summarise the collection in FILE, or the bundled sample."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if len(arguments) > 1 or (arguments and arguments[0].startswith("-")):
        print("usage: sokfmt [FILE]   (a .sok, .xsb or .txt collection)", file=sys.stderr)
        return 2
    try:
        if arguments:
            collection, name = load_sok(arguments[0]), arguments[0]
        else:
            collection, name = sample(), "bundled sample"
    except (OSError, SokfmtError) as error:
        print(f"sokfmt: {error}", file=sys.stderr)
        return 1
    print(summary(collection, name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
