"""The README's examples and the modules' docstring examples run as doctests."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import sokfmt.rle

README = Path(__file__).parent.parent / "README.md"


def test_readme_examples() -> None:
    results = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert results.attempted > 10
    assert results.failed == 0


@pytest.mark.parametrize("module", [sokfmt.rle])
def test_docstring_examples(module: object) -> None:
    results = doctest.testmod(module)  # type: ignore[arg-type]
    assert results.attempted > 0
    assert results.failed == 0
