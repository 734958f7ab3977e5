"""sokfmt: read, validate and write Sokoban-family and sliding-block puzzle files.

Everything public is importable from here; the modules behind it are private.
Importing sokfmt does not import lark: parsers are built on first use.
"""

from __future__ import annotations

from .board import Board, Position, parse_board
from .errors import (
    BoardSyntaxError,
    LevSyntaxError,
    ParseError,
    RleSyntaxError,
    SavedGameSyntaxError,
    SokfmtError,
    SokSyntaxError,
    ValidationError,
)
from .lev import LevPuzzle, Piece, UnknownSection, dump_lev, load_lev, parse_lev
from .moves import SavedGame, SolvingMode, Step, StepKind
from .puzzle import Collection, Puzzle
from .replay import Replay, ReplayFailure, best_solution, replay
from .rle import DEFAULT_LIMIT, rle_decode, rle_encode
from .sok import dump_sok, iter_sok, load_sok, parse_sok
from .tessellation import Direction, Tessellation

__version__ = "0.1.0"

__all__ = (
    "DEFAULT_LIMIT",
    "Board",
    "BoardSyntaxError",
    "Collection",
    "Direction",
    "LevPuzzle",
    "LevSyntaxError",
    "ParseError",
    "Piece",
    "Position",
    "Puzzle",
    "Replay",
    "ReplayFailure",
    "RleSyntaxError",
    "SavedGame",
    "SavedGameSyntaxError",
    "SokSyntaxError",
    "SokfmtError",
    "SolvingMode",
    "Step",
    "StepKind",
    "Tessellation",
    "UnknownSection",
    "ValidationError",
    "__version__",
    "best_solution",
    "dump_lev",
    "dump_sok",
    "iter_sok",
    "load_lev",
    "load_sok",
    "parse_board",
    "parse_lev",
    "parse_sok",
    "replay",
    "rle_decode",
    "rle_encode",
)
