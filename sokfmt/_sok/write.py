"""Writing collections as .sok text: the units grammars/sok.lark reads,
printed in one layout that reads back by construction.

The layout (python-chess's exporter of PGN is the model): the file's
comments and properties, a blank line and its notes; then each puzzle after
a blank line (two where the paragraph before could be taken for its title),
its title line right above its board (a blank line between when the title
looks like a row), its properties, a blank line and its notes, its
comments; each saved game the same way.  What a unit may hold is checked on
the unit, with the grammar's line classes and the reader's rules 2 and 3
where the line stands (`after_blank`): a title that would not be read as
one goes into a Title property, and what the format cannot hold at all
(notes that would be read as moves or a board, say) is refused, naming the
puzzle and the line.  Those rules of what .sok can hold (boards, notes and
the key/value lines among them) are `_sok.holds`, which the .slc readers
use too.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import geometry
from ..board import FLOOR, Board
from ..errors import ValidationError, quoted
from ..moves import SavedGame
from ..properties import GAME_FIELDS, PUZZLE_FIELDS, synonyms, written_key
from ..puzzle import Collection, Puzzle
from ..tessellation import Tessellation
from .holds import (
    NOTES_CANNOT,
    after_blank,
    file_game,
    file_lines,
    has_move_letter,
    notes_problem,
    placed,
    property_line,
    refuse_hidden_fields,
    rows_problem,
    valued_keys,
)
from .postlex import ROW_TOKENS, line_class, stray_row, title_of
from .tokens import ALMOST, FLOOR_ROW, MOVES, OPEN_ROW, PROPERTY, ROWS, SEMICOLON, TEXT

# What a title line may be, as the reader types it: text, almost-moves
# (above a board), or a row of one line (then a blank line keeps it apart
# from the block, as it may join a board).
_TITLE_LINES = frozenset((TEXT, SEMICOLON, ALMOST, OPEN_ROW, "WALL_ROW", "EDGE_ROW", "PAIR_ROWS"))


@dataclass(frozen=True)
class Style:
    """How boards and titles look (see `sokfmt.dumps_sok`); every style
    reads back to the same collection."""

    floor: str = FLOOR  # floor inside the walls
    outside: str | None = None  # floor outside them (None: as `floor`)
    pad: bool = True  # every row as long as the board is wide
    semicolon_titles: bool = False  # "; Title", as .xsb files write titles

    @property
    def plain(self) -> bool:
        return self == Style()


def write_sok(
    collection: Collection, *, rle: bool, wrap: int | None, style: Style = Style()
) -> str:
    """See `sokfmt.dumps_sok`."""
    if rle and (style.floor != FLOOR or style.outside not in (None, FLOOR) or not style.pad):
        raise ValidationError("Run-length encoded boards are written in the plain style only")
    writer = _Writer(style, rle, wrap, file_game(collection.notes))
    writer.file(collection)
    for number, puzzle in enumerate(collection.puzzles, start=1):
        writer.puzzle(puzzle, number)
    return writer.text()


def styled_rows(board: Board, style: Style) -> list[str]:
    """The rows of `board` in `style`: floor inside and outside the walls as
    it says (Hexoban's filler columns as the outside), rows without the
    floor at their end unless `style.pad`.  What the style cannot write
    stays "-": a row of floor alone (it would be a blank line), and the
    floor that keeps the board its width."""
    floor, outside = style.floor, style.outside if style.outside is not None else style.floor
    away = geometry.outside(board) if outside != floor else set()
    hexoban = board.tessellation is Tessellation.HEXOBAN
    rows = []
    for r, text in enumerate(board.rows):
        squares = list(text)
        for index, square in enumerate(squares):
            if square != FLOOR:
                continue
            if hexoban:
                cell, filler = divmod(index - (r % 2), 2)
                if filler == 0 or index < r % 2:  # between cells, or before the first
                    squares[index] = outside
                    continue
                squares[index] = outside if (r, cell) in away else floor
            else:
                squares[index] = outside if (r, index) in away else floor
        rows.append("".join(squares))
    rows = [row.rstrip(" ") for row in rows]  # a space at the end of a row is not read
    if not style.pad:
        rows = [row.rstrip(floor + outside) for row in rows]
    width = max(map(len, board.rows))
    if max(map(len, rows)) < width:  # the last columns hold floor alone
        rows[0] = rows[0].ljust(width, FLOOR)
    return [row if row.strip(" ") else FLOOR for row in rows]  # not a blank line


class _Writer:
    def __init__(self, style: Style, rle: bool, wrap: int | None, file_game: Tessellation) -> None:
        self.style = style
        self.rle = rle
        self.wrap = wrap
        self.file_game = file_game
        self.out: list[str] = []
        # The last paragraph of text written, where the next block's title
        # would stand: one line of it, or a ";" paragraph, could be taken for
        # the title of an untitled block after one blank line.
        self.paragraph: list[str] = []
        self.boards = 0
        # Where the next line stands, as the reader's rules 2 and 3 ask: the
        # tessellation in effect, and whether after moves after a board.
        self.tessellation = file_game
        self.after_moves = False

    def text(self) -> str:
        while self.out and not self.out[-1]:
            self.out.pop()
        text = "\n".join(self.out) + "\n" if self.out else ""
        # A reader drops a byte order mark at the start: one of the text's
        # own stands after a blank line.
        return "\n" + text if text.startswith("\ufeff") else text

    # ----------------------------------------------------------- the file

    def file(self, collection: Collection) -> None:
        self.out += collection.comments
        lines = file_lines(collection)
        self.out += lines
        self.paragraph = _last_paragraph(lines)

    # ------------------------------------------------------------ puzzles

    def puzzle(self, puzzle: Puzzle, number: int) -> None:
        owner = f"puzzle {number}" + (f" {quoted(puzzle.title, 40)}" if puzzle.title else "")
        tessellation = puzzle.tessellation
        refuse_hidden_fields(
            owner,
            puzzle.notes,
            {
                "title": (puzzle.title or puzzle.title_line, "title"),
                "author": (puzzle.author, "author"),
                "boxorder": (puzzle.boxorder, "boxorder"),
                "goalorder": (puzzle.goalorder, "goalorder"),
            },
        )
        rows = self._rows(puzzle.board, owner)
        line = puzzle.title_line or self._title_line(puzzle.title, None)
        if puzzle.title_line and not self._title_line_reads(puzzle.title_line, moves_title=True):
            raise ValidationError(
                f"{owner}: its title line {quoted(puzzle.title_line)} reads otherwise above "
                f"its board: {self._read_as(puzzle.title_line)}"
            )
        others = [
            property_line(owner, written_key(PUZZLE_FIELDS, name), getattr(puzzle, name))
            for name in ("author", "boxorder", "goalorder")
            if getattr(puzzle, name)
        ]
        game = property_line(owner, written_key(PUZZLE_FIELDS, "game"), tessellation.value)
        needs_game = tessellation is not self.file_game or "game" in valued_keys(puzzle.notes)
        notes = puzzle.notes.split("\n") if puzzle.notes else []
        title = (
            property_line(owner, written_key(PUZZLE_FIELDS, "title"), puzzle.title)
            if puzzle.title
            else ""
        )
        lines = None
        # A title line, unless the notes need a Title property: one of their
        # own would be taken for the title, or one is to keep rows apart.
        if line and not puzzle.title_line and "title" not in valued_keys(puzzle.notes):
            lines = placed(others, game, needs_game, notes, self.file_game, tessellation)
        if lines is None:
            line = puzzle.title_line
            head = [title, *others] if title else others
            lines = placed(head, game, needs_game, notes, self.file_game, tessellation)
        if lines is None:
            problem = notes_problem(notes, tessellation) or "cannot be kept apart from its rows"
            raise ValidationError(f"{owner}: {NOTES_CANNOT} {problem}")
        self._before_block(line, rows[0], board=True)
        self.out += rows
        self.boards += 1
        self.tessellation, self.after_moves = tessellation, False
        self.out += lines
        self.paragraph = _last_paragraph(lines)
        self.out += puzzle.comments
        for game_number, game_ in enumerate(puzzle.saved_games, start=1):
            self._saved_game(game_, f"{owner}, saved game {game_number}")

    def _rows(self, board: Board, owner: str) -> list[str]:
        """The lines of a board, which the grammar reads as one board (a run
        from a closed row to a closed row, with a wall, of three rows)."""
        if self.rle:
            line = board.printed(rle=True)
            if line_class(line) == ROWS:
                return [line]
        rows = styled_rows(board, self.style) if not self.style.plain else list(board.rows)
        problem = rows_problem(rows)
        if problem:
            raise ValidationError(
                f"{owner}: its board cannot be written in the .sok format: {problem}"
            )
        return rows

    # -------------------------------------------------------- saved games

    def _saved_game(self, game: SavedGame, owner: str) -> None:
        refuse_hidden_fields(
            owner,
            game.notes,
            {"title": (game.title, "title"), "solver": (game.solved_by, "solver", "author")},
        )
        moves = _moves_lines(game, owner, self.wrap)
        line = self._title_line(game.title, game.tessellation)
        solver_key = written_key(GAME_FIELDS, "solved_by")
        solver = [property_line(owner, solver_key, game.solved_by)] if game.solved_by else []
        title_key = written_key(GAME_FIELDS, "title")
        titled = [property_line(owner, title_key, game.title), *solver] if game.title else solver
        notes = game.notes.split("\n") if game.notes else []
        tessellation = game.tessellation
        own_title = "title" in valued_keys(game.notes)
        lines = None
        if line and not own_title:
            lines = placed(solver, "", False, notes, tessellation, tessellation, _GAME_FIELDS)
        if lines is None:
            line = ""
            lines = placed(titled, "", False, notes, tessellation, tessellation, _GAME_FIELDS)
        if lines is None and game.title and notes and self._kept_title_line(notes[0]):
            # As a file that reads so has it: the first line of the notes is the
            # title line above the moves, which the Title property overrides
            # (a reader keeps such a line at the head of the notes).
            line = notes[0]
            lines = placed(titled, "", False, notes[1:], tessellation, tessellation, _GAME_FIELDS)
        if lines is None:
            problem = notes_problem(notes, tessellation) or "cannot be kept apart from its rows"
            raise ValidationError(f"{owner}: {NOTES_CANNOT} {problem}")
        self._before_block(line, moves[0], board=False)
        self.out += moves
        self.after_moves = True
        self.out += lines
        self.paragraph = _last_paragraph(lines)

    # ----------------------------------------------------------- pieces

    def _title_line(self, title: str, moves: Tessellation | None) -> str:
        """The line that writes `title` above a block (of moves in `moves`),
        or "" when it must be a Title property."""
        if not title:
            return ""
        line = title
        if self.style.semicolon_titles and title_of(f"; {title}") == title:
            line = f"; {title}"
        if title_of(line) != title or not self._title_line_reads(line):
            return ""
        if line_class(line) == PROPERTY:
            return ""  # a title as this reader reads it, a key/value line to others (YASC)
        if moves is not None and (self._reads(line) == ALMOST or stray_row(line)):
            return ""  # it would join the moves below it, or be a doubt
        return line

    def _reads(self, line: str) -> str:
        """The token the reader makes of `line` written next, after a blank
        line (its rules 2 and 3, where the line stands)."""
        return after_blank(
            line, self.tessellation, after_board=self.boards > 0, after_moves=self.after_moves
        )

    def _title_line_reads(self, line: str, *, moves_title: bool = False) -> bool:
        """Whether `line`, written next, reads as a title above a block:
        text, almost-moves, or a row that no board begins with (a line of
        moves too, for a title line kept from a file: moves_titles reads it
        so, with its doubt)."""
        if "\n" in line or "\r" in line:
            return False
        kind = self._reads(line)
        return kind in _TITLE_LINES or (moves_title and kind == MOVES)

    def _read_as(self, line: str) -> str:
        """What the reader takes `line`, written next, for, in words."""
        if "\n" in line or "\r" in line:
            return "it holds a line break"
        kind = self._reads(line)
        what = _KINDS_IN_WORDS.get(kind, "rows of a board" if kind in ROW_TOKENS else kind)
        where = "before the first board" if not self.boards else "after a board"
        return f"{what} there ({where}, {self.tessellation.value} in effect)"

    def _kept_title_line(self, line: str) -> bool:
        """Whether `line`, written next above moves, is their title line as
        it stands (the line a reader keeps at the head of the notes when a
        Title property overrides it)."""
        return bool(title_of(line)) and self._title_line_reads(line) and self._reads(line) != ALMOST

    def _before_block(self, title: str, first: str, *, board: bool) -> None:
        """The blank lines and title line before a block whose first line
        is `first`."""
        if self.out:
            self.out.append("")
            if not title and self._could_title(board):
                self.out.append("")  # two blank lines: the paragraph is no title
        if title:
            kind = self._reads(title)
            self.out.append(title)
            # Apart: a row would join a board, and text that rule 4 takes
            # for a row be a doubt; a line of moves (moves_titles) titles a
            # board only right above it.
            if kind in ROW_TOKENS or (kind in (TEXT, SEMICOLON) and stray_row(title)):
                self.out.append("")
        self.paragraph = []

    def _could_title(self, board: bool) -> bool:
        """Whether the last paragraph would title a block after one blank
        line: one line of it (semicolon_titles aside: a ";" line and text)."""
        lines = self.paragraph
        # No rule but 2 and 3 retypes a line of a paragraph: none looks past
        # the line before, unless it is a row or moves (rules 3 and 4),
        # which no such paragraph holds.
        if len(lines) == 1:
            return self._reads(lines[0]) not in (PROPERTY, FLOOR_ROW)
        return (
            board
            and self.boards > 0
            and len(lines) > 1
            and self._reads(lines[0]) == SEMICOLON
            and all(self._reads(line) == TEXT for line in lines[1:])
        )


# What a line that is no title line is read as, in words.
_KINDS_IN_WORDS = {
    PROPERTY: "a key/value line",
    "BLANK": "a blank line",
    "COMMENT": "a comment",
    FLOOR_ROW: "a row of floor",
}

# Keys read as the same field of a saved game (the first of any of them is taken).
_GAME_FIELDS = synonyms(GAME_FIELDS)


def _last_paragraph(lines: list[str]) -> list[str]:
    """The lines after the last blank one (blank but for spaces, tabs and
    ">"), found from the end: linear in the notes, however long a paragraph."""
    for index in range(len(lines) - 1, -1, -1):
        if not lines[index].strip(" \t>"):
            return lines[index + 1 :]
    return list(lines)


def _moves_lines(game: SavedGame, owner: str, wrap: int | None) -> list[str]:
    """The moves of `game` wrapped at `wrap`, each line with a move letter
    (a piece without one, "[]", goes with the next)."""
    text = game.printed_steps()
    size = wrap if wrap and wrap > 0 else max(len(text), 1)
    lines: list[str] = []
    pending = ""
    for start in range(0, len(text), size):
        chunk = pending + text[start : start + size]
        if has_move_letter(chunk):
            lines.append(chunk)
            pending = ""
        else:
            pending = chunk
    if pending and lines:
        lines[-1] += pending
    if not lines:
        what = "it has no step" if not text else f"its moves {quoted(text)} hold no move letter"
        raise ValidationError(
            f"{owner} cannot be written in the .sok format: {what}, and a line of a "
            "saved game needs a move letter (other than 'W') to be read as moves"
        )
    return lines
