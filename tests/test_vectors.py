"""Run the language-neutral vectors in tests/vectors against sokfmt."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from schema import game_vector

from sokfmt import DEFAULT_LIMIT, ParseError, Tessellation, decode_rle, loads_moves

VECTORS = Path(__file__).parent / "vectors"


def cases(language: str) -> list[Any]:
    document = json.loads((VECTORS / f"{language}.json").read_text(encoding="utf-8"))
    assert document["language"] == language
    return [pytest.param(case, id=case["name"]) for case in document["cases"]]


def test_case_names_are_unique() -> None:
    for path in VECTORS.glob("*.json"):
        names = [case["name"] for case in json.loads(path.read_text("utf-8"))["cases"]]
        assert len(names) == len(set(names)), path.name


@pytest.mark.parametrize("case", cases("rle"))
def test_rle(case: dict[str, Any]) -> None:
    limit = case.get("limit", DEFAULT_LIMIT)
    if "expected" in case:
        assert decode_rle(case["input"], limit=limit) == case["expected"]
    else:
        with pytest.raises(ParseError) as caught:
            decode_rle(case["input"], limit=limit)
        assert (caught.value.line, caught.value.column) == tuple(case["error"].values())


@pytest.mark.parametrize("case", cases("moves"))
def test_moves(case: dict[str, Any]) -> None:
    tessellation = Tessellation.from_name(case["tessellation"])
    limit = case.get("limit", DEFAULT_LIMIT)
    if "expected" in case:
        game = loads_moves(case["input"], tessellation=tessellation, limit=limit)
        assert game_vector(game) == case["expected"]
        for printed in (case["expected"]["printed"], case["expected"]["printed_rle"]):
            assert loads_moves(printed, tessellation=tessellation) == game
    else:
        with pytest.raises(ParseError) as caught:
            loads_moves(case["input"], tessellation=tessellation, limit=limit)
        assert (caught.value.line, caught.value.column) == tuple(case["error"].values())
