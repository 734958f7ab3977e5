"""The fast path for collections in the common layout (sokfmt/_sok/plain.py)
against the full path (every line a token through the grammar)."""

from __future__ import annotations

import warnings

import pytest
from corpus import CORPUS, needs_corpus
from exits import Exits
from hypothesis import given, settings
from hypothesis import strategies as st

from sokfmt import (
    Collection,
    Diagnostic,
    ParseError,
    Puzzle,
    Tessellation,
    dumps_sok,
    loads_board,
    loads_moves,
)
from sokfmt._sok import plain as _sok_plain
from sokfmt._sok import postlex
from sokfmt._sok import read as _sok_read

BOARD = "#####\n#@$.#\n#####"
# Lines of a collection's notes that the fast path takes as text or
# key/value lines (some in one match, some after a second look), and lines
# that another class takes or that a rule retypes or doubts where a note
# stands.
PLAIN_NOTES = [
    "Level 1",
    "Author: Me",
    "Time: 00:00:01",
    "Some notes",
    "x: y",
    "Caf\u00e9 2",
    "Game: Hexoban",
    "GAME = Trioban",
    "  Title: Mine",
    "  ",
    "\t",
    "Solution",
    "Title:",
    "Ab",
    "; a note",
    ";",
]
ODD_NOTES = [
    "lurd",
    "lurdx",
    "Rx",
    "lurd: x",
    "#X ###",
    "; 1",
    ":: c",
    "3#",
    "#-#",
    "#@$.#",
    "nesw",
    "> quoted",
    "Url: 99",
    "URL=dd",
    "#-$-?",
    "?-$-#",
]
NOTES = PLAIN_NOTES + ODD_NOTES
# Titles of a board or saved game, and lines that title none where a title stands.
# "#X ###" is a row but for "X" (rule 4): right above a block it leaves the
# layout; a blank line between, it is a title, and a text that leaves the
# layout after it hands it to the full path with that blank line.
TITLES = ["Level", "T", "Puzzle 2", "Solution", "Snapshot 1", "Level 1", "#X ###", "; 1", ";17"]
ODD_TITLES = ["lurd", "Title: x", "rRx", "lurdx", ":: c", "  ", "#X ###", "?-$-#", "; lurdx"]
# Lines right under a board (rule 4 looks at them) and right after moves
# (rule 3 does).
UNDER = ["#X ###", "#-$-?", "?-$-#", "x"]
AFTER_MOVES = ["x", "> x", "-", "*", "> x", "Rx", "x", "lurdx", "-", "Some notes"]
BOARDS = [BOARD, "  ####\n###  #\n#@$ .#\n######", "####\n#@*#\n#..#\n####", "#####\n#   #\n#####"]
MOVES = ["R", "rR", "lurd\nLURD", "uuLL\nrrDD\nlu", "r2R", "[lu]R"]
# Moves with letters that a tessellation refuses (Sokoban "nesw", Hexoban
# and Trioban "ew", Octoban none), and a line that is no moves.
ODD_MOVES = ["NE", "rRw", "rRe\nlurd", "lurd\nEW", "nR", "rR\nxR"]
GAPS = ["\n", "\n\n", "\n\n\n", "\n  \n"]


def read(text: str, tessellation: Tessellation, fast: bool) -> object:
    """Everything a reading gives: the collection and diagnostics, with and
    without replay, or the error."""
    found: list[object] = []
    for replay in (False, True):
        diagnostics: list[Diagnostic] = []
        try:
            collection = _sok_read.read_sok(text, tessellation, diagnostics, replay, fast=fast)
        except ParseError as error:
            found.append((type(error), str(error), error.pos, error.source_line))
            continue
        found.append((collection, diagnostics))
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        try:
            found.append(_sok_read.read_sok(text, tessellation, fast=fast))
        except ParseError as error:
            found.append((type(error), str(error), error.pos, error.source_line))
    found.append([str(warning.message) for warning in warned])
    return found


def same_as_full_path(
    text: str, tessellation: Tessellation = Tessellation.SOKOBAN, exits: Exits | None = None
) -> bool:
    """Whether the fast path takes `text`, after checking that what it
    reads is what the full path reads (and counting its exits in `exits`)."""
    assert read(text, tessellation, fast=True) == read(text, tessellation, fast=False)
    with (exits or Exits(_sok_plain)).tracing():
        laid = _sok_plain.layout(text, tessellation)
    return laid is not None and laid.rest is None


