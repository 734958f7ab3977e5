"""How often a reading crosses from one module of sokfmt into another.

    python benchmarks/module_crossings.py [FILE]

Reads FILE (default: the bundled sample, 64 lines) with `sokfmt.loads_sok`,
once to warm every cache, then once under a profiler hook that sees every
call of a Python function.  A call counts when both the caller and the callee
are sokfmt's own code; a crossing is such a call from one module into
another.  The same is counted for the full path (every line through the
tokens, no fast path) when the reader offers it.  Issue 26 asks that a
reading of the sample cross modules at most 100 times.
"""

from __future__ import annotations

import inspect
import sys
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from types import FrameType
from typing import Any

import sokfmt
from sokfmt import Tessellation

PACKAGE = str(Path(sokfmt.__file__).resolve().parent)


def _module(frame: FrameType | None) -> str | None:
    """The sokfmt module a frame runs in (its file, relative), else None."""
    if frame is None:
        return None
    path = frame.f_code.co_filename
    return path[len(PACKAGE) + 1 :] if path.startswith(PACKAGE) else None


def count(read: Callable[[], object]) -> tuple[int, int, Counter[tuple[str, str]]]:
    """(calls, crossings, crossings by (from, to) module) of one `read()`."""
    read()  # caches (parsers, tables, patterns) are not what is counted
    calls = crossings = 0
    pairs: Counter[tuple[str, str]] = Counter()

    def hook(frame: FrameType, event: str, _: Any) -> None:
        nonlocal calls, crossings
        if event != "call":
            return
        callee = _module(frame)
        caller = _module(frame.f_back)
        if callee is None or caller is None:
            return
        calls += 1
        if callee != caller:
            crossings += 1
            pairs[caller, callee] += 1

    sys.setprofile(hook)
    try:
        read()
    finally:
        sys.setprofile(None)
    return calls, crossings, pairs


def _full_path(text: str) -> Callable[[], object] | None:
    """A reading of `text` with the fast paths off, where the reader has a
    switch for it (the tests hold the two paths to each other with it)."""
    for name in ("sokfmt._sok.read", "sokfmt.sok._read"):
        try:
            module = __import__(name, fromlist=["parse"])
        except ImportError:
            continue
        for reader in (getattr(module, "read_sok", None), getattr(module, "parse", None)):
            if reader is not None and "fast" in inspect.signature(reader).parameters:
                return lambda: reader(text, Tessellation.SOKOBAN, fast=False)
    return None


def sample_text() -> str:
    """The bundled sample collection."""
    return resources.files("sokfmt").joinpath("samples/sample.sok").read_text("utf-8")


def main() -> None:
    text = Path(sys.argv[1]).read_text(encoding="utf-8") if len(sys.argv) > 1 else sample_text()
    lines = text.count("\n")
    readings = {"loads_sok": lambda: sokfmt.loads_sok(text)}
    full = _full_path(text)
    if full is not None:
        readings["full path"] = full
    for name, read in readings.items():
        calls, crossings, pairs = count(read)
        print(f"{name}: {lines} lines, {calls} calls, {crossings} module crossings")
        for (caller, callee), times in pairs.most_common(8):
            print(f"    {times:>5}  {caller} -> {callee}")


if __name__ == "__main__":
    main()
