"""The grammars port: JavaScript parsers generated from grammars/ by lark-js, with
the hand-written port in ports/js/, pass every language-neutral vector.

Needs Node.js and a Python with lark==1.1.5 and lark-js (lark-js works with that
lark only, so it lives in a virtual environment of its own), named by
SOKFMT_LARKJS_PYTHON. Where either is missing the tests skip, unless
SOKFMT_REQUIRE_PORT_CHECK=1 (CI) makes that a failure.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsport import JsPort

VECTORS = Path(__file__).resolve().parent / "vectors"
LANGUAGES = ("rle", "moves", "board", "lev", "sok")


@pytest.fixture(scope="module")
def report(js_port: JsPort) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(js_port.run("vectors", str(VECTORS)))
    return found


def _cases(language: str) -> int:
    """How many vectors a language has (files count one each)."""
    if language in ("rle", "moves"):
        return len(json.loads((VECTORS / f"{language}.json").read_text("utf-8"))["cases"])
    if language == "board":
        return len(json.loads((VECTORS / "board" / "boards.json").read_text("utf-8"))["cases"])
    folder = VECTORS / language
    files = [p for p in folder.iterdir() if p.suffix in (".sok", ".xsb", ".lev")]
    invalid = json.loads((folder / "invalid.json").read_text("utf-8"))["cases"]
    return len(files) + len(invalid)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_port_passes_every_vector(report: dict[str, Any], language: str) -> None:
    counts = report[language]
    print(f"{language}: {counts['passed']} passed, {counts['failed']} failed")
    assert counts["failures"] == []
    assert counts["passed"] == _cases(language)
