"""The checks every public entry point makes of its arguments.

A wrong type is a `ValidationError` that names the argument and what it must
be, raised before anything is read or written, as a wrong value is: never an
AttributeError, an AssertionError or an "unhashable type" from deep inside,
and never an option that takes anything truthy for True.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Iterable
from typing import Any, TypeGuard

from .errors import ValidationError
from .tessellation import Tessellation


def checked(value: Any, kind: type[Any] | tuple[type[Any], ...], name: str, what: str = "") -> None:
    """Refuse `value` for the argument `name` unless it is a `kind`;
    `what` says what it must be when the name of the type would not."""
    if not isinstance(value, kind):
        raise ValidationError(f"{name} must be {what or _a(kind)}, not {value!r:.60}")


def checked_flag(value: Any, name: str, *, optional: bool = False) -> None:
    """Refuse anything but True or False (or None, when `optional`) for the
    option `name`: "no" is truthy, and would turn the option on."""
    if not (value is True or value is False or (optional and value is None)):
        allowed = "True, False or None" if optional else "True or False"
        raise ValidationError(f"{name} must be {allowed}, not {value!r:.60}")


def whole(value: Any, name: str) -> int:
    """`value` as an int if it is a whole number (an int, or a numpy integer
    or anything else `operator.index` takes), not a bool."""
    if isinstance(value, bool):
        raise ValidationError(f"{name} must be a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise ValidationError(f"{name} must be a whole number, not {value!r:.60}") from None


def checked_limit(limit: Any) -> None:
    """Refuse a `limit` (of decoded characters or steps) that is not a
    whole number of at least 0."""
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise ValidationError(f"limit must be a whole number of at least 0, not {limit!r:.60}")


def checked_diagnostics(diagnostics: Any) -> None:
    """Refuse a `diagnostics` that is neither None nor a list: a tuple or a
    string would fail only after the whole text is read, and a falsy one
    would pass for "no list"."""
    if diagnostics is not None and not isinstance(diagnostics, list):
        raise ValidationError(
            f"diagnostics must be a list (to append to) or None, not {diagnostics!r:.60}"
        )


def checked_tessellation(tessellation: Any, *, optional: bool = True) -> None:
    """Refuse a `tessellation` that is not a Tessellation (None is the
    reader's default where `optional`)."""
    if tessellation is not None or not optional:
        checked(tessellation, Tessellation, "tessellation")


def checked_reader_options(diagnostics: Any, check_content: Any, check_games: Any = False) -> None:
    """Refuse the options every reader of collections takes, before reading."""
    checked_diagnostics(diagnostics)
    checked_flag(check_content, "check_content", optional=True)
    checked_flag(check_games, "check_games")


def checked_format(format: Any, *, optional: bool = False) -> None:
    """Refuse a `format` that is not a format's name (a str)."""
    if not (isinstance(format, str) or (optional and format is None)):
        raise ValidationError(f"format must be a format's name (a str), not {format!r:.60}")


def is_path(file: object) -> TypeGuard[str | os.PathLike[str]]:
    """Whether `file` is a path (rather than a file object)."""
    return isinstance(file, (str, os.PathLike))


def items(value: Any, name: str, what: str) -> list[Any]:
    """The items of the iterable `value` (not a str, bytes or mapping, whose
    items are characters, numbers or keys), as a list."""
    if isinstance(value, (str, bytes, bytearray, dict)) or not isinstance(value, Iterable):
        raise ValidationError(f"{name} must be an iterable of {what}, not {value!r:.60}")
    return list(value)


def _a(kind: type[Any] | tuple[type[Any], ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = [k.__name__ for k in kinds]
    return "a " + (" or ".join(names))
