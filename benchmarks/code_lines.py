"""Code lines of sokfmt and of its JavaScript port, docstrings and comments aside.

    python benchmarks/code_lines.py [--functions]

A code line is a line with a token that is neither a comment nor part of a
docstring (a module's, class's or function's first string); blank lines do
not count.  Python files are read with `tokenize` and `ast`, so a "#" inside
a string is code; JavaScript files count lines that are not blank and not
only a "//" comment, as the port's README counts them.  The groups are those
that issues 26 and 27 measure; `--functions` lists every function of a group's
modules with its count, largest first.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Each group and its files, relative to the project; a file that does not
# exist (yet, or any more) is left out with a word.
GROUPS: dict[str, tuple[str, ...]] = {
    "layout-deciding (steps 1 and 2)": ("sokfmt/_sok/postlex.py",),
    ".sok builder": ("sokfmt/_sok/read.py",),
    # What reading no longer does: content warnings, replay, problem order.
    ".sok checks pass": ("sokfmt/_sok/checks.py",),
    "fast paths": ("sokfmt/_sok/plain.py", "sokfmt/_sok/bare.py"),
    ".lev reader": ("sokfmt/_grammar/lev.py",),
    # Issue 27: the package's hand-written library (not its tests, build script
    # or generated parsers), at most 550; its fast paths, at most 150.
    "JavaScript package (library)": tuple(
        f"ports/js/{name}.js"
        for name in ("index", "grammars", "rle", "moves", "board", "sok", "lev", "fast")
    ),
    "JavaScript fast paths": ("ports/js/fast.js",),
}


def _docstring_lines(tree: ast.AST) -> set[int]:
    """The lines of every docstring of a module."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                assert first is not None
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def python_code_lines(source: str) -> set[int]:
    """The numbers of the code lines of a Python module."""
    skipped = {
        tokenize.COMMENT,
        tokenize.NL,
        tokenize.NEWLINE,
        tokenize.INDENT,
        tokenize.DEDENT,
        tokenize.ENDMARKER,
        tokenize.ENCODING,
    }
    lines: set[int] = set()
    for token in tokenize.tokenize(io.BytesIO(source.encode("utf-8")).readline):
        if token.type not in skipped:
            lines.update(range(token.start[0], token.end[0] + 1))
    return lines - _docstring_lines(ast.parse(source))


def javascript_code_lines(source: str) -> set[int]:
    """The numbers of the lines of a JavaScript file that are not blank and
    not only a comment."""
    return {
        number
        for number, line in enumerate(source.splitlines(), start=1)
        if line.strip() and not line.strip().startswith("//")
    }


def functions(source: str) -> list[tuple[str, int]]:
    """Each function of a Python module (methods as Class.name) and its code lines."""
    code = python_code_lines(source)
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert child.end_lineno is not None
                span = range(child.lineno, child.end_lineno + 1)
                found.append((f"{prefix}{child.name}", len(code.intersection(span))))

    visit(ast.parse(source), "")
    return sorted(found, key=lambda item: -item[1])


def count(path: Path) -> int:
    source = path.read_text(encoding="utf-8")
    lines = javascript_code_lines if path.suffix == ".js" else python_code_lines
    return len(lines(source))


def main() -> None:
    by_function = "--functions" in sys.argv
    for group, files in GROUPS.items():
        present = [ROOT / name for name in files if (ROOT / name).is_file()]
        missing = [name for name in files if not (ROOT / name).is_file()]
        counts = {path: count(path) for path in present}
        print(f"{group}: {sum(counts.values())} code lines")
        for path, lines in counts.items():
            print(f"    {lines:>5}  {path.relative_to(ROOT)}")
            if by_function and path.suffix == ".py":
                for name, size in functions(path.read_text(encoding="utf-8")):
                    print(f"          {size:>5}  {name}")
        for name in missing:
            print(f"        -  {name} (not in this tree)")


if __name__ == "__main__":
    main()
