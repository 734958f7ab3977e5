"""RLE: the transformer of grammars/rle.lark and the decoder built on it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from lark import Lark, Token, Transformer

from . import _grammar
from ._grammar import Budget, Language, SemanticError
from .errors import RleSyntaxError

RLE = Language(
    name="rle",
    error=RleSyntaxError,
    terminals={"RUN": "text", "COUNT": "a count", "LINE_BREAK": "a line break"},
    countable="one character or '(' on the same line",
)


@dataclass(frozen=True)
class _Compiled:
    parser: Lark
    #: the ASCII characters that are neither LITERAL nor LINE_BREAK (the
    #: digits and parentheses): a text without them decodes to itself
    syntax: str
    #: a whole text without groups: the fast path decodes it without the parser
    group_free: re.Pattern[str]
    #: splits a RUN at its counts (the split keeps the counts)
    counts: re.Pattern[str]


@cache
def _compiled() -> _Compiled:
    parser = _grammar.build(RLE, _RleTransformer())
    terminals = _grammar.terminal_patterns(parser)
    run, line_break = terminals["RUN"].pattern, terminals["LINE_BREAK"].pattern
    literal = re.compile(f"{terminals['LITERAL'].pattern}|{line_break}")
    return _Compiled(
        parser,
        syntax="".join(c for c in map(chr, range(128)) if not literal.fullmatch(c)),
        group_free=re.compile(f"(?:{run}|{line_break})*"),
        counts=re.compile(f"({terminals['COUNT'].pattern})"),
    )


def decode(text: str, limit: int, *, fast: bool = True) -> str:
    """Decode `text`; see `sokfmt.rle_decode`.  `fast=False` always runs
    the parser (the fast path is tested against it)."""
    compiled = _compiled()
    if fast and not any(map(text.__contains__, compiled.syntax)):
        # Nothing to expand: a text of literals and line breaks is its own decoding.
        if len(text) > limit:
            _grammar.fail(RLE, text, _grammar.over_limit(limit, 0))
        return text.replace("|", "\n")
    group_free = compiled.group_free.match(text) if fast else None
    try:
        if group_free and group_free.end() == len(text):
            # The common case needs no parser: the whole text is RUNs and
            # line breaks, so it decodes as one run.
            decoded = expand_counts(text, compiled.counts, Budget(limit), lambda i: i)
        else:
            with _grammar.budgeted(limit):
                decoded = _grammar.parse(RLE, compiled.parser, text)
    except SemanticError as exc:
        _grammar.fail(RLE, text, exc)
    if len(decoded) > limit:  # literal line breaks are not counted as they go
        _grammar.fail(RLE, text, _grammar.over_limit(limit, len(text)))
    return decoded.replace("|", "\n")


def expand_counts(
    run: str, counts: re.Pattern[str], budget: Budget, locate: Callable[[int], int]
) -> str:
    """Expand the counts of a group-free run, where a count stands right
    before the one character it repeats.

    `counts` splits the run at its counts; `locate` turns an index in `run`
    into an offset in the whole input, for errors.  The result is sized and
    paid for before it is built.
    """
    parts = counts.split(run)
    if len(parts) == 1:
        budget.take(len(run), locate(0))
        return run
    digits = parts[1::2]
    values = list(map(int, digits))
    if 0 in values:
        index = sum(map(len, parts[: 2 * values.index(0) + 1]))
        _grammar.count_value("0", locate(index))
    budget.take(len(run) + sum(values) - sum(map(len, digits)) - len(values), locate(0))
    repeated = zip(values, parts[2::2], strict=True)
    return parts[0] + "".join([rest[0] * value + rest[1:] for value, rest in repeated])


class _RleTransformer(Transformer[Token, str]):
    """Builds the decoded text while the parser runs (one callback per rule).

    ``|`` stays as it is until the end, so that decoded text never holds a
    line break that was not in the input.
    """

    def start(self, items: list[str]) -> str:
        return "".join(items)

    def run(self, children: list[Token]) -> str:
        (token,) = children
        pos = token.start_pos or 0
        return expand_counts(token, _compiled().counts, _grammar.budget(), pos.__add__)

    def group(self, children: list[Token | str]) -> str:
        count_token = children[0]
        if not (isinstance(count_token, Token) and count_token.type == "COUNT"):
            return "".join(children)
        inner = "".join(children[1:])
        pos = count_token.start_pos or 0
        count = _grammar.count_value(count_token, pos)
        # The inner text is already paid for; pay for the copies before making them.
        _grammar.budget().take(len(inner) * (count - 1), pos)
        return inner * count
