"""The one module that imports lark: it compiles each grammar to the LALR
tables that `_lalr` runs, and writes them into `_tables.py`.

    python -m sokfmt._grammar      # after editing grammars/*.lark

A reader never needs lark: `_lalr.table` compiles a grammar here only when
its text no longer matches the hash its table was written with.
"""

from __future__ import annotations

import pprint
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from lark import Lark, Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.parsers.lalr_analysis import Shift

from . import _lalr

from .errors import ParseError, ValidationError

_PACKAGE = Path(__file__).resolve().parent
# An installed wheel carries the grammars inside the package; a checkout (and
# an editable install) has them beside it, at the top of the project.
_SEARCH_PATH = (_PACKAGE / "grammars", _PACKAGE.parent / "grammars")

# What the "expected ..." part of a message calls the anonymous terminals.
_PUNCTUATION = {
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "$END": "end of input",
}
_CLOSERS = {"RPAR": "group", "RSQB": "jump", "RBRACE": "pusher change"}


def grammar_path(name: str) -> Path:
    """The file of grammar `name` (``rle``, ``moves``, ...)."""
    for folder in _SEARCH_PATH:
        path = folder / f"{name}.lark"
        if path.is_file():
            return path
    raise FileNotFoundError(f"Grammar {name}.lark not found in {', '.join(map(str, _SEARCH_PATH))}")


@dataclass(frozen=True)
class Language:
    """A grammar, how its errors are worded, and their codes."""

    name: str
    error: type[ParseError]
    #: terminal name -> what a message calls it ("a move", "a count", ...)
    terminals: Mapping[str, str]
    #: what a count may repeat, for "expected ... after a count"
    countable: str
    #: the codes of its errors: "syntax", "zero" (a count of 0), "limit"
    codes: Mapping[str, str]


@cache
def parser(name: str) -> Lark:
    """The LALR parser of grammar `name`, built once: readers feed it tokens
    (`tokens`) or tokens of their own (sok.lark, lev.lark)."""
    return Lark(
        grammar_path(name).read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",
        maybe_placeholders=False,
    )


@cache
def terminals(name: str) -> Mapping[str, str]:
    """Every terminal of grammar `name`, sub-terminals included, as a
    regular expression (see `compact`): fast paths and lexers use these, so
    that they match exactly what the grammar matches."""
    compiled, _, _ = parser(name).grammar.compile(parser(name).options.start, "*")
    return {t.name: compact(t.pattern.to_regexp()) for t in compiled}


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


# ------------------------------------------------------------------ budgets


class SemanticError(Exception):
    """Raised by a reader's rules with an offset and a code; the reader turns
    it into its language's error."""

    def __init__(self, message: str, pos: int, code: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.pos = pos
        self.code = code


#: The longest count that is converted; see `Budget.count`.
MAX_COUNT_DIGITS = 18


class Budget:
    """How many characters a decoding may still produce.

    Every piece a decoder materialises ends up in the output at least once
    (counts are at least 1), so the running total never exceeds the final
    size: refusing when it passes the limit refuses exactly the inputs that
    decode to too much, before the excess is allocated.
    """

    __slots__ = ("codes", "limit", "used")

    def __init__(self, limit: int, codes: Mapping[str, str]) -> None:
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise ValidationError(f"limit must be a whole number of at least 0, not {limit!r}")
        self.limit = limit
        self.used = 0
        self.codes = codes

    def take(self, size: int) -> None:
        self.used += size
        if self.used > self.limit:
            raise self.over()

    def over(self) -> SemanticError:
        """The error for a text whose decoding is too long.  It is about the
        whole text, so it points at its start, wherever the excess is noticed."""
        return SemanticError(
            f"Decodes to more than the limit of {self.limit:,} characters", 0, self.codes["limit"]
        )

    def count(self, digits: str, pos: int) -> int:
        """The value of a count (white space inside already removed) at `pos`.

        A count of more than `MAX_COUNT_DIGITS` digits repeats something
        more often than any memory holds: it is refused as over the limit
        without being converted (Python refuses to convert over 4,300 digits).
        """
        significant = digits.lstrip("0")
        if not significant:
            raise SemanticError(
                "A count of 0 would drop what follows it, expected 1 or more",
                pos,
                self.codes["zero"],
            )
        if len(significant) > MAX_COUNT_DIGITS:
            raise self.over()
        return int(significant)


# -------------------------------------------------------- token by token


def tokens(language: Language, text: str) -> Iterator[Token]:
    """The tokens of `text` in `language`, each yielded once the parser has
    taken it; the end of the input is checked after the last.

    Raises:
        ParseError: `language.error` at the first token the grammar refuses.
    """
    interactive = parser(language.name).parse_interactive(text)
    try:
        lexed = interactive.lexer_thread.lex(interactive.parser_state)  # type: ignore[no-untyped-call]
        for token in lexed:
            interactive.feed_token(token)
            yield token
        interactive.feed_eof()  # type: ignore[no-untyped-call]
    except UnexpectedInput as exc:
        accepts = set(interactive.accepts())  # type: ignore[no-untyped-call]
        _raise_syntax_error(language, text, exc, accepts)


def fail(language: Language, text: str, exc: SemanticError) -> NoReturn:
    """Raise `exc` (a rule broken) as `language`'s error."""
    code = exc.code or language.codes["syntax"]
    raise language.error.at(exc.message, text=text, pos=exc.pos, code=code) from None


# ------------------------------------------------------------------- errors


def _raise_syntax_error(
    language: Language, text: str, exc: UnexpectedInput, accepts: set[str]
) -> NoReturn:
    if isinstance(exc, UnexpectedToken):
        token: Token = exc.token
        at_end = token.type == "$END"
        pos = len(text) if at_end else token.start_pos or 0
        found = "end of input" if at_end else _describe_found(text, pos)
        kind = token.type
    elif isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        found, kind = _describe_found(text, pos), ""
    else:  # pragma: no cover - LALR raises only the two above
        pos, found, kind = exc.pos_in_stream or 0, "input", ""
    message = _message(language, text, pos, found, kind, accepts)
    raise language.error.at(message, text=text, pos=pos, code=language.codes["syntax"]) from exc


def _message(
    language: Language, text: str, pos: int, found: str, kind: str, accepts: set[str]
) -> str:
    expected = _describe_expected(language, accepts)
    if accepts == {"LPAR"}:
        return f"Unexpected {found} after a count, expected {language.countable}"
    if kind == "RPAR" and "RPAR" not in accepts:
        if text[:pos].rstrip().endswith("("):
            return f"Empty group '()', expected {expected} inside it"
        return "Unexpected ')' with no open group"
    if kind == "LINE_BREAK":
        return f"Unexpected line break: a group cannot span lines, expected {expected}"
    if kind in _CLOSERS:
        return f"Unexpected {found} with no open {_CLOSERS[kind]}, expected {expected}"
    if kind == "$END":
        for closer, what in _CLOSERS.items():
            if closer in accepts:
                return f"Unclosed {what}, expected {_PUNCTUATION[closer]}"
    return f"Unexpected {found}, expected {expected}"


def _describe_found(text: str, pos: int) -> str:
    """The character the parser stopped at, as a message shows it."""
    char = text[pos : pos + 1]
    return "line break" if char in ("\n", "\r") else repr(char)


def _describe_expected(language: Language, accepts: set[str]) -> str:
    names = sorted(
        (_PUNCTUATION.get(name) or language.terminals.get(name, name) for name in accepts),
        key=lambda name: (name.startswith("'"), name == "end of input", name),
    )
    if not names:
        return "nothing more"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} or {names[-1]}"


