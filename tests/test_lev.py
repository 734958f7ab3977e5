"""The .lev format: vectors, rules, round trips."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sokfmt import (
    Diagnostic,
    LevPuzzle,
    LevSyntaxError,
    SokfmtWarning,
    UnknownSection,
    ValidationError,
    dumps_lev,
    from_dict,
    load_lev,
    loads_lev,
)
from sokfmt._grammar import lalr
from sokfmt.lev import DEFAULT_COLOR

VECTORS = Path(__file__).parent / "vectors" / "lev"
FILES = sorted(VECTORS.glob("*.lev"))


def _read(text: str | Path) -> LevPuzzle:
    """The puzzle of a text (or a file) without errors, whose warnings are
    those of its unknown sections (LEV113), one each."""
    found: list[Diagnostic] = []
    if isinstance(text, Path):
        puzzle = load_lev(text, diagnostics=found)
    else:
        puzzle = loads_lev(text, diagnostics=found)
    assert [d.code for d in found] == ["LEV113"] * len(puzzle.unknown)
    return puzzle


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_file_reads_as_its_json(path: Path) -> None:
    expected = json.loads(path.with_suffix(".json").read_text("utf-8"))
    puzzle = _read(path)
    assert puzzle.to_dict() == expected
    assert from_dict(LevPuzzle, expected) == puzzle


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_file_round_trips(path: Path) -> None:
    puzzle = _read(path)
    text = dumps_lev(puzzle)
    assert _read(text) == puzzle
    assert dumps_lev(_read(text)) == text


def _invalid() -> list[Any]:
    document = json.loads((VECTORS / "invalid.json").read_text("utf-8"))
    return [pytest.param(case, id=case["name"]) for case in document["cases"]]


@pytest.mark.parametrize("case", _invalid())
def test_invalid_files_report_their_position(case: dict[str, Any]) -> None:
    with pytest.raises(LevSyntaxError) as caught:
        loads_lev(case["input"], strict=case.get("strict", False))
    assert (caught.value.line, caught.value.column) == (
        case["error"]["line"],
        case["error"]["column"],
    )


def test_the_rules_take_every_line_and_every_end() -> None:
    # Step 3 refuses nothing that steps 1 and 2 make: in every configuration
    # every line's token (a line left out reads as a BLANK) and the end of the
    # input have a step; a ROW, where it follows an INITIAL, a TARGET or a ROW.
    automaton = lalr.Automaton(lalr.table("lev"))
    configuration = 0
    rows = 0
    while configuration < len(automaton.steps):
        row = automaton.row(configuration)
        assert all(row[token] for token in row if token != "ROW"), configuration
        for token in ("INITIAL", "TARGET", "ROW"):
            step = row[token]
            if step is not None and step[0] != lalr.ACCEPTED:
                assert automaton.row(step[0])["ROW"] is not None
                rows += 1
        configuration += 1
    assert rows
    assert configuration < 1000  # the rules reach few configurations


def test_the_reader_builds_what_the_model_checks() -> None:
    # The reader builds puzzles without the model's checks: they must pass them.
    for path in FILES:
        puzzle = _read(path)
        assert dataclasses.replace(puzzle) == puzzle


def test_c19_from_the_description() -> None:
    puzzle = load_lev(VECTORS / "c19.lev")
    assert (puzzle.width, puzzle.height) == (4, 5)
    assert puzzle.initial[0] == "AA11"
    assert puzzle.target[3:] == ("AA..", "AA..")
    pieces = puzzle.pieces
    assert sorted(pieces) == ["1", "2", "3", "4", "5", "6", "7", "8", "A"]
    assert pieces["A"].cells == frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})
    assert pieces["A"].color == (127, 0, 0)
    assert pieces["5"].color == DEFAULT_COLOR
    assert puzzle.end
    assert puzzle.comments == (
        "; C19 from _Sliding Piece Puzzles_",
        "; Move the big red square to the bottom left corner",
        ";",
    )
    # Written back exactly as the description prints it.
    assert dumps_lev(puzzle) == (VECTORS / "c19.lev").read_text("utf-8")


# ------------------------------------------------------- steps 1 and 3
# What lev.lark's terminals and rules decide.


def _error(text: str, strict: bool = False) -> tuple[str, int, int]:
    with pytest.raises(LevSyntaxError) as caught:
        loads_lev(text, strict=strict)
    return caught.value.code, caught.value.line, caught.value.column


def test_comment_lines() -> None:
    assert loads_lev("; c\nsize 1 1\ninitial\nA\n").comments == ("; c",)
    assert _read("size 1 1\ninitial\nA\n ; c\n").unknown == (UnknownSection(" ; c"),)


def test_keyword_lines() -> None:
    assert loads_lev("  size\t2 1  \ninitial\nA.\n").initial == ("A.",)
    assert _error("size 2 x\n") == ("LEV101", 1, 8)
    assert _error("size 1 1\ninitial\nA\nend now\n") == ("LEV101", 4, 5)
    assert _error("size 1 1\ninitial\nA\nimg A\n") == ("LEV101", 4, 6)
    # A word that begins with a keyword is no keyword.
    assert _read("size 1 1\ninitial\nA\nending\n").unknown == (UnknownSection("ending"),)


def test_blank_lines() -> None:
    puzzle = loads_lev("size 1 1\n\t \ninitial\nA\n\n")
    assert (puzzle.initial, puzzle.unknown) == (("A",), ())


def test_unknown_sections() -> None:
    text = "size 2 1\ninitial\nA.\nhistory 2\nmove A right\n\nmore\n"
    with pytest.warns(SokfmtWarning) as caught:  # without a list: Python's warnings
        puzzle = loads_lev(text)
    assert [str(warning.message)[:15] for warning in caught] == [
        "line 4: LEV113 ",
        "line 7: LEV113 ",
    ]
    assert puzzle.unknown == (UnknownSection("history 2\nmove A right"), UnknownSection("more"))
    assert [section.line for section in puzzle.unknown] == [4, 7]
    assert puzzle.unknown[0].keyword == "history"
    with pytest.raises(LevSyntaxError, match="Unknown section 'history'"):
        loads_lev(text, strict=True)
    # A line left out parts the lines around it.
    found: list[Diagnostic] = []
    puzzle = loads_lev("size 1 1\ninitial\nA\nxy\nend y\nz\n", diagnostics=found)
    assert puzzle.unknown == (UnknownSection("xy"), UnknownSection("z"))
    assert [d.code for d in found] == ["LEV113", "LEV101", "LEV113"]


def test_the_order_of_sections() -> None:
    assert _error("initial\nA\nsize 1 1\n") == ("LEV102", 1, 1)
    assert _error("size 1 1\ninitial\nA\nsize 1 1\n") == ("LEV104", 4, 1)
    assert _error("size 1 1\ninitial\nA\n  initial\nA\n") == ("LEV104", 4, 3)
    assert _error("size 1 1\ntarget\nA\ninitial\nA\ntarget\nA\n") == ("LEV104", 6, 1)
    assert _error("; c\n") == ("LEV102", 2, 1)
    assert _error("size 1 1\ntarget\nA") == ("LEV103", 3, 2)
    puzzle = loads_lev("end\nsize 1 1\ntarget\nA\ninitial\nA\n")
    assert puzzle.layout == ("end", "size", "target", "initial")


def test_a_refused_section_is_left_out_with_its_rows() -> None:
    found: list[Diagnostic] = []
    text = "size 2 1\ninitial\nA.\ninitial\n#!\ncolor A 1 2 3\n"
    puzzle = loads_lev(text, diagnostics=found)
    assert [(d.code, d.line) for d in found] == [("LEV104", 4)]
    assert puzzle.initial == ("A.",)
    assert puzzle.layout == ("size", "initial", "color")


# ------------------------------------------------- the numbered rules
# One test per rule of grammars/lev.lark's header, named after it;
# `test_every_rule_has_its_test` keeps the two lists the same.


def test_rule_rows_by_count() -> None:
    puzzle = loads_lev("size 3 1\ninitial\nend\n")
    assert puzzle.initial == ("end",)
    assert not puzzle.end
    # A comment ends the rows early: "initial" then has one row of two.
    assert _error("size 1 2\ninitial\nA\n; c\nB\n") == ("LEV105", 4, 1)
    # Without a size in range, no rows are expected: "A" is an unknown section.
    assert _error("size 1 0\ninitial\nA\n") == ("LEV115", 1, 8)
    found: list[Diagnostic] = []
    with pytest.raises(LevSyntaxError):
        loads_lev("size 1 0\ninitial\nA\n", diagnostics=found)
    assert [(d.code, d.line) for d in found] == [("LEV115", 1), ("LEV113", 3)]


def test_rule_one_row_too_many() -> None:
    assert _error("size 2 1\ninitial\nA.\n..\n") == ("LEV114", 4, 1)
    assert _error("size 2 1\ninitial\nA.\n\t.. \n") == ("LEV114", 4, 1)
    # Not as wide, or not right after the rows: an unknown section.
    assert _read("size 2 1\ninitial\nA.\n...\n").unknown == (UnknownSection("..."),)
    assert _read("size 2 1\ninitial\nA.\n\n..\n").unknown == (UnknownSection(".."),)


def test_rule_sections_once() -> None:
    assert _error("size 1 1\ninitial\nA\nend\nend\n") == ("LEV104", 5, 1)
    assert _error("fgimg a\nsize 1 1\ninitial\nA\n fgimg b\n") == ("LEV104", 5, 2)
    found: list[Diagnostic] = []
    puzzle = loads_lev("bgimg a\nsize 1 1\ninitial\nA\nbgimg b\n", diagnostics=found)
    assert (puzzle.background, puzzle.layout) == ("a", ("bgimg", "size", "initial"))


def test_rule_rows_and_cells() -> None:
    assert _error("size 2 1\ninitial\nA\n") == ("LEV106", 3, 2)
    assert _error("size 2 1\ninitial\nA.B\n") == ("LEV106", 3, 3)
    assert _error("size 2 1\ninitial\nA#\n") == ("LEV107", 3, 2)
    assert _error("size 2 2\ninitial\nA.\n") == ("LEV105", 4, 1)
    assert loads_lev("size 2 1\ninitial\nA. \t\n").initial == ("A.",)


def test_rule_target_shapes() -> None:
    assert _error("size 2 1\ninitial\nA.\ntarget\n.B\n") == ("LEV108", 5, 2)
    assert _error("size 3 1\ninitial\nAA.\ntarget\nA.A\n") == ("LEV109", 5, 1)
    assert loads_lev("size 3 1\ninitial\nAA.\ntarget\n.AA\n").target == (".AA",)


def test_rule_colors() -> None:
    assert _error("size 1 1\ninitial\nA\ncolor A 0 0 300\n") == ("LEV110", 4, 13)
    assert _error("size 1 1\ninitial\nA\ncolor A 0 0 0256\n") == ("LEV110", 4, 13)
    assert _error("size 1 1\ninitial\nA\ncolor B 1 2 3\n") == ("LEV111", 4, 7)
    assert _error("size 1 1\ninitial\nA\ncolor A 1 2 3\ncolor A 1 2 3\n") == ("LEV112", 5, 7)
    assert _error("size 1 1\ninitial\nA\nimg A a\nimg  A b\n") == ("LEV112", 5, 6)
    puzzle = loads_lev("size 1 1\ninitial\nA\ncolor A 0 0 007\nimg A a b\n")
    assert (puzzle.colors, puzzle.images) == ((("A", (0, 0, 7)),), (("A", "a b"),))


def test_every_rule_has_its_test() -> None:
    header = (Path(__file__).parents[1] / "grammars" / "lev.lark").read_text(encoding="utf-8")
    rules = re.findall(r"^//\s+(\d+)\. (\w+):", header.split("\nstart:")[0], re.MULTILINE)
    assert [int(number) for number, _ in rules] == [1, 2, 3, 4, 5, 6]
    tests = {name for name in globals() if name.startswith("test_rule_")}
    assert tests == {f"test_rule_{rule}" for _, rule in rules}


def test_load_from_a_binary_file() -> None:
    data = io.BytesIO(b"; caf\xe9\r\nsize 1 1\r\ninitial\r\nA\r\n")
    puzzle = load_lev(data)
    assert puzzle.comments == ("; café",)
    assert puzzle.initial == ("A",)


def test_constructor_checks() -> None:
    with pytest.raises(ValidationError, match="rows of 2 cells"):
        LevPuzzle(2, 1, ("A",))
    with pytest.raises(ValidationError, match=r"0\.\.255"):
        LevPuzzle(1, 1, ("A",), colors=(("A", (0, 0, 300)),))
    with pytest.raises(ValidationError, match="layout"):
        LevPuzzle(1, 1, ("A",), layout=("size",))
    with pytest.raises(ValidationError, match="Unknown key 'moves'"):
        from_dict(LevPuzzle, {"width": 1, "height": 1, "initial": ["A"], "moves": []})


# ------------------------------------------------------ generated round trips


@st.composite
def puzzles(draw: st.DrawFn) -> LevPuzzle:
    width = draw(st.integers(1, 6))
    height = draw(st.integers(1, 6))
    labels = "AB12xy"
    cell = st.sampled_from(".." + labels)
    initial = tuple(
        "".join(draw(st.lists(cell, min_size=width, max_size=width))) for _ in range(height)
    )
    present = sorted({c for row in initial for c in row} - {"."})
    if not present:
        initial = ("A" + initial[0][1:], *initial[1:])
        present = ["A"]
    rgb = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))
    colors = tuple((label, draw(rgb)) for label in present if draw(st.booleans()))
    images = tuple((label, f"img {label}.png") for label in present if draw(st.booleans()))
    # The target: every piece moved by nothing, or left out.
    target = tuple(
        "".join(c if c == "." or c in present[:1] else "." for c in row) for row in initial
    )
    words = st.text(alphabet="abc xyz", max_size=10)
    return LevPuzzle(
        width,
        height,
        initial,
        target=target if draw(st.booleans()) else (),
        colors=colors,
        images=images,
        foreground=draw(st.sampled_from(["", "fg.png"])),
        background=draw(st.sampled_from(["", "bg picture.png"])),
        end=draw(st.booleans()),
        comments=tuple(f";{text}" for text in draw(st.lists(words, max_size=2))),
        unknown=tuple(
            UnknownSection(f"history{n}\nstep {n}") for n in range(draw(st.integers(0, 2)))
        ),
    )


@settings(max_examples=150, deadline=None)
@given(puzzles())
def test_generated_puzzles_round_trip(puzzle: LevPuzzle) -> None:
    text = dumps_lev(puzzle)
    read = _read(text)
    assert dataclasses.replace(read) == read
    assert read.to_dict() | {"layout": []} == puzzle.to_dict() | {"layout": []}
    assert _read(dumps_lev(read)) == read
    assert from_dict(LevPuzzle, json.loads(json.dumps(read.to_dict()))) == read


_PIECES = st.sampled_from(
    [
        "size 2 2",
        "size 3 1",
        "size 0 1",
        "initial",
        "target",
        "end",
        "AB",
        "A.",
        "..",
        "#.",
        "color A 1 2 3",
        "color B 300 0 0",
        "img A a.png",
        "fgimg f.png",
        "bgimg",
        ";",
        "; x",
        "history",
        "",
        "  ",
        "size",
        "AAA",
        "initial x",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=14), st.booleans())
@example(["size 3 1", "initial", "A.B", "AB"], False)  # LEV113 read past, as a warning
def test_any_text_reads_or_fails_cleanly(lines: list[str], strict: bool) -> None:
    text = "\n".join(lines)
    found: list[Diagnostic] = []
    try:  # read on past the problems: lines left out
        read = loads_lev(text, strict=strict, diagnostics=found)
        assert dataclasses.replace(read) == read
    except LevSyntaxError:
        pass
    # Without a list, its warnings (LEV113, an unknown section) go to
    # Python's warnings, and nothing else does.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            puzzle = loads_lev(text, strict=strict)
        except LevSyntaxError as error:
            assert 1 <= error.line <= len(lines) + 1
            return
        assert loads_lev(dumps_lev(puzzle), strict=strict) == puzzle
    assert all(issubclass(warning.category, SokfmtWarning) for warning in caught)
