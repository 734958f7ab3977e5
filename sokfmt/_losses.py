"""What a file format has no place for in a collection, kind by kind, and
the collection without it: what `sokfmt.dumps` refuses to write unless it is
asked to be lossy, and then drops (README's table under "convert").

Each kind is found on the collection that the kinds before it have left, so
that what is named is exactly what is dropped (a character XML cannot hold
taken out of a title may leave white space around it, say).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .board import FLOOR, Board
from .errors import quoted
from .moves import SavedGame
from .puzzle import Collection, Puzzle
from .tessellation import Tessellation
from .transform import trimmed

#: Characters XML 1.0 cannot hold, even as references: those outside its
#: Char production (#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] |
#: [#x10000-#x10FFFF]), written as what is left out (a class of the ranges
#: kept takes 9 ms to compile, in every process that imports this).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# How many puzzles a loss names before "and N more".
_NAMED = 3


@dataclass(frozen=True, slots=True)
class Loss:
    """Something of a collection that a format has no place for.

    `kind` is one of `KINDS`; `count` says how many of it there are (saved
    games, lines, characters...); `puzzles` gives the number (from 1) and
    title of each puzzle that has some, and `collection` whether the
    collection's own fields do; `example` is the first, as written.

    >>> collection = loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n\\nSolution\\nR\\n")
    >>> [(loss.kind, loss.count, loss.puzzles) for loss in losses(collection, "xsb")]
    [('saved games', 1, ((1, 'Tiny'),))]
    """

    kind: str
    count: int
    puzzles: tuple[tuple[int, str], ...] = ()
    collection: bool = False
    example: str = ""

    def __str__(self) -> str:
        """The loss in words: what, how many, and where."""
        where = ["the collection"] if self.collection else []
        if self.puzzles:
            named = [
                f"{number} {quoted(title, 40)}" if title else str(number)
                for number, title in self.puzzles[:_NAMED]
            ]
            more = len(self.puzzles) - _NAMED
            listed = ", ".join(named) + (f" and {more} more" if more > 0 else "")
            counted = self.kind in _COUNTS_PUZZLES  # "the notes of 2 puzzles (3 'A', 4 'B')"
            where.append(listed if counted else f"puzzle{'s' * (len(self.puzzles) > 1)} {listed}")
        shown = self.example and not (self.puzzles and self.puzzles[0][1] == self.example)
        example = f", such as {quoted(self.example)}" if shown else ""
        return f"{_PHRASES[self.kind](self.count)} ({', '.join(where)}{example})"


def _counted(one: str, many: str) -> Callable[[int], str]:
    return lambda count: (one if count == 1 else many).format(count=count)


#: Every kind of loss, in the order they are found and dropped, as words.
_PHRASES = {
    "saved games": _counted("{count} saved game", "{count} saved games"),
    "puzzle notes": _counted("the notes of {count} puzzle", "the notes of {count} puzzles"),
    "comments": _counted("{count} comment line", "{count} comment lines"),
    "Sokoban+ orders": _counted(
        "the Sokoban+ orders of {count} puzzle", "the Sokoban+ orders of {count} puzzles"
    ),
    "title lines": _counted(
        "the title line of {count} puzzle that a Title: property overrides",
        "the title lines of {count} puzzles that a Title: property overrides",
    ),
    "characters": _counted(
        "{count} character that XML 1.0 cannot hold", "{count} characters that XML 1.0 cannot hold"
    ),
    "white space": _counted(
        "white space around {count} title or other one-line value",
        "white space around {count} titles or other one-line values",
    ),
    "floor rows": _counted(
        "{count} row of floor alone above or below a board",
        "{count} rows of floor alone above or below boards",
    ),
}
KINDS = tuple(_PHRASES)
# The kinds whose count is of puzzles.
_COUNTS_PUZZLES = frozenset(("puzzle notes", "Sokoban+ orders", "title lines"))

# The collection's one-line fields, and those of its puzzles and games.
_COLLECTION_LINES = ("title", "author", "created_at", "updated_at", "email", "url")
_PUZZLE_LINES = ("title", "author", "boxorder", "goalorder")
_GAME_LINES = ("title", "solved_by")
# Those a .slc reader strips: elements and the date lines of the description
# (Id and Copyright are attributes, kept as written).
_SLC_STRIPPED = ("title", "created_at", "updated_at", "email", "url")


def losses(collection: Collection, format: str) -> tuple[Loss, ...]:
    """What writing `collection` in `format` (a name of `FILE_FORMATS`)
    would lose, each kind once."""
    return lost_and_kept(collection, format)[0]


def lost_and_kept(collection: Collection, format: str) -> tuple[tuple[Loss, ...], Collection]:
    """`losses`, and `collection` without them.  Each loss names the puzzles
    by their titles as given (a kind found after white space was taken out
    would otherwise name them without it)."""
    found, kept = [], collection
    for kind in _KINDS_OF.get(format, ()):
        loss, kept = _FINDERS[kind](kept, format)
        if loss is not None:
            titles = tuple((n, collection.puzzles[n - 1].title) for n, _ in loss.puzzles)
            found.append(dataclasses.replace(loss, puzzles=titles))
    return tuple(found), kept


# ------------------------------------------------------------------ the kinds

_Found = tuple[Loss | None, Collection]


def _per_puzzle(
    kind: str,
    collection: Collection,
    count: Callable[[Puzzle], int],
    drop: Callable[[Puzzle], Puzzle],
    example: Callable[[Puzzle], str] = lambda _: "",
) -> _Found:
    """A loss that only puzzles have: `count` says how much of it one has,
    `drop` takes it away."""
    puzzles, total, examples = [], 0, []
    for number, puzzle in enumerate(collection.puzzles, start=1):
        found = count(puzzle)
        if found:
            puzzles.append((number, puzzle.title))
            total += found
            examples.append(example(puzzle))
    if not total:
        return None, collection
    kept = dataclasses.replace(collection, puzzles=tuple(map(drop, collection.puzzles)))
    return Loss(kind, total, tuple(puzzles), example=examples[0]), kept


def _and_own(loss: Loss | None, count: int, example: str, kind: str) -> Loss:
    """`loss` (that of the puzzles, if any) with `count` more in the
    collection's own fields, the first of which is `example`."""
    if loss is None:
        return Loss(kind, count, collection=True, example=example)
    return Loss(kind, loss.count + count, loss.puzzles, True, example)


