"""sokfmt: read, validate and write Sokoban-family and sliding-block puzzle files.

Everything public is importable from here; the modules behind it are private.
Importing sokfmt does not import lark: parsers are built on first use.
"""

from __future__ import annotations

from .errors import (
    ParseError,
    RleSyntaxError,
    SavedGameSyntaxError,
    SokfmtError,
    ValidationError,
)
from .moves import SavedGame, SolvingMode, Step, StepKind
from .rle import DEFAULT_LIMIT, rle_decode, rle_encode
from .tessellation import Direction, Tessellation

__version__ = "0.1.0"

__all__ = (
    "DEFAULT_LIMIT",
    "Direction",
    "ParseError",
    "RleSyntaxError",
    "SavedGame",
    "SavedGameSyntaxError",
    "SokfmtError",
    "SolvingMode",
    "Step",
    "StepKind",
    "Tessellation",
    "ValidationError",
    "__version__",
    "rle_decode",
    "rle_encode",
)
