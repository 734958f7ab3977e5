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


def places(
    kept: list[str], taken: list[tuple[str, int]], blank: str = _BLANK
) -> tuple[tuple[str, int], ...]:
    """Where the lines a reader took out of notes stood, as
    `Collection.fields_at` gives them: `taken` holds (field, the number of
    lines of `kept` above it); the lines kept are trimmed of the blank lines
    at their ends (those holding only characters of `blank`), so each number
    counts the lines of the notes as kept."""
    start, end = 0, len(kept)
    while start < end and not kept[start].strip(blank):
        start += 1
    while end > start and not kept[end - 1].strip(blank):
        end -= 1
    return tuple((name, min(max(above - start, 0), end - start)) for name, above in taken)
