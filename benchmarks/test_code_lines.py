"""The counts of benchmarks/code_lines.py and module_crossings.py, on inputs
whose counts are worked out by hand."""

from __future__ import annotations

import code_lines
import module_crossings

SNIPPET = '''"""A module docstring
over two lines."""

import os  # a comment after code counts: the line has code

# a comment alone does not


def f(x):
    """One line."""
    s = "# not a comment"
    return (x +
            1)
'''


def test_python_code_lines_leave_out_docstrings_comments_and_blank_lines() -> None:
    # Lines 4 (import), 9 (def), 11 (s = ...), 12 and 13 (the return over two lines).
    assert code_lines.python_code_lines(SNIPPET) == {4, 9, 11, 12, 13}
    assert code_lines.functions(SNIPPET) == [("f", 4)]


def test_javascript_code_lines_leave_out_comments_and_blank_lines() -> None:
    source = "// head\n\nconst a = 1; // tail\n  // indented\nfunction f() {}\n"
    assert code_lines.javascript_code_lines(source) == {3, 5}


def test_module_crossings_count_calls_between_sokfmt_modules() -> None:
    import sokfmt

    # Board.printed (board.py) calls into the RLE module once when asked for RLE.
    board = sokfmt.loads_board("#####\n#@$.#\n#####")
    calls, crossings, pairs = module_crossings.count(lambda: board.printed(rle=True))
    assert crossings == sum(pairs.values()) <= calls
    assert any(callee == "rle.py" or callee == "_rle.py" for _, callee in pairs)
