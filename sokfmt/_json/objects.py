"""Reading JSON objects into the models: every key checked for its type.

`from_dict` accepts what `json.load` returns, from any source, so each value
is checked before a model sees it: a wrong type is a `ValidationError` that
names the key, never a TypeError from deep inside.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import ValidationError
from ..tessellation import Tessellation


class JsonObject:
    """One JSON object being read as a `what` ("puzzle", "saved game"...)."""

    def __init__(
        self, what: str, data: object, keys: tuple[str, ...], *, required: tuple[str, ...] = ()
    ) -> None:
        if not isinstance(data, Mapping):
            raise ValidationError(f"A {what} must be a JSON object, not {type(data).__name__}")
        for key in data:
            if not isinstance(key, str):
                raise ValidationError(f"A {what} has a key that is not a string: {key!r}")
            if key not in keys:
                raise ValidationError(
                    f"Unknown key {key!r} in a {what}; expected {', '.join(keys)}"
                )
        for key in required:
            if key not in data:
                raise ValidationError(f"A {what} needs the key {key!r}")
        self.what = what
        self.data: Mapping[str, Any] = data

    def _wrong(self, key: str, expected: str) -> ValidationError:
        value = repr(self.data[key])
        shown = value if len(value) <= 60 else f"{value[:57]}..."
        return ValidationError(f"{key!r} must be {expected} in a {self.what}, not {shown}")

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
            raise ValidationError(str(exc)) from None
