"""The README's examples run: the Python ones and the modules' docstring
examples as doctests, the console ones as commands in a copy of the files
that sokfmt ships for them."""

from __future__ import annotations

import doctest
import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import sokfmt.rle

README = Path(__file__).parent.parent / "README.md"
SAMPLES = Path(sokfmt.__file__).parent / "samples"
CONSOLE = re.compile(r"```console\n(.*?)\n```", re.DOTALL)

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


def _console_blocks() -> list[list[str]]:
    return [block.split("\n") for block in CONSOLE.findall(README.read_text("utf-8"))]


def test_readme_console_examples_read_files_that_sokfmt_ships() -> None:
    # Each file a command of an example names is one of sokfmt/samples/,
    # one that an example writes, or one that it shows with `cat` (and so
    # makes): none that a reader would not have.
    shipped = {path.name for path in SAMPLES.glob("*.sok")}
    assert {"tiny.sok", "bad.sok", "mine.sok", "theirs.sok", "mixed.sok"} <= shipped
    made = {"two.sok", "twice.sok"}
    written = {"merged.sok", "tiny.xsb"}
    for lines in _console_blocks():
        for line in lines:
            if line.startswith("$ sokfmt "):
                named = {word for word in shlex.split(line[2:]) if "." in word}
                assert named <= shipped | made | written, line


@pytest.mark.parametrize("number", range(len(_console_blocks())))
def test_readme_console_examples(number: int, tmp_path: Path) -> None:
    """Each console block, run as README tells a reader to: in a copy of
    sokfmt/samples; `$ cat FILE` makes the file the block shows.  Lines
    that begin "sokfmt: " are what the command says on standard error."""
    lines = _console_blocks()[number]
    for path in SAMPLES.glob("*.sok"):
        shutil.copy(path, tmp_path)
    starts = [n for n, line in enumerate(lines) if line.startswith("$ ")] + [len(lines)]
    assert starts[0] == 0
    for start, end in itertools.pairwise(starts):
        command, shown = shlex.split(lines[start][2:]), lines[start + 1 : end]
        if command[0] == "cat":
            (tmp_path / command[1]).write_text("\n".join(shown) + "\n", encoding="utf-8")
            continue
        assert command[0] == "sokfmt"
        result = subprocess.run(
            [sys.executable, "-m", "sokfmt", *command[1:]],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=dict(os.environ, PYTHONIOENCODING="utf-8"),
            check=False,
        )
        errors = [line for line in shown if line.startswith("sokfmt: ")]
        assert result.stderr.splitlines() == errors, lines[start]
        assert result.stdout.splitlines() == [line for line in shown if line not in errors], lines[
            start
        ]


def test_the_example_files_say_only_what_the_examples_show() -> None:
    # Read with every diagnostic: tiny.sok has one doubt (its open board,
    # which `check` reports), mine, theirs and mixed none; every game
    # titled "Solution" solves its puzzle, worked out by hand: mixed.sok's
    # Sokoban uulD, Hexoban sU (down-left, then a push up-left onto the
    # goal), Trioban LdR (the pointing-up triangle's third side is below),
    # Octoban lE (off a square, which has no diagonals, to an octagon).
    expected = {"tiny.sok": 1, "mine.sok": 0, "theirs.sok": 0, "mixed.sok": 0}
    tessellations = set()
    for name, doubts in expected.items():
        diagnostics: list[sokfmt.Diagnostic] = []
        collection = sokfmt.load(SAMPLES / name, diagnostics=diagnostics)
        assert isinstance(collection, sokfmt.Collection)
        assert [d.severity for d in diagnostics] == ["warning"] * doubts, name
        for puzzle in collection.puzzles:
            tessellations.add(puzzle.board.tessellation)
            for game in puzzle.saved_games:
                if game.title == "Solution":
                    assert sokfmt.replay(puzzle, game).solved, (name, puzzle.title)
    assert tessellations == set(sokfmt.Tessellation)
