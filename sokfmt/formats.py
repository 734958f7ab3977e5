"""The reader and writer of every format, under json's naming scheme.

``loads_X(text)`` reads text and ``dumps_X(item)`` writes the text that
``loads_X`` reads back equal; ``load_X(file)`` reads a file (a path or a file
object) and decodes its bytes, ``dump_X(item, file)`` writes one, and
``iter_X(file)`` streams a file's items.  Options are keyword-only and spelled
alike everywhere (`tessellation`, `encoding`, `limit`, `diagnostics`,
`check_content`, `check_games`).  Each
function imports its reader only when called, so that ``import sokfmt`` does
not import lark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar, overload

from ._arguments import (
    checked,
    checked_diagnostics,
    checked_flag,
    checked_limit,
    checked_reader_options,
    checked_tessellation,
    whole,
)
from ._deprecated import reader_options_of_0_2, warn_renamed
from ._files import FileLike, write_text
from .board import Board
from .errors import Diagnostic, ValidationError
from .lev import LevPuzzle
from .moves import SavedGame
from .puzzle import Collection, Puzzle
from .rle import DEFAULT_LIMIT
from .tessellation import Tessellation

__all__ = (
    "dump_lev",
    "dump_slc",
    "dump_sok",
    "dumps_board",
    "dumps_lev",
    "dumps_moves",
    "dumps_slc",
    "dumps_sok",
    "from_dict",
    "iter_slc",
    "iter_sok",
    "load_lev",
    "load_slc",
    "load_sok",
    "loads_board",
    "loads_lev",
    "loads_moves",
    "loads_slc",
    "loads_sok",
)


def _checked(value: Any, kind: type[Any], name: str) -> None:
    """A wrong argument type is a ValidationError, as a wrong value is."""
    hint = " (load_sok and load_lev read bytes and files)" if kind is str else ""
    checked(value, kind, name, f"a {kind.__name__}{hint}" if hint else "")


# ------------------------------------------------------------------ moves


def loads_moves(
    text: str, *, tessellation: Tessellation = Tessellation.SOKOBAN, limit: int = DEFAULT_LIMIT
) -> SavedGame:
    """The saved game written as `text`: a move string, possibly run-length
    encoded, with jumps ``[...]``, pusher changes ``{...}`` and ``*``.

    `limit` caps the number of decoded characters, so that a few bytes of
    RLE cannot ask for gigabytes.

    >>> game = loads_moves("3rU")
    >>> len(game.steps), game.pushes_count
    (4, 1)
    >>> dumps_moves(game)
    'rrrU'

    Raises:
        SavedGameSyntaxError: `text` is not a valid move string for
            `tessellation`, or it decodes to more than `limit` steps.
        ValidationError: `limit` is not a whole number of at least 0.
    """
    from ._grammar import moves as _moves

    _checked(text, str, "text")
    checked_tessellation(tessellation, optional=False)
    checked_limit(limit)
    return _moves.read_moves(text, tessellation, limit=limit)


def dumps_moves(game: SavedGame, *, rle: bool = False) -> str:
    """The canonical move string of `game` (`SavedGame.printed_steps`).

    >>> dumps_moves(loads_moves("3l2(uR)"))
    'llluRuR'
    """
    _checked(game, SavedGame, "game")
    checked_flag(rle, "rle")
    return game.printed_steps(rle=rle)


# ------------------------------------------------------------------ boards


def loads_board(
    text: str, *, tessellation: Tessellation = Tessellation.SOKOBAN, limit: int = DEFAULT_LIMIT
) -> Board:
    """The board written as `text`, plain or run-length encoded.

    >>> board = loads_board("#####\\n#@$.#\\n#####")
    >>> board.rows
    ('#####', '#@$.#', '#####')
    >>> loads_board("5#|#@$.#|5#") == board
    True

    Raises:
        BoardSyntaxError: a character outside the legend, malformed RLE, an
            inconsistent Hexoban layout, or no row at all.
        ValidationError: `limit` is not a whole number of at least 0.
    """
    from ._grammar import board as _board

    _checked(text, str, "text")
    checked_tessellation(tessellation, optional=False)
    checked_limit(limit)
    return _board.read_board(text, tessellation, limit=limit)


def dumps_board(board: Board, *, rle: bool = False) -> str:
    """The canonical text of `board`; with `rle`, run-length encoded on one line.

    >>> dumps_board(loads_board("5#|#@$.#|5#"), rle=True)
    '5#|#@$.#|5#'
    """
    _checked(board, Board, "board")
    checked_flag(rle, "rle")
    return board.printed(rle=rle)


# -------------------------------------------------------------------- .sok


@reader_options_of_0_2(hooked="loads_sok_handing_on", instead="sokfmt.iter_sok(io.StringIO(text))")
def loads_sok(
    text: str,
    *,
    tessellation: Tessellation | None = None,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection:
    """The collection written as `text` (a .sok, .xsb or .txt file).

    `tessellation` applies to puzzles that neither they nor the file give a
    ``Game:`` for (default Sokoban).  Without `diagnostics`, the first error
    in the text is raised and every warning goes to Python's `warnings` (as
    `SokfmtWarning`); with a list, every `Diagnostic` is appended to it and
    whatever could be read is returned.  `check_content` runs the checks of
    what a puzzle holds (SOK401-404: boxes and goals that do not balance,
    no pusher, a board not closed, Sokoban+ orders that do not fit); by
    default they run when `diagnostics` is given.  With `check_games`,
    every saved game is played on its board (`sokfmt.replay`): a step that
    cannot be played is an error (`IllegalStepError`, SOK501) at the letter
    that wrote it, and a game titled as a solution that does not solve is a
    warning (SOK502); the games are kept.

    >>> collection = loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n\\nSolution\\nR\\n")
    >>> puzzle = collection.puzzles[0]
    >>> puzzle.title, puzzle.board.width, puzzle.saved_games[0].titled_as_solution
    ('Tiny', 5, True)

    Raises:
        ParseError: the first error (without `diagnostics`): a malformed
            board (`BoardSyntaxError`) or moves (`SavedGameSyntaxError`), an
            unknown ``Game:`` (`SokSyntaxError`), or with `check_games` an
            illegal step (`IllegalStepError`), at its line and column.
    """
    return loads_sok_handing_on(
        text,
        tessellation=tessellation,
        diagnostics=diagnostics,
        check_content=check_content,
        check_games=check_games,
    )


def loads_sok_handing_on(
    text: str,
    *,
    tessellation: Tessellation | None = None,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
) -> Collection:
    """`loads_sok`, which calls `on_puzzle` with each puzzle as soon as it
    is read, after its problems are added to `diagnostics` (those of the
    file's notes come before the first puzzle's, those of a board that
    cannot be read before the next puzzle's): the command's progress, and
    the ``on_puzzle=`` of 0.2."""
    from ._sok import read as _sok_read

    _checked(text, str, "text")
    checked_tessellation(tessellation)
    checked_reader_options(diagnostics, check_content, check_games)
    return _sok_read.read_sok(
        text,
        tessellation or Tessellation.SOKOBAN,
        diagnostics,
        check_games,
        on_puzzle,
        content=check_content,
    )


@reader_options_of_0_2(hooked="load_sok_handing_on", instead="sokfmt.iter_sok")
def load_sok(
    file: FileLike,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection:
    """The collection in a file, given by path or as a file object.

    sokfmt decodes the bytes itself: `encoding` if given, else each line as
    UTF-8 when it is valid UTF-8 and as cp1252 otherwise (a UTF-8 byte order
    mark is dropped).  A file object opened in text mode is read as its
    opener decodes it.  The options work as for `loads_sok`.

    >>> import io
    >>> collection = load_sok(io.BytesIO(b"Tiny\\n#####\\n#@$.#\\n#####\\n"))
    >>> collection.puzzles[0].board.boxes
    ((1, 2),)

    Raises:
        ParseError: as `loads_sok`; `DecodeError` for bytes that are not
            text in `encoding`.
        ValidationError: `encoding` names no codec, or `file` is neither a
            path nor a file object.
        OSError: the file cannot be read.
    """
    return load_sok_handing_on(
        file,
        encoding=encoding,
        tessellation=tessellation,
        diagnostics=diagnostics,
        check_content=check_content,
        check_games=check_games,
    )


def load_sok_handing_on(
    file: FileLike,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
) -> Collection:
    """`load_sok`, which calls `on_puzzle` as `loads_sok_handing_on` does."""
    from ._files import read_text

    checked_tessellation(tessellation)
    checked_reader_options(diagnostics, check_content, check_games)
    return loads_sok_handing_on(
        read_text(file, encoding),
        tessellation=tessellation,
        diagnostics=diagnostics,
        check_content=check_content,
        check_games=check_games,
        on_puzzle=on_puzzle,
    )


@reader_options_of_0_2()
def iter_sok(
    file: FileLike,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Iterator[Puzzle]:
    """The puzzles of a file, one at a time, as they are read: memory is
    bounded by the largest puzzle, not by the file.

    The file is decoded as `load_sok` decodes it, and gives the same puzzles
    and diagnostics (the options work as for `loads_sok`); each puzzle comes
    after its problems are added to `diagnostics` (those of the file's notes
    come before the first puzzle, those of a board that cannot be read
    before the next puzzle).  The file notes are not returned (use
    `load_sok`).

    >>> from importlib.resources import as_file, files
    >>> with as_file(files("sokfmt") / "samples" / "tiny.sok") as path:
    ...     titles = [puzzle.title for puzzle in iter_sok(path)]
    >>> titles
    ['Tiny', 'Open']

    Raises:
        as `load_sok`, when the generator reaches the bad text.
    """
    from ._files import text_lines
    from ._sok import read as _sok_read

    checked_tessellation(tessellation)
    checked_reader_options(diagnostics, check_content, check_games)
    lines = text_lines(file, encoding, ends=True)
    yield from _sok_read.iter_sok(
        _sok_read.chunks_of(lines),
        tessellation or Tessellation.SOKOBAN,
        diagnostics,
        check_games,
        content=check_content,
    )


def dumps_sok(
    collection: Collection,
    *,
    rle: bool = False,
    wrap: int | None = 70,
    floor: str = "-",
    outside: str | None = None,
    pad: bool = True,
    semicolon_titles: bool = False,
) -> str:
    """The collection as .sok text (format 0.19) that `loads_sok` reads back
    to an equal collection, whatever the style.

    Boards are written as canonical rows, or run-length encoded on one line
    with `rle`; moves are wrapped at `wrap` columns (None: not wrapped).
    ``Game:`` is written for every puzzle that is not Sokoban.  The style of
    plain rows: `floor` is the floor inside the walls ("-", "_" or " "),
    `outside` the floor outside them (default: as `floor`; Hexoban's filler
    columns too), `pad=False` leaves out the floor at the end of rows, and
    `semicolon_titles` writes titles as "; Title", as .xsb files do.  Where a
    style would change what is read (a row of floor alone as a blank line),
    that part is written plain.

    >>> text = "Tiny\\n#####\\n#@$.#\\n#####\\n\\nSolution\\nR\\n"
    >>> print(dumps_sok(loads_sok(text)), end="")
    Tiny
    #####
    #@$.#
    #####
    <BLANKLINE>
    Solution
    R

    Raises:
        ValidationError: the collection holds what the format cannot (see
            README), or a style with `rle` or an unknown floor character.
    """
    from ._sok import write

    _checked(collection, Collection, "collection")
    for flag, on in (("rle", rle), ("pad", pad), ("semicolon_titles", semicolon_titles)):
        checked_flag(on, flag)
    if wrap is not None:
        wrap = whole(wrap, "wrap")
    for name, value in (("floor", floor), ("outside", outside)):
        if (value is not None or name == "floor") and value not in ("-", "_", " "):
            raise ValidationError(f"{name} must be '-', '_' or ' ', not {value!r}")
    style = write.Style(floor, outside, pad, semicolon_titles)
    return write.write_sok(collection, rle=rle, wrap=wrap, style=style)


@overload
def dump_sok(collection: Collection) -> str: ...
@overload
def dump_sok(
    collection: Collection,
    file: FileLike,
    *,
    rle: bool = False,
    wrap: int | None = 70,
    floor: str = "-",
    outside: str | None = None,
    pad: bool = True,
    semicolon_titles: bool = False,
) -> None: ...
def dump_sok(
    collection: Collection,
    file: FileLike | None = None,
    **style: Any,
) -> str | None:
    """Write the collection to `file` (a path, or a text or binary file
    object) as `dumps_sok` writes it, with its options.

    Without `file` (deprecated since 0.3.0), return the text, as `dumps_sok`.

    >>> import io
    >>> buffer = io.BytesIO()
    >>> dump_sok(loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n\\nSolution\\nR\\n"), buffer)
    >>> buffer.getvalue()
    b'Tiny\\n#####\\n#@$.#\\n#####\\n\\nSolution\\nR\\n'

    Raises:
        ValidationError: as `dumps_sok`, before the file is touched.
        OSError: the file cannot be written.
    """
    return _dump("dump_sok", dumps_sok(collection, **style), file)


def _dump(name: str, text: str, file: FileLike | None) -> str | None:
    """`text` written to `file`; or, for the 0.2 form without a file, returned."""
    if file is None:
        warn_renamed(f"{name}(item) returning text", f"dumps_{name[5:]}(item)", depth=2)
        return text
    write_text(file, text)
    return None


# -------------------------------------------------------------------- .lev


def loads_lev(
    text: str, *, strict: bool = False, diagnostics: list[Diagnostic] | None = None
) -> LevPuzzle:
    """The sliding-block puzzle written as `text` in the .lev format.

    Unknown sections are kept (`LevPuzzle.unknown`, with a warning, LEV113);
    with `strict` they are errors.  `diagnostics` works as for `loads_sok`
    (a .lev file has no content checks and no saved games).

    >>> puzzle = loads_lev("size 3 1\\ninitial\\nA.B\\ntarget\\n.A.\\ncolor A 127 0 0\\nend\\n")
    >>> puzzle.width, puzzle.height, puzzle.colors
    (3, 1, (('A', (127, 0, 0)),))

    Raises:
        LevSyntaxError: the first error (without `diagnostics`), at its line
            and column; with `diagnostics`, when no puzzle can be built.
    """
    from ._grammar import lev as _lev

    _checked(text, str, "text")
    checked_flag(strict, "strict")
    checked_diagnostics(diagnostics)
    return _lev.read_lev(text, strict=strict, diagnostics=diagnostics)


def load_lev(
    file: FileLike,
    *,
    encoding: str | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
) -> LevPuzzle:
    """The puzzle in a .lev file, given by path or as a file object, decoded
    as `load_sok` decodes files.

    >>> import io
    >>> puzzle = load_lev(io.BytesIO(b"size 2 1\\ninitial\\nA.\\n"))
    >>> puzzle.initial
    ('A.',)

    Raises:
        LevSyntaxError: as `loads_lev`.
        DecodeError: bytes that are not text in `encoding`.
        ValidationError: `encoding` names no codec, or `file` is neither a
            path nor a file object.
        OSError: the file cannot be read.
    """
    from ._files import read_text

    checked_flag(strict, "strict")
    checked_diagnostics(diagnostics)
    return loads_lev(read_text(file, encoding), strict=strict, diagnostics=diagnostics)


def dumps_lev(puzzle: LevPuzzle) -> str:
    """The .lev text of `puzzle`, its items in `puzzle.layout` order.

    >>> text = "size 3 1\\ninitial\\nA.B\\ntarget\\n.A.\\ncolor A 127 0 0\\nend\\n"
    >>> dumps_lev(loads_lev(text)) == text
    True
    """
    _checked(puzzle, LevPuzzle, "puzzle")
    return str(puzzle)


@overload
def dump_lev(puzzle: LevPuzzle) -> str: ...
@overload
def dump_lev(puzzle: LevPuzzle, file: FileLike) -> None: ...
def dump_lev(puzzle: LevPuzzle, file: FileLike | None = None) -> str | None:
    """Write the puzzle to `file` (a path, or a text or binary file object)
    as `dumps_lev` writes it.

    Without `file` (deprecated since 0.3.0), return the text, as `dumps_lev`.

    >>> import io
    >>> buffer = io.BytesIO()
    >>> dump_lev(loads_lev("size 2 1\\ninitial\\nA.\\n"), buffer)
    >>> buffer.getvalue()
    b'size 2 1\\ninitial\\nA.\\n'

    Raises:
        OSError: the file cannot be written.
    """
    return _dump("dump_lev", dumps_lev(puzzle), file)


# -------------------------------------------------------------------- .slc


@reader_options_of_0_2(hooked="loads_slc_handing_on", instead="sokfmt.iter_slc")
def loads_slc(
    text: str | bytes,
    *,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection:
    """The collection written as `text`, an .slc document (the XML of
    Sokoban for Windows), given as text or as the file's bytes.

    Each ``Level`` is a puzzle: ``Id`` is its title, its ``Copyright`` its
    author, its ``L`` elements the rows of its board.  The collection's
    ``Title`` is its title, ``Description`` its notes, ``Email`` and ``Url``
    its `email` and `url`, and the ``Copyright`` of ``LevelCollection`` its
    author.  Widths and heights are those of the boards (a size that
    disagrees with the rows is a warning).  A document type declaration is
    refused, so that no entity is ever expanded and no other file fetched.
    `diagnostics` works as for `loads_sok`; `check_content` runs the checks
    of what a puzzle holds (SOK401-404, as `loads_sok`, at the ``Level``
    start tag) and of what .sok could not hold as it is (SLC205, SLC206),
    by default when `diagnostics` is given.  An .slc level holds no saved
    game, so `check_games` has none to play: it is taken so that every
    collection reader takes the same options.

    >>> text = ('<SokobanLevels><LevelCollection>'
    ...         '<Level Id="Tiny" Width="5" Height="3">'
    ...         '<L>#####</L><L>#@$.#</L><L>#####</L>'
    ...         '</Level></LevelCollection></SokobanLevels>')
    >>> collection = loads_slc(text)
    >>> collection.puzzles[0].title, collection.puzzles[0].board.rows
    ('Tiny', ('#####', '#@$.#', '#####'))

    Raises:
        SlcSyntaxError: the first error (without `diagnostics`): malformed
            XML, an element or attribute the format does not have, a
            document type declaration, or a text too long.
        BoardSyntaxError: a row with a character outside the legend, at
            its line and column in the document.
        DecodeError: bytes that are not text in the encoding they declare.
    """
    return loads_slc_handing_on(
        text, diagnostics=diagnostics, check_content=check_content, check_games=check_games
    )


def loads_slc_handing_on(
    text: str | bytes,
    *,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
) -> Collection:
    """`loads_slc`, which calls `on_puzzle` as `loads_sok_handing_on` does."""
    from ._slc import read as _slc

    if isinstance(text, (bytes, bytearray)):
        text = bytes(text)
    else:
        _checked(text, str, "text")
    checked_reader_options(diagnostics, check_content, check_games)
    return _slc.read_slc(text, diagnostics, on_puzzle, content=check_content)


@reader_options_of_0_2(hooked="load_slc_handing_on", instead="sokfmt.iter_slc")
def load_slc(
    file: FileLike,
    *,
    encoding: str | None = None,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection:
    """The collection in an .slc file, given by path or as a file object.

    Without `encoding`, the bytes are decoded as their XML declaration says
    (a UTF-8 file with cp1252 lines is read as `load_sok` reads it).  The
    options work as for `loads_slc`.

    >>> import io
    >>> text = ('<SokobanLevels><LevelCollection>'
    ...         '<Level Id="Tiny" Width="5" Height="3">'
    ...         '<L>#####</L><L>#@$.#</L><L>#####</L>'
    ...         '</Level></LevelCollection></SokobanLevels>')
    >>> collection = load_slc(io.BytesIO(text.encode()))
    >>> collection.puzzles[0].title, collection.puzzles[0].board.rows
    ('Tiny', ('#####', '#@$.#', '#####'))

    Raises:
        as `loads_slc`; `ValidationError` and `OSError` as `load_sok`.
    """
    return load_slc_handing_on(
        file,
        encoding=encoding,
        diagnostics=diagnostics,
        check_content=check_content,
        check_games=check_games,
    )


def load_slc_handing_on(
    file: FileLike,
    *,
    encoding: str | None = None,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
) -> Collection:
    """`load_slc`, which calls `on_puzzle` as `loads_sok_handing_on` does."""
    from ._files import read_bytes, read_text

    checked_reader_options(diagnostics, check_content, check_games)
    options: dict[str, Any] = {
        "diagnostics": diagnostics,
        "check_content": check_content,
        "check_games": check_games,
        "on_puzzle": on_puzzle,
    }
    if encoding is None:  # the document's own
        data = read_bytes(file)
        if isinstance(data, str):  # a text file object: decoded by its opener
            data = data.removeprefix("\ufeff")
        return loads_slc_handing_on(data, **options)
    return loads_slc_handing_on(read_text(file, encoding, xml=True), **options)


def iter_slc(
    file: FileLike,
    *,
    encoding: str | None = None,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Iterator[Puzzle]:
    """The puzzles of an .slc file, one at a time, as they are read: memory
    is bounded by the largest level, not by the file.  They and the
    diagnostics are those of `load_slc` (the options work as for
    `loads_slc`); each puzzle comes after the problems found before it are
    added to `diagnostics`, and before those found after it.  The
    collection's fields are not returned (use `load_slc`).

    >>> import io
    >>> text = ('<SokobanLevels><LevelCollection>'
    ...         '<Level Id="Tiny" Width="5" Height="3">'
    ...         '<L>#####</L><L>#@$.#</L><L>#####</L>'
    ...         '</Level></LevelCollection></SokobanLevels>')
    >>> [puzzle.title for puzzle in iter_slc(io.BytesIO(text.encode()))]
    ['Tiny']

    Raises:
        as `load_slc`, when the generator reaches the bad text.
    """
    from ._files import text_lines
    from ._slc import read as _slc

    checked_reader_options(diagnostics, check_content, check_games)
    yield from _slc.iter_slc(
        text_lines(file, encoding, xml=True), diagnostics, content=check_content
    )


def dumps_slc(collection: Collection) -> str:
    """The collection as an .slc document that `loads_slc` reads back equal.

    >>> collection = loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n")
    >>> "<L>#@$.#</L>" in dumps_slc(collection)
    True
    >>> loads_slc(dumps_slc(collection)) == collection
    True

    Raises:
        ValidationError: the collection holds what .slc cannot: saved games,
            notes or comments of puzzles, boards that are not Sokoban, dates,
            or characters that XML 1.0 cannot hold.
    """
    from ._slc import write as _slc_write

    _checked(collection, Collection, "collection")
    return _slc_write.write_slc(collection)


@overload
def dump_slc(collection: Collection) -> str: ...
@overload
def dump_slc(collection: Collection, file: FileLike) -> None: ...
def dump_slc(collection: Collection, file: FileLike | None = None) -> str | None:
    """Write the collection to `file` (a path, or a text or binary file
    object) as `dumps_slc` writes it.

    Without `file` (deprecated since 0.3.0), return the text, as `dumps_slc`.

    >>> import io
    >>> buffer = io.BytesIO()
    >>> dump_slc(loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n"), buffer)
    >>> loads_slc(buffer.getvalue()).puzzles[0].board.rows
    ('#####', '#@$.#', '#####')

    Raises:
        ValidationError: as `dumps_slc`, before the file is touched.
        OSError: the file cannot be written.
    """
    return _dump("dump_slc", dumps_slc(collection), file)


# -------------------------------------------------------------------- JSON

_Model = TypeVar("_Model", Board, SavedGame, Puzzle, Collection, LevPuzzle)


@overload
def from_dict(kind: type[Collection], data: Mapping[str, Any]) -> Collection: ...
@overload
def from_dict(kind: type[Puzzle], data: Mapping[str, Any]) -> Puzzle: ...
@overload
def from_dict(kind: type[SavedGame], data: Mapping[str, Any]) -> SavedGame: ...
@overload
def from_dict(kind: type[Board], data: Mapping[str, Any]) -> Board: ...
@overload
def from_dict(kind: type[LevPuzzle], data: Mapping[str, Any]) -> LevPuzzle: ...


def from_dict(kind: type[_Model], data: Mapping[str, Any]) -> _Model:
    """The `kind` of object (`Collection`, `Puzzle`, `SavedGame`, `Board` or
    `LevPuzzle`) that a JSON object describes, as its `to_dict` writes it.

    Only the text fields of boards and moves need parsing; every value is
    checked for its type.

    >>> board = loads_board("#####\\n#@$.#\\n#####")
    >>> board.to_dict()
    {'tessellation': 'Sokoban', 'board': '#####\\n#@$.#\\n#####'}
    >>> from_dict(Board, board.to_dict()) == board
    True

    Raises:
        ValidationError: unknown or missing keys, or values of the wrong type.
        ParseError: a board or a saved game's moves are malformed.
    """
    from ._json.dicts import READERS

    if not isinstance(kind, type) or kind not in READERS:
        readable = ", ".join(t.__name__ for t in READERS)
        raise TypeError(f"kind must be one of the classes {readable}, not {kind!r:.60}")
    checked(data, Mapping, "data", "a mapping (a JSON object)")
    result: _Model = READERS[kind](data)
    return result
