"""Run-length encoding as the SokobanYASC format writes it (see grammars/rle.lark)."""

from __future__ import annotations

import re

from ._arguments import checked, checked_limit
from .errors import ValidationError

__all__ = ("DEFAULT_LIMIT", "decode_rle", "encode_rle")

#: How many characters (or steps) a run-length encoded text may decode to
#: unless the caller says otherwise: far above any real board or solution,
#: far below what would exhaust memory.
DEFAULT_LIMIT = 5_000_000

# Characters that are syntax in RLE and so cannot stand for themselves.
_SYNTAX = re.compile(r"[0-9()|]")
# Three or more of one character: counting them makes the text shorter.  A CR
# is a line break, which a count cannot repeat: it is never counted.
_REPEATS = re.compile(r"([^\r])\1\1+")


def decode_rle(text: str, *, limit: int = DEFAULT_LIMIT) -> str:
    """Expand counts and groups; ``|`` becomes a line break (LF), and a line
    break in `text` (LF, CRLF or CR) stands for itself.

    >>> decode_rle("3#4-p.#")
    '###----p.#'

    Raises:
        RleSyntaxError: `text` is malformed, or would decode to more than
            `limit` characters (refused before anything is expanded).
        ValidationError: `limit` is not a whole number of at least 0.
    """
    from ._grammar.rle import decode

    checked(text, str, "text")
    checked_limit(limit)
    return decode(text, limit)


def encode_rle(text: str) -> str:
    """The run-length encoding of `text`: runs of three or more are counted
    and LF line breaks become ``|`` (a CR, which is a line break to RLE too,
    is kept as it is), so that ``decode_rle(encode_rle(s)) == s``.

    >>> encode_rle("####\\n#...#")
    '4#|#3.#'

    Raises:
        ValidationError: `text` holds a digit, a parenthesis or ``|``, which
            would be read back as syntax.
    """
    checked(text, str, "text")
    found = _SYNTAX.search(text)
    if found:
        raise ValidationError(
            f"Cannot run-length encode {found[0]!r} at index {found.start()}: "
            "digits, parentheses and '|' would be read back as RLE syntax"
        )
    return _REPEATS.sub(_count_run, text.replace("\n", "|"))


def _count_run(match: re.Match[str]) -> str:
    return f"{len(match[0])}{match[1]}"