@st.composite
def collections(draw: st.DrawFn, changed: bool = True) -> str:
    """Collections in the common layout (or without a board), most with one
    line changed or added where the fast path hands the text to the full
    path (unless not `changed`): each kind of change reaches one of its exits."""
    chunks: list[list[str]] = []  # [role, text] of each chunk, the texts joined by LF
    for line in draw(st.lists(st.sampled_from(PLAIN_NOTES), max_size=3)):
        chunks.append(["note", line])
    if chunks:
        chunks.append(["blank", ""])
    for _ in range(draw(st.sampled_from([0, 1, 1, 2, 2, 3]))):
        if draw(st.integers(0, 3)):  # (else a board without a title, after a blank line)
            chunks.append(["title", draw(st.sampled_from(TITLES))])
            chunks += [["blank", ""]] * draw(st.sampled_from([0, 0, 1]))
        chunks.append(["board", draw(st.sampled_from(BOARDS))])
        for _ in range(draw(st.integers(0, 3))):
            chunks += [["blank", ""]] * draw(st.sampled_from([0, 1, 1, 1, 2]))
            if draw(st.booleans()):
                chunks.append(["title", draw(st.sampled_from(TITLES))])
                chunks += [["blank", ""]] * draw(st.sampled_from([0, 0, 1]))
                chunks.append(["moves", draw(st.sampled_from(MOVES))])
            else:
                lines = draw(st.lists(st.sampled_from(PLAIN_NOTES), min_size=1, max_size=3))
                chunks += [["note", line] for line in lines]
        chunks.append(["blank", ""])
    kinds = ["none", "title", "above", "under", "first"] + ["note", "moves"] * 2 + ["after"] * 3
    change = draw(st.sampled_from(kinds)) if changed else "none"
    role_changed = {"under": "board", "after": "moves"}.get(change, change)
    places = [i for i, (role, _) in enumerate(chunks) if role == role_changed]
    if change == "above":  # a title right above a board
        places = [
            i for i, (role, _) in enumerate(chunks[:-1]) if role + chunks[i + 1][0] == "titleboard"
        ]
    if places:
        at = draw(st.sampled_from(places))
        if change == "above":
            chunks[at][1] = draw(st.sampled_from(["#X ###", "?-$-#", "#-$-?", "#x#"]))
        elif change == "title":
            chunks[at][1] = draw(st.sampled_from(ODD_TITLES))
        elif change == "note":
            chunks[at][1] = draw(st.sampled_from(ODD_NOTES))
        elif change in ("under", "after"):
            lines = UNDER if change == "under" else AFTER_MOVES
            chunks.insert(at + 1, ["note", draw(st.sampled_from(lines))])
        else:
            chunks[at][1] = draw(st.sampled_from(ODD_MOVES))
    if change == "first":  # moves before the first board
        chunks[:0] = [["title", "T"], ["moves", draw(st.sampled_from(MOVES))], ["blank", ""]]
    text = "\n".join(text for _, text in chunks)
    return text if draw(st.booleans()) else text + "\n"


def test_the_fast_path_reads_as_the_full_path_and_reaches_every_exit() -> None:
    """Generated collections read alike on both paths, as generated and
    with a character changed; between them they reach every exit of the
    fast path (a guard no text reaches is a guard no test holds)."""
    exits = Exits(_sok_plain)

    @settings(max_examples=1000, deadline=None)
    @given(collections(), st.sampled_from(list(Tessellation)))
    def as_generated(text: str, tessellation: Tessellation) -> None:
        same_as_full_path(text, tessellation, exits)

    @settings(max_examples=200, deadline=None)
    @given(
        collections(changed=False),
        st.just(0) | st.integers(0, 10_000),
        st.sampled_from(["\r\n", "\ufeff", "\r", "\n>", "\ufeff", ">", ""]),
    )
    def with_a_character_changed(text: str, at: int, put: str) -> None:
        at = 0 if put == "\ufeff" and at % 2 else at % (len(text) + 1)  # (a mark opens a text)
        same_as_full_path(text[:at] + put + text[at + 1 :], Tessellation.SOKOBAN, exits)

    as_generated()
    with_a_character_changed()
    assert exits.never_taken() == [], exits.report()


