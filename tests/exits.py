"""The exits of a fast path to the full path, by the reason each gives.

Every exit of sokfmt/_sok/plain.py and sokfmt/_sok/bare.py (a return that
hands the text, or the rest of it, to the full path, or that makes a run no
block) names its reason in a comment, "# exit: REASON".  The fast paths pay nothing for
it: `Exits` reads the comments from the source, and while a test reads a
text it traces the module's functions and records the reasons of the exits
they return from (tests/test_sok_plain.py and tests/test_sok.py count those
their generators reach, and fail on one never reached).
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import CodeType, FrameType, ModuleType
from typing import Any

_TAG = re.compile(r"^\s*return\b.*#\s*exit:\s*(.+?)\s*$")


class Exits:
    """The exits of `module` (its reason by line) and how often each was taken."""

    def __init__(self, module: ModuleType) -> None:
        lines, _ = inspect.getsourcelines(module)
        self.module = module
        self.reasons = {
            number: found[1]
            for number, line in enumerate(lines, start=1)
            if (found := _TAG.search(line)) is not None
        }
        self.taken: Counter[str] = Counter()

    def unnamed(self, function: Callable[..., object]) -> list[int]:
        """The lines of the returns of `function` that may return None (each
        an exit) and name no reason."""
        lines, first = inspect.getsourcelines(function)
        tree = ast.parse("".join(lines))
        return [
            first + node.lineno - 1
            for node in ast.walk(tree)
            if isinstance(node, ast.Return)
            and isinstance(node.value, ast.Constant | ast.IfExp)
            and None in _constants(node.value)
            and first + node.lineno - 1 not in self.reasons
        ]

    @contextmanager
    def tracing(self) -> Iterator[set[str]]:
        """Record the reasons of the exits taken inside the block (yielded as
        a set, and counted in `taken` when the block ends)."""
        codes = _codes(self.module)
        reasons, taken = self.reasons, set[str]()

        def local(frame: FrameType, event: str, value: Any) -> Callable[..., Any]:
            if event == "return" and frame.f_lineno in reasons:
                taken.add(reasons[frame.f_lineno])
            return local

        def calls(frame: FrameType, event: str, value: Any) -> Callable[..., Any] | None:
            if frame.f_code in codes:
                frame.f_trace_lines = False
                return local
            return None

        before = sys.gettrace()
        sys.settrace(calls)
        try:
            yield taken
        finally:
            sys.settrace(before)
            self.taken.update(taken)

    def never_taken(self) -> list[str]:
        """The reasons no traced reading went through."""
        return [reason for reason in self.reasons.values() if not self.taken[reason]]

    def report(self) -> str:
        """How often each exit was taken, in the order of the source."""
        return "\n".join(f"{self.taken[r]:6}  {r}" for r in self.reasons.values())


def _constants(node: ast.expr) -> list[object]:
    return [child.value for child in ast.walk(node) if isinstance(child, ast.Constant)]


def _codes(module: ModuleType) -> set[CodeType]:
    """The code of every function of `module`."""
    return {
        function.__code__
        for function in vars(module).values()
        if inspect.isfunction(function) and function.__module__ == module.__name__
    }