def _saved_games(collection: Collection, format: str) -> _Found:
    return _per_puzzle(
        "saved games",
        collection,
        lambda puzzle: len(puzzle.saved_games),
        lambda puzzle: dataclasses.replace(puzzle, saved_games=()),
    )


def _puzzle_notes(collection: Collection, format: str) -> _Found:
    return _per_puzzle(
        "puzzle notes",
        collection,
        lambda puzzle: bool(puzzle.notes),
        lambda puzzle: dataclasses.replace(puzzle, notes=""),
    )


def _comments(collection: Collection, format: str) -> _Found:
    loss, kept = _per_puzzle(
        "comments",
        collection,
        lambda puzzle: len(puzzle.comments),
        lambda puzzle: dataclasses.replace(puzzle, comments=()),
    )
    if not collection.comments:
        return loss, kept
    own = len(collection.comments)
    return _and_own(loss, own, "", "comments"), dataclasses.replace(kept, comments=())


def _sokoban_plus(collection: Collection, format: str) -> _Found:
    return _per_puzzle(
        "Sokoban+ orders",
        collection,
        lambda puzzle: bool(puzzle.boxorder or puzzle.goalorder),
        lambda puzzle: dataclasses.replace(puzzle, boxorder="", goalorder=""),
    )


def _title_lines(collection: Collection, format: str) -> _Found:
    return _per_puzzle(
        "title lines",
        collection,
        lambda puzzle: bool(puzzle.title_line),
        lambda puzzle: dataclasses.replace(puzzle, title_line=""),
        lambda puzzle: puzzle.title_line,
    )


def _characters(collection: Collection, format: str) -> _Found:
    """Characters XML 1.0 cannot hold, in every text .slc writes."""

    def count(values: list[str]) -> int:
        return sum(len(NOT_XML.findall(value)) for value in values)

    def first(values: list[str]) -> str:
        return next((found[0] for v in values if (found := NOT_XML.search(v))), "")

    loss, kept = _per_puzzle(
        "characters",
        collection,
        lambda puzzle: count([puzzle.title, puzzle.author]),
        lambda puzzle: _replaced(puzzle, ("title", "author"), _without_not_xml),
        lambda puzzle: first([puzzle.title, puzzle.author]),
    )
    own = [getattr(collection, name) for name in (*_COLLECTION_LINES, "notes")]
    if not count(own):
        return loss, kept
    kept = _replaced(kept, (*_COLLECTION_LINES, "notes"), _without_not_xml)
    return _and_own(loss, count(own), first(own), "characters"), kept


def _without_not_xml(value: str) -> str:
    return NOT_XML.sub("", value)


def _white_space(collection: Collection, format: str) -> _Found:
    """White space around a one-line value, which a reader strips: every
    one in the .sok family, the collection's elements in .slc."""
    if format == "slc":
        spaced = _spaced(collection, _SLC_STRIPPED)
        if not spaced:
            return None, collection
        return _and_own(None, len(spaced), spaced[0], "white space"), _replaced(
            collection, _SLC_STRIPPED, str.strip
        )

    def spaced_in(puzzle: Puzzle) -> list[str]:
        found = _spaced(puzzle, _PUZZLE_LINES)
        for game in puzzle.saved_games:
            found += _spaced(game, _GAME_LINES)
        return found

    loss, kept = _per_puzzle(
        "white space",
        collection,
        lambda puzzle: len(spaced_in(puzzle)),
        _stripped_puzzle,
        lambda puzzle: (spaced_in(puzzle) or [""])[0],
    )
    own = _spaced(collection, _COLLECTION_LINES)
    if not own:
        return loss, kept
    kept = _replaced(kept, _COLLECTION_LINES, str.strip)
    return _and_own(loss, len(own), own[0], "white space"), kept


