"""The convention of the Python surface (README, "One convention"), checked on
every public callable of `sokfmt.__all__`, and the 0.2 names that 0.3 renamed:
each still works, as it did, with a `DeprecationWarning` naming its replacement."""

from __future__ import annotations

import inspect
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import sokfmt
from sokfmt import Collection, Tessellation, ValidationError

# Verbs a public function's name may begin with, and the words after them.
# Text in and out: loads/dumps; files in and out: load/dump (a path or a file
# object); iter: a file's items one at a time.
TEXT_IN = re.compile(r"loads(_[a-z]+)?")
TEXT_OUT = re.compile(r"dumps(_[a-z]+)?")
FILE_IN = re.compile(r"(load|iter)(_[a-z]+)?")
FILE_OUT = re.compile(r"dump(_[a-z]+)?")
OTHER_VERBS = re.compile(r"(decode|encode|from|to|file|best|losses|replay|statistics)(_[a-z]+)*")
# Options spelled alike everywhere, and keyword-only.
OPTIONS = {
    "tessellation",
    "encoding",
    "limit",
    "diagnostics",
    "check_content",
    "check_games",
    "strict",
    "shape",
}
# Options of 0.2 that 0.3 renamed or replaced: still taken, with a warning,
# but no public signature has them (`replay` is `check_games`; `on_puzzle`
# gives way to the iter_* generators).
DEPRECATED_OPTIONS = {"replay", "on_puzzle"}
# A dump_X may still be called without a file: the 0.2 form, deprecated.
DEPRECATED_DEFAULTS = {("dump_sok", "file"), ("dump_lev", "file"), ("dump_slc", "file")}


def _functions() -> list[tuple[str, Callable[..., Any]]]:
    return [
        (name, getattr(sokfmt, name))
        for name in sokfmt.__all__
        if inspect.isfunction(inspect.unwrap(getattr(sokfmt, name)))
    ]


@pytest.mark.parametrize("name", [name for name, _ in _functions()])
def test_every_public_function_follows_the_convention(name: str) -> None:
    function = getattr(sokfmt, name)
    assert any(
        pattern.fullmatch(name) for pattern in (TEXT_IN, TEXT_OUT, FILE_IN, FILE_OUT, OTHER_VERBS)
    ), f"{name}: no verb of the convention"
    signature = inspect.signature(function)
    # Annotated, every parameter and the result (as written: the names of
    # numpy's types are imported for the type checker only).
    for parameter in signature.parameters.values():
        assert parameter.annotation is not parameter.empty, f"{name}({parameter.name})"
    assert signature.return_annotation is not signature.empty, f"{name} has no return type"
    # An option (a parameter with a default) is keyword-only, and named as 0.3 names it.
    for parameter in signature.parameters.values():
        assert parameter.name not in DEPRECATED_OPTIONS, f"{name}: {parameter.name}= is deprecated"
        if parameter.default is not parameter.empty and (name, parameter.name) not in (
            DEPRECATED_DEFAULTS
        ):
            assert parameter.kind is parameter.KEYWORD_ONLY or parameter.name == "path", (
                f"{name}: option {parameter.name} is not keyword-only"
            )
        if parameter.name in OPTIONS:
            assert parameter.kind is parameter.KEYWORD_ONLY, f"{name}: {parameter.name}"
    # What the name says it returns: text for dumps, nothing for dump.
    returned = str(signature.return_annotation)
    if TEXT_OUT.fullmatch(name):
        assert returned == "str", f"{name} returns {returned}, not text"
    if FILE_OUT.fullmatch(name):  # (str | None: the deprecated 0.2 form without a file)
        assert returned in ("None", "str | None"), f"{name} writes a file"
    # A docstring that says what it does and what it raises.
    doc = inspect.getdoc(function) or ""
    assert doc.strip(), f"{name} has no docstring"


def test_the_diagnostics_of_every_reader_are_typed() -> None:
    readers = 0
    for name, function in _functions():
        parameter = inspect.signature(function).parameters.get("diagnostics")
        if parameter is not None:
            assert parameter.annotation == "list[Diagnostic] | None", name
            readers += 1
    assert readers >= 8


def _taking(option: str) -> set[str]:
    return {name for name, f in _functions() if option in inspect.signature(f).parameters}


