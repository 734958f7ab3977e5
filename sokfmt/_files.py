"""Reading the bytes of a level file given by path or as a binary file object."""

from __future__ import annotations

import os
from typing import BinaryIO

#: What the load_* functions accept: a path, or a file opened in binary mode.
FileLike = str | os.PathLike[str] | BinaryIO


def read_bytes(file: FileLike) -> bytes:
    """All the bytes of `file`; a path is opened and closed, a file object is
    read from where it stands and left open."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as opened:
            return opened.read()
    return file.read()
