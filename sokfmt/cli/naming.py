"""The names under which `convert` writes the files of a folder: each under
its own relative path with the new extension, and, where several files would
be written under one name (x.sok and x.json both as x.sok), never one over
another, by a rule that does not depend on the order they are found in."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import PurePath


@dataclass(frozen=True, slots=True)
class Renamed:
    """A file, `source`, written under another name than the usual: as
    `written` instead of `usual`, the name of the files `others` too."""

    source: str
    written: str
    usual: str
    others: tuple[str, ...]


def output_names(
    relative: Sequence[PurePath], extension: str
) -> tuple[list[PurePath], dict[int, Renamed]]:
    """The name of each file of `relative` (distinct paths, relative to the
    folder read) converted to `extension`, relative to the folder written,
    and those written under another name than the usual, by their index.
    Give it the files converted alone: a file that is not written claims
    no name.

    The usual name is the path with its extension replaced (x.json becomes
    x.sok).  Where several files would be written under one name, each keeps
    its own extension before the new one (x.json.sok), but for the one that
    has that very name already (x.sok stays x.sok: it is not renamed by the
    conversion); should a name so made be another file's again (x.json.sok
    beside x.json), that file keeps its own extension too.  Names that keep
    their extension are distinct paths with one suffix added, so the rule
    always ends with every name distinct."""
    usual = [path.with_suffix(extension) for path in relative]
    kept = [path.with_name(path.name + extension) for path in relative]
    names = list(usual)
    renamed: dict[int, Renamed] = {}
    first = True
    while clashes := {name for name, count in Counter(names).items() if count > 1}:
        holders = {name: [i for i, each in enumerate(names) if each == name] for name in clashes}
        for name, indexes in holders.items():
            for i in indexes:
                if names[i] == kept[i] or (first and name == relative[i]):
                    continue  # keeps its own extension already, or its own name
                others = tuple(str(relative[j]) for j in indexes if j != i)
                renamed[i] = Renamed(str(relative[i]), str(kept[i]), str(name), others)
                names[i] = kept[i]
        first = False
    return names, renamed


def settled(relative: Sequence[PurePath], extension: str) -> set[int]:
    """The indexes of the files of `relative` whose name is the usual one
    (`output_names`) whichever of the others are converted too: no other
    file may ever have their name.  These can be written at once; the
    others wait until it is known which files claim a name."""
    paths: Collection[PurePath] = set(relative)
    usual = [path.with_suffix(extension) for path in relative]
    counts = Counter(usual)
    result = set()
    for i, name in enumerate(usual):
        if counts[name] > 1:
            continue
        # Another file's own extension kept before the new one, once or more.
        stem = name
        while stem.suffix == extension and stem.name != extension:
            stem = stem.with_name(stem.name[: -len(extension)])
            if stem in paths and stem != relative[i]:
                break
        else:
            result.add(i)
    return result
