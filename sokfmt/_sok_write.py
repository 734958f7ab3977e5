"""Writing collections as .sok text: the units grammars/sok.lark reads,
printed in one layout that reads back by construction.

The layout (python-chess's exporter of PGN is the model): the file's
comments and properties, a blank line and its notes; then each puzzle after
a blank line (two where the paragraph before could be taken for its title),
its title line right above its board (a blank line between when the title
looks like a row), its properties, a blank line and its notes, its
comments; each saved game the same way.  What a unit may hold is checked on
the unit, with the grammar's line classes: a title that would not be read
as one goes into a Title property, and what the format cannot hold at all
(notes that would be read as moves or a board, say) is refused, naming the
puzzle and the line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import geometry
from ._moves import refused_letters
from ._sok_postlex import (
    COMMENT,
    FLOOR_ROW,
    MOVES,
    OPEN_ROW,
    PROPERTY,
    ROW_TOKENS,
    ROWS,
    SEMICOLON,
    TEXT,
    almost,
    has_move_letter,
    line_class,
    stray_row,
    title_of,
)
from .board import FLOOR, Board
from .errors import ValidationError, quoted
from .moves import SavedGame
from .properties import (
    FILE_FIELDS,
    GAME_FIELDS,
    PUZZLE_FIELDS,
    key_of,
    parse_property,
    synonyms,
    written_key,
)
from .puzzle import Collection, Puzzle
from .tessellation import Tessellation

# Properties a block's notes may hold, by field: (key written, keys read).
_FILE_PROPERTIES = tuple((field.key, field.read, field.name) for field in FILE_FIELDS)
# The fields as a message names them.
_FIELD_WORDS = {"created_at": "date of creation", "updated_at": "date of last change"}
_CLOSED_ROWS = frozenset(("WALL_ROW", "EDGE_ROW", "PAIR_ROWS", ROWS))
# What a title line may be: text, or a row of one line (then a blank line
# keeps it apart from the block, as it may join a board).
_TITLE_LINES = frozenset((TEXT, SEMICOLON, OPEN_ROW, "WALL_ROW", "EDGE_ROW", "PAIR_ROWS"))


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


def dump(collection: Collection, *, rle: bool, wrap: int | None, style: Style = Style()) -> str:
    """See `sokfmt.dumps_sok`."""
    if rle and (style.floor != FLOOR or style.outside not in (None, FLOOR) or not style.pad):
        raise ValidationError("Run-length encoded boards are written in the plain style only")
    writer = _Writer(style, rle, wrap, _file_game(collection.notes))
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


def board_problem(board: Board) -> str:
    """Why the rows of `board` would not read back as one board in .sok, or
    "" (they do)."""
    rows = board.rows
    if len(rows) >= 3 and all(_walled(row) for row in (rows[0], rows[-1])):
        return ""  # the usual board: its first and last rows are walls
    return _rows_problem(list(rows))


def _walled(row: str) -> bool:
    """Whether `row` begins and ends with a wall, floor aside: a WALL_ROW."""
    squares = row.strip(FLOOR)
    return squares[:1] == "#" == squares[-1:]


def _rows_problem(rows: list[str]) -> str:
    """Why `rows` would not be read as one board (a run from a closed row to
    a closed row, with a wall, of three rows), or ""."""
    if len(rows) < 3:
        return "it has fewer than 3 rows"
    kinds = [line_class(row) for row in rows]
    for which, kind, row in (("first", kinds[0], rows[0]), ("last", kinds[-1], rows[-1])):
        if kind not in _CLOSED_ROWS:
            return (
                f"its {which} row {quoted(row)} does not begin and end with a wall or a box "
                "on a goal"
            )
    return "" if "WALL_ROW" in kinds else "it has no wall"


def file_notes_problem(collection: Collection) -> str:
    """Why .sok cannot hold the file notes of `collection` with its fields
    (lines it would read as comments or as a board, a carriage return...),
    or ""."""
    try:
        _Writer(Style(), False, None, _file_game(collection.notes)).file(collection)
    except ValidationError as error:
        return str(error)
    return ""


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
        owner = "the collection"
        fields = {
            _FIELD_WORDS.get(name, name): (getattr(collection, name), *keys)
            for _, keys, name in _FILE_PROPERTIES
        }
        _refuse_hidden_fields(owner, collection.notes, fields)
        properties = [
            _property(owner, key, getattr(collection, name))
            for key, _, name in _FILE_PROPERTIES
            if getattr(collection, name)
        ]
        self._lines_after(owner, properties, collection.notes, None)

    # ------------------------------------------------------------ puzzles

    def puzzle(self, puzzle: Puzzle, number: int) -> None:
        owner = f"puzzle {number}" + (f" {quoted(puzzle.title, 40)}" if puzzle.title else "")
        tessellation = puzzle.tessellation
        _refuse_hidden_fields(
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
        if puzzle.title_line and not _title_line_reads(puzzle.title_line, moves_title=True):
            raise ValidationError(
                f"{owner}: its title line {quoted(puzzle.title_line)} reads otherwise"
            )
        others = [
            _property(owner, written_key(PUZZLE_FIELDS, name), getattr(puzzle, name))
            for name in ("author", "boxorder", "goalorder")
            if getattr(puzzle, name)
        ]
        game = _property(owner, written_key(PUZZLE_FIELDS, "game"), tessellation.value)
        needs_game = tessellation is not self.file_game or "game" in _valued_keys(puzzle.notes)
        notes = puzzle.notes.split("\n") if puzzle.notes else []
        title = (
            _property(owner, written_key(PUZZLE_FIELDS, "title"), puzzle.title)
            if puzzle.title
            else ""
        )
        lines = None
        # A title line, unless the notes need a Title property: one of their
        # own would be taken for the title, or one is to keep rows apart.
        if line and not puzzle.title_line and "title" not in _valued_keys(puzzle.notes):
            lines = _placed(others, game, needs_game, notes, self.file_game, tessellation)
        if lines is None:
            line = puzzle.title_line
            head = [title, *others] if title else others
            lines = _placed(head, game, needs_game, notes, self.file_game, tessellation)
        if lines is None:
            problem = _notes_problem(notes, tessellation) or "cannot be kept apart from its rows"
            raise ValidationError(f"{owner}: {_NOTES_CANNOT} {problem}")
        self._before_block(line, rows[0], board=True)
        self.out += rows
        self.boards += 1
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
        problem = _rows_problem(rows)
        if problem:
            raise ValidationError(
                f"{owner}: its board cannot be written in the .sok format: {problem}"
            )
        return rows

    # -------------------------------------------------------- saved games

    def _saved_game(self, game: SavedGame, owner: str) -> None:
        _refuse_hidden_fields(
            owner,
            game.notes,
            {"title": (game.title, "title"), "solver": (game.solved_by, "solver", "author")},
        )
        moves = _moves_lines(game, owner, self.wrap)
        line = self._title_line(game.title, game.tessellation)
        solver_key = written_key(GAME_FIELDS, "solved_by")
        solver = [_property(owner, solver_key, game.solved_by)] if game.solved_by else []
        title_key = written_key(GAME_FIELDS, "title")
        titled = [_property(owner, title_key, game.title), *solver] if game.title else solver
        notes = game.notes.split("\n") if game.notes else []
        tessellation = game.tessellation
        own_title = "title" in _valued_keys(game.notes)
        lines = None
        if line and not own_title:
            lines = _placed(solver, "", False, notes, tessellation, tessellation, _GAME_FIELDS)
        if lines is None:
            line = ""
            lines = _placed(titled, "", False, notes, tessellation, tessellation, _GAME_FIELDS)
        if lines is None and game.title and notes and _kept_title_line(notes[0], tessellation):
            # As a file that reads so has it: the first line of the notes is the
            # title line above the moves, which the Title property overrides
            # (a reader keeps such a line at the head of the notes).
            line = notes[0]
            lines = _placed(titled, "", False, notes[1:], tessellation, tessellation, _GAME_FIELDS)
        if lines is None:
            problem = _notes_problem(notes, tessellation) or "cannot be kept apart from its rows"
            raise ValidationError(f"{owner}: {_NOTES_CANNOT} {problem}")
        self._before_block(line, moves[0], board=False)
        self.out += moves
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
        if title_of(line) != title or not _title_line_reads(line):
            return ""
        if moves is not None and (almost(line, moves) or stray_row(line)):
            return ""  # it would join the moves below it, or be a doubt
        return line

    def _before_block(self, title: str, first: str, *, board: bool) -> None:
        """The blank lines and title line before a block whose first line
        is `first`."""
        if self.out:
            self.out.append("")
            if not title and self._could_title(board):
                self.out.append("")  # two blank lines: the paragraph is no title
        if title:
            self.out.append(title)
            if line_class(title) in ROW_TOKENS or stray_row(title):
                self.out.append("")  # apart: it would join a board, or be a doubt
        self.paragraph = []

    def _could_title(self, board: bool) -> bool:
        """Whether the last paragraph would title a block after one blank
        line: one line of it (semicolon_titles aside: a ";" line and text)."""
        lines = self.paragraph
        if len(lines) == 1:
            return line_class(lines[0]) not in (PROPERTY, FLOOR_ROW)
        return (
            board
            and self.boards > 0
            and len(lines) > 1
            and line_class(lines[0]) == SEMICOLON
            and all(line_class(line) == TEXT for line in lines[1:])
        )

    def _lines_after(
        self, owner: str, properties: list[str], notes: str, tessellation: Tessellation | None
    ) -> None:
        """The file's key/value lines and notes (read where moves are text)."""
        notes_lines = notes.split("\n") if notes else []
        lines = _placed(properties, "", False, notes_lines, None, None, _FILE_FIELDS)
        if lines is None:
            problem = _notes_problem(notes.split("\n"), None) or "cannot be kept apart"
            raise ValidationError(f"{owner}: {_NOTES_CANNOT} {problem}")
        self.out += lines
        self.paragraph = _last_paragraph(lines)


