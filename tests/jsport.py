"""The JavaScript package of ports/js, run by the tests that hold it to the
vectors and to sokfmt (tests/test_port_js.py, tests/test_port_differential.py,
tests/test_port_package.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PORT = ROOT / "ports" / "js"


@dataclass(frozen=True)
class JsPort:
    """Node.js, with the package and its shipped parsers."""

    node: str

    def start_batch(self, inputs: Path) -> subprocess.Popen[str]:
        """ports/js/test/batch.js started on a batch of inputs: the caller may
        work meanwhile, then read its output with `output`.  (It writes once,
        at the end, so a pipe not read yet does not stall it.)"""
        command = [self.node, str(PORT / "test" / "batch.js"), str(inputs)]
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    @staticmethod
    def output(process: subprocess.Popen[str]) -> str:
        """What a started process wrote, once it has ended well."""
        out, errors = process.communicate()
        if process.returncode:
            raise subprocess.CalledProcessError(process.returncode, process.args, out, errors)
        return out

    def node_tests(self, *names: str) -> subprocess.CompletedProcess[str]:
        """`node --test` over the package's tests (test/NAME.test.js, all by default)."""
        tests = [PORT / "test" / f"{name}.test.js" for name in names] or sorted(
            (PORT / "test").glob("*.test.js")
        )
        return subprocess.run(
            [self.node, "--test", *map(str, tests)],
            cwd=PORT,
            capture_output=True,
            text=True,
            check=False,
        )


def unavailable(reason: str) -> None:
    """Skip, unless SOKFMT_REQUIRE_PORT_CHECK=1 (CI) makes the missing tool a failure."""
    if os.environ.get("SOKFMT_REQUIRE_PORT_CHECK") == "1":
        pytest.fail(f"the port check is required here, but {reason}")
    pytest.skip(reason)


def js_port() -> JsPort:
    """The package, run by Node.js; where Node.js is missing the tests that
    use it skip, unless SOKFMT_REQUIRE_PORT_CHECK=1 (CI) makes that a failure."""
    node = shutil.which("node")
    if node is None:
        unavailable("Node.js is not installed (no 'node' on PATH)")
    assert node is not None
    return JsPort(node)


def larkjs_python() -> str:
    """The Python that has lark==1.1.5 and lark-js (lark-js works with that
    lark only, so it lives in a virtual environment of its own), named by
    SOKFMT_LARKJS_PYTHON: what rebuilds the shipped parsers."""
    generator = os.environ.get("SOKFMT_LARKJS_PYTHON", "")
    if not generator or not Path(generator).exists():
        unavailable(
            "no lark-js generator: set SOKFMT_LARKJS_PYTHON to a Python that has "
            "lark==1.1.5 and lark-js (see README, Porting)"
        )
    return generator
