""".slc collections: the vectors, the corpus against an independent XML
reader, round trips through every format, and hostile XML."""

from __future__ import annotations

import ast
import io
import json
import pickle
import re
import textwrap
import warnings
import xml.etree.ElementTree as ElementTree
from dataclasses import replace
from pathlib import Path
from typing import Any

import hangs
import pytest
from corpus import CORPUS, needs_corpus

import sokfmt
from sokfmt import (
    Board,
    Collection,
    Diagnostic,
    ParseError,
    Puzzle,
    SlcSyntaxError,
    Tessellation,
    ValidationError,
    dumps,
    dumps_slc,
    from_dict,
    iter_slc,
    load_slc,
    loads_board,
    loads_moves,
    loads_slc,
    loads_sok,
)
from sokfmt._losses import NOT_XML
from sokfmt._slc import read as _slc
from sokfmt._slc import schema, tree

VECTORS = Path(__file__).parent / "vectors" / "slc"
SLC_CORPUS = CORPUS / "PoulpoGaz__sokoshell" / "slc"


def _corpus_files() -> list[Path]:
    return sorted(SLC_CORPUS.glob("*.slc")) if SLC_CORPUS.is_dir() else []


def canonical(document: str | bytes) -> str:
    """The document up to XML formatting: white space around text dropped,
    attributes in order, entities expanded."""
    return ElementTree.canonicalize(document, strip_text=True)


# ------------------------------------------------------------------ vectors


@pytest.mark.parametrize("name", ["small", "latin1"])
def test_vector_files_read_as_their_json_says(name: str) -> None:
    expected = json.loads((VECTORS / f"{name}.json").read_text("utf-8"))
    collection = load_slc(VECTORS / f"{name}.slc", diagnostics=[])
    assert collection.to_dict() == expected
    assert from_dict(Collection, expected) == collection


def test_the_writer_writes_what_sokoban_for_windows_writes() -> None:
    written = (VECTORS / "small.slc").read_text("utf-8")
    assert dumps_slc(load_slc(VECTORS / "small.slc")) == written


def _invalid_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((VECTORS / "invalid.json").read_text("utf-8"))["cases"]
    return cases


@pytest.mark.parametrize("case", _invalid_cases(), ids=lambda case: case["name"])
def test_invalid_vectors(case: dict[str, Any]) -> None:
    with pytest.raises(ParseError) as raised:
        loads_slc(case["input"])
    error = raised.value
    assert (error.line, error.column, error.code) == (
        case["error"]["line"],
        case["error"]["column"],
        case["code"],
    ), error
    lines = case["input"].split("\n")
    assert error.source_line == lines[error.line - 1]
    assert case["input"][error.pos :].startswith(lines[error.line - 1][error.column - 1 :])
    found: list[Diagnostic] = []
    loads_slc(case["input"], diagnostics=found)
    assert found[0] == error.diagnostic()
    assert pickle.loads(pickle.dumps(error)).code == error.code


def test_a_bad_level_is_skipped_with_diagnostics_and_the_rest_read() -> None:
    text = (VECTORS / "small.slc").read_text("utf-8").replace("<L>#@$.#</L>", "<L>#@$x#</L>")
    found: list[Diagnostic] = []
    collection = loads_slc(text, diagnostics=found)
    assert [p.title for p in collection.puzzles] == ["Two <2>", ""]
    assert [(d.code, d.line, d.column) for d in found] == [("SOK301", 13, 13)]


def test_warnings() -> None:
    text = (VECTORS / "small.slc").read_text("utf-8")
    odd = text.replace('Height="3"', 'Height="4"').replace(
        "<Title>Three &amp; a half</Title>",
        "<!-- made by hand -->\n  <Title>Three\n  a half</Title>",
    )
    found: list[Diagnostic] = []
    collection = loads_slc(odd, diagnostics=found)
    assert collection.title == "Three a half"
    assert [(d.code, d.line) for d in found] == [("SLC201", 3), ("SLC204", 5), ("SLC202", 13)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loads_slc(odd)
    assert [str(w.message).split()[2] for w in caught] == ["SLC201", "SLC204", "SLC202"]
    empty: list[Diagnostic] = []
    loads_slc("<SokobanLevels><Title>x</Title></SokobanLevels>", diagnostics=empty)
    assert [d.code for d in empty] == ["SLC203"]


def _document(description: str, copyright: str = "") -> str:
    """A document of one level with this Description (and collection Copyright)."""
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<SokobanLevels>\n  <Title>T</Title>\n'
        f"  <Description>{description}</Description>\n"
        f"  <LevelCollection{copyright}>\n"
        '    <Level Id="One" Width="5" Height="3">\n'
        "      <L>#####</L>\n      <L>#@$.#</L>\n      <L>#####</L>\n"
        "    </Level>\n  </LevelCollection>\n</SokobanLevels>\n"
    )


