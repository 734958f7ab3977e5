"""Move strings: the transformer of grammars/moves.lark and the decoder built on it.

The transformer is independent of the tessellation: it yields *segments*,
stretches of letters with the bracket they stand in, and `decode_moves`
turns those into steps with the tessellation's table.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from lark import Lark, Token, Transformer

from . import _grammar
from ._grammar import Language, SemanticError
from ._rle import _matches_whole, expand_counts
from .errors import SavedGameSyntaxError
from .moves import SavedGame, SolvingMode, Step, _trusted, decoding_table
from .tessellation import Tessellation

MOVES = Language(
    name="moves",
    error=SavedGameSyntaxError,
    terminals={"RUN": "a move", "COUNT": "a count"},
    countable="a letter or '('",
)

_PUSH_CODES = b"LURDNESW"
_WHAT = {"[": "a jump", "{": "a pusher change"}


class Source(NamedTuple):
    """Where a stretch of letters was written: the token's text and offset."""

    text: str
    pos: int


class Segment(NamedTuple):
    """Decoded letters (and ``*``) standing outside brackets or in one."""

    opening: str  # "", "[" or "{"
    letters: str
    sources: tuple[Source, ...]


@dataclass(frozen=True)
class DecodedMoves:
    """What `decode_moves` found: canonical steps and their counts."""

    steps: tuple[Step, ...]
    has_jump: bool
    current_move_idx: int | None
    moves_count: int
    pushes_count: int


@dataclass(frozen=True)
class _Compiled:
    parser: Lark
    #: RUN_CHARACTER+: a whole text it matches (letters, "*" and white space,
    #: no counts) needs neither the parser nor count expansion
    plain: re.Pattern[str]
    #: RUN_CHARACTER or DIGIT, as one character class: a whole text it matches
    #: is one RUN when each count stands before a letter (checked after it)
    counted: re.Pattern[str]
    #: splits white-space-free RUN text at its counts (the split keeps them)
    counts: re.Pattern[str]
    #: in white-space-free text: a count that no letter follows (no COUNTED_LETTER)
    dangling_count: re.Pattern[str]


@cache
def _compiled() -> _Compiled:
    parser = _grammar.build(MOVES.name, _MovesTransformer())
    terminals = _grammar.terminal_patterns(parser)
    run_character, digit = terminals["RUN_CHARACTER"].pattern, terminals["DIGIT"].pattern
    letter = terminals["LETTER"].pattern
    return _Compiled(
        parser,
        plain=re.compile(f"(?:{run_character})*"),
        counted=re.compile(f"{_union(run_character, digit)}*"),
        counts=re.compile(f"({digit}+)"),
        dangling_count=re.compile(f"{digit}(?!{_union(digit, letter)})"),
    )


def _union(*classes: str) -> str:
    """One character class of several (each "[...]"): one class matches faster."""
    assert all(c.startswith("[") and c.endswith("]") and not c.startswith("[^") for c in classes)
    return "[" + "".join(c[1:-1] for c in classes) + "]"


def parse(text: str, tessellation: Tessellation, *, limit: int) -> SavedGame:
    """See `sokfmt.parse_moves`."""
    decoded = decode_moves(text, tessellation, limit)
    return _trusted(
        decoded.steps,
        tessellation,
        SolvingMode.REVERSE if decoded.has_jump else SolvingMode.FORWARD,
        len(decoded.steps) if decoded.current_move_idx is None else decoded.current_move_idx,
        decoded.moves_count,
        decoded.pushes_count,
    )


def decode_moves(
    text: str, tessellation: Tessellation, limit: int, *, fast: bool = True
) -> DecodedMoves:
    """Decode a move string; see `parse_moves`.  `fast=False` always
    runs the parser (the fast paths are tested against it)."""
    budget = _grammar.Budget(limit)  # refuses a limit that is no whole number >= 0
    compiled = _compiled()
    source = (Source(text, 0),)
    try:
        if fast and _matches_whole(compiled.plain, text):
            letters = _without_whitespace(text)
            if len(letters) > limit:
                raise _grammar.over_limit(limit)
            return _assemble([Segment("", letters, source)], tessellation)
        if fast and _matches_whole(compiled.counted, text):
            counted = _run_letters(text, budget)
            if counted is not None:  # bracket-free and group-free: one RUN
                return _assemble([Segment("", counted, source)], tessellation)
        with _grammar.budgeted(limit):
            segments = _grammar.parse(MOVES, compiled.parser, text)
        return _assemble(segments, tessellation)
    except SemanticError as exc:
        _grammar.fail(MOVES, text, exc)


def _without_whitespace(run: str) -> str:
    words = run.split()  # a RUN holds only the grammar's four white-space characters
    return words[0] if len(words) == 1 else "".join(words)


def _run_letters(text: str, budget: _grammar.Budget) -> str | None:
    """The letters of a text of RUN characters and digits, if it is one RUN:
    each count stands before a letter (COUNTED_LETTER), and there is a
    letter or ``*``.  None when it is not: the parser will tell why."""
    stripped = _without_whitespace(text)
    compiled = _compiled()
    if not stripped or compiled.dangling_count.search(stripped):
        return None
    return expand_counts(stripped, compiled.counts, budget, _locator(text, 0))


def _letters(run: str, pos: int, budget: _grammar.Budget) -> str:
    """The letters (and ``*``) of one RUN token at offset `pos`, counts expanded."""
    stripped = _without_whitespace(run)
    return expand_counts(stripped, _compiled().counts, budget, _locator(run, pos))


