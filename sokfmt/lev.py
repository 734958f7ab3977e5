"""Sliding-block puzzles of glotski and bloksi: the .lev format."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ._files import FileLike, read_text
from .errors import ValidationError

__all__ = (
    "DEFAULT_COLOR",
    "LevPuzzle",
    "Piece",
    "UnknownSection",
    "dump_lev",
    "load_lev",
    "parse_lev",
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
    `line` (where it started in the file it came from) is not part of equality."""

    text: str
    line: int = field(default=0, compare=False)

    @property
    def keyword(self) -> str:
        words = self.text.split()
        return words[0] if words else ""


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece: its label, the cells it covers in the initial position, its color."""

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
    writing the puzzle back keeps it; empty means the usual order.
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
        for name in ("width", "height"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValidationError(f"{name} must be a whole number of at least 1, not {value!r}")
        for name in ("initial", "target"):
            rows = getattr(self, name)
            if not isinstance(rows, tuple) or not all(isinstance(row, str) for row in rows):
                raise ValidationError(f"{name} must be a tuple of strings")
            if rows and (len(rows) != self.height or any(len(r) != self.width for r in rows)):
                raise ValidationError(f"{name} must be {self.height} rows of {self.width} cells")
            if any(not (c == EMPTY or (c.isascii() and c.isalnum())) for row in rows for c in row):
                raise ValidationError(f"{name} cells must be '.' or an alphanumeric label")
        if not self.initial:
            raise ValidationError("initial must hold the rows of the initial position")
        for label, rgb in self.colors:
            if not (isinstance(rgb, tuple) and len(rgb) == 3 and all(0 <= v <= 255 for v in rgb)):
                raise ValidationError(
                    f"color of {label!r} must be three values 0..255, not {rgb!r}"
                )
        if self.layout and sorted(self.layout) != sorted(self._items()):
            raise ValidationError("layout must list exactly the puzzle's items")

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
        return dump_lev(self)

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

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LevPuzzle:
        """The puzzle of a JSON object, as `to_dict` writes it.

        Raises:
            ValidationError: unknown or missing keys, or values of the wrong type.
        """
        if not isinstance(data, Mapping):
            raise ValidationError(f"A .lev puzzle must be a JSON object, not {type(data).__name__}")
        keys = tuple(cls.__dataclass_fields__)
        unknown = [key for key in data if key not in keys]
        if unknown:
            raise ValidationError(
                f"Unknown key {unknown[0]!r} in a .lev puzzle; expected {', '.join(keys)}"
            )
        for key in ("width", "height", "initial"):
            if key not in data:
                raise ValidationError(f"A .lev puzzle needs the key {key!r}")
        try:
            return cls(
                width=data["width"],
                height=data["height"],
                initial=tuple(data["initial"]),
                target=tuple(data.get("target", ())),
                colors=tuple((label, tuple(rgb)) for label, rgb in data.get("colors", {}).items()),
                images=tuple(data.get("images", {}).items()),
                foreground=data.get("foreground", ""),
                background=data.get("background", ""),
                end=data.get("end", False),
                comments=tuple(data.get("comments", ())),
                unknown=tuple(UnknownSection(text) for text in data.get("unknown", ())),
                layout=tuple(data.get("layout", ())),
            )
        except (TypeError, AttributeError) as exc:
            raise ValidationError(f"A .lev puzzle has a value of the wrong type: {exc}") from None


def parse_lev(text: str, *, strict: bool = False) -> LevPuzzle:
    """The puzzle written as `text` in the .lev format.

    Unknown sections are kept (`LevPuzzle.unknown`); with `strict` they are errors.

    Raises:
        LevSyntaxError: the text is not a valid .lev file, at its line and column.
    """
    from ._lev import parse

    return parse(text, strict=strict)


def load_lev(file: FileLike, *, encoding: str | None = None, strict: bool = False) -> LevPuzzle:
    """The puzzle in a .lev file, given by path or as a file object, decoded
    as `load_sok` decodes files (.lev files are ASCII, so the policy only
    matters for their comments).

    Raises:
        LevSyntaxError: as `parse_lev`.
        DecodeError: bytes that are not text in `encoding`.
        ValidationError: `encoding` names no codec, or `file` is neither a
            path nor a file object.
        OSError: the file cannot be read.
    """
    return parse_lev(read_text(file, encoding), strict=strict)


def dump_lev(puzzle: LevPuzzle) -> str:
    """The .lev text of `puzzle`, its items in `puzzle.layout` order.  A blank
    line follows each unknown section, so that two of them stay apart."""
    comments = iter(puzzle.comments)
    colors = iter(puzzle.colors)
    images = iter(puzzle.images)
    unknown = iter(puzzle.unknown)
    lines: list[str] = []
    for kind in puzzle.layout or puzzle._items():
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
            lines += [next(unknown).text, ""]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"