@pytest.mark.parametrize("read", [loads_slc, lambda text: _slc.parse_fully(text, [])])
def test_blank_lines_around_a_description_are_no_part_of_the_notes(read: Any) -> None:
    text = _document("\n\n   \n  Two blank lines above,\n\n\tone inside.\n \n\n  ")
    collection = read(text)
    assert collection.notes == "  Two blank lines above,\n\n\tone inside."
    # .sok keeps no blank line at the ends of notes: the same collection.
    assert loads_sok(dumps(collection, "sok")) == collection


@pytest.mark.parametrize("read", [loads_slc, lambda text: _slc.parse_fully(text, [])])
def test_a_description_s_key_lines_are_the_fields_they_name(read: Any) -> None:
    text = _document(
        "\nSome levels.\nDate Created: 2003-01-15  22:01:00\n"
        "Date of Last Change: 2004-02-01\nAuthor: B. Other\nEmail: b@o\n  "
    )
    collection = read(text)
    assert (collection.created_at, collection.updated_at) == ("2003-01-15  22:01:00", "2004-02-01")
    # No Copyright and no Email element: the lines give them, as in .sok.
    assert (collection.author, collection.email, collection.notes) == (
        "B. Other",
        "b@o",
        "Some levels.",
    )
    assert loads_sok(dumps(collection, "sok")) == collection
    assert loads_slc(dumps_slc(collection)) == collection
    # The Copyright of LevelCollection is the author: the line stays a note.
    given = read(_document("\nAuthor: B. Other\n  ", ' Copyright="A. Maker"'))
    assert (given.author, given.notes) == ("A. Maker", "Author: B. Other")
    assert loads_sok(dumps(given, "sok")) == given


def test_the_writer_puts_the_dates_at_the_end_of_the_description() -> None:
    collection = Collection(title="T", created_at="2003", updated_at="2004", notes="Levels.")
    written = dumps_slc(collection)
    assert (
        "<Description>\nLevels.\nDate Created: 2003\nDate of Last Change: 2004\n  </Description>"
        in written
    )


def _description_of(document: str) -> str:
    """The text of a document's Description, without the line breaks and
    indentation the writer puts around it."""
    return (ElementTree.fromstring(document).findtext("Description") or "").strip("\n ")


# Descriptions with their date lines where Sokoban programs do not put them
# (a Date of Last Change line between lines of text, as in Red_mini.slc of
# the sokoshell archive), and where each date line stands among the lines of
# the notes once it is taken out: worked out by hand.
_PLACED_DATES = [
    (
        "Red and small.\nDate of Last Change: 2006-01-02\nMore red.",
        "Red and small.\nMore red.",
        (("updated_at", 1),),
    ),
    (
        "Date of Last Change: 2006-01-02\nRed and small.\nDate Created: 2003-01-15",
        "Red and small.",
        (("updated_at", 0), ("created_at", 1)),
    ),
    (
        "One.\nDate Created: 2003\nTwo.\n\nThree.\nDate of Last Change: 2006",
        "One.\nTwo.\n\nThree.",
        (("created_at", 1), ("updated_at", 4)),
    ),
    # Dates alone, the later first (found by fuzzing: without notes, the
    # writer put them in its own order).
    (
        "Date of Last Change: 2006\nDate Created: 2003",
        "",
        (("updated_at", 0), ("created_at", 0)),
    ),
    # A second line of a date stays in the notes, after the one read.
    (
        "Date Created: 2003\nOne.\nDate Created: 1999",
        "One.\nDate Created: 1999",
        (("created_at", 0),),
    ),
]


@pytest.mark.parametrize(("description", "notes", "fields_at"), _PLACED_DATES)
@pytest.mark.parametrize("read", [loads_slc, lambda text: _slc.parse_fully(text, [])])
def test_the_date_lines_of_a_description_stay_where_they_stood(
    read: Any, description: str, notes: str, fields_at: tuple[tuple[str, int], ...]
) -> None:
    collection = read(_document(f"\n{description}\n  "))
    assert (collection.notes, collection.fields_at) == (notes, fields_at)
    assert _description_of(dumps_slc(collection)) == description
    # Through .sok and back, as convert takes it: the same lines in the same
    # order (the title, which has no place among them, first).
    as_sok = dumps(collection, "sok")
    assert as_sok[: as_sok.index("\nOne\n#####")].rstrip("\n") == f"Collection: T\n{description}"
    through_sok = loads_sok(as_sok)
    assert through_sok == collection
    assert _description_of(dumps_slc(through_sok)) == description


def test_a_date_line_is_placed_among_the_lines_the_notes_keep() -> None:
    # The blank lines above it are no part of the notes: it stands first.
    collection = loads_slc(_document("\n\n \nDate Created: 2003\nText.\n\n  "))
    assert (collection.notes, collection.fields_at) == ("Text.", (("created_at", 0),))
    assert _description_of(dumps_slc(collection)) == "Date Created: 2003\nText."


