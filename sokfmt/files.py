"""Files by name: the format of each extension, and `load`/`dump`, which
choose the reader and the writer by it.  The command uses the same table."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, overload

from . import _losses
from ._arguments import (
    checked,
    checked_flag,
    checked_format,
    checked_reader_options,
    checked_tessellation,
    is_path,
)
from ._deprecated import keyword_only_since_0_3, reader_options_of_0_2
from ._files import FileLike
from ._json.text import document_text, placed_values
from ._json.text import loads as json_loads
from ._losses import Loss
from .errors import Diagnostic, JsonValueError, ParseError, ValidationError, quoted, warn
from .formats import (
    dumps_lev,
    dumps_slc,
    dumps_sok,
    load_lev,
    load_slc_handing_on,
    load_sok_handing_on,
    loads_lev,
    loads_slc,
    loads_sok,
)
from .lev import LevPuzzle
from .puzzle import Collection, Puzzle
from .tessellation import Tessellation

__all__ = (
    "FILE_FORMATS",
    "FileFormat",
    "Loss",
    "dump",
    "dumps",
    "file_format",
    "load",
    "loads",
    "losses",
)


@dataclass(frozen=True, slots=True)
class FileFormat:
    """A file format sokfmt reads and writes.

    `holds` says what a file holds: "collection" (of Sokoban-family
    puzzles), "lev" (a sliding-block puzzle), or both.  `tessellation` is
    what puzzles without a ``Game:`` line are (None: the caller's choice,
    Sokoban by default); `saved_games` says whether the format holds them
    (writing a collection that has some into one that does not is refused
    unless it is asked to be lossy).

    >>> hexoban = file_format("levels.hsb")
    >>> hexoban.name, hexoban.tessellation, hexoban.saved_games
    ('hsb', <Tessellation.HEXOBAN: 'Hexoban'>, False)
    """

    name: str
    extensions: tuple[str, ...]
    description: str
    tessellation: Tessellation | None = None
    saved_games: bool = False
    holds: tuple[str, ...] = ("collection",)


#: Every format, in the order the command lists them.
FILE_FORMATS = (
    FileFormat("sok", (".sok",), "SokobanYASC collection", saved_games=True),
    FileFormat("xsb", (".xsb", ".txt"), "level file with the .sok board legend"),
    FileFormat("hsb", (".hsb",), "Hexoban level file", Tessellation.HEXOBAN),
    FileFormat("tsb", (".tsb",), "Trioban level file", Tessellation.TRIOBAN),
    FileFormat("slc", (".slc",), "Sokoban for Windows XML collection"),
    FileFormat("lev", (".lev",), "bloksi/glotski sliding-block puzzle", holds=("lev",)),
    FileFormat(
        "json", (".json",), "sokfmt's JSON of either", saved_games=True, holds=("collection", "lev")
    ),
)
_BY_NAME = {format.name: format for format in FILE_FORMATS}
_BY_EXTENSION = {extension: format for format in FILE_FORMATS for extension in format.extensions}


@keyword_only_since_0_3("name")
def file_format(
    path: str | os.PathLike[str] | None = None, *, name: str | None = None
) -> FileFormat:
    """The format called `name`, else that of `path`'s extension.

    >>> file_format("levels.txt").name
    'xsb'
    >>> file_format(name="json").holds
    ('collection', 'lev')

    Raises:
        ValidationError: no format has that name or extension (the message
            lists those that do).
    """
    if path is not None:
        checked(path, (str, os.PathLike), "path", "a path (a str or os.PathLike)")
    if name is not None:
        checked(name, str, "name", "a format's name (a str)")
        if name not in _BY_NAME:
            raise ValidationError(f"Unknown format {name!r}; sokfmt knows {', '.join(_BY_NAME)}")
        return _BY_NAME[name]
    suffix = Path(path or "").suffix.lower()
    if suffix not in _BY_EXTENSION:
        known = ", ".join(_BY_EXTENSION)
        raise ValidationError(
            f"Cannot tell the format of {os.fspath(path or '')!r} by its extension; "
            f"sokfmt knows {known}"
        )
    return _BY_EXTENSION[suffix]


# Without a format, `load` reads collections only, so that its type is
# Collection; naming the format reads a .lev puzzle, and "json" either kind.
_COLLECTION_FORMATS = Literal["sok", "xsb", "hsb", "tsb", "slc"]


@overload
def load(
    file: FileLike,
    *,
    format: Literal["lev"],
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> LevPuzzle: ...


@overload
def load(
    file: FileLike,
    *,
    format: _COLLECTION_FORMATS | None = None,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection: ...


@overload
def load(
    file: FileLike,
    *,
    format: str,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection | LevPuzzle: ...


@reader_options_of_0_2(hooked="load_handing_on", instead="sokfmt.iter_sok or sokfmt.iter_slc")
def load(
    file: FileLike,
    *,
    format: str | None = None,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection | LevPuzzle:
    """The collection in `file`, read in the format its extension names; or
    what `file` holds in `format` (a name of `FILE_FORMATS`; needed for a
    file object): a .lev puzzle with "lev", either kind with "json".

    Without `format`, only a collection is read (so that the result is typed
    `Collection`): a .lev file, or JSON of a .lev puzzle, is refused with a
    message that says to name the format.

    `encoding` works as for the reader of the format (`load_sok`,
    `load_slc`, `load_lev`; JSON text is decoded with it too).
    `tessellation` is for puzzles without a ``Game:`` line where the format
    does not fix it: .sok and .xsb.  Where it can change nothing (.lev;
    JSON, whose puzzles name their own; .hsb, .tsb and .slc, which are
    Hexoban, Trioban and Sokoban, unless it names that one), the file is
    read as it says and a `SokfmtWarning` says so (LOAD101, once, at line
    1, column 1 in `diagnostics` when given): an option that cannot do what
    it asks is not passed over in silence, nor refused, since a program
    that reads many files may give it to each.  `strict` works as for
    `load_lev` (the sections the .lev format does not document are errors,
    LEV113), and warns so for any other format (JSON too: it holds unknown
    sections as data).  `diagnostics`, `check_content` and
    `check_games` work as for `loads_sok` (.lev files have no content
    checks, and only the .sok family and JSON hold saved games); a problem
    of JSON that the checks find is placed in its text (a board's string,
    the letter of a move), while JSON that cannot be read still raises.

    >>> from importlib.resources import as_file, files
    >>> with as_file(files("sokfmt") / "samples" / "tiny.sok") as path:
    ...     collection = load(path)
    >>> [puzzle.title for puzzle in collection.puzzles]
    ['Tiny', 'Open']

    Raises:
        ValidationError: an unknown format, JSON that is not a collection
            or .lev puzzle, or a .lev puzzle when no format was named.
        ParseError: the text is not valid in its format.
        OSError: the file cannot be read.
    """
    return load_handing_on(
        file,
        format=format,
        encoding=encoding,
        tessellation=tessellation,
        strict=strict,
        diagnostics=diagnostics,
        check_content=check_content,
        check_games=check_games,
    )


def load_handing_on(
    file: FileLike,
    *,
    format: str | None = None,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
) -> Collection | LevPuzzle:
    """`load`, which calls `on_puzzle` with each puzzle of a collection as
    `formats.loads_sok_handing_on` does (those of JSON once it is read):
    the command's progress, and the ``on_puzzle=`` of 0.2."""
    checked_format(format, optional=True)
    checked_tessellation(tessellation)
    checked_flag(strict, "strict")
    checked_reader_options(diagnostics, check_content, check_games)
    if is_path(file) and os.path.isdir(file):
        raise ValidationError(
            f"{os.fspath(file)} is a folder: load reads one file (sokfmt check, convert and "
            "dedup read folders)"
        )
    chosen = file_format(_named(file, format), name=format)
    _report_unused_options(chosen, tessellation, strict, check_content, check_games, diagnostics)
    item: Collection | LevPuzzle
    if chosen.name in ("sok", "xsb", "hsb", "tsb"):
        return load_sok_handing_on(
            file,
            encoding=encoding,
            tessellation=chosen.tessellation or tessellation,
            diagnostics=diagnostics,
            check_content=check_content,
            check_games=check_games,
            on_puzzle=on_puzzle,
        )
    if chosen.name == "slc":
        return load_slc_handing_on(
            file,
            encoding=encoding,
            diagnostics=diagnostics,
            check_content=check_content,
            check_games=check_games,
            on_puzzle=on_puzzle,
        )
    if chosen.name == "lev" and format is None:
        raise _not_a_collection(file, "lev")
    if chosen.name == "lev":
        return load_lev(file, encoding=encoding, strict=strict, diagnostics=diagnostics)
    from ._files import read_bytes, read_text

    # JSON finds its own encoding in its bytes (RFC 8259) unless one is given.
    data = read_bytes(file) if encoding is None else read_text(file, encoding)
    item = json_item(
        data,
        diagnostics=diagnostics,
        check_content=check_content,
        check_games=check_games,
        on_puzzle=on_puzzle,
    )
    if isinstance(item, LevPuzzle) and format is None:  # (no checks ran: they are a collection's)
        raise _not_a_collection(file, "json")
    return item


