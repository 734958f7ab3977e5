"""Reading JSON objects into the models: every key checked for its type.

`from_dict` accepts what `json.load` returns, from any source, so each value
is checked before a model sees it: a wrong type is a `ValidationError` that
names the key, never a TypeError from deep inside.  Read from JSON text (by
`text.placed_values`), the object knows where its keys and values are, and
the error is placed at the key or value at fault.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..errors import ValidationError
from ..tessellation import Tessellation
from .text import unplaced, value_error

_Read = TypeVar("_Read")


def _type_name(value: object) -> str:
    """The name of the built-in type of `value`, whether `json.loads` or
    `text.placed_values` made it (a `PlacedString` is a str)."""
    for kind in (bool, int, float, str, list, dict):
        if isinstance(value, kind):
            return kind.__name__
    return type(value).__name__


class JsonObject:
    """One JSON object being read as a `what` ("puzzle", "saved game"...)."""

    def __init__(
        self, what: str, data: object, keys: tuple[str, ...], *, required: tuple[str, ...] = ()
    ) -> None:
        if not isinstance(data, Mapping):
            raise ValidationError(f"A {what} must be a JSON object, not {_type_name(data)}")
        for key in data:
            if not isinstance(key, str):
                raise ValidationError(f"A {what} has a key that is not a string: {key!r}")
            if key not in keys:
                message = f"Unknown key {key!r} in a {what}; expected {', '.join(keys)}"
                raise value_error(message, data, key, key=True)
        for key in required:
            if key not in data:
                # At the object's opening brace: the key is nowhere.
                raise value_error(f"A {what} needs the key {key!r}", data)
        self.what = what
        self.data: Mapping[str, Any] = data

    def _wrong(self, key: str, expected: str) -> ValidationError:
        value = repr(self.data[key])
        shown = value if len(value) <= 60 else f"{value[:57]}..."
        return value_error(
            f"{key!r} must be {expected} in a {self.what}, not {shown}", self.data, key
        )

    def text(self, key: str, default: str = "") -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise self._wrong(key, "a string")
        return value

    def whole(self, key: str) -> int:
        value = self.data.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._wrong(key, "a whole number")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self._wrong(key, "true or false")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self._wrong(key, "an array of strings")
        return tuple(value)

    def items(self, key: str) -> list[Any]:
        """An array whose items the caller reads (each a JSON object)."""
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise self._wrong(key, "an array")
        return value

    def read(self, key: str, reader: Callable[[Any], _Read]) -> _Read:
        """The value of `key` read by `reader`; its errors without a place
        (its type, the invariants of its model) placed at the value."""
        try:
            return reader(self.data[key])
        except ValidationError as error:
            if unplaced(error):
                raise value_error(str(error), self.data, key) from None
            raise

    def read_items(self, key: str, reader: Callable[[Any], _Read]) -> tuple[_Read, ...]:
        """The items of the array `key`, each read by `reader`; their errors
        without a place placed at the item."""
        items = self.items(key)
        read: list[_Read] = []
        try:
            for item in items:
                read.append(reader(item))
        except ValidationError as error:
            if unplaced(error):
                raise value_error(str(error), items, len(read)) from None
            raise
        return tuple(read)

    def table(self, key: str) -> Mapping[str, Any]:
        """An object of values by string key (labels, for .lev)."""
        value = self.data.get(key, {})
        if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
            raise self._wrong(key, "an object")
        return value

    def tessellation(self, key: str = "tessellation") -> Tessellation:
        try:
            return Tessellation.from_name(self.text(key))
        except ValueError as exc:
            raise value_error(str(exc), self.data, key) from None