def test_every_exit_of_the_fast_path_names_its_reason() -> None:
    assert Exits(_sok_plain).unnamed(_sok_plain.layout) == []


def test_what_sokfmt_writes_takes_the_fast_path() -> None:
    games = (
        loads_moves("rR").with_metadata(title="Solution", solved_by="Me", notes="Time: 1"),
        loads_moves("lurd" * 30).with_metadata(title="Snapshot", notes="Some notes"),
    )
    collection = Collection(
        title="Mine",
        author="Me",
        notes="About these\n\nlevels",
        puzzles=(
            Puzzle(loads_board(BOARD), title="One", notes="Difficulty: 3", saved_games=games),
            Puzzle(loads_board("####\n#@*#\n####"), title="Two", author="You"),
        ),
    )
    text = dumps_sok(collection)
    assert same_as_full_path(text)
    assert same_as_full_path(text.rstrip("\n"))  # no line break at the end
    assert _sok_read.read_sok(text, Tessellation.SOKOBAN) == collection


def test_titles_written_as_xsb_files_write_them_take_the_fast_path() -> None:
    # "; 1" above a board (or a blank line between) is its title, as a line
    # of text would be: so are most .xsb files laid out.
    text = f"; 1\n{BOARD}\n\n;17\n\n{BOARD}\nAuthor: Me\n\n; Solution\nrR\n"
    assert same_as_full_path(text)
    collection = _sok_read.read_sok(text, Tessellation.SOKOBAN)
    assert [puzzle.title for puzzle in collection.puzzles] == ["1", "17"]
    assert collection.puzzles[1].saved_games[0].title == "Solution"
    written = dumps_sok(collection, semicolon_titles=True)
    assert written.startswith("; 1\n")
    assert written.count("\n; ") == 2  # (17, Solution)
    assert same_as_full_path(written)


def test_a_key_of_move_letters_recognised_where_it_stands_takes_the_fast_path() -> None:
    text = f"Url: 99\nURL=dd\n\nLevel\n{BOARD}\n\nSolution\nR\n"
    assert same_as_full_path(text)
    collection = _sok_read.read_sok(text, Tessellation.SOKOBAN)
    assert (collection.url, collection.notes) == ("99", "URL=dd")  # the first is the field


def test_a_game_line_of_the_file_notes_names_the_tessellation_in_effect() -> None:
    # In Hexoban, "rn" are moves ("n" is no Sokoban move) and the board is
    # read by Hexoban's layout.
    text = "Title: Hex\nGame: Hexoban\n\nOne\n # # # #\n# @ $ . #\n # # # #\n\nSolution\nrn\n"
    assert same_as_full_path(text)
    (puzzle,) = _sok_read.read_sok(text, Tessellation.SOKOBAN).puzzles
    assert puzzle.tessellation is Tessellation.HEXOBAN
    assert str(puzzle.saved_games[0]) == "rn"


HEX_BOARD = " # # # #\n# @ $ . #\n # # # #"


def test_the_first_game_line_with_a_value_decides_the_tessellation_on_both_paths() -> None:
    # "Squareban" names no tessellation (SOK101 at it, line 1, column 7): the
    # file's tessellation is then none, and the next "Game:" line changes
    # nothing; the board is read as Sokoban's.
    text = f"Game: Squareban\nGame: Hexoban\n\nOne\n{HEX_BOARD}\n\nSolution\nrR\n"
    assert same_as_full_path(text)
    diagnostics: list[Diagnostic] = []
    collection = _sok_read.read_sok(text, Tessellation.SOKOBAN, diagnostics)
    assert ("SOK101", 1, 7) in [(d.code, d.line, d.column) for d in diagnostics]
    assert collection.puzzles[0].tessellation is Tessellation.SOKOBAN
    assert collection.notes == "Game: Squareban\nGame: Hexoban"


