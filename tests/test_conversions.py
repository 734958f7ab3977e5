"""Conversions between the collection formats: what each cannot hold
(`sokfmt.losses`), the corpus through every format and back, and generated
collections the same way."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path
from typing import Any

import pytest
from corpus import CORPUS, needs_corpus
from dropping import assert_named_as_dropped, dropped
from hypothesis import given, settings
from hypothesis import strategies as st

import sokfmt
from sokfmt import (
    Board,
    Collection,
    Diagnostic,
    Loss,
    Puzzle,
    SavedGame,
    Tessellation,
    ValidationError,
    dumps,
    loads_moves,
    losses,
)

SQUARE = Board(Tessellation.SOKOBAN, ("#####", "#@$.#", "#####"))
FORMATS = ("sok", "xsb", "slc", "json")


def read_back(text: str, format: str) -> Collection:
    """The collection a text written in `format` reads as."""
    diagnostics: list[Diagnostic] = []
    kept = None if format == "json" else diagnostics  # JSON has no lines to point at
    found = sokfmt.load(io.BytesIO(text.encode("utf-8")), format=format, diagnostics=kept)
    assert isinstance(found, Collection)
    assert [d for d in diagnostics if d.severity == "error"] == []
    return found


# ------------------------------------------------------------------ losses

_GAME = loads_moves("R")


@pytest.mark.parametrize(
    ("collection", "format", "expected", "kept"),
    [
        (
            Collection(puzzles=(Puzzle(SQUARE, title="A", saved_games=(_GAME, _GAME)),)),
            "xsb",
            (Loss("saved games", 2, ((1, "A"),)),),
            Collection(puzzles=(Puzzle(SQUARE, title="A"),)),
        ),
        (
            Collection(puzzles=(Puzzle(SQUARE), Puzzle(SQUARE, title="B", notes="hard"))),
            "slc",
            (Loss("puzzle notes", 1, ((2, "B"),)),),
            Collection(puzzles=(Puzzle(SQUARE), Puzzle(SQUARE, title="B"))),
        ),
        (
            Collection(comments=(":: a", ":: b"), puzzles=(Puzzle(SQUARE, comments=(":: c",)),)),
            "slc",
            (Loss("comments", 3, ((1, ""),), collection=True),),
            Collection(puzzles=(Puzzle(SQUARE),)),
        ),
        (
            Collection(puzzles=(Puzzle(SQUARE, boxorder="1", goalorder="1"),)),
            "slc",
            (Loss("Sokoban+ orders", 1, ((1, ""),)),),
            Collection(puzzles=(Puzzle(SQUARE),)),
        ),
        (
            Collection(puzzles=(Puzzle(SQUARE, title="T", title_line="Label"),)),
            "slc",
            (Loss("title lines", 1, ((1, "T"),), example="Label"),),
            Collection(puzzles=(Puzzle(SQUARE, title="T"),)),
        ),
        (
            # Taken out, the bell leaves white space: both are named.
            Collection(title="Bell \x07", puzzles=(Puzzle(SQUARE, title="\x01A"),)),
            "slc",
            (
                Loss("characters", 2, ((1, "\x01A"),), collection=True, example="\x07"),
                Loss("white space", 1, collection=True, example="Bell "),
            ),
            Collection(title="Bell", puzzles=(Puzzle(SQUARE, title="A"),)),
        ),
        (
            Collection(
                author=" Me ",
                puzzles=(
                    Puzzle(SQUARE, title=" One", saved_games=(_GAME.with_metadata(title="S "),)),
                ),
            ),
            "sok",
            (Loss("white space", 3, ((1, " One"),), collection=True, example=" Me "),),
            Collection(
                author="Me",
                puzzles=(
                    Puzzle(SQUARE, title="One", saved_games=(_GAME.with_metadata(title="S"),)),
                ),
            ),
        ),
        (
            Collection(
                puzzles=(
                    Puzzle(Board(Tessellation.SOKOBAN, ("-----", *SQUARE.cells, "-----", "-----"))),
                )
            ),
            "xsb",
            (Loss("floor rows", 3, ((1, ""),)),),
            Collection(puzzles=(Puzzle(SQUARE),)),
        ),
    ],
)
def test_losses_name_what_a_format_cannot_hold_and_lossy_drops_it(
    collection: Collection, format: str, expected: tuple[Loss, ...], kept: Collection
) -> None:
    assert losses(collection, format) == expected
    named = "; ".join(map(str, expected))
    with pytest.raises(ValidationError, match=re.escape(f".{format} cannot hold {named}")):
        dumps(collection, format)
    assert read_back(dumps(collection, format, lossy=True), format) == kept
    # JSON holds everything.
    assert losses(collection, "json") == ()
    assert read_back(dumps(collection, "json"), "json") == collection


def test_a_loss_in_words() -> None:
    puzzles = tuple((number, f"P{number}") for number in range(1, 6))
    assert str(Loss("saved games", 7, puzzles)) == (
        "7 saved games (puzzles 1 'P1', 2 'P2', 3 'P3' and 2 more)"
    )
    assert str(Loss("puzzle notes", 1, ((4, ""),))) == "the notes of 1 puzzle (4)"
    assert str(Loss("white space", 2, ((2, "B"),), collection=True, example=" A")) == (
        "white space around 2 titles or other one-line values (the collection, puzzle 2 'B', "
        "such as ' A')"
    )
    long = "x" * 100
    assert f"'{'x' * 37}...'" in str(Loss("title lines", 1, ((1, long),)))


def test_the_refusal_names_every_loss_and_the_formats_that_keep_them() -> None:
    collection = Collection(
        puzzles=(Puzzle(SQUARE, title="A", notes="hard", saved_games=(_GAME,)),)
    )
    with pytest.raises(ValidationError) as caught:
        dumps(collection, "slc")
    assert str(caught.value) == (
        ".slc cannot hold 1 saved game (puzzle 1 'A'); the notes of 1 puzzle (1 'A'): "
        "lossy=True drops them (.sok and .json keep them)"
    )


# ------------------------------------------------------------------ the corpus


def _corpus_files() -> list[Path]:
    suffixes = (".sok", ".xsb", ".txt", ".slc")
    if not CORPUS.is_dir():
        return []
    return sorted(path for path in CORPUS.rglob("*") if path.suffix.lower() in suffixes)


# Content warnings: what .sok cannot hold of a .slc file, as check says it.
_CANNOT_HOLD = ("SLC205", "SLC206")


@needs_corpus
def test_every_corpus_file_converts_to_every_format_that_holds_it() -> None:
    converted = refused = lossy = unread = 0
    unexplained = []
    for path in _corpus_files():
        diagnostics: list[Diagnostic] = []
        collection = sokfmt.load(path, diagnostics=diagnostics)
        assert isinstance(collection, Collection)
        if any(d.severity == "error" for d in diagnostics):
            unread += 1  # what convert would not read either
            continue
        warned = {d.code for d in diagnostics} & set(_CANNOT_HOLD)
        for format in FORMATS:
            lost = losses(collection, format)
            if format == "slc" and any(
                p.tessellation is not Tessellation.SOKOBAN for p in collection.puzzles
            ):
                # Refused whatever is dropped, and said so first.
                for dropping in (False, True):
                    with pytest.raises(ValidationError, match="Sokoban boards only"):
                        dumps(collection, format, lossy=dropping)
                continue
            assert_named_as_dropped(collection, format, lost)
            if lost:
                with pytest.raises(ValidationError, match=f"cannot hold {re.escape(str(lost[0]))}"):
                    dumps(collection, format)
                text = dumps(collection, format, lossy=True)
                assert read_back(text, format) == dropped(collection, format)
                lossy += 1
                continue
            try:
                text = dumps(collection, format)
            except ValidationError as error:
                refused += 1
                if not warned:
                    unexplained.append(f"{path.name} -> .{format}: {error}")
                continue
            assert read_back(text, format) == collection, f"{path.name} -> .{format}"
            converted += 1
    assert unexplained == []
    # 21 files: 2 empty of puzzles but readable, none with a read error; no
    # conversion refused but for what a format has no place for.
    files = len(_corpus_files())
    assert (files, unread, refused) == (21, 0, 0)
    assert converted + lossy == files * len(FORMATS) - 2  # Hexocet.sok and mixed: no .slc
    print(f"{files} files x {len(FORMATS)} formats: {converted} converted, {lossy} lossy")


# ------------------------------------------------------------------ generated

_WORDS = st.text(alphabet="abcfghijkqtvxyz ", min_size=1, max_size=12).map(str.strip).filter(bool)
_VALUES = _WORDS | st.just("") | _WORDS.map(lambda word: f" {word}  ")
_NOTE_LINES = st.lists(
    _WORDS | st.just("") | st.just("  ") | _WORDS.map(lambda word: f"Key{len(word)}: {word}"),
    max_size=4,
)
_NOTES = _NOTE_LINES.map("\n".join)


@st.composite
def boards(draw: st.DrawFn, tessellation: Tessellation) -> Board:
    width = draw(st.integers(3, 7))
    inside = st.text(alphabet="-$.*@+", min_size=width - 2, max_size=width - 2)
    rows = ["#" * width, *(f"#{draw(inside)}#" for _ in range(draw(st.integers(1, 4))))]
    # Rows of floor at the ends of a square board (others would need their
    # grid's columns kept as well).
    square = tessellation is Tessellation.SOKOBAN
    floor = ["-" * width] * draw(st.integers(0, 2 if square else 0))
    below = ["-" * width] * draw(st.integers(0, 1 if square else 0))
    return Board(tessellation, (*floor, *rows, "#" * width, *below))


@st.composite
def games(draw: st.DrawFn, tessellation: Tessellation) -> SavedGame:
    letters = draw(st.text(alphabet=tessellation.letters, min_size=1, max_size=8))
    game = loads_moves(letters.lower(), tessellation=tessellation)
    return game.with_metadata(title=draw(_VALUES), solved_by=draw(_VALUES), notes=draw(_NOTES))


@st.composite
def puzzles(draw: st.DrawFn, tessellations: tuple[Tessellation, ...]) -> Puzzle:
    tessellation = draw(st.sampled_from(tessellations))
    title = draw(_VALUES)
    orders = draw(st.sampled_from(["", "1"]))
    return Puzzle(
        draw(boards(tessellation)),
        title=title,
        author=draw(_VALUES),
        notes=draw(_NOTES),
        saved_games=tuple(draw(st.lists(games(tessellation), max_size=2))),
        boxorder=orders,
        goalorder=orders,
        comments=tuple(draw(st.lists(_WORDS.map(lambda word: f":: {word}"), max_size=1))),
        title_line=draw(_WORDS) if title.strip() and draw(st.booleans()) else "",
    )


@st.composite
def collections(draw: st.DrawFn, tessellations: tuple[Tessellation, ...]) -> Collection:
    return Collection(
        title=draw(_VALUES),
        author=draw(_VALUES),
        created_at=draw(_VALUES | st.just("2003-01-15  22:01:00")),
        updated_at=draw(_VALUES),
        notes=draw(_NOTES),
        puzzles=tuple(draw(st.lists(puzzles(tessellations), max_size=3))),
        comments=tuple(draw(st.lists(_WORDS.map(lambda word: f":: {word}"), max_size=1))),
        email=draw(_VALUES),
        url=draw(_VALUES),
        fields_at=tuple(draw(st.lists(st.tuples(_FIELDS, st.integers(0, 5)), max_size=4))),
    )


_FIELDS = st.sampled_from(("title", "author", "created_at", "updated_at", "email", "url"))
_SQUARES = (Tessellation.SOKOBAN,)
_ANY = (Tessellation.SOKOBAN, Tessellation.TRIOBAN, Tessellation.OCTOBAN)


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from(FORMATS))
def test_generated_collections_convert_and_read_back(data: st.DataObject, format: str) -> None:
    collection = data.draw(collections(_SQUARES if format == "slc" else _ANY))
    lost = losses(collection, format)
    assert_named_as_dropped(collection, format, lost)
    kept = dropped(collection, format)
    assert losses(kept, format) == ()
    if lost:
        with pytest.raises(ValidationError, match="lossy=True drops"):
            dumps(collection, format)
    text = dumps(collection, format, lossy=True)
    assert read_back(text, format) == kept
    assert dumps(kept, format) == text  # nothing more is dropped on the way
    # Where the fields' lines stand is read with them, and written again so.
    assert dumps(read_back(text, format), format) == text
    # What one format writes, another reads as its own: .sok, and back.
    if format != "sok":
        assert read_back(dumps(kept, "sok", lossy=True), "sok") == dropped(kept, "sok")


def test_what_lossy_drops_for_sok_is_named_in_the_diagnostics_of_slc() -> None:
    text = (
        '<?xml version="1.0"?>\n<SokobanLevels>\n  <Title>T</Title>\n'
        '  <LevelCollection Copyright="Me ">\n'
        '    <Level Id=" One" Width="5" Height="4">\n'
        "      <L>#####</L>\n      <L>#@$.#</L>\n      <L>#####</L>\n      <L></L>\n"
        "    </Level>\n  </LevelCollection>\n</SokobanLevels>\n"
    )
    diagnostics: list[Diagnostic] = []
    collection = sokfmt.loads_slc(text, diagnostics=diagnostics)
    assert [(d.code, d.line, d.column) for d in diagnostics] == [
        ("SLC206", 4, 3),
        ("SLC205", 5, 5),
        ("SLC205", 5, 5),
    ]
    kinds = [loss.kind for loss in losses(collection, "sok")]
    assert kinds == ["white space", "floor rows"]
    expected = dataclasses.replace(
        collection,
        author="Me",
        puzzles=(Puzzle(SQUARE, title="One"),),
    )
    assert read_back(dumps(collection, "sok", lossy=True), "sok") == expected


# ------------------------------------------------------------------ file order

_BOARD = "#####\n#@$.#\n#####"


def test_the_file_s_key_value_lines_stay_where_they_stood_in_its_notes() -> None:
    text = (
        "Made in 2003.\nCollection: Red\nDate of Last Change: 2006\nMore words.\n"
        f"Date Created: 2003\nAuthor: Me\n\nOne\n{_BOARD}\n"
    )
    collection = sokfmt.loads_sok(text)
    assert (collection.title, collection.notes) == ("Red", "Made in 2003.\nMore words.")
    assert collection.fields_at == (
        ("title", 1),
        ("updated_at", 1),
        ("created_at", 2),
        ("author", 2),
    )
    assert sokfmt.dumps_sok(collection) == text
    # Layout, not content: without it the collection is the same, and its
    # fields go first.
    built = dataclasses.replace(collection, fields_at=())
    assert built == collection
    assert sokfmt.dumps_sok(built).startswith(
        "Collection: Red\nAuthor: Me\nDate Created: 2003\nDate of Last Change: 2006\nMade in"
    )


@pytest.mark.parametrize(
    ("collection", "head"),
    [
        # Below the notes' own line of its key, that line would be read for it.
        (
            Collection(author="Me", notes="Text\nAuthor: You", fields_at=(("author", 2),)),
            "Author: Me\nText\nAuthor: You",
        ),
        # Where it stood, rows of the notes would make a board: it goes between them.
        (
            Collection(title="T", notes=_BOARD, fields_at=(("title", 0),)),
            "#####\n#@$.#\nCollection: T\n#####",
        ),
    ],
)
def test_a_field_goes_where_it_stood_only_where_the_notes_read_back(
    collection: Collection, head: str
) -> None:
    collection = collection.with_puzzles(Puzzle(SQUARE, title="P"))
    text = sokfmt.dumps_sok(collection)
    assert text.startswith(f"{head}\n\n")
    assert sokfmt.loads_sok(text, diagnostics=[]) == collection


@pytest.mark.parametrize("notes", ["a\rb", "a\n:: comment"])
def test_notes_that_no_layout_writes_are_refused_wherever_fields_stood(notes: str) -> None:
    collection = Collection(title="T", notes=notes, fields_at=(("title", 1),))
    with pytest.raises(ValidationError, match="its notes cannot be written"):
        sokfmt.dumps_sok(collection)


@pytest.mark.parametrize(
    "fields_at",
    [[("title", 0)], (("title", -1),), (("game", 0),), (("title", 0, 1),), (("title", True),)],
)
def test_fields_at_names_fields_of_a_collection_and_counts_lines(fields_at: Any) -> None:
    with pytest.raises(ValidationError, match="fields_at must be"):
        Collection(fields_at=fields_at)