#: The tessellation of every puzzle of a format that fixes it, and so has
#: no use for `tessellation=` (.slc boards are Sokoban: SokobanYASC's
#: format has no other).
_FIXED_TESSELLATIONS = {
    **{f.name: f.tessellation for f in FILE_FORMATS if f.tessellation is not None},
    "slc": Tessellation.SOKOBAN,
}

#: Why `tessellation=` has no effect on the formats that never use it.
_NO_TESSELLATION = {
    "lev": "a .lev file holds a sliding-block puzzle, which has none",
    "json": "the puzzles of JSON name their own",
}

#: The code of the warning that an option of `load` or `loads` has no
#: effect on the format read.
UNUSED_OPTION = "LOAD101"


def unused_tessellation(chosen: FileFormat, tessellation: Tessellation | None) -> str:
    """Why `tessellation`, given to read a file of the `chosen` format, has
    no effect on it; "" when it has one (.sok, .xsb), when none is given,
    or when it names the tessellation the format fixes (Hexoban for .hsb).

    >>> unused_tessellation(file_format(name="slc"), Tessellation.HEXOBAN)
    'A tessellation (Hexoban) was given, which has no effect on .slc files: they are Sokoban'
    """
    if tessellation is None or chosen.name in ("sok", "xsb"):
        return ""
    fixed = _FIXED_TESSELLATIONS.get(chosen.name)
    if fixed is tessellation:
        return ""
    why = f"they are {fixed.value}" if fixed is not None else _NO_TESSELLATION[chosen.name]
    return (
        f"A tessellation ({tessellation.value}) was given, which has no effect on "
        f".{chosen.name} files: {why}"
    )