def test_a_date_line_goes_where_it_stood_only_where_a_reader_takes_it() -> None:
    # After the notes' own date line, a reader would take that one: the
    # field's line goes first, as for a collection built without places.
    collection = Collection(
        updated_at="2004",
        notes="Date of Last Change: 2000\nText",
        puzzles=(_sokoban(),),
        fields_at=(("updated_at", 2),),
    )
    assert _description_of(dumps_slc(collection)) == (
        "Date of Last Change: 2004\nDate of Last Change: 2000\nText"
    )
    assert loads_slc(dumps_slc(collection)) == collection
    # A date not named goes after the notes; one named beyond them, last.
    collection = Collection(
        created_at="2003",
        updated_at="2004",
        notes="A\nB",
        puzzles=(_sokoban(),),
        fields_at=(("updated_at", 9),),
    )
    assert _description_of(dumps_slc(collection)) == (
        "A\nB\nDate of Last Change: 2004\nDate Created: 2003"
    )
    assert loads_slc(dumps_slc(collection)) == collection


def test_a_title_line_that_is_its_title_converts_to_slc() -> None:
    # As group_effort_small_set.xsb writes its puzzles: the title above the
    # board and again in a Title line below it.
    text = "Grigr_Special15\n#####\n#@$.#\n#####\nTitle: Grigr_Special15\n"
    collection = loads_sok(text)
    (puzzle,) = collection.puzzles
    assert (puzzle.title, puzzle.title_line) == ("Grigr_Special15", "")
    assert sokfmt.losses(collection, "slc") == ()
    written = dumps_slc(collection)
    assert ElementTree.fromstring(written).find("LevelCollection/Level").get("Id") == (  # type: ignore[union-attr]
        "Grigr_Special15"
    )
    assert loads_slc(written) == collection
    # A title line that is not the title is still refused.
    other = loads_sok("Label\n#####\n#@$.#\n#####\nTitle: Grigr_Special15\n")
    assert other.puzzles[0].title_line == "Label"
    with pytest.raises(ValidationError, match=r"has a title line, which \.slc cannot hold"):
        dumps_slc(other)
    # The model keeps no title line that is its title, however it is built.
    board = loads_board("#####\n#@$.#\n#####")
    assert Puzzle(board, title="T", title_line="T") == Puzzle(board, title="T")


def test_encodings(tmp_path: Path) -> None:
    small = (VECTORS / "small.slc").read_text("utf-8")
    expected = loads_slc(small)
    accented = small.replace("A. Maker", "Zoé Maker")
    for data in (
        accented.encode("utf-8"),
        accented.replace("\n", "\r\n").encode("utf-8"),
        b"\xef\xbb\xbf" + accented.encode("utf-8"),
        accented.encode("utf-16"),
        # a cp1252 line in a document that says utf-8, as old tools write them
        accented.encode("cp1252"),
        accented.replace('encoding="utf-8"', 'encoding="windows-1252"').encode("cp1252"),
    ):
        path = tmp_path / "x.slc"
        path.write_bytes(data)
        collection = load_slc(path)
        assert collection == replace(expected, author="Zoé Maker")
        assert loads_slc(data) == collection
        assert list(iter_slc(path)) == list(collection.puzzles)
        assert list(iter_slc(io.BytesIO(data))) == list(collection.puzzles)
    with pytest.raises(sokfmt.DecodeError, match="klingon"):
        loads_slc(b'<?xml version="1.0" encoding="klingon"?><SokobanLevels/>')
    # Text already decoded wins over the declaration.
    assert loads_slc(accented.replace("utf-8", "iso-8859-1")).author == "Zoé Maker"


@pytest.mark.parametrize(
    ("document", "where"),
    [
        # The name's first letter: line 1, after 30 characters; the line
        # without its CRLF.
        (
            b'<?xml version="1.0" encoding="nope"?>\r\n<SokobanLevels/>',
            (1, 31, 30, '<?xml version="1.0" encoding="nope"?>'),
        ),
        # A declaration over two lines: line 2 begins after 19 characters
        # and a CRLF (offset 21); the name's "r" is 11 characters into it.
        (
            b'<?xml version="1.0"\r\n encoding="rot13"?>\n<SokobanLevels/>',
            (2, 12, 32, ' encoding="rot13"?>'),
        ),
    ],
)
def test_an_unknown_declared_encoding_is_an_error_at_its_name(
    document: bytes, where: tuple[int, int, int, str]
) -> None:
    with pytest.raises(sokfmt.DecodeError) as caught:
        loads_slc(document)
    error = caught.value
    assert (error.line, error.column, error.pos, error.source_line) == where


def test_iter_slc_streams_what_load_slc_reads(tmp_path: Path) -> None:
    text = (VECTORS / "small.slc").read_text("utf-8")
    levels = text.split("    <Level ")
    body = "    <Level " + "    <Level ".join(levels[1:]).split("  </LevelCollection>")[0]
    big = text.replace(body, body * 700)  # over a megabyte: several blocks
    path = tmp_path / "big.slc"
    path.write_text(big, encoding="utf-8")
    puzzles = iter_slc(path)
    first = next(puzzles)
    assert first.title == "One"
    rest = list(puzzles)
    assert [first, *rest] == list(load_slc(path).puzzles)
    assert len(rest) + 1 == 3 * 700