def test_the_checks_are_options_of_every_reader_that_has_them() -> None:
    # Every reader of collections runs the content checks on request and
    # plays the saved games (.slc has none); .lev has neither.
    collections = {"loads_sok", "load_sok", "iter_sok", "loads_slc", "load_slc", "iter_slc"}
    assert _taking("diagnostics") == collections | {"load", "loads", "loads_lev", "load_lev"}
    assert _taking("check_content") == collections | {"load", "loads"}
    assert _taking("check_games") == collections | {"load", "loads"}
    # strict= makes .lev's undocumented sections errors: its readers, and
    # load and loads, which read .lev too.
    assert _taking("strict") == {"loads_lev", "load_lev", "load", "loads"}
    for name in _taking("strict"):
        parameter = inspect.signature(getattr(sokfmt, name)).parameters["strict"]
        assert (parameter.default, parameter.annotation) == (False, "bool"), name
    for name in _taking("check_content"):
        parameters = inspect.signature(getattr(sokfmt, name)).parameters
        assert parameters["check_content"].default is None, name
        assert parameters["check_content"].annotation == "bool | None", name
        if "check_games" in parameters:
            assert parameters["check_games"].default is False, name
            assert parameters["check_games"].annotation == "bool", name


# ------------------------------------------------------------ the 0.2 names

SOK = "Title\n#####\n#@$.#\n#####\n"
LEV = "size 1 1\ninitial\nA\n"


def _renamed_calls() -> list[Any]:
    """(0.2 call, 0.3 call): each pair gives equal results."""
    collection = sokfmt.loads_sok(SOK)
    board = collection.puzzles[0].board
    game = sokfmt.loads_moves("rR")
    hexoban = Tessellation.HEXOBAN
    lev = sokfmt.loads_lev(LEV)
    return [
        ("parse_sok", lambda: sokfmt.parse_sok(SOK), lambda: collection),
        ("parse_lev", lambda: sokfmt.parse_lev(LEV), lambda: lev),
        (
            "parse_slc",
            lambda: sokfmt.parse_slc(sokfmt.dumps_slc(collection)),
            lambda: sokfmt.loads_slc(sokfmt.dumps_slc(collection)),
        ),
        (
            "parse_board",
            lambda: sokfmt.parse_board("-#-#|#-@-#|-#-#", hexoban),
            lambda: sokfmt.loads_board("-#-#|#-@-#|-#-#", tessellation=hexoban),
        ),
        (
            "parse_moves",
            lambda: sokfmt.parse_moves("rR", Tessellation.SOKOBAN),
            lambda: game,
        ),
        ("dump_board", lambda: sokfmt.dump_board(board), lambda: sokfmt.dumps_board(board)),
        ("dump_moves", lambda: sokfmt.dump_moves(game), lambda: sokfmt.dumps_moves(game)),
        ("dump_sok(item)", lambda: sokfmt.dump_sok(collection), lambda: SOK),
        ("dump_lev(item)", lambda: sokfmt.dump_lev(lev), lambda: sokfmt.dumps_lev(lev)),
        (
            "dump_slc(item)",
            lambda: sokfmt.dump_slc(collection),
            lambda: sokfmt.dumps_slc(collection),
        ),
        ("rle_decode", lambda: sokfmt.rle_decode("3#"), lambda: "###"),
        ("rle_encode", lambda: sokfmt.rle_encode("###"), lambda: "3#"),
        (
            "from_json",
            lambda: sokfmt.from_json(sokfmt.dumps(collection, "json")),
            lambda: collection,
        ),
        ("best_solution", lambda: sokfmt.best_solution([]), lambda: None),
        ("moves_count", lambda: game.moves_count, lambda: game.non_push_moves),
        ("Position", lambda: sokfmt.Position, lambda: tuple[int, int]),
        (
            "is_solution_title",
            lambda: sokfmt.is_solution_title("Best Solution"),
            lambda: True,
        ),
        (
            "from_array with tessellation by position",
            lambda: sokfmt.from_array([[1]], Tessellation.SOKOBAN),
            lambda: sokfmt.from_array([[1]], tessellation=Tessellation.SOKOBAN),
        ),
        (
            "file_format with name by position",
            lambda: sokfmt.file_format(None, "sok"),
            lambda: sokfmt.file_format(name="sok"),
        ),
    ]


@pytest.mark.parametrize(
    ("old", "call", "new"), _renamed_calls(), ids=[old for old, _, _ in _renamed_calls()]
)
def test_each_0_2_name_still_works_and_warns(old: str, call: Any, new: Any) -> None:
    expected = new()
    with pytest.warns(DeprecationWarning, match="deprecated since 0.3.0") as caught:
        got = call()
    assert got == expected
    assert len(caught) == 1
    # The warning points at the caller's line, here.
    assert caught[0].filename == __file__


