"""The names under which `convert` writes the files of a folder: each under
its own relative path with the new extension, and, where several files would
be written under one name (x.sok and x.json both as x.sok) or a file under
the name of a folder (y.xsb as y.sok beside the folder y.sok/), never one
over another, by a rule that does not depend on the order they are found in.
Names are told apart as a file system that ignores letter case tells them
apart (X.sok and x.sok are one name on Windows and macOS): a folder written
here and copied there keeps every file.  Only files read under names that
differ in letter case alone, which no such file system holds, may be
written so."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import PurePath


@dataclass(frozen=True, slots=True)
class Renamed:
    """A file, `source`, written under another name than the usual: as
    `written` instead of `usual`, the name of the files `others` too, or,
    with `folder`, the name of the folder `others[0]` of the tree."""

    source: str
    written: str
    usual: str
    others: tuple[str, ...]
    folder: bool = False


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
    has that very name already, but for letter case (x.sok stays x.sok, and
    X.SOK becomes X.sok: neither is renamed by the conversion); should a name
    so made be another file's again (x.json.sok beside x.json), that file
    keeps its own extension too.  A name that is a folder of the files
    (y.sok beside y.sok/inner.sok) is taken the same way: the file keeps its
    own extension (y.xsb.sok), and should that be a folder too, the new
    extension is added again until it is not.

    Why it ends: a name that keeps its extension only changes when it is a
    folder, and there are few folders; two such names are never alike (one
    would be the other's path with extensions added, which is a folder, not
    a file), so each clash of names moves a file that has its usual name."""
    usual = [path.with_suffix(extension) for path in relative]
    names = list(usual)
    # Whether a name keeps the file's own extension: so does the usual name
    # of a file without one.
    keeps = [not path.suffix for path in relative]
    folders = {folded(folder): folder for path in relative for folder in path.parents}
    renamed: dict[int, Renamed] = {}
    first = True
    while True:
        keys = [folded(name) for name in names]
        counts = Counter(keys)
        moving = [
            i
            for i, key in enumerate(keys)
            if key in folders
            or (counts[key] > 1 and not keeps[i] and not (first and key == folded(relative[i])))
        ]
        if not moving:
            break
        for i in moving:
            key = keys[i]
            if i not in renamed:  # why it leaves its usual name
                others = [j for j, each in enumerate(keys) if each == key and j != i]
                why = (folders[key],) if key in folders else tuple(relative[j] for j in others)
                renamed[i] = Renamed(
                    str(relative[i]), "", str(usual[i]), tuple(map(str, why)), key in folders
                )
            name = names[i]
            base = name if keeps[i] else relative[i]
            names[i] = base.with_name(base.name + extension)
            keeps[i] = True
        first = False
    for i, each in renamed.items():
        renamed[i] = Renamed(each.source, str(names[i]), each.usual, each.others, each.folder)
    return names, renamed


def settled(relative: Sequence[PurePath], extension: str) -> set[int]:
    """The indexes of the files of `relative` whose name is the usual one
    (`output_names`) whichever of the others are converted too: no other
    file may ever have their name, and it is no folder of theirs.  These
    can be written at once; the others wait until it is known which files
    claim a name."""
    paths: Collection[str] = set(map(folded, relative))
    folders = {folded(folder) for path in relative for folder in path.parents}
    usual = [folded(path.with_suffix(extension)) for path in relative]
    counts = Counter(usual)
    result = set()
    for i, name in enumerate(usual):
        if name in folders or counts[name] > 1:
            continue
        # Another file's own extension kept before the new one, once or more.
        stem, own, ending = name, folded(relative[i]), extension.casefold()
        while stem.endswith(ending) and PurePath(stem).name != ending:
            stem = stem[: -len(ending)]
            if stem in paths and stem != own:
                break
        else:
            result.add(i)
    return result


def folded(path: PurePath) -> str:
    """`path` as a file system that ignores letter case tells names apart."""
    return str(path).casefold()
