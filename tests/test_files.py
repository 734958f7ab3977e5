"""Files by name: the format table, `load`, `dump` and `dumps` for every format."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from corpus import CORPUS, needs_corpus
from hypothesis import given
from hypothesis import strategies as st

import sokfmt
from sokfmt import (
    FILE_FORMATS,
    Board,
    Collection,
    JsonSyntaxError,
    LevPuzzle,
    Puzzle,
    Tessellation,
    ValidationError,
    dump,
    dumps,
    file_format,
    load,
    loads_moves,
)
from sokfmt.files import load_handing_on

VECTORS = Path(__file__).parent / "vectors"
SQUARE = Board(Tessellation.SOKOBAN, ("#####", "#@$.#", "#####"))
HEXAGONS = Board(Tessellation.HEXOBAN, ("###", "#@#", "###"))
TRIANGLES = Board(Tessellation.TRIOBAN, ("####", "#@$.", "####"))


def _collection(*boards: Board, games: bool = False) -> Collection:
    return Collection(
        title="C",
        puzzles=tuple(
            Puzzle(
                board,
                title=f"P{number}",
                saved_games=(loads_moves("R", tessellation=board.tessellation),) if games else (),
            )
            for number, board in enumerate(boards, start=1)
        ),
    )


def test_every_extension_names_one_format() -> None:
    extensions = [e for f in FILE_FORMATS for e in f.extensions]
    assert len(extensions) == len(set(extensions))
    assert {f.name for f in FILE_FORMATS} == {"sok", "xsb", "hsb", "tsb", "slc", "lev", "json"}
    assert file_format("A/B.SLC").name == "slc"
    assert file_format("levels.txt").name == "xsb"
    assert file_format(name="hsb").tessellation is Tessellation.HEXOBAN
    with pytest.raises(ValidationError, match=r"sokfmt knows \.sok, \.xsb"):
        file_format("levels.png")
    with pytest.raises(ValidationError, match="Unknown format 'xml'"):
        file_format(name="xml")


@pytest.mark.parametrize(
    ("name", "collection"),
    [
        ("x.sok", _collection(SQUARE, HEXAGONS, games=True)),
        ("x.xsb", _collection(SQUARE, TRIANGLES)),
        ("x.txt", _collection(SQUARE)),
        ("x.hsb", _collection(HEXAGONS)),
        ("x.tsb", _collection(TRIANGLES)),
        ("x.slc", _collection(SQUARE)),
        ("x.json", _collection(SQUARE, HEXAGONS, TRIANGLES, games=True)),
    ],
)
def test_dump_and_load_by_extension(tmp_path: Path, name: str, collection: Collection) -> None:
    path = tmp_path / name
    dump(collection, path)
    assert load(path) == collection
    with path.open("rb") as file:
        assert load(file, format=file_format(path).name) == collection


def test_hsb_and_tsb_read_as_their_tessellation_and_a_game_line_wins(tmp_path: Path) -> None:
    hexagons = "H\n#-#-#\n-#-@-#\n#-#-#\n"  # Hexoban text: two columns per cell
    (tmp_path / "h.hsb").write_text(hexagons, encoding="utf-8")
    assert load(tmp_path / "h.hsb").puzzles[0].tessellation is Tessellation.HEXOBAN
    (tmp_path / "s.hsb").write_text("Game: Sokoban\n\nS\n#####\n#@$.#\n#####\n", encoding="utf-8")
    assert load(tmp_path / "s.hsb").puzzles[0].tessellation is Tessellation.SOKOBAN
    (tmp_path / "t.tsb").write_text("T\n####\n#@$.\n####\n", encoding="utf-8")
    assert load(tmp_path / "t.tsb").puzzles[0].board == TRIANGLES


@pytest.mark.parametrize(("format", "board"), [("hsb", HEXAGONS), ("tsb", TRIANGLES)])
def test_hsb_and_tsb_text_says_its_tessellation_without_the_extension(
    format: str, board: Board
) -> None:
    # The extension fixes the tessellation for sokfmt, but the Game: line
    # of each puzzle is written all the same: a reader that goes by Game:
    # lines alone (sokoenginepy, FORMAT_NOTES 7), or the text under another
    # name, reads the same puzzles.
    collection = _collection(board, board)
    text = dumps(collection, format)
    assert text.count(f"Game: {board.tessellation.value}\n") == 2
    assert sokfmt.loads(text, format) == collection
    assert sokfmt.loads(text, "sok") == collection


@pytest.mark.parametrize(
    ("format", "collection", "message"),
    [
        (
            "hsb",
            _collection(SQUARE),
            "Puzzle 1 'P1' is Sokoban: .hsb files hold Hexoban puzzles only",
        ),
        ("tsb", _collection(HEXAGONS), "Puzzle 1 'P1' is Hexoban: .tsb files hold Trioban puzzles"),
        (
            "xsb",
            _collection(SQUARE, games=True),
            re.escape(
                ".xsb cannot hold 1 saved game (puzzle 1 'P1'): lossy=True drops it "
                "(.sok and .json keep it)"
            ),
        ),
        ("slc", _collection(SQUARE, games=True), ".slc cannot hold 1 saved game"),
        ("slc", _collection(HEXAGONS), "Sokoban boards only"),
        # What no lossy conversion could write comes before what one drops.
        (
            "slc",
            _collection(SQUARE, HEXAGONS, games=True),
            "^Puzzle 2 'P2' is Hexoban: .slc holds Sokoban boards only$",
        ),
        ("lev", _collection(SQUARE), "A collection cannot be written as .lev"),
    ],
)
def test_dumps_refuses_what_a_format_cannot_hold(
    format: str, collection: Collection, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        dumps(collection, format)


def test_lossy_drops_saved_games_and_nothing_else() -> None:
    collection = _collection(SQUARE, games=True)
    written = dumps(collection, "xsb", lossy=True)
    assert sokfmt.loads_sok(written).puzzles[0] == Puzzle(SQUARE, title="P1")


def test_lossy_slc_keeps_the_boards_and_their_titles() -> None:
    noted = Collection(
        title="C",
        created_at="2026",
        puzzles=(Puzzle(SQUARE, title="P", notes="hard", boxorder="1", goalorder="1"),),
    )
    with pytest.raises(ValidationError, match="notes"):
        dumps(noted, "slc")
    assert sokfmt.loads_slc(dumps(noted, "slc", lossy=True)) == Collection(
        title="C", created_at="2026", puzzles=(Puzzle(SQUARE, title="P"),)
    )


def test_notes_never_begin_or_end_with_a_blank_line() -> None:
    padded = "\n \t\n  indented\n\nlast \n\t\n"
    game = loads_moves("R").with_metadata(notes=padded)
    collection = Collection(
        notes=padded, puzzles=(Puzzle(SQUARE, notes=padded, saved_games=(game,)),)
    )
    expected = "  indented\n\nlast "
    assert collection.notes == collection.puzzles[0].notes == expected
    assert collection.puzzles[0].saved_games[0].notes == expected
    # From JSON too, and every format with notes then holds them.
    document = json.dumps({"notes": padded, "puzzles": []})
    assert sokfmt.loads(document, "json") == Collection(notes=expected)
    assert sokfmt.loads_sok(dumps(collection, "sok")) == collection


def test_lev_puzzles_by_name(tmp_path: Path) -> None:
    puzzle = sokfmt.load_lev(VECTORS / "lev" / "c19.lev")
    for name, format in (("c.lev", "lev"), ("c.json", "json")):
        dump(puzzle, tmp_path / name)
        assert load(tmp_path / name, format=format) == puzzle
        # Without its format, load reads collections only (its type says so).
        with pytest.raises(
            ValidationError, match=f"read it with load\\(file, format='{format}'\\)"
        ):
            load(tmp_path / name)
    with pytest.raises(ValidationError, match=r"A sliding-block puzzle cannot be written as \.sok"):
        dumps(puzzle, "sok")


def test_json_errors_are_sokfmt_errors_at_their_place(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"title": "C",\n "puzzles": [}', encoding="utf-8")
    with pytest.raises(JsonSyntaxError) as raised:
        load(path)
    assert (raised.value.line, raised.value.column, raised.value.code) == (2, 14, "JSON101")
    path.write_text('{"title": 3}', encoding="utf-8")
    with pytest.raises(ValidationError):
        load(path)
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(sokfmt.SokfmtError):
        load(path)


def test_load_handing_on_hands_each_puzzle_to_on_puzzle(tmp_path: Path) -> None:
    # The command's hook (the on_puzzle= of 0.2: tests/test_api.py).
    collection = _collection(SQUARE, SQUARE, SQUARE)
    for name in ("x.sok", "x.slc", "x.json"):
        seen: list[Puzzle] = []
        dump(collection, tmp_path / name)
        assert load_handing_on(tmp_path / name, on_puzzle=seen.append) == collection
        assert seen == list(collection.puzzles)


def test_load_of_a_file_object_needs_its_format() -> None:
    with pytest.raises(ValidationError, match="name its format"):
        load(io.BytesIO(b""))


def test_load_keeps_diagnostics_for_every_format_with_lines(tmp_path: Path) -> None:
    # By hand: the "X" of each board is no square; the .slc document stops
    # before its last two end tags (57 characters: column 58 is its end);
    # "B" names no piece of the .lev puzzle.
    for name, text, expected in (
        ("x.sok", "T\n#####\n#@X.#\n#####\n", [("SOK301", 3, 3)]),
        (
            "x.slc",
            "<SokobanLevels><LevelCollection><Level><L>#X#</L></Level>",
            [("SOK301", 1, 44), ("SLC101", 1, 58)],
        ),
        ("x.lev", "size 2 1\ninitial\nA.\ncolor B 1 2 3\n", [("LEV111", 4, 7)]),
    ):
        (tmp_path / name).write_text(text, encoding="utf-8")
        found: list[sokfmt.Diagnostic] = []
        item = load(tmp_path / name, format=name[2:], diagnostics=found)
        assert [(d.severity, d.code, d.line, d.column) for d in found] == [
            ("error", *where) for where in expected
        ], name
        assert isinstance(item, (Collection, LevPuzzle))


@needs_corpus
def test_hexoban_parser_tests_read_as_hexoban_have_no_open_boards() -> None:
    path = CORPUS / "tadams42__sokoenginepy" / "hexoban_parser_tests.sok"
    if not path.is_file():
        pytest.skip(f"{path} is not in the corpus")
    as_sokoban: list[sokfmt.Diagnostic] = []
    as_hexoban: list[sokfmt.Diagnostic] = []
    load(path, diagnostics=as_sokoban)
    load(path, diagnostics=as_hexoban, tessellation=Tessellation.HEXOBAN)
    open_as_sokoban = sum(d.code == "SOK403" for d in as_sokoban)
    assert open_as_sokoban > 0
    assert sum(d.code == "SOK403" for d in as_hexoban) < open_as_sokoban
    assert json.loads(json.dumps([str(d) for d in as_hexoban]))  # diagnostics print


def test_dump_draws_classic_boards(tmp_path: Path) -> None:
    collection = _collection(Board(Tessellation.SOKOBAN, ("--###", "###.#", "#@$-#", "#####")))
    dump(collection, tmp_path / "x.xsb", classic=True)
    text = (tmp_path / "x.xsb").read_text("utf-8")
    assert "; P1\n  ###\n###.#\n#@$ #\n#####\n" in text
    assert load(tmp_path / "x.xsb") == collection


# ------------------------------------------------------- errors in JSON text


@pytest.mark.parametrize(
    "text", ['{"title": "x",\n', "[\n", "{\n", '{"puzzles": [\n', "\n", '{"title": "x"\n\n']
)
def test_json_cut_short_after_a_line_break_ends_at_the_end_of_input(
    text: str, tmp_path: Path
) -> None:
    # Found by fuzzing: the error's line was one past the last line, an IndexError.
    path = tmp_path / "cut.json"
    path.write_text(text, encoding="utf-8")
    for read in (
        lambda: sokfmt.loads(text, "json"),
        lambda: sokfmt.loads(text.encode(), "json"),
        lambda: load(path),
    ):
        with pytest.raises(JsonSyntaxError) as raised:
            read()
        error = raised.value
        assert error.at_end
        assert (error.line, error.column, error.pos) == (text.count("\n") + 1, 1, len(text))
        assert error.source_line == ""


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ('["\u2028", \x0c]', "\x0c"),  # line breaks of str.splitlines, not of JSON
        ('{"a": "\x85\u2029"}\n\r\n [1, 2] x', "["),
        ('\n  {"a":\n\t1,, "b": 2}', ","),
    ],
)
def test_json_syntax_errors_name_the_line_of_the_json_text(text: str, bad: str) -> None:
    with pytest.raises(JsonSyntaxError) as raised:
        sokfmt.loads(text, "json")
    error = raised.value
    pos = text.rindex(bad)
    assert error.pos == pos
    assert error.line == text.count("\n", 0, pos) + 1
    assert error.column == pos - text.rfind("\n", 0, pos)
    assert error.source_line == text.split("\n")[error.line - 1].removesuffix("\r")


_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "/": "\\/",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
}


def _json_string(draw: st.DrawFn, value: str) -> tuple[str, list[int]]:
    """`value` written as the inside of a JSON string, each character as
    itself or by one of its escapes (chosen by `draw`), and the offset where
    each character's writing begins."""
    written, starts = "", []
    for character in value:
        code = ord(character)
        ways = [f"\\u{code:04x}", f"\\u{code:04X}"] if code < 0x10000 else []
        if code >= 0x10000:
            high, low = divmod(code - 0x10000, 0x400)
            ways.append(f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04X}")
        if character in _ESCAPES:
            ways.append(_ESCAPES[character])
        if code >= 0x20 and character not in '"\\':
            ways.append(character)
        starts.append(len(written))
        written += draw(st.sampled_from(ways))
    return written, starts


