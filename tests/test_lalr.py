"""The table driver and its automata against lark's own LALR parser, and the
tables against the grammars they were compiled from."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lark import Lark, Token, UnexpectedInput

from sokfmt._grammar import build as _grammar
from sokfmt._grammar import lalr as _lalr
from sokfmt._grammar.tables import TABLES
from sokfmt._sok.postlex import BOARDS, MAY_BE_ROWS, ROW_TOKENS, STRAYS

GRAMMARS = _grammar.GRAMMARS
# Grammars under which every token stream is a text: a .sok file is made of
# lines, and every sequence of lines has a reading.
TOTAL = {"sok"}
# Grammars whose rules take every stream of lines that their steps 1 and 2
# make: lev.lark refuses only a ROW where step 2 never types one (a ROW
# follows an INITIAL, a TARGET or a ROW).
TOTAL_OVER_LINES = {"lev": ("ROW", {"INITIAL", "TARGET", "ROW"})}


def test_the_tables_in_the_package_are_those_of_the_grammars() -> None:
    for name in GRAMMARS:
        text = _lalr.grammar_path(name).read_text(encoding="utf-8")
        assert TABLES[name]["hash"] == _lalr.grammar_hash(text), (
            f"grammars/{name}.lark changed: run python -m sokfmt._grammar"
        )


def test_a_stale_table_is_refused_not_compiled_again(monkeypatch: pytest.MonkeyPatch) -> None:
    stale = dict(TABLES["rle"], hash="0" * 64)
    monkeypatch.setitem(TABLES, "rle", stale)
    _lalr.table.cache_clear()
    try:
        refused = r"rle\.lark changed .* python -m sokfmt\._grammar"
        with pytest.raises(_lalr.StaleTable, match=refused):
            _lalr.table("rle")
    finally:
        _lalr.table.cache_clear()


def test_the_tables_file_is_what_the_grammars_give(tmp_path: Path) -> None:
    """Written again from the grammars, `tables.py` comes out the same to the
    byte: not only the hashes but every state and rule were written from them."""
    written = tmp_path / "tables.py"
    subprocess.run(
        [sys.executable, "-m", "sokfmt._grammar", str(written)],
        check=True,
        capture_output=True,
        cwd=Path(_lalr.__file__).parent.parent,
    )
    shipped = Path(_lalr.__file__).with_name("tables.py").read_text(encoding="utf-8")
    assert written.read_text(encoding="utf-8") == shipped, "run python -m sokfmt._grammar"


class _Recorder:
    """The reductions lark's parser makes, by rule text."""

    def __init__(self, lark: Lark) -> None:
        self.reductions: list[str] = []
        parser = lark.parser.parser.parser  # type: ignore[attr-defined]
        for rule, callback in list(parser.callbacks.items()):
            parser.callbacks[rule] = self._recording(str(rule), callback)

    def _recording(self, text: str, callback: Any) -> Any:
        def record(children: list[Any]) -> Any:
            self.reductions.append(text)
            return callback(children)

        return record


def _lark_run(
    lark: Lark, recorder: _Recorder, stream: list[str]
) -> tuple[list[str], int | None, frozenset[str]]:
    """lark's reductions for `stream`, the index of the refused token, and
    what lark accepts there (after the reductions the token made)."""
    recorder.reductions = []
    interactive = lark.parse_interactive()
    for index, kind in enumerate(stream):
        try:
            interactive.feed_token(Token(kind, kind))
        except UnexpectedInput:
            return recorder.reductions, index, frozenset(interactive.accepts())
    try:
        interactive.feed_eof()
    except UnexpectedInput:
        return recorder.reductions, len(stream), frozenset(interactive.accepts())
    return recorder.reductions, None, frozenset()


def _driver_run(name: str, stream: list[str]) -> tuple[list[str], int | None, frozenset[str]]:
    table = _lalr.table(name)
    texts = TABLES[name]["rule_texts"]
    reductions: list[str] = []

    class Recording(_lalr.Parser):
        def _reduced(self, rule: int, size: int) -> None:
            reductions.append(texts[rule])
            super()._reduced(rule, size)

    parser = Recording(table, {})
    for index, kind in enumerate(stream):
        try:
            parser.feed(table.token_index[kind], kind)
        except _lalr.Refused as refused:
            return reductions, index, refused.expected
    try:
        parser.end()
    except _lalr.Refused as refused:
        return reductions, len(stream), refused.expected
    return reductions, None, frozenset()


