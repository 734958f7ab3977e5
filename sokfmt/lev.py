"""Sliding-block puzzles of glotski and bloksi: the .lev format."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import ValidationError

__all__ = (
    "DEFAULT_COLOR",
    "LevPuzzle",
    "Piece",
    "UnknownSection",
)

RGB = tuple[int, int, int]

#: The color of a piece without a ``color`` section: the description says
#: "greenish" and no more.
DEFAULT_COLOR: RGB = (60, 179, 113)

EMPTY = "."
# The kinds of items a file holds, in the order the writer uses by default.
KINDS = ("comment", "size", "initial", "target", "color", "end", "img", "fgimg", "bgimg", "unknown")


@dataclass(frozen=True, slots=True)
class UnknownSection:
    """A section whose keyword the description does not document, kept verbatim.
    `line` (where it started in the file it came from) is not part of equality.

    >>> found = []
    >>> puzzle = loads_lev("size 1 1\\ninitial\\nA\\nfrob 1 2\\n", diagnostics=found)
    >>> puzzle.unknown
    (UnknownSection(text='frob 1 2', line=4),)
    >>> puzzle.unknown[0].keyword, [problem.code for problem in found]
    ('frob', ['LEV113'])
    """

    text: str
    line: int = field(default=0, compare=False)

    @property
    def keyword(self) -> str:
        words = self.text.replace("\t", " ").split(" ")
        return next((word for word in words if word), "")


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece: its label, the cells it covers in the initial position, its color.

    >>> puzzle = loads_lev("size 3 1\\ninitial\\nA.B\\ntarget\\n.A.\\ncolor A 127 0 0\\nend\\n")
    >>> puzzle.pieces["A"]
    Piece(label='A', cells=frozenset({(0, 0)}), color=(127, 0, 0))
    """

    label: str
    cells: frozenset[tuple[int, int]]
    color: RGB


