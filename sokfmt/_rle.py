"""RLE: the transformer of grammars/rle.lark and the decoder built on it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from lark import Lark, Token, Transformer

from . import _grammar
from ._grammar import Budget, Language, SemanticError
from .errors import BoardSyntaxError, RleSyntaxError

RLE = Language(
    name="rle",
    error=RleSyntaxError,
    terminals={"RUN": "text", "COUNT": "a count", "LINE_BREAK": "a line break"},
    countable="one character or '(' on the same line",
)
BOARD = Language(
    name="board",
    error=BoardSyntaxError,
    terminals={"RUN": "a square", "COUNT": "a count", "LINE_BREAK": "a line break"},
    countable="one square or '(' on the same line",
)
_LITERALS = {"rle": "LITERAL", "board": "SQUARE"}


@dataclass(frozen=True)
class _Compiled:
    language: Language
    parser: Lark
    #: whether a whole text is literals and line breaks only, and so its own decoding
    plain: Callable[[str], bool]
    #: a whole text without groups: the fast path decodes it without the parser
    group_free: re.Pattern[str]
    #: splits a RUN at its counts (the split keeps the counts)
    counts: re.Pattern[str]


@cache
def _compiled(language: str) -> _Compiled:
    grammar = RLE if language == "rle" else BOARD
    parser = _grammar.build(grammar.name, _RleTransformer(language))
    terminals = _grammar.terminal_patterns(parser)
    run, line_break = terminals["RUN"].pattern, terminals["LINE_BREAK"].pattern
    literal = f"{terminals[_LITERALS[language]].pattern}|{line_break}"
    literal_class = re.compile(literal)
    if all(literal_class.fullmatch(probe) for probe in "\u00e9\u2603\U0001f600"):
        # The literals are "anything but" a few ASCII characters: looking for
        # those few is much faster than matching every character.
        syntax = "".join(c for c in map(chr, range(128)) if not literal_class.fullmatch(c))

        def plain(text: str) -> bool:
            return not any(map(text.__contains__, syntax))
    else:
        plain_text = re.compile(f"(?:{literal})*")

        def plain(text: str) -> bool:
            return _matches_whole(plain_text, text)

    return _Compiled(
        grammar,
        parser,
        plain=plain,
        group_free=re.compile(f"(?:{run}|{line_break})*"),
        counts=re.compile(f"({terminals['COUNT'].pattern})"),
    )


def _matches_whole(pattern: re.Pattern[str], text: str) -> bool:
    # match() and a length check: fullmatch() backtracks exponentially on
    # nested quantifiers when it fails.
    found = pattern.match(text)
    return found is not None and found.end() == len(text)


def decode(text: str, limit: int, *, language: str = "rle", fast: bool = True) -> str:
    """Decode `text` in `language` ("rle" or "board"); see `sokfmt.rle_decode`.
    `fast=False` always runs the parser (the fast paths are tested against it)."""
    budget = Budget(limit)  # refuses a limit that is no whole number >= 0
    compiled = _compiled(language)
    grammar = compiled.language
    if fast and compiled.plain(text):
        # Nothing to expand: a text of literals and line breaks is its own decoding.
        if len(text) > limit:
            _grammar.fail(grammar, text, _grammar.over_limit(limit))
        return text.replace("|", "\n")
    try:
        if fast and _matches_whole(compiled.group_free, text):
            # No groups: the whole text is RUNs and line breaks, and decodes as one run.
            decoded = expand_counts(text, compiled.counts, budget, lambda i: i)
        else:
            with _grammar.budgeted(limit):
                decoded = _grammar.parse(grammar, compiled.parser, text)
    except SemanticError as exc:
        _grammar.fail(grammar, text, exc)
    if len(decoded) > limit:  # literal line breaks are not counted as they go
        _grammar.fail(grammar, text, _grammar.over_limit(limit))
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
    values = None
    if max(map(len, digits)) <= _grammar.MAX_COUNT_DIGITS:
        values = list(map(int, digits))
    if values is None or 0 in values:
        values = _checked_counts(parts, budget, locate)  # raises where a count is wrong
    budget.take(len(run) + sum(values) - sum(map(len, digits)) - len(values), locate(0))
    repeated = zip(values, parts[2::2], strict=True)
    return parts[0] + "".join([rest[0] * value + rest[1:] for value, rest in repeated])


def _checked_counts(parts: list[str], budget: Budget, locate: Callable[[int], int]) -> list[int]:
    """The counts of a split run, each checked by `budget` at its offset."""
    values = []
    index = 0
    for number, part in enumerate(parts):
        if number % 2:
            values.append(budget.count(part, locate(index)))
        index += len(part)
    return values


class _RleTransformer(Transformer[Token, str]):
    """Builds the decoded text while the parser runs (one callback per rule).

    ``|`` stays as it is until the end, so that decoded text never holds a
    line break that was not in the input.  One class serves rle.lark and
    board.lark, which share their rules.
    """

    def __init__(self, language: str) -> None:
        super().__init__()
        self._language = language

    def start(self, items: list[str]) -> str:
        return "".join(items)

    def run(self, children: list[Token]) -> str:
        (token,) = children
        pos = token.start_pos or 0
        counts = _compiled(self._language).counts
        return expand_counts(token, counts, _grammar.budget(), pos.__add__)

    def group(self, children: list[Token | str]) -> str:
        count_token = children[0]
        if not (isinstance(count_token, Token) and count_token.type == "COUNT"):
            return "".join(children)
        inner = "".join(children[1:])
        pos = count_token.start_pos or 0
        count = _grammar.budget().count(count_token, pos)
        # The inner text is already paid for; pay for the copies before making them.
        _grammar.budget().take(len(inner) * (count - 1), pos)
        return inner * count
