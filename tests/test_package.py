"""The package as users get it: public names, lazy lark, the wheel, the main job."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path

import pytest

import sokfmt

ROOT = Path(__file__).parent.parent


def test_public_names_are_pinned() -> None:
    assert sokfmt.__all__ == (
        "DEFAULT_LIMIT",
        "FILE_FORMATS",
        "Board",
        "BoardSyntaxError",
        "Collection",
        "DecodeError",
        "Diagnostic",
        "Direction",
        "FileFormat",
        "Game",
        "IllegalMoveError",
        "IllegalStepError",
        "JsonSyntaxError",
        "JsonValueError",
        "LevPuzzle",
        "LevSyntaxError",
        "Loss",
        "ParseError",
        "Piece",
        "Puzzle",
        "Replay",
        "ReplayFailure",
        "RleSyntaxError",
        "SavedGame",
        "SavedGameSyntaxError",
        "SlcSyntaxError",
        "SokSyntaxError",
        "SokfmtError",
        "SokfmtWarning",
        "SolvingMode",
        "Statistics",
        "Step",
        "StepKind",
        "Tessellation",
        "UnknownSection",
        "ValidationError",
        "__version__",
        "best_solution_index",
        "decode_rle",
        "dump",
        "dump_lev",
        "dump_slc",
        "dump_sok",
        "dumps",
        "dumps_board",
        "dumps_lev",
        "dumps_moves",
        "dumps_slc",
        "dumps_sok",
        "encode_rle",
        "file_format",
        "from_array",
        "from_dict",
        "iter_slc",
        "iter_sok",
        "load",
        "load_arrays",
        "load_lev",
        "load_slc",
        "load_sok",
        "loads",
        "loads_board",
        "loads_lev",
        "loads_moves",
        "loads_slc",
        "loads_sok",
        "losses",
        "replay",
        "statistics",
        "to_array",
        "to_arrays",
    )
    for name in sokfmt.__all__:
        assert hasattr(sokfmt, name)


def _python(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT.parent
    )
    return result.stdout


def test_import_does_not_import_lark() -> None:
    code = "import sys, sokfmt; print('lark' in sys.modules)"
    assert _python(code).strip() == "False"


def test_errors_are_the_ground_floor() -> None:
    # Every module may raise sokfmt's errors, so errors.py imports no other
    # module of sokfmt, even for its annotations (ReplayFailure lives there).
    source = (ROOT / "sokfmt" / "errors.py").read_text(encoding="utf-8")
    assert not re.findall(r"^\s*(?:from \.|import sokfmt|from sokfmt)", source, re.MULTILINE)


def test_import_does_not_import_numpy() -> None:
    # numpy is an optional extra: only the array functions import it.
    code = "import sys, sokfmt; sokfmt.statistics; print('numpy' in sys.modules)"
    assert _python(code).strip() == "False"


def test_arrays_without_numpy_name_the_extra() -> None:
    code = (
        "import sys\n"
        "class Missing:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'numpy':\n"
        "            raise ModuleNotFoundError(name=name)\n"
        "sys.meta_path.insert(0, Missing())\n"
        "import sokfmt\n"
        "try:\n"
        "    sokfmt.to_array(sokfmt.loads_board('#@#'))\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
    )
    assert _python(code).strip() == (
        "sokfmt's arrays need numpy: python -m pip install 'sokfmt[numpy]'"
    )


def test_version_is_that_of_the_changelog() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", changelog, re.MULTILINE)
    assert released[0] == sokfmt.__version__ == "0.3.0"
    assert released[-1] == "0.1.0"


# A user's program: what `mypy --strict` must accept without a cast.
USER_PROGRAM = """\
import sokfmt

collection = sokfmt.load("levels.sok")
for puzzle in collection.puzzles:
    print(puzzle.title, sokfmt.statistics(puzzle.board).dead)
lev: sokfmt.LevPuzzle = sokfmt.load("blocks.lev", format="lev")
either = sokfmt.load("x.json", format="json")
reveal_type(either)
"""


def _mypy_strict(program: Path, cwd: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """mypy --strict (and `options`) on a user's `program`, with sokfmt from
    this checkout."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *options, str(program)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "MYPYPATH": str(ROOT)},
        check=False,
    )


