"""Writing collections as .sok text: the inverse of `_sok`.

Every choice here is made so that reading the text back gives the same
collection: titles go on a title line only when that line would be read as
one, properties that carry fields go first in each block's notes, and a
``Title:`` property marks an untitled block where the text before it would
otherwise be taken for its title.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._sok import _parser
from ._sok_lexer import (
    BOARD_ROW,
    COMMENT_LINE,
    EMPTY_ROW,
    MIN_BOARD_ROWS,
    MOVES_LINE,
    RLE_ROW,
    TEXT_LINE,
    line_class,
    rle_rows,
)
from .errors import ValidationError
from .moves import SavedGame
from .properties import key_of, parse_property
from .puzzle import Collection, Puzzle
from .tessellation import Tessellation


def dump(collection: Collection, *, rle: bool, wrap: int | None) -> str:
    """See `sokfmt.dump_sok`."""
    writer = _Writer()
    writer.lines(collection.comments)
    writer.properties(
        ("Collection", collection.title),
        ("Author", collection.author),
        ("Date Created", collection.created_at),
        ("Date of Last Change", collection.updated_at),
    )
    writer.notes(collection.notes, "the collection's")
    default = _file_game(collection.notes)
    for number, puzzle in enumerate(collection.puzzles, start=1):
        writer.puzzle(puzzle, number, default=default, rle=rle, wrap=wrap)
    return writer.text()


def _file_game(notes: str) -> Tessellation:
    for line in notes.splitlines():
        if key_of(line) == "game":
            value = parse_property(line)[1]  # type: ignore[index]
            try:
                return Tessellation.from_name(value)
            except ValueError:
                raise ValidationError(
                    f"The collection's notes name an unknown game {value!r}"
                ) from None
    return Tessellation.SOKOBAN


class _Writer:
    def __init__(self) -> None:
        self._lines: list[str] = []
        self._parser = _parser()

    def _kind(self, line: str) -> str:
        """The class the reader gives `line` (its step 1)."""
        return line_class(self._parser, line)

    def text(self) -> str:
        while self._lines and not self._lines[-1]:
            self._lines.pop()
        return "\n".join(self._lines) + "\n" if self._lines else ""

    def lines(self, lines: Iterable[str]) -> None:
        self._lines.extend(lines)

    def blank(self) -> None:
        if self._lines and self._lines[-1]:
            self._lines.append("")

    def properties(self, *pairs: tuple[str, str]) -> None:
        self._lines.extend(f"{key}: {value}" for key, value in pairs if value)

    def notes(self, notes: str, owner: str, tessellation: Tessellation | None = None) -> None:
        """Write notes, refusing lines that would be read back as something
        else: comments, a board (3 board rows together), or moves (in a
        puzzle, `tessellation` given, letters it allows)."""
        if not notes:
            return
        board_rows = 0
        for line in notes.split("\n"):
            kind = self._kind(line)
            if kind == COMMENT_LINE:
                raise ValidationError(f"{owner} notes hold a line read as a comment: {line!r}")
            if kind == MOVES_LINE and tessellation is not None and _legal_moves(line, tessellation):
                raise ValidationError(f"{owner} notes hold a line read as moves: {line!r}")
            if kind == RLE_ROW:
                board_rows += rle_rows(self._parser, line.lstrip(">")) or 0
            elif kind == BOARD_ROW:
                board_rows += 1
            elif kind != EMPTY_ROW:
                board_rows = 0
            if board_rows >= MIN_BOARD_ROWS:
                raise ValidationError(f"{owner} notes hold lines read as a board, ending {line!r}")
        self.blank()
        self._lines.extend(notes.split("\n"))

    def _title_line(self, title: str, notes: str) -> bool:
        """Whether `title` can stand on a title line and be read back as one."""
        return (
            bool(title)
            and title == title.strip()
            and not title.startswith(";")
            and self._kind(title) == TEXT_LINE
            and parse_property(title) is None
            and not any(key_of(line) == "title" for line in notes.split("\n"))
        )

    def _would_be_taken_for_a_title(self) -> bool:
        """Whether the text written so far ends with a line that the next
        block would take for its title."""
        index = len(self._lines) - 1
        while index >= 0 and (
            not self._lines[index].strip() or self._lines[index].startswith("::")
        ):
            index -= 1
        if index < 0:
            return False
        candidate = self._lines[index]
        if self._kind(candidate) != TEXT_LINE or parse_property(candidate) is not None:
            return False
        return index == 0 or self._kind(self._lines[index - 1]) != TEXT_LINE

    def _title(self, title: str, notes: str) -> tuple[str, str] | None:
        """Write the title line, or return the Title property to write instead."""
        self.blank()
        if self._title_line(title, notes):
            self._lines.append(title)
            return None
        if title or self._would_be_taken_for_a_title():
            return ("Title", title)
        return None

    def puzzle(
        self, puzzle: Puzzle, number: int, *, default: Tessellation, rle: bool, wrap: int | None
    ) -> None:
        title = self._title(puzzle.title, puzzle.notes)
        self._lines.extend(self._board_lines(puzzle, number, rle))
        tessellation = puzzle.tessellation
        game = (
            tessellation.value
            if tessellation is not default or tessellation is not Tessellation.SOKOBAN
            else ""
        )
        self._lines.extend(_property_lines(title))
        self.properties(
            ("Author", puzzle.author),
            ("Game", game),
            ("boxorder", puzzle.boxorder),
            ("goalorder", puzzle.goalorder),
        )
        self.notes(puzzle.notes, f"Puzzle {number}'s", tessellation)
        self._lines.extend(puzzle.comments)
        for game_number, saved_game in enumerate(puzzle.saved_games, start=1):
            self.saved_game(saved_game, f"Puzzle {number}'s saved game {game_number}", wrap)
        self.blank()

    def _board_lines(self, puzzle: Puzzle, number: int, rle: bool) -> list[str]:
        rows = list(puzzle.board.rows)
        for index, row in enumerate(rows):
            kind = self._kind(row)
            inside = 0 < index < len(rows) - 1
            if not (kind == BOARD_ROW or (kind == EMPTY_ROW and inside)):
                raise ValidationError(
                    f"Puzzle {number}'s board cannot be written in the .sok format: row "
                    f"{index + 1} {row!r} must begin and end with a wall or a box on a goal"
                    + (" or lie between two such rows" if kind == EMPTY_ROW else "")
                )
        if len(rows) < MIN_BOARD_ROWS:
            raise ValidationError(
                f"Puzzle {number}'s board cannot be written in the .sok format: it has "
                f"{len(rows)} rows, and a board needs at least 3"
            )
        return [puzzle.board.printed(rle=True)] if rle else rows

    def saved_game(self, game: SavedGame, owner: str, wrap: int | None) -> None:
        title = self._title(game.title, game.notes)
        self._lines.extend(self._moves_lines(game, owner, wrap))
        self._lines.extend(_property_lines(title))
        self.properties(("Solver", game.solved_by))
        self.notes(game.notes, owner, game.tessellation)
        self.blank()

    def _moves_lines(self, game: SavedGame, owner: str, wrap: int | None) -> list[str]:
        text = game.printed_steps()
        size = wrap if wrap and wrap > 0 else max(len(text), 1)
        chunks: list[str] = []
        for start in range(0, len(text), size):
            chunk = text[start : start + size]
            if chunks and self._kind(chunk) != MOVES_LINE:
                chunks[-1] += chunk  # a line needs a letter to be read as moves
            else:
                chunks.append(chunk)
        if not chunks or any(self._kind(chunk) != MOVES_LINE for chunk in chunks):
            raise ValidationError(
                f"{owner} cannot be written in the .sok format: its moves {text!r} "
                "need a letter other than 'W' to be read as moves"
            )
        return chunks


def _legal_moves(line: str, tessellation: Tessellation) -> bool:
    """Whether every letter of a moves line is one `tessellation` has."""
    letters = {c.lower() for c in line if c.isalpha()}
    return letters <= set(tessellation.letters)


def _property_lines(pair: tuple[str, str] | None) -> list[str]:
    if pair is None:
        return []
    key, value = pair
    return [f"{key}: {value}" if value else f"{key}:"]
