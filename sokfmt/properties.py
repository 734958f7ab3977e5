"""Key/value lines of notes: ``Key: value`` or ``Key=value``."""

from __future__ import annotations

import re

__all__ = ("parse_property",)

# A key is one word (a letter, then letters, digits and "_ . / -"), or one of
# the format's keys of several words; spaces may stand before the separator
# ("WEB   : ...").  "Negative test: see below" is text, not a property.
_MULTI_WORD_KEYS = ("date created", "date of last change")
_PROPERTY = re.compile(
    r"[ \t]*((?i:date[ \t]+created|date[ \t]+of[ \t]+last[ \t]+change)|[A-Za-z][A-Za-z0-9_./-]*)"
    r"[ \t]*[:=](.*)"
)


def parse_property(line: str) -> tuple[str, str] | None:
    """(key, value) of a key/value line, the value stripped, else None."""
    found = _PROPERTY.fullmatch(line)
    if found is None:
        return None
    return found[1], found[2].strip()


def key_of(line: str) -> str | None:
    """The case-folded key of a key/value line (inner spaces made single), else None."""
    found = _PROPERTY.fullmatch(line)
    return " ".join(found[1].casefold().split()) if found else None
