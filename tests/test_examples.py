"""Every public name has a runnable example where the API reference shows its
docstring (README, "The Python API"), and every example is true: each is run
here with doctest, with `sokfmt` and the public names in scope."""

from __future__ import annotations

import doctest
import io
import re
from functools import cache

import pytest

import sokfmt
from sokfmt._deprecated import RENAMED

pdoc_doc = pytest.importorskip(
    "pdoc.doc", reason="the reference is built with pdoc (pip install -e '.[test]')"
)

# The 0.2 names (and SavedGame.moves_count): an example teaches 0.3 only.
OLD_NAMES = re.compile(rf"\b({'|'.join(RENAMED)}|moves_count|Position|is_solution_title)\b")


@cache
def _reference_docstrings() -> dict[str, str]:
    """The docstring pdoc shows for each public name: a function's or class's
    own, a constant's from the string under its line in `sokfmt/__init__.py`."""
    # pdoc reads the module's namespace, which fills as names are first used.
    for name in sokfmt.__all__:
        getattr(sokfmt, name)
    module = pdoc_doc.Module(sokfmt)
    return {name: module.members[name].docstring for name in sokfmt.__all__}


@pytest.mark.parametrize("name", sokfmt.__all__)
def test_every_public_name_shows_a_true_example(name: str) -> None:
    docstring = _reference_docstrings()[name]
    globs = {"sokfmt": sokfmt, **{public: getattr(sokfmt, public) for public in sokfmt.__all__}}
    test = doctest.DocTestParser().get_doctest(docstring, globs, name, None, 0)
    assert test.examples, f"{name}: no >>> example in the docstring the reference shows"
    source = "".join(example.source for example in test.examples)
    assert not OLD_NAMES.search(source), f"{name}: the example uses a 0.2 name"
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    results = runner.run(test, out=report.write, clear_globs=True)
    assert results.failed == 0, f"{name}:\n{report.getvalue()}"


def test_the_constants_are_what_their_entries_say() -> None:
    # The reference's entries of the constants are annotated in
    # sokfmt/__init__.py, away from the modules that define them.
    assert isinstance(sokfmt.DEFAULT_LIMIT, int)
    assert isinstance(sokfmt.FILE_FORMATS, tuple)
    assert all(isinstance(entry, sokfmt.FileFormat) for entry in sokfmt.FILE_FORMATS)
    assert isinstance(sokfmt.__version__, str)