def _streams(name: str, count: int, seed: int) -> list[list[str]]:
    """Token streams that mostly follow the grammar (each next token one the
    driver accepts: the comparison with lark checks that choice too), with
    a wrong token now and then.  A line of rule 4 of sok.lark (STRAY_*)
    comes only right after a row, as step 2 gives it."""
    rng = random.Random(seed)
    table = _lalr.table(name)
    tokens = [t for t in table.tokens if t != _lalr.END]
    streams = []
    for _ in range(count):
        parser = _lalr.Recognizer(table)
        stream: list[str] = []
        for _ in range(rng.randint(0, 40)):
            accepted = sorted(parser.expected() - {_lalr.END})
            choices = tokens if rng.random() < 0.05 or not accepted else accepted
            if not stream or stream[-1] not in ROW_TOKENS:
                choices = [kind for kind in choices if kind not in STRAYS] or choices
            kind = rng.choice(choices)
            stream.append(kind)
            try:
                parser.feed(table.token_index[kind], kind)
            except _lalr.Refused:
                break
        streams.append(stream)
    return streams


@pytest.mark.parametrize("name", GRAMMARS)
def test_the_driver_parses_as_lark_does(name: str) -> None:
    lark = Lark(
        _lalr.grammar_path(name).read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",
        maybe_placeholders=False,
    )
    recorder = _Recorder(lark)
    refused = 0
    for stream in _streams(name, 400, seed=len(name)):
        recorder.reductions = []
        want, want_error, want_expected = _lark_run(lark, recorder, list(stream))
        got, got_error, expected = _driver_run(name, stream)
        assert (got, got_error, expected) == (want, want_error, want_expected), stream
        refused += want_error is not None
    if name in TOTAL:
        assert refused == 0  # every stream of lines means something
    else:
        assert refused > 20  # the refusals are tested too


@pytest.mark.parametrize("name", ["rle", "moves"])
def test_the_lexer_lexes_as_lark_does(name: str) -> None:
    lark = Lark(
        _lalr.grammar_path(name).read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",
        maybe_placeholders=False,
    )
    rng = random.Random(7)
    alphabet = "0123456789()|#@$.*+- \t\n[]{}lurdLURDnsNSweWE*xq"
    for _ in range(400):  # lark's lexer takes some 40 ms to report a character
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        try:
            want = [(t.type, str(t), t.start_pos) for t in lark.lex(text)]
            want_error = None
        except UnexpectedInput as error:
            want, want_error = None, error.pos_in_stream
        try:
            got = [(t.type, t.value, t.pos) for t in _lalr.lex(name, text)]
            got_error = None
        except _lalr.Unlexable as error:
            got, got_error = None, error.pos
        if want is None:
            assert got_error == want_error, text
        else:
            assert got == want, text


# Grammars in which no rule nests inside itself: their parsers are automata.
AUTOMATA = ("sok", "lev")


def _random_streams(name: str, count: int, seed: int) -> list[list[str]]:
    """Token streams drawn from every token type, grammar or not: most are
    refused, at any place."""
    rng = random.Random(seed)
    tokens = [t for t in _lalr.table(name).tokens if t != _lalr.END]
    return [[rng.choice(tokens) for _ in range(rng.randint(0, 12))] for _ in range(count)]


@pytest.mark.parametrize("name", AUTOMATA)
def test_the_automaton_parses_as_lark_does(name: str) -> None:
    # Token by token against lark's parser: the same tokens expected, the
    # same token refused (or the end), the same named rules reduced.  lark
    # may reduce before it refuses a token; the automaton does not (it keeps
    # its configuration), so lark's reductions are compared up to the token.
    lark = Lark(
        _lalr.grammar_path(name).read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",
        maybe_placeholders=False,
    )
    recorder = _Recorder(lark)
    table = _lalr.table(name)
    texts = TABLES[name]["rule_texts"]
    named = {texts[rule]: table.callbacks[rule] for rule in range(len(texts))}
    automaton = _lalr.Automaton(table)
    streams = _streams(name, 150, seed=3 * len(name)) + _random_streams(name, 150, seed=5)
    refused = accepted = 0
    for stream in streams:
        recorder.reductions = []
        interactive = lark.parse_interactive()
        configuration = 0
        got: list[str] = []
        got_tokens: list[str] = []
        for kind in [*stream, _lalr.END]:
            assert automaton.expected(configuration) == interactive.accepts(), stream
            before = len(recorder.reductions)
            try:
                if kind == _lalr.END:
                    interactive.feed_eof()
                else:
                    interactive.feed_token(Token(kind, kind))
                lark_refused = False
            except UnexpectedInput:
                lark_refused = True
            step = automaton.row(configuration)[kind]
            assert (step is None) == lark_refused, (stream, kind)
            if step is None:
                del recorder.reductions[before:]
                refused += 1
                if name in TOTAL_OVER_LINES:
                    only, after = TOTAL_OVER_LINES[name]
                    previous = stream[len(got_tokens) - 1] if got_tokens else None
                    assert kind == only, stream
                    assert previous not in after, stream
                break
            got_tokens.append(kind)
            configuration, reduced = step
            got += reduced
        else:
            assert configuration == _lalr.ACCEPTED
            accepted += 1
        want = [named[text] for text in recorder.reductions if named[text]]
        assert got == want, stream
    if name not in TOTAL:  # the refusals are tested too
        assert refused > (20 if name in TOTAL_OVER_LINES else 100)
    assert accepted > 40


