"""Generate a JavaScript LALR parser from each grammar with lark-js.

Run with a Python that has lark==1.1.5 and lark-js (lark-js's output is known
to work with that lark only, so it lives in a virtual environment of its own,
never among sokfmt's dependencies):

    python generate.py GRAMMARS_DIR OUT_DIR

Each grammar is built as sokfmt builds it (LALR, basic lexer), and keeps every
terminal, even those no rule uses, so that the port reads the grammar's own
line classes, legend and keyword lines.  Those no rule uses come last in the
lexer, at a lower priority: they are parts of the others (RLE's DIGIT, the
legend's WALL), so the lexer never makes a token of them, and a string among
them ("|", "*") does not retype what a wider terminal matches.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lark import Lark
from larkjs.__main__ import generate_js_standalone


def main(grammars: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(grammars.glob("*.lark")):
        text = path.read_text(encoding="utf-8")
        parser = Lark(text, parser="lalr", lexer="basic")
        used = {terminal.name for terminal in parser.terminals}
        terminals, _, _ = parser.grammar.compile(parser.options.start, "*")
        for terminal in terminals:
            terminal.pattern.max_width  # noqa: B018 - computes the width lark-js reads
            if terminal.name not in used:
                terminal.priority = -1
        parser.terminals = parser.lexer_conf.terminals = terminals
        (out / f"{path.stem}.js").write_text(generate_js_standalone(parser), encoding="utf-8")
        print(path.stem)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
