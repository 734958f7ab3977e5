"""The Boxoban data set at data speed (issue 28), on Boxoban-shaped files
from the seeded generator of tests/boxoban.py (1,000 levels of 10x10 a
file, as DeepMind's), each against its reference in the same run:

- ``boxoban set to an array``: `load_arrays` of ten files, with titles,
  against the ten-line split reader (the same array and titles); the goal
  is at most 0.25x;
- ``boxoban check``: the problems of one file as ``sokfmt check`` finds
  them (`sokfmt.cli.check.check_file`) against `load` of it; at most 1.5x;
- ``boxoban statistics``: `statistics` of each level of a file against
  reading each level's text (`loads_board`); at most 3x.

python -m pytest benchmarks/test_boxoban_speed.py --benchmark-json=bench.json
python benchmarks/ratios.py bench.json
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from sokfmt import load, load_arrays, loads_board, statistics
from sokfmt.cli.check import check_file

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import boxoban

np = pytest.importorskip("numpy", reason="numpy (the numpy extra) is not installed")

FILES = 10


@pytest.fixture(scope="module")
def boxoban_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return boxoban.write(tmp_path_factory.mktemp("boxoban"), FILES)


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
def test_boxoban_set_to_an_array(
    benchmark: BenchmarkFixture, boxoban_files: list[Path], implementation: str
) -> None:
    benchmark.group = f"boxoban set to an array ({FILES}x1000)"
    benchmark.extra_info["implementation"] = implementation
    expected = boxoban.split_reader(boxoban_files)  # numpy imported before timing
    if implementation == "sokfmt":
        stack, titles = benchmark(load_arrays, boxoban_files, titles=True)
    else:
        stack, titles = benchmark(boxoban.split_reader, boxoban_files)
    assert stack.shape == (FILES * 1000, 10, 10)
    assert (stack == expected[0]).all()
    assert titles == expected[1]


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
def test_boxoban_check(
    benchmark: BenchmarkFixture, boxoban_files: list[Path], implementation: str
) -> None:
    benchmark.group = "boxoban check (1000 levels)"
    benchmark.extra_info["implementation"] = implementation
    path = boxoban_files[0]
    if implementation == "sokfmt":
        checked = benchmark(check_file, str(path), False, None)
        assert (checked.problems, checked.skipped) == ([], "")
        assert checked.puzzles > 0
    else:
        collection = benchmark(load, path)
        assert len(collection.puzzles) == 1000


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
def test_boxoban_statistics(
    benchmark: BenchmarkFixture, boxoban_files: list[Path], implementation: str
) -> None:
    benchmark.group = "boxoban statistics (1000 levels)"
    benchmark.extra_info["implementation"] = implementation
    boards = [puzzle.board for puzzle in load(boxoban_files[0]).puzzles]
    texts = [str(board) for board in boards]
    if implementation == "sokfmt":
        counts = benchmark(lambda: [statistics(board) for board in boards])
        assert sum(count.boxes for count in counts) == 4000
    else:
        read = benchmark(lambda: [loads_board(text) for text in texts])
        assert read == boards
