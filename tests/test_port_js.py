"""The JavaScript package (ports/js) passes every language-neutral vector and
its own tests: `node --test` over ports/js/test (the vectors, calls started
inside other calls, the README's examples).

Needs Node.js; where it is missing the tests skip, unless
SOKFMT_REQUIRE_PORT_CHECK=1 (CI) makes that a failure.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsport import JsPort

VECTORS = Path(__file__).resolve().parent / "vectors"


def _cases() -> int:
    """How many vectors the readers of the package have (files count one each)."""
    tables = ["rle.json", "moves.json", "board/boards.json", "sok/invalid.json", "lev/invalid.json"]
    tables.append("sok/diagnostics.json")
    count = sum(len(json.loads((VECTORS / t).read_text("utf-8"))["cases"]) for t in tables)
    files = [*(VECTORS / "sok").iterdir(), *(VECTORS / "lev").iterdir()]
    return count + sum(p.suffix in (".sok", ".xsb", ".lev") for p in files)


def _counts(output: str) -> dict[str, int]:
    return {
        key: int(value) for key, value in re.findall(r"^# (tests|pass|fail) (\d+)$", output, re.M)
    }


def test_the_package_passes_every_vector(js_port: JsPort) -> None:
    run = js_port.node_tests("vectors")
    print(run.stdout[-300:])
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr
    assert _counts(run.stdout) == {"tests": _cases(), "pass": _cases(), "fail": 0}


@pytest.mark.parametrize("name", ["reentrancy", "readme", "api"])
def test_the_package_passes_its_node_tests(js_port: JsPort, name: str) -> None:
    run = js_port.node_tests(name)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr
    counts = _counts(run.stdout)
    assert counts["fail"] == 0, counts
    assert counts["pass"] == counts["tests"] > 0, counts
