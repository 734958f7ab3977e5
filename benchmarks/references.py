"""Reference implementations: the simplest correct `re`/`str` code for each job,
the practical speed limit of CPython that sokfmt is measured against."""

from __future__ import annotations

import re

from sokfmt import LevPuzzle, Step, Tessellation
from sokfmt.moves import decoding_table

_INNERMOST_GROUP = re.compile(r"(\d*)\(([^()]*)\)")
_COUNTED = re.compile(r"(\d+)(.)")


def _expand_counts(text: str) -> str:
    return _COUNTED.sub(lambda m: m[2] * int(m[1]), text)


def rle_decode(text: str) -> str:
    """Expand groups from the innermost out, then counts; ``|`` is a line break."""
    while "(" in text:
        text = _INNERMOST_GROUP.sub(lambda m: _expand_counts(m[2]) * int(m[1] or 1), text)
    return _expand_counts(text).replace("|", "\n")


_FORWARD = decoding_table(Tessellation.SOKOBAN)


def forward_steps(text: str) -> tuple[Step, ...]:
    """The steps of a forward Sokoban game: white space out, RLE expanded,
    each letter looked up."""
    return tuple(map(_FORWARD.__getitem__, rle_decode("".join(text.split()))))


def lev_parse(text: str) -> LevPuzzle:
    """A .lev file read with str methods alone: sections by keyword, rows by count."""
    fields: dict[str, object] = {}
    colors, images, comments, layout = [], [], [], []
    lines = text.split("\n")
    index = 0
    height = 0
    while index < len(lines):
        line = lines[index].strip()
        index += 1
        if not line:
            continue
        if line.startswith(";"):
            comments.append(line)
            layout.append("comment")
            continue
        word, *args = line.split()
        layout.append(word)
        if word == "size":
            fields["width"], fields["height"] = int(args[0]), int(args[1])
            height = int(args[1])
        elif word in ("initial", "target"):
            fields[word] = tuple(lines[index : index + height])
            index += height
        elif word == "color":
            colors.append((args[0], (int(args[1]), int(args[2]), int(args[3]))))
        elif word == "img":
            images.append((args[0], line.split(None, 2)[2]))
        elif word == "end":
            fields["end"] = True
        elif word in ("fgimg", "bgimg"):
            fields["foreground" if word == "fgimg" else "background"] = line.split(None, 1)[1]
    return LevPuzzle(
        colors=tuple(colors),
        images=tuple(images),
        comments=tuple(comments),
        layout=tuple(layout),
        **fields,  # type: ignore[arg-type]
    )
