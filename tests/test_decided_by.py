"""Who rejects an invalid vector, checked with lark's own parser of the
grammar: a case marked `decided_by: "grammar"` is refused by it at the
case's position, a case marked `"code"` is accepted by it (a semantic rule
of the grammar's header rejects it, which a port must write).

lark here stands apart from sokfmt's tables and driver, so a marking that
drifts from the grammar fails whatever sokfmt does.  For .lev files lark's
parser is fed the lines as steps 1 and 2 of lev.lark's header type them
(sokfmt's lexer and postlex: rows go by the count of "size").
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from lark import Lark, Token, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from sokfmt._grammar import lev as _lev

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT / "tests" / "vectors"
TABLES = {
    "rle": VECTORS / "rle.json",
    "moves": VECTORS / "moves.json",
    "board": VECTORS / "board" / "boards.json",
    "sok": VECTORS / "sok" / "invalid.json",
    "lev": VECTORS / "lev" / "invalid.json",
}


@cache
def _lark(grammar: str) -> Lark:
    return Lark((ROOT / "grammars" / f"{grammar}.lark").read_text(encoding="utf-8"), parser="lalr")


def _refused_at(grammar: str, text: str) -> tuple[int, int] | None:
    """Where lark's LALR parser of `grammar` refuses `text` (line, column;
    the end of the input is just past its last character, as the vectors
    count), or None when it accepts it."""
    try:
        _lark(grammar).parse(text)
    except UnexpectedInput as error:
        if isinstance(error, UnexpectedEOF) or (
            isinstance(error, UnexpectedToken) and error.token.type == "$END"
        ):
            return _placed(text, len(text))
        return _placed(text, error.pos_in_stream)
    return None


def _placed(text: str, pos: int) -> tuple[int, int]:
    """Line and column of offset `pos` as the vectors count them (LF, CRLF
    and CR end lines; lark counts LF alone)."""
    ends = [found.end() for found in re.finditer(r"\r\n|\r|\n", text) if found.end() <= pos]
    return len(ends) + 1, pos - (ends[-1] if ends else 0) + 1


def _cases() -> list[Any]:
    cases = []
    for language, path in TABLES.items():
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            if "error" in case:
                cases.append(pytest.param(language, case, id=f"{language}: {case['name']}"))
    return cases


def _unit(language: str, case: dict[str, Any]) -> tuple[str, str, tuple[int, int]]:
    """The grammar that reads the case, the text it reads, and the case's
    error position in that text.  A .sok case names the unit (a range of
    its lines, mail quotes removed) that a sub-grammar reads; sok.lark
    itself refuses nothing."""
    line, column = case["error"]["line"], case["error"]["column"]
    if language != "sok":
        return language, case["input"], (line, column)
    unit = case.get("unit")
    assert unit is not None, "a .sok case needs its unit to say which grammar reads it"
    first, last = unit["lines"]
    assert first <= line <= last, "the error stands in the unit"
    lines = case["input"].split("\n")[first - 1 : last]
    quotes = len(lines[line - first]) - len(lines[line - first].lstrip(">"))
    text = "\n".join(row.lstrip(">") for row in lines)
    return unit["grammar"], text, (line - first + 1, column - quotes)


# lev.lark's rules named for an error: the grammar decides those errors
# without refusing a line.
LEV_ERROR_RULES = {"needs_size", "again", "no_size", "no_initial"}


def _lev_refused_line(text: str, strict: bool) -> int | None:
    """The first line at which lev.lark refuses `text`, or reads it with a
    rule named for an error (the end of the input: the line after the last),
    or None.  Its tokens are lines, made by steps 1 and 2 of its header (the
    reader's lexer and postlex: rows by count stay there): a keyword line
    that matches none of the terminals is refused by step 1, checked here
    with lark's terminals; the others go to lark's parser.  The column
    within the line is the header's rule, not checked."""
    lark = _lark("lev")
    terminals = {t.name: t.pattern.to_regexp() for t in lark.terminals}
    reading = _lev._reading(text, strict=strict)
    interactive = lark.parse_interactive()
    end = len(reading.lines) + 1
    for index, kind in _lev.tokens(reading):
        line = reading.lines[index]
        if kind == _lev.NO_TERMINAL:
            # A keyword line (its first word names a terminal) that matches none.
            assert line.split()[0].upper() in terminals, line
            assert not any(re.fullmatch(pattern, line) for pattern in terminals.values()), line
            return index + 1
        try:
            interactive.feed_token(Token(kind, index + 1))
        except UnexpectedInput:
            return index + 1
    try:
        tree = interactive.feed_eof()
    except UnexpectedInput:
        return end
    named = [
        int(node.children[0].value) if node.children else end
        for node in tree.iter_subtrees()
        if node.data in LEV_ERROR_RULES
    ]
    return min(named, default=None)


@pytest.mark.parametrize(("language", "case"), _cases())
def test_decided_by_says_who_rejects_the_case(language: str, case: dict[str, Any]) -> None:
    assert case.get("decided_by") in {"grammar", "code"}
    if language == "lev":
        refused = _lev_refused_line(case["input"], case.get("strict", False))
        assert refused == (case["error"]["line"] if case["decided_by"] == "grammar" else None)
        return
    if case["decided_by"] == "code":
        if language == "sok":
            return  # sok.lark refuses no stream of lines: its code decides (test_lalr.TOTAL)
        assert _refused_at(language, case["input"]) is None, "the grammar itself refuses it"
        return
    grammar, text, position = _unit(language, case)
    assert _refused_at(grammar, text) == position


def test_some_sok_cases_are_decided_by_a_grammar() -> None:
    cases = json.loads(TABLES["sok"].read_text(encoding="utf-8"))["cases"]
    grammars = {case["unit"]["grammar"] for case in cases if case["decided_by"] == "grammar"}
    assert grammars == {"moves", "board"}


def test_some_lev_cases_are_decided_by_the_grammar() -> None:
    cases = json.loads(TABLES["lev"].read_text(encoding="utf-8"))["cases"]
    assert {case["decided_by"] for case in cases} == {"grammar", "code"}


def _valid_cases() -> list[Any]:
    return [
        pytest.param(language, case, id=f"{language}: {case['name']}")
        for language in ("rle", "moves", "board")
        for case in json.loads(TABLES[language].read_text(encoding="utf-8"))["cases"]
        if "expected" in case
    ]


@pytest.mark.parametrize(("language", "case"), _valid_cases())
def test_the_grammar_accepts_every_valid_case(language: str, case: dict[str, Any]) -> None:
    # What a reader accepts, its grammar does: the line breaks of every kind
    # that the readers take are the grammar's own terminals.
    assert _refused_at(language, case["input"]) is None
