"""Who rejects an invalid vector, checked with lark's own parser of the
grammar: a case marked `decided_by: "grammar"` is refused by it at the
case's position, a case marked `"code"` is accepted by it (a semantic rule
of the grammar's header rejects it, which a port must write).

lark here stands apart from sokfmt's tables and driver, so a marking that
drifts from the grammar fails whatever sokfmt does.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from lark import Lark, UnexpectedEOF, UnexpectedInput, UnexpectedToken

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT / "tests" / "vectors"
TABLES = {
    "rle": VECTORS / "rle.json",
    "moves": VECTORS / "moves.json",
    "board": VECTORS / "board" / "boards.json",
    "sok": VECTORS / "sok" / "invalid.json",
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
            lines = text.split("\n")
            return len(lines), len(lines[-1]) + 1
        return error.line, error.column
    return None


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


@pytest.mark.parametrize(("language", "case"), _cases())
def test_decided_by_says_who_rejects_the_case(language: str, case: dict[str, Any]) -> None:
    assert case.get("decided_by") in {"grammar", "code"}
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
