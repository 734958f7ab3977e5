"""Reading and writing .sok collections: the rules and hazards one by one."""

from __future__ import annotations

import dataclasses
import io
import re
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from exits import Exits
from hypothesis import given, settings
from hypothesis import strategies as st

import sokfmt
from sokfmt import (
    Board,
    BoardSyntaxError,
    Collection,
    Diagnostic,
    IllegalStepError,
    Puzzle,
    SavedGame,
    SavedGameSyntaxError,
    SokfmtWarning,
    SokSyntaxError,
    Step,
    StepKind,
    Tessellation,
    ValidationError,
    dumps_sok,
    from_dict,
    iter_sok,
    load_sok,
    loads_board,
    loads_moves,
    loads_sok,
)
from sokfmt._grammar import lalr
from sokfmt._sok import bare as _sok_bare
from sokfmt._sok import postlex as _sok_postlex
from sokfmt._sok import read as _sok_read
from sokfmt._sok.tokens import Line

BOARD = "#####\n#@$.#\n#####"


def titles(text: str) -> list[str]:
    return [puzzle.title for puzzle in loads_sok(text).puzzles]


# ------------------------------------------------------------------ titles


def test_title_needs_a_blank_line_or_to_stand_alone() -> None:
    assert titles(f"Title\n{BOARD}") == ["Title"]
    assert titles(f"Header one\nTitle cand\n{BOARD}") == [""]
    assert titles(f"Notes\n\nTitle\n\n{BOARD}") == ["Title"]
    collection = loads_sok(f"Header one\nTitle cand\n{BOARD}")
    assert collection.notes == "Header one\nTitle cand"


def test_title_property_overrides_the_title_line() -> None:
    collection = loads_sok(f"Notes\n\nLevel 5\n{BOARD}\nTitle: The Name\n")
    (puzzle,) = collection.puzzles
    assert puzzle.title == "The Name"
    assert puzzle.title_line == "Level 5"  # kept with the puzzle it labels
    assert collection.notes == "Notes"
    assert loads_sok(dumps_sok(collection)) == collection


def test_property_lines_are_not_titles() -> None:
    collection = loads_sok(f"Author: Someone\n\n{BOARD}\n")
    assert collection.author == "Someone"
    assert collection.puzzles[0].title == ""


def test_xsb_semicolon_titles() -> None:
    assert titles(f";screen.01\n{BOARD}\n\n; 44 'Duh!'\n\n{BOARD}") == ["screen.01", "44 'Duh!'"]


@pytest.mark.parametrize("title", ["30-8-55", "#50 (3)", "12", "Pop", "bomb"])
def test_titles_that_look_like_boards_or_rle_stay_titles(title: str) -> None:
    assert titles(f"{title}\n\n{BOARD}") == [title]


def test_titles_of_saved_games() -> None:
    text = f"{BOARD}\n\nSolution\nR\nSolver: me\n\nSnapshot\n*R\n"
    games = loads_sok(text).puzzles[0].saved_games
    assert [(g.title, g.solved_by) for g in games] == [("Solution", "me"), ("Snapshot", "")]


# ----------------------------------------------------------------- hazards


def test_words_of_board_letters_under_a_board_are_text() -> None:
    (puzzle,) = loads_sok(f"{BOARD}\nbomb\nPop\n").puzzles
    assert puzzle.notes == "bomb\nPop"
    assert puzzle.board.height == 3


def test_digits_alone_are_never_a_board() -> None:
    with pytest.warns(SokfmtWarning, match="^line 1: SOK102 No puzzle found"):
        collection = loads_sok("123\n456\n789\n")
    assert collection.puzzles == ()
    assert collection.notes == "123\n456\n789"


def test_untitled_saved_games_in_a_row_stay_apart() -> None:
    (puzzle,) = loads_sok(f"{BOARD}\n\nR\n\nR\n\nRR\n").puzzles
    assert [game.printed_steps() for game in puzzle.saved_games] == ["R", "R", "RR"]
    text = dumps_sok(Collection(puzzles=(puzzle,)))
    assert loads_sok(text).puzzles == (puzzle,)


def test_moves_wrap_over_lines_even_inside_a_count() -> None:
    (puzzle,) = loads_sok(f"{BOARD}\n\nSolution\n3r1\n0L\n").puzzles
    assert puzzle.saved_games[0].printed_steps() == "rrr" + "L" * 10


# ------------------------------------- the rules of sok.lark's header
# One test per rule of grammars/sok.lark's header that has a name (the four
# of the postlex, and the grammar's moves_titles and semicolon_titles),
# named after it; `test_every_rule_has_its_test` keeps the two lists the
# same.  The tests of the layout the rules arrange follow them.


def test_rule_rle_lines() -> None:
    # One RLE line of several rows; RLE rows one per line, one of floor only.
    (puzzle,) = loads_sok("5#|#@$.#\n5#\n").puzzles
    assert puzzle.board.rows == ("#####", "#@$.#", "#####")
    (puzzle,) = loads_sok("A\n5#\n#@$.#|\n2-|\n5#\n").puzzles
    assert (puzzle.title, puzzle.board.height) == ("A", 4)
    assert puzzle.board.rows[2] == "-----"
    # Decoding errors and other characters: text.
    assert titles(f"30-8-55\n{BOARD}\n\n#50 (3)\n{BOARD}\n") == ["30-8-55", "#50 (3)"]
    # A line that would draw more than 100 squares a character is text:
    # 12 characters, 5,000,000 walls (the limit of a whole board); a title.
    assert titles(f"2500000(2#)\n{BOARD}\n") == ["2500000(2#)"]
    # "400#" draws 100 squares for each of its 4 characters: a row above the
    # board; "401#" one more, a title.
    (puzzle,) = loads_sok(f"400#\n{BOARD}\n").puzzles
    assert (puzzle.title, puzzle.board.height, puzzle.board.width) == ("", 4, 400)
    assert titles(f"401#\n{BOARD}\n") == ["401#"]
    # Padding buys no more than 20,000 squares: 205 characters (20,500 by
    # the density) draw 1 + 198 + 19,801 = 20,000 walls, a row; one more
    # wall, or the 549-character row of 5,000,000 walls, and it is a title.
    padded = "#" + " " * 198 + "{}#"
    (puzzle,) = loads_sok(f"{padded.format(19801)}\n{BOARD}\n").puzzles
    assert (puzzle.title, puzzle.board.height, puzzle.board.width) == ("", 4, 20_000)
    assert titles(f"{padded.format(19802)}\n{BOARD}\n") == [padded.format(19802)]
    row = "#" + " " * 534 + "2500000(2#)" + "#"
    assert titles(f"{row}\n{BOARD}\n") == [row]
    # Boxes on goals at the top of an RLE board are rows of it (point 1).
    (puzzle,) = loads_sok("2-*|5#|#@$.#|5#\n").puzzles
    assert puzzle.board.rows == ("--*--", "#####", "#@$.#", "#####")


def test_rule_tessellation_of_moves() -> None:
    (puzzle,) = loads_sok(f"{BOARD}\nused\ndune\n").puzzles
    assert puzzle.notes == "used\ndune"  # two letters Sokoban refuses: text
    assert puzzle.saved_games == ()
    # In Octoban every letter of "dune" is a move.
    (octoban,) = loads_sok(f"{BOARD}\nGame: Octoban\n\ndune\n").puzzles
    assert [len(game) for game in octoban.saved_games] == [4]
    # A Game line holds for its puzzle: the next board is Sokoban's again.
    (octoban, sokoban) = loads_sok(f"{BOARD}\nGame: Octoban\n{BOARD}\ndune\nwens\n").puzzles
    assert octoban.tessellation == Tessellation.OCTOBAN
    assert sokoban.tessellation == Tessellation.SOKOBAN
    assert (sokoban.notes, sokoban.saved_games) == ("dune\nwens", ())
    # One refused letter: a doubt ("used" in Hexoban refuses only "e").
    diagnostics: list[Diagnostic] = []
    hexoban = " # # # #\n# @ $ . #\n # # # #\nGame: Hexoban\n\nused\n"
    (puzzle,) = loads_sok(hexoban, diagnostics=diagnostics).puzzles
    assert puzzle.notes == "used"
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("SOK104", 6, 3)]


def test_rule_almost_moves() -> None:
    diagnostics: list[Diagnostic] = []
    (puzzle,) = loads_sok(f"T\n{BOARD}\n\nSolution\nrRxRR\n", diagnostics=diagnostics).puzzles
    assert puzzle.notes == "Solution\nrRxRR"
    assert [(d.severity, d.code, d.line, d.column) for d in diagnostics] == [
        ("warning", "SOK104", 7, 3)
    ]
    with pytest.warns(SokfmtWarning, match="SOK104"):
        loads_sok(f"T\n{BOARD}\n\nSolution\nrRxRR\n")
    # After a moves line, a line of one character that is no move continues
    # the moves (and is an error there); "*" there is the current position.
    for last, code in (("x", "SOK204"), ("-", "SOK204"), ("W", "SOK201"), ("W\n##\n##", "SOK201")):
        diagnostics = []
        loads_sok(f"T\n{BOARD}\n\nrRR\n{last}\n", diagnostics=diagnostics)
        assert [(d.code, d.line, d.column) for d in diagnostics] == [(code, 7, 1)]
    (puzzle,) = loads_sok(f"T\n{BOARD}\n\nrRR\n*\n").puzzles
    ((game,), notes) = (puzzle.saved_games, puzzle.notes)
    assert (game.printed_steps(), game.current_move_idx, game.notes, notes) == ("rRR", 3, "", "")