@dataclass(frozen=True, slots=True)
class LevPuzzle:
    """A sliding-block puzzle.

    `initial` and `target` are rows of `width` characters: a label or ``.``
    (empty in `initial`, "don't care" in `target`; no target is ``()``).
    `colors` and `images` are (label, value) pairs in file order.  `layout`
    is the order of the file's items (``"size"``, ``"color"``, ...), so that
    writing the puzzle back keeps it; built with an empty layout, a puzzle
    takes the usual order (pass ``layout=()`` to `dataclasses.replace` when
    adding or removing items).

    >>> puzzle = loads_lev("size 3 1\\ninitial\\nA.B\\ntarget\\n.A.\\ncolor A 127 0 0\\nend\\n")
    >>> puzzle.width, puzzle.height, puzzle.initial, puzzle.target
    (3, 1, ('A.B',), ('.A.',))
    >>> sorted(puzzle.pieces)
    ['A', 'B']
    """

    width: int
    height: int
    initial: tuple[str, ...]
    target: tuple[str, ...] = ()
    colors: tuple[tuple[str, RGB], ...] = ()
    images: tuple[tuple[str, str], ...] = ()
    foreground: str = ""
    background: str = ""
    end: bool = False
    comments: tuple[str, ...] = ()
    unknown: tuple[UnknownSection, ...] = ()
    layout: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Check everything `loads_lev` checks, so that whatever is built
        here can be written by `dumps_lev` and read back equal; an empty
        `layout` becomes the usual order."""
        for problem in _problems(self):
            raise ValidationError(problem)
        if not self.layout:
            object.__setattr__(self, "layout", tuple(self._items()))

    @classmethod
    def _trusted(cls, **fields: Any) -> LevPuzzle:
        """A puzzle from every field, as the reader built and checked them
        (no checks: the reader's rules are those of `__post_init__`)."""
        puzzle = object.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(puzzle, name, value)
        return puzzle

    def _items(self) -> list[str]:
        """The kinds of this puzzle's items, in the usual order."""
        counts = {
            "comment": len(self.comments),
            "size": 1,
            "initial": 1,
            "target": int(bool(self.target)),
            "color": len(self.colors),
            "end": int(self.end),
            "img": len(self.images),
            "fgimg": int(bool(self.foreground)),
            "bgimg": int(bool(self.background)),
            "unknown": len(self.unknown),
        }
        return [kind for kind in KINDS for _ in range(counts[kind])]

    @property
    def pieces(self) -> dict[str, Piece]:
        """Every piece of the initial position, by label."""
        colors = dict(self.colors)
        cells: dict[str, set[tuple[int, int]]] = {}
        for r, row in enumerate(self.initial):
            for c, label in enumerate(row):
                if label != EMPTY:
                    cells.setdefault(label, set()).add((r, c))
        return {
            label: Piece(label, frozenset(found), colors.get(label, DEFAULT_COLOR))
            for label, found in cells.items()
        }

    def __str__(self) -> str:
        """The .lev text, its items in `layout` order (`sokfmt.dumps_lev`)."""
        return _text(self)

    # -------------------------------------------------------------------- JSON

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as a JSON object (colors and images as objects by label)."""
        return {
            "width": self.width,
            "height": self.height,
            "initial": list(self.initial),
            "target": list(self.target),
            "colors": {label: list(rgb) for label, rgb in self.colors},
            "images": dict(self.images),
            "foreground": self.foreground,
            "background": self.background,
            "end": self.end,
            "comments": list(self.comments),
            "unknown": [section.text for section in self.unknown],
            "layout": list(self.layout),
        }


# What the reader takes for a keyword line, and so what other lines may not start with.
_KEYWORDS = ("size", "initial", "target", "color", "end", "img", "fgimg", "bgimg")
_WORDS = re.compile(r"[^ \t]+")
_ROW = re.compile(r"[ \t]*[0-9A-Za-z.]+[ \t]*")
#: Sizes have at most 9 digits (the reader refuses more).
MAX_SIZE = 999_999_999
#: The largest value of a color's red, green or blue (the smallest is 0).
MAX_COLOR = 255


def _is_label(cell: object) -> bool:
    return isinstance(cell, str) and len(cell) == 1 and cell.isascii() and cell.isalnum()


def _first_word(line: str) -> str:
    found = _WORDS.search(line)
    return found[0] if found else ""


def _is_file_name(name: object) -> bool:
    """What the reader takes for a file name: the rest of the line, without
    the spaces and tabs around it."""
    return isinstance(name, str) and name == name.strip(" \t") and name != "" and _one_line(name)


def _one_line(text: str) -> bool:
    return "\n" not in text and "\r" not in text


def _problems(puzzle: LevPuzzle) -> Iterator[str]:
    """What keeps `puzzle` from being a valid .lev file, first things first."""
    for name in ("width", "height"):
        value = getattr(puzzle, name)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIZE:
            yield f"{name} must be a whole number from 1 to {MAX_SIZE:,}, not {value!r}"
            return
    for name in ("initial", "target"):
        rows = getattr(puzzle, name)
        if not isinstance(rows, tuple) or not all(isinstance(row, str) for row in rows):
            yield f"{name} must be a tuple of strings"
            return
        if rows and (len(rows) != puzzle.height or any(len(r) != puzzle.width for r in rows)):
            yield f"{name} must be {puzzle.height} rows of {puzzle.width} cells"
            return
        if any(not (c == EMPTY or _is_label(c)) for row in rows for c in row):
            yield f"{name} cells must be '.' or an alphanumeric label"
            return
    if not puzzle.initial:
        yield "initial must hold the rows of the initial position"
        return
    for label, _, is_piece in misplaced(puzzle.initial, puzzle.target):
        if not is_piece:
            yield f"Label {label!r} of target is no piece of initial"
        else:
            yield f"Piece {label!r} has another shape in target than in initial"
    yield from _labelled_problems(puzzle, set("".join(puzzle.initial)) - {EMPTY})
    for name in ("foreground", "background"):
        value = getattr(puzzle, name)
        if value != "" and not _is_file_name(value):
            yield f"{name} must be a file name on one line without spaces around it, not {value!r}"
    if not isinstance(puzzle.end, bool):
        yield f"end must be True or False, not {puzzle.end!r}"
    if not isinstance(puzzle.comments, tuple) or not all(
        isinstance(c, str) and c.startswith(";") and _one_line(c) for c in puzzle.comments
    ):
        yield "comments must be a tuple of lines that begin with ';'"
    yield from _unknown_problems(puzzle.unknown)
    yield from _layout_problems(puzzle)


def _labelled_problems(puzzle: LevPuzzle, labels: set[str]) -> Iterator[str]:
    for name, pairs in (("colors", puzzle.colors), ("images", puzzle.images)):
        if not isinstance(pairs, tuple) or not all(
            isinstance(pair, tuple) and len(pair) == 2 for pair in pairs
        ):
            yield f"{name} must be a tuple of (label, value) pairs"
            return
        seen = set()
        for label, value in pairs:
            if label not in labels:
                yield f"{name} holds {label!r}, which is no piece of initial"
            elif label in seen:
                yield f"{name} holds {label!r} twice"
            seen.add(label)
            if name == "images" and not _is_file_name(value):
                yield f"the image of {label!r} must be a file name on one line, not {value!r}"
            if name == "colors" and not (
                isinstance(value, tuple)
                and len(value) == 3
                and all(
                    isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_COLOR
                    for v in value
                )
            ):
                wanted = f"three whole numbers 0..{MAX_COLOR}"
                yield f"color of {label!r} must be {wanted}, not {value!r}"


def _unknown_problems(sections: object) -> Iterator[str]:
    if not isinstance(sections, tuple) or not all(isinstance(s, UnknownSection) for s in sections):
        yield "unknown must be a tuple of UnknownSection"
        return
    for section in sections:
        lines = section.text.split("\n") if isinstance(section.text, str) else [None]
        for line in lines:
            if not isinstance(line, str) or "\r" in line or not line.strip(" \t"):
                yield (
                    "An unknown section must be lines of text without blank lines, "
                    f"not {section.text!r}"
                )
                break
            if line.startswith(";") or _first_word(line) in _KEYWORDS:
                yield (
                    f"An unknown section cannot hold {line!r}: it would be read as "
                    + ("a comment" if line.startswith(";") else f"a {_first_word(line)!r} line")
                )
                break


def _layout_problems(puzzle: LevPuzzle) -> Iterator[str]:
    layout = puzzle.layout
    if not isinstance(layout, tuple):
        yield "layout must be a tuple of item kinds"
    elif layout and sorted(layout) != sorted(puzzle._items()):
        yield "layout must list exactly the puzzle's items"
    elif layout and layout.index("size") > min(
        layout.index(kind) for kind in ("initial", "target") if kind in layout
    ):
        yield "layout must put size before initial and target"


def misplaced(
    initial: tuple[str, ...], target: tuple[str, ...]
) -> Iterator[tuple[str, tuple[int, int], bool]]:
    """Rule 5 of lev.lark (target_shapes), for the reader and the model alike:
    each label of `target` whose cells are no translated copy of a piece of
    `initial`, in the order of their first cells (row by row), with its first
    cell (row, column) and whether it is a piece of `initial` at all."""
    pieces = "".join(initial)
    width = len(initial[0])
    for label, cells in _cells(target).items():
        shape = _cells_of(pieces, width, label)
        if not shape or not _is_moved_copy(shape, cells):
            yield label, min(cells), bool(shape)


def _cells(rows: tuple[str, ...]) -> dict[str, set[tuple[int, int]]]:
    """Each label's cells in `rows`, in the order of their first cells."""
    cells: dict[str, set[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, label in enumerate(row):
            if label != EMPTY:
                cells.setdefault(label, set()).add((r, c))
    return cells


def _cells_of(cells: str, width: int, label: str) -> set[tuple[int, int]]:
    """The cells (row, column) of `label` in a position's `cells`, row after row."""
    found = set()
    at = cells.find(label)
    while at >= 0:
        found.add(divmod(at, width))
        at = cells.find(label, at + 1)
    return found


def _is_moved_copy(shape: set[tuple[int, int]], cells: set[tuple[int, int]]) -> bool:
    """Whether `cells` are `shape` moved (translated) as a whole."""
    (top, left), (row, column) = min(shape), min(cells)
    return {(r + row - top, c + column - left) for r, c in shape} == cells


def _text(puzzle: LevPuzzle) -> str:
    """The .lev text of `puzzle`, its items in `puzzle.layout` order.  A blank
    line follows each unknown section, so that two of them stay apart."""
    comments = iter(puzzle.comments)
    colors = iter(puzzle.colors)
    images = iter(puzzle.images)
    unknown = iter(puzzle.unknown)
    lines: list[str] = []
    for kind in puzzle.layout:
        if kind == "comment":
            lines.append(next(comments))
        elif kind == "size":
            lines.append(f"size {puzzle.width} {puzzle.height}")
        elif kind == "initial":
            lines += ["initial", *puzzle.initial]
        elif kind == "target":
            lines += ["target", *puzzle.target]
        elif kind == "color":
            label, (r, g, b) = next(colors)
            lines.append(f"color {label} {r} {g} {b}")
        elif kind == "end":
            lines.append("end")
        elif kind == "img":
            label, image = next(images)
            lines.append(f"img {label} {image}")
        elif kind == "fgimg":
            lines.append(f"fgimg {puzzle.foreground}")
        elif kind == "bgimg":
            lines.append(f"bgimg {puzzle.background}")
        else:
            section = next(unknown).text
            if lines and _ROW.fullmatch(section.split("\n", 1)[0]):
                lines.append("")  # after rows, a line like a row would be one row too many
            lines += [section, ""]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"
