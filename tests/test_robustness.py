"""No input breaks sokfmt: one regression test per defect found by fuzzing,
and the promises behind them (objects survive copies, one decoding policy,
errors in the caller's text, readers linear in their input)."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import gc
import io
import pickle
import textwrap
import tracemalloc
from pathlib import Path
from typing import Any

import hangs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import sokfmt
from sokfmt import (
    Board,
    BoardSyntaxError,
    Collection,
    DecodeError,
    LevPuzzle,
    LevSyntaxError,
    ParseError,
    Puzzle,
    RleSyntaxError,
    SavedGame,
    SavedGameSyntaxError,
    SokfmtError,
    Tessellation,
    UnknownSection,
    ValidationError,
    from_dict,
    loads_board,
    loads_moves,
)
from sokfmt.transform import canonical

# ------------------------------------------------------- copies and pickles

_GAMES = [
    loads_moves("lurD"),
    loads_moves("[]2(dr)L*u", tessellation=Tessellation.SOKOBAN).with_metadata(
        title="T", notes="n"
    ),
    loads_moves("{u}nlNsd", tessellation=Tessellation.HEXOBAN),
    loads_moves("weWE[s]", tessellation=Tessellation.OCTOBAN),
]


@pytest.mark.parametrize("game", _GAMES, ids=str)
@pytest.mark.parametrize(
    "duplicate",
    [lambda g: pickle.loads(pickle.dumps(g)), copy.copy, copy.deepcopy],
    ids=["pickle", "copy", "deepcopy"],
)
def test_copied_games_print_and_write(game: SavedGame, duplicate: Any) -> None:
    twin = duplicate(game)
    assert twin == game
    assert twin.printed_steps() == game.printed_steps()
    assert str(twin) == str(game)
    assert twin.to_dict() == game.to_dict()
    assert all(a is b for a, b in zip(twin.steps, game.steps, strict=True))  # canonical steps
    board = Board(game.tessellation, ("###", "#@#", "###"))
    collection = Collection(puzzles=(Puzzle(board, saved_games=(twin,)),))
    assert sokfmt.dumps_sok(collection) == sokfmt.dumps_sok(
        Collection(puzzles=(Puzzle(board, saved_games=(game,)),))
    )


def test_every_public_object_survives_copies() -> None:
    board = Board(Tessellation.TRIOBAN, ("###", "#@#", "###"))
    with pytest.warns(sokfmt.SokfmtWarning, match="LEV113 Unknown section 'history'"):
        lev = sokfmt.loads_lev("size 2 1\ninitial\nA.\ncolor A 1 2 3\nhistory\n")
    values: list[object] = [
        board,
        Puzzle(
            board, title="t", saved_games=(loads_moves("lr", tessellation=Tessellation.TRIOBAN),)
        ),
        Collection(title="c", puzzles=(), email="a@b", url="http://b"),
        sokfmt.FILE_FORMATS[2],
        canonical(board),
        lev,
        next(iter(lev.pieces.values())),
        UnknownSection("history"),
        _GAMES[1].steps[0],
    ]
    for value in values:
        for twin in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
            assert twin == value
            assert repr(twin) == repr(value)
            assert hash(twin) == hash(value) or isinstance(value, LevPuzzle)


# ----------------------------------------------------------- huge counts


@pytest.mark.parametrize(
    ("read", "error"),
    [
        (sokfmt.decode_rle, RleSyntaxError),
        (loads_moves, SavedGameSyntaxError),
        (sokfmt.loads_board, BoardSyntaxError),
    ],
)
@pytest.mark.parametrize("digits", ["1" * 5000, "9" * 19, "0" * 5000 + "1" * 30])
def test_counts_of_any_length_are_refused_as_over_the_limit(
    read: Any, error: type[ParseError], digits: str
) -> None:
    for text in (f"{digits}#", f"#{digits}(#)", f"2({digits}#)"):
        if read == loads_moves:
            text = text.replace("#", "r")
        with pytest.raises(error, match="More than the limit") as caught:
            read(text)
        assert (caught.value.line, caught.value.column) == (1, 1)


def test_counts_with_leading_zeros_are_their_value() -> None:
    assert sokfmt.decode_rle("0" * 5000 + "3#") == "###"
    assert sokfmt.decode_rle("#" + "0" * 40 + "2(ab)") == "#abab"
    with pytest.raises(RleSyntaxError, match="count of 0") as caught:
        sokfmt.decode_rle("ab" + "0" * 30 + "#")
    assert caught.value.column == 3


def test_limit_is_checked_on_every_path() -> None:
    for limit in (-1, 1.5, True, "10"):
        with pytest.raises(ValidationError, match="limit"):
            sokfmt.decode_rle("abc", limit=limit)  # type: ignore[arg-type]
        with pytest.raises(ValidationError, match="limit"):
            loads_moves("lurd", limit=limit)  # type: ignore[arg-type]


# ------------------------------------------------------------------ .lev


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("size 2 2\x0b\n", 1, 8),  # "2\x0b" is a word, and no number
        ("size 1" + "0" * 5000 + " 2\ninitial\nAA\n", 1, 6),
        ("size 1 1\ninitial\nA\ncolor A 1 1 " + "9" * 5000 + "\n", 4, 13),
        ("\xa0size 2 2\n", 2, 1),  # an unknown section, then no size: at the end
        ("\x85\n", 2, 1),
    ],
)
def test_lev_odd_white_space_and_long_numbers(text: str, line: int, column: int) -> None:
    with pytest.raises(LevSyntaxError) as caught:
        sokfmt.loads_lev(text)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_lev_file_names_keep_odd_white_space() -> None:
    puzzle = sokfmt.loads_lev("size 1 1\ninitial\nA\nfgimg \x0bf.png\nimg\tA\tmy file.png\n")
    assert puzzle.foreground == "\x0bf.png"
    assert puzzle.images == (("A", "my file.png"),)
    assert sokfmt.loads_lev(sokfmt.dumps_lev(puzzle)) == puzzle


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"target": ("C.", "..")}, "no piece"),
        ({"target": ("A.",)}, "rows"),
        ({"target": ("..", "AA")}, "another shape"),
        (
            {"initial": ("A.",), "target": (".A",), "height": 1, "colors": (("B", (1, 2, 3)),)},
            "no piece",
        ),
        ({"colors": (("A", (1, 2, 256)),)}, "0..255"),
        ({"colors": (("A", (1, 2, True)),)}, "0..255"),
        ({"colors": (("A", (1, 2, 3)), ("A", (1, 2, 3)))}, "twice"),
        ({"images": (("A", " a.png"),)}, "file name"),
        ({"foreground": "a\nb"}, "file name"),
        ({"comments": ("no semicolon",)}, "';'"),
        ({"unknown": (UnknownSection("size 3 3"),)}, "'size' line"),
        ({"unknown": (UnknownSection("history\n\nmore"),)}, "blank"),
        ({"unknown": (UnknownSection("history\n;x"),)}, "comment"),
        ({"end": "x"}, "True or False"),
        ({"width": 10**9}, "width"),
        ({"layout": ("initial", "size")}, "size before"),
    ],
)
def test_lev_model_refuses_what_the_reader_refuses(fields: dict[str, Any], message: str) -> None:
    base: dict[str, Any] = {"width": 2, "height": 2, "initial": ("AB", "..")}
    with pytest.raises(ValidationError, match=message):
        LevPuzzle(**{**base, **fields})


def test_lev_writer_keeps_an_unknown_section_apart_from_rows() -> None:
    puzzle = LevPuzzle(2, 1, ("A.",), unknown=(UnknownSection("AB"),))
    with pytest.warns(sokfmt.SokfmtWarning, match="LEV113 Unknown section 'AB'"):
        assert sokfmt.loads_lev(sokfmt.dumps_lev(puzzle)) == puzzle


# ----------------------------------------------------------------- JSON


@pytest.mark.parametrize(
    ("model", "document", "message"),
    [
        (Collection, {"comments": 1}, "'comments' must be an array of strings"),
        (Collection, {1: 2}, "key that is not a string"),
        (Collection, {"puzzles": {}}, "'puzzles' must be an array"),
        (Collection, {"puzzles": [1]}, "puzzle must be a JSON object"),
        (Puzzle, {"board": {"tessellation": "Sokoban", "board": "#"}, "title": 3}, "'title'"),
        (Puzzle, {"board": []}, "board must be a JSON object"),
        (Board, {"tessellation": 1, "board": "#"}, "'tessellation'"),
        (SavedGame, {"tessellation": "Sokoban", "moves": "l", "notes": None}, "'notes'"),
        (SavedGame, {"tessellation": "Sokoban", "moves": "l", "current_move_idx": "1"}, "whole"),
        (LevPuzzle, {"width": 1, "height": 1, "initial": ["A"], "end": "x"}, "true or false"),
        (LevPuzzle, {"width": "1", "height": 1, "initial": ["A"]}, "whole number"),
        (LevPuzzle, {"width": 1, "height": 1, "initial": ["A"], "colors": {"A": "red"}}, "R, G, B"),
        (LevPuzzle, {"width": 1, "height": 1, "initial": "A"}, "array of strings"),
        (LevPuzzle, {"width": 1, "height": 1, "initial": ["A"], "images": []}, "an object"),
    ],
)
def test_from_dict_refuses_wrong_types(model: Any, document: Any, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        from_dict(model, document)


# ------------------------------------------------------------- decoding

_MIXED = (
    "Tétu €\n".encode("cp1252")
    + "#####\n#@$.#\n#####\n\nNoël\n".encode()
    + b"#####\n#@$.#\n#####\n"
)


def test_load_and_iter_decode_alike() -> None:
    loaded = sokfmt.load_sok(io.BytesIO(_MIXED))
    streamed = list(sokfmt.iter_sok(io.BytesIO(_MIXED)))
    assert [p.title for p in loaded.puzzles] == ["Tétu €", "Noël"]  # each line on its own
    assert streamed == list(loaded.puzzles)


def test_text_streams_are_read_as_decoded(tmp_path: Path) -> None:
    path = tmp_path / "t.sok"
    path.write_bytes(b"\xef\xbb\xbfT\xc3\xa9\r\n#####\r\n#@$.#\r\n#####\r\n")
    with open(path, encoding="utf-8") as text:
        assert sokfmt.load_sok(text).puzzles[0].title == "Té"
    with open(path, encoding="utf-8") as text:
        assert [p.title for p in sokfmt.iter_sok(text)] == ["Té"]
    with open(path, "rb") as binary:
        assert sokfmt.load_sok(binary).puzzles[0].title == "Té"


def test_bad_bytes_in_a_named_encoding_are_an_error_at_their_line() -> None:
    data = b"Title\n#####\n#@$\xff.#\n#####\n"
    for read in (sokfmt.load_sok, lambda f, **k: list(sokfmt.iter_sok(f, **k))):
        with pytest.raises(DecodeError) as caught:
            read(io.BytesIO(data), encoding="utf-8")
        error = caught.value
        assert (error.line, error.column, error.pos) == (3, 4, 15)
        assert error.source_line == "#@$\ufffd.#"
    with pytest.raises(ValidationError, match="Unknown encoding 'klingon'"):
        sokfmt.load_sok(io.BytesIO(data), encoding="klingon")
    with pytest.raises(ValidationError, match="binary mode"):
        sokfmt.load_sok(42)  # type: ignore[arg-type]


def test_utf16_with_a_named_encoding() -> None:
    data = "T\n#####\n#@$.#\n#####\n".encode("utf-16")
    assert sokfmt.load_sok(io.BytesIO(data), encoding="utf-16").puzzles[0].title == "T"
    assert [p.title for p in sokfmt.iter_sok(io.BytesIO(data), encoding="utf-16")] == ["T"]


def test_lev_decodes_as_sok_does() -> None:
    data = "; Tétu\nsize 1 1\ninitial\nA\n".encode("cp1252")
    assert sokfmt.load_lev(io.BytesIO(data)).comments == ("; Tétu",)


_FILE_READERS = {
    "load_sok": sokfmt.load_sok,
    "iter_sok": lambda file, **options: list(sokfmt.iter_sok(file, **options)),
    "load_slc": sokfmt.load_slc,
    "iter_slc": lambda file, **options: list(sokfmt.iter_slc(file, **options)),
    "load_lev": sokfmt.load_lev,
}


def test_a_codec_that_refuses_everything_is_the_same_decode_error_for_every_reader() -> None:
    # Found by fuzzing: iter_sok and iter_slc first asked the codec how it
    # writes a line break, and "undefined" answered with a UnicodeError.
    for data in (b"#####\n#@$.#\n#####\n", b"\xff"):
        raised = {}
        for name, read in _FILE_READERS.items():
            with pytest.raises(DecodeError) as caught:
                read(io.BytesIO(data), encoding="undefined")
            raised[name] = (str(caught.value), caught.value.code)
        assert len(set(raised.values())) == 1, raised
        assert "undefined" in raised["load_sok"][0]


@pytest.mark.filterwarnings("ignore::sokfmt.SokfmtWarning")
def test_every_codec_python_knows_gives_text_or_a_sokfmt_error() -> None:
    import encodings.aliases

    names = sorted({*encodings.aliases.aliases.values(), "undefined", "idna", "punycode"})
    for name in names:
        for data in (b"T\r\n#####\n#@$.#\n#####\n", b"\xff\xfe\x00\n\\u12", b""):
            for read in _FILE_READERS.values():
                with contextlib.suppress(SokfmtError):
                    read(io.BytesIO(data), encoding=name)


def test_no_codec_error_handler_is_registered() -> None:
    import codecs

    with pytest.raises(LookupError):
        codecs.lookup_error("sokfmt.cp1252")


# ------------------------------------------------------------ positions


@pytest.mark.parametrize(
    ("read", "text", "where"),
    [
        (sokfmt.loads_board, "#|\n#x", (2, 2, 4)),
        (sokfmt.loads_board, "##\r\n#x", (2, 2, 5)),
        # CR, CRLF and a final "|": "x" is 11 characters in, on line 4.
        (sokfmt.loads_board, "#\r##\r\n#|\r\n#x", (4, 2, 11)),
        (sokfmt.loads_board, "\ufeff#x", (1, 1, 0)),  # no BOM in a board
        (sokfmt.loads_lev, "\ufeffsize 2 1\ninitial\nA!\n", (3, 2, 19)),
        (sokfmt.loads_lev, "size 2 1\r\ninitial\r\nA!\r\n", (3, 2, 20)),
        (sokfmt.loads_lev, "size 2 1\rinitial\r\nA!\n", (3, 2, 19)),
        (sokfmt.loads_sok, "T\r\n#####\r\n#@$.#\r\n#####\r\n\r\nu[lR]\r\n", (6, 4, 29)),
        # The line after a byte order mark, with it: the one line not quoted
        # in a block quoted '>' is refused at its first square.
        (sokfmt.loads_sok, "\ufeff#####\n>#@$.#\n>#####\n", (1, 2, 1)),
        # "foo", no tessellation, 7 characters in: the mark, then "Game: ".
        (sokfmt.loads_sok, "\ufeffGame: foo\n#####\n#@$.#\n#####\n", (1, 8, 7)),
    ],
)
def test_errors_count_in_the_callers_text(
    read: Any, text: str, where: tuple[int, int, int]
) -> None:
    with pytest.raises(ParseError) as caught:
        read(text)
    error = caught.value
    assert (error.line, error.column, error.pos) == where
    line_start = error.pos - error.column + 1
    assert text[line_start:].startswith(error.source_line)


def test_a_warning_on_the_first_line_counts_the_byte_order_mark() -> None:
    # An open board's warning stands at its first row: line 1, column 2.
    found: list[sokfmt.Diagnostic] = []
    sokfmt.loads_sok("\ufeff#####\n#@$.#\n## ##\n", diagnostics=found)
    assert [(d.line, d.column, d.pos) for d in found if d.severity == "warning"] == [(1, 2, 1)]


# ---------------------------------------------------------------- boards


@given(
    st.sampled_from(list(Tessellation)),
    st.lists(st.text(alphabet="#@+$*.-", min_size=3, max_size=3), min_size=1, max_size=5),
)
def test_every_board_prints_and_reads_back(tessellation: Tessellation, rows: list[str]) -> None:
    board = Board(tessellation, tuple(rows))
    assert sokfmt.loads_board(str(board), tessellation=tessellation) == board
    assert sokfmt.loads_board(board.printed(rle=True), tessellation=tessellation) == board


def test_hexoban_rows_of_one_kind() -> None:
    for cells in (("$",), ("#*",), ("--", "-$"), ("#-", "--")):
        board = Board(Tessellation.HEXOBAN, cells)
        assert sokfmt.loads_board(str(board), tessellation=Tessellation.HEXOBAN) == board


def test_a_board_has_a_row_and_a_column() -> None:
    for cells in ((), ("",), ("", "")):
        with pytest.raises(ValidationError, match="one row and one column"):
            Board(Tessellation.SOKOBAN, cells)


# ------------------------------------------------------------ linear time

_ONE_MB = 1 << 20

_HANG_CHECK = textwrap.dedent(
    """
    import sys
    import sokfmt
    from sokfmt import SavedGame, SokfmtError

    def lines(n):
        return {
            "moves": "l" * n + "x",
            "nested moves": "1(" * (n // 4) + "r" + ")" * (n // 4),
            "rle": "2(" * (n // 4) + "#" + ")" * (n // 4),
            "counted": "3r" * (n // 2) + "x",
            "board": "#" + "-" * n + "x",
            "digits": "9" * n,
            "quoted moves lines": ">R\\n" * (n // 3),
            "quoted board rows": ">#-#\\n" * (n // 5),
            "text lines": "a b\\n" * (n // 4),
            # A group that is never closed, and digits before a group: patterns
            # of nested quantifiers backtracked exponentially, or from each digit.
            "unclosed group": "(" + "#" * n,
            "digits before a group": "9" * n + "(#)",
        }

    readers = {
        "decode_rle": sokfmt.decode_rle,
        "loads_moves": sokfmt.loads_moves,
        "loads_board": sokfmt.loads_board,
        "loads_sok": lambda t: sokfmt.loads_sok("T\\n#####\\n#@$.#\\n#####\\n\\n" + t + "\\n"),
        "loads_lev": lambda t: sokfmt.loads_lev("size 2 1\\ninitial\\nA.\\n" + t + "\\n"),
    }
    read = readers[sys.argv[1]]
    for n in (1024, sys.argv[2]):  # a kilobyte traced, then the large size untraced
        for kind, text in lines(int(n)).items():
            try:
                read(text)
            except SokfmtError:
                pass
        untraced()
    print("done")
    """
)


@pytest.mark.parametrize(
    "reader", ["decode_rle", "loads_moves", "loads_board", "loads_sok", "loads_lev"]
)
def test_a_megabyte_line_of_any_kind_does_not_hang_a_reader(reader: str) -> None:
    # Not a timing assertion: linear readers take seconds for all 11 kinds
    # (a megabyte on one line, or in many), a quadratic one hours.  The timeout only stops a hang.
    result = hangs.run(_HANG_CHECK, 600, reader, str(_ONE_MB))
    assert result.stdout == "done\n", result.stderr


_REPEATED_CHECK = textwrap.dedent(
    """
    import time, warnings
    import sokfmt
    from sokfmt import SokfmtError

    warnings.simplefilter("ignore")
    level = '<Level Id="a"><L>#####</L><L>#@$.#</L><L>#####</L></Level>'
    bad = '<Level Id="a"><L>#X#</L><L>#@#</L><L>###</L></Level>'

    def slc(body):
        return "<SokobanLevels><Title>t</Title><LevelCollection>" + body + (
            "</LevelCollection></SokobanLevels>")

    # Each shape: a document with n of something, the sizes it is read at.
    shapes = {
        "lev color lines": (lambda n: sokfmt.loads_lev(
            "size 1 1\\ninitial\\nA\\n" + "color A 1 2 3\\n" * n, diagnostics=[]), 32_000),
        "lev color lines, raising": (lambda n: sokfmt.loads_lev(
            "size 1 1\\ninitial\\nA\\n" + "color A 1 2 3\\n" * n), 32_000),
        "lev sections before a size": (lambda n: sokfmt.loads_lev(
            "; c\\n" * n + "initial\\n" * n, diagnostics=[]), 16_000),
        "slc comments": (lambda n: sokfmt.loads_slc(slc("<!--c-->" * n + level)), 64_000),
        "slc comments in a row": (lambda n: sokfmt.loads_slc(
            slc('<Level><L>#' + "<!--c-->" * n + 'X</L></Level>'), diagnostics=[]), 64_000),
        "slc bad levels": (lambda n: sokfmt.loads_slc(slc(bad * n), diagnostics=[]), 8_000),
        "slc levels without rows": (lambda n: sokfmt.loads_slc(
            slc("<Level/>" * n), diagnostics=[]), 32_000),
        "slc white space (KB)": (lambda n: sokfmt.loads_slc(slc(" " * 1000 * n + level)), 16_000),
        # .sok, found by fuzzing: blank lines (trimmed one at a time), lines
        # that are almost moves after a board, and RLE lines that draw far
        # more than they hold ("2500000(2#)" drew 5,000,000 walls to be text).
        "sok blank lines": (lambda n: sokfmt.loads_sok("\\n" * n), 256_000),
        "sok almost-moves lines": (lambda n: sokfmt.loads_sok(
            "#####\\n#@$.#\\n#####\\n" + "rRxRR\\n" * n, diagnostics=[]), 32_000),
        "sok dense RLE lines": (lambda n: sokfmt.loads_sok("2500000(2#)\\n\\n" * n), 2_000),
        "sok rows of a board": (
            lambda n: sokfmt.loads_sok("#####\\n" + "#@$.#\\n" * n + "#####\\n"),
            256_000,
        ),
    }
    # Each shape once at its smallest size, traced, then the doublings untraced.
    for name, (read, largest) in shapes.items():
        try:
            read(largest // 16)
        except SokfmtError:
            pass
    untraced()
    for name, (read, largest) in shapes.items():
        n, seconds = largest // 16, []
        while n <= largest:  # doubling: linear time doubles, quadratic time quadruples
            start = time.perf_counter()
            try:
                read(n)
            except SokfmtError:
                pass
            seconds.append(time.perf_counter() - start)
            n *= 2
        print(name, " ".join(f"{s:.2f}" for s in seconds), flush=True)
    print("done")
    """
)


@pytest.mark.parametrize(
    "line",
    [
        "#" + " " * 534 + "2500000(2#)" + "#",  # 549 bytes: 5,000,000 walls
        "#" + " " * 5_000 + "400000(#)" + "#",  # 405,002 walls, under 100 a character
        "#" + " " * 198 + "19801#",  # 20,000 walls: a row, at the bound
    ],
    ids=["padded", "long", "at the bound"],
)
def test_an_rle_line_in_a_sok_file_costs_bounded_memory(line: str) -> None:
    # Found by fuzzing: padded to 549 characters, a line drew 5,000,000
    # walls (1.3 GB, matching each to its row class) before it was found
    # to be text.  Rule 1 draws no line past 20,000 squares, however long.
    sokfmt.loads_sok("#\n#\n#\n")  # the parser built, and its caches filled
    tracemalloc.start()
    try:
        with pytest.warns(sokfmt.SokfmtWarning, match="SOK102 No puzzle found"):  # (text)
            sokfmt.loads_sok(line + "\n\n")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000


def test_a_collection_lets_go_of_the_lines_of_each_puzzle_it_has_built() -> None:
    # Kept to the end, the tokens of 5,000 small puzzles cost a tenth of
    # their reading in garbage collection alone: each puzzle's are freed
    # once it is built (here, in the common layout's path).
    from sokfmt._sok.read import read_sok
    from sokfmt._sok.tokens import Line

    text = "".join(
        f"Level {n}\n#####\n#@$.#\n#####\n\nAuthor: someone\nDifficulty: {n}\n\n"
        f"Solution {n}\nrrrr\nSolver: someone\n\n"
        for n in range(60)
    )
    alive: list[int] = []

    def count(_: Puzzle) -> None:
        alive.append(sum(isinstance(found, Line) for found in gc.get_objects()))

    assert len(read_sok(text, Tessellation.SOKOBAN, on_puzzle=count).puzzles) == 60
    # 60 puzzles of 7 tokens (a board and a game of one token each; the
    # path makes one token for every blank line): 420 when the first is
    # built, its own and those of the last puzzle at the end.  (Lines that
    # other tests left alive count in both.)
    assert alive[0] >= 420
    assert alive[-1] <= alive[0] - 406


def test_problems_repeated_many_times_do_not_hang_a_reader() -> None:
    # Found by fuzzing: .lev and .slc readers took quadratic time in the
    # problems they report (a .lev section given again and again, .slc
    # comments and bad levels on one line) and .slc in the white space
    # between elements.  Not a timing assertion: linear readers take
    # seconds for all of it, the quadratic ones ten minutes and more.  The
    # timeout only stops a hang; the seconds printed are for the record.
    result = hangs.run(_REPEATED_CHECK, 300)
    assert result.stdout.endswith("done\n"), result.stdout + result.stderr


_LONG_PARAGRAPH_CHECK = textwrap.dedent(
    """
    import sokfmt
    board = sokfmt.loads_board("#####\\n#@$.#\\n#####")
    def write(lines):
        notes = "\\n".join(f"note {i}" for i in range(lines))
        collection = sokfmt.Collection(notes=notes, puzzles=(sokfmt.Puzzle(board, notes=notes),))
        assert sokfmt.loads_sok(sokfmt.dumps_sok(collection)) == collection
    write(100)  # every line of the writer traced once
    untraced()
    write(200_000)
    print("done")
    """
)


def test_a_long_paragraph_of_notes_does_not_hang_the_writer() -> None:
    # Found by fuzzing: dumps_sok took the last paragraph of notes by
    # building a list per line, quadratic in its length (40,000 lines: 2.4 s,
    # 200,000 about a minute).  The timeout only stops a hang.
    result = hangs.run(_LONG_PARAGRAPH_CHECK, 60)
    assert result.stdout.endswith("done\n"), result.stdout + result.stderr


# ---------------------------------------------------------- only our errors


@pytest.mark.filterwarnings("ignore::sokfmt.SokfmtWarning")
@given(st.text(max_size=60))
def test_readers_raise_only_sokfmt_errors(text: str) -> None:
    for read in (
        sokfmt.decode_rle,
        loads_moves,
        sokfmt.loads_board,
        sokfmt.loads_lev,
        sokfmt.loads_sok,
    ):
        with contextlib.suppress(SokfmtError):
            read(text)


# ------------------------------------------------- what a newcomer tried


def test_wrong_argument_types_are_validation_errors() -> None:
    board = loads_board("#####\n#@$.#\n#####")
    calls = [
        lambda: loads_moves("R", tessellation="Sokoban"),  # type: ignore[arg-type]
        lambda: sokfmt.loads_sok(b"#####"),  # type: ignore[arg-type]
        lambda: sokfmt.loads_board(None),  # type: ignore[arg-type]
        lambda: sokfmt.loads_lev(b"size 1 1"),  # type: ignore[arg-type]
        lambda: sokfmt.dumps_sok(sokfmt.Puzzle(board)),  # type: ignore[arg-type]
        lambda: sokfmt.dumps_board("#"),  # type: ignore[arg-type]
        lambda: sokfmt.dumps_moves("R"),  # type: ignore[arg-type]
        lambda: sokfmt.dumps_lev("size 1 1"),  # type: ignore[arg-type]
        lambda: list(sokfmt.iter_sok(io.BytesIO(b""), tessellation="Hexoban")),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(ValidationError):
            call()


def test_saved_games_are_copied_with_dataclasses_replace() -> None:
    game = loads_moves("lR")
    renamed = dataclasses.replace(game, title="Solution")
    assert (renamed.title, renamed.steps) == ("Solution", game.steps)
    assert (renamed.non_push_moves, renamed.pushes_count) == (1, 1)
    with pytest.raises(ValidationError, match="one line"):
        dataclasses.replace(game, title="Solution\nRRR")
    with pytest.raises(ValidationError, match="one line"):
        game.with_metadata(solved_by="a\nb")


def test_the_writer_refuses_values_the_reader_would_strip() -> None:
    board = loads_board("#####\n#@$.#\n#####")
    for collection in (
        sokfmt.Collection(puzzles=(sokfmt.Puzzle(board, title="  padded  "),)),
        sokfmt.Collection(title=" C "),
        sokfmt.Collection(puzzles=(sokfmt.Puzzle(board, author="me "),)),
    ):
        with pytest.raises(ValidationError, match="white space around it"):
            sokfmt.dumps_sok(collection)


def test_warnings_point_at_the_callers_line() -> None:
    text = "T\n#####\n#@$.#\n#####\n\nSolution\nrRxRR\n"
    with pytest.warns(sokfmt.SokfmtWarning, match="SOK104") as caught:
        list(sokfmt.iter_sok(io.StringIO(text)))
    assert caught[0].filename == __file__
