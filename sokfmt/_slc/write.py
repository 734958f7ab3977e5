"""Writing .slc files: a collection as the XML document Sokoban for Windows
writes, element for element, so that a file read and written again is the
same document."""

from __future__ import annotations

from xml.sax.saxutils import escape

from .._losses import NOT_XML
from ..board import FLOOR
from ..errors import ValidationError, quoted
from ..puzzle import Collection, Puzzle
from ..rle import DEFAULT_LIMIT
from ..tessellation import Tessellation
from .schema import MAX_TEXT, description_properties

_HEAD = (
    '<?xml version="1.0" encoding="utf-8"?>\n'
    '<SokobanLevels xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xsi:schemaLocation="SokobanLev.xsd">\n'
)
_ATTRIBUTE_ENTITIES = {'"': "&quot;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"}


def write_slc(collection: Collection) -> str:
    """See `sokfmt.dumps_slc`."""
    _refuse_what_slc_cannot_hold(collection)
    puzzles = collection.puzzles
    out = [_HEAD, f"  <Title>{_text(collection.title)}</Title>\n"]
    out.append(f"  <Description>\n{_text(_description(collection))}\n  </Description>\n")
    if collection.email:
        out.append(f"  <Email>{_text(collection.email)}</Email>\n")
    if collection.url:
        out.append(f"  <Url>{_text(collection.url)}</Url>\n")
    width = max((p.board.width for p in puzzles), default=0)
    height = max((p.board.height for p in puzzles), default=0)
    out.append(
        f"  <LevelCollection Copyright={_attribute(collection.author)} "
        f'MaxWidth="{width}" MaxHeight="{height}">\n'
    )
    out += map(_level, puzzles)
    out.append("  </LevelCollection>\n</SokobanLevels>\n")
    return "".join(out)


# The fields .slc has no element for, written as lines of the description.
_DATES = (("Date Created", "created_at"), ("Date of Last Change", "updated_at"))


def _description(collection: Collection) -> str:
    """The notes, and the dates as the ``Key: value`` lines a reader takes
    for them: where they stood (`Collection.fields_at`), when a reader takes
    them there; else after the notes, as Sokoban programs write them, unless
    the notes hold a line of a date that a reader would take first."""
    dates = {
        name: f"{key}: {getattr(collection, name)}"
        for key, name in _DATES
        if getattr(collection, name)
    }
    if not dates:
        return collection.notes
    notes = collection.notes.split("\n") if collection.notes else []
    placed = _in_place(notes, dates, collection.fields_at)
    if placed is not None:
        return placed
    if not collection.notes:
        return "\n".join(dates.values())
    named = {name for _, name, _ in description_properties(collection.notes)}
    first = bool(named & {"created_at", "updated_at"})
    lines = [*dates.values(), collection.notes] if first else [collection.notes, *dates.values()]
    return "\n".join(lines)


def _in_place(
    notes: list[str], dates: dict[str, str], fields_at: tuple[tuple[str, int], ...]
) -> str | None:
    """The notes with the date lines at the places `fields_at` gives (those
    it does not name after them), or None when it names none, or a reader
    would take another line for a date."""
    at: dict[str, int] = {}
    for name, above in fields_at:
        if name in dates:
            at.setdefault(name, min(above, len(notes)))
    if not at:
        return None
    lines: list[str] = []
    ours = set()  # the indexes of the date lines
    for index in range(len(notes) + 1):
        for name in [name for name, where in at.items() if where == index]:
            ours.add(len(lines))
            lines.append(dates[name])
        if index < len(notes):
            lines.append(notes[index])
    for name in [name for name in dates if name not in at]:
        ours.add(len(lines))
        lines.append(dates[name])
    text = "\n".join(lines)
    first: dict[str, int] = {}
    for index, name, _ in description_properties(text):
        first.setdefault(name, index)
    return text if {first.get(name) for name in dates} == ours else None


def _level(puzzle: Puzzle) -> str:
    board = puzzle.board
    copyright = f" Copyright={_attribute(puzzle.author)}" if puzzle.author else ""
    rows = "".join(f"      <L>{row.replace(FLOOR, ' ').rstrip(' ')}</L>\n" for row in board.rows)
    return (
        f'    <Level Id={_attribute(puzzle.title)} Width="{board.width}" '
        f'Height="{board.height}"{copyright}>\n{rows}    </Level>\n'
    )


def _text(value: str) -> str:
    """Element text; a CR is a reference, as XML reads a CR as a line break."""
    return escape(value, {"\r": "&#13;"})


