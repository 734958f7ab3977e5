"""sokfmt: read, validate and write Sokoban-family and sliding-block puzzle files.

Everything public is importable from here; the modules behind it are private
(`sokfmt.transform`, `sokfmt.carry` and the codes of `sokfmt.arrays` aside).
Importing sokfmt imports none of them: each name is looked up on first use.
"""

from __future__ import annotations

from importlib import import_module

# typing.TYPE_CHECKING without importing typing (mypy reads the name).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .arrays import from_array, load_arrays, to_array, to_arrays
    from .board import Board
    from .board_stats import Statistics, statistics
    from .errors import (
        BoardSyntaxError,
        DecodeError,
        Diagnostic,
        IllegalMoveError,
        IllegalStepError,
        JsonSyntaxError,
        JsonValueError,
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
        FileFormat,
        Loss,
        dump,
        dumps,
        file_format,
        load,
        loads,
        losses,
    )
    from .formats import (
        dump_lev,
        dump_slc,
        dump_sok,
        dumps_board,
        dumps_lev,
        dumps_moves,
        dumps_slc,
        dumps_sok,
        from_dict,
        iter_slc,
        iter_sok,
        load_lev,
        load_slc,
        load_sok,
        loads_board,
        loads_lev,
        loads_moves,
        loads_slc,
        loads_sok,
    )
    from .game import Game
    from .lev import LevPuzzle, Piece, UnknownSection
    from .moves import SavedGame, SolvingMode, Step, StepKind
    from .puzzle import Collection, Puzzle
    from .replaying import Replay, ReplayFailure, best_solution_index, replay
    from .rle import decode_rle, encode_rle
    from .tessellation import Direction, Tessellation

    # The names of 0.2 that 0.3 renamed or moved, deprecated for type checkers
    # too (a stub: at run time, `__getattr__` gives them, with a warning);
    # "x as x" says that sokfmt gives them.
    # isort: off
    from ._names_0_2 import (
        Position as Position,
        best_solution as best_solution,
        dump_board as dump_board,
        dump_moves as dump_moves,
        from_json as from_json,
        is_solution_title as is_solution_title,
        parse_board as parse_board,
        parse_lev as parse_lev,
        parse_moves as parse_moves,
        parse_slc as parse_slc,
        parse_sok as parse_sok,
        rle_decode as rle_decode,
        rle_encode as rle_encode,
    )
    # isort: on

# Each public name and the module that defines it, imported on first use:
# `import sokfmt` costs little, and a program pays for what it uses.
_MODULES = {
    **dict.fromkeys(("from_array", "load_arrays", "to_array", "to_arrays"), "arrays"),
    "Board": "board",
    **dict.fromkeys(("Statistics", "statistics"), "board_stats"),
    **dict.fromkeys(
        (
            "BoardSyntaxError",
            "DecodeError",
            "Diagnostic",
            "IllegalMoveError",
            "IllegalStepError",
            "JsonSyntaxError",
            "JsonValueError",
            "LevSyntaxError",
            "ParseError",
            "RleSyntaxError",
            "SavedGameSyntaxError",
            "SlcSyntaxError",
            "SokfmtError",
            "SokfmtWarning",
            "SokSyntaxError",
            "ValidationError",
        ),
        "errors",
    ),
    **dict.fromkeys(
        (
            "FILE_FORMATS",
            "FileFormat",
            "Loss",
            "dump",
            "dumps",
            "file_format",
            "load",
            "loads",
            "losses",
        ),
        "files",
    ),
    **dict.fromkeys(
        (
            "dump_lev",
            "dump_slc",
            "dump_sok",
            "dumps_board",
            "dumps_lev",
            "dumps_moves",
            "dumps_slc",
            "dumps_sok",
            "from_dict",
            "iter_slc",
            "iter_sok",
            "load_lev",
            "load_slc",
            "load_sok",
            "loads_board",
            "loads_lev",
            "loads_moves",
            "loads_slc",
            "loads_sok",
        ),
        "formats",
    ),
    "Game": "game",
    **dict.fromkeys(("LevPuzzle", "Piece", "UnknownSection"), "lev"),
    **dict.fromkeys(("SavedGame", "SolvingMode", "Step", "StepKind"), "moves"),
    **dict.fromkeys(("Collection", "Puzzle"), "puzzle"),
    **dict.fromkeys(("Replay", "ReplayFailure", "best_solution_index", "replay"), "replaying"),
    **dict.fromkeys(("DEFAULT_LIMIT", "decode_rle", "encode_rle"), "rle"),
    **dict.fromkeys(("Direction", "Tessellation"), "tessellation"),
}

__version__ = "0.3.0"
"""The version of sokfmt, that of the installed distribution.

>>> from importlib.metadata import version
>>> version("sokfmt") == sokfmt.__version__
True
"""
# How the API reference (pdoc) reads the docstrings: a summary, then "Raises:".
__docformat__ = "google"

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
    "Game",
    "IllegalMoveError",
    "IllegalStepError",
    "JsonSyntaxError",
    "JsonValueError",
    "LevPuzzle",
    "LevSyntaxError",
    "Loss",
    "ParseError",
    "Piece",
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
    "Statistics",
    "Step",
    "StepKind",
    "Tessellation",
    "UnknownSection",
    "ValidationError",
    "__version__",
    "best_solution_index",
    "decode_rle",
    "dump",
    "dump_lev",
    "dump_slc",
    "dump_sok",
    "dumps",
    "dumps_board",
    "dumps_lev",
    "dumps_moves",
    "dumps_slc",
    "dumps_sok",
    "encode_rle",
    "file_format",
    "from_array",
    "from_dict",
    "iter_slc",
    "iter_sok",
    "load",
    "load_arrays",
    "load_lev",
    "load_slc",
    "load_sok",
    "loads",
    "loads_board",
    "loads_lev",
    "loads_moves",
    "loads_slc",
    "loads_sok",
    "losses",
    "replay",
    "statistics",
    "to_array",
    "to_arrays",
)

# The constants, declared here so that the reference shows them with their
# docstrings (each is defined, and first read, in its module).
DEFAULT_LIMIT: int
"""How many characters (or steps) a run-length encoded text may decode to
unless the caller says otherwise (`limit=`): far above any real board or
solution, far below what would exhaust memory.

>>> sokfmt.DEFAULT_LIMIT
5000000
>>> len(decode_rle("4#", limit=4))
4
>>> decode_rle("5#", limit=4)
Traceback (most recent call last):
    ...
sokfmt.errors.RleSyntaxError: More than the limit of 4 characters, counts expanded ...
"""

FILE_FORMATS: tuple[FileFormat, ...]
"""The file formats sokfmt reads and writes (`FileFormat`), by name.

>>> [entry.name for entry in FILE_FORMATS]
['sok', 'xsb', 'hsb', 'tsb', 'slc', 'lev', 'json']
>>> [entry.name for entry in FILE_FORMATS if entry.saved_games]
['sok', 'json']
"""


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        # A name of 0.2 that 0.3 renamed or moved: it warns at each use,
        # so it is never kept in the module's namespace.  (import_module:
        # `from . import` would ask this function for the module again.)
        _deprecated = import_module("._deprecated", __name__)
        if name in _deprecated.RENAMED:
            return _deprecated.RENAMED[name]
        if name in _deprecated.MOVED:
            return _deprecated.moved(name)
        raise AttributeError(f"module 'sokfmt' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
