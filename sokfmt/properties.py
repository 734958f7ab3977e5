"""Key/value lines of notes: ``Key: value`` or ``Key=value``, as the
PROPERTY_LINE of grammars/sok.lark says (its key one word, or one of the
format's keys of several words; "Negative test: see below" is text)."""

from __future__ import annotations

import re
from functools import cache

__all__ = ("parse_property",)


@cache
def _pattern() -> re.Pattern[str]:
    from ._lalr import terminals

    # PROPERTY_LINE, with groups for the key and the value.
    return re.compile(f"[ \\t]*({terminals('sok')['KEY']})[ \\t]*[:=](.*)")


def parse_property(line: str) -> tuple[str, str] | None:
    """(key, value) of a key/value line, the value stripped, else None."""
    found = _pattern().fullmatch(line)
    if found is None:
        return None
    return found[1], found[2].strip()


def key_of(line: str) -> str | None:
    """The case-folded key of a key/value line (inner spaces made single), else None."""
    found = _pattern().fullmatch(line)
    return " ".join(found[1].casefold().split()) if found else None
