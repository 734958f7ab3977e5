"""The names of sokfmt 0.2 that 0.3 renamed: each still works for the 0.x
series, as it did, and warns with a `DeprecationWarning` that names its
replacement.  `sokfmt.__getattr__` hands them out; none is in `__all__`."""

from __future__ import annotations

import functools
import inspect
import warnings
from collections.abc import Callable
from typing import Any, TypeVar, cast

from .rle import DEFAULT_LIMIT
from .tessellation import Tessellation


def warn_renamed(old: str, new: str, *, depth: int = 1) -> None:
    """Warn that `old` is deprecated for `new`, at the line that called the
    function `depth` frames above the one that calls this."""
    warnings.warn(
        f"sokfmt.{old} is deprecated since 0.3.0: use sokfmt.{new}",
        DeprecationWarning,
        stacklevel=2 + depth,
    )


_Function = TypeVar("_Function", bound=Callable[..., Any])


def keyword_only_since_0_3(*names: str) -> Callable[[_Function], _Function]:
    """Options that 0.3 made keyword-only, still taken by position (`names`,
    in their 0.2 order) with a warning; the function's signature is the new
    one (`inspect.signature` follows ``__wrapped__``)."""

    def decorate(function: _Function) -> _Function:
        parameters = inspect.signature(function).parameters.values()
        positional = sum(p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters)

        most = positional + len(names)

        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if len(args) > most:  # as Python says it of a function without the shim
                raise TypeError(
                    f"{function.__name__}() takes at most {most} positional arguments "
                    f"({positional}, and {', '.join(names)} deprecated) but {len(args)} "
                    "were given"
                )
            if len(args) > positional:
                given = names[: len(args) - positional]
                spelled = ", ".join(f"{name}=" for name in given)
                # No function replaces this one: the same option by keyword does.
                warnings.warn(
                    f"sokfmt.{function.__name__} with {spelled} by position is deprecated "
                    f"since 0.3.0: pass {spelled} by keyword",
                    DeprecationWarning,
                    stacklevel=2,
                )
                kwargs.update(zip(given, args[positional:], strict=True))
                args = args[:positional]
            return function(*args, **kwargs)

        return cast(_Function, wrapper)

    return decorate


def reader_options_of_0_2(
    *, hooked: str | None = None, instead: str = ""
) -> Callable[[_Function], _Function]:
    """The reader options of 0.2 that 0.3 renamed, still taken with a
    warning: ``replay=`` is ``check_games=``; ``on_puzzle=``, for a reader
    that took it, gives way to the generator `instead` (which gives each
    puzzle as it is read, after its problems) and still calls the hook,
    through the function named `hooked` in the reader's module: the reader
    with its options and ``on_puzzle``.  The reader's signature is the new
    one, without them."""

    def decorate(function: _Function) -> _Function:
        name = function.__name__

        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if "replay" in kwargs:
                if "check_games" in kwargs:
                    raise TypeError(
                        f"{name}() takes check_games= or replay=, its 0.2 name, not both"
                    )
                warn_renamed(f"{name} with replay=", f"{name} with check_games=")
                kwargs["check_games"] = kwargs.pop("replay")
            if hooked is not None and "on_puzzle" in kwargs:
                on_puzzle = kwargs.pop("on_puzzle")
                warnings.warn(
                    f"sokfmt.{name} with on_puzzle= is deprecated since 0.3.0: use {instead} "
                    "(a generator of the puzzles as they are read)",
                    DeprecationWarning,
                    stacklevel=2,
                )
                if on_puzzle is not None:
                    return function.__globals__[hooked](*args, on_puzzle=on_puzzle, **kwargs)
            return function(*args, **kwargs)

        return cast(_Function, wrapper)

    return decorate


def _renamed(old: str, new: str) -> Callable[..., Any]:
    """The 0.2 function `old`, which takes what `new` takes."""

    def alias(*args: Any, **kwargs: Any) -> Any:
        warn_renamed(old, new)
        import sokfmt

        return getattr(sokfmt, new)(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old
    alias.__doc__ = f"Deprecated since 0.3.0: use `sokfmt.{new}`."
    return alias


def _parse_board(
    text: str, tessellation: Tessellation = Tessellation.SOKOBAN, *, limit: int = DEFAULT_LIMIT
) -> Any:
    """Deprecated since 0.3.0: use `sokfmt.loads_board` (`tessellation` keyword-only)."""
    warn_renamed("parse_board", "loads_board")
    from .formats import loads_board

    return loads_board(text, tessellation=tessellation, limit=limit)


def _parse_moves(
    text: str, tessellation: Tessellation = Tessellation.SOKOBAN, *, limit: int = DEFAULT_LIMIT
) -> Any:
    """Deprecated since 0.3.0: use `sokfmt.loads_moves` (`tessellation` keyword-only)."""
    warn_renamed("parse_moves", "loads_moves")
    from .formats import loads_moves

    return loads_moves(text, tessellation=tessellation, limit=limit)


def _from_json(data: bytes | str) -> Any:
    """Deprecated since 0.3.0: use ``sokfmt.loads(data, format="json")``."""
    warn_renamed("from_json(data)", 'loads(data, format="json")')
    from .files import loads

    return loads(data, "json")


_from_json.__name__ = "from_json"
_parse_board.__name__ = "parse_board"
_parse_moves.__name__ = "parse_moves"

#: Each 0.2 name that 0.3 renamed or moved, and what it is now.
RENAMED: dict[str, Callable[..., Any]] = {
    "parse_sok": _renamed("parse_sok", "loads_sok"),
    "parse_slc": _renamed("parse_slc", "loads_slc"),
    "parse_lev": _renamed("parse_lev", "loads_lev"),
    "parse_board": _parse_board,
    "parse_moves": _parse_moves,
    "dump_board": _renamed("dump_board", "dumps_board"),
    "dump_moves": _renamed("dump_moves", "dumps_moves"),
    "rle_decode": _renamed("rle_decode", "decode_rle"),
    "rle_encode": _renamed("rle_encode", "encode_rle"),
    "best_solution": _renamed("best_solution", "best_solution_index"),
    "from_json": _from_json,
}

#: Names 0.3 keeps out of the top level: where each lives, and why.
MOVED = {
    "Position": ("sokfmt.board", "Position", "a (row, column) pair: use tuple[int, int]"),
    "is_solution_title": (
        "sokfmt.puzzle",
        "is_solution_title",
        "use SavedGame.titled_as_solution",
    ),
}


def moved(name: str) -> Any:
    """A name 0.3 keeps out of the top level, with its warning."""
    module, attribute, advice = MOVED[name]
    warnings.warn(
        f"sokfmt.{name} is deprecated since 0.3.0 at the top level: {advice} "
        f"({module}.{attribute} keeps it)",
        DeprecationWarning,
        stacklevel=3,
    )
    from importlib import import_module

    return getattr(import_module(module), attribute)