def _placed(
    properties: list[str],
    game: str,
    needs_game: bool,
    notes: list[str],
    before: Tessellation | None,
    after: Tessellation | None,
    same_field: tuple[frozenset[str], ...] = (),
) -> list[str] | None:
    """A puzzle's key/value lines and notes, as the lines after its board;
    None when no layout reads back.  The reader takes those lines out of the
    notes wherever they stand: first, they go before the notes (a blank
    line between); where the notes would read otherwise, a "Game:" line goes
    where the lines before it read as notes in the file's tessellation
    (`before`) and those after it in the puzzle's (`after`), and the others
    between rows of the notes that would make a board."""
    head = [*properties, game] if needs_game else list(properties)
    if not notes:
        return head
    if _unwritable(notes):
        return None
    # After a block (`before` is None for the file notes alone), a blank
    # line keeps the notes apart from it (and from moves they could continue).
    apart = before is not None
    if not _misread(notes, after if needs_game else before):
        return _with_blank(head, notes, apart)
    places = range(1, len(notes) + 1) if needs_game else range(0)
    for at in [0, *places]:
        lines = [*notes[:at], game, *notes[at:]] if at else [game, *notes]
        if needs_game or at:
            placed = _apart(lines, list(properties), at, before, after, same_field)
            if placed is not None:
                return placed
    if needs_game:
        return None
    return _apart(list(notes), list(head), -1, before, after, same_field)


