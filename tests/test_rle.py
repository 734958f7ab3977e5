"""Run-length encoding: decoding, encoding, limits and the fast path."""

from __future__ import annotations

import tracemalloc
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sokfmt import (
    BoardSyntaxError,
    RleSyntaxError,
    Tessellation,
    ValidationError,
    decode_rle,
    encode_rle,
)
from sokfmt._grammar import board
from sokfmt._grammar import rle as _rle
from sokfmt._grammar.language import Budget
from sokfmt._grammar.rle import RLE, decode, expand_counts

# Text that encode_rle accepts: anything without digits, parentheses or "|".
encodable = st.text(st.characters(exclude_characters="0123456789()|", codec="utf-8"))
board_like = st.text(alphabet="#@+$*. -_pPbB\n", max_size=200)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("###----p.#", "3#4-p.#"),
        ("lllUUU", "3l3U"),
        ("ll", "ll"),
        ("#" * 12, "12#"),
        ("a\n\n\nb", "a3|b"),
        ("####\n#..#\n####", "4#|#..#|4#"),
        ("", ""),
        ("abc\n", "abc|"),
        # A CR is a line break, which a count cannot repeat: never counted.
        ("\r\r\r", "\r\r\r"),
        ("a\r\n\r\n\r\nb", "a\r|\r|\r|b"),
    ],
)
def test_encode(text: str, expected: str) -> None:
    assert encode_rle(text) == expected
    assert decode_rle(expected) == text


@pytest.mark.parametrize(("text", "index"), [("ab3", 2), ("(a", 0), ("a)", 1), ("#|#", 1)])
def test_encode_refuses_syntax_characters(text: str, index: int) -> None:
    with pytest.raises(ValidationError, match=f"at index {index}"):
        encode_rle(text)


@given(encodable)
def test_decode_inverts_encode(text: str) -> None:
    assert decode_rle(encode_rle(text)) == text


@given(board_like)
def test_decode_inverts_encode_on_boards(text: str) -> None:
    assert decode_rle(encode_rle(text)) == text


def test_bomb_fails_fast_without_allocating() -> None:
    with pytest.raises(RleSyntaxError, match="More than the limit of 5,000,000"):
        decode_rle("9999999999(9999999999(#))")


@pytest.mark.parametrize(
    ("text", "limit"), [("#)( |-#9999999999|ab)", 5_000_000), ("a)(50#)", 40), ("a)2(30#)", 40)]
)
def test_a_token_refused_before_a_group_too_long_comes_first(text: str, limit: int) -> None:
    """rle.lark checks token by token: the ")" at column 2 closes no group, and
    is refused before the group after it is read, however long that group."""
    with pytest.raises(RleSyntaxError) as caught:
        decode_rle(text, limit=limit)
    assert (caught.value.code, caught.value.line, caught.value.column) == ("RLE101", 1, 2)


def test_limit_is_configurable() -> None:
    assert decode_rle("3(4#)", limit=12) == "#" * 12
    with pytest.raises(RleSyntaxError, match="limit of 11 characters"):
        decode_rle("3(4#)", limit=11)
    with pytest.raises(RleSyntaxError, match="limit of 3"):
        decode_rle("abcd", limit=3)
    with pytest.raises(RleSyntaxError, match="limit of 3"):
        decode_rle("a\nb\nc", limit=3)


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("text", ["#\r\n#", "(#)\r\n#", "#\r#\n"])
def test_a_line_break_is_paid_for_by_its_length(text: str, fast: bool) -> None:
    # It stands for itself: a CRLF is two characters of the decoding.
    assert decode(text, 4, fast=fast) == text.replace("(", "").replace(")", "")
    with pytest.raises(RleSyntaxError, match="limit of 3"):
        decode(text, 3, fast=fast)


def test_limit_must_be_a_whole_number() -> None:
    with pytest.raises(ValueError, match="limit"):
        decode_rle("#", limit=-1)


def test_deep_nesting_does_not_recurse() -> None:
    depth = 20_000
    assert decode_rle("1(" * depth + "#" + ")" * depth) == "#"
    with pytest.raises(RleSyntaxError, match="Unclosed group"):
        decode_rle("(" * depth + "#")


def _outcome(text: str, limit: int, fast: bool) -> object:
    try:
        return decode(text, limit, fast=fast)
    except RleSyntaxError as error:
        return (error.code, error.line, error.column)


rle_text = st.text(alphabet="#$.@ -|\n\r2310()", max_size=60)
# Well-formed groups, nested, with counts (zero among them now and then):
# what the fast path of groups expands.
_piece = st.text(alphabet="#$.@ -|", min_size=1, max_size=4) | st.builds(
    lambda n, c: f"{n}{c}", st.sampled_from(["", "0", "2", "13", "007"]), st.sampled_from("#-.")
)
grouped_text = st.recursive(
    st.lists(_piece, min_size=1, max_size=3).map("".join),
    lambda inner: st.builds(
        lambda count, body, after: f"{count}({body}){after}",
        st.sampled_from(["", "1", "2", "3", "0", "12"]),
        inner,
        st.lists(_piece, max_size=2).map("".join),
    ),
    max_leaves=12,
)
# Lines of groups, apart by line breaks of every kind.
grouped_lines = st.builds(
    lambda first, line_break, second: first + line_break + second,
    grouped_text,
    st.sampled_from(["\n", "\r\n", "\r"]),
    grouped_text,
)


