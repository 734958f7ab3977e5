"""The LALR(1) tables that lark builds from grammars/, and what runs them.

lark compiles each grammar once, when the package is made (`_grammar.py`
writes `_tables.py`); reading runs the tables with the small driver below,
without importing lark.  Each table carries the hash of its grammar's text:
a grammar edited since its table was written is compiled again, with lark,
so that a stale table can never be used.

The driver follows lark's LALR parser step for step (tests/test_lalr.py runs
both on random token streams): the same tokens accepted, the same rules
reduced in the same order, the same token refused.  Rules named with a
leading "_" and no alias are inlined, as lark inlines them: their children
go to the rule above them.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent
# An installed wheel carries the grammars inside the package; a checkout (and
# an editable install) has them beside it, at the top of the project.
_SEARCH_PATH = (_PACKAGE / "grammars", _PACKAGE.parent / "grammars")

END = "$END"


def grammar_path(name: str) -> Path:
    """The file of grammar `name` (``rle``, ``moves``, ...)."""
    for folder in _SEARCH_PATH:
        path = folder / f"{name}.lark"
        if path.is_file():
            return path
    raise FileNotFoundError(f"Grammar {name}.lark not found in {', '.join(map(str, _SEARCH_PATH))}")


def grammar_hash(text: str) -> str:
    """What a table records of the grammar it was compiled from."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Splice(list[Any]):
    """The children of an inlined rule, on their way to the rule above."""

    __slots__ = ()


@dataclass(frozen=True)
class Table:
    """A grammar's compiled tables, as lists indexed by numbers."""

    name: str
    #: every terminal of the grammar, sub-terminals included, as a regular
    #: expression: lexers and fast paths use these, so that they match
    #: exactly what the grammar matches
    terminals: Mapping[str, str]
    #: the terminals lark's basic lexer tries, in its order, and those it drops
    lexed: tuple[str, ...]
    ignored: frozenset[str]
    #: token types, by number; `END` is one of them
    tokens: tuple[str, ...]
    token_index: Mapping[str, int]
    #: per rule: how many symbols it pops, the number of its left-hand side,
    #: and its callback name ("" for an inlined rule)
    lengths: tuple[int, ...]
    lhs: tuple[int, ...]
    callbacks: tuple[str, ...]
    #: action[state][token]: 0 refuses, n > 0 shifts to state n - 1, n < 0
    #: reduces rule -n - 1
    action: tuple[tuple[int, ...], ...]
    goto: tuple[tuple[int, ...], ...]
    start: int
    #: the state in which the end of the input is accepted
    end: int


@cache
def table(name: str) -> Table:
    """The tables of grammar `name`: those written into the package, or,
    when the grammar changed since, compiled again with lark."""
    text = grammar_path(name).read_text(encoding="utf-8")
    from ._tables import TABLES

    data = TABLES.get(name)
    if data is None or data["hash"] != grammar_hash(text):
        from ._grammar import compile_table

        data = compile_table(name, text)
    return _dense(name, data)


def _dense(name: str, data: Mapping[str, Any]) -> Table:
    tokens = tuple(data["tokens"])
    rules = data["rules"]
    nonterminals = {lhs for lhs, _, _ in rules}
    lhs_index = {n: i for i, n in enumerate(sorted(nonterminals))}
    action = []
    goto = []
    for shifts_and_reduces, gotos in zip(data["action"], data["goto"], strict=True):
        row = [0] * len(tokens)
        for token, value in shifts_and_reduces.items():
            row[token] = value
        action.append(tuple(row))
        targets = [0] * len(lhs_index)
        for nonterminal, state in gotos.items():
            targets[lhs_index[nonterminal]] = state
        goto.append(tuple(targets))
    return Table(
        name=name,
        terminals=data["terminals"],
        lexed=tuple(data["lexed"]),
        ignored=frozenset(data["ignored"]),
        tokens=tokens,
        token_index={token: i for i, token in enumerate(tokens)},
        lengths=tuple(length for _, length, _ in rules),
        lhs=tuple(lhs_index[lhs] for lhs, _, _ in rules),
        callbacks=tuple(callback for _, _, callback in rules),
        action=tuple(action),
        goto=tuple(goto),
        start=data["start"],
        end=data["end"],
    )


def terminals(name: str) -> Mapping[str, str]:
    """Every terminal of grammar `name` as a regular expression."""
    return table(name).terminals


# ------------------------------------------------------------------- parser


class Refused(Exception):
    """A token the grammar does not accept where it stands."""

    def __init__(self, token: int, expected: frozenset[str]) -> None:
        super().__init__(token)
        self.token = token
        self.expected = expected