# ------------------------------------------------------------------ the corpus


@needs_corpus
@pytest.mark.parametrize("path", _corpus_files(), ids=lambda path: path.name)
def test_corpus_files_read_as_an_xml_reader_sees_them(path: Path) -> None:
    root = ElementTree.parse(path).getroot()  # the standard library's other XML reader
    levels = root.findall("LevelCollection/Level")
    collection = load_slc(path)
    assert len(collection.puzzles) == len(levels) > 0
    for puzzle, level in zip(collection.puzzles, levels, strict=True):
        rows = [row.text or "" for row in level.findall("L")]
        assert puzzle.title == level.get("Id")
        assert puzzle.author == level.get("Copyright", "")
        assert (puzzle.board.width, puzzle.board.height) == (
            int(level.get("Width", "")),
            int(level.get("Height", "")),
        )
        # Each row as drawn, outside and floor alike as blanks.
        drawn = [row.replace("-", " ").rstrip() for row in puzzle.board.rows]
        assert drawn == [row.rstrip() for row in rows]
    assert collection.title == root.findtext("Title")
    assert collection.notes == (root.findtext("Description") or "").strip()
    assert (collection.email, collection.url) == (
        root.findtext("Email") or "",
        root.findtext("Url") or "",
    )
    assert collection.author == root.find("LevelCollection").get("Copyright")  # type: ignore[union-attr]


@needs_corpus
@pytest.mark.parametrize("path", _corpus_files(), ids=lambda path: path.name)
def test_corpus_files_round_trip_through_sok_and_json(path: Path) -> None:
    original = path.read_bytes()
    collection = load_slc(path)
    through_sok = loads_sok(dumps(collection, "sok"))
    through_json = from_dict(Collection, json.loads(dumps(collection, "json")))
    for copy in (collection, through_sok, through_json):
        assert copy == collection
        assert canonical(dumps_slc(copy).encode("utf-8")) == canonical(original)


@needs_corpus
def test_corpus_files_iterate_as_they_load() -> None:
    for path in _corpus_files():
        found: list[Diagnostic] = []
        streamed: list[Diagnostic] = []
        assert list(iter_slc(path, diagnostics=streamed)) == list(
            load_slc(path, diagnostics=found).puzzles
        )
        assert found == streamed == []


# ------------------------------------------------------------------ the fast path


def _documents() -> list[tuple[str, str]]:
    found = [(path.name, path.read_text("utf-8")) for path in _corpus_files()]
    found += [(path.name, load_text(path)) for path in sorted(VECTORS.glob("*.slc"))]
    return found + [(case["name"], case["input"]) for case in _invalid_cases()]


def load_text(path: Path) -> str:
    from sokfmt._files import read_text

    return read_text(path, xml=True)


@pytest.mark.parametrize(("name", "text"), _documents(), ids=lambda value: str(value)[:30])
def test_the_fast_path_reads_what_the_full_reader_reads_without_a_doubt(
    name: str, text: str
) -> None:
    found: list[Diagnostic] = []
    full = _slc.parse_fully(text, found)
    fast = tree.read(text)
    if found:
        assert fast is None
    else:
        assert fast == full


@pytest.mark.parametrize(
    "change",
    [
        ("<Title>", "<!-- c --><Title>"),
        ("</SokobanLevels>", "</SokobanLevels><!-- after -->"),
        ("</SokobanLevels>", "</SokobanLevels><?pi x?>"),
        ('<Level Id="One"', '<Level xmlns:x="u" Id="One"'),
        ('<Level Id="One"', '<Level x:y="1" xmlns:x="u" Id="One"'),
        ('Width="5"', 'Width="4"'),
        ("<L>#####</L>", "<L> #####</L>"),
        ("<Title>Three &amp; a half</Title>", "<Title>Three\na half</Title>"),
        ("<SokobanLevels xmlns:xsi", '<SokobanLevels xmlns="urn:x" xmlns:xsi'),
        ("  <Email>", "\xa0<Email>"),
    ],
)
def test_the_fast_path_leaves_the_unusual_to_the_full_reader(change: tuple[str, str]) -> None:
    text = (VECTORS / "small.slc").read_text("utf-8")
    assert tree.read(text) is not None
    changed = text.replace(*change, 1)
    assert changed != text
    assert tree.read(changed) is None
    assert loads_slc(changed, diagnostics=[]) == _slc.parse_fully(changed, [])


# ------------------------------------------------------------------ writing


def _sokoban(title: str = "T", **fields: Any) -> Puzzle:
    return Puzzle(loads_board("#####\n#@$.#\n#####"), title=title, **fields)