_SPACES = st.text(alphabet=" \t\r\n", max_size=3)
_BAD = ["X", "!", "é", "\U0001f600", '"', "\\", "/", "\u2028", "\x7f", "\x00", "\x0b"]


@given(st.data(), st.sampled_from(["board", "moves"]), st.sampled_from(_BAD))
def test_a_bad_board_or_moves_string_is_placed_in_the_json_text(
    data: st.DataObject, kind: str, bad: str
) -> None:
    # Found by fuzzing: the error was placed in the string (its line 2 for a
    # board's second row), not in the JSON text that the caller passed.
    row = st.text(alphabet="#-@$.*+ _", min_size=1, max_size=6)
    rows = data.draw(st.lists(row, min_size=1, max_size=4))
    board = data.draw(st.sampled_from(["\n", "\r\n", "|"])).join(rows)
    moves = data.draw(st.text(alphabet="lurdLURD", max_size=8))
    if kind == "board":
        at = data.draw(st.integers(0, len(board)))
        board = board[:at] + bad + board[at:]
    else:
        board, at = "#####\n#@$.#\n#####", data.draw(st.integers(0, len(moves)))
        moves = moves[:at] + bad + moves[at:]
    tokens = '{ "title" : TITLE , "puzzles" : [ { "board" : { "tessellation" : "Sokoban" , '
    tokens += '"board" : BOARD } , "saved_games" : [ { "tessellation" : "Sokoban" , '
    tokens += '"moves" : MOVES } ] } ] }'
    strings = {"TITLE": "T\n\u2028é", "BOARD": board, "MOVES": moves}
    text, pos = "", -1
    for token in tokens.split():
        text += data.draw(_SPACES)
        if token in strings:
            written, starts = _json_string(data.draw, strings[token])
            if token == kind.upper():
                pos = len(text) + 1 + starts[at]
            token = f'"{written}"'
        text += token
    for document in (text, text.encode("utf-8"), text.encode("utf-16")):
        with pytest.raises(sokfmt.ParseError) as raised:
            sokfmt.loads(document, "json")
        error = raised.value
        assert repr(bad) in error.message
        assert error.pos == pos
        # Lines as an editor shows them: LF, CRLF and CR (JSON white space) end one.
        lines = re.split(r"\r\n|\r|\n", text)
        ends = [found.end() for found in re.finditer(r"\r\n|\r|\n", text) if found.end() <= pos]
        assert error.line == len(ends) + 1
        assert error.column == pos - (ends[-1] if ends else 0) + 1
        assert error.source_line == lines[error.line - 1]


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(_JSON_VALUES, st.sampled_from([None, 0, 2, "\t"]), st.booleans(), st.text(max_size=3))
def test_placed_values_read_what_json_reads_and_know_where(
    value: object, indent: object, ascii_only: bool, key: str
) -> None:
    from sokfmt._json.text import PlacedString, placed_values

    # A repeated key keeps the first one's place and the last one's value, as in json.
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)  # type: ignore[arg-type]
    text = f'{{{json.dumps(key)}: 0, "x": {text}, {json.dumps(key)}: [{text}]}}'
    placed = placed_values(text)
    assert placed == json.loads(text)
    assert list(placed) == list(json.loads(text)) if isinstance(placed, dict) else True

    def strings(item: object) -> list[PlacedString]:
        if isinstance(item, dict):
            return [s for child in item.values() for s in strings(child)]
        if isinstance(item, list):
            return [s for child in item for s in strings(child)]
        return [item] if isinstance(item, str) else []

    for string in strings(placed):
        assert isinstance(string, PlacedString)
        assert text[string.start - 1] == text[string.end] == '"'
        offsets = [string.offset(index) for index in range(len(string) + 1)]
        assert offsets[-1] == string.end
        for index, character in enumerate(string):
            written = text[offsets[index] : offsets[index + 1]]
            assert json.loads(f'"{written}"') == character


