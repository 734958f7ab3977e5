"""Reading .slc collections: sokfmt against a plain `xml.etree` reader.

The inputs are the six .slc files of the corpus (2,612 levels), or without
it a generated collection of the same size.  `ratios.py` also prints levels
per second.
"""

from __future__ import annotations

import os
from pathlib import Path

import inputs
import pytest
import references
from pytest_benchmark.fixture import BenchmarkFixture

from sokfmt import Collection, loads_slc

FOLDER = (
    Path(os.environ.get("SOKFMT_CORPUS") or Path(__file__).resolve().parents[2] / "shared/corpus")
    / "PoulpoGaz__sokoshell/slc"
)


def _documents() -> tuple[bytes, ...]:
    if FOLDER.is_dir():
        return tuple(path.read_bytes() for path in sorted(FOLDER.glob("*.slc")))
    return (inputs.slc_document(2_600),)


def _sokfmt(documents: tuple[bytes, ...]) -> list[Collection]:
    return [loads_slc(document) for document in documents]


def _reference(documents: tuple[bytes, ...]) -> list[Collection]:
    return [references.slc_parse(document) for document in documents]


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
def test_read_slc_collections(benchmark: BenchmarkFixture, implementation: str) -> None:
    documents = _documents()
    expected = _reference(documents)
    assert _sokfmt(documents) == expected  # the same collections, and warm parsers
    benchmark.group = "slc files"
    benchmark.extra_info["implementation"] = implementation
    benchmark.extra_info["steps"] = sum(len(c.puzzles) for c in expected)  # levels
    read = _sokfmt if implementation == "sokfmt" else _reference
    assert benchmark(read, documents) == expected