@settings(max_examples=500)
@given(rle_text | grouped_text | grouped_lines | st.text(max_size=30), st.sampled_from([10**9, 40]))
def test_fast_path_agrees_with_the_grammar(text: str, limit: int) -> None:
    """The fast paths and the full parse accept the same texts, decode them
    alike, and refuse the others with the same error at the same place."""
    assert _outcome(text, limit, fast=True) == _outcome(text, limit, fast=False)


@settings(max_examples=500)
@given(
    rle_text | grouped_text | grouped_lines,
    st.sampled_from([10**9, 40]),
    st.integers(min_value=1, max_value=6),
)
def test_long_texts_a_chunk_at_a_time_decode_alike(text: str, limit: int, chunk: int) -> None:
    """Long runs are matched and expanded a chunk at a time (`_rle._CHUNK`
    characters, 16,384): with chunks of a few characters, short texts take
    that way, and must decode as in one piece, errors and all."""
    whole = _outcome(text, limit, fast=False)
    with mock.patch.object(_rle, "_CHUNK", chunk):
        assert _outcome(text, limit, fast=True) == whole
        assert _outcome(text, limit, fast=False) == whole


@pytest.mark.parametrize(
    ("unit", "times", "squares"), [("3#2-", 100_000, 500_000), ("2(#-)", 50_000, 200_000)]
)
def test_a_long_text_holds_little_more_than_its_decoding(
    unit: str, times: int, squares: int
) -> None:
    # A string for each count or group, and the regular expression engine's
    # state for each count, held 80 bytes a square of "3#2-" repeated, 23 of
    # "2(#-)"; a chunk at a time, it is about the decoding's (one a square)
    # and the text's.
    decode_rle(unit * (_rle._CHUNK // len(unit) + 1))  # patterns compiled, and cached
    tracemalloc.start()
    try:
        assert len(decode_rle(unit * times)) == squares
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 6 * squares


@pytest.mark.parametrize("length", [10, 100_000])
def test_a_run_without_counts_is_its_own_expansion(length: int) -> None:
    # Not copied, however long: "2500000(2#)" held 2 bytes a square, not 3.
    run = "#-" * length
    budget = Budget(10**6, RLE.codes)
    assert expand_counts(run, _rle._compiled().counts, budget, int) is run
    assert budget.used == len(run)


def test_a_long_run_over_the_limit_builds_nothing_past_it() -> None:
    text = "9999#" * 4_000  # 20,000 characters (two chunks), 39,996,000 walls
    decode_rle(text[:100])  # the patterns compiled, and cached
    tracemalloc.start()
    try:
        with pytest.raises(RleSyntaxError, match="limit of 1,000,000"):
            decode_rle(text, limit=1_000_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_a_long_run_decodes_a_chunk_at_a_time() -> None:
    # 4,000,000 characters, 2,000,000 counts: each chunk of them split apart.
    assert decode_rle("3#2-" * 1_000_000) == "###--" * 1_000_000
    assert decode_rle("2(#-)" * 1_250_000) == "#-#-" * 1_250_000


@given(st.text(alphabet="#@+$*.-_ pPbBWmMo\t|2()\nx", max_size=60), st.sampled_from(Tessellation))
def test_the_board_fast_path_agrees_with_decoding(text: str, tessellation: Tessellation) -> None:
    """Text of squares alone skips decoding; it must not change the result."""
    outcomes = []
    for fast in (True, False):
        try:
            outcomes.append(board._cells(text, tessellation, 10**6, fast=fast))
        except BoardSyntaxError as error:
            outcomes.append((error.line, error.column, error.code))
    assert outcomes[0] == outcomes[1]


@given(st.lists(st.text(alphabet="#@+$*.-_ pPbBWmMo\t|2x\n\r", max_size=8), min_size=1, max_size=5))
def test_plain_rows_agree_with_decoding(rows: list[str]) -> None:
    """The rows of an .slc level, read without decoding where they allow it."""
    plain = board.plain_cells(rows)
    if plain is not None:
        assert plain == board.cells("\n".join(rows), Tessellation.SOKOBAN, limit=10**6)


@pytest.mark.parametrize(
    ("text", "plain"),
    [("a b|\n\u00e9#", True), ("ab3", False), ("a(b", False), ("a)b", False), ("#@ $|.*-_", True)],
)
def test_plain_text_detection_comes_from_the_grammar(text: str, plain: bool) -> None:
    from sokfmt._grammar.rle import _compiled

    # The syntax characters are those that rle.lark's LITERAL leaves out
    # (line breaks aside, which stand for themselves).
    assert sorted(_compiled().syntax) == sorted("0123456789()")
    assert (not any(c in _compiled().syntax for c in text)) is plain