def unused_strict(chosen: FileFormat, strict: bool) -> str:
    """Why `strict`, given to read a file of the `chosen` format, has no
    effect on it; "" when it has one (.lev), or is False.  It makes the
    sections that the .lev format does not document (LEV113) errors: only
    .lev text has them (JSON holds a puzzle's unknown sections as data, its
    "unknown" list, read without a warning).

    >>> unused_strict(file_format(name="sok"), True).split(": ")[1]
    'only .lev files have sections it refuses'
    >>> unused_strict(file_format(name="lev"), True)
    ''
    """
    if not strict or chosen.name == "lev":
        return ""
    return (
        f"strict=True was given, which has no effect on .{chosen.name} files: "
        "only .lev files have sections it refuses"
    )


def unused_checks(chosen: FileFormat, check_content: bool | None, check_games: bool) -> str:
    """Why a check asked for (`check_content=True`, `check_games=True`)
    has no effect on a file of the `chosen` format; "" when each has one.
    Neither .slc nor .lev files hold saved games, and .lev puzzles have no
    content checks (JSON may hold either kind: it is not known before).

    >>> unused_checks(file_format(name="slc"), None, True).split(": ")[1]
    'they hold no saved games'
    >>> unused_checks(file_format(name="lev"), True, False).split(": ")[1]
    'sokfmt checks the content of puzzles of the Sokoban family alone'
    """
    if check_games and chosen.name in ("slc", "lev"):
        return (
            f"check_games=True was given, which has no effect on .{chosen.name} files: "
            "they hold no saved games"
        )
    if check_content and chosen.name == "lev":
        return (
            "check_content=True was given, which has no effect on .lev files: "
            "sokfmt checks the content of puzzles of the Sokoban family alone"
        )
    return ""