def test_lines_are_typed_in_the_tessellation_they_are_read_in() -> None:
    # As above, and "rn" is one letter away from Sokoban moves ("n" is none):
    # notes with a doubt (SOK104 at "n", line 10, column 2), not a Hexoban
    # saved game read as Sokoban's.
    text = f"Game: Squareban\nGame: Hexoban\n\nOne\n{HEX_BOARD}\n\nSolution\nrn\n"
    diagnostics: list[Diagnostic] = []
    (puzzle,) = _sok_read.read_sok(text, Tessellation.SOKOBAN, diagnostics, fast=False).puzzles
    assert [(d.code, d.line, d.column) for d in diagnostics][:1] == [("SOK101", 1, 7)]
    assert ("SOK104", 10, 2) in [(d.code, d.line, d.column) for d in diagnostics]
    assert puzzle.tessellation is Tessellation.SOKOBAN
    assert (puzzle.saved_games, puzzle.notes) == ((), "Solution\nrn")


def test_a_puzzle_s_game_line_takes_the_fast_path() -> None:
    # The caller's tessellation is Octoban.  The first puzzle is Sokoban's
    # from its "Game:" line on; the second is Octoban's again ("nR" is a
    # saved game there, no Sokoban moves), and a "Game:" line after its
    # moves is a note of the saved game that changes nothing.
    text = (
        f"Puzzle A\n{BOARD}\nGame: Sokoban\n\nSolution\nrR\n\n"
        f"Puzzle B\n{BOARD}\n\nSolution\nnR\nGame: Sokoban\n\nSnapshot\nnR\n"
    )
    assert same_as_full_path(text, Tessellation.OCTOBAN)
    sokoban, octoban = _sok_read.read_sok(text, Tessellation.OCTOBAN).puzzles
    assert sokoban.tessellation is Tessellation.SOKOBAN
    assert [str(game) for game in sokoban.saved_games] == ["rR"]
    assert octoban.tessellation is Tessellation.OCTOBAN
    assert [(str(g), g.notes) for g in octoban.saved_games] == [
        ("nR", "Game: Sokoban"),
        ("nR", ""),
    ]


def test_moves_in_the_file_notes_close_no_scope() -> None:
    # Before the first board moves are text: the "Game:" line after them
    # still names the file's tessellation.
    text = f"lurd\nGame: Hexoban\n\nOne\n{HEX_BOARD}\n\nSolution\nrn\n"
    (puzzle,) = _sok_read.read_sok(text, Tessellation.SOKOBAN, fast=False).puzzles
    assert puzzle.tessellation is Tessellation.HEXOBAN
    assert str(puzzle.saved_games[0]) == "rn"
    assert not same_as_full_path(text)  # moves before the first board: the full path


def test_a_stray_row_a_blank_line_above_a_board_takes_the_fast_path() -> None:
    # Rule 4 looks at a line next to a row only: a blank line apart,
    # "#X ###" titles the board (title_blank) as any line of text would.
    text = f"#X ###\n\n{BOARD}\n"
    assert same_as_full_path(text)
    diagnostics: list[Diagnostic] = []
    (puzzle,) = _sok_read.read_sok(text, Tessellation.SOKOBAN, diagnostics).puzzles
    assert (puzzle.title, diagnostics) == ("#X ###", [])


def test_a_text_without_a_board_takes_the_fast_path() -> None:
    # The file notes alone, and a doubt: SOK102 at line 1, column 1.
    text = "Title: x\nSome notes\n"
    assert same_as_full_path(text)
    diagnostics: list[Diagnostic] = []
    collection = _sok_read.read_sok(text, Tessellation.SOKOBAN, diagnostics)
    assert (collection.title, collection.notes, collection.puzzles) == ("x", "Some notes", ())
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("SOK102", 1, 1)]


@pytest.mark.parametrize(
    ("text", "titles"),
    [
        (f"{BOARD}\n", [""]),
        (f"{BOARD}\n\n{BOARD}\n", ["", ""]),
        # Above one blank line, a paragraph of two lines, or a key/value line,
        # titles no board (the spec's title is a paragraph of one line of text).
        (f"Notes\nMore\n\n{BOARD}\n", [""]),
        (f"T\n{BOARD}\nAuthor: Me\n\n{BOARD}\n", ["T", ""]),
        (f"T\n{BOARD}\n\nSolution\nrR\n\n{BOARD}\n", ["T", ""]),
        # Two blank lines: no paragraph stands right before the board.
        (f"T\n{BOARD}\nNote\n\n\n{BOARD}\n", ["T", ""]),
        # Before the first board a ";" paragraph is notes (no semicolon_titles).
        (f"; 1\nText\n\n{BOARD}\n", [""]),
    ],
)
def test_a_board_without_a_title_takes_the_fast_path(text: str, titles: list[str]) -> None:
    assert same_as_full_path(text)
    collection = _sok_read.read_sok(text, Tessellation.SOKOBAN)
    assert [puzzle.title for puzzle in collection.puzzles] == titles


