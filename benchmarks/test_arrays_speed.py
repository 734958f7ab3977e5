"""Levels to arrays for learning agents: 1,000 10x10 levels (the shape of the
largest public data set) read from a file and stacked into one (1000, 10, 10)
array, against reading the file alone (`load_sok`), the reference: the ratio
is what the arrays cost on top of reading.  Skipped without numpy.
"""

from __future__ import annotations

from pathlib import Path

import inputs
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from sokfmt import Collection, load_sok, to_arrays

np = pytest.importorskip("numpy", reason="numpy (the numpy extra) is not installed")


@pytest.fixture(scope="module")
def levels_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("arrays") / "levels.sok"
    path.write_text(inputs.bare_boards_text(), encoding="utf-8")
    return path


def _arrays(path: Path) -> object:
    return to_arrays(load_sok(path).puzzles)


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
def test_levels_to_arrays(
    benchmark: BenchmarkFixture, levels_file: Path, implementation: str
) -> None:
    benchmark.group = "arrays 1000 10x10 levels"
    benchmark.extra_info["implementation"] = implementation
    to_arrays(load_sok(levels_file).puzzles[:1])  # numpy imported before timing
    if implementation == "sokfmt":
        stack = benchmark(_arrays, levels_file)
        assert stack.shape == (1000, 10, 10)
        assert stack.dtype == np.uint8
    else:
        collection: Collection = benchmark(load_sok, levels_file)
        assert len(collection.puzzles) == 1000