@settings(max_examples=400, deadline=None)
@given(st.text(st.sampled_from("lrRuUnW e1(*>xvk:é"), max_size=8))
def test_almost_moves_leaves_a_line_far_from_moves(line: str) -> None:
    # The postlex skips rule 3 for a line with two characters that are no
    # MOVE (mail quotes aside): in no tessellation is such a line one
    # character away from a moves line, or one replaced character away.
    # Right after no moves, it also skips a line without a MOVE_LETTER:
    # without one character, no such line is a moves line.
    found = _sok_postlex.patterns()
    bare = line.lstrip(">")
    strays = sum(not re.fullmatch(r"[lurdneswLURDNESW0-9()\[\]{}* \t]", c) for c in bare)
    letters = sum(c in "lurdneswLURDNES" for c in bare)
    assert (found.far_from_moves.match(line) is not None) == (strays >= 2)
    assert (found.no_moves.match(line) is not None) == (strays >= 2 or letters == 0)
    for tessellation in Tessellation:
        if strays >= 2:
            assert not _sok_postlex._ends_moves(bare, tessellation)
        if strays >= 2 or letters == 0:
            assert not _sok_postlex._almost(bare, tessellation)


def test_board_runs() -> None:
    with pytest.warns(SokfmtWarning, match="SOK103 Text that looks like a board"):
        (puzzle,) = loads_sok(f"{BOARD}\n\n* * *\n##\n").puzzles
    assert puzzle.notes == "* * *\n##"
    (puzzle,) = loads_sok(f"{BOARD}\n\n####\n##\n").puzzles  # walls alone: no doubt
    assert puzzle.notes == "####\n##"
    # A row of boxes on goals alone is closed, as the format says: right
    # above or under a board it is a row of it ("B" is no title there).
    (first, second) = loads_sok(f"B\n{BOARD}\n\nW\n{BOARD}\n").puzzles
    assert (first.title, first.board.rows[0], second.board.rows[0]) == ("", "*----", "#----")
    (flames,) = loads_sok("  * *\n#######\n#@$ .#\n#######\n * *\n").puzzles
    assert flames.board.rows == ("--*-*--", "#######", "#@$-.#-", "#######", "-*-*---")
    # Boxes on goals alone make no board, and text above a board stays text.
    assert loads_sok("* *\n***\n* *\n", diagnostics=[]).puzzles == ()
    assert titles(f"B\n\n{BOARD}\n") == ["B"]
    # Open rows at either end are text; between closed rows, a gap.
    collection = loads_sok("T\n @\n#####\n#@$.#\n $ \n#####\n $\n")
    (puzzle,) = collection.puzzles
    assert (collection.notes, puzzle.title, puzzle.notes) == ("T\n @", "", " $")
    assert puzzle.board.rows[2] == "-$---"  # " $ " padded to the width of 5


_RUN_LINES = [
    "lurd", "LLUURRDD", "nwse", "dune", "RURDx", "3(lu)R", "> lurd", ">> LURD", "", "   ",
    "Game: Hexoban", "Game: Octoban", ":: c", "Title", "; 1", "#####", "#@$.#", "#####",
    "# * #", "  ###", "W", "*", "-", "rr rr", "lurdd2", "(l", "x", "##\t#",
    BOARD, BOARD, "#####\n#@$.#", "Game: Octoban\n\nnw",
]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(_RUN_LINES), max_size=30),
    st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_runs_read_as_their_lines(lines: list[str], newline: str) -> None:
    """Step 1 makes one token of a run of walled rows (ROWS) or of lines of
    moves (MOVES_LINES) for speed; the rules read it as its lines."""
    text = newline.join(lines).replace("\n", newline)
    kept: list[Diagnostic] = []
    with_runs = loads_sok(text, diagnostics=kept)
    found = _sok_postlex.patterns()
    never = re.compile("(?!)")
    alone = dataclasses.replace(found, walls=never, moves_lines=never)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_sok_postlex, "patterns", lambda: alone)
        apart: list[Diagnostic] = []
        assert loads_sok(text, diagnostics=apart) == with_runs
    assert apart == kept


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="Title DateCreatd:=> \tlurdLURD#@$.;x", max_size=24))
def test_a_line_is_a_property_exactly_when_property_line_matches_it(line: str) -> None:
    # Step 1 looks ahead for a ":" or "=" before it tries PROPERTY_LINE (for
    # speed); the grammar's terminal alone decides.
    match = _sok_postlex.patterns().line.match(line + "\n")
    assert match is not None
    terminal = lalr.terminals("sok")["PROPERTY_LINE"]
    assert (match.lastgroup == "PROPERTY") == bool(re.fullmatch(terminal, line))


@pytest.mark.parametrize("first", [" ", "\t", "-", "_", "*", "B", "#", "W", ">"])
def test_three_walled_rows_are_one_token_whatever_they_begin_with(first: str) -> None:
    # WALL_ROW_LINE begins with FLOOR (" ", tab, "-", "_"), then BOX_ON_GOAL
    # ("*", "B") or WALL ("#", "W"), after mail quotes (">"): step 1 makes one
    # ROWS token of three such lines, as sok.lark's header says.
    rows = "".join(f"{first}{row}\n" for row in ("###", "#.#", "###"))
    if first in "*BW":  # (then the line is its own first wall)
        rows = "".join(f"{first}{row}\n" for row in ("##", ".#", "##"))
    tokens = list(_sok_postlex.lex([rows], []))
    assert [(t.type, t.rows) for t in tokens] == [("ROWS", 3)]


def test_an_empty_line_is_a_blank_line_as_the_lexer_takes_it() -> None:
    # Step 1 types an empty line without matching it: the line classes agree.
    assert _sok_postlex.patterns().line.fullmatch("\n").lastgroup == "BLANK_LINE"  # type: ignore[union-attr]
    tokens = list(_sok_postlex.lex(["x\n\n\r\n\n"], []))
    assert [(t.type, t.text, t.pos, t.line) for t in tokens] == [
        ("TEXT", "x", 0, 1),
        ("BLANK", "", 2, 2),
        ("BLANK", "", 3, 3),
        ("BLANK", "", 5, 4),
    ]


# Titles the fast path takes, and titles that it leaves to the full path:
# another class, a stray row (rule 4), almost moves (rule 3).
_PLAIN_TITLES = ["; 1", "Level 1", "  ; 0  ", "Caf\u00e9", "\u2028x", "> ; 1"]
_ODD_TITLES = ["#X ###", "rRxRR", "?-$-#", "Rx", ";-$-#", "lurdx", "; #####", ";lurd", "lurd",
    "Title: x", "\ufeffT", ":: c", "Url: 99", " @ "] + ["#X ###", "?-$-#", ";-$-#"] * 2  # fmt: skip
_BARE_TITLES = _PLAIN_TITLES * 4 + _ODD_TITLES
_BARE_BOARDS = [
    "#####\n#@$.#\n#####",
    "  ####\n###  #\n#@$ .#\n######",
    "#####\n#@$.#\n#.$ #\n#####",
    "  * *\n#######\n#@$ .#\n#######",
    "#####\n#   #\n#####",
    "####\t\n#@*#\n####",
    "#-#-#\n#@$.#\n#_#_#",
    " # # #\n# @ $ . #\n # # #",
]
_BARE_GAPS = ["\n\n", "\n  \n", "\n\n\n", "\n\t\n\n"] * 4 + ["\n", "\r\n\r\n"]


def test_bare_boards_read_as_the_full_path_and_reach_every_exit() -> None:
    """The fast path for collections of bare boards (sokfmt/_sok/bare.py)
    gives what the tokens through the grammar give, or leaves the text to
    them; the texts generated reach every exit it has."""
    exits = Exits(_sok_bare)

    @settings(max_examples=600, deadline=None)
    @given(
        st.lists(
            st.tuples(st.none() | st.sampled_from(_PLAIN_TITLES), st.sampled_from(_BARE_BOARDS)),
            max_size=6,
        ),
        st.lists(st.sampled_from(_BARE_GAPS), min_size=7, max_size=7),
        st.integers(0, 5),
        st.none() | st.sampled_from(_ODD_TITLES),
        st.sampled_from(["", "", "", "", "\ufeff"]),
        st.sampled_from(["", "\n", "\n\n", "\n \n"]),
        st.sampled_from([*Tessellation, Tessellation.HEXOBAN]),
    )
    def bare_boards(
        paragraphs: list[tuple[str | None, str]],
        gaps: list[str],
        at: int,
        odd: str | None,
        start: str,
        end: str,
        tessellation: Tessellation,
    ) -> None:
        if odd is not None and paragraphs:  # one title that the fast path leaves
            paragraphs[at % len(paragraphs)] = (odd, paragraphs[at % len(paragraphs)][1])
        text = start + gaps[-1][1:] if paragraphs or at % 2 else start  # (no board)
        for i, (title, board) in enumerate(paragraphs):
            text += (f"{title}\n" if title is not None else "") + board + gaps[i]
        _as_the_full_path(text.rstrip("\n") + end, tessellation, exits)

    bare_boards()
    assert exits.never_taken() == [], exits.report()