def test_load_is_typed_for_mypy_strict_users(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy (the test and lint extras) runs the typing check")
    pytest.importorskip("numpy", reason="mypy checks sokfmt.arrays against numpy's types")
    program = tmp_path / "user.py"
    program.write_text(USER_PROGRAM, encoding="utf-8")
    result = _mypy_strict(program, tmp_path)
    # reveal_type is a note, not an error: the run passes and says the type.
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r'Revealed type is ".*Collection.*LevPuzzle.*"', result.stdout), result.stdout


def test_type_checkers_see_the_0_2_names_deprecated_as_python_does(tmp_path: Path) -> None:
    # Each name of 0.2 that 0.3 renamed or moved (but the type alias
    # Position) is deprecated to mypy with the message Python warns with.
    pytest.importorskip("mypy", reason="mypy (the test and lint extras) runs the typing check")
    from sokfmt import _deprecated

    names = sorted({*_deprecated.RENAMED, *_deprecated.MOVED} - {"Position"})
    warned = {}
    for name in names:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with contextlib.suppress(Exception):  # (the warning is what is looked at)
                getattr(sokfmt, name)("x")
        warned[name] = str(caught[0].message)
    program = tmp_path / "old.py"
    program.write_text("import sokfmt\n" + "".join(f"sokfmt.{n}\n" for n in names), "utf-8")
    result = _mypy_strict(program, tmp_path, "--enable-error-code", "deprecated")
    found = re.findall(r"old\.py:(\d+): error: .* deprecated: (.*)  \[deprecated\]", result.stdout)
    assert {names[int(line) - 2]: message for line, message in found} == warned, result.stdout


def test_type_checkers_see_the_0_2_alias_position_as_a_pair_of_ints(tmp_path: Path) -> None:
    # PEP 702 deprecates no alias: the stub gives what it stands for, not Any.
    pytest.importorskip("mypy", reason="mypy (the test and lint extras) runs the typing check")
    program = tmp_path / "old.py"
    program.write_text("import sokfmt\nplace: sokfmt.Position = (1, 2)\nreveal_type(place)\n")
    result = _mypy_strict(program, tmp_path)
    assert re.search(
        r'Revealed type is "tuple\[(builtins\.)?int, (builtins\.)?int\]"', result.stdout
    ), result.stdout


# A user's program that uses every public name as its docstring says.
EVERY_NAME_PROGRAM = ROOT / "tests" / "typecheck" / "user_program.py"


