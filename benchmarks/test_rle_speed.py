"""RLE decoding of 20x20 boards: sokfmt against the `re` reference."""

from __future__ import annotations

from collections.abc import Callable

import inputs
import pytest
import references
from pytest_benchmark.fixture import BenchmarkFixture

import sokfmt

BOARDS: dict[str, Callable[[], str]] = {
    "board-plain": inputs.board,
    "board-rle": inputs.board_rle,
    "board-rle-groups": inputs.board_rle_groups,
}
IMPLEMENTATIONS: dict[str, Callable[[str], str]] = {
    "sokfmt": sokfmt.decode_rle,
    "reference": references.decode_rle,
}


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
@pytest.mark.parametrize("case", BOARDS)
def test_rle_decode(benchmark: BenchmarkFixture, case: str, implementation: str) -> None:
    text = BOARDS[case]()
    decode = IMPLEMENTATIONS[implementation]
    sokfmt.decode_rle(text)  # build the parser outside the timing
    benchmark.group = f"rle {case}"
    benchmark.extra_info["implementation"] = implementation
    result = benchmark(decode, text)
    assert result == references.decode_rle(text)