# ------------------------------------------------------------------- tables


def compile_table(name: str, text: str | None = None) -> dict[str, Any]:
    """The tables of grammar `name` as plain data (see `_lalr.Table`)."""
    if text is None:
        text = _lalr.grammar_path(name).read_text(encoding="utf-8")
    lark = Lark(text, parser="lalr", lexer="basic", maybe_placeholders=False)
    parse_table = lark.parser.parser.parser.parse_table  # type: ignore[attr-defined]
    compiled, _, _ = lark.grammar.compile(lark.options.start, "*")
    used = sorted(lark.terminals, key=_lexer_order)
    tokens = sorted({str(symbol) for row in parse_table.states.values() for symbol in row if symbol.isupper()})
    token_index = {token: i for i, token in enumerate(tokens)}
    rules: list[Any] = []
    rule_index: dict[Any, int] = {}
    action: list[dict[int, int]] = []
    goto: list[dict[str, int]] = []
    for state in sorted(parse_table.states):
        row, targets = {}, {}
        for symbol, (kind, argument) in sorted(parse_table.states[state].items()):
            if not symbol.isupper():
                targets[str(symbol)] = argument
            elif kind is Shift:
                row[token_index[symbol]] = argument + 1
            else:
                if argument not in rule_index:
                    rule_index[argument] = len(rules)
                    rules.append(argument)
                row[token_index[symbol]] = -rule_index[argument] - 1
        action.append(row)
        goto.append(targets)
    assert sorted(parse_table.states) == list(range(len(action)))
    return {
        "hash": _lalr.grammar_hash(text),
        "terminals": {str(t.name): compact(t.pattern.to_regexp()) for t in compiled},
        "lexed": [str(t.name) for t in used],
        "ignored": sorted(map(str, lark.ignore_tokens)),
        "tokens": tokens,
        "rules": [
            [str(rule.origin.name), len(rule.expansion), _callback(rule)] for rule in rules
        ],
        "rule_texts": [str(rule) for rule in rules],
        "action": action,
        "goto": goto,
        "start": parse_table.start_states["start"],
        "end": parse_table.end_states["start"],
    }


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


GRAMMARS = ("rle", "moves", "sok", "lev")


def write_tables(path: Path | None = None) -> Path:
    """Compile every grammar and write `_tables.py`."""
    path = path or Path(_lalr.__file__).with_name("_tables.py")
    tables = {name: compile_table(name) for name in GRAMMARS}
    lines = [
        '"""The LALR tables of grammars/*.lark, written by `python -m sokfmt._grammar`',
        'from the grammars themselves: do not edit (see `_lalr.table`)."""',
        "",
        "# fmt: off",
        f"TABLES = {pprint.pformat(tables, width=100, sort_dicts=False)}",
        "",
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write_tables())