def _locator(run: str, pos: int) -> Callable[[int], int]:
    """index in `run` without white space -> offset in the input."""

    def locate(index: int) -> int:
        """The offset in the input of `stripped[index]`."""
        seen = -1
        for offset, char in enumerate(run):
            seen += not char.isspace()
            if seen == index:
                return pos + offset
        return pos + len(run)  # pragma: no cover - index is always inside

    return locate


@cache
def _lookup(tessellation: Tessellation, opening: str) -> tuple[list[Step | None], str]:
    """The steps of a bracket's letters indexed by character code, and the
    letters of the grammar that the tessellation refuses there."""
    table = decoding_table(tessellation, opening)
    by_code: list[Step | None] = [None] * 128
    for letter, step in table.items():
        by_code[ord(letter)] = step
    refused = "".join(letter for letter in "lurdneswLURDNESW" if letter not in table)
    return by_code, refused


def _assemble(segments: list[Segment], tessellation: Tessellation) -> DecodedMoves:
    """Steps from segments, with the checks that depend on the tessellation."""
    decoded: list[tuple[Step, ...]] = []
    size = 0
    position: int | None = None
    moves = pushes = 0
    for segment in segments:
        opening, letters = segment.opening, segment.letters
        star = letters.find("*")
        if star >= 0:
            if position is not None or letters.find("*", star + 1) >= 0:
                raise SemanticError(
                    "The current position '*' is marked twice, expected one '*' at most",
                    _second_star(segment.sources),
                )
            position = size + star
            letters = letters.replace("*", "")
        by_code, refused = _lookup(tessellation, opening)
        if any(map(letters.__contains__, refused)):
            raise _illegal_letter(segment, tessellation)
        # The grammar lets only ASCII letters through, and looking their codes
        # up in a list is faster than looking the letters up in a dict.
        codes = letters.encode("ascii")
        decoded.append(tuple(map(by_code.__getitem__, codes)))  # type: ignore[arg-type]
        size += len(codes)
        if not opening:
            pushed = len(codes) - len(codes.translate(None, _PUSH_CODES))
            pushes += pushed
            moves += len(codes) - pushed
    steps = decoded[0] if len(decoded) == 1 else tuple(itertools.chain.from_iterable(decoded))
    has_jump = any(segment.opening == "[" for segment in segments)
    return DecodedMoves(steps, has_jump, position, moves, pushes)


def _illegal_letter(segment: Segment, tessellation: Tessellation) -> SemanticError:
    table = decoding_table(tessellation, segment.opening)
    for source in segment.sources:
        for offset, char in enumerate(source.text):
            if char.isalpha() and char not in table:
                pos = source.pos + offset
                if segment.opening and char.isupper():
                    what = _WHAT[segment.opening]
                    return SemanticError(
                        f"Unexpected {char!r} in {what}, "
                        f"expected lower-case moves only (no pushes or pulls)",
                        pos,
                    )
                legal = " ".join(tessellation.letters)
                return SemanticError(
                    f"Unexpected {char!r}, which is not a {tessellation.value} move; "
                    f"expected one of {legal} (upper case to push or pull)",
                    pos,
                )
    raise AssertionError("a letter was refused but none is illegal")  # pragma: no cover


def _second_star(sources: tuple[Source, ...]) -> int:
    stars = [source.pos + i for source in sources for i, c in enumerate(source.text) if c == "*"]
    return stars[1] if len(stars) > 1 else stars[0]


class _MovesTransformer(Transformer[Token, object]):
    """Builds segments while the parser runs (one callback per rule)."""

    def start(self, items: list[list[Segment]]) -> list[Segment]:
        return [segment for item in items for segment in item]

    def run(self, children: list[Token]) -> list[Segment]:
        (token,) = children
        pos = token.start_pos or 0
        return [Segment("", _letters(token, pos, _grammar.budget()), (Source(str(token), pos),))]

    def group(self, children: list[Token | list[Segment]]) -> list[Segment]:
        count_token = children[0] if isinstance(children[0], Token) else None
        items = children[1:] if count_token is not None else children
        segments = _merged(
            [segment for item in items if isinstance(item, list) for segment in item]
        )
        if count_token is None:
            return segments
        pos = count_token.start_pos or 0
        count = _grammar.budget().count("".join(count_token.split()), pos)
        _grammar.budget().take(sum(map(_size, segments)) * (count - 1), pos)
        if len(segments) == 1:
            (segment,) = segments
            return [segment._replace(letters=segment.letters * count)]
        return segments * count

    bracketed_group = group

    def jump(self, children: list[list[Segment]]) -> list[Segment]:
        return _bracketed("[", children)

    def pusher_change(self, children: list[list[Segment]]) -> list[Segment]:
        return _bracketed("{", children)


def _size(segment: Segment) -> int:
    """What a segment counts against the budget: its text, brackets included."""
    return len(segment.letters) + (2 if segment.opening else 0)


def _bracketed(opening: str, children: list[list[Segment]]) -> list[Segment]:
    _grammar.budget().take(2, 0)  # the brackets: repeating "[]" is not free
    segments = [segment for item in children for segment in item]
    letters = "".join(segment.letters for segment in segments)
    sources = tuple(source for segment in segments for source in segment.sources)
    # Kept even when empty: "[]" is what marks a reverse game.
    return [Segment(opening, letters, sources)]


def _merged(segments: list[Segment]) -> list[Segment]:
    """Neighbours in the same bracket joined into one segment."""
    merged: list[Segment] = []
    for segment in segments:
        if merged and merged[-1].opening == segment.opening and not segment.opening:
            last = merged[-1]
            merged[-1] = Segment("", last.letters + segment.letters, last.sources + segment.sources)
        else:
            merged.append(segment)
    return merged