# The readers' options of 0.2: each reader called with the 0.2 spelling,
# and with 0.3's; the results are equal.
ILLEGAL = "Tiny\n#####\n#@$.#\n#####\n\nSolution\nL\n"


def _sok_file() -> io.BytesIO:
    return io.BytesIO(ILLEGAL.encode("utf-8"))


REPLAY_READERS: dict[str, Callable[..., Any]] = {
    "loads_sok": lambda **options: sokfmt.loads_sok(ILLEGAL, **options),
    "load_sok": lambda **options: sokfmt.load_sok(_sok_file(), **options),
    "iter_sok": lambda **options: list(sokfmt.iter_sok(_sok_file(), **options)),
    "load": lambda **options: sokfmt.load(_sok_file(), format="sok", **options),
    "loads": lambda **options: sokfmt.loads(ILLEGAL, "sok", **options),
}


@pytest.mark.parametrize("name", REPLAY_READERS)
def test_replay_is_check_games_with_a_warning(name: str) -> None:
    read = REPLAY_READERS[name]
    for asked in (True, False):
        new: list[sokfmt.Diagnostic] = []
        expected = read(diagnostics=new, check_games=asked)
        old: list[sokfmt.Diagnostic] = []
        with pytest.warns(DeprecationWarning, match="replay=") as caught:
            got = read(diagnostics=old, replay=asked)
        assert (got, old) == (expected, new)
        assert [d.code for d in old] == (["SOK501"] if asked else [])
        assert len(caught) == 1
        assert str(caught[0].message) == (
            f"sokfmt.{name} with replay= is deprecated since 0.3.0: "
            f"use sokfmt.{name} with check_games="
        )
        assert caught[0].filename == __file__
    with pytest.raises(TypeError, match="check_games= or replay="):
        read(replay=True, check_games=True)


# A puzzle that reads well, then one with a doubt (SOK104 in the notes of
# its game; SLC201, a comment, before its level): each puzzle comes after
# the problems found before it.
TWO = "First\n#####\n#@$.#\n#####\n\nSecond\n#####\n#@$.#\n#####\n\nSolution\nrRxRR\n"
TWO_SLC = (
    "<SokobanLevels><LevelCollection>\n"
    '<Level Id="First"><L>#####</L><L>#@$.#</L><L>#####</L></Level>\n'
    '<!-- a comment --><Level Id="Second"><L>#####</L><L>#@$.#</L><L>#####</L></Level>\n'
    "</LevelCollection></SokobanLevels>\n"
)
HOOKED_READERS: dict[str, tuple[str, Callable[..., Any]]] = {
    "loads_sok": ("iter_sok(io.StringIO(text))", lambda **o: sokfmt.loads_sok(TWO, **o)),
    "load_sok": ("iter_sok", lambda **o: sokfmt.load_sok(io.StringIO(TWO), **o)),
    "load": (
        "iter_sok or sokfmt.iter_slc",
        lambda **o: sokfmt.load(io.StringIO(TWO), format="sok", **o),
    ),
    "loads_slc": ("iter_slc", lambda **o: sokfmt.loads_slc(TWO_SLC, **o)),
    "load_slc": ("iter_slc", lambda **o: sokfmt.load_slc(io.StringIO(TWO_SLC), **o)),
}


@pytest.mark.parametrize("name", HOOKED_READERS)
def test_on_puzzle_still_hands_on_each_puzzle_as_it_is_read_with_a_warning(name: str) -> None:
    generator, read = HOOKED_READERS[name]
    found: list[sokfmt.Diagnostic] = []
    seen: list[tuple[str, int]] = []  # each puzzle, and how many problems came before it
    with pytest.warns(DeprecationWarning, match="on_puzzle=") as caught:
        collection = read(diagnostics=found, on_puzzle=lambda p: seen.append((p.title, len(found))))
    assert collection == read(diagnostics=[])
    assert seen == [("First", 0), ("Second", 1)]
    assert len(caught) == 1
    assert str(caught[0].message) == (
        f"sokfmt.{name} with on_puzzle= is deprecated since 0.3.0: use sokfmt.{generator} "
        "(a generator of the puzzles as they are read)"
    )
    assert caught[0].filename == __file__
    with pytest.warns(DeprecationWarning, match="on_puzzle="):  # None: warned of, no hook
        assert read(diagnostics=[], on_puzzle=None) == collection