def _attribute(value: str) -> str:
    """An attribute value in double quotes; white space other than spaces
    as references, which XML does not turn into spaces."""
    return '"' + escape(value, _ATTRIBUTE_ENTITIES) + '"'


def refuse_boards(collection: Collection) -> None:
    """Refuse the boards .slc cannot hold at all, whatever else is dropped:
    those that are not Sokoban, floor only (rows would show nothing), or
    larger than a reader takes.

    Raises:
        ValidationError: naming the first such puzzle.
    """
    for number, puzzle in enumerate(collection.puzzles, start=1):
        name = _puzzle_name(number, puzzle)
        if puzzle.tessellation is not Tessellation.SOKOBAN:
            raise ValidationError(
                f"{name} is {puzzle.tessellation.value}: .slc holds Sokoban boards only"
            )
        if not puzzle.board.cells or set("".join(puzzle.board.cells)) == {FLOOR}:
            raise ValidationError(f"{name} is floor only: .slc rows would show nothing")
        board = puzzle.board
        if board.width > MAX_TEXT or board.height * (board.width + 1) > DEFAULT_LIMIT:
            raise ValidationError(
                f"{name} is {board.width}x{board.height}: larger than a reader takes "
                f"(rows of {MAX_TEXT:,} squares, {DEFAULT_LIMIT:,} squares in all)"
            )


def _puzzle_name(number: int, puzzle: Puzzle) -> str:
    return f"Puzzle {number}" + (f" {quoted(puzzle.title, 40)}" if puzzle.title else "")


def _refuse_what_slc_cannot_hold(collection: Collection) -> None:
    """.slc has a place for titles, the description, the author's address and
    copyrights, and Sokoban boards; anything else would be lost."""
    refuse_boards(collection)
    lost = {"comments": bool(collection.comments)}
    for number, puzzle in enumerate(collection.puzzles, start=1):
        name = _puzzle_name(number, puzzle)
        held = {
            "saved games": bool(puzzle.saved_games),
            "notes": bool(puzzle.notes),
            "comments": bool(puzzle.comments),
            "a box order": bool(puzzle.boxorder),
            "a goal order": bool(puzzle.goalorder),
            "a title line": bool(puzzle.title_line),
        }
        for what, present in held.items():
            if present:
                raise ValidationError(f"{name} has {what}, which .slc cannot hold")
    for what, present in lost.items():
        if present:
            raise ValidationError(f"The collection has {what}, which .slc cannot hold")
    for name, value in (
        ("title", collection.title),
        ("notes", collection.notes),
        ("date of creation", collection.created_at),
        ("date of last change", collection.updated_at),
        ("email", collection.email),
        ("url", collection.url),
    ):
        _check_characters(f"The collection's {name}", value)
    for name, value in (
        ("title", collection.title),
        ("description (its notes and dates)", _description(collection)),
        ("email", collection.email),
        ("url", collection.url),
    ):
        if len(value) + 4 > MAX_TEXT:  # the description's line breaks and indentation
            raise ValidationError(
                f"The collection's {name} is longer than a reader takes ({MAX_TEXT:,} characters)"
            )
    lines = collection.notes.split("\n")
    for index, name, _ in description_properties(collection.notes):
        if not getattr(collection, name):
            raise ValidationError(
                f"The collection has no {_FIELD_NAMES[name]}, and its notes hold a line that a "
                f"reader would take for it: {quoted(lines[index])}"
            )
    for name, value in (
        ("title", collection.title),
        ("email", collection.email),
        ("url", collection.url),
        ("date of creation", collection.created_at),
        ("date of last change", collection.updated_at),
    ):
        if value != value.strip():
            raise ValidationError(
                f"The collection's {name} {quoted(value)} has white space around it, which "
                ".slc readers drop"
            )
    for puzzle in collection.puzzles:
        _check_characters(f"The title {quoted(puzzle.title, 40)}", puzzle.title)
        _check_characters(f"The author {quoted(puzzle.author, 40)}", puzzle.author)
    _check_characters("The collection's author", collection.author)


_FIELD_NAMES = {
    "title": "title",
    "author": "author",
    "created_at": "date of creation",
    "updated_at": "date of last change",
    "email": "email",
    "url": "url",
}


def _check_characters(what: str, value: str) -> None:
    found = NOT_XML.search(value)
    if found:
        raise ValidationError(f"{what} holds {found[0]!r}, which XML 1.0 cannot hold")