def _spaced(item: Collection | Puzzle | SavedGame, names: tuple[str, ...]) -> list[str]:
    values = (getattr(item, name) for name in names)
    return [value for value in values if value != value.strip()]


def _stripped_puzzle(puzzle: Puzzle) -> Puzzle:
    games = tuple(
        game.with_metadata(title=game.title.strip(), solved_by=game.solved_by.strip())
        for game in puzzle.saved_games
    )
    return dataclasses.replace(_replaced(puzzle, _PUZZLE_LINES, str.strip), saved_games=games)


def _floor_rows(collection: Collection, format: str) -> _Found:
    """Rows of floor alone above or below a board, which .sok reads as text
    (so that the board would not be the same)."""
    return _per_puzzle(
        "floor rows",
        collection,
        lambda puzzle: floor_rows_of(puzzle.board),
        lambda puzzle: (
            dataclasses.replace(puzzle, board=without_floor_rows(puzzle.board))
            if floor_rows_of(puzzle.board)
            else puzzle
        ),
    )


def floor_rows_of(board: Board) -> int:
    """How many rows of floor alone are at the top and the bottom of
    `board` (none when it is floor alone: no board to keep)."""
    cells = board.cells
    if cells[0].strip(FLOOR) and cells[-1].strip(FLOOR):
        return 0  # the usual board
    blank = [not row.strip(FLOOR) for row in cells]
    if all(blank):
        return 0
    return blank.index(False) + blank[::-1].index(False)


def without_floor_rows(board: Board) -> Board:
    """`board` without its rows of floor alone at the top and the bottom (a
    square grid needs nothing more; the others are placed in their grid
    again, which may take a column of floor too)."""
    if board.tessellation is not Tessellation.SOKOBAN:
        return trimmed(board)
    blank = [not row.strip(FLOOR) for row in board.cells]
    first, last = blank.index(False), len(blank) - blank[::-1].index(False)
    return Board(board.tessellation, board.cells[first:last])


_Item = TypeVar("_Item", Collection, Puzzle)


def _replaced(item: _Item, names: tuple[str, ...], change: Callable[[str], str]) -> _Item:
    """`item` with the text fields `names` changed by `change`."""
    changes: dict[str, Any] = {name: change(getattr(item, name)) for name in names}
    return dataclasses.replace(item, **changes)


_FINDERS: dict[str, Callable[[Collection, str], _Found]] = {
    "saved games": _saved_games,
    "puzzle notes": _puzzle_notes,
    "comments": _comments,
    "Sokoban+ orders": _sokoban_plus,
    "title lines": _title_lines,
    "characters": _characters,
    "white space": _white_space,
    "floor rows": _floor_rows,
}
_SOK = ("white space", "floor rows")
#: What each format cannot hold, by kind (JSON holds everything).
_KINDS_OF = {
    "sok": _SOK,
    "xsb": ("saved games", *_SOK),
    "hsb": ("saved games", *_SOK),
    "tsb": ("saved games", *_SOK),
    "slc": (
        "saved games",
        "puzzle notes",
        "comments",
        "Sokoban+ orders",
        "title lines",
        "characters",
        "white space",
    ),
}


# ------------------------------------------------------------------ in words

#: The formats a message may point to, for what another one cannot hold.
_KEEPERS = ("sok", "xsb", "slc", "json")


def refusal(collection: Collection, format: str, found: tuple[Loss, ...], remedy: str) -> str:
    """Why `collection` is not written in `format` without losing `found`
    (its `losses`): each loss, what `remedy` does about them ("lossy=True
    drops", "--lossy drops"), and the formats that keep them."""
    single = len(found) == 1 and found[0].count == 1
    them = "it" if single else "them"
    text = f".{format} cannot hold {'; '.join(map(str, found))}: {remedy} {them}"
    kinds = {loss.kind for loss in found}
    keepers = [
        f".{other}"
        for other in _KEEPERS
        if other != format
        and _holds_boards(collection, other)
        and not kinds & {loss.kind for loss in losses(collection, other)}
    ]
    if keepers:
        listed = " and ".join(
            [", ".join(keepers[:-1]), keepers[-1]] if len(keepers) > 1 else keepers
        )
        text += f" ({listed} keep{'s' * (len(keepers) == 1)} {them})"
    return text


def _holds_boards(collection: Collection, format: str) -> bool:
    """Whether `format` holds the boards of `collection` (.slc: Sokoban only)."""
    return format != "slc" or all(
        puzzle.tessellation is Tessellation.SOKOBAN for puzzle in collection.puzzles
    )