@pytest.mark.parametrize(
    ("generator", "text"), [(sokfmt.iter_sok, TWO), (sokfmt.iter_slc, TWO_SLC)], ids=["sok", "slc"]
)
def test_the_generators_give_each_puzzle_after_its_problems(
    generator: Callable[..., Any], text: str
) -> None:
    # What on_puzzle= gave, without a callback.
    found: list[sokfmt.Diagnostic] = []
    seen = [(p.title, len(found)) for p in generator(io.StringIO(text), diagnostics=found)]
    assert seen == [("First", 0), ("Second", 1)]


def test_the_0_2_names_are_not_public() -> None:
    renamed = {"parse_sok", "parse_board", "dump_board", "rle_decode", "from_json"}
    assert not renamed & set(sokfmt.__all__)
    assert not {"Position", "is_solution_title"} & set(sokfmt.__all__)


def test_dump_writes_a_path_or_a_file_object(tmp_path: Path) -> None:
    collection = sokfmt.loads_sok(SOK)
    sokfmt.dump_sok(collection, tmp_path / "a.sok")
    assert (tmp_path / "a.sok").read_text(encoding="utf-8") == SOK
    binary, text = io.BytesIO(), io.StringIO()
    sokfmt.dump_sok(collection, binary)
    sokfmt.dump(collection, text, format="sok")
    assert binary.getvalue().decode("utf-8") == text.getvalue() == SOK
    with pytest.raises(ValidationError, match="name its format"):
        sokfmt.dump(collection, io.StringIO())
    with pytest.raises(ValidationError, match="file must be a path or a file object"):
        sokfmt.dump_sok(collection, 42)  # type: ignore[call-overload]
    assert sokfmt.load(tmp_path / "a.sok") == collection


def test_loads_reads_text_or_bytes_in_any_format() -> None:
    collection = sokfmt.loads(SOK, "sok")
    assert collection == sokfmt.loads(SOK.encode("utf-8"), "xsb")
    assert sokfmt.loads(sokfmt.dumps(collection, "json"), "json") == collection
    assert sokfmt.loads(LEV, "lev") == sokfmt.loads_lev(LEV)
    assert isinstance(sokfmt.loads(sokfmt.dumps_slc(collection), "slc"), Collection)
    with pytest.raises(ValidationError, match="Unknown format"):
        sokfmt.loads(SOK, "txtx")


def test_load_of_a_folder_says_it_is_one(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match=r"is a folder: load reads one file"):
        sokfmt.load(tmp_path)


@pytest.mark.parametrize(
    "reader", [sokfmt.load_sok, sokfmt.load_slc, sokfmt.load_lev, sokfmt.iter_sok, sokfmt.iter_slc]
)
def test_a_reader_of_one_file_given_a_folder_says_it_is_one(reader: Any, tmp_path: Path) -> None:
    # Not the IsADirectoryError of open(), which differs between systems.
    with pytest.raises(ValidationError, match=rf"{re.escape(str(tmp_path))} is a folder"):
        list(reader(tmp_path))


def test_a_named_file_object_has_the_extension_of_its_name(tmp_path: Path) -> None:
    collection = sokfmt.loads_sok(SOK)
    with open(tmp_path / "a.xsb", "w", encoding="utf-8") as opened:
        sokfmt.dump(collection, opened)  # as .xsb, by its name: the title written "; Title"
    assert (tmp_path / "a.xsb").read_text(encoding="utf-8") == "; Title\n#####\n#@$.#\n#####\n"
    with open(tmp_path / "a.xsb", "rb") as opened:
        assert sokfmt.load(opened) == collection
    with pytest.raises(ValidationError, match="A file object has no extension"):
        sokfmt.load(io.BytesIO(SOK.encode()))
    with pytest.raises(ValidationError, match=r"file must be a path \(.*\) or a file object"):
        sokfmt.load(b"levels.sok")  # type: ignore[call-overload]


def test_an_option_of_0_2_by_position_says_to_pass_it_by_keyword() -> None:
    with pytest.warns(DeprecationWarning, match="by keyword") as caught:
        sokfmt.file_format("a.sok", "xsb")  # type: ignore[misc]
    assert str(caught[0].message) == (
        "sokfmt.file_format with name= by position is deprecated since 0.3.0: pass name= by keyword"
    )


def test_one_positional_argument_too_many_is_refused_as_python_refuses_it() -> None:
    with pytest.raises(TypeError, match=r"file_format\(\) takes at most 2 positional arguments"):
        sokfmt.file_format("a.sok", "xsb", 1)  # type: ignore[misc]