def _with_blank(spare: list[str], lines: list[str], block: bool) -> list[str]:
    """Key/value lines, then notes; after a block, a blank line before them."""
    return [*spare, *([""] if block else []), *lines]


def _apart(
    lines: list[str],
    spare: list[str],
    game_at: int,
    before: Tessellation | None,
    after: Tessellation | None,
    same_field: tuple[frozenset[str], ...],
) -> list[str] | None:
    """`lines` with lines of `spare` put between rows that would otherwise
    make a board (each where no line before it has its key), the rest of
    `spare` first; None when they do not suffice, or lines read as moves
    (those before the "Game:" line at `game_at` read in `before`, the rest
    in `after`; -1: none)."""
    while True:
        run = _first_board(lines)
        if run is None:
            break
        # The latest cut that leaves no board before it: fewest lines needed.
        for cut in range(run[1], run[0], -1):
            usable = [
                x
                for x in spare
                if not _field_keys(x, same_field) & _valued_keys("\n".join(lines[:cut]))
                and not _first_board(lines[run[0] : cut])
            ]
            if usable:
                lines.insert(cut, usable[0])
                spare.remove(usable[0])
                if cut <= game_at:
                    game_at += 1
                break
        else:
            return None
    cut = game_at if game_at >= 0 else 0
    if _misread(lines[:cut], before) or _misread(lines[cut:], after):
        return None
    return _with_blank(spare, lines, before is not None)


