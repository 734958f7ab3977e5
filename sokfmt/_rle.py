"""RLE: the transformer of grammars/rle.lark and the decoder built on it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from re import Pattern

from lark import Lark, Token, Transformer

from . import _grammar
from ._grammar import Language, SemanticError
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
    #: a whole text that the fast path may decode without the parser
    plain_text: Pattern[str]
    #: a count and the character it repeats, inside one RUN
    counted: Pattern[str]


@cache
def _compiled() -> _Compiled:
    parser = _grammar.build(RLE, _RleTransformer())
    terminals = _grammar.terminal_patterns(parser)
    run, line_break = terminals["RUN"].pattern, terminals["LINE_BREAK"].pattern
    counted = f"({terminals['COUNT'].pattern})({terminals['LITERAL'].pattern})"
    return _Compiled(
        parser,
        plain_text=re.compile(f"(?:{run}|{line_break})*"),
        counted=re.compile(counted),
    )


def decode(text: str, limit: int) -> str:
    """Decode `text`; see `sokfmt.rle_decode`."""
    compiled = _compiled()
    with _grammar.budgeted(limit) as budget:
        plain = compiled.plain_text.match(text)
        if plain and plain.end() == len(text):
            # Group-free text, the common case: no parse needed.
            try:
                return _expand(text, 0, budget)
            except SemanticError as exc:
                _grammar.fail(RLE, text, exc)
        result: str = _grammar.parse(RLE, compiled.parser, text)
    if len(result) > limit:  # literal line breaks are not counted as they go
        _grammar.fail(RLE, text, SemanticError(f"Decodes to more than the limit of {limit:,} characters", 0))
    return result


def _expand(run: str, pos: int, budget: _grammar.Budget) -> str:
    """Decode one group-free stretch of text that starts at offset `pos`."""
    if not any(digit in run for digit in "0123456789"):
        budget.take(len(run), pos)
        return run.replace("|", "\n")
    counted = list(_compiled().counted.finditer(run))
    counts = [_grammar.count_value(found[1], pos + found.start()) for found in counted]
    # Each count and its character become `count` characters: size the
    # result before building it.
    budget.take(len(run) + sum(counts) - sum(found.end() - found.start() for found in counted), pos)
    pieces = []
    last = 0
    for found, count in zip(counted, counts):
        pieces.append(run[last : found.start()])
        pieces.append(found[2] * count)
        last = found.end()
    pieces.append(run[last:])
    return "".join(pieces).replace("|", "\n")


class _RleTransformer(Transformer[Token, str]):
    """Builds the decoded text while the parser runs (one callback per rule)."""

    def start(self, items: list[str]) -> str:
        return "".join(items)

    def run(self, children: list[Token]) -> str:
        (token,) = children
        return _expand(token, token.start_pos or 0, _grammar.budget())

    def group(self, children: list[Token | str]) -> str:
        inner = "".join(children[1:] if _is_count(children[0]) else children)
        if not _is_count(children[0]):
            return inner
        count_token = children[0]
        assert isinstance(count_token, Token)
        pos = count_token.start_pos or 0
        count = _grammar.count_value(count_token, pos)
        # The inner text is already paid for; pay for the copies before making them.
        _grammar.budget().take(len(inner) * (count - 1), pos)
        return inner * count


def _is_count(child: Token | str) -> bool:
    return isinstance(child, Token) and child.type == "COUNT"
