"""Notes as the objects keep them: without blank lines at either end."""

from __future__ import annotations

# What a blank line holds, if anything.
_BLANK = " \t"


def trimmed(notes: str) -> str:
    """`notes` without the lines at its ends that hold nothing but spaces and
    tabs: they carry no content, a .sok reader drops them, and a .slc
    ``Description`` may have them around its text."""
    if not notes or (notes[0] not in "\n \t" and notes[-1] not in "\n \t"):
        return notes  # the cheap case: neither end can be a blank line
    lines = notes.split("\n")
    start, end = 0, len(lines)
    while start < end and not lines[start].strip(_BLANK):
        start += 1
    while end > start and not lines[end - 1].strip(_BLANK):
        end -= 1
    return "\n".join(lines[start:end])
