"""The LALR(1) tables that lark builds from grammars/, and what runs them.

lark compiles each grammar once, when the package is made (`build.py`
writes `tables.py`); reading runs the tables with the small driver below,
without importing lark.  Each table carries the hash of its grammar's text:
a grammar edited since its table was written is an error (`StaleTable`), so
that a stale table can never be used and lark is never needed to read.

The driver follows lark's LALR parser step for step (tests/test_lalr.py runs
both on random token streams): the same tokens accepted, the same rules
reduced in the same order, the same token refused.  Rules named with a
leading "_" and no alias are inlined, as lark inlines them: their children
go to the rule above them.  A grammar in which no rule nests inside itself
(sok.lark, lev.lark) also runs as an `Automaton`: each stack the parser can
reach is one state, and a token one look-up (`AutomatonParser` builds the
same values as `Parser`, also held to it by the tests).
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

_PACKAGE = Path(__file__).resolve().parent.parent  # sokfmt/
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


class StaleTable(RuntimeError):
    """A grammar changed since `tables.py` was written from it: a broken
    checkout or install, never a reading error."""


@cache
def table(name: str) -> Table:
    """The tables of grammar `name`, as written into the package.

    Raises:
        StaleTable: the grammar's text is not the one its table was written
            from (run ``python -m sokfmt._grammar``).
    """
    text = grammar_path(name).read_text(encoding="utf-8")
    from .tables import TABLES

    data = TABLES.get(name)
    if data is None or data["hash"] != grammar_hash(text):
        raise StaleTable(
            f"{grammar_path(name)} changed since sokfmt/_grammar/tables.py was written: "
            "run python -m sokfmt._grammar"
        )
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


@cache
def automaton(name: str) -> Automaton:
    """The automaton of grammar `name`, one for the process: its rows are
    worked out once."""
    return Automaton(table(name))


def terminals(name: str) -> Mapping[str, str]:
    """Every terminal of grammar `name` as a regular expression."""
    return table(name).terminals


def characters(pattern: str | re.Pattern[str], among: str | None = None) -> str:
    """The characters of `among` (by default every ASCII character: the
    grammars' terminals name no other one by one) that `pattern`, a
    terminal's regular expression, matches whole, in their order: what a
    lexer or a fast path built from the terminal needs to know of it."""
    found = re.compile(pattern) if isinstance(pattern, str) else pattern
    return "".join(c for c in (ASCII if among is None else among) if found.fullmatch(c))


#: Every ASCII character, in code order.
ASCII = "".join(map(chr, range(128)))


# ------------------------------------------------------------------- parser


class Refused(Exception):
    """A token the grammar does not accept where it stands."""

    def __init__(self, token: int, expected: frozenset[str]) -> None:
        super().__init__(token)
        self.token = token
        self.expected = expected


class Recognizer:
    """The grammar's verdict on tokens fed one at a time (`feed`, then
    `end`), without building anything: what readers that decode token by
    token need."""

    __slots__ = ("_table", "states")

    def __init__(self, table: Table) -> None:
        self._table = table
        self.states = [table.start]

    def feed(self, token: int, value: object = None) -> None:
        """Reduce what `token` ends, then shift it.

        Raises:
            Refused: the grammar has no place for `token` here.
        """
        states = self.states
        table = self._table
        action, lengths, lhs, goto = table.action, table.lengths, table.lhs, table.goto
        while True:
            step = action[states[-1]][token]
            if step > 0:
                states.append(step - 1)
                return
            if step == 0:
                raise Refused(token, self.expected())
            rule = -step - 1
            size = lengths[rule]
            if size:
                del states[-size:]
            states.append(goto[states[-1]][lhs[rule]])
            self._reduced(rule, size)

    def _reduced(self, rule: int, size: int) -> None:
        """A hook for each reduction (`Parser` builds values here)."""

    def _reduce(self, rules: Iterable[int]) -> None:
        """The hook for each of `rules`, reduced in turn."""
        lengths = self._table.lengths
        for rule in rules:
            self._reduced(rule, lengths[rule])

    def end(self) -> object:
        """Reduce what the end of the input ends.

        Raises:
            Refused: the input ended too soon.
        """
        table = self._table
        end = table.token_index[END]
        states = self.states
        while states[-1] != table.end:
            step = table.action[states[-1]][end]
            if step >= 0:
                raise Refused(end, self.expected())
            rule = -step - 1
            size = table.lengths[rule]
            if size:
                del states[-size:]
            states.append(table.goto[states[-1]][table.lhs[rule]])
            self._reduced(rule, size)
        return None

    def settle(self, tokens: frozenset[int]) -> Sequence[int]:
        """The reductions that any of `tokens` would make next, without a
        token: a lexer that must know what the lines before it were, before
        it types the next one (one of `tokens`), calls this.  It stops where
        the tokens would part ways, and returns the rules it reduced."""
        rules = _settle(self._table, self.states, _settled(self._table, tokens))
        self._reduce(rules)
        return rules

    def expected(self) -> frozenset[str]:
        """The token types that could come next (as lark's `accepts()`: each
        tried on a copy of the stack, reductions and all)."""
        table = self._table
        return frozenset(
            name
            for token, name in enumerate(table.tokens)
            if _accepts(table, list(self.states), token)
        )


def by_name(steps: object, table: Table) -> dict[str, Callable[[list[Any]], Any]]:
    """The callbacks of `table`'s rules that `steps` has a method for, found
    by name as lark's `Transformer` finds them (a method named after the
    rule, or its alias)."""
    found = {}
    for name in set(table.callbacks) - {""}:  # (an inlined rule has no callback)
        method = getattr(steps, name, None)
        if callable(method):
            found[name] = method
    return found


class Parser(Recognizer):
    """A parse that builds values: each rule's callback (by its callback
    name in `callbacks`) gets the values of its children; a rule without
    one gives the list of them, an inlined rule gives them to the rule
    above it.  Tokens stand for themselves."""

    __slots__ = ("_callbacks", "values")

    def __init__(self, table: Table, callbacks: Mapping[str, Callable[[list[Any]], Any]]) -> None:
        super().__init__(table)
        self._callbacks = [callbacks.get(name) if name else None for name in table.callbacks]
        self.values: list[Any] = []

    def feed(self, token: int, value: object = None) -> None:
        super().feed(token, value)
        self.values.append(value)

    def end(self) -> Any:
        super().end()
        return self.values[-1]

    def _reduced(self, rule: int, size: int) -> None:
        values = self.values
        callback = self._callbacks[rule]
        if size == 1 and callback is None and not self._table.callbacks[rule]:
            return  # an inlined rule of one child: it goes up as it is
        if size:
            children = values[-size:]
            del values[-size:]
        else:
            children = []
        for child in children:
            if type(child) is Splice:
                children = _spliced(children)
                break
        if callback is not None:
            values.append(callback(children))
        elif self._table.callbacks[rule]:
            values.append(children)
        else:
            values.append(children if type(children) is Splice else Splice(children))


# ---------------------------------------------------------------- automaton

#: How many configurations an `Automaton` numbers at most (sok.lark has 1,243).
LIMIT = 5000
#: What a step of an `Automaton` ends in when it accepts the end of the input.
ACCEPTED = -1
#: A step: the configuration it ends in, and the named rules it reduces.
Step = tuple[int, tuple[str, ...]]


class Automaton:
    """The LALR parser of a grammar in which no rule nests inside itself, as a
    finite automaton: each configuration the parser can reach (its stack of
    states) is one state, numbered from 0, the start.  `row(c)[name]` is what
    the parser does with token `name` in configuration `c`: the configuration
    it ends in (`ACCEPTED` for the end of the input accepted) and the callback
    names of the rules it reduces on the way, in order; or None, when it
    refuses the token, which leaves the configuration as it was.  The parse is
    the tables' own (tests/test_lalr.py holds it to lark's parser), at the cost
    of one look-up a token.  Rows are worked out when first needed; `steps`
    holds them (None for one not yet needed), and `numbered` the same steps
    by token number, with the rules reduced by number (those that change the
    values a `Parser` builds: an inlined rule of one child changes none).

    Raises:
        ValueError: (`row`) the grammar reaches more than `limit`
            configurations: a rule nests inside itself.
    """

    __slots__ = (
        "_limit",
        "_lock",
        "_numbers",
        "_settled",
        "_stacks",
        "_table",
        "numbered",
        "steps",
    )

    def __init__(self, table: Table, limit: int = LIMIT) -> None:
        self._table = table
        self._lock = threading.Lock()
        self._limit = limit
        self._stacks: list[tuple[int, ...]] = [(table.start,)]
        self._numbers: dict[tuple[int, ...], int] = {(table.start,): 0}
        self._settled: dict[tuple[int, frozenset[int]], tuple[int, tuple[int, ...]]] = {}
        self.steps: list[dict[str, Step | None] | None] = [None]
        self.numbered: list[list[tuple[int, tuple[int, ...]] | None] | None] = [None]

    def row(self, configuration: int) -> dict[str, Step | None]:
        """The steps from `configuration`, by token, with the names of the
        rules reduced (those of `numbered_row` that have one)."""
        row = self.steps[configuration]
        if row is None:
            tokens, callbacks = self._table.tokens, self._table.callbacks
            row = self.steps[configuration] = {}
            for name, step in zip(tokens, self.numbered_row(configuration), strict=True):
                if step is None:
                    row[name] = None
                    continue
                target, rules = step
                row[name] = (target, tuple(callbacks[rule] for rule in rules if callbacks[rule]))
        return row

    def numbered_row(self, configuration: int) -> list[tuple[int, tuple[int, ...]] | None]:
        """The steps from `configuration`, by token number, rules by number."""
        row = self.numbered[configuration]
        if row is None:
            with self._lock:  # rows are shared: threads number new configurations one at a time
                row = self.numbered[configuration] = [
                    self._numbered_step(configuration, token)
                    for token in range(len(self._table.tokens))
                ]
        return row

    def _numbered_step(self, configuration: int, token: int) -> tuple[int, tuple[int, ...]] | None:
        found = _step(self._table, self._stacks[configuration], token)
        if found is None:
            return None
        stack, rules = found
        return (ACCEPTED if stack is None else self._number(stack)), _building(self._table, rules)

    def settled(self, configuration: int, tokens: frozenset[int]) -> tuple[int, tuple[int, ...]]:
        """`Recognizer.settle` from `configuration`: the configuration it ends
        in, and the rules it reduces (as `numbered` has them)."""
        key = (configuration, tokens)
        found = self._settled.get(key)
        if found is None:
            table = self._table
            states = list(self._stacks[configuration])
            rules = _settle(table, states, _settled(table, tokens))
            with self._lock:
                found = self._settled[key] = (self._number(tuple(states)), _building(table, rules))
        return found

    def _number(self, stack: tuple[int, ...]) -> int:
        """The configuration of `stack`, numbered when first met."""
        number = self._numbers.get(stack)
        if number is None:
            if len(self._stacks) == self._limit:
                raise ValueError(
                    f"{self._table.name}.lark reaches over {self._limit} configurations"
                )
            number = self._numbers[stack] = len(self._stacks)
            self._stacks.append(stack)
            self.steps.append(None)
            self.numbered.append(None)
        return number

    def expected(self, configuration: int) -> frozenset[str]:
        """The tokens `configuration` accepts."""
        return frozenset(name for name, step in self.row(configuration).items() if step is not None)


def _building(table: Table, rules: list[int]) -> tuple[int, ...]:
    """The rules of `rules` that change the values a `Parser` builds."""
    return tuple(r for r in rules if table.callbacks[r] or table.lengths[r] != 1)


def _step(
    table: Table, stack: tuple[int, ...], token: int
) -> tuple[tuple[int, ...] | None, list[int]] | None:
    """What the parser does with `token` on `stack`: the stack it ends in
    (None: the end of the input accepted) and the rules it reduces; None
    when it refuses the token."""
    states = list(stack)
    reduced: list[int] = []
    end = table.tokens[token] == END
    while True:
        if end and states[-1] == table.end:
            return None, reduced
        step = table.action[states[-1]][token]
        if step == 0 or (end and step > 0):
            return None
        if step > 0:
            states.append(step - 1)
            return tuple(states), reduced
        rule = -step - 1
        size = table.lengths[rule]
        if size:
            del states[-size:]
        states.append(table.goto[states[-1]][table.lhs[rule]])
        reduced.append(rule)


def _settle(table: Table, states: list[int], settled: list[int]) -> list[int]:
    """Reduce `states` by the rules `settled` gives its top; the rules."""
    rules = []
    while (rule := settled[states[-1]]) >= 0:
        size = table.lengths[rule]
        if size:
            del states[-size:]
        states.append(table.goto[states[-1]][table.lhs[rule]])
        rules.append(rule)
    return rules


class AutomatonParser(Parser):
    """A `Parser` of a grammar that is an automaton (see `Automaton`): the
    same values, with one look-up a token instead of a walk of the tables
    (tests/test_lalr.py holds the two together)."""

    __slots__ = ("_automaton", "configuration")

    def __init__(
        self, automaton: Automaton, callbacks: Mapping[str, Callable[[list[Any]], Any]]
    ) -> None:
        super().__init__(automaton._table, callbacks)
        self._automaton = automaton
        self.configuration = 0

    def feed(self, token: int, value: object = None) -> None:
        automaton = self._automaton
        row = automaton.numbered[self.configuration] or automaton.numbered_row(self.configuration)
        step = row[token]
        if step is None:
            raise Refused(token, automaton.expected(self.configuration))
        self.configuration, rules = step
        self._reduce(rules)
        self.values.append(value)

    def end(self) -> Any:
        self.feed(self._table.token_index[END])
        self.values.pop()  # the end stands for nothing
        return self.values[-1]

    def settle(self, tokens: frozenset[int]) -> Sequence[int]:
        self.configuration, rules = self._automaton.settled(self.configuration, tokens)
        self._reduce(rules)
        return rules

    def expected(self) -> frozenset[str]:
        return self._automaton.expected(self.configuration)


_SETTLED: dict[tuple[str, frozenset[int]], list[int]] = {}


def _settled(table: Table, tokens: frozenset[int]) -> list[int]:
    """Per state, the rule that every one of `tokens` it accepts reduces (-1:
    none, or they part ways)."""
    key = (table.name, tokens)
    if key not in _SETTLED:
        rules = []
        for row in table.action:
            steps = {row[token] for token in tokens} - {0}
            step = steps.pop() if len(steps) == 1 else 0
            rules.append(-step - 1 if step < 0 else -1)
        _SETTLED[key] = rules
    return _SETTLED[key]


def _spliced(children: list[Any]) -> Splice:
    first = children[0]
    if type(first) is Splice:
        # A left-recursive inlined rule grows its own list.
        result: Splice = first
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


class Token(NamedTuple):
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
    ignored = table(name).ignored
    pos = 0
    # finditer looks for the next match past a character nothing matches:
    # a match that does not begin where the last one ended shows that place.
    for found in _scanner(name).finditer(text):
        start = found.start()
        if start != pos or found.end() == start:
            raise Unlexable(pos)
        kind = found.lastgroup
        if kind not in ignored:
            yield Token(kind, found[0], start)  # type: ignore[arg-type]
        pos = found.end()
    if pos != len(text):
        raise Unlexable(pos)
