"""What README's table says each format cannot hold, kind by kind, in the
order a lossy conversion drops it: written here from the table, apart from
sokfmt's own code (boards with rows of floor at their ends are Sokoban boards
in the tests that use it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from sokfmt import Board, Collection, Loss, Puzzle


def _puzzles(collection: Collection, change: Callable[[Puzzle], Puzzle]) -> Collection:
    return dataclasses.replace(collection, puzzles=tuple(map(change, collection.puzzles)))


def _without_games(collection: Collection, format: str) -> Collection:
    return _puzzles(collection, lambda p: dataclasses.replace(p, saved_games=()))


def _without_puzzle_notes(collection: Collection, format: str) -> Collection:
    return _puzzles(collection, lambda p: dataclasses.replace(p, notes=""))


def _without_comments(collection: Collection, format: str) -> Collection:
    collection = dataclasses.replace(collection, comments=())
    return _puzzles(collection, lambda p: dataclasses.replace(p, comments=()))


def _without_orders(collection: Collection, format: str) -> Collection:
    return _puzzles(collection, lambda p: dataclasses.replace(p, boxorder="", goalorder=""))


def _without_title_lines(collection: Collection, format: str) -> Collection:
    return _puzzles(collection, lambda p: dataclasses.replace(p, title_line=""))


def _xml(text: str) -> str:
    """`text` without the characters XML 1.0 has no place for (its `Char`)."""
    return "".join(
        c
        for c in text
        if c in "\t\n\r" or " " <= c <= "\ud7ff" or "\ue000" <= c <= "\ufffd" or c >= "\U00010000"
    )


def _without_characters(collection: Collection, format: str) -> Collection:
    names = ("title", "author", "created_at", "updated_at", "email", "url", "notes")
    collection = dataclasses.replace(
        collection, **{name: _xml(getattr(collection, name)) for name in names}
    )
    return _puzzles(
        collection, lambda p: dataclasses.replace(p, title=_xml(p.title), author=_xml(p.author))
    )


def _stripped(collection: Collection, format: str) -> Collection:
    """One-line values without the white space around them: every one in .sok
    and its kin, the document's elements in .slc (not its attributes)."""
    names = ("title", "created_at", "updated_at", "email", "url")
    if format == "slc":
        return dataclasses.replace(
            collection, **{name: getattr(collection, name).strip() for name in names}
        )
    collection = dataclasses.replace(
        collection, **{name: getattr(collection, name).strip() for name in (*names, "author")}
    )

    def stripped(puzzle: Puzzle) -> Puzzle:
        games = tuple(
            game.with_metadata(title=game.title.strip(), solved_by=game.solved_by.strip())
            for game in puzzle.saved_games
        )
        return dataclasses.replace(
            puzzle,
            title=puzzle.title.strip(),
            author=puzzle.author.strip(),
            boxorder=puzzle.boxorder.strip(),
            goalorder=puzzle.goalorder.strip(),
            saved_games=games,
        )

    return _puzzles(collection, stripped)


def _without_floor_rows(collection: Collection, format: str) -> Collection:
    def trimmed(puzzle: Puzzle) -> Puzzle:
        rows = list(puzzle.board.cells)
        while not rows[0].strip("-"):
            del rows[0]
        while not rows[-1].strip("-"):
            del rows[-1]
        return dataclasses.replace(puzzle, board=Board(puzzle.tessellation, tuple(rows)))

    return _puzzles(collection, trimmed)


_SOK_DROPS = {"white space": _stripped, "floor rows": _without_floor_rows}
DROPS: dict[str, dict[str, Callable[[Collection, str], Collection]]] = {
    "sok": _SOK_DROPS,
    "xsb": {"saved games": _without_games, **_SOK_DROPS},
    "slc": {
        "saved games": _without_games,
        "puzzle notes": _without_puzzle_notes,
        "comments": _without_comments,
        "Sokoban+ orders": _without_orders,
        "title lines": _without_title_lines,
        "characters": _without_characters,
        "white space": _stripped,
    },
    "json": {},
}


def dropped(collection: Collection, format: str) -> Collection:
    """`collection` without what `format` cannot hold."""
    for drop in DROPS[format].values():
        collection = drop(collection, format)
    return collection


def assert_named_as_dropped(collection: Collection, format: str, found: tuple[Loss, ...]) -> None:
    """`found` (the `losses` of `collection` in `format`) names each kind that
    dropping changes something of, in order, with the puzzles it changes (by
    number and title as given) and whether it changes the collection's own
    fields."""
    expected = []
    before = collection
    for kind, drop in DROPS[format].items():
        after = drop(before, format)
        pairs = zip(before.puzzles, after.puzzles, strict=True)
        puzzles = tuple(
            (number, collection.puzzles[number - 1].title)
            for number, (old, new) in enumerate(pairs, start=1)
            if old != new
        )
        own = dataclasses.replace(before, puzzles=()) != dataclasses.replace(after, puzzles=())
        if puzzles or own:
            expected.append((kind, puzzles, own))
        before = after
    assert [(loss.kind, loss.puzzles, loss.collection) for loss in found] == expected
