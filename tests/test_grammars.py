"""The grammar files: they build strictly, follow the style for ports, and every
rule they keep has a transformer method."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lark import Lark, Transformer

from sokfmt._grammar import grammar_path
from sokfmt._lev import _LevTransformer
from sokfmt._moves import _MovesTransformer
from sokfmt._rle import _RleTransformer
from sokfmt._sok import _SokTransformer

GRAMMARS = Path(__file__).parent.parent / "grammars"
TRANSFORMERS: dict[str, type[Transformer[object, object]]] = {
    "board": _RleTransformer,
    "lev": _LevTransformer,
    "moves": _MovesTransformer,
    "rle": _RleTransformer,
    "sok": _SokTransformer,
}
NAMES = sorted(path.stem for path in GRAMMARS.glob("*.lark"))


def test_every_grammar_has_a_transformer() -> None:
    assert sorted(TRANSFORMERS) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_builds_strictly_with_the_basic_lexer(name: str) -> None:
    # strict: no shift/reduce conflicts and no two terminals that can match
    # the same text (checked with interegular).
    Lark(grammar_path(name).read_text("utf-8"), parser="lalr", lexer="basic", strict=True)


@pytest.mark.parametrize("name", NAMES)
def test_every_kept_rule_has_a_transformer_method(name: str) -> None:
    parser = Lark(grammar_path(name).read_text("utf-8"), parser="lalr", lexer="basic")
    kept = {rule.origin.name for rule in parser.rules if not rule.origin.name.startswith("_")}
    missing = {rule for rule in kept if not callable(getattr(TRANSFORMERS[name], rule, None))}
    assert not missing


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
