"""The .sok and board vectors: files beside their expected JSON, invalid inputs
with their positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import sokfmt
from sokfmt import (
    Board,
    Collection,
    Tessellation,
    dumps_sok,
    from_dict,
    load_sok,
    loads_board,
    loads_sok,
)

VECTORS = Path(__file__).parent / "vectors"
SOK_FILES = sorted(p for p in (VECTORS / "sok").iterdir() if p.suffix in (".sok", ".xsb"))


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", SOK_FILES, ids=lambda p: p.name)
def test_sok_file_reads_as_its_json(path: Path) -> None:
    collection = load_sok(path)
    assert collection.to_dict() == _json(path.with_suffix(".json"))


@pytest.mark.parametrize("path", SOK_FILES, ids=lambda p: p.name)
def test_sok_file_round_trips(path: Path) -> None:
    collection = load_sok(path)
    for rle in (False, True):
        text = dumps_sok(collection, rle=rle)
        assert loads_sok(text) == collection
        assert dumps_sok(loads_sok(text), rle=rle) == text
    assert from_dict(Collection, json.loads(json.dumps(collection.to_dict()))) == collection


def _invalid_sok() -> list[Any]:
    document = _json(VECTORS / "sok" / "invalid.json")
    return [pytest.param(case, id=case["name"]) for case in document["cases"]]


@pytest.mark.parametrize("case", _invalid_sok())
def test_invalid_sok_reports_the_file_position(case: dict[str, Any]) -> None:
    with pytest.raises(sokfmt.ParseError) as caught:
        loads_sok(case["input"])
    assert type(caught.value).__name__ == case["kind"]
    assert (caught.value.line, caught.value.column) == (
        case["error"]["line"],
        case["error"]["column"],
    )
    # The context is the file's own line.
    assert caught.value.source_line == case["input"].split("\n")[caught.value.line - 1]
    if "code" in case:
        assert caught.value.code == case["code"]


def _diagnostic_cases() -> list[Any]:
    document = _json(VECTORS / "sok" / "diagnostics.json")
    return [pytest.param(case, id=case["name"]) for case in document["cases"]]


@pytest.mark.parametrize("case", _diagnostic_cases())
def test_sok_diagnostics(case: dict[str, Any]) -> None:
    diagnostics: list[sokfmt.Diagnostic] = []
    collection = loads_sok(case["input"], diagnostics=diagnostics)
    assert len(collection.puzzles) == case["puzzles"]
    found = [[d.severity, d.code, d.line, d.column] for d in diagnostics]
    assert found == case["diagnostics"]


def _board_cases() -> list[Any]:
    document = _json(VECTORS / "board" / "boards.json")
    return [pytest.param(case, id=case["name"]) for case in document["cases"]]


@pytest.mark.parametrize("case", _board_cases())
def test_board_vectors(case: dict[str, Any]) -> None:
    tessellation = Tessellation.from_name(case["tessellation"])
    limit = {"limit": case["limit"]} if "limit" in case else {}  # else the default
    if "error" in case:
        with pytest.raises(sokfmt.BoardSyntaxError) as caught:
            loads_board(case["input"], tessellation=tessellation, **limit)
        assert (caught.value.line, caught.value.column) == tuple(case["error"].values())
        return
    board = loads_board(case["input"], tessellation=tessellation, **limit)
    expected = case["expected"]
    assert list(board.rows) == expected["rows"]
    assert list(board.cells) == expected["cells"]
    assert (board.width, board.height) == (expected["width"], expected["height"])
    assert loads_board(str(board), tessellation=tessellation) == board
    assert loads_board(board.printed(rle=True), tessellation=tessellation) == board
    assert from_dict(Board, board.to_dict()) == board
