"""An option of `load` and `loads` that the format read has no use for is
not passed over in silence: the file is read as it says, and one warning,
LOAD101, says that the option had no effect (README, Diagnostics)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import sokfmt
from sokfmt import (
    Collection,
    Diagnostic,
    LevPuzzle,
    SokfmtWarning,
    Tessellation,
    ValidationError,
    load,
    loads,
)

H, S, T = Tessellation.HEXOBAN, Tessellation.SOKOBAN, Tessellation.TRIOBAN
SOK = "Tiny\n#####\n#@$.#\n#####\n"
LEV = "size 3 1\ninitial\nA.B\ntarget\n.A.\n"
# The texts of each format, all of one Sokoban puzzle "Tiny" but the .lev
# puzzle, the Hexoban .hsb and the Trioban .tsb one.
SLC = "<SokobanLevels><LevelCollection><Level Id='Tiny'><L>#####</L><L>#@$.#</L><L>#####</L>"
SLC += "</Level></LevelCollection></SokobanLevels>"
JSON = (
    '{"puzzles": [{"title": "Tiny", "board": {"tessellation": "Sokoban", '
    '"board": "#####\\n#@$.#\\n#####"}}]}'
)
LEV_JSON = '{"width": 3, "height": 1, "initial": ["A.B"], "target": [".A."]}'
HSB = "H\n#-#-#\n-#-@-#\n#-#-#\n"  # Hexoban text: two columns per cell
TSB = "T\n####\n#@$.\n####\n"
TEXTS = {"sok": SOK, "xsb": SOK, "hsb": HSB, "tsb": TSB, "slc": SLC, "lev": LEV, "json": JSON}

# (format, text, tessellation given, why it has no effect), the reasons as
# the rule of `load`'s docstring gives them.
UNUSED = [
    ("slc", SLC, H, ".slc files: they are Sokoban"),
    ("slc", SLC, T, ".slc files: they are Sokoban"),
    ("hsb", HSB, S, ".hsb files: they are Hexoban"),
    ("hsb", HSB, T, ".hsb files: they are Hexoban"),
    ("tsb", TSB, H, ".tsb files: they are Trioban"),
    ("lev", LEV, S, ".lev files: a .lev file holds a sliding-block puzzle, which has none"),
    ("json", JSON, S, ".json files: the puzzles of JSON name their own"),
    ("json", JSON, H, ".json files: the puzzles of JSON name their own"),
    ("json", LEV_JSON, S, ".json files: the puzzles of JSON name their own"),
]
IDS = [f"{format}-{given.value}-{text[:2]}" for format, text, given, _ in UNUSED]


def _message(given: Tessellation, why: str) -> str:
    return f"A tessellation ({given.value}) was given, which has no effect on {why}"


@pytest.mark.parametrize(("format", "text", "given", "why"), UNUSED, ids=IDS)
def test_a_tessellation_a_format_has_no_use_for_is_one_warning_in_diagnostics(
    tmp_path: Path, format: str, text: str, given: Tessellation, why: str
) -> None:
    path = tmp_path / f"x.{format}"
    path.write_text(text, encoding="utf-8")
    found: list[Diagnostic] = []
    item = load(path, format=format, tessellation=given, diagnostics=found)
    # Read as it says: as without the option.
    assert item == load(path, format=format, diagnostics=[])
    # At the start of the text: the warning is about the whole file.
    expected = Diagnostic("warning", "LOAD101", _message(given, why), 1, 1, 0)
    assert [d for d in found if d.code == "LOAD101"] == [expected]
    assert found[0] == expected
    from_text: list[Diagnostic] = []
    assert loads(text, format, tessellation=given, diagnostics=from_text) == item
    assert [d for d in from_text if d.code == "LOAD101"] == [expected]


@pytest.mark.parametrize(("format", "text", "given", "why"), UNUSED, ids=IDS)
def test_without_a_list_the_warning_goes_to_python_s_warnings_once(
    tmp_path: Path, format: str, text: str, given: Tessellation, why: str
) -> None:
    path = tmp_path / f"x.{format}"
    path.write_text(text, encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        item = load(path, format=format, tessellation=given)
        loads(text.encode("utf-8"), format, tessellation=given)
    assert isinstance(item, (Collection, LevPuzzle))
    messages = [str(w.message) for w in caught if issubclass(w.category, SokfmtWarning)]
    assert messages == [f"LOAD101 {_message(given, why)}"] * 2
    # At the caller's line, as every warning of sokfmt.
    assert {Path(w.filename).name for w in caught} == {Path(__file__).name}


@pytest.mark.parametrize(
    ("format", "given"),
    [
        # Where the option decides what puzzles without a Game: line are.
        *((format, given) for format in ("sok", "xsb") for given in (S, H, T)),
        # The very tessellation the format fixes: nothing to warn of.
        ("hsb", H),
        ("tsb", T),
        ("slc", S),
        # No option given.
        *((format, None) for format in TEXTS),
    ],
)
def test_a_tessellation_that_has_an_effect_or_agrees_is_no_warning(
    tmp_path: Path, format: str, given: Tessellation | None
) -> None:
    # A text of the tessellation given where it is read so.
    text = TEXTS[format]
    if format in ("sok", "xsb") and given in (H, T):
        text = HSB if given is H else TSB
    path = tmp_path / f"x.{format}"
    path.write_text(text, encoding="utf-8")
    found: list[Diagnostic] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load(path, format=format, tessellation=given, diagnostics=found)
        loads(text, format, tessellation=given)
        load(path, format=format, tessellation=given)
    assert "LOAD101" not in [d.code for d in found]


def test_the_tessellation_still_reads_sok_and_xsb_boards_otherwise() -> None:
    # Two text columns per cell: Hexoban, which Sokoban reads otherwise.
    text = "H\n#-#-#\n-#-@-#\n#-#-#\n"
    for format in ("sok", "xsb"):
        read = sokfmt.loads(text, format, tessellation=H)
        assert read.puzzles[0].tessellation is H
        assert sokfmt.loads(text, format).puzzles[0].tessellation is S


# --------------------------------------------------------------- strict=

# A .lev puzzle with a section the format does not document (LEV113 at its
# keyword: line 4, column 1), and its JSON, which holds it as data.
ODD_LEV = "size 3 1\ninitial\nA.B\nsparkle 3\n"


def test_strict_reads_a_lev_file_as_load_lev_does(tmp_path: Path) -> None:
    path = tmp_path / "odd.lev"
    path.write_text(ODD_LEV, encoding="utf-8")
    lenient: list[Diagnostic] = []
    puzzle = load(path, format="lev", diagnostics=lenient)
    assert [(d.severity, d.code, d.line, d.column) for d in lenient] == [
        ("warning", "LEV113", 4, 1)
    ]
    assert [section.keyword for section in puzzle.unknown] == ["sparkle"]
    for read in (
        lambda: load(path, format="lev", strict=True),
        lambda: loads(ODD_LEV, "lev", strict=True),
        lambda: loads(ODD_LEV.encode("utf-8"), "lev", strict=True),
    ):
        with pytest.raises(sokfmt.LevSyntaxError) as raised:
            read()
        assert (raised.value.code, raised.value.line, raised.value.column) == ("LEV113", 4, 1)
    found: list[Diagnostic] = []
    # With a list, read on past the section, as load_lev reads.
    kept = load(path, format="lev", strict=True, diagnostics=found)
    assert [(d.severity, d.code, d.line, d.column) for d in found] == [("error", "LEV113", 4, 1)]
    assert kept == sokfmt.load_lev(path, strict=True, diagnostics=[])
    with pytest.raises(ValidationError, match="strict must be True or False, not 'yes'"):
        load(path, format="lev", strict="yes")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="strict must be True or False, not 1"):
        loads(ODD_LEV, "lev", strict=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("format", ["sok", "xsb", "hsb", "tsb", "slc", "json"])
def test_strict_for_any_other_format_is_one_warning(tmp_path: Path, format: str) -> None:
    text = TEXTS[format]
    path = tmp_path / f"x.{format}"
    path.write_text(text, encoding="utf-8")
    expected = Diagnostic(
        "warning",
        "LOAD101",
        f"strict=True was given, which has no effect on .{format} files: "
        "only .lev files have sections it refuses",
        1,
        1,
        0,
    )
    found: list[Diagnostic] = []
    assert load(path, format=format, strict=True, diagnostics=found) == load(path, format=format)
    assert [d for d in found if d.code == "LOAD101"] == [expected]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loads(text, format, strict=True)
    assert [str(w.message) for w in caught] == [f"LOAD101 {expected.message}"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load(path, format=format, strict=False)


def test_json_holds_unknown_sections_as_data_which_strict_does_not_refuse() -> None:
    puzzle = sokfmt.loads_lev(ODD_LEV, diagnostics=[])  # (its LEV113 kept from warnings)
    assert puzzle.unknown
    document = sokfmt.dumps(puzzle, "json")
    found: list[Diagnostic] = []
    assert loads(document, "json", strict=True, diagnostics=found) == puzzle
    assert [d.code for d in found] == ["LOAD101"]


def test_both_options_unused_are_two_warnings_in_the_order_given(tmp_path: Path) -> None:
    found: list[Diagnostic] = []
    loads(SLC, "slc", tessellation=H, strict=True, diagnostics=found)
    assert [(d.code, d.message.split(" ", 2)[1]) for d in found] == [
        ("LOAD101", "tessellation"),
        ("LOAD101", "was"),
    ]


# (format, text, options given, why they have no effect), as README says: no
# .slc or .lev file holds saved games; .lev puzzles have no content checks.
UNUSED_CHECKS = [
    ("slc", SLC, {"check_games": True}, "check_games=True", ".slc files: they hold no saved games"),
    ("lev", LEV, {"check_games": True}, "check_games=True", ".lev files: they hold no saved games"),
    (
        "lev",
        LEV,
        {"check_content": True},
        "check_content=True",
        ".lev files: sokfmt checks the content of puzzles of the Sokoban family alone",
    ),
]


@pytest.mark.parametrize(("format", "text", "options", "given", "why"), UNUSED_CHECKS)
def test_a_check_a_format_has_no_use_for_is_one_warning(
    tmp_path: Path, format: str, text: str, options: dict[str, bool], given: str, why: str
) -> None:
    expected = f"{given} was given, which has no effect on {why}"
    found: list[Diagnostic] = []
    loads(text, format, diagnostics=found, **options)  # type: ignore[call-overload]
    assert [(d.code, d.message, d.line, d.column) for d in found] == [("LOAD101", expected, 1, 1)]
    path = tmp_path / f"x.{format}"
    path.write_text(text, encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        load(path, format=format, **options)  # type: ignore[call-overload]
    assert [str(w.message) for w in caught] == [f"LOAD101 {expected}"]
    assert all(issubclass(w.category, SokfmtWarning) for w in caught)


def test_checks_that_have_an_effect_are_no_warning() -> None:
    # Saved games are played in the .sok family and JSON; a collection of
    # any format but .lev has its content checked; False asks for nothing.
    for format in ("sok", "xsb", "json"):
        found: list[Diagnostic] = []
        loads(TEXTS[format], format, check_games=True, check_content=True, diagnostics=found)
        assert [d.code for d in found if d.code == "LOAD101"] == [], format
    found = []
    loads(SLC, "slc", check_content=True, diagnostics=found)
    loads(LEV, "lev", check_games=False, check_content=False, diagnostics=found)
    assert [d.code for d in found if d.code == "LOAD101"] == []


def test_loads_decodes_bytes_in_the_encoding_given() -> None:
    # "Café" in cp1252 (é is byte e9), as a .sok title and a JSON title.
    sok = b"Caf\xe9\n#####\n#@$.#\n#####\n"
    assert loads(sok, "sok", encoding="cp1252").puzzles[0].title == "Café"
    document = b'{"puzzles": [], "title": "Caf\xe9"}'
    assert loads(document, "json", encoding="cp1252").title == "Café"
    with pytest.raises(sokfmt.DecodeError) as caught:
        loads(sok, "sok", encoding="utf-8")  # e9 is no UTF-8 text: at line 1, column 4
    assert (caught.value.code, caught.value.line, caught.value.column) == ("DEC101", 1, 4)


def test_an_encoding_given_with_text_is_one_warning() -> None:
    found: list[Diagnostic] = []
    collection = loads(SOK, "sok", encoding="utf-8", diagnostics=found)
    assert collection.puzzles[0].title == "Tiny"
    assert [(d.code, d.message) for d in found] == [
        (
            "LOAD101",
            "encoding='utf-8' was given, which has no effect on a str (it is text)",
        )
    ]