def test_every_exit_of_the_bare_fast_path_names_its_reason() -> None:
    assert Exits(_sok_bare).unnamed(_sok_bare.read_bare) == []


@pytest.mark.parametrize("title", sorted(set(_BARE_TITLES)))
def test_bare_titles_read_as_the_full_path_reads_them(title: str) -> None:
    for tessellation in Tessellation:
        _as_the_full_path(f"{title}\n{BOARD}\n\n; 2\n{BOARD}\n", tessellation)


def _as_the_full_path(text: str, tessellation: Tessellation, exits: Exits | None = None) -> None:
    kept: list[Diagnostic] = []
    with (exits or Exits(_sok_bare)).tracing():
        fast = loads_sok(text, tessellation=tessellation, diagnostics=kept)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_sok_bare, "read_bare", lambda *arguments, **options: None)
        full: list[Diagnostic] = []
        assert loads_sok(text, tessellation=tessellation, diagnostics=full) == fast
    assert full == kept


def test_bare_boards_take_the_fast_path() -> None:
    text = "; 1\n#####\n#@$.#\n#####\n\nTwo\n####\n#@*#\n####\n\n\n#####\n#@$.#\n#####\n"
    read: list[Puzzle] = []
    collection = _sok_bare.read_bare(text, Tessellation.SOKOBAN, None, read.append)
    assert collection == Collection()
    assert [(p.title, p.board.rows) for p in read] == [
        ("1", ("#####", "#@$.#", "#####")),
        ("Two", ("####", "#@*#", "####")),
        ("", ("#####", "#@$.#", "#####")),
    ]
    # Notes under a board, a comment, CRLF: the full path.
    for other in ("#####\n#@$.#\n#####\nnote\n", ":: c\n" + text, text.replace("\n", "\r\n")):
        assert _sok_bare.read_bare(other, Tessellation.SOKOBAN, None, read.append) is None


def test_moves_before_boards() -> None:
    collection = loads_sok(f"lurd\nLURD\n\n{BOARD}\n")
    assert collection.notes == "lurd\nLURD"


def test_almost_next_to_moves() -> None:
    text = f"T\n{BOARD}\n\nrR\nRxR\nR\n"
    with pytest.raises(SavedGameSyntaxError) as caught:
        loads_sok(text)
    assert (caught.value.code, caught.value.line, caught.value.column) == ("SOK204", 7, 2)
    diagnostics: list[Diagnostic] = []
    (puzzle,) = loads_sok(text, diagnostics=diagnostics).puzzles
    assert puzzle.saved_games == ()  # not notes, not a title: an error
    assert puzzle.notes == ""
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("SOK204", 7, 2)]


def test_lines_of_a_block_carry_the_same_mail_quotes() -> None:
    diagnostics: list[Diagnostic] = []
    text = f"T\n{BOARD}\n\n>rRR\nUU\n>R\n"
    (puzzle,) = loads_sok(text, diagnostics=diagnostics).puzzles
    assert puzzle.saved_games == ()
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("SOK106", 7, 1)]
    assert "not quoted" in diagnostics[0].message
    (puzzle,) = loads_sok(f"T\n{BOARD}\n\n>rRR\n>UU\n").puzzles
    assert puzzle.saved_games[0].printed_steps() == "rRRUU"


def test_property_lines() -> None:
    # A key/value line is never a title, nor a floor line.
    collection = loads_sok(f"Author: me\n{BOARD}\n")
    assert (collection.author, collection.puzzles[0].title) == ("me", "")
    (first, second) = loads_sok(f"{BOARD}\n\n---\n{BOARD}\n").puzzles
    assert (first.notes, second.title) == ("---", "")


def test_a_key_recognised_where_it_stands_makes_a_property() -> None:
    # "Url" is all move letters: "Url: 99" is one character away from moves
    # (rule 3), but in the file notes the format recognises the key.
    for value in ("99", "12", "dd"):
        text = f"Url: {value}\n\nT\n{BOARD}\n"
        for fast in (True, False):
            diagnostics: list[Diagnostic] = []
            collection = _sok_read.read_sok(text, Tessellation.SOKOBAN, diagnostics, fast=fast)
            assert (collection.url, collection.notes, diagnostics) == (value, "", [])
        assert loads_sok(dumps_sok(collection)) == collection
    # Right above the first board it is a property too, not the board's title.
    collection = loads_sok(f"URL = 12\n{BOARD}\n")
    assert (collection.url, collection.puzzles[0].title) == ("12", "")
    # A puzzle's notes have no "Url": there the line is almost moves, a doubt.
    diagnostics = []
    (puzzle,) = loads_sok(f"T\n{BOARD}\nUrl: 99\n", diagnostics=diagnostics).puzzles
    assert puzzle.notes == "Url: 99"
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("SOK104", 5, 4)]


def test_keys_are_recognised_where_they_stand() -> None:
    # The tables of sokfmt.properties, by the notes a line stands in.
    def where(line: str) -> list[bool]:
        token = Line("PROPERTY", line, 0, 1)
        places = ((False, False), (False, True), (True, False), (True, True))
        return [_sok_postlex.recognised(token, *place) for place in places]

    # Before the first board (moves there or not), after a board, after moves.
    assert where("URL = 9") == [True, True, False, False]
    assert where("Game: Hexoban") == [False, False, True, False]
    assert where("solver: me") == [False, False, False, True]
    assert where("Date  Created: 2001") == [True, True, False, False]
    assert where("Title: T") == [True, True, True, True]
    assert where("Difficulty: 3") == [False, False, False, False]


def test_comments() -> None:
    (puzzle,) = loads_sok("T\n#####\n:: inside\n#@$.#\n#####\n:: after\nnote\n").puzzles
    assert (puzzle.title, puzzle.board.height, puzzle.notes) == ("T", 3, "note")
    assert puzzle.comments == (":: inside", ":: after")
    collection = loads_sok(f":: file\n\nT\n{BOARD}\n")
    assert collection.comments == (":: file",)


def test_blank_lines() -> None:
    # One blank line between a title and its block; two end a paragraph.
    assert titles(f"T\n\n{BOARD}\n") == ["T"]
    collection = loads_sok(f"T\n\n\n{BOARD}\n")
    assert (collection.notes, titles(f"T\n\n\n{BOARD}\n")) == ("T", [""])


def _diagnosed(text: str) -> list[Diagnostic]:
    diagnostics: list[Diagnostic] = []
    loads_sok(text, diagnostics=diagnostics)
    return diagnostics


def test_rule_stray_rows() -> None:
    # Between board lines: a row, and the character is an error there.
    with pytest.raises(BoardSyntaxError) as caught:
        loads_sok("T\n#####\n#X ###\n#@$.#\n#####\n")
    assert (caught.value.code, caught.value.line, caught.value.column) == ("SOK301", 3, 2)
    # Next to a board on one side only: text, with a doubt at the character.
    diagnostics: list[Diagnostic] = []
    (puzzle,) = loads_sok("#X###\n#@$.#\n#   #\n#####\n", diagnostics=diagnostics).puzzles
    assert puzzle.title == "#X###"
    assert ("SOK105", 1, 2) in [(d.code, d.line, d.column) for d in diagnostics]
    # The writer sets such a title apart, so that it reads back without doubt.
    text = dumps_sok(Collection(puzzles=(puzzle,)))
    assert text.startswith("#X###\n\n")
    diagnostics = []
    assert loads_sok(text, diagnostics=diagnostics).puzzles == (puzzle,)
    assert [d.code for d in diagnostics] == ["SOK403"]  # not closed, as before
    # Mostly letters: a title like any other, no doubt.
    diagnostics = []
    assert loads_sok(f"# Level 1 #\n{BOARD}\n", diagnostics=diagnostics).puzzles[0].title
    assert diagnostics == []
    # The character may stand where the row's first or last wall should: the
    # row would be open without it, and still belongs to the board.
    for row, column in (("#-$-?", 5), ("?-$-#", 1), ("#-$-?-", 5)):
        diagnostics = []
        text = f"T\n#####\n#@$.#\n{row}\n#.--#\n#####\n"
        assert loads_sok(text, diagnostics=diagnostics).puzzles == ()
        assert [(d.code, d.line, d.column) for d in diagnostics] == [("SOK301", 4, column)]
        diagnostics = []
        (puzzle,) = loads_sok(f"T\n{BOARD}\n{row}\n", diagnostics=diagnostics).puzzles
        assert puzzle.notes == row
        assert [(d.code, d.line, d.column) for d in diagnostics] == [("SOK105", 5, column)]
    # Such a row has a wall (the character's): with boxes on goals around it
    # it makes a board, where three rows of boxes on goals make none.
    assert [d.code for d in _diagnosed("T\n*\n*-*\n*\n")] == ["SOK103", "SOK102"]
    assert [(d.code, d.line, d.column) for d in _diagnosed("T\n*\n*?*\n*\n")] == [("SOK301", 3, 2)]
    # A line that would begin with a pusher is no such row ("M" and "p"):
    # the title of what follows, no doubt.
    diagnostics = []
    assert loads_sok(f"Map 5\n{BOARD}\n", diagnostics=diagnostics).puzzles[0].title == "Map 5"
    assert diagnostics == []
    # A line with no wall or box on a goal of its own is no such row: "Good"
    # (G, goal, goal, d) titles a board with no doubt, above it and between
    # two boards with no blank line, and the writer sets it apart from none.
    diagnostics = []
    collection = loads_sok(f"Good\n{BOARD}\nGood\n{BOARD}\n", diagnostics=diagnostics)
    assert [puzzle.title for puzzle in collection.puzzles] == ["Good", "Good"]
    assert diagnostics == []
    assert dumps_sok(collection).startswith(f"Good\n{BOARD}\n")


