"""RLE: the decoder of grammars/rle.lark, and of board.lark, which encodes the
squares of a board the same way.

Text without groups, which is what real files hold, takes a fast path that
matches the grammar's own terminals against the whole input; text with
groups another, which expands the innermost groups a level at a time; the
rest (and every text with an error) is decoded token by token while the
LALR parser checks the syntax.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..errors import RleSyntaxError
from . import lalr
from . import language as _language
from .lalr import Token
from .language import Budget, Language, SemanticError

RLE = Language(
    name="rle",
    error=RleSyntaxError,
    terminals={"RUN": "text", "COUNT": "a count", "LINE_BREAK": "a line break"},
    countable="one character or '(' on the same line",
    codes={"syntax": "RLE101", "zero": "RLE102", "limit": "RLE103"},
)


@dataclass(frozen=True)
class _Compiled:
    #: the characters that are syntax (anything else stands for itself; in a
    #: board, where not every character is a literal, None)
    syntax: str | None
    #: a whole text without groups: the fast path decodes it without the parser
    group_free: re.Pattern[str]
    #: splits a RUN at its counts (the split keeps the counts)
    counts: re.Pattern[str]
    #: a group that holds no other: its count and what it holds (a RUN?)
    innermost: re.Pattern[str]
    run: re.Pattern[str]
    #: a count of zero, which only the parser reports in its place
    zero: re.Pattern[str]


@cache
def _compiled(language: str = "rle") -> _Compiled:
    terminals = lalr.terminals(language)
    literal = re.compile(f"{terminals['LITERAL']}|{terminals['LINE_BREAK']}")
    # rle.lark's literals are "anything but" a few ASCII characters: looking
    # for those few is much faster than matching every character.
    literals = lalr.characters(literal)
    syntax = "".join(c for c in lalr.ASCII if c not in literals)
    return _Compiled(
        syntax=syntax if literal.fullmatch("\x80") else None,
        group_free=re.compile(f"(?:{terminals['RUN']}|{terminals['LINE_BREAK']})*"),
        counts=re.compile(f"({terminals['COUNT']})"),
        # What stands between parentheses is matched as a RUN apart: a RUN
        # (nested quantifiers) before a ")" that is missing would backtrack
        # exponentially.  A count begins where no digit stands before it, so
        # that a long run of digits is looked at once, not from each digit.
        innermost=re.compile(
            f"(?:(?<!{terminals['DIGIT']})({terminals['COUNT']}))?"
            f"{terminals['LPAR']}([^()\\n]*){terminals['RPAR']}"
        ),
        run=re.compile(terminals["RUN"]),
        zero=re.compile(f"(?<!{terminals['DIGIT']})0+(?!{terminals['DIGIT']})"),
    )


def matches_whole(pattern: re.Pattern[str], text: str) -> bool:
    """Whether `pattern` matches all of `text`: match() and a length check,
    since fullmatch() backtracks exponentially on nested quantifiers when it
    fails."""
    found = pattern.match(text)
    return found is not None and found.end() == len(text)


#: Long texts are matched and expanded a chunk of about this many characters
#: at a time: the regular expression engine keeps some 90 bytes for each
#: repetition of a nested quantifier (each count of a RUN), and splitting a
#: run keeps two strings a count, so that "3#2-" a million times held 75
#: bytes for each square it decoded.
_CHUNK = 1 << 14


def _chunks(text: str, counts: re.Pattern[str]) -> list[tuple[int, int]]:
    """`text` cut into chunks of about `_CHUNK` characters, each cut right
    after a character that is no digit: never inside a count nor between a
    count and the character it repeats.  A RUN, or a text of RUNs and line
    breaks, cut there is one in each chunk (a CRLF cut in two is two line
    breaks), and chunks of RUNs make one: a chunk at a time is the same."""
    bounds = []
    start = 0
    while start < len(text):
        end = start + _CHUNK
        count = counts.match(text, end - 1)
        if count:  # the cut would fall in a count: after what it repeats
            end = count.end() + 1
        bounds.append((start, min(end, len(text))))
        start = end
    return bounds


def _matches_in_chunks(pattern: re.Pattern[str], text: str, counts: re.Pattern[str]) -> bool:
    """`matches_whole` of `compiled.run` or `compiled.group_free`, a chunk
    at a time (see `_chunks`)."""
    if len(text) <= _CHUNK:
        return matches_whole(pattern, text)
    return all(matches_whole(pattern, text[start:end]) for start, end in _chunks(text, counts))


def decode(text: str, limit: int, *, fast: bool = True, language: Language = RLE) -> str:
    """See `sokfmt.decode_rle`; `language` is RLE or board.lark's (`_grammar.board`).
    `fast=False` always runs the parser (the fast paths are tested against it).

    Raises:
        ParseError: `language.error`, at the first error in input order.
    """
    budget = Budget(limit, language.codes)
    compiled = _compiled(language.name)
    try:
        if (
            fast
            and compiled.syntax is not None
            and not any(map(text.__contains__, compiled.syntax))
        ):
            # Nothing to expand: a text of literals and line breaks is its own decoding.
            budget.take(len(text))
            return text.replace("|", "\n")
        if fast and _matches_in_chunks(compiled.group_free, text, compiled.counts):
            # No groups: the text is RUNs (one a line) and line breaks, checked
            # in that order as the tokens would be.
            return _expand_lines(text, compiled.counts, budget).replace("|", "\n")
        if fast:
            expanded = _without_groups(text, limit, compiled, language)
            if expanded is not None:
                return _expand_lines(expanded, compiled.counts, budget).replace("|", "\n")
        decoded = _Decoded(text, budget)
        decoded.language = language
        return "".join(decoded.pieces()).replace("|", "\n")
    except SemanticError as exc:
        _language.fail(language, text, exc)


#: The nesting of groups the fast path expands, one level a pass.
_FAST_DEPTH = 8


def _without_groups(text: str, limit: int, compiled: _Compiled, language: Language) -> str | None:
    """`text` with its groups expanded, innermost first, a level a pass: the
    fast path of a well-formed text of groups, as real boards are.  None
    when the text holds anything the parser must report (a count of zero,
    a group it cannot close), nests deeper than `_FAST_DEPTH`, or would
    grow past `limit` (every expanded group stands at least once in the
    decoding, so that is a decoding too long): the parser then says where."""
    if compiled.zero.search(text):
        return None
    wide = Budget(limit, language.codes)
    for _ in range(_FAST_DEPTH):
        pieces: list[str] = []
        # Pieces joined `_CHUNK` at a time: a string kept for each group
        # held 20 bytes a square of "2(#-)" repeated a million times.
        joined: list[str] = []
        end = size = 0
        for group in compiled.innermost.finditer(text):
            count = group[1] or "1"
            run = group[2]
            if len(count) > _language.MAX_COUNT_DIGITS or not _matches_in_chunks(
                compiled.run, run, compiled.counts
            ):
                return None
            try:
                inner = expand_counts(run, compiled.counts, wide, int)
            except SemanticError:
                return None  # too long: the parser finds what comes first
            size += len(inner) * int(count) + group.start() - end
            if size > limit:
                return None
            pieces += [text[end : group.start()], inner * int(count)]
            end = group.end()
            if len(pieces) >= _CHUNK:
                joined.append("".join(pieces))
                pieces.clear()
        if not pieces and not joined:
            return None  # a parenthesis that opens or closes no group
        text = "".join([*joined, *pieces, text[end:]])
        if "(" not in text and ")" not in text:
            # What stands outside every group must be the grammar's too.
            free = _matches_in_chunks(compiled.group_free, text, compiled.counts)
            return text if free else None
    return None


def _expand_lines(text: str, counts: re.Pattern[str], budget: Budget) -> str:
    """`expand_counts` for a group-free text, line by line, each line break
    paid for after its line (the order of the tokens RUN and LINE_BREAK).
    The lines are split at LF only: a CR stands in its line, where it is paid
    for right after the RUN before it, as its LINE_BREAK token would be."""
    if "\n" not in text:
        return expand_counts(text, counts, budget, int)
    lines = []
    pos = 0
    for number, line in enumerate(text.split("\n")):
        if number:
            budget.take(1)
        lines.append(expand_counts(line, counts, budget, pos.__add__))
        pos += len(line) + 1
    return "\n".join(lines)


class _Decoded(_language.Groups[str]):
    """The decoding of a text, token by token: each token's rules are checked
    once the parser has taken it, so errors come in input order."""

    language = RLE

    def piece(self, token: Token) -> list[str]:
        if token.type == "RUN":
            counts = _compiled(self.language.name).counts
            return [expand_counts(token.value, counts, self.budget, token.pos.__add__)]
        self.budget.take(len(token.value))  # LINE_BREAK: it stands for itself
        return [token.value]

    def repeated(self, pieces: list[str], count: int) -> list[str]:
        inner = "".join(pieces)
        # The inner text is already paid for; pay for the copies before making them.
        self.budget.take(len(inner) * (count - 1))
        return [inner * count]


def expand_counts(
    run: str, counts: re.Pattern[str], budget: Budget, locate: Callable[[int], int]
) -> str:
    """Expand the counts of a group-free run, where a count stands right
    before the one character it repeats.

    `counts` splits the run at its counts; `locate` turns an index in `run`
    into an offset in the whole input, for errors.  The result is sized and
    paid for before it is built.
    """
    if len(run) > _CHUNK:
        return _expand_long(run, counts, budget, locate)
    parts = counts.split(run)
    if len(parts) == 1:
        budget.take(len(run))
        return run
    values = _values(parts, budget, locate)
    budget.take(len(run) + sum(values) - sum(map(len, parts[1::2])) - len(values))
    return _joined(parts, values)


def _expand_long(
    run: str, counts: re.Pattern[str], budget: Budget, locate: Callable[[int], int]
) -> str:
    """`expand_counts` of a long run, a chunk at a time: each chunk's counts
    checked, in order, and the chunk built while what the run has made so
    far fits the limit; the run's size is paid for once all are checked."""
    if counts.search(run) is None:  # nothing to expand: no copy of it either
        budget.take(len(run))
        return run
    size = 0
    expanded = []
    for start, end in _chunks(run, counts):
        parts = counts.split(run[start:end])
        values = _values(parts, budget, _shifted(locate, start))
        size += end - start + sum(values) - sum(map(len, parts[1::2])) - len(values)
        if budget.used + size <= budget.limit:  # nothing built past the limit
            expanded.append(_joined(parts, values))
    budget.take(size)  # over the limit: raised once every count is checked
    return "".join(expanded)


def _shifted(locate: Callable[[int], int], start: int) -> Callable[[int], int]:
    """`locate` of a chunk that begins at index `start` of its run."""
    return lambda index: locate(start + index)


def _values(parts: list[str], budget: Budget, locate: Callable[[int], int]) -> list[int]:
    """The counts of a run split at them (`parts`), checked by `budget`."""
    digits = parts[1::2]
    if digits and max(map(len, digits)) <= _language.MAX_COUNT_DIGITS:
        values = list(map(int, digits))
        if 0 not in values:
            return values
    return _checked_counts(parts, budget, locate)  # raises where a count is wrong


def _joined(parts: list[str], values: list[int]) -> str:
    """A run split at its counts (`parts`), each count's character repeated."""
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
