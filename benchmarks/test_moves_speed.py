"""loads_moves on long solutions: sokfmt against the `re` reference."""

from __future__ import annotations

from collections.abc import Callable

import inputs
import pytest
import references
from pytest_benchmark.fixture import BenchmarkFixture

from sokfmt import Step, loads_moves

SIZES = (1_000, 10_000, 100_000)
ENCODINGS: dict[str, Callable[[int], str]] = {
    "plain": inputs.solution,
    "rle": inputs.solution_rle,
}


def _sokfmt(text: str) -> tuple[Step, ...]:
    return loads_moves(text).steps


IMPLEMENTATIONS: dict[str, Callable[[str], tuple[Step, ...]]] = {
    "sokfmt": _sokfmt,
    "reference": references.forward_steps,
}


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("size", SIZES)
def test_parse_solution(
    benchmark: BenchmarkFixture, size: int, encoding: str, implementation: str
) -> None:
    text = ENCODINGS[encoding](size)
    parse = IMPLEMENTATIONS[implementation]
    loads_moves("l")  # build the parser outside the timing
    benchmark.group = f"moves {size} {encoding}"
    benchmark.extra_info["implementation"] = implementation
    steps = benchmark(parse, text)
    assert steps == references.forward_steps(text)
    assert len(steps) == size
