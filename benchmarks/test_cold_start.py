"""Starting up: `import sokfmt` and `sokfmt info` on the bundled sample, each
in a new process, against a Python that starts and does nothing.

The ratio is what a command costs before it does its job (every run of
`sokfmt` in a shell loop pays it).  Each process runs with bytecode caching
on, as an installed package does, after one run that writes the cache.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sokfmt" / "samples" / "sample.sok"

COMMANDS = {
    "import": ["-c", "import sokfmt"],
    "info": ["-m", "sokfmt", "info", str(SAMPLE)],
}


def _environment() -> dict[str, str]:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    environment["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])
    )
    return environment


def _run(arguments: list[str], environment: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, *arguments], env=environment, check=True, stdout=subprocess.DEVNULL
    )


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
@pytest.mark.parametrize("case", COMMANDS)
def test_cold_start(benchmark: BenchmarkFixture, case: str, implementation: str) -> None:
    environment = _environment()
    arguments = COMMANDS[case] if implementation == "sokfmt" else ["-c", "pass"]
    _run(arguments, environment)  # writes the bytecode cache
    benchmark.group = f"cold start {case}"
    benchmark.extra_info["implementation"] = implementation
    benchmark.pedantic(_run, args=(arguments, environment), rounds=15, iterations=1)