def _read(text: str) -> tuple[list[tuple[str, str, list[tuple[str, str]]]], list[Any]]:
    """Each puzzle's title, notes and saved games (title, moves), and the
    problems found, read through the tokens (no fast path)."""
    diagnostics: list[Diagnostic] = []
    collection = _sok_read.read_sok(text, Tessellation.SOKOBAN, diagnostics, fast=False)
    puzzles = [
        (p.title, p.notes, [(g.title, g.printed_steps()) for g in p.saved_games])
        for p in collection.puzzles
    ]
    return puzzles, [(d.code, d.line, d.column) for d in diagnostics]


def test_an_rle_line_rule_1_refuses_is_no_stray_row() -> None:
    # "#.999999####" is an RLE_LINE drawing 1,000,004 squares from 12
    # characters: rule 1 makes it text.  Rule 4 would have made it a row of
    # the board around it, which read its digits as counts (a million walls,
    # seconds and hundreds of megabytes, no word).  It stays text: the rows
    # around it are two runs of two rows, no board (SOK103 each), no puzzle.
    text = "T\n#######\n#@$.  #\n#.999999####\n#.$   #\n#######\n"
    found: list[Diagnostic] = []
    collection = loads_sok(text, diagnostics=found)
    assert collection.puzzles == ()
    assert [(d.code, d.line) for d in found] == [("SOK103", 2), ("SOK103", 5), ("SOK102", 1)]
    assert not _sok_postlex.stray_row("#.999999####")
    assert _sok_postlex.stray_row("#.?####")  # a character outside the legend still is


def test_stray_rows_as_the_rules_read_them() -> None:
    # After a board and before a line that is no row, a line of rule 4 is the
    # text it is, with a doubt: a ";" line begins a paragraph that titles the
    # next board (semicolon_titles, SOK108 at its second line) ...
    text = f"T\n{BOARD}\n; ###\n'Name'\n\n{BOARD}\n"
    assert _read(text) == (
        [("T", "", []), ("###", "'Name'", [])],
        [("SOK105", 5, 1), ("SOK108", 6, 1)],
    )
    # ... a line of text titles the saved game under it, or ends the file ...
    assert _read(f"T\n{BOARD}\n#X##\nR\n") == ([("T", "", [("#X##", "R")])], [("SOK105", 5, 2)])
    assert _read(f"T\n{BOARD}\n#X##") == ([("T", "#X##", [])], [("SOK105", 5, 2)])
    # ... and a key/value line is a line of notes; a "Game:" one is read in
    # the puzzle of the board above it (its value names no tessellation).
    assert _read(f"T\n{BOARD}\nW: ###\n") == ([("T", "W: ###", [])], [("SOK105", 5, 2)])
    assert _read(f"T\n{BOARD}\nGame: ####\nrr\nR\n") == (
        [("T", "", [("", "rrR")])],
        [("SOK105", 5, 1), ("SOK101", 5, 7)],
    )
    # Between rows that make no board, it is one of them: the run of rows of
    # three lines, its pusher its own, is a doubt at its first line (SOK103).
    assert _read("T\n#\n#p?\n   -\n")[1] == [("SOK103", 2, 1), ("SOK102", 1, 1)]
    # After a row of floor or an open row that is text (a title), and before
    # a row, it is the first row of a board, which reports its character.
    for above in ("   -", "  @  "):
        assert _read(f"{above}\n#X###\n{BOARD}\n") == ([], [("SOK301", 2, 2)])
    # Rule 4 comes before rule 3 right after a row (rule 3 would need the rows
    # settled): "#r", a move but for "#", is a row between rows and else text.
    assert _read(f"T\n{BOARD}\n#r\n") == ([("T", "#r", [])], [("SOK105", 5, 2)])
    assert _read(f"T\n#####\n#r  #\n{BOARD}\n") == ([], [("SOK301", 3, 2)])
    # After a line of rule 4 that is text, such a line is text too: a doubt
    # before the board under it, in a paragraph of two lines (no title).
    assert _read(f"T\n{BOARD}\n#X##\n#X##\n{BOARD}\n") == (
        [("T", "#X##\n#X##", []), ("", "", [])],
        [("SOK105", 5, 2), ("SOK105", 6, 2)],
    )


def test_rule_moves_titles() -> None:
    # "D" (push down) alone right above a board is its title, with a doubt.
    text = f"A\n{BOARD}\n\nD\n{BOARD}\n"
    diagnostics: list[Diagnostic] = []
    collection = loads_sok(text, diagnostics=diagnostics)
    assert [(p.title, p.saved_games) for p in collection] == [("A", ()), ("D", ())]
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("SOK107", 6, 1)]
    with pytest.warns(sokfmt.SokfmtWarning, match="SOK107"):
        loads_sok(text)
    # With a blank line before the board, or under a title, it stays moves.
    for other in (f"A\n{BOARD}\n\nD\n\n{BOARD}\n", f"A\n{BOARD}\n\nSolution\nD\n{BOARD}\n"):
        games = loads_sok(other, diagnostics=[])[0].saved_games
        assert [game.printed_steps() for game in games] == ["D"]
    # Before the first board, moves are text anyway (rule 5): no doubt.
    diagnostics = []
    assert loads_sok(f"D\n{BOARD}\n", diagnostics=diagnostics)[0].title == "D"
    assert diagnostics == []
    # The writer puts such a title in a property, which reads back without doubt.
    diagnostics = []
    assert loads_sok(dumps_sok(collection), diagnostics=diagnostics) == collection
    assert diagnostics == []
    # A title line that a Title: property overrides is written back where it
    # stood, and read with the same doubt (found by a long fuzz run).
    labelled = loads_sok(f"A\n{BOARD}\n\nD\n{BOARD}\nTitle: Real\n", diagnostics=[])
    assert (labelled[1].title, labelled[1].title_line) == ("Real", "D")
    diagnostics = []
    assert loads_sok(dumps_sok(labelled), diagnostics=diagnostics) == labelled
    assert [d.code for d in diagnostics] == ["SOK107"]


def test_rule_semicolon_titles() -> None:
    # .xsb files write the number on a ";" line above the name: the
    # paragraph right above a board is its title and notes, with a doubt.
    text = f"T\n{BOARD}\n\n; 101\n'Lockdown'\n\n{BOARD}\n"
    diagnostics: list[Diagnostic] = []
    (first, second) = loads_sok(text, diagnostics=diagnostics).puzzles
    assert (first.notes, second.title, second.notes) == ("", "101", "'Lockdown'")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("SOK108", 7, 1)]
    with pytest.warns(SokfmtWarning, match="SOK108"):
        loads_sok(text)
    # Not in the file notes, nor for a paragraph of ";" lines, nor above moves.
    collection = loads_sok(f"; 1\n'Name'\n\n{BOARD}\n", diagnostics=[])
    assert (collection.notes, collection[0].title) == ("; 1\n'Name'", "")
    (_, second) = loads_sok(f"T\n{BOARD}\n\n; a\n; b\n\n{BOARD}\n", diagnostics=[]).puzzles
    assert second.title == ""
    (puzzle,) = loads_sok(f"T\n{BOARD}\n\n; a\nb\n\nR\n", diagnostics=[]).puzzles
    assert (puzzle.notes, [g.title for g in puzzle.saved_games]) == ("; a\nb", [""])


def test_every_rule_has_its_test() -> None:
    header = (Path(__file__).parents[1] / "grammars" / "sok.lark").read_text(encoding="utf-8")
    header = header.split("Semantic rules, enforced in code")[0]
    numbered = re.findall(r"^//\s+\d+\. (\w+):", header, re.MULTILINE)
    named = re.findall(r"^//\s+- (\w+):", header, re.MULTILINE)
    assert (len(numbered), named) == (4, ["moves_titles", "semicolon_titles"])
    tests = {name for name in globals() if name.startswith("test_rule_")}
    assert tests == {f"test_rule_{rule}" for rule in numbered + named}