def _report_unused_options(
    chosen: FileFormat,
    tessellation: Tessellation | None,
    strict: bool,
    check_content: bool | None,
    check_games: bool,
    diagnostics: list[Diagnostic] | None,
) -> None:
    """The warnings of `load` and `loads` for the options given that the
    `chosen` format has no use for, in the order of their signature."""
    for why in (
        unused_tessellation(chosen, tessellation),
        unused_strict(chosen, strict),
        unused_checks(chosen, check_content, check_games),
    ):
        _report_unused(why, diagnostics)


def _report_unused(why: str, diagnostics: list[Diagnostic] | None) -> None:
    """The warning (`UNUSED_OPTION`) that an option has no effect, `why`,
    if there is one: in `diagnostics` at the start of the text (it is about
    the whole file), else to Python's `warnings`, without a line."""
    if not why:
        return
    if diagnostics is not None:
        diagnostics.append(Diagnostic("warning", UNUSED_OPTION, why, 1, 1, 0))
    else:
        warn(f"{UNUSED_OPTION} {why}")


def _named(file: object, format: str | None) -> str | os.PathLike[str] | None:
    """The path whose extension names the format of `file` when `format`
    does not: `file` itself, or the name of the file a file object reads
    (``open("p.sok", "rb").name``).

    Raises:
        ValidationError: a file object without a name, and no `format`.
    """
    if is_path(file):
        return file
    if not (callable(getattr(file, "read", None)) or callable(getattr(file, "write", None))):
        raise ValidationError(
            f"file must be a path (a str or os.PathLike) or a file object, not {file!r:.60}"
        )
    name = getattr(file, "name", None)
    if format is None and not (isinstance(name, str) and Path(name).suffix):
        raise ValidationError("A file object has no extension: name its format")
    return name if format is None else None


def _not_a_collection(file: FileLike, format: str) -> ValidationError:
    name = os.fspath(file) if isinstance(file, (str, os.PathLike)) else "The file"
    return ValidationError(
        f"{name} holds a sliding-block puzzle, not a collection: "
        f"read it with load(file, format={format!r})"
    )


