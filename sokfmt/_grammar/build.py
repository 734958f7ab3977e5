"""The one module that imports lark: it compiles each grammar to the LALR
tables that `_grammar.lalr` runs, and writes them into `tables.py`.

    python -m sokfmt._grammar      # after editing grammars/*.lark

A reader never needs lark: `_grammar.lalr.table` refuses a table whose grammar changed
since, and the tests write the tables again and compare them with the file.
"""

from __future__ import annotations

import pprint
import re
from pathlib import Path
from typing import Any

from lark import Lark
from lark.parsers.lalr_analysis import Shift

from . import lalr as _lalr

GRAMMARS = ("rle", "moves", "board", "sok", "lev")


def parser(name: str) -> Lark:
    """lark's own LALR parser of grammar `name` (for the tests that hold the
    driver to it, and for compiling the tables)."""
    return Lark(
        _lalr.grammar_path(name).read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",
        maybe_placeholders=False,
    )


# ------------------------------------------------------------------- tables


def compile_table(name: str, text: str | None = None) -> dict[str, Any]:
    """The tables of grammar `name` (its `text`, else its file) as plain
    data (see `_grammar.lalr.Table`)."""
    if text is None:
        text = _lalr.grammar_path(name).read_text(encoding="utf-8")
    lark = Lark(text, parser="lalr", lexer="basic", maybe_placeholders=False)
    parse_table = lark.parser.parser.parser.parse_table
    compiled, _, _ = lark.grammar.compile(lark.options.start, "*")
    used = sorted(lark.terminals, key=_lexer_order)
    symbols = {str(symbol) for row in parse_table.states.values() for symbol in row}
    tokens = sorted(symbol for symbol in symbols if symbol.isupper())
    token_index = {token: i for i, token in enumerate(tokens)}
    number = _state_numbers(parse_table)
    rules: list[Any] = []
    rule_index: dict[Any, int] = {}
    action: list[dict[int, int]] = []
    goto: list[dict[str, int]] = []
    for state in sorted(parse_table.states, key=number.__getitem__):
        row, targets = {}, {}
        for symbol, (kind, argument) in sorted(parse_table.states[state].items()):
            if not symbol.isupper():
                targets[str(symbol)] = number[argument]
            elif kind is Shift:
                row[token_index[symbol]] = number[argument] + 1
            else:
                if argument not in rule_index:
                    rule_index[argument] = len(rules)
                    rules.append(argument)
                row[token_index[symbol]] = -rule_index[argument] - 1
        action.append(row)
        goto.append(targets)
    return {
        "hash": _lalr.grammar_hash(text),
        "terminals": {str(t.name): compact(t.pattern.to_regexp()) for t in compiled},
        "lexed": [str(t.name) for t in used],
        "ignored": sorted(map(str, lark.ignore_tokens)),
        "tokens": tokens,
        "rules": [[str(rule.origin.name), len(rule.expansion), _callback(rule)] for rule in rules],
        "rule_texts": [str(rule) for rule in rules],
        "action": action,
        "goto": goto,
        "start": number[parse_table.start_states["start"]],
        "end": number[parse_table.end_states["start"]],
    }


def _state_numbers(parse_table: Any) -> dict[int, int]:
    """lark's state numbers, which follow the order of its sets and change from
    run to run, renumbered in the order a breadth-first walk from the start
    state reaches them (successors by symbol name): one grammar, one file."""
    start = parse_table.start_states["start"]
    number = {start: 0}
    reached = [start]
    for state in reached:
        for _, (kind, argument) in sorted(parse_table.states[state].items()):
            if kind is Shift and argument not in number:
                number[argument] = len(number)
                reached.append(argument)
    assert len(number) == len(parse_table.states), "a state no walk reaches"
    return number


def _lexer_order(terminal: Any) -> tuple[int, int, int, str]:
    """The order in which lark's basic lexer tries terminals."""
    pattern = terminal.pattern
    return (-terminal.priority, -pattern.max_width, -len(pattern.value), terminal.name)


def _callback(rule: Any) -> str:
    """What lark calls a rule's tree node: its alias, its name, or nothing
    for an inlined rule (a name that begins with "_")."""
    if rule.alias:
        return str(rule.alias)
    name = str(rule.origin.name)
    return "" if name.startswith("_") else name


def write_tables(path: Path | None = None) -> Path:
    """Compile every grammar and write `tables.py`."""
    path = path or Path(_lalr.__file__).with_name("tables.py")
    tables = {name: compile_table(name) for name in GRAMMARS}
    lines = [
        '"""The LALR tables of grammars/*.lark, written by `python -m sokfmt._grammar`',
        'from the grammars themselves: do not edit (see `_grammar.lalr.table`)."""',
        "",
        "from typing import Any",
        "",
        "TABLES: dict[str, dict[str, Any]] = "
        + pprint.pformat(tables, width=100, sort_dicts=False),
        "",
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


# ------------------------------------------------------------------ regexes


_CLASS = r"\[(?:[^\]\\]|\\.)+\]"
_ALTERNATIVES = re.compile(rf"\(\?:({_CLASS}(?:\|{_CLASS})+)\)")


def compact(regex: str) -> str:
    """`regex` with each alternation of character classes, ``(?:[ab]|[cd])``,
    written as one class, ``[abcd]``: lark writes terminals made of
    sub-terminals as alternations, which Python matches many times slower."""
    while True:
        merged = _ALTERNATIVES.sub(_merge, regex)
        if merged == regex:
            return regex
        regex = merged


def _merge(found: re.Match[str]) -> str:
    classes = re.findall(_CLASS, found[1])
    if any(c.startswith("[^") for c in classes):
        return found[0]  # a negated class does not join others
    return "[" + "".join(c[1:-1] for c in classes) + "]"
