"""Puzzles and collections: boards with their titles, notes and saved games."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, overload

from ._notes import trimmed
from .board import Board
from .errors import ValidationError
from .moves import SavedGame
from .properties import parse_property
from .tessellation import Tessellation

__all__ = ("Collection", "Puzzle")


def _check_text(owner: str, **values: object) -> None:
    for name, value in values.items():
        if not isinstance(value, str):
            raise ValidationError(f"{owner} {name} must be a string, not {value!r}")


def _check_line(owner: str, **values: str) -> None:
    for name, value in values.items():
        if "\n" in value or "\r" in value:
            raise ValidationError(f"{owner} {name} must be one line, not {value!r}")


def _check_comments(comments: object) -> None:
    if not isinstance(comments, tuple) or not all(
        isinstance(line, str) and line.startswith("::") and "\n" not in line for line in comments
    ):
        raise ValidationError("comments must be a tuple of lines that begin with '::'")


# The fields of a collection that key/value lines of its notes give.
_NOTES_FIELDS = frozenset(("title", "author", "created_at", "updated_at", "email", "url"))


def check_fields_at(fields_at: object) -> None:
    """Refuse a `Collection.fields_at` that is not (field, lines above it) pairs."""
    if not isinstance(fields_at, tuple) or not all(
        isinstance(pair, tuple)
        and len(pair) == 2
        and pair[0] in _NOTES_FIELDS
        and type(pair[1]) is int
        and pair[1] >= 0
        for pair in fields_at
    ):
        raise ValidationError(
            "fields_at must be a tuple of (field, lines above it) pairs: a field of "
            f"{', '.join(sorted(_NOTES_FIELDS))} and a number of lines from 0"
        )


def _properties(notes: str) -> tuple[tuple[str, str], ...]:
    found = (parse_property(line) for line in notes.splitlines())
    return tuple(pair for pair in found if pair is not None)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A board with its title, author, notes and saved games.

    `notes` is the text of the puzzle notes without the properties that have
    fields here (title, author, game, boxorder, goalorder); every other
    ``Key: value`` line stays in it, in file order, and `properties` lists
    them.  Blank lines at either end of the notes carry nothing: they are
    dropped when the puzzle is built.  `comments` are the ``::`` lines of
    the puzzle, kept for writing.
    `title_line` is the line that stood as the title before the board when a
    ``Title:`` property overrides it: kept, and written back there.  A line
    that is the title itself overrides nothing and carries nothing: it is
    dropped (`title_line` is then "").

    The objects are frozen: `dataclasses.replace` makes a changed copy.

    >>> puzzle = loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n\\nSolution\\nR\\n").puzzles[0]
    >>> puzzle.title, puzzle.board.rows
    ('Tiny', ('#####', '#@$.#', '#####'))
    >>> [game.title for game in puzzle.saved_games]
    ['Solution']
    """

    board: Board
    title: str = ""
    author: str = ""
    notes: str = ""
    saved_games: tuple[SavedGame, ...] = ()
    boxorder: str = ""
    goalorder: str = ""
    comments: tuple[str, ...] = field(default=())
    title_line: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.board, Board):
            raise ValidationError(f"board must be a Board, not {self.board!r}")
        _check_text(
            "A puzzle's",
            title=self.title,
            author=self.author,
            notes=self.notes,
            boxorder=self.boxorder,
            goalorder=self.goalorder,
        )
        _check_text("A puzzle's", title_line=self.title_line)
        object.__setattr__(self, "notes", trimmed(self.notes))
        _check_line("A puzzle's", title=self.title, author=self.author, title_line=self.title_line)
        _check_line("A puzzle's", boxorder=self.boxorder, goalorder=self.goalorder)
        if not isinstance(self.saved_games, tuple) or not all(
            isinstance(game, SavedGame) for game in self.saved_games
        ):
            raise ValidationError("saved_games must be a tuple of SavedGame")
        for game in self.saved_games:
            if game.tessellation is not self.board.tessellation:
                raise ValidationError(
                    f"A {game.tessellation.value} saved game cannot belong to a "
                    f"{self.board.tessellation.value} puzzle"
                )
        _check_comments(self.comments)
        if self.title_line == self.title:
            object.__setattr__(self, "title_line", "")

    @property
    def tessellation(self) -> Tessellation:
        return self.board.tessellation

    @classmethod
    def _trusted(
        cls,
        board: Board,
        *,
        title: str = "",
        author: str = "",
        notes: str = "",
        saved_games: tuple[SavedGame, ...] = (),
        boxorder: str = "",
        goalorder: str = "",
        comments: tuple[str, ...] = (),
        title_line: str = "",
    ) -> Puzzle:
        """A puzzle from parts a reader built, known to be valid (no checks;
        the .sok reader's notes have no blank line at either end).  Each
        field is set on its own line: a loop over them cost a reading of
        5,000 small puzzles 3% of its time."""
        puzzle = object.__new__(cls)
        setter = object.__setattr__
        setter(puzzle, "board", board)
        setter(puzzle, "title", title)
        setter(puzzle, "author", author)
        setter(puzzle, "notes", notes)
        setter(puzzle, "saved_games", saved_games)
        setter(puzzle, "boxorder", boxorder)
        setter(puzzle, "goalorder", goalorder)
        setter(puzzle, "comments", comments)
        setter(puzzle, "title_line", title_line)
        return puzzle

    @property
    def properties(self) -> tuple[tuple[str, str], ...]:
        """The other ``Key: value`` lines of the notes, in file order."""
        return _properties(self.notes)

    def with_games(self, *games: SavedGame) -> Puzzle:
        """A copy with `games` after its saved games (`dataclasses.replace`
        changes any other field)."""
        return replace(self, saved_games=(*self.saved_games, *games))

    def sokoban_plus(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The Sokoban+ ids of the boxes and goals (in board order), or None
        when the puzzle has neither boxorder nor goalorder.

        Raises:
            ValidationError: an id is not a whole number, the two lists do
                not hold the same ids, or a list is longer than the board's
                boxes or goals.
        """
        if not self.boxorder and not self.goalorder:
            return None
        boxes = _ids("boxorder", self.boxorder)
        goals = _ids("goalorder", self.goalorder)
        if sorted(boxes) != sorted(goals):
            raise ValidationError(
                f"boxorder {self.boxorder!r} and goalorder {self.goalorder!r} "
                "must hold the same ids"
            )
        for name, ids, count in (
            ("boxorder", boxes, len(self.board.boxes)),
            ("goalorder", goals, len(self.board.goals)),
        ):
            if len(ids) > count:
                raise ValidationError(
                    f"{name} has {len(ids)} ids but the board has {count} "
                    f"{'boxes' if name == 'boxorder' else 'goals'}"
                )
        return boxes, goals

    # -------------------------------------------------------------------- JSON

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as a JSON object with the field names of ``sokoban_elements``."""
        return {
            "board": self.board.to_dict(),
            "title": self.title,
            "author": self.author,
            "notes": self.notes,
            "saved_games": [game.to_dict() for game in self.saved_games],
            "boxorder": self.boxorder,
            "goalorder": self.goalorder,
            "comments": list(self.comments),
            "title_line": self.title_line,
        }


def _ids(name: str, text: str) -> tuple[int, ...]:
    words = text.replace(",", " ").split()
    if not all(_ID.fullmatch(word) for word in words):
        raise ValidationError(f"{name} must be whole numbers separated by spaces, not {text!r}")
    return tuple(int(word) for word in words)


# A Sokoban+ id: digits, few enough to convert (a board has far fewer boxes).
_ID = re.compile(r"[0-9]{1,9}")


@dataclass(frozen=True, slots=True)
class Collection:
    """A collection of puzzles with the file's notes.

    `notes` is the text of the file notes without the properties that have
    fields here; other ``Key: value`` lines stay in it (`properties`).
    Blank lines at either end of the notes are dropped, as for `Puzzle`.
    `comments` are the file's ``::`` lines before its first puzzle.
    `email` and `url` are the author's, as .slc files give them (``Email:``
    and ``Url:`` in .sok file notes).
    `fields_at` says where the key/value lines of the fields stood among the
    lines of the notes, in file order: (field, the number of lines of
    `notes` above it), as readers find them, so that writers put them back
    there (a field it does not name goes where the writer puts it).  It is
    layout, not content: collections that differ only in it are equal.

    >>> from importlib.resources import files
    >>> text = files("sokfmt").joinpath("samples/tiny.sok").read_text(encoding="utf-8")
    >>> collection = loads_sok(text)
    >>> [puzzle.title for puzzle in collection.puzzles]
    ['Tiny', 'Open']
    """

    title: str = ""
    author: str = ""
    created_at: str = ""
    updated_at: str = ""
    notes: str = ""
    puzzles: tuple[Puzzle, ...] = ()
    comments: tuple[str, ...] = ()
    email: str = ""
    url: str = ""
    fields_at: tuple[tuple[str, int], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        _check_text(
            "A collection's",
            title=self.title,
            author=self.author,
            created_at=self.created_at,
            updated_at=self.updated_at,
            notes=self.notes,
            email=self.email,
            url=self.url,
        )
        object.__setattr__(self, "notes", trimmed(self.notes))
        _check_line(
            "A collection's",
            title=self.title,
            author=self.author,
            created_at=self.created_at,
            updated_at=self.updated_at,
            email=self.email,
            url=self.url,
        )
        if not isinstance(self.puzzles, tuple) or not all(
            isinstance(p, Puzzle) for p in self.puzzles
        ):
            raise ValidationError("puzzles must be a tuple of Puzzle")
        _check_comments(self.comments)
        check_fields_at(self.fields_at)

    @property
    def properties(self) -> tuple[tuple[str, str], ...]:
        """The other ``Key: value`` lines of the file notes, in file order."""
        return _properties(self.notes)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    @overload
    def __getitem__(self, index: int) -> Puzzle: ...
    @overload
    def __getitem__(self, index: slice) -> Collection: ...

    def __getitem__(self, index: int | slice) -> Puzzle | Collection:
        """A puzzle by its index, or a slice as a collection with the same
        notes (so that it can be written as a file of its own)."""
        if isinstance(index, slice):
            return replace(self, puzzles=self.puzzles[index])
        return self.puzzles[index]

    def with_puzzles(self, *puzzles: Puzzle) -> Collection:
        """A copy with `puzzles` after its puzzles (`dataclasses.replace`
        changes any other field)."""
        return replace(self, puzzles=(*self.puzzles, *puzzles))

    def to_dict(self) -> dict[str, Any]:
        """The collection as a JSON object with the field names of ``sokoban_elements``."""
        return {
            "title": self.title,
            "author": self.author,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "notes": self.notes,
            "puzzles": [puzzle.to_dict() for puzzle in self.puzzles],
            "comments": list(self.comments),
            "email": self.email,
            "url": self.url,
            # Where the file notes' key/value lines of the fields stood (a
            # reader's layout, which writers keep): only when it is known.
            **({"fields_at": [list(pair) for pair in self.fields_at]} if self.fields_at else {}),
        }


def is_solution_title(title: str) -> bool:
    """Whether a saved game's title says it is a solution ("Solution",
    "Best Solution 230/97"...): the convention of YASC and JSoko."""
    return "solution" in title.casefold()