@overload
def loads(
    text: str | bytes,
    format: Literal["lev"],
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> LevPuzzle: ...


@overload
def loads(
    text: str | bytes,
    format: _COLLECTION_FORMATS,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection: ...


@overload
def loads(
    text: str | bytes,
    format: str,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection | LevPuzzle: ...


@reader_options_of_0_2()
def loads(
    text: str | bytes,
    format: str,
    *,
    encoding: str | None = None,
    tessellation: Tessellation | None = None,
    strict: bool = False,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
) -> Collection | LevPuzzle:
    """What `text` holds in `format` (a name of `FILE_FORMATS`): a collection,
    a .lev puzzle with "lev", either kind with "json" (as `to_dict` writes
    them).  Bytes are decoded as `load` decodes a file's, in `encoding` when
    it is given (text is read as it is: `encoding` with text warns, LOAD101).
    The options work as for `load` (an option the format has no use for
    warns, LOAD101).

    >>> loads("Title\\n#####\\n#@$.#\\n#####\\n", "sok").puzzles[0].title
    'Title'

    Raises:
        ValidationError: an unknown format, or JSON that is not a
            collection or .lev puzzle.
        ParseError: the text is not valid in its format (`JsonSyntaxError`
            for JSON, at its line and column).
    """
    from ._files import codec_name, decode

    checked(text, (str, bytes, bytearray), "text", "a str or bytes")
    checked_format(format)
    checked_tessellation(tessellation)
    checked_flag(strict, "strict")
    checked_reader_options(diagnostics, check_content, check_games)
    chosen = file_format(name=format)
    _report_unused_options(chosen, tessellation, strict, check_content, check_games, diagnostics)
    codec = codec_name(encoding)  # (None without one; an unknown one is refused)
    if codec is not None:
        if isinstance(text, str):
            why = f"encoding={encoding!r} was given, which has no effect on a str (it is text)"
            _report_unused(why, diagnostics)
        else:
            text = decode(bytes(text), codec)
    if chosen.name == "json":
        return json_item(
            text, diagnostics=diagnostics, check_content=check_content, check_games=check_games
        )
    if chosen.name == "slc":
        return loads_slc(
            text, diagnostics=diagnostics, check_content=check_content, check_games=check_games
        )
    if not isinstance(text, str):
        text = decode(bytes(text))
    if chosen.name == "lev":
        return loads_lev(text, strict=strict, diagnostics=diagnostics)
    return loads_sok(
        text,
        tessellation=chosen.tessellation or tessellation,
        diagnostics=diagnostics,
        check_content=check_content,
        check_games=check_games,
    )


def json_item(
    data: bytes | str,
    *,
    diagnostics: list[Diagnostic] | None = None,
    check_content: bool | None = None,
    check_games: bool = False,
    on_puzzle: Callable[[Puzzle], object] | None = None,
) -> Collection | LevPuzzle:
    """The collection or .lev puzzle of a JSON document (as `to_dict` writes
    them).  The puzzles of a collection are checked as `loads_sok` checks
    them (`check_content`, `check_games`, and where their problems go:
    `diagnostics`), each problem at its place in the JSON text, and handed
    to `on_puzzle` after their problems.

    Raises:
        JsonSyntaxError: not JSON, at its line and column.
        ParseError: a malformed board or moves string, at its place in the
            JSON text; with `check_games` and no `diagnostics`, an illegal
            step (`IllegalStepError`) at its letter.
        JsonValueError: JSON that is not a collection or .lev puzzle (a
            `ValidationError`), at the key or value at fault.
        DecodeError: bytes that are not text in their JSON encoding
            (UTF-8, UTF-16 or UTF-32), at their line and column.
        ValidationError: JSON that Python cannot hold.
    """
    text = document_text(data)
    document = json_loads(text)
    try:
        item = _from_document(document)
    except (ParseError, ValidationError) as error:
        # Read again from values that know their place in the text, which
        # places the same error there.
        _from_placed_document(text)
        raise error  # pragma: no cover - the second reading raises
    if isinstance(item, Collection):
        from ._json.checks import check_collection

        check_collection(
            item,
            document,
            text,
            diagnostics,
            check_games,
            on_puzzle or (lambda puzzle: None),
            content=check_content,
        )
    return item


def _from_placed_document(text: str) -> Collection | LevPuzzle:
    """The item of JSON `text` read from values that know their place in it:
    an error is raised at its key or value, or at the document's first
    character when it is about the whole (a collection that is not an
    object, or breaks an invariant of `Collection`)."""
    placed = placed_values(text)
    try:
        return _from_document(placed)
    except ValidationError as error:
        if isinstance(error, ParseError):
            raise
        first = len(text) - len(text.lstrip(" \t\n\r"))
        raise JsonValueError.at(str(error), text=text, pos=first) from None


def _from_document(document: Any) -> Collection | LevPuzzle:
    # The readers themselves, not `from_dict`, whose caller's `data` must be
    # a mapping: a document that is not says what it should be.
    from ._json.dicts import READERS

    if isinstance(document, dict) and "initial" in document:
        return READERS[LevPuzzle](document)  # type: ignore[no-any-return]
    return READERS[Collection](document)  # type: ignore[no-any-return]


def dumps(
    item: Collection | LevPuzzle,
    format: str,
    *,
    rle: bool = False,
    lossy: bool = False,
    classic: bool = False,
) -> str:
    """The text of `item` in `format` (a name of `FILE_FORMATS`).

    Boards are run-length encoded with `rle` (.sok and its kin), or drawn
    as classic files draw them with `classic` (blanks for floor, no floor at
    the end of rows); .xsb, .hsb and .tsb titles are written "; Title".
    What the format has no place for (`losses`: saved games in .xsb, the
    notes of puzzles in .slc, white space around a title in .sok...) is
    dropped only with `lossy`.

    >>> collection = loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n")
    >>> print(dumps(collection, "xsb"), end="")
    ; Tiny
    #####
    #@$.#
    #####
    >>> loads(dumps(collection, "json"), "json") == collection
    True

    Raises:
        ValidationError: the format cannot hold `item` (a .lev puzzle as a
            collection, a Hexoban puzzle in .tsb or .slc, a board whose
            rows .sok would read otherwise...), or, without `lossy`, would
            lose some of it (the message names what, and where).
    """
    return text_of(item, format, rle=rle, lossy=lossy, classic=classic, remedy="lossy=True drops")


def text_of(
    item: Collection | LevPuzzle,
    format: str,
    *,
    rle: bool,
    lossy: bool,
    classic: bool,
    remedy: str,
) -> str:
    """`dumps`, whose refusal of a loss says what `remedy` does about it
    ("--lossy drops" in the command).  What the format cannot hold at all
    is refused first: no remedy would help."""
    _checked_item(item)
    checked_format(format)
    for flag, value in (("rle", rle), ("lossy", lossy), ("classic", classic)):
        checked_flag(value, flag)
    chosen = file_format(name=format)
    if chosen.name == "json":
        return json.dumps(item.to_dict(), ensure_ascii=False, indent=2) + "\n"
    if ("lev" if isinstance(item, LevPuzzle) else "collection") not in chosen.holds:
        what = "A sliding-block puzzle" if isinstance(item, LevPuzzle) else "A collection"
        raise ValidationError(f"{what} cannot be written as .{chosen.name}")
    if isinstance(item, LevPuzzle):
        return dumps_lev(item)
    if chosen.tessellation is not None:
        _refuse_other_tessellations(item, chosen)
    if chosen.name == "slc":
        from ._slc.write import refuse_boards  # imports xml.sax: only when needed

        refuse_boards(item)
    lost, kept = _losses.lost_and_kept(item, chosen.name)
    if lost and not lossy:
        raise ValidationError(_losses.refusal(item, chosen.name, lost, remedy))
    item = kept
    if chosen.name == "slc":
        return dumps_slc(item)
    style: dict[str, Any] = {"floor": " ", "pad": False} if classic else {}
    return dumps_sok(item, rle=rle, semicolon_titles=chosen.name != "sok", **style)


def losses(item: Collection | LevPuzzle, format: str) -> tuple[Loss, ...]:
    """What writing `item` in `format` (a name of `FILE_FORMATS`) would
    lose: what `dumps` refuses to write unless `lossy`, and then drops.
    Each kind of loss (`Loss.kind`: saved games, the notes of puzzles...)
    comes once, with how many there are and in which puzzles.  What a format
    cannot hold at all (a Hexoban board in .slc) is no loss: `dumps`
    refuses it either way.

    >>> collection = loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n\\nSolution\\nR\\n")
    >>> losses(collection, "xsb")
    (Loss(kind='saved games', count=1, puzzles=((1, 'Tiny'),), collection=False, example=''),)
    >>> losses(collection, "sok")
    ()

    Raises:
        ValidationError: an unknown format.
    """
    _checked_item(item)
    checked_format(format)
    chosen = file_format(name=format)
    if isinstance(item, LevPuzzle):
        return ()
    return _losses.losses(item, chosen.name)


def dump(
    item: Collection | LevPuzzle,
    file: FileLike,
    *,
    format: str | None = None,
    rle: bool = False,
    lossy: bool = False,
    classic: bool = False,
) -> None:
    """Write `item` to `file` in the format its extension names, or in
    `format` (needed for a file object); see `dumps`.  A path is written
    in UTF-8; a file object gets UTF-8 bytes, or text when it is opened in
    text mode.

    >>> import pathlib, tempfile
    >>> collection = loads_sok("Tiny\\n#####\\n#@$.#\\n#####\\n")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder, "tiny.xsb")
    ...     dump(collection, path)
    ...     print(path.read_text(encoding="utf-8"), end="")
    ; Tiny
    #####
    #@$.#
    #####

    Raises:
        ValidationError: as `dumps`, before the file is touched; a file
            object without `format`.
        OSError: the file cannot be written.
    """
    from ._files import write_text

    checked_format(format, optional=True)
    text = dumps(
        item,
        file_format(_named(file, format), name=format).name,
        rle=rle,
        lossy=lossy,
        classic=classic,
    )
    write_text(file, text)


def _checked_item(item: object) -> None:
    checked(item, (Collection, LevPuzzle), "item", "a Collection or a LevPuzzle")


def _refuse_other_tessellations(collection: Collection, chosen: FileFormat) -> None:
    assert chosen.tessellation is not None
    for number, puzzle in enumerate(collection.puzzles, start=1):
        if puzzle.tessellation is not chosen.tessellation:
            raise ValidationError(
                f"Puzzle {number}"
                + (f" {quoted(puzzle.title, 40)}" if puzzle.title else "")
                + f" is {puzzle.tessellation.value}: .{chosen.name} files hold "
                f"{chosen.tessellation.value} puzzles only"
            )
