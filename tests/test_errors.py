"""The error model: exact messages, positions, context, and no lark exceptions."""

from __future__ import annotations

import copy as copy_module
import pickle
import re
import tracemalloc
from itertools import accumulate

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import sokfmt
from sokfmt import (
    BoardSyntaxError,
    IllegalStepError,
    LevSyntaxError,
    ParseError,
    RleSyntaxError,
    SavedGameSyntaxError,
    SokfmtError,
    Tessellation,
    ValidationError,
    decode_rle,
    loads_board,
    loads_lev,
    loads_moves,
    loads_sok,
)
from sokfmt.errors import Excerpt, line_and_column


def test_hierarchy() -> None:
    assert issubclass(ParseError, SokfmtError)
    assert issubclass(ParseError, ValueError)
    assert issubclass(ValidationError, SokfmtError)
    assert issubclass(ValidationError, ValueError)
    assert issubclass(RleSyntaxError, ParseError)
    assert issubclass(SavedGameSyntaxError, ParseError)


RLE_MESSAGES = [
    ("2(3#", "Unclosed group, expected ')' (at end of input)"),
    ("3#)", "Unexpected ')' with no open group (at line 1, column 3)"),
    (
        "3#4",
        "Unexpected end of input after a count, expected one character or '(' "
        "on the same line (at end of input)",
    ),
    ("3#()", "Empty group '()', expected a count, text or '(' inside it (at line 1, column 4)"),
    (
        "123",
        "Unexpected end of input after a count, expected one character or '(' "
        "on the same line (at end of input)",
    ),
    (
        "##\n2(#\n#)",
        "Unexpected line break: a group cannot span lines, expected a count, text, '(' or ')' "
        "(at line 2, column 4)",
    ),
    ("#0#", "A count of 0 would drop what follows it, expected 1 or more (at line 1, column 2)"),
    (
        "9999999999(9999999999(#))",
        "More than the limit of 5,000,000 characters, counts expanded (at line 1, column 1)",
    ),
]


@pytest.mark.parametrize(("text", "message"), RLE_MESSAGES)
def test_rle_messages(text: str, message: str) -> None:
    with pytest.raises(RleSyntaxError) as caught:
        decode_rle(text)
    assert str(caught.value) == message


def test_a_board_over_the_limit_without_counts_is_told_so_at_its_start() -> None:
    # Three rows of ten walls: 32 characters with the line breaks, no count.
    with pytest.raises(BoardSyntaxError) as caught:
        loads_board("##########\n##########\n##########", limit=31)
    assert str(caught.value) == (
        "More than the limit of 31 characters, counts expanded (at line 1, column 1)"
    )
    assert caught.value.code == "SOK303"
    assert loads_board("##########\n##########\n##########", limit=32).height == 3


MOVES_MESSAGES = [
    (
        "lurd\nlux",
        "Unexpected 'x', expected a count, a move, end of input, '(', '[' or '{' "
        "(at line 2, column 3)",
    ),
    (
        "lurdW",
        "Unexpected 'W', which is not a Sokoban move; expected one of l r u d "
        "(upper case to push or pull) (at line 1, column 5)",
    ),
    (
        "[lR]",
        "Unexpected 'R' in a jump, expected lower-case moves only (no pushes or pulls) "
        "(at line 1, column 3)",
    ),
    ("[lu", "Unclosed jump, expected ']' (at end of input)"),
    ("{lu", "Unclosed pusher change, expected '}' (at end of input)"),
    ("l3*", "Unexpected '*' after a count, expected a letter or '(' (at line 1, column 3)"),
    (
        "l*u*",
        "The current position '*' is marked twice, expected one '*' at most (at line 1, column 4)",
    ),
    (
        "lu]",
        "Unexpected ']' with no open jump, expected a count, a move, end of input, "
        "'(', '[' or '{' (at line 1, column 3)",
    ),
]


@pytest.mark.parametrize(("text", "message"), MOVES_MESSAGES)
def test_moves_messages(text: str, message: str) -> None:
    with pytest.raises(SavedGameSyntaxError) as caught:
        loads_moves(text)
    assert str(caught.value) == message


def test_error_attributes_and_context() -> None:
    with pytest.raises(SavedGameSyntaxError) as caught:
        loads_moves("lurd\n  lwrd\nlurd")
    error = caught.value
    assert (error.line, error.column, error.pos) == (2, 4, 8)
    assert error.message.startswith("Unexpected 'w'")
    assert error.source_line == "  lwrd"
    assert error.context() == "  lwrd\n   ^"
    assert not error.at_end


def test_error_at_end_points_past_the_last_character() -> None:
    with pytest.raises(RleSyntaxError) as caught:
        decode_rle("#\n2(#")
    error = caught.value
    assert error.at_end
    assert (error.line, error.column, error.pos) == (2, 4, 5)
    assert error.context() == "2(#\n   ^"


def test_errors_pickle() -> None:
    with pytest.raises(SavedGameSyntaxError) as caught:
        loads_moves("lx")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert type(copy) is SavedGameSyntaxError
    assert str(copy) == str(caught.value)
    assert (copy.line, copy.column, copy.context()) == (1, 2, caught.value.context())
    with pytest.raises(IllegalStepError) as illegal:
        loads_sok("T\n#####\n#@$.#\n#####\n\nlR\n", check_games=True)
    again = pickle.loads(pickle.dumps(illegal.value))
    assert (type(again), again.code, str(again)) == (IllegalStepError, "SOK501", str(illegal.value))
    diagnostic = illegal.value.diagnostic()
    assert pickle.loads(pickle.dumps(diagnostic)) == diagnostic == copy_module.deepcopy(diagnostic)
    for error_type, read in (
        (sokfmt.SlcSyntaxError, lambda: sokfmt.loads_slc("<SokobanLevels><x/></SokobanLevels>")),
        (sokfmt.JsonSyntaxError, lambda: sokfmt.loads('{"title": ', "json")),
        (sokfmt.JsonValueError, lambda: sokfmt.loads('{"title": 3}', "json")),
    ):
        with pytest.raises(error_type) as raised:
            read()
        twin = pickle.loads(pickle.dumps(raised.value))
        assert (type(twin), twin.code, str(twin)) == (
            error_type,
            raised.value.code,
            str(raised.value),
        )


