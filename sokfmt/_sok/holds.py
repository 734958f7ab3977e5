"""What .sok can hold: the rules a writer of .sok follows to know that what
it writes reads back, shared by the .sok writer (`_sok.write`) and the
doubts of the .slc readers (SLC205, SLC206: what converting a document to
.sok would lose), so that neither reader of .slc needs the .sok writer or
its lexer.

Boards: rows that read as one board.  Notes: lines read as notes where they
stand (not as comments, moves or a board), with the key/value lines of
their owner's fields placed among them so that a reader takes each for its
field; and a "Key: value" line of notes as the .sok reader reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache

from .._grammar import lalr
from ..board import FLOOR, Board
from ..errors import ValidationError, quoted
from ..properties import FILE_FIELDS, key_of, keyed_property, synonyms
from ..puzzle import Collection
from ..tessellation import Tessellation
from .postlex import (
    ROW_TOKENS,
    almost_moves_class,
    line_class,
    moves_class,
    recognised,
    stray_row,
)
from .tokens import COMMENT, MOVES, PROPERTY, ROWS, SEMICOLON, TEXT, Line

# The file's fields, by the keys a writer writes and a reader reads for them.
_FILE_PROPERTIES = tuple((field.key, field.read, field.name) for field in FILE_FIELDS)
_FILE_KEYS_OF = {field.name: field.read for field in FILE_FIELDS}
# Keys read as the same field of the file (the first of any of them is taken).
_FILE_FIELDS = synonyms(FILE_FIELDS)
# The fields as a message names them.
_FIELD_WORDS = {"created_at": "date of creation", "updated_at": "date of last change"}
_CLOSED_ROWS = frozenset(("WALL_ROW", "EDGE_ROW", "PAIR_ROWS", ROWS))
NOTES_CANNOT = "its notes cannot be written in the .sok format: they"


def after_blank(
    line: str, tessellation: Tessellation, *, after_board: bool, after_moves: bool
) -> str:
    """The token `line` is after a blank line (steps 1 and 2: no rule looks
    past a blank line but the tessellation in effect and where the line
    stands), `tessellation` in effect: in the file notes (not
    `after_board`), a saved game's (`after_moves`) or a puzzle's.  What a
    writer asks of a title line, or of a paragraph of one line that could
    title the block after it.  A comment is COMMENT."""
    kind = line_class(line)
    if kind == MOVES:
        return moves_class(line, tessellation)
    if kind not in (TEXT, SEMICOLON, PROPERTY):
        return kind
    return almost_moves_class(
        Line(kind, line, 0, 1),
        kind,
        tessellation,
        False,
        lambda token: recognised(token, after_board, after_moves),
    )


def has_move_letter(text: str) -> bool:
    """Whether `text` holds a letter that makes a line of moves (MOVE_LETTER):
    a line of a saved game without one is not read as moves."""
    return _move_letter().search(text) is not None


@cache
def _move_letter() -> re.Pattern[str]:
    """MOVE_LETTER of sok.lark."""
    return re.compile(lalr.terminals("sok")["MOVE_LETTER"])


def key_value_lines(notes: str) -> Iterator[tuple[int, str, str]]:
    """(index of the line, key, value) of each line of `notes` that .sok
    reads as a key/value line: its key case-folded with inner spaces made
    single, its value stripped.  A key/value line between two rows that
    rule 4 makes a row of them ("Game: x#@$.#" between "#@ #" and " $ ") is
    none: it is read as a row of text (notes stand between blank lines, so
    only their own lines are around one)."""
    lines = notes.split("\n") if notes else []
    kinds = [line_class(line) for line in lines]
    for index, kind in enumerate(kinds):
        if kind == PROPERTY and not _row_between(lines, kinds, index):
            key, value = keyed_property(lines[index])  # type: ignore[misc]
            yield index, key, value


def board_problem(board: Board) -> str:
    """Why the rows of `board` would not read back as one board in .sok, or
    "" (they do)."""
    rows = board.rows
    if len(rows) >= 3 and all(_walled(row) for row in (rows[0], rows[-1])):
        return ""  # the usual board: its first and last rows are walls
    return rows_problem(list(rows))


def _walled(row: str) -> bool:
    """Whether `row` begins and ends with a wall, floor aside: a WALL_ROW."""
    squares = row.strip(FLOOR)
    return squares[:1] == "#" == squares[-1:]


def rows_problem(rows: list[str]) -> str:
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
        file_game(collection.notes)
        file_lines(collection)
    except ValidationError as error:
        return str(error)
    return ""


def file_lines(collection: Collection) -> list[str]:
    """The key/value lines of the file's fields and its notes, as .sok
    writes them (read where moves are text): where the fields' lines stood
    (`Collection.fields_at`) when they read back there, else the fields
    first.

    Raises:
        ValidationError: the notes hide a field, or no layout reads back.
    """
    owner = "the collection"
    fields = {
        _FIELD_WORDS.get(name, name): (getattr(collection, name), *keys)
        for _, keys, name in _FILE_PROPERTIES
    }
    refuse_hidden_fields(owner, collection.notes, fields)
    properties = {
        name: property_line(owner, key, getattr(collection, name))
        for key, _, name in _FILE_PROPERTIES
        if getattr(collection, name)
    }
    lines = _in_file_order(properties, collection.notes, collection.fields_at)
    if lines is not None:
        return lines
    notes = collection.notes.split("\n") if collection.notes else []
    lines = placed(list(properties.values()), "", False, notes, None, None, _FILE_FIELDS)
    if lines is None:
        problem = notes_problem(collection.notes.split("\n"), None) or "cannot be kept apart"
        raise ValidationError(f"{owner}: {NOTES_CANNOT} {problem}")
    return lines


def placed(
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
    between rows of the notes that would make a board (the "Game:" line too,
    where it is not needed, when the others do not suffice)."""
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
        if at and _field_keys(game, same_field) & valued_keys("\n".join(notes[:at])):
            break  # a "Game:" line of the notes above it would decide instead
        lines = [*notes[:at], game, *notes[at:]] if at else [game, *notes]
        if needs_game or at:
            laid = _apart(lines, list(properties), at, before, after, same_field)
            if laid is not None:
                return laid
    if needs_game:
        return None
    laid = _apart(list(notes), list(head), -1, before, after, same_field)
    if laid is None and game:
        # A "Game:" line that names the tessellation in effect changes
        # nothing but where the rows of the notes end: the last line that
        # can keep them apart.
        laid = _apart(list(notes), [*head, game], -1, before, after, same_field)
    return laid