def test_bytes_that_cp1252_leaves_undefined_are_read_as_latin_1() -> None:
    # cp1252 has no character for 0x81, 0x8D, 0x8F, 0x90 and 0x9D: on a line
    # that is not UTF-8 they are U+0081, U+008D... (Latin-1), the line's other
    # bytes cp1252 (0x80 is the euro sign); the UTF-8 line before it stays UTF-8.
    # The file's notes, a blank line, then the title line above the board.
    data = "Caf\u00e9\n\n".encode() + b"\x80\x81\x8d\x8f\x90\x9d\n#####\n#@$.#\n#####\n"
    title = "\u20ac\x81\x8d\x8f\x90\x9d"
    collection = sokfmt.load_sok(io.BytesIO(data))
    assert (collection.notes, collection.puzzles[0].title) == ("Caf\u00e9", title)
    assert list(sokfmt.iter_sok(io.BytesIO(data))) == list(collection.puzzles)


@pytest.mark.parametrize("suffix", ["sok", "xsb", "slc", "json"])
def test_load_decodes_with_the_encoding_it_is_given(tmp_path: Path, suffix: str) -> None:
    # "Café" in UTF-8 is the bytes C3 A9 for "é"; read as cp1252 they are
    # "Ã" and "©".  Without an encoding each reader decodes UTF-8 (the .slc
    # document declares it), with one, `load` decodes as its format's reader
    # (load_sok, load_slc) would with the same option.
    collection = sokfmt.loads_sok("Café\n#####\n#@$.#\n#####\n")
    path = tmp_path / f"levels.{suffix}"
    path.write_bytes(sokfmt.dumps(collection, suffix).encode("utf-8"))
    assert load(path).puzzles[0].title == "Café"
    assert load(path, encoding="cp1252").puzzles[0].title == "CafÃ©"


def test_load_of_a_lev_file_decodes_with_the_encoding_it_is_given(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.lev"
    path.write_bytes("size 3 1\ninitial\nA.B\ntarget\n.A.\n; é\n".encode())
    assert load(path, format="lev", encoding="utf-8").width == 3
    with pytest.raises(sokfmt.DecodeError):
        load(path, format="lev", encoding="ascii")  # the é of the comment is no ASCII
    with pytest.raises(ValidationError, match="Unknown encoding 'nope'"):
        load(path, format="lev", encoding="nope")
