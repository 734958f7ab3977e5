"""JSON text to values, with errors placed in the text.

Boards and moves are strings inside a JSON document, read by their own
parsers, which place an error in the string.  The caller passed the JSON
text, so the error must be placed there: each string value read by
`placed_values` knows where it is written, and `placed_errors` moves an
error from the string into the text, through the escapes (``\\n``,
``\\u00e9``) that write one character of the string with several of the
text.  `json.loads` does not say where values are, so the values are read
this way only to place an error, after a fast reading found one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .._files import decode_json
from ..errors import JsonSyntaxError, JsonValueError, ParseError, ValidationError

# The white space of JSON (RFC 8259, section 2).
_SPACE = re.compile(r"[ \t\n\r]*")
# An escape in a JSON string: one character of the string.  A surrogate
# pair written as two escapes is one character, as `json` decodes it.
_ESCAPE = re.compile(
    r"\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"  # a surrogate pair
    r"|u[0-9a-fA-F]{4}|.)"
)
_CLOSING = {"{": "}", "[": "]"}
# Reads any value but an object or an array, as `json.loads` reads it.
_SCALARS = json.JSONDecoder()


def document_text(data: bytes | str) -> str:
    """The text of a JSON document given as bytes or text (`decode_json`).

    Raises:
        DecodeError: bytes that are not text in the encoding they are in.
    """
    return data if isinstance(data, str) else decode_json(data)


def loads(text: str) -> Any:
    """The value of a JSON text, as `json.loads` reads it.

    Raises:
        JsonSyntaxError: not JSON, at its place in `text`.
        ValidationError: JSON that Python cannot hold (nested too deep, a
            number of too many digits).
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise JsonSyntaxError.at(f"Not JSON: {error.msg}", text=text, pos=error.pos) from None
    except (ValueError, RecursionError) as error:
        raise ValidationError(f"Not JSON that sokfmt can read: {error}") from None


class PlacedString(str):
    """A string value of a JSON text that knows where the text writes it."""

    document: str  # the whole JSON text
    start: int  # the offset of its first character, after the quote
    end: int  # the offset of its closing quote

    def offset(self, index: int) -> int:
        """The offset in the document of character `index` of this string
        (its closing quote for the end of the string)."""
        at = self.start
        for escape in _ESCAPE.finditer(self.document, self.start, self.end):
            plain = escape.start() - at  # characters written as themselves before it
            if index <= plain:
                break
            index -= plain + 1
            at = escape.end()
        return min(at + index, self.end)

    def place(self, error: ParseError) -> ParseError:
        """`error`, placed in this string, placed in the document."""
        return type(error).at(
            error.message, text=self.document, pos=self.offset(error.pos), code=error.code
        )


@contextmanager
def placed_errors(value: str) -> Iterator[None]:
    """Errors of a parser of `value` (a board, moves) placed in the JSON text
    that `value` was read from, when it knows its place."""
    try:
        yield
    except ParseError as error:
        if isinstance(value, PlacedString):
            raise value.place(error) from None
        raise


class PlacedObject(dict[str, Any]):
    """An object of a JSON text that knows where the text writes it and
    each of its keys and values, to place an error about one of them."""

    document: str  # the whole JSON text
    start: int  # the offset of its opening brace
    key_places: dict[str, int]  # the offset of each key's opening quote
    value_places: dict[str, int]  # the offset of each value's first character


class PlacedArray(list[Any]):
    """An array of a JSON text that knows where the text writes it and each
    of its items."""

    document: str  # the whole JSON text
    start: int  # the offset of its opening bracket
    items: list[int]  # the offset of each item's first character


def placed_values(text: str) -> Any:
    """The value of `text`, JSON that `loads` reads, with every string value
    a `PlacedString`, every object a `PlacedObject` and every array a
    `PlacedArray`.  Arrays and objects are followed with a stack, not by
    recursion, so that any nesting that `loads` read is read here too."""
    # Open containers, with the pending key of an object and where it begins.
    stack: list[tuple[PlacedObject | PlacedArray, str, int]] = []
    pos = _SPACE.match(text).end()  # type: ignore[union-attr]
    while True:
        # One value begins at `pos`.
        value: Any
        start = pos
        opening = text[pos]
        if opening in _CLOSING:
            pos = _SPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
            value = _container(opening, text, start)
            if text[pos] != _CLOSING[opening]:
                key, key_at, pos = _key(text, pos) if opening == "{" else ("", 0, pos)
                stack.append((value, key, key_at))
                continue
            pos += 1
        elif opening == '"':
            decoded, end = json.decoder.scanstring(text, pos + 1)  # type: ignore[attr-defined]
            value = PlacedString(decoded)
            value.document, value.start, value.end = text, pos + 1, end - 1
            pos = end
        else:
            value, pos = _SCALARS.raw_decode(text, pos)
        # The value is whole: it goes into its container, which may end too.
        while stack:
            container, key, key_at = stack[-1]
            if isinstance(container, PlacedObject):
                container[key] = value
                container.key_places[key], container.value_places[key] = key_at, start
            else:
                container.append(value)
                container.items.append(start)
            pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
            if text[pos] == ",":
                pos = _SPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
                if isinstance(container, PlacedObject):
                    key, key_at, pos = _key(text, pos)
                    stack[-1] = (container, key, key_at)
                break
            stack.pop()  # its closing bracket
            value, start, pos = container, container.start, pos + 1
        else:
            return value


def value_error(
    message: str, container: object, member: str | int | None = None, *, key: bool = False
) -> ValidationError:
    """The error `message` about `container` (a JSON object or array), or its
    value `member` (its key, with `key`): placed there in the JSON text when
    `placed_values` read it, without a place when it was given as a dict."""
    if isinstance(container, PlacedObject) and isinstance(member, str):
        places = container.key_places if key else container.value_places
        pos = places.get(member, container.start)
    elif isinstance(container, PlacedArray) and isinstance(member, int):
        pos = container.items[member]
    elif isinstance(container, PlacedObject | PlacedArray):
        pos = container.start
    else:
        return ValidationError(message)
    return JsonValueError.at(message, text=container.document, pos=pos)


def unplaced(error: ValidationError) -> bool:
    """Whether `error` has no place yet (it is placed where it is first known)."""
    return not isinstance(error, ParseError)


def _container(opening: str, text: str, start: int) -> PlacedObject | PlacedArray:
    """An empty object or array (as `opening` says) that begins at `start`."""
    container: PlacedObject | PlacedArray
    if opening == "{":
        container = PlacedObject()
        container.key_places, container.value_places = {}, {}
    else:
        container = PlacedArray()
        container.items = []
    container.document, container.start = text, start
    return container


def _key(text: str, pos: int) -> tuple[str, int, int]:
    """The key of an object's member that begins at `pos`, where it begins
    (`pos`) and where its value begins."""
    key, end = json.decoder.scanstring(text, pos + 1)  # type: ignore[attr-defined]
    colon = _SPACE.match(text, end).end()  # type: ignore[union-attr]
    return key, pos, _SPACE.match(text, colon + 1).end()  # type: ignore[union-attr]