def _in_file_order(
    properties: dict[str, str], notes: str, fields_at: tuple[tuple[str, int], ...]
) -> list[str] | None:
    """The file's key/value lines (`properties`, by field) among the lines
    of its notes where `fields_at` says they stood (those it does not name
    first), or None: it names none of them, or the notes would not read
    back (a line of theirs taken for a field, or rows for a board)."""
    at: dict[str, int] = {}
    lines = notes.split("\n") if notes else []
    for name, above in fields_at:
        if name in properties:
            at.setdefault(name, min(above, len(lines)))
    if not at or (lines and _unwritable(lines)):
        return None
    laid = [line for name, line in properties.items() if name not in at]
    for index in range(len(lines) + 1):
        for name in [name for name, where in at.items() if where == index]:
            keys = set(_FILE_KEYS_OF[name])
            if keys & valued_keys("\n".join(lines[:index])):
                return None  # a line of the notes above would be taken for it
            laid.append(properties[name])
        if index < len(lines):
            laid.append(lines[index])
    return None if _misread(laid, None) else laid


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
                if not _field_keys(x, same_field) & valued_keys("\n".join(lines[:cut]))
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


def _field_keys(line: str, same_field: tuple[frozenset[str], ...]) -> set[str]:
    """The keys whose first line with a value is read as the field of `line`'s key."""
    key = key_of(line) or ""
    return set().union({key}, *(group for group in same_field if key in group))


