"""Run-length encoding: decoding, encoding, limits and the fast path."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sokfmt import (
    BoardSyntaxError,
    RleSyntaxError,
    Tessellation,
    ValidationError,
    _board,
    decode_rle,
    encode_rle,
)
from sokfmt._rle import decode

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
    with pytest.raises(RleSyntaxError, match="more than the limit of 5,000,000"):
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


rle_text = st.text(alphabet="#$.@ -|\n2310()", max_size=60)
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


@settings(max_examples=500)
@given(rle_text | grouped_text | st.text(max_size=30), st.sampled_from([10**9, 40]))
def test_fast_path_agrees_with_the_grammar(text: str, limit: int) -> None:
    """The fast paths and the full parse accept the same texts, decode them
    alike, and refuse the others with the same error at the same place."""
    assert _outcome(text, limit, fast=True) == _outcome(text, limit, fast=False)


@given(st.text(alphabet="#@+$*.-_ pPbBWmMo\t|2()\nx", max_size=60), st.sampled_from(Tessellation))
def test_the_board_fast_path_agrees_with_decoding(text: str, tessellation: Tessellation) -> None:
    """Text of squares alone skips decoding; it must not change the result."""
    outcomes = []
    for fast in (True, False):
        try:
            outcomes.append(_board._cells(text, tessellation, 10**6, fast=fast))
        except BoardSyntaxError as error:
            outcomes.append((error.line, error.column, error.code))
    assert outcomes[0] == outcomes[1]


@given(st.lists(st.text(alphabet="#@+$*.-_ pPbBWmMo\t|2x\n\r", max_size=8), min_size=1, max_size=5))
def test_plain_rows_agree_with_decoding(rows: list[str]) -> None:
    """The rows of an .slc level, read without decoding where they allow it."""
    plain = _board.plain_cells(rows)
    if plain is not None:
        assert plain == _board.cells("\n".join(rows), Tessellation.SOKOBAN, limit=10**6)


@pytest.mark.parametrize(
    ("text", "plain"),
    [("a b|\n\u00e9#", True), ("ab3", False), ("a(b", False), ("a)b", False), ("#@ $|.*-_", True)],
)
def test_plain_text_detection_comes_from_the_grammar(text: str, plain: bool) -> None:
    from sokfmt._rle import _compiled

    # The syntax characters are those that rle.lark's LITERAL leaves out
    # (line breaks aside, which stand for themselves).
    assert sorted(_compiled().syntax) == sorted("0123456789()")
    assert (not any(c in _compiled().syntax for c in text)) is plain