@pytest.mark.parametrize(
    ("collection", "message"),
    [
        (
            Collection(puzzles=(replace(_sokoban(), saved_games=(loads_moves("R"),)),)),
            "saved games",
        ),
        (Collection(puzzles=(_sokoban(notes="hard"),)), "notes"),
        (Collection(puzzles=(_sokoban(comments=(":: c",)),)), "comments"),
        (Collection(puzzles=(_sokoban(boxorder="1"),)), "box order"),
        (
            Collection(puzzles=(Puzzle(Board(Tessellation.HEXOBAN, ("###", "#@#", "###"))),)),
            "Sokoban boards only",
        ),
        (Collection(notes="Made by\nAuthor: B"), "no author, and its notes hold a line"),
        (Collection(notes="Date Created: 2026"), "no date of creation, and its notes"),
        (Collection(created_at="2026 "), "date of creation '2026 ' has white space"),
        (Collection(comments=(":: c",)), "comments"),
        (Collection(title="bell \x07"), "XML 1.0 cannot hold"),
        (Collection(title=" T "), "white space around it"),
        (Collection(puzzles=(Puzzle(Board(Tessellation.SOKOBAN, ("--",))),)), "floor only"),
    ],
)
def test_the_writer_refuses_what_slc_cannot_hold(collection: Collection, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        dumps_slc(collection)


@pytest.mark.parametrize(
    "collection",
    [
        Collection(),
        Collection(
            title="<&> \"'",
            author="a & b",
            notes="  indented\n\nparagraphs  \n",
            email="x@y",
            url="http://x/?a=1&b=2",
            puzzles=(
                _sokoban("  spaced  ", author='"quoted"'),
                Puzzle(Board(Tessellation.SOKOBAN, ("-----", "#####", "-----", "#@$.#"))),
                Puzzle(Board(Tessellation.SOKOBAN, ("#---", "#@$.", "----"))),
                _sokoban("é\U0001f600\t"),
            ),
        ),
        Collection(created_at="2003-01-15  22:01:00", updated_at="2004"),
        Collection(created_at="2003", notes="Some levels"),
        # A date line of the notes stays in them: the field's own comes first.
        Collection(
            created_at="2003",
            updated_at="2004",
            notes="Date Created: 1999\nDate of Last Change: 2000",
        ),
        Collection(author="A", notes="Author: B"),
    ],
)
def test_what_the_writer_accepts_reads_back_equal(collection: Collection) -> None:
    assert loads_slc(dumps_slc(collection), diagnostics=[]) == collection


# ------------------------------------------------------------------ hostile XML

_HOSTILE = textwrap.dedent(
    """
    import sys, time
    import sokfmt

    def documents(n, size):  # n deep, size characters long
        return {
            "entity bomb": '<!DOCTYPE r [' + ''.join(
                f'<!ENTITY e{i} "' + f'&e{i - 1};' * 10 + '">' for i in range(1, 10)
            ) + '<!ENTITY e0 "lol">]><SokobanLevels><Title>&e9;</Title></SokobanLevels>',
            "external entity": '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                '<SokobanLevels><Title>&x;</Title></SokobanLevels>',
            "external DTD": '<!DOCTYPE r SYSTEM "http://example.org/evil.dtd"><SokobanLevels/>',
            "parameter entity": '<!DOCTYPE r [<!ENTITY % p SYSTEM "http://example.org/p">%p;]><r/>',
            "nested elements": '<SokobanLevels>' + '<a>' * n + '</a>' * n + '</SokobanLevels>',
            "nested levels": '<SokobanLevels><LevelCollection>' + '<Level>' * n,
            "50 MB text node": '<SokobanLevels><Title>' + 'x' * size + '</Title></SokobanLevels>',
            "50 MB row": '<SokobanLevels><LevelCollection><Level><L>' + '#' * size + '</L>',
            "25,000 comments in a level": '<SokobanLevels><LevelCollection><Level><L>#</L>'
                + '<!---->\\n' * 25_000 + '<b/></Level></LevelCollection></SokobanLevels>',
            "34,000 instructions": '<SokobanLevels>' + '<?p?>\\n' * 34_000
                + '<b/></SokobanLevels>',
        }

    def outcome(document):
        start = time.perf_counter()
        try:
            sokfmt.loads_slc(document)
        except sokfmt.SlcSyntaxError as error:
            return f"{error.code} {error.line} {round(time.perf_counter() - start, 2)}"
        return "read"

    # Each document small first, traced (it must fail as the large one does:
    # a text over the 1,000,000 characters of MAX_TEXT, more than a block of
    # 64 KiB), then at full size untraced.
    for name, text in documents(2_000, 1_100_000).items():
        for document in (text, text.encode()):
            print("small", name, outcome(document).split()[0])
    untraced()
    for name, text in documents(100_000, 50_000_000).items():
        for document in (text, text.encode()):
            print(name, outcome(document))
    """
)

_HOSTILE_CODES = {
    "entity bomb": "SLC103",
    "external entity": "SLC103",
    "external DTD": "SLC103",
    "parameter entity": "SLC103",
    "nested elements": "SLC102",
    "nested levels": "SLC102",
    "50 MB text node": "SLC105",
    "50 MB row": "SLC105",
    "25,000 comments in a level": "SLC102",
    "34,000 instructions": "SLC102",
}


def test_hostile_xml_gets_clear_errors_without_hanging() -> None:
    # The timeout only stops a hang; the seconds printed are for the record.
    result = hangs.run(_HOSTILE, 300)
    assert result.returncode == 0, result.stderr
    small, large = [], []
    for line in result.stdout.splitlines():
        if line.startswith("small "):
            small.append(tuple(line.removeprefix("small ").rsplit(" ", 1)))
        else:
            large.append((line.rsplit(" ", 3)[0], line.split()[-3]))
    # Each document as text and as bytes, at both sizes.
    expected = [(name, code) for name, code in _HOSTILE_CODES.items() for _ in range(2)]
    assert (small, large) == (expected, expected), result.stdout


@pytest.mark.filterwarnings("ignore::sokfmt.SokfmtWarning")
def test_every_cut_or_damaged_document_is_read_or_a_sokfmt_error() -> None:
    small = (VECTORS / "small.slc").read_text("utf-8")
    outcomes = set()
    for cut in range(0, len(small), 3):
        for text in (small[:cut], small[:cut] + small[cut + 1 :], small[:cut] + "<" + small[cut:]):
            found: list[Diagnostic] = []
            loads_slc(text, diagnostics=found)
            errors = [d for d in found if d.severity == "error"]
            outcomes.add(bool(errors))
            assert all(1 <= d.line <= text.count("\n") + 1 for d in found)
            if errors:
                with pytest.raises(ParseError) as raised:
                    loads_slc(text)
                assert raised.value.diagnostic() == errors[0]
    assert outcomes == {True, False}


def test_problems_are_placed_in_a_document_of_many_blocks() -> None:
    # The reader hands expat blocks of 64 KiB and remembers the line starts
    # of the last four it looked in: 7,000 levels of 52 characters, one a
    # line, fill more than five, and each bad square is still placed on its
    # own line, 19th character (<Level Id="a"> is 14 characters, <L># 4 more).
    bad = '<Level Id="a"><L>#X#</L><L>#@#</L><L>###</L></Level>'
    text = "<SokobanLevels><LevelCollection>\n" + "\n".join([bad] * 7_000)
    found: list[Diagnostic] = []
    loads_slc(text + "\n</LevelCollection></SokobanLevels>", diagnostics=found)
    assert len(text) > 5 * 65_536
    assert [(d.code, d.line, d.column) for d in found] == [
        ("SOK301", line, 19) for line in range(2, 7_002)
    ]


def test_positions_count_a_byte_order_mark_as_the_callers_text_does() -> None:
    # Found by the fuzz harness: the mark is a character of line 1.
    for text, (line, column, pos) in (
        ("\ufeff\n\ufeff", (2, 1, 2)),
        ("\ufeff<SokobanLevels><Title>x</Titl></SokobanLevels>", (1, 27, 26)),
    ):
        with pytest.raises(SlcSyntaxError) as raised:
            loads_slc(text)
        assert (raised.value.line, raised.value.column, raised.value.pos) == (line, column, pos)
        assert raised.value.source_line == text.split("\n")[line - 1]


def test_a_second_byte_order_mark_is_text_when_loaded_and_streamed() -> None:
    # Found by the fuzz harness: the first mark of UTF-8 bytes is their
    # signature, the second a character of line 1, where expat refuses it.
    data = b"\xef\xbb\xbf\xef\xbb\xbfnotes\n<SokobanLevels/>\n"
    for encoding in (None, "utf-8"):
        loaded: list[sokfmt.Diagnostic] = []
        sokfmt.load_slc(io.BytesIO(data), diagnostics=loaded, encoding=encoding)
        streamed: list[sokfmt.Diagnostic] = []
        list(sokfmt.iter_slc(io.BytesIO(data), diagnostics=streamed, encoding=encoding))
        assert [(d.code, d.line, d.column, d.pos) for d in loaded] == [("SLC101", 1, 2, 1)]
        assert streamed == loaded


# ------------------------------------------------------------------ found by a fuzz run

_IN_A_LEVEL = "<SokobanLevels><LevelCollection><Level>{}</Level></LevelCollection></SokobanLevels>"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (_IN_A_LEVEL.format("<L\n>#x#</L>"), (2, 3)),  # a start tag over two lines
        (_IN_A_LEVEL.format("<L>#\n#x#</L><L>###</L>"), (2, 2)),  # a row over two lines
        (_IN_A_LEVEL.format("<L>&#35;x</L>"), (1, 48)),  # a reference before the square
        (_IN_A_LEVEL.format("<L>\r</L><L>#x</L><L>#</L>"), (2, 9)),  # a CR in a row
        (
            "<SokobanLevels><LevelCollection>&amp;x<Level/></LevelCollection></SokobanLevels>",
            (1, 33),
        ),
        ("<SokobanLevels><Title><![CDATA[", (1, 32)),  # the end of an input without a line break
    ],
)
def test_errors_point_at_the_text_as_written(text: str, where: tuple[int, int]) -> None:
    with pytest.raises(ParseError) as raised:
        loads_slc(text)
    error = raised.value
    assert (error.line, error.column) == where
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    assert error.source_line == lines[error.line - 1]
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    assert error.pos == starts[error.line - 1] + error.column - 1


