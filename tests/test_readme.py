"""The README's examples and the modules' docstring examples run as doctests."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import sokfmt.rle

README = Path(__file__).parent.parent / "README.md"

# A block of examples after this marker needs numpy (the numpy extra), or
# gymnasium (the gym extra).
NEEDS_NUMPY = re.compile(r"<!-- doctest: needs numpy -->\n```python\n.*?\n```", re.DOTALL)
NEEDS_GYMNASIUM = re.compile(r"<!-- doctest: needs gymnasium -->\n```python\n.*?\n```", re.DOTALL)


def _run(text: str) -> doctest.TestResults:
    test = doctest.DocTestParser().get_doctest(text, {}, README.name, str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    return runner.summarize(verbose=False)


def _has(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def test_readme_examples() -> None:
    text = README.read_text(encoding="utf-8")
    for needs, module in ((NEEDS_NUMPY, "numpy"), (NEEDS_GYMNASIUM, "gymnasium")):
        assert needs.search(text)
        if not _has(module):
            # Blank lines in their place keep the line numbers of the others.
            text = needs.sub(lambda match: "\n" * match.group().count("\n"), text)
    results = _run(text)
    assert results.attempted > 10
    assert results.failed == 0


def test_readme_array_examples_ran() -> None:
    pytest.importorskip("numpy", reason="numpy (the numpy extra) runs README's array examples")
    blocks = NEEDS_NUMPY.findall(README.read_text(encoding="utf-8"))
    assert sum(block.count(">>> ") for block in blocks) >= 5


def test_readme_environment_examples_ran() -> None:
    pytest.importorskip("gymnasium", reason="gymnasium (the gym extra) runs README's examples")
    blocks = NEEDS_GYMNASIUM.findall(README.read_text(encoding="utf-8"))
    assert sum(block.count(">>> ") for block in blocks) >= 5


@pytest.mark.parametrize("module", [sokfmt.rle])
def test_docstring_examples(module: object) -> None:
    results = doctest.testmod(module)  # type: ignore[arg-type]
    assert results.attempted > 0
    assert results.failed == 0