def test_the_layout_of_a_collection() -> None:
    # Worked out from the grammar's steps: each block titled by the line
    # above it, every other line a note of the block above it.
    text = (
        ":: made by hand\nCollection: C\n\nLevel 1\n\n"
        f"{BOARD}\n\nDifficulty: 3\nhard\n\nSolution\nrR\nTime: 2\n\nLevel 2\n{BOARD}\n"
    )
    laid = _sok_plain.layout(text, Tessellation.SOKOBAN)
    assert laid is not None
    assert laid.comments == [(1, ":: made by hand")]
    assert [(t.type, t.text) for t in laid.file_notes] == [
        ("PROPERTY", "Collection: C"),
        ("BLANK", ""),
    ]
    assert [(b.title.text, b.title.line, b.token.type, b.token.line) for b in laid.blocks] == [
        ("Level 1", 4, "ROWS", 6),
        ("Solution", 13, "MOVES", 14),
        ("Level 2", 17, "ROWS", 18),
    ]
    assert [[t.text for t in b.notes] for b in laid.blocks] == [
        ["", "Difficulty: 3", "hard", ""],
        ["Time: 2", ""],
        [],
    ]
    assert same_as_full_path(text)


@pytest.mark.parametrize(
    "text",
    [
        f"Level\n{BOARD}\r\n",  # other line breaks
        f"\ufeffLevel\n{BOARD}\n",  # a byte order mark
        f"Level\n{BOARD}\n\n> quoted\n",  # mail quotes
        f"Level\n{BOARD}\n\n:: c\n",  # a comment after a board
        f"Level\n{BOARD}\n\nlurdx\n",  # rule 3: almost moves
        f"Level\n{BOARD}\n\nSolution\nrR\nRx\n",  # rule 3 right after moves
        f"Level\n{BOARD}\n\nSolution\nrR\n> x\n",  # ... which reads past mail quotes
        f"#X ###\n{BOARD}\n",  # rule 4: a stray row above a board
        f"Level\n{BOARD}\n#X ###\n",  # rule 4 after a board
        f"?-$-#\n{BOARD}\n",  # rule 4: a stray where a row's first wall should be
        f"Level\n{BOARD}\n#-$-?\n",  # ... or its last
        f"Level\n{BOARD}\nUrl: 99\n",  # rule 3: "Url" is no key of a puzzle's notes
        f"Level\n{BOARD}\nT\n\n{BOARD}\n",  # a title right after a board, a blank line
        f"Level\n{BOARD}\n\n; 44\nDuh!\n\n{BOARD}\n",  # a ";" paragraph, a blank line
        f"Level\n{BOARD}\n\nrR\n",  # moves without a title
        f"lurd\n\nLevel\n{BOARD}\n",  # moves before the first board
        f"Level\n{BOARD}\n\n; 1\nText\n{BOARD}\n",  # a ";" paragraph (semicolon_titles)
        f"Level\n{BOARD}\n\nSolution\n\n\nrR\n",  # two blank lines between a title and moves
        f"Level\n{BOARD}\n\nS\nrR\n#####\n#@$.#\n#####\n",  # rows right after moves
    ],
)
def test_what_takes_the_full_path(text: str) -> None:
    assert not same_as_full_path(text)


def step_1(text: str, before: int) -> tuple[list[tuple[object, ...]], list[tuple[int, str]]]:
    """Step 1's tokens of the lines of `text` before line `before` (rule 1
    applied, as the fast path types a line it takes), a blank line's place
    aside (the fast path's blank lines share one token), and its comments."""
    comments: list[tuple[int, str]] = []
    found: list[tuple[object, ...]] = []
    for token in postlex.lex([text], comments):
        if token.line >= before:
            break
        kind = token.type
        if kind == "RLE":
            kind = postlex.rle_class(postlex.unquoted(token.text))
        place = (token.pos, token.line) if token.text else (None, None)
        found.append((kind, token.text, *place, token.raw))
    return found, [comment for comment in comments if comment[0] < before]