def _place(text: str, pos: int) -> tuple[int, int]:
    """The line and column of offset `pos`, CR, LF and CRLF each ending a line."""
    before = text[:pos].replace("\r\n", "\n").replace("\r", "\n")
    return before.count("\n") + 1, len(before) - before.rfind("\n")


@pytest.mark.filterwarnings("ignore::sokfmt.SokfmtWarning")  # SLC201 for each comment
@pytest.mark.parametrize(
    "row",
    [
        "<!--c-->#x#",
        "<![CDATA[#]]>x#",
        "&#35;x#",
        "#<?p ?>x",
        "<![CDATA[]]><!--a-->&#35;<![CDATA[-_]]>x",
        "#\r\n<!--\r\n-->x",
        "#<![CDATA[\r\n#]]>#x",
        "<![CDATA[#]]>&#x23;<![CDATA[]]>x",
        "<!-- ]]> -->x",
    ],
)
def test_a_square_is_placed_past_comments_and_cdata_before_it_in_its_row(row: str) -> None:
    # Found by fuzzing: the column counted the row's characters as if the
    # markup before the square were not there.
    text = _IN_A_LEVEL.format(f"<L>###</L><L>{row}</L><L>###</L>")
    where = text.rindex("x")
    found: list[Diagnostic] = []
    loads_slc(text, diagnostics=found)
    errors = [d for d in found if d.severity == "error"]
    assert [(d.code, d.line, d.column, d.pos) for d in errors] == [
        ("SOK301", *_place(text, where), where)
    ]
    with pytest.raises(sokfmt.BoardSyntaxError) as raised:
        loads_slc(text)
    assert (raised.value.line, raised.value.column, raised.value.pos) == (
        *_place(text, where),
        where,
    )
    assert raised.value.source_line == re.split(r"\r\n|\r|\n", text)[raised.value.line - 1]