garbage = st.text(alphabet="lurdLURDnsewNSEW0123456789()[]{}*|# \n\t-x", max_size=40)


@given(garbage)
def test_only_sokfmt_errors_escape_the_moves_parser(text: str) -> None:
    for tessellation in Tessellation:
        try:
            loads_moves(text, tessellation=tessellation)
        except SavedGameSyntaxError as error:
            assert 1 <= error.line <= len(re.split(r"\r\n|\r|\n", text))
            assert error.column >= 1
            assert 0 <= error.pos <= len(text)


@given(garbage | st.text(max_size=40))
@example("\r1")  # a CR ends line 1: the error stands on line 2
def test_only_sokfmt_errors_escape_the_rle_parser(text: str) -> None:
    try:
        decode_rle(text, limit=10_000)
    except RleSyntaxError as error:
        # Lines end at LF, CRLF or CR, as an editor shows them ("\r1": line 2).
        assert 1 <= error.line <= len(re.split(r"\r\n|\r|\n", text))
        assert 0 <= error.pos <= len(text)


@given(st.text(alphabet="ab\r\n", max_size=30), st.data())
def test_a_position_is_a_line_and_column_as_an_editor_shows_them(
    text: str, data: st.DataObject
) -> None:
    # Worked out from the lines as str.splitlines(keepends=True) cuts them
    # (LF, CRLF and CR among its line ends): the line that holds the
    # offset, its line break included; the end of the text after the last.
    pos = data.draw(st.integers(0, len(text)))
    lines = text.splitlines(keepends=True)
    start = 0
    for number, line in enumerate(lines, start=1):
        if pos < start + len(line) or (number == len(lines) and not line.endswith(("\r", "\n"))):
            break
        start += len(line)
    else:
        number, line = len(lines) + 1, ""
    wanted = (number, pos - start + 1, line.rstrip("\r\n"))
    assert line_and_column(text, pos) == wanted
    error = ParseError.at("x", text=text, pos=pos)
    assert (error.line, error.column, error.source_line) == wanted
    # The same from any whole lines of the text around the offset: from the
    # start of a line at or before it, to the end of its line or further.
    starts = [0, *accumulate(map(len, lines))]
    first = data.draw(st.integers(0, number - 1))
    last = data.draw(st.integers(number, max(number, len(lines))))
    begin, end = starts[first], starts[min(last, len(lines))]
    excerpt = Excerpt(text[begin:end], begin, first + 1, ends_input=end == len(text))
    assert line_and_column(excerpt, pos) == wanted
    error = ParseError.at("x", text=excerpt, pos=pos)
    assert (error.line, error.column, error.pos, error.source_line) == (
        *wanted[:2],
        pos,
        line.rstrip("\r\n"),
    )
    assert error.at_end == (pos == len(text))


def test_a_position_at_the_end_of_a_million_lines_takes_no_index_of_them() -> None:
    text = "\r\n" * 1_000_000 + "x"
    tracemalloc.start()
    try:
        assert line_and_column(text, len(text)) == (1_000_001, 2, "x")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100_000  # a list of a million line starts would take some 36 MB


LEV_MESSAGES = [
    # The arguments and their names come from lev.lark's terminals (SIZE_WIDTH, ...).
    (
        "size 2 x\n",
        "Unexpected 'x' in a 'size' line, expected HEIGHT, a number ('size WIDTH HEIGHT') "
        "(at line 1, column 8)",
    ),
    (
        "size 1 1\ninitial\nA\ncolor A 1 2\n",
        "Unexpected end of line in a 'color' line, expected BLUE, a number "
        "('color LABEL RED GREEN BLUE') (at line 4, column 12)",
    ),
    (
        "size 1 1\ninitial\nA\nimg AB x.png\n",
        "Unexpected 'AB' in a 'img' line, expected LABEL, a one-character label "
        "('img LABEL FILE') (at line 4, column 5)",
    ),
    (
        "size 1 1 1\n",
        "Unexpected '1' in a 'size' line, expected end of line ('size WIDTH HEIGHT') "
        "(at line 1, column 10)",
    ),
    (
        "fgimg\n",
        "Unexpected end of line in a 'fgimg' line, expected FILE, a file name "
        "('fgimg FILE') (at line 1, column 6)",
    ),
    ("initial\n", "'initial' needs a 'size' line before it (at line 1, column 1)"),
    (
        "size 1 1\ninitial\nA\n size 1 1\n",
        "A second 'size' section, the first is on line 1 (at line 4, column 2)",
    ),
    ("; c\n", "No 'size' section, expected 'size WIDTH HEIGHT' (at end of input)"),
    ("size 1 1\n", "No 'initial' section, expected 'initial' and its rows (at end of input)"),
]


@pytest.mark.parametrize(("text", "message"), LEV_MESSAGES)
def test_lev_messages(text: str, message: str) -> None:
    with pytest.raises(LevSyntaxError) as caught:
        loads_lev(text)
    assert str(caught.value) == message