# ------------------------------------------------------------ tessellation


def test_tessellation_priority() -> None:
    hexo = " # # #\n# @ $ #\n # # #"
    text = f"Game: Trioban\n\n{BOARD}\n\n{hexo}\nGame: Hexoban\n"
    kinds = [p.tessellation for p in loads_sok(text, tessellation=Tessellation.OCTOBAN).puzzles]
    assert kinds == [Tessellation.TRIOBAN, Tessellation.HEXOBAN]
    no_game = loads_sok(f"{BOARD}\n", tessellation=Tessellation.OCTOBAN)
    assert no_game.puzzles[0].tessellation is Tessellation.OCTOBAN
    assert loads_sok(f"{BOARD}\n").puzzles[0].tessellation is Tessellation.SOKOBAN


def test_unknown_game_is_an_error_at_its_line() -> None:
    with pytest.raises(SokSyntaxError) as caught:
        loads_sok(f"T\n\n{BOARD}\nAuthor: x\nGame: Squareban\n")
    assert (caught.value.line, caught.value.column) == (7, 7)
    assert "Unknown tessellation 'Squareban'" in str(caught.value)


def test_board_and_moves_errors_carry_file_positions() -> None:
    padding = "notes\n" * 800
    with pytest.raises(SavedGameSyntaxError) as caught:
        loads_sok(f"{padding}\n{BOARD}\n\nSolution\nrr\nru[lR]\n")
    assert (caught.value.line, caught.value.column) == (808, 5)
    with pytest.raises(BoardSyntaxError) as board_error:
        loads_sok(f"{padding}\nGame: Hexoban\n\n # # #\n# @ $ #\n # ## #\n")
    assert board_error.value.line == 806


# ----------------------------------------------------------- bytes and text


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_ends(newline: str) -> None:
    text = f"Title{newline}{BOARD.replace(chr(10), newline)}{newline}{newline}Solution{newline}R"
    (puzzle,) = loads_sok(text).puzzles
    assert (puzzle.title, puzzle.saved_games[0].title) == ("Title", "Solution")


def test_load_decodes_bom_utf8_and_cp1252(tmp_path: Path) -> None:
    utf8 = tmp_path / "utf8.sok"
    utf8.write_bytes(b"\xef\xbb\xbfT\xc3\xa9tu\n" + BOARD.encode())
    assert load_sok(utf8).puzzles[0].title == "Tétu"
    latin = tmp_path / "latin.sok"
    latin.write_bytes(b"T\xe9tu \x80\n" + BOARD.encode())
    assert load_sok(latin).puzzles[0].title == "Tétu €"
    assert load_sok(latin, encoding="latin-1").puzzles[0].title == "Tétu \x80"
    assert load_sok(io.BytesIO(latin.read_bytes())).puzzles[0].title == "Tétu €"


def test_iter_sok_reads_a_binary_file_and_leaves_it_open() -> None:
    data = io.BytesIO(f"One\n{BOARD}\n\nTwo\n{BOARD}\n".encode())
    assert [p.title for p in iter_sok(data)] == ["One", "Two"]
    assert not data.closed


def test_iter_sok_memory_is_bounded_by_a_puzzle(tmp_path: Path) -> None:
    solution = "lurd" * 2_000
    puzzle = f"Level\n{BOARD}\n\nSolution\n{solution}\n\n"
    path = tmp_path / "big.sok"
    path.write_text(puzzle * 400, encoding="utf-8")

    def peak(job: object) -> int:
        tracemalloc.start()
        job()  # type: ignore[operator]
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    def stream() -> None:
        for _ in iter_sok(path):
            pass

    streamed = peak(stream)
    loaded = peak(lambda: load_sok(path))
    assert streamed * 10 < loaded


# ----------------------------------------------------------------- writing


def test_dump_writes_game_for_other_tessellations_and_wraps_moves() -> None:
    game = loads_moves("r" * 30, tessellation=Tessellation.OCTOBAN).with_metadata(title="Long")
    board = loads_board(BOARD, tessellation=Tessellation.OCTOBAN)
    text = dumps_sok(
        Collection(puzzles=(Puzzle(board, title="Octo", saved_games=(game,)),)), wrap=10
    )
    assert "Game: Octoban" in text
    assert "\nrrrrrrrrrr\nrrrrrrrrrr\nrrrrrrrrrr\n" in text
    assert loads_sok(text).puzzles[0].saved_games == (game,)


def test_dump_writes_a_key_value_line_that_rule_4_makes_a_row_of_the_notes() -> None:
    # "Game: x#@$.#" between the rows "#@ #" and " $ " has rule 4's shape: the
    # reader takes it for a row of them (rows that make no board, SOK103),
    # not for a "Game:" line naming no tessellation; so must the writer,
    # which refused it as one.
    text = "About\n#@ #\nGame: x#@$.#\n $ \n\nT\n#####\n#@$.#\n#####\n"
    diagnostics: list[Diagnostic] = []
    collection = loads_sok(text, diagnostics=diagnostics)
    assert collection.notes == "About\n#@ #\nGame: x#@$.#\n $ "
    assert [(d.code, d.line) for d in diagnostics] == [("SOK103", 2)]
    assert dumps_sok(collection) == text
    # Not between two rows, the line is a "Game:" line, which the writer refuses.
    with pytest.raises(ValidationError, match="unknown game 'x#@\\$\\.#'"):
        dumps_sok(dataclasses.replace(collection, notes="About\nGame: x#@$.#"))


def test_dump_puts_no_game_line_below_a_game_line_of_the_notes() -> None:
    # An Octoban puzzle of a Sokoban file whose notes are "Game: Hexoban" and
    # "nesw" (moves in Octoban, text in Sokoban): its "Game: Octoban" line must
    # come before "nesw", which would then be moves, and before "Game:
    # Hexoban", which would decide instead; so no layout reads back.  The
    # writer put it last, a text read as a Hexoban board that does not read.
    board = loads_board(BOARD, tessellation=Tessellation.OCTOBAN)
    collection = Collection(puzzles=(Puzzle(board, title="T", notes="Game: Hexoban\nnesw"),))
    with pytest.raises(ValidationError, match="hold a line read as moves: 'nesw'"):
        dumps_sok(collection)
    # With the lines the other way round, the "Game:" line goes between them.
    collection = Collection(puzzles=(Puzzle(board, title="T", notes="nesw\nGame: Hexoban"),))
    written = dumps_sok(collection)
    assert written.endswith("\nnesw\nGame: Octoban\nGame: Hexoban\n")
    assert loads_sok(written) == collection


def test_dump_rle_boards() -> None:
    collection = loads_sok(f"T\n{BOARD}\n")
    text = dumps_sok(collection, rle=True)
    assert "5#|#@$.#|5#" in text
    assert loads_sok(text) == collection


def test_dump_marks_an_untitled_block_that_would_take_a_title() -> None:
    first = loads_moves("R").with_metadata(notes="A single line of notes")
    second = loads_moves("L")
    puzzle = Puzzle(loads_board(BOARD), saved_games=(first, second))
    collection = Collection(notes="One line", puzzles=(puzzle,))
    text = dumps_sok(collection)
    assert loads_sok(text) == collection


def test_dump_puts_unwritable_titles_in_a_property() -> None:
    puzzle = Puzzle(loads_board(BOARD), title="lurd")  # a title line would be moves
    game = loads_moves("R").with_metadata(title="Key: value")
    collection = Collection(puzzles=(Puzzle(puzzle.board, title="####", saved_games=(game,)),))
    for item in (Collection(puzzles=(puzzle,)), collection):
        assert loads_sok(dumps_sok(item)) == item


def test_dump_puts_the_game_line_where_it_keeps_board_rows_apart() -> None:
    # Found by fuzzing: "used" must come before "Game: Octoban" (in Octoban
    # it is moves), and nothing but that line keeps "  #### ", "W@bW" and
    # "#-#" from being a board.
    text = (
        "goalorder: 2 1\nlurd\n  #### \n30-8-55\n3#|#-#|\n#@$.#\nW@bW\n;level 1\nused\n"
        "3#|#-#|\n30-8-55\n-----\nTitle\n30-8-55\n>#@$.#\n\nTitle\nSolution 12/3\n  #### \n"
        "Game: Octoban\nW@bW\n#-#\nLURD\n3(dr)R*\nSolution 12/3\n"
    )
    with pytest.warns(SokfmtWarning):
        collection = loads_sok(text)
    assert collection.puzzles[0].tessellation is Tessellation.OCTOBAN
    with pytest.warns(SokfmtWarning):
        assert loads_sok(dumps_sok(collection)) == collection


