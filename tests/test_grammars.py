"""The grammar files: they build strictly, follow the style for ports, and
each fact stands in one grammar, from which the code derives it."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import interegular
import pytest
from lark import Lark

from sokfmt import Tessellation
from sokfmt._grammar.build import compact
from sokfmt._grammar.lalr import grammar_path, terminals
from sokfmt._grammar.moves import letters
from sokfmt._sok.read import _Builder
from sokfmt.board import SQUARE_NAMES

GRAMMARS = Path(__file__).parent.parent / "grammars"
NAMES = sorted(path.stem for path in GRAMMARS.glob("*.lark"))
LINE_CLASSES = (
    "COMMENT_LINE",
    "BLANK_LINE",
    "WALL_ROW_LINE",
    "EDGE_ROW_LINE",
    "FLOOR_ROW_LINE",
    "OPEN_ROW_LINE",
    "RLE_LINE",
    "MOVES_LINE",
    "PROPERTY_LINE",
    "SEMICOLON_LINE",
)


def test_the_grammars() -> None:
    assert NAMES == ["board", "lev", "moves", "rle", "sok"]


@pytest.mark.parametrize("name", NAMES)
def test_builds_strictly_with_the_basic_lexer(name: str) -> None:
    # strict: no shift/reduce conflicts and no two terminals that can match
    # the same text (checked with interegular).
    Lark(grammar_path(name).read_text("utf-8"), parser="lalr", lexer="basic", strict=True)


def test_line_classes_of_sok_never_match_the_same_line() -> None:
    # They are not used by rules (the lexer uses them), so lark's strict build
    # does not compare them: interegular does it here.
    machines = {
        name: interegular.parse_pattern(terminals("sok")[name]).to_fsm() for name in LINE_CLASSES
    }
    for first, second in itertools.combinations(LINE_CLASSES, 2):
        both = machines[first] & machines[second]
        assert both.empty(), (first, second, next(iter(both.strings()), None))


def test_line_classes_of_lev_never_match_the_same_line() -> None:
    # Step 1 of lev.lark: a comment, a blank line and each keyword line.
    lev = terminals("lev")
    keywords = [
        "".join(word) for word in interegular.parse_pattern(lev["KEYWORD"]).to_fsm().strings()
    ]
    classes = ["COMMENT", "BLANK_LINE", *(word.upper() for word in keywords)]
    machines = {name: interegular.parse_pattern(lev[name]).to_fsm() for name in classes}
    for first, second in itertools.combinations(classes, 2):
        both = machines[first] & machines[second]
        assert both.empty(), (first, second, next(iter(both.strings()), None))
    # Each keyword line begins with its keyword, as a word.
    for word in keywords:
        begins = interegular.parse_pattern(rf"[ \t]*{word}(?:[ \t][^\n]*)?").to_fsm()
        assert machines[word.upper()].issubset(begins), word


def test_every_step_and_unit_of_sok_has_a_callback() -> None:
    # The grammar's steps (aliases) and units are what the reader does; its
    # states (rules named for where the reader stands) return nothing.
    parser = Lark(grammar_path("sok").read_text("utf-8"), parser="lalr", lexer="basic")
    steps = {str(rule.alias) for rule in parser.rules if rule.alias}
    units = {
        rule.origin.name
        for rule in parser.rules
        if not rule.alias and not rule.origin.name.startswith("_")
    }
    states = {rule.origin.name for rule in parser.rules if rule.alias} | {"start"}
    callbacks = _Builder(Tessellation.SOKOBAN, print).callbacks()
    assert steps | (units - states) == set(callbacks)


def test_the_legend_of_sok_lark_is_that_of_board_lark() -> None:
    # Each grammar stands alone; the legend its line classes are made of is
    # the one boards are read with, square by square.
    def characters(grammar: str, name: str) -> set[str]:
        pattern = re.compile(terminals(grammar)[name])
        return {chr(code) for code in range(0x250) if pattern.fullmatch(chr(code))}

    for name in (*SQUARE_NAMES, "SQUARE"):
        assert characters("sok", name) == characters("board", name), name


def test_tessellation_letters_come_from_moves_lark() -> None:
    for tessellation in Tessellation:
        expected = {*tessellation.letters, *(letter.upper() for letter in tessellation.letters)}
        assert set(letters(tessellation)) == expected
    assert {t.name for t in Tessellation} == {
        name.removesuffix("_LETTER")
        for name in terminals("moves")
        if name.endswith("_LETTER") and name not in ("LETTER", "COUNTED_LETTER")
    }


def test_the_legend_has_a_canonical_square_for_each_of_its_squares() -> None:
    square = re.compile(terminals("board")["SQUARE"])
    named = "".join(terminals("board")[name] for name in SQUARE_NAMES)
    for code in range(128):
        char = chr(code)
        assert bool(square.fullmatch(char)) == bool(
            re.fullmatch("|".join(terminals("board")[n] for n in SQUARE_NAMES), char)
        ), (char, named)


@pytest.mark.parametrize("name", NAMES)
def test_compacted_terminals_match_what_lark_matches(name: str) -> None:
    parser = Lark(grammar_path(name).read_text("utf-8"), parser="lalr", lexer="basic")
    compiled, _, _ = parser.grammar.compile(parser.options.start, "*")
    rng = random.Random(name)
    alphabet = "#W@pm+PM$b*B.o \t-_0123456789()|lurdneswLURDNESW[]{}:x\n;ACsizetg"
    for terminal in compiled:
        original = re.compile(terminal.pattern.to_regexp())
        compacted = re.compile(compact(terminal.pattern.to_regexp()))
        for _ in range(300):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))
            assert bool(original.fullmatch(text)) == bool(compacted.fullmatch(text)), (
                terminal.name,
                text,
            )


@pytest.mark.parametrize("name", NAMES)
def test_uses_only_the_portable_dialect(name: str) -> None:
    text = (GRAMMARS / f"{name}.lark").read_text("utf-8")
    code = "\n".join(line.split("//")[0] for line in text.splitlines())
    assert "%import" not in code
    assert not re.search(r"\b[A-Za-z_]+\.\d+\s*:", code), "no priorities"
    assert not re.search(r"/[a-z]*[imsux]+\s*$", code, re.MULTILINE), "no regexp flags"
    assert not re.search(r"^\s*_?[a-z_]+\{", code, re.MULTILINE), "no templates"


@pytest.mark.parametrize("name", NAMES)
def test_header_tells_a_porter_what_to_know(name: str) -> None:
    header = (GRAMMARS / f"{name}.lark").read_text("utf-8").split("\n\n")[0]
    assert "Start rule: start" in header
    assert "Lark LALR(1)" in header
    text = (GRAMMARS / f"{name}.lark").read_text("utf-8")
    assert "Semantic rules, enforced in code" in text


def test_grammars_are_found_from_the_package() -> None:
    assert grammar_path("rle").read_text("utf-8") == (GRAMMARS / "rle.lark").read_text("utf-8")


def test_the_recognised_keys_are_those_of_sok_lark() -> None:
    """The header of sok.lark lists the keys each kind of notes recognises;
    the readers and the writer take them from one table."""
    from sokfmt.properties import FILE_FIELDS, GAME_FIELDS, PUZZLE_FIELDS

    header = " ".join(
        line.removeprefix("//").strip()
        for line in (GRAMMARS / "sok.lark").read_text(encoding="utf-8").splitlines()
    )
    listed = re.search(
        r"Recognised keys: (.+?) in the file notes; (.+?) in puzzle notes; "
        r"(.+?) in saved game notes",
        header,
    )
    assert listed is not None
    for text, fields in zip(
        listed.groups(), (FILE_FIELDS, PUZZLE_FIELDS, GAME_FIELDS), strict=True
    ):
        keys = [key.casefold() for key in re.split(r", | and ", text)]
        assert sorted(keys) == sorted(key for field in fields for key in field.read)


def test_the_lev_keywords_are_those_of_lev_lark() -> None:
    """The model (which lines are keyword lines) and the reader (the keywords
    an unknown section is told) list the words that lev.lark's KEYWORD
    terminal matches, and no other."""
    from sokfmt import lev
    from sokfmt._grammar import lev as _lev

    keyword = re.compile(terminals("lev")["KEYWORD"])
    words = set(re.findall(r"[a-z]+", (GRAMMARS / "lev.lark").read_text(encoding="utf-8")))
    matched = {word for word in words if keyword.fullmatch(word)}
    assert len(matched) == 8
    assert set(lev._KEYWORDS) == matched
    assert set(_lev._grammar().keywords) == matched