def handed_over(laid: _sok_plain.Layout) -> list[tuple[object, ...]]:
    """The tokens the fast path hands the full path, as `step_1` shows them."""
    return [
        (t.type, t.text, *((t.pos, t.line) if t.text else (None, None)), t.raw)
        for t in laid.tokens()
    ]


def test_the_tokens_handed_over_are_those_of_step_1() -> None:
    # Worked out by hand: a comment (line 1, set aside), "Level" (line 2,
    # offset 11) titles the board of lines 3-5 (offset 17, a run of 3
    # lines), a blank line, "Solution" (line 7, offset 36) titles the moves
    # "rR" (line 8, offset 45: one line, a MOVES of no run, as step 1 makes
    # it), a blank line, and the comment of line 10 (offset 49) leaves the
    # layout.
    text = f":: by hand\nLevel\n{BOARD}\n\nSolution\nrR\n\n:: c\nx\n"
    laid = _sok_plain.layout(text, Tessellation.SOKOBAN)
    assert laid is not None
    assert (laid.rest, laid.comments) == ((49, 10), [(1, ":: by hand")])
    assert handed_over(laid) == [
        ("TEXT", "Level", 11, 2, ""),
        ("ROWS", BOARD, 17, 3, BOARD + "\n"),
        ("BLANK", "", None, None, ""),
        ("TEXT", "Solution", 36, 7, ""),
        ("MOVES", "rR", 45, 8, ""),
        ("BLANK", "", None, None, ""),
    ]
    assert (handed_over(laid), laid.comments) == step_1(text, 10)
    assert not same_as_full_path(text)


@settings(max_examples=300, deadline=None)
@given(collections(), st.sampled_from(list(Tessellation)))
def test_the_tokens_handed_over_are_those_of_step_1_on_any_text(
    text: str, tessellation: Tessellation
) -> None:
    """The full path reads on from these tokens as if step 1 had made them."""
    laid = _sok_plain.layout(text, tessellation)
    if laid is not None and laid.rest is not None:
        assert (handed_over(laid), laid.comments) == step_1(text, laid.rest[1])


def test_note_lines_typed_in_one_match_as_step_1_and_rule_3_type_them() -> None:
    lines = [*NOTES, "lurd:x", "Rx: y", "x:lurd", "1: 2", "::x", " ; x", "((", "-#-", "ab", "é"]
    for tessellation in Tessellation:
        pattern = _sok_plain._note_pattern(tessellation)
        for line in lines:
            match = pattern.fullmatch(line + "\n")
            if match is None:
                continue
            assert match.lastgroup == postlex.line_class(line)
            assert not postlex.almost(line, tessellation)
            assert not postlex._ends_moves(line, tessellation)


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from("#@$.* -_lurdLURDnesw0123456789()|[]{};:=>xyTé\t"), max_size=12))
def test_any_line_typed_in_one_match_as_step_1_and_rule_3_type_it(line: str) -> None:
    for tessellation in Tessellation:
        match = _sok_plain._note_pattern(tessellation).fullmatch(line + "\n")
        if match is not None:
            assert match.lastgroup == postlex.line_class(line)
            assert not postlex.almost(line, tessellation)
            assert not postlex._ends_moves(line, tessellation)


@needs_corpus
def test_corpus_collections_read_alike_on_both_paths() -> None:
    taken = []
    for path in sorted(CORPUS.rglob("*")):
        if path.suffix.lower() not in (".sok", ".txt", ".xsb") or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if same_as_full_path(text):
            taken.append(path.name)
    # The file of the speed benchmarks is in the common layout.
    assert "Original_and_Extra.sok" in taken


def test_the_differential_script_finds_the_paths_alike() -> None:
    # tests/fastdiff.py is the long differential (python tests/fastdiff.py
    # COUNT SEED); a short run here keeps it working.
    import fastdiff  # (it imports this module)

    assert fastdiff.main(fastdiff.random_texts(300, 20261202)) == 0
