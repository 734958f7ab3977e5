"""Plain-text helpers for the command: tables and colours."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TextIO


def table(rows: Sequence[Sequence[str]], right: frozenset[int] = frozenset()) -> str:
    """Columns padded to their widest cell; columns in `right` are right-aligned."""
    if not rows:
        return ""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join(
        "  ".join(
            cell.rjust(width) if column in right else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    )


def wants_colour(stream: TextIO, choice: str) -> bool:
    """Colour for `choice` "always", never for "never"; for "auto", when the
    stream is a terminal and NO_COLOR is not set."""
    if choice != "auto":
        return choice == "always"
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


# XML's escapes (xml.sax.saxutils's, without importing its urllib).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
    | {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
)


def escape(text: str) -> str:
    """`text` as XML character data."""
    return text.translate(_ESCAPES)


def quoteattr(text: str) -> str:
    """`text` as a double-quoted XML attribute value."""
    return f'"{text.translate(_ATTRIBUTE)}"'


class Progress:
    """A one-line progress bar on standard error, shown only on a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.shown = total > 1 and sys.stderr.isatty()

    def update(self, done: int, name: str, detail: str = "") -> None:
        """`done` of the total, at `name`; `detail` goes before the name."""
        if not self.shown:
            return
        filled = 30 * done // self.total
        bar = "#" * filled + "-" * (30 - filled)
        sys.stderr.write(f"\r[{bar}] {done}/{self.total} {detail}{name[-40:]:<40}")
        sys.stderr.flush()

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 100 + "\r")
            sys.stderr.flush()
