"""Writing collections as .sok text: the inverse of `_sok`.

Every choice here is made so that reading the text back gives the same
collection, and each is checked with the reader's own lexer: a title goes on
a title line only when that line is read as one, notes are written only when
they are read as notes, and a one-line paragraph of notes is kept from being
taken for the title of an untitled block by two blank lines after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from . import geometry
from ._board import parse as parse_board_text
from ._sok import title_of
from ._sok_lexer import (
    BLANK,
    BLANKS,
    GAP,
    PROPERTY_LINE,
    ROWS,
    TEXT_LINE,
    Lexer,
    Line,
    line_class,
)
from .board import FLOOR, Board
from .errors import ValidationError
from .moves import SavedGame
from .properties import key_of, parse_property
from .puzzle import Collection, Puzzle
from .rle import DEFAULT_LIMIT
from .tessellation import Tessellation

_NOTES = (TEXT_LINE, "ALMOST_MOVES", PROPERTY_LINE, "FLOOR_LINE", BLANK, BLANKS)
_FILE_PROPERTIES = (
    ("Collection", ("collection", "set", "title"), "title"),
    ("Author", ("author",), "author"),
    ("Date Created", ("date created",), "created_at"),
    ("Date of Last Change", ("date of last change",), "updated_at"),
    ("Email", ("email",), "email"),
    ("Url", ("url",), "url"),
)


@dataclass(frozen=True)
class Style:
    """How boards and titles look (see `sokfmt.dump_sok`); every style
    reads back to the same collection."""

    floor: str = FLOOR  # floor inside the walls
    outside: str | None = None  # floor outside them (None: as `floor`)
    pad: bool = True  # every row as long as the board is wide
    semicolon_titles: bool = False  # "; Title", as .xsb files write titles

    @property
    def plain(self) -> bool:
        return self == Style()


def dump(collection: Collection, *, rle: bool, wrap: int | None, style: Style = Style()) -> str:
    """See `sokfmt.dump_sok`."""
    if rle and (style.floor != FLOOR or style.outside not in (None, FLOOR) or not style.pad):
        raise ValidationError("Run-length encoded boards are written in the plain style only")
    writer = _Writer(style)
    writer.out += collection.comments
    _refuse_hidden_fields(
        "The collection's",
        collection.notes,
        {name: (getattr(collection, name), *aliases) for _, aliases, name in _FILE_PROPERTIES},
    )
    properties = [
        _property(key, getattr(collection, name))
        for key, _, name in _FILE_PROPERTIES
        if getattr(collection, name)
    ]
    file_game = _file_game(collection.notes)
    writer.notes(
        collection.notes, "The collection's", None, properties, blank=False, same_field=FILE_FIELDS
    )
    previous = None  # the tessellation in which the title line of a puzzle is read
    for number, puzzle in enumerate(collection.puzzles, start=1):
        writer.puzzle(puzzle, number, file_game, previous, rle=rle, wrap=wrap)
        previous = puzzle.tessellation
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


def _valued_keys(notes: str) -> set[str]:
    """The case-folded keys of the key/value lines of `notes` that have a value:
    the reader takes the first of each recognised key out of the notes."""
    found = set()
    for line in notes.split("\n") if notes else ():
        key_value = parse_property(line)
        if key_value and key_value[1] and line_class(line) == TEXT_LINE:
            found.add(" ".join(key_value[0].casefold().split()))
    return found


def _refuse_hidden_fields(owner: str, notes: str, fields: dict[str, tuple[str, ...]]) -> None:
    """A recognised key/value line in notes is read as its field when the
    field has no value of its own to write before it."""
    keys = _valued_keys(notes)
    for name, (value, *aliases) in fields.items():
        if not value and keys.intersection(aliases):
            raise ValidationError(
                f"{owner} notes hold a {aliases[0]!r} line, which would be read as its "
                f"{name}: give the {name} a value, or write the line otherwise"
            )


def _property(key: str, value: str) -> str:
    """A key/value line; the reader strips its value, so a value with white
    space around it cannot be written."""
    if value != value.strip():
        raise ValidationError(
            f"The {key} value {value!r} has white space around it, which the format does not keep"
        )
    return f"{key}: {value}" if value else f"{key}:"


def _file_game(notes: str) -> Tessellation:
    for line in notes.split("\n"):
        if key_of(line) == "game":
            value = parse_property(line)[1]  # type: ignore[index]
            if not value:
                continue
            try:
                return Tessellation.from_name(value)
            except ValueError:
                raise ValidationError(
                    f"The collection's notes name an unknown game {value!r}"
                ) from None
    return Tessellation.SOKOBAN


def _tokens(
    text: str,
    tessellation: Tessellation | None,
    *,
    after_moves: bool = False,
    settled: bool = False,
) -> list[str]:
    """The kinds of the tokens the reader's lexer makes of `text`, in the
    state it is in before the first board (`tessellation` None), or after a
    board when `tessellation` is in effect (and after moves; `settled`: by
    a "Game:" line already read)."""
    return [token.type for token in _lexed(text, tessellation, after_moves, settled)]


def _lexed(
    text: str, tessellation: Tessellation | None, after_moves: bool = False, settled: bool = False
) -> list[Line]:
    if tessellation is None:
        lexer = Lexer(Tessellation.SOKOBAN)
    else:
        lexer = Lexer(
            tessellation,
            seen_board=True,
            moves_since_board=after_moves,
            puzzle_game=tessellation if settled else None,
        )
    return list(lexer.tokens([text + "\n"]))


class _Writer:
    def __init__(self, style: Style) -> None:
        self.style = style
        self.out: list[str] = []
        # Whether the text ends with a one-line paragraph, which an untitled
        # block after it (with at most one blank line between) would take as
        # its title.
        self.candidate = False

    def text(self) -> str:
        while self.out and not self.out[-1]:
            self.out.pop()
        text = "\n".join(self.out) + "\n" if self.out else ""
        # A reader drops a byte order mark at the start: one of the text's
        # own stands after a blank line.
        return "\n" + text if text.startswith("\ufeff") else text

    def blank(self, count: int = 1) -> None:
        trailing = 0
        while trailing < len(self.out) and not self.out[len(self.out) - 1 - trailing]:
            trailing += 1
        if self.out:
            self.out += [""] * max(0, count - trailing)

    # ---------------------------------------------------------------- notes

    def notes(
        self,
        notes: str,
        owner: str,
        tessellation: Tessellation | None,
        properties: list[str],
        *,
        blank: bool = True,
        after_moves: bool = False,
        settled: bool = False,
        same_field: tuple[set[str], ...] = (),
    ) -> None:
        """Write a block's key/value lines, then its notes after a blank line,
        refusing notes that would be read back as something else: comments,
        moves, a board, or blank lines at either end.

        The reader took the key/value lines out of the notes wherever they
        stood; where one kept board rows of the notes apart (too few to be a
        board), one is put back between them.
        """
        self.candidate = False
        head = list(properties)
        body = notes.split("\n") if notes else []
        if body:
            if "\r" in notes:
                raise ValidationError(f"{owner} notes hold a carriage return, which ends a line")
            if not body[0].strip(" \t>") or not body[-1].strip(" \t>"):
                raise ValidationError(
                    f"{owner} notes begin or end with a blank line, which the reader drops"
                )
            for line in body:
                if line_class(line) == "COMMENT_LINE":
                    raise ValidationError(f"{owner} notes hold a line read as a comment: {line!r}")
            state = {"after_moves": after_moves, "settled": settled}
            kinds = _tokens(notes, tessellation, **state)
            if ROWS in kinds or GAP in kinds:
                body = _apart(body, head, tessellation, owner, same_field)
                kinds = _tokens("\n".join(body), tessellation, **state)
            if "MOVES" in kinds:
                raise ValidationError(f"{owner} notes hold lines read as moves: {notes!r}")
            # The last paragraph is one line when the line before it is blank.
            self.candidate = kinds[-1] in (TEXT_LINE, "ALMOST_MOVES") and (
                len(kinds) == 1 or kinds[-2] in (BLANK, BLANKS)
            )
        self.out += head
        if body and blank:
            self.blank()
        self.out += body

    # --------------------------------------------------------------- titles

    def _title(
        self,
        title: str,
        title_line: str,
        in_notes: bool,
        block: str,
        context: Tessellation | None,
    ) -> str | None:
        """Write what goes before a block: a blank line and its title line, or
        blank lines enough to keep the text before it from being its title.
        Returns the value of the Title property to write after the block, if any."""
        overridden = bool(title_line) or in_notes
        line = title_line
        if not overridden and title and title_of(title) == title:
            line = title
            if self.style.semicolon_titles and title_of(f"; {title}") == title:
                line = f"; {title}"
        if title_line and not title:
            raise ValidationError(
                f"The title line {title_line!r} is kept only under a title that overrides it"
            )
        # A title line kept from a file reads back as it was read: with the
        # doubt of rule 11 if it had it (no other place reads it as a title).
        doubt = "moves" if title_line else ""
        layout = _title_layout(line, block, context, doubt) if line else None
        if line and layout is None:
            if title_line:
                raise ValidationError(f"The title line {title_line!r} would not be read as one")
            line = ""
        if line:
            self.blank()
            self.out.append(line)
            if layout:
                self.out.append("")
        else:
            self.blank(2 if self.candidate else 1)
        self.candidate = False
        return title if title and (overridden or not line) else None

    # -------------------------------------------------------------- puzzles

    def puzzle(
        self,
        puzzle: Puzzle,
        number: int,
        file_game: Tessellation,
        previous: Tessellation | None,
        *,
        rle: bool,
        wrap: int | None,
    ) -> None:
        """Write `puzzle`, the `number`th; `previous` is the tessellation of
        the puzzle before it, in which its title line is read (rule 2)."""
        owner = f"Puzzle {number}'s"
        tessellation = puzzle.tessellation
        keys = _valued_keys(puzzle.notes)
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
        spare_title = "title" in keys or _needs_apart(puzzle.notes, tessellation)
        board = self._board_lines(puzzle, owner, rle)
        title = self._title(
            puzzle.title, puzzle.title_line, spare_title, "\n".join(board), previous
        )
        self.out += board
        properties = [
            _property(key, value or "")
            for key, value in (
                ("Title", title),
                ("Author", puzzle.author),
                ("boxorder", puzzle.boxorder),
                ("goalorder", puzzle.goalorder),
            )
            if value or (key == "Title" and title is not None)
        ]
        notes = puzzle.notes
        # Its own "Game:" line is always true, and may keep board rows of the
        # notes apart.
        if tessellation is not file_game or "game" in keys or _needs_apart(notes, tessellation):
            self._notes_with_game(notes, owner, file_game, tessellation, properties)
        else:
            self.notes(notes, owner, tessellation, properties, settled=True)
        self.out += puzzle.comments
        for game_number, saved_game in enumerate(puzzle.saved_games, start=1):
            self.saved_game(saved_game, f"{owner} saved game {game_number}", wrap)

    def _notes_with_game(
        self,
        notes: str,
        owner: str,
        file_game: Tessellation,
        tessellation: Tessellation,
        properties: list[str],
    ) -> None:
        """A puzzle's notes with a "Game:" line: the lexer reads the lines after
        it in its game, so it goes where the notes before it read as they did
        in the file's; the first such place where the notes read back as
        notes (the line may keep board rows apart)."""
        game = _property("Game", tessellation.value)
        problem: ValidationError | None = None
        for at in _game_line_places(notes, file_game, tessellation):
            written, candidate = len(self.out), self.candidate
            lines = notes.split("\n")
            try:
                if at == 0:
                    self.notes(notes, owner, tessellation, [*properties, game], settled=True)
                else:
                    placed = "\n".join([*lines[:at], game, *lines[at:]])
                    self.notes(placed, owner, file_game, list(properties))
                return
            except ValidationError as error:
                del self.out[written:]
                self.candidate = candidate
                problem = problem or error
        raise problem or ValidationError(f"{owner} notes hold lines read as moves: {notes!r}")

    def _board_lines(self, puzzle: Puzzle, owner: str, rle: bool) -> list[str]:
        text = puzzle.board.printed(rle=rle)
        kinds = _tokens(text, puzzle.tessellation)
        if not self.style.plain:
            styled = "\n".join(styled_rows(puzzle.board, self.style))
            if _tokens(styled, puzzle.tessellation) == kinds and (
                parse_board_text(styled, puzzle.tessellation, limit=DEFAULT_LIMIT) == puzzle.board
            ):
                text = styled  # else the plain rows, which read as the board
        if not kinds or any(kind not in (ROWS, GAP) for kind in kinds):
            raise ValidationError(
                f"{owner} board cannot be written in the .sok format: its first and last "
                "rows must hold a wall, and begin and end with a wall or a box on a goal "
                "(floor aside), "
                f"and it needs at least 3 rows: {text!r}"
            )
        return text.split("\n")

    # ----------------------------------------------------------- saved games

    def saved_game(self, game: SavedGame, owner: str, wrap: int | None) -> None:
        keys = _valued_keys(game.notes)
        _refuse_hidden_fields(
            owner,
            game.notes,
            {"title": (game.title, "title"), "solver": (game.solved_by, "solver", "author")},
        )
        spare_title = "title" in keys or _needs_apart(game.notes, game.tessellation)
        moves = self._moves_lines(game, owner, wrap)
        title = self._title(game.title, "", spare_title, "\n".join(moves), game.tessellation)
        self.out += moves
        properties = [_property("Title", title)] if title is not None else []
        if game.solved_by:
            properties.append(_property("Solver", game.solved_by))
        self.notes(
            game.notes,
            owner,
            game.tessellation,
            properties,
            after_moves=True,
            same_field=GAME_FIELDS,
        )

    @staticmethod
    def _moves_lines(game: SavedGame, owner: str, wrap: int | None) -> list[str]:
        text = game.printed_steps()
        size = wrap if wrap and wrap > 0 else max(len(text), 1)
        chunks: list[str] = []
        pending = ""  # a piece without a letter ("[]"): it goes with the next one
        for start in range(0, len(text), size):
            chunk = pending + text[start : start + size]
            if _tokens(chunk, game.tessellation) == ["MOVES"]:
                chunks.append(chunk)  # a line needs a letter to be read as moves
                pending = ""
            else:
                pending = chunk
        if pending:
            if chunks:
                chunks[-1] += pending
            else:
                chunks.append(pending)
        if not chunks or _tokens("\n".join(chunks), game.tessellation) != ["MOVES"]:
            what = "it has no step" if not text else f"its moves {text!r} hold no move letter"
            raise ValidationError(
                f"{owner} cannot be written in the .sok format: {what}, and a line of a "
                "saved game needs a move letter (other than 'W') to be read as moves"
            )
        return chunks


def _game_line_places(notes: str, before: Tessellation, after: Tessellation) -> Iterator[int]:
    """Where in `notes` a "Game:" line may go (0: before them) so that no line
    is read as moves: the lines before it read in `before`, those after it
    in `after`; in order."""
    lines = notes.split("\n") if notes else []
    for at in range(len(lines) + 1):
        head, rest = "\n".join(lines[:at]), "\n".join(lines[at:])
        if at and key_of(lines[at - 1]) == "game" and parse_property(lines[at - 1])[1]:  # type: ignore[index]
            return  # after a "Game:" line of the notes, it would not be the first
        if "MOVES" not in _tokens(head, before) + _tokens(rest, after, settled=True):
            yield at


def _needs_apart(notes: str, tessellation: Tessellation | None) -> bool:
    """Whether `notes` hold board rows that only lines taken out of them kept apart."""
    return bool(notes) and bool({ROWS, GAP} & set(_tokens(notes, tessellation)))


def _apart(
    lines: list[str],
    spare: list[str],
    tessellation: Tessellation | None,
    owner: str,
    same_field: tuple[set[str], ...],
) -> list[str]:
    """`lines` with lines of `spare` (key/value lines, taken out of it) put
    between board rows that would otherwise be read as a board."""
    result: list[str] = []
    segment: list[str] = []
    for line in lines:
        if segment and {ROWS, GAP} & set(_tokens("\n".join([*segment, line]), tessellation)):
            # A line moved here must stay the first of its key: none of the
            # notes before it may have the key (or a key read as the same field).
            before = _valued_keys("\n".join(result))
            usable = [x for x in spare if not _field_keys(x, same_field) & before]
            if not usable:
                raise ValidationError(f"{owner} notes hold lines read as a board: {lines!r}")
            spare.remove(usable[-1])
            result.append(usable[-1])
            segment = []
        segment.append(line)
        result.append(line)
    return result


# Keys read as the same field (the first of any of them is taken), by owner.
FILE_FIELDS = ({"collection", "set", "title"},)
GAME_FIELDS = ({"solver", "author"},)


def _field_keys(line: str, same_field: tuple[set[str], ...]) -> set[str]:
    """The keys whose first line with a value is read as the field of `line`'s key."""
    key = key_of(line) or ""
    return set().union({key}, *(group for group in same_field if key in group))


def _title_layout(
    line: str, block: str, context: Tessellation | None, doubt: str = ""
) -> str | None:
    """How `line` stands before the lines of `block` (after a blank line, in
    `context`: see `_tokens`) to be read as its title: right before it
    (""), or with a blank line between ("\n"); None when it cannot.  The
    title must read back without a doubt, or with `doubt` alone."""
    if "\n" in line or "\r" in line or line_class(line) == "COMMENT_LINE":
        return None
    alone = [t.type for t in _lexed(block, context)]
    for gap in ("", "\n"):
        titled = _lexed(f"{line}\n{gap}{block}", context)
        rest = [t.type for t in titled[1:]]
        if gap:
            rest = rest[1:] if rest[:1] == ["BLANK"] else ["?"]
        if (
            titled[0].type in (TEXT_LINE, "ALMOST_MOVES")
            and str(titled[0]) == line
            and getattr(titled[0], "doubt", "") in ("", doubt)  # no other warning when read back
            and rest == alone
        ):
            return gap
    return None
