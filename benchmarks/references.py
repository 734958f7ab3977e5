"""Reference implementations: the simplest correct `re`/`str` code for each job,
the practical speed limit of CPython that sokfmt is measured against."""

from __future__ import annotations

import re

from sokfmt import Step, Tessellation
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