class Parser:
    """One parse: tokens are fed one at a time (`feed`), then `end`.

    `callbacks` maps a rule's callback name to a function of its children;
    a rule without one returns its children as they are (a list).
    """

    __slots__ = ("_callbacks", "_table", "states", "values")

    def __init__(self, table: Table, callbacks: Mapping[str, Callable[[list[Any]], Any]]) -> None:
        self._table = table
        self._callbacks = [callbacks.get(name) if name else None for name in table.callbacks]
        self.states = [table.start]
        self.values: list[Any] = []

    def feed(self, token: int, value: Any) -> None:
        """Reduce what `token` ends, then shift it.

        Raises:
            Refused: the grammar has no place for `token` here.
        """
        table = self._table
        states = self.states
        action = table.action
        while True:
            step = action[states[-1]][token]
            if step > 0:
                states.append(step - 1)
                self.values.append(value)
                return
            if step == 0:
                raise Refused(token, self.expected())
            self._reduce(-step - 1)

    def end(self) -> Any:
        """Reduce what the end of the input ends; the value of the start rule.

        Raises:
            Refused: the input ended too soon.
        """
        table = self._table
        end = table.token_index[END]
        while self.states[-1] != table.end:
            step = table.action[self.states[-1]][end]
            if step >= 0:
                raise Refused(end, self.expected())
            self._reduce(-step - 1)
        return self.values[-1]

    def settle(self, token: int) -> None:
        """The reductions `token` would make, without shifting it (a lexer
        that must know what the lines before it were calls this)."""
        action = self._table.action
        while (step := action[self.states[-1]][token]) < 0:
            self._reduce(-step - 1)

    def _reduce(self, rule: int) -> None:
        table = self._table
        size = table.lengths[rule]
        values = self.values
        if size:
            children = values[-size:]
            del values[-size:]
            del self.states[-size:]
        else:
            children = []
        if any(type(child) is Splice for child in children):
            children = _spliced(children)
        callback = self._callbacks[rule]
        if callback is not None:
            value = callback(children)
        elif table.callbacks[rule]:
            value = children
        else:
            value = children if type(children) is Splice else Splice(children)
        values.append(value)
        self.states.append(table.goto[self.states[-1]][table.lhs[rule]])

    def expected(self) -> frozenset[str]:
        """The token types that could come next (as lark's `accepts()`: each
        tried on a copy of the stack, reductions and all)."""
        table = self._table
        found = set()
        for token, name in enumerate(table.tokens):
            if _accepts(table, list(self.states), token):
                found.add(name)
        return frozenset(found)


def _spliced(children: list[Any]) -> list[Any]:
    first = children[0]
    if type(first) is Splice:
        # A left-recursive inlined rule grows its own list.
        result: list[Any] = first
        rest = children[1:]
    else:
        result, rest = Splice(), children
    for child in rest:
        if type(child) is Splice:
            result.extend(child)
        else:
            result.append(child)
    return result


def _accepts(table: Table, states: list[int], token: int) -> bool:
    while True:
        if states[-1] == table.end and table.tokens[token] == END:
            return True
        step = table.action[states[-1]][token]
        if step == 0:
            return False
        if step > 0:
            return True
        rule = -step - 1
        size = table.lengths[rule]
        if size:
            del states[-size:]
        states.append(table.goto[states[-1]][table.lhs[rule]])


# -------------------------------------------------------------------- lexer


@dataclass(frozen=True)
class Token:
    """A token of a grammar lexed by `lex`: its type, text and offset."""

    type: str
    value: str
    pos: int


class Unlexable(Exception):
    """No terminal matches the text at `pos`."""

    def __init__(self, pos: int) -> None:
        super().__init__(pos)
        self.pos = pos


@cache
def _scanner(name: str) -> re.Pattern[str]:
    grammar = table(name)
    return re.compile("|".join(f"(?P<{t}>{grammar.terminals[t]})" for t in grammar.lexed))


def lex(name: str, text: str) -> Iterator[Token]:
    """The tokens of `text` as lark's basic lexer finds them: at each place
    the first terminal (in lark's order) that matches; ignored ones dropped.

    Raises:
        Unlexable: where no terminal matches.
    """
    scanner = _scanner(name)
    ignored = table(name).ignored
    pos = 0
    while pos < len(text):
        found = scanner.match(text, pos)
        if found is None or found.end() == pos:
            raise Unlexable(pos)
        kind = found.lastgroup
        assert kind is not None
        if kind not in ignored:
            yield Token(kind, found[0], pos)
        pos = found.end()


def parse_tokens(name: str, tokens: Sequence[str]) -> list[tuple[str, int]]:
    """The reductions of a stream of token types (rule callback names and
    sizes), for the tests that hold the driver to lark's parser."""
    grammar = table(name)
    reductions: list[tuple[str, int]] = []

    class Recording(Parser):
        def _reduce(self, rule: int) -> None:
            reductions.append((grammar.callbacks[rule] or "_", grammar.lengths[rule]))
            super()._reduce(rule)

    parser = Recording(grammar, {})
    for kind in tokens:
        parser.feed(grammar.token_index[kind], kind)
    parser.end()
    return reductions
