"""sokfmt: read, validate and write Sokoban-family and sliding-block puzzle files.

Everything public is importable from here; the modules behind it are private.
Importing sokfmt does not import lark: parsers are built on first use.
"""

from __future__ import annotations

from .board import Board, Position
from .errors import (
    BoardSyntaxError,
    DecodeError,
    Diagnostic,
    IllegalStepError,
    JsonSyntaxError,
    LevSyntaxError,
    ParseError,
    RleSyntaxError,
    SavedGameSyntaxError,
    SlcSyntaxError,
    SokfmtError,
    SokfmtWarning,
    SokSyntaxError,
    ValidationError,
)
from .files import (
    FILE_FORMATS,
    FileFormat,
    Loss,
    dump,
    dumps,
    file_format,
    from_json,
    load,
    losses,
)
from .formats import (
    dump_board,
    dump_lev,
    dump_moves,
    dump_slc,
    dump_sok,
    from_dict,
    iter_slc,
    iter_sok,
    load_lev,
    load_slc,
    load_sok,
    parse_board,
    parse_lev,
    parse_moves,
    parse_slc,
    parse_sok,
)
from .lev import LevPuzzle, Piece, UnknownSection
from .moves import SavedGame, SolvingMode, Step, StepKind
from .puzzle import Collection, Puzzle, is_solution_title
from .replay import Replay, ReplayFailure, best_solution, replay
from .rle import DEFAULT_LIMIT, rle_decode, rle_encode
from .tessellation import Direction, Tessellation

__version__ = "0.1.0"

__all__ = (
    "DEFAULT_LIMIT",
    "FILE_FORMATS",
    "Board",
    "BoardSyntaxError",
    "Collection",
    "DecodeError",
    "Diagnostic",
    "Direction",
    "FileFormat",
    "IllegalStepError",
    "JsonSyntaxError",
    "LevPuzzle",
    "LevSyntaxError",
    "Loss",
    "ParseError",
    "Piece",
    "Position",
    "Puzzle",
    "Replay",
    "ReplayFailure",
    "RleSyntaxError",
    "SavedGame",
    "SavedGameSyntaxError",
    "SlcSyntaxError",
    "SokSyntaxError",
    "SokfmtError",
    "SokfmtWarning",
    "SolvingMode",
    "Step",
    "StepKind",
    "Tessellation",
    "UnknownSection",
    "ValidationError",
    "__version__",
    "best_solution",
    "dump",
    "dump_board",
    "dump_lev",
    "dump_moves",
    "dump_slc",
    "dump_sok",
    "dumps",
    "file_format",
    "from_dict",
    "from_json",
    "is_solution_title",
    "iter_slc",
    "iter_sok",
    "load",
    "load_lev",
    "load_slc",
    "load_sok",
    "losses",
    "parse_board",
    "parse_lev",
    "parse_moves",
    "parse_slc",
    "parse_sok",
    "replay",
    "rle_decode",
    "rle_encode",
)
