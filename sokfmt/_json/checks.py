"""The checks pass (`_sok.checks`) over the puzzles of a JSON collection:
content warnings at the first character of each board's string, an
illegal step at the letter that wrote it in the moves string, a solution
that does not solve at its title's string, all in the caller's JSON text.

`json.loads` does not say where values are: the places are read (by
`placed_values`) only when a problem needs one, as for the JSON errors.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from functools import cached_property
from typing import Any

from .._sok.checks import Checks, Read
from ..errors import Diagnostic, Excerpt
from ..moves import SavedGame
from ..puzzle import Collection, Puzzle
from .text import PlacedString, placed_values

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class _Document:
    """The caller's JSON text, whose string values are placed on demand."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def placed(self) -> Any:
        return placed_values(self.text)

    @cached_property
    def line_starts(self) -> list[int]:
        return [0, *(found.end() for found in _LINE_BREAK.finditer(self.text))]

    def line_at(self, pos: int) -> Excerpt:
        """The line that holds offset `pos`: placing a problem costs its line,
        not the text before it (a file may have a warning for each of
        thousands of puzzles)."""
        starts = self.line_starts
        index = bisect_right(starts, pos) - 1
        last = index + 1 == len(starts)
        end = len(self.text) if last else starts[index + 1]
        return Excerpt(self.text[starts[index] : end], starts[index], index + 1, ends_input=last)

    def string(self, *keys: str | int) -> PlacedString:
        """The string value that `keys` lead to from the top of the document."""
        value = self.placed
        for key in keys:
            value = value[key]
        assert isinstance(value, PlacedString)
        return value


class _Place:
    """Where a string value begins (`_sok.checks.Place`)."""

    def __init__(self, document: _Document, *keys: str | int) -> None:
        self.document = document
        self.keys = keys

    @property
    def pos(self) -> int:
        return self.document.string(*self.keys).start

    def excerpt(self) -> Excerpt:
        return self.document.line_at(self.pos)


class _Moves:
    """A saved game's moves string (`_sok.checks.Lines`): its value, and the
    place of each of its characters in the text."""

    def __init__(self, document: _Document, text: str, *keys: str | int) -> None:
        self.document = document
        self.text = text
        self.keys = keys

    def in_file(self, offset: int) -> tuple[Excerpt, int]:
        pos = self.document.string(*self.keys).offset(offset)
        return self.document.line_at(pos), pos


def check_collection(
    collection: Collection,
    data: Any,
    text: str,
    diagnostics: list[Diagnostic] | None,
    games: bool,
    sink: Callable[[Puzzle], object],
    *,
    content: bool | None = None,
) -> None:
    """Run the checks the caller asked for over `collection`, read from
    `data` (what `json.loads` made of `text`), and hand each puzzle to
    `sink` after its problems.

    Raises:
        IllegalStepError: with `games`, the first step that cannot be
            played, when no `diagnostics` are kept.
    """
    checks = Checks(diagnostics, games, sink, content=content)
    document = _Document(text)
    for index, puzzle in enumerate(collection.puzzles):
        where: tuple[str | int, ...] = ("puzzles", index)
        read = Read(puzzle, index + 1, _Place(document, *where, "board", "board"))
        if games:
            written = data["puzzles"][index].get("saved_games", ())
            for number, (game, item) in enumerate(zip(puzzle.saved_games, written, strict=True)):
                read.games.append(_game(document, game, item, (*where, "saved_games", number)))
        checks(read)


def _game(
    document: _Document, game: SavedGame, item: Any, where: tuple[str | int, ...]
) -> tuple[SavedGame, _Moves, _Place]:
    """A saved game as the pass plays it: its moves, and its title's place
    (a game titled as a solution has a title)."""
    return game, _Moves(document, item["moves"], *where, "moves"), _Place(document, *where, "title")