def test_dump_keeps_rows_of_notes_apart_with_a_game_line_it_does_not_need() -> None:
    # Found by fuzzing.  "x" and the three rows are the puzzle's notes: the
    # "Game:" line (a key of puzzle notes, taken out of them) keeps the rows
    # from making a board, and there is no other key/value line to do it.
    text = f"{BOARD}\nx\n#@$.#\nGame: Sokoban\n###\n#-#"
    collection = Collection(puzzles=(Puzzle(loads_board(BOARD), notes="x\n#@$.#\n###\n#-#"),))
    assert loads_sok(text, diagnostics=[]) == collection
    written = dumps_sok(collection)
    assert loads_sok(written, diagnostics=[]) == collection
    assert dumps_sok(loads_sok(written, diagnostics=[])) == written
    # One line more than the notes: the "Game:" line, between two rows.
    notes = written.split("\n\n", 1)[1].splitlines()
    assert [line for line in notes if line != "Game: Sokoban"] == ["x", "#@$.#", "###", "#-#"]
    assert len(notes) == 5
    assert 1 < notes.index("Game: Sokoban") < 4
    # Notes that read as notes as they stand get none.
    assert "Game" not in dumps_sok(Collection(puzzles=(Puzzle(loads_board(BOARD), notes="x"),)))
    # One line that draws a board has no place for it.
    unwritable = Collection(puzzles=(Puzzle(loads_board(BOARD), notes="x\n3#|#-#|3#"),))
    with pytest.raises(
        ValidationError,
        match=r"^puzzle 1: its notes cannot be written in the \.sok format: they hold rows "
        r"read as a board: '3#\|#-#\|3#'$",
    ):
        dumps_sok(unwritable)


def test_dump_writes_a_title_line_that_rule_3_reads_as_almost_moves() -> None:
    # Found by fuzzing.  "U: 12" is a key/value line as it stands, but "U" is
    # no key of the file notes, and without its ":" the line is moves: rule 3
    # makes it an ALMOST, which titles the board below it; the Title
    # property overrides it.
    collection = loads_sok(f"U: 12\n{BOARD}\nTitle: One")
    assert collection == Collection(
        puzzles=(Puzzle(loads_board(BOARD), title="One", title_line="U: 12"),)
    )
    written = dumps_sok(collection)
    assert written == f"U: 12\n{BOARD}\nTitle: One\n"
    assert loads_sok(written) == collection
    # A title of its own that looks like a key/value line stays a Title
    # property, as other programs (YASC) take such a line for one.
    fresh = Collection(puzzles=(Puzzle(loads_board(BOARD), title="U: 12"),))
    assert dumps_sok(fresh) == f"{BOARD}\nTitle: U: 12\n"
    # "Url" is a key of the file notes (the collection's url), so no title
    # there; after a board, no key of a puzzle's notes, so a title again.
    titled = Puzzle(loads_board(BOARD), title="Two", title_line="Url: 12")
    with pytest.raises(
        ValidationError,
        match=r"^puzzle 1 'Two': its title line 'Url: 12' reads otherwise above its board: a "
        r"key/value line there \(before the first board, Sokoban in effect\)$",
    ):
        dumps_sok(Collection(puzzles=(titled,)))
    # Read in a caller's Octoban, "Uwl: 12" is almost moves ("w" is a move
    # there) and titles the board; the file notes name no game, so the text
    # written is read in Sokoban, where the line is a key/value line: no
    # text holds that title line, and the writer says why.
    octoban = loads_sok(f"Uwl: 12\n{BOARD}\nTitle: One", tessellation=Tessellation.OCTOBAN)
    assert octoban.puzzles[0].title_line == "Uwl: 12"
    with pytest.raises(ValidationError, match=r"'Uwl: 12' .*\(before the first board, Sokoban"):
        dumps_sok(octoban)
    second = Collection(puzzles=(Puzzle(loads_board(BOARD)), titled))
    assert loads_sok(f"{BOARD}\n\nUrl: 12\n{BOARD}\nTitle: Two") == second
    assert loads_sok(dumps_sok(second)) == second


def test_dump_reads_a_title_line_in_the_tessellation_of_the_puzzle_before() -> None:
    # "e" is a move of Octoban alone: after an Octoban puzzle, "e: 1" is
    # almost moves (a title); after a Sokoban one, a key/value line (notes).
    octoban = loads_board(BOARD, tessellation=Tessellation.OCTOBAN)
    second = Puzzle(loads_board(BOARD), title="Two", title_line="e: 1")
    collection = Collection(puzzles=(Puzzle(octoban), second))
    text = f"{BOARD}\nGame: Octoban\n\ne: 1\n{BOARD}\nTitle: Two\n"
    assert loads_sok(text) == collection
    assert loads_sok(dumps_sok(collection)) == collection
    with pytest.raises(
        ValidationError,
        match=r"'e: 1' reads otherwise above its board: a key/value line there \(after a board, "
        r"Sokoban in effect\)$",
    ):
        dumps_sok(Collection(puzzles=(Puzzle(loads_board(BOARD)), second)))


def test_dump_writes_a_title_line_of_moves_right_above_its_board() -> None:
    # Found by fuzzing.  "*R" is moves alone between a blank line and a board
    # (moves_titles, with its doubt); it is also a closed row but for its "R"
    # (rule 4's shape), which rule 4 asks of text alone: a blank line after
    # it would make it a saved game of the puzzle before.
    text = f"{BOARD}\n\n*R\n{BOARD}\nTitle: T\n"
    diagnostics: list[Diagnostic] = []
    collection = loads_sok(text, diagnostics=diagnostics)
    board = loads_board(BOARD)
    assert collection == Collection(
        puzzles=(Puzzle(board), Puzzle(board, title="T", title_line="*R"))
    )
    assert [d.code for d in diagnostics] == ["SOK107"]
    assert dumps_sok(collection) == text
    # Above the first board moves are text: a title, apart from its rows.
    first = Collection(puzzles=(Puzzle(board, title="T", title_line="*R"),))
    assert loads_sok(f"*R\n{BOARD}\nTitle: T\n") == first
    assert loads_sok(dumps_sok(first)) == first


def test_dump_keeps_notes_of_almost_moves_from_titling_the_next_block() -> None:
    # Found by fuzzing.  A one-line paragraph "Url: 99" of a puzzle's or a
    # saved game's notes is almost moves (rule 3: "Url" is a key of the file
    # notes alone), and one blank line after it would make it the title of
    # an untitled block below: the notes stand two blank lines above it.
    board = loads_board(BOARD)
    game = loads_moves("lLL")
    collection = Collection(puzzles=(Puzzle(board, notes="Url: 99", saved_games=(game,)),))
    assert loads_sok(f"{BOARD}\n\nUrl: 99\n\n\nlLL\n", diagnostics=[]) == collection
    titled = Collection(
        puzzles=(Puzzle(board, saved_games=(game.with_metadata(title="Url: 99"),)),)
    )
    assert loads_sok(f"{BOARD}\n\nUrl: 99\n\nlLL\n") == titled
    noted = game.with_metadata(notes="Url: 99")
    for case in (
        collection,
        Collection(puzzles=(Puzzle(board, notes="Url: 99"), Puzzle(board))),
        Collection(puzzles=(Puzzle(board, saved_games=(noted, game)),)),
        Collection(puzzles=(Puzzle(board, saved_games=(noted,)), Puzzle(board))),
    ):
        assert loads_sok(dumps_sok(case), diagnostics=[]) == case
    # In the file notes "Url" is recognised: a key/value line, no title.
    filed = Collection(url="1", notes="Url: 99", puzzles=(Puzzle(board),))
    assert dumps_sok(filed) == f"Url: 1\nUrl: 99\n\n{BOARD}\n"
    assert loads_sok(dumps_sok(filed)) == filed


def test_dump_keeps_a_semicolon_paragraph_from_titling_the_next_board() -> None:
    # "nnn" is a line of moves that Sokoban refuses twice: text (rule 2), so
    # "; x" and it would title the board after one blank line
    # (semicolon_titles).
    board = loads_board(BOARD)
    collection = Collection(puzzles=(Puzzle(board, notes="; x\nnnn"), Puzzle(board)))
    semicolon_titled = Collection(puzzles=(Puzzle(board), Puzzle(board, title="x", notes="nnn")))
    assert loads_sok(f"{BOARD}\n\n; x\nnnn\n\n{BOARD}\n", diagnostics=[]) == semicolon_titled
    assert loads_sok(dumps_sok(collection), diagnostics=[]) == collection


def test_dump_writes_no_title_line_above_moves_that_would_join_them() -> None:
    # "Rx" without its "x" is moves: above the moves "R", an ALMOST that
    # would begin them (rule 3), so the title goes into a Title property.
    game = loads_moves("R").with_metadata(title="Rx")
    collection = Collection(puzzles=(Puzzle(loads_board(BOARD), saved_games=(game,)),))
    written = dumps_sok(collection)
    assert "\nR\nTitle: Rx\n" in written
    assert loads_sok(written, diagnostics=[]) == collection


# What stands before a title line: nothing, a Sokoban or Octoban puzzle, its
# notes, its saved game.
_BEFORE_TITLES = [
    "",
    "Notes\n\n",
    f"{BOARD}\n\n",
    f"{BOARD}\nGame: Octoban\n\n",
    f"{BOARD}\n\nR\n\n",
    f"{BOARD}\nGame: Octoban\n\nnwR\n\n",
]


