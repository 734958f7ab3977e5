"""Reading .lev files: sokfmt against a plain-str reader of the same files."""

from __future__ import annotations

import inputs
import pytest
import references
from pytest_benchmark.fixture import BenchmarkFixture

from sokfmt import LevPuzzle, loads_lev


def _sokfmt(texts: tuple[str, ...]) -> list[LevPuzzle]:
    return [loads_lev(text) for text in texts]


def _reference(texts: tuple[str, ...]) -> list[LevPuzzle]:
    return [references.lev_parse(text) for text in texts]


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
def test_parse_lev_files(benchmark: BenchmarkFixture, implementation: str) -> None:
    texts = inputs.lev_texts()
    parse = _sokfmt if implementation == "sokfmt" else _reference
    loads_lev(texts[0])  # build the parser outside the timing
    benchmark.group = "lev 200 puzzles"
    benchmark.extra_info["implementation"] = implementation
    puzzles = benchmark(parse, texts)
    assert puzzles == _reference(texts)