def test_a_grammar_with_nesting_is_no_automaton() -> None:
    automaton = _lalr.Automaton(_lalr.table("rle"), limit=50)

    def every_configuration() -> None:
        configuration = 0
        while configuration < len(automaton.steps):
            automaton.row(configuration)
            configuration += 1

    with pytest.raises(ValueError, match=r"rle\.lark reaches over 50 configurations"):
        every_configuration()


def _building_run(
    name: str, automaton: bool, stream: list[str], settle_before: frozenset[int]
) -> tuple[list[tuple[str, list[Any]]], int | None, Any]:
    """What a parser of grammar `name` builds from `stream`: each callback
    with its children, the index of the refused token, and the value of the
    whole.  Before each token of `settle_before`, the parser settles what
    every one of them would reduce (as the .sok reader does)."""
    table = _lalr.table(name)
    calls: list[tuple[str, list[Any]]] = []

    def recording(callback: str) -> Any:
        def build(children: list[Any]) -> Any:
            calls.append((callback, list(children)))
            return (callback, list(children))

        return build

    callbacks = {callback: recording(callback) for callback in table.callbacks if callback}
    parser = (
        _lalr.AutomatonParser(_lalr.automaton(name), callbacks)
        if automaton
        else _lalr.Parser(table, callbacks)
    )
    for index, kind in enumerate(stream):
        token = table.token_index[kind]
        if token in settle_before:
            parser.settle(settle_before)
        try:
            parser.feed(token, kind)
        except _lalr.Refused:
            return calls, index, None
    try:
        value = parser.end()
    except _lalr.Refused:
        return calls, len(stream), None
    return calls, None, value


@pytest.mark.parametrize("name", AUTOMATA)
def test_the_automaton_parser_builds_what_the_parser_builds(name: str) -> None:
    # The same callbacks with the same children, in the same order, the same
    # token refused, the same value at the end; with and without settling
    # before tokens, as the .sok reader settles.  The parser may reduce before
    # it refuses a token; the automaton does not (it keeps its configuration).
    table = _lalr.table(name)
    lines = [table.token_index[t] for t in table.tokens if t != _lalr.END]
    rng = random.Random(11)
    streams = _streams(name, 200, seed=13) + _random_streams(name, 200, seed=17)
    refused = 0
    for stream in streams:
        settle_before = frozenset(rng.sample(lines, rng.randint(0, 3)))
        calls, index, value = _building_run(name, False, stream, settle_before)
        got_calls, got_index, got_value = _building_run(name, True, stream, settle_before)
        assert (got_index, got_value) == (index, value), stream
        if index is None:
            assert got_calls == calls, stream
        else:
            assert got_calls == calls[: len(got_calls)], stream
            refused += 1
    if name not in TOTAL:
        assert refused > 20


@pytest.mark.parametrize("name", AUTOMATA)
def test_every_configuration_of_an_automaton_is_within_its_limit(name: str) -> None:
    # The readers number configurations as they meet them; a grammar edit that
    # let them grow past the limit would fail a reading.  Every configuration
    # is met here: those a token leads to, and those a settle before any line
    # that is no row leads to (the .sok reader's settle).
    table = _lalr.table(name)
    automaton = _lalr.Automaton(table)
    lines = frozenset(table.token_index[t] for t in table.tokens if t not in MAY_BE_ROWS)
    seen, todo = {0}, [0]
    while todo:
        configuration = todo.pop()
        steps = [step[0] for step in automaton.numbered_row(configuration) if step is not None]
        steps.append(automaton.settled(configuration, lines)[0])
        for target in steps:
            if target != _lalr.ACCEPTED and target not in seen:
                seen.add(target)
                todo.append(target)
    assert len(seen) == len(automaton.numbered)  # nothing numbered that cannot be met
    assert 1 < len(seen) < _lalr.LIMIT / 2  # room to grow