def test_every_public_name_is_typed_for_mypy_strict_users(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy (the test and lint extras) runs the typing check")
    pytest.importorskip("numpy", reason="the program uses sokfmt.arrays")
    program = EVERY_NAME_PROGRAM.read_text(encoding="utf-8")
    # Used, not only imported: a name added to __all__ must be added here.
    body = re.sub(r"^from sokfmt import \(.*?^\)$", "", program, flags=re.MULTILINE | re.DOTALL)
    used = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", body))
    assert set(sokfmt.__all__) - used == set()
    checked = _mypy_strict(EVERY_NAME_PROGRAM, tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # And what it does is true (with the 0.3 names only: a 0.2 one warns).
    ran = subprocess.run(
        [sys.executable, "-W", "error", str(EVERY_NAME_PROGRAM)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr


def test_every_format_reads_and_writes_without_lark_installed() -> None:
    # lark is no dependency of the package: with it made impossible to
    # import, every reader, writer and the command run on the samples.
    code = (
        "import sys, io, contextlib\n"
        "sys.modules['lark'] = None  # import lark raises ImportError\n"
        "import sokfmt\n"
        "from sokfmt.cli import main\n"
        "from importlib.resources import files\n"
        "text = (files('sokfmt') / 'samples' / 'sample.sok').read_text('utf-8')\n"
        "collection = sokfmt.loads_sok(text, check_games=True)\n"
        "for fmt in ('sok', 'json'):\n"
        "    written = sokfmt.dumps(collection, format=fmt)\n"
        "    assert sokfmt.loads(written, format=fmt).puzzles == collection.puzzles, fmt\n"
        "slc = sokfmt.loads(sokfmt.dumps(collection, format='slc', lossy=True), format='slc')\n"
        "assert [p.board for p in slc.puzzles] == [p.board for p in collection.puzzles]\n"
        "lev = sokfmt.loads_lev('size 2 1\\ninitial\\nAb\\n')\n"
        "assert sokfmt.loads_lev(sokfmt.dumps_lev(lev)) == lev\n"
        "game = sokfmt.loads_moves('2(lU)[r]{u}')\n"
        "board = sokfmt.loads_board('5#|#@$.#|5#')\n"
        "assert sokfmt.decode_rle('2(3#)|#') == '######\\n#'\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    status = main(['check', str(files('sokfmt') / 'samples' / 'sample.sok')])\n"
        "print(status, 'lark' in sys.modules and sys.modules['lark'] is not None)"
    )
    assert _python(code).split() == ["0", "False"]


def test_reading_runs_the_tables_without_lark() -> None:
    # The tables are read once per process, from the package; lark is needed
    # only to compile a grammar that changed since its table was written.
    code = (
        "import sys, sokfmt\n"
        "from sokfmt._grammar import lalr as _lalr\n"
        "sokfmt.decode_rle('2(3#)|#')\n"
        "sokfmt.loads_moves('2(lU)[r]{u}')\n"
        "first = _lalr.table('rle')\n"
        "sokfmt.decode_rle('2(#)')\n"
        "print('lark' in sys.modules, _lalr.table('rle') is first)"
    )
    assert _python(code).split() == ["False", "True"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("sokfmt-*.whl")
    return built


def test_wheel_ships_grammars_types_and_sample(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    grammars = {f"sokfmt/grammars/{path.name}" for path in (ROOT / "grammars").glob("*.lark")}
    assert grammars
    assert grammars <= names
    assert {"sokfmt/py.typed", "sokfmt/__init__.py", "sokfmt/samples/sample.sok"} <= names
    assert "sokfmt/_names_0_2.pyi" in names  # (the 0.2 names, deprecated to type checkers)
    # The files README's console examples read, beside the sample.
    samples = {"sample", "tiny", "bad", "mine", "theirs", "mixed"}
    assert {f"sokfmt/samples/{name}.sok" for name in samples} <= names
    assert not any(name.startswith(("tests/", "benchmarks/", "grammars/")) for name in names)
    metadata = next(name for name in names if name.endswith("/METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "Requires-Dist: lark" in text
    # numpy is an extra: the array functions import it, nothing else does.
    assert "Provides-Extra: numpy" in text
    assert "Requires-Dist: numpy>=1.24; extra == 'numpy'" in text
    assert "Requires-Dist: numpy" not in text.split("; extra")[0]
    # The summary (`pip show sokfmt`) names every kind of file sokfmt reads
    # by its extension (.txt is a .sok file by another name).
    [summary] = [line for line in text.splitlines() if line.startswith("Summary: ")]
    extensions = {e for f in sokfmt.FILE_FORMATS for e in f.extensions} - {".txt", ".json"}
    assert extensions == {".sok", ".xsb", ".hsb", ".tsb", ".slc", ".lev"}
    for extension in extensions:
        assert f"{extension}," in summary or f"{extension})" in summary, extension
    assert "JSON" in summary
    # Nothing at run time (lark only compiles the tables the wheel ships),
    # and the Python whose regular expressions the readers use (3.11's
    # possessive repeats).
    requirements = [line for line in text.splitlines() if line.startswith("Requires-Dist:")]
    assert [line for line in requirements if "extra ==" not in line] == []
    assert "Requires-Python: >=3.11" in text.splitlines()


def readers_of() -> list[str]:
    """The private modules that read or write a format, as formats.py imports them."""
    return [
        "_sok.read",
        "_sok.write",
        "_slc.read",
        "_slc.write",
        "_grammar.lev",
        "_grammar.moves",
        "_grammar.board",
    ]


def test_readers_have_distinct_names_and_formats_imports_modules() -> None:
    # Each private reader is named for what it reads (read_sok, read_board,
    # ...), so that a name says which one a line calls; formats.py, the
    # public face of every reader, imports their modules, not bare names.
    package = ROOT / "sokfmt"
    for path in package.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"^def parse\(", source, re.MULTILINE), path.name
    formats = (package / "formats.py").read_text(encoding="utf-8")
    readers = r"_sok\.(?:read|bare|write)|_slc\.(?:read|write)|_grammar\.(?:lev|moves|board)"
    assert not re.findall(rf"^\s*from \.(?:{readers}) import", formats, re.MULTILINE)
    modules = re.findall(r"^\s*from \.(_\w+) import (\w+)(?: as \w+)?$", formats, re.MULTILINE)
    imported = {f"{package}.{module}" for package, module in modules}
    assert imported >= set(readers_of())