def notes_problem(lines: list[str], tessellation: Tessellation | None) -> str:
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
            if line_class(line) == MOVES and moves_class(line, tessellation) == MOVES:
                return f"hold a line read as moves: {quoted(line)}"
    kinds = [line_class(line) for line in lines]
    for start, run in _row_runs(lines, kinds):
        if _is_board(run):
            more = len(run) - 1  # lines after the first (a line may draw rows: RLE)
            after = f" and the {more} after it" if more > 1 else " and the line after it"
            return f"hold rows read as a board: {quoted(lines[start])}{after if more else ''}"
    return ""


def _row_runs(lines: list[str], kinds: list[str]) -> Iterable[tuple[int, list[str]]]:
    """The runs of lines of rows (where each begins, and the kinds of its
    lines), a line that rule 4 makes a row counted as a closed one."""
    start, run = 0, list[str]()
    for index, kind in enumerate(kinds):
        if kind in ROW_TOKENS:
            if not run:
                start = index
            run.append(kind)
        elif kind in (TEXT, SEMICOLON, PROPERTY) and _row_between(lines, kinds, index):
            run.append("WALL_ROW")
        else:
            if run:
                yield start, run
            run = []
    if run:
        yield start, run


def _row_between(lines: list[str], kinds: list[str], index: int) -> bool:
    """Rule 4: line `index`, of text (`kinds` gives each line's class),
    stands between two rows and has the shape of a closed row, so it is a
    row of their run."""
    return (
        0 < index < len(lines) - 1
        and kinds[index - 1] in ROW_TOKENS
        and kinds[index + 1] in ROW_TOKENS
        and stray_row(lines[index])
    )


def _is_board(run: list[str]) -> bool:
    """Rule of boards: from the first closed row to the last, three rows or
    more, one with a wall."""
    closed = [i for i, kind in enumerate(run) if kind in _CLOSED_ROWS]
    if not closed:
        return False
    core = run[closed[0] : closed[-1] + 1]
    rows = sum(2 if kind == "PAIR_ROWS" else 3 if kind == ROWS else 1 for kind in core)
    return rows >= 3 and any(kind in ("WALL_ROW", "PAIR_ROWS", ROWS) for kind in core)


def valued_keys(notes: str) -> set[str]:
    """The case-folded keys of the key/value lines of `notes` that have a
    value: the reader takes the first of each recognised key out of them."""
    return {key for _, key, value in key_value_lines(notes) if value}


def refuse_hidden_fields(owner: str, notes: str, fields: dict[str, tuple[str, ...]]) -> None:
    """A recognised key/value line in notes is read as its field when the
    field has no value of its own to write before it."""
    keys = valued_keys(notes)
    for name, (value, *aliases) in fields.items():
        if not value and keys.intersection(aliases):
            raise ValidationError(
                f"{owner}: its notes hold a {aliases[0]!r} line, which a reader would take "
                f"for its {name} (it has none)"
            )


def property_line(owner: str, key: str, value: str) -> str:
    """A key/value line; the reader strips its value, so a value with white
    space around it, or a line break in it, cannot be written."""
    if value != value.strip() or "\n" in value or "\r" in value:
        raise ValidationError(
            f"{owner}: its {key} {quoted(value)} has white space around it or a line break, "
            "which a key/value line does not keep"
        )
    return f"{key}: {value}" if value else f"{key}:"


def file_game(notes: str) -> Tessellation:
    """The tessellation the file's notes give its puzzles (their first
    "Game:" line with a value), Sokoban else."""
    for _, key, value in key_value_lines(notes):
        if key == "game" and value:
            try:
                return Tessellation.from_name(value)
            except ValueError:
                raise ValidationError(
                    f"the collection's notes name an unknown game {value!r}"
                ) from None
    return Tessellation.SOKOBAN