@pytest.mark.parametrize(
    "stray",
    ["& ", "< ", "&&", "<<", "&<", "<&", "&1", "<1", "&-", "<-", "&;", "&\t", "<\n", "&\r\n"],
)
@pytest.mark.parametrize(
    "document",
    [
        "<SokobanLevels><Title>A{}B</Title></SokobanLevels>",
        '<SokobanLevels>\n<LevelCollection><Level Id="A{}B"/></LevelCollection></SokobanLevels>',
        "<SokobanLevels><LevelCollection>\n<Level><L>#{}#</L></Level></LevelCollection>",
        "<SokobanLevels><Description>\r\nline\r\n  é{}\r\n</Description></SokobanLevels>",
    ],
)
def test_malformed_xml_is_placed_at_the_character_to_blame(document: str, stray: str) -> None:
    # Found by fuzzing: expat points at the character after a lone "&" or
    # "<", which cannot go on the reference or tag that it begins.
    text = document.format(stray)
    where = text.index(stray)
    with pytest.raises(SlcSyntaxError) as raised:
        loads_slc(text)
    error = raised.value
    assert error.message.startswith("Malformed XML: not well-formed")
    assert (error.line, error.column, error.pos) == (*_place(text, where), where)


_ONE_LEVEL = (
    '<SokobanLevels><LevelCollection><Level Id="T">'
    "<L>#####</L><L>#@$.#</L><L>#####</L></Level></LevelCollection></SokobanLevels>\n"
)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("".join(f"\0{char}" for char in _ONE_LEVEL), 0),  # "\0<" is "<" in UTF-16BE
        ("".join(f"{char}\0" for char in _ONE_LEVEL), 1),  # "<\0" is "<" in UTF-16LE
        ("\n\0" + _ONE_LEVEL, 1),
        ("\0<Title>\r<Title>A &amp; B</Title>", 0),
    ],
)
def test_a_nul_that_opens_a_document_is_malformed_xml(text: str, where: int) -> None:
    # Found by fuzzing: expat takes a NUL among the first two bytes for
    # UTF-16, whatever encoding it is told, and read the first document as
    # the level it spells; XML 1.0's Char production has no #x0.
    with pytest.raises(SlcSyntaxError) as raised:
        loads_slc(text)
    error = raised.value
    assert error.message == "Malformed XML: not well-formed (invalid token)"
    assert (error.line, error.column, error.pos) == (*_place(text, where), where)
    loaded: list[Diagnostic] = []
    sokfmt.load_slc(io.BytesIO(text.encode()), diagnostics=loaded)
    streamed: list[Diagnostic] = []
    list(sokfmt.iter_slc(io.BytesIO(text.encode()), diagnostics=streamed))
    for found in (loaded, streamed):
        assert [(d.code, d.line, d.column) for d in found] == [("SLC101", *_place(text, where))]