def _reachable_stacks(name: str, count: int, seed: int) -> list[list[int]]:
    """Parser stacks met on the way through token streams that follow the
    grammar: every prefix of every stream."""
    table = _lalr.table(name)
    stacks = []
    for stream in _streams(name, count, seed):
        recognizer = _lalr.Recognizer(table)
        stacks.append(list(recognizer.states))
        for kind in stream:
            try:
                recognizer.feed(table.token_index[kind], kind)
            except _lalr.Refused:
                break
            stacks.append(list(recognizer.states))
    return stacks


@pytest.mark.parametrize("name", GRAMMARS)
def test_settle_reduces_what_every_token_would_and_stops_where_they_part(name: str) -> None:
    # settle's definition: it makes the reductions that each of the tokens
    # would make next, and stops at the first place where they part (a
    # different step, or a shift).  Checked on random stacks and token sets
    # against each token's own walk (`_step`), not against settle's table.
    table = _lalr.table(name)
    lines = [table.token_index[t] for t in table.tokens]
    rng = random.Random(23)
    exact = 0
    for stack in _reachable_stacks(name, 60, seed=29):
        for _ in range(4):
            tokens = frozenset(rng.sample(lines, rng.randint(1, min(4, len(lines)))))
            settled = list(stack)
            rules = _lalr._settle(table, settled, _lalr._settled(table, tokens))
            walks = {t: _lalr._step(table, tuple(stack), t) for t in tokens}
            accepted = {t: walk[1] for t, walk in walks.items() if walk is not None}
            for reduced in accepted.values():
                assert reduced[: len(rules)] == rules, (stack, tokens)
            if accepted and len(accepted) == len(tokens):
                # Every token accepted: settle goes exactly as far as they agree.
                common = min(accepted.values(), key=len)
                while any(r[: len(common)] != common for r in accepted.values()):
                    common = common[:-1]
                assert rules == common, (stack, tokens)
                exact += 1
            # Where it stopped, the tokens that are not refused there do not
            # all make one and the same reduction.
            steps = {table.action[settled[-1]][t] for t in tokens} - {0}
            assert not (len(steps) == 1 and next(iter(steps)) < 0), (stack, tokens)
    assert exact > 20


def test_callbacks_are_found_by_name_as_lark_s_transformer_finds_them() -> None:
    # sok.lark has a step `line` (an alias) and a unit `notes` (a rule); an
    # attribute that is no method is no callback, and a method that names
    # no rule is none either.
    class Steps:
        notes = "where notes go"

        def line(self, children: list[Any]) -> str:
            return f"line of {len(children)}"

        def board(self, children: list[Any]) -> str:
            return "board"

        def nothing_of_the_grammar(self, children: list[Any]) -> None: ...

    found = _lalr.by_name(Steps(), _lalr.table("sok"))
    assert set(found) == {"line", "board"}
    assert found["line"]([1, 2]) == "line of 2"


def test_the_postlex_learns_of_every_board_when_it_settles_the_rows() -> None:
    # In every configuration the parser of sok.lark reaches, once settled as
    # for a line that is no row, no such line reduces a board: the board
    # units are reduced by `settle` (which the postlex calls before it types
    # a line after rows), or not at all.  Configurations are found from the
    # start, by every token and every settling.
    automaton = _lalr.automaton("sok")
    table = _lalr.table("sok")
    lines = frozenset(i for i, kind in enumerate(table.tokens) if kind not in MAY_BE_ROWS)
    boards = {rule for rule, name in enumerate(table.callbacks) if name in BOARDS}
    assert len(boards) == 6  # board, board_notes (2), board_note (2), board_semicolon
    seen, todo, settled_boards = {0}, [0], 0
    while todo:
        configuration = todo.pop()
        nexts = [step[0] for step in automaton.numbered_row(configuration) if step is not None]
        settled, rules = automaton.settled(configuration, lines)
        settled_boards += bool(boards & set(rules))
        for line in lines - {table.token_index[_lalr.END]}:
            step = automaton.numbered_row(settled)[line]
            assert step is None or not boards & set(step[1]), (configuration, table.tokens[line])
        for stray in STRAYS:  # a line of rule 4 is no line to settle for: it reduces no board
            step = automaton.numbered_row(configuration)[table.token_index[stray]]
            assert step is None or not boards & set(step[1]), (configuration, stray)
        for found in [*nexts, settled]:
            if found != _lalr.ACCEPTED and found not in seen:
                seen.add(found)
                todo.append(found)
    assert settled_boards > 0  # (settling reads boards)
