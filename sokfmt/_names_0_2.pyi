"""For type checkers only: the names of 0.2 that 0.3 renamed or moved out of
the top level, each marked deprecated (PEP 702) with its replacement, as
its warning at run time names it (`sokfmt._deprecated`).  `sokfmt` imports
them when `TYPE_CHECKING` alone; at run time its `__getattr__` gives them.
Each takes what its replacement takes, 0.2's ways of passing options
included, so its arguments are not checked."""

from typing import Any

from typing_extensions import deprecated

from .board import Board
from .board import Position as Position  # (an alias: PEP 702 marks none deprecated)
from .lev import LevPuzzle
from .moves import SavedGame
from .puzzle import Collection

@deprecated("sokfmt.parse_sok is deprecated since 0.3.0: use sokfmt.loads_sok")
def parse_sok(*args: Any, **kwargs: Any) -> Collection: ...
@deprecated("sokfmt.parse_slc is deprecated since 0.3.0: use sokfmt.loads_slc")
def parse_slc(*args: Any, **kwargs: Any) -> Collection: ...
@deprecated("sokfmt.parse_lev is deprecated since 0.3.0: use sokfmt.loads_lev")
def parse_lev(*args: Any, **kwargs: Any) -> LevPuzzle: ...
@deprecated("sokfmt.parse_board is deprecated since 0.3.0: use sokfmt.loads_board")
def parse_board(*args: Any, **kwargs: Any) -> Board: ...
@deprecated("sokfmt.parse_moves is deprecated since 0.3.0: use sokfmt.loads_moves")
def parse_moves(*args: Any, **kwargs: Any) -> SavedGame: ...
@deprecated("sokfmt.dump_board is deprecated since 0.3.0: use sokfmt.dumps_board")
def dump_board(*args: Any, **kwargs: Any) -> str: ...
@deprecated("sokfmt.dump_moves is deprecated since 0.3.0: use sokfmt.dumps_moves")
def dump_moves(*args: Any, **kwargs: Any) -> str: ...
@deprecated("sokfmt.rle_decode is deprecated since 0.3.0: use sokfmt.decode_rle")
def rle_decode(*args: Any, **kwargs: Any) -> str: ...
@deprecated("sokfmt.rle_encode is deprecated since 0.3.0: use sokfmt.encode_rle")
def rle_encode(*args: Any, **kwargs: Any) -> str: ...
@deprecated("sokfmt.best_solution is deprecated since 0.3.0: use sokfmt.best_solution_index")
def best_solution(*args: Any, **kwargs: Any) -> int | None: ...
@deprecated(
    'sokfmt.from_json(data) is deprecated since 0.3.0: use sokfmt.loads(data, format="json")'
)
def from_json(data: bytes | str) -> Collection | LevPuzzle: ...
@deprecated(
    "sokfmt.is_solution_title is deprecated since 0.3.0 at the top level: use "
    "SavedGame.titled_as_solution (sokfmt.puzzle.is_solution_title keeps it)"
)
def is_solution_title(title: str) -> bool: ...
