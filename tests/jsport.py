"""The JavaScript port of ports/js, run by the tests that compare it
with the vectors and with sokfmt (tests/test_port_js.py,
tests/test_port_differential.py)."""

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
    """Node.js and the parsers lark-js generated: runs ports/js/driver.js."""

    node: str
    parsers: Path

    def start(self, mode: str, argument: str) -> subprocess.Popen[str]:
        """The driver, started (`mode` is "vectors" or "batch"): the caller
        may work meanwhile, then read its output with `output`.  (The driver
        writes once, at the end, so a pipe not read yet does not stall it.)"""
        command = [self.node, str(PORT / "driver.js"), str(self.parsers), mode, argument]
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    @staticmethod
    def output(driver: subprocess.Popen[str]) -> str:
        """What a started driver wrote, once it has ended well."""
        out, errors = driver.communicate()
        if driver.returncode:
            raise subprocess.CalledProcessError(driver.returncode, driver.args, out, errors)
        return out

    def run(self, mode: str, argument: str) -> str:
        """The driver's output (`mode` is "vectors" or "batch")."""
        return self.output(self.start(mode, argument))


def _unavailable(reason: str) -> None:
    if os.environ.get("SOKFMT_REQUIRE_PORT_CHECK") == "1":
        pytest.fail(f"the port check is required here, but {reason}")
    pytest.skip(reason)


def js_port(tmp_path_factory: pytest.TempPathFactory) -> JsPort:
    """The port, with parsers generated from grammars/ (see README, Porting).

    Needs Node.js and a Python with lark==1.1.5 and lark-js (lark-js works with
    that lark only, so it lives in a virtual environment of its own), named by
    SOKFMT_LARKJS_PYTHON.  Where either is missing the tests that use the port
    skip, unless SOKFMT_REQUIRE_PORT_CHECK=1 (CI) makes that a failure.
    """
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
    assert node is not None
    return JsPort(node, parsers)