def _first_board(lines: list[str]) -> tuple[int, int] | None:
    """The first and last index of the first run of rows in `lines` that
    would be read as a board."""
    kinds = [line_class(line) for line in lines]
    for start, run in _row_runs(lines, kinds):
        if _is_board(run):
            return start, start + len(run) - 1
    return None


# Keys read as the same field (the first of any of them is taken), by owner.
_FILE_FIELDS = synonyms(FILE_FIELDS)
_GAME_FIELDS = synonyms(GAME_FIELDS)


def _field_keys(line: str, same_field: tuple[frozenset[str], ...]) -> set[str]:
    """The keys whose first line with a value is read as the field of `line`'s key."""
    key = key_of(line) or ""
    return set().union({key}, *(group for group in same_field if key in group))


_NOTES_CANNOT = "its notes cannot be written in the .sok format: they"


def _notes_problem(lines: list[str], tessellation: Tessellation | None) -> str:
    """Why `lines` would not be read back as notes in `tessellation` (None:
    the file notes), or ""."""
    return _unwritable(lines) or _misread(lines, tessellation)


def _unwritable(lines: list[str]) -> str:
    """What no layout of notes can write, or ""."""
    if any("\r" in line for line in lines):
        return "hold a carriage return, which ends a line"
    if not lines[0].strip(" \t>") or not lines[-1].strip(" \t>"):
        return "begin or end with a blank line, which the format does not keep"
    comment = next((line for line in lines if line_class(line) == COMMENT), None)
    if comment is not None:
        return f"hold a line read as a comment: {quoted(comment)}"
    return ""


def _misread(lines: list[str], tessellation: Tessellation | None) -> str:
    """Lines of notes read as moves (`tessellation` None: the file notes,
    where moves are text) or as a board, or ""."""
    if tessellation is not None:
        for line in lines:
            if line_class(line) == MOVES and _moves_in(line, tessellation):
                return f"hold a line read as moves: {quoted(line)}"
    kinds = [line_class(line) for line in lines]
    for start, run in _row_runs(lines, kinds):
        if _is_board(run):
            return (
                f"hold rows read as a board: {quoted(lines[start])} and the {len(run) - 1} after it"
            )
    return ""


def _moves_in(line: str, tessellation: Tessellation) -> bool:
    """Whether a MOVES_LINE is moves in `tessellation` (rule 2)."""
    refused = set(refused_letters(tessellation))
    return not any(c in refused for c in line)