def test_a_nul_that_opens_a_document_is_malformed_xml_when_fed_a_character_at_a_time() -> None:
    # The blocks given to expat are long; the first two bytes are checked
    # wherever they fall.
    text = "".join(f"{char}\0" for char in _ONE_LEVEL)
    reader = _slc._Reader(lambda puzzle: None, None)
    with pytest.raises(SlcSyntaxError) as raised:
        list(map(reader.feed, text, [False] * len(text)))
    assert (raised.value.line, raised.value.column, raised.value.pos) == (1, 2, 1)


@pytest.mark.parametrize("codec", ["base64", "hex", "zlib", "rot13", "undefined", "idna", "utf-16"])
def test_a_declared_encoding_that_is_not_one_of_text_is_a_decode_error(codec: str) -> None:
    document = f'<?xml version="1.0" encoding="{codec}"?><SokobanLevels/>'.encode() + b"\xff"
    with pytest.raises(sokfmt.DecodeError, match=codec):
        loads_slc(document)
    with pytest.raises(sokfmt.DecodeError):
        list(iter_slc(io.BytesIO(document)))
    with pytest.raises(sokfmt.DecodeError):
        loads_slc(document, diagnostics=[])  # without text, nothing to read on


def test_the_declaration_is_looked_for_in_the_same_head_by_every_reader(tmp_path: Path) -> None:
    document = (
        '<?xml version="1.0"' + " " * 1100 + ' encoding="iso-8859-1"?><SokobanLevels>'
        '<LevelCollection><Level Id="A\x80"><L>#</L></Level></LevelCollection></SokobanLevels>'
    ).encode("latin-1")
    path = tmp_path / "x.slc"
    path.write_bytes(document)
    titles = {
        load_slc(path).puzzles[0].title,
        next(iter_slc(path)).title,
        loads_slc(document).puzzles[0].title,
    }
    assert len(titles) == 1


def test_the_writer_refuses_what_readers_would_refuse() -> None:
    for collection in (
        Collection(title="x" * (schema.MAX_TEXT + 1)),
        Collection(notes="x" * (schema.MAX_TEXT - 3)),
        Collection(puzzles=(Puzzle(Board(Tessellation.SOKOBAN, ("#" * 2300,) * 2200)),)),
    ):
        with pytest.raises(ValidationError, match=r"larger than a reader takes|longer than"):
            dumps_slc(collection)


def test_the_fast_path_leaves_documents_of_tiny_elements_to_the_streaming_reader() -> None:
    spam = "<SokobanLevels><Title>" + "<a>" * 1000 + "</a>" * 1000 + "</Title></SokobanLevels>"
    assert tree.read(spam) is None


def test_the_characters_xml_cannot_hold_are_those_outside_its_char_production() -> None:
    # XML 1.0, production [2]: Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] |
    # [#xE000-#xFFFD] | [#x10000-#x10FFFF]; every code point is tried.
    def is_char(code: int) -> bool:
        return (
            code in (0x9, 0xA, 0xD)
            or 0x20 <= code <= 0xD7FF
            or 0xE000 <= code <= 0xFFFD
            or 0x10000 <= code <= 0x10FFFF
        )

    every = "".join(map(chr, range(0x110000)))
    refused = {ord(c) for c in NOT_XML.findall(every)}
    assert refused == {code for code in range(0x110000) if not is_char(code)}


# ------------------------------------------------------------------ the house


def _imported(module: Path) -> set[str]:
    """The sokfmt modules `module` imports anywhere (at its top or inside a
    function), by their dotted name below the package: "_sok.write" for
    ``from ..write import x`` in `_sok/read.py`, or for ``from . import write``."""
    package = Path(sokfmt.__file__).parent
    here = module.relative_to(package).parent.parts
    found = set()
    for node in ast.walk(ast.parse(module.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(here[: len(here) - (node.level - 1)])
            if node.module:
                found.add(".".join([*base, node.module]))
            found.update(
                ".".join([*base, *filter(None, [node.module]), a.name]) for a in node.names
            )
        elif isinstance(node, ast.Import):
            found.update(
                alias.name.removeprefix("sokfmt.")
                for alias in node.names
                if alias.name.startswith("sokfmt.")
            )
    return found


def test_the_slc_modules_learn_what_sok_can_hold_from_one_module_the_writer_shares() -> None:
    package = Path(sokfmt.__file__).parent
    slc_modules = sorted((package / "_slc").glob("*.py"))
    assert {path.stem for path in slc_modules} >= {"read", "schema", "tree", "write"}
    for path in slc_modules:
        assert _imported(path).isdisjoint({"_sok.write", "_sok.postlex"}), path.name
    assert "_sok.holds" in _imported(package / "_slc" / "schema.py")
    assert "_sok.holds" in _imported(package / "_sok" / "write.py")
    assert _imported(package / "_sok" / "holds.py").isdisjoint({"_sok.write", "_slc.schema"})
