"""Which format a file is in, and reading and writing files (or "-")."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..errors import ParseError, ValidationError
from ..lev import LevPuzzle, parse_lev
from ..puzzle import Collection
from ..sok import decode_bytes, parse_sok

#: File extension -> format.  .txt level files share the .xsb conventions.
EXTENSIONS = {".sok": "sok", ".xsb": "xsb", ".txt": "xsb", ".lev": "lev", ".json": "json"}
FORMATS = ("sok", "xsb", "lev", "json")


class UsageError(Exception):
    """The command line asks for something that cannot be done (exit status 2)."""


def failed(path: str, error: Exception) -> int:
    """Report why a command failed on standard error; its exit status."""
    if isinstance(error, UsageError):
        print(f"sokfmt: {error}", file=sys.stderr)
        return 2
    if isinstance(error, ParseError):
        print(
            f"sokfmt: {path}:{error.line}:{error.column}: error: {error.message}", file=sys.stderr
        )
        return 1
    print(f"sokfmt: {error}", file=sys.stderr)
    return 1


def format_of(path: str, chosen: str | None) -> str:
    """The format of `path`: `chosen` when given, else by its extension."""
    if chosen:
        return chosen
    found = EXTENSIONS.get(Path(path).suffix.lower())
    if found is None:
        what = "standard input or output" if path == "-" else f"{path!r}"
        raise UsageError(
            f"cannot tell the format of {what}; name it with --format (one of {', '.join(FORMATS)})"
        )
    return found


def read_text(path: str, encoding: str | None = None) -> str:
    """The text of a file, or of standard input for "-"."""
    data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    return decode_bytes(data, encoding)


def load(path: str, format: str) -> Collection | LevPuzzle:
    """The collection or .lev puzzle in `path`.

    Raises:
        ParseError: the text is malformed.
        ValidationError: a JSON document is not a collection or .lev puzzle.
        OSError: the file cannot be read.
    """
    text = read_text(path)
    if format in ("sok", "xsb"):
        return parse_sok(text)
    if format == "lev":
        return parse_lev(text)
    try:
        document: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"not JSON: {exc}") from None
    if isinstance(document, dict) and "initial" in document:
        return LevPuzzle.from_dict(document)
    return Collection.from_dict(document)


def write_text(path: str, text: str) -> None:
    """Write `text` to a file, or to standard output for "-"."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        Path(path).write_text(text, encoding="utf-8")
