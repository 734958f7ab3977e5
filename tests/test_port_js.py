"""The grammars port: JavaScript parsers generated from grammars/ by lark-js, with
the hand-written port in tests/ports/js/, pass every language-neutral vector.

Needs Node.js and a Python with lark==1.1.5 and lark-js (lark-js works with that
lark only, so it lives in a virtual environment of its own), named by
SOKFMT_LARKJS_PYTHON. Where either is missing the tests skip, unless
SOKFMT_REQUIRE_PORT_CHECK=1 (CI) makes that a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PORT = ROOT / "tests" / "ports" / "js"
VECTORS = ROOT / "tests" / "vectors"
LANGUAGES = ("rle", "moves", "board", "lev", "sok")


def _unavailable(reason: str) -> None:
    if os.environ.get("SOKFMT_REQUIRE_PORT_CHECK") == "1":
        pytest.fail(f"the port check is required here, but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        _unavailable("Node.js is not installed (no 'node' on PATH)")
    generator = os.environ.get("SOKFMT_LARKJS_PYTHON", "")
    if not generator or not Path(generator).exists():
        _unavailable(
            "no lark-js generator: set SOKFMT_LARKJS_PYTHON to a Python that has "
            "lark==1.1.5 and lark-js (see README, Porting)"
        )
    parsers = tmp_path_factory.mktemp("js-parsers")
    subprocess.run(
        [generator, str(PORT / "generate.py"), str(ROOT / "grammars"), str(parsers)],
        check=True,
        capture_output=True,
    )
    result = subprocess.run(
        [str(node), str(PORT / "driver.js"), str(parsers), "vectors", str(VECTORS)],
        check=True,
        capture_output=True,
        text=True,
    )
    found: dict[str, Any] = json.loads(result.stdout)
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
