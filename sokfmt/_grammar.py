"""Finds the grammars, builds each LALR parser once, and turns lark's
exceptions into sokfmt's: the one place where lark errors are handled.
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from lark import Lark, Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

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
    """A grammar and how its errors are worded."""

    name: str
    error: type[ParseError]
    #: terminal name -> what a message calls it ("a move", "a count", ...)
    terminals: Mapping[str, str]
    #: what a count may repeat, for "expected ... after a count"
    countable: str


def build(name: str, transformer: Any, lexer: Any = "basic") -> Lark:
    """The LALR parser of grammar `name`, applying `transformer` while it
    parses; `lexer` is lark's basic lexer, or the lexer class of a grammar
    whose header describes a lexer of its own (sok.lark, lev.lark)."""
    return Lark(
        grammar_path(name).read_text(encoding="utf-8"),
        parser="lalr",
        lexer=lexer,
        transformer=transformer,
        maybe_placeholders=False,
    )


def terminal_patterns(parser: Lark) -> dict[str, re.Pattern[str]]:
    """Every terminal of `parser`'s grammar, sub-terminals included, compiled.

    Fast paths and token decoders use these, so that they match exactly
    what the grammar matches.
    """
    terminals, _, _ = parser.grammar.compile(parser.options.start, "*")
    return {t.name: re.compile(t.pattern.to_regexp()) for t in terminals}


# ------------------------------------------------------------------ budgets


class SemanticError(Exception):
    """Raised by transformers with an offset; `parse` adds line and column."""

    def __init__(self, message: str, pos: int) -> None:
        super().__init__(message)
        self.message = message
        self.pos = pos


class Budget:
    """How many characters the parse in progress may still produce.

    Every piece a transformer materialises ends up in the output at least
    once (counts are at least 1), so the running total never exceeds the
    final size: refusing when it passes the limit refuses exactly the inputs
    that decode to too much, before the excess is allocated.
    """

    __slots__ = ("limit", "used")

    def __init__(self, limit: int) -> None:
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise ValidationError(f"limit must be a whole number of at least 0, not {limit!r}")
        self.limit = limit
        self.used = 0

    def take(self, size: int, pos: int) -> None:
        self.used += size
        if self.used > self.limit:
            raise over_limit(self.limit)

    def count(self, digits: str, pos: int) -> int:
        """The value of a count (white space inside already removed) at `pos`.

        A count of more than `MAX_COUNT_DIGITS` digits repeats something
        more often than any memory holds: it is refused as over the limit
        without being converted (Python refuses to convert over 4,300 digits).
        """
        significant = digits.lstrip("0")
        if not significant:
            raise SemanticError("A count of 0 would drop what follows it, expected 1 or more", pos)
        if len(significant) > MAX_COUNT_DIGITS:
            raise over_limit(self.limit)
        return int(significant)


#: The longest count that is converted; see `Budget.count`.
MAX_COUNT_DIGITS = 18


def over_limit(limit: int) -> SemanticError:
    """The error for a text whose decoding is too long.  It is about the whole
    text, so it points at its start, wherever the excess is first noticed."""
    return SemanticError(f"Decodes to more than the limit of {limit:,} characters", 0)


_budget: contextvars.ContextVar[Budget] = contextvars.ContextVar("sokfmt_budget")


def budget() -> Budget:
    """The budget of the parse in progress in this thread or task."""
    return _budget.get()


@contextmanager
def budgeted(limit: int) -> Iterator[Budget]:
    """Run a parse with a fresh budget of `limit` characters."""
    reset = _budget.set(Budget(limit))
    try:
        yield _budget.get()
    finally:
        _budget.reset(reset)


# ------------------------------------------------------------------- errors


def parse(language: Language, parser: Lark, text: str) -> Any:
    """Parse `text`, raising only `language.error` on bad input."""
    try:
        return parser.parse(text)
    except SemanticError as exc:
        raise language.error.at(exc.message, text=text, pos=exc.pos) from None
    except UnexpectedInput as exc:
        _raise_syntax_error(language, text, exc)


def fail(language: Language, text: str, exc: SemanticError) -> NoReturn:
    """Raise `exc` (found outside the parser) as `language`'s error."""
    raise language.error.at(exc.message, text=text, pos=exc.pos) from None


def _raise_syntax_error(language: Language, text: str, exc: UnexpectedInput) -> NoReturn:
    accepts = _accepts(exc)
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
    raise language.error.at(message, text=text, pos=pos) from exc


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


def _accepts(exc: UnexpectedInput) -> set[str]:
    """The terminals the parser would have taken where it stopped."""
    interactive = getattr(exc, "interactive_parser", None)
    if interactive is None:
        return set(getattr(exc, "expected", ()) or getattr(exc, "allowed", ()) or ())
    try:
        return set(interactive.accepts())
    except (SemanticError, UnexpectedInput):
        # Feeding trial tokens ran a transformer callback that objected.
        return set(getattr(exc, "expected", ()) or ())


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