def _row_runs(lines: list[str], kinds: list[str]) -> Iterable[tuple[int, list[str]]]:
    """The runs of lines of rows (where each begins, and the kinds of its
    lines), a line that rule 4 makes a row counted as a closed one."""
    start, run = 0, list[str]()
    for index, (line, kind) in enumerate(zip(lines, kinds, strict=True)):
        between = 0 < index < len(lines) - 1 and run and kinds[index + 1] in ROW_TOKENS
        if kind in ROW_TOKENS:
            if not run:
                start = index
            run.append(kind)
        elif kind in (TEXT, SEMICOLON, PROPERTY) and between and stray_row(line):
            run.append("WALL_ROW")
        else:
            if run:
                yield start, run
            run = []
    if run:
        yield start, run


def _is_board(run: list[str]) -> bool:
    """Rule of boards: from the first closed row to the last, three rows or
    more, one with a wall."""
    closed = [i for i, kind in enumerate(run) if kind in _CLOSED_ROWS]
    if not closed:
        return False
    core = run[closed[0] : closed[-1] + 1]
    rows = sum(2 if kind == "PAIR_ROWS" else 3 if kind == ROWS else 1 for kind in core)
    return rows >= 3 and any(kind in ("WALL_ROW", "PAIR_ROWS", ROWS) for kind in core)


def _last_paragraph(lines: list[str]) -> list[str]:
    paragraph: list[str] = []
    for line in lines:
        paragraph = [] if not line.strip(" \t>") else [*paragraph, line]
    return paragraph


def _kept_title_line(line: str, tessellation: Tessellation) -> bool:
    """Whether `line`, above moves of `tessellation`, is their title line as
    it stands (the line a reader keeps at the head of the notes when a Title
    property overrides it)."""
    return bool(title_of(line)) and _title_line_reads(line) and not almost(line, tessellation)


def _title_line_reads(line: str, *, moves_title: bool = False) -> bool:
    """Whether `line` reads as a title above a block: text, or a row that no
    board begins with (a line of moves too, for a title line kept from a
    file: moves_titles reads it so, with its doubt)."""
    if "\n" in line or "\r" in line:
        return False
    kind = line_class(line)
    return kind in _TITLE_LINES or (moves_title and kind == MOVES)


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


def _valued_keys(notes: str) -> set[str]:
    """The case-folded keys of the key/value lines of `notes` that have a
    value: the reader takes the first of each recognised key out of them."""
    found = set()
    for line in notes.split("\n") if notes else ():
        if line_class(line) == PROPERTY:
            key, value = parse_property(line)  # type: ignore[misc]
            if value:
                found.add(" ".join(key.casefold().split()))
    return found


def _refuse_hidden_fields(owner: str, notes: str, fields: dict[str, tuple[str, ...]]) -> None:
    """A recognised key/value line in notes is read as its field when the
    field has no value of its own to write before it."""
    keys = _valued_keys(notes)
    for name, (value, *aliases) in fields.items():
        if not value and keys.intersection(aliases):
            raise ValidationError(
                f"{owner}: its notes hold a {aliases[0]!r} line, which a reader would take "
                f"for its {name} (it has none)"
            )


def _property(owner: str, key: str, value: str) -> str:
    """A key/value line; the reader strips its value, so a value with white
    space around it, or a line break in it, cannot be written."""
    if value != value.strip() or "\n" in value or "\r" in value:
        raise ValidationError(
            f"{owner}: its {key} {quoted(value)} has white space around it or a line break, "
            "which a key/value line does not keep"
        )
    return f"{key}: {value}" if value else f"{key}:"


def _file_game(notes: str) -> Tessellation:
    """The tessellation the file's notes give its puzzles (their first
    "Game:" line with a value), Sokoban else."""
    for line in notes.split("\n"):
        if line_class(line) == PROPERTY and key_of(line) == "game":
            value = parse_property(line)[1]  # type: ignore[index]
            if not value:
                continue
            try:
                return Tessellation.from_name(value)
            except ValueError:
                raise ValidationError(
                    f"the collection's notes name an unknown game {value!r}"
                ) from None
    return Tessellation.SOKOBAN