@settings(max_examples=300, deadline=None)
@given(
    st.text(st.sampled_from("lrRuUneEw 1:=x;#@>-*"), min_size=1, max_size=7),
    st.sampled_from(_BEFORE_TITLES),
)
def test_a_title_line_the_reader_keeps_is_written_back(line: str, before: str) -> None:
    """Whatever line the reader takes for a title (kept as `title_line`, a
    Title property overriding it), the writer writes where it stood."""
    found: list[Diagnostic] = []
    collection = loads_sok(f"{before}{line}\n{BOARD}\nTitle: T\n", diagnostics=found)
    if any(d.severity == "error" for d in found) or collection.puzzles[-1].title_line != line:
        return
    assert loads_sok(dumps_sok(collection), diagnostics=[]) == collection


def _last_notes(notes: str, owner: str, then: str) -> Collection:
    """A collection whose notes of `owner` (the file, a puzzle or a saved
    game) are `notes`, and an untitled block of `then` (a puzzle or a saved
    game) right after them."""
    board = loads_board(BOARD)
    game = loads_moves("R")
    if owner == "file":
        first = Collection(notes=notes, puzzles=(Puzzle(board),))
    elif owner == "puzzle":
        first = Collection(puzzles=(Puzzle(board, notes=notes),))
    else:
        first = Collection(puzzles=(Puzzle(board, saved_games=(game.with_metadata(notes=notes),)),))
    (last,) = first.puzzles
    if then == "puzzle":
        return first.with_puzzles(Puzzle(board))
    return dataclasses.replace(first, puzzles=(last.with_games(game),))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.text(st.sampled_from("lrRuUneEw 1:=x;#@>-"), min_size=1, max_size=6),
        min_size=1,
        max_size=2,
    ),
    st.sampled_from(["file", "puzzle", "game"]),
    st.sampled_from(["puzzle", "game"]),
)
def test_notes_written_before_an_untitled_block_stay_notes(
    lines: list[str], owner: str, then: str
) -> None:
    """A last paragraph of notes that the reader would take for the title of
    the block after it is kept apart from it (or the notes are refused)."""
    if owner == "file" and then == "game":
        return  # the file notes come before the first board
    collection = _last_notes("\n".join(lines), owner, then)
    try:
        written = dumps_sok(collection)
    except ValidationError:
        return  # notes the format cannot hold (moves, a comment...)
    assert loads_sok(written, diagnostics=[]) == collection


