"""Key/value lines of notes: ``Key: value`` or ``Key=value``, as the
PROPERTY_LINE of grammars/sok.lark says (its key one word, or one of the
format's keys of several words; "Negative test: see below" is text)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

__all__ = ("parse_property",)


@dataclass(frozen=True)
class Field:
    """A field of the model that a key/value line of notes gives."""

    name: str  # the model's attribute
    key: str  # the key a writer writes
    read: tuple[str, ...]  # the keys a reader takes for it, case-folded


# The format's keys, by the notes that hold them (grammars/sok.lark, "Key/value
# lines"): the one table that the .sok reader and writer and the .slc
# Description reader use.
FILE_FIELDS = (
    Field("title", "Collection", ("collection", "set", "title")),
    Field("author", "Author", ("author",)),
    Field("created_at", "Date Created", ("date created",)),
    Field("updated_at", "Date of Last Change", ("date of last change",)),
    Field("email", "Email", ("email",)),
    Field("url", "Url", ("url",)),
)
PUZZLE_FIELDS = (
    Field("title", "Title", ("title",)),
    Field("author", "Author", ("author",)),
    Field("game", "Game", ("game",)),
    Field("boxorder", "boxorder", ("boxorder",)),
    Field("goalorder", "goalorder", ("goalorder",)),
)
GAME_FIELDS = (
    Field("title", "Title", ("title",)),
    Field("solved_by", "Solver", ("solver", "author")),
)


def fields_by_key(fields: tuple[Field, ...]) -> dict[str, str]:
    """Case-folded key -> the field a reader takes it for."""
    return {key: field.name for field in fields for key in field.read}


def file_fields(found: dict[str, str]) -> dict[str, Any]:
    """Each of a collection's `FILE_FIELDS` as the readers found it in the
    file notes (`found`, by field name), "" where they did not: keyword
    arguments of `Collection` (typed Any, as ``**`` passes them on)."""
    return {field.name: found.get(field.name, "") for field in FILE_FIELDS}


def synonyms(fields: tuple[Field, ...]) -> tuple[frozenset[str], ...]:
    """The sets of keys read as one field (a reader takes the first)."""
    return tuple(frozenset(field.read) for field in fields if len(field.read) > 1)


@cache
def written_key(fields: tuple[Field, ...], name: str) -> str:
    """The key a writer writes for the field `name` (looked up once)."""
    return next(field.key for field in fields if field.name == name)


@cache
def _pattern() -> re.Pattern[str]:
    from ._grammar.lalr import terminals

    # PROPERTY_LINE, with groups for the key and the value.
    return re.compile(f"[ \\t]*({terminals('sok')['KEY']})[ \\t]*[:=](.*)")


def parse_property(line: str) -> tuple[str, str] | None:
    """(key, value) of a key/value line, the value stripped, else None."""
    found = _pattern().fullmatch(line)
    if found is None:
        return None
    return found[1], found[2].strip()


def keyed_property(line: str) -> tuple[str, str] | None:
    """(key, value) of a key/value line as readers match it: the key
    case-folded with inner spaces made single, the value stripped; else None."""
    found = _pattern().fullmatch(line)  # (parse_property's match: one call less a line)
    if found is None:
        return None
    key = found[1].casefold()
    if " " in key or "\t" in key:  # ("Date Created": most keys are one word)
        key = " ".join(key.split())
    return key, found[2].strip()


def key_of(line: str) -> str | None:
    """The case-folded key of a key/value line (inner spaces made single), else None."""
    found = keyed_property(line)
    return found[0] if found else None