@pytest.mark.parametrize(
    ("collection", "message"),
    [
        (
            Collection(puzzles=(Puzzle(loads_board(BOARD), saved_games=(loads_moves(""),)),)),
            "empty|letter",
        ),
        (Collection(puzzles=(Puzzle(loads_board("#@$.")),)), "fewer than 3 rows"),
        (Collection(puzzles=(Puzzle(loads_board("###\n#@#")),)), "fewer than 3 rows"),
        (
            Collection(puzzles=(Puzzle(loads_board(" @ \n###\n#.#\n###")),)),
            "first row '-@-' does not begin and end with a wall or a box on a goal",
        ),
        (Collection(notes=":: not a note"), "comment"),
        (
            Collection(notes="Date Created: 2026"),
            "^the collection: its notes hold a 'date created' line, which a reader would take "
            r"for its date of creation \(it has none\)$",
        ),
    ],
)
def test_dump_refuses_what_the_format_cannot_hold(collection: Collection, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        dumps_sok(collection)


# -------------------------------------------------------------- Sokoban+


def test_sokoban_plus_orders_are_kept_and_validated() -> None:
    board = loads_board("######\n#@$$.#\n#   .#\n######")
    assert Puzzle(board, boxorder="1  2", goalorder="2 1").sokoban_plus() == ((1, 2), (2, 1))
    assert Puzzle(board).sokoban_plus() is None
    for boxorder, goalorder, message in (
        ("1 x", "1 2", "whole numbers"),
        ("1 2", "1 3", "same ids"),
        ("1 2 3", "1 2 3", "3 ids but the board has 2"),
    ):
        with pytest.raises(ValidationError, match=message):
            Puzzle(board, boxorder=boxorder, goalorder=goalorder).sokoban_plus()


# ------------------------------------------------------------------- JSON


def test_json_field_names_and_unknown_keys() -> None:
    collection = loads_sok(
        f"Collection: C\nEmail: a@b.c\nUrl: http://b.c\n\nT\n{BOARD}\nAuthor: A\n\nSolution\nR\n"
    )
    document = collection.to_dict()
    assert set(document) == {
        "title",
        "author",
        "created_at",
        "updated_at",
        "notes",
        "puzzles",
        "comments",
        "email",
        "url",
        "fields_at",  # (the file notes have fields: where their lines stood)
    }
    assert (document["email"], document["url"], document["notes"]) == ("a@b.c", "http://b.c", "")
    # Each field's line had no line of the notes kept above it.
    assert document["fields_at"] == [["title", 0], ["email", 0], ["url", 0]]
    puzzle = document["puzzles"][0]
    assert puzzle["board"] == {"tessellation": "Sokoban", "board": BOARD}
    assert from_dict(Collection, document) == collection
    assert from_dict(Collection, document).fields_at == collection.fields_at
    # Without fields in its notes, a collection's JSON has no fields_at.
    assert "fields_at" not in loads_sok(f"T\n{BOARD}\n").to_dict()
    with pytest.raises(ValidationError, match="Unknown key 'size'"):
        from_dict(Board, {"tessellation": "Sokoban", "board": BOARD, "size": 3})
    with pytest.raises(ValidationError, match="Unknown key 'moves'"):
        from_dict(Puzzle, {**puzzle, "moves": "R"})


# ------------------------------------------------------ generated round trips

_WORDS = st.text(alphabet="abcfghijkqtvxyz ", min_size=1, max_size=12).map(str.strip).filter(bool)
_NOTE_LINES = st.lists(_WORDS | st.just("") | _WORDS.map(lambda w: f"Key{len(w)}: {w}"), max_size=4)
_NOTES = _NOTE_LINES.map(lambda lines: "\n".join(lines).strip("\n"))


@st.composite
def boards(draw: st.DrawFn, tessellation: Tessellation) -> Board:
    width = draw(st.integers(3, 7))
    height = draw(st.integers(3, 6))
    inside = st.text(alphabet="-$.*@+", min_size=width - 2, max_size=width - 2)
    rows = ["#" * width] + [f"#{draw(inside)}#" for _ in range(height - 2)] + ["#" * width]
    return Board(tessellation, tuple(rows))


@st.composite
def games(draw: st.DrawFn, tessellation: Tessellation) -> SavedGame:
    directions = st.sampled_from(tessellation.directions)
    kinds = st.sampled_from([StepKind.MOVE, StepKind.PUSH_OR_PULL])
    steps = draw(st.lists(st.builds(Step, kinds, directions), min_size=1, max_size=30))
    steps[0] = Step(StepKind.MOVE, steps[0].direction)  # a lower-case letter: never "WWW"
    game = SavedGame(steps, tessellation)
    return game.with_metadata(title=draw(_WORDS | st.just("")), notes=draw(_NOTES))


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    tessellation = draw(
        st.sampled_from([Tessellation.SOKOBAN, Tessellation.TRIOBAN, Tessellation.OCTOBAN])
    )
    return Puzzle(
        draw(boards(tessellation)),
        title=draw(_WORDS | st.just("")),
        author=draw(_WORDS | st.just("")),
        notes=draw(_NOTES),
        saved_games=tuple(draw(st.lists(games(tessellation), max_size=3))),
    )


def _read_back(text: str) -> Collection:
    """A writer's text read back: nothing in it to warn of but a file with
    no puzzle (SOK102), and no error."""
    found: list[Diagnostic] = []
    collection = loads_sok(text, diagnostics=found, check_content=False)
    assert [d.code for d in found] == ([] if collection.puzzles else ["SOK102"])
    return collection


@settings(max_examples=60, deadline=None)
@given(st.lists(puzzles(), max_size=4), _NOTES, _WORDS | st.just(""))
def test_generated_collections_round_trip(
    puzzle_list: list[Puzzle], notes: str, title: str
) -> None:
    collection = Collection(title=title, notes=notes, puzzles=tuple(puzzle_list))
    text = dumps_sok(collection)
    assert _read_back(text) == collection
    assert dumps_sok(_read_back(text)) == text


_STYLES = st.fixed_dictionaries(
    {
        "floor": st.sampled_from(["-", "_", " "]),
        "outside": st.sampled_from([None, "-", " "]),
        "pad": st.booleans(),
        "semicolon_titles": st.booleans(),
    }
)


@given(st.lists(puzzles(), max_size=4), _WORDS | st.just(""), _STYLES)
def test_every_writer_style_reads_back_equal(
    puzzle_list: list[Puzzle], title: str, style: dict[str, Any]
) -> None:
    collection = Collection(title=title, puzzles=tuple(puzzle_list))
    assert _read_back(dumps_sok(collection, **style)) == collection


def test_writer_styles_worked_example() -> None:
    collection = loads_sok(
        "Room\n----#####\n#####---#\n#-@-$-.-#\n#########\n\n"
        "Tall\n#####\n#@$.#\n#---#\n#---#\n#####\n"
    )
    assert dumps_sok(collection, floor=" ", pad=False, semicolon_titles=True) == (
        "; Room\n    #####\n#####   #\n# @ $ . #\n#########\n\n"
        "; Tall\n#####\n#@$.#\n#   #\n#   #\n#####\n"
    )
    # The outside blank, the floor inside as it was.
    assert dumps_sok(collection[:1], outside=" ").splitlines()[1:4] == [
        "    #####",
        "#####---#",
        "#-@-$-.-#",
    ]
    with pytest.raises(ValidationError, match="plain style"):
        dumps_sok(collection, rle=True, floor=" ")
    with pytest.raises(ValidationError, match="floor must be"):
        dumps_sok(collection, floor="x")


def test_what_a_style_cannot_write_stays_plain() -> None:
    # A row of floor alone, and the floor that keeps the board its width.
    board = Board(Tessellation.SOKOBAN, ("#####-", "#@$.#-", "------", "#####-"))
    collection = Collection(puzzles=(Puzzle(board, title="Edge"),))
    text = dumps_sok(collection, floor=" ", pad=False)
    assert text.splitlines()[1:] == ["#####-", "#@$.#", "-", "#####"]
    assert loads_sok(text) == collection


# ------------------------------------------------------------------ replay


def test_readers_replay_saved_games_on_request() -> None:
    # Pusher (1,1), box (1,2), goal (1,4): "RR" solves; the step "u" of
    # "Ru" (line 10, column 2) walks into a wall; "R" does not solve.
    text = "T\n#######\n#@$ . #\n#######\n\nSolution\nRR\n\nSnapshot\nRu\n\nSolution 2\nR\n"
    diagnostics: list[Diagnostic] = []
    collection = loads_sok(text, diagnostics=diagnostics, check_games=True)
    assert [(d.severity, d.code, d.line, d.column) for d in diagnostics] == [
        ("error", "SOK501", 10, 2),
        ("warning", "SOK502", 12, 1),
    ]
    assert "step 2 cannot be played: the pusher would enter the wall" in diagnostics[0].message
    assert len(collection.puzzles[0].saved_games) == 3  # the games are kept
    assert loads_sok(text) == collection  # without replay: the same, no problem
    found: list[Diagnostic] = []
    assert list(iter_sok(io.StringIO(text), diagnostics=found, check_games=True)) == list(
        collection.puzzles
    )
    assert found == diagnostics
    with pytest.raises(IllegalStepError) as caught:
        loads_sok(text, check_games=True)
    assert (caught.value.line, caught.value.column, caught.value.code) == (10, 2, "SOK501")
    assert caught.value.context() == "Ru\n ^"


def test_a_collection_is_a_sequence_of_its_puzzles() -> None:
    collection = loads_sok(f"Collection: C\n\nA\n{BOARD}\n\nBee\n{BOARD}\n\nC\n{BOARD}\n")
    assert collection[0].title == "A"
    assert collection[-1].title == "C"
    part = collection[1:]
    assert isinstance(part, Collection)
    assert (part.title, [p.title for p in part]) == ("C", ["Bee", "C"])
    assert loads_sok(dumps_sok(part)) == part
    with pytest.raises(IndexError):
        collection[3]
    more = part.with_puzzles(collection[0])
    assert [p.title for p in more] == ["Bee", "C", "A"]
    solved = collection[0].with_games(loads_moves("R"), loads_moves("Rl"))
    assert [g.printed_steps() for g in solved.saved_games] == ["R", "Rl"]
    assert collection[0].saved_games == ()  # frozen: copies
    with pytest.raises(ValidationError):
        collection[0].with_games(loads_moves("n", tessellation=Tessellation.HEXOBAN))


def test_a_title_line_is_written_for_the_tessellation_it_is_read_in() -> None:
    # Found by a long fuzz run: "used" is moves in Octoban, but the title
    # line of an Octoban puzzle is read before its Game: line, in the
    # tessellation of the puzzle before it.
    octoban = loads_board("#####\n#@$.#\n#####", tessellation=Tessellation.OCTOBAN)
    collection = Collection(
        puzzles=(
            Puzzle(loads_board(BOARD), title="First"),
            Puzzle(octoban, title="Named", title_line="used"),
        )
    )
    assert loads_sok(dumps_sok(collection)) == collection


def test_short_wraps_keep_a_reverse_game_s_brackets_with_a_move() -> None:
    collection = loads_sok(f"{BOARD}\n\nSolution\n[]rr\n")
    for wrap in (1, 2, 3):
        assert loads_sok(dumps_sok(collection, wrap=wrap)) == collection
    assert dumps_sok(collection, rle=True, outside="-")  # the plain style, named


def test_a_kept_title_line_of_a_saved_game_is_written_where_it_stood() -> None:
    """Found by the fuzz harness: a saved game's title line that a Title
    property overrides stays at the head of its notes; here it draws rows
    (an RLE line), and the notes after the moves hold three more, so the
    notes can be written only with that line above the moves again."""
    text = "\t#\t#\n3#|#-#|\n\n3#|#-#|\nlurd\n#-#\nTitle: Named\n#@$.#\n#####"
    collection = loads_sok(text, diagnostics=[])
    (game,) = collection.puzzles[0].saved_games
    assert (game.title, game.notes) == ("Named", "3#|#-#|\n#-#\n#@$.#\n#####")
    assert loads_sok(dumps_sok(collection), diagnostics=[]) == collection


def test_threads_read_alike_while_the_automaton_is_worked_out() -> None:
    """The automaton of sok.lark is one for the process and worked out as
    readings meet its configurations: threads that meet them at once read
    what one thread reads."""
    text = (Path(sokfmt.__file__).parent / "samples" / "sample.sok").read_text(encoding="utf-8")
    texts = [text, text.replace("\n\n", "\n\n; 1\n", 3), "Title: x\n\n" + text] * 4
    wanted = [loads_sok(t) for t in texts]
    lalr.automaton.cache_clear()
    try:
        with ThreadPoolExecutor(max_workers=6) as pool:
            assert list(pool.map(loads_sok, texts)) == wanted
    finally:
        lalr.automaton.cache_clear()


# A character of each kind the row classes tell apart: floor (two
# spellings), wall, box on goal, pusher, box, goal, and one outside the legend.
_ROW_CHARACTERS = " -#*@$.x"


def _same_lines(name: str, line: str) -> bool:
    grammar = re.compile(lalr.terminals("sok")[name])
    matched = re.compile(_sok_postlex.line_terminals()[name])
    return bool(grammar.fullmatch(line)) == bool(matched.fullmatch(line))


def test_the_per_square_classes_match_the_lines_the_grammar_s_do() -> None:
    # The readers match the classes of postlex.PER_SQUARE with possessive
    # groups (to match a long row in little memory): they must take exactly
    # the lines the grammar's own patterns take.  Every line of up to 6 of
    # these characters, and longer ones drawn at random (below).
    import itertools

    for name in _sok_postlex.PER_SQUARE:
        for size in range(7):
            for characters in itertools.product(_ROW_CHARACTERS, repeat=size):
                assert _same_lines(name, "".join(characters)), (name, characters)


@settings(max_examples=500, deadline=None)
@given(st.text(_ROW_CHARACTERS, max_size=60))
def test_long_lines_of_the_per_square_classes_match_as_the_grammar_s(line: str) -> None:
    for name in _sok_postlex.PER_SQUARE:
        assert _same_lines(name, line), name


@pytest.mark.parametrize("fast", [True, False])
def test_a_long_row_is_read_in_memory_of_its_size(fast: bool) -> None:
    # A row of 200,000 walls took 116 bytes a character to match (Python's re
    # keeps a record of each repetition of a group it may undo): 123 MB for
    # this text of 0.8 MB.  Allocations, not time: they do not vary by run.
    row = "#" * 200_000
    for text in (f"T\n{row}\n{row}\n{row}\n\nnote\n{row}\n", f"; 1\n{row}\n{row}\n{row}\n"):
        _sok_read.read_sok("T\n###\n#@#\n###\n", Tessellation.SOKOBAN, fast=fast)  # (caches)
        tracemalloc.start()
        try:
            _sok_read.read_sok(text, Tessellation.SOKOBAN, fast=fast)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert peak < 8 * len(text), (peak, len(text))


def test_json_keeps_where_the_file_notes_fields_stood() -> None:
    # "Collection:" and "Author:" stand between two lines of notes: .sok, then
    # JSON, then .sok again writes them there (they went before the notes).
    text = f"First\nCollection: Mine\nAuthor: Me\nLast\n\nT\n{BOARD}\n"
    collection = loads_sok(text)
    assert collection.fields_at == (("title", 1), ("author", 1))
    through_json = sokfmt.loads(sokfmt.dumps(collection, "json"), "json")
    assert through_json.fields_at == collection.fields_at
    assert sokfmt.dumps_sok(through_json) == sokfmt.dumps_sok(collection) == text
